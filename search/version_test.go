package search

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestVersionRun: a release's number is found whole, with its "v" and
// its pre-release or build suffix, and a decimal, an address or digits
// inside a word are not.
func TestVersionRun(t *testing.T) {
	for _, tt := range []struct {
		in   string
		i, j int
	}{
		{"2.4.0", 0, 5},
		{"tag v2.4.0 now", 4, 10},
		{"V3.6", 0, 4},
		{"from v2.4.0-rc.1 to", 5, 16},
		{"prepare 2.5.0-beta.1.", 8, 20}, // the full stop ends the sentence
		{"1.2+build.5", 0, 11},
		{"2.4-rc1", 0, 7},
		{"v2.4-beta", 0, 9},
		{"a 2.5-second delay", -1, -1}, // a decimal and its unit
		{"3.5-inch+", -1, -1},
		{"git tag -m 'Release 2.4.0'", 20, 25}, // a quote closed
		{"pin '2.4.0' and \u20182.4.1\u2019", 5, 10},
		{"tag 'v2.4.0'", 5, 11},
		{"x'v2.4.0 x\u2019v2.4.0", -1, -1},    // "xv2" is one word
		{"\u06f2.\u06f4.\u06f0", 0, 8},        // Persian digits, read as "2", "4", "0"
		{"v\u0662.\u0664 x", 0, 6},            // Arabic-Indic
		{"\u0968.\u096a.\u0966x", -1, -1},     // Devanagari, a letter after
		{"\u0e51\u0e59.\u0e59\u0e50", -1, -1}, // Thai, two groups
		{"2.4.0.\u0628 2.4.0.\u0665", -1, -1}, // a dot before an Arabic letter, a fourth group
		{"2.4.0'x", -1, -1},
		{"users on ^2.4.0", 10, 15},
		{">=2.3.0 <2.4.0", 2, 7},
		{"release/2.4.0", 8, 13},
		{"@acme/sdk@2.4.1", 10, 15},
		{"acme/capctl:2.4.0", 12, 17},
		{"“v2.4.0”", 3, 9},
		{"what's blocking 2.4.0?", 16, 21},
		{"19.90", -1, -1},         // a price, or
		{"python 3.12", -1, -1},   // a decimal
		{"10.40.3.17", -1, -1},    // an address
		{"1.2.3.4", -1, -1},       // nor any three of its groups
		{"python3.11.2", -1, -1},  // digits of a word
		{"2.4.0x", -1, -1},        // a letter joins them to more
		{"2.4.0.x", -1, -1},       // and so does a dot before one
		{"2.4.0_a", -1, -1},       // an identifier's
		{"rc.1.2.3", -1, -1},      // a dot before it
		{"v2", -1, -1},            // no group after a dot
		{"2.4.0\u00b2", -1, -1},   // "²" is "2" in NFKC
		{"v2.4.0\u2019s", -1, -1}, // the apostrophe joins "s"
		{"a 19.90 and 2.4.0", 12, 17},
		{"2.4.0--rc", 0, 5},              // a separator no word follows starts no suffix
		{"2.4--1", -1, -1},               // so two groups are alone
		{"2.4-beta-1", 0, 10},            // a "-" within the suffix
		{"1.2.3-rc.1+build.5", 0, 18},    // a build after a pre-release
		{"tag'2.4.0", 4, 9},              // an apostrophe joins no word to a digit
		{"'v2.4.0'", 1, 7},               // nor at the start of the text
		{"2.4.0-rc.\u0661", -1, -1},      // a dot before a digit of another script
		{"tag \u20182.4.1\u2019", 7, 12}, // typographic quotes: a closing one ends it
		{"\u2019v2.4.0\u2019", 3, 9},     // and starts it, opening the text
	} {
		if i, j := versionRun(tt.in); i != tt.i || j != tt.j {
			t.Errorf("versionRun(%q) = %d, %d, want %d, %d", tt.in, i, j, tt.i, tt.j)
		}
	}
}

