package search

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"testing"
)

// TestAblation is the overfitting check behind the constants in params.go
// and the features of the learned second stage. It is skipped unless
// SEARCH_ABLATION is set:
//
//	SEARCH_ABLATION=1 go test -run TestAblation -v ./search/
//
// For the defaults and for each technique switched off it logs the dev-set
// metrics, the same metrics on two halves of the queries split by card (so
// no card has queries in both), and on pseudo-queries made from the cards
// alone: every other intent phrase of each card is held out, the rest
// indexed (and so also learned from, at Build), and the held-out phrase
// searched for. The pseudo-queries never look at queries.jsonl, so a change
// that helps all three is not fitted to the dev queries.
//
// "-f:NAME" removes one feature from the second stage (its weight is fixed
// at 0 and the others are learned without it); "-learning" keeps
// defaultWeights instead of fitting weights at Build; "stage 1 only" ranks
// by the first-stage BM25F score. SEARCH_ABLATION=sweep instead varies the
// first-stage constants one at a time.
func TestAblation(t *testing.T) {
	mode := os.Getenv("SEARCH_ABLATION")
	if mode == "" {
		t.Skip("set SEARCH_ABLATION=1 to run")
	}
	sets := ablationSets(t)
	run := func(name string, p params) {
		m := sets.measure(p)
		t.Logf("%-16s r@1=%.3f r@5=%.3f mrr=%.3f zero=%.3f | half A r@5=%.3f mrr=%.3f | half B r@5=%.3f mrr=%.3f | pseudo(%d) r@5=%.3f mrr=%.3f",
			name, m.dev.recall1, m.dev.recall5, m.dev.mrr10, m.dev.zeroHit, m.halfA.recall5, m.halfA.mrr10,
			m.halfB.recall5, m.halfB.mrr10, m.pseudo.n, m.pseudo.recall5, m.pseudo.mrr10)
	}
	d := defaultParams()
	run("defaults", d)
	off := func(name string, f func(p *params)) {
		p := d
		f(&p)
		run(name, p)
	}
	if mode == "sweep" {
		off("depth=100", func(p *params) { p.depth = 100 })
		off("depth=200", func(p *params) { p.depth = 200 })
		off("folds=2", func(p *params) { p.folds = 2 })
		off("l2=0.01", func(p *params) { p.l2 = 0.01 })
		off("l2=0.1", func(p *params) { p.l2 = 0.1 })
		off("k1=0.9", func(p *params) { p.k1 = 0.9 })
		off("k1=1.6", func(p *params) { p.k1 = 1.6 })
		off("b=0.5", func(p *params) { p.b = 0.5 })
		off("b=0.9", func(p *params) { p.b = 0.9 })
		off("burst=1", func(p *params) { p.burst = 1 })
		off("phrase=2", func(p *params) { p.fieldWeight[fieldPhrase] = 2 })
		off("summary=2", func(p *params) { p.fieldWeight[fieldSummary] = 2 })
		return
	}
	off("-learning", func(p *params) { p.learn = false })
	for i := range numFeat {
		off("-f:"+featNames[i], func(p *params) { p.featOff[i] = true })
	}
	off("-ngram", func(p *params) { p.ngram = false })
	off("-expansion", func(p *params) { p.expandWeight = 0 })
	off("-requests", func(p *params) { p.requestWeight = 0 })
	off("-typo", func(p *params) { p.typoWeight = 0 })
	off("-prefix", func(p *params) { p.prefixWeight = 0 })
	off("-aside", func(p *params) { p.asideWeight = 1 })
	off("-burstiness", func(p *params) { p.burst = 0 })
	off("-idparts", func(p *params) { p.fieldWeight[fieldIDPart] = 0 })
	off("stage 1 only", stageOneOnly)
	off("plain BM25F", plainBM25F)
}

