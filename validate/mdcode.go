package validate

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
)

// spans is a sorted list of [start, end) byte ranges.
type spans [][2]int

func (sp spans) contains(off int) bool {
	lo, hi := 0, len(sp)
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case off < sp[mid][0]:
			hi = mid
		case off >= sp[mid][1]:
			lo = mid + 1
		default:
			return true
		}
	}
	return false
}

// codeRanges finds the code in a markdown document: fenced code blocks (``` or
// ~~~, closed by a fence of the same character at least as long, or running to
// the end; at any indentation, since fences nested in list items are indented
// further, and a deeper-indented fence line is an indented code block anyway),
// indented code blocks (see indentedCode) and inline code spans (a backtick
// run closed by a run of the same length within the paragraph). It follows
// CommonMark closely enough to tell a quoted marker from a real one.
func codeRanges(src []byte) spans {
	var out spans
	var para []int      // offsets of the lines of the current paragraph
	paraQuoted := false // the paragraph opened in a block quote
	flush := func(end int) {
		if len(para) > 0 {
			out = append(out, inlineCode(src, para[0], end)...)
			para = para[:0]
		}
	}
	var fenceChar byte
	fenceLen, fenceStart := 0, 0
	var ind indentedCode
	rawBlock := false // the HTML block being read is raw, not paragraph text
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		next := len(src)
		if end >= 0 {
			end += off
			next = end + 1
		} else {
			end = len(src)
		}
		line := src[off:end]
		if fenceChar != 0 {
			if c, n := fence(line); c == fenceChar && n >= fenceLen && onlySpaceAfter(line, n) {
				out = append(out, [2]int{fenceStart, next})
				fenceChar = 0
			}
			off = next
			continue
		}
		wasHTML := ind.inHTML // the line that closes an HTML block is HTML too
		if ind.line(line, off, &out) {
			flush(off) // a heading before it
			off = next
			continue
		}
		if ind.htmlLine {
			if ind.htmlStart {
				// An HTML comment (or another block of kinds 1 to 5)
				// interrupts a paragraph; any HTML block opens where no
				// paragraph is open. Its lines are raw: no inline code
				// span starts in them or crosses them. (A tag inside a
				// paragraph is inline HTML and stays in it.)
				rawBlock = ind.rawHTML || len(para) == 0
			}
			if rawBlock {
				flush(off)
				off = next
				continue
			}
		}
		if c, n := fence(line); c != 0 && !wasHTML && !ind.inHTML && (c == '~' || !bytes.ContainsRune(line[indentOf(line)+n:], '`')) {
			flush(off)
			fenceChar, fenceLen, fenceStart = c, n, off
			ind.prevOpen = true
			off = next
			continue
		}
		if text := line[indentOf(line):]; indentCols(line) < 4 && !wasHTML && !ind.inHTML {
			// Blocks that end a paragraph, so that no code span
			// crosses them: a heading (its text is an inline context
			// of its own), a thematic break or setext underline, and
			// a list item that may interrupt a paragraph.
			switch {
			case atxHeading(text):
				flush(off)
				out = append(out, inlineCode(src, off, end)...)
				off = next
				continue
			case thematicOrUnderline(text, len(para) > 0):
				flush(off)
				off = next
				continue
			case listInterrupts(text):
				flush(off)
			case len(text) > 0 && text[0] == '>':
				// A block quote interrupts a paragraph outside it, and
				// a line of the quote with nothing after its ">"
				// ends the one in it (lines without ">" after quoted
				// text continue it lazily).
				if !paraQuoted || len(bytes.Trim(text, "> \t\r")) == 0 {
					flush(off)
				}
				if len(para) == 0 {
					paraQuoted = true
				}
			}
		}
		if len(bytes.TrimSpace(line)) == 0 {
			flush(off)
		} else {
			para = append(para, off)
		}
		if len(para) == 0 {
			paraQuoted = false
		}
		off = next
	}
	if fenceChar != 0 {
		out = append(out, [2]int{fenceStart, len(src)})
	}
	ind.end(len(src), &out)
	flush(len(src))
	// Inline spans were collected per paragraph, fences in document order;
	// merge into one sorted list.
	sortSpans(out)
	return out
}

