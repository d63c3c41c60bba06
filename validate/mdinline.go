package validate

import "bytes"

// inlineRaw finds CommonMark's raw HTML and autolinks in a paragraph, the
// inline constructs that code spans yield to ("code span backticks have
// higher precedence than any other inline constructs except HTML tags and
// autolinks", spec 0.31 §6.1): a backtick inside <http://host/`> or
// <span title="`"> opens no code span, and taken for one it hid the
// gsd:loop-host block after it, which is outside code, as if quoted.
//
// Scanning is linear in the paragraph: every construct ends before the
// next '<' but for those whose end is searched (a quoted attribute value,
// a comment, a processing instruction, a declaration, a CDATA section),
// and those searches are remembered (see nextAt), as the scan only moves
// forward.
type inlineRaw struct {
	src      []byte
	from, to int // the paragraph
	// stack are the containers (block quotes, list items) that hold the
	// paragraph: each line after the first may start with their markers
	// and indentation, which the paragraph's content, where CommonMark
	// reads inlines, does not hold. So "> a <b\n> c=d>" in a quote holds
	// the tag <b\nc=d>, and "<b\n    >" outside one is a whole tag: its
	// '>', indented past code's four columns, is still the paragraph's
	// text, not code. A line's prefix is worked out where raw HTML
	// crosses it, as the block scanner matched it, rather than recorded
	// by the scanner for every line of every paragraph: that took a
	// quarter of a gigabyte for a file of 8 MiB.
	stack []container
	// maxPrefix bounds a line's prefix in bytes: five for a quote (three
	// spaces, '>', a space), a list item's width.
	maxPrefix int
	// quoted says a quote is among stack: a prefix holds nothing but
	// white space and quote markers, so only then can a needle found (a
	// '>') lie in one.
	quoted bool
	memo   map[string][2]int // needle → {searched from, found at or -1}
}

// newInlineRaw reads raw HTML in the paragraph src[from:to], which the
// containers in stack hold.
func newInlineRaw(src []byte, from, to int, stack []container) inlineRaw {
	r := inlineRaw{src: src, from: from, to: to, stack: stack}
	for _, ct := range stack {
		if ct.quote {
			r.maxPrefix += 5
			r.quoted = true
		} else {
			r.maxPrefix += ct.width
		}
	}
	return r
}

// pastPrefix is the end of the prefix of the line that starts at i: the
// markers and indentation of the containers it continues, matched as the
// block scanner matches them (a lazy line continues fewer, or none).
func (r *inlineRaw) pastPrefix(i int) int {
	if len(r.stack) == 0 {
		return i
	}
	end := min(r.to, i+r.maxPrefix)
	if k := bytes.IndexAny(r.src[i:end], "\n\r"); k >= 0 {
		end = i + k
	}
	c := newLineCursor(r.src[i:end])
	for _, ct := range r.stack {
		if !c.enter(ct) {
			break
		}
	}
	return i + c.off
}

// inPrefix returns the end of the line prefix holding offset at when the
// byte there is a quote's '>' in that prefix, or -1: a prefix holds only
// white space and quote markers, so of the needles only a '>' can lie in
// one, and only in the few bytes after a line end.
func (r *inlineRaw) inPrefix(at int) int {
	if !r.quoted || r.src[at] != '>' {
		return -1
	}
	lo := max(r.from, at-r.maxPrefix)
	k := bytes.LastIndexAny(r.src[lo:at], "\n\r")
	if k < 0 {
		return -1
	}
	if end := r.pastPrefix(lo + k + 1); at < end {
		return end
	}
	return -1
}

