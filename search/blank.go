package search

import (
	"unicode"

	"github.com/capreg/capreg/internal/unicodeform"
)

// BlankIntent reports whether intent holds nothing to search for: white
// space (Unicode's, as strings.TrimSpace reads it) and characters that
// print as nothing (unicodeform.PrintsAsNothing: a zero width space, a
// joiner, the byte order mark, a variation selector ...), alone. Such an
// intent, pasted from a web page or a chat, matches no card, and a caller
// refuses it as an empty one, with ErrEmptyIntent.
func BlankIntent(intent string) bool {
	for _, r := range intent {
		if !unicode.IsSpace(r) && !unicodeform.PrintsAsNothing(r) {
			return false
		}
	}
	return true
}
