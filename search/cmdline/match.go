package cmdline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"path"
	"regexp/syntax"
	"slices"
	"strings"
)

// matchAt reports whether the pattern matches the command starting at word
// s of the tokenized line cmd, by how specific the match is: one of
// p.spec.all, or of p.spec.inner when only the command its precommand runs
// matched, by how the match holds (respelling); nil for no match. It pays
// b for the try and its regexp runs, and is nil also when b cannot pay
// (b.err says so).
func (p *commandPattern) matchAt(line *commandLine, toks []shellToken, s int, b *budget) *specificity {
	if !b.pay(attemptCost) || p.env != nil && !hasAssignments(p.env, toks, s, b) {
		return nil
	}
	if p.re != nil && p.matchRegexp(line, toks, s, b) {
		return &p.spec.all[ownWords]
	}
	if matchLiteral(p.literal, toks, s, b) {
		return &p.spec.all[respelling(p.literal, p.writtenLiteral(), toks, s, b)]
	}
	if p.whole != nil && b.pay(attemptCost) && matchLiteral(p.whole.literal, toks, s, b) {
		return &p.spec.all[ownWords]
	}
	if p.inner != nil && b.pay(attemptCost) && matchLiteral(p.inner, toks, s, b) {
		return &p.spec.inner[respelling(p.inner, p.writtenInner(), toks, s, b)]
	}
	if p.whole != nil && p.whole.inner != nil && b.pay(attemptCost) && matchLiteral(p.whole.inner, toks, s, b) {
		return &p.spec.inner[ownWords]
	}
	return nil
}

// How a match of a pattern's words holds (specificity.respelled).
const (
	ownWords    = iota // as the pattern and the line write their words
	splitOnly          // only by a bundle of the line read as its options
	spelledOnly        // only by another spelling of some option
	// renamedLevel is added to the level of a match of a pattern written
	// with another name of a docker subcommand than its own (see
	// compileNamed), which goes after any of the line's own names.
	renamedLevel = 3
)

// respelling says how the pattern words want, which match the command at
// word s of toks, match it: only by another spelling of some option
// (tokenMatcher.spelled, shellToken.spelled), so that with no spelling
// they do not; else only by the options of a bundle of the line read one
// by one, so that the pattern as written (written, its bundles whole)
// does not match the command as written ("git clean -n*" matches "git
// clean -nf" so, "git clean -f*" only by its -f); else ownWords. It
// copies the command's words, up to the operator after them unless the
// pattern holds operators, and pays b for them: only a match on a command
// with such an option costs it.
func respelling(want, written []tokenMatcher, toks []shellToken, s int, b *budget) int {
	end := len(toks)
	// A pattern's redirection may be that of a group the command is in,
	// past its end ("(make all) 2> err", see groupRedirectAt).
	if !slices.ContainsFunc(want, func(m tokenMatcher) bool { return m.op || m.redir }) {
		for end = s + 1; end < len(toks) && !toks[end].op; end++ {
		}
	}
	cmd := toks[s:end]
	// The line's other spellings count only for a pattern with an option,
	// which one may match.
	spelled := slices.ContainsFunc(want, func(m tokenMatcher) bool { return m.spelled != 0 }) ||
		slices.ContainsFunc(want, func(m tokenMatcher) bool { return m.opt }) &&
			slices.ContainsFunc(cmd, func(t shellToken) bool { return t.spelled != 0 })
	split := slices.ContainsFunc(cmd, func(t shellToken) bool { return t.bundled })
	if !spelled && !split || !b.pay(int64(len(cmd))) {
		return ownWords
	}
	if spelled && !matchLiteral(unspelled(want), unspelledLine(cmd, s), 0, b) {
		return spelledOnly
	}
	if split && !matchLiteral(unspelled(written), writtenLine(cmd, s), 0, b) {
		return splitOnly
	}
	return ownWords
}

// unspelled is a copy of the pattern words want with no other spelling.
func unspelled(want []tokenMatcher) []tokenMatcher {
	out := slices.Clone(want)
	for i := range out {
		out[i].spelled = 0
	}
	return out
}

// unspelledLine is a copy of the words cmd, which start at word s of the
// line, with no other spelling.
func unspelledLine(cmd []shellToken, s int) []shellToken {
	out := slices.Clone(cmd)
	for i := range out {
		out[i].spelled = 0
	}
	reindex(out, func(k int) int { return k - s })
	return out
}

// writtenLine is the words cmd, which start at word s of the line, as
// the line writes them: each bundle split into its options whole again,
// and no option read as another spelling.
func writtenLine(cmd []shellToken, s int) []shellToken {
	out := make([]shellToken, 0, len(cmd))
	at := make([]int, len(cmd)+1) // the index in out of each word of cmd, or of the word after it
	for i, t := range cmd {
		at[i] = len(out)
		if t.bundled {
			continue
		}
		if t.bundle != "" {
			t.text, t.bundle = t.bundle, ""
		}
		t.spelled = 0
		out = append(out, t)
	}
	at[len(cmd)] = len(out)
	reindex(out, func(k int) int {
		if k -= s; k < 0 || k >= len(at) {
			return -1
		}
		return at[k]
	})
	return out
}

// reindex rewrites the indexes of words of the line that words of out
// hold (shellToken.groupPipe and groupRedirect) as indexes in out, where
// index says the word of the line at k is, or -1 (no index then).
func reindex(out []shellToken, index func(k int) int) {
	move := func(g int32) int32 {
		if k := index(int(g) - 1); g > 0 && k >= 0 && k <= len(out) {
			return int32(k + 1)
		}
		return 0
	}
	for i := range out {
		if out[i].groupPipe > 0 || out[i].groupRedirect > 0 {
			out[i].groupPipe, out[i].groupRedirect = move(out[i].groupPipe), move(out[i].groupRedirect)
		}
	}
}

// writtenLiteral and writtenInner are the pattern's literal and inner
// words with its bundles whole, as written (see respelling).
func (p *commandPattern) writtenLiteral() []tokenMatcher {
	if p.whole != nil {
		return p.whole.literal
	}
	return p.literal
}

func (p *commandPattern) writtenInner() []tokenMatcher {
	if p.whole != nil && p.whole.inner != nil {
		return p.whole.inner
	}
	return p.inner
}

// matchLiteral reports whether the pattern tokens want match the command
// starting at word s of toks: the first its first word, or a path to it
// (/usr/bin/git is git), and the rest as matchWords says.
func matchLiteral(want []tokenMatcher, toks []shellToken, s int, b *budget) bool {
	if n := len(want) - (len(toks) - s); n > 0 && !wordsBefore(toks, s, n) {
		return false // fewer words than the pattern, counting those before the name it may read (enterBefore)
	}
	if !matchCommandWord(&want[0], &toks[s], b) {
		return false
	}
	// attemptCost pays for comparing a few words; a pattern of more pays
	// for the rest before they are compared, as a regexp run is paid for
	// before it starts: a card may hold thousands of patterns of
	// thousands of words, each try of which took 14 µs for its 4 units.
	if more := int64(len(want)) - attemptCost; more > 0 && !b.pay(more) {
		return false
	}
	return matchWords(want[1:], toks, s+1, want[0].text, b)
}

// wordsBefore reports whether n words come just before toks[s], no
// operator among them.
func wordsBefore(toks []shellToken, s, n int) bool {
	if s < n {
		return false
	}
	for _, t := range toks[s-n : s] {
		if t.op {
			return false
		}
	}
	return true
}

// matchCommandWord reports whether the pattern's command word w matches
// the word t a command starts with: as written, or a path to it, or with
// a version after it (see commandPath and namesVersioned).
// Both are pointers, as it is tried on every pattern's first word.
func matchCommandWord(w *tokenMatcher, t *shellToken, b *budget) bool {
	if w.re == nil && strings.Contains(t.text, "/") {
		named := *t
		named.text = commandPath(w.text, t.text)
		t = &named
	}
	return w.match(*t, b) || w.re == nil && namesVersioned(w.text, t.text)
}

// nextCommandAt returns the index in toks of the word, from toks[j] up to
// the next control operator, at which a command starts that the
// pattern's command word w matches, or -1: the first word, or the command
// a precommand or assignments before it run ("curl * | sh" matches "curl
// x | sudo sh", "| sudo -u $(whoami) sh", "| env X=1 sh" and "|
// /bin/sh", as a line's first command does), and the first inside a
// subshell there ("| (sh)"), or after a pipe (piped) the first in such a
// group past commands that read no input ("| (cd /tmp && sh)", see
// readsNoInput), entering the groups inside it ("| (cd /tmp; (sh))") and
// passing those whose commands read none ("| ((cd /tmp) && sh)"). The commands inside a substitution are not that
// command, and xargs and coproc give the command they run no input from
// the pipe ("curl x | xargs sh" runs the download's words). Each word it
// looks at costs a unit of b.
func nextCommandAt(w *tokenMatcher, toks []shellToken, j int, piped bool, b *budget) int {
	// A subshell there starts with the command: "| (sh)" runs sh on the
	// input as "| sh" and "| { sh; }" do, "&& (git push)" runs git push.
	// A pattern that names the "{" ("curl * | { sh; }") matches it as a word.
	braces := w.text != "{"
	j, open := enterGroups(toks, j, 0, braces)
	grouped := open > 0 && piped // after &&, the next command is the group's first
	var groups nesting
	backtick := false
	passed := "" // the command word before, in a group: "cd" of "| (cd /tmp && sh)"
	for k := j; k < len(toks) && b.pay(1); k++ {
		t := &toks[k]
		switch {
		case groups.read(toks, k):
			if groups.depth >= 0 {
				continue
			}
			if !grouped || open == 1 {
				return -1 // the end of a subshell the pattern's operator is in, or of the group the pipe feeds
			}
			groups.depth, open = 0, open-1 // "| ((cd /tmp) && sh)": the inner group read nothing
			continue
		case t.op && t.text == "`":
			backtick = !backtick
			continue
		case grouped && groups.depth == 0 && !backtick && closesBraces(toks, k):
			if open--; open == 0 {
				return -1
			}
			continue
		case t.op && groups.depth == 0 && !backtick && grouped && readsNoInputWord(passed) && t.text != "|":
			// "| (cd /tmp && sh)": sh reads the pipe, cd did not; so does
			// the first command of a group there, "| (cd /tmp; (sh))".
			k, open = enterGroups(toks, k+1, open, braces)
			k-- // the loop's k++ steps onto the command
			continue
		case t.op && groups.depth == 0 && !backtick:
			return -1
		case t.op || groups.depth > 0 || backtick || k > j && !t.start || t.refused:
			continue
		}
		if matchCommandWord(w, t, b) {
			return k
		}
		passed = t.text
		if feedsNoInput[path.Base(passed)] {
			return -1
		}
	}
	return -1
}

// readsNoInput are commands that never read their standard input, after
// which the next command of a group after a pipe reads it: "curl x | (cd
// /tmp && sh)" and "| { umask 077; sh; }" run sh on the download, and
// "| (cat > f; sh)" does not. Shell builtins and a few commands alike.
var readsNoInput = map[string]bool{
	"cd": true, "pushd": true, "popd": true, "export": true, "unset": true, "set": true,
	"umask": true, "ulimit": true, "shopt": true, "true": true, ":": true, "echo": true,
	"printf": true, "mkdir": true, "sleep": true, "test": true, "[": true, "[[": true,
	"exit": true, "return": true,
}

// readsNoInputWord reports whether the command that starts with word w
// reads no input: one of readsNoInput, by any path, or an arithmetic
// command ("(( n > 1 ))", one word: see shellTokens).
func readsNoInputWord(w string) bool {
	return readsNoInput[path.Base(w)] || strings.HasPrefix(w, "((")
}

// nesting follows the subshells and substitutions a command's tokens open
// and close, read one by one, and the case statements in them or outside
// any, whose patterns end in a ")" that closes none ("$(case a in a) sh;;
// esac)", "| case a in a) sh;; esac").
type nesting struct {
	depth int        // the groups open; -1 after a ")" closing one opened before the reading
	cases []caseOpen // the case statements open, innermost last
}

// caseOpen is a case statement nesting reads: the depth of its words,
// the index in toks of its "case", and of its "in", +1 (0 until read).
type caseOpen struct{ depth, at, in int }

// inCase reports whether the innermost case statement open has its words
// at the depth read.
func (n *nesting) inCase() bool {
	return len(n.cases) > 0 && n.cases[len(n.cases)-1].depth == n.depth
}

