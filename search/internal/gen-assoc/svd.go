package main

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// sparseRow is one row of a sparse matrix.
type sparseRow struct {
	col []int32
	val []float32
}

// mulDense returns M·X for sparse M (rows × n) and dense X (n × l, row-major).
func mulDense(m []sparseRow, x []float64, l int) []float64 {
	y := make([]float64, len(m)*l)
	parallel(len(m), func(i int) {
		yi := y[i*l : (i+1)*l]
		r := m[i]
		for k, c := range r.col {
			v := float64(r.val[k])
			xc := x[int(c)*l : (int(c)+1)*l]
			for j := range yi {
				yi[j] += v * xc[j]
			}
		}
	})
	return y
}

// mulDenseT returns Mᵀ·X for sparse M (rows × n) and dense X (rows × l).
func mulDenseT(m []sparseRow, n int, x []float64, l int) []float64 {
	y := make([]float64, n*l)
	for i, r := range m {
		xi := x[i*l : (i+1)*l]
		for k, c := range r.col {
			v := float64(r.val[k])
			yc := y[int(c)*l : (int(c)+1)*l]
			for j := range yc {
				yc[j] += v * xi[j]
			}
		}
	}
	return y
}

// orthonormalise makes the l columns of y (rows × l) orthonormal
// (modified Gram-Schmidt, twice).
func orthonormalise(y []float64, rows, l int) {
	for pass := 0; pass < 2; pass++ {
		for j := 0; j < l; j++ {
			for k := 0; k < j; k++ {
				var d float64
				for i := 0; i < rows; i++ {
					d += y[i*l+j] * y[i*l+k]
				}
				for i := 0; i < rows; i++ {
					y[i*l+j] -= d * y[i*l+k]
				}
			}
			var nrm float64
			for i := 0; i < rows; i++ {
				nrm += y[i*l+j] * y[i*l+j]
			}
			nrm = math.Sqrt(nrm)
			if nrm == 0 {
				continue
			}
			for i := 0; i < rows; i++ {
				y[i*l+j] /= nrm
			}
		}
	}
}

// powerIterations is how many times randomizedSVD multiplies its basis by
// M Mᵀ: each sharpens it towards the leading singular vectors, which a
// PPMI matrix's slowly decaying spectrum needs.
const powerIterations = 3

// randomizedSVD returns the first k left singular vectors of the sparse
// matrix M (rows × n), each scaled by its singular value to the power p,
// as rows × k, row-major (Halko, Martinsson and Tropp 2011: a random
// projection, power iterations, and the eigenvectors of the small
// projected Gram matrix). The same seed gives the same vectors.
func randomizedSVD(m []sparseRow, n, k int, p float64, seed uint64) []float64 {
	rows := len(m)
	l := k + 20 // oversampled: the last columns of the basis are the least accurate
	q := rangeBasis(m, n, l, seed)
	evals, evecs := jacobiEigen(projectedGram(m, n, q, l), l)
	out := make([]float64, rows*k)
	for c, e := range descending(evals)[:k] {
		scale := math.Pow(math.Sqrt(math.Max(evals[e], 0)), p)
		for i := 0; i < rows; i++ {
			var v float64
			for a := 0; a < l; a++ {
				v += q[i*l+a] * evecs[a*l+e]
			}
			out[i*k+c] = v * scale
		}
	}
	return out
}

// rangeBasis returns an orthonormal basis Q (rows × l) of the range of M
// Ω for a Gaussian Ω (n × l) drawn from seed, after powerIterations.
func rangeBasis(m []sparseRow, n, l int, seed uint64) []float64 {
	r := rand.New(rand.NewPCG(seed, 2))
	omega := make([]float64, n*l)
	for i := range omega {
		omega[i] = r.NormFloat64()
	}
	y := mulDense(m, omega, l)
	orthonormalise(y, len(m), l)
	for range powerIterations {
		z := mulDenseT(m, n, y, l)
		orthonormalise(z, n, l)
		y = mulDense(m, z, l)
		orthonormalise(y, len(m), l)
	}
	return y
}

// projectedGram returns B Bᵀ (l × l) for B = Qᵀ M: its eigenvectors map
// Q's columns onto M's left singular vectors, its eigenvalues are their
// singular values squared.
func projectedGram(m []sparseRow, n int, q []float64, l int) []float64 {
	bt := mulDenseT(m, n, q, l) // n × l = Bᵀ
	g := make([]float64, l*l)
	for i := 0; i < n; i++ {
		bi := bt[i*l : (i+1)*l]
		for a := 0; a < l; a++ {
			for b := a; b < l; b++ {
				g[a*l+b] += bi[a] * bi[b]
			}
		}
	}
	for a := 0; a < l; a++ {
		for b := 0; b < a; b++ {
			g[a*l+b] = g[b*l+a]
		}
	}
	return g
}

// descending returns the indexes of v from its largest value to its
// smallest, ties in index order.
func descending(v []float64) []int {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(v[b], v[a]) })
	return idx
}

// jacobiEigen diagonalises the symmetric n × n matrix a (destroyed):
// eigenvalues, and eigenvectors as the columns of v.
func jacobiEigen(a []float64, n int) ([]float64, []float64) {
	v := make([]float64, n*n)
	for i := 0; i < n; i++ {
		v[i*n+i] = 1
	}
	for sweep := 0; sweep < 100; sweep++ {
		var off float64
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				off += a[p*n+q] * a[p*n+q]
			}
		}
		if off < 1e-22 {
			break
		}
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				apq := a[p*n+q]
				if math.Abs(apq) < 1e-300 {
					continue
				}
				theta := (a[q*n+q] - a[p*n+p]) / (2 * apq)
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for k := 0; k < n; k++ {
					akp, akq := a[k*n+p], a[k*n+q]
					a[k*n+p] = c*akp - s*akq
					a[k*n+q] = s*akp + c*akq
				}
				for k := 0; k < n; k++ {
					apk, aqk := a[p*n+k], a[q*n+k]
					a[p*n+k] = c*apk - s*aqk
					a[q*n+k] = s*apk + c*aqk
				}
				for k := 0; k < n; k++ {
					vkp, vkq := v[k*n+p], v[k*n+q]
					v[k*n+p] = c*vkp - s*vkq
					v[k*n+q] = s*vkp + c*vkq
				}
			}
		}
	}
	ev := make([]float64, n)
	for i := range ev {
		ev[i] = a[i*n+i]
	}
	return ev, v
}
