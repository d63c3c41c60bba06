package search

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
)

// testCards is a small hand-made corpus for behavioural tests.
func testCards() []Card {
	return []Card{
		{
			ID: "afplay", Command: "afplay <path/to/file>", Summary: "Command-line audio player.",
			IntentPhrases: []string{"Play a sound file (waits until playback ends)", "Play a sound file at half speed"},
			Effects:       "Command-line audio player.", Risk: "reversible", Example: "afplay <path/to/file>",
		},
		{
			ID: "git-worktree-remove", Command: "git worktree remove <path>", Summary: "Remove a git worktree.",
			IntentPhrases: []string{"Remove a worktree and delete its directory", "Force removal of a dirty worktree"},
			Replaces:      []string{"git worktree remove .*", "rm -rf <dir>"},
			Effects:       "Deletes the worktree directory.", Risk: "destructive", Example: "git worktree remove ../wt",
		},
		{
			ID: "git-status-short", Command: "git status -s", Summary: "Show the working tree status briefly.",
			IntentPhrases: []string{"Show changed files in short format"},
			Replaces:      []string{"git status"},
			Effects:       "Reads the repository state.", Risk: "reversible", Example: "git status -s",
		},
		{
			ID: "dtrace", Command: "dtrace -n <probe>", Summary: "Dynamic tracing framework.",
			IntentPhrases: []string{"Count system calls by process name", "Run a script of probes"},
			Replaces:      []string{"status", "bad(regex", "kill -9 <pid> <signal>"},
			Effects:       "Observes the kernel.", Risk: "reversible", Example: "dtrace -n 'syscall:::entry'",
		},
		{
			ID: "pkg-remove", Command: "pkg remove <package>", Summary: "Remove installed packages.",
			IntentPhrases: []string{"Remove a package", "Remove a package and its dependencies"},
			Effects:       "Uninstalls software.", Risk: "destructive", Example: "pkg remove vim",
		},
	}
}

func ids(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.ID
	}
	return out
}

// checkFirst fails t unless ix finds want first for intent or, where want
// is "", finds nothing.
func checkFirst(t *testing.T, ix *Index, intent, want string) {
	t.Helper()
	got := ids(ix.Search(Query{Intent: intent}))
	switch {
	case want == "" && len(got) != 0:
		t.Errorf("Search(%q) = %v, want nothing", intent, got)
	case want != "" && (len(got) == 0 || got[0] != want):
		t.Errorf("Search(%q) = %v, want %s first", intent, got, want)
	}
}

// checkOnly fails t unless want is all ix finds for intent.
func checkOnly(t *testing.T, ix *Index, intent, want string) {
	t.Helper()
	if got := ids(ix.Search(Query{Intent: intent})); !slices.Equal(got, []string{want}) {
		t.Errorf("Search(%q) = %v, want [%s]", intent, got, want)
	}
}

// TestSearchRanksObviousMatchFirst: intents that plainly describe one card
// (by phrase, id part, backticked command or with a typo) rank it first.
func TestSearchRanksObviousMatchFirst(t *testing.T) {
	ix := Build(testCards())
	tests := []struct{ intent, want string }{
		{"play an audio file", "afplay"},
		{"delete a git worktree", "git-worktree-remove"},
		{"`afplay` something", "afplay"},
		{"trace system calls", "dtrace"}, // "trace" is only inside the id "dtrace"
		{"uninstall dependencies of a package", "pkg-remove"},
		{"playbak speed", "afplay"}, // typo one edit from "playback"
	}
	for _, tt := range tests {
		t.Run(tt.intent, func(t *testing.T) {
			rs := ix.Search(Query{Intent: tt.intent})
			if len(rs) == 0 || rs[0].ID != tt.want {
				t.Fatalf("Search(%q) = %v, want %s first", tt.intent, ids(rs), tt.want)
			}
			if rs[0].Card < 0 || rs[0].Card >= ix.Len() || testCards()[rs[0].Card].ID != rs[0].ID {
				t.Errorf("Result.Card %d does not point at %s", rs[0].Card, rs[0].ID)
			}
		})
	}
}

// TestSearchShortWordSwapped: a word under five letters is not corrected
// by any edit (too many neighbours), but in one of four, two neighbouring
// letters swapped are ("paeg" for "page"). Before, such a word was unknown, and the intent
// found what its other words said, or nothing.
func TestSearchShortWordSwapped(t *testing.T) {
	cards := append(testCards(), Card{
		ID: "man-page", Command: "man <topic>", Summary: "Open a manual page.",
		IntentPhrases: []string{"Read the manual of a command"}, Risk: "reversible", Example: "man ls",
	}, Card{
		ID: "touch-file", Command: "touch <path>", Summary: "Create an empty file.",
		IntentPhrases: []string{"Make a new empty file"}, Risk: "reversible", Example: "touch notes.txt",
	})
	ix := Build(cards)
	for intent, want := range map[string]string{
		"paeg":           "man-page",
		"open a paeg":    "man-page",
		"new emtpy fiel": "touch-file",
	} {
		checkFirst(t, ix, intent, want)
	}
	// A swap that makes a stop word, or no term, adds nothing.
	checkFirst(t, ix, "teh", "")
}

// TestSearchThreeLettersNotSwapped: a word of three letters is not
// corrected by a swap either. Most such words of a request are acronyms
// and tool names ("aks", "lts", "dsn", "otp", "cal"), and a swap changes
// two of their three letters into another of them: "lts" found the TLS
// card, "cal" the ACL one, and "aks" (Azure's Kubernetes) the card that
// asks a question, for intents no card answers.
func TestSearchThreeLettersNotSwapped(t *testing.T) {
	cards := append(testCards(), Card{
		ID: "cert-check", Command: "cert-check <host>", Summary: "Check when a host's TLS certificate expires.",
		IntentPhrases: []string{"Is the tls certificate still valid"}, Risk: "read-only", Example: "cert-check api.example.com",
	}, Card{
		ID: "set-acl", Command: "setfacl -m <entry> <path>", Summary: "Grant a user access to a file by an ACL entry.",
		IntentPhrases: []string{"Change the acl of a file"}, Risk: "reversible", Example: "setfacl -m u:ann:r notes.txt",
	}, Card{
		ID: "ask", Command: "ask <question>", Summary: "Ask the team a question in chat.",
		IntentPhrases: []string{"Ask a question"}, Risk: "reversible", Example: "ask 'who owns the api?'",
	})
	ix := Build(cards)
	for _, intent := range []string{"lts", "cal", "aks"} {
		checkFirst(t, ix, intent, "") // no card names it
	}
	if rs := ix.Search(Query{Intent: "install the node lts"}); slices.Contains(ids(rs), "cert-check") {
		t.Errorf("Search(%q) = %v, want no cert-check: lts is no typo of tls", "install the node lts", ids(rs))
	}
}

// TestSearchDigitsNotSwapped: two neighbouring digits swapped make
// another number, not a misspelt word: a port, a year or a version the
// cards do not name is no typo of one they do ("8008" found the card of
// port 8080, "3360" MySQL's of 3306).
func TestSearchDigitsNotSwapped(t *testing.T) {
	cards := append(testCards(), Card{
		ID: "proxy-up", Command: "proxy-up", Summary: "Start the dev proxy on port 8080.",
		IntentPhrases: []string{"Start the proxy on 8080"}, Risk: "reversible", Example: "proxy-up",
	}, Card{
		ID: "mysql", Command: "mysql -h <host> -P 3306", Summary: "Open a MySQL shell on port 3306.",
		IntentPhrases: []string{"Connect to the database"}, Risk: "read-only", Example: "mysql -h db -P 3306",
	})
	ix := Build(cards)
	for _, intent := range []string{"8008", "3360"} {
		checkFirst(t, ix, intent, "") // no card names that number
	}
	// Letters are still swapped: "prot" is "port", which both cards say.
	if rs := ix.Search(Query{Intent: "prot"}); len(rs) < 2 {
		t.Errorf("Search(%q) = %v, want both cards of a port", "prot", ids(rs))
	}
}

