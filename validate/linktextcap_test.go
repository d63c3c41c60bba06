package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestLinkTextWarningsCapped pins that link texts checked out as files are
// warned of one by one up to maxNamed and then in one warning counting the
// rest, as other capabilities folders are: a checkout without symbolic links
// of a repository linking thousands of capabilities gave one warning each.
// Exactly one over maxNamed is still warned of by name (a count of one
// saves no line).
func TestLinkTextWarningsCapped(t *testing.T) {
	for _, c := range []struct {
		links     int
		wantWarns int
		wantLast  string // in the last warning's message
	}{
		{links: maxNamed, wantWarns: maxNamed, wantLast: `holding only the text "../shared/c4"`},
		{links: maxNamed + 1, wantWarns: maxNamed + 1, wantLast: `holding only the text "../shared/c5"`},
		{links: maxNamed + 2, wantWarns: maxNamed + 1, wantLast: "caps/c5 and 1 other file in caps hold only a link's text"},
		{links: 1000, wantWarns: maxNamed + 1, wantLast: "caps/c5 and 994 other files in caps hold only a link's text"},
	} {
		src := &Sources{CapabilitiesDir: "caps"}
		for i := range c.links {
			src.LinkTexts = append(src.LinkTexts, File{Path: fmt.Sprintf("caps/c%d", i), Data: fmt.Appendf(nil, "../shared/c%d", i)})
		}
		// Prose beside them is no link and counts toward nothing.
		src.LinkTexts = append(src.LinkTexts, File{Path: "caps/notes", Data: []byte("some notes")})
		var warns []Diagnostic
		for _, d := range Validate(src).Diagnostics {
			if d.Rule == "capability-misplaced" {
				warns = append(warns, d)
			}
		}
		if len(warns) != c.wantWarns {
			t.Errorf("%d links: %d capability-misplaced warnings, want %d", c.links, len(warns), c.wantWarns)
			continue
		}
		if _, n := Diagnostics(warns).Count(); n != c.links {
			t.Errorf("%d links: the warnings count %d, want one a link (the last stands for the rest)", c.links, n)
		}
		last := warns[len(warns)-1]
		if !strings.Contains(last.Message, c.wantLast) || last.File != fmt.Sprintf("caps/c%d", c.wantWarns-1) {
			t.Errorf("%d links: last warning %s: %q, want at caps/c%d with %q", c.links, last.File, last.Message, c.wantWarns-1, c.wantLast)
		}
	}
}