// TestQueryTokensVersions: the words of a version string are asides
// whatever the cards hold, beside identifiers that are asides only when
// the cards do not hold them.
func TestQueryTokensVersions(t *testing.T) {
	var s scratch
	for _, held := range []bool{false, true} {
		for _, tt := range []struct {
			in    string
			raw   []string
			aside []bool
		}{
			{"make a draft prerelease for v2.4.0-rc.1", []string{"make", "a", "draft", "prerelease", "for", "v2", "4", "0", "rc", "1"},
				[]bool{false, false, false, false, false, true, true, true, true, true}},
			{"refund 19.90", []string{"refund", "19", "90"}, []bool{false, false, false}},
			{"release \u06f2.\u06f4.\u06f0", []string{"release", "2", "4", "0"}, []bool{false, true, true, true}},
			{"tag -m 'Release 2.4.0'", []string{"tag", "m", "release", "2", "4", "0"}, []bool{false, false, false, true, true, true}},
			{"add a 2.5-second delay", []string{"add", "a", "2", "5", "second", "delay"}, []bool{false, false, false, false, false, false}},
			{"ping 10.40.3.17", []string{"ping", "10", "40", "3", "17"}, []bool{false, false, false, false, false}},
			{"bump 2.3.1 to 2.3.2", []string{"bump", "2", "3", "1", "to", "2", "3", "2"}, []bool{false, true, true, true, false, true, true, true}},
		} {
			s.queryTokens(tt.in, func(string) bool { return held })
			if !slices.Equal(s.raw, tt.raw) || !slices.Equal(s.aside, tt.aside) {
				t.Errorf("held %v: queryTokens(%q) = %q %v, want %q %v", held, tt.in, s.raw, s.aside, tt.raw, tt.aside)
			}
		}
	}
}

// TestQueryTokensVersionBesideIdentifier: a version and an identifier in
// one stretch of text are each read as what they are, in either order:
// the version's words an aside whatever the cards hold, the identifier's
// an aside only when the cards do not hold it.
func TestQueryTokensVersionBesideIdentifier(t *testing.T) {
	var s scratch
	for _, held := range []bool{false, true} {
		ident := !held
		for _, tt := range []struct {
			in    string
			raw   []string
			aside []bool
		}{
			{"v2.4.0 for fraud_screen", []string{"v2", "4", "0", "for", "fraud", "screen"}, []bool{true, true, true, false, ident, ident}},
			{"fraud_screen at v2.4.0", []string{"fraud", "screen", "at", "v2", "4", "0"}, []bool{ident, ident, false, true, true, true}},
			{"fraud_screen v2.4.0 and kube_logs", []string{"fraud", "screen", "v2", "4", "0", "and", "kube", "logs"},
				[]bool{ident, ident, true, true, true, false, ident, ident}},
		} {
			s.queryTokens(tt.in, func(string) bool { return held })
			if !slices.Equal(s.raw, tt.raw) || !slices.Equal(s.aside, tt.aside) {
				t.Errorf("held %v: queryTokens(%q) = %q %v, want %q %v", held, tt.in, s.raw, s.aside, tt.raw, tt.aside)
			}
		}
	}
}

// TestSearchVersionIsNoWordOfTheNeed: the numbers of the release a
// request names do not put a card that happens to hold them (a version
// bump's "go from rc.1 to rc.2", "set the version to 3.0.0") above the
// card of what it asks for. On the release team's cards, each of these
// was second or fourth when "2", "4", "0", "rc" and "1" weighed as words.
func TestSearchVersionIsNoWordOfTheNeed(t *testing.T) {
	ix := Build(loadCardSet(t, filepath.Join(teamSetsDir, "docs")))
	for _, tt := range []struct{ intent, want string }{
		{"make a draft prerelease for v2.4.0-rc.1", "gh.release"},
		{"what's still blocking 2.4.0?", "train.status"},
	} {
		if rs := ix.Search(Query{Intent: tt.intent, Limit: 3}); len(rs) == 0 || rs[0].ID != tt.want {
			t.Errorf("Search(%q) = %v, want %s first", tt.intent, rs, tt.want)
		}
	}
}

// versionPattern is a version string's text at the start of s, as
// versionRun reads it: a "v", groups of digits, then a pre-release and a
// build suffix.
var versionPattern = regexp.MustCompile(`^([vV]?)\p{Nd}+((?:\.\p{Nd}+)+)(-[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*)?(\+[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*)?`)

