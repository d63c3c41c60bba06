package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// cr74Findings is every finding of src, all in file, as "rule line:col
// message", compared by prefix with want, in order.
func cr74Findings(t *testing.T, src *Sources, file string, want []string) {
	t.Helper()
	got := fileFindings(t, src, file)
	if len(got) != len(want) {
		t.Fatalf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	for i := range got {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d:\n\tgot  %s\n\twant %s…", i, got[i], want[i])
		}
	}
}

// TestRejectedBlockWithoutAStepChecksItsPoints: a gsd:loop-host block
// rejected because its step: line is missing has no step to judge its
// roles by, but each of its points is still checked as a canonical one
// (checkRejectedMarker), in the same run; a canonical point is not
// (discuss:pre, PointIndex 0, included). A mutant that never reported
// them there passed every test (cr74 review of f80f0686).
func TestRejectedBlockWithoutAStepChecksItsPoints(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		hosts [][3]string
		want  []string
	}{
		{"a point misspelt", "workflows/verify-work.md", [][3]string{{"verify-work.md", "step: verify\npoints: verify:pre, verify:post", "points: verify:pre, verify:pst"}}, []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'step:'",
			`point-unknown 2:21 "verify:pst" is not a canonical loop point (did you mean "verify:post"?)`}},
		{"the first canonical point, and a role of another family", "workflows/discuss-phase.md", [][3]string{{"discuss-phase.md", "step: discuss\npoints: discuss:pre, discuss:post\nagent-roles: orchestrator", "points: discuss:pre, discuss:post\nagent-roles: planner"}}, []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'step:'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), tt.file, tt.want)
		})
	}
}

