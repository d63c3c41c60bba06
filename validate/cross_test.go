package validate

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
)

// sampleEdit replaces old by new, once, in the manifest of capability id.
type sampleEdit struct{ id, old, new string }

// sampleRepo is testdata/repo's capabilities (each folder's files read as
// fragments) and host workflows, with edits applied; an edit whose old
// text is not in the manifest fails the test, so that a change of the
// sample does not leave the test checking nothing.
func sampleRepo(t *testing.T, edits ...sampleEdit) *Sources {
	t.Helper()
	const root = "../testdata/repo/capabilities"
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	src := &Sources{CapabilitiesDir: "capabilities", Workflows: hostWorkflows(t, "workflows")}
	used := make([]bool, len(edits))
	for _, e := range entries {
		id := e.Name()
		c := CapabilitySource{Folder: id, Files: map[string]File{}}
		err := fs.WalkDir(os.DirFS(root+"/"+id), ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(root + "/" + id + "/" + p)
			if err != nil {
				return err
			}
			f := File{Path: path.Join("capabilities", id, p), Data: data}
			if p == "capability.json" {
				c.Manifest = f
			} else {
				c.Files[p] = f
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, ed := range edits {
			if ed.id != id {
				continue
			}
			s := string(c.Manifest.Data)
			if !strings.Contains(s, ed.old) {
				t.Fatalf("%s's manifest lacks %s; update this test", id, ed.old)
			}
			c.Manifest.Data = []byte(strings.Replace(s, ed.old, ed.new, 1))
			used[i] = true
		}
		src.Capabilities = append(src.Capabilities, c)
	}
	for i, u := range used {
		if !u {
			t.Fatalf("no capability %q in the sample", edits[i].id)
		}
	}
	return src
}

// findingsOf are the findings of Validate(src) (any rule when rules is empty).
func findingsOf(src *Sources, rules ...string) []Diagnostic {
	var out []Diagnostic
	for _, d := range Validate(src).Diagnostics {
		if len(rules) == 0 || slices.Contains(rules, d.Rule) {
			out = append(out, d)
		}
	}
	return out
}

// noFindings fails t for each finding of got.
func noFindings(t *testing.T, got []Diagnostic) {
	t.Helper()
	for _, d := range got {
		t.Errorf("unexpected finding %s:%d [%s] %s", d.File, d.Line, d.Rule, d.Message)
	}
}

// oneFinding is the one finding of got; any other number fails t now.
func oneFinding(t *testing.T, got []Diagnostic) Diagnostic {
	t.Helper()
	if len(got) != 1 {
		t.Fatalf("%d findings, want 1: %v", len(got), got)
	}
	return got[0]
}

// TestSampleIsClean: the sample the tests below edit has no finding, so
// each finding they expect is the edit's.
func TestSampleIsClean(t *testing.T) {
	noFindings(t, findingsOf(sampleRepo(t)))
}

// TestCrossCapabilityClaims: a command family or reviewer lane (slug,
// flag, reviewsSection) two capabilities claim, or an artifact two steps
// produce at one point, is one finding, in the file second in folder
// order, naming the claimants and where the other claims it; a claim
// made once is no finding, nor an artifact one step lists twice. A
// requires cycle is one finding, at the edge that closes it from its
// member first in folder order.
func TestCrossCapabilityClaims(t *testing.T) {
	driftCommand := func(family string) sampleEdit {
		return sampleEdit{"drift", `"hooks": [],`, `"hooks": [],
  "commands": [{ "family": "` + family + `", "module": "drift.cjs", "router": "routeDrift", "subcommands": ["check"] }],`}
	}
	tests := []struct {
		name  string
		edits []sampleEdit
		file  string // where the one finding is, "" for none
		ptr   string
		want  string // the message's start
	}{
		{"a command family of two features", []sampleEdit{driftCommand("intel")},
			"capabilities/intel/capability.json", "/commands/0/family",
			`command family "intel" is owned by both "drift" and "intel"; "drift" claims it at capabilities/drift/capability.json:`},
		{"a command family of its own", []sampleEdit{driftCommand("drift")}, "", "", ""},
		{"a reviewer flag of two", []sampleEdit{{"ollama", `"flags": ["--ollama", "--local"]`, `"flags": ["--ollama", "--claude"]`}},
			"capabilities/ollama/capability.json", "/reviewer/flags/1",
			`reviewer flag "--claude" is declared by "claude" and "ollama"; reviewer lanes must be unique: "claude" declares it at capabilities/claude/capability.json:59:15 (/reviewer/flags/0) too, so keep it in one of them and rename the other`},
		{"a reviewer slug of two", []sampleEdit{{"ollama", `"slug": "ollama"`, `"slug": "claude"`}},
			"capabilities/ollama/capability.json", "/reviewer/slug",
			`reviewer slug "claude" is declared by "claude" and "ollama"; reviewer lanes must be unique: "claude" declares it at capabilities/claude/capability.json:58:5 (/reviewer/slug) too`},
		{"a reviewsSection of two", []sampleEdit{{"ollama", `"reviewsSection": "Ollama"`, `"reviewsSection": "Claude"`}},
			"capabilities/ollama/capability.json", "/reviewer/reviewsSection",
			`reviewer reviewsSection "Claude" is declared by "claude" and "ollama"; reviewer lanes must be unique: "claude" declares it at capabilities/claude/capability.json:65:5 (/reviewer/reviewsSection) too`},
		{"a requires cycle", []sampleEdit{{"research", `"requires": []`, `"requires": ["pattern-mapper"]`}},
			"capabilities/research/capability.json", "/requires/0",
			"requires cycle detected: pattern-mapper → research → pattern-mapper"},
		{"an artifact one step lists twice", []sampleEdit{{"ui", `"produces": ["UI-SPEC.md"], "consumes": ["CONTEXT.md"]`, `"produces": ["UI-SPEC.md", "UI-SPEC.md"], "consumes": ["CONTEXT.md"]`}}, "", "", ""},
		{"a reviewsSection equal to another's slug", []sampleEdit{{"ollama", `"reviewsSection": "Ollama"`, `"reviewsSection": "claude"`}}, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findingsOf(sampleRepo(t, tt.edits...))
			if tt.file == "" {
				noFindings(t, got)
				return
			}
			d := oneFinding(t, got)
			if d.File != tt.file || d.Pointer != tt.ptr || d.Severity != Error || !strings.HasPrefix(d.Message, tt.want) {
				t.Errorf("got %s (%s) %v: %s\nwant %s (%s) error: %s…", d.File, d.Pointer, d.Severity, d.Message, tt.file, tt.ptr, tt.want)
			}
		})
	}
}

// TestDuplicateProducerToldAtEachProducer: two steps producing one
// artifact at one point are told in both files, each naming the other's
// place, the first producer's own step and place in its list (nyquist's
// step 0 lists UI-REVIEW.md second, ui's step 1 first): the step a change
// added, which a CI annotation should mark, may be either.
func TestDuplicateProducerToldAtEachProducer(t *testing.T) {
	type at struct{ file, ptr, msg string }
	for _, tt := range []struct {
		name string
		edit sampleEdit
		want []at
	}{
		{"the second producer added", sampleEdit{"ui", `"produces": ["UI-SPEC.md"], "consumes": ["CONTEXT.md"]`, `"produces": ["UI-SPEC.md", "RESEARCH.md"], "consumes": ["CONTEXT.md"]`}, []at{
			{"capabilities/research/capability.json", "/steps/0/produces/0", `duplicate-producer invariant violated: artifact "RESEARCH.md" is produced by more than one step at the same Loop Extension Point "plan:pre" (capabilities: research, ui), first by this one, then by a step of "ui" at capabilities/ui/capability.json:20:87 (/steps/0/produces/1);`},
			{"capabilities/ui/capability.json", "/steps/0/produces/1", `duplicate-producer invariant violated: artifact "RESEARCH.md" is produced by more than one step at the same Loop Extension Point "plan:pre" (capabilities: research, ui), the first by a step of "research" at capabilities/research/capability.json:22:20 (/steps/0/produces/0);`},
		}},
		{"the first producer added, listing it second", sampleEdit{"nyquist", `"produces": ["VALIDATION.md"]`, `"produces": ["VALIDATION.md", "UI-REVIEW.md"]`}, []at{
			{"capabilities/nyquist/capability.json", "/steps/0/produces/1", `duplicate-producer invariant violated: artifact "UI-REVIEW.md" is produced by more than one step at the same Loop Extension Point "verify:post" (capabilities: nyquist, ui), first by this one, then by a step of "ui" at capabilities/ui/capability.json:21:77 (/steps/1/produces/0);`},
			{"capabilities/ui/capability.json", "/steps/1/produces/0", `duplicate-producer invariant violated: artifact "UI-REVIEW.md" is produced by more than one step at the same Loop Extension Point "verify:post" (capabilities: nyquist, ui), the first by a step of "nyquist" at capabilities/nyquist/capability.json:18:99 (/steps/0/produces/1);`},
		}},
	} {
		got := findingsOf(sampleRepo(t, tt.edit))
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d findings, want %d: %v", tt.name, len(got), len(tt.want), got)
			continue
		}
		for i, w := range tt.want {
			d := got[i]
			if d.File != w.file || d.Pointer != w.ptr || d.Severity != Error || d.Rule != "duplicate-producer" || !strings.HasPrefix(d.Message, w.msg) {
				t.Errorf("%s: finding %d: %s (%s) %v: %s\nwant %s (%s) error: %s…", tt.name, i, d.File, d.Pointer, d.Severity, d.Message, w.file, w.ptr, w.msg)
			}
		}
	}
}

