package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// mendedNote ends each finding made on a file read as if its one slip
// were mended (noteMended).
const mendedNote = " (found reading the file as if its json-syntax slip were mended)"

// gate9Manifest is a valid declaration of aa, requiring bb and dd, one
// member a line, as an author writes one.
const gate9Manifest = `{
  "id": "aa",
  "role": "feature",
  "title": "T",
  "description": "D",
  "version": "1.0.0",
  "tier": "standard",
  "requires": ["bb", "dd"],
  "skills": [],
  "agents": [],
  "config": {},
  "steps": [],
  "contributions": [],
  "gates": []
}`

// gate9Edit replaces the first old of text by new, failing the test when
// text holds no old (an edit meant to break it cannot leave it whole).
func gate9Edit(t *testing.T, text, old, new string) string {
	t.Helper()
	if !strings.Contains(text, old) {
		t.Fatalf("no %q in %q", old, text)
	}
	return strings.Replace(text, old, new, 1)
}

// gate9At is where the first at of text is, as a finding's
// "line:column" ("$" for the end of text).
func gate9At(t *testing.T, text, at string) string {
	t.Helper()
	off := len(text)
	if at != "$" {
		if off = strings.Index(text, at); off < 0 {
			t.Fatalf("no %q in %q", at, text)
		}
	}
	line, col := ojson.Position([]byte(text), off)
	return fmt.Sprintf("%d:%d", line, col)
}

// gate9Slip is a slip of a hand edit made in a JSON text, and where its
// json-syntax finding is (an at of gate9At), or where each is.
type gate9Slip struct {
	name string
	make func(t *testing.T, text string) string
	at   []string
}

// gate9Mistake is a mistake besides a slip: the edit making it, and the
// finding of it, its rule and where it is (the first of at in the text).
type gate9Mistake struct {
	name, old, new string
	rule, at       string
}

// TestMendedManifestFindings: a capability.json with a slip ojson mends
// (a ',' missing between members or items, with a blank to write it over
// or none, a trailing one, two in a row, a file cut short, two of them) is a json-syntax error at each slip, as before, and
// tells besides every mistake the mended text has, of its own schema and
// checks (a key misspelt, a value not allowed) and of those across
// capabilities (a requires id that is none), each in the text as written,
// at the line:column of the value or key it is about (no byte moved),
// each saying it was found so. Nothing of it is taken: the capability is
// not valid.
func TestMendedManifestFindings(t *testing.T) {
	edit := func(old, new string) func(*testing.T, string) string {
		return func(t *testing.T, text string) string { return gate9Edit(t, text, old, new) }
	}
	slips := []gate9Slip{
		{"a comma missing between members", edit(`"description": "D",`, `"description": "D"`), []string{`"version"`}},
		{"a comma missing between items", edit(`, "dd"`, ` "dd"`), []string{`"dd"`}},
		{"a trailing comma in an array", edit(`"dd"]`, `"dd",]`), []string{`,]`}},
		{"a trailing comma in an object", edit(`"gates": []`, `"gates": [],`), []string{",\n}"}},
		{"a file cut short", func(t *testing.T, text string) string { return strings.TrimSuffix(text, "}") }, []string{"$"}},
		{"a comma missing, CRLF", func(t *testing.T, text string) string {
			return strings.ReplaceAll(gate9Edit(t, text, `"description": "D",`, `"description": "D"`), "\n", "\r\n")
		}, []string{`"version"`}},
		{"a comma missing with no blank", edit(`"description": "D",`+"\n  ", `"description": "D"`), []string{`"version"`}},
		{"a comma missing with no blank, the next member a misspelt key", edit(`"feature",`+"\n  ", `"feature"`), []string{`"ti`}},
		{"a comma missing across a bare LF", edit(`"D",`+"\n", `"D"`+"\n"), []string{`"version"`}},
		{"a comma missing between items with no blank", edit(`, "dd"`, `"dd"`), []string{`"dd"`}},
		{"two commas between members", edit(`"dd"],`, `"dd"],,`), []string{",\n  \"skills\""}},
		{"two commas between items", edit(`, "dd"`, `,, "dd"`), []string{`, "dd"`}},
		{"two commas before a close", edit(`"gates": []`, `"gates": [],,`), []string{",\n}", ",,\n}"}},
		{"two slips", func(t *testing.T, text string) string {
			return gate9Edit(t, gate9Edit(t, text, `"description": "D",`, `"description": "D"`), `"dd"]`, `"dd",]`)
		}, []string{`"version"`, `,]`}},
	}
	mistakes := []gate9Mistake{
		{name: "no other mistake"},
		{"a key misspelt", `"title": "T"`, `"titel": "T"`, "schema", `"titel"`},
		{"a value not allowed", `"tier": "standard"`, `"tier": "gold"`, "schema", `"gold"`}, // at the value
		{"a requires id that is none", `["bb"`, `["bx"`, "requires-unknown", `"bx"`},
	}
	for _, slip := range slips {
		for _, m := range mistakes {
			t.Run(slip.name+", "+m.name, func(t *testing.T) {
				text := gate9Manifest
				if m.old != "" {
					text = gate9Edit(t, text, m.old, m.new)
				}
				text = slip.make(t, text)
				src := CapabilitySource{Folder: "aa", Manifest: File{Path: "capabilities/aa/capability.json", Data: []byte(text)}}
				res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{src, loneCap("bb"), loneCap("dd")},
					Workflows: hostWorkflows(t, "workflows")})
				var got, want []string
				for _, d := range res.Diagnostics {
					if d.Severity == Error {
						got = append(got, fmt.Sprintf("%s:%d:%d %s", d.File, d.Line, d.Column, d.Rule))
					}
					switch note := mendedNote; {
					case d.Rule == "json-syntax" && d.Line == 0:
						t.Errorf("%s: placed nowhere", d)
					case d.Rule == "json-syntax" && strings.Contains(d.Message, "(found"):
						// The second of two, found once the first is mended.
						if first := "(found reading the file as if the slip at " + gate9At(t, text, slip.at[0]) + " were mended)"; len(slip.at) < 2 ||
							fmt.Sprintf("%d:%d", d.Line, d.Column) != gate9At(t, text, slip.at[1]) || !strings.HasSuffix(d.Message, first) {
							t.Errorf("%s: noted, want only a second slip noted %s", d, first)
						}
					case d.Rule == "json-syntax":
						if len(slip.at) > 1 && fmt.Sprintf("%d:%d", d.Line, d.Column) != gate9At(t, text, slip.at[0]) {
							t.Errorf("%s: the second slip not noted as found past the first", d)
						}
					default:
						if len(slip.at) > 1 {
							note = strings.Replace(note, "slip", "slips", 1)
						}
						if !strings.HasSuffix(d.Message, note) || strings.Count(d.Message, "(found") != 1 {
							t.Errorf("%s: not noted once as found on the mended text", d)
						}
					}
				}
				for _, at := range slip.at {
					want = append(want, "capabilities/aa/capability.json:"+gate9At(t, text, at)+" json-syntax")
				}
				if m.rule != "" {
					want = append(want, "capabilities/aa/capability.json:"+gate9At(t, text, m.at)+" "+m.rule)
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("errors\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
				}
				for _, c := range res.Capabilities {
					if c.ID == "aa" {
						t.Errorf("the mended capability is valid, taken into the registry")
					}
				}
				if len(res.Capabilities) != 2 {
					t.Errorf("%d valid capabilities, want bb and dd", len(res.Capabilities))
				}
			})
		}
	}
}

