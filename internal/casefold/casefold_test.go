package casefold

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestRuneIsSimpleFolding: two letters fold alike exactly when Unicode's
// simple case folding takes them for one (strings.EqualFold, which walks
// unicode.SimpleFold's orbits): Rune of every code point is a letter of
// its orbit, and the same for each letter of the orbit; but for "İ",
// read as "i", and so "ı" is not.
func TestRuneIsSimpleFolding(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF || r == 'İ' {
			continue
		}
		f := Rune(r)
		if !strings.EqualFold(string(r), string(f)) {
			t.Fatalf("Rune(%U) = %U, not of its case", r, f)
		}
		if g := Rune(unicode.SimpleFold(r)); g != f {
			t.Fatalf("Rune(%U) = %U, but Rune of %U, of its case, = %U", r, f, unicode.SimpleFold(r), g)
		}
	}
	if Rune('İ') != 'i' || Rune('ı') != 'ı' {
		t.Errorf("Rune(İ) = %q, Rune(ı) = %q; want i, ı", Rune('İ'), Rune('ı'))
	}
}

// TestRuneIsLowerOfCapital: Rune of every code point is the lower case of
// its capital, as Unicode's tables say, but for "ı" (kept) and "İ" ("i",
// its lower case): Rune looks a letter's capital up only for the letters
// foldsAside lists, and a letter a new Unicode version adds to a case
// orbit of three must be added there.
func TestRuneIsLowerOfCapital(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r == 'ı' {
			continue
		}
		if got, want := Rune(r), unicode.ToLower(unicode.ToUpper(r)); got != want {
			t.Errorf("Rune(%U %q) = %q, want %q, the lower case of its capital (add it to foldsAside)", r, r, got, want)
		}
	}
}

func TestString(t *testing.T) {
	for in, want := range map[string]string{
		"":           "",
		"deploy-app": "deploy-app",
		"Deploy_APP": "deploy_app",
		"ΛΟΓΟΣ":      "λογοσ",
		"λογος":      "λογοσ",
		"Straße":     "straße", // simple folding: "ß" is no "ss"
		"ſtep":       "step",
		"µ":          "μ",
		"KELVIN":     "kelvin",   // the Kelvin sign
		"ılık":       "ılık",     // dotless ı is no i
		"İSTANBUL":   "istanbul", // as strings.ToLower and search read "İ"
		"a\xffB":     "a\xffb",   // a byte not UTF-8 kept
		"A\xffb":     "a\xffb",   // kept after the first letter folded
		"a\xffb":     "a\xffb",   // and where no letter changes
		"Alpha":      "alpha",    // the first and last capitals alone
		"zuLU-Z":     "zulu-z",
		"ZULU":       "zulu",
	} {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStringUnchangedIsNotCopied: a name already folded is returned as
// is, so comparing ids already in lower case allocates nothing.
func TestStringUnchangedIsNotCopied(t *testing.T) {
	s := strings.Repeat("λογοσ-app", 4)
	if n := testing.AllocsPerRun(100, func() { _ = String(s) }); n != 0 {
		t.Errorf("String of a folded name: %v allocations, want 0", n)
	}
	if got := String(s); !utf8.ValidString(got) || got != s {
		t.Errorf("String(%q) = %q", s, got)
	}
}