// read reads toks[k], and reports whether it is one of the words the
// nesting follows: "(", "$(", ")", or "case" where a command starts
// (unless after a ")" closing a group opened before the reading), its
// "in" and its "esac". The "(" that opens a case pattern ("(x)", see
// casePatternOpen) opens no group.
func (n *nesting) read(toks []shellToken, k int) bool {
	t := &toks[k]
	switch {
	case t.op && t.text == "(" && n.inCase() && casePatternOpen(toks, k, n.cases[len(n.cases)-1].in-1):
		// a case pattern's start: its ")" ends it
	case t.op && (t.text == "$(" || t.text == "("):
		n.depth++
	case t.op && t.text == ")" && n.inCase():
		// a case pattern's end
	case t.op && t.text == ")":
		n.depth--
	case !t.op && !t.quoted && n.depth >= 0 && t.start && t.text == "case":
		n.cases = append(n.cases, caseOpen{depth: n.depth, at: k})
	case !t.op && !t.quoted && t.text == "in" && n.inCase() && n.cases[len(n.cases)-1].in == 0 && n.afterSubject(toks, k):
		n.cases[len(n.cases)-1].in = k + 1
	case !t.op && !t.quoted && t.text == "esac" && n.inCase():
		n.cases = n.cases[:len(n.cases)-1]
	default:
		return false
	}
	return true
}

// afterSubject reports whether the word "in" at toks[k] comes after the
// subject of the innermost case statement open, newlines aside: not
// right after its "case" ("case in in" has the subject "in"). The
// subject is one word whatever it is made of ("x", "$(cmd)", "`cmd`",
// "a$(b)c", "$(case …)"), whose substitutions nesting reads, and which
// bash refuses where it is more.
func (n *nesting) afterSubject(toks []shellToken, k int) bool {
	j := k - 1
	for j >= 0 && toks[j].op && toks[j].newline {
		j--
	}
	return j > n.cases[len(n.cases)-1].at
}

// casePatternOpen reports whether the "(" at toks[k] opens a case
// pattern, "(x)" of "case x in (x) make all;; esac": after in, the
// statement's "in" (toks[in], -1 while not read, see nesting), or an
// arm's ";;", ";&" or ";;&", newlines aside, where bash reads no subshell,
// whatever the subject ("case $(cmd) in (x)"). A ";" and a newline are no
// ";;" ("x) ls;" then "(make all)" is a subshell).
func casePatternOpen(toks []shellToken, k, in int) bool {
	newline := func(j int) bool { return toks[j].op && toks[j].newline }
	j := k - 1
	for j >= 0 && newline(j) {
		j--
	}
	switch {
	case j >= 1 && toks[j].op && (toks[j].text == ";" || toks[j].text == "&") && !newline(j) &&
		toks[j-1].op && toks[j-1].text == ";" && !newline(j-1):
		return true // ";;", ";&", ";;&"
	case j >= 0 && j == in:
		return true
	}
	return false
}

// feedsNoInput are the precommands that do not give the command they run
// the input of the pipe they are in (see nextCommandAt).
var feedsNoInput = map[string]bool{"xargs": true, "coproc": true}

// permutes are commands that take no subcommand and read their options
// anywhere among their operands, as GNU getopt does: "rm build -rf",
// "chmod 777 -R dir" and "curl https://x -X DELETE" give their options
// after an operand, which, for a command with subcommands, would be the
// subcommand ("kubectl delete -n prod get pods" is not "kubectl -n <ns>
// get pods"). A shell's kill is not one: "kill 1234 -9" signals process
// group 9.
var permutes = map[string]bool{
	"rm": true, "cp": true, "mv": true, "ln": true, "mkdir": true, "rmdir": true, "touch": true,
	"chmod": true, "chown": true, "chgrp": true, "cat": true, "head": true, "tail": true, "ls": true,
	"du": true, "df": true, "grep": true, "sed": true, "curl": true, "wget": true, "rsync": true, "scp": true,
	"pg_dump": true, "pg_restore": true, "psql": true,
	"apt-get": true, "apt": true, // "apt-get -y install curl"
}

// bundleArguments are the short options that take an argument of the
// commands of permutes that have any (GNU coreutils, grep and sed, curl,
// wget, rsync and OpenSSH's scp, pg_dump and pg_restore; psql's are not read, see knownOptions), for reading
// their bundles: the letters after one are its argument, so "curl -XPOST"
// holds no -O and "grep -eword" no -r (see bundles and
// splitShortArguments).
var bundleArguments = map[string]*optionSet{
	"cp": {short: "St"}, "mv": {short: "St"}, "ln": {short: "St"}, "mkdir": {short: "m"},
	"touch": {short: "drt"}, "head": {short: "cn"}, "tail": {short: "cns"}, "ls": {short: "ITw"},
	"du": {short: "Bdt"}, "df": {short: "Btx"}, "grep": {short: "ABCdDefm"},
	"sed": {short: "efil"}, // -i's suffix, optional, is glued: "-i.bak", "-ie"

	"curl":  {short: "AbcCdDeEFHKmoPQrtTuUwxXyYz"},
	"wget":  {short: "aABDeiIlnOoPQRtTUwX"}, // -n takes a letter: -nc, -nH
	"rsync": {short: "BefT"}, "scp": {short: "cFiJloPS"},

	// "-dapp": -d's argument is split off, though not skipped (see
	// pgDumpOptions). A bundle is read by knownOptions' where a command
	// has both (markGetopt).
	"pg_dump": {short: pgDumpOptions.short + "d"},
	// apt-get(8): --host-architecture, --config-file, --option, --target-release.
	"apt-get": {short: "acot"}, "apt": {short: "acot"},
	"pg_restore": &pgRestoreOptions,
}

// argumentOptions are the options that take an argument of the command a
// pattern's first word names, when capreg knows them, so that an
// option's argument is never taken for the operand a pattern wants: "ssh
// prod-*" must not match "ssh -i prod-key.pem staging-1". Nil for other
// commands, whose options are read as argumentAfter guesses.
func argumentOptions(name string) *optionSet {
	return knownOptions[name]
}

// knownOptions are argumentOptions' commands: ssh, and PostgreSQL's dump
// and restore, whose one-letter options are bundled with their arguments
// ("pg_restore -Fc", the custom format, is no -c, clean). Not psql: "psql
// <url>" is meant to match "psql -d app -f seed.sql", whose database is
// -d's argument.
var knownOptions = map[string]*optionSet{
	"ssh":        &sshOptions,
	"pg_restore": &pgRestoreOptions,
	"pg_dump":    &pgDumpOptions,
}

// The options of PostgreSQL 17's pg_restore and pg_dump that take an
// argument; not pg_dump's -d (--dbname), whose argument is the database
// a "pg_dump <db>" pattern means, as psql's is.
var (
	pgRestoreOptions = optionSet{"dfFhIjLnNpPStTU", []string{"dbname", "file", "format", "host", "index", "jobs",
		"use-list", "schema", "exclude-schema", "port", "function", "superuser", "table", "trigger", "username",
		"role", "section", "filter", "transaction-size"}}
	pgDumpOptions = optionSet{"EfFhjnNpStTUZ", []string{"encoding", "file", "format", "host", "jobs",
		"schema", "exclude-schema", "port", "superuser", "table", "exclude-table", "username", "compress", "role",
		"exclude-table-data", "exclude-table-and-children", "exclude-table-data-and-children", "extra-float-digits",
		"filter", "lock-wait-timeout", "rows-per-insert", "section", "snapshot", "table-and-children",
		"exclude-extension", "extension"}}
)

// namesVersioned reports whether cmd, a command's name, is the pattern's
// plain command word name with a version after it: "pip" names pip3,
// "python" python3.12, "gcc" gcc-12, "go" go1.22.3 and "python3"
// python3.12, but not python312. Distributions install interpreters,
// package managers and compilers under versioned names, and an agent
// types the one the machine has. So does a package runner's command
// with the version it wants ("npx prettier@3", "uvx ruff==0.5.0"). A
// word of one letter names none ("m" is not m4), nor does one that is no
// plain name, nor a name of another program (diff3, killall5). Most
// calls fail at once, on a pattern of another command, so that test is
// inlined.
func namesVersioned(name, cmd string) bool {
	return len(cmd) > len(name) && cmd[:len(name)] == name && versionAfter(name, cmd)
}

// otherPrograms are names that look like versions of another's but name
// a program of their own: diff3 compares three files, and killall5
// signals every process, where killall signals those of one name.
var otherPrograms = map[string]bool{"diff3": true, "killall5": true}

// versionAfter reports whether the rest of cmd after the command word
// name makes a versioned name of it (see namesVersioned).
func versionAfter(name, cmd string) bool {
	if len(name) < 2 || !plainName(name) || otherPrograms[cmd] {
		return false
	}
	v := cmd[len(name):]
	switch {
	case v[0] == '@':
		return len(v) > 1 // prettier@3, prettier@latest
	case strings.HasPrefix(v, "=="):
		return isVersion(v[2:]) // ruff==0.5.0
	case v[0] == '.' || v[0] == '-':
		v = v[1:]
	case isDigit(name[len(name)-1]):
		return false // "pip1" then "2" is pip12
	}
	return isVersion(v)
}

// withoutVersion is name without a version at its end ("python3.12",
// "gcc-12": "python", "gcc"), or name when it has none or would keep
// fewer than two letters.
func withoutVersion(name string) string {
	base := strings.TrimRight(name, "0123456789.")
	if base == name || !isVersion(name[len(base):]) {
		return name
	}
	base = strings.TrimSuffix(base, "-")
	if len(base) < 2 || !plainName(base) {
		return name
	}
	return base
}

// isVersion reports whether v is a version: numbers joined by dots.
func isVersion(v string) bool {
	for part := range strings.SplitSeq(v, ".") {
		if part == "" || strings.Trim(part, "0123456789") != "" {
			return false
		}
	}
	return true
}

// plainName reports whether w is a plain command name: a letter, then
// letters, digits, and "_", "+" or "-".
func plainName(w string) bool {
	for i, r := range w {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && ('0' <= r && r <= '9' || r == '_' || r == '+' || r == '-'):
		default:
			return false
		}
	}
	return w != ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

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
// matched a word past the first that is no option (its subcommand), or
// from the start for a command that takes none (noSubcommand, see
// permutes), any word ("git push origin main --force", "rm build -rf"); never "--", after which words are
// operands, unless only operands are left to match ("rm -f -- /tmp/x"),
// nor an operator: the pattern stays in its command. A word
// passed over may still be taken by a later word of the pattern that is
// no option (takePassed). A fed word (operands the line does not show,
// see feedOperands) is passed over too. An option of the command the
// pattern names later is matched ahead of its turn (optionAhead). A
// pattern word of stars alone with more words after it takes one word or
// more (matchSpan). Each word passed over costs a unit of b, as a pattern
// may have many tries.
func matchWords(want []tokenMatcher, toks []shellToken, j int, name string, b *budget) bool {
	// passed starts nil: most tries pass no word over, and a buffer here
	// escaped to the heap on every one (matchSpan keeps the cursor).
	c := wordCursor{j: j}
	c.command(name)
	return matchFrom(want, toks, c, b) == matched
}

// command sets what c knows of the options of the command name, whose
// words it is about to read.
func (c *wordCursor) command(name string) {
	c.args, c.anywhere = argumentOptions(name), permutes[name]
	c.named, c.dashed, c.runner, c.handed = c.anywhere, false, runsInside[name], false
	c.at = c.j - 1
	c.group = groupRedirections{}
	c.back, c.before = 0, false
	c.global = subcommandArguments[spellingName(name)]
}

// How matchFrom ends.
const (
	unmatched  = iota
	matched    // the pattern's words are all matched
	spanFailed // unmatched, after trying every span of a star (matchSpan)
)

// wordCursor is where matchWords is in a pattern and a command.
type wordCursor struct {
	i, j int // the next word of want and of toks
	// named: a word of the pattern that is no option has been matched in
	// this command past its first, as its subcommand is. Before that, a
	// word the command gives in its place is the subcommand, which is
	// never passed over: "kubectl -n <ns> get pods" must not match
	// "kubectl delete -n prod get pods".
	named bool
	early uint64 // the words of want matched before their turn, bit i for want[i] (see optionAhead)
	// passed: the words of this command passed over, in order, which a
	// later word of the pattern that is no option may still take, as
	// getopt reads operands on either side of options: "kubectl logs -f
	// <pod>" matches "kubectl logs api -f", "git commit --no-verify *"
	// "git commit -m x --no-verify".
	passed []passedWord
	args   *optionSet // the command's options that take an argument, when known
	// anywhere: the command reads its options anywhere (permutes), so args
	// hold past its first operand, as they do not past ssh's destination.
	anywhere bool
	// global: the command's options that take the next word as their
	// argument before its subcommand (subcommandArguments): that word is
	// never the subcommand, as "helm -n delete list" lists the releases
	// of the namespace "delete" and "git -C push status" is git status.
	global map[string]bool
	// forked: this is the try of a word passed over for a placeholder
	// that may also be an option's argument (takePassed), which tries no
	// other.
	forked bool
	// dashed: the command's "--" is behind, which ends its options, so
	// a word that looks like one is an operand a placeholder may take:
	// "kill -9 <pid>" matches "kill -9 -- -4242", "cat <file>" "cat --
	// -n" (a placeholder never takes that "--" itself, but takes a later
	// one: "cat <a> <b>" matches "cat -- -- a"). Not a runner's first
	// (runsInside), which hands over to the command it runs, whose
	// options follow: "kubectl exec db-0 -- pg_dump -Fc app"; a "--"
	// after that one ends that command's options ("kubectl exec db-0 --
	// ls -- -la" lists the file -la).
	dashed bool
	runner bool // the command is one of runsInside
	at     int  // the index in toks of the command's first word
	// handed: the runner's "--" is behind (see endOptions).
	handed bool
	// group: the redirections of a group the command inherits, which
	// the cursor is reading (see groupRedirectAt).
	group groupRedirections
	// back: the index in toks, +1, of the end of the command's words,
	// where the cursor goes back to once past the redirections written
	// before its name, which it is reading (0: none); before: it read
	// those (see enterBefore).
	back   int
	before bool
}

