package validate

import (
	"encoding/json"
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
	edit := func(c CapabilitySource, old, new string) CapabilitySource { return editManifest(t, c, old, new) }
	untitled := func(c CapabilitySource) CapabilitySource { return untitledCap(t, c) }
	tier := func(c CapabilitySource, tier string) CapabilitySource { return tieredCap(t, c, tier) }
	alone := loneCap
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

// TestMarkerReadThroughAColonLookAlike: a gsd:loop-host key written with a
// character that only looks like a colon ("step\uff1a verify") was told at
// its line, and the block then left unread, so a second slip in it (a role
// of another family, a point misspelt, an unknown step) was told only once
// the look-alike was mended. The block is now read as if the look-alike
// were the colon: the look-alike's finding stays as it was, and the
// block's other slips are told in the same run, with nothing more (no
// point-uncovered, no consumes findings for the step). A key also written
// with the colon is read from that line, as gsd-core reads it; a block
// whose every key has a look-alike (a keyboard layout that types them
// so) is one finding naming each line, where it was "holds none of its
// fields".
func TestMarkerReadThroughAColonLookAlike(t *testing.T) {
	const fw = "\uff1a"
	lookAlike := func(k string, line int) string {
		return fmt.Sprintf("marker-syntax %d:1 gsd:loop-host block is missing required field '%s:': this line writes it with '\uff1a' (U+FF1A), which is no colon to gsd-core, so the line is not read; write '%s:', with the ASCII colon", line, k, k)
	}
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string // every finding, all in workflows/verify-work.md, in order: "rule line:col message"
	}{
		{"the sample", nil, nil},
		{"step, alone", [][3]string{{"verify-work.md", "step: verify", "step" + fw + " verify"}},
			[]string{lookAlike("step", 2)}},
		{"step, and a role of another family", [][3]string{{"verify-work.md", "step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator", "step" + fw + " verify\npoints: verify:pre, verify:post\nagent-roles: planner"}},
			[]string{lookAlike("step", 2), `role-family 4:14 declared agent-role "planner" belongs to the planning family, but step "verify" admits only orchestration roles (orchestrator); remove it from this step's roles: planning roles run in step "plan"`}},
		{"step, and an unknown step", [][3]string{{"verify-work.md", "step: verify", "step" + fw + " verfy"}},
			[]string{lookAlike("step", 2), `marker-unknown-step 2:7 unknown step "verfy"`}},
		{"step, with no value", [][3]string{{"verify-work.md", "step: verify", "step" + fw}},
			[]string{`marker-syntax 2:1 'step:' has no value; name one of discuss, plan, execute, verify, ship`, lookAlike("step", 2)}},
		{"points, and a point misspelt", [][3]string{{"verify-work.md", "points: verify:pre, verify:post", "points" + fw + " verify:pre, verify:pst"}},
			[]string{lookAlike("points", 3), `point-unknown 3:21 "verify:pst" is not a canonical loop point`}},
		{"agent-roles, and a role of another family", [][3]string{{"verify-work.md", "agent-roles: orchestrator", "agent-roles" + fw + " orchestrator, planner"}},
			[]string{lookAlike("agent-roles", 4), `role-family 4:28 declared agent-role "planner" belongs to the planning family, but step "verify" admits only orchestration roles (orchestrator); remove it from this step's roles: planning roles run in step "plan"`}},
		{"produces and consumes, both", [][3]string{{"verify-work.md", "produces: UAT.md\nconsumes: SUMMARY.md", "produces" + fw + " UAT.md\nconsumes" + fw + " SUMMARY.md"}},
			[]string{lookAlike("produces", 5), lookAlike("consumes", 6)}},
		{"a look-alike and a missing key", [][3]string{{"verify-work.md", "step: verify\npoints: verify:pre, verify:post\n", "step" + fw + " verify\n"}},
			[]string{`marker-syntax 1:1 gsd:loop-host block is missing required field 'points:'`, lookAlike("step", 2)}},
		{"a key written with the colon too", [][3]string{{"verify-work.md", "consumes: SUMMARY.md", "consumes: SUMMARY.md\nstep" + fw + " verify"}},
			[]string{`marker-key-near-miss 7:1 this line writes 'step' with '：' (U+FF1A), which is no colon to gsd-core: it reads 'step:' from line 2 only and ignores this line, so "verify" is not read`}},
		{"every key", [][3]string{{"verify-work.md",
			"step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\nconsumes: SUMMARY.md",
			"step" + fw + " verify\npoints" + fw + " verify:pre, verify:post\nagent-roles" + fw + " orchestrator\nproduces" + fw + " UAT.md\nconsumes" + fw + " SUMMARY.md"}},
			[]string{"marker-syntax 2:1 gsd:loop-host block writes none of its keys with a colon: 'step' (line 2), 'points' (line 3), 'agent-roles' (line 4), 'produces' (line 5), 'consumes' (line 6) are each followed by '\uff1a' (U+FF1A), which is no colon to gsd-core, so none of these lines is read; write each key with the ASCII colon ':'"}},
		{"every key, and a role of another family", [][3]string{{"verify-work.md",
			"step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\nconsumes: SUMMARY.md",
			"step" + fw + " verify\npoints" + fw + " verify:pre, verify:post\nagent-roles" + fw + " verifier\nproduces" + fw + " UAT.md\nconsumes" + fw + " SUMMARY.md"}},
			[]string{"marker-syntax 2:1 gsd:loop-host block writes none of its keys with a colon: 'step' (line 2), 'points' (line 3), 'agent-roles' (line 4), 'produces' (line 5), 'consumes' (line 6) are each followed by '\uff1a' (U+FF1A), which is no colon to gsd-core, so none of these lines is read; write each key with the ASCII colon ':'",
				`role-family 4:14 declared agent-role "verifier" belongs to the execution family, but step "verify" admits only orchestration roles (orchestrator); remove it from this step's roles: execution roles run in step "execute"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Validate(gate4Repo(t, nil, tt.hosts)).Diagnostics {
				if d.File != "workflows/verify-work.md" {
					t.Errorf("a finding elsewhere: %s", d)
					continue
				}
				got = append(got, fmt.Sprintf("%s %d:%d %s", d.Rule, d.Line, d.Column, d.Message))
			}
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

// fileFindings validates src and returns every finding as "rule
// line:col message", failing t for one outside file.
func fileFindings(t *testing.T, src *Sources, file string) []string {
	t.Helper()
	var got []string
	for _, d := range Validate(src).Diagnostics {
		if d.File != file {
			t.Errorf("a finding elsewhere: %s", d)
			continue
		}
		got = append(got, fmt.Sprintf("%s %d:%d %s", d.Rule, d.Line, d.Column, d.Message))
	}
	return got
}

// TestRejectedBlockTellsItsOtherSlips: a gsd:loop-host block rejected for a
// field missing, empty or given twice was left unread, so its step, roles
// and points were checked only once that field was mended: an unknown
// step, a role of another family, a point misspelt, and an empty step,
// points or agent-roles beside a missing field, each came a run later.
// They are told in the same run. A field given twice is not read (which
// line was meant is unknown), nor is the value of a line another key is
// written on, nor is any when lone CRs join the lines; and the block,
// still rejected, is checked against no other workflow (no
// point-uncovered, point-duplicate or consumes findings).
func TestRejectedBlockTellsItsOtherSlips(t *testing.T) {
	tests := []struct {
		name  string
		hosts [][3]string
		file  string
		want  []string // every finding, in order: "rule line:col message"
	}{
		{"a field missing, and a role of another family", [][3]string{{"verify-work.md", "agent-roles: orchestrator\nproduces: UAT.md\n", "agent-roles: planner\n"}}, "workflows/verify-work.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			`role-family 4:14 declared agent-role "planner" belongs to the planning family, but step "verify" admits only orchestration roles (orchestrator); remove it from this step's roles: planning roles run in step "plan"`}},
		{"a field missing, and a point misspelt", [][3]string{{"verify-work.md", "points: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\n", "points: verify:pre, verify:pst\nagent-roles: orchestrator\n"}}, "workflows/verify-work.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			`point-unknown 3:21 "verify:pst" is not a canonical loop point (did you mean "verify:post"?)`}},
		{"a field given twice, and an unknown step", [][3]string{{"verify-work.md", "step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md", "step: verfy\npoints: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\nproduces: X.md"}}, "workflows/verify-work.md", []string{
			`marker-unknown-step 2:7 unknown step "verfy"; a host workflow declares one of discuss, plan, execute, verify, ship (did you mean "verify"?)`,
			"marker-duplicate-key 6:1 duplicate key 'produces' in gsd:loop-host block (first at line 5)"}},
		{"agent-roles empty, and an unknown step", [][3]string{{"ship.md", "step: ship\npoints: ship:pre, ship:post\nagent-roles: orchestrator", "step: shipping\npoints: ship:pre, ship:post\nagent-roles:"}}, "workflows/ship.md", []string{
			`marker-unknown-step 2:7 unknown step "shipping"`,
			"marker-syntax 4:1 'agent-roles:' is empty; a step must publish at least one agent role"}},
		{"a field missing, and points separated by blanks", [][3]string{{"discuss-phase.md", "points: discuss:pre, discuss:post\nagent-roles: orchestrator\nproduces: CONTEXT.md\nconsumes:\n", "points: discuss:pre discuss:post\nagent-roles: orchestrator\nproduces: CONTEXT.md\n"}}, "workflows/discuss-phase.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'consumes:'",
			`point-unknown 3:9 "discuss:pre discuss:post" is not a canonical loop point (points are separated by commas: "discuss:pre, discuss:post")`}},
		{"a field missing, and the step empty", [][3]string{{"verify-work.md", "step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\n", "step:\npoints: verify:pre, verify:post\nagent-roles: orchestrator\n"}}, "workflows/verify-work.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			"marker-syntax 2:1 'step:' has no value; name one of discuss, plan, execute, verify, ship"}},
		{"a field missing, and the points empty", [][3]string{{"verify-work.md", "points: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\n", "points:\nagent-roles: orchestrator\n"}}, "workflows/verify-work.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			"marker-syntax 3:1 'points:' is empty; a step must publish its loop points"}},
		{"the step given twice, the second unknown", [][3]string{{"verify-work.md", "step: verify\n", "step: verify\nstep: verfy\n"}}, "workflows/verify-work.md", []string{
			"marker-duplicate-key 3:1 duplicate key 'step' in gsd:loop-host block (first at line 2)"}},
		{"a key on another's line", [][3]string{{"plan-phase.md", "points: plan:pre, plan:post\nagent-roles: researcher, planner, checker\n", "points: plan:pre, plan:post agent-roles: researcher, planner, checker\n"}}, "workflows/plan-phase.md", []string{
			"marker-syntax 3:29 gsd:loop-host block is missing required field 'agent-roles:': it is written on the line of 'points:' (line 3)"}},
		{"lone CRs", [][3]string{{"verify-work.md", "step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator\n", "step: verfy\rpoints: verify:pre, verify:pst\ragent-roles: planner\n"}}, "workflows/verify-work.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required fields 'points:', 'agent-roles:'"}},
		{"a point twice, in a rejected block", [][3]string{{"verify-work.md", "points: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\n", "points: verify:pre, verify:post, verify:pre\nagent-roles: orchestrator\n"}}, "workflows/verify-work.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			`point-duplicate 3:34 point "verify:pre" declared more than once across all step workflows (also in this file)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fileFindings(t, gate4Repo(t, nil, tt.hosts), tt.file)
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

// TestConfigKeysOfACapabilityWithErrors: the config keys of a capability
// with errors elsewhere (a title that is no string, a slice of its own
// that is wrong) were left out of the checks between capabilities and
// against the central schema, so a key two capabilities declare
// (config-key-conflict), one still among the central validKeys
// (config-key-pending-migration) or one a central pattern matches came
// only once those errors were fixed. They are told in the same run.
// Not for a capability whose id is not its folder's name (which
// capability it is, is unknown), and no conflict of a capability with
// itself over a key its config gives twice (json-duplicate-key: the
// parsed object keeps one).
func TestConfigKeysOfACapabilityWithErrors(t *testing.T) {
	const slice = `{"type": "boolean", "default": true, "description": "d"}`
	withConfig := func(id, keys string) CapabilitySource {
		return newcomerCap(id, `[]`, `[]`, `{`+keys+`}`)
	}
	edit := func(c CapabilitySource, old, new string) CapabilitySource { return editManifest(t, c, old, new) }
	untitled := func(c CapabilitySource) CapabilitySource { return untitledCap(t, c) }
	conflict := func(at, first string) string {
		return fmt.Sprintf(`config-key-conflict capabilities/%s/capability.json /config/x.k: config key "x.k" is owned by both %q and %q`, at, first, at)
	}
	central := func(valid []string, patterns ...string) *File {
		ps := make([]map[string]string, len(patterns))
		for i, p := range patterns {
			ps[i] = map[string]string{"source": p}
		}
		data, err := json.Marshal(map[string]any{"validKeys": valid, "dynamicKeyPatterns": ps})
		if err != nil {
			t.Fatal(err)
		}
		return &File{Path: "config/config-schema.manifest.json", Data: data}
	}
	tests := []struct {
		name    string
		caps    []CapabilitySource
		central *File
		want    []string // config-key-* findings, sorted, each "rule file pointer: message" up to its first part
	}{
		{"a conflict, both valid", []CapabilitySource{withConfig("aa", `"x.k": `+slice), withConfig("bb", `"x.k": `+slice)}, nil,
			[]string{conflict("bb", "aa")}},
		{"a conflict, the first with errors", []CapabilitySource{untitled(withConfig("aa", `"x.k": `+slice)), withConfig("bb", `"x.k": `+slice)}, nil,
			[]string{conflict("bb", "aa")}},
		{"a conflict, the second with errors", []CapabilitySource{withConfig("aa", `"x.k": `+slice), untitled(withConfig("bb", `"x.k": `+slice))}, nil,
			[]string{conflict("bb", "aa")}},
		{"a conflict, the key's own slice wrong", []CapabilitySource{withConfig("aa", `"x.k": `+slice), withConfig("bb", `"x.k": {"type": "bool", "default": true, "description": "d"}`)}, nil,
			[]string{conflict("bb", "aa")}},
		{"a conflict with a capability in another's folder", []CapabilitySource{withConfig("aa", `"x.k": `+slice), edit(withConfig("bb", `"x.k": `+slice), `"id": "bb"`, `"id": "bx"`)}, nil, nil},
		{"a key given twice in one config", []CapabilitySource{withConfig("aa", `"x.k": `+slice+`, "x.k": `+slice)}, nil, nil},
		{"pending migration, with errors", []CapabilitySource{untitled(withConfig("aa", `"x.k": `+slice))}, central([]string{"x.k"}),
			[]string{`config-key-pending-migration capabilities/aa/capability.json /config/x.k: pending-migration: capability "aa" declares config key "x.k" still present in the central config schema`}},
		{"a central pattern, with errors", []CapabilitySource{untitled(withConfig("aa", `"x.k": `+slice))}, central(nil, `^x\.`),
			[]string{`config-key-central-pattern capabilities/aa/capability.json /config/x.k: `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: tt.caps, Workflows: hostWorkflows(t, "workflows"), ConfigSchema: tt.central})
			var got []string
			for _, d := range res.Diagnostics {
				if strings.HasPrefix(d.Rule, "config-key-") {
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

// TestRejectedTagsTellTheirOtherSlips: a workflow of marker tags, one of
// which is not well formed (an attribute unquoted or misspelt), declared
// no step, and its well-formed tags were checked only once that tag was
// mended: a role of another family, a point misspelt. They are told in
// the same run; the tag's own finding stays the only other one (nothing
// about the role or point the bad tag held, nor anything checked against
// other workflows).
func TestRejectedTagsTellTheirOtherSlips(t *testing.T) {
	const file = "workflows/execute-phase.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string // every finding, in order: "rule line:col message"
	}{
		{"an attribute unquoted, alone", [][3]string{{"execute-phase.md", `produces="SUMMARY.md"`, `produces=SUMMARY.md`}}, []string{
			`marker-syntax 8:1 <loop-artifact> produces=SUMMARY.md is not quoted: write produces="SUMMARY.md"`}},
		{"an attribute misspelt, alone", [][3]string{{"execute-phase.md", `<agent-role name="executor"/>`, `<agent-role nam="executor"/>`}}, []string{
			`marker-syntax 7:1 <agent-role> reads no nam="…", so "executor" is not read: did you mean name="executor"?`}},
		{"an attribute unquoted, and a role of another family", [][3]string{{"execute-phase.md", `<agent-role name="verifier"/>`, `<agent-role name="planner"/>`}, {"execute-phase.md", `produces="SUMMARY.md"`, `produces=SUMMARY.md`}}, []string{
			`role-family 7:49 declared agent-role "planner" belongs to the planning family, but step "execute" admits only execution roles (executor, verifier); remove it from this step's roles: planning roles run in step "plan"`,
			`marker-syntax 8:1 <loop-artifact> produces=SUMMARY.md is not quoted: write produces="SUMMARY.md"`}},
		{"an attribute misspelt, and a point misspelt", [][3]string{{"execute-phase.md", `<loop-point id="execute:post"/>`, `<loop-point id="execute:pst"/>`}, {"execute-phase.md", `<agent-role name="executor"/>`, `<agent-role nam="executor"/>`}}, []string{
			`point-unknown 6:17 "execute:pst" is not a canonical loop point (did you mean "execute:post"?)`,
			`marker-syntax 7:1 <agent-role> reads no nam="…", so "executor" is not read: did you mean name="executor"?`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fileFindings(t, gate4Repo(t, nil, tt.hosts), file)
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

// TestFailedCardTextChecked: a tool card failing the card schema (a risk
// misspelt, an effects missing) had none of its text checked, so a
// summary or an intent phrase holding a line break, an example running
// another program, or a help_probe that is no command line came only once
// its schema errors were fixed. Each is told in the same run, where the
// fields it reads are strings: no example or help_probe finding when the
// command is no string or blank (what the card runs is unknown), nor for
// an example that is blank.
func TestFailedCardTextChecked(t *testing.T) {
	badRisk := map[string]string{"risk": `"reversable"`}
	with := func(m map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	tests := []struct {
		name, rule string
		set        map[string]string
		want       string // the finding's pointer, "" for none
	}{
		{"summary, risk misspelt", "card-summary-lines", with(badRisk, "summary", `"Merge a branch.\nThen push."`), "/summary"},
		{"phrase, risk misspelt", "card-phrase-lines", with(badRisk, "intent_phrases", `["land my\nbranch"]`), "/intent_phrases/0"},
		{"example, risk misspelt", "card-example-command", with(badRisk, "example", `"make land"`), "/example"},
		{"help_probe, risk misspelt", "card-help-probe", with(badRisk, "help_probe", `"--help"`), "/help_probe"},
		{"example, effects no string", "card-example-command", map[string]string{"effects": `5`, "example": `"make land"`}, "/example"},
		{"example, command no string", "card-example-command", with(badRisk, "command", `5`, "example", `"git push"`), ""},
		{"example, command blank", "card-example-command", with(badRisk, "command", `" "`, "example", `"git push"`), ""},
		{"help_probe, command no string", "card-help-probe", with(badRisk, "command", `["bin/land"]`, "help_probe", `"--help"`), ""},
		{"example blank", "card-example-command", with(badRisk, "example", `""`), ""},
		{"example that runs the command", "card-example-command", with(badRisk, "example", `"bin/land main"`), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(cardAuthorFindings(t, "schema", tt.set)) == 0 {
				t.Fatal("the card passes the schema: the case tests nothing")
			}
			got := cardAuthorFindings(t, tt.rule, tt.set)
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("got %v, want no %s", got, tt.rule)
			case tt.want != "" && (len(got) != 1 || got[0].Pointer != tt.want || got[0].Severity != Warning):
				t.Errorf("got %v, want one %s warning at %s", got, tt.rule, tt.want)
			}
		})
	}
}

// TestConsumesOfACapabilityWithErrors: what a step of a feature with
// errors elsewhere (a tier miswritten, a title that is no string)
// consumes and nothing makes was told (consumes-unsatisfied) only once
// those errors were fixed. It is told in the same run, in its own file.
// Not for a step whose consumes is not a list of strings (an entry's
// index is unknown), nor of a capability whose id is not its folder's or
// whose role is not feature, nor of a consume that is met, nor while a
// step of a capability with errors says nothing of what it produces.
func TestConsumesOfACapabilityWithErrors(t *testing.T) {
	nyquist := func(old, new string) sampleEdit { return sampleEdit{"nyquist", old, new} }
	typo := nyquist(`"consumes": ["SUMMARY.md"]`, `"consumes": ["SUMARY.md"]`)
	badTier := nyquist(`"tier": "full"`, `"tier": "Full"`)
	const want = `capabilities/nyquist/capability.json /steps/0/consumes/0: capability "nyquist" step at point "verify:post" consumes "SUMARY.md" which is never produced by any host artifact or capability hook; did you mean "SUMMARY.md"?`
	tests := []struct {
		name  string
		edits []sampleEdit
		want  []string
	}{
		{"valid", []sampleEdit{typo}, []string{want}},
		{"a tier miswritten", []sampleEdit{typo, badTier}, []string{want}},
		{"a title that is no string", []sampleEdit{typo, nyquist(`"title": "Nyquist validation"`, `"title": 5`)}, []string{want}},
		{"met, with errors", []sampleEdit{badTier}, nil},
		{"an entry before it no string", []sampleEdit{badTier, nyquist(`"consumes": ["SUMMARY.md"]`, `"consumes": [5, "SUMARY.md"]`)}, nil},
		{"an id not its folder's", []sampleEdit{typo, nyquist(`"id": "nyquist"`, `"id": "nyquistx"`)}, nil},
		{"a role miswritten", []sampleEdit{typo, nyquist(`"role": "feature"`, `"role": "feture"`)}, nil},
		// A step's produces left out may hold the artifact: its own
		// step's (gsd-core's "a step without produces": ui's verify:post
		// step consumes what its plan:pre step made), or another's.
		{"its other step's produces missing", []sampleEdit{{"ui", `"produces": ["UI-SPEC.md"], `, ``}}, nil},
		{"another's produces missing", []sampleEdit{typo, badTier, {"ui", `"produces": ["UI-SPEC.md"], `, ``}}, nil},
		{"another's produces no list", []sampleEdit{typo, badTier, {"ui", `"produces": ["UI-SPEC.md"]`, `"produces": "UI-SPEC.md"`}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Validate(sampleRepo(t, tt.edits...)).Diagnostics {
				if d.Rule == "consumes-unsatisfied" {
					got = append(got, fmt.Sprintf("%s %s: %s", d.File, d.Pointer, d.Message))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestDuplicateProducerWithACapabilityWithErrors: a step of a feature with
// errors elsewhere (a title that is no string) producing an artifact
// another step produces at the same point was told (duplicate-producer)
// only once those errors were fixed. It is told in the same run, at both
// steps. Not for a step whose produces is not a list of strings, nor of a
// capability whose id is not its folder's.
func TestDuplicateProducerWithACapabilityWithErrors(t *testing.T) {
	research := func(old, new string) sampleEdit { return sampleEdit{"research", old, new} }
	dup := research(`"produces": ["RESEARCH.md"]`, `"produces": ["UI-SPEC.md"]`)
	untitled := research(`"title": "Phase research"`, `"title": 5`)
	want := []string{"capabilities/research/capability.json /steps/0/produces/0", "capabilities/ui/capability.json /steps/0/produces/0"}
	tests := []struct {
		name  string
		edits []sampleEdit
		want  []string
	}{
		{"valid", []sampleEdit{dup}, want},
		{"with errors", []sampleEdit{dup, untitled}, want},
		{"with errors, produces not all strings", []sampleEdit{untitled, research(`"produces": ["RESEARCH.md"]`, `"produces": [5, "UI-SPEC.md"]`)}, nil},
		{"an id not its folder's", []sampleEdit{dup, research(`"id": "research"`, `"id": "researchx"`)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Validate(sampleRepo(t, tt.edits...)).Diagnostics {
				if d.Rule == "duplicate-producer" {
					got = append(got, d.File+" "+d.Pointer)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestUncoveredToldBesideAnotherMarkersSlip: a step whose workflow omits
// one of its canonical points was told so (point-uncovered) only once
// every other marker was mended: another workflow's point misspelt, or a
// block rejected for a field, held back every step's coverage. A step one
// workflow declares, its points understood, is told in the same run. Not
// a step whose own points are not understood (a point misspelt may be the
// one missing), nor one two workflows declare, nor one no workflow
// declares while a marker is not read (it may be that step's).
func TestUncoveredToldBesideAnotherMarkersSlip(t *testing.T) {
	planPost := `point-uncovered workflows/plan-phase.md: step "plan" does not declare its canonical point "plan:post": add plan:post to the points: line of its gsd:loop-host block`
	dropPlanPost := [3]string{"plan-phase.md", "points: plan:pre, plan:post", "points: plan:pre"}
	tests := []struct {
		name  string
		gone  []string
		hosts [][3]string
		want  []string
	}{
		{"alone", nil, [][3]string{dropPlanPost}, []string{planPost}},
		{"beside a point misspelt in another workflow", nil, [][3]string{dropPlanPost, {"verify-work.md", "points: verify:pre, verify:post", "points: verify:pre, verify:pst"}}, []string{planPost}},
		{"beside a block rejected for a field", nil, [][3]string{dropPlanPost, {"verify-work.md", "produces: UAT.md\n", ""}}, []string{planPost}},
		{"beside an unknown step", nil, [][3]string{dropPlanPost, {"ship.md", "step: ship", "step: shipping"}}, []string{planPost}},
		{"its own point misspelt", nil, [][3]string{{"plan-phase.md", "points: plan:pre, plan:post", "points: plan:pre, plan:pst"}, {"verify-work.md", "produces: UAT.md\n", ""}}, nil},
		{"beside a point misspelt, another step undeclared", []string{"ship.md"}, [][3]string{{"verify-work.md", "points: verify:pre, verify:post", "points: verify:pre, verify:pst"}}, nil},
		{"a step two workflows declare", nil, [][3]string{dropPlanPost, {"discuss-phase.md", "step: discuss\npoints: discuss:pre, discuss:post", "step: plan\npoints: plan:pre"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Validate(gate4Repo(t, tt.gone, tt.hosts)).Diagnostics {
				if d.Rule == "point-uncovered" {
					got = append(got, fmt.Sprintf("%s %s: %s", d.Rule, d.File, d.Message))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}
