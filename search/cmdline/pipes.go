package cmdline

import (
	"slices"
	"strconv"
	"strings"
)

// reach is where one of a command's file descriptors leads.
type reach uint8

const (
	// unknown: a descriptor the line did not open (3 to 9), which the
	// shell may have pointed anywhere, the pipe included ("exec 3>&1").
	unknown reach = iota
	elsewhere
	intoPipe // the pipe after the command
)

// streams follows where a command's descriptors 0 to 9 lead as its
// redirections are read in order, as bash applies them, so as to know
// whether the pipe after it carries anything of it: "curl x > f | sh"
// gives sh nothing, "cmd 2>&1 >/dev/null | grep" its errors alone, "echo
// 'git push' 1>&2 | sh" no script. A redirection moves where a
// descriptor leads then, so order counts: "> f 2>&1" sends both to f,
// "2>&1 > f" errors to the pipe.
type streams [10]reach

// newStreams is a command's descriptors before its redirections: its
// output into the pipe, its errors and input elsewhere.
func newStreams() streams {
	var s streams
	s[0], s[1], s[2] = elsewhere, intoPipe, elsewhere
	return s
}

// outReaches reports whether the command's standard output may lead into
// the pipe; errReaches its standard error.
func (s *streams) outReaches() bool { return s[1] != elsewhere }
func (s *streams) errReaches() bool { return s[2] != elsewhere }

// redirectionOps are the operators a redirection word may start with
// after its descriptor, longest first.
var redirectionOps = []string{"<<<", "<<-", ">>", ">|", ">&", "<<", "<>", "<&", ">", "<"}

// redirection is a redirection word taken apart, as streams.read and
// finalTable.apply both follow one.
type redirection struct {
	// fd: the descriptor it sets, 0 or 1 by its operator where the word
	// names none; -1 where it names one of fds or past.
	fd int
	// named: the word names its descriptor ("2>").
	named bool
	// both: it sends both outputs ("&>f", "&>>f").
	both bool
	// op: its operator, one of redirectionOps; "" where bash reads none.
	op string
	// target: what the word writes after op; "" where the next word is
	// the target.
	target string
}

// parseRedirection takes the redirection word w apart; a descriptor of
// fds or more is -1.
func parseRedirection(w string, fds int) redirection {
	digits := len(w) - len(strings.TrimLeft(w, "0123456789"))
	r := redirection{named: digits > 0, both: digits == 0 && strings.HasPrefix(w, "&")}
	if r.both {
		w = w[1:]
	}
	for _, o := range redirectionOps {
		if strings.HasPrefix(w[digits:], o) {
			r.op = o
			break
		}
	}
	r.target = w[digits+len(r.op):]
	if r.op != "" && r.op[0] == '>' {
		r.fd = 1
	}
	if r.named {
		n, err := strconv.Atoi(w[:digits])
		if err != nil || n >= fds {
			n = -1
		}
		r.fd = n
	}
	return r
}

// sendsBoth reports whether r, with target, sends both outputs to a
// file: "&> f", and ">& f" where f is no descriptor.
func (r redirection) sendsBoth(target string) bool {
	return r.both || r.op == ">&" && !r.named && !isDescriptor(target)
}

// read applies the redirection at words[k], if it is one, and returns
// how many words it took (its target among them), 0 for a word of no
// redirection. A quoted word is text ("echo '>x'"), an operator none.
func (s *streams) read(words []shellToken, k int) int {
	t := words[k]
	if t.op || t.quoted || t.glued || !isRedirection(t.text) {
		return 0
	}
	r := parseRedirection(t.text, len(s))
	if r.op == "" {
		return 0 // "2&>f": no redirection bash reads
	}
	target, took := r.target, 1
	if target == "" && k+1 < len(words) && !words[k+1].op {
		target, took = words[k+1].text, 2
	}
	if r.fd < 0 {
		return took // a descriptor past 9, which neither stream is
	}
	s.apply(r.fd, r.sendsBoth(target), r.op, target)
	return took
}

