// Package osatest holds the optimal-string-alignment distance computed
// from its whole table: the oracle the tests of the bounded, allocation-
// free distances of validate (over bytes) and search (over runes) are held
// to.
package osatest

// Distance is the optimal-string-alignment distance of a and b (edits:
// insert, delete, substitute, swap two neighbours), the textbook table,
// with no limit.
func Distance[T comparable](a, b []T) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
