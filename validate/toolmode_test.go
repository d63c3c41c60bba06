package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestToolNotExecutable: a card whose command runs a file of the
// repository by its path is warned of, at the command's value, where the
// scan found that file with no execute bit; the fix names the path
// shell-quoted. Sources that do not say so (no mode read: Windows, a body
// of POST /validate), or say it of another path, are not warned of.
func TestToolNotExecutable(t *testing.T) {
	card := func(command string) string {
		return `{"id": "land", "command": "` + command + `", "summary": "s", "intent_phrases": ["p"], "effects": "e", "risk": "reversible", "example": "bin/land"}`
	}
	for _, c := range []struct {
		name, command string
		src           CardSource // its File set below
		want          []string   // texts of its message; nil for no finding
	}{
		{"the card's tool", "bin/land --onto main", CardSource{CommandPath: "bin/land", CommandFound: true, CommandNotExecutable: true},
			[]string{`the command runs "bin/land" by its path, and bin/land has no execute bit`, `"permission denied"`,
				"chmod +x bin/land (or git update-index --chmod=+x bin/land,"}},
		{"another file, by ./", "./scripts/notes-été.sh", CardSource{CommandPath: "scripts/notes-été.sh", CommandFound: true, CommandNotExecutable: true},
			[]string{`runs "./scripts/notes-été.sh"`, "chmod +x 'scripts/notes-été.sh' (or git update-index --chmod=+x 'scripts/notes-été.sh',"}},
		{"executable", "bin/land", CardSource{CommandPath: "bin/land", CommandFound: true}, nil},
		{"the mode not said", "bin/land", CardSource{}, nil},
		{"said of another path", "bin/other", CardSource{CommandPath: "bin/land", CommandFound: true, CommandNotExecutable: true}, nil},
		{"a bare word", "land", CardSource{CommandPath: "land", CommandFound: true, CommandNotExecutable: true}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := card(c.command)
			src := c.src
			src.File = File{Path: "bin/land.card.json", Data: []byte(text)}
			src.ToolPath, src.ToolExists = "bin/land", true
			for _, cache := range []*Cache{nil, NewCache()} {
				for run := range 2 { // the second from the cache
					var got []Diagnostic
					for _, d := range cache.Validate(&Sources{Cards: []CardSource{src}}).Diagnostics {
						if d.Rule == "tool-not-executable" {
							got = append(got, d)
						}
					}
					if c.want == nil {
						if len(got) > 0 {
							t.Errorf("run %d: %v, want no tool-not-executable finding", run, got)
						}
						continue
					}
					if len(got) != 1 {
						t.Fatalf("run %d: %v, want one tool-not-executable finding", run, got)
					}
					d := got[0]
					if at, want := fmt.Sprintf("%d:%d %s %s", d.Line, d.Column, d.Pointer, d.Severity), gate9At(t, text, `"`+c.command+`"`)+" /command warning"; at != want {
						t.Errorf("run %d: at %s, want %s (the command's value)", run, at, want)
					}
					for _, w := range c.want {
						if !strings.Contains(d.Message, w) {
							t.Errorf("run %d: message %q lacks %q", run, d.Message, w)
						}
					}
				}
			}
		})
	}
}