// apply points descriptor fd (and the standard error too when both) as
// the redirection op with target does.
func (s *streams) apply(fd int, both bool, op, target string) {
	switch {
	case both: // "&> f", and ">& f" of a file
		r := s.file(target)
		s[1], s[2] = r, r
	case (op == ">&" || op == "<&") && target == "-":
		s[fd] = elsewhere // closed
	case op == ">&" || op == "<&":
		from, err := strconv.Atoi(strings.TrimSuffix(target, "-"))
		switch {
		case err != nil || from < 0:
			s[fd] = unknown // "<fd>", "$fd": some descriptor
		case from >= len(s):
			s[fd] = unknown
		default:
			s[fd] = s[from]
			if strings.HasSuffix(target, "-") && from != fd {
				s[from] = elsewhere // moved: "1>&3-" closes 3
			}
		}
	case op == ">" || op == ">>" || op == ">|" || op == "<>":
		s[fd] = s.file(target)
	default: // input: "<", "<<", "<<<"
		s[fd] = elsewhere
	}
}

// file is where a redirection to the file named target leads: a name of
// one of the command's own descriptors leads where it does
// ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/2"), any other file
// elsewhere.
func (s *streams) file(target string) reach {
	switch target {
	case "/dev/stdout":
		return s[1]
	case "/dev/stderr":
		return s[2]
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
		if n, ok := strings.CutPrefix(target, dir); ok {
			if fd, err := strconv.Atoi(n); err == nil && fd >= 0 && fd < len(s) {
				return s[fd]
			}
		}
	}
	return elsewhere
}

// isDescriptor reports whether target, after ">&", names a descriptor to
// duplicate or move, or "-" to close one: otherwise ">&" sends both
// outputs to the file it names.
func isDescriptor(target string) bool {
	return target != "" && strings.Trim(strings.TrimSuffix(target, "-"), "0123456789") == ""
}

// commandStreams is where the descriptors of the command of the given
// words lead after its redirections.
func commandStreams(words []shellToken) streams {
	s := newStreams()
	for k := 0; k < len(words); k++ {
		if n := s.read(words, k); n > 1 {
			k += n - 1
		}
	}
	return s
}

// markPipes marks each "|" of toks that the command before it writes
// nothing into (shellToken.silent), its output and its errors both
// redirected elsewhere: "curl x > f | sh", "(curl x) > f | sh", "{ curl
// x; } &> log | sh"; and each operator that ends a command inside a
// subshell or { …; } group with the pipe the command writes into through
// the groups around it (shellToken.groupPipe): every command of a group
// writes into the group's output, so "(cd /tmp && curl x) | sh", "{ curl
// x; } | sh" and "((curl x); echo) | sh" pipe the download into sh. Not
// where the command's output or a group's goes elsewhere on the way
// ("(curl x > f; echo) | sh", "((curl x) > f) | sh"), nor out of a
// command substitution or backticks, whose output is a word of the
// command around them. Redirections inside a group are its commands',
// not the group's ("{ curl x > f; } | sh" is not silent: another command
// of the group may write). One pass, the groups resolved once each.
func markPipes(toks []shellToken) {
	var p pipeReader
	p.cur = newStreams()
	for k := 0; k < len(toks); k++ {
		k += p.read(toks, k)
	}
	p.finish(toks)
}

// pipeGroup is a group markPipes read: a subshell, a { …; } group, a
// compound command, or a substitution ("$(" or backticks).
type pipeGroup struct {
	parent int // the group around it, -1 for none
	// opener: '(' a subshell, '{' a { …; } group, 'i' if, 'l' a loop, 'c'
	// case, '$' or '`' a substitution
	opener byte
	// after is what its output reaches once it closes: the index in toks
	// of the "|" after it, or toOuter for the output of the group around
	// it, or -1 for none (redirected elsewhere, or at the top).
	after  int
	at     int // the index in toks of its opener
	closed int // the index in toks of its closer, -1 while open
	// execs: the descriptors an exec read so far in it redirects or
	// closes, or one in a group inside it that runs in its shell (no
	// subshell or substitution), which its later commands inherit so
	// (see execDescriptors).
	execs uint16
	// piped: it is written after a pipe ("ls | { exec 2>&1; }"), which
	// runs it in a subshell of its own.
	piped bool
	// execsBefore: the execs of the group around it before it closed,
	// which its commands ran with: an exec in it after one, which
	// execs then holds where it runs in that group's shell, changes
	// nothing that one inherits ("{ { make all; exec 2>&1; } > o; } 2>
	// err" sends make's errors to err).
	execsBefore uint16
	// neg: the pipeline it is in is inverted (pipeReader.neg), which
	// goes on once it closes.
	neg bool
}