// TestSearchTypoThatStemsOtherwise: a typo may change what the stemmer
// cuts, so that the stem of the word typed is two edits from the term
// ("depoly" stems to "depoli", "deploy" to itself): the word as typed is
// corrected too, against the terms and against the cards' words as
// written. Before, such an intent found nothing, or another card.
func TestSearchTypoThatStemsOtherwise(t *testing.T) {
	cards := append(testCards(), Card{
		ID: "deploy-web", Command: "bin/deploy-web <env>", Summary: "Deploy the web app to an environment.",
		IntentPhrases: []string{"Ship the site to staging"}, Risk: "destructive", Example: "bin/deploy-web staging",
	})
	cards = append(cards, Card{
		ID: "cert-renew", Command: "bin/cert-renew <domain>", Summary: "Renew the TLS certificate of a domain.",
		IntentPhrases: []string{"Get a fresh certificate before it expires"}, Risk: "reversible", Example: "bin/cert-renew example.com",
	}, Card{
		ID: "i18n-extract", Command: "bin/i18n-extract", Summary: "Extract the strings to translate.",
		IntentPhrases: []string{"Add translations for a new language"}, Risk: "reversible", Example: "bin/i18n-extract",
	})
	ix := Build(cards)
	for intent, want := range map[string]string{
		// One edit from the word, two from the term: the stem of the
		// typo is cut elsewhere ("certfic", "trnslat"), and so is the
		// word's ("certif", "translat").
		"the certficate": "cert-renew",
		"trnslations":    "i18n-extract",
	} {
		checkFirst(t, ix, intent, want)
	}
	for _, intent := range []string{"depoly", "depoly the web app"} {
		checkFirst(t, ix, intent, "deploy-web")
	}
}

// TestSearchSortedByScore: results are in descending score, ties by id.
func TestSearchSortedByScore(t *testing.T) {
	ix := Build(testCards())
	rs := ix.Search(Query{Intent: "remove package file worktree"})
	if len(rs) < 2 {
		t.Fatalf("want several results, got %v", ids(rs))
	}
	for i := 1; i < len(rs); i++ {
		a, b := rs[i-1], rs[i]
		if a.Score < b.Score || (a.Score == b.Score && a.ID > b.ID) {
			t.Errorf("results out of order at %d: %s %.4f then %s %.4f", i, a.ID, a.Score, b.ID, b.Score)
		}
	}
}

// TestSearchMatched: Matched lists the best phrase verbatim first, then the
// other matching ones, and names id and command when the intent is the id.
func TestSearchMatched(t *testing.T) {
	ix := Build(testCards())
	rs := ix.Search(Query{Intent: "play a sound file at half speed"})
	if len(rs) == 0 || rs[0].ID != "afplay" {
		t.Fatalf("got %v", ids(rs))
	}
	m := rs[0].Matched
	if len(m) == 0 || m[0] != "Play a sound file at half speed" {
		t.Errorf("Matched = %q, want the best phrase verbatim first", m)
	}
	if !slices.Contains(m, "Play a sound file (waits until playback ends)") {
		t.Errorf("Matched = %q, want the other matching phrase too", m)
	}
	rs = ix.Search(Query{Intent: "afplay"})
	if len(rs) == 0 || !slices.Contains(rs[0].Matched, "id") || !slices.Contains(rs[0].Matched, "command") {
		t.Errorf("Matched for an id query = %v", rs)
	}
}

// Matched names each phrase or field once, at its best contribution: a
// card may repeat a phrase, and "id" comes from the id and its parts.
func TestSearchMatchedListsEachOnce(t *testing.T) {
	c := manyPhrasesCard(3)
	c.ID = "run-as-root"
	c.IntentPhrases = append(c.IntentPhrases, "run a command as root", "run a command as root")
	ix := Build([]Card{c})
	for _, q := range []string{"run a command as root", "run-as-root"} {
		rs := ix.Search(Query{Intent: q})
		if len(rs) != 1 {
			t.Fatalf("%q: got %v", q, ids(rs))
		}
		m := rs[0].Matched
		seen := map[string]bool{}
		for _, name := range m {
			if seen[name] {
				t.Errorf("%q: Matched = %q lists %q twice", q, m, name)
			}
			seen[name] = true
		}
	}
	if m := ix.Search(Query{Intent: "run a command as root"})[0].Matched; !slices.Contains(m, "run a command as root") {
		t.Errorf("Matched = %q, want the repeated phrase", m)
	}
}

// TestSearchRiskFilter: a risk in the query keeps only the cards of that
// risk; no risk keeps all.
func TestSearchRiskFilter(t *testing.T) {
	ix := Build(testCards())
	tests := []struct {
		risk string
		want []string // the set of ids allowed
	}{
		{"", nil},
		{"reversible", []string{"afplay", "git-status-short", "dtrace"}},
		{"destructive", []string{"git-worktree-remove", "pkg-remove"}},
	}
	for _, tt := range tests {
		t.Run(tt.risk, func(t *testing.T) {
			rs := ix.Search(Query{Intent: "remove play show count worktree package", Risk: tt.risk})
			if len(rs) == 0 {
				t.Fatal("no results")
			}
			for _, r := range rs {
				if tt.want != nil && !slices.Contains(tt.want, r.ID) {
					t.Errorf("risk %q returned %s", tt.risk, r.ID)
				}
			}
		})
	}
	if rs := ix.Search(Query{Intent: "remove", Risk: "catastrophic"}); rs != nil {
		t.Errorf("unknown risk filter returned %v, want nil", ids(rs))
	}
}

// TestSearchLimit: a limit of 0 or below means 10, and any other is obeyed up
// to the number of matching cards.
func TestSearchLimit(t *testing.T) {
	var cards []Card
	for i := range 30 {
		cards = append(cards, Card{ID: fmt.Sprintf("tool-%02d", i), Summary: "Compress files.", Risk: "reversible"})
	}
	ix := Build(cards)
	tests := []struct{ limit, want int }{{0, 10}, {-3, 10}, {1, 1}, {7, 7}, {25, 25}, {500, 30}}
	for _, tt := range tests {
		if got := len(ix.Search(Query{Intent: "compress", Limit: tt.limit})); got != tt.want {
			t.Errorf("Limit %d: %d results, want %d", tt.limit, got, tt.want)
		}
	}
}

// TestSearchEmptyQuery: intents with no indexable or known word, and any
// search of an empty index, find nothing (nil).
func TestSearchEmptyQuery(t *testing.T) {
	ix := Build(testCards())
	for _, intent := range []string{"", "   ", "the and of", "!!! ``", "a", "zzzzqqq"} {
		if rs := ix.Search(Query{Intent: intent}); rs != nil {
			t.Errorf("Search(%q) = %v, want nil", intent, ids(rs))
		}
	}
	empty := Build(nil)
	if empty.Len() != 0 || empty.Search(Query{Intent: "play"}) != nil {
		t.Error("empty index should find nothing")
	}
}

