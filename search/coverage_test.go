package search

import "testing"

// TestCoverage: a result says how much of the request its card holds,
// each word weighted by its rarity, so that an agent can tell a request no
// tool fits from a good first hit; scores only rank one search's cards.
// A word no card holds counts as not held; a typo counts as its
// correction; a word repeated counts twice.
func TestCoverage(t *testing.T) {
	ix := Build([]Card{
		{ID: "land", Summary: "Rebase the current branch on main and push it", IntentPhrases: []string{"merge my branch into main", "ship the current branch"}},
		{ID: "page", Summary: "Page the on-call engineer of a team", IntentPhrases: []string{"wake up the team on call", "escalate an incident"}},
		{ID: "tests", Summary: "Run the tests of the changed packages", IntentPhrases: []string{"run the unit tests", "test my change"}},
	})
	coverage := func(intent, id string) float64 {
		for _, r := range ix.Search(Query{Intent: intent}) {
			if r.ID == id {
				return r.Coverage
			}
		}
		t.Fatalf("%q: %s not found", intent, id)
		return 0
	}
	tests := []struct {
		intent, id string
		min, max   float64
	}{
		{"merge my branch into main", "land", 1, 1},
		{"merge merge branch", "land", 1, 1},
		{"merge my change into main", "tests", 0.2, 0.6},    // "change" alone
		{"order pizza for the team", "page", 0.05, 0.5},     // "pizza", "order": in no card
		{"merge my brnach into main", "land", 1, 1},         // the typo counts as "branch"
		{"escalate the incident to the team", "page", 1, 1}, // every word held
		// A correction, abbreviation or prefix an earlier word reached
		// too is held (review 31).
		{"merge my branch brnach into main", "land", 1, 1},
		{"merge my brnach brnach into main", "land", 1, 1},
		{"escalate an incident incident", "page", 1, 1},
		// A word's parts are each a word; a short prefix is no form of
		// it (review 32).
		{"mergeBranch into main", "land", 1, 1},
		{"rebasePizza", "land", 0.01, 0.6},
		{"rebasepizza", "land", 0, 0.6},
		// Not all of it is never 1, however common the missing word.
		{"merge my branch into main please", "land", 0.5, 0.99},
	}
	for _, tt := range tests {
		if got := coverage(tt.intent, tt.id); got < tt.min || got > tt.max {
			t.Errorf("coverage of %s for %q = %v, want %v to %v", tt.id, tt.intent, got, tt.min, tt.max)
		}
	}
}

// TestCoverageAbbreviation: a card that says "db" holds a request's
// "database", however short the abbreviation (review 34).
func TestCoverageAbbreviation(t *testing.T) {
	ix := Build([]Card{{ID: "dbm", Summary: "Migrate the db schema of a service"}, {ID: "other", Summary: "Page the on-call engineer of a team"}})
	results := ix.Search(Query{Intent: "migrate the database schema"})
	if len(results) == 0 || results[0].ID != "dbm" || results[0].Coverage != 1 {
		t.Errorf("results %+v, want dbm first with coverage 1", results)
	}
}
