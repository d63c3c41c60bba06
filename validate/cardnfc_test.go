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