// TestSearchTiesSortedByID: identical cards score the same and come in id
// order, whatever the limit cuts.
func TestSearchTiesSortedByID(t *testing.T) {
	// Identical cards score identically; the order must then be by ID.
	var cards []Card
	for _, id := range []string{"zeta", "alpha", "mu", "beta", "omega", "gamma"} {
		cards = append(cards, Card{ID: id, Summary: "Rotate log files.", IntentPhrases: []string{"Rotate logs"}})
	}
	ix := Build(cards)
	for _, limit := range []int{2, 3, 10} {
		rs := ix.Search(Query{Intent: "rotate logs", Limit: limit})
		want := []string{"alpha", "beta", "gamma", "mu", "omega", "zeta"}[:min(limit, 6)]
		if got := ids(rs); !slices.Equal(got, want) {
			t.Errorf("limit %d: got %v, want %v", limit, got, want)
		}
		for _, r := range rs {
			if r.Score != rs[0].Score {
				t.Errorf("scores differ: %v", rs)
			}
		}
	}
}

// TestSearchTiesOfOneIDInGivenOrder: cards of one id whose scores tie,
// as results give them, come in the order they were given to Build, at
// every limit, so that a list is the start of any longer one for them too.
// Ties were broken by comparing ids, which left the order of the cards of
// one id to sort.Slice and selectTop's heap: the second "VPN" given was
// second at a limit of 7 and first at 40, and of 120 copies of a card
// under three ids a limit of one gave the 55th. (Validation refuses two
// cards of one id, card-duplicate-id, but Build takes them.)
func TestSearchTiesOfOneIDInGivenOrder(t *testing.T) {
	vpn := []Card{
		{ID: "VPN", Summary: "under", Replaces: []string{"pptview"}, Example: "image,, wildcard, specify."},
		{ID: "VPN", Example: "computer Octopus mode,while kernelmanagerdattached \\"},
		{ID: "c002-([a]sk,", Command: "(panic Event parental", Summary: "the [`]Set-Location`", Replaces: []string{"", "keychains"}, Effects: "swipe--force presentations. human-readableit VPN"},
	}
	var copies []Card
	for i := range 120 {
		copies = append(copies, Card{
			ID:            fmt.Sprintf("d%d", i%3),
			Summary:       "Rotate the log files.",
			IntentPhrases: []string{"rotate logs", "archive old logs"},
		})
	}
	var copiesWant []int // the d0 in the order given, then the d1, then the d2
	for id := range 3 {
		for i := id; i < len(copies); i += 3 {
			copiesWant = append(copiesWant, i)
		}
	}
	for _, tt := range []struct {
		name   string
		cards  []Card
		intent string
		want   []int // Result.Card, at a limit of 100
	}{
		{"equal once rounded", vpn, "VPN", []int{0, 1, 2}},
		{"copies under three ids", copies, "rotate logs", copiesWant[:100]},
	} {
		ix := Build(tt.cards)
		for _, limit := range []int{1, 2, 7, 40, 100} {
			var got []int
			for _, r := range ix.Search(Query{Intent: tt.intent, Limit: limit}) {
				got = append(got, r.Card)
			}
			if want := tt.want[:min(limit, len(tt.want))]; !slices.Equal(got, want) {
				t.Errorf("%s, limit %d: cards %v, want %v", tt.name, limit, got, want)
			}
		}
	}
}

// TestBuildCopiesCards: the index keeps its own copy of the cards, so a
// caller changing its slice after Build changes no result.
func TestBuildCopiesCards(t *testing.T) {
	cards := testCards()
	ix := Build(cards)
	cards[0].IntentPhrases[1] = "changed"
	cards[0].ID = "changed"
	rs := ix.Search(Query{Intent: "half speed"})
	if len(rs) == 0 || rs[0].ID != "afplay" || !slices.Contains(rs[0].Matched, "Play a sound file at half speed") {
		t.Errorf("index changed with the caller's slice: %v", rs)
	}
}

