package search

import (
	"fmt"
	"strings"
	"testing"
)

// TestOneCardOfManyPhrasesLeavesTheWeightsAlone: a small repository, a
// card author's first, fourteen wrappers of two or three intent phrases
// and one of a hundred (every way its author could think of to ask for
// it). Its many phrases made most of the pseudo-queries the weights were
// learned from, fitted to tell its phrases from each other, and the card
// lost requests in its own words ("rebase and merge a branch", its
// summary's) to cards holding a fifth of them.
func TestOneCardOfManyPhrasesLeavesTheWeightsAlone(t *testing.T) {
	var land []string
	for _, verb := range []string{"merge", "land", "integrate", "bring in", "ship"} {
		for _, what := range []string{"my branch", "the feature branch", "this PR", "the change", "my work"} {
			for _, where := range []string{"into main", "after CI passes", "once tests pass", "to trunk"} {
				land = append(land, strings.Join([]string{verb, what, where}, " "))
			}
		}
	}
	ix := Build(firstRepository(land))
	for _, intent := range []string{"rebase and merge a branch", "merge my branch", "land my branch", "push my branch", "renew the certificate"} {
		want := map[string]string{"push my branch": "safe-push", "renew the certificate": "cert-renew"}[intent]
		if want == "" {
			want = "land"
		}
		if res := ix.Search(Query{Intent: intent, Limit: 3}); len(res) == 0 || res[0].ID != want {
			t.Errorf("%q: got %v, want %s first", intent, ids(res), want)
		}
	}
}

// TestManyPhrasesTakeNoOtherCardsPhrase: the card of many phrases, of 200
// and 400, does not take another card's phrase, word for word ("push my
// branch", safe-push's), by their number: its prior, log(1 + phrases),
// counts 32 at most. Before, 200 phrases made it log 201 against log 3.
func TestManyPhrasesTakeNoOtherCardsPhrase(t *testing.T) {
	for _, n := range []int{200, 400} {
		var land []string
		for _, verb := range []string{"merge", "land", "integrate", "bring in", "ship", "finish", "complete", "close out"} {
			for _, what := range []string{"my branch", "the feature branch", "this PR", "the change", "my work", "the fix", "the topic branch"} {
				for _, where := range []string{"into main", "after CI passes", "once tests pass", "to trunk", "safely", "with a rebase", "cleanly", "now"} {
					land = append(land, strings.Join([]string{verb, what, where}, " "))
				}
			}
		}
		ix := Build(firstRepository(land[:n]))
		for intent, want := range map[string]string{"push my branch": "safe-push", "merge my branch": "land", "open a pull request": "pr-open"} {
			if res := ix.Search(Query{Intent: intent, Limit: 3}); len(res) == 0 || res[0].ID != want {
				t.Errorf("%d phrases: %q: got %v, want %s first", n, intent, ids(res), want)
			}
		}
	}
}

// firstRepository is a card author's first repository: fourteen wrappers
// of two or three intent phrases, and land, of the phrases given.
func firstRepository(land []string) []Card {
	card := func(id, summary string, phrases ...string) Card {
		return Card{ID: id, Command: "bin/" + id, Summary: summary, IntentPhrases: phrases,
			Effects: "Changes what its summary says.", Risk: "reversible", Example: "bin/" + id}
	}
	return []Card{
		card("land", "Rebase, test and merge a branch into main.", land...),
		card("deploy", "Deploy the current build to an environment.", "deploy the app to staging", "ship the build to production", "roll out a release"),
		card("db-backup", "Dump a Postgres database to the backup bucket.", "back up the database", "take a snapshot of postgres before a migration"),
		card("rotate-logs", "Rotate and compress application logs.", "rotate the logs", "free disk space taken by old logs"),
		card("od-worktree", "Create a git worktree for a task.", "make a new worktree for a task", "work on two branches at once"),
		card("deck-sudo", "Run a command as root with an audit log entry.", "run something as root", "use sudo safely"),
		card("safe-push", "Push the current branch, with --force-with-lease instead of --force.", "push my branch", "force push after a rebase"),
		card("ft", "Find text in the repository, skipping vendored code.", "search the code for a string", "find where a function is used"),
		card("make-release", "Build and tag a release through the Makefile's release target.", "cut a release", "tag a new version and build the binaries"),
		card("k8s-apply", "Apply manifests after a diff and a confirmation.", "apply kubernetes manifests", "update the cluster config"),
		card("clean-build", "Remove build outputs and caches.", "clean the build folder", "start from a clean build"),
		card("lint-all", "Run every linter the project uses.", "lint the code", "check style before committing"),
		card("pr-open", "Open a pull request for the current branch.", "open a pull request", "ask for a review of my branch"),
		card("seed-db", "Drop and reseed the local development database.", "reset my local database", "load fixture data"),
		card("cert-renew", "Renew a TLS certificate.", "renew the ssl certificate", "the certificate is about to expire"),
	}
}

// TestPhrasesOfOneTemplateLeaveTheStyleModelsAlone: 5,000 phrases of one
// template, a number in each ("merge branch 17 into main after the tests
// pass"), weigh as 32 in the style models: they made the corpus rate of
// a digit 0.99, every other card's model gained from a query without one
// what this card's lost, and "merge my branch" went to safe-push, holding
// a fifth of its words, before the card.
func TestPhrasesOfOneTemplateLeaveTheStyleModelsAlone(t *testing.T) {
	land := make([]string, 5000)
	for i := range land {
		land[i] = fmt.Sprintf("merge branch %d into main after the tests pass", i)
	}
	ix := Build(firstRepository(land))
	for intent, want := range map[string]string{"merge my branch": "land", "land my branch": "land", "push my branch": "safe-push"} {
		if res := ix.Search(Query{Intent: intent, Limit: 3}); len(res) == 0 || res[0].ID != want {
			t.Errorf("%q: got %v, want %s first", intent, ids(res), want)
		}
	}
}
