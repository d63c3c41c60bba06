package search

import (
	"slices"
	"strings"
	"testing"
)

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
// a word and one in parentheses beside it, nor two words a clause's end
// parts ("finish the run. Book a room"); a hyphen or a slash does not.
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
		{"finish the run. Book a room", "runbook", false},
		{"finish the run, book a room", "runbook", false},
		{"is it the run? book it", "runbook", false},
		{"finish the run\nbook a room", "runbook", false},
		{"run。book", "runbook", false},
		{"the run-book", "runbook", true},
		{"the run/book", "runbook", true},
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

// TestSearchCamelPartsAsTheCardsWriteThem: the camel-case parts of a word
// the cards do not hold are read as the words the cards write, parts
// that run together into one of theirs as that word: "CrashLoopBackOff"
// is "crashloop" "back" "off", a card's "crashlooping", where "crash"
// "loop" "back" "off" met another's "crashed" and put the cards that
// roll a deployment back and turn a flag off first.
func TestSearchCamelPartsAsTheCardsWriteThem(t *testing.T) {
	ix := Build([]Card{
		{ID: "pod.why", Summary: "Explain why a pod restarts.", IntentPhrases: []string{"why is the pod crashlooping", "describe a pod"}, Risk: "reversible"},
		{ID: "flags", Summary: "Turn a feature flag off.", IntentPhrases: []string{"kill switch"}, Risk: "reversible"},
		{ID: "deploy.undo", Summary: "Roll a deployment back.", IntentPhrases: []string{"undo a deploy"}, Risk: "reversible"},
		{ID: "logs", Summary: "Search the logs of a pod.", IntentPhrases: []string{"tail the logs", "what did it log before it crashed"}, Risk: "reversible"},
	})
	checkFirst(t, ix, "api-7f9c6d-x2k4p in CrashLoopBackOff", "pod.why")
	for _, tt := range []struct {
		parts, want []string
	}{
		{[]string{"crash", "loop", "back", "off"}, []string{"crashloop", "back", "off"}},
		{[]string{"back", "off", "crash", "loop"}, []string{"back", "off", "crashloop"}},
		{[]string{"turn", "pod", "flag"}, []string{"turn", "pod", "flag"}},
	} {
		if got := ix.joinParts(tt.parts, nil); !slices.Equal(got, tt.want) {
			t.Errorf("joinParts(%q) = %q, want %q", tt.parts, got, tt.want)
		}
	}
}

// TestJoinPartsIsLinearInTheParts: joinParts tries runs of at most
// maxJoinParts parts from each part, so a camel-case word of many parts
// costs a few joins a part, and is given no word past maxJoinWord bytes
// (an intent may be one 60 KB word, BenchmarkSearchLongCamel). Trying every run from each, longest first, was quadratic
// in the parts and each run as long as the word: 300 parts took 134,550
// allocations (2,682 now), and the benchmark's 10,000 did not end in
// 250 s (24 ms before joinParts).
func TestJoinPartsIsLinearInTheParts(t *testing.T) {
	ix := Build([]Card{{ID: "pod.why", Summary: "Explain why a pod is crashlooping.", Risk: "reversible"}})
	parts := make([]string, 300)
	for i := range parts {
		parts[i] = "qwxyzk"
	}
	dst := make([]string, 0, len(parts))
	// A run tried is a join and a stem, a few allocations.
	if a := testing.AllocsPerRun(2, func() { ix.joinParts(parts, dst[:0]) }); a > float64(3*maxJoinParts*len(parts)) {
		t.Errorf("joinParts of %d parts: %.0f allocations, want at most %d a part", len(parts), a, 3*maxJoinParts)
	}
	if got, want := ix.joinParts([]string{"api", "crash", "loop", "ing", "x"}, nil), []string{"api", "crashlooping", "x"}; !slices.Equal(got, want) {
		t.Errorf("joinParts = %q, want %q", got, want)
	}
	// A word past maxJoinWord bytes is read part by part, as before
	// joinParts.
	crashloop, _ := ix.indexedTerm(stem("crashlooping"))
	for _, tt := range []struct {
		intent string
		joined bool
	}{
		{"ApiCrashLoopingX", true},
		{"ApiCrashLooping" + strings.Repeat("Qw", maxJoinWord/2), false},
	} {
		s := ix.pool.Get().(*scratch)
		s.reset()
		ix.analyseQuery(tt.intent, s)
		got := slices.ContainsFunc(s.terms, func(qt qterm) bool { return qt.term == crashloop && qt.kind == kindOrig })
		ix.pool.Put(s)
		if got != tt.joined {
			t.Errorf("%q: crashlooping a word of the query %v, want %v", tt.intent, got, tt.joined)
		}
	}
}
