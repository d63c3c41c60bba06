package validate

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// TestNearestField: an unknown key is offered the field it misspells (a
// swap, a case or snake/kebab spelling, one edit in a short key), and no
// field for plurals, singulars or two edits, which may be fields of their own.
func TestNearestField(t *testing.T) {
	fields := []string{"point", "onError", "when", "produces", "consumes", "ref", "version", "reviewer", "contributions"}
	tests := []struct{ key, want string }{
		{"onErorr", "onError"},             // two letters swapped
		{"onerror", "onError"},             // case only
		{"on_error", "onError"},            // snake_case of a camelCase field
		{"on-error", "onError"},            // kebab-case
		{"OnError", "onError"},             // case only
		{"on_eror", ""},                    // joined otherwise and a typo: two edits in a short key
		{"on__error", "onError"},           // an underscore too many
		{"dependsOnn", ""},                 // not a field here
		{"versions", ""},                   // a plural may be a field of its own
		{"review", ""},                     // two edits
		{"produce", ""},                    // a singular may be a field of its own
		{"wehn", "when"},                   // a swap in a short key
		{"pont", "point"},                  // one deletion in a short key
		{"refs", ""},                       // a plural may be a field of its own
		{"whence", ""},                     // two edits in a short key: a word of its own
		{"comment", ""},                    // far from everything
		{"description", ""},                // far from everything
		{"consumed", "consumes"},           // one substitution
		{"contributons", "contributions"},  // one deletion
		{"contribtuions", "contributions"}, // two edits in a long key
	}
	for _, tt := range tests {
		if got := nearestField(tt.key, fields); got != tt.want {
			t.Errorf("nearestField(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}

// An id that does not exist, or a field of a closed object, cannot be a
// name of its own, so its plural or singular is a slip too (a client's
// GET /tools/kube.log, a card's "replace").
func TestNearestName(t *testing.T) {
	tests := []struct {
		key   string
		names []string
		want  string
	}{
		{"kube.log", []string{"kube.exec", "kube.logs"}, "kube.logs"},
		{"kube.logss", []string{"kube.logs"}, "kube.logs"},
		{"replace", cardFields, "replaces"},
		{"intent_phrase", cardFields, "intent_phrases"},
		{"helpProbe", cardFields, "help_probe"},
		{"help-probe", cardFields, "help_probe"},
		{"HelpProbe", cardFields, "help_probe"},
		{"HELP_PROBE", cardFields, "help_probe"},
		{"intentPhrases", cardFields, "intent_phrases"},
		{"Risk", cardFields, "risk"},
		{"exemple", cardFields, "example"},
		{"tests", []string{"test", "tests-e2e"}, "test"},
		{"researches", []string{"research"}, "research"},
		{"policies", []string{"policy"}, "policy"},
		{"policy", []string{"policies"}, "policies"},
		{"patch", []string{"patches"}, "patches"},
		{"build", []string{"deploy"}, ""},
		// The same words in another order: an id recalled by its words.
		{"sudo-deck", []string{"deck-sudo", "ft"}, "deck-sudo"},
		{"logs.kube", []string{"kube.exec", "kube.logs"}, "kube.logs"},
		{"Worktree_OD", []string{"od-worktree"}, "od-worktree"},
		{"pre:plan", Points, "plan:pre"},
		{"wave:execute:post", Points, "execute:wave:post"},
		{"deck", []string{"deck-sudo"}, ""},
		{"sudo-deck-x", []string{"deck-sudo"}, ""},
		{"deck-deck", []string{"deck"}, ""},
	}
	for _, tt := range tests {
		if got := NearestID(tt.key, tt.names); got != tt.want {
			t.Errorf("NearestID(%q, %q) = %q, want %q", tt.key, tt.names, got, tt.want)
		}
	}
}

// Only the fields of the object the schema describes count: keys of a map
// (config slices) are free names, and a key valid for the object is never
// a near miss, whichever branch of the schema declares it. A slip of a
// required field's name is the schema error at the key (missingAtKey).
func TestNearMissesOnlyAmongDeclaredFields(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		old, new string
		want     []string // pointers of field-near-miss warnings
	}{
		{`"tier": "full",`, `"teir": "full",`, []string{"/teir"}},
		{`"requires": [],`, `"Requires": [],`, []string{"/Requires"}},
		{`"workflow.ui_phase": {`, `"workflow.ui_phse": { "type": "boolean", "default": true }, "workflow.ui_phase": {`, nil},
		{`"when": "workflow.ui_review", "onError": "skip"`, `"when": "workflow.ui_review", "onError": "skip", "note": "x"`, nil},
		// a near miss of a field the object already has is a field of its own
		{`"tier": "full",`, `"tier": "full", "Tier": "x",`, nil},
		{`"tier": "full",`, `"tier": "full", "versions": ["1.0.0"],`, nil},
	}
	for _, tt := range tests {
		if !bytes.Contains(manifest, []byte(tt.old)) {
			t.Fatalf("ui's capability.json no longer holds %s; update this test", tt.old)
		}
		data := bytes.Replace(manifest, []byte(tt.old), []byte(tt.new), 1)
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
			{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: data}}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule == "field-near-miss" || missingAtKey(d) {
				got = append(got, d.Pointer)
			}
		}
		if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) {
			t.Errorf("%s: near misses at %q, want %q", tt.new, got, tt.want)
		}
	}
}

