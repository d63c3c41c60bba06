package cmdline

import (
	"regexp"
	"slices"
	"strings"
)

// refusedFrom is where bash stops running cmd, whose tokens are toks, for
// a syntax error it can be seen to hold cheaply, or -1 where it holds
// none (see refusal).
func refusedFrom(cmd string, toks []shellToken, unclosed bool) int {
	cut, _ := refusal(cmd, toks, unclosed)
	return cut
}

// refusal is where bash stops running cmd, whose tokens are toks, for a
// syntax error it can be seen to hold cheaply, or -1 where it holds
// none; and the byte spans of the scripts in backticks bash refuses when
// it runs them, from the line it refuses on (dropped: "echo `make all;
// }`" runs echo, and no make). Bash reads a line at a time and runs
// each once read, so the lines before the one it refuses run, but for a
// compound command begun on one of them and still open, which bash
// reads whole: then it stops at the line that starts it.
//
// The errors seen are, in the order bash reads the line:
//   - a "${" never closed ("echo ${x"; see expansionSpans); the tokens
//     inside a "${…}" are passed over, as its braces may hold any of
//     the others;
//   - a word where the grammar of reserved words wants none (see
//     grammar): a word closing or continuing a compound command ("fi",
//     "done", "then", "}", "esac", …) where a command starts and no
//     compound command it belongs to is open ("make all; fi", "echo
//     if; make all; fi", "{ make all; }; }"), or right after the word
//     that wants a command ("if then"), or out of an if's order ("if a;
//     fi", "if a; then b; else c; else d; fi"), or any word right after a
//     compound command, but its redirections ("{ make all; } }", "( ls
//     ) ( ls )");
//   - a control operator where a command must start ("; make all", "a |
//     | b", "make all & ; ls", "$(;)"; not after "!" or "time", which
//     bash lets stand alone), a ";;", ";&" or ";;&" outside the arm of a
//     case ("make all ;; ls"), a ")" closing no "(" nor ending a case
//     pattern ("make all )"), and a "!" right after a pipe ("make all |
//     ! cat");
//   - an array's words ("a=(1)") where bash takes no assignment: past
//     a command's name but a builtin's that takes them ("echo a=(1)",
//     not "declare a=(1)"; see grammar.arrays), or after a word that is
//     no name then "=" ("declare a$x=(1)");
//   - a redirection's operator with no word after it for its target
//     ("make all >", "make all > | cat", "make all &>|f", "make all
//     >&>f"; see targetMissing);
//   - a quote never closed (unclosed), a "|", "||", "&&" or "|&" ending
//     the line ("make all |", where bash wants a command and meets the
//     end), or a compound command, "(", "$(", "[[" or backtick never
//     closed.
//
// The text in backticks is a script bash reads only when it runs it,
// and a word of the line: it is read as a script of its own (see
// grammar.backtick).
func refusal(cmd string, toks []shellToken, unclosed bool) (int, []span) {
	return refusalAt(cmd, toks, unclosed, 0)
}

// refusalAt is refusal of a script depth "$(…)" in double quotes deep in
// the line (see grammar.quotedRefused).
func refusalAt(cmd string, toks []shellToken, unclosed bool, depth int) (int, []span) {
	var spans []span
	if strings.Contains(cmd, "${") {
		if unclosed {
			return -1, nil
		}
		var open int
		if spans, open = expansionSpans(cmd); open >= 0 {
			return lineStart(toks, tokenAt(toks, open)), nil
		}
	}
	if unclosed {
		depth = MaxScriptDepth // the line is refused at its end anyway: its quotes are not read again
	}
	g := grammar{cmd: cmd, end: len(cmd), depth: depth, toks: toks, spans: spans, pos: atCommand, wanted: true}
	if !g.read() || unclosed || endsWanting(toks) || len(g.stack) > 0 || g.test {
		return g.line, g.dropped
	}
	return -1, g.dropped
}

// endsWanting reports whether toks end with an operator after which bash
// wants a command: "|", "||", "&&" or "|&" ("make all |").
func endsWanting(toks []shellToken) bool {
	n := len(toks)
	if n == 0 || !toks[n-1].op {
		return false
	}
	switch t := toks[n-1].text; t {
	case "|", "||", "&&":
		return true
	case "&":
		return n > 1 && toks[n-2].op && toks[n-2].text == "|"
	}
	return false
}

