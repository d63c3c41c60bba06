package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestAgentDuplicate: an agent a feature lists twice, which gsd-core and
// capreg accepted in silence (byAgent names it once; the manifest in the
// registry keeps both), is a warning at each entry after its first,
// naming where that one is, as a duplicate skill is. Entries that are no
// string keep their index (the schema reports them); skills are not
// agents; the same agent in two capabilities is an owner conflict, not
// this.
func TestAgentDuplicate(t *testing.T) {
	at := func(i, col int) string {
		return fmt.Sprintf("capabilities/aa/capability.json:5:%d (/agents/%d)", col, i)
	}
	type want struct {
		ptr string
		col int // on line 5
		msg string
	}
	const effect = `: byAgent names it once, but the registry's manifest of this capability keeps both; remove this entry`
	tests := []struct {
		name           string
		skills, agents string
		want           []want
	}{
		{"none repeated", `[]`, `["gsd-a", "gsd-b"]`, nil},
		{"one repeated", `[]`, `["gsd-a", "gsd-b", "gsd-a"]`, []want{
			{"/agents/2", 32, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect}}},
		{"one thrice", `[]`, `["gsd-a", "gsd-a", "gsd-a"]`, []want{
			{"/agents/1", 23, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect},
			{"/agents/2", 32, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect}}},
		{"after an entry that is no string", `[]`, `[5, "gsd-a", "gsd-a"]`, []want{
			{"/agents/2", 26, `agent "gsd-a" is already listed in agents, at ` + at(1, 17) + effect}}},
		{"differing in case", `[]`, `["gsd-a", "GSD-a"]`, nil},
		{"a skill repeated", `["ui", "ui"]`, `["gsd-a"]`, nil},
		{"the same name as a skill", `["gsd-a"]`, `["gsd-a"]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newcomerFindings(t, "agent-duplicate", newcomerCap("aa", tt.skills, tt.agents, `{}`))
			if len(got) != len(tt.want) {
				t.Fatalf("%d findings, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				d := got[i]
				if d.File != "capabilities/aa/capability.json" || d.Pointer != w.ptr || d.Line != 5 || d.Column != w.col || d.Severity != Warning || d.Message != w.msg {
					t.Errorf("got %s:%d:%d %s (%s): %s\nwant :5:%d warning (%s): %s", d.File, d.Line, d.Column, d.Severity, d.Pointer, d.Message, w.col, w.ptr, w.msg)
				}
			}
		})
	}
	t.Run("no owner conflict within one capability", func(t *testing.T) {
		if got := newcomerFindings(t, "agent-owner-conflict", newcomerCap("aa", `[]`, `["gsd-a", "gsd-a"]`, `{}`)); len(got) != 0 {
			t.Errorf("got %v, want no agent-owner-conflict", got)
		}
	})
	t.Run("two capabilities: an owner conflict, no duplicate", func(t *testing.T) {
		caps := []CapabilitySource{newcomerCap("aa", `[]`, `["gsd-a"]`, `{}`), newcomerCap("bb", `[]`, `["gsd-a"]`, `{}`)}
		if got := newcomerFindings(t, "agent-duplicate", caps...); len(got) != 0 {
			t.Errorf("got %v, want no agent-duplicate", got)
		}
		if got := newcomerFindings(t, "agent-owner-conflict", caps...); len(got) != 1 || !strings.Contains(got[0].Message, `"gsd-a"`) {
			t.Errorf("got %v, want one agent-owner-conflict", got)
		}
	})
}

// TestConsumesAdviceNamesGSDCoresMaker: a consume not met while a step
// before it has no host workflow is a warning whose advice was to declare
// that step with the artifact in its produces, even for one gsd-core's
// own workflow of a later step makes (UAT.md, verify's, consumed at
// plan:pre without discuss: declaring discuss "with UAT.md in its
// produces" is wrong). The advice now names the step that makes it, and,
// when that comes after the consumer's point, says declaring the steps
// listed will not meet it; when the maker is one of them, it names it; when
// this repository's own host workflow of that step is declared and does
// not produce it, or gsd-core's make no such artifact, the advice is as
// before. Each is a warning still.
func TestConsumesAdviceNamesGSDCoresMaker(t *testing.T) {
	research := func(a string) sampleEdit {
		return sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["` + a + `"]`}
	}
	const verifyLater = `"UAT.md" is the verify step's (gsd-core's own verify workflow makes it, from "verify:post"), after this point: move this step to a point where it is available, or drop this consume; else this is an error once `
	tests := []struct {
		name  string
		gone  []string
		hosts [][3]string // workflow, old, new
		edits []sampleEdit
		ptr   string
		want  string // the message's end, after the rule's own text
		not   string // a text the message must not hold
	}{
		{"verify's, at plan:pre, without discuss", []string{"discuss-phase.md"}, nil, []sampleEdit{research("UAT.md")}, "/steps/0/consumes/0",
			`; a warning while the discuss step has no host workflow (point-uncovered), but declaring discuss will not meet this consume: ` + verifyLater + `it is declared`,
			`with "UAT.md" in its marker's produces`},
		{"verify's, at plan:pre, without discuss, verify and ship", []string{"discuss-phase.md", "verify-work.md", "ship.md"}, nil, []sampleEdit{research("UAT.md")}, "/steps/0/consumes/0",
			`; a warning while the discuss step has no host workflow (point-uncovered), but declaring discuss will not meet this consume: ` + verifyLater + `it is declared`,
			`with "UAT.md" in`},
		{"verify's, at execute:wave:pre, without discuss and plan", []string{"discuss-phase.md", "plan-phase.md"}, nil,
			[]sampleEdit{{"nyquist", `"point": "verify:post", "ref": { "skill": "validate-phase" }, "produces": ["VALIDATION.md"], "consumes": ["SUMMARY.md"]`, `"point": "execute:wave:pre", "ref": { "skill": "validate-phase" }, "produces": ["VALIDATION.md"], "consumes": ["UAT.md"]`}}, "/steps/0/consumes/0",
			`; a warning while the discuss and plan steps have no host workflow (point-uncovered), but declaring discuss and plan will not meet this consume: ` + verifyLater + `they are declared`,
			`with "UAT.md" in`},
		{"verify's, at verify:post, without verify, ship making it", []string{"verify-work.md"}, [][3]string{{"ship.md", "produces:\n", "produces: UAT.md\n"}},
			[]sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["UAT.md"]`}}, "/steps/0/consumes/0",
			`consumes "UAT.md" which is only produced after this point (earliest available at "ship:post"); a warning while the verify step has no host workflow (point-uncovered), as what it produces from "verify:post" on is unknown: declare it, with "UAT.md" in its marker's produces, as gsd-core's own verify workflow makes it; else this is an error once it is declared`,
			"if it makes it"},
		{"verify's, this repository's verify making another", []string{"discuss-phase.md"},
			[][3]string{{"verify-work.md", "produces: UAT.md\n", "produces: REPORT.md\n"}, {"ship.md", "consumes: UAT.md\n", "consumes: REPORT.md\n"}},
			[]sampleEdit{research("UAT.md")}, "/steps/0/consumes/0",
			`consumes "UAT.md" which is never produced by any host artifact or capability hook; a warning while the discuss step has no host workflow (point-uncovered), as what it produces from "discuss:post" on is unknown: declare it, with "UAT.md" in its marker's produces if it makes it; else this is an error once it is declared`,
			"gsd-core's own"},
		{"none of gsd-core's", []string{"discuss-phase.md"}, nil, []sampleEdit{research("NOTES.md")}, "/steps/0/consumes/0",
			`consumes "NOTES.md" which is never produced by any host artifact or capability hook; a warning while the discuss step has no host workflow (point-uncovered), as what it produces from "discuss:post" on is unknown: declare it, with "NOTES.md" in its marker's produces if it makes it; else this is an error once it is declared`,
			"gsd-core's own"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := consumesOnly(t, Validate(gate4Repo(t, tt.gone, tt.hosts, tt.edits...)).Diagnostics)
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied, want 1: %v", len(got), got)
			}
			d := got[0]
			if d.Severity != Warning || d.Pointer != tt.ptr || !strings.HasSuffix(d.Message, tt.want) || strings.Contains(d.Message, tt.not) {
				t.Errorf("got %s\nwant a warning (%s) ending %q, without %q", d, tt.ptr, tt.want, tt.not)
			}
		})
	}
}