// TestPipelineBeatsPlainBM25F is the ablation's claim kept by every test
// run: the techniques on top of BM25F, together, rank the expected card
// higher (MRR@10) than plain BM25F does, on the development queries, on
// each half of them split by card, and on the pseudo-queries made from the
// cards alone, which no constant was fitted to. A change that helps the
// development queries only by fitting them shows here as a loss on the
// pseudo-queries.
func TestPipelineBeatsPlainBM25F(t *testing.T) {
	sets := ablationSets(t)
	d := defaultParams()
	plain := d
	plainBM25F(&plain)
	got, base := sets.measure(d), sets.measure(plain)
	for _, c := range []struct {
		name      string
		got, base evalMetrics
	}{
		{"development queries", got.dev, base.dev},
		{"half A", got.halfA, base.halfA},
		{"half B", got.halfB, base.halfB},
		{"pseudo-queries", got.pseudo, base.pseudo},
	} {
		if c.got.mrr10 <= c.base.mrr10 {
			t.Errorf("%s: MRR@10 %.3f with every technique, %.3f with plain BM25F", c.name, c.got.mrr10, c.base.mrr10)
		}
	}
}

// stageOneOnly ranks by the first-stage BM25F score alone.
func stageOneOnly(p *params) {
	p.learn = false
	for i := range p.featOff {
		p.featOff[i] = i != featBM25F
	}
}

// plainBM25F is stageOneOnly without the first stage's own additions
// (burstiness, bigrams, typo and prefix matches, expansion, id parts).
func plainBM25F(p *params) {
	stageOneOnly(p)
	p.burst, p.bigramWeight, p.typoWeight, p.prefixWeight, p.expandWeight = 0, 0, 0, 0, 0
	p.fieldWeight[fieldIDPart] = 0
}

// ablationSet is the development set as the ablation reads it: all the
// queries, their two halves split by card, and the two folds of
// pseudo-queries with the cards each is searched against.
type ablationSet struct {
	cards       []Card
	qs, qa, qb  []devQuery
	pseudoCards [2][]Card
	pseudoQs    [2][]devQuery
}

func ablationSets(tb testing.TB) ablationSet {
	cards, qs := loadDevSet(tb)
	s := ablationSet{cards: cards, qs: qs}
	s.qa, s.qb = splitByCard(qs)
	s.pseudoCards, s.pseudoQs = pseudoQueries(cards)
	return s
}

// ablationMetrics are one configuration's metrics on each set; pseudo's
// are the two folds' pooled, weighted by their queries.
type ablationMetrics struct {
	dev, halfA, halfB, pseudo evalMetrics
}

func (s ablationSet) measure(p params) ablationMetrics {
	ix := buildWith(s.cards, p)
	m := ablationMetrics{dev: evaluate(ix, s.qs), halfA: evaluate(ix, s.qa), halfB: evaluate(ix, s.qb)}
	for f := range s.pseudoCards {
		pm := evaluate(buildWith(s.pseudoCards[f], p), s.pseudoQs[f])
		m.pseudo.recall5 += pm.recall5 * float64(pm.n)
		m.pseudo.mrr10 += pm.mrr10 * float64(pm.n)
		m.pseudo.n += pm.n
	}
	m.pseudo.recall5 /= float64(m.pseudo.n)
	m.pseudo.mrr10 /= float64(m.pseudo.n)
	return m
}

// splitByCard splits queries into two halves by a hash of the expected card.
func splitByCard(qs []devQuery) (a, b []devQuery) {
	for _, q := range qs {
		h := fnv.New32a()
		h.Write([]byte(q.Expect))
		if h.Sum32()%2 == 0 {
			a = append(a, q)
		} else {
			b = append(b, q)
		}
	}
	return a, b
}

// pseudoQueries builds two folds: in fold f, phrase i of every card with at
// least two phrases is held out as a query when i%2 == f.
func pseudoQueries(cards []Card) ([2][]Card, [2][]devQuery) {
	var folds [2][]Card
	var qs [2][]devQuery
	for f := range folds {
		for _, c := range cards {
			kept := c
			kept.IntentPhrases = nil
			for i, ph := range c.IntentPhrases {
				if len(c.IntentPhrases) >= 2 && i%2 == f {
					qs[f] = append(qs[f], devQuery{Intent: ph, Expect: c.ID})
				} else {
					kept.IntentPhrases = append(kept.IntentPhrases, ph)
				}
			}
			folds[f] = append(folds[f], kept)
		}
	}
	return folds, qs
}

