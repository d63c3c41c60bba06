package validate

import (
	"strings"
	"testing"
)

// TestWindowsDeviceFolderWarned pins the reserved-name warning for a
// capability whose folder Windows reserves for a device: Git for Windows
// cannot check out capabilities/aux/, so the capability is missing there
// while check passes on Linux (review r25). Names that only start like
// one (auxiliary, com10, console) are no device.
func TestWindowsDeviceFolderWarned(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"aux", true}, {"con", true}, {"nul", true}, {"prn", true}, {"com1", true}, {"lpt9", true}, {"CON", true}, {"aux.d", true},
		{"auxiliary", false}, {"com10", false}, {"com0", false}, {"console", false}, {"lpt", false}, {"ui", false},
	} {
		if got := windowsDevice(tc.name); got != tc.want {
			t.Errorf("windowsDevice(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
	// At the id, or at the declaration when it has none (review cr36).
	for idLine, pointer := range map[string]string{`"id": "aux"`: "/id", `"name": "aux"`: ""} {
		src := sampleRepo(t)
		for i := range src.Capabilities {
			if c := &src.Capabilities[i]; c.Folder == "ui" {
				c.Folder = "aux"
				c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"id": "ui"`, idLine, 1))
			}
		}
		var got []Diagnostic
		for _, d := range Validate(src).Diagnostics {
			if d.Rule == "reserved-name" {
				got = append(got, d)
			}
		}
		if len(got) != 1 || got[0].Severity != Warning || got[0].Pointer != pointer || !strings.Contains(got[0].Message, `capability folder "aux" is a device name on Windows`) {
			t.Errorf("%s: want one reserved-name warning at %q naming aux, got %v", idLine, pointer, got)
		}
	}
}

// TestWindowsDeviceToolWarned pins the reserved-name warning for a tool
// card whose tool Windows reserves for a device: neither bin/con nor
// bin/con.card.json can be checked out there, and the card is missing
// from a Windows checkout's index. A tool that only starts so does not.
func TestWindowsDeviceToolWarned(t *testing.T) {
	for tool, want := range map[string]int{"bin/con": 1, "bin/aux.exe": 1, "bin/console": 0} {
		src := &Sources{Cards: []CardSource{{File: File{Path: tool + ".card.json", Data: []byte(cardJSON("tool-x"))}, ToolPath: tool, ToolExists: true}}}
		got := findingsOf(src, "reserved-name")
		if len(got) != want || want == 1 && (got[0].File != tool+".card.json" || got[0].Severity != Warning || !strings.Contains(got[0].Message, `the tool "`+tool+`" is a device name on Windows`)) {
			t.Errorf("%s: want %d reserved-name warning on its card, got %v", tool, want, got)
		}
	}
}

// TestWindowsDeviceMisses pins which folder names windowsDevice
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
func TestWindowsDeviceMisses(t *testing.T) {
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

// TestWindowsDeviceAsGoReads pins windowsDevice (capability.go) to Go's
// own reading (internal/filepathlite isReservedName, go1.26): the base is
// cut at the first ':' as well as '.' ("aux:x", "con:"), and only ASCII
// letters are compared alike (strings.ToLower mapped U+0130, İ, to 'i', so
// "conİn$" read as conin$). Found by review cr37; low impact, as such a
// folder's id breaks the id pattern or id-folder-mismatch anyway.
func TestWindowsDeviceAsGoReads(t *testing.T) {
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
