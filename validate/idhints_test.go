package validate

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// An unknown requires or runtimeCompat id a typo away from an id that
// exists (of a runtime, for runtimeCompat) names it; one near nothing, or
// near only a capability of another role, does not.
func TestUnknownIDNamesTheOneMeant(t *testing.T) {
	read := func(id string) []byte {
		data, err := os.ReadFile("../testdata/repo/capabilities/" + id + "/capability.json")
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	mapper := string(read("pattern-mapper"))
	tests := []struct {
		name, old, new string
		rule, want     string // the finding's rule, and the end of its message
	}{
		{"requires", `"requires": ["research"]`, `"requires": ["reserch"]`,
			"requires-unknown", `requires "reserch" which does not exist; did you mean "research"?`},
		{"requires, a plural", `"requires": ["research"]`, `"requires": ["researchs"]`,
			"requires-unknown", `requires "researchs" which does not exist; did you mean "research"?`},
		{"requires, nothing near", `"requires": ["research"]`, `"requires": ["nothing-like-it"]`,
			"requires-unknown", `requires "nothing-like-it" which does not exist`},
		// An id of another shape, a known one with a word more or less
		// (it said only "does not exist").
		{"requires, a word more", `"requires": ["research"]`, `"requires": ["research-agent"]`,
			"requires-unknown", `requires "research-agent" which does not exist; did you mean "research"?`},
		// A word before it (a capability renamed so; it said only
		// "does not exist").
		{"requires, a word before", `"requires": ["research"]`, `"requires": ["phase-research"]`,
			"requires-unknown", `requires "phase-research" which does not exist; did you mean "research"?`},
		// Never the requirer itself.
		{"requires, its own shorter name", `"requires": ["research"]`, `"requires": ["pattern"]`,
			"requires-unknown", `requires "pattern" which does not exist`},
		{"runtime, a word more", `"supported": ["*"]`, `"supported": ["claude-code"]`,
			"runtime-compat-unknown", `references unknown runtime "claude-code" (no role:runtime capability has that id); did you mean "claude"?`},
		{"runtime", `"supported": ["*"]`, `"supported": ["codx"]`,
			"runtime-compat-unknown", `references unknown runtime "codx" (no role:runtime capability has that id); did you mean "codex"?`},
		{"runtime near a feature only", `"supported": ["*"]`, `"supported": ["intell"]`,
			"runtime-compat-unknown", `references unknown runtime "intell" (no role:runtime capability has that id)`},
		// "*" twice is not "*" mixed with ids (it said so).
		{"a wildcard twice", `"supported": ["*"]`, `"supported": ["*", "*"]`,
			"runtime-compat", `"*" stands alone and is given 2 times: give it once, ["*"]`},
		{"a wildcard and an id", `"supported": ["*"]`, `"supported": ["*", "codex"]`,
			"runtime-compat", `"*" stands alone; it cannot be mixed with runtime ids`},
		{"hook point", `"point": "plan:pre"`, `"point": "plan:pr"`,
			"point-unknown", `"plan:pr" is not a canonical loop point (did you mean "plan:pre"?); the 12 points are ` + strings.Join(Points, ", ")},
		// A point far from any, whose first part is a step: its points
		// (it said only the twelve).
		{"hook point, a step's other word", `"point": "plan:pre"`, `"point": "ship:before"`,
			"point-unknown", `"ship:before" is not a canonical loop point (a point is a step's pre or post: "ship:pre", "ship:post"); the 12 points are ` + strings.Join(Points, ", ")},
		{"hook point, a step alone", `"point": "plan:pre"`, `"point": "Execute"`,
			"point-unknown", `"Execute" is not a canonical loop point (a point is a step's pre or post: "execute:pre", "execute:wave:pre", "execute:wave:post", "execute:post"); the 12 points are ` + strings.Join(Points, ", ")},
		{"hook point, two of them", `"point": "plan:pre"`, `"point": "plan:pre plan:post"`,
			"point-unknown", `"plan:pre plan:post" is not a canonical loop point; the 12 points are ` + strings.Join(Points, ", ")},
		{"notes", `"unsupported": [] }`, `"unsupported": [], "notes": { "claud": "x" } }`,
			"runtime-compat-unknown", `references unknown runtime "claud"; did you mean "claude"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(mapper, tt.old) {
				t.Fatalf("pattern-mapper's manifest lacks %s; update this test", tt.old)
			}
			src := Sources{CapabilitiesDir: "capabilities"}
			fragments := map[string]map[string]File{
				"research":       {"loop/research-prompt.md": {Data: []byte("x")}},
				"pattern-mapper": {"loop/mapper.md": {Data: []byte("x")}},
			}
			for _, id := range []string{"claude", "codex", "intel", "research"} {
				src.Capabilities = append(src.Capabilities, CapabilitySource{Folder: id,
					Manifest: File{Path: "capabilities/" + id + "/capability.json", Data: read(id)}, Files: fragments[id]})
			}
			src.Capabilities = append(src.Capabilities, CapabilitySource{Folder: "pattern-mapper", Files: fragments["pattern-mapper"],
				Manifest: File{Path: "capabilities/pattern-mapper/capability.json", Data: []byte(strings.Replace(mapper, tt.old, tt.new, 1))}})
			var got []string
			for _, d := range Validate(&src).Diagnostics {
				if d.Rule == tt.rule {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || !strings.HasSuffix(got[0], tt.want) {
				t.Errorf("%s findings %q, want one ending %q (%v)", tt.rule, got, tt.want, Validate(&src).Diagnostics)
			}
		})
	}
}

// An id with a word more or less than one known is that one, unless
// two are.
func TestWordMoreOrLess(t *testing.T) {
	ids := []string{"pattern-mapper", "research", "ui", "ui-kit", "web-api", "web-app", "go-web", "phase-plan", "plan-check", "deep-review", "code-review"}
	for _, tt := range []struct{ id, more, renamed string }{
		{"research-agent", "research", "research"},
		{"pattern", "pattern-mapper", "pattern-mapper"},
		{"ui-design", "ui", "ui"},
		{"ui-kit-v2", "", ""}, // ui and ui-kit
		{"web", "", ""},       // web-api and web-app, so go-web not asked
		{"researcher", "", ""},
		{"pattern-map", "", ""},
		// Words before it, when none after: a renamed capability.
		{"phase-research", "", "research"},
		{"mapper", "", "pattern-mapper"},
		{"the-ui", "", "ui"},
		{"review", "", ""},                   // deep-review and code-review
		{"plan", "plan-check", "plan-check"}, // words after it first
		{"e-review", "", ""},
	} {
		if got := wordMoreOrLess(tt.id, ids); got != tt.more {
			t.Errorf("wordMoreOrLess(%q) = %q, want %q", tt.id, got, tt.more)
		}
		if got := renamedID(tt.id, ids); got != tt.renamed {
			t.Errorf("renamedID(%q) = %q, want %q", tt.id, got, tt.renamed)
		}
	}
}

// Only the first maxIDHints unknown ids get a hint: each is a search of
// every id.
func TestIDHintsAreBounded(t *testing.T) {
	h := &idHints{known: map[string]*Capability{"research": {ID: "research"}}, fits: func(*Capability) bool { return true }}
	for i := range maxIDHints + 5 {
		got := h.meant("reserch", "")
		if want := i < maxIDHints; (got != "") != want {
			t.Fatalf("lookup %d: hint %q, want one: %v", i, got, want)
		}
	}
}

// A capability whose id differs from its folder is reported there
// (id-folder-mismatch); a capability requiring it by its folder name is
// not told it requires nothing, nor to require the mistaken id.
func TestRequiresOfMisnamedCapabilityIsNotUnknown(t *testing.T) {
	read := func(id string) string {
		data, err := os.ReadFile("../testdata/repo/capabilities/" + id + "/capability.json")
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	research := read("research")
	if !strings.Contains(research, `"id": "research"`) {
		t.Fatal(`research's manifest lacks "id": "research"; update this test`)
	}
	src := Sources{CapabilitiesDir: "capabilities"}
	for folder, data := range map[string]string{
		"research":       strings.Replace(research, `"id": "research"`, `"id": "reserch"`, 1),
		"pattern-mapper": read("pattern-mapper"),
	} {
		src.Capabilities = append(src.Capabilities, CapabilitySource{Folder: folder,
			Manifest: File{Path: "capabilities/" + folder + "/capability.json", Data: []byte(data)},
			Files:    map[string]File{"loop/research-prompt.md": {Data: []byte("x")}, "loop/mapper.md": {Data: []byte("x")}}})
	}
	var rules []string
	for _, d := range Validate(&src).Diagnostics {
		if d.Severity == Error && d.Rule != "contract-missing" { // no workflows here
			rules = append(rules, d.Rule+" "+d.Message)
		}
	}
	if len(rules) != 1 || !strings.HasPrefix(rules[0], "id-folder-mismatch ") {
		t.Errorf("errors %q, want id-folder-mismatch alone", rules)
	}
}

// TestIDNotKebabIsOneFinding: an id that is no kebab-case id, in a folder
// whose name is one, is the schema's finding alone; it was also
// id-folder-mismatch, whose "rename one of them" offered renaming the
// folder to the bad id (new-user review). A folder whose name is no id
// either still gets both, and a good id in another folder the mismatch.
func TestIDNotKebabIsOneFinding(t *testing.T) {
	for _, tc := range []struct{ folder, id, want string }{
		{"hello", "Hello", "schema"},
		{"hello-world", "hello_world", "schema"},
		{"Hello", "hello", "id-folder-mismatch"},
		{"hello_world", "Hello", "id-folder-mismatch schema"},
		{"world", "hello", "id-folder-mismatch"},
	} {
		data := fmt.Sprintf(`{"id": %q, "role": "feature", "title": "T", "description": "D.", "version": "1.0.0", "tier": "core",
 "requires": [], "skills": [], "agents": [], "config": {}, "steps": [], "contributions": [], "gates": []}`, tc.id)
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: tc.folder,
			Manifest: File{Path: "capabilities/" + tc.folder + "/capability.json", Data: []byte(data)}}}}
		var rules []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Severity == Error && d.Rule != "contract-missing" { // no workflows here
				rules = append(rules, d.Rule)
			}
		}
		slices.Sort(rules)
		if got := strings.Join(rules, " "); got != tc.want {
			t.Errorf("id %q in %s/: errors %q, want %q", tc.id, tc.folder, got, tc.want)
		}
	}
}

