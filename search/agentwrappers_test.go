package search

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capreg/capreg/search/cmdline"
)

// testdata/agent-wrappers holds 70 cards of the wrappers a service
// repository keeps (scripts/db-migrate, bin/deploy, bin/pf, ops/rotate-secret,
// ...), written as a team writes them, with the intents and the command
// lines an agent sends for them, written apart from the cards. Unlike the
// dev set, no ranking constant was set on it: it checks that what holds
// on tldr pages holds on another kind of card and another way of asking.
const agentWrappersDir = "../testdata/agent-wrappers"

type agentQuery struct {
	Intent  string   `json:"intent"`
	Command string   `json:"command"`
	Expect  []string `json:"expect"`
}

func loadAgentWrappers(tb testing.TB) []Card { return loadCardSet(tb, agentWrappersDir) }

// loadCardSet reads dir/cards.json, a JSON array of cards.
func loadCardSet(tb testing.TB, dir string) []Card {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "cards.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var cjs []cardJSON
	if err := json.Unmarshal(data, &cjs); err != nil {
		tb.Fatal(err)
	}
	cards := make([]Card, len(cjs))
	for i, cj := range cjs {
		cards[i] = Card(cj)
	}
	return cards
}

func loadAgentQueries(tb testing.TB, name string) []agentQuery {
	return loadQuerySet(tb, filepath.Join(agentWrappersDir, name))
}

// loadQuerySet reads a JSON-lines file of intents and the ids that answer them.
func loadQuerySet(tb testing.TB, name string) []agentQuery {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var qs []agentQuery
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var q agentQuery
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			tb.Fatal(err)
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil || len(qs) == 0 {
		tb.Fatalf("%s: %d queries: %v", name, len(qs), err)
	}
	return qs
}

// Measured when the set was written: recall@1 0.9362, recall@5 0.9752,
// MRR@10 0.9549 (0.9113 / 0.9610 / 0.9354 before camel-case query words
// were searched by their parts and words run together as two; 0.9397 /
// 0.9787 / 0.9583 since the words of an identifier the cards do not hold
// weigh as an aside). The set is
// small, so the floors leave about five queries of slack.
const (
	agentRecall1Floor = 0.9362 - 0.02
	agentRecall5Floor = 0.9752 - 0.02
	agentMRR10Floor   = 0.9549 - 0.02
)

// TestAgentWrappersQuality: the intents an agent sends, through Search,
// any of the expected cards counting.
func TestAgentWrappersQuality(t *testing.T) {
	q := measureCardSet(t, loadAgentWrappers(t), loadAgentQueries(t, "queries.jsonl"))
	t.Logf("agent wrappers: %v", q)
	if q.r1 < agentRecall1Floor || q.r5 < agentRecall5Floor || q.mrr < agentMRR10Floor {
		t.Errorf("quality dropped below the floors %.4f / %.4f / %.4f", agentRecall1Floor, agentRecall5Floor, agentMRR10Floor)
	}
}

// setQuality is what measureCardSet finds.
type setQuality struct {
	cards, queries, named int // named: queries naming a command a card replaces
	r1, r5, mrr           float64
}

func (q setQuality) String() string {
	return fmt.Sprintf("%d cards, %d queries (%d naming a command a card replaces): recall@1=%.4f recall@5=%.4f MRR@10=%.4f",
		q.cards, q.queries, q.named, q.r1, q.r5, q.mrr)
}

// measureCardSet searches each query on cards as the store does (a
// command the intent names ranks its cards first), any of the expected
// cards counting.
func measureCardSet(tb testing.TB, cards []Card, qs []agentQuery) setQuality {
	tb.Helper()
	return measureCardSetWith(tb, cards, qs, defaultParams())
}

