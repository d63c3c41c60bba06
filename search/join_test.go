package search

import "testing"

// TestSearchJoinsWordsWrittenApart: a word the cards do not hold is read
// with the word beside it as the one word of theirs the two make ("run
// book" of "runbook", "post mortem" of "postmortem"), before or after it;
// read apart, "run" put the card that runs an experiment first.
func TestSearchJoinsWordsWrittenApart(t *testing.T) {
	ix := Build([]Card{
		{ID: "runbook", Summary: "Open the runbook for an alert.", Risk: "reversible"},
		{ID: "pm.draft", Summary: "Draft the postmortem of an incident.", Risk: "reversible"},
		{ID: "chaos", Summary: "Run a chaos experiment against a service, post the results.", Risk: "destructive"},
		{ID: "globalprotect", Summary: "Reset the GlobalProtect client.", Risk: "reversible"},
		{ID: "vpn", Summary: "Protect a service behind the VPN.", Risk: "reversible"},
	})
	checkFirst(t, ix, "find the run book", "runbook")
	checkFirst(t, ix, "write the post mortem", "pm.draft")
	checkFirst(t, ix, "global protect keeps failing", "globalprotect")
}

// TestJoinedOnlyForAnUnknownWord: two words the cards each hold are not
// joined ("check out" is no "checkout"), nor a word and a stop word, nor
// a word and one in parentheses beside it.
func TestJoinedOnlyForAnUnknownWord(t *testing.T) {
	ix := Build([]Card{
		{ID: "checkout", Summary: "Checkout a branch; run the runbook.", Risk: "reversible"},
		{ID: "health", Summary: "Check the service is out of rotation.", Risk: "reversible"},
		{ID: "theory", Summary: "Read the theory of it.", Risk: "reversible"},
	})
	for _, tt := range []struct {
		intent, term string
		joined       bool
	}{
		{"check out the branch", "checkout", false},
		{"find the run book", "runbook", true},
		{"find the run (book)", "runbook", false},
		{"the ory", "theori", false},
	} {
		s := ix.pool.Get().(*scratch)
		s.reset()
		ix.analyseQuery(tt.intent, s)
		t0, _ := ix.indexedTerm(tt.term)
		got := false
		for _, qt := range s.terms {
			if qt.term == t0 && qt.kind == kindOrig {
				got = true
			}
		}
		ix.pool.Put(s)
		if got != tt.joined {
			t.Errorf("%q: the term %q a word of the query %v, want %v", tt.intent, tt.term, got, tt.joined)
		}
	}
}