// TestMendedManifestUpToMaxMends: a file of maxMends slips is read
// mended (each slip is told, and the file's other mistakes), one of more
// is not (TestUnmendedManifestAsBefore).
func TestMendedManifestUpToMaxMends(t *testing.T) {
	text := gate9Slips(t, maxMends)
	text = gate9Edit(t, text, `"standard"`, `"gold"`)
	src := CapabilitySource{Folder: "aa", Manifest: File{Path: "capabilities/aa/capability.json", Data: []byte(text)}}
	res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{src, loneCap("bb"), loneCap("dd")},
		Workflows: hostWorkflows(t, "workflows")})
	syntax, schema := 0, 0
	for _, d := range res.Diagnostics {
		switch {
		case d.Rule == "json-syntax":
			syntax++
		case d.Rule == "schema" && strings.HasSuffix(d.Message, " (found reading the file as if its json-syntax slips were mended)"):
			schema++
		}
	}
	if syntax != maxMends || schema != 1 {
		t.Errorf("%d json-syntax errors and %d noted schema ones, want %d and 1:\n%v", syntax, schema, maxMends, res.Diagnostics)
	}
}

// gate9Slips is gate9Manifest with n more members, each after a ','
// missing.
func gate9Slips(t *testing.T, n int) string {
	t.Helper()
	text := gate9Manifest
	for i := range n {
		text = gate9Edit(t, text, "\n}", fmt.Sprintf("\n  \"k%d\": 1\n}", i))
	}
	return text
}

