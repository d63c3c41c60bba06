package validate

import (
	"bytes"
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// spans is a sorted list of [start, end) byte ranges.
type spans [][2]int

func (sp spans) contains(off int) bool { return sp.find(off) >= 0 }

// find is the index of the span holding off, or -1.
func (sp spans) find(off int) int {
	lo, hi := 0, len(sp)
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case off < sp[mid][0]:
			hi = mid
		case off >= sp[mid][1]:
			lo = mid + 1
		default:
			return mid
		}
	}
	return -1
}

// htmlBlockStart reports which of CommonMark's HTML blocks text (a line
// from its first byte that is not white space) opens, 1 to 7 (0: none),
// and what closes it: "</" for pre, script, style and textarea (kind 1,
// see htmlEnds), "-->" for a comment, "?>" for a processing instruction,
// ">" for a declaration, "]]>" for CDATA, and a blank line ("") for a
// block-level tag (kind 6) or any other tag alone on its line (kind 7,
// see kind7Re).
func htmlBlockStart(text []byte) (end string, kind int) {
	if len(text) < 2 || text[0] != '<' {
		return "", 0
	}
	switch {
	case bytes.HasPrefix(text, []byte("<!--")):
		return "-->", 2
	case text[1] == '?':
		return "?>", 3
	case bytes.HasPrefix(text, []byte("<![CDATA[")):
		return "]]>", 5
	case text[1] == '!' && len(text) > 2 && isASCIILetter(text[2]):
		return ">", 4
	}
	for _, tag := range rawTags {
		if len(text) > len(tag) && bytes.EqualFold(text[1:1+len(tag)], []byte(tag)) {
			if rest := text[1+len(tag):]; len(rest) == 0 || rest[0] == '>' || rest[0] == ' ' || rest[0] == '\t' {
				return "</", 1
			}
		}
	}
	switch {
	case blockLevelTag(text):
		return "", 6
	case kind7Re.Match(text):
		return "", 7
	}
	return "", 0
}

// kind7Re matches a line that opens CommonMark's HTML block 7: a complete
// open or closing tag, alone on the line (commonmark.js's pattern). Taking
// any tag-like start for one read a line such as "<b>Note</b> run:" as
// HTML, not a paragraph: a list item after it was HTML too, and a fence
// under that item ran on past the item's end, hiding the markers after it.
var kind7Re = regexp.MustCompile(`^(?:<[A-Za-z][A-Za-z0-9-]*` +
	`(?:\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\s*=\s*(?:[^"'=<>` + "`" + `\x00-\x20]+|'[^']*'|"[^"]*"))?)*` +
	`\s*/?>|</[A-Za-z][A-Za-z0-9-]*\s*>)\s*$`)

// rawTags are the elements of CommonMark's HTML block 1.
var rawTags = []string{"pre", "script", "style", "textarea"}

// htmlEnds reports whether line holds end, what ends an HTML block (see
// htmlBlockStart). A block of kind 1 ("</") ends with the end tag of any
// of its elements: a <pre> block ends at </script> too.
func htmlEnds(line []byte, end string) bool {
	if end != "</" {
		return bytes.Contains(line, []byte(end))
	}
	lower := bytes.ToLower(line)
	for _, tag := range rawTags {
		if bytes.Contains(lower, []byte("</"+tag+">")) {
			return true
		}
	}
	return false
}

// blockTags are the tag names of CommonMark's HTML block 6.
var blockTags = strings.Fields(`address article aside base basefont blockquote body
	caption center col colgroup dd details dialog dir div dl dt fieldset
	figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head
	header hr html iframe legend li link main menu menuitem nav noframes ol
	optgroup option p param search section summary table tbody td tfoot th
	thead title tr track ul`)

// blockLevelTag reports whether text (a line without its indentation)
// opens CommonMark's HTML block 6: a block-level tag, open or closing,
// such as <details> or </div>. Unlike an inline tag (block 7) it
// interrupts a paragraph.
func blockLevelTag(text []byte) bool {
	rest, ok := bytes.CutPrefix(text, []byte("<"))
	if !ok {
		return false
	}
	rest = bytes.TrimPrefix(rest, []byte("/"))
	for _, tag := range blockTags {
		if len(rest) < len(tag) || !bytes.EqualFold(rest[:len(tag)], []byte(tag)) {
			continue
		}
		after := rest[len(tag):]
		if len(after) == 0 || after[0] == ' ' || after[0] == '\t' || after[0] == '\r' || after[0] == '>' || bytes.HasPrefix(after, []byte("/>")) {
			return true
		}
	}
	return false
}

// setextUnderline reports whether text is a setext heading underline
// ("===", "-"), which after a paragraph's line makes it a heading.
func setextUnderline(text []byte) bool {
	t := bytes.TrimRight(text, " \t")
	return len(t) > 0 && (t[0] == '=' || t[0] == '-') && len(bytes.Trim(t, string(t[:1]))) == 0
}