// lineStart is the offset of the line holding toks[at], just past the
// newline before it, where bash stops: 0 for the first line, -1 for no
// token (at < 0).
func lineStart(toks []shellToken, at int) int {
	if at < 0 {
		return -1
	}
	for k := at - 1; k >= 0; k-- {
		if toks[k].op && toks[k].newline {
			return toks[k].off
		}
	}
	return 0
}

// position is where a grammar is in the command it reads.
type position byte

const (
	atCommand  position = iota // where a command starts: reserved words are read as such
	inCommand                  // past a simple command's first word: words are its arguments
	afterGroup                 // right after a compound command: only its redirections, or an operator
)

// frame is a compound command open in a grammar: kind is the word or
// operator that opened it ('i' if, 'w' while or until, 'f' for or
// select before its "do", 'd' a loop's body, '{', '(' a subshell, '<' a
// process substitution or a "(" among words, '$' a command
// substitution, 'c' case, 'a' an array's words), mode where it is in
// its header (for 'c': 's' its subject, 'n' before "in", 'p' before a
// pattern, 'q' in one, 'b' an arm's body; for 'f': 'n' its name, 'a'
// after it, 'N' after it and a newline, 'l' its word list, 'b' before
// "do" or a "{" that opens its body; for 'i', see ifMode).
type frame struct {
	kind, mode byte
	// arrays: grammar.arrays of the command around a substitution, past
	// it, which its close gives back.
	arrays byte
}

// grammar reads the reserved words and operators of a line as bash's
// grammar does, far enough to see the syntax errors refusal tells of:
// the compound commands open (stack), where the current token is in its
// command (pos), whether a command must start there (wanted: no
// operator may), whether a reserved word wants a command before the
// next one (empty), and whether it is in "[[ … ]]" (test), whose words
// and operators are an expression's.
type grammar struct {
	cmd    string // the line toks are of, which ends at end
	end    int
	depth  int // of "$(…)" in double quotes the line is in (see quotedRefused)
	toks   []shellToken
	spans  []span
	stack  []frame
	pos    position
	wanted bool
	// empty: right after a reserved word that wants a command before
	// the word closing or continuing its compound command ("if then",
	// "{ }").
	empty bool
	// body: right after a function's name, where its body, a compound
	// command, must come.
	body bool
	test bool
	// line is the offset of the line the commands being read start on
	// (see lineStart): past the last newline read outside any compound
	// command, which bash reads whole with the rest of the line it ends
	// on ("if true; then make all" then "fi; fi" runs no make); newlines
	// in backticks aside.
	line    int
	dropped []span // see refusal
	// arrays is where the simple command read stands for an array's
	// words ("a=(1 2)"), which bash takes only in an assignment: 'p'
	// before its name (assignments and redirections), 'y' after the
	// name of a builtin that takes assignments as its arguments
	// (arrayBuiltins) and no redirection since, 'n' elsewhere.
	arrays byte
}

// read reads g.toks, and reports whether bash parses them all; if not,
// g is where it stopped.
func (g *grammar) read() bool {
	for k := 0; k < len(g.toks); k++ {
		if inSpans(g.spans, g.toks[k].off) {
			continue
		}
		next, ok := g.token(k)
		if !ok {
			return false
		}
		k = next
	}
	return true
}

// token reads toks[k], and any tokens after it that are one with it; it
// returns the last one read, and whether bash accepts them.
func (g *grammar) token(k int) (int, bool) {
	t := g.toks[k]
	if t.op && t.newline && len(g.stack) == 0 {
		g.line = max(t.off, 0) // a line's own leading newline is no line of its own
	}
	if g.body && !(t.op && t.newline) {
		g.body = false
		if !(t.op && t.text == "(" || !t.op && !t.quoted && (compoundOpener(t.text) || strings.HasPrefix(t.text, "(("))) {
			return k, false // "f() make all": a function's body is a compound command
		}
	}
	if !t.op && g.quotedRefused(k) {
		return k, false // "echo \"$(ls; })\"": bash parses the script when it reads the line
	}
	switch {
	case g.test:
		if !t.op && !t.quoted && t.text == "]]" {
			g.test, g.pos, g.wanted = false, afterGroup, false // "[[ a ]] x" is refused
		}
		return k, true
	case len(g.stack) > 0 && g.header() && !substitution(t):
		return k, g.headerToken(k)
	case t.op && t.text == "`":
		g.headerWord(k)
		g.arrays = g.substitutedArrays(k)
		return g.backtick(k)
	case t.op:
		return g.operator(k)
	}
	return g.word(k)
}