// groupRedirections are the redirections after a group's closer, which a
// command inside it inherits, as wordCursor reads them.
type groupRedirections struct {
	// end: the index in toks of the operator after them, +1 (0: the
	// cursor reads none).
	end int
	// own: the descriptors the command or a nearer group redirects, or
	// writes into a pipe, whose redirections here it does not inherit;
	// these: those they redirect.
	own, these uint16
	// from: the index in toks of the operator the command ends at, +1,
	// from which the cursor went to the groups' redirections.
	from int
}

// inherits reports whether the command the cursor reads inherits the
// redirection at toks[j]: it is not of a group's, or of one that
// redirects no descriptor the command or a nearer group redirects.
func (g groupRedirections) inherits(toks []shellToken, j int) bool {
	if j >= g.end-1 {
		return true
	}
	fds, _ := redirectedDescriptors(toks[j].text)
	return fds&g.own == 0
}

// endOptions moves c past the "--" at toks[j], of the command's, that
// ends options: the command's own, after which its words are operands
// (dashed), or a runner's first, which hands over to the command it runs
// (handed), where it comes before that command: "kubectl exec db-0 --
// pg_dump -Fc app", "ssh host -- ls -la". One after the first word of
// the command a runner runs, where the runner's words before it are known
// (runnerCommandAt: docker's, podman's and ssh's, whose options end at
// the container or the destination), is that command's: "docker exec db
// ls -- -la" and "ssh host ls -- -la" list the file -la. Elsewhere a
// runner's first "--" is read as its own even where it may be its
// command's, whose options then stay options: the reading matches fewer
// lines, never more. Reading the runner's words costs a unit of b each.
func (c *wordCursor) endOptions(toks []shellToken, j int, b *budget) {
	if c.runner && !c.handed && !c.commandsDash(toks, j, b) {
		c.handed = true
		return
	}
	c.dashed = true
}

// commandsDash reports whether the "--" at toks[j], among the words of a
// runner, comes after the first word of the command it runs
// (runnerCommandAt of the runner's words before it: a substitution after
// it, "docker exec db ls -- -la $(x)", leaves it the command's).
func (c *wordCursor) commandsDash(toks []shellToken, j int, b *budget) bool {
	if c.at < 0 || c.at >= j || !b.pay(int64(j-c.at)) {
		return false
	}
	return runnerCommandAt(toks[c.at:j]) >= 0
}

// matchFrom is matchWords from the cursor c.
func matchFrom(want []tokenMatcher, toks []shellToken, c wordCursor, b *budget) int {
	for c.i < len(want) {
		for c.back > 0 && c.j < c.at && pastRedirection(toks, c.j) == c.j && isAssignment(toks[c.j]) && b.pay(1) {
			c.j++ // an assignment among them ("FOO=1 2> err BAR=2 make all")
		}
		if c.back > 0 && c.j >= c.at {
			c.j, c.back = c.back-1, 0 // past those before its name
		}
		if !c.before && want[c.i].redir {
			c.enterBefore(toks, b)
			if c.sameEffect(want, toks, b) {
				continue
			}
		}
		i, j := c.i, c.j
		if i < 64 && c.early&(1<<i) != 0 {
			c.i++
			continue
		}
		k, orArgument := takePassed(want, i, c, toks, b)
		if k >= 0 && !orArgument {
			c.passed = c.passed[k+1:]
			c.i, c.named = i+1, true
			continue
		}
		if k >= 0 {
			// The word passed over first; on failing, toks[j] below. A
			// try forks no further, so that the tries of a pattern of n
			// such placeholders are n, not 2ⁿ.
			alt := c
			alt.passed = c.passed[k+1:]
			alt.i, alt.named, alt.forked = i+1, true, true
			if matchFrom(want, toks, alt, b) == matched {
				return matched
			}
		}
		if j == len(toks) {
			return unmatched
		}
		w, tok := want[i], toks[j]
		if w.span && i+1 < len(want) {
			return matchSpan(want, toks, c, b)
		}
		if w.opt && !tok.op && isOption(tok.text) && !w.match(tok, b) {
			if bits, n := optionAhead(want, i, toks, j, c.early, b); n > 0 {
				c.early |= bits
				c.j += n
				continue
			}
		}
		if !c.matchWord(want, toks, b) {
			return unmatched
		}
	}
	return matched
}

// matchWord matches the pattern word want[c.i] at toks[c.j], the word of
// the command under the cursor, and moves c past what it read: the word
// and the pattern word it matched, or a word the pattern may pass over
// (a redirection, an option the pattern does not name, perhaps with its
// argument). It reports false when the command cannot match.
func (c *wordCursor) matchWord(want []tokenMatcher, toks []shellToken, b *budget) bool {
	i, j := c.i, c.j
	w, tok := want[i], toks[j]
	if w.op { // both steps read an operator of the pattern's: no call for other words
		if c.pastSoleGroup(want, toks, b) {
			return true
		}
		if c.readsAnotherStatus(&want[i], &toks[j], toks, b) {
			return false
		}
	}
	switch {
	case !w.redir && !w.op && pastRedirection(toks, j) > j:
		return c.passRedirection(want, toks, b)
	case !w.redir && !w.op && processSubstitutionAt(toks, j) && w.match(tok, b):
		// A process substitution is one word, a path, the command is
		// given ("diff <(ls a) <(ls b)"), not its "<" alone.
		if !c.took(want, toks, b) {
			return false
		}
		c.j = pastGroup(toks, j+1)
	case (!tok.silent || namesRedirection(want, i)) && w.match(tok, b) && (!w.redir || c.group.inherits(toks, j) && (redirectsLater(want, i, tok) || !replacedLater(toks, j, b))):
		// A pipe the command writes nothing into is no pipe of its
		// output: "curl x > f | sh" does not match "curl * | sh",
		// though it matches a pattern that names the redirection.
		// A redirection a later one of its descriptor replaces, or
		// one of a group's the command redirects itself, is passed
		// over below: "make all 2> err 2>&1" sends make's errors to
		// the output, not to err. Not where the pattern names a later
		// one of that descriptor too ("cat < a < b" matches itself).
		return c.took(want, toks, b)
	case c.dashed && w.operand && !tok.op && (isOption(tok.text) || tok.text == "--") && w.match(operandWord(tok), b):
		// "-4242" of "kill -9 -- -4242"; a "--" past the first is an
		// operand too: "cat -- -- a" reads the files "--" and a.
		return c.took(want, toks, b)
	case w.op && w.text == "|" && tok.groupPipe > 0:
		// The command ends inside a group the pipe is after: "(cd
		// /tmp && curl x) | sh" matches "curl * | sh".
		c.j = int(tok.groupPipe) - 1
	case tok.text == "--" && !tok.op && !tok.glued && !slices.ContainsFunc(want[i:], func(m tokenMatcher) bool { return m.opt || m.op }) && b.pay(1):
		c.j++ // only operands are wanted: "rm -f -- /tmp/x" is "rm -f /tmp/x"
		c.endOptions(toks, j, b)
	case w.redir && tok.op && tok.groupRedirect > 0 && b.pay(1):
		// The command ends inside a group whose redirections, which it
		// inherits, the pattern's may be: "make all 2> <log>" matches
		// "(make all) 2> err" and "{ make all; } 2> err"; and past
		// those of a group, those of the group around it:
		// "((make all) > o; ls) 2> err".
		return c.enterGroupRedirections(want, toks, b)
	case tok.op || tok.text == "--" || !b.pay(1):
		return false
	case pastRedirection(toks, j) > j:
		// A redirection the pattern does not name, with its target:
		// the shell's, given to no command ("rm -rf 2>/dev/null /"
		// is "rm -rf /"; "git push &> --force" pushes without it).
		// One at a time, as a later one may be the pattern's: "make
		// all 2> <log>" matches "make all > out 2> err".
		if !c.redirectionAhead(want, toks, b) {
			c.j = pastRedirection(toks, j)
		}
	case tok.fed:
		c.j++ // operands the line does not show, perhaps none
	case isOption(tok.text):
		c.passOption(toks, w, b)
	case w.opt && c.named:
		c.pass(j, false)
		c.j++
	default:
		return false
	}
	return true
}

// pastSoleGroup moves c past the closer of a group whose only command
// is the one under it, when the pattern's word is a list operator
// (not "|") and the command's is the operator after that group, and
// reports whether it did. The command is a group's only one, which
// stands for it in a list, before the ";" that may end it in the group:
// "make all && ls" matches "(make all) && ls" and "{ make all; } && ls",
// whose status is make's, "make all; ls" "{ make all; }; ls". Not where
// the pattern writes a group, whose words it matches as written ("curl *
// | { sh; }"), nor where a "!" inverts the group's status.
func (c *wordCursor) pastSoleGroup(want []tokenMatcher, toks []shellToken, b *budget) bool {
	i, j := c.i, c.j
	w, tok := &want[i], &toks[j]
	if w.op && w.text != "|" && tok.op && tok.groupRedirect > 0 && !opensGroup(want[:i]) && b.pay(1) {
		if k := soleCommandCloser(toks, j, b); k >= 0 && !(tok.negated && statusOperator(*w)) {
			c.j = k + 1
			return true
		}
	}
	return false
}

// readsAnotherStatus reports whether the command's operator tok, where
// the pattern has the operator w, runs what follows by a status other
// than that of the command under c, so that the command cannot match.
func (c *wordCursor) readsAnotherStatus(w *tokenMatcher, tok *shellToken, toks []shellToken, b *budget) bool {
	j := c.j
	if w.op && w.text != "|" && tok.op && c.group.end > 0 && j == c.group.end-1 && commandAfterIn(toks, c.group.from-1, j, b) {
		// The operator after the redirections of a group holding a
		// command after this one follows that one, not this: "{ make
		// all; ls; } 2>o && ls" runs the second ls by ls's status.
		return true
	}
	// "!" inverts the status the operator reads: "! make all && ls" and
	// "(! make all) && ls" run ls where make fails.
	return tok.negated != w.negated && statusOperator(*w)
}

// enterGroupRedirections moves c, at the operator toks[c.j] that ends
// the command inside a group, to the first redirection of that group, or
// of one around it (see groupRedirectAt), with what the command inherits
// there, to be matched with the pattern's redirections; and, at the end
// of a group's redirections already, on to those of the group around it,
// keeping what the inner ones left of the descriptors. It reports false
// when the command inherits none there, or b runs out.
func (c *wordCursor) enterGroupRedirections(want []tokenMatcher, toks []shellToken, b *budget) bool {
	j := c.j
	own, read, ok := ownDescriptors(toks, j)
	first := c.group.end == 0
	if !first && c.group.end == j+1 {
		own, read, ok = c.group.own|c.group.these|pipedDescriptors(toks, j), 1, true
	}
	if !ok || !b.pay(int64(read)) {
		return false
	}
	k, g := groupRedirectAt(toks, j, own, b)
	if k < 0 {
		return false
	}
	g.from = j + 1
	if !first {
		g.from = c.group.from
	}
	c.j, c.group = k, g
	if first && g.own == 0 {
		c.groupEffect(want, toks, b)
	}
	return true
}

// enterBefore moves c, at the pattern's first redirection, to the
// redirections written just before the command's name, after a
// precommand or alone ("exec 2> err make all", "2> err make all"), which
// bash applies to the command before those after its name: "make all 2>
// <log>" matches both, as bash 5.2 sends make's errors to err. Once past
// them the cursor goes back to where it was, so that the pattern's
// redirections match the command's in the order bash applies them ("exec
// 2>&1 make all > out" does not match "make all > <out> 2>&1": make's
// errors go to the terminal). Not in a group's redirections, which bash
// applies before the command's; once a command. Each word it reads back
// costs a unit of b.
func (c *wordCursor) enterBefore(toks []shellToken, b *budget) {
	c.before = true
	if c.back > 0 || c.group.end > 0 || c.at <= 0 || c.at >= len(toks) || c.j <= c.at {
		return
	}
	start := c.at
	for start > 0 && !toks[start-1].op && b.pay(1) {
		start--
	}
	from := -1 // the first of the redirections just before the name
	for k := start; k < c.at; {
		if next := pastRedirection(toks, k); next > k && next <= c.at {
			if from < 0 {
				from = k
			}
			k = next
		} else if from >= 0 && isAssignment(toks[k]) {
			k++ // "2> err FOO=1 make all": the assignment is make's too
		} else {
			from, k = -1, k+1
		}
	}
	if from >= 0 {
		c.back, c.j = c.j+1, from
	}
}

