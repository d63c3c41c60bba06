package search

import "slices"

// abbreviations pairs the short forms engineers write with the words
// they stand for ("db" and "database", "repo" and "repository"): a query
// word that no card holds is searched as its partner when cards hold that
// ("db password" finds the card that says "database password"). Neither
// the stemmer nor the corpus can tell: the co-occurrence expansion learns
// only pairs that one card's phrases happen to both use, and prefix
// matching reaches "repo" from "repository" at a discount meant for
// guesses. Only unambiguous, widespread forms are listed: not "pwd" (the
// directory), "sec" (second or security), "res" (resource or response),
// "temp" (temperature), "ns" (a DNS record), "var" (/var), "proc" (/proc)
// nor "ref" (a git ref). A word the cards do hold is not widened: added to every query
// word, the partners lowered the dev set's MRR@10 from 0.7086 to 0.7078,
// 0.7041 and 0.6974 at weights 0.2, 0.5 and 1 (the cards of a tldr page
// say "dir" or "directory" as they mean, and a query's word is better
// evidence than its partner); for unknown words only, the dev set and the
// agent-style set are level and the typo set gains a query at recall@5.
var abbreviations = [][2]string{
	{"db", "database"}, {"repo", "repository"}, {"env", "environment"},
	{"config", "configuration"}, {"cfg", "configuration"}, {"conf", "configuration"},
	{"prod", "production"}, {"auth", "authentication"}, {"pkg", "package"},
	{"dir", "directory"}, {"msg", "message"}, {"img", "image"},
	{"deps", "dependencies"}, {"dep", "dependency"}, {"passwd", "password"},
	{"pw", "password"}, {"creds", "credentials"}, {"cred", "credential"},
	{"info", "information"}, {"app", "application"}, {"docs", "documentation"},
	{"tmp", "temporary"}, {"stats", "statistics"},
	{"perf", "performance"}, {"mem", "memory"}, {"infra", "infrastructure"},
	{"svc", "service"}, {"admin", "administrator"},
	{"num", "number"}, {"addr", "address"}, {"conn", "connection"},
	{"args", "arguments"}, {"arg", "argument"}, {"params", "parameters"},
	{"param", "parameter"}, {"util", "utility"}, {"lib", "library"},
	{"src", "source"}, {"dest", "destination"},
	{"dst", "destination"}, {"cmd", "command"}, {"err", "error"},
	{"cert", "certificate"}, {"certs", "certificates"}, {"k8s", "kubernetes"},
	{"ver", "version"}, {"mgmt", "management"},
}

// irregularForms pairs the past forms of irregular English verbs with the
// verb, which the stemmer cannot relate ("grew" stays "grew" and "grow"
// "grow"): a request tells what happened in the past tense ("the binary
// grew by 8k", "the image I built") where cards name the verb, and a form
// no card holds is searched as its verb, as an abbreviation is (only that
// way: a card's "build" is no "built"), at irregularWeight. Forms that are other words too
// are left out: "left", "found", "felt", "saw", "fell", "bound", "wound",
// "ground", "rose", "lay", "lit", "led", "fed", "won", "shot", "spoke",
// "bore", "sat", "stuck"; and "went", "gone": cards of developer tools
// say "go" of the Go toolchain ("the pod is gone" is no request for it).
var irregularForms = [][2]string{
	{"built", "build"}, {"rebuilt", "rebuild"}, {"grew", "grow"}, {"grown", "grow"},
	{"ran", "run"}, {"reran", "rerun"}, {"wrote", "write"}, {"written", "write"},
	{"rewrote", "rewrite"}, {"rewritten", "rewrite"}, {"overwrote", "overwrite"},
	{"overwritten", "overwrite"}, {"broke", "break"}, {"broken", "break"},
	{"hung", "hang"}, {"sent", "send"}, {"took", "take"}, {"taken", "take"},
	{"gave", "give"}, {"given", "give"}, {"shown", "show"}, {"chose", "choose"},
	{"chosen", "choose"}, {"froze", "freeze"}, {"frozen", "freeze"},
	{"stole", "steal"}, {"stolen", "steal"}, {"threw", "throw"}, {"thrown", "throw"},
	{"began", "begin"}, {"begun", "begin"}, {"sold", "sell"}, {"told", "tell"},
	{"bought", "buy"}, {"brought", "bring"}, {"caught", "catch"}, {"drew", "draw"},
	{"drawn", "draw"}, {"drove", "drive"}, {"driven", "drive"}, {"fallen", "fall"},
	{"hid", "hide"}, {"hidden", "hide"}, {"kept", "keep"}, {"knew", "know"},
	{"known", "know"}, {"lost", "lose"}, {"made", "make"}, {"paid", "pay"},
	{"spent", "spend"}, {"spoken", "speak"}, {"struck", "strike"},
	{"taught", "teach"}, {"thought", "think"}, {"tore", "tear"}, {"torn", "tear"},
	{"understood", "understand"}, {"woke", "wake"}, {"woken", "wake"},
	{"undid", "undo"}, {"undone", "undo"}, {"redid", "redo"}, {"redone", "redo"},
	{"got", "get"}, {"gotten", "get"},
	{"forgot", "forget"}, {"forgotten", "forget"}, {"held", "hold"},
	{"stood", "stand"}, {"meant", "mean"}, {"dealt", "deal"}, {"sought", "seek"},
	{"dug", "dig"}, {"spun", "spin"}, {"shrank", "shrink"}, {"shrunk", "shrink"},
	{"flew", "fly"}, {"flown", "fly"}, {"blew", "blow"}, {"blown", "blow"},
	{"withdrew", "withdraw"}, {"withdrawn", "withdraw"}, {"slid", "slide"},
}