// TestMendedEncodingFindingsAsWritten: the findings of a mended file's
// encoding, a byte order mark or a byte that is no UTF-8, are made of the
// file as written: not noted as found on the mended text, as the others
// are.
func TestMendedEncodingFindingsAsWritten(t *testing.T) {
	slipped := gate9Edit(t, gate9Edit(t, gate9Manifest, `"description": "D",`, `"description": "D"`), `"standard"`, `"gold"`)
	for _, c := range []struct {
		name, text, rule string
	}{
		{"a byte order mark", "\xEF\xBB\xBF" + slipped, "json-bom"},
		{"a byte no UTF-8", gate9Edit(t, slipped, `"D"`, "\"D\xFF\""), "invalid-utf8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := CapabilitySource{Folder: "aa", Manifest: File{Path: "capabilities/aa/capability.json", Data: []byte(c.text)}}
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{src, loneCap("bb"), loneCap("dd")},
				Workflows: hostWorkflows(t, "workflows")})
			var got []string
			for _, d := range res.Diagnostics {
				got = append(got, fmt.Sprintf("%s %v", d.Rule, strings.HasSuffix(d.Message, mendedNote)))
			}
			slices.Sort(got)
			if want := []string{c.rule + " false", "json-syntax false", "schema true"}; !slices.Equal(got, want) {
				t.Errorf("findings (rule, noted) %v, want %v", got, want)
			}
		})
	}
}

// TestUnmendedManifestAsBefore: a capability.json whose syntax error is
// no slip ojson mends, or whose mended text has another syntax error, or
// a slip in a file of more than maxMends, is the one json-syntax error
// at the first, as before: nothing of a guess is told.
func TestUnmendedManifestAsBefore(t *testing.T) {
	many := gate9Slips(t, maxMends+1)
	for _, c := range []struct {
		name, text, at string
	}{
		{"a value no JSON", gate9Edit(t, gate9Manifest, `"T"`, `T`), `T,`},
		{"a comma missing, then no colon", gate9Edit(t, gate9Edit(t, gate9Manifest, `"description": "D",`, `"description": "D"`), `"tier":`, `"tier"`), `"version"`},
		{"more slips than are mended", many, `"k0"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := gate9Edit(t, c.text, `"standard"`, `"gold"`)
			src := CapabilitySource{Folder: "aa", Manifest: File{Path: "capabilities/aa/capability.json", Data: []byte(text)}}
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{src, loneCap("bb"), loneCap("dd")},
				Workflows: hostWorkflows(t, "workflows")})
			var got []string
			for _, d := range res.Diagnostics {
				if d.File == src.Manifest.Path {
					got = append(got, fmt.Sprintf("%d:%d %s %s", d.Line, d.Column, d.Rule, d.Message))
				}
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], gate9At(t, text, c.at)+" json-syntax ") || strings.Contains(got[0], "mended") {
				t.Errorf("findings in the file\n\t%s\nwant the one json-syntax error at %s", strings.Join(got, "\n\t"), gate9At(t, text, c.at))
			}
		})
	}
}

// TestRequiringAMendedCapability: a capability requiring one whose
// declaration has a slip is told nothing of it (its own file tells the
// slip), whether the slip is mended (aa, declared) or not (aa, unread),
// and one requiring a capability the mended text of another declares
// under another id than its folder's is told no more than of one with a
// schema error so (no "unknown").
func TestRequiringAMendedCapability(t *testing.T) {
	for _, c := range []struct {
		name, text string
	}{
		{"mended", gate9Edit(t, gate9Manifest, `"description": "D",`, `"description": "D"`)},
		{"not mended", gate9Edit(t, gate9Manifest, `"T"`, `T`)},
		{"mended, another id", gate9Edit(t, gate9Edit(t, gate9Manifest, `"description": "D",`, `"description": "D"`), `"id": "aa"`, `"id": "ax"`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := CapabilitySource{Folder: "aa", Manifest: File{Path: "capabilities/aa/capability.json", Data: []byte(c.text)}}
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{src, loneCap("bb"), loneCap("dd"), requiring("ee", "aa")},
				Workflows: hostWorkflows(t, "workflows")})
			for _, d := range res.Diagnostics {
				if d.File != src.Manifest.Path && d.Severity == Error {
					t.Errorf("a finding outside the broken file: %s", d)
				}
			}
			if res.Diagnostics.HasErrors() == false {
				t.Errorf("no error")
			}
		})
	}
}

// TestMendedCardFindings: a tool card with a slip is told its other
// mistakes too, where they are, and is not indexed; its id, readable, is
// still compared with the others' (a duplicate is told at both).
func TestMendedCardFindings(t *testing.T) {
	const card = `{
  "id": "ft",
  "command": "bin/ft",
  "summary": "Run the tests of the Go packages changed since main.",
  "intent_phrases": [
    "run only the tests affected by my change",
    "quick test before committing"
  ],
  "replaces": ["go test ./..."],
  "effects": "Builds and runs tests; writes only to the Go build cache.",
  "risk": "reversible",
  "example": "bin/ft"
}`
	slip := func(text string) string { return gate9Edit(t, text, `cache.",`, `cache."`) }
	for _, c := range []struct {
		name, text string
		other      *CardSource
		want       []string // the card's findings (rule and at), but its json-syntax error at "risk"
		others     []string // the other card's
	}{
		{"no other mistake", slip(card), nil, nil, nil},
		{"a value not allowed", slip(gate9Edit(t, card, `"reversible"`, `"maybe"`)), nil, []string{`schema "maybe"`}, nil}, // at the value
		{"a field misspelt", slip(gate9Edit(t, card, `"effects"`, `"efects"`)), nil, []string{`schema "efects"`}, nil},
		{"an id another card has", slip(card), &CardSource{File: File{Path: "bin/ft2.card.json", Data: []byte(strings.ReplaceAll(card, `"bin/ft"`, `"bin/ft2"`))}, ToolPath: "bin/ft2", ToolExists: true},
			[]string{`card-duplicate-id "id"`}, []string{`card-duplicate-id "id"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cards := []CardSource{{File: File{Path: "bin/ft.card.json", Data: []byte(c.text)}, ToolPath: "bin/ft", ToolExists: true}}
			if c.other != nil {
				cards = append(cards, *c.other)
			}
			for _, cache := range []*Cache{nil, NewCache()} {
				for run := range 2 { // the second from the cache
					res := cache.Validate(&Sources{Cards: cards})
					var got, want, gotOthers, wantOthers []string
					for _, d := range res.Diagnostics {
						switch {
						case d.File == "bin/ft.card.json" && d.Rule == "json-syntax":
							if at := gate9At(t, c.text, `"risk"`); fmt.Sprintf("%d:%d", d.Line, d.Column) != at {
								t.Errorf("%s, want at %s", d, at)
							}
						case d.File == "bin/ft.card.json":
							got = append(got, fmt.Sprintf("%s %d:%d", d.Rule, d.Line, d.Column))
							if !strings.HasSuffix(d.Message, mendedNote) || strings.Count(d.Message, "mended") != 1 {
								t.Errorf("%s: not noted once as found on the mended text", d)
							}
						default:
							gotOthers = append(gotOthers, fmt.Sprintf("%s %d:%d", d.Rule, d.Line, d.Column))
							if strings.Contains(d.Message, "mended)") {
								t.Errorf("%s: noted as found on mended text, in a file as written", d)
							}
						}
					}
					for _, w := range c.want {
						rule, at, _ := strings.Cut(w, " ")
						want = append(want, rule+" "+gate9At(t, c.text, at))
					}
					for _, w := range c.others {
						rule, at, _ := strings.Cut(w, " ")
						wantOthers = append(wantOthers, rule+" "+gate9At(t, string(c.other.Data), at))
					}
					if !slices.Equal(got, want) || !slices.Equal(gotOthers, wantOthers) {
						t.Errorf("cache %v, run %d: findings\n\t%v\n\t%v\nwant\n\t%v\n\t%v", cache != nil, run, got, gotOthers, want, wantOthers)
					}
					for _, card := range res.Cards {
						if card.Path == "bin/ft.card.json" {
							t.Errorf("the mended card is indexed")
						}
					}
				}
			}
		})
	}
}

