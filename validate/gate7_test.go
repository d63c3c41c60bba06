package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestOwnersOfACapabilityWithErrors: a feature with errors (a copied
// folder, its title left wrong) was left out of the owner checks, so it
// was told the config keys and produced artifacts it shares with its
// original but not the skills, agents and command families: those came
// a run later. Its names are claimed as written when its id is its
// folder's name, as its config keys are; not when its id is another's,
// nor its role another, and an entry that is no string is skipped with
// the index of the others kept.
func TestOwnersOfACapabilityWithErrors(t *testing.T) {
	owned := func(id string) CapabilitySource {
		return editManifest(t, newcomerCap(id, `["review"]`, `["gsd-reviewer"]`, `{}`), `"steps"`, `"commands": [{"family": "rev", "module": "m.cjs", "router": "r"}], "steps"`)
	}
	edit := func(c CapabilitySource, old, new string) CapabilitySource { return editManifest(t, c, old, new) }
	untitled := func(c CapabilitySource) CapabilitySource { return untitledCap(t, c) }
	conflicts := func(at string, first string, skill, agent int) []string {
		return []string{
			fmt.Sprintf(`agent-owner-conflict capabilities/%s/capability.json /agents/%d: agent "gsd-reviewer" is owned by both %q and %q`, at, agent, first, at),
			fmt.Sprintf(`command-family-conflict capabilities/%s/capability.json /commands/0/family: command family "rev" is owned by both %q and %q`, at, first, at),
			fmt.Sprintf(`skill-owner-conflict capabilities/%s/capability.json /skills/%d: skill "review" is owned by both %q and %q`, at, skill, first, at),
		}
	}
	tests := []struct {
		name string
		caps []CapabilitySource
		want []string // *-conflict findings, sorted, each "rule file pointer: message" up to its first part
	}{
		{"both valid", []CapabilitySource{owned("aa"), owned("bb")}, conflicts("bb", "aa", 0, 0)},
		{"the copy with errors", []CapabilitySource{owned("aa"), untitled(owned("bb"))}, conflicts("bb", "aa", 0, 0)},
		{"the original with errors", []CapabilitySource{untitled(owned("aa")), owned("bb")}, conflicts("bb", "aa", 0, 0)},
		{"an entry no string before", []CapabilitySource{owned("aa"), edit(edit(owned("bb"), `["review"]`, `[5, "review"]`), `["gsd-reviewer"]`, `[null, "gsd-reviewer"]`)}, conflicts("bb", "aa", 1, 1)},
		{"the copy's id its original's", []CapabilitySource{owned("aa"), edit(owned("bb"), `"id": "bb"`, `"id": "aa"`)}, nil},
		{"the copy's role miswritten", []CapabilitySource{owned("aa"), edit(owned("bb"), `"role": "feature"`, `"role": "featur"`)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: tt.caps, Workflows: hostWorkflows(t, "workflows")})
			var got []string
			for _, d := range res.Diagnostics {
				if strings.HasSuffix(d.Rule, "-conflict") {
					got = append(got, fmt.Sprintf("%s %s %s: %s", d.Rule, d.File, d.Pointer, d.Message))
				}
			}
			slices.Sort(got)
			if len(got) != len(tt.want) {
				t.Fatalf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("finding %d:\n\tgot  %s\n\twant %s…", i, got[i], tt.want[i])
				}
			}
		})
	}
}