const toOuter = -2

// pipeEnd is an operator ending a command whose output reaches the
// output of group g; execs: g's execs then (see pipeGroup.execs).
type pipeEnd struct {
	at, g int
	execs uint16
}

// pipeReader is markPipes' state.
type pipeReader struct {
	cur    streams // the current command's
	open   []int   // the groups open, innermost last
	outer  []streams
	groups []pipeGroup
	closed int // the group closed last in the current command, +1 (0: none)
	ends   []pipeEnd
	// anyEnds: the operators that end a command inside a group, whatever
	// its output reaches, for shellToken.groupRedirect.
	anyEnds []pipeEnd
	nest    nesting
	order   []int // the groups in the order they closed
	// lead: the index, +1, of the last word after which a command
	// starts: a "{" that opened a group, or a reserved word before a
	// command (see leadsCommand)
	lead int
	// execEnd: the index in toks of the operator after the last exec
	// command read (see execDescriptors).
	execEnd int
	// neg: the current pipeline's status is inverted, by a "!" (or an
	// odd number of them) before it (see pipeGroup.neg).
	neg bool
	// pending: the group, +1, that the execs of a { …; } group or
	// compound command closed last in its command (pendingExecs) go to
	// once the operator after that command is read, unless it is a pipe
	// or "&": bash runs a group in a pipeline or the background in a
	// subshell of its own, "( { exec 2>&1; } | cat; make all ) 2> err"
	// sending make's errors to err. 0: none.
	pending      int
	pendingExecs uint16
	// pendingAt: the index in toks of the closer of that group, whose
	// redirections after it undo what its execs did to the descriptors
	// they change (see undoneAfter).
	pendingAt int
}

// read reads toks[k] and returns how many more tokens it took.
func (p *pipeReader) read(toks []shellToken, k int) int {
	t := &toks[k]
	if !t.op && t.start && t.text == "exec" && len(p.open) > 0 && k >= p.execEnd {
		// Once a command: its words read, another exec of it ("exec
		// exec 2>&1") adds none, and reading them again for each would
		// take time growing as the square of the line.
		fds, end := execDescriptors(toks, k)
		p.groups[p.open[len(p.open)-1]].execs |= fds
		p.execEnd = end
	}
	if !t.op && (k == 0 || toks[k-1].op || p.lead == k) && leadsCommand(toks, k) {
		p.lead = k + 1 // "! { make all; }", "time { make all; }"
		if t.text == "!" {
			p.neg = !p.neg
		}
	}
	switch {
	case !t.op && p.opensBraces(toks, k):
		p.push('{', k)
		p.groups[len(p.groups)-1].piped = pipedGroup(toks, k)
		p.lead = k + 1
	case !t.op && closesBraces(toks, k) && p.innermost('{'):
		p.close(toks, -1, k) // its last command ended at the operator before it
	case !t.op && compoundEnd[t.text] != 0 && p.innermost(compoundEnd[t.text]) && commandPosition(toks, k):
		p.nest.read(toks, k) // "esac"
		p.close(toks, -1, k)
	case !t.op && compoundStart[t.text] != 0 && commandPosition(toks, k):
		p.nest.read(toks, k) // "case"
		p.push(compoundStart[t.text], k)
		p.groups[len(p.groups)-1].piped = pipedGroup(toks, k)
	case !t.op:
		if t.text == "case" || t.text == "in" || t.text == "esac" {
			p.nest.read(toks, k)
		}
		if n := p.cur.read(toks, k); n > 1 {
			return n - 1
		}
	case t.text == "`" && p.innermost('`'):
		p.close(toks, k, k)
	case t.text == "`":
		p.push('`', k)
	default:
		p.readOperator(toks, k)
	}
	return 0
}

