package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The schema library lists unknown keys in map order; capreg must give one
// message per document, with the keys in the order they are written, and
// point a single unknown key out by its escaped JSON pointer. A reviewer's
// probe is the one place unknown keys are an error (ref §2.14).
func TestUnknownFieldsAreReportedInSourceOrder(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/claude/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	probe := []byte(`"probe": { "kind": "command-exists", "binary": "claude" }`)
	if !bytes.Contains(manifest, probe) {
		t.Fatal("the claude capability's probe changed; update this test")
	}
	tests := []struct {
		extra, ptr, msg string
	}{
		{`,"zeta":1,"a/b":2,"mid":3,"it's":4`, "/reviewer/probe", `unknown fields 'zeta', 'a/b', 'mid', "it's" are not allowed here`},
		{`,"a/b~c":1`, "/reviewer/probe/a~1b~0c", `unknown field 'a/b~c' is not allowed here`},
		{`,"é x%41":1`, "/reviewer/probe/é x%41", `unknown field 'é x%41' is not allowed here`},
		{`,"x', 'y":1,"\n\\":2`, "/reviewer/probe", `unknown fields "x', 'y", "\n\\" are not allowed here`},
		// A field the probe takes, but not of this kind: when is said.
		{`,"timeoutMs":500`, "/reviewer/probe/timeoutMs", `this field is not allowed here when kind is "command-exists"`},
	}
	for _, tt := range tests {
		data := bytes.Replace(manifest, probe, fmt.Appendf(nil, `"probe": { "kind": "command-exists", "binary": "claude"%s }`, tt.extra), 1)
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
			{Folder: "claude", Manifest: File{Path: "capabilities/claude/capability.json", Data: data}}}}
		for range 20 {
			var got []string
			for _, d := range Validate(&src).Diagnostics {
				if d.Rule == "schema" {
					got = append(got, d.Pointer+" "+d.Message)
				}
			}
			if want := tt.ptr + " " + tt.msg; len(got) != 1 || got[0] != want {
				t.Fatalf("diagnostics %q, want [%q]", got, want)
			}
		}
	}
}

// Unknown card fields are kept and warned about, one finding each, at the
// field.
func TestUnknownCardFieldsAreWarnings(t *testing.T) {
	card := `{"id":"t","command":"t","summary":"s","intent_phrases":["p"],"zeta":1,"effects":"e","risk":"reversible","example":"t","a/b":2}`
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
	res := Validate(&src)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, fmt.Sprintf("%s %s %s", d.Severity, d.Rule, d.Pointer))
	}
	want := []string{"warning card-unknown-field /zeta", "warning card-unknown-field /a~1b"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
	if len(res.Cards) != 1 || res.Cards[0].Raw.Get("zeta") == nil {
		t.Errorf("the card is not indexed with its unknown field kept: %+v", res.Cards)
	}
}

// TestReplacesShapeBesideSchemaErrors: a replaces pattern that matches
// nothing meant is told while the card's errors are being fixed, as an
// unknown field is; it was told only once the card passed its schema.
func TestReplacesShapeBesideSchemaErrors(t *testing.T) {
	card := `{"id":"t","command":"t","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t","replaces":["[sudo ]rm -rf /", 7, "rm -rf <dir>"]}`
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		got = append(got, fmt.Sprintf("%s %s %s", d.Severity, d.Rule, d.Pointer))
	}
	want := []string{"warning card-replaces-shape /replaces/0", "error schema ", "error schema /replaces/1"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
}

// A card id may be any string (GET /tools/{id} takes it percent-encoded,
// "ns%2Ftool"), but not one that reads as nothing or as another: blank,
// over lines, with white space at an end, or with a control character (a
// NUL or an escape, which a terminal listing the id obeys; review).
func TestCardIDIsNotBlank(t *testing.T) {
	for id, ok := range map[string]bool{"t": true, "ns/tool": true, "a b": true, "é": true,
		"a\x00b": false, "a\x1b[31mb": false, "a\tb": false, "a\x7fb": false, "a\u0085b": false,
		"": false, " ": false, " t": false, "t\t": false, "a\nb": false,
		"\u00a0": false, "t\u00a0": false, "\u3000t": false, "a\u2028b": false, "a\rb": false, "a\u00a0b": true} {
		quoted, _ := json.Marshal(id) // JSON's escapes, not Go's %q
		card := fmt.Sprintf(`{"id":%s,"command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"}`, quoted)
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
		res := Validate(&src)
		if got := len(res.Cards) == 1; got != ok {
			t.Errorf("id %q: valid %v, want %v (%v)", id, got, ok, res.Diagnostics)
		}
		if !ok && (len(res.Diagnostics) != 1 || res.Diagnostics[0].Pointer != "/id" || !strings.Contains(res.Diagnostics[0].Message, "is not a card id: not blank")) {
			t.Errorf("id %q: diagnostics %v, want one at /id saying what a card id is", id, res.Diagnostics)
		}
	}
}

