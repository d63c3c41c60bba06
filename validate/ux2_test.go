package validate

import (
	"strings"
	"testing"
)

// TestUX2MeantID: MeantID is NearestID, or else the one id that is id with
// hyphen-parted words added or cut at its end; none when two are, and
// none for a word inside an id or a prefix that is no whole word.
func TestUX2MeantID(t *testing.T) {
	ids := []string{"crash-triage", "fraud-screen", "research", "ui", "ui-kit", "web-api", "web-app"}
	for _, tt := range []struct{ id, want string }{
		{"fraud", "fraud-screen"},
		{"crash", "crash-triage"},
		{"research-agent", "research"},
		{"reserch", "research"}, // a typo, as NearestID names it
		{"fraud-screen-v2", "fraud-screen"},
		{"ui-design", "ui"},
		{"ui-kit-v2", ""}, // ui and ui-kit
		{"web", ""},       // web-api and web-app
		{"screen", ""},    // a later word
		{"fra", ""},       // no whole word
		{"", ""},
	} {
		if got := MeantID(tt.id, ids); got != tt.want {
			t.Errorf("MeantID(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

// TestUX2MeantIDLongAllocates: an id of a megabyte (a client's 404) is
// compared in place with every id, not copied once per id.
func TestUX2MeantIDLongAllocates(t *testing.T) {
	ids := make([]string, 2000)
	for i := range ids {
		ids[i] = "cap-" + strings.Repeat("x", i%50)
	}
	long := strings.Repeat("cap-", 1<<18)
	if n := testing.AllocsPerRun(3, func() { MeantID(long, ids) }); n > 10 {
		t.Errorf("MeantID of a 1 MiB id made %v allocations, want a few", n)
	}
}