// measureCardSetWith is measureCardSet with the index built with p.
func measureCardSetWith(tb testing.TB, cards []Card, qs []agentQuery, p params) setQuality {
	tb.Helper()
	if len(cards) == 0 || len(qs) == 0 {
		// Figures of no query are NaN, which no floor is above.
		tb.Fatalf("%d cards, %d queries: nothing to measure", len(cards), len(qs))
	}
	ix := buildWith(cards, p)
	cmds := make([]cmdline.Card, len(cards)) // Query.Commands index the cards as given
	for i, c := range cards {
		cmds[i] = cmdline.Card{ID: c.ID, Replaces: c.Replaces}
	}
	m := cmdline.Compile(cmds)
	q := setQuality{cards: ix.Len(), queries: len(qs)}
	for _, aq := range qs {
		var commands []int
		for _, n := range m.NamedBy(context.Background(), aq.Intent, !ReadsAsProse(aq.Intent)) {
			commands = append(commands, n.Card)
		}
		if len(commands) > 0 {
			q.named++
		}
		for i, r := range ix.Search(Query{Intent: aq.Intent, Limit: 10, Commands: commands}) {
			if slices.Contains(aq.Expect, r.ID) {
				if i == 0 {
					q.r1++
				}
				if i < 5 {
					q.r5++
				}
				q.mrr += 1 / float64(i+1)
				break
			}
		}
	}
	n := float64(len(qs))
	q.r1, q.r5, q.mrr = q.r1/n, q.r5/n, q.mrr/n
	return q
}

// teamSetsDir holds card sets of other teams' wrappers (see its README),
// each a folder of cards.json and queries.jsonl.
const teamSetsDir = "../testdata/team-sets"

// TestTeamSetsQuality: agent-style intents on card sets of other domains,
// each against the figures measured when it was added, less under two
// queries of slack (a set holds about 115): dropping the aside weight of
// unknown identifiers, two queries of the ml set, fails it.
func TestTeamSetsQuality(t *testing.T) {
	for _, tt := range []struct {
		set         string
		r1, r5, mrr float64 // as measured
	}{
		{"ml", 0.9658, 1.0000, 0.9815},
		{"mobile", 0.9483, 0.9914, 0.9684},
		{"fw", 0.9310, 0.9914, 0.9565},
		{"sec", 0.9474, 0.9912, 0.9678}, // 0.9561 / 0.9912 / 0.9722 before "CVE's" was read as "CVE"
		{"game", 0.9352, 1.0000, 0.9622},
		{"db", 0.9038, 0.9808, 0.9391},
		{"net", 0.8547, 0.9744, 0.9174}, // 0.8462 / 0.9744 / 0.9131 before a word was joined with the one beside it
		{"de", 0.9231, 0.9872, 0.9516},  // 0.9167 / 0.9872 / 0.9484 before "DAG's" was read as "DAG"
		{"fe", 0.8941, 0.9941, 0.9399},
		{"intl", 0.9079, 0.9386, 0.9225}, // its first 38 cards: 0.9104 / 0.9340 / 0.9214, 0.9057 / 0.9292 / 0.9167 before its fixes
		{"asia", 0.9018, 0.9387, 0.9172}, // 0.8773 / 0.9018 / 0.8875 before its fixes
		// As first measured 0.7032 / 0.8903 / 0.7860; 0.7850 once "person"
		// was no longer "pers" "on", 0.7097 / 0.8968 / 0.7914 once "7zip"
		// was "7" "zip", this once "forgotten" met a card's "forgot".
		{"support", 0.7161, 0.8968, 0.7946},
		{"docs", 0.8600, 0.9800, 0.9096}, // 0.8467 / 0.9800 / 0.8991 before a version string's words weighed as an aside
		// As first measured 0.7933 / 0.9533 / 0.8643; 0.9600 / 0.8666 once
		// "run book" was read as "runbook", this once "CrashLoopBackOff"
		// was "crashloop" "back" "off".
		{"sre", 0.7933, 0.9667, 0.8688},
	} {
		t.Run(tt.set, func(t *testing.T) {
			dir := filepath.Join(teamSetsDir, tt.set)
			q := measureCardSet(t, loadCardSet(t, dir), loadQuerySet(t, filepath.Join(dir, "queries.jsonl")))
			t.Logf("%s: %v", tt.set, q)
			const slack = 0.015
			if q.r1 < tt.r1-slack || q.r5 < tt.r5-slack || q.mrr < tt.mrr-slack {
				t.Errorf("quality dropped below the floors %.4f / %.4f / %.4f", tt.r1-slack, tt.r5-slack, tt.mrr-slack)
			}
		})
	}
}