// A card id that is a URL path step ("." or "..") is refused, saying why:
// clients remove it from /tools/{id} before they send the request, so the
// card could not be fetched. Ids that only hold dots are not steps.
func TestCardIDIsNoPathStep(t *testing.T) {
	for id, ok := range map[string]bool{".": false, "..": false, "...": true, ".t": true, "t..": true} {
		card := fmt.Sprintf(`{"id":%q,"command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"}`, id)
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
		res := Validate(&src)
		if got := len(res.Cards) == 1; got != ok {
			t.Errorf("id %q: valid %v, want %v (%v)", id, got, ok, res.Diagnostics)
		}
		if !ok && (len(res.Diagnostics) != 1 || res.Diagnostics[0].Pointer != "/id" ||
			res.Diagnostics[0].Message != fmt.Sprintf("%q is not allowed here: it is a URL path step, which HTTP clients remove before they send a request (/tools/. is /tools/, /tools/.. is /), so GET /tools/{id} could not ask for the card", id)) {
			t.Errorf("id %q: diagnostics %v, want one at /id saying why", id, res.Diagnostics)
		}
	}
}

// The library URL-escapes instance locations ("/config/x%20y"); diagnostics
// carry plain JSON pointers, positioned at the value.
func TestSchemaPointersAreJSONPointers(t *testing.T) {
	data, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`"workflow.ui_review": { "type": "boolean"`), []byte(`"workflow.ui révue": { "type": 5`), 1)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
		{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: data}}}}
	var found bool
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule != "schema" {
			continue
		}
		found = true
		if d.Pointer != "/config/workflow.ui révue/type" || d.Line != 16 {
			t.Errorf("schema finding at %s line %d: %s; want /config/workflow.ui révue/type on line 16", d.Pointer, d.Line, d.Message)
		}
	}
	if !found {
		t.Fatal("no schema finding for a config type of 5")
	}
}

// A propertyNames failure is the key's: an empty config key is reported at
// /config/ (the library drops the empty token and says /config), on its line.
func TestEmptyKeyIsReportedAtItsPointer(t *testing.T) {
	data, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`"workflow.ui_review": {`), []byte(`"": {`), 1)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
		{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: data}}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "schema" {
			got = append(got, fmt.Sprintf("%d:%d %s %s", d.Line, d.Column, d.Pointer, d.Message))
		}
	}
	want := "16:5 /config/ key '' is not a valid name here: length must be >= 1, but got 0"
	if len(got) != 1 || got[0] != want {
		t.Errorf("schema findings %q, want [%q]", got, want)
	}
}

// A file repeating keys by the hundred lists the first duplicates, each on
// its own line, and counts the rest, as any rule's findings are counted:
// the one standing for them is placed at the first and says how many, and
// the summary's count holds them all.
func TestManyDuplicateKeysAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"id":"t","command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"`)
	for range 300 {
		b.WriteString(",\n\"id\":\"t\"")
	}
	b.WriteString("}")
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(b.String())}, ToolPath: "bin/t", ToolExists: true}}}
	var dups Diagnostics
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "json-duplicate-key" {
			dups = append(dups, d)
		}
	}
	for i, d := range dups {
		if want := i + 2; d.Line != want || d.Column != 1 {
			t.Errorf("duplicate %d at %d:%d, want %d:1", i+1, d.Line, d.Column, want)
		}
	}
	if errs, _ := dups.Count(); len(dups) != MaxPerRule+1 || errs != 300 || dups[MaxPerRule].Omitted != 200 {
		t.Fatalf("%d findings counting %d errors, want %d counting 300, the last standing for 200", len(dups), errs, MaxPerRule+1)
	}
	if msg := dups[MaxPerRule].Message; !strings.HasPrefix(msg, "200 more json-duplicate-key findings") {
		t.Errorf("the last says %q", msg)
	}
}

// With one duplicate key more than MaxPerRule, every one is listed as it
// is, the last too (parseDoc makes it standing for the rest, and
// LimitPerRule lists a lone one as it was): each names where the key was
// before it, the occurrence it replaces.
func TestOneDuplicateKeyOverTheLimitNamesThePrevious(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"id":"t","command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"`)
	for range MaxPerRule + 1 {
		b.WriteString(",\n\"id\":\"t\"")
	}
	b.WriteString("}")
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(b.String())}, ToolPath: "bin/t", ToolExists: true}}}
	var dups Diagnostics
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "json-duplicate-key" {
			dups = append(dups, d)
		}
	}
	if len(dups) != MaxPerRule+1 {
		t.Fatalf("%d findings, want %d", len(dups), MaxPerRule+1)
	}
	for i, d := range dups {
		prev := fmt.Sprintf("already at %d:1 ", i+1)
		if i == 0 {
			prev = "already at 1:2 "
		}
		if d.Omitted != 0 || !strings.Contains(d.Message, `duplicate key "id", `+prev) {
			t.Errorf("duplicate %d (omitting %d): %s, want it %q", i+1, d.Omitted, d.Message, prev)
		}
	}
}

