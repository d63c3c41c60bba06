package validate

import "testing"

// TestWindowsDeviceAsGoReadsCr37 pins windowsDevice (capability.go) to Go's
// own reading (internal/filepathlite isReservedName, go1.26): the base is
// cut at the first ':' as well as '.' ("aux:x", "con:"), and only ASCII
// letters are compared alike (strings.ToLower mapped U+0130, İ, to 'i', so
// "conİn$" read as conin$). Found by review cr37; low impact, as such a
// folder's id breaks the id pattern or id-folder-mismatch anyway.
func TestWindowsDeviceAsGoReadsCr37(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"aux:x", true}, // Go cuts at ':'
		{"con:", true},
		{"con\u0130n$", false}, // İ is no i
		{"CONOUT$ .txt", true}, // spaces before the extension
		{"lpt\u00b2", true},    // LPT²
		{"com\u00b9\u00b9", false},
		{"com0", false},
		{" aux", false},
	} {
		if got := windowsDevice(tc.name); got != tc.want {
			t.Errorf("windowsDevice(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}
