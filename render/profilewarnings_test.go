package render

import (
	"fmt"
	"slices"
	"testing"
)

// TestProfileWarningsPastTheCap: a render's and a state's ProfileWarnings
// are those of its profile and its surface's base, in order, the ones the
// resolution warned of (not resolved again), listed even where the
// envelope's Warnings cut them, past a hundred disabledCapabilities no
// capability has.
func TestProfileWarningsPastTheCap(t *testing.T) {
	reg := repoRegistry(t)
	en := Enablement{Profile: "cor", Surface: &Surface{BaseProfile: "ful"}}
	for i := range maxWarnings + 1 {
		en.DisabledCapabilities = append(en.DisabledCapabilities, fmt.Sprintf("nocap%d", i))
	}
	want := []string{
		`profile "cor" is not an install profile (core, standard, full; did you mean "core"?); using full`,
		`surface baseProfile "ful" is not an install profile (core, standard, full; did you mean "full"?); using full`,
	}
	env := resolve(t, reg, "plan:pre", `{}`, en)
	if !slices.Equal(env.ProfileWarnings, want) {
		t.Errorf("envelope ProfileWarnings:\n got  %q\n want %q", env.ProfileWarnings, want)
	}
	if !slices.Contains(env.Warnings, want[0]) || slices.Contains(env.Warnings, want[1]) || env.Unlisted != 3 {
		t.Errorf("envelope Warnings (%d, %d unlisted): want the profile's listed and the base's past the cap", len(env.Warnings), env.Unlisted)
	}
	st, err := NewResolver(reg).States(Request{Enablement: en})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(st.ProfileWarnings, want) {
		t.Errorf("states ProfileWarnings:\n got  %q\n want %q", st.ProfileWarnings, want)
	}
	if env := resolve(t, reg, "plan:pre", `{}`, Enablement{Profile: "core,standard"}); env.ProfileWarnings != nil {
		t.Errorf("known profiles: ProfileWarnings %q", env.ProfileWarnings)
	}
}
