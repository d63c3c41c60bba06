package validate

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// nearestIDUnfiltered is NearestID with no id ruled out ahead of the
// word-order rule, as before sameLetters (6388032^): every id of its
// length is split and its words compared.
func nearestIDUnfiltered(id string, ids []string) string {
	return nearestID(id, ids, func(other, id string) bool { return true })
}

// TestNearestIDSameLettersLosesNothing: sameLetters only spares the
// splitting of ids the word-order rule would not name. NearestID agrees
// with the unfiltered rule over random registries of ids made of a few
// words (ASCII, upper case, repeated letters, plurals, accented letters
// composed or not, letters whose lower case has another length), joined
// by every separator, and asked for their words reordered, recased,
// rejoined, or slipped by a letter.
func TestNearestIDSameLettersLosesNothing(t *testing.T) {
	words := []string{"a", "aa", "ab", "ba", "kube", "logs", "log", "deploy", "team", "tema", "meat",
		"Deploy", "LOGS", "café", "cafe\u0301", "CAFÉ", "policy", "policies", "patch", "patches",
		"\u212Aube", "kUBE", "İx", "ix", "ß", "ss", "1042", "4201", "x"}
	seps := []string{"-", "_", ".", ":", "--", "._"}
	r := rand.New(rand.NewSource(62))
	makeID := func() string {
		n := 1 + r.Intn(3)
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString(seps[r.Intn(len(seps))])
			}
			b.WriteString(words[r.Intn(len(words))])
		}
		return b.String()
	}
	variant := func(id string) string {
		parts := strings.FieldsFunc(id, func(r rune) bool { return strings.ContainsRune("-_.:", r) })
		switch r.Intn(5) {
		case 0: // reordered, rejoined
			r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
			return strings.Join(parts, seps[r.Intn(len(seps))])
		case 1: // recased and reordered
			slices.Reverse(parts)
			return strings.ToUpper(strings.Join(parts, "."))
		case 2: // a letter slipped
			b := []byte(id)
			b[r.Intn(len(b))] = "abkx-."[r.Intn(6)]
			return string(b)
		case 3: // a plural
			return id + "s"
		default:
			return makeID()
		}
	}
	checked, reordered := 0, 0
	for range 1500 {
		ids := make([]string, 1+r.Intn(40))
		for i := range ids {
			ids[i] = makeID()
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		for range 10 {
			q := variant(ids[r.Intn(len(ids))])
			if slices.Contains(ids, q) {
				continue
			}
			want := nearestIDUnfiltered(q, ids)
			if got := NearestID(q, ids); got != want {
				t.Fatalf("NearestID(%q, %q) = %q, the unfiltered rule %q", q, ids, got, want)
			}
			checked++
			if want != "" && nearestName(q, ids) == "" {
				reordered++ // named by the word-order rule
			}
		}
	}
	if reordered < checked/20 {
		t.Fatalf("only %d of %d queries named an id by its words in another order: the cases test little", reordered, checked)
	}
	t.Logf("%d queries, %d named by the word-order rule", checked, reordered)
}

// TestNearestIDWordOrderAtTheEdgesOfSameLetters: the word-order rule
// still names what only its words say is the same, where sameLetters
// must not rule it out (the unfiltered rule names the same): capitals at
// both ends of the alphabet, and a letter whose lower case is ASCII though
// it is not ("İ" is "i" to the words, casefold.String, and stays "İ"
// composed, where the Kelvin sign composes to "K"), on either side. A single word with its
// separator moved is no reordering.
func TestNearestIDWordOrderAtTheEdgesOfSameLetters(t *testing.T) {
	cases := []nearestIDCase{
		{"KEEPER.ZOO", []string{"zoo.keeper"}, "zoo.keeper"},
		{"BETA:ALPHA", []string{"alpha-beta"}, "alpha-beta"},
		{"İx.logs", []string{"logs..ix"}, "logs..ix"},
		{"logs..ix", []string{"İx.logs"}, "İx.logs"},
		{"kube.", []string{".kube"}, ""},
	}
	checkNearestIDs(t, cases)
	for _, c := range cases {
		if got := nearestIDUnfiltered(c.id, c.names); got != c.want {
			t.Errorf("the unfiltered rule names %q for %q, not %q", got, c.id, c.want)
		}
	}
}

// TestSameLettersRulesOutOtherLetters: sameLetters, which spares the
// word-order rule the splitting of most ids, rules out an id whose letters
// differ even where a separator stands in for the letter, whichever side
// holds it; case and the separators themselves are no difference.
func TestSameLettersRulesOutOtherLetters(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"a.b", "axb", false},
		{"axb", "a.b", false},
		{"kube.logs", "LOGS_KUBE", true},
		{"aab.b", "ab-ab", true},
		{"aab.b", "ab-bb", false},
		{"zoo.keeper", "KEEPER:ZOO", true},
	} {
		if got := sameLetters(tt.a, tt.b); got != tt.want {
			t.Errorf("sameLetters(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