// Schema findings say what is allowed in the terms a person writes: enum
// members as JSON (the library quotes the number 1 as "1"), and patterns
// in words rather than as regular expressions.
func TestSchemaMessagesNameWhatIsAllowed(t *testing.T) {
	tests := []struct {
		old, new, ptr, msg string
	}{
		{`"supportTier": 1`, `"supportTier": "1"`, "/runtime/supportTier", `"1" is not allowed: the value must be one of 1, 2`},
		{`"supportTier": 1`, `"supportTier": 3`, "/runtime/supportTier", `3 is not allowed: the value must be one of 1, 2`},
		{`"role": "runtime"`, `"role": "Runtime"`, "/role", `"Runtime" is not allowed: the value must be one of "feature", "runtime", "reviewer" (did you mean "runtime"?)`},
		// A negation is not offered the member it negates, which is a
		// letter or two away: of two, the other.
		{`"nesting": "nested"`, `"nesting": "un-nested"`, "/runtime/artifactLayout/local/0/nesting", `"un-nested" is not allowed: the value must be one of "flat", "nested" ("un-nested" is not "nested": did you mean "flat"?)`},
		{`"role": "runtime"`, `"role": "non-runtime"`, "/role", `"non-runtime" is not allowed: the value must be one of "feature", "runtime", "reviewer"`},
		{`"version": "1.2.0"`, `"version": "1.2"`, "/version", `"1.2" is not a SemVer version such as 1.2.0 or 2.0.0-beta.1`},
		// A key a pattern refuses, as a value: compatVersions' keys quoted
		// a regexp of 250 characters.
		{`"version": "1.2.0",`, `"version": "1.2.0", "compatVersions": {"1.0": ">=1.6.0"},`, "/compatVersions/1.0", `key '1.0' is not a valid name here: it is not a SemVer version such as 1.2.0 or 2.0.0-beta.1`},
		{`"gsd": ">=1.6.0"`, `"gsd": ">=one"`, "/engines/gsd", `matches none of the allowed forms: ">=one" is not a version range naming a version (it holds no digit); or ">=one" is not * or x (any version)`},
		// One finding, not the anyOf's too, where the pattern said it.
		{`"gsd": ">=1.6.0"`, `"gsd": ""`, "/engines/gsd", `"" is not a version range such as >=1.2.0 or ^2.0.0 (digits, letters, spaces and . + | < > = ~ ^ * ( ) - only)`},
		// Blank: said so, rather than sending the author after a wrong
		// character ("   " holds none).
		{`"gsd": ">=1.6.0"`, `"gsd": "   "`, "/engines/gsd", `"   " is blank, not a version range such as >=1.2.0 or ^2.0.0 (digits, letters, spaces and . + | < > = ~ ^ * ( ) - only)`},
		{`"gsd": ">=1.6.0"`, `"gsd": ">=1.6.0 <2"`, "", ""},
	}
	for _, tt := range tests {
		var got []string
		for _, d := range claudeWith(t, tt.old, tt.new) {
			if d.Rule == "schema" {
				got = append(got, d.Pointer+" "+d.Message)
			}
		}
		if tt.msg == "" && len(got) > 0 {
			t.Errorf("%s: diagnostics %q, want none", tt.new, got)
		}
		if want := tt.ptr + " " + tt.msg; tt.msg != "" && (len(got) != 1 || got[0] != want) {
			t.Errorf("%s: diagnostics %q, want [%q]", tt.new, got, want)
		}
	}
}

// A byte order mark is read past, as before, but warned about at 1:1:
// gsd-core's JSON.parse rejects such a file.
func TestByteOrderMarkIsAWarning(t *testing.T) {
	card := "\xEF\xBB\xBF" + `{"id":"t","command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"}`
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
	res := Validate(&src)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, fmt.Sprintf("%s %s %d:%d", d.Severity, d.Rule, d.Line, d.Column))
	}
	if want := []string{"warning json-bom 1:1"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
	if len(res.Cards) != 1 {
		t.Errorf("%d cards, want the card kept", len(res.Cards))
	}
}

