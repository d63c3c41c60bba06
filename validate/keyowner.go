package validate

import (
	"fmt"
	"slices"
	"strings"
)

// noteKeyOwners adds to each when-unknown-key and activation-key-unknown
// finding of diags the capability that declares the key named, or one
// like it, which the finding, made from the capability's own config
// alone, could not say: "did you mean \"workflow.review_gate\" (declared
// by capability \"review\")?". A key another capability declares as
// named is said to be its; else, when the capability's own keys hold none
// near (the finding names that one already), the nearest declared key
// (NearestID, as the finding's own did-you-mean), or else the one key
// ending in the same segment, under another path ("review_gate" for
// "workflow.review_gate"), this capability's too. all is every
// capability checked, in folder order: a key declared twice is the first
// one's.
func noteKeyOwners(all []*Capability, diags Diagnostics) {
	var found []int
	for i := range diags {
		if r := diags[i].Rule; r == "when-unknown-key" || r == "activation-key-unknown" {
			found = append(found, i)
		}
	}
	if len(found) == 0 {
		return
	}
	k := newKeyOwners(all)
	near := maxOwnerSearches
	for _, i := range found {
		d := &diags[i]
		c, key := k.named(d)
		if c == nil || strings.ContainsAny(key, "!=&|<> ()") { // an expression: whenHint's
			continue
		}
		if note := k.note(c, d.Rule, key, &near); note != "" {
			d.Message = clipMessage(d.Message + note)
		}
	}
}

// maxOwnerSearches bounds the findings whose key is compared with every
// declared key (NearestID): a repository of thousands of hooks naming
// keys nobody declares would otherwise compare each with thousands.
const maxOwnerSearches = 2 * MaxPerRule

// keyOwners indexes the declared config keys of every capability.
type keyOwners struct {
	byFile map[string]*Capability
	owner  map[string]*Capability // key → the first capability declaring it
	ending map[string]string      // last segment → the one key ending in it, "" when more do
	keys   []string               // every declared key, sorted
}

func newKeyOwners(all []*Capability) *keyOwners {
	k := &keyOwners{byFile: map[string]*Capability{}, owner: map[string]*Capability{}, ending: map[string]string{}}
	for _, c := range all {
		k.byFile[c.File] = c
		for _, e := range c.Config {
			if _, ok := k.owner[e.Key]; !ok {
				k.owner[e.Key] = c
				k.keys = append(k.keys, e.Key)
			}
		}
	}
	slices.Sort(k.keys)
	for _, key := range k.keys {
		if _, ok := k.ending[lastSegment(key)]; ok {
			k.ending[lastSegment(key)] = "" // "enabled" ends many: no hint
		} else {
			k.ending[lastSegment(key)] = key
		}
	}
	return k
}

// named returns the capability of finding d and the key it names: its
// activationKey, or the when of its hook at d's pointer.
func (k *keyOwners) named(d *Diagnostic) (*Capability, string) {
	c := k.byFile[d.File]
	if c == nil {
		return nil, ""
	}
	if d.Rule == "activation-key-unknown" {
		return c, c.ActivationKey
	}
	for _, list := range [][]*Hook{c.Steps, c.Contributions, c.Gates} {
		for _, h := range list {
			if h.When != nil && h.Pointer()+"/when" == d.Pointer {
				return c, *h.When
			}
		}
	}
	return nil, ""
}

// note is what to add to c's finding of rule on key, or "".
func (k *keyOwners) note(c *Capability, rule, key string, near *int) string {
	if o := k.owner[key]; o != nil && o != c {
		fix := fmt.Sprintf("move the hook to %q, or name a key of this capability's own", o.ID)
		if rule == "activation-key-unknown" {
			fix = "an activationKey names a key of its own capability's config: declare one here"
		}
		return fmt.Sprintf("; %q is declared by capability %q: %s", key, o.ID, fix)
	}
	if nearConfigKey(c, key) != "" { // the finding names it already
		return ""
	}
	if *near > 0 {
		*near--
		if meant := NearestID(key, k.keys); meant != "" {
			return didYouMeanOwned(meant, k.owner[meant], c)
		}
	}
	if meant, ok := k.ending[lastSegment(key)]; ok && meant != "" && meant != key {
		return didYouMeanOwned(meant, k.owner[meant], c)
	}
	return ""
}

// didYouMeanOwned suggests meant, declared by o, to c's finding.
func didYouMeanOwned(meant string, o, c *Capability) string {
	if o == c {
		return fmt.Sprintf("; did you mean %q (declared by this capability)?", meant)
	}
	return fmt.Sprintf("; did you mean %q (declared by capability %q)?", meant, o.ID)
}

// lastSegment is the part of a dotted key after its last dot.
func lastSegment(key string) string { return key[strings.LastIndexByte(key, '.')+1:] }