// push opens a compound command of kind in mode.
func (g *grammar) push(kind, mode byte) {
	g.stack = append(g.stack, frame{kind: kind, mode: mode})
}

// top is the innermost compound command open, or a zero frame.
func (g *grammar) top() *frame {
	if len(g.stack) == 0 {
		return &frame{}
	}
	return &g.stack[len(g.stack)-1]
}

// pop closes the innermost compound command open, after which pos is.
func (g *grammar) pop(pos position) {
	g.stack = g.stack[:len(g.stack)-1]
	g.pos, g.wanted, g.empty = pos, false, false
}

// header reports whether the token read is in the header of the
// innermost compound command open, where its words are no commands: a case's
// subject, "in" and patterns, a for loop's name and word list, an
// array's words.
func (g *grammar) header() bool {
	f := g.top()
	return f.kind == 'c' && f.mode != 'b' || f.kind == 'f' && f.mode != 'b' || f.kind == 'a'
}

// substitution reports whether t opens a command substitution, which
// is read as such in a header too ("case $(x) in …").
func substitution(t shellToken) bool {
	return t.op && (t.text == "$(" || t.text == "`")
}

// headerWord moves the header of the innermost compound command open
// past a word starting at toks[k], a substitution, unless it goes on a
// word before it ("case a$(x) in").
func (g *grammar) headerWord(k int) {
	if f := g.top(); g.header() && !g.toks[k].joined {
		switch {
		case f.kind == 'c' && f.mode == 's':
			f.mode = 'n'
		case f.kind == 'c' && f.mode == 'n':
			f.mode = 'p'
		case f.kind == 'c' && f.mode == 'p':
			f.mode = 'q'
		case f.kind == 'f' && f.mode == 'n':
			f.mode = 'a'
		}
	}
}

// headerToken reads toks[k] in a header (see header), and reports
// whether bash accepts it there.
func (g *grammar) headerToken(k int) bool {
	t, f := g.toks[k], g.top()
	word := !t.op && !t.quoted
	g.empty = false
	switch {
	case f.kind == 'a':
		if t.op && t.text == ")" {
			g.pop(inCommand)
		}
	case t.op && t.newline:
		if f.kind == 'f' && f.mode == 'l' {
			f.mode, g.pos, g.wanted = 'b', atCommand, false // "for x in a b" then "do"
		}
		if f.kind == 'f' && f.mode == 'a' {
			f.mode = 'N' // "for x" then "in", "do" or "{"
		}
	case f.kind == 'c' && f.mode == 's':
		f.mode = 'n' // any word: "case fi in fi) …"
	case f.kind == 'c' && f.mode == 'n':
		f.mode = 'p' // "in", or a miss: bash refuses any other word
	case f.kind == 'c': // a pattern: "esac" starting none closes the case
		switch {
		case word && t.text == "esac" && f.mode == 'p':
			g.pop(afterGroup)
		case t.op && t.text == ")":
			f.mode, g.pos, g.wanted = 'b', atCommand, false
		case t.op && t.text != "(" && t.text != "|":
			return false // "case x in ;; esac"
		default:
			f.mode = 'q' // "a|esac)", "(esac)"
		}
	case f.mode == 'n' && word && strings.HasPrefix(t.text, "(("): // "for ((i=0;i<2;i++))": no "in" may follow
		f.mode, g.pos, g.wanted = 'b', atCommand, false
	case f.mode == 'n': // a for loop's name, any word: "for do in a"
		f.mode = 'a'
	case (f.mode == 'a' || f.mode == 'N') && word && t.text == "in":
		f.mode = 'l'
	case f.mode == 'N' && word && t.text == "{": // "for x" then "{ make all; }"; "for x {" bash refuses
		f.kind, f.mode, g.pos, g.wanted, g.empty = '{', 0, atCommand, true, true
	case (f.mode == 'a' || f.mode == 'N') && word && t.text == "do":
		f.kind, f.mode, g.pos, g.wanted = 'd', 0, atCommand, true // "for x do"
	case f.mode == 'l' && !t.op: // the word list: "for x in if do; do …"
	default: // ";", or a miss
		f.mode, g.pos, g.wanted = 'b', atCommand, false
	}
	return true
}

