package validate

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/validate/ojson"
)

// TestMissingFieldSaysWhatToAdd: validate itself, not only capreg check,
// tells a missing required field with few choices what to write (addHint):
// an enum of two by its two values, one of more by "one of", a card's
// string field and a list that may not be empty by the card schema's
// description, a list that may be empty by "[] for none", several missing
// fields each. cmd/capreg's TestCheckSaysWhatToWriteForAMissingField ran
// the only rows; validate's tests let "one of" lose the tier's three
// values (cr88 mutant: len(enum.Items) > 3).
func TestMissingFieldSaysWhatToAdd(t *testing.T) {
	const card = `{"id": "land", "command": "land <branch>", "summary": "Lands a branch.", "intent_phrases": ["land my branch"], ` +
		`"replaces": ["git merge"], "effects": "Merges the branch.", "risk": "reversible", "example": "land feature-x"}`
	for _, tt := range []struct {
		name, cut string // cut: the text left out of the card
		want      string
	}{
		{"risk, an enum of two", `, "risk": "reversible"`, `missing required field 'risk'; add "risk": "reversible" or "destructive"`},
		{"effects, a string described", `, "effects": "Merges the branch."`,
			`missing required field 'effects'; add "effects": "...", what it does to the system: state changed, files written, processes started`},
		{"id, a string of its own described", `"id": "land", `,
			`missing required field 'id'; add "id": "...", a stable identifier, independent of the tool's path or name`},
		{"intent_phrases, a list of at least one", `, "intent_phrases": ["land my branch"]`,
			`missing required field 'intent_phrases'; add "intent_phrases": ["..."], natural phrasings of the need, as an agent would describe it, not category labels`},
		{"two fields, each told", `, "effects": "Merges the branch.", "risk": "reversible"`,
			`missing required fields 'effects', 'risk'; add "effects": "...", what it does to the system: state changed, files written, processes started; add "risk": "reversible" or "destructive"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(card, tt.cut) {
				t.Fatalf("the card holds no %s", tt.cut)
			}
			data := strings.Replace(card, tt.cut, "", 1)
			src := Sources{Cards: []CardSource{{File: File{Path: "bin/land.card.json", Data: []byte(data)}, ToolPath: "bin/land", ToolExists: true}}}
			var got []string
			for _, d := range Validate(&src).Diagnostics {
				if d.Rule == "schema" {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("schema findings %q, want [%q]", got, tt.want)
			}
		})
	}
	for _, tt := range []struct{ old, new, want string }{
		{`"tier": "core",`, ``, `missing required field 'tier'; add "tier": one of "core", "standard", "full"`},
		{`"requires": [],`, ``, `missing required field 'requires'; add "requires": [...] ([] for none)`},
	} {
		var got []string
		for _, d := range claudeWith(t, tt.old, tt.new) {
			if d.Rule == "schema" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("claude without %s: schema findings %q, want [%q]", tt.old, got, tt.want)
		}
	}
}

// TestCacheGivesARenamedCardNoTreeOfAFailedOne: a card renamed is given
// the tree of its bytes only from a card that passed; one that failed
// keeps of its tree only its id (failedCardIDDoc), so a card of its bytes
// at a new path, or beside it, is checked afresh, with every finding a
// fresh check gives: a schema error, a json-syntax slip.
// (cr88 mutant: parsedAs taking failed cards too survived.)
func TestCacheGivesARenamedCardNoTreeOfAFailedOne(t *testing.T) {
	for _, data := range []string{
		`{"id": "b", "command": "bin/b", "summary": "Does b.", "intent_phrases": ["do b"], "effects": "Does it.", "risk": "maybe", "example": "bin/b"}`,
		`{"id": "b", "command": "bin/b", "summary": "Does b.", "intent_phrases": ["do b"], "effects": "Does it.", "risk": "reversible", "example": "bin/b",}`,
	} {
		src := func(paths ...string) *Sources {
			s := &Sources{}
			for _, p := range paths {
				s.Cards = append(s.Cards, CardSource{File: File{Path: p, Data: []byte(data)}, ToolPath: strings.TrimSuffix(p, ".card.json"), ToolExists: true})
			}
			return s
		}
		cache := NewCache()
		if first := cache.Validate(src("bin/b.card.json")); !first.Diagnostics.HasErrors() {
			t.Fatalf("%s: no error: %v", data, first.Diagnostics)
		}
		for _, s := range []*Sources{src("bin/c.card.json"), src("bin/b.card.json", "lib/b.card.json")} {
			got, want := cache.Validate(s), Validate(s)
			if g, w := fmt.Sprint(got.Diagnostics), fmt.Sprint(want.Diagnostics); g != w {
				t.Errorf("%s: findings differ\ncached: %s\nfresh:  %s", data, g, w)
			}
			if len(got.Cards) != len(want.Cards) {
				t.Errorf("%s: %d cards, want %d", data, len(got.Cards), len(want.Cards))
			}
		}
	}
}

// TestRoleFamilyNamesEveryStepOfTheRole: role-family names each step the
// declared role's family runs in, and every role the step admits: an
// orchestrator in the execute step runs in discuss, verify and ship.
// (cr88 mutant: familySteps leaving out "verify" survived; every row
// before named one step, plan or execute.)
func TestRoleFamilyNamesEveryStepOfTheRole(t *testing.T) {
	gate6Findings(t, [][3]string{{"execute-phase.md", `<agent-role name="verifier"/>`, `<agent-role name="orchestrator"/>`}}, "workflows/execute-phase.md", []string{
		`role-family 7:49 declared agent-role "orchestrator" belongs to the orchestration family, but step "execute" admits only execution roles (executor, verifier); ` +
			`remove it from this step's roles: orchestration roles run in step "discuss", step "verify", step "ship"$`})
}

// TestAddHintOfEachKind: what addHint tells to add for each kind of
// property a schema gives a missing field, a boolean's two values among
// them, which no schema of validate's tests left out (cr88 mutant: the
// boolean case dropped survived go test ./validate).
func TestAddHintOfEachKind(t *testing.T) {
	props, errs := ojson.Parse([]byte(`{
		"blocking": {"type": "boolean"},
		"onError": {"enum": ["skip", "halt"]},
		"tier": {"enum": ["core", "standard", "full"]},
		"requires": {"type": "array"},
		"produces": {"type": "array", "minItems": 0},
		"phrases": {"type": "array", "minItems": 1, "description": "what is asked"},
		"bare": {"type": "array", "minItems": 1},
		"effects": {"type": "string", "description": "what it does"},
		"name": {"type": "string"}
	}`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, tt := range []struct {
		missing []string
		want    string
	}{
		{[]string{"blocking"}, `; add "blocking": true or false`},
		{[]string{"onError"}, `; add "onError": "skip" or "halt"`},
		{[]string{"tier"}, `; add "tier": one of "core", "standard", "full"`},
		{[]string{"requires"}, `; add "requires": [...] ([] for none)`},
		{[]string{"produces"}, `; add "produces": [...] ([] for none)`},
		{[]string{"phrases"}, `; add "phrases": ["..."], what is asked`},
		{[]string{"bare"}, ``},
		{[]string{"effects"}, `; add "effects": "...", what it does`},
		{[]string{"name"}, ``},
		{[]string{"unlisted"}, ``},
		{[]string{"name", "blocking", "unlisted", "onError"}, `; add "blocking": true or false; add "onError": "skip" or "halt"`},
	} {
		if got := addHint("", &props, tt.missing); got != tt.want {
			t.Errorf("addHint(%q) = %q, want %q", tt.missing, got, tt.want)
		}
	}
}

// TestCentralPatternParentsWithinTheBudget: config-key-parent of a key
// below a pattern's key is told only while the patterns' budget lasts, as
// config-key-central-pattern is (TestCentralPatternsShareABudget): a
// parent not matched in time tells nothing. (cr88: the walk matching on
// with no budget left, a mutant, passes this too, as regexp2 fails a match
// given no time; this pins the behaviour, the walk's check of left saves
// the match.)
func TestCentralPatternParentsWithinTheBudget(t *testing.T) {
	caps := uiCapability(t).Capabilities
	keys := ownConfigKeys(caps, nil, &sink{}) // workflow.ui_phase, workflow.ui_review, workflow.ui_safety_gate
	for _, tt := range []struct {
		name string
		step time.Duration
		want int
	}{
		{"budget left", 0, 3},
		{"spent before a match", 3 * patternBudget / 2, 0},
	} {
		var s sink
		central := parseCentral(&File{Path: "schema.json", Data: centralJSON(t, `^workflow$`)}, nil, &s)
		checkCentralPatterns(context.Background(), keys, central, nil, &patternClock{now: steppingClock(tt.step)}, &s)
		if got := len(ruleFindings(s.diags, "config-key-parent")); got != tt.want {
			t.Errorf("%s: %d config-key-parent findings, want %d: %v", tt.name, got, tt.want, s.diags)
		}
	}
}
