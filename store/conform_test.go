package store_test

// Conformance probes on variants of testdata/gsd-core: behaviours
// ../shared/spec/gsd-core-reference.md states ("ref §N") that no other test
// pinned on a repository of that shape. Each variant is one edit a real
// gsd-core checkout could see.

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// gsdLoadVariant loads a copy of the fixture after edit.
func gsdLoadVariant(t *testing.T, edit func(t *testing.T, repo string)) *store.Snapshot {
	t.Helper()
	repo := gsdCopy(t)
	edit(t, repo)
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: gsdConfigSchema}})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// finding is a diagnostic a variant must produce: its rule, and a part of
// its pointer and message ("/version: …"), in the reference's wording where
// the reference gives one.
type finding struct{ rule, msg string }

// TestGSDCoreRejectedVariants: each variant breaks one rule of the reference
// and is rejected with the findings listed, and with no error of another
// rule.
func TestGSDCoreRejectedVariants(t *testing.T) {
	variants := []struct {
		name, ref string
		edit      func(t *testing.T, repo string)
		want      []finding
	}{
		{"a call site in a workflow that is not a host does not wire its point", "§1.8 (other workflows are not scanned)",
			func(t *testing.T, repo string) {
				gsdEditFile(t, repo, "gsd-core/workflows/autonomous.md", func(s string) string {
					return s + "\n```bash\nX=$(gsd_run loop render-hooks execute:pre --raw)\n```\n"
				})
				gsdEditCap(t, repo, "ui", func(c map[string]any) {
					c["gates"] = append(c["gates"].([]any), map[string]any{"point": "execute:pre", "check": map[string]any{"query": "ui.pre"}, "blocking": false, "onError": "skip"})
				})
			},
			[]finding{{"point-unwired", `capability "ui" gates[2].point "execute:pre" is declared but not wired in any host-loop workflow`}}},
		{"a host workflow whose marker is indented code", "§1.2 (the reference reads it; capreg reads CommonMark, warns, and blames the step, not its hooks)",
			func(t *testing.T, repo string) {
				gsdEditFile(t, repo, "gsd-core/workflows/plan-phase.md", func(s string) string { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") })
			},
			// The step is missing: its points are uncovered, once, and no
			// hook is "unwired", as its call sites are there, nor a
			// contribution into its roles "not in roles", as they are
			// unknown (marker-in-code warns of the block).
			[]finding{{"point-uncovered", `"plan:pre"`}}},
		{"a point repeated in one marker", "§1.2 (caught by the global duplicate check)",
			func(t *testing.T, repo string) {
				gsdEditFile(t, repo, "gsd-core/workflows/plan-phase.md", func(s string) string {
					return strings.Replace(s, "points: plan:pre, plan:post", "points: plan:pre, plan:post, plan:pre", 1)
				})
			},
			[]finding{{"point-duplicate", `point "plan:pre" declared more than once across all step workflows`}}},
		{"a marker without one of its keys", "§1.2 (a missing key is an error; a bare key is not)",
			func(t *testing.T, repo string) {
				gsdEditFile(t, repo, "gsd-core/workflows/ship.md", func(s string) string { return strings.Replace(s, "consumes: UAT.md\n", "", 1) })
			},
			[]finding{{"marker-syntax", "missing required field 'consumes:'"}}},
		{"a step value holding a comma", "§1.2 (step is the rest of the line), §1.5 (unknown step fails closed)",
			func(t *testing.T, repo string) {
				gsdEditFile(t, repo, "gsd-core/workflows/ship.md", func(s string) string { return strings.Replace(s, "step: ship", "step: ship, verify", 1) })
			},
			[]finding{{"marker-unknown-step", `unknown step "ship, verify"`}}},
		{"ship admitting an executor", "§1.5",
			func(t *testing.T, repo string) {
				gsdEditFile(t, repo, "gsd-core/workflows/ship.md", func(s string) string {
					return strings.Replace(s, "agent-roles: orchestrator", "agent-roles: orchestrator, executor", 1)
				})
			},
			[]finding{{"role-family", `declared agent-role "executor"`}}},
		{"a hidden capability folder counts", "§2.1 (hidden directories count)",
			func(t *testing.T, repo string) {
				data, err := os.ReadFile(filepath.Join(repo, "capabilities", "ui", "capability.json"))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Join(repo, "capabilities", ".ui-old"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(repo, "capabilities", ".ui-old", "capability.json"), data, 0o644); err != nil {
					t.Fatal(err)
				}
			},
			[]finding{{"id-folder-mismatch", `id "ui" does not equal its folder name ".ui-old"`}}},
		{"a v-prefixed version", "§2.2 (strict SemVer, no v prefix)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { c["version"] = "v1.10.0" })
			},
			[]finding{{"schema", "/version"}}},
		{"a partial version", "§2.2 (no partial versions)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { c["version"] = "1.10" })
			},
			[]finding{{"schema", "/version"}}},
		{"an engines.gsd range without a digit", "§2.2 (a digit, or exactly *, x or X)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { c["engines"] = map[string]any{"gsd": "latest"} })
			},
			[]finding{{"schema", "/engines/gsd"}}},
		{"a gate without onError", "§2.6 (onError required on gates)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { delete(gsdObj(c, "gates", 0), "onError") })
			},
			[]finding{{"schema", "missing required field 'onError'"}}},
		{"a step without produces", "§2.4 (produces and consumes required on steps)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { delete(gsdObj(c, "steps", 0), "produces") })
			},
			[]finding{{"schema", "missing required field 'produces'"}}},
		{"a config type the build does not know", "§2.11 (type:\"bool\" passes validateCapability, fails the build)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { gsdObj(c, "config", "workflow.ui_phase")["type"] = "bool" })
			},
			[]finding{{"config-slice", `config type "bool"`}}},
		{"an enum default outside its values", "§2.11",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "research", func(c map[string]any) { gsdObj(c, "config", "workflow.research_depth")["default"] = "huge" })
			},
			[]finding{{"config-slice", "default must be one of the enum values"}}},
		{"a reviewer-role capability without its body", "§2.13 (role reviewer requires the body)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ollama", func(c map[string]any) { delete(c, "reviewer") })
			},
			[]finding{{"schema", "missing required field 'reviewer'"}}},
		{"a null reviewer body on a runtime", "§2.13 (null asserts a body, which is validated)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "trae", func(c map[string]any) { c["reviewer"] = nil })
			},
			[]finding{{"schema", "/reviewer"}}},
		{"an unknown probe field", "§2.13 (an error, where an unknown reviewer field is a warning)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ollama", func(c map[string]any) { gsdObj(c, "reviewer", "probe")["extra"] = 1 })
			},
			[]finding{{"schema", "/reviewer/probe/extra"}}},
		{"a command module with a folder", "§2.3 (module is a bare .cjs basename)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "intel", func(c map[string]any) { gsdObj(c, "commands", 0)["module"] = "lib/intel.cjs" })
			},
			[]finding{{"schema", "/commands/0/module"}}},
		{"a skill owned by two features", "§3 I-1",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "drift", func(c map[string]any) { c["skills"] = []any{"ui-phase"} })
			},
			[]finding{{"skill-owner-conflict", `skill "ui-phase" is owned by both "drift" and "ui"`}}},
		{"a command family owned by two features", "§3 I-3",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "audit", func(c map[string]any) { gsdObj(c, "commands", 0)["family"] = "intel" })
			},
			[]finding{{"command-family-conflict", `command family "intel" is owned by both "audit" and "intel"`}}},
		{"a runtime's config key owned by a feature too", "§3 I-4a (any role declaring config counts)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "trae", func(c map[string]any) {
					c["config"] = map[string]any{"workflow.ui_phase": map[string]any{"type": "boolean", "default": true, "description": "d"}}
				})
			},
			[]finding{{"config-key-conflict", `config key "workflow.ui_phase" is owned by both "trae" and "ui"`}}},
		{"a reviewer flag claimed three times", "§3 I-5 (every claimant named, ids sorted)",
			func(t *testing.T, repo string) {
				for _, id := range []string{"ollama", "gemini", "lm-studio"} {
					gsdEditCap(t, repo, id, func(c map[string]any) { gsdObj(c, "reviewer")["flags"] = []any{"--local"} })
				}
			},
			[]finding{{"reviewer-lane-conflict", `reviewer flag "--local" is declared by "gemini" and "lm-studio" and "ollama"`},
				{"reviewer-lane-conflict", `"gemini" at capabilities/gemini/capability.json:24:7 (/reviewer/flags/0) and "ollama" at capabilities/ollama/capability.json:29:7 (/reviewer/flags/0) declare it too`}}},
		{"a runtimeCompat naming a reviewer", "§3 I-7 (ids must be runtime-role capabilities)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) {
					c["runtimeCompat"] = map[string]any{"supported": []any{"ollama"}, "unsupported": []any{}}
				})
			},
			[]finding{{"runtime-compat-unknown", `capability "ui" runtimeCompat.supported references unknown runtime "ollama"`}}},
		{"a requires cycle", "§3 I-8a (the DFS path from its root, the re-entered node repeated), I-8b (every edge)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "research", func(c map[string]any) { c["requires"] = []any{"pattern-mapper"} })
			},
			[]finding{{"requires-cycle", "requires cycle detected: pattern-mapper → research → pattern-mapper"},
				{"tier-monotone", `tier-monotone violation: capability "research" (tier: standard) requires "pattern-mapper" (tier: full)`}}},
		{"two steps of one capability producing one artifact at one point", "§3 I-9 (the two steps may belong to the same capability)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) {
					c["steps"] = append(c["steps"].([]any), map[string]any{"point": "plan:pre", "ref": map[string]any{"skill": "ui-review"},
						"produces": []any{"UI-SPEC.md"}, "consumes": []any{}, "onError": "skip"})
				})
			},
			[]finding{{"duplicate-producer", `duplicate-producer invariant violated: artifact "UI-SPEC.md"`}, {"duplicate-producer", "(capabilities: ui)"}}},
		{"a step consuming what it alone produces", "§3 I-10 variant 2",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { gsdObj(c, "steps", 0)["consumes"] = []any{"UI-SPEC.md"} })
			},
			[]finding{{"consumes-unsatisfied", `step at point "plan:pre" consumes "UI-SPEC.md" which is only produced by this step itself`}}},
		{"a step consuming what a later step produces", "§3 I-10 variant 3",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { gsdObj(c, "steps", 0)["consumes"] = []any{"VALIDATION.md"} })
			},
			[]finding{{"consumes-unsatisfied", `consumes "VALIDATION.md" which is only produced after this point (earliest available at "verify:post")`}}},
		{"a step consuming its own step's host artifact before :post", "§1.6, §3 I-10 (host artifacts count from their step's :post)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "ui", func(c map[string]any) { gsdObj(c, "steps", 0)["consumes"] = []any{"PLAN.md"} })
			},
			[]finding{{"consumes-unsatisfied", `consumes "PLAN.md" which is only produced after this point (earliest available at "plan:post")`}}},
		{"a step consuming what only a contribution produces", "§3 I-10 (contributions' produces never satisfy anything)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "security", func(c map[string]any) { gsdObj(c, "contributions", 0)["produces"] = []any{"THREATS.md"} })
				gsdEditCap(t, repo, "ui", func(c map[string]any) { gsdObj(c, "steps", 1)["consumes"] = []any{"THREATS.md"} })
			},
			[]finding{{"consumes-unsatisfied", `consumes "THREATS.md" which is never produced by any host artifact or capability hook (capability "security"'s contribution at point "plan:pre" produces it, but a contribution's produces satisfies no step: produce it from a step)`}}},
		{"a produces/consumes cycle among contributions", "§3 I-11",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "security", func(c map[string]any) {
					h := gsdObj(c, "contributions", 0)
					h["produces"], h["consumes"] = []any{"X.md"}, []any{"Y.md"}
				})
				gsdEditCap(t, repo, "schema-gate", func(c map[string]any) {
					h := gsdObj(c, "contributions", 0)
					h["produces"], h["consumes"] = []any{"Y.md"}, []any{"X.md"}
				})
			},
			[]finding{{"ordering-cycle", `produces/consumes cycle detected in contributions at point "plan:pre"`}}},
		{"a contribution into a role its step does not publish", "§2.8, §3 I-13",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "security", func(c map[string]any) { gsdObj(c, "contributions", 0)["into"] = "orchestrator" })
			},
			[]finding{{"into-not-in-roles", `capability "security" contribution.into "orchestrator" at point "plan:pre" is not in the step's agentRoles`}}},
		{"a when naming another capability's key", "§2.7 (own keys only)",
			func(t *testing.T, repo string) {
				gsdEditCap(t, repo, "security", func(c map[string]any) { gsdObj(c, "contributions", 0)["when"] = "workflow.ui_phase" })
			},
			[]finding{{"when-unknown-key", `contribution.when "workflow.ui_phase"`}}},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			snap := gsdLoadVariant(t, v.edit)
			if snap.OK() {
				t.Errorf("the reference rejects this (ref %s); capreg accepts it:\n%s", v.ref, gsdDiags(snap.Diagnostics))
			}
			rules := map[string]bool{}
			for _, w := range v.want {
				rules[w.rule] = true
				if !slices.ContainsFunc(snap.Diagnostics, func(d validate.Diagnostic) bool {
					return d.Rule == w.rule && d.Severity == validate.Error && strings.Contains(d.Pointer+": "+d.Message, w.msg)
				}) {
					t.Errorf("no %s error at or saying %q (ref %s); got:\n%s", w.rule, w.msg, v.ref, gsdDiags(snap.Diagnostics))
				}
			}
			for _, d := range snap.Diagnostics {
				if d.Severity == validate.Error && !rules[d.Rule] {
					t.Errorf("unexpected finding: %s", d)
				}
			}
		})
	}
}

