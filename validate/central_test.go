package validate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/internal/memtest"
)

// Central dynamicKeyPatterns are JavaScript regular expressions (gsd-core
// compiles them with new RegExp): lookaround and backreferences must match
// as they do there, not be skipped because Go's regexp lacks them.
func TestCentralPatternsAreJavaScript(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	// The ui capability declares workflow.ui_phase, workflow.ui_review and
	// workflow.ui_safety_gate; for the catastrophic pattern the first is
	// renamed to a longer key, on which it backtracks about 2^40 times.
	const longKey = "workflow.ui_phase_of_the_design_contract_step"
	tests := []struct {
		name, pattern string
		want          []string // rule@pointer, sorted
	}{
		{"plain", `^workflow\.ui_phase$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		{"lookahead", `^workflow\.ui_(?=phase)`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		{"negative lookahead", `^workflow\.ui_(?!phase|review)`, []string{"config-key-central-pattern@/config/workflow.ui_safety_gate"}},
		{"lookbehind", `(?<=ui_)review$`, []string{"config-key-central-pattern@/config/workflow.ui_review"}},
		{"backreference", `^(\w)\w*\.ui_\w*\1$`, []string{"config-key-central-pattern@/config/workflow.ui_review"}},
		{"no match", `^agent_skills\.`, nil},
		{"class", `^workflow\.ui_\d`, nil},
		{"invalid", `^workflow\.(ui`, []string{"config-file@/dynamicKeyPatterns/0/source"}},
		// Group syntax of other engines (.NET, PCRE, Python) is a
		// SyntaxError for new RegExp, although regexp2 accepts it: such a
		// pattern is a warning, and checks nothing.
		{"inline flag", `(?i)^WORKFLOW\.UI_PHASE$`, []string{"config-file@/dynamicKeyPatterns/0/source"}},
		{"extended flag", `^workflow\.(?x: ui_phase)$`, []string{"config-file@/dynamicKeyPatterns/0/source"}},
		{"atomic group", `^workflow\.(?>ui_phase)$`, []string{"config-file@/dynamicKeyPatterns/0/source"}},
		{"comment group", `^workflow\.ui_phase(?#the phase key)$`, []string{"config-file@/dynamicKeyPatterns/0/source"}},
		{"quoted group name", `^workflow\.(?'k'ui_phase)$`, []string{"config-file@/dynamicKeyPatterns/0/source"}},
		{"conditional", `^workflow\.(ui)?(?(1)_phase|x)$`, []string{"config-file@/dynamicKeyPatterns/0/source"}},
		// What JavaScript does accept still matches.
		{"named group", `^workflow\.(?<k>ui)_(?:phase)$\k<k>?`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		{"question mark in a class", `^workflow\.ui_[(?i)p]hase$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		// ES2025 modifiers (Node.js 23 and later).
		{"modifiers", `^workflow\.(?i:UI_PHASE)$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		{"escaped parenthesis", `^workflow\.ui_phase\(?i?\)?$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		// A pattern that backtracks for ever fails closed: the key may be
		// the central loader's.
		{"catastrophic", `^workflow\.ui_p([\w.]+)+!`, []string{"config-key-central-pattern@/config/" + longKey}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := manifest
			if tt.name == "catastrophic" {
				data = bytes.ReplaceAll(manifest, []byte(`"workflow.ui_phase"`), []byte(`"`+longKey+`"`))
			}
			central, _ := json.Marshal(map[string]any{"validKeys": []string{}, "dynamicKeyPatterns": []map[string]string{{"source": tt.pattern}}})
			src := Sources{
				CapabilitiesDir: "capabilities",
				Capabilities:    []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: data}}},
				ConfigSchema:    &File{Path: "config/config-schema.manifest.json", Data: central},
			}
			var got []string
			for _, d := range Validate(&src).Diagnostics {
				if d.Rule == "config-key-central-pattern" || d.Rule == "config-file" {
					got = append(got, d.Rule+"@"+d.Pointer)
					if tt.name == "catastrophic" && !strings.Contains(d.Message, "could not decide") {
						t.Errorf("message %q does not say the match was not decided", d.Message)
					}
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
		})
	}
}

// Each match of a central pattern is bounded, and so are all of them
// together: a schema of many patterns that backtrack, matched against the
// repository's keys, ran for the product of the two (a POST /validate body
// of 1 MiB, for hours). What the budget leaves unchecked fails closed,
// with one finding that counts it: the keys left for the pattern being
// matched, and every key for each compiled pattern after it. The clock is
// the test's, step later at each reading: at the start and end of
// matching each compiled pattern, and before each of its matches;
// compiling takes none of it (BenchmarkCentralPatternsShareABudget times
// real ones).
func TestCentralPatternsShareABudget(t *testing.T) {
	caps := uiCapability(t).Capabilities
	keys := ownConfigKeys(caps, nil, &sink{}) // workflow.ui_phase, workflow.ui_review, workflow.ui_safety_gate
	// Three compile, so 9 key/pattern pairs; the second does not compile.
	patterns := []string{`^workflow\.`, `^b\.(`, `_(?:phase|review)$`, `^nothing$`}
	tests := []struct {
		name      string
		step      time.Duration
		matches   int // config-key-central-pattern findings at a key
		unchecked int
	}{
		{"budget left", 0, 5, 0},
		{"spent at the last pattern", patternBudget / 8, 5, 3},
		{"spent by the first pattern", patternBudget / 4, 3, 6},
		{"spent within the first pattern", patternBudget / 2, 1, 8},
		{"spent before a match", 3 * patternBudget / 2, 0, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s sink
			central := parseCentral(&File{Path: "schema.json", Data: centralJSON(t, patterns...)}, nil, &s)
			checkCentralPatterns(context.Background(), keys, central, nil, &patternClock{now: steppingClock(tt.step)}, &s)
			var matches, invalid int
			var spent []Diagnostic
			for _, d := range s.diags {
				switch {
				case d.Rule == "config-file":
					invalid++
				case d.Rule == "config-key-central-pattern" && d.File == caps[0].doc.File:
					matches++
				case d.Rule == "config-key-central-pattern" && d.File == "schema.json" && d.Severity == Error:
					spent = append(spent, d)
				default:
					t.Errorf("unexpected finding %+v", d)
				}
			}
			if matches != tt.matches || invalid != 1 {
				t.Errorf("%d keys found matched, %d patterns invalid; want %d, 1: %v", matches, invalid, tt.matches, s.diags)
			}
			want := fmt.Sprintf("against the 4 central config-schema patterns took over %v in all; %d key/pattern pairs were not checked", patternBudget, tt.unchecked)
			switch {
			case tt.unchecked == 0 && len(spent) != 0:
				t.Errorf("findings %v, want none for the budget", spent)
			case tt.unchecked > 0 && (len(spent) != 1 || !strings.Contains(spent[0].Message, want)):
				t.Errorf("findings %v, want one saying %q", spent, want)
			}
		})
	}
}

// steppingClock is a clock that advances by step each time it is read.
func steppingClock(step time.Duration) func() time.Time {
	now := time.Unix(0, 0)
	return func() time.Time {
		now = now.Add(step)
		return now
	}
}

// uiCapability validates testdata's ui capability alone.
func uiCapability(t *testing.T) *Result {
	t.Helper()
	manifest, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	res := Validate(&Sources{
		CapabilitiesDir: "capabilities",
		Capabilities:    []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: manifest}}},
	})
	if len(res.Capabilities) != 1 {
		t.Fatalf("ui is not valid: %v", res.Diagnostics)
	}
	return res
}

// centralJSON is a central schema of the pattern sources.
func centralJSON(t *testing.T, sources ...string) []byte {
	t.Helper()
	patterns := make([]map[string]string, len(sources))
	for i, src := range sources {
		patterns[i] = map[string]string{"source": src}
	}
	data, err := json.Marshal(map[string]any{"validKeys": []string{}, "dynamicKeyPatterns": patterns})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Several central config schemas found, and none named: none is compared,
// and a repository-wide warning names them. One named, or one found, or
// none asked for, says nothing of the others.
func TestSchemaFoundSeveral(t *testing.T) {
	two := []string{"a/config-schema.manifest.json", "b/config-schema.manifest.json"}
	schema := &File{Path: two[0], Data: []byte(`{"validKeys": []}`)}
	tests := []struct {
		name   string
		from   string
		schema *File
		found  []string
		want   bool
	}{
		{"two found", SchemaFromDiscovery, nil, two, true},
		{"one found", SchemaFromDiscovery, schema, two[:1], false},
		{"none found", SchemaFromDiscovery, nil, nil, false},
		{"two, one named", SchemaFromRepoConfig, schema, two, false},
		{"two, the flag", SchemaFromFlag, schema, two, false},
		{"two, none asked for", "", nil, two, false},
		// A copy kept as test data is no candidate: two are named, not three.
		{"two and a fixture's copy", SchemaFromDiscovery, nil, append(slices.Clone(two), "tests/fixtures/config-schema.manifest.json"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate(&Sources{ConfigSchema: tt.schema, ConfigSchemaFrom: tt.from, ConfigSchemaFound: tt.found})
			i := slices.IndexFunc(res.Diagnostics, func(d Diagnostic) bool { return d.Rule == "config-schema-ambiguous" })
			if got := i >= 0; got != tt.want {
				t.Fatalf("config-schema-ambiguous: %v, want %v; %v", got, tt.want, res.Diagnostics)
			}
			if !tt.want {
				return
			}
			d := res.Diagnostics[i]
			if d.File != "" || d.Severity != Warning || !strings.HasPrefix(d.Message, "2 files") || !strings.Contains(d.Message, "("+strings.Join(two, ", ")+")") {
				t.Errorf("finding %+v: want a repository-wide warning naming %v", d, two)
			}
		})
	}
}

// validKeySet holds exactly the central validKeys, so each config key is
// looked up once rather than searched for in the list.
func TestValidKeySet(t *testing.T) {
	tests := []struct {
		central *CentralSchema
		key     string
		want    bool
	}{
		{nil, "a", false},
		{&CentralSchema{}, "a", false},
		{&CentralSchema{ValidKeys: []string{"a", "b.c", "a"}}, "b.c", true},
		{&CentralSchema{ValidKeys: []string{"a", "b.c"}}, "b", false},
		{&CentralSchema{ValidKeys: []string{"a", "b.c"}}, "A", false},
	}
	for _, tt := range tests {
		if got := validKeySet(tt.central)[tt.key]; got != tt.want {
			t.Errorf("%v: %q in the set = %v, want %v", tt.central, tt.key, got, tt.want)
		}
	}
}

// A Result keeps its CentralSchema, and a Snapshot its Result, but not
// the patterns compiled: kept, 10,000 held some 40 MB.
func TestCentralPatternsAreNotKept(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	sources := []string{`^workflow\.ui_phase$`}
	for i := range 10000 {
		sources = append(sources, fmt.Sprintf(`^plugins\.p%05d\.(?!internal\b)[a-z][a-z0-9_]*(?:\.(?:enabled|model|timeout))?$`, i))
	}
	src := &Sources{
		CapabilitiesDir: "capabilities",
		Capabilities:    []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: manifest}}},
		ConfigSchema:    &File{Path: "config/config-schema.manifest.json", Data: centralJSON(t, sources...)},
	}
	var res *Result
	live := memtest.LiveMB(func() any { res = Validate(src); return res })
	if n := countRule(res.Diagnostics, "config-key-central-pattern"); n != 1 {
		t.Fatalf("%d config-key-central-pattern findings, want 1: %v", n, res.Diagnostics)
	}
	if live > 10 {
		t.Errorf("the Result of a schema of %d patterns holds %.1f MB; want the sources only, not the patterns compiled", len(sources), live)
	}
}

// A central config schema holding neither validKeys nor dynamicKeyPatterns
// ({}, or a file of another kind named by --config-schema) checks no key:
// a warning says so, where it passed in silence. Either field alone, even
// empty, is a schema.
func TestCentralSchemaOfNoKeys(t *testing.T) {
	for _, tt := range []struct {
		central string
		warned  bool
	}{
		{`{}`, true},
		{`{"id": "deploy", "command": "deploy", "summary": "Deploy"}`, true},
		{`{"validKeys": []}`, false},
		{`{"dynamicKeyPatterns": []}`, false},
	} {
		src := Sources{ConfigSchema: &File{Path: "bin/deploy.card.json", Data: []byte(tt.central)}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule == "config-file" {
				got = append(got, string(d.Severity)+" "+d.Message)
			}
		}
		if warned := len(got) == 1 && strings.HasPrefix(got[0], "warning ") && strings.Contains(got[0], "neither validKeys nor dynamicKeyPatterns"); warned != tt.warned || !tt.warned && len(got) > 0 {
			t.Errorf("%s: config-file findings %q, want a warning: %v", tt.central, got, tt.warned)
		}
	}
}

// TestCentralSchemaFieldSlip: a central config schema field written with a
// slip ("validKey", "valid_keys", "dynamicKeyPattern") beside the other
// field was left out in silence, and no config key compared with it; it
// is one config-file warning at the slip, naming the field meant (and
// not also "neither validKeys nor dynamicKeyPatterns" when it is alone).
// A key that is no slip of a field the file lacks is not told (new-user
// review).
func TestCentralSchemaFieldSlip(t *testing.T) {
	for _, tt := range []struct{ central, want string }{
		{`{"validKey": ["a"], "dynamicKeyPatterns": []}`, `/validKey: unknown field 'validKey' is not read; did you mean 'validKeys'?`},
		{`{"valid_keys": ["a"]}`, `/valid_keys: unknown field 'valid_keys' is not read; did you mean 'validKeys'?`},
		{`{"validKeys": ["a"], "dynamicKeyPattern": [{"source": "^a"}]}`, `/dynamicKeyPattern: unknown field 'dynamicKeyPattern' is not read; did you mean 'dynamicKeyPatterns'?`},
		{`{"validKeys": ["a"], "validKey": ["b"]}`, ``},
		{`{"validKeys": ["a"], "$comment": "x"}`, ``},
	} {
		src := Sources{ConfigSchema: &File{Path: "config-schema.manifest.json", Data: []byte(tt.central)}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule == "config-file" {
				got = append(got, d.Pointer+": "+d.Message)
			}
		}
		if tt.want == "" && len(got) > 0 || tt.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tt.want)) {
			t.Errorf("%s: config-file findings %q, want one starting %q", tt.central, got, tt.want)
		}
	}
}