// A card's unknown fields are reported even while the card has errors,
// and a near miss of a card field says which one was meant.
func TestCardUnknownFieldsBesideErrors(t *testing.T) {
	card := `{"id":"t","command":"t","summary":"s","intent_phrases":[],"effects":"e","risk":"reversible","example":"t","help_prob":"t --help","colour":"red","replace":["t"]}`
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		got = append(got, fmt.Sprintf("%s %s %s", d.Rule, d.Pointer, d.Message))
	}
	want := []string{
		`card-unknown-field /help_prob unknown tool card field "help_prob" (did you mean "help_probe"?); it is kept in the index but nothing reads it`,
		`card-unknown-field /colour unknown tool card field "colour" (known: ["id", "command", "summary", "intent_phrases", "replaces", "preconditions", "effects", "risk", "example", "help_probe"]); it is kept in the index but nothing reads it`,
		`card-unknown-field /replace unknown tool card field "replace" (did you mean "replaces"?); it is kept in the index but nothing reads it`,
	}
	var schemaErr bool
	var unknown []string
	for _, g := range got {
		if strings.HasPrefix(g, "schema /intent_phrases") {
			schemaErr = true
		}
		if strings.HasPrefix(g, "card-unknown-field") {
			unknown = append(unknown, g)
		}
	}
	if !schemaErr || strings.Join(unknown, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant a schema error at /intent_phrases and:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A number past the range of a double is Infinity to JSON.parse: no
// integer, and null in the registry. The schema library reads it exactly
// and passed it as an integer, so "timeoutFloorMs": 1e400 gave a registry
// whose required positive integer was null. A config default says so under
// its own rule, once.
func TestNumbersPastADoubleAreReported(t *testing.T) {
	tests := []struct {
		old, new string
		want     []string // rule and pointer of each error
	}{
		{`"timeoutFloorMs": 120000`, `"timeoutFloorMs": 1e400`, []string{"schema /reviewer/timeoutFloorMs"}},
		{`"timeoutFloorMs": 120000`, `"timeoutFloorMs": -1E+999`, []string{"schema /reviewer/timeoutFloorMs", "schema /reviewer/timeoutFloorMs"}}, // and not positive
		{`"timeoutFloorMs": 120000`, `"timeoutFloorMs": 1e308, "x": [1e309]`, []string{"schema /reviewer/x/0"}},
		{`"timeoutFloorMs": 120000`, `"timeoutFloorMs": 1e-400`, []string{"schema /reviewer/timeoutFloorMs"}}, // 0, not positive
		{`"type": "string", "default": "opus"`, `"type": "number", "default": 1e400`, []string{"config-slice /config/review.claude.model/default"}},
	}
	for _, tt := range tests {
		var got []string
		for _, d := range claudeWith(t, tt.old, tt.new) {
			if d.Severity == Error && d.Rule != "contract-missing" { // no workflows here
				got = append(got, d.Rule+" "+d.Pointer)
			}
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("with %s: errors %q, want %q", tt.new, got, tt.want)
		}
	}
}

// A finding's message echoing a huge value keeps its start and its end,
// which says what to do, within a bound: a 7 MiB id echoed whole made 7 MB
// of output for one finding.
func TestLongMessagesAreClipped(t *testing.T) {
	id := strings.Repeat("é", 1<<20) // 2 MiB, one character in two bytes
	diags := claudeWith(t, `"id": "claude"`, `"id": "`+id+`"`)
	if len(diags) == 0 {
		t.Fatal("no finding for a 2 MiB id")
	}
	for _, d := range diags {
		if len(d.Message) > 2200 || !utf8.ValidString(d.Message) {
			t.Errorf("%s: message of %d bytes (valid UTF-8: %v), want at most about 2 KiB", d.Rule, len(d.Message), utf8.ValidString(d.Message))
		}
		if len(d.Message) > 2000 && !strings.Contains(d.Message, "bytes left out") {
			t.Errorf("%s: a clipped message does not say so: %.100q", d.Rule, d.Message)
		}
	}
	// So are the scan's own findings (a capreg.json naming a root of 2 MB).
	long := "configured path " + strings.Repeat("x", 2_000_000) + " does not exist"
	src := Sources{Diagnostics: Diagnostics{{File: "capreg.json", Rule: "file-unreadable", Severity: Error, Message: long}}}
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "file-unreadable" && (len(d.Message) > 2200 || !strings.HasSuffix(d.Message, "does not exist")) {
			t.Errorf("the scan's finding: message of %d bytes ending %q", len(d.Message), d.Message[max(0, len(d.Message)-20):])
		}
	}
	if src.Diagnostics[0].Message != long {
		t.Error("Validate changed the finding in its sources, which the overlay reads back")
	}
}

// A missing required field next to a key that probably misspells it says
// so, as field-near-miss does for optional ones: "require" for
// "requires", "produce" for "produces".
func TestMissingRequiredFieldNamesItsMisspelling(t *testing.T) {
	for _, tt := range []struct{ old, new, want string }{
		{`"requires": []`, `"require": []`, `missing required field 'requires'; the field 'require' is there: did you mean 'requires'?`},
		{`"requires": []`, `"reqiures": []`, `missing required field 'requires'; the field 'reqiures' is there: did you mean 'requires'?`},
		{`"requires": []`, `"zzz": []`, `missing required field 'requires'; add "requires": [...] ([] for none)`},
	} {
		var got []string
		for _, d := range claudeWith(t, tt.old, tt.new) {
			if d.Rule == "schema" && strings.HasPrefix(d.Message, "missing required") {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("with %s: %q, want [%q]", tt.new, got, tt.want)
		}
	}
}

// A card whose required fields are joined or cased otherwise than the
// schema's ("intentPhrases", "Risk") is told of each, in the schema error
// for the missing fields and in card-unknown-field, as is an optional one
// ("helpProbe"), which nothing else would name: the probe is dropped.
func TestCardFieldsSpelledOtherwise(t *testing.T) {
	card := `{"id":"t","command":"t","summary":"s","intentPhrases":["p"],"effects":"e","Risk":"destructive","example":"t","helpProbe":"t --help"}`
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		got = append(got, fmt.Sprintf("%s %s %s", d.Rule, d.Pointer, d.Message))
	}
	want := []string{
		`schema  missing required fields 'intent_phrases', 'risk'; the fields 'intentPhrases', 'Risk' are there: did you mean 'intent_phrases', 'risk'?`,
		`card-unknown-field /intentPhrases unknown tool card field "intentPhrases" (did you mean "intent_phrases"?); it is kept in the index but nothing reads it`,
		`card-unknown-field /Risk unknown tool card field "Risk" (did you mean "risk"?); it is kept in the index but nothing reads it`,
		`card-unknown-field /helpProbe unknown tool card field "helpProbe" (did you mean "help_probe"?); it is kept in the index but nothing reads it`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// claudeWith validates the sample repository's claude capability, alone,
// with the text old replaced by new, which it must hold.
func claudeWith(t *testing.T, old, new string) Diagnostics {
	t.Helper()
	manifest, err := os.ReadFile("../testdata/repo/capabilities/claude/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(manifest, []byte(old)) {
		t.Fatalf("the claude capability no longer holds %s; update this test", old)
	}
	data := bytes.Replace(manifest, []byte(old), []byte(new), 1)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
		{Folder: "claude", Manifest: File{Path: "capabilities/claude/capability.json", Data: data}}}}
	return Validate(&src).Diagnostics
}