// readOperator reads the operator toks[k]: one that opens or closes a
// subshell or a substitution, a case pattern's ")", or one that ends the
// current command, whose output goes on into a pipe or ends with it.
func (p *pipeReader) readOperator(toks []shellToken, k int) {
	t := &toks[k]
	depth := p.nest.depth
	read := p.nest.read(toks, k)
	if read && t.text == "(" && p.nest.depth == depth {
		return // a case pattern's "(x)"
	}
	if read && p.nest.depth > depth {
		p.push(t.text[0], k)
		return
	}
	t.casePattern = read && t.text == ")" && p.nest.depth == depth
	if p.nest.depth < depth && (p.innermost('(') || p.innermost('$')) {
		p.close(toks, k, k)
		return
	}
	p.endAny(k)
	if p.pending > 0 {
		if t.text != "|" && t.text != "&" {
			p.groups[p.pending-1].execs |= p.pendingExecs &^ undoneAfter(toks, p.pendingAt, k)
		}
		p.pending = 0
	}
	if t.text != "|" && (t.text != "&" || k == 0 || !toks[k-1].op || toks[k-1].text != "|") {
		t.negated, p.neg = p.neg, false // "|&" goes on with the pipeline
	}
	if t.text == "|" {
		errs := p.cur.errReaches() && afterPipe(toks, k) == k+1 // "|&": errors follow the output
		t.silent = !p.cur.outReaches() && !errs
		p.leave(k)
	} else {
		p.endCommand(k)
		p.leave(toOuter)
	}
	p.cur, p.closed = newStreams(), 0
}

// pipedGroup reports whether the group opened at toks[k] ("{", "if", a
// loop, "case") is written after a pipe, perhaps past "!" or "time": "ls
// | { exec 2>&1; }".
func pipedGroup(toks []shellToken, k int) bool {
	for k--; k >= 0 && !toks[k].op && leadsCommand(toks, k); k-- {
	}
	return k >= 0 && toks[k].op && (toks[k].text == "|" || toks[k].text == "&" && k > 0 && toks[k-1].op && toks[k-1].text == "|")
}

// innermost reports whether a group is open and the innermost was opened
// by opener.
func (p *pipeReader) innermost(opener byte) bool {
	return len(p.open) > 0 && p.groups[p.open[len(p.open)-1]].opener == opener
}

// push opens a group inside the current command, at toks[at].
func (p *pipeReader) push(opener byte, at int) {
	parent := -1
	if len(p.open) > 0 {
		parent = p.open[len(p.open)-1]
	}
	p.groups = append(p.groups, pipeGroup{parent: parent, opener: opener, after: -1, at: at, closed: -1})
	p.open = append(p.open, len(p.groups)-1)
	p.outer = append(p.outer, p.cur)
	p.groups[len(p.groups)-1].neg, p.neg = p.neg, false
	p.cur, p.closed = newStreams(), 0
}

// close closes the innermost group at toks[at]: its last command ends
// at toks[k] (unless k is -1), and the command the group is part of goes
// on.
func (p *pipeReader) close(toks []shellToken, k, at int) {
	if p.pending > 0 && p.pending-1 == p.open[len(p.open)-1] {
		// Its last command, a group, ends with it: "( { exec 2>&1; } )".
		p.groups[p.pending-1].execs |= p.pendingExecs &^ undoneAfter(toks, p.pendingAt, at)
	}
	p.pending = 0
	if k >= 0 {
		p.endCommand(k)
		p.endAny(k)
		toks[k].negated = p.neg // "(! make all)"
	}
	p.leave(toOuter)
	g := p.open[len(p.open)-1]
	p.open = p.open[:len(p.open)-1]
	p.neg = p.groups[g].neg
	if len(p.open) > 0 {
		outer := &p.groups[p.open[len(p.open)-1]]
		p.groups[g].execsBefore = outer.execs
		if o := p.groups[g].opener; o != '(' && o != '$' && o != '`' && !p.groups[g].piped {
			// An exec in a { …; } group or compound command runs in
			// the shell of the group around it: "( { exec 2>&1; };
			// make all)", once the operator after it is known to
			// run it there, neither a pipe nor "&" (see pending).
			p.pending, p.pendingExecs, p.pendingAt = p.open[len(p.open)-1]+1, p.groups[g].execs, at
		}
	}
	p.cur = p.outer[len(p.outer)-1]
	p.outer = p.outer[:len(p.outer)-1]
	p.closed = g + 1
	p.order = append(p.order, g)
	p.groups[g].closed = at
}