// backtick reads the text in the backticks opening at toks[k] as a
// script of its own, whose syntax errors are bash's only when it runs
// it: those of the lines it refuses are dropped (see refusal), the rest
// of the line runs ("echo `ls; }`; make all" runs make). It returns the
// closing backtick, and whether bash accepts the backticks where they
// are, a word.
func (g *grammar) backtick(k int) (int, bool) {
	end := k + 1
	for end < len(g.toks) && !(g.toks[end].op && g.toks[end].text == "`") {
		end++
	}
	if end == len(g.toks) {
		return k, false // never closed
	}
	inner := grammar{cmd: g.cmd, end: g.toks[end].off, depth: g.depth, toks: g.toks[k+1 : end], spans: g.spans, pos: atCommand, wanted: true, line: g.toks[k].off + 1}
	if !inner.read() || endsWanting(inner.toks) || len(inner.stack) > 0 {
		g.dropped = append(g.dropped, span{inner.line, g.toks[end].off})
	}
	g.dropped = append(g.dropped, inner.dropped...)
	if g.pos == afterGroup {
		return end, false // "{ ls; } `x`"
	}
	g.pos, g.wanted, g.empty = inCommand, false, false
	return end, true
}

// operator reads the operator toks[k], and those after it that are one
// with it (";;", ";&", ";;&", "|&"), and reports whether bash accepts
// them there.
func (g *grammar) operator(k int) (int, bool) {
	t := g.toks[k]
	switch t.text {
	case "(":
		return g.open(k)
	case "$(":
		g.headerWord(k)
		outer := g.substitutedArrays(k)
		g.push('$', 0)
		g.top().arrays = outer
		g.pos, g.wanted = atCommand, true
		return k, true
	case ")":
		return k, g.close()
	}
	if t.newline {
		g.pos, g.wanted = atCommand, true // "ls" then "; make all" is refused
		return k, true
	}
	if end := caseArmEnd(g.toks, k); end > k {
		if f := g.top(); f.kind == 'c' && f.mode == 'b' {
			f.mode = 'p'
			return end, true
		}
		return k, false // "make all ;; ls"
	}
	if g.wanted {
		return k, false // "; make all", "a | | b"
	}
	end := k
	if t.text == "|" && k+1 < len(g.toks) && g.toks[k+1].op && g.toks[k+1].joined && g.toks[k+1].text == "&" {
		end++ // "|&"
	}
	g.pos, g.wanted = atCommand, true
	return end, true
}

// caseArmEnd is the last token of the ";;", ";&" or ";;&" ending a case
// arm at toks[k], or -1 where none is.
func caseArmEnd(toks []shellToken, k int) int {
	if t := toks[k]; !t.op || t.text != ";" || t.newline {
		return -1
	}
	next := func(j int, text string) bool {
		return j < len(toks) && toks[j].op && toks[j].joined && !toks[j].newline && toks[j].text == text
	}
	switch {
	case next(k+1, ";") && next(k+2, "&"):
		return k + 2
	case next(k+1, ";"), next(k+1, "&"):
		return k + 1
	}
	return -1
}

