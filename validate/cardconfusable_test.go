package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// confusableFindings validates one card per id (raw JSON, escapes kept),
// bin/a.card.json, bin/b.card.json... each beside its tool, and returns
// their card-id-confusable findings and the number of cards indexed.
func confusableFindings(t *testing.T, ids ...string) ([]Diagnostic, int) {
	t.Helper()
	var srcs []CardSource
	for i, id := range ids {
		tool := string(rune('a' + i))
		data := fmt.Sprintf(`{"id":%s,"command":"bin/%s","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"bin/%s"}`, id, tool, tool)
		srcs = append(srcs, CardSource{File: File{Path: "bin/" + tool + ".card.json", Data: []byte(data)}, ToolPath: "bin/" + tool, ToolExists: true})
	}
	res := Validate(&Sources{Cards: srcs})
	var out []Diagnostic
	for _, d := range res.Diagnostics {
		if d.Rule == "card-id-confusable" {
			out = append(out, d)
		}
	}
	return out, len(res.Cards)
}

// TestCardIDConfusable: a card id holding a word that mixes Latin, Cyrillic
// or Greek letters, or whose Cyrillic or Greek letters make it read as
// another card's id, is a card-id-confusable warning at the first such
// letter, naming the letters, their script and that card; ids in one
// script, and words mixing Latin with Han, Kana or Hangul, are not. Before,
// "dеploy" beside "deploy" had no finding.
func TestCardIDConfusable(t *testing.T) {
	const at = len(`{"id":"`) + 1
	type want struct {
		file string
		col  int
		says string
	}
	for _, tt := range []struct {
		name string
		ids  []string // raw JSON
		want []want
	}{
		{"a Cyrillic е in deploy, beside deploy", []string{`"deploy"`, `"d\u0435ploy"`}, []want{{"bin/b.card.json", at + 1,
			`tool card id "d\u0435ploy" mixes scripts in the word "dеploy": Latin letters beside the Cyrillic "е" (U+0435, like Latin "e"); a word in two scripts is almost never meant, and the id reads as "deploy", bin/a.card.json's id, so a client choosing a card by the id it shows may run this one; write the word in one script`}}},
		{"a Cyrillic е in deploy, alone", []string{`"d\u0435ploy"`}, []want{{"bin/a.card.json", at + 1,
			`almost never meant, and the id reads as "deploy", and a client asking for that does not find this card; write the word in one script`}}},
		{"a Cyrillic letter like no Latin one, beside one", []string{`"d\u0436pl\u043ey"`}, []want{{"bin/a.card.json", at + 1,
			`mixes scripts in the word "dжplоy": Latin letters beside the Cyrillic "ж" (U+0436) and Cyrillic "о" (U+043E, like Latin "o"); a word in two scripts is almost never meant; write the word in one script`}}},
		{"several, in the second word", []string{`"run-t\u0435st\u0455-f\u0430st"`}, []want{{"bin/a.card.json", at + 5,
			`in the word "tеstѕ": Latin letters beside the Cyrillic "е" (U+0435, like Latin "e") and Cyrillic "ѕ" (U+0455, like Latin "s");`}}},
		{"the first six letters named", []string{`"abcdefghijklmnop\u0436\u0437\u0438\u0439\u043a\u043b\u043c\u0436\u0435"`}, []want{{"bin/a.card.json", at + 16,
			`Cyrillic "л" (U+043B) and 2 more; a word in two scripts`}}},
		{"a Greek ν in devops", []string{`"de\u03bdops"`}, []want{{"bin/a.card.json", at + 2, `the Greek "ν" (U+03BD, like Latin "v"); a word in two scripts is almost never meant, and the id reads as "devops"`}}},
		{"a Latin y in a Cyrillic word: the mixed id is told, not the other", []string{`"\u0434\u0435\u043f\u043b\u043eу"`, `"\u0434\u0435\u043f\u043b\u043ey"`}, []want{{"bin/b.card.json", at + 30, `Cyrillic letters beside the Latin "y" (U+0079); a word in two scripts is almost never meant, and the id reads as "деплоу", bin/a.card.json's id`}}},
		{"a Latin é in a Cyrillic word: its base letter is like the Cyrillic е", []string{`"\u043a\u043e\u0444\u00e9"`}, []want{{"bin/a.card.json", at + 18,
			`in the word "кофé": Cyrillic letters beside the Latin "é" (U+00E9); a word in two scripts is almost never meant; write`}}},
		{"a Greek ο in a Cyrillic word", []string{`"\u0441\u03bf\u0440"`}, []want{{"bin/a.card.json", at + 6, `Cyrillic letters beside the Greek "ο" (U+03BF, like Latin "o");`}}},
		{"capitals", []string{`"Deploy"`, `"D\u0435ploy"`, `"\u0410PI"`}, []want{
			{"bin/b.card.json", at + 1, `reads as "Deploy", bin/a.card.json's id`},
			{"bin/c.card.json", at, `Latin letters beside the Cyrillic "А" (U+0410, like Latin "A"); a word in two scripts is almost never meant, and the id reads as "API", and`}}},
		{"a composed ё reads as ë", []string{`"d\u00ebploy"`, `"d\u0451ploy"`}, []want{{"bin/b.card.json", at + 1, `the Cyrillic "ё" (U+0451, like Latin "ë"); a word in two scripts is almost never meant, and the id reads as "dëploy", bin/a.card.json's id`}}},
		{"two spoofs name each other", []string{`"d\u0435ploy"`, `"deplo\u0443"`}, []want{
			{"bin/a.card.json", at + 1, `reads as "deplo\u0443", bin/b.card.json's id`},
			{"bin/b.card.json", at + 5, `reads as "d\u0435ploy", bin/a.card.json's id`}}},
		{"a whole-script Cyrillic id reading as a Latin one", []string{`"cop"`, `"\u0441\u043e\u0440"`}, []want{{"bin/b.card.json", at,
			`tool card id "\u0441\u043e\u0440" reads as "cop", bin/a.card.json's id, so a client choosing a card by the id it shows may run this one: the Cyrillic "с" (U+0441, like Latin "c"), Cyrillic "о" (U+043E, like Latin "o") and Cyrillic "р" (U+0440, like Latin "p") look like Latin letters; give one of the two cards an id that does not read as the other`}}},
		{"a Cyrillic ѕ after a digit, in one word", []string{`"k8\u0455"`}, []want{{"bin/a.card.json", at + 2, `in the word "k8ѕ": Latin letters beside the Cyrillic "ѕ" (U+0455, like Latin "s"); a word in two scripts is almost never meant, and the id reads as "k8s"`}}},
		{"a Cyrillic letter after a combining accent, in one word", []string{`"cafe\u0301\u0435"`}, []want{{"bin/a.card.json", at + 10, `Latin letters beside the Cyrillic "е" (U+0435, like Latin "e");`}}},
		{"a Greek γ in key", []string{`"ke\u03b3"`}, []want{{"bin/a.card.json", at + 2, `the Greek "γ" (U+03B3, like Latin "y"); a word in two scripts is almost never meant, and the id reads as "key"`}}},
		{"z is Latin", []string{`"zz\u0435"`}, []want{{"bin/a.card.json", at + 2, `in the word "zzе": Latin letters beside the Cyrillic "е" (U+0435, like Latin "e");`}}},
		{"a look-alike and a combining mark compose as the Latin letter would", []string{`"gar\u00e7on"`, `"gar\u0441\u0327on"`}, []want{{"bin/b.card.json", at + 3, `the id reads as "garçon", bin/a.card.json's id`}}},
		{"a letter NFC writes as a look-alike", []string{`"i"`, `"\u1fbe"`}, []want{{"bin/b.card.json", at, `tool card id "\u1fbe" reads as "i", bin/a.card.json's id, so a client choosing a card by the id it shows may run this one: the Greek "ι" (U+1FBE, like Latin "i") look like Latin letters`}}},
		{"a look-alike and an invisible character", []string{`"deploy"`, `"d\u0435ploy\u200b"`}, []want{{"bin/b.card.json", at + 1, `the id reads as "deploy", bin/a.card.json's id`}}},
		{"a Cyrillic id alone", []string{`"\u0441\u043e\u0440"`, `"\u0434\u0435\u043f\u043b\u043e\u0439"`}, nil},
		{"Han, Arabic, Greek ids", []string{`"部署"`, `"\u0646\u0634\u0631"`, `"\u03bb\u03bf\u03b3"`}, nil},
		{"Latin with Han, Kana, Hangul in a word", []string{`"deploy部署"`, `"デプロイdeploy"`, `"배포deploy"`, `"k8sの配備"`}, nil},
		{"scripts in separate words", []string{`"\u0434\u0435\u043f\u043b\u043e\u0439-deploy"`, `"\u03bb-calc"`, `"deploy.\u03b1"`, `"x_\u0445"`}, nil},
		{"Latin with accents", []string{`"déploiement-rapide"`, `"naïve"`, `"straße"`}, nil},
		{"ASCII", []string{`"deploy"`, `"dep1oy"`, `"DEPLOY"`}, nil},
		{"two ids of one script whose letters map alike", []string{`"\u0441\u0443"`, `"\u0441\u04af"`, `"\u03c3\u03bf\u03c6"`, `"\u03bf\u03bf\u03c6"`}, nil},
		{"a micro sign is no Greek letter", []string{`"timeout-\u00b5s"`}, nil},
		{"letters of another script like none of the word's own: units, formulas", []string{`"timeout-\u03bcs"`, `"\u0394t-plot"`, `"\u03c0calc"`, `"10k\u2126"`, `"d\u0436ploy"`, `"\u0434\u0435\u043f\u03bb\u043e\u0439"`, `"\u0434\u03c5\u043c"`}, nil},
	} {
		got, indexed := confusableFindings(t, tt.ids...)
		if indexed != len(tt.ids) {
			t.Errorf("%s: %d cards indexed, want %d: a warning leaves the card in the index", tt.name, indexed, len(tt.ids))
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: %v, want %d findings", tt.name, got, len(tt.want))
			continue
		}
		for i, w := range tt.want {
			d := got[i]
			if d.File != w.file || d.Line != 1 || d.Column != w.col || d.Pointer != "/id" || d.Severity != Warning || !strings.Contains(d.Message, w.says) {
				t.Errorf("%s: %s\nwant a warning at %s:1:%d /id saying %s", tt.name, d, w.file, w.col, w.says)
			}
		}
	}
}