// redirectionAhead matches the redirection of a file under c, which the
// pattern's redirection want[c.i] does not, with a later one of the
// pattern, before its turn (wordCursor.early), where the two and every
// one between them in the pattern open a file (">", ">>", "<", "<>",
// ">|") each for a descriptor of its own, so that bash gives the same
// descriptors in either order: "make all > <out> 2> <log>" matches "make
// all 2> err > out". Not a copy or a close (">&2", "2>&1", "<&-"), whose
// order counts, nor one a later redirection of the line replaces. It
// reports whether it matched one, and moved c past it and its target.
// Each word of want it looks at costs a unit of b.
func (c *wordCursor) redirectionAhead(want []tokenMatcher, toks []shellToken, b *budget) bool {
	i, j := c.i, c.j
	w, tok := want[i], toks[j]
	if !w.redir || !opensFile(w.text) || !opensFile(tok.text) || !redirectionAlone(tok.text) || j+1 >= len(toks) || toks[j+1].op {
		return false
	}
	seen, _ := redirectedDescriptors(w.text)
	for k := i + 2; k+1 < len(want) && k+1 < 64 && b.pay(1); k += 2 {
		m := want[k]
		if !m.redir || !opensFile(m.text) || !redirectionAlone(m.text) || want[k+1].redir || want[k+1].op || c.early&(3<<k) != 0 {
			return false
		}
		fds, _ := redirectedDescriptors(m.text)
		if fds&seen == 0 && m.match(tok, b) && want[k+1].match(toks[j+1], b) && c.group.inherits(toks, j) && !replacedLater(toks, j, b) {
			c.early |= 3 << k
			c.j, c.named = pastRedirection(toks, j), true
			c.passed = optionsKept(c.passed, c.anywhere)
			return true
		}
		seen |= fds
	}
	return false
}

// opensFile reports whether the redirection word w opens a file for its
// descriptor: ">", ">>", ">|", "<" or "<>", after digits or none, with
// its target in it or the next word; not a copy, a close, "&>" or a
// here-document.
func opensFile(w string) bool {
	w = strings.TrimLeft(w, "0123456789")
	if i := strings.IndexAny(w, "&"); i >= 0 {
		return false
	}
	for _, op := range []string{">>", ">|", "<>", ">", "<"} {
		if strings.HasPrefix(w, op) {
			return !strings.HasPrefix(w[len(op):], "<") && !strings.HasPrefix(w[len(op):], ">")
		}
	}
	return false
}

// passRedirection moves c past the redirection under it, which the
// pattern word want[c.i], no redirection, does not name, and which is no
// word a placeholder or star takes, as bash gives the command none of
// it: "kubectl -n 2>/dev/null prod logs" runs kubectl -n prod logs, and
// "cat < a b" cat b. Input the command reads from a file, where the
// command is given no operand after it ("cat < notes.txt"), may stand
// for the operand a placeholder names: the redirection with its target,
// never its operator alone ("cat <a> <b>" does not match "cat < a b").
// It reports false when the command cannot match.
func (c *wordCursor) passRedirection(want []tokenMatcher, toks []shellToken, b *budget) bool {
	j, w := c.j, want[c.i]
	end := pastRedirection(toks, j)
	if target, ok := inputOperand(toks, j); ok && w.re != nil && w.match(target, b) {
		if !c.took(want, toks, b) {
			return false
		}
		c.j = end
		return true
	}
	c.j = max(pastUnread(toks, j), end)
	return true
}

// took moves c past the word of the command under it, matched by the
// pattern word want[c.i], and past the command after it where that is
// an operator. It reports false when the rest of the pattern cannot
// match there.
func (c *wordCursor) took(want []tokenMatcher, toks []shellToken, b *budget) bool {
	i, j := c.i, c.j
	w, tok := want[i], toks[j]
	c.i, c.j = i+1, j+1
	if tok.text == "|" && (c.i == len(want) || !want[c.i].op || want[c.i].text != "&") {
		c.j = afterPipe(toks, j) // "|&" is a pipe too, unless the pattern names it
	}
	c.named = c.named || !w.opt
	if !c.dashed && tok.text == "--" && !tok.op && !tok.glued {
		c.endOptions(toks, j, b)
	}
	if !w.opt && (!mayBeArgument(want, i) || tok.text == "--") {
		// An operand taken from here on: those passed over before
		// it are behind it, for no later word of the pattern to
		// take, as operands keep their order; nor does one before
		// "--" stand for one after it. Past the end, not [:0]: a
		// span's try must not write over its caller's (matchSpan).
		// A command that reads options anywhere keeps its
		// options for a later option of the pattern ("apt-get -y
		// install curl" of "apt-get install -y *").
		c.passed = optionsKept(c.passed, c.anywhere && tok.text != "--")
	}
	if w.op && c.i < len(want) {
		return matchAfterOperator(want, toks, c, grouping(w.text), b)
	}
	return true
}

// passOption moves c past toks[c.j], an option the pattern word w does
// not name, and past its argument, where it may have one that is no
// operand of the command.
func (c *wordCursor) passOption(toks []shellToken, w tokenMatcher, b *budget) {
	j := c.j
	tok := toks[j]
	c.pass(j, true)
	if c.args != nil && (!c.named || c.anywhere) {
		if j+1 < len(toks) && !toks[j+1].op && (c.args.takesNext(tok.text) || toks[j+1].glued && (c.args.holds(tok.text) || !w.match(toks[j+1], b))) {
			// Its argument ("-i key", "-oUser=x"), which is no
			// operand; the value of another ("pg_dump --dbname=app")
			// perhaps the one the pattern wants.
			c.j++
		}
	} else if !c.named && c.global[tok.text] && j+1 < len(toks) && !toks[j+1].op {
		c.j++ // its argument, no operand: "-n delete" of helm
	} else if argumentAfter(toks, j) && (toks[j+1].glued || !w.match(toks[j+1], b)) {
		c.j++ // perhaps its argument, perhaps an operand
		// "-Fc" read as "-F c": "c", split off as the line's
		// command reads it, is its argument, no operand. c.args,
		// which this branch sees only past ssh's destination
		// (pg_dump and pg_restore read options anywhere: the
		// branch above), are ssh's, not the remote command's:
		// "ssh prod curl -XPOST" is no "curl POST".
		if !toks[c.j].attached {
			c.pass(c.j, false)
		}
	}
	c.j++
}

// statusOperator reports whether the pattern word w is an operator that
// runs the command after it by the status of the pipeline before it:
// "&&" or "||".
func statusOperator(w tokenMatcher) bool {
	return w.op && (w.text == "&&" || w.text == "||")
}

// opensGroup reports whether the pattern words want open a subshell or
// a { …; } group: a "(" or a "{" word.
func opensGroup(want []tokenMatcher) bool {
	return slices.ContainsFunc(want, func(m tokenMatcher) bool {
		return m.op && m.text == "(" || !m.op && m.text == "{"
	})
}

// soleCommandCloser is the index in toks of the closer of the subshell
// or { …; } group whose only command ends at the operator toks[j] (see
// shellToken.groupRedirect): no operator comes between the group's "("
// (or its "{", perhaps after "time" or "!") and the command's end, and
// only ";" (or a newline) between that and the closer, so the group's
// status is the command's. -1 for none: a command after another in the
// group ("(cd x; make all)"), in a pipe ("(make all | tee x)") or in the
// background ("(make all &)", whose status is 0), in an if, a loop or a
// case statement, or a group inside the command's words. Each word it
// reads costs a unit of b.
func soleCommandCloser(toks []shellToken, j int, b *budget) int {
	subshell, braces := false, false
	for k := j - 1; k >= 0 && b.pay(1); k-- {
		t := toks[k]
		if t.op {
			subshell = t.text == "("
			break
		}
		braces = braces || t.text == "{" && !t.quoted && (k == 0 || toks[k-1].op || leadsCommand(toks, k-1))
	}
	if subshell && toks[j].text == ")" {
		return j // "(make all) && ls"
	}
	k := j
	for k < len(toks) && toks[k].op && toks[k].text == ";" && b.pay(1) {
		k++
	}
	switch {
	case k >= len(toks):
		return -1
	case subshell && toks[k].op && toks[k].text == ")",
		braces && closesBraces(toks, k):
		return k
	}
	return -1
}

// commandAfterIn reports whether a command starts between the operator
// toks[from] a command ends at and toks[to], the operator after the
// redirections of the groups around it, which it reads past: another
// than ";" (or a newline), a group's closer or a redirection with its
// target is a command's word ("{ make all; ls; } 2>o && ls"). Each word
// read costs a unit of b.
func commandAfterIn(toks []shellToken, from, to int, b *budget) bool {
	for k := from; k < to; {
		switch t := toks[k]; {
		case !b.pay(1):
			return true
		case t.op && (t.text == ";" || t.text == ")"), closesBraces(toks, k):
			k++
		case pastRedirection(toks, k) > k:
			k = pastRedirection(toks, k)
		default:
			return true
		}
	}
	return false
}

// groupRedirectAt is the index in toks of the first redirection of the
// group a command ending at the operator toks[j] is in (see
// shellToken.groupRedirect), or of the group around that one where the
// one has none ("((make all); ls) 2> err"), and what the command
// inherits there: bash gives the command what the group redirects, but
// for the descriptors own, which the command, or a group inside this one
// it is in, redirects after the group (or pipes): "(make all 2>&1) 2>
// err" sends make's errors to its output, "(make all | tee x) > out" its
// output to tee, "((make all) 2> e; ls) 2> err" its errors to e. No copy
// of a descriptor onto one own does not hold is inherited where own holds
// any ("(make all > out) 2>&1": the group's errors go where its output did
// before make's "> out"); a copy onto descriptors own holds alone is the
// command's to replace, and changes nothing it inherits ("(make all > o)
// 2> err >&2" sends make's errors to err); -1 for none. An exec earlier
// in a group, whose redirections bash applies after the group's, counts
// as the command's own redirection of the descriptors it redirects or
// closes (shellToken.groupExec): "(exec 2>&1; make all) 2> err" sends
// make's errors to the output. Each group read costs a unit of b.
func groupRedirectAt(toks []shellToken, j int, own uint16, b *budget) (int, groupRedirections) {
	for b.pay(1) && toks[j].groupRedirect > 0 {
		own |= toks[j].groupExec
		k := int(toks[j].groupRedirect) - 1
		if k >= len(toks) {
			return -1, groupRedirections{}
		}
		end := pastRedirections(toks, k)
		if end > k {
			var group uint16
			dup := false
			for r := k; r < end; r = pastRedirection(toks, r) {
				fds, copies := redirectedDescriptors(toks[r].text)
				group, dup = group|fds, dup || copies && fds&^own != 0
			}
			if own != 0 && dup {
				return -1, groupRedirections{}
			}
			return k, groupRedirections{end: end + 1, own: own, these: group}
		}
		if !toks[k].op {
			return -1, groupRedirections{}
		}
		j = k
		own |= pipedDescriptors(toks, j)
	}
	return -1, groupRedirections{}
}

// ownDescriptors are the descriptors the command ending at the operator
// toks[j] redirects itself, or writes into the pipe toks[j] is, a bit
// for each (15 for any of 15 and over), and how many words it read back;
// ok is false when its words, back to the operator, "{" or case
// pattern's ")" before them, hold a group, a substitution or backticks,
// which it does not read.
func ownDescriptors(toks []shellToken, j int) (own uint16, read int, ok bool) {
	own = pipedDescriptors(toks, j)
	for k := j - 1; k >= 0; k-- {
		t := toks[k]
		switch {
		case t.casePattern:
			return own, j - k, true // "case x in x) make all;; esac 2> err"
		case t.op && (t.text == ")" || t.text == "`"), closesBraces(toks, k):
			return 0, j - k, false
		case t.op, t.text == "{" && !t.quoted && (k == 0 || toks[k-1].op):
			return own, j - k, true
		case pastRedirection(toks, k) > k:
			fds, _ := redirectedDescriptors(t.text)
			own |= fds
		}
	}
	return own, j, true
}

// pipedDescriptors are the descriptors the command ending at toks[j]
// writes into the pipe that is toks[j]: its output, and its errors too
// for "|&"; none for another operator.
func pipedDescriptors(toks []shellToken, j int) uint16 {
	switch {
	case !toks[j].op || toks[j].text != "|":
		return 0
	case afterPipe(toks, j) > j+1:
		return 1<<1 | 1<<2
	}
	return 1 << 1
}