// undoneAfter are the descriptors the redirections written after a
// group's closer, toks[at], up to toks[end], change (changedDescriptors:
// not a copy of one onto itself, "2>&2"), a bit for each: bash puts back
// what they held once the group is done, and so undoes what an exec in it
// did to them, which then reaches no command after the group: "{ { exec
// 2>&1; } 2> x; make all; } 2> err" sends make's errors to err (bash
// 5.2), where "{ { exec 2>&1; } 3> x; make all; } 2> err" and "… }
// 2>&2; …" send them to the output.
func undoneAfter(toks []shellToken, at, end int) uint16 {
	var fds uint16
	for r := at + 1; r < end && r < len(toks); {
		next := pastRedirection(toks, r)
		if next == r {
			break
		}
		fds |= changedDescriptors(toks[r].text)
		r = next
	}
	return fds
}

// endAny records the operator at toks[k], which ends a command inside
// the innermost group, whatever its output reaches (see
// shellToken.groupRedirect), with the group's execs the command ran
// with: where the command is a group that runs in its shell, those
// before it, as the commands inside that the operator leads out of ran
// before the group's own execs (see pipeGroup.execsBefore).
func (p *pipeReader) endAny(k int) {
	if len(p.open) > 0 {
		g := p.open[len(p.open)-1]
		execs := p.groups[g].execs
		if p.closed > 0 && p.groups[p.closed-1].parent == g {
			execs = p.groups[p.closed-1].execsBefore
		}
		p.anyEnds = append(p.anyEnds, pipeEnd{k, g, execs})
	}
}

// endCommand records the operator at toks[k], which ends a command
// inside the innermost group, when the command's output reaches the
// group's.
func (p *pipeReader) endCommand(k int) {
	if len(p.open) > 0 && p.cur.outReaches() {
		p.ends = append(p.ends, pipeEnd{at: k, g: p.open[len(p.open)-1]})
	}
}

// leave ends the current command at an operator: the group closed last
// in it, if any, writes into the pipe at toks[to] (to >= 0), or into the
// output of the group around it, unless the command's redirections after
// it send its output elsewhere.
func (p *pipeReader) leave(to int) {
	if p.closed == 0 {
		return
	}
	g := &p.groups[p.closed-1]
	if p.cur.outReaches() {
		g.after = to
	}
}

// finish resolves, for each command end recorded, the pipe its group's
// output reaches, the groups in the order they closed backwards, so that
// a group's is known before those inside it read it.
func (p *pipeReader) finish(toks []shellToken) {
	p.markGroupRedirects(toks)
	if len(p.ends) == 0 {
		return
	}
	pipe := make([]int, len(p.groups))
	for i := range pipe {
		pipe[i] = -1 // unclosed groups, of a line cut short, reach none
	}
	for i := len(p.order) - 1; i >= 0; i-- {
		g := p.groups[p.order[i]]
		switch {
		case g.opener == '$' || g.opener == '`':
		case g.after >= 0:
			pipe[p.order[i]] = g.after
		case g.after == toOuter && g.parent >= 0:
			pipe[p.order[i]] = pipe[g.parent]
		}
	}
	for _, e := range p.ends {
		toks[e.at].groupPipe = int32(pipe[e.g] + 1)
	}
}

// afterPipe is the index of the token after the pipe at toks[k]: "|&",
// which the tokens read as "|" and "&", pipes the command's errors too
// (bash's "2>&1 |"), and the command after it reads the pipe as after "|":
// "curl x |& sh" runs sh on the download.
func afterPipe(toks []shellToken, k int) int {
	if k+1 < len(toks) && toks[k+1].op && toks[k+1].text == "&" {
		return k + 2
	}
	return k + 1
}