// TestConsumesWaitsForEveryShapeOfProduces: what a feature with errors
// consumes and nothing makes is told (consumes-unsatisfied) only while
// every step of each capability with errors says what it produces
// (producesKnown), whatever shape its steps are given in. A "steps" key
// misspelt, one step given alone for the list, a produces holding an
// entry that is no string, or a step of a capability whose role is
// miswritten (a feature's step once the role is mended) leaves what that
// step makes unknown, and the consume is not told; an entry of steps
// that is no object is no step, and does not hold it back. Mutants
// dropping each of these passed every test (cr74 review of fe93dba8).
func TestConsumesWaitsForEveryShapeOfProduces(t *testing.T) {
	nyquist := func(old, new string) sampleEdit { return sampleEdit{"nyquist", old, new} }
	research := func(old, new string) sampleEdit { return sampleEdit{"research", old, new} }
	typo := nyquist(`"consumes": ["SUMMARY.md"]`, `"consumes": ["SUMARY.md"]`)
	badTier := nyquist(`"tier": "full"`, `"tier": "Full"`)
	noProduces := research(`"produces": ["RESEARCH.md"],`, ``)
	const want = `capabilities/nyquist/capability.json /steps/0/consumes/0: capability "nyquist" step at point "verify:post" consumes "SUMARY.md" which is never produced by any host artifact or capability hook; did you mean "SUMMARY.md"?`
	tests := []struct {
		name  string
		edits []sampleEdit
		want  []string
	}{
		{"another's produces missing", []sampleEdit{typo, badTier, noProduces}, nil},
		{"another's steps misspelt, a produces missing", []sampleEdit{typo, badTier, noProduces, research(`"steps": [`, `"step": [`)}, nil},
		{"another's steps misspelt, every produces there", []sampleEdit{typo, badTier, research(`"steps": [`, `"step": [`)}, []string{want}},
		{"another's one step given alone, its produces missing", []sampleEdit{typo, badTier, noProduces, research(`"steps": [`, `"steps": `), research("}\n  ],\n  \"contributions\"", "},\n  \"contributions\"")}, nil},
		{"another's one step given alone, its produces there", []sampleEdit{typo, badTier, research(`"steps": [`, `"steps": `), research("}\n  ],\n  \"contributions\"", "},\n  \"contributions\"")}, []string{want}},
		{"another's steps holding an entry no object", []sampleEdit{typo, badTier, research(`"steps": [`, `"steps": ["plan:pre", `)}, []string{want}},
		{"another's role miswritten, a produces missing", []sampleEdit{typo, badTier, noProduces, research(`"role": "feature"`, `"role": "feture"`)}, nil},
		{"another's produces holding a number", []sampleEdit{typo, badTier, research(`"produces": ["RESEARCH.md"]`, `"produces": [5, "RESEARCH.md"]`)}, nil},
		{"its own produces holding a number", []sampleEdit{typo, badTier, nyquist(`"produces": [`, `"produces": [5, `)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t, tt.edits...)
			var got, schema []string
			for _, d := range Validate(src).Diagnostics {
				switch d.Rule {
				case "consumes-unsatisfied":
					if d.File != "capabilities/nyquist/capability.json" {
						continue // pattern-mapper, valid, consumes the RESEARCH.md an edit takes away: checked as ever
					}
					got = append(got, d.File+" "+d.Pointer+": "+d.Message)
				case "schema":
					schema = append(schema, d.File)
				}
			}
			if !slices.Contains(schema, "capabilities/nyquist/capability.json") {
				t.Fatalf("nyquist has no schema error (%v): the case tests nothing", schema)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestDuplicateProducerReadsTheProducesList: whether a step of a feature
// with errors counts in duplicate-producer is judged by its produces
// list, not its consumes: a produces holding an entry that is no string
// is not read (the index of each entry is unknown) however many strings
// its consumes holds. A mutant judging a step's produces by its consumes
// list passed every test (cr74 review of 9916eb3b).
func TestDuplicateProducerReadsTheProducesList(t *testing.T) {
	research := func(old, new string) sampleEdit { return sampleEdit{"research", old, new} }
	untitled := research(`"title": "Phase research"`, `"title": 5`)
	both := []string{"capabilities/research/capability.json /steps/0/produces/0", "capabilities/ui/capability.json /steps/0/produces/0"}
	tests := []struct {
		name  string
		edits []sampleEdit
		want  []string
	}{
		{"produces of two entries, one no string; consumes of two", []sampleEdit{untitled,
			research(`"produces": ["RESEARCH.md"]`, `"produces": [5, "UI-SPEC.md"]`), research(`"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.md", "CONTEXT.md"]`)}, nil},
		{"produces of one; consumes of two", []sampleEdit{untitled,
			research(`"produces": ["RESEARCH.md"]`, `"produces": ["UI-SPEC.md"]`), research(`"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.md", "CONTEXT.md"]`)}, both},
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

// TestConfigKeysOfACapabilityWithErrorsWhateverItsRequires: the config
// keys of a capability with errors are checked against the others' when
// its id is its folder's, whatever its requires is: a requires that is
// no list of strings (which keeps the capability out of the requires
// checks) says nothing of whose its config keys are. A mutant taking
// the requires checks' filter for the config checks passed every test
// (cr74 review of 06566c15, ed279e64).
func TestConfigKeysOfACapabilityWithErrorsWhateverItsRequires(t *testing.T) {
	const slice = `{"type": "boolean", "default": true, "description": "d"}`
	withConfig := func(id string) CapabilitySource { return newcomerCap(id, `[]`, `[]`, `{"x.k": `+slice+`}`) }
	requires := func(c CapabilitySource, r string) CapabilitySource {
		return editManifest(t, c, `"requires": []`, `"requires": `+r)
	}
	const want = `capabilities/bb/capability.json /config/x.k: config key "x.k" is owned by both "aa" and "bb"`
	for _, r := range []string{`"aa"`, `[5]`, `null`} {
		t.Run(r, func(t *testing.T) {
			var got []string
			for _, d := range newcomerFindings(t, "config-key-conflict", withConfig("aa"), requires(withConfig("bb"), r)) {
				got = append(got, d.File+" "+d.Pointer+": "+d.Message)
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], want) {
				t.Errorf("got\n\t%s\nwant\n\t%s…", strings.Join(got, "\n\t"), want)
			}
		})
	}
}

// TestKeyGivenTwiceIsNotRead: a gsd:loop-host key given twice is told
// (marker-duplicate-key) and neither of its values is read, the first
// no more than the second: which was meant is unknown, so the block's
// other checks (checkRejectedMarker) judge neither. A mutant reading the
// first passed every test, the sample's first value being the right one
// (cr74 review of f80f0686).
func TestKeyGivenTwiceIsNotRead(t *testing.T) {
	const file = "workflows/verify-work.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"the step, the first unknown", [][3]string{{"verify-work.md", "step: verify\n", "step: verfy\nstep: verify\n"}}, []string{
			"marker-duplicate-key 3:1 duplicate key 'step' in gsd:loop-host block (first at line 2)"}},
		{"the points, the first misspelt", [][3]string{{"verify-work.md", "points: verify:pre, verify:post\n", "points: verify:pre, verify:pst\npoints: verify:pre, verify:post\n"}}, []string{
			"marker-duplicate-key 4:1 duplicate key 'points' in gsd:loop-host block (first at line 3)"}},
		{"the agent-roles, the first of another family", [][3]string{{"verify-work.md", "agent-roles: orchestrator\n", "agent-roles: planner\nagent-roles: orchestrator\n"}}, []string{
			"marker-duplicate-key 5:1 duplicate key 'agent-roles' in gsd:loop-host block (first at line 4)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), file, tt.want)
		})
	}
}

// TestLookAlikeLineBeforeTheKeyIsNotRead: a block line writing a key with
// a colon look-alike is ignored by gsd-core, which reads the key from
// the line writing it with the colon; so does capreg, whichever comes
// first: no marker-duplicate-key, nor the look-alike's value read, for a
// block gsd-core accepts. A mutant reading the look-alike line when it
// comes first passed every test, whose look-alike lines all came after
// (cr74 review of 083c9fa6).
func TestLookAlikeLineBeforeTheKeyIsNotRead(t *testing.T) {
	const fw = "\uff1a"
	// The look-alike line is warned of (marker-key-near-miss, gate7):
	// its value is lost.
	ignored := func(at, k string, line int, val string) string {
		return fmt.Sprintf("marker-key-near-miss %s this line writes '%s' with '：' (U+FF1A), which is no colon to gsd-core: it reads '%s:' from line %d only and ignores this line, so %q is not read", at, k, k, line, val)
	}
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"step, another before it", [][3]string{{"verify-work.md", "step: verify", "step" + fw + " verfy\nstep: verify"}}, []string{ignored("2:1", "step", 3, "verfy")}},
		{"points, a misspelt point before it", [][3]string{{"verify-work.md", "points: verify:pre, verify:post", "points" + fw + " verify:pst\npoints: verify:pre, verify:post"}}, []string{ignored("3:1", "points", 4, "verify:pst")}},
		{"consumes, before and after", [][3]string{{"verify-work.md", "consumes: SUMMARY.md", "consumes" + fw + " NOTHING.md\nconsumes: SUMMARY.md\nconsumes" + fw + " NOTHING.md"}}, []string{ignored("6:1", "consumes", 7, "NOTHING.md"), ignored("8:1", "consumes", 7, "NOTHING.md")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), "workflows/verify-work.md", tt.want)
		})
	}
}

