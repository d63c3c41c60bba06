package store

import "testing"

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