// open reads the "(" at toks[k]: a subshell where a command starts, the
// parentheses of a function's name ("f() { …; }"), read with their ")",
// an array's words ("a=(fi done)") or a process substitution ("<(ls)").
// It returns the last token read, and whether bash accepts it there.
func (g *grammar) open(k int) (int, bool) {
	toks := g.toks
	switch {
	case k > 0 && toks[k].joined && !toks[k-1].op && strings.HasSuffix(toks[k-1].text, "="):
		if g.arrays == 'n' || toks[k-1].quoted || !arrayName.MatchString(toks[k-1].text) {
			return k, false // "echo a=(1)", "declare 2>o a=(1)", "declare a$x=(1)"
		}
		g.push('a', 0)
	case g.pos == inCommand && k+1 < len(toks) && toks[k+1].op && toks[k+1].text == ")":
		g.pos, g.wanted, g.body = atCommand, false, true
		return k + 1, true
	case g.pos == afterGroup:
		return k, false // "( ls ) ( ls )"
	case g.pos == inCommand && !g.substitutedOrGlob(k):
		return k, false // "echo x (y)", "0(A)", "x=1 (ls)": bash refuses a "(" among a command's words
	case g.pos == inCommand:
		// "<(ls)", ">(tee log)"; "@(a|b)" after a "shopt -s extglob"
		// line. No array's words after it: "declare <(ls) a=(1)".
		g.push('<', 0)
		g.top().arrays = 'n'
	default:
		g.push('(', 0)
	}
	g.pos, g.wanted = atCommand, true
	return k, true
}

// substitutedOrGlob reports whether the "(" at toks[k], among a
// command's words, touches the word before it where that ends with "<"
// or ">", a process substitution ("<(ls)", "> >(tee log)"), or with "[",
// as the old arithmetic "$[(1+2)]" does, or with one of extglob's
// "?*+@!" ("@(a|b)", "!(x)") where a line bash ran before it names
// "extglob" (up to g.line): bash -c refuses such a glob unless a "shopt
// -s extglob" ran on an earlier line, which it may have. All those are
// read as a group of words, which is not refused. Any other "(" there
// bash refuses.
func (g *grammar) substitutedOrGlob(k int) bool {
	toks := g.toks
	p := toks[k-1]
	if !toks[k].joined || p.op || p.quoted || p.text == "" {
		return false
	}
	switch c := p.text[len(p.text)-1]; {
	case c == '<', c == '>', c == '[':
		return true
	case strings.IndexByte("?*+@!", c) >= 0:
		return strings.Contains(g.cmd[:min(g.line, len(g.cmd))], "extglob") // the lines bash ran before it reads this one
	}
	return false
}

// close reads a ")" of a subshell or a substitution, and reports
// whether bash accepts it there.
func (g *grammar) close() bool {
	switch g.top().kind {
	case '(':
		g.pop(afterGroup)
	case '$', '<':
		g.arrays = g.top().arrays
		g.pop(inCommand)
	default:
		return false // "make all )"
	}
	return true
}

// word reads the word toks[k], and reports whether bash accepts it
// there; a redirection after a compound command is read with its
// target.
func (g *grammar) word(k int) (int, bool) {
	t := g.toks[k]
	if targetMissing(g.toks, k) {
		return k, false // "make all >", "make all &>|f", "make all >&>f"
	}
	switch {
	case g.pos == afterGroup:
		if next := pastRedirection(g.toks, k); next > k {
			return next - 1, true // "{ ls; } > out"
		}
		if !t.quoted && closer(t.text) {
			return g.reserved(k) // "{ { make all; } }", "if { ls; } then …"
		}
		return k, false // "{ make all; } x }", "[[ a ]] x"
	case g.pos == inCommand || t.quoted:
		if g.pos == inCommand {
			g.arrays = g.nextArrays(k)
		} else {
			g.arrays = firstArrays(g.toks, k)
		}
		g.pos, g.wanted, g.empty = inCommand, false, false
		return k, true
	}
	return g.reserved(k)
}

