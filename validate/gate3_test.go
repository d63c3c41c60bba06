package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRequiresCheckedThroughACapabilityWithErrors: a requires entry naming
// no capability (requires-unknown), or one of a higher tier
// (tier-monotone), in a capability that fails its own checks elsewhere (a
// title that is no string) is reported in the same run as those errors,
// where it was found only once they were fixed. Not when what the entry
// means depends on how the errors are fixed: an entry before it that is
// no string (its index would shift), a requires that is no list, an id
// other than its folder's or no string, a manifest that does not parse
// (but for a slip mended: see mendDoc); nor tier-monotone when the requirer's tier is not one of the three. A
// required capability that has errors itself is no requires-unknown. No entry
// is told twice, by either rule or requires-cycle.
func TestRequiresCheckedThroughACapabilityWithErrors(t *testing.T) {
	edit := func(c CapabilitySource, old, new string) CapabilitySource { return editManifest(t, c, old, new) }
	untitled := func(c CapabilitySource) CapabilitySource { return untitledCap(t, c) }
	tier := func(c CapabilitySource, tier string) CapabilitySource { return tieredCap(t, c, tier) }
	alone := loneCap
	core := func(c CapabilitySource) CapabilitySource { return tier(c, `"core"`) }
	unknown := func(id, r, hint string, i int) string {
		return fmt.Sprintf("requires-unknown capabilities/%s/capability.json /requires/%d: capability %q requires %q which does not exist%s", id, i, id, r, hint)
	}
	higher := func(id, r string, i int) string {
		return fmt.Sprintf("tier-monotone capabilities/%s/capability.json /requires/%d: tier-monotone violation: capability %q (tier: core) requires %q (tier: standard); a capability may only require capabilities of its own tier or lower (core < standard < full)", id, i, id, r)
	}
	tests := []struct {
		name string
		caps []CapabilitySource
		want []string // requires-unknown, tier-monotone and requires-cycle findings
	}{
		{"an unknown entry, valid", []CapabilitySource{requiring("aa", "zz")},
			[]string{unknown("aa", "zz", "", 0)}},
		{"an unknown entry, with a schema error elsewhere", []CapabilitySource{untitled(requiring("aa", "zz"))},
			[]string{unknown("aa", "zz", "", 0)}},
		{"an unknown entry after a known one, with errors, its did-you-mean", []CapabilitySource{untitled(requiring("aa", "bb", "bbx")), alone("bb")},
			[]string{unknown("aa", "bbx", `; did you mean "bb"?`, 1)}},
		{"an unknown entry twice, with errors", []CapabilitySource{untitled(requiring("aa", "zz", "zz"))},
			[]string{unknown("aa", "zz", "", 0), unknown("aa", "zz", "", 1)}},
		{"an unknown entry beside a cycle, with errors", []CapabilitySource{untitled(requiring("aa", "zz", "aa"))},
			[]string{unknown("aa", "zz", "", 0), `requires-cycle capabilities/aa/capability.json /requires/1: requires cycle detected: aa → aa; remove this requires entry: "aa" → "aa" at capabilities/aa/capability.json:3:42 (/requires/1)`}},
		{"a runtime with errors", []CapabilitySource{untitled(edit(requiring("aa", "zz"), `"role": "feature"`, `"role": "runtime"`))},
			[]string{unknown("aa", "zz", "", 0)}},
		{"an entry naming a capability with errors, both with errors", []CapabilitySource{untitled(requiring("aa", "bb")), untitled(alone("bb"))}, nil},
		{"an entry naming a folder whose id is another", []CapabilitySource{untitled(requiring("aa", "bb")), edit(alone("bb"), `"id": "bb"`, `"id": "bx"`)}, nil},
		{"an unknown entry after one that is no string", []CapabilitySource{untitled(withRequires(newcomerCap("aa", `[]`, `[]`, `{}`), `[5, "zz"]`))}, nil},
		{"a requires that is no list", []CapabilitySource{untitled(withRequires(newcomerCap("aa", `[]`, `[]`, `{}`), `"zz"`))}, nil},
		{"an id other than its folder's", []CapabilitySource{edit(requiring("aa", "zz"), `"id": "aa"`, `"id": "ax"`)}, nil},
		{"an id that is no string", []CapabilitySource{edit(requiring("aa", "zz"), `"id": "aa"`, `"id": 5`)}, nil},
		{"a manifest that does not parse", []CapabilitySource{edit(requiring("aa", "zz"), `"title": "T",`, `"title": T,`)}, nil},
		// Read past a slip ojson mends (mendDoc), as written but for it.
		{"a manifest missing a comma", []CapabilitySource{edit(requiring("aa", "zz"), `"title": "T",`, `"title": "T"`)},
			[]string{unknown("aa", "zz", mendedNote, 0)}},
		{"a manifest with a trailing comma", []CapabilitySource{edit(requiring("aa", "zz"), `"zz"]`, `"zz",]`)},
			[]string{unknown("aa", "zz", mendedNote, 0)}},
		{"a manifest with two commas in a row", []CapabilitySource{edit(requiring("aa", "zz"), `"title": "T",`, `"title": "T",,`)},
			[]string{unknown("aa", "zz", mendedNote, 0)}},
		{"a manifest missing a comma with no blank", []CapabilitySource{edit(requiring("aa", "zz"), `"title": "T", `, `"title": "T"`)},
			[]string{unknown("aa", "zz", mendedNote, 0)}},
		{"a manifest with a leading comma", []CapabilitySource{edit(requiring("aa", "zz"), `"requires": [`, `"requires": [,`)}, nil},

		{"a higher tier, valid", []CapabilitySource{core(requiring("aa", "bb")), alone("bb")},
			[]string{higher("aa", "bb", 0)}},
		{"a higher tier, with a schema error elsewhere", []CapabilitySource{untitled(core(requiring("aa", "bb"))), alone("bb")},
			[]string{higher("aa", "bb", 0)}},
		{"a higher tier and an unknown entry, with errors", []CapabilitySource{untitled(core(requiring("aa", "zz", "bb"))), alone("bb")},
			[]string{unknown("aa", "zz", "", 0), higher("aa", "bb", 1)}},
		{"a tier of its own or lower, with errors", []CapabilitySource{untitled(tier(requiring("aa", "bb", "cc"), `"full"`)), alone("bb"), core(alone("cc"))}, nil},
		{"a tier not one of the three", []CapabilitySource{tier(requiring("aa", "bb"), `"Core"`), alone("bb")}, nil},
		{"a tier that is no string", []CapabilitySource{tier(requiring("aa", "bb"), `0`), alone("bb")}, nil},
		{"a tier missing", []CapabilitySource{edit(requiring("aa", "bb"), `"tier": "standard", `, ``), alone("bb")}, nil},
		// Told since gate5 (TestTierMonotoneOfARequiredCapabilityWithErrors).
		{"a higher tier with errors, required", []CapabilitySource{core(requiring("aa", "bb")), untitled(alone("bb"))},
			[]string{higher("aa", "bb", 0)}},
		{"a higher tier after an entry that is no string", []CapabilitySource{untitled(core(withRequires(newcomerCap("aa", `[]`, `[]`, `{}`), `[5, "bb"]`))), alone("bb")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, rule := range []string{"requires-unknown", "tier-monotone", "requires-cycle"} {
				for _, d := range newcomerFindings(t, rule, tt.caps...) {
					got = append(got, fmt.Sprintf("%s %s %s: %s", d.Rule, d.File, d.Pointer, d.Message))
				}
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
			}
		})
	}
}
