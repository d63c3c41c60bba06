package validate

import (
	"strings"
	"testing"
)

// TestStrayMessagesInFull pins the whole capability-misplaced finding in
// the cases the prefix checks of stray_test.go let through: one declaration
// under another capabilities folder is "this capability declaration is"
// (not "this and 0 other … are"), and one at the repository's root is told
// to name it in capreg.json rather than to check a package with --repo; a
// folder of three declarations is one finding counting two others (not one
// finding per declaration after the first); and a group of exactly maxNamed
// sub-folders names them all, with no "and 0 other sub-folders"; and the
// sub-folders to move are those of every nested declaration, past a
// misnamed one listed between them (a break there for the continue named
// only the first).
func TestStrayMessagesInFull(t *testing.T) {
	const grp = "capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/a/capability.json and 4 other capability declarations are not read: " +
		"a declaration is read only directly in a capability folder; move capabilities/grp/a up to capabilities/a, capabilities/grp/b up to capabilities/b, " +
		"capabilities/grp/c up to capabilities/c, capabilities/grp/d up to capabilities/d, capabilities/grp/e up to capabilities/e"
	tests := []struct {
		name   string
		capDir string
		caps   []CapabilitySource
		strays []string
		want   []string // "file: message" of each finding, in order
	}{
		{
			name:   "one declaration under a capabilities folder at the root",
			capDir: "caps",
			strays: []string{"capabilities/x/capability.json"},
			want:   []string{`capabilities/x/capability.json: this capability declaration is under capabilities, not under this repository's capabilities folder (caps, which capreg.json names), and not read: move its capability folders into caps, or name capabilities in capreg.json's "capabilities"`},
		},
		{
			name:   "three declarations under a package's capabilities folder",
			capDir: "capabilities",
			strays: []string{"packages/a/capabilities/x/capability.json", "packages/a/capabilities/y/capability.json", "packages/a/capabilities/z/capability.json"},
			want: []string{"packages/a/capabilities/x/capability.json: this and 2 other capability declarations are under packages/a/capabilities, not under this repository's capabilities folder (capabilities), and not read: " +
				"if packages/a, in this repository, is a repository of its own, check that folder with --repo; else move its capability folders into capabilities"},
		},
		{
			name:   "exactly maxNamed sub-folders to move",
			capDir: "capabilities",
			caps:   []CapabilitySource{{Folder: "grp"}},
			strays: []string{"capabilities/grp/a/capability.json", "capabilities/grp/b/capability.json", "capabilities/grp/c/capability.json",
				"capabilities/grp/d/capability.json", "capabilities/grp/e/capability.json"},
			want: []string{"capabilities/grp/a/capability.json: " + grp},
		},
		{
			name:   "a misnamed declaration between nested ones",
			capDir: "capabilities",
			caps:   []CapabilitySource{{Folder: "grp"}},
			strays: []string{"capabilities/grp/a/capability.json", "capabilities/grp/Capability.json", "capabilities/grp/b/capability.json"},
			want: []string{"capabilities/grp/a/capability.json: capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/a/capability.json and 1 other capability declaration are not read: " +
				"a declaration is read only directly in a capability folder; move capabilities/grp/a up to capabilities/a, capabilities/grp/b up to capabilities/b"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{CapabilitiesDir: tt.capDir, Capabilities: tt.caps, StrayDeclarations: tt.strays}
			var got []string
			for _, d := range Validate(src).Diagnostics {
				if d.Rule == "capability-misplaced" {
					got = append(got, d.File+": "+d.Message)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
