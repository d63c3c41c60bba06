package cmdline

import (
	"math"
	"strconv"
	"strings"
)

// finalTable is what a command's descriptors 0 to 9 hold once bash has
// applied its redirections, in order, from what they held before
// (inherited): a descriptor inherited (its number, +1), closed (0), or a
// file one of the redirections opened (firstFile and up, the index in
// files, for the first ten). It is read for the effect of a command's
// redirections (sameEffect), the copies of a descriptor closed
// (copiesClosed) and for whether a later one replaces one
// (replacedLater); a copy carries what its descriptor holds ("3>&2 2>&3"
// leaves 2 where it was).
type finalTable struct {
	fd    [10]int16
	files [10]tableFile
	n     int // the files opened
	// blind: a file was opened whose target sameTables does not compare:
	// a here-document (its body is not the delimiter's word), a target in
	// the operator's word (which splitRedirections writes as a word of
	// its own but a here-document's, "<<EOF"), or a file past the tenth.
	blind bool
}

// tableFile is a file a redirection opens: its operator (">", ">>",
// "<", "<>", "<<<", or a here-document's "<<" or "<<-" of a blind
// table) and the index of its target word. A here-string's target is
// its text, which two here-strings alike give the command: "<<< <s>"
// matches "<<< x" as "< <in>" matches "< x". ">|" is ">" (noclobber
// aside), as splitRedirections writes it, and bash's "&>f", "&>>f" and
// ">&f" "> f 2>&1" and ">> f 2>&1", before any table reads them.
type tableFile struct {
	op string
	at int
}

const firstFile = 100

func newFinalTable() finalTable {
	var t finalTable
	for i := range t.fd {
		t.fd[i] = int16(i + 1)
	}
	return t
}

// applied is what finalTable.apply made of a redirection.
type applied uint8

const (
	// tracked: the table holds what it leaves.
	tracked applied = iota
	// closedCopy: it copies a descriptor closed, which bash refuses
	// ("Bad file descriptor"); the table is left as it was.
	closedCopy
	// untracked: the table cannot follow it (a descriptor past 9, a
	// copy of a descriptor whose number is not known, ">&$x", which may
	// be one, no target, or an operator bash refuses, "&>|f"); the
	// descriptors it writes are marked open, and unknown (opaque).
	untracked
)

// opaque is a descriptor open to what the table does not follow.
const opaque = -1

// apply applies the redirection r, with target (at the word at, or -1
// for one written in r's word), and says whether the table follows it
// (see applied). A copy onto itself of a descriptor closed ("2>&- 2>&2")
// bash lets pass, and it leaves the descriptor closed. A redirection of
// both outputs is one splitRedirections did not write out as "> f
// 2>&1": a target holding an expansion (">&$fd", which may copy a
// descriptor), none, or an operator bash refuses ("&>|f", ">&>f"); the
// table follows none of them.
func (t *finalTable) apply(r redirection, target string, at int) applied {
	switch {
	case r.both || r.sendsBoth(target):
		t.untrack(1)
		t.untrack(2)
		return untracked
	case target == "":
		t.untrack(r.fd)
		return untracked
	}
	switch r.op {
	case ">&", "<&":
		if target == "-" {
			if r.fd < 0 {
				return untracked
			}
			t.fd[r.fd] = 0
			return tracked
		}
		from, err := strconv.Atoi(strings.TrimSuffix(target, "-"))
		moved := strings.HasSuffix(target, "-") && from != r.fd
		switch {
		case err != nil || from < 0 || from >= len(t.fd):
			t.untrack(r.fd) // "2>&$fd", "2>&13"
			return untracked
		case t.fd[from] == 0 && from == r.fd:
			return tracked
		case t.fd[from] == 0:
			return closedCopy
		case r.fd < 0:
			if moved {
				t.fd[from] = 0
			}
			return untracked
		}
		t.fd[r.fd] = t.fd[from]
		if moved {
			t.fd[from] = 0
		}
		return tracked
	case ">", ">>", "<", "<>", "<<<", "<<", "<<-":
		if !t.open(r.fd, r.op, at, r.op == "<<" || r.op == "<<-") {
			t.untrack(r.fd)
			return untracked
		}
		return tracked
	}
	t.untrack(r.fd)
	return untracked
}

