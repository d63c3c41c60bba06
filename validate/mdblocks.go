package validate

import (
	"bytes"
	"slices"
)

// codeRanges finds the code in a markdown document as CommonMark reads it:
// fenced code blocks (``` or ~~~, closed by a fence of the same character
// at least as long, by the end of the list item or block quote holding
// them, or running to the end), indented code blocks and inline code spans
// (a backtick run closed by a run of the same length within the
// paragraph). It follows CommonMark's block structure line by line, block
// quotes and list items included, since a workflow's numbered steps hold
// fenced blocks indented under them: closely enough to tell a quoted marker
// from a real one, in one pass over the document. top are the indented
// code blocks that no list item or block quote holds: text indented by a
// tab or four spaces at the margin, as a whole workflow re-indented by an
// editor is, where an example under a numbered step is not. openFence is
// where a fenced code block that no fence closes starts, running to the
// end of the document (-1: none): what it holds is code, but most likely
// by mistake. html are the HTML blocks, whose text reaches HTML as it is
// written (see commentSpans); inline the text of the paragraphs and
// headings, in order, where an inline comment must end (see commentSpans).
func codeRanges(src []byte) (code, top, html, inline spans, openFence int) {
	s := scanBlocks(src)
	openFence = -1
	if s.leaf == fenced {
		openFence = s.start
	}
	s.closeTo(0, len(src))
	// Inline spans were collected per paragraph, when it closed; merge
	// them with the code blocks into one sorted list.
	sortSpans(s.out)
	return s.out, s.topIndented, s.html, s.inline, openFence
}

// scanBlocks reads every line of src, leaving the blocks open at its end
// open. A line ends as CommonMark ends it, at "\n", "\r\n" or a lone "\r"
// (as classic Mac OS saved text; line drops the "\r" of "\r\n"). The next
// "\n" is kept, not searched for on each line: a file of 8 MiB in lone
// CRs would otherwise be read to its end once a line. A UTF-8 byte order
// mark at the start is no part of the first line, as cmark and GitHub
// read it: "\uFEFF```" opens a fence.
func scanBlocks(src []byte) *blockScanner {
	s := &blockScanner{src: src}
	nl := -1 // the first "\n" from off on, or len(src)
	off := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		off = len("\uFEFF")
	}
	for off < len(src) {
		if nl < off {
			nl = bytes.IndexByte(src[off:], '\n')
			if nl < 0 {
				nl = len(src)
			} else {
				nl += off
			}
		}
		end := nl
		if cr := bytes.IndexByte(src[off:nl], '\r'); cr >= 0 && off+cr < nl-1 {
			end = off + cr // a lone CR
		}
		next := min(end+1, len(src))
		s.line(off, end, next)
		off = next
	}
	return s
}

// blockScanner follows CommonMark's parsing strategy, one line at a time:
// the line continues some of the open containers (block quotes and list
// items), may open new ones, and what is left of it belongs to a leaf
// block: the open one (a paragraph, also lazily, a fence, indented code,
// an HTML block) or one it opens. Lists themselves are not modelled: only
// their items hold content. Each line costs time in proportion to its
// length (a container it continues consumes at least a column of it).
type blockScanner struct {
	src    []byte
	out    spans
	stack  []container // the open containers, outermost first
	quotes []int       // the indexes of the block quotes in stack, ascending
	leaf   leafKind    // the open leaf block
	start  int         // where the leaf starts: its first line, a paragraph's text
	// paraEnd is where the open paragraph's text ends so far.
	paraEnd int
	// paraStack are the containers open when the paragraph opened: the
	// markers and indentation its lines after the first may start with,
	// which its inline content does not hold (see inlineRaw).
	paraStack []container
	// fenceChar and fenceLen are the open fence's character and length.
	fenceChar byte
	fenceLen  int
	// htmlEnd is what ends the open HTML block: "-->", "?>", "]]>", ">"
	// or a raw element's end tag ("</") on some line, or "" a blank line.
	htmlEnd string
	// leafTop: the open leaf is in no container; topIndented are the
	// indented code blocks so, which codeRanges returns as top.
	leafTop     bool
	topIndented spans
	// html are the HTML blocks, in order.
	html spans
	// inline are the paragraphs' and headings' text, in order.
	inline spans
}

// container is an open block quote or list item.
type container struct {
	quote bool // a block quote; else a list item
	width int  // a list item's content indentation in columns, from its parent's
	empty bool // a list item that holds no block yet
}

type leafKind int

const (
	noLeaf leafKind = iota
	paragraph
	fenced
	indented
	htmlBlock
)