// TestContractMissingNamesUnwalkedFolders: a repository whose workflows
// sit where the walk does not go (an installed gsd-core under
// node_modules/) is told to name their folder, not only to add markers
// the workflows already have.
func TestContractMissingNamesUnwalkedFolders(t *testing.T) {
	for _, d := range claudeWith(t, `"id"`, `"id"`) {
		if d.Rule == "contract-missing" {
			if !strings.Contains(d.Message, `node_modules/`) || !strings.Contains(d.Message, `capreg.json's "workflows"`) {
				t.Errorf("contract-missing says %q; want it to name capreg.json's workflows for node_modules/", d.Message)
			}
			return
		}
	}
	t.Error("no contract-missing finding for a capability without workflows")
}

// TestEnumHintNegation: a tool card's risk written as the negation of a
// member is offered the other member, never the one it negates, which is
// the nearest in letters: "irreversible" once got "did you mean
// reversible", marking a tool that loses data safe.
func TestEnumHintNegation(t *testing.T) {
	risks := []string{"reversible", "destructive"}
	tests := []struct{ got, want string }{
		{"irreversible", ` ("irreversible" is not "reversible": did you mean "destructive"?)`},
		{"Ireversible", ` ("Ireversible" is not "reversible": did you mean "destructive"?)`},
		{"non-destructive", ` ("non-destructive" is not "destructive": did you mean "reversible"?)`},
		{"NotDestructive", ` ("NotDestructive" is not "destructive": did you mean "reversible"?)`},
		{"Reversible", ` (did you mean "reversible"?)`},
		{"destrutive", ` (did you mean "destructive"?)`},
		{"safe", ""},
	}
	for _, tt := range tests {
		if got := enumHint(tt.got, risks); got != tt.want {
			t.Errorf("enumHint(%q) = %q, want %q", tt.got, got, tt.want)
		}
	}
}

// TestEnumHintPlural: a value's plural or singular names that value, as
// "ful" does "full" (new-user review: "runtimes" for the role "runtime"
// got no hint, a field's plural being excluded as a field of its own).
func TestEnumHintPlural(t *testing.T) {
	tests := []struct {
		got   string
		words []string
		want  string
	}{
		{"runtimes", []string{"feature", "runtime", "reviewer"}, ` (did you mean "runtime"?)`},
		{"Features", []string{"feature", "runtime", "reviewer"}, ` (did you mean "feature"?)`},
		{"step", []string{"steps", "gates"}, ` (did you mean "steps"?)`},
		{"ful", []string{"core", "standard", "full"}, ` (did you mean "full"?)`},
		{"tools", []string{"feature", "runtime", "reviewer"}, ""},
	}
	for _, tt := range tests {
		if got := enumHint(tt.got, tt.words); got != tt.want {
			t.Errorf("enumHint(%q) = %q, want %q", tt.got, got, tt.want)
		}
	}
}

// TestCardBlankFields: a card field of white space alone says nothing an
// agent could read or match, and is an error, as an empty one is; before,
// it passed (and a blank replaces pattern matched no line). A blank or
// empty help_probe stays allowed: it is optional, and blank means none.
func TestCardBlankFields(t *testing.T) {
	for _, field := range []string{`"command": " "`, `"summary": "\t"`, `"intent_phrases": ["\u00a0"]`, `"replaces": [" "]`, `"effects": "\n"`, `"example": "  "`, `"summary": "\u000b"`, `"summary": "\u0085"`, `"summary": "\u200b\ufeff"`} {
		card := `{"id": "t", "command": "t", "summary": "s", "intent_phrases": ["p"], "effects": "e", "risk": "reversible", "example": "t", ` + field + `}`
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule != "json-duplicate-key" { // the field given twice: the test's card has it already
				got = append(got, d.Rule+" "+d.Message)
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "schema ") || !strings.HasSuffix(got[0], "is not text that says anything: it is white space only") {
			t.Errorf("%s: diagnostics %q, want a schema error", field, got)
		}
	}
	for _, probe := range []string{`"  "`, `""`} { // "" was refused by the schema, though blank means none
		card := `{"id": "t", "command": "t", "summary": "s", "intent_phrases": ["p"], "effects": "e", "risk": "reversible", "example": "t", "help_probe": ` + probe + `}`
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
		if ds := Validate(&src).Diagnostics; len(ds) != 0 {
			t.Errorf("help_probe %s: %v", probe, ds)
		}
	}
}