// indentedCode follows the indented code blocks of a document line by line:
// a run of lines indented by four columns or more, which starts after a
// blank line or a heading (it cannot interrupt a paragraph) and ends at the
// first line indented less that is not blank. Inside a list, indentation
// is the items' content, not code; the list is taken to last until a line
// at the left margin after a blank line. When unsure it says "not code":
// a quoted marker read as real is reported, a real one read as code would
// silently drop its step.
type indentedCode struct {
	start    int  // offset of the block's first line
	started  bool // a block is open
	prevOpen bool // the previous line leaves no room for a block (text, a fence)
	list     bool // inside a list
	seen     bool // a line has been read
	// inHTML says an HTML block is open (CommonMark's raw HTML blocks,
	// such as the <process> or <step> sections of agent workflows, or an
	// HTML comment); htmlEnd is what closes it, "" for a blank line.
	inHTML  bool
	htmlEnd string
	// htmlLine says the last line read belongs to an HTML block, and
	// htmlStart that it opens one. rawHTML says the block is of a kind
	// that interrupts a paragraph (CommonMark's kinds 1 to 6): those
	// htmlEnd names an end string for (a comment, a processing
	// instruction, CDATA, a declaration, or pre, script, style and
	// textarea), and a block-level tag (blockLevelTag).
	htmlLine, htmlStart, rawHTML bool
}

// htmlBlockStart reports whether text (a line without its indentation)
// opens a CommonMark HTML block, and what closes it: "-->" for a comment,
// "?>" for a processing instruction, "]]>" for CDATA, ">" for a
// declaration, the closing tag for pre, script, style and textarea, and a
// blank line ("") for any other tag. Any tag-like start counts, even one
// that could not interrupt a paragraph: taking too much as HTML only keeps
// a marker real.
func htmlBlockStart(text []byte) (string, bool) {
	if len(text) < 2 || text[0] != '<' {
		return "", false
	}
	lower := bytes.ToLower(text)
	switch {
	case bytes.HasPrefix(text, []byte("<!--")):
		return "-->", true
	case text[1] == '?':
		return "?>", true
	case bytes.HasPrefix(text, []byte("<![CDATA[")):
		return "]]>", true
	case text[1] == '!':
		return ">", true
	}
	for _, tag := range []string{"pre", "script", "style", "textarea"} {
		if rest, ok := bytes.CutPrefix(lower[1:], []byte(tag)); ok && (len(rest) == 0 || rest[0] == '>' || rest[0] == ' ' || rest[0] == '\t') {
			return "</" + tag + ">", true
		}
	}
	c := text[1]
	if c == '/' && len(text) > 2 {
		c = text[2]
	}
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		return "", true
	}
	return "", false
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

// line takes the next line (outside fenced blocks) at offset off. It
// reports whether the line is code, appending a finished block to out.
func (ic *indentedCode) line(line []byte, off int, out *spans) bool {
	blank := len(bytes.TrimSpace(line)) == 0
	cols := indentCols(line)
	ic.htmlLine, ic.htmlStart = false, false
	if ic.started {
		if blank || cols >= 4 {
			return true
		}
		ic.end(off, out)
	}
	defer func() { ic.seen = true }()
	if ic.inHTML {
		// Inside an HTML block nothing is code: it is raw HTML up to its end.
		ic.htmlLine = true
		if (ic.htmlEnd == "" && blank) || (ic.htmlEnd != "" && bytes.Contains(bytes.ToLower(line), []byte(ic.htmlEnd))) {
			ic.inHTML = false
		}
		ic.prevOpen = !blank
		return false
	}
	if cols < 4 {
		if end, ok := htmlBlockStart(line[indentOf(line):]); ok {
			ic.inHTML = !(end != "" && bytes.Contains(bytes.ToLower(line[indentOf(line)+1:]), []byte(end)))
			ic.htmlEnd = end
			ic.htmlLine, ic.htmlStart = true, true
			ic.rawHTML = end != "" || blockLevelTag(line[indentOf(line):])
			ic.prevOpen = true
			return false
		}
	}
	switch {
	case blank:
		ic.prevOpen = false
		return false
	case cols >= 4 && !ic.list && (!ic.seen || !ic.prevOpen):
		ic.start, ic.started = off, true
		return true
	case cols < 4 && listMarker(line[indentOf(line):]):
		ic.list = true
	case cols == 0 && !ic.prevOpen:
		ic.list = false
	}
	// A heading leaves room for a block after it, as a blank line does.
	ic.prevOpen = !(cols < 4 && atxHeading(line[indentOf(line):]))
	return false
}