// open opens a file for the descriptor fd by the operator op, its target
// the word at (-1 for one in the operator's word), one sameTables does
// not compare where blind; false for a descriptor past 9, or more files
// than the table counts.
func (t *finalTable) open(fd int, op string, at int, blind bool) bool {
	if fd < 0 || fd >= len(t.fd) || t.n >= math.MaxInt16-firstFile {
		return false
	}
	if at < 0 || t.n >= len(t.files) {
		blind = true
	} else {
		t.files[t.n] = tableFile{op: op, at: at}
	}
	t.blind = t.blind || blind
	t.fd[fd] = int16(firstFile + t.n)
	t.n++
	return true
}

// applyWord applies the redirection at toks[k] (its target the next word
// where its own word holds none) and returns the descriptors it sets, a
// bit for each; known is false where the table cannot follow it
// (untracked), or bash refuses it (closedCopy: the command does not
// run).
func (t *finalTable) applyWord(toks []shellToken, k int) (set uint16, known bool) {
	r := parseRedirection(toks[k].text, len(t.fd))
	target, at := r.target, -1
	if target == "" && redirectionAlone(toks[k].text) && k+1 < len(toks) && !toks[k+1].op {
		target, at = toks[k+1].text, k+1
	}
	if t.apply(r, target, at) != tracked {
		return 0, false
	}
	if r.op == ">&" || r.op == "<&" {
		set = 1 << r.fd
		if from, err := strconv.Atoi(strings.TrimSuffix(target, "-")); err == nil && strings.HasSuffix(target, "-") && from != r.fd {
			set |= 1 << from // moved
		}
		return set, true
	}
	return 1 << r.fd, true
}

// moved reports whether a descriptor of set holds another file than in
// was.
func (t *finalTable) moved(set uint16, was [10]int16) bool {
	for fd := range t.fd {
		if set&(1<<fd) != 0 && t.fd[fd] != was[fd] {
			return true
		}
	}
	return false
}

// untrack marks the descriptor fd, if one of the table's, open to what
// the table does not follow.
func (t *finalTable) untrack(fd int) {
	if fd >= 0 && fd < len(t.fd) {
		t.fd[fd] = opaque
	}
}

// closed is the mask of the table's descriptors closed.
func (t *finalTable) closed() uint16 {
	var m uint16
	for fd, v := range t.fd {
		if v == 0 {
			m |= 1 << fd
		}
	}
	return m
}

// lineTable is the finalTable of the redirections at toks[from:], up to
// the operator after them or the line's end, and where they end: the
// words before toks[j] may be the command's, which it passes over, and
// those after are all redirections ("make 2>o all 1>&2", from make's
// index, j at "1>&2"); ok is false where a word past j is no redirection
// or the table cannot follow one, or where an operator comes before j
// (the words from there on are another command's: "echo $(ls >&1)" read
// from echo's name). Each word read costs a unit of b.
func lineTable(toks []shellToken, from, j int, b *budget) (t finalTable, end int, ok bool) {
	return lineTableOn(newFinalTable(), toks, from, j, b)
}

// lineTableOn is lineTable from the table t, what the descriptors held
// before the redirections at toks[from:].
func lineTableOn(t finalTable, toks []shellToken, from, j int, b *budget) (_ finalTable, end int, ok bool) {
	k := from
	for k < len(toks) && !toks[k].op {
		next := pastRedirection(toks, k)
		if !b.pay(1) {
			return t, k, false
		}
		if next == k {
			if k >= j {
				return t, k, false
			}
			k++ // a word of the command, before the redirections after them
			continue
		}
		r := parseRedirection(toks[k].text, len(t.fd))
		target, at := r.target, -1
		if target == "" && redirectionAlone(toks[k].text) && next == k+2 && !toks[k+1].op {
			target, at = toks[k+1].text, k+1
		}
		if t.apply(r, target, at) != tracked || t.blind {
			return t, k, false
		}
		k = next
	}
	if k < j {
		return t, k, false // an operator before j
	}
	return t, k, true
}