// thematicBreak reports whether text is a thematic break: three or more
// "-", "*" or "_" alike, with white space between them ("***", "- - -").
func thematicBreak(text []byte) bool {
	if len(text) == 0 {
		return false
	}
	c, n := text[0], 0
	for _, b := range text {
		switch b {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3 && (c == '-' || c == '*' || c == '_')
}

// atxHeading reports whether text is an ATX heading ("# Title").
func atxHeading(text []byte) bool {
	n := 0
	for n < len(text) && n < 7 && text[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(text) || text[n] == ' ' || text[n] == '\t' || text[n] == '\r')
}

func indentOf(line []byte) int {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return n
}

// fence returns the fence character and run length when line opens or closes
// a fenced code block.
func fence(line []byte) (byte, int) {
	ind := indentOf(line)
	if ind >= len(line) {
		return 0, 0
	}
	c := line[ind]
	if c != '`' && c != '~' {
		return 0, 0
	}
	n := 0
	for ind+n < len(line) && line[ind+n] == c {
		n++
	}
	if n < 3 {
		return 0, 0
	}
	return c, n
}

// onlySpaceAfter reports whether the fence of n characters that line
// starts with is followed by spaces and tabs only, as a closing fence is
// (CommonMark): after any other space, such as a no-break space, the line
// is code and the fence stays open.
func onlySpaceAfter(line []byte, n int) bool {
	return len(bytes.TrimRight(line[indentOf(line)+n:], " \t")) == 0
}

// inlineCode finds backtick code spans in src[from:to], a paragraph or a
// heading's text: a run of backticks (not its first if a backslash escapes
// it) opens a span that the next run of the same length closes; a run that
// no later one closes is literal text, and so is one inside raw HTML or an
// autolink (see inlineRaw). stack are the containers holding the
// paragraph, whose markers and indentation its lines after the first may
// start with.
func inlineCode(src []byte, from, to int, stack []container) spans {
	if bytes.IndexByte(src[from:to], '`') < 0 {
		return nil
	}
	// Counted first: growing the slice instead took 2.4 times the memory
	// and 40% more time on an 8 MB line of single backticks. Made here,
	// where it may stay on the stack.
	runs := appendBacktickRuns(make([]backtickRun, 0, backtickRuns(src[from:to])), src, from, to)
	pairBacktickRuns(src, from, runs)
	return codeSpans(src, from, to, stack, runs)
}

// backtickRun is a run of backticks of a paragraph: where it starts, past
// a first backtick a backslash escapes, how many backticks it opens with
// from there (n), and the index of the run closing it, -1 for none.
type backtickRun struct{ start, n, closer int }

// appendBacktickRuns appends to runs the runs of backticks in
// src[from:to], in order, none closed yet.
func appendBacktickRuns(runs []backtickRun, src []byte, from, to int) []backtickRun {
	for i := from; i < to; {
		j := bytes.IndexByte(src[i:to], '`')
		if j < 0 {
			break
		}
		i += j
		n := 0
		for i+n < to && src[i+n] == '`' {
			n++
		}
		// An odd run of backslashes escapes the backtick; an even one is
		// literal backslashes (a backtick after "\\\\" opens a span, as in
		// CommonMark).
		if escaped(src[from:], i-from) { // an escaped backtick opens nothing
			runs = append(runs, backtickRun{start: i + 1, n: n - 1, closer: -1})
		} else {
			runs = append(runs, backtickRun{start: i, n: n, closer: -1})
		}
		i += n
	}
	return runs
}

// pairBacktickRuns sets the closer of each of runs, those of the
// paragraph starting at from: the next run of the same length. They are
// found in one backward pass over the runs, so that runs of many
// different lengths, none closed, cost no more than reading them:
// searching the rest of the paragraph for each made a paragraph of runs
// 1, 2, 3… 4,000 backticks long (8 MB) take 14 s.
func pairBacktickRuns(src []byte, from int, runs []backtickRun) {
	// The closers are whole runs, escaped or not: a run's length as a
	// closer is n plus one where its first backtick was escaped.
	last := map[int]int{} // the first run after k of each length
	for k := len(runs) - 1; k >= 0; k-- {
		r := &runs[k]
		if c, ok := last[r.n]; ok && r.n > 0 {
			r.closer = c
		}
		whole := r.n
		if r.start > from && src[r.start-1] == '`' {
			whole++ // escaped: the backslash's backtick is part of the run
		}
		last[whole] = k
	}
}

// codeSpans are the code spans runs, paired (pairBacktickRuns), open in
// src[from:to], a paragraph held in stack. Left to right, as CommonMark
// reads: a run inside raw HTML or an autolink that starts before it opens
// nothing (inlineRaw); an opened span's content is literal, so its closer
// may lie inside one.
func codeSpans(src []byte, from, to int, stack []container, runs []backtickRun) spans {
	var out spans
	raw := newInlineRaw(src, from, to, stack)
	pos := from
	for k := 0; k < len(runs); k++ {
		if runs[k].start < pos {
			continue
		}
		if bytes.IndexByte(src[pos:runs[k].start], '<') >= 0 {
			if pos = raw.skipTo(pos, runs[k].start); pos > runs[k].start {
				continue
			}
		}
		pos = runs[k].start + runs[k].n
		if c := runs[k].closer; c >= 0 {
			out = append(out, [2]int{runs[k].start, runs[c].start + runs[c].n})
			pos = runs[c].start + runs[c].n
			k = c
		}
	}
	return out
}

// backtickRuns counts the runs of backticks in b.
func backtickRuns(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '`')
		if j < 0 {
			break
		}
		n++
		for i += j; i < len(b) && b[i] == '`'; i++ {
		}
	}
	return n
}

func sortSpans(sp spans) {
	slices.SortFunc(sp, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
}