// With a key repeated, the last value is the one judged (as JSON.parse
// keeps it), and a finding about it is placed at that value, not at the
// first, which may be fine.
func TestFindingAtRepeatedKeyIsPlacedAtTheValueJudged(t *testing.T) {
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "ui",
		Manifest: File{Path: "capabilities/ui/capability.json", Data: []byte("{\n  \"tier\": \"full\",\n  \"tier\": \"bad\"\n}\n")}}}}
	found := false
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "schema" && d.Pointer == "/tier" {
			found = true
			if d.Line != 3 || d.Column != 11 {
				t.Errorf("%s: placed at %d:%d, want 3:11, \"bad\"", d, d.Line, d.Column)
			}
		}
	}
	if !found {
		t.Error("no schema finding at /tier")
	}
}

// Repeats are listed in the order of the file, and the finding standing
// for those past the first MaxPerRule comes after them, saying how many,
// also where a repeated key's value repeats keys of its own (ojson reports
// those first).
func TestNestedDuplicateKeysPastTheCap(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"id":"t","command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t",` + "\n")
	b.WriteString(`"x":1,` + "\n" + `"x":{` + "\n")
	for i := range 100 {
		fmt.Fprintf(&b, "\"k%d\":1,\"k%d\":2,\n", i, i)
	}
	b.WriteString("\"end\":0},\n")
	for range 50 {
		b.WriteString("\"id\":\"t\",\n")
	}
	b.WriteString("\"z\":0}")
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(b.String())}, ToolPath: "bin/t", ToolExists: true}}}
	var dups Diagnostics
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "json-duplicate-key" {
			dups = append(dups, d)
		}
	}
	errs, _ := dups.Count()
	last := dups[len(dups)-1]
	if errs != 151 || len(dups) != MaxPerRule+1 || last.Omitted != 51 || !strings.HasPrefix(last.Message, "51 more json-duplicate-key findings") {
		t.Errorf("%d findings counting %d, the last %v (omitted %d); want 101 counting 151, the last standing for 51", len(dups), errs, last, last.Omitted)
	}
	if dups[0].Line != 3 || dups[0].Pointer != "/x" {
		t.Errorf("the first listed is %v, want the repeat of x at line 3", dups[0])
	}
}

// TestMisplacedFieldIsSoughtThreeLevelsDown: a missing required field
// written one or two objects too deep is named where it is written; one
// written deeper than three levels below the object that lacks it is not
// sought, and the finding says only that it is missing.
func TestMisplacedFieldIsSoughtThreeLevelsDown(t *testing.T) {
	for _, tc := range []struct{ step, want string }{
		{`{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "config": {}}`,
			`missing required field 'config'; the field 'config' is written at /steps/0/config: move it up, to the top level`},
		{`{"point": "ship:pre", "ref": {"command": "x", "config": {}}, "produces": [], "consumes": []}`,
			`missing required field 'config'`},
		{`{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "x": [{"config": {}}]}`,
			`missing required field 'config'`},
	} {
		c := newcomerCap("changelog", `[]`, `[]`, `{}`)
		m := strings.Replace(string(c.Manifest.Data), `"config": {},`, ``, 1)
		c.Manifest.Data = []byte(strings.Replace(m, `"steps": []`, `"steps": [`+tc.step+`]`, 1))
		var got []string
		for _, d := range newcomerFindings(t, "schema", c) {
			if d.Pointer == "" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("step %s: findings at the top %q, want %q", tc.step, got, tc.want)
		}
	}
}

// TestFieldTheSchemaForbidsIsSaidSo: a field the schema allows nowhere
// in its place (a local layout entry's home, a command-exists probe's
// timeoutMs) is told "this field is not allowed here", at the field, not
// in the schema library's words, and when the schema forbids it for one
// value of another field, that it does (the probe's kind).
func TestFieldTheSchemaForbidsIsSaidSo(t *testing.T) {
	for _, tc := range []struct{ id, old, new, ptr, when string }{
		{"claude", `"recursive": true, "converter": null }`, `"recursive": true, "converter": null, "home": "x" }`, "/runtime/artifactLayout/local/0/home", ""},
		{"claude", `"binary": "claude" }`, `"binary": "claude", "timeoutMs": 100 }`, "/reviewer/probe/timeoutMs", ` when kind is "command-exists"`},
	} {
		var got []string
		for _, d := range findingsOf(sampleRepo(t, sampleEdit{tc.id, tc.old, tc.new}), "schema") {
			got = append(got, d.Pointer+": "+d.Message)
		}
		if want := tc.ptr + ": this field is not allowed here" + tc.when; len(got) != 1 || got[0] != want {
			t.Errorf("findings %q, want %q", got, want)
		}
	}
}

// TestTypeMismatchHints: a string given where a list of strings or one
// of the objects of objectHints is due is told what to write; another
// value where one of those objects is due is told what the object is; any
// other value, or a string where a list of anything is due, is told the
// types only.
func TestTypeMismatchHints(t *testing.T) {
	for _, tc := range []struct{ id, old, new, ptr, want string }{
		{"security", `"requires": [],`, `"requires": "research",`, "/requires", `expected array, but got string: a list of strings is due, even of one; write ["research"]`},
		{"security", `"requires": [],`, `"requires": 5,`, "/requires", `expected array, but got number`},
		{"security", `"ref": { "skill": "secure-phase" }`, `"ref": "secure-phase"`, "/steps/0/ref", `expected object, but got string: a step's ref is an object naming what it runs, {"skill": …}, {"agent": …} or {"command": …}; write {"skill": "secure-phase"}`},
		{"security", `"ref": { "skill": "secure-phase" }`, `"ref": 5`, "/steps/0/ref", `expected object, but got number: a step's ref is an object naming what it runs, {"skill": …}, {"agent": …} or {"command": …}`},
		{"security", `"gates": [`, `"gates": "ship", "x": [`, "/gates", `expected array, but got string`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "loop/threat-model.md"`, "/contributions/0/fragment", `expected object, but got string: a fragment is an object, {"path": …} (a file in the capability folder) or {"inline": …} (the text itself); write {"path": "loop/threat-model.md"}`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "Model the threats of every plan."`, "/contributions/0/fragment", `write {"inline": "Model the threats of every plan."}`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "Threats:\n- spoofing"`, "/contributions/0/fragment", `write {"inline": "Threats:\n- spoofing"}`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "loop/threat model 2.md"`, "/contributions/0/fragment", `write {"path": "loop/threat model 2.md"}`},
		{"claude", `"requiresBinaries": ["claude"]`, `"requiresBinaries": "claude"`, "/reviewer/requiresBinaries", `expected array, but got string`},
		{"security", `"requires": [],`, `"requires": "",`, "/requires", `expected array, but got string: a list of strings is due; write [] for none`},
	} {
		var got []string
		for _, d := range findingsOf(sampleRepo(t, sampleEdit{tc.id, tc.old, tc.new}), "schema") {
			if d.Pointer == tc.ptr {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tc.want && !strings.HasPrefix(tc.want, "write") || !strings.HasSuffix(got[0], tc.want) {
			t.Errorf("%s: findings at %s %q, want %q", tc.new, tc.ptr, got, tc.want)
		}
	}
}

// TestCardTypeMismatchHints: a card's lists of strings, whose items the
// card schema gives by reference ("#/$defs/nonEmptyString"), are told
// what to write as a capability's are; they were told the types only
// (new-user review).
func TestCardTypeMismatchHints(t *testing.T) {
	for _, tc := range []struct{ old, new, want string }{
		{`"intent_phrases":["p"]`, `"intent_phrases":"do t"`, `/intent_phrases expected array, but got string: a list of strings is due, even of one; write ["do t"]`},
		{`"intent_phrases":["p"]`, `"intent_phrases":"do t","replaces":"t *"`, `/replaces expected array, but got string: a list of strings is due, even of one; write ["t *"]`},
		{`"intent_phrases":["p"]`, `"intent_phrases":["p"],"replaces":""`, `/replaces expected array, but got string: a list of strings is due; write [] for none`},
		{`"intent_phrases":["p"]`, `"intent_phrases":" "`, `/intent_phrases expected array, but got string`}, // one at least is due
	} {
		card := cardJSON("t")
		if !strings.Contains(card, tc.old) {
			t.Fatalf("cardJSON lacks %s; update this test", tc.old)
		}
		card = strings.Replace(card, tc.old, tc.new, 1)
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			got = append(got, d.Pointer+" "+d.Message)
		}
		if !slices.Contains(got, tc.want) {
			t.Errorf("%s: findings %q, want %q", tc.new, got, tc.want)
		}
	}
}

