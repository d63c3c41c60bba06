package validate

import "testing"

// TestLinkTextDashInNameCr35 pins which texts linkText reads as a link
// Git checked out as a file. Its " -" rule (f048cc7, capability.go
// linkText) tells "./setup.sh --dev" from a link, but also refuses a link
// into a folder named with a spaced dash ("../Shared - Team/deploy"), which
// Git writes as it is, as the doc comment's "../My Capabilities/x" shows:
// that capability-misplaced warning is lost. An option starts with " -"
// and a non-space ("--dev", "-v"); " - " is a name. The "Shared - Team"
// rows FAIL on purpose; the others pass before and after.
func TestLinkTextDashInNameCr35(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"../shared/mirror", true},
		{"../My Capabilities/x", true},
		{"./setup.sh --dev", false},
		{"./run -v", false},
		{"../Shared - Team/deploy", true},
		{"./Notes - 2024", true},
	} {
		if got := linkText([]byte(c.text)); got != c.want {
			t.Errorf("linkText(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
