package storetest

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
)

// WriteWideCards adds n tool cards to the repository at dir (bin/wide-NNN
// and its card), each with an intent phrase of words distinct random
// words of seven to ten letters, drawn from seed: cards whose vocabulary
// grows with their number, as no real set's does, to reach tool search's
// vocabulary bound (search.DefaultMaxTerms) in tests. The cards pass the
// gate.
func WriteWideCards(dir string, n, words int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 2))
	for i := range n {
		ws := make([]string, words)
		for j := range ws {
			b := make([]byte, 7+rng.IntN(4))
			for k := range b {
				b[k] = byte('a' + rng.IntN(26))
			}
			ws[j] = string(b)
		}
		tool := filepath.Join(dir, "bin", fmt.Sprintf("wide-%03d", i))
		card := fmt.Sprintf(`{"id": "wide-%03d", "command": "bin/wide-%03d", "summary": "Does wide work %d.", "intent_phrases": [%q], "effects": "Reads its input.", "risk": "reversible", "example": "bin/wide-%03d x"}`,
			i, i, i, strings.Join(ws, " "), i)
		if err := writeToolAndCard(tool, card); err != nil {
			return err
		}
	}
	return nil
}

// The cards WriteWideRepo adds: WideCards of WideWords distinct words,
// about 290,000 words in all, past search.DefaultMaxTerms (250,000).
const WideCards, WideWords = 320, 900

// WriteWideRepo writes a valid repository of 10 capabilities (WriteRepo)
// with WideCards cards of WideWords distinct words each (WriteWideCards,
// seed 1): one whose tool search vocabulary reaches its bound, for the
// tests of how that is told.
func WriteWideRepo(dir string) error {
	if err := WriteRepo(dir, 10); err != nil {
		return err
	}
	return WriteWideCards(dir, WideCards, WideWords, 1)
}
