package render

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// bench10k is a 10,000-capability synthetic repository, built once per test
// binary (loading it takes a few seconds).
var bench10k = sync.OnceValues(func() (*store.Registry, error) {
	dir, err := os.MkdirTemp("", "capreg-render-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := storetest.WriteRepo(filepath.Join(dir, "repo"), 10000); err != nil {
		return nil, err
	}
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: filepath.Join(dir, "repo")}})
	if err != nil {
		return nil, err
	}
	if !snap.OK() {
		return nil, fmt.Errorf("synthetic repository does not pass the gate: %d diagnostics, first %v", len(snap.Diagnostics), snap.Diagnostics[0])
	}
	return snap.Registry, nil
})

// busiest is the point with the most hooks.
func busiest(reg *store.Registry) (string, int) {
	best, n := "", -1
	for _, ph := range reg.ByLoopPoint {
		if c := len(ph.Steps) + len(ph.Contributions) + len(ph.Gates); c > n {
			best, n = ph.Point, c
		}
	}
	return best, n
}

// BenchmarkRender10k renders the busiest point of a 10,000-capability
// repository. Run with
//
//	go test ./render -run '^$' -bench Render10k -benchmem
//
// It reports ns/op and allocs/op, and p50-ns and p99-ns: percentiles of
// the per-call durations. The tail is mostly garbage collection: the test
// binary keeps the whole 10,000-capability snapshot live.
func BenchmarkRender10k(b *testing.B) {
	reg, err := bench10k()
	if err != nil {
		b.Fatal(err)
	}
	point, n := busiest(reg)
	rv := NewResolver(reg)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.Logf("busiest point %s: %d hooks; live heap %d MiB", point, n, ms.HeapAlloc>>20)

	// A config that switches off every third capability (nested form),
	// sets a level on every fifth (flat form) and mistypes a few keys.
	var cfg strings.Builder
	cfg.WriteString("{")
	for i := 0; i < 10000; i += 3 {
		fmt.Fprintf(&cfg, `"cap-%05d":{"enabled":false},`, i)
	}
	for i := 1; i < 10000; i += 5 {
		fmt.Fprintf(&cfg, `"cap-%05d.level":"high",`, i)
	}
	for i := 2; i < 60; i += 6 {
		fmt.Fprintf(&cfg, `"cap-%05d.enabled":"yes",`, i)
	}
	cfg.WriteString(`"workflow":{"research":true}}`)
	config := mustJSON(b, cfg.String())

	cases := []struct {
		name string
		req  Request
		json bool
	}{
		{"defaults", Request{Point: point}, false},
		{"config", Request{Point: point, Config: config}, false},
		{"profile-core", Request{Point: point, Enablement: Enablement{Profile: "core", DisabledCapabilities: []string{"cap-00011"}}}, false},
		{"defaults+json", Request{Point: point}, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			env, err := rv.Resolve(c.req)
			if err != nil {
				b.Fatal(err)
			}
			b.Logf("%d active hooks, %d bytes of markdown, %d warnings", len(env.ActiveHooks), len(env.Rendered), len(env.Warnings))
			durations := make([]time.Duration, 0, 1024)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				start := time.Now()
				env, _ := rv.Resolve(c.req)
				if c.json {
					_ = env.JSON()
				}
				durations = append(durations, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(durations)
			b.ReportMetric(float64(durations[len(durations)/2].Nanoseconds()), "p50-ns")
			b.ReportMetric(float64(durations[len(durations)*99/100].Nanoseconds()), "p99-ns")
		})
	}
}

// BenchmarkExplicitAddsDense: a surface adding the skill of a capability
// that requires 3,000 others, each requiring a hub that owns 3,000 skills.
// The requires-closure of explicitAdds is one walk: each required
// capability's skills are added once, not once per requires edge: 6 ms
// a render, 159 ms per edge.
func BenchmarkExplicitAddsDense(b *testing.B) {
	const n = 3000
	hubSkills := make([]string, n)
	for i := range hubSkills {
		hubSkills[i] = fmt.Sprintf("h%d", i)
	}
	caps := []memCap{{id: "hub", skills: hubSkills}}
	var all []string
	for i := range n {
		id := fmt.Sprintf("c%d", i)
		caps = append(caps, memCap{id: id, skills: []string{id + "s"}, requires: []string{"hub"}})
		all = append(all, id)
	}
	caps = append(caps, memCap{id: "top", skills: []string{"top1"}, requires: all,
		steps: []string{`{"point":"plan:pre","ref":{"skill":"top1"},"onError":"skip"}`}})
	reg := memRegistry(b, caps...)
	en := Enablement{Surface: &Surface{BaseProfile: "core", ExplicitAdds: []string{"top1"}}}
	for b.Loop() {
		if env := resolve(b, reg, "plan:pre", `{}`, en); len(env.ActiveHooks) != 1 {
			b.Fatalf("%d hooks, want top's", len(env.ActiveHooks))
		}
	}
}