// versionModel is versionRun written plainly: each start in order, at a
// word edge (versionStarts), the text of a version there (versionPattern),
// two or three groups of digits, a word edge after it (versionEnds), and a "v" or a
// suffix with a digit to two groups.
func versionModel(s string) (int, int) {
	for i := 0; i < len(s); i++ {
		if !versionStarts(s, i) {
			continue
		}
		m := versionPattern.FindStringSubmatchIndex(s[i:])
		if m == nil {
			continue
		}
		groups := 1
		for _, c := range s[i+m[4] : i+m[5]] {
			if c == '.' {
				groups++
			}
		}
		j := i + m[1]
		if groups > 3 {
			continue
		}
		if !versionEnds(s, j) {
			continue
		}
		if groups == 2 && m[3] == m[2] && !strings.ContainsAny(s[i+m[5]:j], "0123456789") {
			continue
		}
		return i, j
	}
	return -1, -1
}

// FuzzVersionRun: versionRun finds the first version string its model
// does (versionModel), each start tried, so that skipping past a run it
// turned down never skips a version inside it, and its bounds are word
// edges with two or three groups of digits between.
func FuzzVersionRun(f *testing.F) {
	for _, s := range []string{"v2.4.0-rc.1 x", "x 1.2.3.4 v1.2", "1.2.3-1.2.3_ 2.4.0", "19.90 v3.6", "1.2+b-c.d+e",
		"a1.2.3 ^2.4.0", "2.4.x >=2.3.0 <3", "dev2.4.0 go1.22.3 node@20.1.0", "1.2.3. 1.2.3- 2.4.0\u2019s", "\u0662.\u0664.\u0660"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, j := versionRun(s)
		if mi, mj := versionModel(s); i != mi || j != mj {
			t.Fatalf("versionRun(%q) = %d, %d, its model %d, %d", s, i, j, mi, mj)
		}
	})
}

// TestSearchDecimalAndUnitIsNoVersion: "2.5-second" is a decimal and its
// unit, whose word is what the request asks for; read as a version,
// "second" weighed as an aside and a card of minutes that shares more of
// the other words came first.
func TestSearchDecimalAndUnitIsNoVersion(t *testing.T) {
	ix := Build([]Card{
		{ID: "delay.seconds", Summary: "Wait some seconds between retries", IntentPhrases: []string{"retry after a delay of seconds"}},
		{ID: "delay.minutes", Summary: "Wait some minutes between retries, with a backoff", IntentPhrases: []string{"retry after a delay of minutes", "add a backoff delay between retries"}},
	})
	for _, intent := range []string{"add a 2.5-second delay between retries", "add a 2.5 second delay between retries"} {
		if rs := ix.Search(Query{Intent: intent, Limit: 2}); len(rs) == 0 || rs[0].ID != "delay.seconds" {
			t.Errorf("Search(%q) = %v, want delay.seconds first", intent, rs)
		}
	}
}

// TestSearchVersionTellsCardsApart: where the release a request names is
// what tells two cards apart, its words, weighed as an aside, still do.
func TestSearchVersionTellsCardsApart(t *testing.T) {
	ix := Build([]Card{
		{ID: "py312", Summary: "Upgrade the build image to Python 3.12.1", IntentPhrases: []string{"upgrade to Python 3.12.1", "move the runtime to 3.12.1"}},
		{ID: "py311", Summary: "Upgrade the build image to Python 3.11.4", IntentPhrases: []string{"upgrade to Python 3.11.4", "move the runtime to 3.11.4"}},
		{ID: "pyup", Summary: "Upgrade Python packages in the build image", IntentPhrases: []string{"upgrade python packages"}},
	})
	for _, tt := range []struct{ intent, want string }{
		{"upgrade python to 3.12.1", "py312"},
		{"upgrade python to 3.11.4", "py311"},
		{"move the runtime to v3.11.4", "py311"},
	} {
		if rs := ix.Search(Query{Intent: tt.intent, Limit: 3}); len(rs) == 0 || rs[0].ID != tt.want {
			t.Errorf("Search(%q) = %v, want %s first", tt.intent, rs, tt.want)
		}
	}
}
