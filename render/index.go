package render

import (
	"fmt"
	"maps"
	"slices"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// profileBit is one install profile as a bit: core, standard, full.
type profileBit uint8

const (
	bitCore profileBit = 1 << iota
	bitStandard
	bitFull
)

func profileBitOf(name string) profileBit {
	switch name {
	case "core":
		return bitCore
	case "standard":
		return bitStandard
	case "full":
		return bitFull
	}
	return 0
}

// regIndex holds the lookups a render needs over a registry, built once per
// registry: config slice entries by key, the profiles that install each
// skill, and the clusters by id.
type regIndex struct {
	keys map[string]*store.ConfigKey
	// declared are the keys of keys, sorted, and parents the dotted
	// prefixes of them ("a" and "a.b" for "a.b.c"), for naming the key
	// a config's unknown key was probably meant as; central is the
	// central config schema, whose keys are no typo.
	declared []string
	parents  map[string]bool
	central  *validate.CentralSchema
	// unsettable are the keys with a segment the reference's
	// resolveConfigKey never walks ("ui.prototype"), in registry order: no
	// config sets them (see checkUnsettable).
	unsettable []*store.ConfigKey
	skills     map[string]profileBit // skill stem → union of its clusters' profiles
	owners     map[string][]string   // skill stem → the capabilities that own it
	clusters   map[string]*store.Cluster
	// ids, clusterIDs and skillNames are the capability ids, those of
	// the capabilities that own skills (clusters) and the skill stems,
	// sorted, for naming the one a misspelt name probably meant.
	ids, clusterIDs, skillNames []string
}

func buildIndex(reg *store.Registry) *regIndex {
	idx := &regIndex{
		keys:     make(map[string]*store.ConfigKey, len(reg.ConfigKeys)),
		skills:   map[string]profileBit{},
		owners:   map[string][]string{},
		clusters: make(map[string]*store.Cluster, len(reg.Clusters)),
	}
	// Later entries win, as configSchema[key] = … does in the reference (a
	// repeated key fails validation, so this only matters in memory).
	for i := range reg.ConfigKeys {
		idx.keys[reg.ConfigKeys[i].Key] = &reg.ConfigKeys[i]
		if hasReserved(reg.ConfigKeys[i].Key) {
			idx.unsettable = append(idx.unsettable, &reg.ConfigKeys[i])
		}
	}
	for i := range reg.Clusters {
		c := &reg.Clusters[i]
		idx.clusters[c.CapID] = c
		var bits profileBit
		for _, p := range c.Profiles {
			bits |= profileBitOf(p)
		}
		for _, s := range c.Skills {
			idx.skills[s] |= bits
		}
	}
	// Skills of capabilities missing from Clusters (a registry built in
	// memory) are still known skills; they are installed by no profile but
	// full.
	for _, c := range reg.Capabilities {
		for _, s := range c.Skills {
			if _, ok := idx.skills[s]; !ok {
				idx.skills[s] = 0
			}
			idx.owners[s] = append(idx.owners[s], c.ID)
		}
	}
	idx.declared = slices.Sorted(maps.Keys(idx.keys))
	idx.parents = map[string]bool{}
	for _, k := range idx.declared {
		for i := range len(k) {
			if k[i] == '.' {
				idx.parents[k[:i]] = true
			}
		}
	}
	idx.central = reg.Central
	idx.ids = slices.Sorted(maps.Keys(reg.ByID))
	idx.clusterIDs = slices.Sorted(maps.Keys(idx.clusters))
	idx.skillNames = slices.Sorted(maps.Keys(idx.skills))
	return idx
}

// didYouMean is " (did you mean "x"?)" for the name among names (sorted)
// a misspelt name probably meant, or "".
func didYouMean(name string, names []string) string {
	if near := validate.NearestID(name, names); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	return ""
}