// ref §4.5: commandFamilies is an object, so a family a capability declares
// twice is one key; gsd-core assigns it per declaration, so the last wins.
func TestGSDCoreCommandFamilyDeclaredTwice(t *testing.T) {
	snap := gsdLoadVariant(t, func(t *testing.T, repo string) {
		gsdEditCap(t, repo, "intel", func(c map[string]any) {
			c["commands"] = append(c["commands"].([]any), map[string]any{"family": "intel", "module": "intel-v2.cjs", "router": "routeIntelV2"})
		})
	})
	if !snap.OK() {
		t.Fatalf("the reference accepts a family declared twice by one capability:\n%s", gsdDiags(snap.Diagnostics))
	}
	raw := snap.Artifact(store.RegistryFile)
	keys := gsdKeys(t, raw, "commandFamilies")
	if n := len(slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return k != "intel" })); n != 1 {
		t.Errorf("commandFamilies lists \"intel\" %d times, want once: %v", n, keys)
	}
	gsdEqual(t, "families", len(keys), 13)
	gsdEqual(t, "commandFamilies[intel] module", gsdCompact(gsdKeysValue(t, raw, "commandFamilies", "intel")),
		`{"capId":"intel","module":"intel-v2.cjs","router":"routeIntelV2"}`)
}