// TestLookAlikeKeyLineAndTheLineAfter: a block key read through a colon
// look-alike is read as the key would be with the colon: the step is a
// scalar, so a line after it is no continuation of a list to warn of
// (marker-continued-line), where a list key's is; and a key the block
// writes twice with a look-alike, and never with the colon, stands at
// its first line, where its finding is told. Mutants dropping either
// passed every test (cr74 review of 083c9fa6).
func TestLookAlikeKeyLineAndTheLineAfter(t *testing.T) {
	const fw = "\uff1a"
	lookAlike := func(k string, line int) string {
		return fmt.Sprintf("marker-syntax %d:1 gsd:loop-host block is missing required field '%s:': this line writes it with '\uff1a' (U+FF1A)", line, k)
	}
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"the step, then a word", [][3]string{{"verify-work.md", "step: verify\n", "step" + fw + " verify\nverify-more\n"}}, []string{lookAlike("step", 2)}},
		{"the step with the colon, then a word", [][3]string{{"verify-work.md", "step: verify\n", "step: verify\nverify-more\n"}}, nil},
		{"produces, then a word", [][3]string{{"verify-work.md", "produces: UAT.md\n", "produces" + fw + " UAT.md,\nREPORT.md\n"}}, []string{
			lookAlike("produces", 5),
			`marker-continued-line 6:1 this line is not read: gsd-core reads a gsd:loop-host field from its own line only, so "REPORT.md" is no part of 'produces:' (line 5)`}},
		{"the step twice", [][3]string{{"verify-work.md", "step: verify\n", "step" + fw + " verify\nstep" + fw + " verify\n"}}, []string{lookAlike("step", 2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), "workflows/verify-work.md", tt.want)
		})
	}
}