// TestNearMissesInFeatureBody checks near misses of fields that only the
// feature branch of the schema declares (allOf/if/then), down through its
// arrays, $refs and config map, each reported where it is with the field
// meant; a field that is right draws none. A slip of a required field's
// name is told once, by the schema error at the key (missingAtKey), not
// also by a warning there.
func TestNearMissesInFeatureBody(t *testing.T) {
	cases := []struct {
		old, new string
		ptr      string // "" : no near miss at all
		want     string
	}{
		{`"agents": [`, `"agnets": [`, "/agnets", `did you mean 'agents'?`},
		{`"onError": "halt" }`, `"onErorr": "halt" }`, "/steps/0/onErorr", `did you mean 'onError'?`},
		{`"fragment": { "path": "loop/threat-model.md" }`, `"fragment": { "path": "loop/threat-model.md", "inlien": "x" }`, "/contributions/0/fragment/inlien", `did you mean 'inline'?`},
		{`"type": "boolean", "default": true,`, `"tpye": "boolean", "default": true,`, "/config/workflow.security_enforcement/tpye", `did you mean 'type'?`},
		{`"unsupported": []`, `"unsuported": []`, "/runtimeCompat/unsuported", `did you mean 'unsupported'?`},
		{`"blocking": true,`, `"Blocking": true,`, "/gates/0/Blocking", `did you mean 'blocking'?`},
		{`"blocking": true,`, `"blocking": true, "onerror": "skip",`, "", ""}, // the gate has onError already
		{`"onError": "halt" }`, `"onError": "halt", "whenn": 1 }`, "", ""},    // the step has when
	}
	for _, tc := range cases {
		diags := slices.DeleteFunc(findingsOf(sampleRepo(t, sampleEdit{"security", tc.old, tc.new}), "field-near-miss", "schema"),
			func(d Diagnostic) bool { return d.Rule == "schema" && !missingAtKey(d) })
		if tc.ptr == "" {
			if len(diags) != 0 {
				t.Errorf("%s: want no near miss, got %v", tc.new, diags)
			}
			continue
		}
		if len(diags) != 1 || diags[0].Pointer != tc.ptr || !strings.Contains(diags[0].Message, tc.want) {
			t.Errorf("%s: want one finding at %s containing %q, got %v", tc.new, tc.ptr, tc.want, diags)
		}
	}
}