// gate4Repo is the sample repository with edits, without the host
// workflows gone, and with each of hosts (a workflow's name, an old text
// of it, its new text) applied.
func gate4Repo(t *testing.T, gone []string, hosts [][3]string, edits ...sampleEdit) *Sources {
	t.Helper()
	src := sampleRepo(t, edits...)
	src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool { return slices.Contains(gone, strings.TrimPrefix(w.Path, "workflows/")) })
	for _, h := range hosts {
		i := slices.IndexFunc(src.Workflows, func(w File) bool { return w.Path == "workflows/"+h[0] })
		if i < 0 || !strings.Contains(string(src.Workflows[i].Data), h[1]) {
			t.Fatalf("no %q in %s", h[1], h[0])
		}
		src.Workflows[i].Data = []byte(strings.Replace(string(src.Workflows[i].Data), h[1], h[2], 1))
	}
	return src
}

// TestNeverProducedSaysWhatToWrite: mistakes of a new author's trial whose
// consumes-unsatisfied said "never produced" and no more now say what to
// write: several artifacts in one consumes string; a host workflow's
// list written as a YAML flow list (gsd-core keeps the brackets on the
// names) or without commas (one name); a step whose produces and consumes
// are swapped (it produces CONTEXT.md, a host's before it). A name that
// is no such slip keeps the message as it was. Each stays an error, as in
// gsd-core.
func TestNeverProducedSaysWhatToWrite(t *testing.T) {
	research := func(a string) sampleEdit {
		return sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["` + a + `"]`}
	}
	nyquist := func(a string) sampleEdit {
		return sampleEdit{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["` + a + `"]`}
	}
	const never = ` which is never produced by any host artifact or capability hook`
	tests := []struct {
		name  string
		hosts [][3]string
		edits []sampleEdit
		file  string
		want  string // the message, from the artifact's name on
	}{
		{"two in one string, comma", nil, []sampleEdit{research("CONTEXT.md, PLAN.md")}, "research",
			`"CONTEXT.md, PLAN.md"` + never + `; it names 2 artifacts in one string: list each as its own entry, ["CONTEXT.md", "PLAN.md"]`},
		{"two known in one string, space", nil, []sampleEdit{research("CONTEXT.md PLAN.md")}, "research",
			`"CONTEXT.md PLAN.md"` + never + `; it names 2 artifacts in one string: list each as its own entry, ["CONTEXT.md", "PLAN.md"]`},
		{"one spaced name, not all known", nil, []sampleEdit{research("MY NOTES.md")}, "research",
			`"MY NOTES.md"` + never},
		{"a host's in brackets", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: [UAT.md]"}}, []sampleEdit{nyquist("UAT.md")}, "nyquist",
			`"UAT.md"` + never + `; a host workflow lists it in brackets, as "[UAT.md]", which gsd-core reads as part of the name (a marker's list is split on commas only): write it there without them`},
		{"a host's last in brackets", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: [UAT.md, NOTES.md]"}}, []sampleEdit{nyquist("NOTES.md")}, "nyquist",
			`"NOTES.md"` + never + `; a host workflow lists it in brackets, as "NOTES.md]", which gsd-core reads as part of the name (a marker's list is split on commas only): write it there without them`},
		{"a host's list without commas", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: UAT.md NOTES.md"}}, []sampleEdit{nyquist("NOTES.md")}, "nyquist",
			`"NOTES.md"` + never + `; a host workflow lists "UAT.md NOTES.md", one name holding it: gsd-core splits a marker's list on commas only, so separate the names there with commas`},
		{"produces and consumes swapped", nil, []sampleEdit{
			{"research", `"produces": ["RESEARCH.md"],
      "consumes": ["CONTEXT.md"]`, `"produces": ["CONTEXT.md"],
      "consumes": ["RESEARCH.md"]`},
			{"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}}, "research",
			`"RESEARCH.md"` + never + `; this step produces "CONTEXT.md", which a host workflow makes from "discuss:post", before it runs: are its produces and consumes swapped?`},
		{"producing a host's later, not swapped", nil, []sampleEdit{
			{"research", `"produces": ["RESEARCH.md"],
      "consumes": ["CONTEXT.md"]`, `"produces": ["UAT.md"],
      "consumes": ["NOTES.md"]`},
			{"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}}, "research",
			`"NOTES.md"` + never},
		{"two known in one string, semicolon", nil, []sampleEdit{research("CONTEXT.md; PLAN.md")}, "research",
			`"CONTEXT.md; PLAN.md"` + never + `; it names 2 artifacts in one string: list each as its own entry, ["CONTEXT.md", "PLAN.md"]`},
		{"a host's list with a semicolon", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: UAT.md; NOTES.md"}}, []sampleEdit{nyquist("NOTES.md")}, "nyquist",
			`"NOTES.md"` + never + `; a host workflow lists "UAT.md; NOTES.md", one name holding it: gsd-core splits a marker's list on commas only, so separate the names there with commas`},
		{"a host's with an invisible character", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: UAT.md\u200b"}}, []sampleEdit{nyquist("UAT.md")}, "nyquist",
			`"UAT.md"` + never + `; a host workflow lists it with an invisible character, as "UAT.md\u200b", which gsd-core reads as part of the name: delete the character there`},
		{"a host's decomposed (NFD), consumed composed", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: UAT.md, RE\u0301SUME\u0301.md"}}, []sampleEdit{nyquist("R\u00c9SUM\u00c9.md")}, "nyquist",
			`"RÉSUMÉ.md"` + never + `; the verify step's host workflow produces it as "RE\u0301SUME\u0301.md", the same letters decomposed (NFD: a letter, then its accent, as macOS may save it), where this consume is "R\u00c9SUM\u00c9.md", composed (NFC): gsd-core compares names byte for byte, so write it composed there, "R\u00c9SUM\u00c9.md"`},
		{"a host's composed, consumed decomposed", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: UAT.md, R\u00c9SUM\u00c9.md"}}, []sampleEdit{nyquist("RE\u0301SUME\u0301.md")}, "nyquist",
			"\"RE\u0301SUME\u0301.md\"" + never + `; the verify step's host workflow produces it as "R\u00c9SUM\u00c9.md", the same letters composed (NFC), where this consume is "RE\u0301SUME\u0301.md", decomposed (NFD: a letter, then its accent, as macOS may save it): gsd-core compares names byte for byte, so write this consume composed, "R\u00c9SUM\u00c9.md"`},
		{"a host's under a path, no hint", [][3]string{{"verify-work.md", "produces: UAT.md", "produces: docs/UAT.md"}}, []sampleEdit{nyquist("UAT.md")}, "nyquist",
			`"UAT.md"` + never},
		{"swapped, another step's", nil, []sampleEdit{
			{"ui", `"produces": ["UI-REVIEW.md"], "consumes": ["UI-SPEC.md"]`, `"produces": ["UI-SPEC.md"], "consumes": ["UI-REVIEW.md"]`}}, "ui",
			`"UI-REVIEW.md"` + never + `; this step produces "UI-SPEC.md", which a step of "ui" makes at "plan:pre", before it runs: are its produces and consumes swapped?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := consumesOnly(t, Validate(gate4Repo(t, nil, tt.hosts, tt.edits...)).Diagnostics)
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied, want 1: %v", len(got), got)
			}
			d := got[0]
			ptr := "/steps/0/consumes/0"
			if tt.file == "ui" {
				ptr = "/steps/1/consumes/0"
			}
			if d.Severity != Error || d.File != "capabilities/"+tt.file+"/capability.json" || d.Pointer != ptr || !strings.HasSuffix(d.Message, " consumes "+tt.want) {
				t.Errorf("got %s\nwant an error at capabilities/%s/capability.json (%s) ending %q", d, tt.file, ptr, tt.want)
			}
		})
	}
}

// TestRefNotOwnedSaysWhatToWrite: a step's ref naming a skill or agent a
// typo away from one of the capability's own, or an agent without the
// gsd- prefix its agents keep (a skill's stem habit), is told what to
// write; another is told as before.
func TestRefNotOwnedSaysWhatToWrite(t *testing.T) {
	tests := []struct {
		name string
		edit sampleEdit
		file string
		want string
	}{
		{"an agent without its prefix", sampleEdit{"research", `{ "agent": "gsd-phase-researcher" }`, `{ "agent": "phase-researcher" }`}, "research",
			`ref.agent "phase-researcher" is not in this capability's agents ["gsd-phase-researcher"] (agent names keep the gsd- prefix: write "gsd-phase-researcher")`},
		{"an agent a typo away", sampleEdit{"research", `{ "agent": "gsd-phase-researcher" }`, `{ "agent": "gsd-phase-reseacher" }`}, "research",
			`ref.agent "gsd-phase-reseacher" is not in this capability's agents ["gsd-phase-researcher"] (did you mean "gsd-phase-researcher"?)`},
		{"another agent", sampleEdit{"research", `{ "agent": "gsd-phase-researcher" }`, `{ "agent": "gsd-planner" }`}, "research",
			`ref.agent "gsd-planner" is not in this capability's agents ["gsd-phase-researcher"]`},
		{"a skill a typo away", sampleEdit{"ui", `"ref": { "skill": "ui-phase" }`, `"ref": { "skill": "ui-phse" }`}, "ui",
			`ref.skill "ui-phse" is not in this capability's skills ["ui-phase", "ui-review"] (did you mean "ui-phase"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []Diagnostic
			for _, d := range Validate(sampleRepo(t, tt.edit)).Diagnostics {
				if d.Rule == "ref-not-owned" {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].File != "capabilities/"+tt.file+"/capability.json" || got[0].Pointer != "/steps/0/ref/"+strings.Fields(tt.want)[0][4:] || got[0].Message != tt.want {
				t.Errorf("got %v\nwant one ref-not-owned at capabilities/%s/capability.json: %s", got, tt.file, tt.want)
			}
		})
	}
}

// TestUnwiredPointNamesTheNearCallSite: a render-hooks call site the scan
// does not read (the reference's `loop render-hooks <point>`), written
// singular, with an underscore, without "loop", or with its point
// misspelt, left the point unwired, and the hook's point-unwired error
// said to add the call site the workflow seems to have: it now names that
// line and what to write there. Prose naming render-hooks, and a call site
// read as one, change nothing.
func TestUnwiredPointNamesTheNearCallSite(t *testing.T) {
	const call = "gsd_run loop render-hooks verify:pre --raw"
	const head = `capability "assumptions" gates[0].point "verify:pre" is declared but not wired in any host-loop workflow (no ` + "`loop render-hooks verify:pre`" + ` call site in one; one in a file without a loop-host marker does not count); the hook would never run: `
	tests := []struct {
		name, with, want string
	}{
		{"singular", "gsd_run loop render-hook verify:pre --raw", "workflows/verify-work.md:12 holds `loop render-hook verify:pre`, which is not read as a call site: write `loop render-hooks verify:pre`"},
		{"an underscore", "gsd_run loop render_hooks verify:pre --raw", "workflows/verify-work.md:12 holds `loop render_hooks verify:pre`, which is not read as a call site: write `loop render-hooks verify:pre`"},
		{"without loop", "gsd_run render-hooks verify:pre --raw", "workflows/verify-work.md:12 holds `render-hooks verify:pre`, which is not read as a call site: write `loop render-hooks verify:pre`"},
		{"a point in capitals", "gsd_run loop render-hooks Verify:Pre --raw", "workflows/verify-work.md:12 holds `loop render-hooks Verify:Pre`, which is not read as a call site: write `loop render-hooks verify:pre`"},
		{"a point with a dash", "gsd_run loop render-hooks verify-pre --raw", "workflows/verify-work.md:12 holds `loop render-hooks verify-pre`, which is not read as a call site: write `loop render-hooks verify:pre`"},
		{"prose", "echo the render hooks output", "add `gsd_run loop render-hooks verify:pre` to workflows/verify-work.md, the host workflow of step \"verify\", where that point runs, or move the hook to a wired point of the step (verify:post)"},
		{"read as one", call, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := gate4Repo(t, nil, [][3]string{{"verify-work.md", call, tt.with}})
			var got []Diagnostic
			for _, d := range Validate(src).Diagnostics {
				switch {
				case d.Rule == "point-unwired":
					got = append(got, d)
				case d.Severity == Error:
					t.Errorf("unwanted %s", d)
				}
			}
			if tt.want == "" {
				if len(got) != 0 {
					t.Errorf("got %v, want no point-unwired", got)
				}
				return
			}
			if len(got) != 1 || got[0].File != "capabilities/assumptions/capability.json" || got[0].Pointer != "/gates/0/point" || got[0].Message != head+tt.want {
				t.Errorf("got %v\nwant one point-unwired at capabilities/assumptions/capability.json (/gates/0/point): %s", got, head+tt.want)
			}
		})
	}
}

// TestMarkerPointsSeparatedOtherwise: a marker's points separated by
// something other than a comma (a semicolon, a dash, a bar, a full-width
// comma), which gsd-core reads as one unknown point, are told to be
// separated by commas, as points separated by spaces were; a list of
// which one is no point keeps the did-you-mean or nothing.
func TestMarkerPointsSeparatedOtherwise(t *testing.T) {
	for _, tt := range []struct{ points, want string }{
		{"verify:pre; verify:post", `"verify:pre; verify:post" is not a canonical loop point (points are separated by commas: "verify:pre, verify:post")`},
		{"verify:pre \u2014 verify:post", "\"verify:pre \u2014 verify:post\" is not a canonical loop point (points are separated by commas: \"verify:pre, verify:post\")"},
		{"verify:pre | verify:post", `"verify:pre | verify:post" is not a canonical loop point (points are separated by commas: "verify:pre, verify:post")`},
		{"verify:pre\uff0cverify:post", "\"verify:pre\uff0cverify:post\" is not a canonical loop point (points are separated by commas: \"verify:pre, verify:post\")"},
		{"verify:pre verify:post", `"verify:pre verify:post" is not a canonical loop point (points are separated by commas: "verify:pre, verify:post")`},
		{"verify:pre; verify:later", `"verify:pre; verify:later" is not a canonical loop point; `},
	} {
		t.Run(tt.points, func(t *testing.T) {
			src := gate4Repo(t, nil, [][3]string{{"verify-work.md", "points: verify:pre, verify:post", "points: " + tt.points}})
			var got []Diagnostic
			for _, d := range Validate(src).Diagnostics {
				if d.Rule == "point-unknown" {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].File != "workflows/verify-work.md" || got[0].Line != 3 || got[0].Column != 9 || !strings.HasPrefix(got[0].Message, tt.want) {
				t.Errorf("got %v\nwant one point-unknown at workflows/verify-work.md:3:9 starting %q", got, tt.want)
			}
		})
	}
}

// TestMarkerKeyWithAColonLookAlike: a gsd:loop-host key followed by a
// character that only looks like a colon (full-width, ratio), which
// gsd-core does not read, was "missing required field" with no line: it is
// now told at that line, naming the character and what to write.
func TestMarkerKeyWithAColonLookAlike(t *testing.T) {
	for _, tt := range []struct{ from, to, want string }{
		{"step: verify", "step\uff1a verify", "gsd:loop-host block is missing required field 'step:': this line writes it with '\uff1a' (U+FF1A), which is no colon to gsd-core, so the line is not read; write 'step:', with the ASCII colon"},
		{"produces: UAT.md", "produces \u2236 UAT.md", "gsd:loop-host block is missing required field 'produces:': this line writes it with '\u2236' (U+2236), which is no colon to gsd-core, so the line is not read; write 'produces:', with the ASCII colon"},
	} {
		t.Run(tt.to, func(t *testing.T) {
			src := gate4Repo(t, nil, [][3]string{{"verify-work.md", tt.from, tt.to}})
			var got []Diagnostic
			for _, d := range Validate(src).Diagnostics {
				if d.Rule == "marker-syntax" {
					got = append(got, d)
				}
			}
			line := 2
			if strings.HasPrefix(tt.from, "produces") {
				line = 5
			}
			if len(got) != 1 || got[0].File != "workflows/verify-work.md" || got[0].Line != line || got[0].Column != 1 || got[0].Message != tt.want {
				t.Errorf("got %v\nwant one marker-syntax at workflows/verify-work.md:%d:1: %s", got, line, tt.want)
			}
		})
	}
}

// TestHostConsumesUnsatisfied: a host workflow's consumes that no host
// workflow of an earlier step produces, nor any capability step by the
// host's last point, nor the host itself, which gsd-core never checks, is
// a warning at the marker's value saying what it likely meant; none while
// an earlier step has no host workflow, nor for what is made in time.
func TestHostConsumesUnsatisfied(t *testing.T) {
	const never = `, which no host workflow before it produces, nor any capability step by `
	tests := []struct {
		name  string
		gone  []string
		hosts [][3]string
		edits []sampleEdit
		want  []string // file:line:col message, in the order reported
	}{
		{"the sample", nil, nil, nil, nil},
		{"verify's swapped", nil, [][3]string{{"verify-work.md", "produces: UAT.md\nconsumes: SUMMARY.md", "produces: SUMMARY.md\nconsumes: UAT.md"}}, nil, []string{
			`workflows/ship.md:6:11 the ship host workflow consumes "UAT.md"` + never + `"ship:post": gsd-core does not check it, but what the step expects is never made; gsd-core's own verify workflow makes it, but this repository's verify host workflow does not list it in its produces: add it there`,
			`workflows/verify-work.md:6:11 the verify host workflow consumes "UAT.md"` + never + `"verify:post": gsd-core does not check it, but what the step expects is never made; it produces "SUMMARY.md", which an earlier host workflow already makes: are its produces and consumes swapped?`}},
		{"a typo", nil, [][3]string{{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.mdx"}}, nil, []string{
			`workflows/plan-phase.md:6:11 the plan host workflow consumes "CONTEXT.mdx"` + never + `"plan:post": gsd-core does not check it, but what the step expects is never made; did you mean "CONTEXT.md"?`}},
		{"a later host's", nil, [][3]string{{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md, UAT.md"}}, nil, []string{
			`workflows/plan-phase.md:6:23 the plan host workflow consumes "UAT.md"` + never + `"plan:post": gsd-core does not check it, but what the step expects is never made; only the verify host workflow, after it, makes it: consume what an earlier step makes, or drop it`}},
		{"the first step's, gsd-core's", nil, [][3]string{{"discuss-phase.md", "consumes:\n", "consumes: PLAN.md\n"}}, nil, []string{
			`workflows/discuss-phase.md:6:11 the discuss host workflow consumes "PLAN.md"` + never + `"discuss:post": gsd-core does not check it, but what the step expects is never made; only the plan host workflow, after it, makes it: consume what an earlier step makes, or drop it`}},
		{"the first step's, gsd-core's, made by no host", nil, [][3]string{{"discuss-phase.md", "consumes:\n", "consumes: UAT.md\n"}, {"verify-work.md", "produces: UAT.md", "produces:"}}, nil, []string{
			`workflows/discuss-phase.md:6:11 the discuss host workflow consumes "UAT.md"` + never + `"discuss:post": gsd-core does not check it, but what the step expects is never made; no host workflow before it produces anything: drop it`,
			`workflows/ship.md:6:11 the ship host workflow consumes "UAT.md"` + never + `"ship:post": gsd-core does not check it, but what the step expects is never made; gsd-core's own verify workflow makes it, but this repository's verify host workflow does not list it in its produces: add it there`}},
		// A name nothing in the repository makes, no slip of a known one:
		// likely made outside the loop (new-project's ROADMAP.md).
		{"made outside the loop", nil, [][3]string{{"discuss-phase.md", "consumes:\n", "consumes: BRIEF.md\n"}, {"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md, ROADMAP.md"}}, nil, nil},
		{"an earlier step undeclared", []string{"discuss-phase.md"}, [][3]string{{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.mdx"}}, nil, nil},
		{"its own", nil, [][3]string{{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md, PLAN.md"}}, nil, nil},
		{"an earlier host's, not the one before", nil, [][3]string{{"ship.md", "consumes: UAT.md", "consumes: UAT.md, PLAN.md"}}, nil, nil},
		{"a capability step's, in time", nil, [][3]string{{"execute-phase.md", `consumes="PLAN.md"`, `consumes="PLAN.md, RESEARCH.md"`}}, nil, nil},
		{"a capability step's, too late", nil, [][3]string{{"execute-phase.md", `consumes="PLAN.md"`, `consumes="PLAN.md, VALIDATION.md"`}}, nil, []string{
			`workflows/execute-phase.md:8:57 the execute host workflow consumes "VALIDATION.md"` + never + `"execute:post": gsd-core does not check it, but what the step expects is never made; the host workflows before it produce ["CONTEXT.md", "PLAN.md"]: name one of them, or drop it`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hostConsumeFindings(t, gate4Repo(t, tt.gone, tt.hosts, tt.edits...)); !slices.Equal(got, tt.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// hostConsumeFindings validates src and returns its host-consumes-unsatisfied
// findings as "file:line:col message", in the order reported, failing t
// for one that is no warning.
func hostConsumeFindings(t *testing.T, src *Sources) []string {
	t.Helper()
	var got []string
	for _, d := range Validate(src).Diagnostics {
		if d.Rule == "host-consumes-unsatisfied" {
			if d.Severity != Warning {
				t.Errorf("%s: not a warning", d)
			}
			got = append(got, fmt.Sprintf("%s:%d:%d %s", d.File, d.Line, d.Column, d.Message))
		}
	}
	return got
}
