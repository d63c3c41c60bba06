package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"path"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
)

// Replaces patterns are written by people for people ("regex or literal,
// human-readable", tool-capability-cards.md): "git push --force",
// "rm -rf <dir>", "ps aux|grep <name>", "git merge .*". Most are shell
// command shapes whose characters (| $ ^ * ( )) mean what they mean in a
// shell, so a pattern is read as a regular expression only when it uses
// syntax a shell command would not (see regexLike), and otherwise matched
// token by token.

// commandPattern is one compiled Replaces entry.
type commandPattern struct {
	// re is the pattern as a regular expression, anchored at the start of a
	// command, when the pattern looks like one and compiles.
	re *costedRegexp
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
	// env are the NAME=value words a pattern starts with ("DRY_RUN=1 make
	// deploy"), which the command must be given among its own (see
	// hasAssignments); literal then starts at the command.
	env []tokenMatcher
	// at is the pattern's index in its card's Replaces.
	at int
	// spec is how specific the pattern is, and how specific inner is: a
	// command matched by inner matched the pattern's words from the
	// command its precommand runs. It is kept apart, as only a pattern
	// that matches reads it, and every try reads the rest: in the
	// pattern, it made a line against 1,000 cards 15% slower.
	spec *patternSpec
}

// patternSpec is how specific a pattern is (see specificity), whole and
// in its inner command.
type patternSpec struct {
	all, inner specificity
}

// tokenMatcher matches one command token: equal text, or, for a pattern
// token holding a <placeholder> or a shell glob (* ?), an anchored regexp.
// A word matches only a word and an operator only the same operator, so
// "rm -rf <dir>" does not match "rm -rf; ls".
type tokenMatcher struct {
	text string
	re   *costedRegexp
	op   bool
	// opt: the pattern word is an option ("--force", "-count=*"), which a
	// command may give after other options or operands (see matchWords).
	opt bool
	// operand: the pattern word starts with a <placeholder> ("<url>",
	// "<user>@<host>"), which stands for an operand, so it matches no
	// option word: "psql <url>" matched "psql -l", taking -l for the url.
	// An option the command gives in its place is passed over as any
	// other (matchWords): "psql <url>" matches "psql -X postgres://db". A
	// glob ("kubectl logs *") still matches any word.
	operand bool
	// bundle: the pattern word is two or three short options bundled
	// ("-rf", "-it", "-xzf"), which a command may bundle in another order
	// or with others ("-fr", "-ti", "-rfv"), as getopt reads them. Four
	// letters or more after one dash are a long option, as Go's tools
	// and find write them: "-trace" holds the letters of "-race".
	bundle bool
	// dot: the pattern word is "./" and then a glob or a placeholder
	// ("rm -rf ./*", "./<dir>"), which says the operand is a relative
	// path: it matches only a word written with "./". Read as "*" alone,
	// "rm -rf ./*" matched "rm -rf /".
	dot bool
	// fold: the pattern word's letters (outside its placeholders) are
	// capitals, two or more ("FLUSHALL", "DROP TABLE *"): a keyword of a
	// tool that reads its keywords in any case (Redis, SQL), which
	// matches in any case. An option ("-XPOST") or a NAME=value word
	// keeps its case, as the command reads it.
	fold bool
	// anyOperand: the pattern word starts with a placeholder or is a glob
	// of stars alone ("<dir>", "<user>@<host>", "*"): it matches any
	// operand, so also those xargs appends to the command it runs, which
	// the line does not show (see shellToken.fed).
	anyOperand bool
}

