package search

import (
	"slices"
	"testing"
)

// TestAnalyzeNumberPluralsOnlyDigitsAndS: isNumberPlural takes off the
// "s" of a word of digits alone and an "s", no other letter: a number
// with no "s" keeps its last digit ("8080", "1990"), a duration in
// another unit keeps its unit ("200ms", "1500ms"), and a word with a
// letter before its digits stays whole ("h100s", GPUs).
func TestAnalyzeNumberPluralsOnlyDigitsAndS(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"8080", "8080"}, {"1990", "1990"}, {"200ms", "200ms"}, {"1500ms", "1500ms"},
		{"h100s", "h100s"},
	} {
		if got := Analyze(tt.in); !slices.Equal(got, []string{tt.want}) {
			t.Errorf("Analyze(%q) = %q, want [%q]", tt.in, got, tt.want)
		}
	}
}