// abbrevOf maps the stem of each word of abbreviations to the stems of its
// partners.
var abbrevOf = func() map[string][]string {
	m := make(map[string][]string, 2*len(abbreviations))
	add := func(a, b string) {
		if a != b && !slices.Contains(m[a], b) {
			m[a] = append(m[a], b)
		}
	}
	for _, p := range abbreviations {
		a, b := stem(p[0]), stem(p[1])
		add(a, b)
		add(b, a)
	}
	return m
}()

// irregularOf maps the stem of each form of irregularForms to its verb's;
// irregularSiblings maps it to the stems of its verb's other forms
// ("forgotten" to "forgot"): a card may say what happened in the past
// tense too ("forgot password"), and a request in another form of it
// ("I've forgotten my password").
var irregularOf, irregularSiblings = irregularTables(irregularForms, stem)

// irregularTables maps the stem (stemOf) of each form of forms, pairs of
// a form and its verb, to its verb's stem (of) and to the stems of the
// verb's other forms (siblings), in one pass that stems each form and
// each verb once: stemming both of every pair of forms cost every process
// that imports search 12 ms and 28,000 allocations at start, and building
// the two maps apart, each stemming the forms, 0.4 ms and 650.
func irregularTables(forms [][2]string, stemOf func(string) string) (of map[string]string, siblings map[string][]string) {
	type verb struct {
		stem  string
		forms []string // its forms' stems, each once, in the order of forms
	}
	var verbs []*verb // in the order of forms, as siblings' lists are
	byName := make(map[string]*verb)
	of = make(map[string]string, len(forms))
	for _, p := range forms {
		v := byName[p[1]]
		if v == nil {
			v = &verb{stem: stemOf(p[1])}
			byName[p[1]] = v
			verbs = append(verbs, v)
		}
		f := stemOf(p[0])
		of[f] = v.stem
		if !slices.Contains(v.forms, f) {
			v.forms = append(v.forms, f)
		}
	}
	siblings = make(map[string][]string, len(forms))
	for _, v := range verbs {
		for _, f := range v.forms {
			for _, g := range v.forms {
				if g != f && !slices.Contains(siblings[f], g) {
					siblings[f] = append(siblings[f], g)
				}
			}
		}
	}
	return of, siblings
}

// addAbbrevTerms adds the indexed partners of st, the stem of a query
// word of weight w that the cards do not hold (see abbreviations), or the
// verb of the irregular form st and the verb's other forms (see
// irregularForms, irregularSiblings), and reports whether it added any.
func (ix *Index) addAbbrevTerms(s *scratch, st string, w float32) bool {
	found := false
	s.abbrev = true // a whole word, however short (see scratch.whole)
	defer func() { s.abbrev = false }()
	if v, ok := irregularOf[st]; ok && ix.p.irregularWeight > 0 {
		if t, ok := ix.indexedTerm(v); ok {
			s.addTerm(t, w*float32(ix.p.irregularWeight), kindFuzzy)
			found = true
		}
		for _, f := range irregularSiblings[st] {
			if t, ok := ix.indexedTerm(f); ok {
				s.addTerm(t, w*float32(ix.p.irregularWeight), kindFuzzy)
				found = true
			}
		}
	}
	if ix.p.abbrevWeight <= 0 {
		return found
	}
	for _, p := range abbrevOf[st] {
		if t, ok := ix.indexedTerm(p); ok {
			s.addTerm(t, w*float32(ix.p.abbrevWeight), kindFuzzy)
			found = true
		}
	}
	return found
}
