package search

// params are the ranking constants. They are few on purpose and were set
// coarsely (round values, one at a time) on the development set and on
// pseudo-queries held out from the cards themselves; see eval_test.go for
// the measurements and tune_test.go for the checks. None is specific to a
// card or a query. The weights of the second stage are not here: Build
// learns them (learn.go).
type params struct {
	// maxTerms bounds the vocabulary (MaxTerms); 0 is no bound.
	maxTerms int
	// k1 and b are the usual BM25 saturation and length normalisation.
	k1, b float64
	// fieldWeight scales each field's term frequency in BM25F.
	fieldWeight [numFields]float64
	// burst raises each term's idf by (phrases containing it / cards
	// containing it)^burst: a word that recurs across one tool's examples
	// is topical for that tool, so a new example of the tool likely repeats it.
	burst float64
	// bigramWeight is the proximity bonus, as a fraction of the idf of both
	// terms, for a query bigram found adjacent and in order in a phrase
	// (the featBestPhrase and featBigram features).
	bigramWeight float64
	// typoWeight is shared by the terms one edit away from an unknown word.
	typoWeight float64
	// prefixWeight discounts a term that extends, or is extended by, a
	// query term (morphology the stemmer leaves apart).
	prefixWeight float64
	// asideWeight is the query-side weight of a word inside parentheses.
	// tldr-style descriptions put remarks there ("(defaults to 10s)",
	// "(run in elevated console)", "(Note: `remove` can also be used
	// instead of `uninstall`)"): details of one example rather than what
	// the tool is for, so they mislead the match when counted in full.
	// The words of an identifier the cards do not hold weigh as much (see
	// identRun).
	asideWeight float64
	// abbrevWeight is the query-side weight, relative to the word's, of the
	// partner of an abbreviation the cards do not hold ("database" for
	// "db", see abbreviations).
	abbrevWeight float64
	// irregularWeight is the query-side weight, relative to the word's, of
	// the verb of an irregular past form the cards do not hold ("grow" for
	// "grew", see irregularForms), and of the verb's other past forms
	// ("forgot" for "forgotten", irregularSiblings): a guess from the form's spelling, which
	// may be a noun or adjective of the request ("logs sent to syslog"). At
	// 1 a pseudo-query lost a rank to another card's "send"; at 0.5 and
	// 0.75 the dev set, its halves and the pseudo-queries are as before.
	irregularWeight float64
	// expandWeight discounts co-occurrence expansion terms (times their
	// Jaccard similarity); expandTop caps how many each query term brings.
	expandWeight float64
	expandTop    int
	// requestWeight scales, in the first stage, the words a card's words
	// predict a request for it brings (novel.go), times P(word | card word).
	requestWeight float64

	// depth is how many of the best first-stage (BM25F) cards the learned
	// second stage re-ranks, whatever the limit up to it: a shorter list
	// is then the start of a longer one (with 50, a limit of 100 re-ranked
	// 100 cards and put some above ones a limit of 10 listed, in 90 of the
	// 800 dev queries). It is the HTTP API's largest limit.
	depth int
	// learn enables fitting the second-stage weights at Build on
	// pseudo-queries held out from the cards; otherwise, and when the
	// cards yield too few pseudo-queries, defaultWeights are used.
	learn bool
	// folds is 1 to learn from the phrases at odd positions held out (the
	// construction of real queries), 2 to also learn from the even ones.
	folds int
	// l2 is the strength, per pseudo-query, of the pull of the learned
	// weights towards defaultWeights.
	l2 float64
	// ngram enables the character n-gram features (ngram.go).
	ngram bool
	// featOff removes features from the second stage (weight fixed at 0),
	// for ablation.
	featOff [numFeat]bool
}

func defaultParams() params {
	return params{
		maxTerms: DefaultMaxTerms,
		k1:       1.2,
		b:        0.75,
		fieldWeight: [numFields]float64{
			fieldID:       3, // a query naming the tool is decisive
			fieldSummary:  1,
			fieldPhrase:   1,
			fieldCommand:  0.5, // flags and placeholders: weaker evidence
			fieldExample:  0.25,
			fieldEffects:  0.25, // often restates the summary
			fieldReplaces: 0.5,  // raw commands, like the command field
			fieldIDPart:   1,
		},
		burst:           0.5,
		bigramWeight:    0.25,
		typoWeight:      0.5,
		prefixWeight:    0.1,
		asideWeight:     0.1,
		abbrevWeight:    1.0,
		irregularWeight: 0.5,
		expandWeight:    0.1,
		expandTop:       5,
		requestWeight:   0.2,
		depth:           100,
		learn:           true,
		folds:           1,
		l2:              0.03,
		// The near-duplicate feature is off: it learns, from held-out
		// phrases, that a query repeating a card's phrase belongs to another
		// card. That is true of the held-out construction and wrong for a
		// user who types a card's phrase verbatim.
		featOff: [numFeat]bool{featDup: true},
		ngram:   true,
	}
}