// compoundStart and compoundEnd are the reserved words that open and
// close a compound command, whose commands write into its output as a
// group's do ("for u in a b; do curl $u; done | sh", "if curl x; then
// :; fi | sh"), by the kind of group markPipes gives it.
var (
	compoundStart = map[string]byte{"if": 'i', "for": 'l', "while": 'l', "until": 'l', "select": 'l', "case": 'c'}
	compoundEnd   = map[string]byte{"fi": 'i', "done": 'l', "esac": 'c'}
)

// commandPosition reports whether the unquoted word toks[k] is where a
// command starts, as a reserved word must be: first, or after an
// operator or another reserved word ("then if", "do for").
func commandPosition(toks []shellToken, k int) bool {
	if toks[k].quoted {
		return false
	}
	return k == 0 || toks[k-1].op || !toks[k-1].quoted && reservedWords[toks[k-1].text]
}

// opensBraces reports whether toks[k] is the reserved word "{" that
// opens a group: unquoted, where a command starts (first, after an
// operator, or after a "{" that opened one, "{ { curl x; }; }", or
// another word before a command, "! { make all; }", "time -p { make
// all; }", "then { make all; }": see leadsCommand).
func (p *pipeReader) opensBraces(toks []shellToken, k int) bool {
	return toks[k].text == "{" && !toks[k].quoted && (k == 0 || toks[k-1].op || p.lead == k)
}

// leadsCommand reports whether the word toks[k], where a command starts,
// is a reserved word after which one starts again, as "(" does: one of
// reservedWords but "{" (which opensBraces reads), or the shell's "time"
// and its "-p" ("time -p { make all; } 2> err" times the group, whose
// redirection make inherits, as "time (make all) 2> err" does).
func leadsCommand(toks []shellToken, k int) bool {
	t := toks[k]
	switch {
	case t.quoted || t.dot || t.text == "{":
		return false
	case t.text == "-p":
		return k > 0 && toks[k-1].text == "time" && !toks[k-1].quoted && !toks[k-1].dot
	}
	return t.text == "time" || reservedWords[t.text]
}

// closesBraces reports whether toks[k] is the reserved word "}" that
// closes a group: unquoted, after an operator ("{ curl x; }").
func closesBraces(toks []shellToken, k int) bool {
	return toks[k].text == "}" && !toks[k].quoted && k > 0 && toks[k-1].op
}

// fedCommand is the index in toks of the command a pipe feeds, its
// tokens starting at toks[k] after the pipe: the first command there, or
// in a subshell or { …; } group there ("| (sh)", "| { sh; }") the first
// past those that read no input ("| (cd /tmp && sh)", "| ((cd /tmp) &&
// sh)", see readsNoInput), as nextCommandAt finds a pattern's command;
// len(toks) when the group the pipe feeds ends before one.
func fedCommand(toks []shellToken, k int) int {
	k, open := enterGroups(toks, k, 0, true)
	for open > 0 && k < len(toks) && readsNoInputWord(toks[k].text) {
		end := k + len(commandSpan(toks, k))
		for { // the groups it ends, and their redirections: "( (cd /tmp) 2>/dev/null; sh)"
			next, left := leaveGroups(toks, end, open)
			if left == 0 {
				return len(toks)
			}
			if next == end {
				break
			}
			end, open = pastRedirections(toks, next), left
		}
		if end >= len(toks) || !slices.Contains([]string{";", "&&", "||", "&"}, toks[end].text) {
			break
		}
		k, open = enterGroups(toks, end+1, open, true)
	}
	return k
}

// enterGroups returns the index past the "(" (and with braces the "{")
// that open groups from toks[k] on, and open plus their number: the
// command a pipe into "( (sh) )" or "{ (sh); }" feeds is sh.
func enterGroups(toks []shellToken, k, open int, braces bool) (int, int) {
	for k < len(toks) && (toks[k].op && toks[k].text == "(" || braces && !toks[k].op && !toks[k].quoted && toks[k].text == "{") {
		k, open = k+1, open+1
	}
	return k, open
}