// TestNearMissesOfPluralHoldingTheField: a key that is a field's plural or
// singular and holds what the field holds, its type or one of its items,
// is that field misspelt, left unread in silence: a feature's "hook": [..]
// installed no hook, and no finding said so. One holding something else
// may be a field of its own and draws none, as before.
func TestNearMissesOfPluralHoldingTheField(t *testing.T) {
	cases := []struct {
		id, old, new string
		ptr          string // "" : no near miss at all
		want         string
	}{
		{"security", `"hooks": [],`, `"hook": [],`, "/hook", `unknown field 'hook' is ignored; did you mean 'hooks'?`},
		{"tdd", `"hooks": [`, `"hook": [`, "/hook", `did you mean 'hooks'?`},
		{"security", `"hooks": [],`, `"hook": { "event": "PostToolUse", "script": "hooks/x.sh" },`, "/hook", `did you mean 'hooks'?`},
		{"tdd", `"matcher": "Write|Edit"`, `"matchers": "Write|Edit"`, "/hooks/0/matchers", `did you mean 'matcher'?`},
		{"security", `"produces": [],`, `"produce": [],`, "/contributions/0/produce", `did you mean 'produces'?`},
		{"security", `"produces": ["SECURITY.md"]`, `"produce": "SECURITY.md"`, "/steps/0/produce", `did you mean 'produces'?`},
		{"security", `"configValues": {`, `"configValue": {`, "/contributions/0/configValue", `did you mean 'configValues'?`},
		{"security", `"gates": [`, `"gate": [`, "/gate", `did you mean 'gates'?`},
		// What the field holds as its schema says it: an enum's values,
		// a type among several (TestPluralMeantReadsKinds has the rest).
		{"security", `"tier": "full",`, `"tiers": "full",`, "/tiers", `did you mean 'tier'?`},
		{"claude", `"supportTier": 1,`, `"supportTiers": 1,`, "/runtime/supportTiers", `did you mean 'supportTier'?`},
		{"claude", `"prefix": "", "converter": null`, `"prefix": "", "converters": null`, "/runtime/artifactLayout/global/0/converters", `did you mean 'converter'?`},
		// Holding something else than the field: maybe a field of its own.
		{"security", `"hooks": [],`, `"hook": "hooks/x.sh",`, "", ""},
		{"security", `"version": "1.2.0",`, `"versions": { "1.2.0": "first" },`, "", ""},
		{"security", `"version": "1.2.0",`, `"versions": ["1.2.0"],`, "", ""},
		{"security", `"blocking": true,`, `"blocking": true, "blockings": 1,`, "", ""},
		{"security", `"hooks": [],`, `"hook": null,`, "", ""},
		{"claude", `"prefix": "", "converter": null`, `"prefix": "", "converter": null, "converters": { "md": "toml" }`, "", ""},
		// The field there already: the other key is a field of its own.
		{"security", `"hooks": [],`, `"hooks": [], "hook": [],`, "", ""},
	}
	for _, tc := range cases {
		diags := slices.DeleteFunc(findingsOf(sampleRepo(t, sampleEdit{tc.id, tc.old, tc.new}), "field-near-miss", "schema"),
			func(d Diagnostic) bool { return d.Rule == "schema" && !missingAtKey(d) })
		if tc.ptr == "" {
			if len(diags) != 0 {
				t.Errorf("%s: want no near miss, got %v", tc.new, diags)
			}
			continue
		}
		if len(diags) != 1 || diags[0].Pointer != tc.ptr || !strings.Contains(diags[0].Message, tc.want) {
			t.Errorf("%s: want one finding at %s containing %q, got %v", tc.new, tc.ptr, tc.want, diags)
		}
	}
}

