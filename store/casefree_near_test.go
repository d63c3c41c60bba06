package store

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNearNameCountsEditsCaseAside: a path that does not exist is offered
// the name of its folder a typo away case aside, folded as every
// did-you-mean folds (casefold): strings.ToLower, which nearName used,
// keeps the final sigma apart, so "ΟΣ" was two edits from "οςx" and named
// nothing. The name is given as the folder holds it.
func TestNearNameCountsEditsCaseAside(t *testing.T) {
	inside := func(string) bool { return true }
	for _, tt := range []struct {
		rel   string
		names []string
		want  string
	}{
		{"a/Tols", []string{"tools"}, ` (did you mean "a/tools"?)`},
		{"a/TOOL", []string{"Tools"}, ` (did you mean "a/Tools"?)`},
		{"a/ΟΣ", []string{"οςx"}, ` (did you mean "a/οςx"?)`},
		{"a/λογοσ", []string{"ΛΟΓΟς"}, ` (did you mean "a/ΛΟΓΟς"?)`},
		{"a/ΟΣ", []string{"ox"}, ""},
	} {
		if got := nearName(tt.rel, tt.names, inside); got != tt.want {
			t.Errorf("nearName(%q, %q) = %q, want %q", tt.rel, tt.names, got, tt.want)
		}
	}
}

// TestNearbyDirCountsEditsCaseAside: a --repo that does not exist is
// offered the sibling folder a typo away case aside ("MyRepoo" for
// "myrepo" was three edits as typed, and named nothing); of two as near
// case aside, the one as near as typed ("Rep" beside "Repo" and "repo"),
// and of two as near both ways, none.
func TestNearbyDirCountsEditsCaseAside(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"myrepo", "Repo", "repo", "ALPHA", "alphb"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ asked, want string }{
		{"myrepoo", "myrepo"},
		{"MyRepoo", "myrepo"},
		{"MYREPO", "myrepo"},
		{"Rep", "Repo"},
		{"rep", "repo"},
		{"alpha", "ALPHA"},    // no edit case aside, where alphb is one
		{"Alphx", ""},         // ALPHA and alphb: one edit case aside, more as typed
		{"MyRepxx", "myrepo"}, // two edits case aside, the most allowed, four as typed
	} {
		want := ""
		if tt.want != "" {
			want = filepath.Join(root, tt.want)
		}
		if got := nearbyDir(filepath.Join(root, tt.asked)); got != want {
			t.Errorf("nearbyDir(%q) = %q, want %q", tt.asked, got, want)
		}
	}
}