// nextAt returns the offset of the first needle in src[from:r.to] that is
// the paragraph's content, not a quote's marker in a line's prefix (see
// inPrefix), or -1. A search from an offset at or after the last one for
// the same needle, and not past what it found, has the same answer.
func (r *inlineRaw) nextAt(needle string, from int) int {
	if m, ok := r.memo[needle]; ok && from >= m[0] && (m[1] < 0 || from <= m[1]) {
		return m[1]
	}
	at := -1
	for start := from; start < r.to; {
		i := bytes.Index(r.src[start:r.to], []byte(needle))
		if i < 0 {
			break
		}
		at = start + i
		end := r.inPrefix(at)
		if end < 0 {
			break
		}
		at, start = -1, end // a quote's marker, no part of the content
	}
	if r.memo == nil {
		r.memo = map[string][2]int{}
	}
	r.memo[needle] = [2]int{from, at}
	return at
}

// skipTo moves from pos past the raw HTML and autolinks that start in
// src[pos:at] and returns where it stopped: at, or past at when one of
// them holds it.
func (r *inlineRaw) skipTo(pos, at int) int {
	for pos < at {
		j := bytes.IndexByte(r.src[pos:at], '<')
		if j < 0 {
			return at
		}
		p := pos + j
		if escaped(r.src[r.from:], p-r.from) {
			pos = p + 1 // "\<" is a literal '<' (CommonMark §2.4)
		} else if e := r.end(p); e > 0 {
			pos = e
		} else {
			pos = p + 1
		}
	}
	return pos
}

// end is the offset just past the raw HTML or autolink that starts with
// the '<' at p, or 0 for none.
func (r *inlineRaw) end(p int) int {
	src, to := r.src, r.to
	if p+1 >= to {
		return 0
	}
	// Autolinks are read before raw HTML, as the reference parsers do: an
	// email address's local part may start with '/', '!' or '?' and hold a
	// backtick, so <!`a@b.c> is a link, not a declaration, and </x@y.z>
	// and <?x@y.z> are links too (spec 0.31 §6.5).
	c := src[p+1]
	if isASCIILetter(c) {
		if e := r.autolink(p + 1); e > 0 {
			return e
		}
	}
	if e := r.emailAutolink(p + 1); e > 0 {
		return e
	}
	switch {
	case c == '/':
		return r.closingTag(p + 2)
	case c == '!':
		return r.bang(p + 2)
	case c == '?':
		if e := r.nextAt("?>", p+2); e >= 0 {
			return e + 2
		}
	case isASCIILetter(c):
		return r.openTag(p + 1)
	}
	return 0
}

// bang reads what follows "<!" at i: a comment, a CDATA section or a
// declaration.
func (r *inlineRaw) bang(i int) int {
	src, to := r.src, r.to
	switch {
	case bytes.HasPrefix(src[i:to], []byte("-->")):
		return i + 3 // <!-->
	case bytes.HasPrefix(src[i:to], []byte("--->")):
		return i + 4 // <!--->
	case bytes.HasPrefix(src[i:to], []byte("--")):
		if e := r.nextAt("-->", i+2); e >= 0 {
			return e + 3
		}
	case bytes.HasPrefix(src[i:to], []byte("[CDATA[")):
		if e := r.nextAt("]]>", i+7); e >= 0 {
			return e + 3
		}
	case i < to && isASCIILetter(src[i]):
		if e := r.nextAt(">", i); e >= 0 {
			return e + 1
		}
	}
	return 0
}

// autolink reads a URI autolink's scheme, ':' and URI from i (after the
// '<'), returning the offset past its '>', or 0.
func (r *inlineRaw) autolink(i int) int {
	src, to := r.src, r.to
	n := 0
	for i+n < to && n <= 32 && (isASCIILetter(src[i+n]) || isASCIIDigit(src[i+n]) || src[i+n] == '+' || src[i+n] == '.' || src[i+n] == '-') {
		n++
	}
	if n < 2 || n > 32 || i+n >= to || src[i+n] != ':' {
		return 0
	}
	for j := i + n + 1; j < to; j++ {
		switch c := src[j]; {
		case c == '>':
			return j + 1
		case c <= ' ' || c == '<' || c == 0x7f:
			return 0
		}
	}
	return 0
}