// end closes an open block at offset off.
func (ic *indentedCode) end(off int, out *spans) {
	if ic.started {
		*out = append(*out, [2]int{ic.start, off})
		ic.started = false
		ic.prevOpen = true
	}
}

// indentCols is the width of a line's leading white space, a tab advancing
// to the next multiple of four.
func indentCols(line []byte) int {
	cols := 0
	for _, c := range line {
		switch c {
		case ' ':
			cols++
		case '\t':
			cols += 4 - cols%4
		default:
			return cols
		}
	}
	return cols
}

// listMarker reports whether text starts a list item: "-", "*" or "+", or up
// to nine digits and "." or ")", followed by white space or the line's end.
func listMarker(text []byte) bool {
	n := 0
	switch {
	case len(text) > 0 && (text[0] == '-' || text[0] == '*' || text[0] == '+'):
		n = 1
	default:
		for n < len(text) && n < 9 && text[n] >= '0' && text[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(text) || (text[n] != '.' && text[n] != ')') {
			return false
		}
		n++
	}
	return n == len(text) || text[n] == ' ' || text[n] == '\t' || text[n] == '\r'
}

// thematicOrUnderline reports whether text is a thematic break ("***",
// "- - -") or, after paragraph text, a setext heading underline ("===",
// "-"): either ends the paragraph.
func thematicOrUnderline(text []byte, inPara bool) bool {
	t := bytes.TrimRight(text, " \t\r")
	if len(t) == 0 {
		return false
	}
	if inPara && (t[0] == '=' || t[0] == '-') && len(bytes.Trim(t, string(t[:1]))) == 0 {
		return true
	}
	c, n := t[0], 0
	for _, b := range t {
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

// listInterrupts reports whether text starts a list item that may
// interrupt a paragraph: one with content, bulleted or numbered from 1.
func listInterrupts(text []byte) bool {
	if !listMarker(text) {
		return false
	}
	n := bytes.IndexAny(text, " \t\r")
	if n < 0 || len(bytes.TrimSpace(text[n:])) == 0 {
		return false // an empty item does not interrupt a paragraph
	}
	if c := text[0]; c >= '0' && c <= '9' {
		return n == 2 && c == '1'
	}
	return true
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

func onlySpaceAfter(line []byte, n int) bool {
	return len(bytes.TrimSpace(line[indentOf(line)+n:])) == 0
}

// inlineCode finds backtick code spans in src[from:to]: a run of backticks
// (not its first if a backslash escapes it) opens a span that the next run
// of the same length closes; a run that no later one closes is literal
// text. Each run's closer is found in one backward pass over the runs, so
// that runs of many different lengths, none closed, cost no more than
// reading them: searching the rest of the paragraph for each made a
// paragraph of runs 1, 2, 3… 4,000 backticks long (8 MB) take 14 s.
func inlineCode(src []byte, from, to int) spans {
	if bytes.IndexByte(src[from:to], '`') < 0 {
		return nil
	}
	type run struct{ start, n, closer int }
	// Counted first: growing the slice instead took 2.4 times the memory
	// and 40% more time on an 8 MB line of single backticks.
	runs := make([]run, 0, backtickRuns(src[from:to]))
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
		if i > from && src[i-1] == '\\' { // an escaped backtick opens nothing
			runs = append(runs, run{start: i + 1, n: n - 1, closer: -1})
		} else {
			runs = append(runs, run{start: i, n: n, closer: -1})
		}
		i += n
	}
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
	var out spans
	for k := 0; k < len(runs); k++ {
		if c := runs[k].closer; c >= 0 {
			out = append(out, [2]int{runs[k].start, runs[c].start + runs[c].n})
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
