package validate

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestLinkTextLengthBoundMut29 pins MaxLinkText as inclusive in linkText:
// the scanner keeps a file of up to MaxLinkText bytes as a LinkText
// (store's len(data) <= MaxLinkText), so a link text of exactly that length
// must still read as one, and one byte more must not.
func TestLinkTextLengthBoundMut29(t *testing.T) {
	for _, c := range []struct {
		n    int
		want bool
	}{
		{MaxLinkText - 1, true},
		{MaxLinkText, true},
		{MaxLinkText + 1, false},
	} {
		text := "../" + strings.Repeat("a", c.n-len("../"))
		if got := linkText([]byte(text)); got != c.want {
			t.Errorf("linkText(%d bytes) = %v, want %v", c.n, got, c.want)
		}
	}
}

// TestHasOptionMut29 pins hasOption's contract on its own: a " -" followed
// by a non-space is an option wherever it stands, the very first byte
// included, and " - " or a trailing " -" is not. Through linkText the text
// starts with "." so a " -" at 0 is not reached; the table holds the
// function to what its doc says, so a later caller may rely on it.
func TestHasOptionMut29(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{" -x", true},
		{" --dev", true},
		{" - x", false},
		{"a -", false},
		{"a - b -c", true},
		{"a - b - c", false},
		{"", false},
	} {
		if got := hasOption([]byte(c.text)); got != c.want {
			t.Errorf("hasOption(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestPathPlacerPlaceValueEachOnceMut29 pins PlaceValue handing out the
// places of a value written twice one call at a time, in key order, and
// then leaving the finding about the whole file: a third call, or a value
// capreg.json does not hold, must neither place nor panic.
func TestPathPlacerPlaceValueEachOnceMut29(t *testing.T) {
	pl := NewPathPlacer(&File{Data: []byte(`{"capabilities": "x", "workflows": ["x"]}`)})
	for i, c := range []struct {
		value, want string
	}{
		{"x", "1:18 /capabilities"},
		{"x", "1:37 /workflows/0"},
		{"x", "0:0 "},
		{"y", "0:0 "},
	} {
		d := Diagnostic{File: "capreg.json"}
		pl.PlaceValue(&d, c.value)
		if got := fmtPlace(d); got != c.want {
			t.Errorf("call %d: PlaceValue(%q) placed at %q, want %q", i, c.value, got, c.want)
		}
	}
}

// TestLinkTextNameMut29 pins which files the scanner reads as possible
// link texts: directly in the capabilities folder, and without a dot in
// the name (a capability folder's name has none).
func TestLinkTextNameMut29(t *testing.T) {
	for _, c := range []struct {
		p, capDir string
		want      bool
	}{
		{"caps/mirror", "caps", true},
		{"caps/notes.md", "caps", false},
		{"other/mirror", "caps", false},
		{"caps/sub/mirror", "caps", false},
		{"mirror", ".", true},
	} {
		if got := LinkTextName(c.p, c.capDir); got != c.want {
			t.Errorf("LinkTextName(%q, %q) = %v, want %v", c.p, c.capDir, got, c.want)
		}
	}
}

// TestCheckLinkTextsMut29 pins checkLinkTexts, through Validate: a LinkText
// read whole that holds only a link's text draws one capability-misplaced
// warning; one that could not be read (its Data is not what the file
// holds), holds prose or is not UTF-8 draws none.
func TestCheckLinkTextsMut29(t *testing.T) {
	for _, c := range []struct {
		name string
		file File
		want bool
	}{
		{"link", File{Path: "caps/mirror", Data: []byte("../shared/mirror")}, true},
		{"unread", File{Path: "caps/mirror", Data: []byte("../shared/mirror"), Err: errors.New("read failed")}, false},
		{"prose", File{Path: "caps/mirror", Data: []byte("some notes")}, false},
		// Not UTF-8: linkText asks for valid UTF-8 (its last clause). A
		// fragment never reaches it invalid (inlineFragment refuses that
		// first), so only this caller can tell the clause is there.
		{"not UTF-8", File{Path: "caps/mirror", Data: []byte("../shared/\xffmirror")}, false},
	} {
		res := Validate(&Sources{LinkTexts: []File{c.file}})
		got := slices.ContainsFunc(res.Diagnostics, func(d Diagnostic) bool {
			return d.Rule == "capability-misplaced" && d.File == c.file.Path
		})
		if got != c.want {
			t.Errorf("%s: capability-misplaced warning for %s = %v, want %v (%v)", c.name, c.file.Path, got, c.want, res.Diagnostics)
		}
	}
}
