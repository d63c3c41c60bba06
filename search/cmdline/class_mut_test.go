package cmdline

import (
	"strings"
	"testing"
)

// TestPatternFaultClassOfWordsOrRange: a class in brackets is a choice of
// words written as a class (card-replaces-shape) unless a choice holds a
// range: a dash between two lower-case letters, two capitals or two
// digits in order, the first and last of each kind included and a range
// of one character too, with no letter of the same kind touching it
// outside ("kube-system", "ab-c" and "a-bc" are words).
func TestPatternFaultClassOfWordsOrRange(t *testing.T) {
	for _, tt := range []struct {
		choice string
		words  bool
	}{
		{"a-z", false}, {"A-Z", false}, {"0-9", false},
		{"b-y", false}, {"B-Y", false}, {"1-8", false},
		{"b-b", false}, {"a-zA-Z", false}, {"0-9a-f", false}, {"x0-9", false}, {"0-9x", false},
		{"kube-system", true}, {"ab-c", true}, {"a-bc", true}, {"AB-C", true}, {"01-2", true},
		{"x", true}, {"a-", true}, {"9-a", true}, {"Z-a", true},
	} {
		pat := "kubectl get [" + tt.choice + "|ns] pods"
		got := PatternFault(pat)
		if words := strings.Contains(got, "is a regular-expression class"); words != tt.words {
			t.Errorf("PatternFault(%q) = %q, want a class of words told: %v", pat, got, tt.words)
		}
	}
}

// TestPatternFaultUsageWordOrClass: a bracketed word is told as a usage
// line's optional part ("[options]") unless it reads as a class: a letter
// in both cases makes one ("[yY]", "[aAbcd]", "[zZbcd]", "[ZuzU]",
// "[Zzz]"), except in a word of four letters or more with only its first
// a capital ("[Zuzu]", "[Alan]"; not "[ZZuz]", "[ZuzA]", "[BubZ]"); a
// letter twice makes a word ("[bbc]"), as do a vowel and a consonant
// ("[zoe]"), but a short word in alphabetical order ("[Abc]") or one with
// a character that is no letter is a class.
func TestPatternFaultUsageWordOrClass(t *testing.T) {
	for _, tt := range []struct {
		word  string
		usage bool
	}{
		{"Options", true}, {"options", true}, {"Zulu", true}, {"Zuzu", true}, {"Alan", true},
		{"Aalan", true}, {"Zorro", true}, {"Azure", true}, {"AzurE", true},
		{"aAbcd", false}, {"zZbcd", false}, {"ZuzU", false}, {"Abc", false}, {"Zzz", false},
		{"Yy", false}, {"yY", false}, {"@zure", false},
		{"ZZuz", false}, {"ZuzA", false}, {"BubZ", false}, {"bbc", true}, {"zoe", true},
	} {
		pat := "docker run [" + tt.word + "] image"
		got := PatternFault(pat)
		if usage := strings.Contains(got, "usage line's optional part"); usage != tt.usage {
			t.Errorf("PatternFault(%q) = %q, want a usage word told: %v", pat, got, tt.usage)
		}
	}
}