// TestEveryKeyLookAlikeFindingOrder: the one finding of a block whose
// every key is written with a colon look-alike stands at the first of
// those lines and names them in line order, not the order of the keys;
// a block holding one such key and no other is told as one key is, at
// its line, beside the fields missing, not as a block "writing none of
// its keys with a colon". Mutants dropping either passed every test
// (cr74 review of 083c9fa6).
func TestEveryKeyLookAlikeFindingOrder(t *testing.T) {
	const fw = "\uff1a"
	const block = "step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\nconsumes: SUMMARY.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"every key, points first", [][3]string{{"verify-work.md", block,
			"points" + fw + " verify:pre, verify:post\nstep" + fw + " verify\nagent-roles" + fw + " orchestrator\nproduces" + fw + " UAT.md\nconsumes" + fw + " SUMMARY.md"}}, []string{
			"marker-syntax 2:1 gsd:loop-host block writes none of its keys with a colon: 'points' (line 2), 'step' (line 3), 'agent-roles' (line 4), 'produces' (line 5), 'consumes' (line 6) are each followed by"}},
		{"one key, alone", [][3]string{{"verify-work.md", block, "step" + fw + " verify"}}, []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'agent-roles:'",
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'consumes:'",
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'points:'",
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			"marker-syntax 2:1 gsd:loop-host block is missing required field 'step:': this line writes it with '\uff1a' (U+FF1A)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), "workflows/verify-work.md", tt.want)
		})
	}
}

// TestFailedCardTextWithoutACommand: a card failing the card schema whose
// command is no string, or blank, has no example or help_probe checked
// (what it runs is unknown), but its summary and intent phrases are
// checked still: they read nothing of the command. A mutant checking the
// summary only beside a command passed every test (cr74 review of
// 69f45bbd).
func TestFailedCardTextWithoutACommand(t *testing.T) {
	tests := []struct {
		name, rule string
		set        map[string]string
		want       string
	}{
		{"summary, command no string", "card-summary-lines", map[string]string{"command": `5`, "summary": `"Merge a branch.\nThen push."`}, "/summary"},
		{"summary, command blank", "card-summary-lines", map[string]string{"command": `" "`, "summary": `"Merge a branch.\nThen push."`}, "/summary"},
		{"summary, command null", "card-summary-lines", map[string]string{"command": `null`, "summary": `"Merge a branch.\nThen push."`}, "/summary"},
		{"phrase, command no string", "card-phrase-lines", map[string]string{"command": `5`, "intent_phrases": `["land my\nbranch"]`}, "/intent_phrases/0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(cardAuthorFindings(t, "schema", tt.set)) == 0 {
				t.Fatal("the card passes the schema: the case tests nothing")
			}
			got := cardAuthorFindings(t, tt.rule, tt.set)
			if len(got) != 1 || got[0].Pointer != tt.want || got[0].Severity != Warning {
				t.Errorf("got %v, want one %s warning at %s", got, tt.rule, tt.want)
			}
		})
	}
}
