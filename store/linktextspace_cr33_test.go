package store_test

import (
	"path/filepath"
	"testing"
)

// TestLinkTextWithSpaceCR33 pins that a capability folder linked to a path
// holding a space, checked out as a file (core.symlinks false), is still
// warned of: Git writes the link's target as it is, spaces included
// ("../shared caps/mirror"). e9a4501 made validate's linkText refuse any
// space, for fragment-link-text ("./gradlew build" is a command), and
// checkLinkTexts shares that function: such a capability now drops out of
// the registry in silence, the r25 regression the warning was made for.
func TestLinkTextWithSpaceCR33(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"../shared/mirror", true},
		{"../shared caps/mirror", true},
		{"../My Capabilities/mirror", true},
	} {
		t.Run(tc.text, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "capabilities/mirror"), []byte(tc.text))
			got := misplacedLinkTexts(scanLoadRepo(t, repo))
			if warned := len(got) == 1 && got[0] == "capabilities/mirror"; warned != tc.want {
				t.Errorf("capabilities/mirror holding %q: capability-misplaced for %v, want warned %v", tc.text, got, tc.want)
			}
		})
	}
}