// TestEnumFindingQuotesTheValueUpTo79Bytes: a value an enum does not
// allow is quoted as JSON while that takes at most 79 bytes; a longer
// one is named by its kind.
func TestEnumFindingQuotesTheValueUpTo79Bytes(t *testing.T) {
	for _, tc := range []struct{ risk, want string }{
		{strings.Repeat("r", 77), `"` + strings.Repeat("r", 77) + `" is not allowed: the value must be one of `},
		{strings.Repeat("r", 78), `the string is not allowed: the value must be one of `},
	} {
		card := strings.Replace(cardJSON("t"), `"risk":"reversible"`, `"risk":"`+tc.risk+`"`, 1)
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			got = append(got, d.Pointer+" "+d.Message)
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "/risk "+tc.want) {
			t.Errorf("risk of %d bytes: findings %q, want one at /risk starting %q", len(tc.risk), got, tc.want)
		}
	}
}

// TestReviewerBodyRequiredFields pins ref §2.13: every reviewer field the
// reference gives a rule that an absent value fails (an enum, a positive
// integer, an array, a string or null) is required, so a body missing one
// is refused as gsd-core's validator refuses it; modelConfigKey, marked
// optional there, and reviewsSection, which has no rule, may be left out.
// The schema required only slug, flags and transport: a CI moved from
// gsd-core stopped catching a body without its probe or handler.
func TestReviewerBodyRequiredFields(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/claude/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	optional := map[string]bool{"modelConfigKey": true, "reviewsSection": true}
	for _, field := range []string{"slug", "flags", "transport", "probe", "invoke", "timeoutFloorMs", "emptyOutput",
		"reviewsSection", "evidenceClass", "requiresBinaries", "promptBudgetKey", "modelConfigKey", "handler"} {
		var doc map[string]any
		if err := json.Unmarshal(manifest, &doc); err != nil {
			t.Fatal(err)
		}
		body := doc["reviewer"].(map[string]any)
		if _, ok := body[field]; !ok {
			t.Fatalf("claude's reviewer body has no %s; update this test", field)
		}
		delete(body, field)
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
			{Folder: "claude", Manifest: File{Path: "capabilities/claude/capability.json", Data: data}}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule == "schema" {
				got = append(got, d.Pointer+" "+d.Message)
			}
		}
		// What follows the field's name, what to add, is addHint's.
		want := []string{"/reviewer missing required field '" + field + "'"}
		if optional[field] {
			want = nil
		}
		if len(got) == 1 && len(want) == 1 && strings.HasPrefix(got[0], want[0]) {
			got = want
		}
		if !slices.Equal(got, want) {
			t.Errorf("reviewer body without %s: schema findings %q, want %q", field, got, want)
		}
	}
}

