package cmdline

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// commandPattern is one compiled Replaces entry.
type commandPattern struct {
	// re is the pattern as a regular expression, anchored at the start of a
	// command, when the pattern looks like one and compiles.
	re *costedRegexp
	// lead is the path a regexp pattern names its command by, as written
	// at its start ("bin/rails" of "^bin/rails db:.*", "./bin/rake" of
	// "^\./bin/rake db:.*"), or "": a command the line names by the same
	// path, written otherwise ("./bin/rails", "/work/app/bin/rails"), is
	// tried as written so (see namedByLead).
	lead string
	// pathNamed: a regexp pattern's first word names its command by a
	// path of regexp syntax, which lead cannot give ("(vendor/)?bin/phpunit"),
	// so a command given by a path is tried as the line writes it too.
	// pathDot: that path may start with "./" (the word writes \./, or
	// starts with a dot), so the command's "./" is kept.
	pathNamed, pathDot bool
	// ops is how many control operators re spans (see pipesAndLists): it
	// is tried on that many commands after the first, never on the rest of
	// the line, or "git push .* --force" would match "git push origin &&
	// echo --force".
	ops int
	// literal are the pattern's shell tokens; a regexp is also matched by
	// its literal reading, so a pattern always matches its own text.
	literal []tokenMatcher
	// inner are the tokens of the command a pattern's precommand runs
	// ("prettier --write *" of "npx prettier --write *"), which match
	// that command however it is run; nil for a pattern read as a regexp
	// or whose precommand runs a word starting with a glob or a
	// placeholder ("sudo *"), or sets its variables (see innerCommand).
	inner []tokenMatcher
	// whole is literal and inner with the pattern's bundles of short
	// options whole, when splitShortArguments split some: a line whose
	// words are read as another command's keeps its bundles whole, and
	// matched literal no more. A pointer, as few patterns have one and
	// every try reads the pattern.
	whole *wholeReading
	// env are the NAME=value words a pattern starts with ("DRY_RUN=1 make
	// deploy"), which the command must be given among its own (see
	// hasAssignments); literal then starts at the command.
	env []tokenMatcher
	// at is the pattern's index in its card's Replaces.
	at int
	// asWords: the pattern is matched against a command's words as
	// argumentWords reads them, a substitution one word; a regexp, or a
	// pattern that writes a substitution out ("kill -9 $(lsof -t
	// -i:<port>)"), is matched against the tokens as written.
	asWords bool
	// spec is how specific the pattern is, and how specific inner is: a
	// command matched by inner matched the pattern's words from the
	// command its precommand runs. It is kept apart, as only a pattern
	// that matches reads it, and every try reads the rest: in the
	// pattern, it made a line against 1,000 cards 15% slower.
	spec *patternSpec
}

// patternSpec is how specific a pattern is (see specificity), whole and
// in its inner command, for a match as written and for one that holds
// only through a bundle read as its options or another spelling of an
// option, by respelling level (ownWords, splitOnly, spelledOnly).
type patternSpec struct {
	all, inner [3]specificity
}

// newPatternSpec is the patternSpec of all and inner.
func newPatternSpec(all, inner specificity) *patternSpec {
	ps := &patternSpec{}
	for level := range ps.all {
		ps.all[level], ps.inner[level] = all, inner
		ps.all[level].respelled, ps.inner[level].respelled = level, level
	}
	return ps
}

// tokenMatcher matches one command token: equal text, or, for a pattern
// token holding a <placeholder> or a shell glob (* ?), an anchored regexp.
// A word matches only a word and an operator only the same operator, so
// "rm -rf <dir>" does not match "rm -rf; ls".
type tokenMatcher struct {
	text string
	re   *costedRegexp
	op   bool
	// negated: an operator ending a pipeline whose status "!" inverts
	// (see shellToken.negated), which matches only such a one.
	negated bool
	// opt: the pattern word is an option ("--force", "-count=*"), which a
	// command may give after other options or operands (see matchWords).
	opt bool
	// operand: the pattern word starts with a <placeholder> ("<url>",
	// "<user>@<host>"), which stands for an operand, so it matches no
	// option word: "psql <url>" matched "psql -l", taking -l for the url;
	// nor "--", which ends the options and is no operand ("cat <a> <b>"
	// matched "cat -- a"; a "--" of an option's value, "--x=--", is a
	// word of that value).
	// An option the command gives in its place is passed over as any
	// other (matchWords): "psql <url>" matches "psql -X postgres://db". A
	// glob ("kubectl logs *") still matches any word.
	operand bool
	// redir: the pattern word is a redirection ("<", "2>"), which a word
	// the line quotes or escapes ("\\>", "'>'") is not.
	redir bool
	// bundle: the pattern word is one to three short options bundled
	// ("-f", "-rf", "-it", "-xzf"), which a command may bundle in another
	// order or with others ("-fu", "-fr", "-ti", "-rfv"), as getopt reads
	// them. Four letters or more after one dash are a long option, as
	// Go's tools and find write them: "-trace" holds the letters of
	// "-race".
	bundle bool
	// getopt: the pattern word is a bundle of one short option in a
	// command that reads no long option after one dash (see permutes), so
	// a command word of up to maxLineBundle letters holds it as any
	// bundle does: "rm -Rfv" holds the -f of "rm -f *", which it slipped
	// past when a one-letter option was looked for in two letters only.
	getopt bool
	// args: the options that take an argument of the command the bundle
	// is given to, when capreg knows them (argumentOptions): a command
	// word's letters after one of them are its argument, no options
	// ("pg_restore -Fc" is -F c, and holds no -c).
	args *optionSet
	// dot: the pattern word is "./" and then a glob or a placeholder
	// ("rm -rf ./*", "./<dir>"), which says the operand is a relative
	// path: it matches only a word written with "./". Read as "*" alone,
	// "rm -rf ./*" matched "rm -rf /".
	dot bool
	// fold: the pattern word's letters (outside its placeholders) are
	// capitals, two or more ("FLUSHALL", "DROP TABLE *"): a keyword of a
	// tool that reads its keywords in any case (Redis, SQL), which
	// matches in any case. An option ("-XPOST") or a NAME=value word
	// keeps its case, as the command reads it. Such a tool reads its
	// text by words, so the white space around them in the line's word,
	// and how much there is between them, says nothing: "psql -c DROP*"
	// matches "psql -c \"⏎  DROP TABLE x\"", as an agent writes a query
	// of several lines (see keywordSpacing).
	fold bool
	// anyOperand: the pattern word starts with a placeholder or is a glob
	// of stars alone ("<dir>", "<user>@<host>", "*"): it matches any
	// operand, so also those xargs appends to the command it runs, which
	// the line does not show (see shellToken.fed).
	anyOperand bool
	// span: the pattern word is a glob of stars alone ("*"), which, with
	// more words of the pattern after it, takes one word of the command
	// or more (see matchSpan).
	span bool
	// spelled: the letter of the short option the pattern word is
	// another spelling of ('f' for git push's "--force", see
	// optionSpellings), or 0.
	spelled byte
	// globBundle: the pattern word is a glob of a bundle of options and a
	// star ("-fdx*"), which also matches a bundle of the line holding its
	// letters in another order ("-xdf", see globBundleOf).
	globBundle string
	// dashes: the pattern word is "--", no option's value, which ends
	// the options: it matches only a word of the line that is "--" as
	// bash gives it, not the value of "--x=--" (glued), which ends none.
	dashes bool
	// action: the pattern word is one of the command a find -exec runs;
	// an option of find's, not so, matches no such word of the line
	// (shellToken.action), where one of the command's matches either.
	action bool
}

// match reports whether the token matches, paying b for a regexp run: a
// glob token has no cost limit of its own (card-replaces-cost counts only
// patterns read as regexps), and "a*" 1,000 times over took 85 ms a 4 KiB
// token.
func (m tokenMatcher) match(tok shellToken, b *budget) bool {
	switch {
	case m.op != tok.op, m.operand && !tok.glued && (isOption(tok.text) || tok.text == "--"), m.dot && !tok.dot,
		m.redir && (tok.quoted || tok.glued), // an option's value is no redirection: the ">" of "--x='>'"
		m.dashes && tok.glued,
		m.opt && tok.glued,               // an option's value is no option: "--force" of "git push -o --force"
		m.opt && tok.action && !m.action: // find's -delete is not echo's of "find -exec echo -delete {} \;"
		return false
	case tok.fed:
		return m.anyOperand
	case m.re != nil:
		// A glob of an option matches its other spelling too: "docker
		// compose down -v*" matches "--volumes", and "git push --force*"
		// "-f" (spellGlobs).
		return m.re.match(tok.text, b) || tok.bundle != "" && m.re.match(tok.bundle, b) ||
			m.globBundle != "" && (holdsLetters(m.globBundle, tok.bundle) || bundles(m.globBundle, tok.text, true, nil)) ||
			tok.spelled != 0 && m.opt && m.re.match(spelling(tok.spelled, ""), b) ||
			m.spelled != 0 && tok.spellable && spelling(tok.spelled, tok.text) == shortOptions[m.spelled]
	}
	if m.text == tok.text || m.fold && (strings.EqualFold(m.text, tok.text) || spacedKeywords(m.text, tok.text)) ||
		m.bundle && bundles(m.text, tok.text, m.getopt, m.args) {
		return true
	}
	if m.spelled == 0 && tok.spelled == 0 || !tok.spellable {
		return false // no other spelling, or the line's word is no option there
	}
	// Another spelling of the same option: "--force" and "-f" both read
	// as -f, which a bundle may hold ("git push --force" matches "git
	// push -fu").
	want, got := spelling(m.spelled, m.text), spelling(tok.spelled, tok.text)
	return want == got || isShortOption(want) && bundles(want, got, m.getopt, m.args)
}

