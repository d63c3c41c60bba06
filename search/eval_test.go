package search

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Quality floors on the development set: 0.005 below the values measured
// when the ranking was last changed. Measured with defaultParams on the
// 371 cards / 800 queries of testdata/intent-eval:
//
//	recall@1 = 0.6388, recall@5 = 0.8150, MRR@10 = 0.7156, zero-hit = 0.0000
//
// (0.6375 / 0.8137 / 0.7143 before an acronym's possessive, "VM's", was
// read as the acronym, as its plural "VMs" is)
// (0.6362 / 0.8137 / 0.7140 before the second stage was fitted on as many
// candidates of each pseudo-query as it re-ranks)
// (0.6362 / 0.8125 / 0.7140 before the words of an identifier the cards
// do not hold weighed as an aside, in requests and pseudo-queries alike)
// (0.6350 / 0.8087 / 0.7120 before what a request brings, featNovel and
// the request words of novel.go)
// (MRR@10 0.7119 before the word-vector soft match was bounded where the
// query's known words are in most cards)
// (before the word-vector soft match, featAssoc, which trades 3 queries'
// recall@5 for MRR: 0.6325 / 0.8125 / 0.7086; before a word was cut into two terms only where the cards write them
// side by side: 0.6325 / 0.8113 / 0.7086; before an acronym's plural was read as the acronym, "GPUs" as "gpu":
// 0.6338 / 0.8113 / 0.7096; before a query word of no term nor typo was cut into two words run
// together: 0.6338 / 0.8125 / 0.7097; before camel-case query words were searched by their parts: 0.6312 /
// 0.8125 / 0.7087; before query words in parentheses were discounted: 0.6275 / 0.8100 /
// 0.7054; before the character n-gram features: 0.6188 / 0.8025 / 0.7009)
// (with the near-duplicate feature, since switched off because it ranks a
// card down when the query repeats one of its phrases: 0.6225 / 0.8037 /
// 0.7033)
// (before the learned second stage: recall@1 = 0.6012, recall@5 = 0.7950,
// MRR@10 = 0.6879; plain Okapi BM25 over concatenated fields, no stemming:
// recall@1 = 0.574, recall@5 = 0.771, MRR@10 = 0.656). The targets
// recall@5 >= 0.85 and MRR@10 >= 0.72 are not met. Raise these when the
// ranking improves.
const (
	measuredRecall5 = 0.8150
	measuredMRR10   = 0.7156
	minRecall5      = measuredRecall5 - 0.005
	minMRR10        = measuredMRR10 - 0.005
)

const devSetDir = "../testdata/intent-eval"

type devQuery struct {
	Intent string `json:"intent"`
	Expect string `json:"expect"`
}

// cardJSON mirrors the on-disk tool card.
type cardJSON struct {
	ID            string   `json:"id"`
	Command       string   `json:"command"`
	Summary       string   `json:"summary"`
	IntentPhrases []string `json:"intent_phrases"`
	Replaces      []string `json:"replaces"`
	Effects       string   `json:"effects"`
	Risk          string   `json:"risk"`
	Example       string   `json:"example"`
}

