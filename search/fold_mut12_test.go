package search

import "testing"

// TestSearchAccentedWordInEnglishIndexMut12: a word typed with accents
// finds the term it is without them in an index whose cards hold no
// accented word at all ("déployer" for a card that says "deploy"); the
// fast path for such indexes is for words without accents only.
func TestSearchAccentedWordInEnglishIndexMut12(t *testing.T) {
	ix := Build([]Card{
		{ID: "deploy", Summary: "Deploy the current branch to staging.", Risk: "destructive"},
		{ID: "logs", Summary: "Tail the logs of a service.", Risk: "read-only"},
	})
	checkFirst(t, ix, "déployer", "deploy")
	checkFirst(t, ix, "lögs", "logs")
}