// TestPluralMeantReadsKinds: what a field holds is read from every way
// its schema says it (type, a list of types, integer as a number, enum,
// const, the branches of anyOf and a $ref), so its plural or singular
// holding one of those is taken for it, and holding none is not. The
// capability schema's fields of a const or an integer are all required
// or in closed objects today, where the schema finding names them.
func TestPluralMeantReadsKinds(t *testing.T) {
	root, errs := ojson.Parse([]byte(`{
  "$defs": { "tristate": { "anyOf": [{ "type": "boolean" }, { "const": "undocumented" }] } },
  "properties": {
    "depth": { "type": "integer" },
    "mode": { "const": "on" },
    "state": { "$ref": "#/$defs/tristate" },
    "level": { "enum": [1, 2] },
    "converter": { "type": ["string", "null"] },
    "hooks": { "type": "array", "items": { "type": "object" } }
  }
}`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	fs := compileFields(&root, []*ojson.Value{&root}, 0)
	for _, tc := range []struct{ key, value, want string }{
		{"depths", `3`, "depth"},
		{"depths", `"3"`, ""},
		{"modes", `"off"`, "mode"},
		{"modes", `true`, ""},
		{"states", `"undocumented"`, "state"},
		{"states", `false`, "state"},
		{"states", `1`, ""},
		{"levels", `2`, "level"},
		{"levels", `"2"`, ""},
		{"converters", `null`, "converter"},
		{"converters", `"toml"`, "converter"},
		{"converters", `{}`, ""},
		{"hook", `[]`, "hooks"},
		{"hook", `{}`, "hooks"},
		{"hook", `null`, ""},
		{"hook", `"x.sh"`, ""},
	} {
		v, errs := ojson.Parse([]byte(tc.value))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if got := fs.pluralMeant(tc.key, &v); got != tc.want {
			t.Errorf("%q: %s: got %q, want %q", tc.key, tc.value, got, tc.want)
		}
	}
}

// missingAtKey reports whether d is the schema error of a required field
// missing, placed at the key that misspells it (requiredMessage).
func missingAtKey(d Diagnostic) bool {
	return d.Rule == "schema" && strings.HasPrefix(d.Message, "missing required field") && strings.Contains(d.Message, " is there: did you mean ")
}

// TestNearestIDBudgetAndTies checks how far a "did you mean" reaches, as
// its doc says: one edit, two for names of ten letters or more, none past
// 256 bytes; and that on a tie the first of the names wins.
func TestNearestIDBudgetAndTies(t *testing.T) {
	long := strings.Repeat("a", 255)
	tests := []struct {
		id    string
		names []string
		want  string
	}{
		{"pruvenanse", []string{"provenance"}, "provenance"}, // two edits, ten letters
		{"pruvenanc", []string{"provenans"}, ""},             // two edits, nine letters
		{"cat", []string{"bat", "hat"}, "bat"},               // a tie: the first
		{"cat", []string{"hat", "bat"}, "hat"},
		{"cat", []string{"hut", "bat"}, "bat"}, // the nearer, wherever it is
		{long + "b", []string{long + "c"}, long + "c"},
		{long + "bb", []string{long + "bc"}, ""}, // past 256 bytes: no search
	}
	for _, tt := range tests {
		if got := NearestID(tt.id, tt.names); got != tt.want {
			t.Errorf("NearestID(%.20q…, %.20q) = %.20q, want %.20q", tt.id, tt.names, got, tt.want)
		}
	}
}

// TestNearestIDCountsLetters: the edits a "did you mean" allows are of
// letters, not of the bytes UTF-8 spells them with, and a name typed in
// another Unicode normalization is compared composed, as card ids are
// (card-duplicate-id): "déploy" is one edit from "deploy" (two bytes),
// "数据库.备" one from "数据库.备份" (three bytes), and "Café" written with
// a combining accent is "café" in another case. Before, the first two
// named nothing, and the third nothing while its composed spelling did.
func TestNearestIDCountsLetters(t *testing.T) {
	checkNearestIDs(t, []nearestIDCase{
		{"déploy", []string{"deploy"}, "deploy"},
		{"deploy", []string{"déploy"}, "déploy"},
		{"数据库.备", []string{"数据库.备份"}, "数据库.备份"},
		{"Cafe\u0301.Purge", []string{"café.purge"}, "café.purge"},
		{"creme.brulee", []string{"cre\u0300me.bru\u0302le\u0301e"}, ""}, // three letters apart
		{"数据库备", []string{"数据份份"}, ""},                                   // two of four letters: too far
		{"déployé", []string{"deploye"}, ""},                             // two edits, seven letters
	})
}

// TestNearestIDComposesForEveryRule: a name typed with a combining accent
// is the composed one for each rule of NearestID, not for the edits
// alone, and so is an id stored decomposed: "cafe\u0301s" is the plural
// of "café" and "purge.cafe\u0301" its words in another order, as
// "cafés" and "purge.café" are. Before, the plural and the reordering
// compared bytes, and named nothing for the one spelling and the id for
// the other.
func TestNearestIDComposesForEveryRule(t *testing.T) {
	checkNearestIDs(t, []nearestIDCase{
		{"cafés", []string{"café"}, "café"},
		{"cafe\u0301s", []string{"café"}, "café"},
		{"cafés", []string{"cafe\u0301"}, "cafe\u0301"},
		{"café", []string{"cafe\u0301s"}, "cafe\u0301s"},
		{"purge.café", []string{"café.purge"}, "café.purge"},
		{"purge.cafe\u0301", []string{"café.purge"}, "café.purge"},
		{"purge.café", []string{"cafe\u0301.purge"}, "cafe\u0301.purge"},
		{"purge.café", []string{"cafe\u0301.purgex", "café.purge"}, "café.purge"},
	})
}

// TestNearestIDLettersAtTheEdges: the rules of TestNearestIDCountsLetters
// at their edges. A name typed decomposed is composed before its edits
// are counted, and so is an id stored decomposed ("de\u0301ployx" is one
// edit from "déploy", eight code points as typed); two edits are allowed
// when both names have ten letters or more, not when one of them does;
// and on a tie the first in ids wins, as for ASCII names.
func TestNearestIDLettersAtTheEdges(t *testing.T) {
	checkNearestIDs(t, []nearestIDCase{
		{"de\u0301ployx", []string{"déploy"}, "déploy"},
		{"déployx", []string{"de\u0301ploy"}, "de\u0301ploy"},
		{"abcdefghij", []string{"abcdefghéé"}, "abcdefghéé"}, // ten letters each, two edits
		{"abcdefghé", []string{"abcdefghXY"}, ""},            // nine and ten: one edit allowed
		{"abcdefghXY", []string{"abcdefghé"}, ""},
		{"déploi", []string{"déplo", "déploy"}, "déplo"},
		{"déploi", []string{"déploy", "déplo"}, "déploy"},
	})
}

// TestNearestIDWordOrderAmongLookalikes: the same words in another order
// are found among many ids of the same length whose letters differ (which
// sameLetters rules out before splitting them), in any case, ASCII or not,
// with other separators; the same letters in other words are not.
func TestNearestIDWordOrderAmongLookalikes(t *testing.T) {
	var ids []string
	for i := 1000; i < 1100; i++ {
		ids = append(ids, fmt.Sprintf("team-%d.deploy", i))
	}
	withCafe := append(slices.Clone(ids), "café-1.purge")
	checkNearestIDs(t, []nearestIDCase{
		{"deploy.team-1042", ids, "team-1042.deploy"},
		{"DEPLOY:TEAM_1042", ids, "team-1042.deploy"},
		{"purge.CAFÉ-1", withCafe, "café-1.purge"},
		{"deploy.team-4201", ids, ""}, // the same letters, other words
		{"ploy.team-1042de", ids, ""},
	})
}

// nearestIDCase is an id asked for, the ids served, and the one
// NearestID should name ("" for none).
type nearestIDCase struct {
	id    string
	names []string
	want  string
}

func checkNearestIDs(t *testing.T, cases []nearestIDCase) {
	t.Helper()
	for _, c := range cases {
		if got := NearestID(c.id, c.names); got != c.want {
			names := fmt.Sprintf("%q", c.names)
			if len(c.names) > 5 {
				names = fmt.Sprintf("%d ids", len(c.names))
			}
			t.Errorf("NearestID(%q) among %s = %q, want %q", c.id, names, got, c.want)
		}
	}
}