// regexpPath reads how a regexp pattern's first word (without a leading
// ^) names its command by a path: lead is the path when the word writes
// it literally, its \. read as a dot ("./bin/rails" of "^\./bin/rails
// db:.*"); else named says the word holds a slash amid other regexp syntax
// ("(vendor/)?bin/phpunit"), and dot whether that path may start with
// "./" (the word starts with a dot, or writes \./).
func regexpPath(pat string) (lead string, named, dot bool) {
	w := firstField(strings.TrimPrefix(pat, "^"))
	if !strings.Contains(w, "/") {
		return "", false, false
	}
	if literal := strings.ReplaceAll(w, `\.`, "."); !strings.ContainsAny(literal, `\*+?[](){}|^$`) {
		return literal, false, false
	}
	return "", true, strings.HasPrefix(w, ".") || strings.Contains(w, `\./`)
}

// globBundleOf is the bundle a pattern word that is a bundle of two or
// more options and a star ("-fdx*") starts with ("-fdx"), or "". Such a
// glob names those options and allows more, as a bundle written whole
// does, so it matches them in any order: "git clean -fdx*" matches "git
// clean -xdf", which the glob read as written does not.
func globBundleOf(t shellToken) string {
	lead, found := strings.CutSuffix(t.text, "*")
	if !found || t.glued || t.quoted || t.dot || !isLetterBundle(lead) || !distinctLetters(lead[1:]) || len(lead) > 1+maxBundle {
		return ""
	}
	return lead
}

// caseless reports whether a pattern word is a keyword matched in any
// case (see tokenMatcher.fold).
func caseless(tok string) bool {
	if tok == "" || tok[0] == '-' || strings.Contains(tok, "=") {
		return false
	}
	capitals := 0
	for _, c := range placeholderRe.ReplaceAllString(tok, "") {
		switch {
		case c >= 'A' && c <= 'Z':
			capitals++
		case unicode.IsLetter(c):
			return false
		}
	}
	return capitals >= 2
}

// spacedKeywords reports whether the line's word w is the pattern's
// keyword word want in any case once the white space around its words is
// read as one blank ("\n  FLUSHALL\n" is FLUSHALL, "DROP\n  TABLE x" is
// "DROP TABLE x"; see tokenMatcher.fold). Most words hold no white space,
// and are read no further.
func spacedKeywords(want, w string) bool {
	if !strings.ContainsAny(w, " \t\n\r") {
		return false
	}
	// ASCII white space only, as the line's words are split: a no-break
	// space is text, to bash and to the tool ("\u00a0FLUSHALL" is no
	// command of Redis's, "VACUUM\u00a0FULL" no statement of SQL's),
	// whether or not the word holds a blank too.
	return strings.EqualFold(want, strings.Join(strings.FieldsFunc(w, asciiSpace), " "))
}

// keywordSpacing makes the regexp of a keyword word (tokenMatcher.fold),
// as compileToken writes it, read the line's word as spacedKeywords does:
// white space before and after it passed over, and a run of it for a
// blank between its words.
func keywordSpacing(re string) string {
	return `\s*` + strings.ReplaceAll(re, " ", `\s+`) + `\s*`
}

// maxBundle is the most letters a pattern word of one dash may have and
// still be read as bundled short options (see tokenMatcher.bundle).
const maxBundle = 3

// bundles reports whether the command word w bundles every short option
// of the pattern word want, both a dash and letters only. A word of more
// than maxLineBundle letters, or one that repeats a letter, is a long
// option of one dash, not a bundle: "-timeout" holds the letters of
// "-it", "-format" those of "-rf". For a pattern word of one letter, as
// "-f" is in "git push -fu", the command word has two letters at most:
// "-vet" (go vet -vet=off) is more likely a long option than -v bundled,
// unless the command reads none (getopt, see tokenMatcher.getopt).
// An option and its argument written together read as a bundle too
// ("git -Cx" holds -x), unless args, the command's options that take an
// argument, are known ("pg_restore -Fc" holds no -c): a wrapper offered
// for a command it does not replace costs less than "rm -Rf" slipping
// past the one that replaces "rm -f *".
func bundles(want, w string, getopt bool, args *optionSet) bool {
	if args != nil && len(w) > 2 && w[1] != '-' {
		if i := strings.IndexAny(w[1:], args.short); i >= 0 {
			w = w[:i+2] // the rest is that option's argument: "-cFcustom" is -c -F
		}
		if w == want {
			return true
		}
	}
	if len(w) > 1+maxLineBundle || len(want) == 2 && len(w) > 3 && !getopt || !isLetterBundle(w) || !distinctLetters(w[1:]) {
		return false
	}
	return lettersIn(want, w)
}

// holdsLetters reports whether the bundle a line's word was split from
// (shellToken.bundle: its letters each an option, "" for none) holds
// every letter of the pattern's bundle want, a letter it repeats
// included ("git clean -ffdx" holds -fdx).
func holdsLetters(want, split string) bool {
	return isLetterBundle(split) && lettersIn(want, split)
}

// lettersIn reports whether every letter of the bundle want is one of
// the bundle w's, both a dash and letters.
func lettersIn(want, w string) bool {
	for _, c := range want[1:] {
		if !strings.ContainsRune(w[1:], c) {
			return false
		}
	}
	return true
}

// maxLineBundle is the most letters a command word of one dash may have
// and be read as bundled short options ("ls -lahtr").
const maxLineBundle = 5

// distinctLetters reports whether no byte of w repeats.
func distinctLetters(w string) bool {
	for i := 1; i < len(w); i++ {
		if strings.IndexByte(w[:i], w[i]) >= 0 {
			return false
		}
	}
	return true
}

// isShortOption reports whether w is a dash and one ASCII letter.
func isShortOption(w string) bool {
	return len(w) == 2 && w[0] == '-' && (w[1]|0x20) >= 'a' && (w[1]|0x20) <= 'z'
}

// isLetterBundle reports whether w is a dash and two or more ASCII letters.
func isLetterBundle(w string) bool {
	if len(w) < 3 || w[0] != '-' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// placeholderRe finds <placeholder> spans: "<" + one or more characters
// other than space and angle brackets + ">".
var placeholderRe = regexp.MustCompile(`<[^\s<>]+>`)

// regexSyntax is what marks a pattern as a regular expression: a dot
// repeated (.* .+ .?), an escape class (\s \d \w \b and their negations, or
// an escaped punctuation mark), a bracket class, a group option (?...), a
// counted repetition, an alternation inside parentheses that are not a
// shell's $( ), a group repeated ("npm i(nstall)?"), a leading ^ or a
// trailing $ glued to a word ("^git push", "git status$").
var regexSyntax = regexp.MustCompile(`\.[*+?]|\\[sSdDwWbB.()\[\]{}|*+?^$]|\[[^\]]+\]|\(\?|\{\d+(,\d*)?\}|(^|[^$])\([^()]*\|[^()]*\)|\)[*+?]|^\^|[^\s$]\$$`)

// regexLike reports whether a pattern is meant as a regular expression.
// A bracket class in quotes holding no blank ("jq '.items[0]'", "tr
// '[:upper:]' '[:lower:]'", "echo '[x]'") makes none: bash reads a quoted
// "[" as text, as it does a quoted "*" (see literalText), and the regexp
// such a pattern was read as matched "echo 'x'" and not its own command.
func regexLike(pat string) bool {
	if !regexSyntax.MatchString(pat) {
		return false
	}
	if !strings.Contains(pat, "[") || !strings.ContainsAny(pat, `'"`) {
		return true
	}
	return regexSyntax.MatchString(quotedBracketsAsText(pat))
}

// quotedBracketsAsText is pat with the brackets in its quotes that hold
// no blank written as "_", which no regexp syntax holds, so that they make
// no class (see regexLike). A quote a backslash escapes opens none.
func quotedBracketsAsText(pat string) string {
	b := []byte(pat)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '\\':
			i++
		case '\'', '"':
			end := strings.IndexByte(pat[i+1:], c)
			if end < 0 {
				return string(b)
			}
			end += i + 1
			if q := pat[i+1 : end]; !strings.ContainsAny(q, " \t\n") {
				for k := i + 1; k < end; k++ {
					if b[k] == '[' || b[k] == ']' {
						b[k] = '_'
					}
				}
			}
			i = end
		}
	}
	return string(b)
}

// wholeReading is commandPattern.whole.
type wholeReading struct{ literal, inner []tokenMatcher }

// compileCommandPattern implements the rule documented in the package doc. It
// reports false for a pattern that is empty after trimming, or holds no
// word outside a comment.
func compileCommandPattern(raw string) (commandPattern, bool) {
	rd := readPattern(raw)
	re, _ := rd.compile()
	return compileReading(rd, re)
}

// compileReading is compileCommandPattern of a pattern read (readPattern)
// whose regexp, if it is read as one, is re, compiled (rd.compile).
func compileReading(rd patternReading, re *costedRegexp) (commandPattern, bool) {
	p, split, ok := compilePattern(rd, re, true)
	if ok && split {
		// The line may read the command of a bundle otherwise (its
		// words after a substitution, "docker run -v $(pwd):/w alpine rm
		// -rf x"), and keep the bundle whole. How specific the pattern is
		// is read from its options one by one: "rm -rf <dir>" names as
		// much as "rm -r -f <dir>" and "rm --recursive --force <dir>".
		// Only its words are kept: its regexp is p's.
		if q, _, ok := compilePattern(rd, nil, false); ok {
			p.whole = &wholeReading{q.literal, q.inner}
		}
	}
	return p, ok
}

// patternReading is a replaces pattern read once: collapsed as a command
// line is split, newlines included, and the regular expression it is
// read as, so that compiling it and checking it (CheckPattern) read and
// parse it once, and regexSyntax runs on it once.
type patternReading struct {
	pat  string // collapseLines(dropHereDocs(raw))
	expr string // regexpSource's: the regexp before it is anchored, or "" (not regexLike)
	err  error  // regexpSource's: why expr does not parse
}

// readPattern reads the pattern raw.
func readPattern(raw string) patternReading {
	pat := collapseLines(dropHereDocs(raw))
	expr, err := regexpSource(pat)
	return patternReading{pat: pat, expr: expr, err: err}
}