// reserved reads the word toks[k] where a command starts, where it may
// be a reserved word, and reports whether bash accepts it there.
func (g *grammar) reserved(k int) (int, bool) {
	t, f := g.toks[k], g.top()
	switch t.text {
	case "!":
		if pipeBefore(g.toks, k) {
			return k, false // "make all | ! cat", "|& !"
		}
		g.wanted = false
	case "time":
		return g.time(k)
	case "coproc":
		return g.coproc(k)
	case "if":
		g.opener('i', 0)
	case "while", "until":
		g.opener('w', 0)
	case "for", "select":
		g.opener('f', 'n')
	case "case":
		g.opener('c', 's')
	case "{":
		if f.kind == 'f' && f.mode == 'b' {
			f.kind, f.mode = '{', 0 // "for x in a; { make all; }": the loop's body, which its "}" ends
			g.pos, g.wanted, g.empty = atCommand, true, true
			break
		}
		g.opener('{', 0)
	case "[[":
		g.test, g.empty = true, false
	case "function":
		return g.function(k), true
	case "]]", "in":
		return k, false // "]] x", "in x": no command
	case "then", "elif", "else", "do", "fi", "done", "}", "esac":
		return k, g.clause(t.text, f)
	default:
		g.pos, g.wanted, g.empty = inCommand, false, false
		g.arrays = firstArrays(g.toks, k)
	}
	return k, true
}

// opener opens a compound command of kind in mode, whose first command
// is wanted next.
func (g *grammar) opener(kind, mode byte) {
	g.push(kind, mode)
	g.pos, g.wanted, g.empty = atCommand, true, true
}

// time reads the reserved word "time" at toks[k], with its "-p", or the
// program time after a pipe.
func (g *grammar) time(k int) (int, bool) {
	if pipeBefore(g.toks, k) {
		g.pos, g.wanted, g.empty = inCommand, false, false // "ls | time -p {": the program time, whose argument "{" is
		return k, true
	}
	g.wanted = false
	if k+1 < len(g.toks) && !g.toks[k+1].op && !g.toks[k+1].quoted && g.toks[k+1].text == "-p" {
		return k + 1, true // "time -p { make all; }"
	}
	return k, true
}

// coproc reads the reserved word "coproc" at toks[k], with the name of
// the coprocess, when one is written before a compound command.
func (g *grammar) coproc(k int) (int, bool) {
	if k+1 == len(g.toks) || g.toks[k+1].op && g.toks[k+1].newline {
		return k, false // "coproc" then "make all": bash wants its command on the same line
	}
	g.wanted = true
	if k+2 < len(g.toks) && !g.toks[k+1].op && pastRedirection(g.toks, k+1) == k+1 &&
		(g.toks[k+2].op && g.toks[k+2].text == "(" || !g.toks[k+2].quoted && compoundOpener(g.toks[k+2].text)) {
		return k + 1, true // "coproc NAME { …; }": its name
	}
	return k, true
}

// clause reads a reserved word that goes on with or closes f, the
// compound command open innermost ("then", "do", "fi", "}" …), and
// reports whether bash accepts it there: after a command of f's, in the
// part of f that it follows.
func (g *grammar) clause(word string, f *frame) bool {
	switch word {
	case "then", "elif", "else":
		if f.kind != 'i' || g.empty || ifMode(word) != f.mode {
			return false // "echo if; make all; then", "if then", "if a; then b; then", "if a; else"
		}
		f.mode = ifNext(word)
		g.wanted, g.empty = true, true
	case "do":
		if f.kind != 'w' && f.kind != 'f' || g.empty {
			return false // "echo do; make all", "while do"
		}
		f.kind, f.mode, g.wanted, g.empty = 'd', 0, true, true
	default: // "fi", "done", "}", "esac"
		if f.kind != closedBy(word) || g.empty && word != "esac" || word == "fi" && f.mode == 0 {
			return false // "echo if; make all; fi", "{ make all; } }", "if a; fi"
		}
		g.pop(afterGroup)
	}
	return true
}

// pipeBefore reports whether toks[k] comes right after a "|" or "|&",
// where bash reads neither "!" nor "time" as a reserved word: a pipeline
// starts with them.
func pipeBefore(toks []shellToken, k int) bool {
	return k > 0 && toks[k-1].op && (toks[k-1].text == "|" || toks[k-1].text == "&" && k > 1 && toks[k-2].op && toks[k-2].text == "|")
}

// compoundOpener reports whether word opens a compound command.
func compoundOpener(word string) bool {
	switch word {
	case "{", "if", "while", "until", "for", "select", "case", "[[":
		return true
	}
	return false
}

