package validate

import (
	"strings"
	"testing"
)

// TestFragmentLinkText pins the warning for a fragment whose whole text is
// a relative path, as Git writes a symbolic link it checks out as a file
// (core.symlinks false, Git for Windows' default without Developer Mode):
// check passed and the path's text was inlined as the prompt (review r25).
// A path followed by a line end, or prose naming a path, is a fragment a
// person wrote.
func TestFragmentLinkText(t *testing.T) {
	const ptr = "/contributions/0/fragment/path"
	for _, tc := range []struct {
		data string
		warn bool
	}{
		{"../shared/research-prompt.md", true},
		{"./prompts/threat-model.md", true},
		{"../shared/research-prompt.md\n", false},
		{"See ../shared/research-prompt.md", false},
		{"../a\tb", false},
		{"./gradlew build", false}, // a command, not a link (review cr32)
		{"# Threat model\n", false},
	} {
		src := sampleRepo(t)
		secSource(t, src).Files["loop/threat-model.md"] = File{Path: "capabilities/security/loop/threat-model.md", Data: []byte(tc.data)}
		got := findingAt(findingsOf(src), "fragment-link-text", ptr)
		if !tc.warn {
			if len(got) != 0 {
				t.Errorf("%q: want no fragment-link-text, got %v", tc.data, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Severity != Warning || !strings.Contains(got[0].Message, `holds only the text "`+tc.data+`"`) || !strings.Contains(got[0].Message, "core.symlinks") {
			t.Errorf("%q: want one fragment-link-text warning naming the text, got %v", tc.data, got)
		}
	}
}