// regexpLike reports whether the pattern is meant as a regular expression
// (regexLike of its collapsed text), whether or not it parses.
func (rd patternReading) regexpLike() bool { return rd.expr != "" }

// isRegexp reports whether the pattern is read as a regexp (regexp's
// bool), without writing the regexp out.
func (rd patternReading) isRegexp() bool { return rd.expr != "" && rd.err == nil }

// regexp is PatternRegexp of the pattern: its regexp anchored, or false.
// The pattern must compile on its own before it is wrapped (regexpSource),
// or an unbalanced one such as "a)|(b" would escape the anchoring. A |
// with spaces around it is a shell pipe ("curl .* | sh"), not an
// alternation.
func (rd patternReading) regexp() (string, bool) {
	if !rd.isRegexp() {
		return "", false
	}
	return `^(?:` + rd.expr + `)(?:\s|$)`, true
}

// compile compiles the pattern's regexp (compileCosted) and returns it
// with its parse, or nils when the pattern is no regexp, or its regexp
// does not compile.
func (rd patternReading) compile() (*costedRegexp, *syntax.Regexp) {
	expr, ok := rd.regexp()
	if !ok {
		return nil, nil
	}
	re, parsed, _ := compileCostedParse(expr)
	return re, parsed
}

// runs is PatternRuns of the pattern.
func (rd patternReading) runs() int {
	if !rd.isRegexp() {
		return 1
	}
	if _, named, _ := regexpPath(rd.pat); named {
		return 2
	}
	return 1
}

// compilePattern is compileReading, with the bundles of short options of
// the commands that read them anywhere split or not (see
// splitShortArguments), and whether it split any. re is the pattern's
// regexp compiled, when it is read as one; nil leaves p.re nil.
func compilePattern(rd patternReading, re *costedRegexp, bundles bool) (p commandPattern, split, ok bool) {
	pat := rd.pat // split as a command line is, newlines included
	if pat == "" {
		return commandPattern{}, false, false
	}
	isRegexp := rd.isRegexp()
	limit := maxLiteralTokens
	if isRegexp {
		limit = len(pat) // all: pipesAndLists counts the whole pattern's operators
	}
	written, lit := patternTokens(pat, limit)
	toks, starts := splitArgumentsAt(readWords(written), bundles)
	spellGlobs(toks, starts)
	markPipes(toks) // for shellToken.negated: "! make all && ls" written so
	split = slices.ContainsFunc(toks, func(t shellToken) bool { return t.bundled })
	if isRegexp {
		p.re = re
		p.ops = pipesAndLists(pat, toks)
		p.lead, p.pathNamed, p.pathDot = regexpPath(pat)
	}
	kept := toks[:min(len(toks), maxLiteralTokens)]
	for i, t := range kept {
		if len(toks) >= maxLiteralTokens {
			t.text = strings.Clone(t.text) // maybe a small part of pat
		}
		if len(p.literal) == 0 && i < len(toks)-1 && isAssignment(t) {
			p.env = append(p.env, compileToken(t.text, lit))
			continue
		}
		if t.op {
			p.literal = append(p.literal, tokenMatcher{text: t.text, op: true, negated: t.negated})
			continue
		}
		p.literal = append(p.literal, wordMatcher(pat, t, isRegexp, lit))
	}
	if len(p.literal) == 0 {
		// A comment alone ("# legacy", "#!/bin/bash", "# rm .*"), which
		// a shell reads as nothing, so no command starts with it: its
		// first word, none, was read in Compile and in each try, and
		// panicked.
		return commandPattern{}, false, false
	}
	markGetopt(p.literal, toks, starts, len(p.env))
	if isRegexp {
		p.spec = newPatternSpec(regexpSpecificity(pat), specificity{})
		return p, split, true
	}
	p.inner = innerCommand(toks[len(p.env):], p.literal)
	p.spec = newPatternSpec(tokenSpecificity(kept), tokenSpecificity(kept[len(kept)-len(p.inner):]))
	return p, split, true
}

// wordMatcher is the matcher of the pattern word t, neither an operator
// nor a leading assignment, of the pattern pat (a regular expression's
// wildcards read as globs when isRegexp; lit as patternTokens says):
// its text compiled, and what the word is to the command (an option, a
// redirection, "--", a bundle of short options …) marked.
func wordMatcher(pat string, t shellToken, isRegexp, lit bool) tokenMatcher {
	text := t.text
	if isRegexp {
		text = regexpWildcardsAsGlob(pat, t)
	}
	m := compileToken(text, lit)
	m.opt = isOption(t.text) && !t.glued
	m.redir = !t.quoted && !t.glued && isRedirection(t.text) && !startsWithPlaceholder(t.text)
	m.dashes = t.text == "--" && !t.glued
	m.bundle = m.opt && m.re == nil && len(t.text) <= 1+maxBundle && (isLetterBundle(t.text) || isShortOption(t.text))
	m.dot = t.dot && (m.operand || strings.IndexAny(t.text, globChars) == 0)
	m.spelled = t.spelled
	m.action = t.action
	m.globBundle = globBundleOf(t)
	return m
}

// markGetopt marks the bundles of each command of a pattern with what
// capreg knows of its options (see tokenMatcher.getopt and args), the
// command of a word being what wordCommand reads from toks, the pattern's
// words, and starts, where its commands start: literal holds toks[env:],
// the words after the pattern's assignments. "docker exec * pg_restore -c
// *" gives its -c to pg_restore, as splitShortArguments reads the line.
func markGetopt(literal []tokenMatcher, toks []shellToken, starts []int, env int) {
	var c wordCommand
	getopt, args := false, (*optionSet)(nil)
	for j := range toks[:env+len(literal)] {
		if c.read(toks, j, starts) {
			getopt, args = permutes[c.name], argumentOptions(c.name)
			if args == nil {
				args = bundleArguments[c.name]
			}
		}
		if j < env {
			continue
		}
		m := &literal[j-env]
		if m.op {
			getopt, args = false, nil
			continue
		}
		m.getopt = getopt && m.bundle && len(m.text) == 2
		if m.bundle {
			m.args = args
		}
	}
}