// TestMendedRepoConfig: capreg.json with a slip is told its other
// mistakes too, noted, and read as one that does not parse: the
// repository is scanned as if there were none (the zero RepoConfig), not
// as the mended text says.
func TestMendedRepoConfig(t *testing.T) {
	text := "{\n  \"capabilities\": \"caps\"\n  \"cards\": 5\n}\n"
	rc, diags := ParseRepoConfig(File{Path: RepoConfigFile, Data: []byte(text)})
	if rc.Capabilities != "" || rc.Cards != nil {
		t.Errorf("RepoConfig %+v, want the zero one", rc)
	}
	var got []string
	for _, d := range diags {
		got = append(got, fmt.Sprintf("%d:%d %s", d.Line, d.Column, d.Rule))
		if d.Rule != "json-syntax" && !strings.HasSuffix(d.Message, mendedNote) {
			t.Errorf("%s: no note that it was found on the mended text", d)
		}
	}
	want := []string{gate9At(t, text, `5`) + " config-file", gate9At(t, text, `"cards"`) + " json-syntax"} // the type at the value
	if slices.Sort(got); !slices.Equal(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
	// Validate, given them as the scan's, notes none again.
	res := Validate(&Sources{Diagnostics: diags})
	for _, d := range res.Diagnostics {
		if d.File == RepoConfigFile && strings.Count(d.Message, "(found") != map[bool]int{true: 1}[d.Rule != "json-syntax"] {
			t.Errorf("%s: want noted once but for json-syntax", d)
		}
	}
}