// line reads the line src[start:end]; next is where the line after it
// starts.
func (s *blockScanner) line(start, end, next int) {
	c := newLineCursor(bytes.TrimSuffix(s.src[start:end], []byte("\r")))
	m := s.match(c)
	if m == len(s.stack) && s.continueLeaf(c, start, next) {
		return
	}
	// Only a paragraph continues lazily, on a line that does not continue
	// all its containers; any other leaf ends with them.
	if s.leaf != paragraph || c.blank() {
		s.closeLeaf(start)
	}
	m, done := s.openBlocks(c, m, start)
	if done {
		return
	}
	if s.leaf == paragraph { // continued, or lazily
		s.paraEnd = end
		return
	}
	s.closeTo(m, start)
	if off, _ := c.nonspace(); off < len(c.line) {
		s.openLeaf(paragraph, start+off)
		s.paraEnd, s.paraStack = end, append(s.paraStack[:0], s.stack...)
	}
}

// match follows the line through the open containers and returns how many
// it continues: a block quote continues with ">" indented less than four
// columns, a list item with its content's indentation or a blank line.
func (s *blockScanner) match(c *lineCursor) int {
	for i, ct := range s.stack {
		if c.blank() {
			return s.matchBlank(i)
		}
		if !c.enter(ct) {
			return i
		}
	}
	return len(s.stack)
}

// enter moves the cursor into the container ct, if the line continues it
// (a line that is not blank), and reports whether it does.
func (c *lineCursor) enter(ct container) bool {
	off, col := c.nonspace()
	switch {
	case ct.quote && col-c.col < 4 && off < len(c.line) && c.line[off] == '>':
		c.skipQuoteMarker(off, col)
	case !ct.quote && col-c.col >= ct.width:
		c.advance(ct.width)
	default:
		return false
	}
	return true
}

// matchBlank is match for a line blank from the container at i on: the
// list items continue up to the first block quote, but for an item still
// empty (an item starts with at most one blank line). Finding the quote
// by its index, not walking the items, keeps a run of blank lines under
// deeply nested items linear.
func (s *blockScanner) matchBlank(i int) int {
	m := len(s.stack)
	if k, _ := slices.BinarySearch(s.quotes, i); k < len(s.quotes) {
		m = s.quotes[k]
	}
	if m == len(s.stack) && m > i && s.stack[m-1].empty {
		m--
	}
	return m
}

// continueLeaf reads a line that continues every open container against the
// open leaf. It reports whether the line belongs to a fence, an indented
// code block or an HTML block; a leaf the line does not continue is
// closed (a paragraph is left to the caller).
func (s *blockScanner) continueLeaf(c *lineCursor, start, next int) bool {
	off, col := c.nonspace()
	text, indent, blank := c.line[off:], col-c.col, off == len(c.line)
	switch s.leaf {
	case fenced:
		if ch, n := fence(text); indent < 4 && ch == s.fenceChar && n >= s.fenceLen && onlySpaceAfter(text, n) {
			s.out = append(s.out, [2]int{s.start, next})
			s.leaf = noLeaf
		}
		return true
	case indented:
		if blank || indent >= 4 {
			return true
		}
		s.closeLeaf(start)
	case htmlBlock:
		if blank && s.htmlEnd == "" {
			s.closeLeaf(start)
			return false
		}
		if s.htmlEnd != "" && htmlEnds(c.line[c.off:], s.htmlEnd) {
			s.closeLeaf(next)
		}
		return true
	}
	return false
}

// openBlocks opens the blocks that start on the line after its first m
// containers: block quotes and list items, which leave the rest of the
// line to read, then perhaps a leaf block other than a paragraph, which
// takes the rest (done). It returns the containers the line is now in.
func (s *blockScanner) openBlocks(c *lineCursor, m, start int) (int, bool) {
	for !c.blank() {
		if m >= maxContainers { // the containers this line is in, not the line before's
			return m, false // the rest of the line is text (see maxContainers)
		}
		// The paragraph continues on this line, unless a block interrupts it.
		inPara := s.leaf == paragraph && m == len(s.stack)
		off, col := c.nonspace()
		if col-c.col >= 4 {
			if s.leaf == paragraph { // its continuation, maybe lazy
				return m, false
			}
			s.closeTo(m, start)
			s.openLeaf(indented, start)
			return m, true
		}
		if c.line[off] == '>' {
			s.closeTo(m, start)
			s.push(container{quote: true})
			c.skipQuoteMarker(off, col)
		} else if s.openLeafBlock(c, off, m, start, inPara) {
			return m, true
		} else if width, ok := c.listItem(off, col, inPara); ok {
			s.closeTo(m, start)
			s.push(container{width: width, empty: true})
		} else {
			return m, false
		}
		m = len(s.stack)
	}
	return m, false
}