// TestHeldOutSweep is the held-out check a change of ranking is to pass
// before it is kept, as the quality is judged on a larger set of the
// dev set's construction. It is skipped unless SEARCH_HELDOUT is set:
//
//	SEARCH_HELDOUT=1 go test ./search -run TestHeldOutSweep -v
//
// The dev queries are split in two folds by a hash of their text (a text
// asked of several cards, "Display help", falls in one fold). For each
// variant it logs recall@5 and MRR@10 on each fold and each team set's
// MRR@10 less the defaults'; the variant best on one fold by MRR@10 is
// then reported on the other, so a constant chosen on one half is
// measured on queries it never saw. A change is kept only if it helps on
// both folds and lowers no team set's MRR@10 by more than 0.005.
//
// Measured so in December 2026 (defaults: A, 423 queries, 0.7967 /
// 0.6799, B, 377 queries, 0.8329 / 0.7530, as recall@5 / MRR@10; paired
// MRR@10 differences with their standard errors), none kept:
//
//   - The length normalisation b per field of BM25F, where one b serves
//     all: b 0, 0.25, 0.5, 0.9, 1 for the phrases alone (0.7047 to 0.7122
//     on all 800, every one below 0.7143), for the summary and effects
//     alone (0, 0.25, 0.5, 1: 0.7133 to 0.7161) and for every field but
//     the phrases (0, 0.25, 0.5: 0.7149 to 0.7152). Chosen on A (every
//     field but the phrases at 0, A +0.0025 ± 0.0041), B loses 0.0018 ±
//     0.0046 and fe 0.0155; chosen on B (summary 0.25, B +0.0047 ± 0.0034),
//     A loses 0.0009 ± 0.0028 and fe 0.0049.
//   - Effects and example indexed only where they do not repeat the
//     card's summary and command word for word (every dev card repeats
//     both, no team card does): 0.6412 / 0.8100 / 0.7150; A 0.7896 /
//     0.6799 (-0.0000 ± 0.0014, recall@5 three queries down), B 0.8329 /
//     0.7544 (+0.0015 ± 0.0021), team sets level.
//   - Co-occurrence expansion weighted by P(u | t), the share of the
//     cards holding t that hold u, rather than Jaccard (weights 0.05,
//     0.1, 0.2: 0.7106 to 0.7126 on all 800), and its weight (0, 0.05,
//     0.2, 0.3: 0.7117 to 0.7144) and number of terms (2, 10: 0.7144,
//     0.7145) varied. Chosen on A (10 terms, A +0.0007 ± 0.0013), B loses
//     0.0005 ± 0.0004; chosen on B (weight 0.05, B +0.0010 ± 0.0014), A
//     loses 0.0008 ± 0.0007; team sets level (intl +0.0029 at 0.2).
//   - The style feature (style.go) bounded. On testdata/team-sets/support,
//     whose intents are written by people who are not engineers, in no
//     card writer's hand, a long polite request with commas has a
//     log-likelihood ratio of -8 to +5 across the cards, and the set
//     learns the feature's weight negative (-0.41; -0.13 to 0.29 on the
//     other sets, 0.15 on the dev set). Learned without the feature,
//     support's MRR@10 is 0.8325 (with it 0.7946; 38 intents not first,
//     not 44) and the dev set's 0.7051 (0.7156). Clipped to ±1, ±2, ±4:
//     support 0.8312, 0.8281, 0.8072; A 0.6806, 0.6807, 0.6810 (defaults
//     0.6799), B 0.7512, 0.7535, 0.7538 (0.7556). Divided by one more
//     than the number of the query's attributes: support 0.8260, A
//     0.6772, B 0.7578. Each helps one fold and costs the other.
//
// Every one flips sign between the folds, within a standard error or
// two. What they aimed at: of 75 of the 149 dev queries whose card is not
// in the top 5 (every other one in order), 28 ask a text that names no
// one tool ("Display help" of 8 cards, "Search for a package", "Provide
// a username and password for authentication" of four choco-* cards:
// 19 asked of other cards too; 9 a phrase of another card word for word
// or nearly, "Exclude the header in the output list" is getmac's);
// 19 ask for an option in words no card of the tool holds ("Print
// verbose output", "Overwrite existing files", "Suppress copyright
// message"); 18 say what the tool does in other words, or need
// knowledge of it ("Shred a file" for bleachbit, "Display the OEM unlock
// status" for getprop, "Create an audio file of the spoken text" for
// say); 9 have it 6th to 10th behind a near sibling (automountd before
// automount, copy before set-clipboard); 1 misses a word by its
// tokenizing ("VM's" read as "vms", the card's "VMs" as "vm"; mended
// since, an acronym's possessive is the acronym); none is a negation. The first two are ambiguity of the construction, which
// only its artefact (a query repeating a card's phrase belongs to
// another card, featDup, off on purpose) would exploit.
//
// Measured so again (defaults now A 0.7967 / 0.6799, B 0.8355 /
// 0.7556, as "VM's" is read as the acronym), on what decides the 181
// dev queries whose card is 2nd to 10th: the feature giving the card
// first the most over the right one is featRel in 131 of them (the
// prior 19, style 14, n-gram card cosine 10, word vectors 5, n-gram id
// cosine 2), and in the first stage that card's lead is mostly query
// words it holds and the right card lacks (+491 in BM25F summed over
// them, against -192 for words only the right card holds, +81 for words
// both hold, about ±9 for expansions and typos; by field: phrases +198,
// summary +73, id +43, command +24, effects +18, example +12). None
// kept:
//
//   - The id's weight by how much its word is a name: the id field
//     weighing 1 + 2r rather than 3, r the cards holding the term in
//     their id over those and the cards holding it in the summary or
//     phrases of another card ("print" of print.win, "new" of new-item:
//     words the other cards say), or √r, in the first stage alone or in
//     featID too: A 0.7943 / 0.6798-0.6800, B 0.8329-0.8355 /
//     0.7535-0.7537, asia -0.0031, de -0.0033. Such cards win through
//     their phrases and the n-gram id cosine, not the id's weight (featID
//     gives 0.03 to 0.13 of scores 7 to 11).
//   - The idf to a power, 0.5, 0.75, 0.9, 1.25 (a rare word the card
//     first holds outweighing common ones the right card holds): A
//     0.6696 / 0.6785 / 0.6794 / 0.6795, B 0.7422 / 0.7469 / 0.7539 /
//     0.7522, sec -0.0110, -0.0088, intl -0.0022, support -0.0104. The
//     idf without BM25's 1 + (Robertson-Spärck Jones, floored at 0.05 or
//     0.3): A 0.6786, B 0.7554, de -0.0078 / -0.0039.
//   - A coordination factor, the first-stage score times (query words
//     the card holds / the query's words)^g, by the words' query weight:
//     g 0.25, 0.5, 1: A 0.6793 / 0.6746 / 0.6697, B 0.7525 / 0.7439 /
//     0.7338. The team sets mostly gain (net +0.0171 to +0.0178, game up
//     to +0.0131, mobile +0.0142) but de loses 0.0095 at 0.25, intl
//     0.0052 at 0.5, db 0.0096 at 1: people's requests want every word
//     held, the tldr construction not.
//   - A query word repeated weighing 1 + ln(count) rather than count: A
//     0.6801, B 0.7555, support -0.0032.
//   - A summary's sentences after its first (81 of the 371 dev cards',
//     "This command can only be run through PowerShell"; 9 of the 423
//     team cards') indexed as effects (0.25), command (0.5) or example
//     (0.25): A 0.6789 / 0.6793 / 0.6782, B 0.7587 / 0.7599 / 0.7583,
//     support -0.0094 / -0.0012 / -0.0104.
//   - The query's words after its first clause break (", ", ". ", "; ",
//     ": " outside parentheses) weighing 0.25, 0.5, 0.75, as asides do:
//     tldr text states the need first ("Delete a package, including its
//     unused dependencies"). A 0.6821 / 0.6819 / 0.6812, B 0.7571 /
//     0.7555 / 0.7542, chosen on either fold 0.25 (A +0.0022 ± 0.0025, B
//     +0.0014 ± 0.0024), but support -0.0121, ml -0.0068, db -0.0064:
//     people write the context first and the ask after the comma ("a
//     table was dropped by accident yesterday, how do I get the data
//     back?"). Only when the query's first word heads intent phrases of
//     two cards or more (a verb, learned from the cards), 0.25: A 0.6817,
//     B 0.7576, db -0.0064 ("table" heads some); and only if it heads at
//     least half the phrases of the cards whose phrases hold it, 0.1,
//     0.25, 0.5: A 0.6822 / 0.6810 / 0.6803, B 0.7556 / 0.7563 / 0.7563,
//     support -0.0044 / -0.0012 / -0.0012; chosen on A (0.1), B is level;
//     0.25 is A +0.0011 ± 0.0023 (2 queries better, 3 worse), B +0.0007
//     ± 0.0014 (1 better, 4 worse), and that filter was chosen after
//     seeing the team sets.
//   - Adjacent query bigrams in the first stage (sequential dependence):
//     each bigram a card holds adjacent and in order in its summary or a
//     phrase (or any unit but the id parts) adds g times the mean idf of
//     its two terms, once a card; g 0.1, 0.25, 0.5 and 0.25 over any
//     unit: A 0.6816 /
//     0.6787 / 0.6809 / 0.6786, B 0.7529 / 0.7555 / 0.7465 / 0.7556; the
//     team sets mostly gain (net +0.0171, mobile +0.0101 over any unit),
//     ml -0.0043 and sec -0.0044 (at 0.5 ml -0.0085).
func TestHeldOutSweep(t *testing.T) {
	if os.Getenv("SEARCH_HELDOUT") == "" {
		t.Skip("set SEARCH_HELDOUT=1 to run")
	}
	variants := []struct {
		name string
		set  func(*params)
	}{
		{"defaults", func(*params) {}},
		{"b=0.5", func(p *params) { p.b = 0.5 }},
		{"b=0.9", func(p *params) { p.b = 0.9 }},
		{"expandWeight=0.05", func(p *params) { p.expandWeight = 0.05 }},
		{"expandWeight=0.2", func(p *params) { p.expandWeight = 0.2 }},
		{"expandTop=10", func(p *params) { p.expandTop = 10 }},
	}
	cards, qs := loadDevSet(t)
	var folds [2][]devQuery
	for _, q := range qs {
		h := fnv.New32a()
		h.Write([]byte(q.Intent))
		folds[h.Sum32()%2] = append(folds[h.Sum32()%2], q)
	}
	entries, err := os.ReadDir(teamSetsDir)
	if err != nil {
		t.Fatal(err)
	}
	type teamSet struct {
		name  string
		cards []Card
		qs    []agentQuery
		base  float64
	}
	var teams []teamSet
	for _, e := range entries {
		if e.IsDir() {
			dir := filepath.Join(teamSetsDir, e.Name())
			teams = append(teams, teamSet{e.Name(), loadCardSet(t, dir), loadQuerySet(t, filepath.Join(dir, "queries.jsonl")), 0})
		}
	}
	var fold [2][]evalMetrics // by fold, by variant
	for vi, v := range variants {
		p := defaultParams()
		v.set(&p)
		ix := buildWith(cards, p)
		for f := range folds {
			fold[f] = append(fold[f], evaluate(ix, folds[f]))
		}
		line, worst := "", 0.0
		for i := range teams {
			mrr := measureCardSetWith(t, teams[i].cards, teams[i].qs, p).mrr
			if vi == 0 {
				teams[i].base = mrr
			}
			worst = min(worst, mrr-teams[i].base)
			line += fmt.Sprintf(" %s %+.4f", teams[i].name, mrr-teams[i].base)
		}
		t.Logf("%-18s A(%d) %.4f / %.4f | B(%d) %.4f / %.4f | team sets' MRR@10, worst %+.4f:%s",
			v.name, fold[0][vi].n, fold[0][vi].recall5, fold[0][vi].mrr10, fold[1][vi].n, fold[1][vi].recall5, fold[1][vi].mrr10, worst, line)
	}
	for f := range folds {
		best := 0
		for i, m := range fold[f] {
			if m.mrr10 > fold[f][best].mrr10 {
				best = i
			}
		}
		o := 1 - f
		t.Logf("chosen on %c: %s, on %c %.4f / %.4f (defaults %.4f / %.4f)", 'A'+f, variants[best].name,
			'A'+o, fold[o][best].recall5, fold[o][best].mrr10, fold[o][0].recall5, fold[o][0].mrr10)
	}
}