// leaveGroups returns the index past the ends of groups from toks[k] on
// (a ")", or a "}" after an operator), and open less their number.
func leaveGroups(toks []shellToken, k, open int) (int, int) {
	for open > 0 && k < len(toks) {
		switch {
		case toks[k].op && toks[k].text == ")":
			k, open = k+1, open-1
		case k+1 < len(toks) && toks[k].op && closesBraces(toks, k+1):
			k, open = k+2, open-1
		default:
			return k, open
		}
	}
	return k, open
}

// markGroupRedirects marks each operator that ends a command inside a
// subshell, a { …; } group or a compound command (if, a loop, case) with
// where the group's redirections go, the token after its closer
// (shellToken.groupRedirect): bash applies them to the group, whose
// commands inherit them, so "(make all) 2> err" and "{ make all; } 2>
// err" send make's errors to err, as "make all 2> err" does. Not a
// substitution's ("$(…)", backticks, a process substitution "<(…)"),
// which the command around it is given as a word, before its own
// redirections: "cat <(make all) 2> err" sends cat's errors there, not
// make's.
func (p *pipeReader) markGroupRedirects(toks []shellToken) {
	for _, e := range p.anyEnds {
		g := p.groups[e.g]
		switch {
		case g.closed < 0 || g.opener == '$' || g.opener == '`':
		case g.opener == '(' && g.at > 0 && processSubstitutionAt(toks, g.at-1):
		default:
			toks[e.at].groupRedirect = int32(g.closed + 2)
			toks[e.at].groupExec = e.execs
			if g.opener == 'l' {
				// A loop's later exec runs before its next turn's
				// commands: "for i in 1 2; do make all; exec 2>&1;
				// done 2> err" sends the second make's errors to the
				// output.
				toks[e.at].groupExec = g.execs
			}
		}
	}
}

// execDescriptors are the descriptors the exec command whose word "exec"
// is toks[k] redirects or closes, a bit for each (see
// redirectedDescriptors), with its redirections before that word ("2>&1
// exec") or after it, whatever follows: bash applies an exec's
// redirections to the shell, so that every later command of it inherits
// them, over what a group around them redirects: "(exec 2>&1; make all)
// 2> err" sends make's errors to the output. None for an exec in a
// pipeline or the background ("exec 2>&1 | cat", "ls |& exec 2>&1",
// "exec 2>&1 &"), which runs in a subshell of its own; all where a
// substitution among its words may hide one ("2>$(f) exec", "exec
// 2>$(f) 3>&1"), so as to match less, never more. end is the index in
// toks of the operator after the command's words (len(toks) for none).
func execDescriptors(toks []shellToken, k int) (fds uint16, end int) {
	const all = 1<<16 - 1
	i := k - 1
	for ; i >= 0 && !toks[i].op; i-- {
		if pastRedirection(toks, i) > i {
			f, _ := redirectedDescriptors(toks[i].text)
			fds |= f
		}
	}
	before := i
	for i = k + 1; i < len(toks) && !toks[i].op; {
		if next := pastRedirection(toks, i); next > i {
			f, _ := redirectedDescriptors(toks[i].text)
			fds, i = fds|f, next
		} else {
			i++
		}
	}
	switch {
	case before >= 0 && !toks[before].casePattern && (toks[before].text == ")" || toks[before].text == "`"):
		return all, i
	case i < len(toks) && (toks[i].text == "(" || toks[i].text == "$(" || toks[i].text == "`"):
		return all, i
	case before >= 0 && toks[before].text == "|",
		before > 0 && toks[before].text == "&" && afterPipe(toks, before-1) == before+1 && toks[before-1].text == "|":
		// After a pipe: "ls | exec 2>&1", "ls |& exec 2>&1", "|&" read
		// as "|" and "&" (afterPipe).
		return 0, i
	case i < len(toks) && (toks[i].text == "|" || toks[i].text == "&"):
		return 0, i
	}
	return fds, i
}