// redirectedDescriptors are the descriptors the redirection word w
// changes, a bit for each (15 for any of 15 and over), and whether it may
// copy another descriptor onto one (">&2", "2>&1", "<&3"). Without a
// number, "&>word" is both outputs to a file, and so is ">&word" unless
// word is a descriptor (">&2", ">&-"), which bash reads as "1>&word",
// the output alone: "(make all >&2) 2> err" sends make's output and
// errors to err. A word not yet known (">&$fd", or ">&" with its target
// in the next word) is read as both. A descriptor moved ("2>&3-",
// ">&2-") is changed too, as bash closes it.
func redirectedDescriptors(w string) (fds uint16, copies bool) {
	rest := strings.TrimLeft(w, "0123456789")
	digits := w[:len(w)-len(rest)]
	switch {
	case digits != "":
		fds = descriptorBit(digits)
	case strings.HasPrefix(rest, ">&") && isDescriptor(rest[2:]):
		fds = 1 << 1
	case strings.HasPrefix(rest, "&>"), strings.HasPrefix(rest, ">&"):
		fds = 1<<1 | 1<<2
	case strings.HasPrefix(rest, "<"):
		fds = 1 << 0
	default:
		fds = 1 << 1
	}
	copies = len(rest) > 1 && rest[0] != '&' && rest[1] == '&'
	if from, moved := strings.CutSuffix(rest[min(len(rest), 2):], "-"); copies && moved && isDescriptor(from) {
		fds |= descriptorBit(from) // "make all >&2-": its errors go nowhere
	}
	return fds, copies
}

// replacedLater reports whether a later redirection of the command or
// group whose redirection starts at toks[j], up to the operator that ends
// it, changes a descriptor that one redirects, as bash applies them in
// order, so that the earlier one is not where the descriptor leads: "make
// all 2> err 2>&1", "2> err 2>&-", "> out >&2" and "2> a 2> b" (the
// errors go to b). A copy of a descriptor onto itself ("2>&2", "<&0")
// changes nothing, nor do copies that leave each descriptor toks[j] sets
// where it set it (finalTable): "make all 2> err 3>&2 2>&3" sends make's
// errors to err, through 3. Words of a substitution or a process
// substitution among them are passed whole. Each word it reads costs a
// unit of b.
func replacedLater(toks []shellToken, j int, b *budget) bool {
	k := pastRedirection(toks, j)
	if k == j {
		return false // no redirection: the ">" of a process substitution, ">(tee log)"
	}
	fds, _ := redirectedDescriptors(toks[j].text)
	tab := newFinalTable()
	set, known := tab.applyWord(toks, j)
	was, changed := tab.fd, false
	for k < len(toks) && b.pay(1) {
		t := toks[k]
		switch next := pastRedirection(toks, k); {
		case next > k:
			changed = changed || changedDescriptors(t.text)&fds != 0
			if known {
				_, known = tab.applyWord(toks, k)
			}
			if changed && !known {
				return true
			}
			k = next
		case t.op && (t.text == "(" || t.text == "$("):
			k = pastGroup(toks, k)
		case t.op && t.text == "`":
			k++
			for k < len(toks) && !(toks[k].op && toks[k].text == "`") {
				k++
			}
			k++
		case t.op:
			return changed && tab.moved(set, was)
		default:
			k++
		}
	}
	return changed && (!known || tab.moved(set, was))
}

// redirectsLater reports whether a word of the pattern after want[i], a
// redirection that matches the line's tok, redirects a descriptor tok
// does: the pattern then names the order of the two, which the line's
// words match as written. One written with a glob or a placeholder
// ("<<A*"), whose text the matcher keeps none of, may redirect any.
func redirectsLater(want []tokenMatcher, i int, tok shellToken) bool {
	fds, _ := redirectedDescriptors(tok.text)
	return slices.ContainsFunc(want[i+1:], func(m tokenMatcher) bool {
		return m.redir && (m.re != nil || changedDescriptors(m.text)&fds != 0)
	})
}

// changedDescriptors are the descriptors the redirection word w changes
// (redirectedDescriptors), none for a copy of a descriptor onto itself,
// moved or not ("2>&2", "<&0", ">&1", "2>&2-"), which bash 5.2 leaves as
// it was.
func changedDescriptors(w string) uint16 {
	fds, copies := redirectedDescriptors(w)
	rest := strings.TrimLeft(w, "0123456789")
	from := w[:len(w)-len(rest)]
	if !copies || len(rest) < 3 {
		return fds
	}
	if from == "" {
		switch rest[0] { // ">&2" copies onto the output, "<&3" onto the input
		case '>':
			from = "1"
		case '<':
			from = "0"
		}
	}
	to := strings.TrimSuffix(rest[2:], "-")
	if to != "" && strings.Trim(to, "0123456789") == "" && strings.TrimLeft(to, "0") == strings.TrimLeft(from, "0") {
		return 0
	}
	return fds
}

// descriptorBit is the bit of the descriptor the digits n name (15 for
// any of 15 and over; "0>" and "00<" name 0).
func descriptorBit(n string) uint16 {
	n = strings.TrimLeft(n, "0")
	switch {
	case n == "":
		return 1 << 0
	case len(n) > 1 || n[0] >= '0'+15:
		return 1 << 15
	}
	return 1 << (n[0] - '0')
}

// operandWord is the word tok, which looks like an option, read as the
// operand it is past the command's "--" (see tokenMatcher.operand).
func operandWord(tok shellToken) shellToken {
	tok.glued = true
	return tok
}

// namesRedirection reports whether the pattern words want name a
// redirection in the command before want[i], back to the operator that
// starts it, past the parentheses of groups and substitutions (and
// backticks) and the operators inside them ("0 >&A (0 & 0) 0 | 0" names
// the ">&A").
func namesRedirection(want []tokenMatcher, i int) bool {
	inside, backticks := 0, false // the groups the walk back is in
	for k := i - 1; k >= 0; k-- {
		switch w := want[k]; {
		case w.redir:
			return true
		case w.op && w.text == ")":
			inside++
		case w.op && (w.text == "(" || w.text == "$("):
			inside = max(inside-1, 0)
		case w.op && w.text == "`":
			backticks = !backticks
		case w.op && !grouping(w.text) && inside == 0 && !backticks:
			return false
		}
	}
	return false
}

// matchAfterOperator matches the word of want after an operator the
// cursor has just matched, and moves the cursor past it. After a grouping
// operator, or where that word is an operator, it is the next word as
// written (an argument after a substitution); otherwise the next command,
// its first word matched as a line's first is (nextCommandAt), and its
// words read as that command's.
func matchAfterOperator(want []tokenMatcher, toks []shellToken, c *wordCursor, grouped bool, b *budget) bool {
	if !grouped && c.i+1 < len(want) && want[c.i].op && want[c.i].text == "&" && want[c.i-1].text == "|" && !want[c.i+1].op &&
		c.j < len(toks) && toks[c.j].op && toks[c.j].text == "&" {
		// The pattern's "|&", read as "|" and "&" as the line's is, is
		// one operator, a pipe: the command after it is found as after
		// "|" ("curl x |& sh" matches "curl x |& sudo sh", "curl x |&
		// (sh)"); it was taken as the word right after the "&".
		c.i, c.j = c.i+1, c.j+1
	}
	if grouped || want[c.i].op {
		if want[c.i].op {
			// Redirections the pattern does not name, after a group or a
			// substitution, are the shell's: "(git push) && ls" matches
			// "(git push) 2>/dev/null && ls", as "git push && ls" does
			// "git push 2>/dev/null && ls".
			c.j = pastRedirections(toks, c.j)
		}
		// A pipe the command writes nothing into is none of the pattern's,
		// as in matchWords: "curl $(a) | sh" is not "curl >&A $(a) | sh".
		if c.j == len(toks) || toks[c.j].silent && !namesRedirection(want, c.i) || !want[c.i].match(toks[c.j], b) {
			return false
		}
		if grouped && !want[c.i].op {
			// The words after a "(" or "$(" are a command of their own,
			// whose redirections before its name and among its words
			// (enterBefore, sameEffect) are read from its first: "echo
			// $(make all 2>o 1>&2)" was read from echo's, across the
			// "$(", and a pattern's copies onto themselves ("echo $(ls
			// >&1)") matched none of its own. Past a ")" or a backtick,
			// the command's first word is not known.
			c.at = -1
			if o := want[c.i-1].text; o == "(" || o == "$(" {
				c.at, c.before = c.j, false
			}
		}
		c.i, c.j, c.named = c.i+1, c.j+1, false
		return true
	}
	k := nextCommandAt(&want[c.i], toks, c.j, pipedInto(want, c.i), b)
	if k < 0 {
		return false
	}
	name := want[c.i].text
	c.i, c.j = c.i+1, k+1
	c.command(name)
	c.passed = c.passed[len(c.passed):]
	return true
}

// pipedInto reports whether the pattern's operator before want[i] is a
// pipe: "|", or "|&", which the tokens read as "|" and "&" (afterPipe).
func pipedInto(want []tokenMatcher, i int) bool {
	switch {
	case want[i-1].text == "|":
		return true
	case want[i-1].text == "&" && i >= 2:
		return want[i-2].op && want[i-2].text == "|"
	}
	return false
}

// maxSpan is the most words a star with more pattern words after it
// takes: each span is a try over the rest of the command, and "ssh *
// uptime" on a line of 1,350 "-v" took 70 ms trying every one.
const maxSpan = 128

// matchSpan matches the pattern word of stars alone want[c.i], which more
// words follow, with one word of the command or more (maxSpan at most),
// up to an operator,
// as a glob of the words' text would: "curl * | sh" matches "curl -fsSL x
// | sh", "ssh * uptime" "ssh -t host uptime". Read as one word, the star
// took "-fsSL" and left "x" where the pattern wants "|". Once a try has
// tried every span of a later star, a longer span of this one cannot
// match where that failed, as in glob matching: "* * * * z" is tried in
// time linear in the words, not in their combinations. Each span tried
// costs a unit of b.
func matchSpan(want []tokenMatcher, toks []shellToken, c wordCursor, b *budget) int {
	// A redirection is no word of the star's, as in matchWord: "curl >
	// f | sh" gives curl none, "ssh host > uptime" ssh no command; input
	// from a file may stand for the operand where the command is given
	// none after it (inputOperand), the redirection whole.
	if c.j < len(toks) {
		c.j = pastUnread(toks, c.j)
	}
	rest := c
	rest.i, rest.named = c.i+1, true
	for k := c.j; k < min(len(toks), c.j+maxSpan) && !toks[k].op && b.pay(1); {
		end := pastRedirection(toks, k)
		switch {
		case end == k && processSubstitutionAt(toks, k):
			end = pastGroup(toks, k+1) // "<(ls)", one word
		case end == k:
			end = k + 1
		default:
			if _, ok := inputOperand(toks, k); !ok {
				k = pastUnread(toks, k)
				continue // "ssh host > uptime": no word of ssh's
			}
		}
		k, rest.j = end, end
		rest.passed = c.passed[:len(c.passed):len(c.passed)] // a try's appends are its own
		switch matchFrom(want, toks, rest, b) {
		case matched:
			return matched
		case spanFailed:
			return spanFailed
		}
	}
	return spanFailed
}

// takePassed returns the index in passed of the first word passed over
// that want[i], a word of the pattern that is no option, matches, or -1;
// and orArgument, when want[i] may also be the argument of the pattern's
// option before it and toks[j] matches it ("logs -n <ns>"; see
// mayBeArgument). Either may then be the one: "kubectl exec -it <pod> --
// *" of "kubectl exec mypod -it -- bash" wants mypod, passed over, where
// "--" comes after -it; of "kubectl exec -it mypod -- bash", mypod after
// it; so the passed word is only a try, which a try (c.forked) does not
// make again. An option passed
// over is no operand (the word after it, guessed to be its argument, may
// be one: "-av" takes none): only a star that ends the
// pattern, which stands for whatever else the command gives, takes one
// ("git commit --no-verify *" matches "git commit -m x --no-verify"), so
// that "rsync --delete * prod:*" does not take "-av" for its star and
// "prod:/srv/" for its destination in "rsync -av prod:/srv/ --delete
// ./local/". Nor is the value an option holds in its word
// ("--directory=deploy") taken for a word the pattern names where its
// subcommand goes (c.named false) when the command gives that word after
// it: "make deploy" must not match "make --directory=deploy lint", nor
// "kubectl delete *" "kubectl --namespace=delete get pods"; an operand may
// be one ("pg_dump <db>", "pg_dump --dbname=app", "psql orbit_dev" and
// "psql --dbname=orbit_dev"). Each word it tries costs a unit of b.
func takePassed(want []tokenMatcher, i int, c wordCursor, toks []shellToken, b *budget) (k int, orArgument bool) {
	w, j := want[i], c.j
	if len(c.passed) == 0 || w.opt && !c.anywhere || w.op {
		return -1, false
	}
	if mayBeArgument(want, i) && j < len(toks) && w.match(toks[j], b) {
		if c.forked {
			return -1, true
		}
		orArgument = true
	}
	return passedMatch(want, i, c, toks, b), orArgument
}

