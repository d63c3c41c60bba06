package search

import "testing"

// TestFoldAccents: Latin letters lose their accents (reporting a change);
// words of other scripts are left as they are, so they still match only
// themselves.
func TestFoldAccents(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"déployer", "deployer", true},
		{"caché", "cache", true},
		{"über", "uber", true},
		{"deploy", "deploy", false},
		{"перезапуск", "перезапуск", false},
		{"हिन्दी", "हिन्दी", false},
		{"日本", "日本", false},
	} {
		if got, ok := foldAccents(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("foldAccents(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestSearchReadsWordsWithoutAccents: the stemmer is English and leaves a
// word with an accent as it is, so a French "déployer" was no word of a
// card that says "deploy", and "reinitialise" typed without accents none
// of a card that says "réinitialisé" (two edits away, so no typo of it).
func TestSearchReadsWordsWithoutAccents(t *testing.T) {
	ix := Build([]Card{
		{ID: "deploy", Summary: "Deploy the current branch to staging.", IntentPhrases: []string{"ship the branch to staging"}, Risk: "destructive"},
		{ID: "api-call", Summary: "Call the staging API with a token.", IntentPhrases: []string{"curl the staging api"}, Risk: "reversible"},
		{ID: "rapport", Summary: "Produit le rapport de déploiement de la semaine.", IntentPhrases: []string{"rapport de déploiement"}, Risk: "reversible"},
		{ID: "rapport-ventes", Summary: "Produit le rapport des ventes de la semaine.", IntentPhrases: []string{"rapport des ventes"}, Risk: "reversible"},
		{ID: "mot-de-passe", Summary: "Mot de passe réinitialisé et envoyé.", IntentPhrases: []string{"changer le mot de passe"}, Risk: "destructive"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"déployer", "deploy"},
		{"déployer en staging", "deploy"},
		{"reinitialise", "mot-de-passe"},
		{"rapport de deploiement", "rapport"}, // one edit: a typo of it
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchAccentedWordInEnglishIndex: a word typed with accents
// finds the term it is without them in an index whose cards hold no
// accented word at all ("déployer" for a card that says "deploy"); the
// fast path for such indexes is for words without accents only.
func TestSearchAccentedWordInEnglishIndex(t *testing.T) {
	ix := Build([]Card{
		{ID: "deploy", Summary: "Deploy the current branch to staging.", Risk: "destructive"},
		{ID: "logs", Summary: "Tail the logs of a service.", Risk: "read-only"},
	})
	checkFirst(t, ix, "déployer", "deploy")
	checkFirst(t, ix, "lögs", "logs")
}