// maxContainers is the most block quotes and list items open at once: a
// line opening more reads its rest as text, as markdown-it stops nesting at
// 100. Each costs memory, and a line of eight million ">" before a tag
// took a gigabyte; no document nests a hundred deep.
const maxContainers = 100

// openLeafBlock opens the leaf block that starts at the line's byte off
// (its first byte that is not white space), unless that is a paragraph or
// indented code: an ATX heading, a fence, an HTML block, a setext
// underline or a thematic break. It reports whether one starts there. An
// HTML block of CommonMark's kind 7 (any other tag) cannot interrupt a
// paragraph, even lazily; a setext underline only follows a paragraph's
// line (inPara).
func (s *blockScanner) openLeafBlock(c *lineCursor, off, m, start int, inPara bool) bool {
	text, at := c.line[off:], start+off
	ch, n := fence(text)
	htmlEnd, kind := htmlBlockStart(text)
	switch {
	case atxHeading(text):
		s.closeTo(m, start)
		s.add()
		s.out = append(s.out, inlineCode(s.src, at, at+len(text), nil)...)
		s.inline = append(s.inline, [2]int{at, at + len(text)})
	case ch == '~' || ch == '`' && !bytes.ContainsRune(text[n:], '`'):
		s.closeTo(m, start)
		s.openLeaf(fenced, start)
		s.fenceChar, s.fenceLen = ch, n
	case kind > 0 && (kind < 7 || s.leaf != paragraph):
		s.closeTo(m, start)
		s.openLeaf(htmlBlock, start)
		s.htmlEnd = htmlEnd
		if htmlEnd != "" && htmlEnds(text[1:], htmlEnd) {
			s.closeLeaf(at + len(text)) // closed on its first line
		}
	case inPara && setextUnderline(text), c.thematicBreak(off):
		s.closeTo(m, start)
		s.add()
	default:
		return false
	}
	return true
}

// openLeaf opens a leaf block of kind k starting at offset at.
func (s *blockScanner) openLeaf(k leafKind, at int) {
	s.add()
	s.leaf, s.start, s.leafTop = k, at, len(s.stack) == 0
}

// push opens a container inside the innermost one.
func (s *blockScanner) push(ct container) {
	s.add()
	if ct.quote {
		s.quotes = append(s.quotes, len(s.stack))
	}
	s.stack = append(s.stack, ct)
}

// add notes that the innermost container holds a block.
func (s *blockScanner) add() {
	if len(s.stack) > 0 {
		s.stack[len(s.stack)-1].empty = false
	}
}

// closeTo closes the open leaf, at the line starting at offset at, and
// the containers after the first m.
func (s *blockScanner) closeTo(m, at int) {
	s.closeLeaf(at)
	s.stack = s.stack[:m]
	for len(s.quotes) > 0 && s.quotes[len(s.quotes)-1] >= m {
		s.quotes = s.quotes[:len(s.quotes)-1]
	}
}

// closeLeaf closes the open leaf at the line starting at offset at: a code
// block ends there, and a paragraph's inline code spans are collected.
func (s *blockScanner) closeLeaf(at int) {
	switch s.leaf {
	case paragraph:
		s.out = append(s.out, inlineCode(s.src, s.start, s.paraEnd, s.paraStack)...)
		s.inline = append(s.inline, [2]int{s.start, s.paraEnd})
	case fenced, indented:
		s.out = append(s.out, [2]int{s.start, at})
		if s.leaf == indented && s.leafTop {
			s.topIndented = append(s.topIndented, [2]int{s.start, at})
		}
	case htmlBlock:
		s.html = append(s.html, [2]int{s.start, at})
	}
	s.leaf = noLeaf
}

// lineCursor reads a line as CommonMark measures it: in columns, a tab
// advancing to the next multiple of four, and consumed in part where a
// container's indentation ends inside it.
type lineCursor struct {
	line []byte
	off  int // the next byte to read
	col  int // its column, past the part of a tab already consumed
	// ns and nsCol are the first byte from off that is not white space,
	// and its column; ns < off: not found yet. Kept while the cursor moves
	// through the white space before it, so that matching many
	// containers reads their indentation once.
	ns, nsCol int
	// tail is where the line's longest tail of one of "-", "*", "_" and
	// white space starts, where a thematic break may start; -1: not
	// found yet.
	tail int
}

