package search

import (
	"regexp"
	"strings"
)

// commandPattern is one compiled Replaces entry: a regexp, or, when the
// entry is not a valid regexp, a literal token sequence.
type commandPattern struct {
	re      *regexp.Regexp
	literal []string // tokens; "" is a <placeholder> matching any one token
}

// placeholderRe finds <placeholder> spans: "<" + one or more characters
// other than space and angle brackets + ">". A span right after "(?P" or
// "(?" is a regexp group name and is left alone.
var placeholderRe = regexp.MustCompile(`<[^\s<>]+>`)

// compileCommands compiles every card's Replaces once. Invalid patterns
// fall back to literal matching and never panic.
func (ix *Index) compileCommands() {
	ix.commands = make([][]commandPattern, len(ix.cards))
	for i, c := range ix.cards {
		for _, raw := range c.Replaces {
			if p, ok := compileCommandPattern(raw); ok {
				ix.commands[i] = append(ix.commands[i], p)
			}
		}
	}
}

// compileCommandPattern implements the rule documented on MatchCommand. It
// reports false for a pattern that is empty after trimming.
func compileCommandPattern(raw string) (commandPattern, bool) {
	pat := collapseSpace(raw)
	if pat == "" {
		return commandPattern{}, false
	}
	// The pattern must compile on its own before it is wrapped, or an
	// unbalanced one such as "a)|(b" would escape the anchoring.
	if expr := placeholdersToRegexp(pat); validRegexp(expr) {
		if re, err := regexp.Compile(`^(?:` + expr + `)(?:\s|$)`); err == nil {
			return commandPattern{re: re}, true
		}
	}
	toks := strings.Split(pat, " ")
	for i, t := range toks {
		if isPlaceholder(t) {
			toks[i] = ""
		}
	}
	return commandPattern{literal: toks}, true
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

func validRegexp(expr string) bool {
	_, err := regexp.Compile(expr)
	return err == nil
}

func isPlaceholder(tok string) bool {
	return len(tok) > 2 && placeholderRe.FindString(tok) == tok
}

// collapseSpace trims s and replaces every run of whitespace with one space.
func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func (p *commandPattern) match(cmd string, toks []string) bool {
	if p.re != nil {
		return p.re.MatchString(cmd)
	}
	if len(toks) < len(p.literal) {
		return false
	}
	for i, want := range p.literal {
		if want != "" && want != toks[i] {
			return false
		}
	}
	return true
}

// MatchCommand returns, in card order, the indexes of the cards with a
// Replaces pattern that matches the raw command line cmdline.
//
// The command line is trimmed and every run of whitespace collapsed to one
// space; so is each pattern. A pattern is then read as a regexp, after each
// <placeholder> span (angle brackets around text without spaces, as in
// "rm -rf <dir>") is replaced by \S+, and anchored as ^(?:pattern)(?:\s|$):
// it must match from the first character of the command line and end at a
// token boundary, so "status" does not match "git status" and "git stat"
// does not match "git status". A pattern that is not a valid regexp on its
// own (such as "bad(" or "a)|(b") is a literal prefix instead: its tokens
// must equal the leading tokens of the command line, a <placeholder> token
// matching any one token. An empty pattern matches nothing. Patterns are
// compiled once in Build; an invalid one never panics.
func (ix *Index) MatchCommand(cmdline string) []int {
	cmd := collapseSpace(cmdline)
	if cmd == "" {
		return nil
	}
	toks := strings.Split(cmd, " ")
	var out []int
	for i, pats := range ix.commands {
		for j := range pats {
			if pats[j].match(cmd, toks) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}
