package search

import (
	"slices"
	"testing"
)

// TestSearchTypoOfFiveLetterTerm: a word of minTypoLen letters with
// one letter wrong or two swapped is corrected to the term of as many
// letters ("mount", "crash"), which only the deletions of such terms
// reach (found by mutation testing: indexing only longer terms' deletions
// broke no test).
func TestSearchTypoOfFiveLetterTerm(t *testing.T) {
	ix := Build([]Card{
		{ID: "disk-mount", Summary: "Mount a disk image.", Risk: "reversible"},
		{ID: "core-dump", Summary: "Read the core of a crash.", Risk: "read-only"},
		{ID: "user-delete", Summary: "Delete a user account.", Risk: "destructive"},
	})
	for intent, want := range map[string]string{
		"mpunt": "disk-mount", // substitution
		"muont": "disk-mount", // transposition
		"crahs": "core-dump",
	} {
		checkFirst(t, ix, intent, want)
	}
}

// TestSearchTypoOfLongestTerm: a word one letter longer than the
// longest term is still one edit from it, however many bytes that letter
// takes (here a four-byte Deseret letter typed in by mistake); the length
// bound that keeps very long words from costing time lets it through.
func TestSearchTypoOfLongestTerm(t *testing.T) {
	ix := Build([]Card{
		{ID: "restart", Summary: "Restart it.", Risk: "reversible"},
		{ID: "stop", Summary: "Stop it now.", Risk: "reversible"},
	})
	checkFirst(t, ix, "rest\U00010428art", "restart")
	checkFirst(t, ix, "rest\U00010428\U00010428art", "") // two edits
}

// TestSearchPrefixExtensions: a query word that begins other terms
// reaches them at the prefix discount when they are few: up to 8 terms,
// and not counting the word's own term; more than 8 ("build" of nine
// "build..." words) is no evidence for any and adds none.
func TestSearchPrefixExtensions(t *testing.T) {
	var cards []Card
	for _, w := range []string{"buildhost", "buildport", "builduser", "buildpass", "buildauth", "buildtype", "buildname", "buildmode"} {
		cards = append(cards, Card{ID: "set-" + w, Summary: "Set the " + w + ".", Risk: "reversible"})
	}
	ix := Build(cards)
	if got := ix.Search(Query{Intent: "build", Limit: 20}); len(got) != 8 {
		t.Errorf("Search(build) with 8 build... words = %v, want all 8", ids(got))
	}
	withOwn := Build(append(cards, Card{ID: "build", Summary: "Build it.", Risk: "reversible"}))
	if got := withOwn.Search(Query{Intent: "build", Limit: 20}); len(got) != 9 {
		t.Errorf("Search(build) with 8 build... words and build = %v, want build and the 8", ids(got))
	}
	for _, r := range withOwn.Search(Query{Intent: "build", Limit: 20}) {
		if r.ID != "build" && !slices.Contains(r.Matched, "summary") {
			t.Errorf("Search(build): %s matched %v, want its summary (\"Set the build...\") among them", r.ID, r.Matched)
		}
	}
	nine := Build(append(cards, Card{ID: "show-list", Summary: "Show the buildlist.", Risk: "read-only"}))
	checkFirst(t, nine, "build", "")
}

// TestSearchPrefixIsLongestTerm: a query word that extends the
// longest term of the index ("mountpoint" of "mount") finds it.
func TestSearchPrefixIsLongestTerm(t *testing.T) {
	ix := Build([]Card{
		{ID: "mount", Summary: "Mount it.", Risk: "reversible"},
		{ID: "stop", Summary: "Stop it now.", Risk: "reversible"},
	})
	checkFirst(t, ix, "mountpoint", "mount")
}

// TestSearchSurfaceTypoOfFirstWord: a typo that changes what the
// stemmer cuts ("certficate" stems to "certfic", two edits from
// "certif") is corrected against the cards' words as written, the first
// word of the first card included.
func TestSearchSurfaceTypoOfFirstWord(t *testing.T) {
	ix := Build([]Card{
		{ID: "certificate", Summary: "Certificate of the host.", Risk: "read-only"},
		{ID: "stop", Summary: "Stop it now.", Risk: "reversible"},
	})
	checkFirst(t, ix, "certficate", "certificate")
}

// TestSearchSurfaceTypoBounds: the cards' words as written are
// corrected against from minTypoLen runes ("saved", whose stem is
// "save", for "saevd") to maxSurfaceLen bytes, and a query word may be
// one four-byte letter longer than that.
func TestSearchSurfaceTypoBounds(t *testing.T) {
	long := "deduplicationsconfigurationsaved" // maxSurfaceLen bytes
	if len(long) != maxSurfaceLen {
		t.Fatalf("len(%q) = %d", long, len(long))
	}
	ix := Build([]Card{
		{ID: "snapshot", Summary: "Snapshots saved nightly.", Risk: "read-only"},
		{ID: "cleanup", Summary: "Lists " + long + " entries.", Risk: "read-only"},
		{ID: "stop", Summary: "Stop it now.", Risk: "reversible"},
	})
	for intent, want := range map[string]string{
		"saevd":                            "snapshot",
		"deduplicationsconfigurationsaevd": "cleanup",
		long + "\U00010428":                "cleanup", // 36 bytes
	} {
		checkFirst(t, ix, intent, want)
	}
}

