package validate

import (
	"slices"
	"strings"
	"testing"
)

// TestCardIDsComparedComposed: two cards whose ids are the same characters
// composed otherwise ("café" with U+00E9, and with "e" + U+0301, as macOS
// names files) are one id twice: card-duplicate-id at both, each message
// showing both spellings in escapes (printed, they look alike); the second is left out of the index.
// SameCardID, which lookups use, agrees, and keeps ASCII ids apart by
// bytes.
func TestCardIDsComparedComposed(t *testing.T) {
	const composed, decomposed = "caf\u00e9", "cafe\u0301"
	card := func(name, id string) CardSource {
		return CardSource{File: File{Path: "bin/" + name + ".card.json", Data: []byte(cardJSON(id))}, ToolPath: "bin/" + name, ToolExists: true}
	}
	res := Validate(&Sources{Cards: []CardSource{card("a", composed), card("b", decomposed), card("c", "cafe")}})
	var ids []string
	for _, c := range res.Cards {
		ids = append(ids, c.ID)
	}
	if want := []string{composed, "cafe"}; !slices.Equal(ids, want) {
		t.Errorf("indexed %q, want %q", ids, want)
	}
	var got []string
	for _, d := range res.Diagnostics {
		if d.Rule == "card-duplicate-id" {
			got = append(got, d.File+": "+d.Message)
		}
	}
	want := []string{
		`bin/b.card.json: tool card id "` + decomposed + `" is already used by bin/a.card.json; ids must be unique (the two are the same characters composed otherwise: "cafe\u0301" here, "caf\u00e9" there)`,
		`bin/a.card.json: tool card id "café" is also used by bin/b.card.json; ids must be unique (the two are the same characters composed otherwise: "caf\u00e9" here, "cafe\u0301" there)`,
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{{composed, decomposed, true}, {composed, composed, true}, {"cafe", "Cafe", false}, {composed, "cafe", false}} {
		if SameCardID(c.a, c.b) != c.same {
			t.Errorf("SameCardID(%q, %q) = %v", c.a, c.b, !c.same)
		}
	}
}

// TestCardPathsFoldedWarned: a card whose path differs from an earlier
// one's only in case or Unicode form is a reserved-name warning on the
// later file, naming the other (a Windows or macOS checkout holds only
// one of the two); both cards are indexed still. Paths that differ
// otherwise are not told.
func TestCardPathsFoldedWarned(t *testing.T) {
	card := func(name, id string) CardSource {
		return CardSource{File: File{Path: "bin/" + name + ".card.json", Data: []byte(cardJSON(id))}, ToolPath: "bin/" + name, ToolExists: true}
	}
	tests := []struct {
		name  string
		cards []CardSource
		want  []string // file: message, of reserved-name
	}{
		{"case", []CardSource{card("Foo", "foo-upper"), card("foo", "foo-lower")},
			[]string{"bin/foo.card.json: this card's path differs from bin/Foo.card.json's only in case, which the file systems of Windows and macOS do not tell apart: a checkout there holds one of the two files, and the other card is missing; rename one of them (and its tool)"}},
		{"Unicode form", []CardSource{card("cafe\u0301", "one"), card("caf\u00e9", "two")},
			[]string{"bin/caf\u00e9.card.json: this card's path differs from bin/cafe\u0301.card.json's only in Unicode form " + `(as code points: "bin/caf\u00e9.card.json" and "bin/cafe\u0301.card.json"; names that look alike may differ in Unicode normalization), which macOS's file system does not tell apart: a checkout there holds one of the two files, and the other card is missing; rename one of them (and its tool)`}},
		{"three, one told each", []CardSource{card("DEPLOY", "a"), card("Deploy", "b"), card("deploy", "c")},
			[]string{"bin/Deploy.card.json: this card's path differs from bin/DEPLOY.card.json's", "bin/deploy.card.json: this card's path differs from bin/DEPLOY.card.json's"}},
		{"other names", []CardSource{card("foo", "a"), card("foo2", "b"), card("Bar", "c")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate(&Sources{Cards: tt.cards})
			var got []string
			for _, d := range res.Diagnostics {
				if d.Rule == "reserved-name" {
					if d.Severity != Warning || d.Line != 0 {
						t.Errorf("%s: %s at line %d, want a warning about the whole file", d.File, d.Severity, d.Line)
					}
					got = append(got, d.File+": "+d.Message)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("reserved-name findings %q, want %d", got, len(tt.want))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("got %q\nwant %q", got[i], tt.want[i])
				}
			}
			if len(res.Cards) != len(tt.cards) {
				t.Errorf("%d cards indexed, want %d (a warning leaves them in)", len(res.Cards), len(tt.cards))
			}
		})
	}
}