// TestMissingFieldAtTheKeyThatMisspellsIt: a required field missing whose
// name one key misspells is one error, at that key (where a CI annotation
// of the changed lines shows it), not an error at the object (1:1 for a
// tool card) beside a warning at the key saying the same. Two keys each
// misspelling one leave the error at the object, the keys named in it.
func TestMissingFieldAtTheKeyThatMisspellsIt(t *testing.T) {
	for _, tt := range []struct {
		name, data     string
		line, col      int
		pointer, field string
	}{
		{"one slip", "{\n  \"id\": \"t\",\n  \"sumary\": \"Does t.\",\n  \"command\": \"t\"\n}\n", 3, 3, "/sumary", "'summary'"},
		{"two slips", "{\n  \"id\": \"t\",\n  \"sumary\": \"Does t.\",\n  \"comand\": \"t\"\n}\n", 1, 1, "", "'summary', 'command'"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(tt.data)}, ToolPath: "bin/t", ToolExists: true}}}
			var got []Diagnostic
			for _, d := range Validate(src).Diagnostics {
				if d.Rule == "schema" && strings.HasPrefix(d.Message, "missing required") || d.Rule == "card-unknown-field" {
					got = append(got, d)
				}
			}
			want := 1
			if tt.pointer == "" {
				want = 3 // the error, and a warning at each key
			}
			if len(got) != want {
				t.Fatalf("findings %v, want %d", got, want)
			}
			d := got[0]
			if d.Rule != "schema" || d.Line != tt.line || d.Column != tt.col || d.Pointer != tt.pointer || !strings.Contains(d.Message, tt.field) {
				t.Errorf("finding %s:%d:%d %s %q, want the schema error at %d:%d %q naming %s", d.File, d.Line, d.Column, d.Pointer, d.Message, tt.line, tt.col, tt.pointer, tt.field)
			}
		})
	}
}

// TestSchemaFindingsStructure: the schema check's findings say, as
// structure, the keyword failed, the fields missing and the keys named as
// a field misspelt, which the miswritten role's drop and field-near-miss
// read in place of the messages' text; a finding dropped is not reported.
func TestSchemaFindingsStructure(t *testing.T) {
	const runtime = `{"id": "a", "role": "runtime", "title": "A", "description": "A.", "tier": "core", "requires": []`
	const feature = `{"id": "a", "role": "feature", "title": "A", "description": "A.", "tier": "core", "requires": [],
		"skills": [], "agents": [], "config": {}, "steps": [], "gates": []`
	for _, tt := range []struct {
		json, keyword, ptr, object string
		missing, named             []string
	}{
		{runtime + `}`, "required", "", "", []string{"runtime"}, nil},
		{runtime + `, "runtim": {}}`, "required", "/runtim", "", []string{"runtime"}, []string{"runtim"}},
		{runtime + `, "x": {"runtime": {}}}`, "required", "", "", []string{"runtime"}, nil},
		{feature + `, "contributions": [{"point": "plan:pre", "into": "planner", "fragment": {"pth": "a.md", "inlin": "x"}}]}`,
			"anyOf", "/contributions/0/fragment", "/contributions/0/fragment", nil, []string{"pth", "inlin"}},
		{feature + `, "contributions": [{"point": "plan:pre", "into": "planner", "fragment": {"inlin": "x"}}]}`,
			"anyOf", "/contributions/0/fragment", "/contributions/0/fragment", nil, []string{"inlin"}},
	} {
		var s sink
		d := parseDoc("capability.json", []byte(tt.json), &s)
		_, found := checkSchemaFindings("capability", d, &s, nil)
		if len(found) != 1 || found[0].keyword != tt.keyword || found[0].ptr != tt.ptr || found[0].object != tt.object ||
			!slices.Equal(found[0].missing, tt.missing) || !slices.Equal(found[0].named, tt.named) || len(s.diags) != 1 {
			t.Errorf("%s: %+v\nwant one %s at %q missing %v naming %v", tt.json, found, tt.keyword, tt.ptr, tt.missing, tt.named)
		}
		var dropped sink
		if _, found := checkSchemaFindings("capability", d, &dropped, func(f *schemaFinding) bool { return f.keyword == tt.keyword }); len(found) != 0 || len(dropped.diags) != 0 {
			t.Errorf("%s: dropped, still %v", tt.json, dropped.diags)
		}
	}
}
