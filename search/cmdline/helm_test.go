package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandHelmInstallSpelling: helm upgrade's -i is --install
// (helm 3's "helm upgrade --help"), which agents write as often as the
// long form: "helm upgrade -i web ./chart" matched no "helm upgrade
// --install *" (review).
func TestMatchCommandHelmInstallSpelling(t *testing.T) {
	mt := Compile([]Card{{ID: "long", Replaces: []string{"helm upgrade --install *"}}, {ID: "short", Replaces: []string{"helm upgrade -i *"}}})
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"helm upgrade -i web ./chart", []string{"long", "short"}},
		{"helm upgrade --install web ./chart", []string{"long", "short"}},
		{"helm upgrade web ./chart -i -n prod", []string{"long", "short"}},
		{"helm -n prod upgrade -i web ./chart", []string{"long", "short"}},
		{"helm upgrade web ./chart", nil},
	} {
		// Both cards, in whichever order their specificity gives.
		if got := matchedIDs(mt, tc.cmd); !slices.Equal(slices.Sorted(slices.Values(got)), tc.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v in any order", tc.cmd, got, tc.want)
		}
	}
}
