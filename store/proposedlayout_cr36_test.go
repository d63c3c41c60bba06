package store

import (
	"testing"

	"github.com/capreg/capreg/validate"
)

// pathEscapePointers returns the pointers of the capreg.json path-escape
// findings in diags, in order.
func pathEscapePointers(diags validate.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Rule == "path-escape" && d.File == "capreg.json" {
			out = append(out, d.Pointer)
		}
	}
	return out
}

// TestProposedLayoutPlacesEachRefusedValueCr36 pins where the overlay's
// proposed layout (proposedLayout, a fresh scanner over repoLayout) places
// the path-escape finding of a refused value written more than once:
// PathPlacer.PlaceValue hands the places out in order (e6fc38a), so each
// value the scanner reads draws a finding at its own place.
//
// The two "not read" rows FAIL on purpose: NewPathPlacer indexes every string
// under the four keys whatever the key's shape (a list under
// "capabilities" or "configSchema", a lone string under "workflows" or
// "cards"), but ParseRepoConfig reads capabilities and configSchema only as
// a string (StringOr) and workflows and cards only as a list (Strings), so
// the first place in the queue is one the scanner never confines, and the
// finding for the value it did read lands there (validate/repoconfig.go:109-118
// against validate/repoconfig.go:54-58).
func TestProposedLayoutPlacesEachRefusedValueCr36(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want         []string
	}{
		{"twice in one list and once in another", `{"workflows": ["../x", "ok", "../x"], "cards": ["../x"]}`, []string{"/workflows/0", "/workflows/2", "/cards/0"}},
		{"capabilities then configSchema", `{"capabilities": "../x", "configSchema": "../x"}`, []string{"/capabilities", "/configSchema"}},
		{"not read: capabilities as a list", `{"capabilities": ["../x"], "cards": ["../x"]}`, []string{"/cards/0"}},
		{"not read: workflows as a string", `{"workflows": "../x", "cards": ["../x"]}`, []string{"/cards/0"}},
		{"configSchema as a list, last of the keys", `{"configSchema": ["../x"], "cards": ["../x"]}`, []string{"/cards/0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := proposedLayout(validate.File{Path: "capreg.json", Data: []byte(tc.config)}, true, layout{})
			got := pathEscapePointers(diags)
			if len(got) != len(tc.want) {
				t.Fatalf("path-escape pointers = %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("path-escape pointers = %q, want %q", got, tc.want)
					break
				}
			}
		})
	}
}
