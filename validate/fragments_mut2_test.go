package validate

import (
	"slices"
	"testing"
)

// TestFragmentPathsDespiteDuplicateKeys: a declaration that parses with a
// repeated key is still checked, so the scanner must still read the
// fragments it names.
func TestFragmentPathsDespiteDuplicateKeys(t *testing.T) {
	manifest := `{"id": "x", "id": "x", "steps": [{"fragment": {"path": "a.md"}}]}`
	if got, want := FragmentPaths([]byte(manifest)), []string{"a.md"}; !slices.Equal(got, want) {
		t.Errorf("FragmentPaths = %q, want %q", got, want)
	}
}