// closer reports whether word is a reserved word that closes or
// continues a compound command, which bash reads as such right after
// one too.
func closer(word string) bool {
	switch word {
	case "then", "elif", "else", "do", "fi", "done", "esac", "}":
		return true
	}
	return false
}

// ifMode is the mode an if's frame is in where bash takes the reserved
// word w ("then", "elif" or "else"): 0 in a condition, before its
// "then"; 't' past a "then", in its body; 'e' past its "else", where only
// "fi" may come. ifNext is the mode w leaves it in.
func ifMode(w string) byte {
	if w == "then" {
		return 0
	}
	return 't'
}

func ifNext(w string) byte {
	switch w {
	case "then":
		return 't'
	case "else":
		return 'e'
	}
	return 0
}

// closedBy is the kind of frame the reserved word closer closes.
func closedBy(closer string) byte {
	switch closer {
	case "fi":
		return 'i'
	case "done":
		return 'd'
	case "}":
		return '{'
	}
	return 'c'
}

// function reads "function name" and the "()" after it, at toks[k], and
// returns the last token read: its body, a compound command, comes next.
func (g *grammar) function(k int) int {
	toks := g.toks
	if k+1 < len(toks) && !toks[k+1].op {
		k++
	}
	if k+2 < len(toks) && toks[k+1].op && toks[k+1].text == "(" && toks[k+2].op && toks[k+2].text == ")" {
		k += 2
	}
	g.pos, g.wanted, g.empty, g.body = atCommand, false, false, true
	return k
}

// withoutDropped is starts without the commands in dropped, the scripts
// in backticks bash refuses (see refusal), which it never runs; their
// first words are refused, as runStarts does, so that no pattern's
// command after an operator matches them either.
func withoutDropped(toks []shellToken, starts []int, dropped []span) []int {
	kept := starts[:0]
	for _, s := range starts {
		off := toks[s].off
		if slices.ContainsFunc(dropped, func(d span) bool { return off >= d.from && off < d.to }) {
			toks[s].refused = true
			continue
		}
		kept = append(kept, s)
	}
	return kept
}

// quotedRefused reports whether the word toks[k], as written, holds a
// command substitution in double quotes whose script bash refuses, which
// it parses as it reads the line ("echo \"$(ls; })\"" runs nothing);
// one in backticks it parses when it runs it.
func (g *grammar) quotedRefused(k int) bool {
	from, to := g.toks[k].off, g.end
	if k+1 < len(g.toks) {
		to = g.toks[k+1].off
	}
	if from < 0 || to > len(g.cmd) || from >= to {
		return false
	}
	w := g.cmd[from:to]
	if g.depth >= MaxScriptDepth || !strings.Contains(w, "$(") || !strings.Contains(w, "\"") {
		return false // one deeper is over the limit, and matches nothing (see Match)
	}
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '\\':
			i++
		case '\'':
			if end := strings.IndexByte(w[i+1:], '\''); end >= 0 {
				i += end + 1
			}
		case '"':
			end := closingQuote(w, i)
			if end < 0 {
				end = len(w)
			}
			if scriptRefused(w[i+1:end], g.depth+1) {
				return true
			}
			i = end
		}
	}
	return false
}

// scriptRefused reports whether bash refuses the script of a "$(…)" in
// q, the text between double quotes depth deep in the line.
func scriptRefused(q string, depth int) bool {
	for i := 0; i < len(q); i++ {
		switch {
		case q[i] == '\\':
			i++
		case q[i] == '`':
			if end := strings.IndexByte(q[i+1:], '`'); end >= 0 {
				i += end + 1
			}
		case strings.HasPrefix(q[i:], "$(") && substitutionEnd(q, i, 0) < 0:
			return false // never closed: so is the quote, which refusal reads (unclosed)
		case strings.HasPrefix(q[i:], "$("):
			script, last := substitutionAt(q, i)
			if script != "" {
				body, _ := splitHereDocs(script)
				cmd, toks, unclosed := spaceLine(collapseLines(body))
				if cut, _ := refusalAt(cmd, toks, unclosed, depth); cut >= 0 {
					return true
				}
			}
			i = last
		}
	}
	return false
}

