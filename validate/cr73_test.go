package validate

import (
	"slices"
	"testing"
)

// TestOwnerNameBlankPointerPastANonString (mutation review of
// checkOwnerNameBlanks on StringItems): the entry told is the one with
// the blank, at its index in the list, though an entry before it is no
// string; a mutant counting only the string entries told /skills/0.
func TestOwnerNameBlankPointerPastANonString(t *testing.T) {
	var got []string
	for _, d := range newcomerFindings(t, "owner-name-blank", newcomerCap("aa", `[1, " plan"]`, `[null, true, "gsd-a "]`, `{}`)) {
		got = append(got, d.Pointer)
	}
	if want := []string{"/skills/1", "/agents/2"}; !slices.Equal(got, want) {
		t.Errorf("pointers %q, want %q", got, want)
	}
}
