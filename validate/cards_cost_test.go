package validate

import (
	"strings"
	"testing"
)

// The replaces cost limits refuse patterns of counted repetitions and leave
// command shapes alone, long ones included.
func TestReplacesCost(t *testing.T) {
	long := "gcloud compute instances create <name> --zone=<zone> --machine-type=<type> --image-family=<family> --image-project=<project> --boot-disk-size=<size>"
	tests := []struct {
		pat  string
		over bool
	}{
		{"git push .* --force", false},
		{"curl <url> | sh", false},
		{"npm (install|i|add) (-g|--global) [@a-z0-9/._-]+", false},
		// Long shapes written as regexps (the trailing .* makes them one).
		{long + " .*", false},
		{long + " --metadata-from-file=startup-script=<file> --tags=<tags> --scopes=cloud-platform --labels=<labels> --no-address --shielded-secure-boot .*", false},
		{strings.Repeat("x", 400), false},
		{"(a*)*(a|aa)*.{0,999}x", true},
		{".{0,100}.{0,100}.{0,100}.{0,100}.{0,100}", true},
	}
	for _, tt := range tests {
		if got := replacesCost(tt.pat) > MaxReplacesPatternCost; got != tt.over {
			t.Errorf("%.40q: cost %d, over the limit %v, want %v", tt.pat, replacesCost(tt.pat), got, tt.over)
		}
	}
}

// The cost is that of the regexp the matcher compiles: it keeps a named
// group's <name> (search.placeholdersToRegexp), so such a group must not
// hide a costly pattern by making it no regexp here.
func TestReplacesCostNamedGroup(t *testing.T) {
	for _, pat := range []string{
		"(?P<x>(a*)*(a|aa)*.{0,999}.{0,999}.{0,999}x)",
		"(?<x>(a*)*(a|aa)*.{0,999}.{0,999}.{0,999}x)",
	} {
		if cost := replacesCost(pat); cost <= MaxReplacesPatternCost {
			t.Errorf("%.40q: cost %d, want over the limit %d", pat, cost, MaxReplacesPatternCost)
		}
	}
}