// hasAssignments reports whether the command starting at word s of toks
// is given every NAME=value word of env, in any order, among the
// assignments just before it ("FOO=1 DRY_RUN=1 make deploy", "env
// DRY_RUN=1 make deploy"), paying b a unit for each comparison. A pattern
// that starts with assignments matched no command before: the command's
// first word was compared with its first assignment.
func hasAssignments(env []tokenMatcher, toks []shellToken, s int, b *budget) bool {
	first := s
	for first > 0 && assignmentText(toks[first-1]) { // env's too, quoted or not
		first--
	}
	for _, want := range env {
		found := false
		for _, tok := range toks[first:s] {
			if !b.pay(1) {
				return false
			}
			if want.match(tok, b) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// innerCommand is the part of a pattern's literal tokens that is the
// command its precommand runs, or nil: when it runs none, or a word
// starting with a glob or a placeholder, or sets variables for it. A
// NAME=value word ("env DRY_RUN=1 make deploy", "sudo KUBECONFIG=staging
// kubectl delete *") says how the command is to behave, and the command
// without it ("make deploy") may do what the wrapper does not.
func innerCommand(toks []shellToken, literal []tokenMatcher) []tokenMatcher {
	k := runsCommandAt(toks, 0, true)
	if k >= len(literal) || literal[k].op || strings.IndexAny(toks[k].text, "*?<") == 0 ||
		slices.ContainsFunc(toks[1:k], isAssignment) {
		return nil
	}
	return literal[k:]
}

// isOption reports whether a word is an option: a dash and more, but not
// "--", which ends the options.
func isOption(w string) bool {
	return len(w) > 1 && w[0] == '-' && w != "--"
}

// maxLiteralTokens is the most tokens of a pattern's literal reading
// that compileCommandPattern keeps. A line Match tries is at most
// MaxLine bytes, and every token takes at least one (a script it
// reads holds the words of its line, see parseCommandLine), so a pattern
// of more tokens than that matches no line literally (matchAt), and its
// first maxLiteralTokens tokens match none either. Keeping every token of
// a 3 MB pattern of 400,000 words took 19 MB.
const maxLiteralTokens = MaxLine + 1

// PatternRegexp is the regular expression a card's replaces pattern is
// matched by, anchored as the matcher anchors it; false when the pattern
// is matched by its shell tokens only. Validation bounds its cost
// (card-replaces-cost), so it must be the very expression compiled here.
func PatternRegexp(raw string) (string, bool) {
	return readPattern(raw).regexp()
}

// PatternRuns is how many times a replaces pattern read as a regular
// expression may run, in full, on one command: twice for one that names
// its command by a path of regexp syntax ("(\./)?bin/rails db:.*"), tried
// also on the command as written, and with no literal prefix to cut its
// first run short; once for any other. Validation counts each run
// in a card's cost (card-replaces-cost), so that a card at the limits
// costs what it did.
func PatternRuns(raw string) int {
	return readPattern(raw).runs()
}

// PatternCheck is what validation reads of a card's replaces pattern
// (card-replaces-shape, card-replaces-cost), worked out from one reading
// of it: its regexp is parsed once and compiled at most once, where
// PatternFault, PatternRegexp and PatternRuns each read it afresh.
type PatternCheck struct {
	// Fault is PatternFault's ("" for none); CheckPatternCost leaves it "".
	Fault string
	// Regexp is the expression of PatternRegexp parsed as regexp.Compile
	// parses it (syntax.Perl), not simplified; nil when the pattern is
	// matched by its shell tokens only, or its expression does not parse.
	Regexp *syntax.Regexp
	// Runs is PatternRuns's.
	Runs int
	// insts are the instructions of Regexp's program, -1 until compiled.
	insts int
}

// Insts is the number of instructions of the program Regexp compiles to
// (simplified, as regexp.Compile compiles it), which is what
// card-replaces-cost counts; 0 without a Regexp. It compiles Regexp
// unless CheckPattern did (to tell its fault, it compiles the pattern as
// the matcher does), so that a caller that bounds the size first
// (counted repetitions expand when compiled) compiles no pattern over
// its bound that CheckPattern did not.
func (c *PatternCheck) Insts() int {
	if c.insts >= 0 {
		return c.insts
	}
	c.insts = 0
	if c.Regexp != nil {
		if prog, err := syntax.Compile(c.Regexp.Simplify()); err == nil {
			c.insts = len(prog.Inst)
		}
	}
	return c.insts
}

// CheckPattern is PatternFault, PatternRegexp (parsed) and PatternRuns of
// a replaces pattern, from one reading of it.
func CheckPattern(raw string) PatternCheck {
	rd := readPattern(raw)
	c := PatternCheck{Runs: rd.runs(), insts: -1}
	c.Fault = rd.fault(raw, &c)
	c.parse(rd)
	return c
}

// CheckPatternCost is CheckPattern without Fault: what the cost of a
// pattern needs.
func CheckPatternCost(raw string) PatternCheck {
	rd := readPattern(raw)
	c := PatternCheck{Runs: rd.runs(), insts: -1}
	c.parse(rd)
	return c
}

// parse sets Regexp, when the fault check did not compile it already.
func (c *PatternCheck) parse(rd patternReading) {
	if c.Regexp != nil || c.insts >= 0 {
		return // compiled (insts 0 when it did not compile: no Regexp)
	}
	expr, ok := rd.regexp()
	if !ok {
		c.insts = 0
		return
	}
	if re, err := syntax.Parse(expr, syntax.Perl); err == nil {
		c.Regexp = re
	} else {
		c.insts = 0
	}
}

// PatternFault says why a replaces pattern cannot do what its author
// meant, or returns "": it uses regexp syntax but does not compile, so it
// is matched as shell words, literally; it starts with an option, or a
// command after one of its operators does, which no command does, so it
// matches no line; or it names no command, so
// lines of any command are sent to the card. Validation
// warns of each (card-replaces-shape): none stops the card from loading.
func PatternFault(raw string) string {
	return readPattern(raw).fault(raw, nil)
}

// fault is PatternFault of the pattern raw, read as rd. When it compiles
// the pattern (to try it on lines of any command), it sets c's Regexp
// and instructions from that compile, when c is not nil.
func (rd patternReading) fault(raw string, c *PatternCheck) string {
	pat := rd.pat
	if err := rd.err; err != nil {
		return fmt.Sprintf("it uses regular-expression syntax but does not compile (%v), so it is matched as shell words, literally", err) + uncompiledPart(pat)
	}
	if fault := writtenFault(pat, rd.regexpLike()); fault != "" {
		return fault
	}
	if fault := unicodeSpaceFault(pat); fault != "" {
		return fault
	}
	words := readWords(shellTokensUpTo(pat, 64))
	if fault := leadingOptionFault(words); fault != "" {
		return fault
	}
	if !rd.regexpLike() {
		if fault := optionAfterOperatorFault(words); fault != "" {
			return fault
		}
		if fault := commandAlternation(pat, words, false); fault != "" {
			return fault
		}
		if fault := gluedChoiceFault(pat); fault != "" {
			return fault
		}
	}
	if rd.regexpLike() {
		if fault := commandAlternation(pat, words, true); fault != "" {
			return fault
		}
	}
	if fault := anyCommandFault(raw, rd, c); fault != "" {
		return fault
	}
	return leadingWildcardFault(pat, rd)
}

// leadingOptionFault is fault's for a pattern whose first word, past
// its assignments, is an option: a command never starts with one.
func leadingOptionFault(words []shellToken) string {
	for _, t := range words {
		if t.op || isAssignment(t) {
			continue
		}
		if isOption(t.text) {
			return fmt.Sprintf("it starts with the option %q, and a command never does, so it matches no line: name the command first (git commit --no-verify)", t.text)
		}
		break
	}
	return ""
}

// optionAfterOperatorFault is fault's for a pattern read as shell words
// where a command after an operator starts with an option: "git push
// --force|-f", a choice of options written without parentheses, is a
// pipe into a command "-f", and matched no line without a word said of
// it.
func optionAfterOperatorFault(words []shellToken) string {
	after := ""
	for i, t := range words {
		switch {
		case t.op:
			after = ""
			if commandAfter[t.text] {
				after = t.text
			}
			if t.text == "&" && i > 0 && words[i-1].op && words[i-1].text == "|" {
				after = "|&" // read as "|" and "&" (afterPipe)
			}
		case after == "" || isAssignment(t):
		case isOption(t.text):
			fix := "name the command first"
			if after == "|" {
				fix = "a | outside parentheses is a pipe; write a choice of options in them, (--force|-f)"
			}
			return fmt.Sprintf("the command after %q starts with the option %q, and a command never does, so it matches no line: %s", after, t.text, fix)
		default:
			after = ""
		}
	}
	return ""
}

// gluedChoiceFault is fault's for a pattern read as shell words where
// "a|b", a word glued to a pipe into a command that is no pipe's usual
// target, was meant as a choice of either word.
func gluedChoiceFault(pat string) string {
	if m := gluedChoice.FindStringSubmatch(withoutQuoted(pat)); m != nil && !pipeTargets[m[2]] {
		return fmt.Sprintf("%q is a pipe into a command %q, not a choice of either word, so the pattern matches only a line that pipes so: "+
			"write (%s|%s) for either word, or, if it is a pipe, blanks around the |", m[1]+"|"+m[2], m[2], m[1], m[2])
	}
	return ""
}

// anyCommandFault is fault's for a pattern that names no command, tried
// on pairs of lines of two commands, one no pattern names, of one shape
// each: a pattern that matches both lines of a pair matches nearly any
// command of that shape ("*", ".*", "<cmd>", "* *", "<cmd> <arg>",
// "<cmd> -*", "* * *", "?? *" of the commands of two letters). A pattern
// of any command with a given option ("<cmd> --force") is meant so, and
// is not told. It compiles the pattern as the matcher does, and sets c's
// Regexp and instructions from that compile, when c is not nil.
func anyCommandFault(raw string, rd patternReading, c *PatternCheck) string {
	m := newMatcher(1)
	var re *costedRegexp
	var parsed *syntax.Regexp
	m.patterns[0], re, parsed = m.compileReplaces(nil, 0, raw, rd)
	sortPatterns(m.patterns[0])
	if c != nil {
		c.Regexp, c.insts = parsed, 0
		if re != nil {
			c.insts = int(re.insts)
		}
	}
	for _, pair := range [][2]string{
		{"zzcommand", "ls"}, {"zzcommand zzarg", "ls -la"}, {"zzcommand zzarg", "git push"},
		{"zzcommand -z", "ls -la"}, {"zzcommand zzarg zzarg", "git push origin"}, {"zz zzarg", "rm -rf /"},
	} {
		if m.Find(pair[0]) != nil && m.Find(pair[1]) != nil {
			return "it names no command, so lines of any command (" + pair[1] + ", " + pair[0] + ") would be sent to this card: start it with the command it replaces"
		}
	}
	return ""
}

// leadingWildcardFault is fault's for a regular expression that starts
// with a wildcard matching any command's name before the rest (see
// leadingWildcard), which the pairs anyCommandFault tries do not show.
func leadingWildcardFault(pat string, rd patternReading) string {
	if m := leadingWildcard.FindStringSubmatchIndex(pat); m != nil && rd.isRegexp() && !strings.HasPrefix(strings.TrimLeft(pat[m[3]:], " "), "-") && !strings.HasPrefix(pat[m[3]:], "/") {
		wild, rest := pat[m[2]:m[3]], pat[:m[2]]+pat[m[3]:]
		lead := len(regexpFlags.FindString(pat)) // "^", "(?i)": kept first
		named := pat[:lead] + "<command> " + pat[lead:]
		fix := "start it with the command it replaces (" + strconv.Quote(named) + ")"
		if m[3] < len(pat) && pat[m[3]] != ' ' && !strings.Contains(rest, "()") {
			fix = fmt.Sprintf("drop the %q (%q) if the rest starts with the command it replaces, or else %s", wild, rest, fix)
		}
		return fmt.Sprintf("it starts with %q, which matches the name of any command, so the pattern names none and lines of any command that hold the rest would be sent to this card; "+
			"a pattern is tried at the start of every command of a line already (after sudo, a | or &&, in bash -c): %s", wild, fix)
	}
	return ""
}

// leadingWildcard is a regular expression's start that matches any
// command's name, before the rest of the pattern: ".*prod.*",
// "(?i).*drop table.*", "^.+ > /dev/null". Such a pattern names no
// command, but the pairs of lines fault tries show it only when the rest
// matches them too (".*" alone, ".* .*"). One whose rest starts with an
// option ("\S+ --force") is any command given that option, meant so as
// "<cmd> --force" is, and one whose rest is a path's end (".*/bin/rails
// db:drop") names its command by that path: neither is told.
var leadingWildcard = regexp.MustCompile(`^\^?(?:\(\?[a-zA-Z]+\))?\^?(?:\(\?:|\()?((?:\.|\\S|\\w|\[\^ \]|\[\^\\s\])[*+]\??)`)

// regexpFlags are the anchor and flags a regexp may start with.
var regexpFlags = regexp.MustCompile(`^\^?(?:\(\?[a-zA-Z]+\))?\^?`)

// commandAlternation says what to write for a pattern that gives a choice
// of whole commands with a | ("git push --force|git push -f"), or returns
// "". Read as shell words, as a pattern without other regexp syntax is,
// or as a regexp with blanks around it, the | is a pipe: the pattern
// matches only a line that pipes git push into git push. It is told when
// the command after the | starts with the same two words as the one
// before it, which a pipe between two commands seldom does ("kubectl get
// -o yaml x | kubectl apply -f -", "tar cf - . | tar xf -" do not); a
// regexp's | touching its neighbours is an alternation, anchored as a
// whole (see regexp), and matches either command as meant.
func commandAlternation(pat string, words []shellToken, regexpLike bool) string {
	first := 0
	for first < len(words) && !words[first].op && isAssignment(words[first]) {
		first++
	}
	bar := slices.IndexFunc(words, func(t shellToken) bool { return t.op })
	if bar < first+2 || words[bar].text != "|" || bar+1 < len(words) && words[bar+1].op {
		return ""
	}
	off := words[bar].off
	if regexpLike && (off == 0 || off+1 >= len(pat) || pat[off-1] != ' ' || pat[off+1] != ' ') {
		return ""
	}
	end := len(words)
	if k := slices.IndexFunc(words[bar+1:], func(t shellToken) bool { return t.op }); k >= 0 {
		end = bar + 1 + k
	}
	left, right := words[first:bar], words[bar+1:end]
	if len(right) < 2 || left[0].text != right[0].text || left[1].text != right[1].text {
		return ""
	}
	n := 2 // the words both commands start with
	for n < len(left) && n < len(right) && left[n].text == right[n].text {
		n++
	}
	endOf := func(k int) int {
		if k < len(words) {
			return words[k].off
		}
		return len(pat)
	}
	leftText := strings.TrimSpace(pat[left[0].off:off])
	rightText := strings.TrimSpace(pat[right[0].off:endOf(end)])
	name := strings.TrimSpace(pat[left[0].off:left[1].off]) + " " + left[1].text
	fix := fmt.Sprintf("write each command as a pattern of its own, %q and %q", leftText, rightText)
	if n == len(left)-1 && n == len(right)-1 {
		fix += fmt.Sprintf(", or the choice in parentheses, %s (%s|%s)",
			strings.TrimSpace(pat[left[0].off:left[n].off]), left[n].text, right[n].text)
	}
	return fmt.Sprintf("the | of %q is a pipe of %s into %s, not a choice of either command, so the pattern matches only a line that pipes so: %s",
		strings.TrimSpace(pat[left[0].off:endOf(end)]), name, name, fix)
}

// uncompiledPart says what to write for a usage line's optional part in
// brackets that keeps pat from compiling, or "": "[--no-ff]" and
// "[dry-run]" read as classes of a range the wrong way round (o-f, y-r),
// where "[-f]" and "[remote]" compile and are writtenFault's. The
// compile error alone named the range, and no fix.
func uncompiledPart(pat string) string {
	bare := withoutQuoted(pat)
	part := ""
	if m := optionalPart.FindStringSubmatch(bare); m != nil {
		part = strings.TrimSpace(m[0])
		part = part[:strings.IndexByte(part, ']')+1]
	} else if m := usageWordAt(bare); m != nil {
		part = strings.TrimSpace(bare[m[0]:m[1]])
	}
	if part == "" {
		return ""
	}
	return fmt.Sprintf(": %q is written as a usage line's optional part, which a pattern does not mark: "+
		"write one pattern with the part and one without, or * in its place", part)
}

// gluedChoice is a | written touching a plain word on each side after
// a pattern's first word, as a usage line writes a choice of
// subcommands: "git merge|rebase *", "kubectl get pods|deployments". Read
// as shell words it is a pipe, into a command named by the second word.
var gluedChoice = regexp.MustCompile(`^\s*\S+\s+(?:\S+\s+)*?([A-Za-z][\w-]*)\|([A-Za-z][\w-]*)(?:\s|$)`)

// pipeTargets are commands a line pipes into, named after a | written
// without blanks ("curl -s x|sh", "cat f|grep x"): no choice of words.
var pipeTargets = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true,
	"sudo": true, "python": true, "python3": true, "perl": true, "ruby": true, "node": true, "php": true, "tee": true,
	"xargs": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "jq": true, "yq": true, "awk": true, "sed": true,
	"head": true, "tail": true, "sort": true, "uniq": true, "wc": true, "less": true, "more": true, "cat": true, "cut": true, "tr": true}

// commandAfter are the operators a command follows in a pattern read as
// shell words (see fault). "|&" is read as "|" and "&", and named whole.
var commandAfter = map[string]bool{"|": true, "||": true, "&&": true, ";": true, "&": true}

// Shapes of a pattern written as documentation rather than as a command
// (see writtenFault).
var (
	// optionalPart is a word in brackets holding a placeholder or an
	// option, as usage lines mark an optional part: "[<remote>]",
	// "[--namespace <ns>]", "[-f]"; not a character class such as
	// "[-a-z]+".
	optionalPart = regexp.MustCompile(`(^|\s)\[(<[^<>\]]+>|--?[A-Za-z][\w-]*)[^\]]*\]([^*+?{]|$)`)
	// usagePart is a word in brackets as a usage line names an optional
	// part, by a placeholder word, which may end in "..." inside or after
	// the brackets: "[options]", "[OPTIONS]", "[remote]",
	// "[connection-option...]", "[file ...]", "[FILE]..."; not a test
	// ("[ -f x ]", "[[ -f x ]]"), a class of ranges ("[a-z]", "[0-9]",
	// "[A-Za-z]", whose dashes join single characters), a class a glob or
	// a regexp repeats ("[abc]*", "[a-z]+"), nor one inside a word
	// ("file[0-9].txt", "${x[@]}"). Its words are what a shell reads, so
	// a word in capitals alone ("RELEASE") is not one: it is a word a
	// command may be given. An example value in brackets, a URL, an
	// address or a file name ("[s3://bucket]", "[user@host]",
	// "[dump.sql]"), is one too: a class lists no ":", "/", "@" or "."
	// between letters.
	usagePart = regexp.MustCompile(`(^|\s)\[([A-Za-z][A-Za-z0-9_]+(?:-[A-Za-z0-9_]{2,}|[:/@.]+[A-Za-z0-9_]+)*)(?: ?\.\.\.)?\](?:\.\.\.)?(\s|$)`)
	// ellipsis is a word "..." (or "…"), a usage line's "and so on".
	ellipsis = regexp.MustCompile(`(^|\s)(\.\.\.|…)(\s|$)`)
	// gluedEllipsis is a placeholder and "..." written as one word, as a
	// usage line writes "one or more": "<file>...", "<branch>…".
	gluedEllipsis = regexp.MustCompile(`(<[^<>\s]+>)(\.\.\.|…)(\s|$)`)
	// brokenGroup is a ( or a [ never closed in a pattern with an
	// alternation or a class: "git push (-f|--force", "git push [a-z".
	brokenGroup = regexp.MustCompile(`\([^()\s]*\|[^()]*$|\[[^\]\s]+(\s|$)[^\]]*$`)
	// wordClass is a class in brackets of words separated by |, as usage
	// lines write a choice of words: "[ns|namespace]", "[start | stop]";
	// not a class of ranges ("[a-z|0-9]") or of punctuation ("[|&]").
	wordClass = regexp.MustCompile(`\[( ?[\w-]+ ?(?:\| ?[\w-]+ ?)+)\]`)
	// spacedWord is a word and a blank in brackets at the start of a word
	// (or of an anchored pattern, "^[sudo ]rm"),
	// as a usage line marks an optional word before the next: "[sudo ]rm",
	// "[ origin]". (An option in brackets, "[--force ]", is optionalPart's.)
	spacedWord = regexp.MustCompile(`(^\^?|\s)\[( ([A-Za-z][\w-]*)|([A-Za-z][\w-]*) )\]`)
	// gluedWord is a word in brackets glued to the next, "[sudo]rm": as a
	// class it is one letter of the word, so it is told only when the word
	// is a precommand ("[Gg]it" is a class meant).
	gluedWord = regexp.MustCompile(`(^\^?|\s)\[([A-Za-z][\w-]*)\]\w`)
	// prompt is a shell prompt before the command: "$ git push".
	prompt = regexp.MustCompile(`^\$\s`)
	// wrapped is a pattern wholly in backticks or quotes, as Markdown or
	// prose quote a command: "`git push -f`", "'git push -f'".
	wrapped = regexp.MustCompile("^(`[^`]+`|\"[^\"]*\\s[^\"]*\"|'[^']*\\s[^']*')$")
)

// writtenFault says how a pattern written as a usage line, a shell
// session or prose writes a command no line can be: an optional part in
// brackets (read as a character class of one character), a word and a
// blank in brackets ("[sudo ]rm", a class too), words separated by | in
// brackets ("[ns|namespace]", a class of their letters, not a choice of
// them), a "..." for the words that follow (a word of its own), a ( or [
// never closed (read as shell words, literally; a ( so even in a pattern
// with no other regexp syntax), a "$ " prompt (a command named
// "$"), or the whole in backticks (a command substitution) or quotes (one
// word); or it returns "". regexpLike is regexLike(pat).
func writtenFault(pat string, regexpLike bool) string {
	bare := withoutQuoted(pat) // "grep -F '[ERROR' *" means its [ as text
	usage, class, open := usageWordAt(bare), wordClassAt(bare), unclosedParen(bare)
	bword, bracketed := bracketedWordAt(bare)
	switch {
	case optionalPart.MatchString(bare):
		part := strings.TrimSpace(optionalPart.FindStringSubmatch(bare)[0])
		part = part[:strings.IndexByte(part, ']')+1]
		return fmt.Sprintf("%q reads as a regular-expression class of one character, not as an optional part: write one pattern with the part and one without, or * in its place", part)
	case usage != nil:
		return usageFault(bare, usage)
	case class != "":
		return wordClassFault(class)
	case bracketed:
		return bracketedWordFault(bare, bword)
	case ellipsis.MatchString(bare):
		return ellipsisFault(bare, ellipsis.FindStringSubmatchIndex(bare))
	case gluedEllipsis.MatchString(bare):
		return gluedEllipsisFault(bare, gluedEllipsis.FindStringSubmatchIndex(bare))
	case brokenGroup.MatchString(bare):
		if _, err := syntax.Parse(placeholdersToRegexp(pat), syntax.Perl); err != nil {
			return fmt.Sprintf("it looks like a regular expression but does not compile (%v), so it is matched as shell words, literally", err)
		}
	case !regexpLike && open >= 0:
		word := firstField(pat[strings.LastIndexAny(pat[:open], " \t\n")+1:])
		return fmt.Sprintf("the ( of %q is never closed, so the pattern is no regular expression and is matched as shell words, literally: "+
			"it matches only a line that writes that ( as well; close the group, or remove the (", word)
	case endsInSpace(pat) && regexpLike:
		return "it ends by matching white space, and a pattern read as a regular expression is matched up to the end of a word already " +
			`(as if (\s|$) followed it), so it matches no command with more words after that: drop its last part`
	case regexpLike && spaceBeforeEnd(pat):
		return "it matches white space just before the end of the line ($), and a command is matched without the white space that ends its line, " +
			"so it matches no line: drop the white space before the $, or the $ too, to match the command with more words after it"
	case prompt.MatchString(pat):
		return `it starts with a shell prompt, "$ ", which reads as a command named "$": write the command alone`
	case wrapped.MatchString(pat):
		return wrappedFault(pat[0], pat[1:len(pat)-1])
	}
	return ""
}

// wordClassAt is the first class in brackets of pat (wordClass) whose
// choices are words, none a range ("a-z"), as "[ns|namespace]" or
// "[y|n]" writes a choice of words; or "". A regexp reads it as one
// character of those listed, "|" included.
func wordClassAt(pat string) string {
	for _, m := range wordClass.FindAllStringSubmatch(pat, -1) {
		ranges := false
		for c := range strings.SplitSeq(m[1], "|") {
			ranges = ranges || holdsRange(strings.TrimSpace(c))
		}
		if !ranges {
			return m[0]
		}
	}
	return ""
}

// holdsRange reports whether a choice of a class of words holds a range
// of a class ("a-z", "a-zA-Z", "0-9a-f"): a dash between two characters
// of one kind (lower case, capitals, digits), in order, neither of them
// beside another of its kind outside the range, as "kube-system" has
// them ("e" after "b").
func holdsRange(c string) bool {
	kind := func(b byte) byte {
		switch {
		case b >= 'a' && b <= 'z':
			return 'a'
		case b >= 'A' && b <= 'Z':
			return 'A'
		case b >= '0' && b <= '9':
			return '0'
		}
		return 0
	}
	for i := 1; i+1 < len(c); i++ {
		l, r := c[i-1], c[i+1]
		if c[i] != '-' || kind(l) == 0 || kind(l) != kind(r) || l > r {
			continue
		}
		if (i == 1 || kind(c[i-2]) != kind(l)) && (i+2 == len(c) || kind(c[i+2]) != kind(r)) {
			return true
		}
	}
	return false
}

// wordClassFault is writtenFault of a pattern with a class of words
// (wordClassAt): it says to write the choice as a group, "(ns|namespace)",
// which a pattern whose only regexp syntax is such groups also reads as
// one word pattern per choice (see wordReadings). The characters the
// class matches are listed unless a word holds a dash between two
// characters, which the class reads as a range ("kube-system" holds e-s).
func wordClassFault(class string) string {
	var choices []string
	for c := range strings.SplitSeq(class[1:len(class)-1], "|") {
		choices = append(choices, strings.TrimSpace(c))
	}
	one := "one character of those it lists"
	if r := classRange(class[1 : len(class)-1]); r != "" {
		one += fmt.Sprintf(", %s being a range", r)
	} else {
		listed := strings.Join(choices, "")
		if strings.Contains(class, " ") {
			listed += " "
		}
		one = fmt.Sprintf("one character (%s)", charList(listed+"|"))
	}
	return fmt.Sprintf("%q is a regular-expression class, which matches %s, not either word: "+
		"write (%s) for any one of the words", class, one, strings.Join(choices, "|"))
}

// classRange is the first range of a class's body ("e-s" of
// "default|kube-system"): a dash between two characters, or "".
func classRange(body string) string {
	for i := 1; i+1 < len(body); i++ {
		if body[i] == '-' && body[i-1] != '|' && body[i+1] != '|' {
			return body[i-1 : i+2]
		}
	}
	return ""
}

// charList lists the distinct characters of s in order, a blank by name:
// "n, s, a or |".
func charList(s string) string {
	cs := distinctChars(s)
	for i, c := range cs {
		if c == " " {
			cs[i] = "a blank"
		}
	}
	if len(cs) == 1 {
		return cs[0]
	}
	return strings.Join(cs[:len(cs)-1], ", ") + " or " + cs[len(cs)-1]
}

// distinctChars are the characters of s, each once, in order.
func distinctChars(s string) []string {
	var cs []string
	for _, r := range s {
		if c := string(r); !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	return cs
}

// bracketedWord is a word in brackets that a usage line writes as an
// optional word before the next (see bracketedWordAt): part is the brackets
// and what they hold, "[sudo ]", at offset start of the pattern.
type bracketedWord struct {
	part, word string
	start      int
}

// bracketedWordAt returns the first word and blank in brackets of pat whose
// word names a usage line's part (usageName) or a precommand ("[sudo
// ]rm -rf /"), or the first precommand in brackets glued to the next word
// ("[sudo]rm"), or false: a regexp reads it as one character, a letter of
// the word (or a blank), so "[sudo ]rm" matches "srm" and neither "rm"
// nor "sudo rm".
func bracketedWordAt(pat string) (bracketedWord, bool) {
	for _, m := range spacedWord.FindAllStringSubmatchIndex(pat, -1) {
		w := spacedWordOf(pat, m)
		if _, ok := precommands[w]; ok || len(w) >= 2 && usageName(w) {
			return bracketedWord{part: strings.TrimPrefix(strings.TrimSpace(pat[m[0]:m[1]]), "^"), word: w, start: m[0]}, true
		}
	}
	for _, m := range gluedWord.FindAllStringSubmatchIndex(pat, -1) {
		if _, ok := precommands[pat[m[4]:m[5]]]; ok {
			return bracketedWord{part: pat[m[4]-1 : m[5]+1], word: pat[m[4]:m[5]], start: m[0]}, true
		}
	}
	return bracketedWord{}, false
}

// spacedWordOf is the word of a spacedWord match m of pat, whichever side
// of it the blank is on.
func spacedWordOf(pat string, m []int) string {
	if m[6] >= 0 {
		return pat[m[6]:m[7]]
	}
	return pat[m[8]:m[9]]
}

// bracketedWordFault is writtenFault of a pattern pat with an optional word
// in brackets (bracketedWordAt): a word a pattern makes optional is written
// once with and once without it, or left out when it is a precommand that
// starts the pattern, whose command is tried as well (see usageFault).
func bracketedWordFault(pat string, b bracketedWord) string {
	chars := strings.Join(distinctChars(b.word), ", ")
	if strings.Contains(b.part, " ") {
		chars += " or a blank"
	}
	reads := fmt.Sprintf("%q reads as a regular-expression class, one character (%s), not as an optional word, "+
		"so the pattern matches neither the line with the word nor the one without", b.part, chars)
	if _, ok := precommands[b.word]; ok && strings.TrimSpace(pat[:b.start]) == "" {
		return reads + fmt.Sprintf(": leave it out, as a line that runs the command under %s is matched already", b.word)
	}
	return reads + ": an optional word is written as two patterns, one with it and one without"
}

// unclosedParen is the offset of the first "(" of pat that no ")" closes
// after it, or -1: one escaped (\(), in a class ("[(]"), in quotes (see
// withoutQuoted) or in a comment ("# (old") is text. A ")" with none
// open (a case pattern's, "a)") closes nothing.
func unclosedParen(pat string) int {
	var open []int
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '#':
			if i == 0 || strings.IndexByte(" \t\n", pat[i-1]) >= 0 {
				if j := strings.IndexByte(pat[i:], '\n'); j >= 0 {
					i += j
				} else {
					i = len(pat)
				}
			}
		case '\\':
			i++
		case '[':
			if j := strings.IndexByte(pat[i+1:], ']'); j >= 0 {
				i += j + 1
			}
		case '(':
			open = append(open, i)
		case ')':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	if len(open) == 0 {
		return -1
	}
	return open[0]
}

// usageWordAt returns usagePart's submatch indexes of the first word in
// brackets of pat that names a usage line's part rather than a character
// class some line may well hold ("ls [abc]" matches "ls a"); or nil.
func usageWordAt(pat string) []int {
	for _, m := range usagePart.FindAllStringSubmatchIndex(pat, -1) {
		if strings.Contains(pat[m[0]:m[1]], "...") || usageName(pat[m[4]:m[5]]) {
			return m
		}
	}
	return nil
}

// usageName reports whether the word w, written in brackets, names a
// usage line's part rather than a class of letters: words joined by - or
// _ ("connection-option"), a placeholder of usageWords ("sudo", "pid"),
// a word repeating a letter, which no class needs ("options", "remote"),
// or one of three letters or more that reads as a word, with a vowel and
// a consonant, its letters not a run of the alphabet, and, under five
// letters, not in alphabetical order ("branch", "first", "pod"). A class
// lists letters: a run ("[abc]", "[abcde]"), a few in order ("[ch]",
// "[acgt]"), vowels or consonants alone ("[aeiou]", "[rwxst]"), or a
// letter in both cases ("[Yy]", "[pP]").
func usageName(w string) bool {
	lower := strings.ToLower(w)
	switch {
	case strings.ContainsAny(w, "-_") || usageWords[lower]:
		return true
	case casePair(w) && !capitalised(w):
		return false
	case repeatsLetter(w):
		return true
	}
	vowels := strings.IndexFunc(lower, func(r rune) bool { return strings.ContainsRune("aeiouy", r) }) >= 0
	consonants := strings.IndexFunc(lower, func(r rune) bool { return r >= 'a' && r <= 'z' && !strings.ContainsRune("aeiouy", r) }) >= 0
	return len(w) >= 3 && vowels && consonants && !consecutive(lower) && (len(w) >= 5 || !slices.IsSorted([]byte(lower)))
}

// consecutive reports whether the letters of w run on in the alphabet
// ("abc", "abcde"), as a class lists them and no word is written.
func consecutive(w string) bool {
	for i := 1; i < len(w); i++ {
		if w[i] != w[i-1]+1 {
			return false
		}
	}
	return true
}

// usageWords are placeholder words usage lines put in brackets that
// usageName would otherwise read as classes: short, in alphabetical
// order, or without a vowel.
var usageWords = map[string]bool{"dir": true, "env": true, "opt": true, "opts": true, "args": true, "arg": true,
	"url": true, "cmd": true, "msg": true, "svc": true, "id": true, "ip": true, "db": true, "ns": true, "pkg": true,
	"src": true, "dst": true, "ctx": true, "tty": true, "fd": true, "pr": true, "gid": true, "uid": true,
	"hst": true, "ext": true, "cnt": true, "n": true, "nm": true, "pw": true, "rc": true, "sha": true, "pid": true,
	"host": true, "dest": true, "dirs": true, "bin": true, "cert": true, "deps": true, "dns": true, "fs": true,
	"cpu": true, "int": true, "amt": true, "acct": true, "bot": true, "box": true}

// casePair reports whether a letter of w is there in both cases ("Yy").
func casePair(w string) bool {
	for i := range len(w) {
		if c := w[i]; c >= 'a' && c <= 'z' && strings.IndexByte(w, c-'a'+'A') >= 0 {
			return true
		}
	}
	return false
}

// capitalised reports whether w is a word of four letters or more written
// with a capital first ("Options", "Branch"): its first letter may come
// again in lower case without making it a class such as "[Yy]".
func capitalised(w string) bool {
	if len(w) < 4 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	return strings.IndexFunc(w[1:], func(r rune) bool { return r >= 'A' && r <= 'Z' }) < 0
}

// repeatsLetter reports whether some letter of w comes twice.
func repeatsLetter(w string) bool {
	for i := range len(w) {
		if strings.IndexByte(w[i+1:], w[i]) >= 0 {
			return true
		}
	}
	return false
}

// usageFault is writtenFault of a pattern pat with a usage line's
// optional part, where m are usagePart's submatch indexes: it says what to
// write instead. A precommand first ("[sudo] apt-get install <pkg>") is
// left out, as the command it runs is tried as well (see precommands);
// any other part is left out too, as a pattern matches a command with
// more words after it, and options before a placeholder, or written as a
// placeholder of one word or a * of one or more.
func usageFault(pat string, m []int) string {
	part := strings.TrimSpace(pat[m[0]:m[1]])
	name := pat[m[4]:m[5]]
	if _, ok := precommands[name]; ok && strings.TrimSpace(pat[:m[0]]) == "" {
		return fmt.Sprintf("%q is written as a usage line's optional part, but reads as a character class, a word of one of its letters, "+
			"so the pattern matches no line a person types: leave it out, as a line that runs the command under %s is matched already", part, name)
	}
	fix := fmt.Sprintf("leave it out, or write <%s> (one word) or * (one or more) in its place", strings.ToLower(name))
	if lower := strings.ToLower(name); strings.Contains(lower, "opt") || strings.Contains(lower, "flag") {
		// A placeholder matches no option ("psql <url>" does not match
		// "psql -l").
		fix = "leave it out, as a pattern passes over options before a placeholder, or write * in its place"
	}
	return fmt.Sprintf("%q is written as a usage line's optional part, but reads as a character class, a word of one of its letters, "+
		"so the pattern matches no line a person types: %s", part, fix)
}

// ellipsisFault is writtenFault of a pattern pat with a word "...", where
// m are ellipsis's submatch indexes: it matches only a word "..." (or, in
// a regular expression, three characters), not the words a usage line
// means by it. At the end it is left out, as a pattern matches a command
// with more words after it; elsewhere a * stands for them.
func ellipsisFault(pat string, m []int) string {
	dots := pat[m[4]:m[5]]
	fix := "write * in its place"
	if strings.TrimSpace(pat[m[5]:]) == "" {
		fix = "leave it out, as a pattern matches a command with more words after it"
	}
	reads := fmt.Sprintf("only a word %q", dots)
	if dots == "..." && regexLike(pat) {
		reads = "only three characters"
	}
	return fmt.Sprintf("%q is a usage line's \"and so on\", but matches %s, not the words it stands for: %s", dots, reads, fix)
}

// gluedEllipsisFault is writtenFault of a pattern pat with a placeholder
// and "..." written as one word (gluedEllipsis; m its submatch indexes):
// the dots are part of the word, which must end with them, and the
// pattern matched no line a person types ("git merge <branch>..." matched
// "git merge main..." alone, neither "git merge main" nor "git merge a
// b"). At the end the
// placeholder alone does what is meant, a pattern matching a command
// with more words after it; elsewhere a * stands for the words.
func gluedEllipsisFault(pat string, m []int) string {
	word, place := pat[m[2]:m[5]], pat[m[2]:m[3]]
	fix := "write * in its place"
	if strings.TrimSpace(pat[m[5]:]) == "" {
		fix = fmt.Sprintf("write %s alone, as a pattern matches a command with more words after it", place)
	}
	return fmt.Sprintf("%q is a usage line's \"one or more\", but %s is read as part of the word, which must then end with it, so the pattern matches no line a person types: %s", word, fmt.Sprintf("%q", pat[m[4]:m[5]]), fix)
}

// wrappedFault is writtenFault of a pattern wholly in the backticks or
// quotes q around text: a command substitution, or one word, which names
// no command (a blank) or one program; "" for a path, as a program whose
// path holds blanks is quoted so on purpose ("/Applications/Visual Studio
// Code.app/.../code").
func wrappedFault(q byte, text string) string {
	first := firstField(text)
	switch {
	case first == "":
		return "it is white space in quotes, which names no command a line runs: remove it"
	case q == '`':
		return fmt.Sprintf("it is wrapped in `, which makes it a command substitution, so it matches no line: write the command alone (%s)", text)
	case !strings.ContainsAny(first, `/\`):
		return fmt.Sprintf("it is wrapped in %c, which makes it one word, the name of one program %q, not a command and its arguments: "+
			"if it is a command line, write it without the quotes (%s)", q, text, text)
	}
	return ""
}

// spaceEnds are the ends of a regexp that match white space.
var spaceEnds = func() []string {
	var out []string
	for _, space := range []string{` `, `\s`, `[ ]`, `[[:space:]]`, `[ \t]`} {
		for _, rep := range []string{"", "+"} { // "*" may match none
			if space != " " || rep != "" { // a blank at the end is trimmed off a pattern
				out = append(out, space+rep)
			}
			out = append(out, "("+space+rep+"|$)", "(?:"+space+rep+"|$)")
		}
	}
	return out
}()

// endsInSpace reports whether the regexp pat ends by matching white space
// (spaceEnds), not an escaped backslash and an s ("a\\s").
func endsInSpace(pat string) bool {
	for _, end := range spaceEnds {
		if rest, ok := strings.CutSuffix(pat, end); ok && (end[0] != '\\' || escapes(rest)%2 == 0) {
			return true
		}
	}
	return false
}

// spaceBeforeEnd reports whether the regexp pat ends by matching white
// space (spaceEnds, or one blank) and then the end of the text, an
// unescaped $: "^git merge\s+$", "^make deploy $". A line is matched
// trimmed, so no line has white space there.
func spaceBeforeEnd(pat string) bool {
	rest, ok := strings.CutSuffix(pat, "$")
	if !ok || escapes(rest)%2 == 1 {
		return false
	}
	if strings.HasSuffix(rest, "|$)") {
		return false // "(\s+|$)$" matches the end alone: the command with no more words
	}
	return endsInSpace(rest) || strings.HasSuffix(rest, " ") && escapes(strings.TrimSuffix(rest, " "))%2 == 0
}

// escapes counts the backslashes s ends with.
func escapes(s string) int {
	return len(s) - len(strings.TrimRight(s, `\`))
}

// firstField is the first word of s as white space separates them, or ""
// when s is blank ("' '", a quoted blank pattern, indexed an empty list).
func firstField(s string) string {
	for f := range strings.FieldsSeq(s) {
		return f
	}
	return ""
}

// withoutQuoted is pat with the text inside each pair of quotes ('…' and
// "…", outside the other kind, a \ escaping the next character outside
// single quotes) written as x: what a shell reads as text, which no
// bracket or parenthesis in it opens.
func withoutQuoted(pat string) string {
	b := []byte(pat)
	var quote byte
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case quote == 0 && c == '\\' || quote == '"' && c == '\\':
			i++
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b[i] = 'x'
		}
	}
	return string(b)
}

// regexpSource is the regular expression a collapsed pattern that looks
// like one is read as, before it is anchored, and why it does not compile
// (nil when it does); "" for a pattern read by its shell tokens only. Only
// parsing can fail, so it parses and compiles nothing (compiling
// a.{0,999} a hundred times over to tell it valid took 60 ms and 68 MB).
func regexpSource(pat string) (string, error) {
	if !regexLike(pat) {
		return "", nil
	}
	expr := strings.ReplaceAll(placeholdersToRegexp(pat), " | ", ` \| `)
	_, err := syntax.Parse(expr, syntax.Perl)
	return expr, err
}

// pipesAndLists counts the control operators among the tokens of a regexp
// pattern: || & && ; and a | with spaces around it, the pipe of
// compileCommandPattern (an unspaced | is an alternation), and each pipe
// the regexp escapes, "curl .* \| sh" or "curl .*\|\s*sh", which the
// shell's reading takes for a word.
func pipesAndLists(pat string, toks []shellToken) int {
	n := escapedPipes(pat)
	for _, t := range toks {
		if t.op && !grouping(t.text) && (t.text != "|" || t.off > 0 && strings.HasPrefix(pat[t.off-1:], " | ")) {
			n++
		}
	}
	return n
}

// escapedPipes counts the \| of a regexp pattern outside a character
// class: a pipe the regexp matches as text.
func escapedPipes(pat string) int {
	n, class := 0, false
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; {
		case c == '\\' && i+1 < len(pat):
			if pat[i+1] == '|' && !class {
				n++
			}
			i++
		case c == '[':
			class = true
		case c == ']':
			class = false
		}
	}
	return n
}

// grouping reports whether an operator token opens or closes a subshell or
// a command substitution: ( ) $( and a backtick, which in a regexp pattern
// group rather than separate commands.
func grouping(op string) bool {
	return op == "(" || op == ")" || op == "$(" || op == "`"
}

// regexpWildcardsAsGlob is the text of the word t of a pattern read as a
// regular expression as its reading by words takes it: each ".*" and ".+"
// of a word written plainly (no quote nor escape in it) is the glob "*" or
// "?*" (in a word of its own, any words), which is what the regexp means
// by them. The regexp matches the command's words in the pattern's order
// only; so read, "kubectl logs -f .*" also matches "kubectl -n prod logs
// -f api" and "helm upgrade --install .*" "helm upgrade -n prod --install
// billing .", as "kubectl logs -f *" does. A word of other regexp syntax
// ("(bash|sh)", "[0-9]+") matches only as the regexp reads it. A "^"
// that starts the pattern is no part of its first word: the regexp is
// anchored there anyway, and "^git push.*" matches "git -C repo push
// origin" as "git push.*" does. (A "$" that ends it stays: read by words,
// a pattern may match more words after its own, which the "$" forbids.)
func regexpWildcardsAsGlob(pat string, t shellToken) string {
	if t.quoted || t.op || t.off > len(pat) || !strings.HasPrefix(pat[t.off:], t.text) {
		return t.text
	}
	text := t.text
	if rest, ok := strings.CutPrefix(text, "^"); ok && t.off == 0 && rest != "" && !strings.ContainsRune(regexpChars, rune(rest[0])) {
		text = rest // not of "^(sudo )?rm", "^$": no command word
	}
	return regexpWildcards.Replace(text)
}

// regexpWildcards writes a regexp's ".*" and ".+" as globs. Made once: a
// Replacer made per word built its tables each time, 8% of what
// validating 500 cards allocated (BenchmarkCheckCards).
var regexpWildcards = strings.NewReplacer(".*", "*", ".+", "?*")

// compileToken makes the matcher of one pattern token, whose text writes
// the glob characters the pattern quotes or escapes as literalStar and
// literalMark when lit (see patternTokens).
func compileToken(tok string, lit bool) tokenMatcher {
	fold := caseless(tok)
	text, glob := tok, globRegexp
	if lit {
		text, glob = globsAsText.Replace(tok), literalGlobRegexp
	}
	if !strings.ContainsAny(tok, "*?") && !placeholderRe.MatchString(tok) {
		return tokenMatcher{text: text, fold: fold}
	}
	var b strings.Builder
	// A star or placeholder takes any character, a line end too, as a
	// shell glob does: a quoted word may hold one ("git commit -m 'feat:
	// x⏎⏎body'").
	b.WriteString("(?s)")
	if fold {
		b.WriteString("(?i)")
	}
	var body strings.Builder
	last := 0
	for _, m := range placeholderRe.FindAllStringIndex(tok, -1) {
		body.WriteString(glob.Replace(regexp.QuoteMeta(tok[last:m[0]])))
		body.WriteString(".+")
		last = m[1]
	}
	body.WriteString(glob.Replace(regexp.QuoteMeta(tok[last:])))
	b.WriteString("^")
	if fold {
		b.WriteString(keywordSpacing(body.String()))
	} else {
		b.WriteString(body.String())
	}
	b.WriteString("$")
	re, ok := compileCosted(b.String())
	if !ok {
		return tokenMatcher{text: text}
	}
	at := placeholderRe.FindStringIndex(tok)
	operand := at != nil && at[0] == 0
	stars := strings.Trim(tok, "*") == ""
	return tokenMatcher{re: re, operand: operand, anyOperand: operand || stars, span: stars}
}

var (
	// globRegexp writes a glob quoted by regexp.QuoteMeta as a regexp: *
	// and ? match as in a shell glob.
	globRegexp = strings.NewReplacer(`\*`, `.*`, `\?`, `.`)
	// literalGlobRegexp is globRegexp of a pattern's token that writes the
	// glob characters it quotes or escapes as literalStar and literalMark
	// (see patternTokens), which match themselves.
	literalGlobRegexp = strings.NewReplacer(`\*`, `.*`, `\?`, `.`, "\xff", `\*`, "\xfe", `\?`)
	// globsAsText is a pattern token's text with the glob characters it
	// quotes or escapes written as they are (see patternTokens).
	globsAsText = strings.NewReplacer("\xff", "*", "\xfe", "?")
)

// placeholdersToRegexp replaces each <placeholder> span with \S+ so that a
// human-readable shape such as "rm -rf <dir>" works as a regexp. Named
// groups, (?P<name>...) and (?<name>...), are kept.
func placeholdersToRegexp(pat string) string {
	var b strings.Builder
	last := 0
	for _, m := range placeholderRe.FindAllStringIndex(pat, -1) {
		if strings.HasSuffix(pat[:m[0]], "(?P") || strings.HasSuffix(pat[:m[0]], "(?") {
			continue
		}
		b.WriteString(pat[last:m[0]])
		b.WriteString(`\S+`)
		last = m[1]
	}
	b.WriteString(pat[last:])
	return b.String()
}

// collapseSpace trims s and replaces every run of ASCII white space with
// one space. Other Unicode spaces are text, as bash reads them: a
// no-break space (U+00A0, as a web page or a word processor may give a
// pasted line) is part of its word, and "git\u00a0push --force" runs a
// command named "git\u00a0push", which no shell finds, not git push
// (strings.Fields split there, and the line matched "git push --force").
func collapseSpace(s string) string {
	var b strings.Builder
	for f := range strings.FieldsFuncSeq(s, asciiSpace) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f)
	}
	return b.String()
}

// collapseLines is collapseSpace for a command line of several lines: a
// backslash at the end of a line continues it, and each line is collapsed
// on its own and kept, blank ones dropped, so that shellTokens can end a
// command at the newline as a shell does.
func collapseLines(s string) string {
	s = continueLines(s)
	var lines []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = collapseSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// spaceOperators puts one space on each side of the control operators of a
// line, "curl x|sh" becoming "curl x | sh", so that a regexp pattern, which
// reads the line's text and writes a pipe as " | ", sees them as
// shellTokens does. It returns the line's tokens too, at their offsets in
// the spaced line: they are those of shellTokens on it, but for joined,
// which only the line as written shows ("$(pwd)/bin" is spaced as "$(
// pwd ) /bin").
func spaceOperators(line string) (string, []shellToken) {
	spaced, toks, _ := spaceLine(line)
	return spaced, toks
}

// spaceLine is spaceOperators, and reports whether a quote of line is
// never closed (see lineTokens).
func spaceLine(line string) (string, []shellToken, bool) {
	toks, unclosed := lineTokens(line)
	var b strings.Builder
	last := 0
	for i, t := range toks {
		if !t.op || line[t.off] == '\n' {
			toks[i].off = b.Len() + t.off - last // line[last:] is copied as it is
			continue
		}
		b.WriteString(strings.TrimSuffix(line[last:t.off], " "))
		toks[i].off = b.Len() + 1
		b.WriteString(" " + t.text)
		last = t.off + len(t.text)
		if last >= len(line) || line[last] != '#' || i+1 == len(toks) || !toks[i+1].joined {
			b.WriteByte(' ') // but "$(date)#x" stays one word, not a comment
		}
		if last < len(line) && line[last] == ' ' {
			last++
		}
		if continuesAfter(toks, i) {
			last = pastContinuation(line, last)
			if i+1 < len(toks) {
				// a comment in backticks ends at the closing one,
				// the next token ("`ls |#`": see backtickCommentEnd)
				last = min(last, toks[i+1].off)
			}
		}
	}
	b.WriteString(line[last:])
	spaced := b.String()
	// ASCII white space only, as collapseLines splits at: a leading
	// no-break space is part of the first word ("\u00a0git"), and
	// trimming it left the tokens' offsets before the line's start.
	lead := len(spaced) - len(strings.TrimLeftFunc(spaced, asciiSpace)) // " | sh" of "|sh"
	for i := range toks {
		toks[i].off -= lead
	}
	return strings.TrimFunc(spaced, asciiSpace), toks, unclosed
}

// pastContinuation is the index in line, from last, just after an
// operator the command goes on after ("|", "&&", "|&"), of the text past
// its blanks, comments and line ends: "curl x | # fetch" then "sh" reads "curl x
// | sh", and so does "curl x |&", a line end, "# fetch" and "sh", whose
// comment, after the line end, was kept and read after a "&" that the
// spacing parts from its "|" as ending a command.
func pastContinuation(line string, last int) int {
	for last < len(line) {
		switch line[last] {
		case '#':
			last = commentEnd(line, last) + 1
		case '\n', ' ', '\t':
			last++
		default:
			return last
		}
	}
	return last
}

// unicodeSpaceFault tells of the first white space of pat that is no
// ASCII one, or returns "": a no-break space (U+00A0) pasted from a web
// page, a thin or an ideographic space. bash reads it as part of its
// word, as a line is read (see collapseSpace), so "git\u00a0push
// --force" names a command "git\u00a0push" and matches only a line that
// holds the same character.
func unicodeSpaceFault(pat string) string {
	i := strings.IndexFunc(pat, func(r rune) bool { return r > unicode.MaxASCII && unicode.IsSpace(r) })
	if i < 0 {
		return ""
	}
	r, size := utf8.DecodeRuneInString(pat[i:])
	from := strings.LastIndexAny(pat[:i], " \t\n") + 1
	to := len(pat)
	if k := strings.IndexAny(pat[i+size:], " \t\n"); k >= 0 {
		to = i + size + k
	}
	return fmt.Sprintf("it holds the white space %U in %q, which bash reads as part of the word, not as a blank, so the pattern matches only a line holding that very character: write a plain space (%q)",
		r, pat[from:to], pat[from:i]+" "+pat[i+size:to])
}

// asciiSpace reports whether r is ASCII white space: a blank, or a
// carriage return, form feed or vertical tab, read as one.
func asciiSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'
}