// optionsKept is what is left of passed once an operand is taken: none,
// or, when options is true, its options, in a slice of their own (a
// span's try must not write over its caller's).
func optionsKept(passed []passedWord, options bool) []passedWord {
	if !options {
		return passed[len(passed):] // matchFrom's common case: no look at each
	}
	var kept []passedWord
	for _, p := range passed {
		if p.option {
			kept = append(kept, p)
		}
	}
	if kept == nil {
		return passed[len(passed):]
	}
	return kept
}

// passedMatch is takePassed's search: the index in c.passed of the first
// word want[i] may take, or -1.
func passedMatch(want []tokenMatcher, i int, c wordCursor, toks []shellToken, b *budget) int {
	w, j := want[i], c.j
	anything := w.span && i == len(want)-1
	// A word where the subcommand goes, when the command gives another
	// word there after the value ("lint" of "make --directory=deploy
	// lint"), is not the value; where it gives none, the value may be the
	// operand ("psql --dbname=orbit_dev" for "psql orbit_dev").
	named := !c.named && !w.anyOperand && givesWord(toks, pastRedirections(toks, j)) // "psql --dbname=app < seed.sql" gives none
	for k, p := range c.passed {
		if !b.pay(1) {
			return -1
		}
		if (anything || p.option == w.opt) && !(named && toks[p.at].glued) && w.match(toks[p.at], b) {
			return k
		}
	}
	return -1
}

// givesWord reports whether toks[k] is a word the command is given where
// its subcommand goes: neither the end, an operator, a fed operand, nor an
// option.
func givesWord(toks []shellToken, k int) bool {
	return k < len(toks) && !toks[k].op && !toks[k].fed && !isOption(toks[k].text)
}

// pastRedirections is the index of the first word of toks at or after j
// that is neither a redirection nor its target: what a command is given
// there, the redirections being the shell's. It reads them one at a time
// (pastRedirection), so that a run of them and each alone are read alike.
func pastRedirections(toks []shellToken, j int) int {
	for j < len(toks) {
		next := pastRedirection(toks, j)
		if next == j {
			break
		}
		j = next
	}
	return j
}

// pastRedirection is the index of the word after the redirection at
// toks[j] and its target, or j when toks[j] starts none (a word, or the
// "<" of a process substitution, "<(ls)", which is a word, or a
// placeholder written in a line, "<file>"). A target that is a process
// substitution, "< <(cmd)", is passed whole, as is that of "&>", which
// splitRedirections writes out with the "2>&1" after it ("> >(tee log)
// 2>&1").
func pastRedirection(toks []shellToken, j int) int {
	t := toks[j]
	if t.op || t.quoted || t.glued || !isRedirection(t.text) || startsWithPlaceholder(t.text) {
		return j // "<file>" is a placeholder in a line too
	}
	if !redirectionAlone(t.text) || j+1 == len(toks) {
		return j + 1
	}
	switch next := toks[j+1]; {
	case next.op && next.text == "(":
		return j // "<(cat a)"
	case next.op:
		return j + 1
	case (next.text == "<" || next.text == ">") && j+2 < len(toks) && toks[j+2].op && toks[j+2].text == "(":
		return pastGroup(toks, j+2)
	}
	return j + 2
}

// pastUnread is the index of the first word at or after toks[j] a
// placeholder or star may take: past the redirections there
// (pastRedirections), but for input that stands for an operand
// (inputOperand).
func pastUnread(toks []shellToken, j int) int {
	if pastRedirection(toks, j) == j {
		return j
	}
	end := pastRedirections(toks, j)
	last := -1 // the last input there, which alone may (bash applies them in order)
	for k, next := j, 0; k < end; k = next {
		if next = pastRedirection(toks, k); next == k {
			break
		}
		if onStdin(toks[k].text) {
			last = k
		}
	}
	if _, ok := inputOperand(toks, last); ok {
		return last
	}
	return end
}

// processSubstitutionAt reports whether toks[j] starts a process substitution,
// "<(ls)" or ">(tee log)": a word of the command, a path.
func processSubstitutionAt(toks []shellToken, j int) bool {
	t := toks[j]
	return !t.op && !t.quoted && !t.glued && (t.text == "<" || t.text == ">") &&
		j+1 < len(toks) && toks[j+1].op && toks[j+1].text == "("
}

// inputOperand returns the target of the redirection at toks[j] (its
// word, or the next) where it may stand for an operand of the command:
// input on the standard input from a file (inputFile), the last the line
// gives, as bash applies them, with no operand of the command after it
// ("cat < notes.txt", "cat 0<notes.txt > out"). bash gives "cat < a b"
// the argv of "cat b": the file is no operand then, nor is a in "cat < a
// < b", whose input is b, nor f in "cat 3< f", which opens no input, nor
// a in "cat < a 0>&1", whose standard input is then a copy of its output
// (onStdin): any later redirection of descriptor 0 up to the command's
// end, past the options it may give after the file, replaces it.
func inputOperand(toks []shellToken, j int) (shellToken, bool) {
	if j < 0 {
		return shellToken{}, false
	}
	end := pastRedirection(toks, j)
	if end == j || !stdinFile(toks[j].text) || givesWord(toks, pastRedirections(toks, j)) {
		return shellToken{}, false
	}
	for k := end; k < len(toks) && !toks[k].op; {
		next := pastRedirection(toks, k)
		if next == k {
			k++ // an option, or a fed operand (givesWord)
			continue
		}
		if onStdin(toks[k].text) {
			return shellToken{}, false // a later input wins
		}
		k = next
	}
	if end == j+1 { // "<notes.txt", "0<>notes.txt"
		target := toks[j]
		t := strings.TrimLeft(target.text, "0123456789")
		if target.text = strings.TrimPrefix(t, "<>"); len(target.text) == len(t) {
			target.text = strings.TrimPrefix(t, "<")
		}
		return target, target.text != ""
	}
	return toks[j+1], true
}

// stdinFile reports whether w starts a redirection of the standard input
// from a file ("<", "0<f", "<>f"): inputFile, on no other descriptor.
func stdinFile(w string) bool {
	return inputFile(w) && onStdin(w)
}

// onStdin reports whether the redirection w changes the standard input,
// descriptor 0: one of input on it ("<f", "0<<EOF", "<&3", "<&-"), or
// of output that names it ("0>&1", "0>f"), as bash opens 0 for writing
// then; not one of another descriptor ("3<f", ">&0"), nor 0 duplicated
// onto itself ("<&0", "0>&0"), which changes nothing. bash reads a
// descriptor written with leading zeros as its number: "00>&1" and
// "<&00" are "0>&1" and "<&0".
func onStdin(w string) bool {
	t := strings.TrimLeft(w, "0123456789")
	fd := w[:len(w)-len(t)]
	switch {
	case fd != "" && !isZero(fd):
		return false // another descriptor's: "3<f", "10>&1"
	case len(t) > 2 && (t[:2] == "<&" || t[:2] == ">&") && isZero(t[2:]):
		return false // a copy of 0: onto itself ("<&0", "0>&00"), or onto 1 (">&0")
	}
	return strings.HasPrefix(t, "<") || fd != "" && strings.HasPrefix(t, ">")
}

// isZero reports whether the descriptor number n, digits, is 0 ("0",
// "00").
func isZero(n string) bool {
	return n != "" && strings.Trim(n, "0") == ""
}

// inputFile reports whether the word w of a line may be, or start, a
// redirection of input from a file ("<", "0<notes.txt", "<>f"), which a
// pattern's placeholder may take for the operand it names, as the command
// reads that file: any word holding a "<" but for a here-document, a
// here-string and a duplication ("<<EOF", "<<-EOF", "<<<word", "<&3"),
// whose input is text or a descriptor the line names no file for.
func inputFile(w string) bool {
	if !strings.Contains(w, "<") {
		return false
	}
	w = strings.TrimLeft(w, "0123456789")
	return !strings.HasPrefix(w, "<<") && !strings.HasPrefix(w, "<&")
}

// pastGroup is the index of the token after the ")" that closes the "(" or
// "$(" at toks[j], or len(toks) when none does. A case pattern's ")"
// closes none ("(case $x in a) tee log;; esac)").
func pastGroup(toks []shellToken, j int) int {
	var groups nesting
	for ; j < len(toks); j++ {
		if groups.read(toks, j) && groups.depth == 0 {
			return j + 1
		}
	}
	return j
}

// maxPassed is the most words passed over matchWords keeps for a later
// word of the pattern (see wordCursor.passed): a command gives a pattern's
// operand among a few options, and a line of a thousand "-v" made every
// try of a star keep, and then look through, all of them.
const maxPassed = 16

// pass records the word toks[at] as passed over, if there is room.
func (c *wordCursor) pass(at int, option bool) {
	if len(c.passed) < maxPassed {
		c.passed = append(c.passed, passedWord{at, option})
	}
}

// passedWord is a word of the command matchWords passed over: its index in
// toks, and whether it is an option.
type passedWord struct {
	at     int
	option bool
}

// mayBeArgument reports whether want[i] follows an option of the pattern
// whose argument it may be ("-n <ns>", "-o json"); a star is not read so
// ("--delete *" is the option and whatever else the command gives).
func mayBeArgument(want []tokenMatcher, i int) bool {
	return i > 0 && want[i-1].opt && !want[i].span
}