// BenchmarkStates10k: the state of 10,000 capabilities, with defaults and
// under the install profile core, as GET and POST /capability-state
// compute it (each hook of the registry is resolved once).
func BenchmarkStates10k(b *testing.B) {
	reg, err := bench10k()
	if err != nil {
		b.Fatal(err)
	}
	rv := NewResolver(reg)
	for _, c := range []struct {
		name string
		req  Request
	}{
		{"defaults", Request{}},
		{"profile-core", Request{Enablement: Enablement{Profile: "core"}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			st, err := rv.States(c.req)
			if err != nil {
				b.Fatal(err)
			}
			hooks := 0
			for _, s := range st.Capabilities {
				hooks += len(s.Hooks)
			}
			b.Logf("%d capabilities, %d hooks", len(st.Capabilities), hooks)
			b.ReportAllocs()
			for b.Loop() {
				rv.States(c.req)
			}
		})
	}
}

// BenchmarkNearMiss looks for the declared key meant by each of 100
// misspelt config keys among 3,000 declared ones (keyNeighbours.meant),
// ASCII keys and keys with letters of two bytes:
//
//	go test ./render -run '^$' -bench NearMiss -benchmem
func BenchmarkNearMiss(b *testing.B) {
	for _, tc := range []struct{ name, word string }{{"ascii", "feature"}, {"latin", "fonctionnalité"}} {
		b.Run(tc.name, func(b *testing.B) {
			reg := &store.Registry{}
			for i := range 3000 {
				reg.ConfigKeys = append(reg.ConfigKeys, store.ConfigKey{ConfigEntry: validate.ConfigEntry{Key: fmt.Sprintf("%s%d.%s.enabled", tc.word, i, tc.word)}})
			}
			n := buildIndex(reg).keyNeighbours()
			var unknown []string
			for i := range 100 {
				// Every fifth a letter off a key, the rest near none.
				if i%5 == 0 {
					unknown = append(unknown, fmt.Sprintf("%s%d.%s.enabeld", tc.word, 30*i, tc.word))
				} else {
					unknown = append(unknown, fmt.Sprintf("%s%d.%s.on", tc.word, 30*i, tc.word))
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, k := range unknown {
					budget := maxNearComparisons
					if near, _ := n.meant(k, &budget); near == "" && strings.HasSuffix(k, "enabeld") {
						b.Fatalf("meant(%q) is none", k)
					}
				}
			}
		})
	}
}

// BenchmarkConfigWalkUnderMember renders a config of 100,000 values under
// one member, its key ASCII or each letter written decomposed (four code
// points each), their paths within a letter of the declared key's length
// composed, so each is looked up and searched for a near miss:
//
//	go test ./render -run '^$' -bench ConfigWalkUnderMember -benchmem -benchtime 5x
func BenchmarkConfigWalkUnderMember(b *testing.B) {
	reg := memRegistry(b, memCap{id: "w", config: []validate.ConfigEntry{boolKey(strings.Repeat("a", 40), true)}})
	for _, tc := range []struct{ name, member string }{
		{"ascii", strings.Repeat("b", 33)},
		{"decomposed", strings.Repeat("\u03b1\u0313\u0300\u0345", 33)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var s strings.Builder
			s.WriteString(`{"` + tc.member + `":{`)
			for i := range 100_000 {
				if i > 0 {
					s.WriteString(",")
				}
				fmt.Fprintf(&s, `"k%05d":1`, i)
			}
			s.WriteString("}}")
			req := Request{Point: "ship:post", Config: mustJSON(b, s.String())}
			rv := NewResolver(reg)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rv.Resolve(req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
