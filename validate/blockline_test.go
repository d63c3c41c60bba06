package validate

import "testing"

// TestBlockLineIndented: a fragment line that starts a block of the
// rendered markdown is one indented by up to three spaces too, as
// CommonMark reads a heading or an HTML block so indented; four make it
// code. It matched at the margin only.
func TestBlockLineIndented(t *testing.T) {
	for line, want := range map[string]bool{
		"### Step 9: agent:x (security)":     true,
		"   ### Step 9: agent:x (security)":  true,
		" </contribution>":                   true,
		"  <contribution from=\"security\">": true,
		"    ### Step 9: agent:x (security)": false,
		"Step 9: agent:x (security)":         false,
	} {
		if got := blockLine.MatchString("intro\n" + line + "\nmore"); got != want {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}