// match reports whether the token matches, paying b for a regexp run: a
// glob token has no cost limit of its own (card-replaces-cost counts only
// patterns read as regexps), and "a*" 1,000 times over took 85 ms a 4 KiB
// token.
func (m tokenMatcher) match(tok shellToken, b *budget) bool {
	switch {
	case m.op != tok.op, m.operand && !tok.glued && isOption(tok.text), m.dot && !tok.dot:
		return false
	case tok.fed:
		return m.anyOperand
	case m.re != nil:
		return m.re.match(tok.text, b)
	}
	return m.text == tok.text || m.fold && strings.EqualFold(m.text, tok.text) || m.bundle && bundles(m.text, tok.text)
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

// maxBundle is the most letters a pattern word of one dash may have and
// still be read as bundled short options (see tokenMatcher.bundle).
const maxBundle = 3

// bundles reports whether the command word w bundles every short option
// of the pattern word want, both a dash and letters only. A word of more
// than maxLineBundle letters, or one that repeats a letter, is a long
// option of one dash, not a bundle: "-timeout" holds the letters of
// "-it", "-format" those of "-rf".
func bundles(want, w string) bool {
	if len(w) > 1+maxLineBundle || !isLetterBundle(w) || !distinctLetters(w[1:]) {
		return false
	}
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
func regexLike(pat string) bool { return regexSyntax.MatchString(pat) }

// compileCommands compiles every card's Replaces once. Invalid patterns
// never panic; a pattern that is empty after trimming matches nothing.
func (ix *Index) compileCommands() {
	ix.commands = make([][]commandPattern, len(ix.cards))
	for i, c := range ix.cards {
		for at, raw := range c.Replaces {
			if p, ok := compileCommandPattern(raw); ok {
				p.at = at
				ix.commands[i] = append(ix.commands[i], p)
			}
		}
		sortPatterns(ix.commands[i])
	}
}

// compileCommandPattern implements the rule documented on MatchCommand. It
// reports false for a pattern that is empty after trimming, or holds no
// word outside a comment.
func compileCommandPattern(raw string) (commandPattern, bool) {
	pat := collapseLines(dropHereDocs(raw)) // split as a command line is, newlines included
	if pat == "" {
		return commandPattern{}, false
	}
	var p commandPattern
	expr, isRegexp := commandRegexp(pat)
	limit := maxLiteralTokens
	if isRegexp {
		limit = len(pat) // all: pipesAndLists counts the whole pattern's operators
	}
	toks := readWords(shellTokensUpTo(pat, limit))
	if isRegexp {
		p.re, _ = compileCosted(expr)
		p.ops = pipesAndLists(pat, toks)
	}
	kept := toks[:min(len(toks), maxLiteralTokens)]
	for i, t := range kept {
		if len(toks) >= maxLiteralTokens {
			t.text = strings.Clone(t.text) // maybe a small part of pat
		}
		if len(p.literal) == 0 && i < len(toks)-1 && isAssignment(t) {
			p.env = append(p.env, compileToken(t.text))
			continue
		}
		if t.op {
			p.literal = append(p.literal, tokenMatcher{text: t.text, op: true})
			continue
		}
		m := compileToken(t.text)
		m.opt = isOption(t.text) && !t.glued
		m.bundle = m.opt && m.re == nil && len(t.text) <= 1+maxBundle && isLetterBundle(t.text)
		m.dot = t.dot && (m.operand || strings.IndexAny(t.text, globChars) == 0)
		p.literal = append(p.literal, m)
	}
	if len(p.literal) == 0 {
		// A comment alone ("# legacy", "#!/bin/bash", "# rm .*"), which
		// a shell reads as nothing, so no command starts with it: its
		// first word, none, was read in Build and in each try, and
		// panicked.
		return commandPattern{}, false
	}
	if isRegexp {
		p.spec = &patternSpec{all: regexpSpecificity(pat)}
		return p, true
	}
	p.inner = innerCommand(toks[len(p.env):], p.literal)
	p.spec = &patternSpec{all: tokenSpecificity(kept), inner: tokenSpecificity(kept[len(kept)-len(p.inner):])}
	return p, true
}

// hasAssignments reports whether the command starting at word s of toks
// is given every NAME=value word of env, in any order, among the
// assignments just before it ("FOO=1 DRY_RUN=1 make deploy", "env
// DRY_RUN=1 make deploy"), paying b a unit for each comparison. A pattern
// that starts with assignments matched no command before: the command's
// first word was compared with its first assignment.
func hasAssignments(env []tokenMatcher, toks []shellToken, s int, b *budget) bool {
	first := s
	for first > 0 && isAssignment(toks[first-1]) {
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
	k := runsCommandAt(toks, 0)
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
// that compileCommandPattern keeps. A line MatchCommand tries is at most
// MaxCommandLine bytes, and every token takes at least one (a script it
// reads holds the words of its line, see parseCommandLine), so a pattern
// of more tokens than that matches no line literally (matchAt), and its
// first maxLiteralTokens tokens match none either. Keeping every token of
// a 3 MB pattern of 400,000 words took 19 MB.
const maxLiteralTokens = MaxCommandLine + 1

// CommandRegexp is the regular expression a card's replaces pattern is
// matched by, anchored as the matcher anchors it; false when the pattern
// is matched by its shell tokens only. Validation bounds its cost
// (card-replaces-cost), so it must be the very expression compiled here.
func CommandRegexp(raw string) (string, bool) {
	return commandRegexp(collapseLines(dropHereDocs(raw)))
}

// commandRegexp is CommandRegexp of a pattern already collapsed
// (collapseLines). The pattern must compile on its own before it is
// wrapped, or an unbalanced one such as "a)|(b" would escape the
// anchoring. A | with spaces around it is a shell pipe ("curl .* | sh"),
// not an alternation.
func commandRegexp(pat string) (string, bool) {
	if !regexLike(pat) {
		return "", false
	}
	expr := strings.ReplaceAll(placeholdersToRegexp(pat), " | ", ` \| `)
	if !validRegexp(expr) {
		return "", false
	}
	return `^(?:` + expr + `)(?:\s|$)`, true
}

// pipesAndLists counts the control operators among the tokens of a regexp
// pattern: || & && ; and a | with spaces around it, the pipe of
// compileCommandPattern (an unspaced | is an alternation).
func pipesAndLists(pat string, toks []shellToken) int {
	n := 0
	for _, t := range toks {
		if t.op && !grouping(t.text) && (t.text != "|" || t.off > 0 && strings.HasPrefix(pat[t.off-1:], " | ")) {
			n++
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

// compileToken makes the matcher of one pattern token.
func compileToken(tok string) tokenMatcher {
	fold := caseless(tok)
	if !strings.ContainsAny(tok, "*?") && !placeholderRe.MatchString(tok) {
		return tokenMatcher{text: tok, fold: fold}
	}
	var b strings.Builder
	if fold {
		b.WriteString("(?i)")
	}
	b.WriteString("^")
	last := 0
	for _, m := range placeholderRe.FindAllStringIndex(tok, -1) {
		b.WriteString(globToRegexp(tok[last:m[0]]))
		b.WriteString(".+")
		last = m[1]
	}
	b.WriteString(globToRegexp(tok[last:]))
	b.WriteString("$")
	re, ok := compileCosted(b.String())
	if !ok {
		return tokenMatcher{text: tok}
	}
	at := placeholderRe.FindStringIndex(tok)
	operand := at != nil && at[0] == 0
	return tokenMatcher{re: re, operand: operand, anyOperand: operand || strings.Trim(tok, "*") == ""}
}

// globToRegexp quotes s, except that * and ? match as in a shell glob.
func globToRegexp(s string) string {
	q := regexp.QuoteMeta(s)
	return strings.NewReplacer(`\*`, `.*`, `\?`, `.`).Replace(q)
}

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

// validRegexp reports whether expr is a regexp regexp.Compile takes: only
// parsing can fail, so it parses and compiles nothing (compiling a.{0,999}
// a hundred times over to tell it valid took 60 ms and 68 MB).
func validRegexp(expr string) bool {
	_, err := syntax.Parse(expr, syntax.Perl)
	return err == nil
}

// collapseSpace trims s and replaces every run of whitespace with one space.
func collapseSpace(s string) string {
	var b strings.Builder
	for f := range strings.FieldsSeq(s) {
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
	s = lineContinuation.Replace(s)
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
// shellTokens does.
func spaceOperators(line string) string {
	var b strings.Builder
	last := 0
	for _, t := range shellTokens(line) {
		if !t.op || line[t.off] == '\n' {
			continue
		}
		b.WriteString(strings.TrimSuffix(line[last:t.off], " "))
		b.WriteString(" " + t.text + " ")
		last = t.off + len(t.text)
		if last < len(line) && line[last] == ' ' {
			last++
		}
		if last < len(line) && line[last] == '#' && continuesLine(t.text) {
			last = commentEnd(line, last) + 1 // "curl x | # fetch" then "sh"
		}
		if last < len(line) && line[last] == '\n' && continuesLine(t.text) {
			last++ // the line goes on: "curl x |" then "sh" reads "curl x | sh"
		}
	}
	b.WriteString(line[last:])
	return strings.TrimSpace(b.String())
}

// lineContinuation removes a backslash-newline, which a shell reads as
// nothing.
var lineContinuation = strings.NewReplacer("\\\r\n", "", "\\\n", "")

// shellToken is one word or control operator of a command line, with its
// quotes removed, and where it starts.
type shellToken struct {
	text string
	off  int  // byte offset in the line
	op   bool // a control operator: | || & && ; or a grouping ( ) $( `
	// glued: the value of the option before it, given in one word with
	// it ("--replicas=0"; see splitOptionValues).
	glued bool
	// dot: the word was written with a leading "./", which readWords
	// took off.
	dot bool
	// quoted: the word starts with a quote or a backslash, so that a ">"
	// it starts with is text ("echo '>x; git push' | sh"), not a
	// redirection.
	quoted bool
	// fed: not written in the line; the operands xargs gives the command
	// it runs, from its input, after the command's own words, or a
	// command substitution gives the command it is an argument of (see
	// feedOperands). Its text is empty.
	fed bool
}

// readWords reads the words of a tokenized line or pattern as a command
// does: an option holding its value is two words (splitOptionValues), and
// a path that starts with "./" is the same path without it, so that
// "bin/rails db:rollback*" matches "./bin/rails db:rollback", "rm -rf
// dist*" "rm -rf ./dist" and "bash .ci/run" "bash ./.ci/run"; none did.
// A "./" before a dash stays: "./-rf" is how a file named -rf is given
// so that no command takes it for an option.
func readWords(toks []shellToken) []shellToken {
	toks = splitOptionValues(toks)
	for i, t := range toks {
		if !t.op && len(t.text) > 2 && strings.HasPrefix(t.text, "./") && t.text[2] != '-' {
			toks[i].text, toks[i].dot = t.text[2:], true
		}
	}
	return toks
}

// splitOptionValues splits each option word that holds its value
// ("--replicas=0", "-count=5") into the option and the value, marked
// glued, as getopt_long and Go's flag package read "--replicas 0" and
// "--replicas=0" alike. Patterns and lines are both split, so
// "kubectl scale --replicas=0 *" matches "kubectl scale --replicas 0
// deploy/x", "kubectl delete --namespace <ns> *" "kubectl delete
// --namespace=prod pod x", and "git push --force-with-lease" "git push
// --force-with-lease=main": each matched only the form it was written in.
func splitOptionValues(toks []shellToken) []shellToken {
	n := 0
	for _, t := range toks {
		if optionValueAt(t) > 0 {
			n++
		}
	}
	if n == 0 {
		return toks
	}
	out := make([]shellToken, 0, len(toks)+n)
	for _, t := range toks {
		eq := optionValueAt(t)
		if eq <= 0 {
			out = append(out, t)
			continue
		}
		out = append(out, shellToken{text: t.text[:eq], off: t.off},
			shellToken{text: t.text[eq+1:], off: t.off + eq + 1, glued: true})
	}
	return out
}

// optionValueAt is the offset of the = of an option word that holds a
// value: a dash or two, a name, =, and a value; -1 for any other token.
func optionValueAt(t shellToken) int {
	if t.op || t.glued || !isOption(t.text) {
		return -1
	}
	eq := strings.IndexByte(t.text, '=')
	if eq < 0 || eq == len(t.text)-1 || strings.TrimLeft(t.text[:eq], "-") == "" {
		return -1
	}
	return eq
}

// shellTokens splits a command line as a shell would into words and control
// operators: single and double quotes group (and are removed), a backslash
// escapes the next character (inside double quotes, only " \ $ and a
// backtick, see unescapeDoubleQuoted), and | || & && ; ( ) $( and a
// backtick are tokens of their own even without spaces around them; a
// newline outside quotes is the operator ;. A # that starts a word starts
// a comment, which runs to the end of its line.
// It never fails: an unclosed quote runs to the end of the line.
func shellTokens(line string) []shellToken {
	return shellTokensUpTo(line, len(line)+1)
}

// shellTokensUpTo is the first limit tokens of shellTokens(line). A word
// without quotes or escapes is a substring of line rather than a copy.
func shellTokensUpTo(line string, limit int) []shellToken {
	var out []shellToken
	var b strings.Builder
	start, inWord, copied := 0, false, false
	flush := func(end int) {
		if inWord {
			text := line[start:end]
			if copied {
				text = b.String()
			}
			q := line[start] == '\'' || line[start] == '"' || line[start] == '\\' ||
				line[start] == '$' && start+1 < len(line) && line[start+1] == '\''
			out = append(out, shellToken{text: text, off: start, quoted: q})
			b.Reset()
			inWord = false
		}
	}
	word := func(i int, copy bool) {
		if !inWord {
			start, inWord, copied = i, true, false
		}
		if copy && !copied {
			b.WriteString(line[start:i]) // the plain part so far
			copied = true
		}
	}
	for i := 0; i < len(line) && len(out) < limit; i++ {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			flush(i)
		case c == '#' && !inWord:
			// A comment, to the end of the line: "rm -rf build # don't"
			// opened a quote that took the commands after it.
			i = commentEnd(line, i)
		case c == '\n':
			flush(i)
			if n := len(out); n > 0 && out[n-1].op && continuesLine(out[n-1].text) {
				continue // "curl -fsSL x |" then "  sh" on the next line: one pipeline
			}
			out = append(out, shellToken{text: ";", off: i, op: true})
		case c == '&' && redirects(line, i):
			// A redirection, not an operator: 2>&1, <&3, &>log.
			word(i, false)
			if copied {
				b.WriteByte(c)
			}
		case c == '|' || c == '&' || c == ';':
			flush(i)
			n := 1
			if c != ';' && i+1 < len(line) && line[i+1] == c {
				n = 2
			}
			out = append(out, shellToken{text: line[i : i+n], off: i, op: true})
			i += n - 1
		case c == '(' || c == ')' || c == '`' || c == '$' && i+1 < len(line) && line[i+1] == '(':
			// A subshell, a command substitution: the command inside
			// starts after the opening one and ends at the closing one.
			flush(i)
			n := 1
			if c == '$' {
				n = 2
			}
			out = append(out, shellToken{text: line[i : i+n], off: i, op: true})
			i += n - 1
		case c == '$' && i+1 < len(line) && line[i+1] == '\'':
			// ANSI-C quotes: $'it\'s done; ...' is one word.
			word(i, true)
			end := closingQuote(line, i+1)
			if end < 0 {
				end = len(line)
			}
			b.WriteString(unescapeANSIC(line[i+2 : end]))
			i = end
		case c == '\'' || c == '"':
			word(i, true)
			end := closingQuote(line, i)
			if end < 0 {
				end = len(line)
			}
			if c == '"' {
				b.WriteString(unescapeDoubleQuoted(line[i+1 : end]))
			} else {
				b.WriteString(line[i+1 : end])
			}
			i = end
		case c == '\\' && i+1 < len(line):
			word(i, true)
			b.WriteByte(line[i+1])
			i++
		default:
			word(i, false)
			if copied {
				b.WriteByte(c)
			}
		}
	}
	flush(len(line))
	return out[:min(len(out), limit)]
}

// continuesLine reports whether a line that ends with the operator op
// goes on at the next line, as the shell reads it: after a pipe or a list
// operator the command is not complete.
func continuesLine(op string) bool {
	return op == "|" || op == "||" || op == "&&"
}

// closingQuote is the index in s of the quote that closes the one at
// s[open], or -1: the next single quote after a single quote, and after
// a double quote the next double quote no backslash escapes, as a shell
// reads "say \"hi\"", and none inside a command substitution ("$(...)",
// see substitutionEnd). Read as closed by the escaped quote, git commit -m
// "Quote \"args\"; rm -rf build is gone" matched rm -rf <dir>, and a
// script in a script (su -c "bash -c \"git push --force\"") was cut short.
func closingQuote(s string, open int) int { return closingQuoteAt(s, open, 0) }

// ansiCQuoteEnd is the index in s of the quote that closes the ANSI-C
// quote "$'" whose quote is at s[open], or -1: the next single quote no
// backslash escapes, as bash, zsh and ksh read it. Read as a single
// quote, "git commit -m $'it\'s done; git push --force was used'" was
// read as closed at the \' and matched git push --force, which it
// quotes, and "bash -c $'git push --force'" as running "$git".
func ansiCQuoteEnd(s string, open int) int {
	for i := open + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			return i
		}
	}
	return -1
}

// ansiCEscapes are the escapes of an ANSI-C quote that a command line's
// reading depends on: new lines, tabs, backslashes and quotes; any other
// stays as written.
var ansiCEscapes = strings.NewReplacer(`\n`, "\n", `\r`, "\r", `\t`, "\t", `\\`, `\`, `\'`, "'", `\"`, `"`)

// unescapeANSIC is the text of an ANSI-C quote, $'...', as bash reads it
// (see ansiCEscapes).
func unescapeANSIC(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return ansiCEscapes.Replace(s)
}

// escaped reports whether s[i] is escaped: an odd number of backslashes
// comes right before it. \$'x' is a dollar sign and a quote, not an
// ANSI-C quote, whose backslash escapes would end it elsewhere.
func escaped(s string, i int) bool {
	n := 0
	for i--; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// maxQuoteDepth bounds how many command substitutions and double quotes
// within each other closingQuote follows; deeper, a quote is read as
// unclosed. No command line nests them so, and a pattern of a million
// "$(" must not take a million stack frames.
const maxQuoteDepth = 32

func closingQuoteAt(s string, open, depth int) int {
	if s[open] == '\'' && open > 0 && s[open-1] == '$' && !escaped(s, open-1) {
		return ansiCQuoteEnd(s, open)
	}
	if s[open] == '\'' {
		if end := strings.IndexByte(s[open+1:], '\''); end >= 0 {
			return open + 1 + end
		}
		return -1
	}
	for i := open + 1; i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '"':
			return i
		case s[i] == '$' && i+1 < len(s) && s[i+1] == '(':
			if depth == maxQuoteDepth {
				return -1
			}
			if i = substitutionEnd(s, i, depth+1); i < 0 {
				return -1
			}
		}
	}
	return -1
}

// substitutionEnd is the index in s of the ")" that closes the command
// substitution "$(" at s[open], or -1: as a shell reads the command
// inside, past its quotes, parentheses, comments and here-document
// bodies. Agents write a commit message or a pull request's body as
// "$(cat <<'EOF' ... EOF\n)" inside double quotes; a lone double quote in
// the text closed the outer quotes, and the rest of the text was read as
// commands ("git push --force was used" matched git push --force).
func substitutionEnd(s string, open, depth int) int {
	if end := arithmeticEnd(s, open); end >= 0 {
		return end
	}
	parens, cases := 0, 0
	pattern := -1 // the last ")" that closed no "(": a case's pattern's, not "(a)"'s, nor "$(date)"'s
	var pending []hereDoc
	for i := open + 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == 'c' || c == 'e':
			cases += caseKeyword(s, i, open+2, pattern)
			cases = max(cases, 0)
		case c == '\'' || c == '"':
			if depth == maxQuoteDepth {
				return -1
			}
			if i = closingQuoteAt(s, i, depth+1); i < 0 {
				return -1
			}
		case c == '(' && arithmeticEnd(s, i) >= 0:
			i = arithmeticEnd(s, i)
		case c == '(':
			parens++
		case c == ')':
			if parens == 0 && cases == 0 {
				return i
			}
			if parens == 0 {
				pattern = i // a case pattern's ")"
			}
			parens = max(parens-1, 0)
		case c == '#' && strings.IndexByte(" \t\n;(", s[i-1]) >= 0:
			i = commentEnd(s, i) // unclosed, when no newline ends it
		case c == '\n':
			for _, d := range pending {
				_, i = hereDocBody(s, i, d)
			}
			pending = pending[:0]
		case strings.HasPrefix(s[i:], "<<<"):
			i += 2
		case strings.HasPrefix(s[i:], "<<"):
			d, last := hereDocAt(s, i)
			if d.word != "" {
				pending = append(pending, d)
			}
			i = last
		}
	}
	return -1
}

// arithmeticEnd is the index in s of the last ")" of the arithmetic
// expansion "$((...))" or command "((...))" that starts at s[i], or -1
// when there is none there: when its first ")" that closes the inner
// "(" is not followed by the one that closes the outer, it is a
// subshell, "$((cd app) && ls)", as bash reads it. In arithmetic, << is a
// shift: read as a here-document, "echo $((a<<b))" took the lines after
// it, up to one that is "b", for its body, and a "git push --force" on
// the next line was read as text. An expression is read no further than
// maxArithmetic bytes, so that a line of many "((" left open is read in
// linear time.
func arithmeticEnd(s string, i int) int {
	if strings.HasPrefix(s[i:], "$") {
		i++
	}
	if !strings.HasPrefix(s[i:], "((") {
		return -1
	}
	depth := 0
	for j := i; j < min(len(s), i+maxArithmetic); j++ {
		switch s[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 1 {
				if j+1 < len(s) && s[j+1] == ')' {
					return j + 1
				}
				return -1
			}
		}
	}
	return -1
}

// maxArithmetic bounds the length of an arithmetic expression arithmeticEnd
// reads; no command line writes one so long.
const maxArithmetic = 256

// caseKeyword is 1 when the word at s[i] is the reserved word "case" at
// a command's start, -1 when it is "esac", and 0 for any other. A
// command starts at from (where the command text starts), after a control
// operator, a reserved word, or s[pattern], the ")" that ended a case's
// pattern last ("a) case $2 in ..."). Between "case" and "esac", a ")"
// ends a pattern ("$(case $1 in a) echo x;; esac)"), not the
// substitution.
//
// Read as the substitution's end, a pattern's ")" left the rest of the
// case to be read as commands; and a case right after a pattern, not
// counted, had its esac close the outer case.
func caseKeyword(s string, i, from, pattern int) int {
	n := 0
	switch {
	case strings.HasPrefix(s[i:], "case"):
		n = 1
	case strings.HasPrefix(s[i:], "esac"):
		n = -1
	default:
		return 0
	}
	if i+4 < len(s) && strings.IndexByte(" \t\n;&|)", s[i+4]) < 0 {
		return 0 // "cases", "esac_x"
	}
	p := i - 1
	for p >= from && (s[p] == ' ' || s[p] == '\t') {
		p--
	}
	if p < from || p == pattern || strings.IndexByte(";\n&|(", s[p]) >= 0 {
		return n
	}
	// The word before it, read back no further than the longest reserved
	// word: read to its start, each "case" of "acase)acase)..." read back
	// over all those before it, and a 48 KB pattern took 0.38 s to build,
	// a 2 KB line whose printf piped a 64 KB script into sh 2.5 s.
	q := p
	for q >= from && p-q <= maxReservedWord && strings.IndexByte(" \t\n;&|(", s[q]) < 0 {
		q--
	}
	if word := s[q+1 : p+1]; p < i-1 && len(word) <= maxReservedWord && reservedWords[word] {
		return n // "then case ..."
	}
	return 0
}

// maxReservedWord is the length of the longest of reservedWords.
const maxReservedWord = len("while")

// hereDocBody is the body of the here-document d that starts after the
// newline at s[nl], without its delimiter line, and the index in s of
// the newline after that line: where what follows starts; len(s) when no
// line is its delimiter, and the body runs to the end.
func hereDocBody(s string, nl int, d hereDoc) (string, int) {
	for at := nl; at < len(s); {
		end := strings.IndexByte(s[at+1:], '\n')
		if end < 0 {
			end = len(s)
		} else {
			end += at + 1
		}
		if d.endsAt(s[at+1 : end]) {
			return s[min(nl+1, at):at], end
		}
		at = end
	}
	return s[min(nl+1, len(s)):], len(s)
}

// unescapeDoubleQuoted is the text between double quotes as a shell reads
// it: a backslash before " \ $ or a backtick is taken off, one before a
// newline takes it off too, and any other stays; but a command
// substitution's text is as written, its own quoting read when it runs:
// "$(cat <<'EOF' ... echo \"\$x\" ... EOF\n)" prints the backslashes, and
// with them taken off, the script "bash -c" or "| sh" is given ran what
// they quoted.
func unescapeDoubleQuoted(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '$' && i+1 < len(s) && s[i+1] == '(' {
			end := substitutionEnd(s, i, 0)
			if end < 0 {
				end = len(s) - 1
			}
			b.WriteString(s[i : end+1])
			i = end
			continue
		}
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '"', '\\', '$', '`':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// commentAt reports whether the # at s[i] starts a comment: at the start
// of s, or after white space, an operator or a parenthesis.
func commentAt(s string, i int) bool {
	return i == 0 || strings.IndexByte(" \t\n;&|()", s[i-1]) >= 0
}

// commentEnd is the index of the last byte of the comment that starts at
// s[i]: the byte before the newline that ends it, so that a scanner reads
// the newline next (a here-document's body may start after it), or the
// last byte of s.
func commentEnd(s string, i int) int {
	if nl := strings.IndexByte(s[i:], '\n'); nl >= 0 {
		return i + nl - 1
	}
	return len(s) - 1
}

// redirects reports whether the & at s[i] is part of a redirection
// (2>&1, <&3, &>log) rather than a control operator.
func redirects(s string, i int) bool {
	return i > 0 && (s[i-1] == '>' || s[i-1] == '<') || i+1 < len(s) && s[i+1] == '>'
}

// isRedirection reports whether a word is a redirection of a file
// descriptor with its target in the word ("2>&1", ">log", "&>/dev/null"):
// no operand of the command.
func isRedirection(w string) bool {
	w = strings.TrimLeft(w, "0123456789&")
	return strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<")
}

// envAssignment matches a NAME=value word before a command.
var envAssignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// isAssignment reports whether a token is a NAME=value word.
func isAssignment(t shellToken) bool {
	return !t.op && !t.glued && !t.dot && envAssignment.MatchString(t.text) // not "./A=x", a path
}

// commandStarts returns the index of the first word of each command of a
// tokenized line: the line's start and the word after each control
// operator, past any NAME=value assignments, and the command a precommand
// runs ("sudo -u deploy git push": sudo, and git).
func commandStarts(toks []shellToken) []int {
	var out []int
	at := 0
	for at <= len(toks) {
		i := skipAssignments(toks, at)
		for i < len(toks) && !toks[i].op && !toks[i].dot && reservedWords[toks[i].text] { // "./!" is a path
			i = skipAssignments(toks, i+1) // "then git push", "! git push"
		}
		for i < len(toks) && !toks[i].op {
			out = append(out, i)
			i = runsCommandAt(toks, i)
		}
		next := at
		for next < len(toks) && !toks[next].op {
			next++
		}
		at = next + 1
	}
	return out
}

// reservedWords are the shell's words that may come before a command
// without running one themselves.
var reservedWords = map[string]bool{"!": true, "{": true, "if": true, "then": true, "elif": true,
	"else": true, "while": true, "until": true, "do": true}

// skipAssignments returns the first word at or after i that is neither a
// NAME=value assignment nor a redirection, with its target when that is
// the next word: the shell takes them off before the command's name, so
// "2>/dev/null git push --force" and "> log git push --force" push.
func skipAssignments(toks []shellToken, i int) int {
	for i < len(toks) && !toks[i].op {
		switch t := toks[i]; {
		case isAssignment(t):
			i++
		case !t.quoted && !t.glued && !t.dot && isRedirection(t.text): // not "./>", a path
			if redirectionAlone(t.text) && i+1 < len(toks) && !toks[i+1].op {
				i++ // its target
			}
			i++
		default:
			return i
		}
	}
	return i
}

// redirectionAlone reports whether a redirection word is its operator
// alone (">", "2>>", "<<<", ">&"), its target being the next word.
func redirectionAlone(w string) bool {
	w = strings.TrimPrefix(strings.TrimLeft(w, "0123456789"), "&")
	switch w {
	case ">", ">>", ">|", "<", "<<<", "<>", ">&", "<&":
		return true
	}
	return false
}

// precommand is a command that runs the command after it: the letters of
// its options that take an argument, and the long options that do when
// written apart ("--user deploy"; "--user=deploy" is one word), the letters
// of options with which it runs nothing (command -v describes), and how
// many operands come before the command (timeout's duration).
type precommand struct {
	argOpts  string
	argLong  []string
	noRun    string
	operands int
	// sub is the word that must follow for it to run a command ("bundle
	// exec", "python -m"); "" for none. alias is another word that does
	// the same ("npm x", "pnpm dlx"), or "".
	sub, alias string
	// user is the letter of the option, long "--user", that must be
	// given for it to run a command; 0 for none. runuser without -u runs
	// the user's shell, as su does: "runuser node -c 'npm ci'" gives
	// the script to -c (see scriptsAt), and read as a command, "node -c
	// 'npm ci'" matched what "node *" says.
	user byte
}

// precommands are the common ones. An agent about to type "sudo git push
// --force" is about to run git push --force, so the wrapper that replaces
// it applies. Commands that take the command in other shapes, sh -c
// 'git push', eval, watch and find -exec, are read as scripts (scriptsAt).
var precommands = map[string]precommand{
	"sudo": {argOpts: "CDghprtTRUu", argLong: []string{"chdir", "close-from", "command-timeout", "group", "host",
		"other-user", "prompt", "role", "type", "user"}, noRun: "elLV"},
	"doas":    {argOpts: "Cu"},
	"env":     {argOpts: "CSu", argLong: []string{"chdir", "split-string", "unset"}},
	"nice":    {argOpts: "n", argLong: []string{"adjustment"}},
	"nohup":   {},
	"time":    {argOpts: "fo", argLong: []string{"format", "output"}},
	"command": {noRun: "vV"},
	"exec":    {argOpts: "a"},
	"timeout": {argOpts: "ks", argLong: []string{"kill-after", "signal"}, operands: 1},
	// runuser -u app -- cmd; its su form, "runuser app -c 'cmd'", gives
	// the script as su does (see scriptsAt).
	"runuser": {argOpts: "cgGsuw", argLong: []string{"command", "group", "supp-group", "shell", "user",
		"whitelist-environment"}, user: 'u'},
	// xargs runs its command with operands read from its input (see
	// feedOperands); GNU's and BSD's options that take the next word.
	"xargs": {argOpts: "adEIJLnPRsS", argLong: []string{"arg-file", "delimiter", "max-args", "max-chars",
		"max-procs", "process-slot-var"}},
	// The runners of a language's project tools, which agents put before
	// the command a wrapper replaces ("bundle exec rails db:migrate",
	// "uv run pytest", "python -m pytest", "npx prettier --write .").
	"bundle":  {sub: "exec"},
	"poetry":  {sub: "run"},
	"pipenv":  {sub: "run"},
	"pnpm":    {sub: "exec", alias: "dlx"},
	"yarn":    {sub: "exec", alias: "dlx"},
	"uv":      {sub: "run", argLong: []string{"with", "python", "directory", "project", "package", "env-file", "group", "extra"}},
	"uvx":     {argLong: []string{"from", "with", "python"}},
	"npx":     {argOpts: "cp", argLong: []string{"call", "package"}},
	"bunx":    {argOpts: "p", argLong: []string{"package"}},
	"npm":     {sub: "exec", alias: "x", argOpts: "cpw", argLong: []string{"call", "package", "workspace"}},
	"python":  {sub: "-m"},
	"python3": {sub: "-m"},
	"pipx":    {sub: "run", argLong: []string{"spec", "python", "index-url", "pip-args"}},
	"pdm":     {sub: "run", argOpts: "p", argLong: []string{"project"}},
	"hatch":   {sub: "run"},
	"rye":     {sub: "run"},
	"conda":   {sub: "run", argOpts: "np", argLong: []string{"name", "prefix", "cwd"}},
	"rbenv":   {sub: "exec"},
	"pyenv":   {sub: "exec"},
	"asdf":    {sub: "exec"},
	"direnv":  {sub: "exec", operands: 1}, // direnv exec DIR cmd
	"op":      {sub: "run", argLong: []string{"env-file", "account", "environment"}},
	// Those that change how a command runs: in a new session, with its
	// output unbuffered, at a lower I/O priority, on some CPUs, holding a
	// lock, keeping the machine awake, with a virtual display.
	"setsid":     {},
	"stdbuf":     {argOpts: "ioe", argLong: []string{"input", "output", "error"}},
	"unbuffer":   {},
	"ionice":     {argOpts: "cn", argLong: []string{"class", "classdata"}, noRun: "pPu"},
	"taskset":    {noRun: "p", operands: 1},                // taskset [-c] MASK cmd
	"chrt":       {argOpts: "T", noRun: "pm", operands: 1}, // chrt [-f] PRIORITY cmd
	"flock":      {argOpts: "wEc", argLong: []string{"timeout", "conflict-exit-code", "command"}, operands: 1},
	"caffeinate": {argOpts: "tw"},
	"xvfb-run": {argOpts: "efnpsw", argLong: []string{"error-file", "auth-file", "server-num", "xauth-protocol",
		"server-args", "wait"}},
	"gtimeout": {argOpts: "ks", argLong: []string{"kill-after", "signal"}, operands: 1},
}

// shortOptions reads a word of short options, which may be bundled as
// getopt reads them (-iu deploy, -uroot): whether one says nothing is run,
// and whether the word's last option takes the next word as its argument.
// An option of argOpts takes the rest of its word when anything follows it.
func (pc precommand) shortOptions(t string) (noRun, takesNext bool) {
	for k := 1; k < len(t); k++ {
		switch {
		case strings.IndexByte(pc.noRun, t[k]) >= 0:
			return true, false
		case strings.IndexByte(pc.argOpts, t[k]) >= 0:
			return false, k == len(t)-1
		}
	}
	return false, false
}

// argOptionIs reports whether the first option of the word of short
// options t that takes an argument is the letter c: "-u", "-lu", "-uapp",
// not "-gu" (the group "u").
func (pc precommand) argOptionIs(t string, c byte) bool {
	k := strings.IndexAny(t[1:], pc.argOpts)
	return k >= 0 && t[1+k] == c
}

// runsCommandAt returns the index of the first word of the command that the
// word at i runs, when it is a precommand, past the precommand's options
// (an option letter of argOpts takes the next word, unless glued: -u root,
// -uroot, -iu root; so does a long option of argLong), "--", assignments and
// operands; otherwise, or when an option of noRun says nothing is run,
// len(toks).
func runsCommandAt(toks []shellToken, i int) int {
	pc, ok := precommands[path.Base(toks[i].text)]
	if !ok {
		return len(toks)
	}
	j, mayRun := i+1, pc.user == 0 // runuser runs a command only with -u
	if pc.sub != "" {
		if j == len(toks) || toks[j].op || toks[j].text != pc.sub && (pc.alias == "" || toks[j].text != pc.alias) {
			return len(toks) // "bundle install", "python script.py"
		}
		j++
	}
	for j < len(toks) && !toks[j].op {
		t := toks[j].text
		if toks[j].glued { // an option's value ("--preserve-env=PATH")
			j++
			continue
		}
		if t == "--" {
			j++
			break
		}
		if isAssignment(toks[j]) {
			j++
			continue
		}
		if !isOption(t) {
			break
		}
		j++
		if strings.HasPrefix(t, "--") {
			if slices.Contains(pc.argLong, t[2:]) {
				j++ // the option's argument
			}
			mayRun = mayRun || t == "--user"
			continue
		}
		noRun, takesNext := pc.shortOptions(t)
		if noRun {
			return len(toks) // sudo -l, command -v: nothing is run
		}
		if takesNext {
			j++ // the option's argument
		}
		mayRun = mayRun || pc.user != 0 && pc.argOptionIs(t, pc.user)
	}
	if !mayRun {
		return len(toks)
	}
	j = skipAssignments(toks, j)
	for n := 0; n < pc.operands && j < len(toks) && !toks[j].op; n++ {
		j++
	}
	if j >= len(toks) || toks[j].op {
		return len(toks)
	}
	return j
}

// matchAt reports whether the pattern matches the command starting at word
// s of the tokenized line cmd, by how specific the match is: &p.spec.all,
// or &p.spec.inner when only the command its precommand runs matched; nil for
// no match. It pays b for the try and its regexp runs, and is nil also
// when b cannot pay (b.err says so).
func (p *commandPattern) matchAt(cmd string, toks []shellToken, s int, b *budget) *specificity {
	if !b.pay(attemptCost) || p.env != nil && !hasAssignments(p.env, toks, s, b) {
		return nil
	}
	if p.re != nil && p.re.match(withBaseCommand(strings.TrimSuffix(cmd[toks[s].off:commandEnd(cmd, toks, s, p.ops)], " ")), b) ||
		matchLiteral(p.literal, toks, s, b) {
		return &p.spec.all
	}
	if p.inner != nil && b.pay(attemptCost) && matchLiteral(p.inner, toks, s, b) {
		return &p.spec.inner
	}
	return nil
}

// matchLiteral reports whether the pattern tokens want match the command
// starting at word s of toks: the first its first word, or a path to it
// (/usr/bin/git is git), and the rest as matchWords says.
func matchLiteral(want []tokenMatcher, toks []shellToken, s int, b *budget) bool {
	if len(toks)-s < len(want) {
		return false
	}
	first := toks[s]
	if w := want[0]; w.re == nil && strings.Contains(first.text, "/") {
		first.text = commandPath(w.text, first.text)
	}
	if !want[0].match(first, b) {
		return false
	}
	// attemptCost pays for comparing a few words; a pattern of more pays
	// for the rest before they are compared, as a regexp run is paid for
	// before it starts: a card may hold thousands of patterns of
	// thousands of words, each try of which took 14 µs for its 4 units.
	if more := int64(len(want)) - attemptCost; more > 0 && !b.pay(more) {
		return false
	}
	return matchWords(want[1:], toks, s+1, b)
}

// commandPath is the command word cmd as the pattern's first word want
// names it: a path to want when want is a name (/usr/bin/git is git), or
// one that ends in want when want is a relative path, as an agent runs a
// repository's tool by its absolute path (/work/orbit/bin/rails is
// bin/rails); otherwise cmd.
func commandPath(want, cmd string) string {
	switch {
	case !strings.Contains(want, "/"):
		return path.Base(cmd)
	case !strings.HasPrefix(want, "/") && strings.HasSuffix(cmd, "/"+want):
		return want
	}
	return cmd
}

// matchWords reports whether the pattern tokens want match the command
// tokens from toks[j], which follow a matched word: in order, as getopt
// reads a command line rather than word for word. A word of the command
// the pattern does not name is passed over when it is an option, with the
// word after it unless that is what the pattern wants next (it may be the
// option's argument: "kubectl -n prod logs", "git -C repo push",
// "gofmt -l -w"), or, when the pattern wants an option next and has
// matched a word past the first that is no option (its subcommand), any
// word ("git push origin main --force"); never "--", after which words are
// operands, nor an operator: the pattern stays in its command. A fed word
// (operands the line does not show, see feedOperands) is passed over
// too. An option of the command the pattern names later is matched ahead
// of its turn (optionAhead). Each word passed over costs a unit of b, as a pattern
// may have many tries.
func matchWords(want []tokenMatcher, toks []shellToken, j int, b *budget) bool {
	// named: a word of the pattern that is no option has been matched in
	// this command past its first, as its subcommand is. Before that, a
	// word the command gives in its place is the subcommand, which is
	// never passed over: "kubectl -n <ns> get pods" must not match
	// "kubectl delete -n prod get pods".
	named := false
	var early uint64 // the words of want matched before their turn, bit i for want[i] (see optionAhead)
	for i := 0; i < len(want); {
		if i < 64 && early&(1<<i) != 0 {
			i++
			continue
		}
		if j == len(toks) {
			return false
		}
		w, tok := want[i], toks[j]
		if w.opt && !tok.op && isOption(tok.text) && !w.match(tok, b) {
			if bits, n := optionAhead(want, i, toks, j, early, b); n > 0 {
				early |= bits
				j += n
				continue
			}
		}
		switch {
		case w.match(tok, b):
			i, j = i+1, j+1
			named = named || !w.opt
			if w.op && i < len(want) {
				// The next command's first word: matched as the first.
				if j == len(toks) || !want[i].match(toks[j], b) {
					return false
				}
				i, j, named = i+1, j+1, false
			}
		case tok.op || tok.text == "--" || !b.pay(1):
			return false
		case tok.fed:
			j++ // operands the line does not show, perhaps none
		case isOption(tok.text):
			if argumentAfter(toks, j) && (toks[j+1].glued || !w.match(toks[j+1], b)) {
				j++ // perhaps its argument
			}
			j++
		case w.opt && named:
			j++
		default:
			return false
		}
	}
	return true
}

// argumentAfter reports whether the word after the option toks[j] may be
// its argument: a word that is no option, after an option that does not
// hold its value ("--context=prod").
func argumentAfter(toks []shellToken, j int) bool {
	return j+1 < len(toks) && !toks[j+1].op &&
		(toks[j+1].glued || !isOption(toks[j+1].text) && !strings.Contains(toks[j].text, "="))
}

// optionAhead matches the option toks[j], which the option want[i] does
// not match, with a later option of the pattern among those that follow
// want[i] (each perhaps with an argument) and are not matched yet, none
// past the 64th word, as getopt takes options in any order: "docker run
// --rm -it <image>" matches "docker run -it --rm ubuntu", "migrate -path
// <p> -database <d> up" "migrate -database X -path Y up". It looks no
// further than a word of the pattern that is neither an option nor after
// one, such as a subcommand: "git push --force" does not match "git
// --force push". It returns the bits of the words of want it matched and
// how many words of toks: the option alone, when the command gives no
// argument after it or the pattern none after the option, or the option
// and its argument, when both give one and they match; none otherwise.
// Each word of want it looks at costs a unit of b.
func optionAhead(want []tokenMatcher, i int, toks []shellToken, j int, early uint64, b *budget) (uint64, int) {
	tok := toks[j]
	for k := i + 1; k < min(len(want), 64); k++ {
		if want[k].op || !want[k].opt && !want[k-1].opt || !b.pay(1) {
			return 0, 0
		}
		if !want[k].opt || early&(1<<k) != 0 || !want[k].match(tok, b) {
			continue
		}
		argGiven := argumentAfter(toks, j)
		argWanted := k+1 < min(len(want), 64) && !want[k+1].op && !want[k+1].opt
		switch {
		case !argGiven || !argWanted:
			return 1 << k, 1
		case want[k+1].match(toks[j+1], b):
			return 1<<k | 1<<(k+1), 2
		}
		return 0, 0
	}
	return 0, 0
}

// commandEnd is the offset in cmd where the command starting at word s
// ends, taking in the next ops control operators and the commands after
// them: the offset of the operator that follows, or the end of the line.
func commandEnd(cmd string, toks []shellToken, s, ops int) int {
	for _, t := range toks[s:] {
		if t.op {
			if ops == 0 {
				return t.off
			}
			ops--
		}
	}
	return len(cmd)
}

// withBaseCommand is a command with its first word, when it is a path,
// replaced by the file name: /usr/bin/git push is git push.
func withBaseCommand(cmd string) string {
	first, rest, _ := strings.Cut(cmd, " ")
	if !strings.Contains(first, "/") {
		return cmd
	}
	if rest == "" {
		return path.Base(first)
	}
	return path.Base(first) + " " + rest
}

// MaxCommandLine is the longest command line MatchCommand matches, in bytes
// after white space is collapsed; a longer one matches nothing. Every
// command of the line is tried against every pattern, and a pattern such
// as "git push .* --force" scans the rest of the line from each, so the
// work grows with the square of the length.
const MaxCommandLine = 4096

// MaxCommands bounds the commands of one line (those separated by | || &
// && ;, and those of its scripts): a line with more matches nothing,
// rather than some of its commands being silently left untried. 32 is far more than a line a
// person or an agent types.
const MaxCommands = 32

// ErrCommandLine is wrapped by the error MatchCommandLine returns for a line
// it does not try at all: longer than MaxCommandLine, of more than
// MaxCommands commands, or running a script deeper than MaxScriptDepth. A
// caller answering a client says so instead of "no card matches".
var ErrCommandLine = errors.New("command line not matched")

// commandLine is a raw command line as MatchCommand tries it: white space
// collapsed (see collapseLines) and put around operators (spaceOperators),
// split into shell tokens, and where each command starts; and the scripts
// its commands run (see scriptsAt), and theirs, each a line of its own.
type commandLine struct {
	cmd    string
	toks   []shellToken
	starts []int
	// stdin are the here-documents fed to a shell as its script, and the
	// command substitutions of those whose delimiter is not quoted (see
	// splitHereDocs).
	stdin   []string
	scripts []commandLine
}

// parseCommandLine splits cmdline for matching, with the scripts its
// commands run, or says why it is not matched at all (see
// ErrCommandLine). MaxCommands bounds the commands of the line and its
// scripts together, and a line that runs a script deeper than
// MaxScriptDepth is not matched either, as one of its commands would be
// left untried.
func parseCommandLine(cmdline string) (commandLine, error) {
	cl, err := splitCommandLine(cmdline, MaxCommandLine)
	if err != nil {
		return commandLine{}, err
	}
	commands := len(cl.starts)
	from, to := -1, 0 // the lines of one depth: cl (-1), then scripts[from:to]
	for depth := 0; from < to && commands <= MaxCommands; depth++ {
		for i := from; i < to && commands <= MaxCommands; i++ {
			line := cl
			if i >= 0 {
				line = cl.scripts[i]
			}
			for _, script := range withPrintedHereDocs(line.runs()) {
				// A script is read whatever its length: it holds the
				// words of its line, no more, but find's, each quoted
				// again ("'" is '\''), may be longer in bytes, and one
				// over MaxCommandLine was dropped unread. MaxCommands
				// and the work budget bound what it costs.
				sub, _ := splitCommandLine(script, math.MaxInt)
				if sub.cmd == "" {
					continue
				}
				if depth == MaxScriptDepth {
					return commandLine{}, fmt.Errorf("%w: it runs scripts more than %d deep", ErrCommandLine, MaxScriptDepth)
				}
				cl.scripts = append(cl.scripts, sub)
				commands += len(sub.starts)
			}
		}
		from, to = to, len(cl.scripts)
	}
	if commands > MaxCommands {
		return commandLine{}, fmt.Errorf("%w: it holds %d commands, over the limit of %d", ErrCommandLine, commands, MaxCommands)
	}
	return cl, nil
}

// splitCommandLine is one line of parseCommandLine, without its scripts,
// or an error when it is longer than limit bytes.
func splitCommandLine(cmdline string, limit int) (commandLine, error) {
	cmd, stdin := splitHereDocs(cmdline)
	cmd = collapseLines(cmd)
	if len(cmd) > limit {
		return commandLine{}, fmt.Errorf("%w: it is %d bytes, over the limit of %d", ErrCommandLine, len(cmd), limit)
	}
	cmd = spaceOperators(cmd) // after the check: the spaces are ours
	toks := lookedUpCommands(readWords(shellTokens(cmd)))
	starts := commandStarts(toks)
	if fed := feedOperands(toks, starts); len(fed) > len(toks) {
		toks, starts = fed, commandStarts(fed)
	}
	return commandLine{cmd: cmd, toks: toks, starts: starts, stdin: stdin}, nil
}

// MatchCommand returns the indexes of the cards with a Replaces pattern
// that matches the raw command line cmdline, most specific first: by the
// most specific pattern of each that matches, the one with more words
// matched exactly, then more options named, then more characters matched
// exactly, then fewer words holding a glob, a placeholder or regexp
// syntax, and equals by card id (see specificity). An agent about to type
// "docker compose down -v" finds the card of "docker compose down -v*"
// before the one of "docker compose down", which matches too.
//
// The command line is split as a shell splits it (quotes group and are
// removed, | || & && ; ( ) $( and a backtick are tokens of their own, a
// newline is a ; and a backslash before it continues the line; the body of
// a here-document is dropped, see dropHereDocs, unless a shell reads it
// as its script, see splitHereDocs), and each
// command of it is tried: the first, each after a control operator or a
// reserved word ("then", "do", "!"), and the one a
// precommand runs ("sudo -u deploy git push" is also git push, "uv run pytest" pytest; see
// precommands), past leading NAME=value assignments, and the commands of
// the scripts the line runs, each read as a line of its own ("bash -c 'git
// push --force'", eval, watch, su -c, find -exec, "echo ... | sh"; see
// scriptsAt; and a command substitution inside double quotes, see
// quotedSubstitutions). A command
// xargs runs without a replace string is read with one more operand than
// it shows, which only a pattern word that is a placeholder or "*" alone
// matches, and which a pattern may pass over (see feedOperands); so is a
// command given a command substitution as an argument, where the
// substitution is ("git branch -D $(git branch --merged)"). A pattern is
// split the same way and matches a
// command when its tokens match the command's leading tokens in order, where a
// token holding a <placeholder> ("rm -rf <dir>", "-i:<port>") matches any
// text in its place, except that one starting with a placeholder, an
// operand, matches no option ("psql <url>" does not match "psql -l"), and
// * and ? match as shell globs; the first token also
// matches a path to it ("git" matches /usr/bin/git, "bin/rails"
// /work/app/bin/rails). Words are read as a command reads them (see
// readWords): "--replicas=0" is "--replicas 0", "./dist" is "dist" (but a
// pattern's "./*" or "./<x>" wants a word written with "./", and "./-rf"
// is a file name), and a pattern's bundle of two or three short options
// ("-rf") matches them bundled in any order or with others ("-fr",
// "-rfv"), and a word of capitals ("FLUSHALL") matches in any case (see
// tokenMatcher.fold). After the first, the
// command may have options the pattern does not name, each perhaps with
// its argument, and, past the pattern's subcommand, words before an
// option the pattern names, and the pattern's options in another order
// (see matchWords and optionAhead): "kubectl port-forward *" matches "kubectl -n staging
// port-forward svc/db", "git push --force" "git push origin main --force".
// A pattern that starts with a precommand also matches the command it runs
// ("npx prettier --write *" matches "prettier --write ."), unless it sets
// variables for it ("env DRY_RUN=1 make deploy" does not match "make
// deploy"). A pattern that starts with NAME=value words matches a command
// given them among its own ("DRY_RUN=1 make deploy" matches "CI=1
// DRY_RUN=1 make deploy" and "env DRY_RUN=1 make deploy", not "make
// deploy"). So "git status" does
// not match "echo git status" or "git statusx", and "ps aux|grep <name>"
// matches "ps aux | grep nginx". A word of the pattern never matches a
// control operator: "rm -rf <dir>" does not match "rm -rf; ls".
//
// A pattern that uses regular-expression syntax a shell command would not
// (.* \s [a-z] (?i) {2} (a|b)) is also tried as a regexp, after each
// <placeholder> becomes \S+, anchored at the start of each command and
// ending at a token boundary: ^(?:pattern)(?:\s|$), a " | " in it being a
// pipe rather than an alternation. It is tried on the text of that command
// alone, or of as many commands as it has control operators for ("curl .*
// | sh"), so "git push .* --force" does not match "git push origin && echo
// --force". A pattern that does not compile is
// matched by its tokens only. Patterns are compiled once in Build; none
// ever panics. Lines longer than MaxCommandLine, of more than MaxCommands
// commands, or running scripts more than MaxScriptDepth deep, match
// nothing (see MatchCommandLine). MatchCommand
// has no work budget: it is for callers that trust the line and the cards
// (tests, the command line); a server calls MatchCommandLine.
func (ix *Index) MatchCommand(cmdline string) []int {
	m, _ := ix.MatchCommandLine(context.Background(), cmdline, math.MaxInt64)
	return m.Cards
}

// CommandMatches is what MatchCommandLine found.
type CommandMatches struct {
	// Cards are the indexes of the cards that match, most specific
	// first (see MatchCommand).
	Cards []int
	// Patterns are, for each of Cards, the index in the card's Replaces
	// of the most specific of its patterns that matched (the first of
	// those equally specific): which shape of the command the wrapper
	// says it replaces, since one card may list a safe and a destructive
	// one.
	Patterns []int
	// Tried is how many cards, from the first, were tried: all of them
	// (Total), unless the budget ran out. Cards are then the matches among
	// those, and a card after them may match too.
	Tried, Total int
	// Work is the budget spent.
	Work int64
}

// Truncated reports whether the budget ran out before every card was
// tried.
func (m CommandMatches) Truncated() bool { return m.Tried < m.Total }

// MatchCommandLine is MatchCommand within a work budget (in the units of
// DefaultCommandBudget) and for as long as ctx lasts. It says, with an
// error wrapping ErrCommandLine, why a line over the limits matched
// nothing (the line is split once, for the check and the match), and
// returns ctx's error once ctx is done. When the budget runs out it stops
// before the regexp run it cannot pay for and returns the cards tried so
// far (see CommandMatches.Truncated), with no error: what it found holds,
// and a given line against a given index always stops at the same card.
func (ix *Index) MatchCommandLine(ctx context.Context, cmdline string, work int64) (CommandMatches, error) {
	out := CommandMatches{Total: len(ix.commands)}
	cl, err := parseCommandLine(cmdline)
	if err != nil {
		return CommandMatches{}, err
	}
	if cl.cmd == "" {
		out.Tried = out.Total
		return out, nil
	}
	b := &budget{ctx: ctx, left: work}
	var found []cardMatch
	for i, pats := range ix.commands {
		if i%ctxCheckCards == 0 && b.err == nil {
			b.err = ctx.Err() // between cards too: a card may run no regexp
		}
		at, spec := -1, specificity{}
		if b.err == nil {
			at, spec = cl.matchCard(pats, b)
		}
		if b.err != nil {
			break
		}
		out.Tried = i + 1
		if at >= 0 {
			found = append(found, cardMatch{card: i, at: at, spec: spec})
		}
	}
	out.Cards, out.Patterns = ix.orderMatches(found)
	out.Work = work - b.left
	if b.err != nil && !errors.Is(b.err, ErrCommandBudget) {
		return CommandMatches{}, b.err
	}
	return out, nil
}

// ctxCheckCards is how many cards apart MatchCommandLine reads its
// context between cards, besides before every regexp run: a card whose
// patterns are matched by their words takes well under a microsecond, and
// reading the context at each took 6% of a typical line's time.
const ctxCheckCards = 64

// matchCard returns the index in its card's Replaces of the most specific
// of a card's patterns that match a command of the line (the first in
// Replaces of those equally specific), and how specific the match is; -1
// for none, and also when b cannot pay for a run (b.err says so). The
// patterns are sorted most specific first (sortPatterns), so it stops at
// the first that matches, unless that one matched only by the command its
// precommand runs (matchAt), and a later one may match more.
func (cl *commandLine) matchCard(pats []commandPattern, b *budget) (int, specificity) {
	at, best := -1, specificity{}
	for j := range pats {
		p := &pats[j]
		if at >= 0 && cmp.Or(p.spec.all.compare(best), cmp.Compare(at, p.at)) <= 0 {
			break // neither this pattern nor any after it is more specific
		}
	lines:
		for l := -1; l < len(cl.scripts); l++ {
			line := cl
			if l >= 0 {
				line = &cl.scripts[l]
			}
			for _, s := range line.starts {
				spec := p.matchAt(line.cmd, line.toks, s, b)
				if spec == nil {
					if b.err != nil {
						return -1, specificity{}
					}
					continue
				}
				if at < 0 || cmp.Or(spec.compare(best), cmp.Compare(at, p.at)) > 0 {
					at, best = p.at, *spec
				}
				if spec == &p.spec.all {
					break lines
				}
			}
		}
	}
	return at, best
}

// dropHereDocs removes the bodies of the here-documents of a command line
// (cat <<EOF, its lines, EOF): text fed to a command, which no shell runs,
// so a line that writes a script holding "git push --force" does not
// push. A body runs to the line that is its delimiter (after leading tabs,
// for <<-), or to the end. A << inside quotes or a comment opens none
// (see splitHereDocs).
func dropHereDocs(s string) string {
	line, _ := splitHereDocs(s)
	return line
}

// splitHereDocs is dropHereDocs, and the bodies it drops that a shell
// runs as its script: the here-document a shell that reads its commands
// from its input is given last ("sudo bash <<'EOF'", see readsScript), or
// that cat pipes into one ("cat <<'EOF' | bash", see catPipesToShell);
// and the command substitutions in the others whose delimiter is not
// quoted, which the shell runs as it expands the body.
// It reads the line as a shell does, not line by line: a << inside
// quotes, also quotes over several lines, or in a comment opens no
// here-document. Read line by line, a commit message or a pull request's
// body ("-m '...'", "--body \"$(cat <<'EOF' ... EOF\n)\"") that showed
// "sudo bash <<'X'" in a code block had the lines after it read as a
// script, and one that mentioned "cat <<EOF" had its own delimiter line
// dropped, so that the command after the message was read as text.
func splitHereDocs(s string) (string, []string) {
	if !strings.Contains(s, "<<") {
		return s, nil
	}
	var b strings.Builder
	var scripts []string
	var pending []hereDoc
	kept := 0  // s[kept:] is not yet written to b
	cmd := 0   // where the command being read starts, after an operator
	shell := 0 // whether it reads its script: 0 not yet known, 1 yes, -1 no
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			if i = closingQuote(s, i); i < 0 {
				i = len(s) // quoted to the end
			}
		case c == '#' && commentAt(s, i):
			i = commentEnd(s, i)
		case (c == '$' || c == '(') && arithmeticEnd(s, i) >= 0:
			i = arithmeticEnd(s, i) // its << is a shift
		case c == '\n' || c == ';' || c == '&' && !redirects(s, i) || c == '|' || c == '(' || c == ')' || c == '`':
			if c == '\n' && len(pending) > 0 {
				b.WriteString(s[kept : i+1])
				nl := i
				for k, d := range pending {
					body, next := hereDocBody(s, i, d)
					stdin := k == len(pending)-1 || pending[k+1].cmd != d.cmd // the last one given
					switch {
					case body == "":
					case stdin && (d.script || catPipesToShell(s[d.cmd:d.from]+s[d.to:min(nl, d.to+pipeLookahead)])):
						if d.quoted {
							scripts = append(scripts, body)
							break
						}
						text, subs := expandHereDoc(body)
						scripts = append(append(scripts, text), subs...)
					case !d.quoted:
						// The shell runs the command substitutions of a
						// body whose delimiter is not quoted.
						scripts = append(scripts, substitutionsIn(body)...)
					}
					i = next
				}
				pending, kept = pending[:0], min(i+1, len(s))
			}
			cmd, shell = i+1, 0
		case strings.HasPrefix(s[i:], "<<<"):
			i += 2
		case strings.HasPrefix(s[i:], "<<"):
			d, last := hereDocAt(s, i)
			if d.word != "" {
				if shell == 0 {
					// Once a command: a line of many here-documents
					// took the square of its length.
					shell = -1
					if readsScript(shellTokens(lineContinuation.Replace(s[cmd:i]))) {
						shell = 1
					}
				}
				d.cmd, d.script, d.from, d.to = cmd, shell == 1, i, last+1
				pending = append(pending, d)
			}
			i = last
		}
	}
	if kept < len(s) {
		b.WriteString(s[kept:])
	}
	return b.String(), scripts
}

// expandHereDoc is the body of a here-document whose delimiter is not
// quoted as the line's shell gives it to its command, and the command
// substitutions it runs as it expands it: each substitution (and
// arithmetic expansion) is run, wherever it is, and its output, which is
// not known, stands in the text as the word "_"; a backslash before $, a
// backtick or a backslash is taken off, and one before a newline with
// the newline, as in double quotes but for the double quote, which stays.
// A shell that reads the text as its script then runs what the line left
// for it: "sudo bash <<EOF ... echo \"\$(git push --force)\" ... EOF" pushes;
// and the line's shell has run the substitutions the script quotes
// ("echo '$(git push --force)'", or in a here-document of its own). Read
// as written, the one was text, and so were the others.
func expandHereDoc(body string) (string, []string) {
	if !strings.ContainsAny(body, "\\$`") {
		return body, nil
	}
	var b strings.Builder
	var subs []string
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '\\' && i+1 < len(body) && strings.IndexByte("$`\\\n", body[i+1]) >= 0:
			i++
			if body[i] != '\n' {
				b.WriteByte(body[i])
			}
		case c == '`' || strings.HasPrefix(body[i:], "$("):
			cmd, last := substitutionAt(body, i)
			if cmd != "" {
				subs = append(subs, cmd)
			}
			b.WriteByte('_')
			i = last
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), subs
}

// pipeLookahead bounds how much of the rest of its line splitHereDocs
// reads for the shell that cat pipes a here-document into: "| sudo -u
// deploy bash -s" is short, and a line of thousands of "cat <<A | bash;"
// read each to the line's end took the square of its length.
const pipeLookahead = 256

// hereDoc is the delimiter of one here-document, and whether its body's
// leading tabs are stripped (<<-).
type hereDoc struct {
	word  string
	strip bool
	// quoted: some of the delimiter word is quoted or escaped ('EOF',
	// \EOF), so that the body is text; otherwise the shell runs the
	// command substitutions in it.
	quoted bool
	// cmd is where the command it is given to starts (see splitHereDocs),
	// and script whether that command runs it as its script; from and to
	// are where its operator and word are in the line.
	cmd, from, to int
	script        bool
}

// endsAt reports whether line is the delimiter that ends the
// here-document's body.
func (d hereDoc) endsAt(line string) bool {
	line = strings.TrimRight(line, "\r")
	if d.strip {
		line = strings.TrimLeft(line, "\t")
	}
	return line == d.word
}

// hereDocAt reads the here-document that the << at s[i] opens, and the
// index of the last byte of its delimiter word; a hereDoc of no word
// when none follows.
func hereDocAt(s string, i int) (hereDoc, int) {
	j := i + 2
	d := hereDoc{strip: j < len(s) && s[j] == '-'}
	if d.strip {
		j++
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	var n int
	d.word, n = hereDocWord(s[j:])
	d.quoted = strings.ContainsAny(s[j:j+n], "'\"\\")
	return d, j + n - 1
}

// hereDocWord reads the delimiter word at the start of s, quotes and
// backslashes removed, and how many bytes it spans; "" when s does not
// start with a letter, an underscore, a quote or a backslash.
func hereDocWord(s string) (string, int) {
	if s == "" || !(s[0] == '_' || s[0] == '\'' || s[0] == '"' || s[0] == '\\' || unicode.IsLetter(rune(s[0]))) {
		return "", 0
	}
	var b strings.Builder
	i := 0
	for ; i < len(s) && !strings.ContainsRune(" \t\r\n;|&<>()", rune(s[i])); i++ {
		switch c := s[i]; c {
		case '\'', '"':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				end = len(s) - i - 1
			}
			b.WriteString(s[i+1 : i+1+end])
			i += end + 1
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), min(i, len(s)) // an unclosed quote runs to the end
}
