package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestCardIDInvisibleCharacters: an id holding a character that prints
// as nothing or as a plain space is a card-id-invisible warning at that
// character, naming it, what the id reads as and what to write; ids of
// visible characters, in any script, are not.
func TestCardIDInvisibleCharacters(t *testing.T) {
	const at = len(`{"id":"`) + 1
	for _, tt := range []struct {
		raw  string // the id as written in JSON, quotes included
		col  int    // 0 for no finding
		want string
	}{
		{`"land\u200b"`, at + 4, `tool card id "land\u200b" holds U+200B (ZERO WIDTH SPACE), which prints as nothing or as a plain space: the id reads as "land", and a client asking for that does not find this card; write it in plain characters, "land"`},
		{"\"la\u200dnd\"", at + 2, `U+200D (ZERO WIDTH JOINER)`},
		{`"\ufeffland"`, at, `U+FEFF (ZERO WIDTH NO-BREAK SPACE, the byte order mark)`},
		{`"land\u202e-prod"`, at + 4, `U+202E (a bidirectional control)`},
		{`"git\u00a0land"`, at + 3, `U+00A0 (NO-BREAK SPACE), which prints as nothing or as a plain space: the id reads as "git land"`},
		{`"git\u2007land"`, at + 3, `U+2007 (a Unicode space)`},
		{`"l\u00adand"`, at + 1, `U+00AD (SOFT HYPHEN)`},
		{`"\u00e9\u200b"`, at + 6, `reads as "é"`},
		{`"\u200b"`, at, `give the card an id of visible characters`},
		{`"git\u2800land"`, at + 3, `U+2800 (an invisible character), which prints as nothing or as a plain space: the id reads as "git land"`},
		{`"land"`, 0, ""},
		{`"git land"`, 0, ""},
		{`"lañd"`, 0, ""},
		{`"déploiement-rapide"`, 0, ""},
		{`"部署"`, 0, ""},
		{`"\u0600١"`, 0, ""}, // ARABIC NUMBER SIGN: a format character that prints
	} {
		got := cardAuthorFindings(t, "card-id-invisible", map[string]string{"id": tt.raw})
		if tt.col == 0 {
			if len(got) > 0 {
				t.Errorf("id %s: %v, want no finding", tt.raw, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("id %s: %v, want one finding", tt.raw, got)
			continue
		}
		if d := got[0]; !strings.Contains(d.Message, tt.want) || d.Severity != Warning || d.Pointer != "/id" || d.Line != 1 || d.Column != tt.col {
			t.Errorf("id %s: %s\nwant a warning at 1:%d /id saying %s", tt.raw, d, tt.col, tt.want)
		}
	}
}

// TestCardIDInvisibleNamesTheLookAlike: two cards whose ids print alike,
// one holding a zero width joiner, are both indexed (no error, as the
// schema passes both), and the one holding it is warned of, naming the
// card whose id it reads as; the other is not.
func TestCardIDInvisibleNamesTheLookAlike(t *testing.T) {
	card := func(tool, id string) CardSource {
		data := fmt.Sprintf(`{"id":%s,"command":"bin/%s","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"bin/%s"}`, id, tool, tool)
		return CardSource{File: File{Path: "bin/" + tool + ".card.json", Data: []byte(data)}, ToolPath: "bin/" + tool, ToolExists: true}
	}
	res := Validate(&Sources{Cards: []CardSource{card("a", `"land\u200d"`), card("b", `"land"`)}})
	var got []Diagnostic
	for _, d := range res.Diagnostics {
		if d.Rule == "card-id-invisible" {
			got = append(got, d)
		} else {
			t.Errorf("unexpected finding %s", d)
		}
	}
	if len(got) != 1 || got[0].File != "bin/a.card.json" || !strings.Contains(got[0].Message, `the id reads as "land", which bin/b.card.json's id reads as too`) {
		t.Errorf("findings %v, want one on bin/a.card.json naming bin/b.card.json", got)
	}
	if len(res.Cards) != 2 {
		t.Errorf("%d cards indexed, want 2", len(res.Cards))
	}
}