// emailAutolink reads an email autolink from i (after the '<'), returning
// the offset past its '>', or 0. Its local part may hold a backtick.
func (r *inlineRaw) emailAutolink(i int) int {
	src, to := r.src, r.to
	j := i
	for j < to && (isASCIILetter(src[j]) || isASCIIDigit(src[j]) || bytes.IndexByte([]byte(".!#$%&'*+/=?^_`{|}~-"), src[j]) >= 0) {
		j++
	}
	if j == i || j >= to || src[j] != '@' {
		return 0
	}
	for {
		j++ // past '@' or '.'
		n := 0
		for j+n < to && (isASCIILetter(src[j+n]) || isASCIIDigit(src[j+n]) || src[j+n] == '-') {
			n++
		}
		if n == 0 || n > 63 || src[j] == '-' || src[j+n-1] == '-' {
			return 0
		}
		j += n
		switch {
		case j < to && src[j] == '>':
			return j + 1
		case j >= to || src[j] != '.':
			return 0
		}
	}
}

// openTag reads an open tag from i (after the '<'): a tag name,
// attributes, optional white space and '/', then '>'.
func (r *inlineRaw) openTag(i int) int {
	src, to := r.src, r.to
	j := tagName(src, i, to)
	if j == i {
		return 0
	}
	for {
		k := r.skipSpace(j)
		if k >= to {
			return 0
		}
		switch {
		case src[k] == '>':
			return k + 1
		case src[k] == '/':
			if k+1 < to && src[k+1] == '>' {
				return k + 2
			}
			return 0
		case k == j:
			return 0 // an attribute must follow white space
		}
		if j = r.attribute(k); j == 0 {
			return 0
		}
	}
}

// attribute reads an attribute name and optional value from i, returning
// the offset past it, or 0.
func (r *inlineRaw) attribute(i int) int {
	src, to := r.src, r.to
	if c := src[i]; !isASCIILetter(c) && c != '_' && c != ':' {
		return 0
	}
	j := i + 1
	for j < to && (isASCIILetter(src[j]) || isASCIIDigit(src[j]) || bytes.IndexByte([]byte("_.:-"), src[j]) >= 0) {
		j++
	}
	k := r.skipSpace(j)
	if k >= to || src[k] != '=' {
		return j // no value: the white space is the next attribute's
	}
	k = r.skipSpace(k + 1)
	if k >= to {
		return 0
	}
	switch q := src[k]; q {
	case '"', '\'':
		e := r.nextAt(string(q), k+1)
		if e < 0 {
			return 0
		}
		return e + 1
	}
	e := k
	for e < to && src[e] > ' ' && bytes.IndexByte([]byte("\"'=<>`"), src[e]) < 0 {
		e++
	}
	if e == k {
		return 0
	}
	return e
}

// closingTag reads "name white-space? >" from i (after "</").
func (r *inlineRaw) closingTag(i int) int {
	j := tagName(r.src, i, r.to)
	if j == i {
		return 0
	}
	j = r.skipSpace(j)
	if j < r.to && r.src[j] == '>' {
		return j + 1
	}
	return 0
}

// tagName returns the offset past the tag name starting at i, or i.
func tagName(src []byte, i, to int) int {
	if i >= to || !isASCIILetter(src[i]) {
		return i
	}
	j := i + 1
	for j < to && (isASCIILetter(src[j]) || isASCIIDigit(src[j]) || src[j] == '-') {
		j++
	}
	return j
}

// skipSpace skips spaces, tabs and line endings (a paragraph holds no
// blank line, so at most one line ending in a row is all it can hold, as
// CommonMark allows), and each line's prefix after a line ending.
func (r *inlineRaw) skipSpace(i int) int {
	for i < r.to {
		switch r.src[i] {
		case ' ', '\t':
			i++
		case '\n', '\r':
			i = r.pastPrefix(i + 1)
		default:
			return i
		}
	}
	return i
}

// isASCIILetter reports whether c is a to z, either case (setting bit
// 0x20 lowers an upper-case letter), as tag names and schemes start.
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isASCIIDigit reports whether c is 0 to 9.
func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }
