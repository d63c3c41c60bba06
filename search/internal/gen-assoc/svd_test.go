package main

import (
	"math"
	"slices"
	"testing"
)

// On a diagonal matrix, whose singular vectors are the unit vectors, the
// randomized SVD finds the largest singular values in order, each column
// σ·e_i up to sign (p = 1), and the same seed gives the same vectors.
func TestRandomizedSVD(t *testing.T) {
	const n, k = 40, 3
	diag := make([]float64, n)
	for i := range diag {
		diag[i] = 0.1 + float64(i%7)/10
	}
	diag[17], diag[3], diag[29] = 9, 6, 4 // the three largest, in order
	m := make([]sparseRow, n)
	for i, v := range diag {
		m[i] = sparseRow{col: []int32{int32(i)}, val: []float32{float32(v)}}
	}
	got := randomizedSVD(m, n, k, 1, 7)
	for c, want := range []struct {
		row int
		sv  float64
	}{{17, 9}, {3, 6}, {29, 4}} {
		for i := 0; i < n; i++ {
			v := math.Abs(got[i*k+c])
			if i == want.row && math.Abs(v-want.sv) > 1e-4 || i != want.row && v > 1e-4 {
				t.Errorf("column %d, row %d: |%g|, want %g on row %d and 0 elsewhere", c, i, got[i*k+c], want.sv, want.row)
			}
		}
	}
	if again := randomizedSVD(m, n, k, 1, 7); !slices.Equal(got, again) {
		t.Error("two runs with one seed differ")
	}
}

// jacobiEigen finds the eigenpairs of a symmetric matrix: A v = λ v.
func TestJacobiEigen(t *testing.T) {
	a := []float64{
		4, 1, 2,
		1, 3, 0,
		2, 0, 5,
	}
	evals, evecs := jacobiEigen(slices.Clone(a), 3)
	for e, lambda := range evals {
		for i := range 3 {
			var av float64
			for j := range 3 {
				av += a[i*3+j] * evecs[j*3+e]
			}
			if d := av - lambda*evecs[i*3+e]; math.Abs(d) > 1e-9 {
				t.Errorf("eigenpair %d: (A v - λ v)[%d] = %g, want 0", e, i, d)
			}
		}
	}
	if tr := evals[0] + evals[1] + evals[2]; math.Abs(tr-12) > 1e-9 {
		t.Errorf("eigenvalues sum to %g, want the trace 12", tr)
	}
}
