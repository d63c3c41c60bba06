package validate

import "testing"

// TestWindowsDeviceMissesCr36 pins which folder names windowsDevice
// (capability.go) reads as a Windows device. Windows, Go's own
// filepath.IsLocal on Windows (internal/filepathlite isReservedName) and
// Git for Windows (compat/mingw.c is_valid_win32_path) also reserve
// CONIN$ and CONOUT$, drop trailing spaces before the end or the
// extension ("aux ", "aux .d"), and Windows and Go count the superscripts
// ¹ ² ³ as COM/LPT digits. The "missed" rows FAIL on purpose: windowsDevice
// cuts at the first dot and compares the rest exactly. Impact is low: the
// capability id pattern (^[a-z][a-z0-9-]*$) with id-folder-mismatch already
// errs on every such folder, so only the extra warning is lost. The other
// rows pin no false positive and pass before and after.
func TestWindowsDeviceMissesCr36(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"conin$", true},      // missed
		{"CONOUT$.txt", true}, // missed
		{"aux ", true},        // missed
		{"aux .d", true},      // missed
		{"com\u00b9", true},   // missed: COM¹
		{"lpt\u00b3", true},   // missed: LPT³
		{"nul.tar.gz", true},
		{"Lpt1", true},
		{"com", false}, {"conin", false}, {"auxx", false}, {"a.aux", false}, {"comx", false}, {"lpt1-tools", false}, {"nul-x", false},
	} {
		if got := windowsDevice(tc.name); got != tc.want {
			t.Errorf("windowsDevice(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestHasOptionEdgesCr36 pins hasOption (capability.go) on the edges of its
// scan: a trailing " -" is a name, a spaced dash followed by an option is
// one, and any later option is found after a spaced dash. Passes: it
// guards the loop that skips " - " (103932d).
func TestHasOptionEdgesCr36(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"../x -", false},
		{"../a - b - c", false},
		{"../a - -v", true},
		{"../a -  --dev", true},
		{"../a  -  b", false},
		{"../a -b", true},
		{"../a --", true},
		{"../a-b", false},
		{"../a -\u00e9", true},
	} {
		if got := hasOption([]byte(tc.text)); got != tc.want {
			t.Errorf("hasOption(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
