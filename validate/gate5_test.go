package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestTierMonotoneOfARequiredCapabilityWithErrors: a capability requiring
// one of a higher tier that has errors of its own (a title that is no
// string) was told tier-monotone only once those errors were fixed: the
// required capability was left out of the comparison. It is told in the
// same run when the required tier is one of the three and its id is its
// folder's; not when its tier is miswritten, missing or no string, nor
// when it sits in another folder (the capability meant is unknown), and
// never twice.
func TestTierMonotoneOfARequiredCapabilityWithErrors(t *testing.T) {
	edit := func(c CapabilitySource, old, new string) CapabilitySource {
		if !strings.Contains(string(c.Manifest.Data), old) {
			t.Fatalf("%s: no %q", c.Folder, old)
		}
		c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), old, new, 1))
		return c
	}
	untitled := func(c CapabilitySource) CapabilitySource { return edit(c, `"title": "T"`, `"title": 5`) }
	tier := func(c CapabilitySource, tier string) CapabilitySource {
		return edit(c, `"tier": "standard"`, `"tier": `+tier)
	}
	alone := func(id string) CapabilitySource { return newcomerCap(id, `[]`, `[]`, `{}`) }
	core := func(c CapabilitySource) CapabilitySource { return tier(c, `"core"`) }
	higher := func(id, r, rt string, i int) string {
		return fmt.Sprintf("capabilities/%s/capability.json /requires/%d: tier-monotone violation: capability %q (tier: core) requires %q (tier: %s); a capability may only require capabilities of its own tier or lower (core < standard < full)", id, i, id, r, rt)
	}
	moved := func(c CapabilitySource, folder string) CapabilitySource {
		c.Folder = folder
		c.Manifest.Path = "capabilities/" + folder + "/capability.json"
		return c
	}
	tests := []struct {
		name string
		caps []CapabilitySource
		want []string
	}{
		{"required with a schema error", []CapabilitySource{core(requiring("aa", "bb")), untitled(alone("bb"))},
			[]string{higher("aa", "bb", "standard", 0)}},
		{"required full with errors", []CapabilitySource{core(requiring("aa", "bb")), untitled(tier(alone("bb"), `"full"`))},
			[]string{higher("aa", "bb", "full", 0)}},
		{"both with errors", []CapabilitySource{untitled(core(requiring("aa", "bb"))), untitled(alone("bb"))},
			[]string{higher("aa", "bb", "standard", 0)}},
		{"two requirers of one with errors", []CapabilitySource{core(requiring("aa", "cc")), core(requiring("bb", "cc")), untitled(alone("cc"))},
			[]string{higher("aa", "cc", "standard", 0), higher("bb", "cc", "standard", 0)}},
		{"of its own tier, with errors", []CapabilitySource{core(requiring("aa", "bb")), untitled(core(alone("bb")))}, nil},
		{"a lower tier, with errors", []CapabilitySource{requiring("aa", "bb"), untitled(core(alone("bb")))}, nil},
		{"required tier miswritten", []CapabilitySource{core(requiring("aa", "bb")), tier(alone("bb"), `"Full"`)}, nil},
		{"required tier no string", []CapabilitySource{core(requiring("aa", "bb")), tier(alone("bb"), `2`)}, nil},
		{"required tier missing", []CapabilitySource{core(requiring("aa", "bb")), edit(alone("bb"), `"tier": "standard", `, ``)}, nil},
		{"required id in another folder", []CapabilitySource{core(requiring("aa", "bb")), moved(alone("bb"), "bx")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range newcomerFindings(t, "tier-monotone", tt.caps...) {
				got = append(got, fmt.Sprintf("%s %s: %s", d.File, d.Pointer, d.Message))
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}