// TestSearchAmbiguousTypoSharesWeight: the corrections of a typo
// one edit from several terms ("cound": count, sound, round) share the
// typo discount, so a word of the query that a card holds as typed
// ("weather") decides; with the discount given to each, the typo's
// guesses outranked it.
func TestSearchAmbiguousTypoSharesWeight(t *testing.T) {
	ix := Build([]Card{
		{ID: "wc", Summary: "Count the lines of a file.", Risk: "read-only"},
		{ID: "afplay", Summary: "Play a sound file.", Risk: "read-only"},
		{ID: "round", Summary: "Round a number.", Risk: "read-only"},
		{ID: "forecast", Summary: "Show the weather forecast.", Risk: "read-only"},
		{ID: "stop", Summary: "Stop the service now.", Risk: "reversible"},
	})
	checkFirst(t, ix, "cound weather", "forecast")
	if got := ids(ix.Search(Query{Intent: "cound"})); len(got) != 3 {
		t.Errorf("Search(cound) = %v, want the 3 cards one edit away", got)
	}
}

// TestBuildSortedIsLexical: the order buildSorted gives the vocabulary,
// by each stem's first eight bytes and then the whole stem, is the lexical
// order of the stems, for stems that share their first eight bytes or are
// prefixes of each other, hold a zero byte or bytes past ASCII.
func TestBuildSortedIsLexical(t *testing.T) {
	vocab := []string{"abcdefghij", "abcdefgh", "abcdefghi", "abcdefgg", "ab", "a", "ab\x00", "ab\x00\x00c", "b",
		"\xff", "é", "e", "zzzzzzzzzzz", "zzzzzzzzz", "mount", "mountpoint", "abcdefgha", "\x00", "x\x80"}
	ix := &Index{vocab: vocab}
	ix.buildSorted()
	got := make([]string, len(ix.sorted))
	for i, id := range ix.sorted {
		got[i] = vocab[id]
	}
	want := slices.Clone(vocab)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("buildSorted order\n%q, want\n%q", got, want)
	}
}

// TestSearchTypoChangesNoDigit: a word one edit from a term where the
// edit is a digit is another number, not a typo: "http3" is not the
// "http2" of a card, nor "30000ms" its "3000ms", nor the "07t03" of a
// pasted timestamp a card's "07t09"; a letter wrong beside a digit is
// still one ("htpp2").
func TestSearchTypoChangesNoDigit(t *testing.T) {
	ix := Build([]Card{
		{ID: "h2", Summary: "Serve over http2 with a 3000ms timeout from 2026-12-07T09:00.", Risk: "reversible"},
		{ID: "restart", Summary: "Restart it.", Risk: "reversible"},
	})
	for _, intent := range []string{"http3", "30000ms", "300ms", "07t03"} {
		checkFirst(t, ix, intent, "")
	}
	checkFirst(t, ix, "htpp2", "h2")
	checkFirst(t, ix, "3000ns", "h2")
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"http3", "http2", true},
		{"30000ms", "3000ms", true},
		{"3000ms", "30000ms", true},
		{"a1b", "ab", true},
		{"12ab", "21ab", true},
		{"htpp2", "http2", false},
		{"3000ns", "3000ms", false},
		{"mpunt", "mount", false},
	} {
		if got := editsDigit(tt.a, tt.b); got != tt.want {
			t.Errorf("editsDigit(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestSearchTypoSwapsADigitWithALetter: a digit swapped with a letter
// beside it leaves its number as it was, and is a slip of the hands
// ("pytho3n" for "python3"), corrected as a swap of two letters is; a
// digit typed for a letter, or one swapped into another number, is not
// ("l0gin", "https" of "http2", "x1y2" of "x12y").
func TestSearchTypoSwapsADigitWithALetter(t *testing.T) {
	ix := Build([]Card{
		{ID: "py", Summary: "Install python3 packages with pip.", Risk: "reversible"},
		{ID: "login", Summary: "Login to the registry over https.", Risk: "reversible"},
	})
	checkFirst(t, ix, "pytho3n", "py")
	checkFirst(t, ix, "http2", "")
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"pytho3n", "python3", false},
		{"3python", "p3ython", false},
		{"l0gin", "login", true},
		{"http2", "https", true},
		{"x12y", "x1y2", true},
	} {
		if got := editsDigit(tt.a, tt.b); got != tt.want {
			t.Errorf("editsDigit(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