// TestIDNotKebabNamesItsFolder: the schema finding of an id that is no
// kebab-case id, in a folder whose name is one, says to write the folder's
// name, as the id-folder-mismatch it stands for named it ("MyTool" in
// my-tool/ lowercased to "mytool" is a mismatch found on the next run).
func TestIDNotKebabNamesItsFolder(t *testing.T) {
	for _, tc := range []struct{ folder, id string }{{"my-tool", "MyTool"}, {"bar", "Foo"}, {"hello", "hello world"}} {
		data := fmt.Sprintf(`{"id": %q, "role": "feature", "title": "T", "description": "D.", "version": "1.0.0", "tier": "core",
 "requires": [], "skills": [], "agents": [], "config": {}, "steps": [], "contributions": [], "gates": []}`, tc.id)
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: tc.folder,
			Manifest: File{Path: "capabilities/" + tc.folder + "/capability.json", Data: []byte(data)}}}}
		want := fmt.Sprintf("%q is not kebab-case: a lowercase ASCII letter, then lowercase letters, digits or hyphens; write %q, its folder's name, as an id equals its folder's", tc.id, tc.folder)
		i := slices.IndexFunc(Validate(&src).Diagnostics, func(d Diagnostic) bool { return d.Rule == "schema" && d.Pointer == "/id" })
		if got := Validate(&src).Diagnostics; i < 0 || got[i].Message != want {
			t.Errorf("id %q in %s/: %v, want the schema finding at /id %q", tc.id, tc.folder, got, want)
		}
	}
}

