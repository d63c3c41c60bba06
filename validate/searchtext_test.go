package validate_test

import (
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestCardSearchText: the text search indexes is cut to CardSearchText
// bytes in all, in field order, at a character's start, naming the first
// field cut; a card within the limit is given back as it is.
func TestCardSearchText(t *testing.T) {
	limit := validate.CardSearchText
	tests := []struct {
		name  string
		card  validate.Card
		at    string
		check func(t *testing.T, c validate.Card)
	}{
		{"within the limit", validate.Card{ID: "x", Summary: "s", IntentPhrases: []string{"", "a"}, Effects: "e"}, "",
			func(t *testing.T, c validate.Card) {
				if len(c.IntentPhrases) != 2 || c.Effects != "e" {
					t.Errorf("changed: %+v", c)
				}
			}},
		{"summary cut, later fields emptied", validate.Card{ID: "id", Summary: strings.Repeat("a", limit), Effects: "gone", Example: "gone"}, "/summary",
			func(t *testing.T, c validate.Card) {
				if len(c.Summary) != limit-2 || c.Effects != "" || c.Example != "" {
					t.Errorf("summary %d bytes, effects %q, example %q", len(c.Summary), c.Effects, c.Example)
				}
			}},
		{"cut at a character's start", validate.Card{ID: "i", Summary: strings.Repeat("é", limit)}, "/summary",
			func(t *testing.T, c validate.Card) {
				if len(c.Summary) != limit-2 || !strings.HasSuffix(c.Summary, "é") {
					t.Errorf("summary %d bytes, ends %q", len(c.Summary), c.Summary[len(c.Summary)-2:])
				}
			}},
		{"phrases past the limit dropped", validate.Card{ID: "i", IntentPhrases: []string{"keep", strings.Repeat("b", limit), "drop"}}, "/intent_phrases/1",
			func(t *testing.T, c validate.Card) {
				if len(c.IntentPhrases) != 2 || c.IntentPhrases[0] != "keep" || len(c.IntentPhrases[1]) != limit-5 {
					t.Errorf("phrases %d", len(c.IntentPhrases))
				}
			}},
		{"a phrase cut to nothing is left out", validate.Card{ID: "i", Summary: strings.Repeat("a", limit-1), Replaces: []string{"git push", "x"}}, "/replaces/0",
			func(t *testing.T, c validate.Card) {
				if len(c.Replaces) != 0 {
					t.Errorf("replaces %q", c.Replaces)
				}
			}},
		{"replaces before effects", validate.Card{ID: "i", Replaces: []string{strings.Repeat("r", limit)}, Effects: "e"}, "/replaces/0",
			func(t *testing.T, c validate.Card) {
				if len(c.Replaces) != 1 || len(c.Replaces[0]) != limit-1 || c.Effects != "" {
					t.Errorf("replaces %d, effects %q", len(c.Replaces), c.Effects)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, at, total := tt.card.SearchText()
			if at != tt.at {
				t.Errorf("cut at %q, want %q", at, tt.at)
			}
			want := len(tt.card.ID) + len(tt.card.Command) + len(tt.card.Summary) + len(tt.card.Effects) + len(tt.card.Example)
			for _, p := range append(append([]string(nil), tt.card.IntentPhrases...), tt.card.Replaces...) {
				want += len(p)
			}
			if total != want {
				t.Errorf("total %d, want %d", total, want)
			}
			tt.check(t, c)
		})
	}
}
