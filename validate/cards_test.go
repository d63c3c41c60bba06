package validate

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// cardJSON is a valid tool card of id and replaces patterns.
func cardJSON(id string, replaces ...string) string {
	reps := ""
	if len(replaces) > 0 {
		reps = `,"replaces":["` + strings.Join(replaces, `","`) + `"]`
	}
	return fmt.Sprintf(`{"id":%q,"command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"%s}`, id, reps)
}

// TestEachCardIsCheckedOnItsOwn: a card that cannot be read, parsed,
// passes no schema, is too costly, repeats an id or describes no tool is
// told so and left out of the index, and every card after it is checked
// and indexed still.
func TestEachCardIsCheckedOnItsOwn(t *testing.T) {
	card := func(name, data string) CardSource {
		return CardSource{File: File{Path: "bin/" + name + ".card.json", Data: []byte(data)}, ToolPath: "bin/" + name, ToolExists: true}
	}
	srcs := []CardSource{
		card("a", cardJSON("a")),
		{File: File{Path: "bin/b.card.json", Err: errors.New("permission denied")}, ToolPath: "bin/b", ToolExists: true},
		card("c", cardJSON("c")),
		card("d", `{"id":"d",`),
		card("e", cardJSON("e")),
		card("f", `{"id":"f"}`),
		card("g", cardJSON("g")),
		card("h", cardJSON("h", ".{0,100}.{0,100}.{0,100}.{0,100}.{0,100}")),
		card("i", cardJSON("i")),
		card("j", cardJSON("a")),
		card("k", cardJSON("k")),
		{File: File{Path: "bin/.card.json", Data: []byte(cardJSON("l"))}, ToolPath: "bin/"},
		card("m", cardJSON("m")),
		{File: File{Path: "bin/n.card.json", Data: []byte(cardJSON("n"))}, ToolPath: "bin/n"},
		card("o", cardJSON("o")),
		{File: File{Path: ".card.json", Data: []byte(cardJSON("p"))}},
		card("q", cardJSON("q")),
	}
	res := Validate(&Sources{Cards: srcs})
	var ids []string
	for _, c := range res.Cards {
		ids = append(ids, c.ID)
	}
	if want := []string{"a", "c", "e", "g", "i", "k", "m", "n", "o", "q"}; !slices.Equal(ids, want) {
		t.Errorf("cards indexed %q, want %q", ids, want)
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.File+" "+d.Rule)
	}
	for _, w := range []string{"bin/b.card.json file-unreadable", "bin/d.card.json json-syntax", "bin/f.card.json schema",
		"bin/h.card.json card-replaces-cost", "bin/j.card.json card-duplicate-id", "bin/a.card.json card-duplicate-id",
		"bin/.card.json card-orphan", "bin/n.card.json card-orphan", ".card.json card-orphan"} {
		if !slices.Contains(got, w) {
			t.Errorf("no finding %q in %q", w, got)
		}
	}
	for _, d := range res.Diagnostics {
		if !slices.Contains([]string{"b", "d", "f", "h", "j", "a", "", "n"}, strings.TrimSuffix(strings.TrimPrefix(d.File, "bin/"), ".card.json")) && d.File != ".card.json" {
			t.Errorf("finding of a valid card: %v", d)
		}
	}
}

// atCost is a replaces pattern, read as a regular expression, that
// compiles to exactly cost instructions, with letter c in it.
func atCost(t *testing.T, c byte, cost int) string {
	t.Helper()
	for n := max(1, cost-replacesCost("git push .*")-8); n < cost; n++ { // a letter is about one instruction
		if p := "git push .*" + strings.Repeat(string(c), n); replacesCost(p) == cost {
			return p
		}
	}
	t.Fatalf("no pattern of cost %d", cost)
	return ""
}