// TestRuntimeCompatOfABrokenCapability: runtimeCompat naming a capability
// with errors of its own is blamed only when that capability cannot be a
// runtime whatever its fix: a reviewer or a feature is none, while one
// whose role is misspelt may be, and its own errors say so.
func TestRuntimeCompatOfABrokenCapability(t *testing.T) {
	intelNames := func(id string) sampleEdit {
		return sampleEdit{"intel", `"supported": ["claude", "codex"]`, `"supported": ["claude", "codex", "` + id + `"]`}
	}
	tests := []struct {
		name   string
		edits  []sampleEdit
		blamed bool // intel gets runtime-compat-unknown
	}{
		{"a reviewer whose id is no string", []sampleEdit{{"ollama", `"id": "ollama"`, `"id": 5`}, intelNames("ollama")}, true},
		{"a reviewer with a schema error", []sampleEdit{{"ollama", `"version": "1.2.0"`, `"version": 12`}, intelNames("ollama")}, true},
		{"a runtime whose role is misspelt", []sampleEdit{{"codex", `"role": "runtime"`, `"role": "runtim"`}}, false},
		{"a runtime whose role is no string", []sampleEdit{{"codex", `"role": "runtime"`, `"role": 1`}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			broken := tt.edits[0].id
			own, blamed := 0, 0
			for _, d := range findingsOf(sampleRepo(t, tt.edits...)) {
				switch {
				case d.File == "capabilities/"+broken+"/capability.json" && d.Severity == Error:
					own++
				case d.File == "capabilities/intel/capability.json" && d.Rule == "runtime-compat-unknown":
					blamed++
				default:
					t.Errorf("unexpected finding %s:%d [%s] %s", d.File, d.Line, d.Rule, d.Message)
				}
			}
			if own == 0 {
				t.Errorf("no error in %s", broken)
			}
			if got := blamed > 0; got != tt.blamed {
				t.Errorf("intel blamed: %v, want %v", got, tt.blamed)
			}
		})
	}
}