// gsdKeysValue decodes the value at path inside raw.
func gsdKeysValue(t *testing.T, raw []byte, path ...string) any {
	t.Helper()
	v := mustDecode(t, raw)
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%v: not an object on the way", path)
		}
		v = m[p]
	}
	return v
}

func mustDecode(t *testing.T, raw []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// ref §4.6: profileMembership is the suffix of [core, standard, full] from
// the tier, and capabilityClusters the skills sorted, for any tier (the
// fixture's skill owners are all full, their skills already sorted).
func TestGSDCoreClustersByTier(t *testing.T) {
	snap := gsdLoadVariant(t, func(t *testing.T, repo string) {
		gsdEditCap(t, repo, "research", func(c map[string]any) { c["skills"] = []any{"research-phase", "phase-notes"} })
		gsdEditCap(t, repo, "learnings", func(c map[string]any) { c["tier"], c["skills"] = "core", []any{"learn"} })
	})
	if !snap.OK() {
		t.Fatalf("variant does not pass:\n%s", gsdDiags(snap.Diagnostics))
	}
	raw := snap.Artifact(store.RegistryFile)
	gsdEqual(t, "research cluster", gsdCompact(gsdKeysValue(t, raw, "capabilityClusters", "research")), `["phase-notes","research-phase"]`)
	gsdEqual(t, "research membership", gsdCompact(gsdKeysValue(t, raw, "profileMembership", "research")), `{"profiles":["standard","full"],"tier":"standard"}`)
	gsdEqual(t, "learnings membership", gsdCompact(gsdKeysValue(t, raw, "profileMembership", "learnings")), `{"profiles":["core","standard","full"],"tier":"core"}`)
	gsdEqual(t, "membership key order", gsdKeys(t, raw, "profileMembership", "research"), []string{"tier", "profiles"})
	gsdEqual(t, "skill owners", gsdKeys(t, raw, "capabilityClusters"), []string{"ai-integration", "code-review", "graphify", "learnings",
		"mempalace", "nyquist", "profile-pipeline", "research", "security", "ui"})
	// The source keeps its order: only the cluster is sorted.
	gsdEqual(t, "research skills as declared", gsdCompact(gsdKeysValue(t, raw, "capabilities", "research", "skills")), `["research-phase","phase-notes"]`)
}