// TestReplacesCostLimitsAreInclusive: a pattern of exactly
// MaxReplacesPatternCost instructions, and a card's patterns of exactly
// MaxReplacesCardCost in all, are within the limits ("over the limit" is
// refused); one instruction more is not.
func TestReplacesCostLimitsAreInclusive(t *testing.T) {
	refused := func(pats ...string) bool {
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(cardJSON("t", pats...))}, ToolPath: "bin/t", ToolExists: true}}}
		res := Validate(&src)
		for _, d := range res.Diagnostics {
			if d.Rule != "card-replaces-cost" {
				t.Fatalf("unexpected finding %v", d)
			}
		}
		return len(res.Cards) == 0
	}
	if refused(atCost(t, 'a', MaxReplacesPatternCost)) {
		t.Errorf("a pattern of %d instructions is refused", MaxReplacesPatternCost)
	}
	if !refused(atCost(t, 'a', MaxReplacesPatternCost+1)) {
		t.Errorf("a pattern of %d instructions is accepted", MaxReplacesPatternCost+1)
	}
	var pats []string
	for i := range MaxReplacesCardCost/MaxReplacesPatternCost - 1 {
		pats = append(pats, atCost(t, 'a'+byte(i), MaxReplacesPatternCost))
	}
	half := MaxReplacesPatternCost / 2
	if refused(append(pats, atCost(t, 'x', half), atCost(t, 'y', half))...) {
		t.Errorf("patterns of %d instructions in all are refused", MaxReplacesCardCost)
	}
	if !refused(append(pats, atCost(t, 'x', half), atCost(t, 'y', half+1))...) {
		t.Errorf("patterns of %d instructions in all are accepted", MaxReplacesCardCost+1)
	}
}

// TestCardWithAnInfiniteNumberIsRefused: a number past a double's range
// (JSON.parse's Infinity) anywhere in a card is an error, and the card
// is left out of the index, whatever finite numbers come after it in
// its list or object.
func TestCardWithAnInfiniteNumberIsRefused(t *testing.T) {
	base := cardJSON("t")
	for _, tc := range []struct{ name, card, ptr string }{
		{"in a list", strings.Replace(base, `{`, `{"zeta":[1e400,1],`, 1), "/zeta/0"},
		{"in an object", strings.Replace(base, `{`, `{"zeta":{"a":1e400,"b":1},`, 1), "/zeta/a"},
		{"before other fields", strings.Replace(base, `{`, `{"zeta":-1e400,`, 1), "/zeta"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(tc.card)}, ToolPath: "bin/t", ToolExists: true}}}
			res := Validate(&src)
			found := false
			for _, d := range res.Diagnostics {
				found = found || d.Rule == "schema" && d.Pointer == tc.ptr && strings.Contains(d.Message, "past the range of a JSON number")
			}
			if !found || len(res.Cards) != 0 {
				t.Errorf("%d cards indexed, findings %v; want none indexed and a schema finding at %s", len(res.Cards), res.Diagnostics, tc.ptr)
			}
		})
	}
}

// TestCardFieldsAfterPathAreWarnedOf: a card's "path" is warned of, and
// so is each unknown field after it.
func TestCardFieldsAfterPathAreWarnedOf(t *testing.T) {
	card := strings.Replace(cardJSON("t"), `{`, `{"path":"bin/t","zeta":1,`, 1)
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		got = append(got, d.Rule+" "+d.Pointer)
	}
	if want := []string{"card-unknown-field /path", "card-unknown-field /zeta"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}

// TestCardToolPathNotUTF8: a tool whose path holds bytes that are not
// UTF-8 (a folder named in Latin-1, "caf\xe9") is an invalid-utf8 warning
// at its card, saying the path the index gives for it, with U+FFFD, which
// no file is at; the card is indexed still. A path in UTF-8 is none.
func TestCardToolPathNotUTF8(t *testing.T) {
	for _, tc := range []struct{ tool, want string }{
		{"tools/caf\xe9/brew", `the tool's path "tools/caf\xe9/brew" is not UTF-8, and the tool index and GET /tools give it as "tools/caf` + "\uFFFD" + `/brew", each such byte as U+FFFD, a path no file is at; rename the tool, its card and their folders in UTF-8`},
		{"tools/café/brew", ""},
	} {
		src := &Sources{Cards: []CardSource{{File: File{Path: tc.tool + ".card.json", Data: []byte(cardJSON("brew"))}, ToolPath: tc.tool, ToolExists: true}}}
		res := Validate(src)
		var got []Diagnostic
		for _, d := range res.Diagnostics {
			if d.Rule == "invalid-utf8" {
				got = append(got, d)
			}
		}
		if len(res.Cards) != 1 {
			t.Errorf("%q: want the card indexed, got %d cards", tc.tool, len(res.Cards))
		}
		if tc.want == "" {
			if len(got) != 0 {
				t.Errorf("%q: want no invalid-utf8, got %v", tc.tool, got)
			}
			continue
		}
		if len(got) != 1 || got[0].File != tc.tool+".card.json" || got[0].Severity != Warning || got[0].Message != tc.want {
			t.Errorf("%q: want one invalid-utf8 warning at its card:\n%s\ngot %v", tc.tool, tc.want, got)
		}
	}
}
