package render

import (
	"context"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

var (
	repoSnapshot = sync.OnceValues(func() (*store.Snapshot, error) {
		return store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}})
	})
	gsdSnapshot = sync.OnceValues(func() (*store.Snapshot, error) {
		return store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{
			Repo: "../testdata/gsd-core", ConfigSchema: "gsd-core/bin/shared/config-schema.manifest.json"}})
	})
)

func registryOf(t testing.TB, load func() (*store.Snapshot, error)) *store.Registry {
	t.Helper()
	snap, err := load()
	if err != nil {
		t.Fatal(err)
	}
	if !snap.OK() {
		t.Fatalf("fixture does not pass the gate: %v", snap.Diagnostics)
	}
	return snap.Registry
}

func repoRegistry(t testing.TB) *store.Registry { return registryOf(t, repoSnapshot) }
func gsdRegistry(t testing.TB) *store.Registry  { return registryOf(t, gsdSnapshot) }

// mustJSON parses JSON text that a test wrote.
func mustJSON(t testing.TB, src string) ojson.Value {
	t.Helper()
	v, errs := ojson.Parse([]byte(src))
	if len(errs) > 0 {
		t.Fatalf("bad test JSON %s: %v", src, errs)
	}
	return v
}

// resolve renders point with a JSON config ("" for none) and enablement.
func resolve(t testing.TB, reg *store.Registry, point, config string, en Enablement) *Envelope {
	t.Helper()
	req := Request{Point: point, Enablement: en}
	if config != "" {
		req.Config = mustJSON(t, config)
	}
	env, err := Resolve(reg, req)
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// ids lists the active hooks as "kind:capId".
func ids(env *Envelope) []string {
	out := []string{}
	for i := range env.ActiveHooks {
		h := &env.ActiveHooks[i]
		out = append(out, h.Get("kind").StringOr("?")+":"+h.Get("capId").StringOr("?"))
	}
	return out
}

// memCap is a capability for a registry built in memory: its hooks are JSON
// objects as they would appear in capability.json (after materialization).
type memCap struct {
	id, tier, activationKey string
	skills, requires        []string
	config                  []validate.ConfigEntry
	steps, contributions    []string
	gates                   []string
}

// memRegistry builds a registry without validation: capabilities in the
// given order, hooks bucketed by point in declaration order (the caller
// orders them), clusters and config keys as buildRegistry would.
func memRegistry(t testing.TB, caps ...memCap) *store.Registry {
	t.Helper()
	reg := &store.Registry{ByID: map[string]*validate.Capability{}}
	for _, p := range validate.Points {
		reg.ByLoopPoint = append(reg.ByLoopPoint, store.PointHooks{Point: p})
	}
	for _, mc := range caps {
		c := &validate.Capability{ID: mc.id, Role: "feature", Tier: mc.tier, Skills: mc.skills, Requires: mc.requires,
			ActivationKey: mc.activationKey, Config: mc.config}
		if c.Tier == "" {
			c.Tier = "full"
		}
		reg.Capabilities = append(reg.Capabilities, c)
		reg.ByID[c.ID] = c
		for _, e := range mc.config {
			reg.ConfigKeys = append(reg.ConfigKeys, store.ConfigKey{ConfigEntry: e, Owner: c.ID})
		}
		if len(c.Skills) > 0 {
			i := slices.Index(store.ProfileNames, c.Tier)
			skills := slices.Clone(c.Skills)
			sort.Strings(skills)
			reg.Clusters = append(reg.Clusters, store.Cluster{CapID: c.ID, Tier: c.Tier, Skills: skills,
				Profiles: slices.Clone(store.ProfileNames[max(i, 0):])})
		}
		add := func(kind validate.HookKind, srcs []string) {
			for i, src := range srcs {
				raw := mustJSON(t, src)
				h := &validate.Hook{CapID: c.ID, Kind: kind, Index: i, Point: raw.Get("point").StringOr(""),
					Produces: raw.Get("produces").Strings(), Consumes: raw.Get("consumes").Strings(),
					Into: raw.Get("into").StringOr(""), Raw: raw}
				if w := raw.Get("when"); w.IsString() {
					h.When = &w.Str
				}
				ph := &reg.ByLoopPoint[validate.PointIndex(h.Point)]
				switch kind {
				case validate.StepHook:
					ph.Steps = append(ph.Steps, h)
					c.Steps = append(c.Steps, h)
				case validate.ContributionHook:
					ph.Contributions = append(ph.Contributions, h)
					c.Contributions = append(c.Contributions, h)
				default:
					ph.Gates = append(ph.Gates, h)
					c.Gates = append(c.Gates, h)
				}
			}
		}
		add(validate.StepHook, mc.steps)
		add(validate.ContributionHook, mc.contributions)
		add(validate.GateHook, mc.gates)
	}
	slices.SortFunc(reg.Clusters, func(a, b store.Cluster) int {
		if a.CapID < b.CapID {
			return -1
		}
		if a.CapID > b.CapID {
			return 1
		}
		return 0
	})
	return reg
}

func boolKey(key string, def bool) validate.ConfigEntry {
	return validate.ConfigEntry{Key: key, Type: "boolean", Default: ojson.NewBool(def), Description: key}
}

func storeKey(e validate.ConfigEntry) store.ConfigKey {
	return store.ConfigKey{ConfigEntry: e, Owner: "test"}
}

func sortedCopy(ss []string) []string {
	out := slices.Clone(ss)
	slices.Sort(out)
	return out
}