// TestIDFolderCaseSaysRenameTheFolder: an id whose folder is its name in
// other case ("Lint-Gate/", made on Windows or macOS) is told to rename
// the folder, which is no id, with the two-step git mv those systems
// need for a change of case; "rename one of them" offered the id too. A
// folder of another name keeps that message.
func TestIDFolderCaseSaysRenameTheFolder(t *testing.T) {
	for _, tc := range []struct{ folder, id, want string }{
		{"Lint-Gate", "lint-gate", `id "lint-gate" does not equal its folder name "Lint-Gate", which is no id (ids are lower-case letters, digits and hyphens): rename the folder to "lint-gate" (a change of case only: on Windows or macOS, git mv capabilities/Lint-Gate capabilities/lint-gate.tmp && git mv capabilities/lint-gate.tmp capabilities/lint-gate)`},
		{"HELLO", "hello", `rename the folder to "hello" (a change of case only`},
		{"Hello World", "hello", `id "hello" does not equal its folder name "Hello World"; rename one of them`},
		{"world", "hello", `id "hello" does not equal its folder name "world"; rename one of them`},
	} {
		data := fmt.Sprintf(`{"id": %q, "role": "feature", "title": "T", "description": "D.", "version": "1.0.0", "tier": "core",
 "requires": [], "skills": [], "agents": [], "config": {}, "steps": [], "contributions": [], "gates": []}`, tc.id)
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: tc.folder,
			Manifest: File{Path: "capabilities/" + tc.folder + "/capability.json", Data: []byte(data)}}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule == "id-folder-mismatch" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) && !strings.Contains(got[0], tc.want) {
			t.Errorf("id %q in %s/: %q, want one id-folder-mismatch holding %q", tc.id, tc.folder, got, tc.want)
		}
	}
}