// TestSearchConcurrent: concurrent searches of one index give the results of
// sequential ones (run with -race to check for shared scratch state).
func TestSearchConcurrent(t *testing.T) {
	ix := Build(testCards())
	intents := []string{"play an audio file", "delete a git worktree", "trace system calls", "remove package", "the"}
	want := make([][]string, len(intents))
	for i, in := range intents {
		want[i] = ids(ix.Search(Query{Intent: in}))
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				k := (g + i) % len(intents)
				if got := ids(ix.Search(Query{Intent: intents[k]})); !slices.Equal(got, want[k]) {
					t.Errorf("concurrent Search(%q) = %v, want %v", intents[k], got, want[k])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// A tool is found by the raw command it supersedes: an agent may describe
// its need by what it was about to type.
func TestSearchFindsReplacedCommands(t *testing.T) {
	cards := []Card{
		{ID: "clean-build", Summary: "Remove build outputs", Replaces: []string{"rm -rf build/ dist/"}},
		{ID: "deploy", Summary: "Ship the service", Replaces: []string{"kubectl apply -f k8s/"}},
	}
	for i := range 100 { // filler so that the words are rare
		cards = append(cards, Card{ID: fmt.Sprintf("filler%02d", i), Summary: fmt.Sprintf("word%02d thing%02d", i, i)})
	}
	rs := Build(cards).Search(Query{Intent: "kubectl apply"})
	if len(rs) == 0 || rs[0].ID != "deploy" || !slices.Contains(rs[0].Matched, "replaces") {
		t.Errorf("Search(kubectl apply) = %+v, want deploy, matched on replaces", rs)
	}
}

// TestSearchPutsNamedCommandsFirst: the cards the caller found replacing a
// command the intent names (Query.Commands) rank first, in the order
// given, with "replaces" first among what they matched; of another risk
// than asked for, they are left out. Without them, other cards sharing
// the command's words outranked the card that replaces it verbatim.
func TestSearchPutsNamedCommandsFirst(t *testing.T) {
	cards := []Card{
		{ID: "tf-apply", Summary: "Apply the terraform plan", IntentPhrases: []string{"apply infrastructure changes", "apply the plan"}, Risk: "destructive"},
		{ID: "k8s-delete", Summary: "Delete kubectl resources from a file", IntentPhrases: []string{"kubectl delete -f k8s", "remove resources in k8s"}, Risk: "destructive"},
		{ID: "deploy-staging", Summary: "Ship to staging", Replaces: []string{"kubectl apply -f k8s/"}, Risk: "reversible"},
		{ID: "other", Summary: "Something else entirely", Risk: "reversible"},
	}
	ix := Build(cards)
	intent := "kubectl apply -f k8s/"
	before := ids(ix.Search(Query{Intent: intent}))
	if len(before) > 0 && before[0] == "deploy-staging" {
		t.Fatalf("the cards no longer show the case: without Commands, %v", before)
	}
	rs := ix.Search(Query{Intent: intent, Commands: []int{2, 3}})
	if got := ids(rs); len(got) < 3 || got[0] != "deploy-staging" || got[1] != "other" {
		t.Fatalf("Search(%q, Commands deploy-staging, other) = %v, want them first, in that order", intent, got)
	}
	if rs[0].Matched[0] != "replaces" || rs[0].Score <= rs[1].Score || rs[1].Score <= rs[2].Score {
		t.Errorf("results %+v: want replaces matched first and scores descending", rs)
	}
	if got := ids(ix.Search(Query{Intent: intent, Commands: []int{2}, Risk: "destructive"})); slices.Contains(got, "deploy-staging") {
		t.Errorf("Risk destructive returned the reversible deploy-staging: %v", got)
	}
	if got := ids(ix.Search(Query{Intent: intent, Commands: []int{2}, Limit: 1})); len(got) != 1 || got[0] != "deploy-staging" {
		t.Errorf("Limit 1 = %v, want deploy-staging", got)
	}
}

// A card named twice among the commands (Query.Commands) is one result,
// where it was first named, and the scores of those named step by e.
func TestSearchNamedCommandsOnce(t *testing.T) {
	ix := Build([]Card{{ID: "a"}, {ID: "b"}, {ID: "c"}})
	tests := []struct {
		commands []int
		want     []string
	}{
		{[]int{0, 0}, []string{"a"}},
		{[]int{1, 0, 1, 0}, []string{"b", "a"}},
		{[]int{2, -1, 2, 3, 1}, []string{"c", "b"}},
	}
	for _, tt := range tests {
		rs := ix.Search(Query{Intent: "list", Commands: tt.commands})
		if got := ids(rs); !slices.Equal(got, tt.want) {
			t.Errorf("Commands %v = %v, want %v", tt.commands, got, tt.want)
			continue
		}
		for i := 1; i < len(rs); i++ {
			if r := rs[i-1].Score / rs[i].Score; math.Abs(r-math.E) > 1e-5 {
				t.Errorf("Commands %v: scores %+v, want each e above the next", tt.commands, rs)
			}
		}
	}
}

// A zero or nil Index is one of no cards: it matches nothing, as Len says
// (a nil one is what an embedding program holds before its first build).
func TestSearchZeroIndex(t *testing.T) {
	var zero Index
	for _, ix := range []*Index{&zero, nil} {
		for _, q := range []Query{{Intent: "list"}, {Intent: "a", Commands: []int{0}}, {Intent: ""}, {Intent: "x", Risk: "destructive"}} {
			if rs := ix.Search(q); rs != nil || ix.Len() != 0 {
				t.Errorf("Index %p: Search(%+v) = %v, Len %d; want nil, 0", ix, q, rs, ix.Len())
			}
		}
	}
}

// TestSearchIDParts: query words found only as parts of a card's id (power,
// metrics in powermetrics) rank it first, matched on "id".
func TestSearchIDParts(t *testing.T) {
	ix := Build([]Card{
		{ID: "powermetrics", Summary: "Show energy statistics."},
		{ID: "iostat", Summary: "Print metrics for disks."},
		{ID: "upsc", Summary: "Print the power supply model."},
	})
	// Only the id "powermetrics" holds both "power" and "metric".
	rs := ix.Search(Query{Intent: "power metrics"})
	if len(rs) != 3 || rs[0].ID != "powermetrics" || !slices.Equal(rs[0].Matched, []string{"id"}) {
		t.Errorf("Search(power metrics) = %+v, want powermetrics first, matched on id", rs)
	}
}

// TestSearchCooccurrenceExpansion: a word described together with another by
// several cards reaches a card holding only the other, ranked below direct
// matches.
func TestSearchCooccurrenceExpansion(t *testing.T) {
	// "wifi" and "network" are described together by two cards, so a query
	// for "wifi" also reaches a card that only says "network".
	cards := []Card{
		{ID: "airport", IntentPhrases: []string{"Scan wifi networks", "Join a network"}},
		{ID: "wdutil", IntentPhrases: []string{"Diagnose wifi", "Show network info"}},
		{ID: "netstat", IntentPhrases: []string{"List network sockets"}},
	}
	for i := range 60 { // filler so that "network" is not a very common term
		cards = append(cards, Card{ID: fmt.Sprintf("filler%02d", i), Summary: fmt.Sprintf("word%02d thing%02d", i, i)})
	}
	rs := Build(cards).Search(Query{Intent: "wifi"})
	if got := ids(rs); !slices.Contains(got, "netstat") || got[len(got)-1] != "netstat" {
		t.Errorf("Search(wifi) = %v, want netstat reached by expansion, ranked last", got)
	}
}

// FuzzSearch checks that no intent makes Search panic, and that results
// stay well-formed (cmdline's fuzzers try command lines).
func FuzzSearch(f *testing.F) {
	for _, s := range []string{"", "play", "[a]ction `x`", "rm -rf /", "git worktree remove", "\xff", "playbak speeed"} {
		f.Add(s)
	}
	ix := Build(testCards())
	f.Fuzz(func(t *testing.T, s string) {
		rs := ix.Search(Query{Intent: s, Limit: 3})
		if len(rs) > 3 {
			t.Fatalf("%d results for limit 3", len(rs))
		}
		for _, r := range rs {
			if r.Card < 0 || r.Card >= ix.Len() || !(r.Score > 0) || math.IsInf(r.Score, 0) {
				t.Fatalf("bad result %+v", r)
			}
		}
	})
}

// TestSearchNgramsMatchPartsOfWords: character n-grams break a whole-word
// tie towards the card whose words share most letters with the query's.
func TestSearchNgramsMatchPartsOfWords(t *testing.T) {
	// Each pair of cards matches the query equally on whole words; only
	// the character n-grams see that a query word shares most of its
	// letters with one card's words. Without them (and without the word
	// vectors of assoc.go, which also put "unmount" near "mount"), the
	// tie goes by id to the other card.
	tests := []struct {
		intent, want, other string
		cards               []Card
	}{
		{
			intent: "screenshot of the display", want: "screencap", other: "avrec",
			cards: []Card{
				{ID: "screencap", Summary: "Capture the display of a device.", IntentPhrases: []string{"Save the display to a file"}},
				{ID: "avrec", Summary: "Record the display of a device.", IntentPhrases: []string{"Save the display to a video"}},
			},
		},
		{
			intent: "unmount the volume", want: "mounter", other: "diskinfo",
			cards: []Card{
				{ID: "diskinfo", Summary: "Volume tool.", IntentPhrases: []string{"Show a volume's size"}},
				{ID: "mounter", Summary: "Volume tool.", IntentPhrases: []string{"Mount a volume's image"}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := ids(Build(tt.cards).Search(Query{Intent: tt.intent})); len(got) != 2 || got[0] != tt.want {
				t.Errorf("Search(%q) = %v, want %s first", tt.intent, got, tt.want)
			}
			p := defaultParams()
			p.ngram = false
			p.featOff[featAssoc] = true
			if got := ids(buildWith(tt.cards, p).Search(Query{Intent: tt.intent})); len(got) != 2 || got[0] != tt.other {
				t.Errorf("without n-grams, Search(%q) = %v, want the tie to go to %s", tt.intent, got, tt.other)
			}
		})
	}
}

// FuzzSearchAfterAnother checks that nothing of one query (pooled score
// arrays, n-gram slots and counts) leaks into the next: a query gives the
// same results after any other as on an index that has answered nothing.
func FuzzSearchAfterAnother(f *testing.F) {
	seeds := []string{"", "unmount the volume", "play a sound file", "remvoe pakcage",
		strings.Repeat("worktree ", 2000), "\xff\xfe", "[a]ction `x` --force", "rm -rf /"}
	for _, a := range seeds {
		for _, b := range seeds[:4] {
			f.Add(a, b)
		}
	}
	cards := testCards()
	used, fresh := Build(cards), Build(cards)
	first := map[string][]Result{}
	f.Fuzz(func(t *testing.T, a, b string) {
		used.Search(Query{Intent: a, Limit: 3})
		got := used.Search(Query{Intent: b, Limit: 3})
		want, ok := first[b]
		if !ok {
			want = fresh.Search(Query{Intent: b, Limit: 3})
			first[b] = want
			fresh = Build(cards) // answered nothing again
		}
		if !slices.EqualFunc(got, want, func(x, y Result) bool {
			return x.ID == y.ID && x.Score == y.Score && slices.Equal(x.Matched, y.Matched)
		}) {
			t.Fatalf("Search(%q) after Search(%q) = %+v, on a fresh index %+v", b, a, got, want)
		}
	})
}

// TestSearchScoresStayFinite: an intent of hundreds of misspelt words keeps
// every score finite and positive (JSON cannot carry +Inf), in score then
// id order.
func TestSearchScoresStayFinite(t *testing.T) {
	// One known word among hundreds of misspelt ones once drove the linear
	// score past e^709: the score was +Inf, which JSON cannot carry.
	// Results far below the best share the smallest score, in id order.
	var words, typos []string
	for i := range 800 {
		words = append(words, fmt.Sprintf("zq%04dxword", i))
		if i < 700 {
			typos = append(typos, fmt.Sprintf("zq%04dxwrod", i))
		}
	}
	cards := append(testCards(),
		Card{ID: "bigtool", Summary: strings.Join(words, " "), IntentPhrases: []string{"check the thing"}},
		Card{ID: "zz-half", Summary: strings.Join(words[:400], " "), IntentPhrases: []string{"check a file"}},
		Card{ID: "zb-check", Summary: "check stuff", IntentPhrases: []string{"check a file"}},
		Card{ID: "aa-check", Summary: "check things", IntentPhrases: []string{"check a file"}})
	ix := Build(cards)
	for _, intent := range []string{
		"check " + strings.Join(typos, " "),       // the rest far below the best: floored, ordered by id
		"check " + strings.Join(typos[:300], " "), // once +Inf
		"check " + strings.Join(typos[:100], " "),
		"check the thing",
	} {
		rs := ix.Search(Query{Intent: intent})
		if len(rs) == 0 {
			t.Fatalf("no result for a %d-byte intent", len(intent))
		}
		for i, r := range rs {
			if math.IsInf(r.Score, 0) || math.IsNaN(r.Score) || r.Score <= 0 {
				t.Errorf("%d-byte intent: result %d (%s) has score %v", len(intent), i, r.ID, r.Score)
			}
			if p := rs[max(i-1, 0)]; i > 0 && (r.Score > p.Score || r.Score == p.Score && r.ID < p.ID) {
				t.Errorf("%d-byte intent: not score descending, then id, at %d: (%s %v) after (%s %v)", len(intent), i, r.ID, r.Score, p.ID, p.Score)
			}
		}
	}
}

// Matched names what of the query a card holds: a unit reached only
// through a co-occurrence expansion of the query is left out when another
// unit holds a query word, and listed when none does.
func TestMatchedLeavesOutExpansionsOnly(t *testing.T) {
	var cards []Card
	for i := range 100 { // filler, so that push and upload are rare enough to expand
		cards = append(cards, Card{ID: fmt.Sprintf("filler-%02d", i), Command: "f", Summary: "Prints a greeting.",
			IntentPhrases: []string{fmt.Sprintf("Greet person number %d", i)}, Risk: "reversible"})
	}
	for _, id := range []string{"sync-a", "sync-b"} { // teach push ~ upload
		cards = append(cards, Card{ID: id, Command: id, Summary: "Mirrors a folder.",
			IntentPhrases: []string{"Push the folder", "Upload the folder"}, Risk: "reversible"})
	}
	cards = append(cards,
		Card{ID: "ship", Command: "ship", Summary: "Uploads artifacts.", IntentPhrases: []string{"Push a release"}, Risk: "reversible"},
		Card{ID: "send", Command: "send", Summary: "Uploads a file.", IntentPhrases: []string{"Send a file"}, Risk: "reversible"})
	ix := Build(cards)
	byID := map[string][]string{}
	for _, r := range ix.Search(Query{Intent: "push", Limit: 10}) {
		byID[r.ID] = r.Matched
	}
	if got := byID["ship"]; !slices.Equal(got, []string{"Push a release"}) {
		t.Errorf("ship Matched = %q, want only the phrase holding push, not the summary that says upload", got)
	}
	if got, ok := byID["send"]; !ok || !slices.Equal(got, []string{"summary"}) {
		t.Errorf("send found %v, Matched = %q, want found by its summary, which is listed", ok, got)
	}
}

// TestSearchIDOfStopWordsByName: an id with no indexable word (a stop word,
// a lone letter) is found when the intent spells it and nothing else, and
// the risk filter still applies.
func TestSearchIDOfStopWordsByName(t *testing.T) {
	cards := append(testCards(),
		Card{ID: "am", Command: "am start", Summary: "Android activity manager.", Risk: "reversible"},
		Card{ID: "where", Command: "where <name>", Summary: "Locate a program on the PATH.", Risk: "reversible"},
		Card{ID: "w", Command: "w", Summary: "Who is logged on.", Risk: "destructive"},
	)
	ix := Build(cards)
	for intent, want := range map[string]string{"am": "am", "Where": "where", "w": "w", " `am` ": "am"} {
		rs := ix.Search(Query{Intent: intent})
		if len(rs) != 1 || rs[0].ID != want || rs[0].Score <= 0 || !slices.Equal(rs[0].Matched, []string{"id"}) {
			t.Errorf("Search(%q) = %+v, want only %s, matched by id", intent, rs, want)
		}
	}
	if rs := ix.Search(Query{Intent: "w", Risk: "reversible"}); rs != nil {
		t.Errorf("Search(w, reversible) = %v, want nil", ids(rs))
	}
	if rs := ix.Search(Query{Intent: "the a"}); rs != nil {
		t.Errorf("Search(the a) = %v, want nil", ids(rs))
	}
}

// TestSearchCamelCaseQuery: an agent names a need by an identifier from
// code; a camel-case word the cards do not hold is searched as its parts,
// and one they hold (or nearly, as a typo) as itself.
func TestSearchCamelCaseQuery(t *testing.T) {
	cards := []Card{
		{ID: "db-rollback", Summary: "Roll back the last database migration.",
			IntentPhrases: []string{"undo a migration", "revert the schema"}, Risk: "destructive"},
		{ID: "port-forward", Summary: "Forward a local port to a cluster service.",
			IntentPhrases: []string{"reach a service from my laptop"}, Risk: "reversible"},
		{ID: "ps-run", Summary: "Run a PowerShell script.",
			IntentPhrases: []string{"run a PowerShell command"}, Risk: "reversible"},
		{ID: "pod-shell", Summary: "Open a shell in a running pod.",
			IntentPhrases: []string{"get a shell in a container", "shell into a pod"}, Risk: "reversible"},
		{ID: "pod-doctor", Summary: "Find out why a pod was killed or keeps crashing.",
			IntentPhrases: []string{"debug a crashing pod"}, Risk: "reversible"},
		{ID: "vm-stop", Summary: "Stop an idle VM.", IntentPhrases: []string{"shut down a vm"}, Risk: "reversible"},
		{ID: "timeout", Summary: "Set the request timeout in ms.", IntentPhrases: []string{"change the timeout"}, Risk: "reversible"},
		{ID: "gpu-usage", Summary: "Show GPU usage per node.", IntentPhrases: []string{"which gpu is free"}, Risk: "reversible"},
	}
	ix := Build(cards)
	tests := []struct{ intent, want string }{
		{"dbRollback", "db-rollback"},
		{"DbRollback the orders table", "db-rollback"},
		{"PortForward to redis", "port-forward"},
		{"pod OOMKilled", "pod-doctor"},
		{"PowerShell", "ps-run"},
		{"PowreShell", "ps-run"},
		// An acronym's plural the cards do not hold is the acronym:
		// read as "v" "ms" and "gp" "us", "VMs" found the card of
		// milliseconds and "GPUs" none.
		{"VMs", "vm-stop"},
		{"stop idle VMs", "vm-stop"},
		{"GPUs", "gpu-usage"},
		{"free GPUs", "gpu-usage"},
	}
	for _, tt := range tests {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchIdentifiersOfTheRequest: the words of an identifier the
// cards do not hold ("churn_labels", "DATABASE_URL") are the request's
// arguments, and weigh as little as an aside; they weighed as much as the
// words of the need, and "pull dataset churn_labels@7" put the card that
// exports labels first. One the cards hold ("pkg_add") is theirs.
func TestSearchIdentifiersOfTheRequest(t *testing.T) {
	ix := Build([]Card{
		{ID: "ds-sync", Summary: "Pull a versioned dataset from the lake into the local cache.",
			IntentPhrases: []string{"download a dataset locally"}, Risk: "reversible"},
		{ID: "label-export", Summary: "Export labels from Label Studio.",
			IntentPhrases: []string{"export labels", "download annotations"}, Risk: "reversible"},
		{ID: "secret-get", Summary: "Print a secret of an environment.",
			IntentPhrases: []string{"get a secret for staging"}, Risk: "reversible"},
		{ID: "db-url", Summary: "Print the database connection url.", Risk: "reversible"},
		{ID: "pkg_add", Summary: "Install a package.", Command: "pkg_add <package>", Risk: "reversible"},
		{ID: "pkg-list", Summary: "List the installed packages.", Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"pull dataset churn_labels@7 into ./data", "ds-sync"},
		{"pull dataset \u201cchurn_labels\u201d into ./data", "ds-sync"},
		{"pull dataset \u00abchurn_labels\u00bb\u00a0into ./data", "ds-sync"},
		{"get STAGING_DATABASE_URL secret for staging", "secret-get"},
		{"installed packages for use with pkg_add", "pkg_add"},
		{"add a package with PKG_ADD", "pkg_add"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
	for _, tt := range []struct {
		in   string
		i, j int
	}{
		{"pull churn_labels@7", 5, 17},
		{"x86_64", 0, 6},
		{"__init__ and a_b", 13, 16},
		{"no identifier", -1, -1},
		{"[a]b_c", -1, -1},    // the bracket joins "[a]" to it
		{"b_c\u00e9", -1, -1}, // so does a letter of another script
		{"it's_x", -1, -1},
		// Quotes, spaces and dashes of other scripts end a word too.
		{"pull \u201cchurn_labels\u201d", 8, 20},
		{"\u00abA_B\u00bb", 2, 5},
		{"a_b\u00a0c", 0, 3},
		{"a_b\u2026", 0, 3},
		{"\u2014a_b", 3, 6},
		{"\u3000a_b\u3002", 3, 6},
		{"a_b\u2019s", -1, -1},  // the apostrophe joins "s" to it
		{"a_b\u00b2", -1, -1},   // "²" is "2" in NFKC, a digit of the word
		{"a_b\uff3fc", -1, -1},  // "＿" is "_"
		{"\uff41_b", -1, -1},    // "ａ" is "a"
		{"a_b\u2122", -1, -1},   // "™" is "TM"
		{"a_b\xff", -1, -1},     // an invalid byte
		{"\xe2\x80a_b", -1, -1}, // a cut rune
	} {
		if i, j := identRun(tt.in); i != tt.i || j != tt.j {
			t.Errorf("identRun(%q) = %d, %d, want %d, %d", tt.in, i, j, tt.i, tt.j)
		}
	}
}

// TestIdentsOfEveryField: an identifier of any text of a card is one the
// cards hold, in any case, and only the whole run is.
func TestIdentsOfEveryField(t *testing.T) {
	ix := Build([]Card{{
		ID:            "id_one",
		Command:       "tool --name=cmd_two",
		Summary:       "Sets SUMMARY_THREE.",
		IntentPhrases: []string{"a", "set phrase_four"},
		Replaces:      []string{"old", "replaced_five"},
		Effects:       "writes `effects_six`",
		Example:       "tool example_seven a_b_c",
		Risk:          "reversible",
	}})
	for _, id := range []string{"id_one", "cmd_two", "summary_three", "phrase_four", "replaced_five", "effects_six", "example_seven", "a_b_c"} {
		if !ix.holdsIdent(id) {
			t.Errorf("holdsIdent(%q) = false", id)
		}
	}
	for _, id := range []string{"a_b", "b_c", "SUMMARY_THREE", "tool"} {
		if ix.holdsIdent(id) {
			t.Errorf("holdsIdent(%q) = true", id)
		}
	}
}

// TestSearchWordsRunTogether: a word the cards do not hold, nor nearly,
// may be two of theirs run together ("forcepush"); it found nothing.
func TestSearchWordsRunTogether(t *testing.T) {
	ix := Build([]Card{
		{ID: "push-safe", Summary: "Force push a branch after a rebase.", Risk: "reversible"},
		{ID: "hotfix", Summary: "Cherry-pick a fix onto the release branch.", Risk: "reversible"},
		{ID: "logs", Summary: "Tail the logs of a service.", Risk: "reversible"},
		{ID: "prune", Summary: "Delete merged branches.", Risk: "destructive"},
	})
	split := []struct {
		word string
		want []string
	}{
		{"forcepush", []string{"force", "push"}},
		{"cherrypick", []string{"cherry", "pick"}},
		{"forcepushes", []string{"force", "pushes"}},
		{"taillogs", []string{"tail", "logs"}},
		{"login", nil},    // "in" is no term
		{"logsx", nil},    // "x" is too short
		{"pushzork", nil}, // "zork" is no term
		// Terms of the cards, but never side by side in them: everyday
		// words, not two of the cards' run together.
		{"deletelogs", nil},
		{"branchesrebase", nil},
	}
	for _, tt := range split {
		if got := ix.splitWord(tt.word, nil); !slices.Equal(got, tt.want) {
			t.Errorf("splitWord(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	// A cut into two words of two letters is no prefix or abbreviation
	// before a word ("re" "deploy"), which is taken without reading the
	// cards: "ship" was "sh" "ip", from a script's ".sh" and an "IPs",
	// and put a rollback script first for "ship the new model".
	ix2 := Build([]Card{
		{ID: "rollback", Summary: "Point production back at the previous model.", Command: "scripts/rollback.sh <model>", Risk: "reversible"},
		{ID: "pii-scan", Summary: "Scan a dataset for emails, names and IPs.", Risk: "reversible"},
		{ID: "deploy", Summary: "Deploy a service; re-run it to retry.", Risk: "reversible"},
	})
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"ship", nil},
		{"redeploy", []string{"re", "deploy"}},
	} {
		if got := ix2.splitWord(tt.word, nil); !slices.Equal(got, tt.want) {
			t.Errorf("splitWord(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	// Two letters after a word are no prefix: such a cut is taken only
	// when the cards hold the two words side by side. "person" was "pers"
	// (the stem "per") and "on", of cards that say "per" and "on" apart.
	ix3 := Build([]Card{
		{ID: "ratelimit", Summary: "Limit requests per client; turn the limiter on or off.", Risk: "reversible"},
		{ID: "tmp-clean", Summary: "Clean up old temporary files.", Risk: "destructive"},
	})
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"person", nil},
		{"cleanup", []string{"clean", "up"}},
	} {
		if got := ix3.splitWord(tt.word, nil); !slices.Equal(got, tt.want) {
			t.Errorf("splitWord(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	search := []struct{ intent, want string }{
		{"forcepush my branch", "push-safe"},
		{"cherrypick", "hotfix"},
		{"pushforce", "push-safe"},
		{"taillogs", "logs"},
	}
	for _, tt := range search {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchDigitRunTogether: a program or version run together with its
// number, where the cards write them apart ("7zip" for "7-Zip",
// "python3" for "Python 3"), is cut into the digit and the word, as
// words run together are when the cards hold them side by side. No cut
// made a part of one byte, and "7zip" found nothing.
func TestSearchDigitRunTogether(t *testing.T) {
	ix := Build([]Card{
		{ID: "sw-install", Summary: "Install an approved application such as 7-Zip or Zoom on a laptop.", Risk: "reversible"},
		{ID: "runtime", Summary: "Pin the Python 3 runtime of a service.", Risk: "reversible"},
		{ID: "archive", Summary: "Zip a folder of 3 files or more.", Risk: "reversible"},
	})
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"7zip", []string{"7", "zip"}},
		{"python3", []string{"python", "3"}},
		{"zip7", []string{"zip", "7"}}, // side by side in either order, as "push" "force"
		{"3zip", nil},                  // "3" and "zip" are never side by side
		{"x7", nil},                    // a lone letter is no word
		{"pythonx", nil},               // nor a lone letter after a word
		{"7zork", nil},                 // "zork" is no term
	} {
		if got := ix.splitWord(tt.word, nil); !slices.Equal(got, tt.want) {
			t.Errorf("splitWord(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	checkFirst(t, ix, "can I have 7zip please", "sw-install")
	checkFirst(t, ix, "upgrade to python3", "runtime")
	// The letter may be of any script; a digit beside a digit is no cut.
	ix = Build([]Card{
		{ID: "win-ru", Summary: "Переустановить Виндовс 7 на ноутбуке.", Risk: "reversible"},
		{ID: "zip-ru", Summary: "Установить 7 зип на ноутбук.", Risk: "reversible"},
		{ID: "backups", Summary: "Keep 7 30-day backups, 30 7-day ones.", Risk: "reversible"},
	})
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"виндовс7", []string{"виндовс", "7"}},
		{"7зип", []string{"7", "зип"}},
		{"730", nil}, // a number is not cut into a digit and a number
		{"307", nil},
	} {
		if got := ix.splitWord(tt.word, nil); !slices.Equal(got, tt.want) {
			t.Errorf("splitWord(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	checkFirst(t, ix, "7зип", "zip-ru")
}

// TestSearchRepairsAFewUnknownWords: only the first maxRepairs words of a
// query the index does not hold are corrected or cut. Repairing each of
// the thousands of nonsense words a request line can hold cost 49 ms a
// query at 10,000 cards (BenchmarkSearchLongNonsense); an intent has a few.
func TestSearchRepairsAFewUnknownWords(t *testing.T) {
	ix := Build([]Card{
		{ID: "push-safe", Summary: "Force push a branch after a rebase.", Risk: "reversible"},
		{ID: "logs", Summary: "Tail the logs of a service.", Risk: "reversible"},
		{ID: "gpu-quota", Summary: "Show the H100 quota of a project.", Risk: "reversible"},
	})
	noise := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = fmt.Sprintf("zq%cxv", 'a'+i%26) // no term, nor one edit from one
		}
		return strings.Join(ws, " ")
	}
	tests := []struct {
		intent string
		want   string // "" for no result
	}{
		{noise(maxRepairs-1) + " brnach", "push-safe"}, // typo corrected
		{noise(maxRepairs-1) + " taillogs", "logs"},    // words run together cut
		{noise(maxRepairs) + " brnach", ""},
		{noise(maxRepairs) + " taillogs", ""},
		{noise(maxRepairs-1) + " H100s", "gpu-quota"}, // a name's plural read as the name
		{noise(maxRepairs) + " H100s", ""},
		{noise(maxRepairs) + " branch", "push-safe"}, // a known word always counts
	}
	for _, tt := range tests {
		res := ix.Search(Query{Intent: tt.intent})
		got := ""
		if len(res) > 0 {
			got = res[0].ID
		}
		if got != tt.want {
			t.Errorf("Search(%d words … %q) first = %q, want %q", len(strings.Fields(tt.intent))-1, tt.intent[strings.LastIndexByte(tt.intent, ' ')+1:], got, tt.want)
		}
	}
}

// TestSearchAbbreviations: a query word no card holds is searched as the
// word it abbreviates, or the abbreviation of it, when the cards hold that
// ("db password" for a card that says "database password"); a word the
// cards hold is searched as itself only.
func TestSearchAbbreviations(t *testing.T) {
	ix := Build([]Card{
		{ID: "secret-get", Summary: "Print the database password of an environment.", Risk: "reversible"},
		{ID: "backup", Summary: "Take a snapshot of the data before a change.", Risk: "reversible"},
		{ID: "clone", Summary: "Clone a repo with its submodules.", Risk: "reversible"},
		{ID: "purge", Summary: "Purge the CDN cache of a site.", Risk: "destructive"},
	})
	tests := []struct{ intent, want string }{
		{"db", "secret-get"},
		{"the prod env db pw", "secret-get"},
		{"repository", "clone"},
	}
	for _, tt := range tests {
		checkFirst(t, ix, tt.intent, tt.want)
	}
	// Once a card holds "db", the word is searched as itself only.
	ix = Build([]Card{
		{ID: "secret-get", Summary: "Print the database password of an environment.", Risk: "reversible"},
		{ID: "migrate", Summary: "Run the db migrations.", Risk: "reversible"},
	})
	checkOnly(t, ix, "db", "migrate")
}

// TestSearchIrregularForms: a past form no card holds is searched as its
// verb ("grew" as "grow"), one a card holds as itself only.
func TestSearchIrregularForms(t *testing.T) {
	ix := Build([]Card{
		{ID: "size-report", Summary: "Show flash and RAM usage of a firmware build per section.", IntentPhrases: []string{"why did the binary grow"}, Risk: "reversible"},
		{ID: "log-decode", Summary: "Decode binary logs from a device into text.", IntentPhrases: []string{"decode binary logs"}, Risk: "reversible"},
		{ID: "image-build", Summary: "Build a container image of a service.", Risk: "reversible"},
		{ID: "image-push", Summary: "Push an image to the registry.", Risk: "reversible"},
	})
	tests := []struct{ intent, want string }{
		{"the binary grew by 8k, why?", "size-report"},
		{"the image I just built", "image-build"},
	}
	for _, tt := range tests {
		checkFirst(t, ix, tt.intent, tt.want)
	}
	ix = Build([]Card{
		{ID: "image-build", Summary: "Build a container image of a service.", Risk: "reversible"},
		{ID: "image-push", Summary: "Push a built image to the registry.", Risk: "reversible"},
	})
	checkOnly(t, ix, "built", "image-push")
	// Every form is searched as its verb, whose stem may not be its
	// spelling ("choos", "rewrit", "fli") and the form's neither ("rewrot",
	// "undon").
	for _, p := range irregularForms {
		if f, v := Analyze(p[0]), Analyze(p[1]); len(f) != 1 || len(v) != 1 || irregularOf[f[0]] != v[0] {
			t.Errorf("%q is searched as %q, want %q (Analyze: %q %q)", p[0], irregularOf[f[0]], v, f, v)
			continue
		}
		ix := Build([]Card{
			{ID: "verb", Summary: "How to " + p[1] + " it.", Risk: "reversible"},
			{ID: "other", Summary: "Something else entirely.", Risk: "reversible"},
		})
		checkFirst(t, ix, "I "+p[0]+" it", "verb")
	}
	// A form is searched as the verb's other forms the cards hold too:
	// "I took" finds a card's "taken", "I've forgotten" a card's "forgot".
	ix = Build([]Card{
		{ID: "snapshots", Summary: "List the snapshots taken of a volume.", Risk: "reversible"},
		{ID: "resize", Summary: "Resize a volume.", Risk: "reversible"},
	})
	checkFirst(t, ix, "the ones I took of the volume", "snapshots")
	checkOnly(t, ix, "took", "snapshots")
	for _, p := range irregularForms {
		for _, q := range irregularForms {
			if q[1] != p[1] || Analyze(q[0])[0] == Analyze(p[0])[0] {
				continue
			}
			ix := Build([]Card{
				{ID: "form", Summary: "When it was " + q[0] + ".", Risk: "reversible"},
				{ID: "other", Summary: "Something else entirely.", Risk: "reversible"},
			})
			checkFirst(t, ix, "I "+p[0]+" it", "form")
		}
	}
	// "go" is the Go toolchain's, not the verb of "gone".
	ix = Build([]Card{
		{ID: "go-test", Summary: "Run the Go tests of a package.", Risk: "reversible"},
		{ID: "pod-events", Summary: "Show why a pod restarted or was evicted.", Risk: "reversible"},
	})
	checkOnly(t, ix, "the pod is gone", "pod-events")
}

// TestIrregularTablesStemEachFormOnce: irregularOf maps each form's stem
// to its verb's, and irregularSiblings to the stems of its verb's other
// forms, as stemming every pair of forms did, while stemming each form
// and each verb once (its stemmer counts the calls): stemming every pair
// made 28,000 allocations and 12 ms of every start of a process
// importing search.
func TestIrregularTablesStemEachFormOnce(t *testing.T) {
	wantOf := map[string]string{}
	want := map[string][]string{}
	for _, p := range irregularForms {
		wantOf[stem(p[0])] = stem(p[1])
		for _, q := range irregularForms {
			if f, g := stem(p[0]), stem(q[0]); q[1] == p[1] && g != f && !slices.Contains(want[f], g) {
				want[f] = append(want[f], g)
			}
		}
	}
	calls, verbs := 0, map[string]bool{}
	for _, p := range irregularForms {
		verbs[p[1]] = true
	}
	of, siblings := irregularTables(irregularForms, func(w string) string { calls++; return stem(w) })
	if want := len(irregularForms) + len(verbs); calls != want {
		t.Errorf("irregularTables stemmed %d times %d forms of %d verbs, want %d", calls, len(irregularForms), len(verbs), want)
	}
	if !maps.Equal(of, wantOf) {
		t.Errorf("irregularTables(irregularForms) maps the forms to %q, want %q", of, wantOf)
	}
	if !maps.EqualFunc(siblings, want, slices.Equal) {
		t.Errorf("irregularTables(irregularForms) maps the siblings to %q, want %q", siblings, want)
	}
	if !maps.Equal(irregularOf, wantOf) {
		t.Errorf("irregularOf = %q, want %q", irregularOf, wantOf)
	}
	if !maps.EqualFunc(irregularSiblings, want, slices.Equal) {
		t.Errorf("irregularSiblings = %q, want %q", irregularSiblings, want)
	}
	n := len(irregularForms)
	if a := testing.AllocsPerRun(3, func() { irregularTables(irregularForms, stem) }); a > float64(8*n) {
		t.Errorf("irregularTables(irregularForms) made %.0f allocations for %d forms, want at most %d", a, n, 8*n)
	}
}

// TestScoresStayInRangeWhenKnownWordsAreCommon: a query whose only word
// the cards hold is in every card ("Acme" in every summary) has a tiny
// idf mass, and a typo or prefix variant of its other word ("poweroff"
// reaching "power") outweighed it thousands of times in the features
// divided by that mass: scores came back as 1e+304 and 1e+267, with the
// word vectors on or off.
func TestScoresStayInRangeWhenKnownWordsAreCommon(t *testing.T) {
	var cards []Card
	for _, c := range []struct{ id, summary string }{
		{"powercfg", "Acme: manage power plans and power settings"},
		{"powerstat", "Acme: show power usage of each process"},
		{"hostname", "Acme: show or set the host name"},
	} {
		cards = append(cards, Card{ID: c.id, Summary: c.summary, IntentPhrases: []string{c.summary}})
	}
	for i := range 400 {
		cards = append(cards, Card{ID: fmt.Sprintf("filler%03d", i), Summary: fmt.Sprintf("Acme word%03d thing%03d", i, i)})
	}
	for _, assoc := range []bool{false, true} {
		p := defaultParams()
		p.featOff[featAssoc] = !assoc
		ix := buildWith(cards, p)
		for _, q := range []string{"acme poweroff", "poweroff the acme box"} {
			res := ix.Search(Query{Intent: q, Limit: 5})
			if len(res) < 2 || !strings.HasPrefix(res[0].ID, "power") {
				t.Fatalf("word vectors %v, %q: %v, want a power card first", assoc, q, res)
			}
			if res[0].Score > 1e30 || res[0].Score/res[1].Score > 1e30 {
				t.Errorf("word vectors %v, %q: scores %v and %v, want within the model's range", assoc, q, res[0].Score, res[1].Score)
			}
		}
	}
}

// TestIrregularSiblingsListASharedFormOnce: two verbs with the same two
// forms ("lay" and "lain" said of both) give each form its sibling once,
// not once for each verb, however the forms are listed.
func TestIrregularSiblingsListASharedFormOnce(t *testing.T) {
	_, got := irregularTables([][2]string{{"lay", "lie"}, {"lain", "lie"}, {"lay", "lay"}, {"lain", "lay"}, {"lay", "lie"}}, stem)
	a, b := stem("lay"), stem("lain")
	want := map[string][]string{a: {b}, b: {a}}
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("irregularTables' siblings = %q, want %q", got, want)
	}
}

// TestIrregularSiblingWeighsAsTheVerb: a form's sibling ("taken" for
// "took") is a guess from the form's spelling, as the verb is, and is
// weighed as the verb is (irregularWeight), not as the word typed.
func TestIrregularSiblingWeighsAsTheVerb(t *testing.T) {
	ix := Build([]Card{
		{ID: "snapshots", Summary: "Take a snapshot of a volume, or list those taken.", Risk: "reversible"},
		{ID: "resize", Summary: "Resize a volume.", Risk: "reversible"},
	})
	verb, okV := ix.indexedTerm(stem("take"))
	form, okF := ix.indexedTerm(stem("taken"))
	if !okV || !okF {
		t.Fatalf("the cards hold take %v, taken %v", okV, okF)
	}
	s := ix.pool.Get().(*scratch)
	defer ix.pool.Put(s)
	s.reset()
	if !ix.analyseQuery("took", s) {
		t.Fatal(`"took": no query`)
	}
	w := map[int32]float32{}
	for _, qt := range s.terms {
		w[qt.term] = qt.w
	}
	if w[verb] == 0 || w[form] != w[verb] {
		t.Errorf(`"took": "taken" weighs %v, the verb "take" %v; want the two equal and above 0`, w[form], w[verb])
	}
}

// TestCutFitsPartsOfTwoBytesOrADigitBesideALetter: splitWord cuts a word
// where each part has two bytes or more, or one part is a single digit
// beside a letter ("7zip", "python3"): not a digit beside a digit ("v307"
// is no "v30" "7"), nor a lone letter, digit or not beside it.
func TestCutFitsPartsOfTwoBytesOrADigitBesideALetter(t *testing.T) {
	for _, tt := range []struct {
		w    string
		k    int
		want bool
	}{
		{"7zip", 1, true},
		{"zip7", 3, true},
		{"python3", 6, true},
		{"7é", 1, true},
		{"дом7", len("дом"), true},
		{"zip", 2, false},
		{"zipzip", 3, true},
		{"730", 1, false},
		{"307", 2, false},
		{"v307", 3, false}, // the digit is beside a digit, whatever comes first
		{"7z", 1, false},   // "z" is a lone letter
		{"z7", 1, false},
		{"7", 0, false},
	} {
		if got := cutFits(tt.w, tt.k); got != tt.want {
			t.Errorf("cutFits(%q, %d) = %v, want %v", tt.w, tt.k, got, tt.want)
		}
	}
}