// newLineCursor is a cursor at the start of line, nothing found yet.
func newLineCursor(line []byte) *lineCursor {
	return &lineCursor{line: line, ns: -1, tail: -1}
}

// nonspace returns the offset and column of the first byte from the
// cursor that is not white space (len(line) if there is none).
func (c *lineCursor) nonspace() (int, int) {
	if c.ns >= c.off {
		return c.ns, c.nsCol
	}
	off, col := c.off, c.col
	for ; off < len(c.line); off++ {
		if c.line[off] == ' ' {
			col++
		} else if c.line[off] == '\t' {
			col += 4 - col%4
		} else {
			break
		}
	}
	c.ns, c.nsCol = off, col
	return off, col
}

// thematicBreak reports whether the line from its byte off on is a
// thematic break. Only what starts in the line's tail (found once) can
// be: a line of many list items ("- - … - x") is not read again for each.
func (c *lineCursor) thematicBreak(off int) bool {
	if c.tail < 0 {
		c.tail = breakTail(c.line)
	}
	return off >= c.tail && thematicBreak(c.line[off:])
}

// breakTail returns where the longest tail of line made of white space and
// one of "-", "*" and "_" starts, len(line)+1 if it has none.
func breakTail(line []byte) int {
	t := bytes.TrimRight(line, " \t")
	if len(t) == 0 || !bytes.ContainsRune([]byte("-*_"), rune(t[len(t)-1])) {
		return len(line) + 1
	}
	ch := t[len(t)-1]
	i := len(t)
	for i > 0 && (line[i-1] == ch || line[i-1] == ' ' || line[i-1] == '\t') {
		i--
	}
	return i
}

// blank reports whether the rest of the line is white space.
func (c *lineCursor) blank() bool {
	off, _ := c.nonspace()
	return off == len(c.line)
}

// advance moves the cursor n columns on, consuming part of a tab if the
// n columns end inside it.
func (c *lineCursor) advance(n int) {
	for n > 0 && c.off < len(c.line) {
		if c.line[c.off] != '\t' {
			c.off++
			c.col++
			n--
			continue
		}
		toTab := 4 - c.col%4
		if toTab > n {
			c.col += n
			return
		}
		c.off++
		c.col += toTab
		n -= toTab
	}
}

// skipQuoteMarker moves the cursor past a block quote's ">" at off (column
// col) and the one column of white space that may follow it.
func (c *lineCursor) skipQuoteMarker(off, col int) {
	c.off, c.col = off+1, col+1
	if c.off < len(c.line) && (c.line[c.off] == ' ' || c.line[c.off] == '\t') {
		c.advance(1)
	}
}

// listItem reads a list item's marker at off (column col), moves the cursor
// to its content and returns the content's indentation from the cursor's
// column. The content is indented by the marker's width and the one to four
// columns of white space after it; after none, five or more (the rest
// opens indented code) or a blank rest, by the marker and one. A list item
// that would interrupt a paragraph (inPara) has content, and a numbered
// one starts at 1.
func (c *lineCursor) listItem(off, col int, inPara bool) (int, bool) {
	n, num := listMarker(c.line[off:])
	if n == 0 || (inPara && (num > 1 || len(bytes.TrimLeft(c.line[off+n:], " \t")) == 0)) {
		return 0, false
	}
	indent := col - c.col
	c.off, c.col = off+n, col+n
	markOff, markCol := c.off, c.col
	for c.col-markCol < 5 && c.off < len(c.line) && (c.line[c.off] == ' ' || c.line[c.off] == '\t') {
		c.advance(1)
	}
	spaces := c.col - markCol
	if spaces >= 5 || spaces < 1 || c.off == len(c.line) {
		c.off, c.col, spaces = markOff, markCol, 1
		c.advance(1)
	}
	return indent + n + spaces, true
}

// listMarker returns the width of the list item marker text starts with:
// "-", "*" or "+", or one to nine digits and "." or ")", followed by white
// space or the line's end; 0 if there is none. num is the item's number,
// 0 for a bullet.
func listMarker(text []byte) (n, num int) {
	if len(text) > 0 && (text[0] == '-' || text[0] == '*' || text[0] == '+') {
		n = 1
	} else {
		for n < len(text) && n < 9 && text[n] >= '0' && text[n] <= '9' {
			num = num*10 + int(text[n]-'0')
			n++
		}
		if n == 0 || n >= len(text) || (text[n] != '.' && text[n] != ')') {
			return 0, 0
		}
		n++
	}
	if n < len(text) && text[n] != ' ' && text[n] != '\t' {
		return 0, 0
	}
	return n, num
}