// argumentAfter reports whether the word after the option toks[j] may be
// its argument: a word that is no option nor "--", which ends the options
// ("rm -i -- -f" removes a file named -f: read as -i's argument, "--" let
// -f match "rm -f *"), after an option that does not hold its value
// ("--context=prod").
func argumentAfter(toks []shellToken, j int) bool {
	return j+1 < len(toks) && !toks[j+1].op &&
		(toks[j+1].glued || toks[j+1].text != "--" && !isOption(toks[j+1].text) && !strings.Contains(toks[j].text, "="))
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

// matchRegexp runs the pattern's regexp on the text of the command at word
// s of the line, and of the p.ops commands after it, without a comment
// after the last word, which the shell does not run: "git push # --force"
// pushes without it. toks are the line's tokens or its words (both at
// their offsets in line.cmd).
func (p *commandPattern) matchRegexp(line *commandLine, toks []shellToken, s int, b *budget) bool {
	last, end := commandEnd(toks, s, p.ops, len(line.cmd))
	if line.hash {
		end = commentFrom(line.cmd, toks[last].off, end)
	}
	written := strings.TrimSuffix(line.cmd[toks[s].off:end], " ")
	text := withBaseCommand(written)
	if p.re.match(text, b) {
		return true
	}
	// A pattern that names its command by a path ("bin/rails db:drop.*")
	// is tried once more on the command named by that path, however the
	// line writes it ("./bin/rails", "/work/app/bin/rails"), as a pattern
	// matched by its words reads it; the name alone never matches it.
	if named := namedByLead(written, p.lead); named != "" {
		return named != text && p.re.match(named, b)
	}
	// A path of regexp syntax ("(vendor/)?bin/phpunit .*"): one run more,
	// on a command given by a path, as written, without its "./" unless
	// the pattern's path may start with one ("(\./)?bin/rails", ".*/x");
	// validation counts that run in the card's cost (PatternRuns).
	if !p.pathNamed || !strings.Contains(firstField(written), "/") {
		return false
	}
	if !p.pathDot {
		written = strings.TrimPrefix(written, "./")
	}
	return written != text && p.re.match(written, b)
}

// namedByLead is the command text (no blank at its end) with its first
// word written as lead, the path a regexp pattern names its command by
// (commandPattern.lead), when that word names the same file: lead itself,
// or, for a relative lead, the same with or without "./", or a path that
// ends in it; "" when not.
func namedByLead(text, lead string) string {
	if lead == "" {
		return ""
	}
	first, rest, _ := strings.Cut(text, " ")
	core := strings.TrimPrefix(lead, "./")
	switch word := strings.TrimPrefix(first, "./"); {
	case first == lead:
	case strings.HasPrefix(lead, "/"):
		return ""
	case word == core, strings.HasSuffix(word, "/"+core):
	default:
		return ""
	}
	if rest == "" {
		return lead
	}
	return lead + " " + rest
}

// commandEnd is where the command starting at word s of a line of n bytes
// ends, taking in the next ops control operators and the commands after
// them: the offset of the operator that follows, or n; and the index of
// its last word.
func commandEnd(toks []shellToken, s, ops, n int) (last, end int) {
	last = s
	for k := s; k < len(toks); k++ {
		switch t := toks[k]; {
		case t.op && ops == 0:
			return last, t.off
		case t.op:
			ops--
		case !t.fed:
			last = k
		}
	}
	return last, n
}

// commentFrom is the offset in s of a comment that starts at or after
// from, the start of a word, and before to, or to when there is none: a
// # at the start of a word (after a blank that is not escaped: "a\\ #b"
// is one word), outside quotes and escapes.
func commentFrom(s string, from, to int) int {
	if strings.IndexByte(s[from:to], '#') < 0 {
		return to
	}
	var quote byte // ', ", or $ for $'…', in which a backslash escapes
	blank := false // the byte before is a blank that ends a word
	for i := from; i < to; i++ {
		c, wasBlank := s[i], blank
		blank = false
		switch {
		case quote == '\'' || quote == '"' && c != '\\':
			if c == quote {
				quote = 0
			}
		case c == '\\':
			i++ // in double quotes and in $'…' too
		case quote == '$':
			if c == '\'' {
				quote = 0
			}
		case c == '\'' && i > 0 && s[i-1] == '$':
			quote = '$'
		case c == '\'' || c == '"':
			quote = c
		case c == ' ' || c == '\t':
			blank = true
		case c == '#' && wasBlank:
			return i
		}
	}
	return to
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

// MaxLine is the longest command line Match matches, in bytes
// after white space is collapsed; a longer one matches nothing. Every
// command of the line is tried against every pattern, and a pattern such
// as "git push .* --force" scans the rest of the line from each, so the
// work grows with the square of the length.
const MaxLine = 4096

// MaxCommands bounds the commands of one line (those separated by | || &
// && ;, and those of its scripts): a line with more matches nothing,
// rather than some of its commands being silently left untried. 32 is far more than a line a
// person or an agent types.
const MaxCommands = 32

// ErrOverLimit is wrapped by the error Match returns for a line
// it does not try at all: longer than MaxLine, of more than
// MaxCommands commands, or running a script deeper than MaxScriptDepth. A
// caller answering a client says so instead of "no card matches".
var ErrOverLimit = errors.New("command line not matched")

// CheckLine returns the error, wrapping ErrOverLimit, that Match returns
// for line without trying any card, or nil: a caller that would answer
// from a cache first (a 304) answers such a line's error instead.
func CheckLine(line string) error {
	_, err := parseCommandLine(line)
	return err
}

// Blank reports whether line holds no command: it is empty or ASCII white
// space alone, which Match splits into no word (see collapseSpace). A
// no-break space or another Unicode space is no blank to bash, which runs
// a line of it alone as a command of that name (not found); so it is a
// line that no pattern matches, not an empty one.
func Blank(line string) bool {
	return strings.TrimFunc(line, asciiSpace) == ""
}

// commandLine is a raw command line as Match tries it: white space
// collapsed (see collapseLines) and put around operators (spaceOperators),
// split into shell tokens, and where each command starts; and the scripts
// its commands run (see scriptsAt), and theirs, each a line of its own.
type commandLine struct {
	cmd    string
	toks   []shellToken
	starts []int
	// words are toks as a command's words read, where the line gives a
	// command substitution as an argument (nil where it gives none): each
	// such substitution one word, with the text written touching it, and
	// wordAt the index in words of each token of toks, -1 for those
	// inside a substitution (see argumentWords).
	words  []shellToken
	wordAt []int
	// stdin are the here-documents fed to a shell as its script, and the
	// command substitutions of those whose delimiter is not quoted (see
	// splitHereDocs).
	stdin   []string
	scripts []commandLine
	// hash: the line holds a "#", so a comment may end a command's text
	// before its regexp reads it (see matchRegexp); most lines hold none.
	hash bool
}

// parseCommandLine splits cmdline for matching, with the scripts its
// commands run, or says why it is not matched at all (see
// ErrOverLimit). MaxCommands bounds the commands of the line and its
// scripts together, and a line that runs a script deeper than
// MaxScriptDepth is not matched either, as one of its commands would be
// left untried.
func parseCommandLine(cmdline string) (commandLine, error) {
	cl, err := splitCommandLine(cmdline, MaxLine)
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
				// over MaxLine was dropped unread. MaxCommands
				// and the work budget bound what it costs.
				sub, _ := splitCommandLine(script, math.MaxInt)
				if sub.cmd == "" {
					continue
				}
				if depth == MaxScriptDepth {
					return commandLine{}, fmt.Errorf("%w: it runs scripts more than %d deep", ErrOverLimit, MaxScriptDepth)
				}
				cl.scripts = append(cl.scripts, sub)
				commands += len(sub.starts)
			}
		}
		from, to = to, len(cl.scripts)
	}
	if commands > MaxCommands {
		return commandLine{}, fmt.Errorf("%w: it holds %d commands, over the limit of %d", ErrOverLimit, commands, MaxCommands)
	}
	return cl, nil
}

// splitCommandLine is one line of parseCommandLine, without its scripts,
// or an error when it is longer than limit bytes. The lines from one
// bash refuses to parse on are dropped (see refusal), of the line and of
// each script it runs alike ("bash -c 'make all; {'" runs no make), and
// so are the commands of a script in backticks bash refuses when it runs
// it ("echo `make all; }`").
func splitCommandLine(cmdline string, limit int) (commandLine, error) {
	cmd, stdin := splitHereDocs(cmdline)
	cmd = collapseLines(cmd)
	if len(cmd) > limit {
		return commandLine{}, fmt.Errorf("%w: it is %d bytes, over the limit of %d", ErrOverLimit, len(cmd), limit)
	}
	cmd, toks, unclosed := spaceLine(cmd) // after the check: the spaces are ours
	cut, dropped := refusal(cmd, toks, unclosed)
	switch {
	case cut == 0:
		return commandLine{}, nil // bash runs none of it
	case cut > 0:
		cmd, toks, _ = spaceLine(cmd[:cut]) // the lines before the one bash refuses, which it runs
	}
	toks, starts := fedCommandStarts(lookedUpCommands(readWords(toks)))
	if len(dropped) > 0 {
		starts = withoutDropped(toks, starts, dropped)
	}
	for _, s := range starts {
		toks[s].start = true
	}
	markPipes(toks)
	starts = runStarts(toks, starts)
	words, wordAt, _ := argumentWords(toks, argumentSubstitutions(toks))
	for i := range words {
		if g := words[i].groupPipe; g > 0 {
			words[i].groupPipe = int32(wordAt[g-1] + 1) // its index among the words
		}
		if g := words[i].groupRedirect; g > 0 && int(g) <= len(wordAt) {
			words[i].groupRedirect = int32(wordAt[g-1] + 1)
		} else if g > 0 {
			words[i].groupRedirect = int32(len(words) + 1) // the line's end
		}
	}
	for _, s := range starts {
		k := s
		for k < len(toks) && !toks[k].op {
			k++
		}
		if wordAt != nil && (k == len(toks) || wordAt[k] >= 0 && words[wordAt[k]].op) {
			// The command's words are its tokens, no substitution
			// being one of them: it is matched as written.
			wordAt[s] = -1
		}
	}
	return commandLine{cmd: cmd, toks: toks, starts: starts, words: words, wordAt: wordAt, stdin: stdin, hash: strings.IndexByte(cmd, '#') >= 0}, nil
}

// runStarts is starts, the commands of toks, without those bash does not
// run as a redirection of theirs or of a group around them copies a
// descriptor that is not open ("make all 2>&- 3>&2", "{ make all; } 2>&-
// 3>&2", "make all 3>&5": see copiesClosed); their tokens are no
// command's start any more, and refused, so that no pattern's command
// after an operator matches them either ("ls && make all 2>&- 3>&2" is no
// "ls && make all"). The descriptors 3 to 9 are closed at the line's
// start, as bash -c finds them, and an exec of redirections alone that
// the shell itself runs, unconditionally, changes them for the commands
// after it ("exec 2>&-; make all 3>&2", "exec 3>o; make all 4>&3"; see
// shellExec).
func runStarts(toks []shellToken, starts []int) []int {
	kept := starts[:0]
	shell := closedAtStart
	for _, s := range starts {
		if startRefused(toks, s, shell) {
			toks[s].start, toks[s].refused = false, true
			continue
		}
		if e := groupedAt(toks, s); shellExec(toks, e) {
			shell, _ = copiesClosed(toks, e+1, shell)
		}
		kept = append(kept, s)
	}
	return kept
}

// closedAtStart are the descriptors 3 to 9, closed where bash -c starts.
const closedAtStart uint16 = 0x3f8

// shellExec reports whether toks[s] is an exec of redirections alone
// that the line's shell runs whatever came before it: not in a subshell,
// a substitution or a pipeline, nor after "&&" or "||", nor in a
// compound command ("if", "case", a loop) or a group with redirections
// of its own, which bash undoes after it (a miss: its changes are not
// counted). Any "if", "case" or "do" word before it counts as such.
func shellExec(toks []shellToken, s int) bool {
	if toks[s].text != "exec" { // quoted too: "'exec' 2>&-" is the builtin
		return false
	}
	end := s + 1
	for end < len(toks) && !toks[end].op {
		next := pastRedirection(toks, end)
		if next == end {
			return false // a command exec runs
		}
		end = next
	}
	if end < len(toks) && (toks[end].text == "|" || toks[end].text == "&") {
		return false
	}
	for end < len(toks) && toks[end].groupRedirect > 0 {
		g := int(toks[end].groupRedirect) - 1 // the token after the group's closer
		if g <= end || g >= len(toks) {
			break
		}
		if !toks[g].op || toks[g].text == "|" || toks[g].text == "&" {
			return false // the group's redirections, which bash undoes after it, or a subshell's
		}
		end = g
	}
	depth, backticks := 0, 0
	for k := range s {
		switch t := toks[k]; {
		case t.op && (t.text == "(" || t.text == "$("):
			depth++
		case t.op && t.text == ")":
			depth--
		case t.op && t.text == "`":
			backticks++
		case !t.op && !t.quoted && (t.text == "if" || t.text == "case" || t.text == "do"):
			return false
		}
	}
	if depth != 0 || backticks%2 != 0 {
		return false
	}
	for k := s - 1; k >= 0; k-- {
		if t := toks[k]; t.op {
			return t.text == ";" // a newline too
		}
		if t := toks[k]; !t.quoted && t.text == "{" {
			continue // a group without redirections of its own
		}
		if pastRedirection(toks, k) == k && !isAssignment(toks[k]) {
			return false
		}
	}
	return true
}

// groupedAt is the first word of the command at toks[s] past the "{" of
// the groups it starts ("{ exec 2>&-; }").
func groupedAt(toks []shellToken, s int) int {
	for s+1 < len(toks) && !toks[s].op && !toks[s].quoted && toks[s].text == "{" {
		s++
	}
	return s
}

// startRefused reports whether the simple command holding toks[s], or a
// group around it, has a redirection bash refuses, so that it never runs
// (see runStarts), where the descriptors closed in the shell are shell.
// The groups' redirections are applied first, the outermost first, then
// the command's own.
func startRefused(toks []shellToken, s int, shell uint16) bool {
	from := s
	for from > 0 && !toks[from-1].op {
		from--
	}
	var groups []int // where the redirections of each group around it start, innermost first
	end := s
	for end < len(toks) && !toks[end].op {
		end++
	}
	for end < len(toks) && toks[end].groupRedirect > 0 {
		g := int(toks[end].groupRedirect) - 1
		if g <= end || g > len(toks) { // the group's redirections are after its closer
			break
		}
		groups = append(groups, g)
		for end = g; end < len(toks) && !toks[end].op; end++ {
		}
	}
	closed := shell
	for k := len(groups) - 1; k >= 0; k-- {
		var refused bool
		if closed, refused = copiesClosed(toks, groups[k], closed); refused {
			return true
		}
	}
	_, refused := copiesClosed(toks, from, closed)
	return refused
}

// span is the offsets of a "${" and of the "}" closing it.
type span struct{ from, to int }

// inSpans reports whether off is inside one of spans, past its "${".
func inSpans(spans []span, off int) bool {
	for _, s := range spans {
		if off > s.from && off <= s.to {
			return true
		}
	}
	return false
}

// tokenAt is the index of the last token of toks starting at or before
// off.
func tokenAt(toks []shellToken, off int) int {
	at := 0
	for k, t := range toks {
		if t.off <= off {
			at = k
		}
	}
	return at
}

// expansionSpans are the outermost "${…}" of cmd, and the offset of the
// first "${" never closed ("make all; echo ${x", which bash refuses:
// "unexpected EOF while looking for matching }"), or -1 where every one
// is closed. It follows quotes and escapes, as bash does within the
// braces too ("${x:-'}'}" is closed once), and comments outside them; a
// "}" of a command substitution within the braces ("${x:-$(echo })}")
// closes them, a miscount that finds them closed, never open. A quote
// never closed gives no spans and -1, as refusedFrom reads it.
func expansionSpans(cmd string) ([]span, int) {
	var spans []span
	var open []int    // the offsets of the "${" open, innermost last
	var quoted []bool // for each, whether a double quote opened before it is open in it
	dq := false       // in double quotes, at the innermost level
	wordStart := true // at a word's start, outside any "${"
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case c == '\\':
			i++
		case c == '$' && i+1 < len(cmd) && cmd[i+1] == '\'' && !dq:
			// ANSI-C quotes, where a backslash escapes a quote: "$'it\\'s ${'"
			end := ansiCQuoteEnd(cmd, i+1)
			if end < 0 {
				return nil, -1
			}
			i = end
		case c == '\'' && !dq:
			end := strings.IndexByte(cmd[i+1:], '\'')
			if end < 0 {
				return nil, -1 // a quote never closed, which refusedFrom reads
			}
			i += end + 1
		case c == '"':
			dq = !dq
		case c == '$' && i+1 < len(cmd) && cmd[i+1] == '$':
			i++ // "$$", the shell's process id
		case c == '$' && i+1 < len(cmd) && cmd[i+1] == '{':
			open, quoted = append(open, i), append(quoted, dq)
			dq = false
			i++
		case c == '}' && len(open) > 0 && !dq:
			if len(open) == 1 {
				spans = append(spans, span{open[0], i})
			}
			open, dq, quoted = open[:len(open)-1], quoted[len(quoted)-1], quoted[:len(quoted)-1]
		case c == '#' && wordStart && !dq && len(open) == 0:
			if end := strings.IndexByte(cmd[i:], '\n'); end >= 0 {
				i += end - 1
			} else {
				i = len(cmd)
			}
		}
		wordStart = i < len(cmd) && strings.IndexByte(" \t\n;&|()`", cmd[i]) >= 0
	}
	if len(open) == 0 {
		return spans, -1
	}
	return spans, open[0]
}

