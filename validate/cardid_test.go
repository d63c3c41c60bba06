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

// TestCardIDJoinerInContext: a zero width joiner or non-joiner where
// IDNA2008's CONTEXTJ rules allow it (RFC 5892, A.1 and A.2: after a
// virama; a non-joiner between Arabic letters that join) is part of how
// the word is written, and no card-id-invisible finding; elsewhere (between
// Latin letters, at an end, beside letters that do not join there) it
// prints as nothing and is warned of, at the joiner. Before, every one was.
func TestCardIDJoinerInContext(t *testing.T) {
	const at = len(`{"id":"`) + 1
	for _, tt := range []struct {
		name, raw string
		col       int // 0 for no finding
	}{
		{"Persian, non-joiner between yeh and kheh", `"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"`, 0},
		{"non-joiner past a vowel sign", `"\u0628\u064e\u200c\u0628"`, 0},
		{"non-joiner before a right-joining letter", `"\u0628\u200c\u0627"`, 0},
		{"Hindi, joiner after the virama", `"\u0915\u094d\u200d\u0937"`, 0},
		{"Hindi, non-joiner after the virama", `"\u0915\u094d\u200c\u0937"`, 0},
		{"Malayalam, joiner after the virama at the end", `"\u0d28\u0d4d\u200d"`, 0},
		{"Sinhala, joiner after al-lakuna", `"\u0dc1\u0dca\u200d\u0dbb"`, 0},
		{"non-joiner between Latin letters", `"la\u200cnd"`, at + 2},
		{"joiner between Latin letters", `"la\u200dnd"`, at + 2},
		{"joiner between Arabic letters", `"\u0628\u200d\u0628"`, at + 6},
		{"non-joiner after alef, which joins nothing after it", `"\u0627\u200c\u0628"`, at + 6},
		{"non-joiner after hamza", `"\u0621\u200c\u0628"`, at + 6},
		{"non-joiner at the end", `"\u0628\u200c"`, at + 6},
		{"non-joiner at the start", `"\u200c\u0628"`, at},
		{"non-joiner between Latin and Arabic", `"a\u200c\u0628"`, at + 1},
		{"non-joiner after a virama's letter, not the virama", `"\u0915\u200c\u0937"`, at + 6},
		{"allowed non-joiner, then a zero width space", `"\u0645\u06cc\u200c\u062e\u200b"`, at + 24},
		{"non-joiner before a vowel sign", `"\u0628\u200c\u064e\u0628"`, 0},
		{"non-joiner past an enclosing circle", `"\u0628\u20dd\u200c\u0628"`, 0},
		{"joiner after an acute accent, which is no virama", `"e\u0301\u200dx"`, at + 7},
		{"non-joiner after alef and its vowel sign", `"\u0627\u064e\u200c\u0628"`, at + 12},
		{"non-joiner after dal, which joins nothing after it", `"\u062f\u200c\u0628"`, at + 6},
		{"non-joiner between Arabic and Latin", `"\u0628\u200ca"`, at + 6},
	} {
		got := cardAuthorFindings(t, "card-id-invisible", map[string]string{"id": tt.raw})
		if tt.col == 0 {
			if len(got) > 0 {
				t.Errorf("%s: id %s: %v, want no finding", tt.name, tt.raw, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Column != tt.col {
			t.Errorf("%s: id %s: %v, want one finding at column %d", tt.name, tt.raw, got, tt.col)
		}
	}
	// The joiner the script needs stays in what the id reads as.
	got := cardAuthorFindings(t, "card-id-invisible", map[string]string{"id": `"\u0645\u06cc\u200c\u062e\u200b"`})
	if want := "the id reads as \"\u0645\u06cc\\u200c\u062e\""; len(got) != 1 || !strings.Contains(got[0].Message, want) {
		t.Errorf("got %v, want a message saying %s", got, want)
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