// FuzzCardIDLookAlike: no id crashes the checks of ids that read as
// another (card-id-confusable, card-id-invisible's joiners), a mixed word
// lies within the id on character bounds, and an id beside its skeleton
// is told within the id.
func FuzzCardIDLookAlike(f *testing.F) {
	for _, seed := range []string{"d\u0435ploy", "\u0441\u043e\u0440", "\u0645\u06cc\u200c\u062e", "\u0915\u094d\u200d", "a\u200c", "\u200c", "de\u03bd-\u0451\u0308", "\xff\u0435x"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, id string) {
		if start, end, _, ok := mixedWord(id); ok && (start < 0 || end > len(id) || start >= end || utf8.ValidString(id) && (!utf8.RuneStart(id[start]) || end < len(id) && !utf8.RuneStart(id[end]))) {
			t.Fatalf("mixedWord(%q) = %d, %d", id, start, end)
		}
		for i := range id {
			joinerAllowed(id, i)
		}
		_ = visibleID(id)
		quoted, ids := strconv.QuoteToASCII(id), []string{strconv.QuoteToASCII(id)}
		if s := skeleton(id); s != id {
			ids = append(ids, strconv.QuoteToASCII(s))
		}
		found, _ := confusableFindings(t, ids...)
		for _, d := range found {
			if d.File == "bin/a.card.json" && (d.Line != 1 || d.Column < len(`{"id":"`)+1 || d.Column > len(`{"id":`)+len(quoted)) {
				t.Fatalf("id %q: %s, outside the id", id, d)
			}
		}
	})
}