// loadDevSet reads the development cards (sorted by file name) and queries.
func loadDevSet(tb testing.TB) ([]Card, []devQuery) {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(devSetDir, "bin", "*.card.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no cards in %s: %v", devSetDir, err)
	}
	sort.Strings(files)
	cards := make([]Card, 0, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var cj cardJSON
		if err := json.Unmarshal(data, &cj); err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		cards = append(cards, Card(cj))
	}
	fh, err := os.Open(filepath.Join(devSetDir, "queries.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	defer fh.Close()
	var qs []devQuery
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var q devQuery
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			tb.Fatal(err)
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cards, qs
}

type evalMetrics struct {
	n                       int
	recall1, recall5, mrr10 float64
	zeroHit                 float64
}

// evaluate runs every query through Search with Limit 10, exactly as a
// caller would, and scores the rank of the expected card.
func evaluate(ix *Index, qs []devQuery) evalMetrics {
	var m evalMetrics
	for _, q := range qs {
		res := ix.Search(Query{Intent: q.Intent, Limit: 10})
		if len(res) == 0 {
			m.zeroHit++
		}
		for i, r := range res {
			if r.ID != q.Expect {
				continue
			}
			if i == 0 {
				m.recall1++
			}
			if i < 5 {
				m.recall5++
			}
			m.mrr10 += 1 / float64(i+1)
			break
		}
	}
	m.n = len(qs)
	if n := float64(len(qs)); n > 0 {
		m.recall1 /= n
		m.recall5 /= n
		m.mrr10 /= n
		m.zeroHit /= n
	}
	return m
}

// TestDevSetQuality: recall@5 and MRR@10 on the development queries stay at
// or above their floors, so a change of ranking cannot silently worsen it.
func TestDevSetQuality(t *testing.T) {
	cards, qs := loadDevSet(t)
	ix := Build(cards)
	m := evaluate(ix, qs)
	t.Logf("dev set: %d cards, %d queries: recall@1=%.4f recall@5=%.4f MRR@10=%.4f zero-hit=%.4f",
		ix.Len(), m.n, m.recall1, m.recall5, m.mrr10, m.zeroHit)
	if m.recall5 < minRecall5 {
		t.Errorf("recall@5 = %.3f, below floor %.3f", m.recall5, minRecall5)
	}
	if m.mrr10 < minMRR10 {
		t.Errorf("MRR@10 = %.3f, below floor %.3f", m.mrr10, minMRR10)
	}
}

// Quality floors on the development queries with typos (misspell, below):
// 0.005 below the values measured when set, with defaultParams:
//
//	recall@1 = 0.5825, recall@5 = 0.7750, MRR@10 = 0.6657 (0.6658 before words of four letters were
//	corrected; 0.6660 while words of three were too; over seven seeds the mean stayed 0.6787)
//
// (0.5837 / 0.7738 / 0.6669 since what a request brings, novel.go: the
// recall@5 floor stays where it was set, MRR's is raised; measured again
// on 2026-12-04 at 0.5837 / 0.7738 / 0.6666, within the floor; since
// the second stage is fitted on depth candidates, 829a736: 0.5825 /
// 0.7750 / 0.6658);
// (0.5713 / 0.7675 / 0.6550 before a word is corrected against the cards'
// words as written too, where its stem and it are not against the terms;
// over seven seeds the mean moved from 0.5827 / 0.7732 / 0.6660 to
// 0.5973 / 0.7843 / 0.6786, every seed up;
// 0.5663 / 0.7600 / 0.6495 before a word was corrected as typed when its
// stem has no correction; over seven seeds of misspell the mean moved
// from 0.5802 / 0.7702 / 0.6633 to 0.5827 / 0.7732 / 0.6660, five seeds
// up and two down by at most 0.0008 MRR;
// 0.5663 / 0.7588 / 0.6492 before the soft match was bounded where the
// query's known words are in most cards;
// 0.5575 / 0.7550 / 0.6404 before the word-vector soft match, featAssoc;
// set at 0.5563 / 0.7550 / 0.6409 and measured again at 0.5575 / 0.7550 / 0.6403 since a word is cut into
// two terms only where the cards write them side by side; 0.5563 / 0.7550 / 0.6396 since an acronym's plural
// is read as the acronym; 0.5575 / 0.7550 / 0.6406 since camel-case and run-together query words
// are also searched by their parts; 0.5537 / 0.7538 / 0.6380 before parenthesised query words were
// discounted; without the n-gram features: 0.5500 / 0.7425 / 0.6322; over seven
// seeds the n-gram features added 0.006 to 0.013 to MRR@10 and 0.000 to
// 0.011 to recall@5).
const (
	minTypoRecall5 = 0.7750 - 0.005
	minTypoMRR10   = 0.6669 - 0.005
)

// misspell gives each word of five or more letters, with probability one
// half, one random edit inside it (a swap of neighbours, a deletion or a
// substitution): how a person, rather than an agent, mistypes an intent.
func misspell(r *rand.Rand, intent string) string {
	words := strings.Fields(intent)
	for i, w := range words {
		if len(w) < 5 || r.Float64() >= 0.5 {
			continue
		}
		b := []byte(w)
		j := 1 + r.IntN(len(b)-2)
		switch r.IntN(3) {
		case 0:
			b[j], b[j+1] = b[j+1], b[j]
		case 1:
			b = append(b[:j], b[j+1:]...)
		default:
			b[j] = byte('a' + r.IntN(26))
		}
		words[i] = string(b)
	}
	return strings.Join(words, " ")
}

// TestDevSetQualityWithTypos: the quality floors on the development queries
// each misspelt (misspell, seeded), as a person types them.
func TestDevSetQualityWithTypos(t *testing.T) {
	checkMisspelt(t, "typos", misspell, minTypoRecall5, minTypoMRR10)
}

// checkMisspelt measures the dev set with each query misspelt by typo
// (seeded, so the same every run) and fails below the floors.
func checkMisspelt(t *testing.T, name string, typo func(*rand.Rand, string) string, minRecall5, minMRR10 float64) {
	cards, qs := loadDevSet(t)
	r := rand.New(rand.NewPCG(1, 2))
	typed := make([]devQuery, len(qs))
	for i, q := range qs {
		typed[i] = devQuery{Intent: typo(r, q.Intent), Expect: q.Expect}
	}
	m := evaluate(Build(cards), typed)
	t.Logf("dev set with %s: recall@1=%.4f recall@5=%.4f MRR@10=%.4f zero-hit=%.4f", name, m.recall1, m.recall5, m.mrr10, m.zeroHit)
	if m.recall5 < minRecall5 {
		t.Errorf("recall@5 = %.3f, below floor %.3f", m.recall5, minRecall5)
	}
	if m.mrr10 < minMRR10 {
		t.Errorf("MRR@10 = %.3f, below floor %.3f", m.mrr10, minMRR10)
	}
}

// misspellShort swaps, with probability one half, two neighbouring
// letters of each word of three or four letters, the words misspell
// leaves alone: the slip of a fast typist ("paeg", "fiel").
func misspellShort(r *rand.Rand, intent string) string {
	words := strings.Fields(intent)
	for i, w := range words {
		if len(w) < 3 || len(w) > 4 || r.Float64() >= 0.5 {
			continue
		}
		b := []byte(w)
		j := r.IntN(len(b) - 1)
		b[j], b[j+1] = b[j+1], b[j]
		words[i] = string(b)
	}
	return strings.Join(words, " ")
}

// TestDevSetQualityWithShortTypos: the quality floors on the development
// queries with typos in short words (misspellShort, seeded).
func TestDevSetQualityWithShortTypos(t *testing.T) {
	checkMisspelt(t, "short typos", misspellShort, minShortTypoRecall5, minShortTypoMRR10)
}

// Quality floors on the development queries with short typos
// (misspellShort), 0.005 below the values measured when set:
//
//	recall@1 = 0.6188, recall@5 = 0.8087, MRR@10 = 0.7014
//
// (0.6200 / 0.8075 / 0.7011 since the second stage is fitted on depth
// candidates, 829a736; 0.6188 / 0.8075 / 0.7003 before what a request brings, novel.go;
// 0.6012 / 0.7825 / 0.6816 before a swap in a word of four letters was
// corrected; over seven seeds the mean moved from 0.5934 / 0.7852 / 0.6758
// to 0.6118 / 0.8045 / 0.6947, every seed up; the dev set without typos
// and the agent-style set level. Swaps corrected in words of three letters
// too made it 0.6225 / 0.8075 / 0.7037, mean 0.6218 / 0.8111 / 0.7031,
// but those words are mostly acronyms, see swapLen.)
const (
	minShortTypoRecall5 = 0.8087 - 0.005
	minShortTypoMRR10   = 0.7014 - 0.005
)

// Quality floors on the development queries searched among the
// development cards and 269 cards of other sets (the six team sets and the
// agent wrappers, none an answer): 0.005 below the values measured when
// set, with defaultParams:
//
//	recall@1 = 0.5962, recall@5 = 0.7987, MRR@10 = 0.6812
//
// (0.5975 / 0.7950 / 0.6815 before the second stage was fitted on as many
// candidates of each pseudo-query as it re-ranks).
// The corpus the quality is judged on holds several times more cards
// than the dev set, and a mechanism that behaves differently with more
// cards (a count that should be a share, a cap that starts to bind,
// candidates too few) shows here and not on the 371 cards. The same
// cards with 3,335 others beside them (this machine's man pages added,
// which a test cannot hold) gave 0.4900 / 0.6775 / 0.5697; the dev cards
// alone 0.6375 / 0.8137 / 0.7143 (0.6388 / 0.8150 / 0.7156 since an
// acronym's possessive is read as the acronym).
const (
	minDistractRecall5 = 0.7987 - 0.005
	minDistractMRR10   = 0.6812 - 0.005
	// distractCards is how many cards of other sets the floors were
	// measured among.
	distractCards = 269
)

// TestDevSetQualityWithDistractors: the quality floors on the development
// queries when the cards of other sets are indexed beside the development
// cards.
func TestDevSetQualityWithDistractors(t *testing.T) {
	cards, qs := loadDevSet(t)
	dev := make(map[string]bool, len(cards))
	for _, c := range cards {
		dev[c.ID] = true
	}
	var extra []Card
	for _, set := range []string{"db", "fw", "game", "ml", "mobile", "sec"} {
		extra = append(extra, loadCardSet(t, filepath.Join(teamSetsDir, set))...)
	}
	extra = append(extra, loadAgentWrappers(t)...)
	for _, c := range extra {
		if dev[c.ID] {
			t.Fatalf("distractor %q has the id of a development card, and would count as its answer", c.ID)
		}
	}
	ix := Build(append(append([]Card(nil), cards...), extra...))
	// Fewer cards beside the dev cards (a set dropped, or none indexed)
	// pass the floors and measure nothing the dev set alone does not.
	if len(extra) != distractCards || ix.Len() != len(cards)+distractCards {
		t.Fatalf("%d cards indexed, %d of them distractors; the floors were measured among %d dev cards and %d distractors",
			ix.Len(), len(extra), len(cards), distractCards)
	}
	m := evaluate(ix, qs)
	t.Logf("dev set with %d distractors: %d cards: recall@1=%.4f recall@5=%.4f MRR@10=%.4f zero-hit=%.4f",
		len(extra), ix.Len(), m.recall1, m.recall5, m.mrr10, m.zeroHit)
	if m.recall5 < minDistractRecall5 {
		t.Errorf("recall@5 = %.4f, below floor %.4f", m.recall5, minDistractRecall5)
	}
	if m.mrr10 < minDistractMRR10 {
		t.Errorf("MRR@10 = %.4f, below floor %.4f", m.mrr10, minDistractMRR10)
	}
}
