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

// addAbbrevTerms adds the indexed partners of st, the stem of a query
// word of weight w that the cards do not hold (see abbreviations), and
// reports whether it added any.
func (ix *Index) addAbbrevTerms(s *scratch, st string, w float32) bool {
	if ix.p.abbrevWeight <= 0 {
		return false
	}
	found := false
	s.abbrev = true // a whole word, however short (see scratch.whole)
	defer func() { s.abbrev = false }()
	for _, p := range abbrevOf[st] {
		if t, ok := ix.indexedTerm(p); ok {
			s.addTerm(t, w*float32(ix.p.abbrevWeight), kindFuzzy)
			found = true
		}
	}
	return found
}
