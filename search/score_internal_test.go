package search

import "testing"

// TestRoundScore: a score is rounded to seven significant digits, never to
// 0, so JSON answers are stable and short.
func TestRoundScore(t *testing.T) {
	tests := []struct{ in, want float64 }{
		{11549.360812345, 11549.36},
		{6.5912345678, 6.591235},
		{1.23456789e-10, 1.234568e-10}, // digits, not decimals: never 0
		{1e300, 1e300},
	}
	for _, tt := range tests {
		if got := roundScore(tt.in); got != tt.want {
			t.Errorf("roundScore(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
