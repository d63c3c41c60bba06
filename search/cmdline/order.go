package cmdline

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// specificity is how much of a command a replaces pattern pins, which
// orders the cards that match one line: an agent about to type "docker
// compose down -v" wants the card of "docker compose down -v*" (which
// deletes volumes) before the one of "docker compose down", which also
// matches, as a command may give options a pattern does not name. Card
// order said nothing of that.
type specificity struct {
	// words are the pattern's words matched exactly: with no glob and no
	// placeholder.
	words int
	// options are the options it names, exactly or by a glob ("-v*").
	options int
	// bytes are the characters it matches exactly, those of the words
	// holding a glob or a placeholder included: "rm -rf dist*" pins more
	// than "rm -rf <dir>".
	bytes int
	// wild are its words holding a glob or a placeholder, or, in a
	// pattern read as a regexp, regexp syntax.
	wild int
	// respelled is 2 for a match that holds only by another spelling of
	// an option than the line's ("pg_restore --dbname *" of "pg_restore
	// -c -d app"), which an equal match of the line's own spelling
	// ("pg_restore -c *") goes before, and 1 for one that holds only by a
	// bundle of the line read as its options ("git clean -f*" of "git
	// clean -nf", after "git clean -n*"); see respelling. It is 3 more
	// for a match of a pattern written with another name of a docker
	// subcommand ("docker rm -f *" of "docker container rm -f web"), which
	// a pattern of the line's own name goes before (see compileNamed).
	respelled int
}

// compare orders a before b when it is more specific: more words matched
// exactly, then more options named, then more characters matched exactly,
// then the line's own spelling of its options, then fewer wildcards.
func (a specificity) compare(b specificity) int {
	return cmp.Or(cmp.Compare(a.words, b.words), cmp.Compare(a.options, b.options),
		cmp.Compare(a.bytes, b.bytes), cmp.Compare(b.respelled, a.respelled), cmp.Compare(b.wild, a.wild))
}

// tokenSpecificity is the specificity of a pattern matched by its shell
// tokens (operators count for nothing).
func tokenSpecificity(toks []shellToken) specificity {
	var s specificity
	for _, t := range toks {
		switch n := globOptions(t); {
		case t.op:
		case n > 0:
			// A glob of options pins those its text starts with, as a
			// bundle written whole names each of its options: "git clean
			// -fdx*" names as much of "git clean -fdx" as "git clean
			// -fdx" does, and more than "git clean --force *".
			s.words += n
			s.options += n
			s.bytes += 2 * n
			s.wild++
		default:
			// An option known by another spelling counts as its short
			// one, by which either spelling matches: "rm --recursive *"
			// names no more of "rm -rf build" than "rm -r *" does.
			s.add(spelling(t.spelled, t.text), wildWord(t.text), globChars)
		}
	}
	return s
}

// globOptions is how many short options a pattern word that is a glob of
// a bundle, a command's options capreg knows (spellOptions marks it
// spellable), names by the letters before its star: 3 for git clean's
// "-fdx*"; 0 for a glob of one option ("-v*", which may match it by
// another spelling only), of a long one ("--force*" is --force,
// --force-with-lease and --force-if-includes), or of one dash and a few
// letters of a command capreg does not know, which may be an option of
// its own ("java -jar*", "terraform apply -var*").
func globOptions(t shellToken) int {
	if lead := globBundleOf(t); t.spellable && lead != "" {
		return len(lead) - 1
	}
	return 0
}

// regexpSpecificity is the specificity of a pattern read as a regular
// expression, by its words as white space separates them: a word holding
// regexp syntax or a placeholder is a wildcard, and only its characters
// that are no regexp syntax count as matched exactly. A long option some
// command spells otherwise counts as a short one, as in a pattern matched
// by its words ("git push .* --force" names no more than "git push
// --force"). A " | " and the
// other operators between words count for nothing.
func regexpSpecificity(pat string) specificity {
	var s specificity
	// A "^" that starts the pattern names nothing: the regexp is anchored
	// at the command's start with it or without it.
	for w := range strings.FieldsSeq(strings.TrimPrefix(pat, "^")) {
		switch w {
		case "|", "||", "&", "&&", ";":
			continue
		}
		// A class's letters match one of them, no literal text:
		// "--[a-z]*" names two characters, not five, and no option.
		lit := bracketClass.ReplaceAllString(spelledAnywhere(w), "")
		s.add(lit, strings.ContainsAny(w, regexpChars) || placeholderRe.MatchString(w), regexpChars)
		if isOption(lit) && strings.Trim(lit, "-"+regexpChars) == "" {
			s.options--
		}
		if optionChoice.MatchString(w) {
			s.options++ // "(-f|--force)" names an option, as "--force*" does
		}
	}
	return s
}

// bracketClass is a class of a regexp, "[a-z]", "[^/]".
var bracketClass = regexp.MustCompile(`\[\^?\]?[^\]]*\]`)

// optionChoice is a regexp word that is an alternation of options.
var optionChoice = regexp.MustCompile(`^\(-[^|()\s]+(\|-[^|()\s]+)+\)$`)

// globChars and regexpChars are the characters of a word that match
// something other than themselves, as a glob and as a regexp.
const (
	globChars   = "*?"
	regexpChars = `\.*+?[](){}|^$`
)

// wildWord reports whether a pattern word holds a glob or a placeholder.
func wildWord(w string) bool {
	return strings.ContainsAny(w, globChars) || placeholderRe.MatchString(w)
}

// add counts one word of a pattern, wild or not, whose characters of
// special are no literal text.
func (s *specificity) add(w string, wild bool, special string) {
	if isOption(w) {
		s.options++
	}
	if !wild {
		s.words++
		s.bytes += len(w)
		return
	}
	s.wild++
	w = placeholderRe.ReplaceAllString(w, "")
	s.bytes += len(w) - countAny(w, special)
}

// countAny counts the bytes of s that are among chars.
func countAny(s, chars string) int {
	n := 0
	for i := range len(s) {
		if strings.IndexByte(chars, s[i]) >= 0 {
			n++
		}
	}
	return n
}

// sortPatterns puts a card's patterns most specific first, in Replaces
// order among equals, so that the first that matches a command is the
// one the answer names and ranks its card by (see matchCard).
func sortPatterns(pats []commandPattern) {
	slices.SortStableFunc(pats, func(a, b commandPattern) int { return b.spec.all[ownWords].compare(a.spec.all[ownWords]) })
}

// cardMatch is one card that matches a line, with the pattern that does.
type cardMatch struct {
	card, at int
	spec     specificity
}

// orderMatches sorts the matches most specific first, and equals by card
// id (then by card order), so that the answer does not depend on the
// order in which cards were scanned; and returns the cards and their
// patterns.
func (m *Matcher) orderMatches(ms []cardMatch) (cards, pats []int) {
	slices.SortStableFunc(ms, func(a, b cardMatch) int {
		return cmp.Or(b.spec.compare(a.spec), strings.Compare(m.ids[a.card], m.ids[b.card]))
	})
	for _, c := range ms {
		cards, pats = append(cards, c.card), append(pats, c.at)
	}
	return cards, pats
}