// patternTable is lineTable of the pattern words want[i:]: redirections
// written out (no glob or placeholder in their word), a file's target a
// word of its own, which may be a placeholder.
func patternTable(want []tokenMatcher, i int, b *budget) (t finalTable, end int, ok bool) {
	t = newFinalTable()
	for i < len(want) && !want[i].op {
		w := want[i]
		if !w.redir || w.re != nil || !b.pay(1) {
			return t, i, false
		}
		r := parseRedirection(w.text, len(t.fd))
		target, at, next := r.target, -1, i+1
		if target == "" && redirectionAlone(w.text) && i+1 < len(want) && !want[i+1].op && !want[i+1].redir {
			target, at, next = want[i+1].text, i+1, i+2
			if want[i+1].re != nil {
				target = "*" // a placeholder or a glob, whose text is kept in re
			}
		}
		if t.apply(r, target, at) != tracked || t.blind {
			return t, i, false
		}
		i = next
	}
	return t, i, true
}

// sameTables reports whether the pattern's table p and the line's l give
// each descriptor the same: the same one inherited, both closed, or files
// opened alike (the same operator), each pattern file one line file, its
// target matching the line's; and every file either opens is held by a
// descriptor at the end (a file opened and dropped is created all the
// same). Each target matched costs what its match does.
func sameTables(want []tokenMatcher, toks []shellToken, p, l *finalTable, b *budget) bool {
	if p.blind || l.blind {
		return false
	}
	var pl, lp [10]int8 // the file of the other each file is, +1
	for fd := range p.fd {
		pf, lf := p.fd[fd], l.fd[fd]
		if pf < firstFile || lf < firstFile {
			if pf != lf {
				return false
			}
			continue
		}
		pi, li := pf-firstFile, lf-firstFile
		switch {
		case pl[pi] == 0 && lp[li] == 0:
			if p.files[pi].op != l.files[li].op || !want[p.files[pi].at].match(toks[l.files[li].at], b) {
				return false
			}
			pl[pi], lp[li] = int8(li+1), int8(pi+1)
		case pl[pi] != int8(li+1):
			return false
		}
	}
	for i := range p.n {
		if pl[i] == 0 {
			return false
		}
	}
	for i := range l.n {
		if lp[i] == 0 {
			return false
		}
	}
	return true
}

// sameEffect matches the pattern's redirections from want[c.i] to its
// next operator or end with the command's from toks[c.j] to its next
// operator or end, where both are redirections alone, and the command's
// among its words before them ("make 2>o all 1>&2"; none before its
// name), by the descriptors they leave (finalTable), not word by word:
// "make all > <out> 2>&1" matches "make all 2>o 1>&2" and "make 2>o all
// 1>&2", which bash 5.2 runs sending both outputs to o. It moves c past both and
// reports true where they leave the same; otherwise it leaves c and
// reports false. Each word read costs a unit of b.
func (c *wordCursor) sameEffect(want []tokenMatcher, toks []shellToken, b *budget) bool {
	if c.group.end > 0 || c.j >= len(toks) || pastRedirection(toks, c.j) == c.j {
		return false
	}
	for k := c.i - 1; k >= 0 && !want[k].op; k-- {
		if want[k].redir || !b.pay(1) {
			return false // the pattern's redirections start before
		}
	}
	from, words := c.j, c.j // the command's first redirection the table reads; the end of the words read
	switch {
	case c.back > 0:
		// At those before its name (enterBefore), then its words up to
		// the cursor's: "2>o make all 1>&2".
		words = c.back - 1
	case c.at >= 0 && c.at < c.j:
		from = c.at // and those among its words ("make 2>o all 1>&2")
	}
	for k := from - 1; k >= 0 && !toks[k].op; k-- {
		if pastRedirection(toks, k) > k || !b.pay(1) {
			return false // the command's redirections start before its name
		}
	}
	pt, pend, ok := patternTable(want, c.i, b)
	if !ok {
		return false
	}
	lt, lend, ok := lineTable(toks, from, words, b)
	if !ok || !sameTables(want, toks, &pt, &lt, b) {
		return false
	}
	c.i, c.j, c.named, c.back = pend, lend, true, 0
	return true
}

