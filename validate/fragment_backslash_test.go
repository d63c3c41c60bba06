package validate

import (
	"strings"
	"testing"
)

// TestFragmentPathBackslash pins that a fragment.path holding a backslash
// is fragment-escape on every OS, before any file is looked up, with the
// path written with '/' to copy: Windows read "loop\threat-model.md" as
// the fragment and inlined it, Linux found no such file (review r25), and
// "..\..\x" left the folder on Windows only. A file of that very name
// beside the declaration changes nothing (it is legal on Linux).
func TestFragmentPathBackslash(t *testing.T) {
	const ptr = "/contributions/0/fragment/path"
	for _, tc := range []struct{ path, want string }{
		{`loop\\threat-model.md`, `"loop/threat-model.md"`},
		{`..\\..\\ui\\x.md`, `"../../ui/x.md"`},
	} {
		src := sampleRepo(t, sampleEdit{"security", `"path": "loop/threat-model.md"`, `"path": "` + tc.path + `"`})
		name := strings.ReplaceAll(tc.path, `\\`, `\`)
		secSource(t, src).Files[name] = File{Path: "capabilities/security/" + name, Data: []byte("# Threat model\n")}
		diags := findingsOf(src)
		got := findingAt(diags, "fragment-escape", ptr)
		if len(got) != 1 || !strings.Contains(got[0].Message, "holds a backslash") || !strings.Contains(got[0].Message, tc.want) {
			t.Errorf("%s: want one fragment-escape at %s naming %s, got %v\nall: %v", tc.path, ptr, tc.want, got, diags)
		}
	}
}