// uiStep0 is the sample's first ui step, as written.
const uiStep0 = `{ "point": "plan:pre", "ref": { "skill": "ui-phase" }, "produces": ["UI-SPEC.md"], "consumes": ["CONTEXT.md"],`

// uiStep0As is an edit of ui's first step to the point and consumes given.
func uiStep0As(point, consumes string) sampleEdit {
	return sampleEdit{"ui", uiStep0, `{ "point": "` + point + `", "ref": { "skill": "ui-phase" }, "produces": ["UI-SPEC.md"], "consumes": ` + consumes + `,`}
}

// TestConsumesAvailability: a step's consumes is available from the last
// point of the host step that produces it, or from the point of another
// step producing it, on; the finding says which of "produced after this
// point" (and the earliest point it is there), "only by this step" or
// "never" holds.
func TestConsumesAvailability(t *testing.T) {
	tests := []struct {
		name  string
		edits []sampleEdit
		want  string // the one consumes-unsatisfied finding, in ui's file at /steps/0/consumes/0; "" for none
	}{
		{"a host artifact before its step's last point", []sampleEdit{uiStep0As("plan:pre", `["PLAN.md"]`)},
			`capability "ui" step at point "plan:pre" consumes "PLAN.md" which is only produced after this point (earliest available at "plan:post")`},
		{"a host artifact at its step's last point", []sampleEdit{uiStep0As("plan:post", `["PLAN.md"]`)}, ""},
		{"an artifact nothing produces", []sampleEdit{uiStep0As("plan:pre", `["NOPE.md"]`)},
			`capability "ui" step at point "plan:pre" consumes "NOPE.md" which is never produced by any host artifact or capability hook`},
		{"at the first point", []sampleEdit{uiStep0As("discuss:pre", `["NOPE.md"]`)},
			`capability "ui" step at point "discuss:pre" consumes "NOPE.md" which is never produced by any host artifact or capability hook`},
		{"an artifact only the step itself produces", []sampleEdit{uiStep0As("plan:pre", `["UI-SPEC.md"]`)},
			`capability "ui" step at point "plan:pre" consumes "UI-SPEC.md" which is only produced by this step itself`},
		{"a step's artifact from the first point", []sampleEdit{
			{"research", `"point": "plan:pre"`, `"point": "discuss:pre"`}, {"research", `"consumes": ["CONTEXT.md"]`, `"consumes": []`},
			uiStep0As("plan:pre", `["RESEARCH.md"]`)}, ""},
		{"a host artifact before a later step's", []sampleEdit{
			{"security", `"produces": ["SECURITY.md"]`, `"produces": ["SECURITY.md", "PLAN.md"]`}, uiStep0As("plan:pre", `["PLAN.md"]`)},
			`capability "ui" step at point "plan:pre" consumes "PLAN.md" which is only produced after this point (earliest available at "plan:post")`},
		{"a step's artifact before the host's", []sampleEdit{
			{"research", `"produces": ["RESEARCH.md"]`, `"produces": ["RESEARCH.md", "PLAN.md"]`}, uiStep0As("discuss:post", `["PLAN.md"]`)},
			`capability "ui" step at point "discuss:post" consumes "PLAN.md" which is only produced after this point (earliest available at "plan:pre")`},
		{"two steps' artifact, the earlier named", []sampleEdit{
			{"research", `"produces": ["RESEARCH.md"]`, `"produces": ["RESEARCH.md", "NOTES.md"]`},
			{"security", `"produces": ["SECURITY.md"]`, `"produces": ["SECURITY.md", "NOTES.md"]`}, uiStep0As("discuss:post", `["NOTES.md"]`)},
			`capability "ui" step at point "discuss:post" consumes "NOTES.md" which is only produced after this point (earliest available at "plan:pre")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findingsOf(sampleRepo(t, tt.edits...))
			if tt.want == "" {
				noFindings(t, got)
				return
			}
			if d := oneFinding(t, got); d.File != "capabilities/ui/capability.json" || d.Pointer != "/steps/0/consumes/0" || d.Rule != "consumes-unsatisfied" || d.Message != tt.want {
				t.Errorf("got %s (%s) [%s] %s\nwant capabilities/ui/capability.json (/steps/0/consumes/0) [consumes-unsatisfied] %s", d.File, d.Pointer, d.Rule, d.Message, tt.want)
			}
		})
	}
}

// TestOrderingCycleFinding: steps at one point that wait on each other
// are one ordering-cycle finding, at the first of them in folder order,
// naming the way round, any other member and the hooks held back (up to
// ten, the others counted).
func TestOrderingCycleFinding(t *testing.T) {
	const loop = `produces/consumes cycle detected in steps at point "plan:pre": pattern-mapper /steps/0 produces "PATTERNS.md" for research /steps/0, which produces "RESEARCH.md" for pattern-mapper /steps/0; no execution order exists`
	// What to change comes last, after the members and the hooks held back.
	const fix = ": remove one of these consumes, or move one of these steps to another point"
	cycle := sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.md", "PATTERNS.md"]`}
	uiStep1 := sampleEdit{"ui", `{ "point": "verify:post", "ref": { "skill": "ui-review" }, "produces": ["UI-REVIEW.md"], "consumes": ["UI-SPEC.md"]`,
		`{ "point": "plan:pre", "ref": { "skill": "ui-review" }, "produces": ["UI-REVIEW.md"], "consumes": ["RESEARCH.md"]`}
	tests := []struct {
		name  string
		edits []sampleEdit
		extra int // features added, each with a step at plan:pre that waits on the cycle
		want  string
	}{
		{"two steps", []sampleEdit{cycle}, 0, loop + fix},
		{"one held back", []sampleEdit{cycle, uiStep0As("plan:pre", `["PATTERNS.md"]`)}, 0,
			loop + " (it also holds back ui /steps/0, which waits on it)" + fix},
		{"two held back", []sampleEdit{cycle, uiStep0As("plan:pre", `["PATTERNS.md"]`), uiStep1}, 0,
			loop + " (it also holds back ui /steps/0, ui /steps/1, which wait on it)" + fix},
		{"a third member", []sampleEdit{{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.md", "PATTERNS.md", "UI-SPEC.md"]`},
			uiStep0As("plan:pre", `["RESEARCH.md"]`)}, 0,
			loop + " (ui /steps/0 is in a cycle with them too)" + fix},
		{"twelve held back", []sampleEdit{cycle}, 12,
			loop + " (it also holds back waiter-00 /steps/0, waiter-01 /steps/0, waiter-02 /steps/0, waiter-03 /steps/0, waiter-04 /steps/0, " +
				"waiter-05 /steps/0, waiter-06 /steps/0, waiter-07 /steps/0, waiter-08 /steps/0, waiter-09 /steps/0, and 2 other hooks, which wait on it)" + fix},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t, tt.edits...)
			for i := range tt.extra {
				id := fmt.Sprintf("waiter-%02d", i)
				c := newcomerCap(id, `[]`, `["gsd-`+id+`"]`, `{}`)
				c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"steps": []`,
					`"steps": [{ "point": "plan:pre", "ref": { "agent": "gsd-`+id+`" }, "produces": [], "consumes": ["RESEARCH.md"], "onError": "skip" }]`, 1))
				src.Capabilities = append(src.Capabilities, c)
			}
			if d := oneFinding(t, findingsOf(src)); d.File != "capabilities/pattern-mapper/capability.json" || d.Pointer != "/steps/0" || d.Rule != "ordering-cycle" || d.Message != tt.want {
				t.Errorf("got %s (%s) [%s] %s\nwant capabilities/pattern-mapper/capability.json (/steps/0) [ordering-cycle] %s", d.File, d.Pointer, d.Rule, d.Message, tt.want)
			}
		})
	}
}

// Owns says whether the central schema may own a key, failing closed
// where it cannot tell: a valid key (or below one) or a pattern's match
// owns it; a pattern that does not compile is passed over; one capreg does
// not compile (too deep), or more patterns than it matches, owns every key.
func TestCentralOwnsKey(t *testing.T) {
	deep := strings.Repeat("(", maxPatternDepth+1) + "a" + strings.Repeat(")", maxPatternDepth+1)
	many := make([]string, maxOwnsPatterns+1)
	for i := range many {
		many[i] = fmt.Sprintf("^never%d$", i)
	}
	for _, c := range []struct {
		name    string
		central *CentralSchema
		key     string
		want    bool
	}{
		{"nil schema", nil, "a.b", false},
		{"valid key", &CentralSchema{ValidKeys: []string{"mode", "a.b"}}, "a.b", true},
		{"under a valid key", &CentralSchema{ValidKeys: []string{"model_overrides"}}, "model_overrides.gsd-planner", true},
		{"under a valid key, deeper", &CentralSchema{ValidKeys: []string{"a.b"}}, "a.b.c.d", true},
		{"a prefix of a valid key's name is not under it", &CentralSchema{ValidKeys: []string{"model"}}, "model_overrides.x", false},
		{"above a valid key", &CentralSchema{ValidKeys: []string{"a.b"}}, "a", false},
		{"neither", &CentralSchema{ValidKeys: []string{"mode"}, Sources: []string{`^features\.[a-z]+$`}}, "a.b", false},
		{"pattern", &CentralSchema{Sources: []string{`^x$`, `^features\.[a-z]+$`}}, "features.on", true},
		{"under a pattern's key", &CentralSchema{Sources: []string{`^x$`, `^features\.[a-z]+$`}}, "features.on.x.y", true},
		{"above a pattern's key", &CentralSchema{Sources: []string{`^features\.[a-z]+\.on$`}}, "features.x", false},
		{"beside a pattern's key", &CentralSchema{Sources: []string{`^features\.[a-z]+$`}}, "featuresx.on", false},
		{"JavaScript lookahead", &CentralSchema{Sources: []string{`^(?!gsd)[a-z]+\.on$`}}, "ui.on", true},
		{"invalid pattern passed over", &CentralSchema{Sources: []string{`(`}}, "a.b", false},
		{"too deep: owns", &CentralSchema{Sources: []string{deep}}, "a.b", true},
		{"too many: owns", &CentralSchema{Sources: many}, "a.b", true},
		{"as many as matched", &CentralSchema{Sources: many[:maxOwnsPatterns]}, "a.b", false},
	} {
		if got, err := c.central.Owner().Owns(c.key); got != c.want || err != nil {
			t.Errorf("%s: Owns(%q) = %v, %v; want %v, nil", c.name, c.key, got, err, c.want)
		}
	}
}

// A CentralOwner compiles its patterns once, says how many matches a key may
// cost (Matches), and says when a match was not decided in time (the key
// then counts as owned), so that a caller asking of many keys can stop
// asking.
func TestCentralOwner(t *testing.T) {
	slow := &CentralSchema{Sources: []string{`^x$`, `^(a+)+$`}}
	o := slow.Owner()
	if o.Matches("b") != 2 || o.Matches("a.b.c") != 6 {
		t.Errorf("Matches(b), Matches(a.b.c) = %d, %d; want 2, 6 (each pattern against each path)", o.Matches("b"), o.Matches("a.b.c"))
	}
	if owned, err := o.Owns("b"); owned || err != nil {
		t.Errorf("Owns(b) = %v, %v; want false, nil", owned, err)
	}
	if owned, err := o.Owns(strings.Repeat("a", 40) + "!"); !owned || err == nil {
		t.Errorf("Owns(a…a!) = %v, %v; want true and the timeout", owned, err)
	}
	var none *CentralSchema
	if owned, err := none.Owner().Owns("a"); owned || err != nil || none.Owner().Matches("a.b") != 0 {
		t.Errorf("nil schema: Owns(a) = %v, %v", owned, err)
	}
}

// TestConsumedArtifactMisspelt: a consumed artifact nothing produces is
// told the host or step artifact it probably misspells, a letter off or in
// another case; one near none is told no name.
func TestConsumedArtifactMisspelt(t *testing.T) {
	for _, c := range []struct{ consumes, want string }{
		{"CONTEXTS.md", `consumes "CONTEXTS.md" which is never produced by any host artifact or capability hook; did you mean "CONTEXT.md"?`},
		{"context.md", `consumes "context.md" which is never produced by any host artifact or capability hook; did you mean "CONTEXT.md"?`},
		{"RESEARH.md", `consumes "RESEARH.md" which is never produced by any host artifact or capability hook; did you mean "RESEARCH.md"?`},
		{"BUDGET.md", `consumes "BUDGET.md" which is never produced by any host artifact or capability hook`},
	} {
		edit := sampleEdit{"ui", `"produces": ["UI-SPEC.md"], "consumes": ["CONTEXT.md"]`, `"produces": ["UI-SPEC.md"], "consumes": ["` + c.consumes + `"]`}
		got := findingsOf(sampleRepo(t, edit))
		if len(got) != 1 || got[0].Rule != "consumes-unsatisfied" || !strings.HasSuffix(got[0].Message, c.want) {
			t.Errorf("consumes %s: %v\nwant one consumes-unsatisfied ending %s", c.consumes, got, c.want)
		}
	}
}