// TestDidYouMeanAlikeShowsCodePoints: a did-you-mean whose name is the
// one written in another Unicode form (a skill or config key typed
// composed, NFC, where the list holds it decomposed, NFD, as macOS may
// save it) shows both as code points; "did you mean "vérifier"?" alone
// named what was written. A plain typo's is as it was.
func TestDidYouMeanAlikeShowsCodePoints(t *testing.T) {
	const nfc, nfd = "v\u00e9rifier", "ve\u0301rifier"
	const alike = `v\u00e9rifier" and "`
	for _, tc := range []struct {
		skill, ref, key, when string
		alike                 bool
	}{
		{nfd, nfc, "workflow.x_" + nfd, "workflow.x_" + nfc, true},
		{"verify", "verfy", "workflow.x", "workflow.y", false},
	} {
		data := fmt.Sprintf(`{"id": "x", "role": "feature", "title": "T", "description": "D.", "version": "1.0.0", "tier": "core",
 "requires": [], "skills": [%q], "agents": [], "config": {%q: {"type": "boolean", "default": true, "description": "d"}},
 "steps": [{"point": "plan:pre", "ref": {"skill": %q}, "produces": [], "consumes": [], "when": %q}], "contributions": [], "gates": []}`, tc.skill, tc.key, tc.ref, tc.when)
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "x",
			Manifest: File{Path: "capabilities/x/capability.json", Data: []byte(data)}}}}
		n := 0
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule != "ref-not-owned" && d.Rule != "when-unknown-key" {
				continue
			}
			n++
			shown := strings.Contains(d.Message, alike) && strings.HasSuffix(d.Message, "rifier\"; names that look alike may differ in Unicode normalization)")
			if !strings.Contains(d.Message, "did you mean") || shown != tc.alike {
				t.Errorf("%s: %q; want a did-you-mean, with the code points %v", d.Rule, d.Message, tc.alike)
			}
		}
		if n != 2 {
			t.Errorf("skill %q: %d ref-not-owned and when-unknown-key findings, want 2", tc.skill, n)
		}
	}
}

// TestWordsMoreAndBeforeCaseAside: long is short with words after it
// (wordsMore) or before it (wordsBefore), case aside, and an id is not its
// own word more or less, whatever its case: false, where the last byte
// or the first after short was read of an id no longer than short.
func TestWordsMoreAndBeforeCaseAside(t *testing.T) {
	for _, tt := range []struct {
		long, short  string
		more, before bool
	}{
		{"fraud-screen", "Fraud", true, false},
		{"Fraud-Screen", "fraud", true, false},
		{"phase-research", "RESEARCH", false, true},
		{"app-λογος", "ΛΟΓΟΣ", false, true},
		{"λογος-app", "ΛΟΓΟΣ", true, false},
		{"fraud", "fraud", false, false},
		{"FRAUD", "fraud", false, false},
		{"fraudscreen", "fraud", false, false},
		{"screenfraud", "fraud", false, false},
		{"fraud", "fraud-screen", false, false},
	} {
		if got := wordsMore(tt.long, tt.short); got != tt.more {
			t.Errorf("wordsMore(%q, %q) = %v, want %v", tt.long, tt.short, got, tt.more)
		}
		if got := wordsBefore(tt.long, tt.short); got != tt.before {
			t.Errorf("wordsBefore(%q, %q) = %v, want %v", tt.long, tt.short, got, tt.before)
		}
	}
}

// TestNearestIDSameNameComposed: an id that is a declared one but for
// case and joining is named before the same words in another order, the
// declared id and the id typed composed (NFC) first: "CAFÉ_BAR" is
// "cafe\u0301-bar", not "bar.café", the first in order, and
// "CAFE\u0301_BAR" is "café-bar".
func TestNearestIDSameNameComposed(t *testing.T) {
	for _, c := range []struct{ id, meant, other string }{
		{"CAFÉ_BAR", "cafe\u0301-bar", "bar.café"},
		{"CAFE\u0301_BAR", "café-bar", "bar.café"},
	} {
		if got := NearestID(c.id, []string{c.other, c.meant}); got != c.meant {
			t.Errorf("NearestID(%+q) = %+q, want %+q", c.id, got, c.meant)
		}
	}
}