// targetMissing reports whether the word toks[k] is a redirection whose
// operator bash reads with no word after it for its target, which it
// refuses ("syntax error near unexpected token"): the line ends, or an
// operator comes ("make all > | cat", "make all >&|f", "make all >|&f";
// a substitution is a word, "> $(echo f)"), or another redirection's
// operator ("make all >&>f", read ">&" then ">f", "2>&>f", "> <f";
// "&>|f" is "&>" then "|"), where the tokens may have read a word. Not a
// process substitution ("> >(cat)"), nor a copy's descriptor written
// before a redirection (">& 2>f" is ">&2 >f"), which bash takes.
func targetMissing(toks []shellToken, k int) bool {
	t := toks[k]
	if t.op || t.quoted {
		return false
	}
	if rest := strings.TrimLeft(t.text, "0123456789"); strings.HasPrefix(rest, "&>|") || strings.HasPrefix(rest, "&>>|") {
		return pastRedirection(toks, k) > k
	}
	if !redirectionAlone(t.text) || pastRedirection(toks, k) == k {
		return false
	}
	if k+1 == len(toks) {
		return true
	}
	n := toks[k+1]
	if n.op {
		return n.text != "$(" && n.text != "`"
	}
	rest := strings.TrimLeft(n.text, "0123456789")
	switch {
	case n.quoted || !strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, ">") && !strings.HasPrefix(rest, "&>"):
		return false
	case (n.text == "<" || n.text == ">") && k+2 < len(toks) && toks[k+2].op && toks[k+2].joined && toks[k+2].text == "(":
		return false // "> >(cat)"
	case len(rest) < len(n.text) && strings.HasSuffix(strings.TrimLeft(t.text, "0123456789"), "&"):
		return false // ">& 2>f"
	}
	return true
}

// arrayBuiltins are the builtins whose arguments bash 5.2 parses as
// assignments, an array's words included ("declare a=(1 2)"), where
// the builtin's name is the command's, unquoted (not "command declare",
// "\\declare").
var arrayBuiltins = map[string]bool{"alias": true, "declare": true, "eval": true, "export": true, "let": true, "local": true, "readonly": true, "typeset": true}

// arrayName matches the word before an array's "(": a name, perhaps
// subscripted, then "=" or "+=" ("a=", "a+=", "a[1]=", "a[$i]=").
var arrayName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=$`)

// firstArrays is grammar.arrays after toks[k], the first word of a
// simple command: before its name where it is an assignment or a
// redirection, else its name.
func firstArrays(toks []shellToken, k int) byte {
	switch t := toks[k]; {
	case pastRedirection(toks, k) > k, isAssignment(t), !t.quoted && arrayName.MatchString(t.text):
		return 'p'
	case !t.quoted && arrayBuiltins[t.text]:
		return 'y'
	}
	return 'n'
}

// nextArrays is grammar.arrays after toks[k], a later word of the simple
// command read: a redirection past a builtin's name ends its assignments
// ("declare 2>o a=(1)" is refused).
func (g *grammar) nextArrays(k int) byte {
	toks := g.toks
	switch g.arrays {
	case 'p':
		if k > 0 && !toks[k-1].op && pastRedirection(toks, k-1) == k+1 {
			return 'p' // a redirection's target: "2> o a=(1)"
		}
		return firstArrays(toks, k)
	case 'y':
		if pastRedirection(toks, k) > k {
			return 'n'
		}
		return 'y'
	}
	return 'n'
}

// substitutedArrays is grammar.arrays past a substitution starting at
// toks[k] ("$(" or a backtick): one that goes on a word before it ("a=$(x)")
// leaves it, a redirection's target too; one that starts the command or
// follows its assignments is its name, which takes no array.
func (g *grammar) substitutedArrays(k int) byte {
	toks := g.toks
	switch {
	case k > 0 && toks[k].joined:
		return g.arrays
	case g.pos != inCommand:
		return 'n'
	case g.arrays == 'p' && k > 0 && !toks[k-1].op && !toks[k-1].quoted && redirectionAlone(toks[k-1].text):
		return 'p'
	case g.arrays == 'p':
		return 'n'
	}
	return g.arrays
}
