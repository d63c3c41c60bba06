package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandPipSpellings: pip's options by either name (pip 24's
// "pip help install"): "pip uninstall --yes x" is "pip uninstall -y x",
// "--requirement" is -r, "--upgrade" -U, "--editable" -e; each matched
// only the spelling written (review), as pip3 and "python -m pip" do.
func TestMatchCommandPipSpellings(t *testing.T) {
	mt := Compile([]Card{{ID: "yes", Replaces: []string{"pip uninstall -y *"}}, {ID: "req", Replaces: []string{"pip install -r *"}}})
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"pip uninstall -y requests", []string{"yes"}},
		{"pip uninstall --yes requests", []string{"yes"}},
		{"pip3 uninstall --yes requests", []string{"yes"}},
		{"python3 -m pip uninstall --yes requests", []string{"yes"}},
		{"pip install --requirement requirements.txt", []string{"req"}},
		{"pip install -r requirements.txt", []string{"req"}},
		{"pip uninstall requests", nil},
	} {
		if got := matchedIDs(mt, tc.cmd); !slices.Equal(got, tc.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