// copiesClosed reports whether one of the redirections at toks[j:], up to
// the operator after them, copies a descriptor 0 to 9 that is closed,
// before them (closed, a mask) or by one before it there, closed or moved
// away ("make all 2>&- 3>&2", "3>&2- 4>&2", "make all 3>&5" where 5 was
// never opened), which bash 5.2 refuses ("Bad file descriptor": the
// command does not run), and the mask of those closed after them. It
// applies them to a finalTable, whose apply says so (closedCopy): a copy
// onto itself ("2>&- 2>&2") bash lets pass, and it leaves the descriptor
// closed ("2>&- 2>&2 3>&2" is refused); a descriptor set by a redirection
// the table does not follow ("3>&$fd", "&>log") is taken for open.
func copiesClosed(toks []shellToken, j int, closed uint16) (uint16, bool) {
	t := newFinalTable()
	for fd := range t.fd {
		if closed&(1<<fd) != 0 {
			t.fd[fd] = 0
		}
	}
	for j < len(toks) && !toks[j].op {
		next := pastRedirection(toks, j)
		if next == j {
			j++ // a word of the command
			continue
		}
		r := parseRedirection(toks[j].text, len(t.fd))
		target, at := r.target, -1
		if target == "" && redirectionAlone(toks[j].text) && next == j+2 {
			target, at = toks[j+1].text, j+1
		}
		if t.apply(r, target, at) == closedCopy {
			return t.closed(), true
		}
		j = next
	}
	return t.closed(), false
}

// groupEffect is sameEffect for a command that redirects nothing itself,
// with the cursor at the redirections of the group around it
// (groupRedirectAt), which it inherits, and those of the groups further
// out, which bash applies before them, the outermost first: where the
// pattern's redirections from want[c.i] and the groups' leave each
// descriptor the same, it moves c past them all: "make all > <out> 2>&1"
// matches "{ make all; } 2>o 1>&2", "(make all) 2>o 1>&2" and "{ {
// make all; } 1>&2; } 2>o", as bash 5.2 sends make's output and errors to
// o, not "{ { make all; } 2>o; } 1>&2" (its output to the errors before
// them). Not where a group further out is piped or holds an exec before
// the command. Otherwise it leaves c, which matches them word by word.
// Each word read costs a unit of b.
func (c *wordCursor) groupEffect(want []tokenMatcher, toks []shellToken, b *budget) {
	if c.back > 0 || c.group.end == 0 || c.j >= len(toks) || pastRedirection(toks, c.j) == c.j {
		return
	}
	type level struct{ from, end int }
	levels := []level{{c.j, c.group.end - 1}}
	for end := c.group.end - 1; end < len(toks) && toks[end].groupRedirect > 0; {
		if toks[end].groupExec != 0 || pipedDescriptors(toks, end) != 0 || !b.pay(1) {
			return // a group further out an exec or a pipe changes
		}
		k := int(toks[end].groupRedirect) - 1
		if k <= end || k >= len(toks) {
			return
		}
		e := pastRedirections(toks, k)
		switch {
		case e > k:
			levels = append(levels, level{k, e})
		case !toks[k].op:
			return
		}
		end = max(e, k)
	}
	for k := c.i - 1; k >= 0 && !want[k].op; k-- {
		if want[k].redir || !b.pay(1) {
			return // the pattern's redirections start before
		}
	}
	pt, pend, ok := patternTable(want, c.i, b)
	if !ok {
		return
	}
	lt := newFinalTable()
	for n := len(levels) - 1; n >= 0; n-- {
		l, lend := levels[n], 0
		if lt, lend, ok = lineTableOn(lt, toks, l.from, l.from, b); !ok || lend != l.end {
			return
		}
	}
	if !sameTables(want, toks, &pt, &lt, b) {
		return
	}
	last := levels[len(levels)-1].end // past the outermost group's
	c.i, c.j, c.named = pend, last, true
	c.group.end = last + 1
}