// Card is what a Matcher reads of a tool card.
type Card struct {
	// ID orders the cards that match equally specifically.
	ID string
	// Replaces are the command shapes the card's tool supersedes.
	Replaces []string
}

// Matcher holds the compiled Replaces patterns of a list of cards. It is
// not changed once compiled, and is safe for concurrent use.
type Matcher struct {
	ids      []string
	patterns [][]commandPattern // per card, most specific first
	// names are the plain command words patterns start with ("git" of
	// "git push --force", "prettier" of "npx prettier --write *"): see
	// NamesCommand.
	names map[string]bool
}

// Compile compiles every card's Replaces once. Invalid patterns never
// panic; a pattern that is empty after trimming matches nothing. The
// indexes Match returns are those of cards.
func Compile(cards []Card) *Matcher {
	m := newMatcher(len(cards))
	for i, c := range cards {
		m.ids[i] = c.ID
		for at, raw := range c.Replaces {
			m.patterns[i], _, _ = m.compileReplaces(m.patterns[i], at, raw, readPattern(raw))
		}
		sortPatterns(m.patterns[i])
	}
	return m
}

// Reordered returns a Matcher of m's cards given to Compile in another
// order: from[i] is the place, in the cards m was compiled of, of the
// card now at i. It matches as Compile of the cards in the new order
// does, and shares m's compiled patterns, which each card compiles on its
// own, and are read only: a rebuild that only renames or moves cards
// (store) compiles none again. nil where from is no permutation of m's
// cards.
func (m *Matcher) Reordered(from []int) *Matcher {
	if m == nil || len(from) != len(m.ids) {
		return nil
	}
	nm := &Matcher{ids: make([]string, len(from)), patterns: make([][]commandPattern, len(from)), names: m.names}
	seen := make([]bool, len(from))
	for i, g := range from {
		if g < 0 || g >= len(m.ids) || seen[g] {
			return nil // out of range, or twice
		}
		seen[g] = true
		nm.ids[i], nm.patterns[i] = m.ids[g], m.patterns[g]
	}
	return nm
}

// newMatcher is a Matcher of n cards with no patterns.
func newMatcher(n int) *Matcher {
	return &Matcher{ids: make([]string, n), patterns: make([][]commandPattern, n), names: map[string]bool{}}
}

// compileReplaces appends to patterns those of raw, the at-th of its
// card's Replaces, read as rd: raw itself, its word readings and its
// docker variants. It returns raw's regexp compiled, and parsed, or nils
// (see patternReading.compile): compiled even when raw yields no
// pattern (a comment alone), as validation counts its cost.
func (m *Matcher) compileReplaces(patterns []commandPattern, at int, raw string, rd patternReading) ([]commandPattern, *costedRegexp, *syntax.Regexp) {
	re, parsed := rd.compile()
	p, ok := compileReading(rd, re)
	patterns = m.addPattern(patterns, at, p, ok, false)
	for _, reading := range wordReadings(rd.pat) {
		patterns = m.compileNamed(patterns, at, reading, false)
	}
	for _, named := range dockerNameVariantsOf(raw, rd) {
		patterns = m.compileNamed(patterns, at, named, true)
	}
	return patterns, re, parsed
}

// compileNamed appends to patterns the pattern raw, the at-th of its
// card's Replaces or, renamed, that pattern written with other names of
// its docker subcommands (dockerNameVariants), if it compiles, and
// records the command it names (see NamesCommand). A match of a renamed
// pattern goes after an equal one of a pattern as written: "docker
// container rm -f *" before "docker rm -f *" for "docker container rm -f
// web" (see specificity.respelled).
func (m *Matcher) compileNamed(patterns []commandPattern, at int, raw string, renamed bool) []commandPattern {
	p, ok := compileCommandPattern(raw)
	return m.addPattern(patterns, at, p, ok, renamed)
}

// addPattern is compileNamed of a pattern compiled already, p, when ok.
func (m *Matcher) addPattern(patterns []commandPattern, at int, p commandPattern, ok, renamed bool) []commandPattern {
	if !ok {
		return patterns
	}
	if renamed {
		for level := range p.spec.all {
			p.spec.all[level].respelled += renamedLevel
			p.spec.inner[level].respelled += renamedLevel
		}
	}
	for _, words := range [][]tokenMatcher{p.literal, p.inner} {
		if len(words) > 0 && words[0].re == nil && !words[0].op {
			m.names[path.Base(words[0].text)] = true
		}
	}
	p.at = at
	p.asWords = p.re == nil && !slices.ContainsFunc(p.literal, func(m tokenMatcher) bool {
		return m.op && (m.text == "$(" || m.text == "`")
	})
	return append(patterns, p)
}

// NamesCommand reports whether word, the first of a line, is the command
// word of a pattern (its base name, for a path): a cheap test of whether
// a line may match a pattern at all, for a caller that may be handed
// prose or a command, such as an intent that names the command an agent
// was about to type. A pattern read as a regexp or starting with a glob
// names none.
func (m *Matcher) NamesCommand(word string) bool {
	return m.names[path.Base(word)]
}

// maxNamedLines is the most command lines NamedBy matches for one
// intent: the intent itself and its first backticked spans.
const maxNamedLines = 4

// namedBudget is the work NamedBy may do for one line: a search by intent
// is no request to match commands, and is not throttled as one is, so
// it spends a 64th of DefaultBudget, about 6 ms at the worst.
const namedBudget = DefaultBudget / 64

// NamedBy returns the cards whose patterns match a command line the
// intent quotes in backticks ("before I run `git push --force`"), or, when
// whole, the intent itself ("kubectl apply -f k8s/"), most specific first,
// each once: an agent asking for a tool may name the command it was about
// to type. The caller says whether the intent as a whole may be one: a
// sentence that starts with a command word ("make a backup of the
// database", "kill the process on port 3000") names no command, and "make
// *" would match it. A line is matched only when one of its words is a
// pattern's command word (NamesCommand): not only its first, as a command
// may follow a precommand, assignments or another command ("sudo rm -rf
// build", "FOO=1 make deploy", "cd app && rm -rf build"). So prose costs a
// map lookup a word, and a line at most a 64th of DefaultBudget (about 6
// ms at the worst), as a search by intent is not throttled as a command
// match is; what a line matches when that budget runs out, or ctx is done,
// is dropped, not half-used.
func (m *Matcher) NamedBy(ctx context.Context, intent string, whole bool) []Named {
	var lines []string
	if whole {
		lines = append(lines, intent)
	}
	for rest := intent; len(lines) < maxNamedLines; {
		_, after, ok := strings.Cut(rest, "`")
		quoted, tail, closed := strings.Cut(after, "`")
		if !ok || !closed {
			break
		}
		lines, rest = append(lines, quoted), tail
	}
	var out []Named
	for _, line := range lines {
		if !slices.ContainsFunc(strings.Fields(line), m.NamesCommand) {
			continue
		}
		found, err := m.Match(ctx, line, namedBudget)
		if err != nil || found.Truncated() {
			continue // a line too long, too costly or of too many commands names none, nor one whose request went away
		}
		for k, c := range found.Cards {
			if !slices.ContainsFunc(out, func(n Named) bool { return n.Card == c }) {
				out = append(out, Named{Card: c, Pattern: found.Patterns[k]})
			}
		}
	}
	return out
}

// Named is a card NamedBy found, with the index in its Replaces of the
// pattern that matched the command line (the most specific, as Matches
// says), for the first line that it matched.
type Named struct {
	Card, Pattern int
}

// Find returns the indexes of the cards with a Replaces pattern that
// matches the raw command line, most specific first (see the package
// doc). It has no work budget: it is for callers that trust the line and
// the cards, such as tests; a server or a command line calls Match.
func (m *Matcher) Find(line string) []int {
	found, _ := m.Match(context.Background(), line, math.MaxInt64)
	return found.Cards
}

// Matches is what Match found.
type Matches struct {
	// Cards are the indexes of the cards that match, most specific
	// first (see the package doc).
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
func (m Matches) Truncated() bool { return m.Tried < m.Total }

// Match returns the cards with a Replaces pattern that matches the raw
// command line, most specific first (see the package doc), within
// maxWork, a work budget (in the units of DefaultBudget; 0 or less means
// DefaultBudget, as api.Options.CommandBudget does, rather than a budget
// that tries no card) and for as long as ctx lasts. It says, with an
// error wrapping ErrOverLimit, why a line over the limits matched
// nothing (the line is split once, for the check and the match), and
// returns ctx's error once ctx is done. When the budget runs out it stops
// before the regexp run it cannot pay for and returns the cards tried so
// far (see Matches.Truncated), with no error: what it found holds,
// and a given line against a given Matcher always stops at the same card.
func (m *Matcher) Match(ctx context.Context, line string, maxWork int64) (Matches, error) {
	if maxWork <= 0 {
		maxWork = DefaultBudget
	}
	out := Matches{Total: len(m.patterns)}
	cl, err := parseCommandLine(withoutPrompt(line))
	if err != nil {
		return Matches{}, err
	}
	if cl.cmd == "" {
		out.Tried = out.Total
		return out, nil
	}
	b := &budget{ctx: ctx, left: maxWork}
	var found []cardMatch
	for i, pats := range m.patterns {
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
	out.Cards, out.Patterns = m.orderMatches(found)
	out.Work = maxWork - b.left
	if b.err != nil && !errors.Is(b.err, ErrBudget) {
		return Matches{}, b.err
	}
	return out, nil
}

// withoutPrompt is line without a shell prompt before its command, "$ "
// as a terminal, a README or a tutorial shows one ("$ git push --force"):
// an agent pastes the line as it read it. Read as shell, "$" is a command
// of that name, which no shell has, so the line was matched by no card.
// Only a "$" that is a word of its own, before the first command, is
// dropped ("$HOME/bin/x" and "$(cmd)" are words of the command); where
// the first line has one, the line is a terminal's transcript, and so is
// every other line's that starts so ("$ git add .\n$ git push -f").
func withoutPrompt(line string) string {
	first, ok := cutPrompt(strings.TrimLeft(line, " \t\r\n"))
	if !ok {
		return line
	}
	if !strings.Contains(first, "\n") {
		return first
	}
	lines := strings.Split(first, "\n")
	for i, l := range lines[1:] {
		if rest, ok := cutPrompt(strings.TrimLeft(l, " \t")); ok {
			lines[i+1] = rest
		}
	}
	return strings.Join(lines, "\n")
}

// cutPrompt is s without a leading "$" and the blanks after it, and
// whether it had them, with a command after.
func cutPrompt(s string) (string, bool) {
	after, ok := strings.CutPrefix(s, "$")
	if !ok || after == "" || after[0] != ' ' && after[0] != '\t' {
		return s, false
	}
	return strings.TrimLeft(after, " \t"), true
}

// ctxCheckCards is how many cards apart Match reads its
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
		if at >= 0 && cmp.Or(p.spec.all[ownWords].compare(best), cmp.Compare(at, p.at)) <= 0 {
			break // neither this pattern nor any after it is more specific
		}
	lines:
		for l := -1; l < len(cl.scripts); l++ { // -1: the command line itself, then each script it runs (bash -c '…')
			line := cl
			if l >= 0 {
				line = &cl.scripts[l]
			}
			for _, s := range line.starts {
				toks, from := line.toks, s
				if p.asWords && line.words != nil && line.wordAt[s] >= 0 {
					toks, from = line.words, line.wordAt[s] // "git -C $(pwd)/x push --force"
				}
				spec := p.matchAt(line, toks, from, b)
				if spec == nil {
					if b.err != nil {
						return -1, specificity{}
					}
					continue
				}
				if at < 0 || cmp.Or(spec.compare(best), cmp.Compare(at, p.at)) > 0 {
					at, best = p.at, *spec
				}
				if spec == &p.spec.all[ownWords] {
					break lines
				}
			}
		}
	}
	return at, best
}
