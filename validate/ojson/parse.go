package ojson

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// ErrorKind says what went wrong in a parse.
type ErrorKind uint8

// The parse error kinds.
const (
	SyntaxError  ErrorKind = iota
	DuplicateKey           // reported, and the parse goes on: the last value is kept, as JSON.parse keeps it
	TooDeep                // a value nested past the depth the parse allows (MaxDepth): a syntax error to every caller but one that wraps a document
)

// String names the kind, as a log or a test prints it.
func (k ErrorKind) String() string {
	switch k {
	case SyntaxError:
		return "syntax error"
	case DuplicateKey:
		return "duplicate key"
	case TooDeep:
		return "too deep"
	}
	return fmt.Sprintf("ErrorKind(%d)", uint8(k))
}

// Error is one positioned parse problem.
type Error struct {
	Kind ErrorKind
	Off  int // byte offset in the source
	// Pointer is the JSON pointer of the offending member (a duplicate
	// key), of the value nested too deep, or, for a syntax error, of the
	// value being parsed where it stopped (the object or array when the
	// error is between its members): "at 212:7" alone leaves the reader
	// of a long file to count which member it is in.
	Pointer string
	Msg     string
	// Prev is, for a duplicate key, the byte offset of the key's previous
	// occurrence in its object (0 for the other kinds), so that Describe
	// can say where it is: "duplicate key" alone left the reader of a long
	// object to search for the other.
	Prev int
	// mendAt and mendText are, for a syntax error Mend mends, its edit:
	// mendText written over the text from mendAt (appended at its end).
	// mendText is "" for every other error. With commaRead set, the slip
	// is a ',' missing where no blank stands to write one over (as in
	// "1\"b\"" or "}\n{"): mendText is the ',', which Mended reads at
	// mendAt without writing it, and Mend mends nothing.
	mendAt    int
	mendText  string
	commaRead bool
}

// Mend writes over text, the source e was found in, the edit that mends
// e's slip where e is one a hand edit commonly makes and one edit mends
// without moving a byte: a ',' missing between two members or items is
// typed over a blank between them (a space, a tab, or the '\r' of a
// "\r\n"; with none, as in "1\n2", it is not mended here, but Mended
// reads one there); a trailing comma, or the second of two commas in a
// row, is blanked; a file that ends, right after a whole value, inside objects
// and arrays gets their closes appended. It returns text so mended (in
// place but for closes, which are appended) and true, or text unchanged
// and false for any other error. Every byte of text keeps its offset, its
// line and its column, so what a parse of the mended text finds is placed
// in text as written. The mended text is the text meant only as far as
// the guess is right: a caller reports e all the same, and takes nothing
// of the mended text for the text written.
func (e Error) Mend(text []byte) ([]byte, bool) {
	if e.mendText == "" || e.commaRead || e.mendAt > len(text) {
		return text, false
	}
	n := copy(text[e.mendAt:], e.mendText)
	return append(text, e.mendText[n:]...), true
}

func (e Error) Error() string { return e.Msg }

// dupSuffix ends a duplicate key's message; Describe places the previous
// occurrence before it.
const dupSuffix = " (JSON.parse would silently keep only the last value)"

// Describe is the message with, for a duplicate key, the line:column of
// the key's previous occurrence, read from src, the source parsed. It is a
// method and not part of Msg because counting lines is linear in the
// file: a generated file may repeat keys by the hundred thousand, and a
// caller describes only the few it shows.
func (e Error) Describe(src []byte) string {
	if e.Kind != DuplicateKey || e.Prev <= 0 || e.Prev >= len(src) {
		return e.Msg
	}
	return e.DescribeAt(Position(src, e.Prev))
}

// DescribeAt is Describe for a caller that places offsets itself (from a
// Positions index, as a validator placing many findings in one file does):
// line and col are those of e.Prev.
func (e Error) DescribeAt(line, col int) string {
	if e.Kind != DuplicateKey || line <= 0 || !strings.HasSuffix(e.Msg, dupSuffix) {
		return e.Msg
	}
	return fmt.Sprintf("%s, already at %d:%d%s", strings.TrimSuffix(e.Msg, dupSuffix), line, col, dupSuffix)
}

// Fatal reports whether the parse stopped at e, so that the value it
// returned is incomplete: every kind but a duplicate key.
func (e Error) Fatal() bool { return e.Kind != DuplicateKey }

// maxDepth bounds nesting so hostile input cannot exhaust the stack: at most
// maxDepth arrays and objects may be open at once ("[]" is nested one level),
// so the first bracket past it is the error. It also bounds what indenting
// does to a value kept as written (unknown fields of a declaration or card
// go into the registry and the tool index): each bracket is written on a
// line of its own, indented two spaces a level, so a file of nested empty
// arrays grows about maxDepth times. At 512 one capability.json of 1 MB
// made a registry of 500 MB (8 MiB, 4 GiB: a daemon or gen out of memory);
// at 32 it is 32 times at most, and declarations, cards and project configs
// nest a few levels.
const maxDepth = 32

// MaxDepth is the deepest a document Parse reads may nest, 32 levels, for a
// caller that names the limit (ParseNested's inner value is held to it).
const MaxDepth = maxDepth

// maxValues bounds the values (objects, arrays, strings, numbers, literals)
// of one document. Within the 8 MiB an input may have, a file of small
// values holds millions, and each costs a tree node here and several more
// downstream (schema validation, the registry, its indented bytes): an
// 8 MiB capability.json of nested empty arrays took 2.3 GB and 27 s to
// check, enough to get a daemon killed in a 1 GiB pod. Declarations, cards
// and configs hold hundreds.
const maxValues = 250_000

// Parse parses one JSON document. Like go/parser it returns what it could build
// and every problem it found: a syntax error ends the parse (the value is then
// null), a duplicate key is reported and parsing goes on with the last value
// winning, as JSON.parse does. A leading UTF-8 byte-order mark is skipped.
// Invalid UTF-8 inside strings decodes to U+FFFD as Node's utf8 reader does
// (one per maximal subpart).
// A lone surrogate written as an escape ("\ud800"), which JavaScript keeps,
// is kept as its WTF-8 bytes, so that encoding writes it back as JSON.stringify
// does (see AppendString and DecodeRune).
func Parse(src []byte) (Value, []Error) {
	return parse(src, indexAfter, maxDepth)
}

// ParseTop is Parse that builds only the top level: the members of the
// root object (or the items of a root array), with their scalar values;
// an array or object below is an empty one of its kind, and a string
// inside one is "". Its fatal errors are Parse's, at the same places; of
// the others it reports none below the top level. It is for a caller
// that reads one member of a document that may be large: the scan reads
// each tool card's command so, where a card of 24,000 intent phrases
// parsed whole took 4 MB of tree for a 1 MB file, all garbage at once.
func ParseTop(src []byte) (Value, []Error) {
	p := parser{indexAfter: indexAfter, maxDepth: maxDepth, top: true}
	return p.parse(src)
}

// ParseShared is Parse whose strings (values and keys) share src's
// memory where they can: one written without escapes, in valid UTF-8, is
// the bytes of src it is written with, not a copy of them. The caller
// promises that src is never written to afterwards, nor its memory
// reused, while any string of the value lives: the strings would change
// under their readers. A tool card is held so: validation keeps its
// bytes (positioned findings are made of them) and its tree, and the two
// were two copies of every card's text. Any string still shares src as a
// whole: one kept alone keeps all of src.
func ParseShared(src []byte) (Value, []Error) {
	p := parser{indexAfter: indexAfter, maxDepth: maxDepth, share: true}
	return p.parse(src)
}

// ParseNested is Parse for a document that wraps, one level down, a value
// read elsewhere as a document of its own: an API body {"config": {..}}
// whose config a --config file holds. It allows levels more levels of
// nesting, so that the inner value is held to the limit Parse sets a file,
// not to one level less; the bound stays fixed.
func ParseNested(src []byte, levels int) (Value, []Error) {
	return parse(src, indexAfter, maxDepth+levels)
}

// indexAfter is the member count past which an object being parsed looks its
// keys up in a map instead of scanning its members. Small objects, nearly all
// of them, stay allocation-free, and an object with n keys costs O(n)
// expected time rather than O(n²).
const indexAfter = 16

// maxPooledIndex bounds the maps a parser keeps for reuse: clearing a map
// costs its capacity, which must stay small next to the objects reusing it.
const maxPooledIndex = 1024

// parse is Parse with the map threshold as a parameter, so that tests can
// check that the scan and the map give the same results.
func parse(src []byte, indexAfter, maxDepth int) (Value, []Error) {
	p := parser{indexAfter: indexAfter, maxDepth: maxDepth}
	return p.parse(src)
}

// parse parses src with p's settings.
func (p *parser) parse(src []byte) (Value, []Error) {
	p.src = src
	p.takeStacks()
	defer p.giveStacks()
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.pos = 3
	}
	if start := p.pos; len(bytes.Trim(src[start:], " \t\r\n")) == 0 {
		// Said where the document would start: "unexpected end of file"
		// at the last line of a file of blanks sent its reader to
		// look for what was cut short there.
		p.fail(start, "the file is empty (it holds white space at most): write the JSON document, such as an object {…}")
		return Value{Off: -1}, []Error{*p.fatal}
	}
	p.skipSpace()
	v := p.value(0)
	if p.fatal == nil {
		p.skipSpace()
		if p.pos < len(p.src) && !p.slip() {
			p.fail(p.pos, "unexpected %s after the JSON value", p.describe())
		}
	}
	if p.fatal != nil {
		return Value{Off: -1}, append([]Error{*p.fatal}, p.errs...)
	}
	return v, p.errs
}

type parser struct {
	src    []byte
	pos    int
	values int // values begun so far (see maxValues)
	errs   []Error
	fatal  *Error
	// members and items are stacks shared by every object and array being
	// parsed: children are collected here and copied out once, at their
	// exact size, instead of growing each slice by appends. They come from
	// stackPool and go back to it; membersHigh and itemsHigh are the most
	// of each used, which giveStacks clears.
	members                []Member
	items                  []Value
	membersHigh, itemsHigh int
	// top is set for ParseTop: nothing below depth 1 is kept, and
	// dropText is set while such a string is read.
	top, dropText bool
	// share is set for ParseShared: a string needing no decoding is
	// src's bytes themselves.
	share bool
	// path is the JSON pointer tokens of the value being parsed; a pointer
	// string is only built for an error, and so is an index's text.
	path []pathToken
	// indexAfter and maxDepth: see the constants of the same names.
	indexAfter, maxDepth int
	// maps are emptied key indexes (see object) kept for reuse, so that
	// many objects just past indexAfter do not each allocate one.
	maps []map[string]int
	// opens are the offsets of the objects and arrays being parsed,
	// outermost first, for a file that ends inside them (eofHint).
	opens []int
	// commas are the offsets, ascending, where a Mended parse reads a
	// ',' that is not written: each right after a value that the next
	// follows with no ',' and no blank to write one over.
	commas []int
}

// keeps reports whether the children of a container at depth are kept:
// always by Parse, only the root's by ParseTop.
func (p *parser) keeps(depth int) bool { return !p.top || depth == 0 }

// stacks are a parser's members and items, kept in stackPool between
// parses: grown by appends, the stack of a card of 24,000 intent phrases
// reallocated itself to five times its final size (1.9 MB), and a scan
// and a check of 25 such cards (32 MB) made 500 MB of garbage so, half of
// all a first build allocated.
type stacks struct {
	members []Member
	items   []Value
}

var stackPool sync.Pool

// maxPooledStack bounds the stacks kept for reuse, by their items or
// members: those of a larger document are left to the collector, so that
// one pathological file does not leave tens of megabytes pooled.
const maxPooledStack = 1 << 16

// takeStacks gives p pooled stacks, if any.
func (p *parser) takeStacks() {
	if st, ok := stackPool.Get().(*stacks); ok {
		p.members, p.items = st.members[:0], st.items[:0]
	}
}

// giveStacks clears what p used of its stacks, so that the pool holds no
// value of this parse alive, and pools them.
func (p *parser) giveStacks() {
	clear(p.members[:p.membersHigh])
	clear(p.items[:p.itemsHigh])
	if cap(p.members) <= maxPooledStack && cap(p.items) <= maxPooledStack {
		stackPool.Put(&stacks{members: p.members[:0], items: p.items[:0]})
	}
	p.members, p.items = nil, nil
}

// commaHint says, at a ',' where a key or value was expected, that it
// follows another: the one to remove. "" otherwise.
func (p *parser) commaHint() string {
	if p.pos >= len(p.src) || p.src[p.pos] != ',' {
		return ""
	}
	prev := bytes.TrimRight(p.src[:p.pos], " \t\r\n")
	if len(prev) == 0 || prev[len(prev)-1] != ',' {
		return ""
	}
	return ": two commas in a row; remove this one"
}

// failExpected is fail at p.pos, where a value or a key was expected:
// mended, a blank written over it, when a ',' there follows another
// (commaHint), the second of two commas in a row.
func (p *parser) failExpected(format string, args ...any) {
	if p.commaHint() != "" {
		p.failMended(p.pos, " ", p.pos, format, args...)
	} else {
		p.fail(p.pos, format, args...)
	}
}

// innerQuoteHint says, where a ',' or the close was expected right after
// a string value (end is where it ends) and a word goes on, that its
// closing quote was most likely meant inside it, unescaped: "the "notes"
// file" ends at the quote before notes. "" otherwise.
func (p *parser) innerQuoteHint(child *Value, end int) string {
	if child.Kind != String || end != p.pos || p.pos >= len(p.src) {
		return ""
	}
	if c := p.src[p.pos]; c < utf8.RuneSelf && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
		return ""
	}
	line, col := Position(p.src, end-1)
	return fmt.Sprintf(": if the '\"' at %d:%d is meant inside the string, write it \\\"", line, col)
}

// eofHint says, where the parse met the end of the file, which object or
// array the file ends inside, where it opens and what closes it, or "":
// "unexpected end of file" alone did not say what was cut short.
func (p *parser) eofHint() string {
	if p.pos < len(p.src) || len(p.opens) == 0 {
		return ""
	}
	open := p.opens[len(p.opens)-1]
	what, close := "object", '}'
	if p.src[open] == '[' {
		what, close = "array", ']'
	}
	line, col := Position(p.src, open)
	more := ""
	if n := len(p.opens) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more around it)", n)
	}
	return fmt.Sprintf(": the file ends inside the %s that opens at %d:%d%s: it was cut short, or its closing '%c' is missing", what, line, col, more, close)
}

// pathToken is a token of parser.path: a member's key, or, when index is
// not -1, an item's index, written only if an error needs it (an index
// past 99 made a string for every item of every array read).
type pathToken struct {
	key   string
	index int
}

// here is the JSON pointer of the value being parsed.
func (p *parser) here() string {
	var b strings.Builder
	for _, t := range p.path {
		b.WriteByte('/')
		if t.index >= 0 {
			b.WriteString(strconv.Itoa(t.index))
		} else {
			b.WriteString(EscapePointer(t.key))
		}
	}
	return b.String()
}

func (p *parser) pointer(last string) string {
	return p.here() + "/" + EscapePointer(last)
}

func (p *parser) fail(off int, format string, args ...any) {
	if p.fatal == nil {
		p.fatal = &Error{Kind: SyntaxError, Off: off, Pointer: p.here(), Msg: fmt.Sprintf(format, args...)}
	}
}

// failMended is fail for a slip that text written over the source from at
// mends (see Error.Mend).
func (p *parser) failMended(at int, text string, off int, format string, args ...any) {
	if p.fatal == nil {
		p.fail(off, format, args...)
		p.fatal.mendAt, p.fatal.mendText = at, text
	}
}

// closers are the closes of the objects and arrays being parsed,
// innermost first: what a file cut short after a whole value lacks.
func (p *parser) closers() string {
	b := make([]byte, 0, len(p.opens))
	for i := len(p.opens) - 1; i >= 0; i-- {
		if p.src[p.opens[i]] == '[' {
			b = append(b, ']')
		} else {
			b = append(b, '}')
		}
	}
	return string(b)
}

// blankIn is the offset of the first byte of src[from:to], blanks, that
// a ',' may be written over without moving a line or a column: a space, a
// tab or the '\r' of a "\r\n"; -1 for none.
func blankIn(src []byte, from, to int) int {
	for i := from; i < to; i++ {
		if c := src[i]; c == ' ' || c == '\t' || c == '\r' && i+1 < to && src[i+1] == '\n' {
			return i
		}
	}
	return -1
}

// comment reports whether a comment, "//" or "/*", starts at p.pos, and
// fails the parse there if so: JSON has none, and "unexpected '/',
// expected a string key" did not say that a note written as in
// JavaScript was the slip.
func (p *parser) comment() bool {
	if p.pos+1 >= len(p.src) || p.src[p.pos] != '/' || p.src[p.pos+1] != '/' && p.src[p.pos+1] != '*' {
		return false
	}
	p.fail(p.pos, "a comment (%s): JSON has no comments; remove it, or put the note in a field's text (a capability's \"description\", a tool card's \"summary\")", p.src[p.pos:p.pos+2])
	return true
}

// slip reports whether a known slip starts at p.pos, a comment or a merge
// conflict marker, and fails the parse there, saying so, if it does.
func (p *parser) slip() bool { return p.comment() || p.conflictMarker() }

// conflictMarker reports whether a merge conflict marker starts at p.pos
// (a line starting with seven '<', '|', '=' or '>', as git leaves in a
// file it could not merge), and fails the parse there if so: "unexpected
// '<', expected a string key" did not say that the file was committed
// mid-merge.
func (p *parser) conflictMarker() bool {
	marker, ok := conflictMarkerAt(p.src, p.pos)
	if !ok {
		return false
	}
	end := ""
	if marker != ">>>>>>>" {
		for i := p.pos + 7; i < len(p.src); i++ {
			if p.src[i-1] == '\n' {
				if m, ok := conflictMarkerAt(p.src, i); ok && m == ">>>>>>>" {
					line, _ := Position(p.src, i)
					end = fmt.Sprintf(" (the conflict ends at line %d)", line)
					break
				}
			}
		}
	}
	p.fail(p.pos, "a merge conflict marker (%s) that a merge left unresolved%s: keep the lines meant from each side and delete the marker lines (<<<<<<<, ======= and >>>>>>>)", marker, end)
	return true
}

// conflictMarkerAt returns the merge conflict marker starting src[at:],
// if one does: at a line's start, a ConflictMarker.
func conflictMarkerAt(src []byte, at int) (string, bool) {
	if at > 0 && src[at-1] != '\n' && src[at-1] != '\r' {
		return "", false
	}
	line := src[at:]
	if end := bytes.IndexByte(line, '\n'); end >= 0 {
		line = line[:end]
	}
	if ConflictMarker(line) == 0 {
		return "", false
	}
	return string(line[:7]), true
}

// ConflictMarker returns the character of the merge conflict marker that
// line (no '\n' in it) starts with, as git writes one: seven '<', '|',
// '=' or '>', then the line's end or, but for '=', a blank and a label;
// else 0.
func ConflictMarker(line []byte) byte {
	line = bytes.TrimRight(line, "\r")
	if len(line) < 7 || bytes.IndexByte([]byte("<|=>"), line[0]) < 0 || bytes.Count(line[:7], line[:1]) != 7 {
		return 0
	}
	if len(line) == 7 || line[0] != '=' && (line[7] == ' ' || line[7] == '\t') {
		return line[0]
	}
	return 0
}

// missingComma reports whether the next value of an object's member
// (what "member") or an array's item ("item") starts at p.pos, where a ','
// or the container's close was expected, and fails the parse there if so:
// a ',' is missing, which belongs at end, right after the previous value,
// likely on an earlier line than the token the parse stopped at, so the
// message names where to type it.
func (p *parser) missingComma(end int, what string) bool {
	if !startsValue(p.src[p.pos:]) || what == "member" && p.src[p.pos] != '"' {
		return false
	}
	line, col := Position(p.src, end)
	format := "missing ',' before this %s: JSON separates %ss with commas; type one at %d:%d, right after the previous value"
	if at := blankIn(p.src, end, p.pos); at >= 0 {
		p.failMended(at, ",", p.pos, format, what, what, line, col)
	} else {
		p.failMended(end, ",", p.pos, format, what, what, line, col)
		p.fatal.commaRead = true
	}
	return true
}

// startsValue reports whether src starts as a JSON value does: a string,
// an object, an array, a number ("-" then a digit) or a literal spelt
// whole; "nope" or a lone "-" is no value a ',' would make right.
func startsValue(src []byte) bool {
	switch {
	case len(src) == 0:
		return false
	case strings.IndexByte(`"{[0123456789`, src[0]) >= 0:
		return true
	case src[0] == '-':
		return len(src) > 1 && src[1] >= '0' && src[1] <= '9'
	}
	for _, lit := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(src, []byte(lit)) {
			return true
		}
	}
	return false
}

func (p *parser) describe() string {
	if p.pos >= len(p.src) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.src[p.pos:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", p.src[p.pos])
	}
	return strconv.QuoteRune(r)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// value parses the value at p.pos; depth is the number of arrays and objects
// enclosing it.
func (p *parser) value(depth int) Value {
	if p.pos >= len(p.src) {
		p.fail(p.pos, "unexpected end of file, expected a value%s", p.eofHint())
		return Value{}
	}
	if p.slip() {
		return Value{}
	}
	start := p.pos
	if p.values++; p.values > maxValues {
		p.fail(p.pos, "JSON of more than %d values (objects, arrays, strings, numbers, true, false, null)", maxValues)
		return Value{}
	}
	switch c := p.src[p.pos]; {
	case (c == '{' || c == '[') && depth >= p.maxDepth:
		p.fail(p.pos, "JSON nested deeper than %d levels", p.maxDepth)
		if p.fatal.Off == p.pos {
			p.fatal.Kind = TooDeep
		}
		return Value{}
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		p.dropText = depth > 0 && !p.keeps(depth-1) // a string its container does not keep
		s := p.string()
		p.dropText = false
		return Value{Kind: String, Str: s, Off: start}
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case p.literal("true"):
		return Value{Kind: Bool, Bool: true, Off: start}
	case p.literal("false"):
		return Value{Kind: Bool, Off: start}
	case p.literal("null"):
		return Value{Kind: Null, Off: start}
	}
	p.failExpected("unexpected %s, expected a value%s%s", p.describe(), p.quoteHint("string"), p.commaHint())
	return Value{}
}

// quoteHint says what to type where a key (what "key") or a value
// ("string") was expected and a single-quoted string or a bare word stands,
// as JavaScript or YAML would take them: the same text in double quotes
// ("'tier'" and "tier" are written "tier"), or a literal in lower case
// ("True" is true), or the literal a word is a letter away from ("tru",
// "flase"). "" where it cannot tell: a word that is no literal nor near
// one, which a quote would not mend (NaN, undefined), or a literal's
// start at the end of the file, which was cut short.
func (p *parser) quoteHint(what string) string {
	rest := p.src[p.pos:]
	if len(rest) == 0 {
		return ""
	}
	if rest[0] == '\'' {
		end := bytes.IndexAny(rest[1:], "'\n\r")
		if end < 0 || rest[1+end] != '\'' || end > 200 || !utf8.Valid(rest[1:1+end]) {
			return fmt.Sprintf(": JSON %ss take double quotes, not single ones", what)
		}
		return fmt.Sprintf(": JSON %ss take double quotes, not single ones; write %s", what, AppendString(nil, string(rest[1:1+end])))
	}
	n := 0
	for n < len(rest) && n < 200 && wordByte(rest[n], n == 0) {
		n++
	}
	if n == 0 || n < len(rest) && rest[n] >= utf8.RuneSelf {
		return ""
	}
	word := string(rest[:n])
	if what == "string" && n < len(rest) && rest[n] == ':' && len(bytes.TrimLeft(p.src[:p.pos], " \t\r\n\ufeff")) == 0 {
		// A document that starts "ml:" is YAML (a config or a card
		// written so): quoting the word, as below, would not mend it.
		return fmt.Sprintf(": this reads as YAML (%s: …), and the file is to be JSON; write {%s: …}", word, AppendString(nil, word))
	}
	if what == "key" {
		return fmt.Sprintf(": JSON keys take double quotes; write %s", AppendString(nil, word))
	}
	lower := strings.ToLower(word)
	lit, sure := literalMeant(lower)
	switch {
	case lower == "true" || lower == "false" || lower == "null":
		return fmt.Sprintf(": JSON's true, false and null are lower case; write %s", lower)
	case lit != "" && (n < len(rest) || !strings.HasPrefix(lit, lower)):
		// Not a literal's start at the end of the file: one cut short
		// there ("[tru") is told so by the end, not by a spelling.
		if sure {
			return fmt.Sprintf(": JSON's literals are true, false and null; write %s", lit)
		}
		return fmt.Sprintf(": JSON's literals are true, false and null; write %s, or %s if a string is meant", lit, AppendString(nil, word))
	case lower == "nan" || lower == "infinity" || lower == "undefined" || strings.HasPrefix("true", lower) || strings.HasPrefix("false", lower) || strings.HasPrefix("null", lower):
		return ""
	}
	return fmt.Sprintf(": JSON strings take double quotes; write %s", AppendString(nil, word))
}

// literalMeant is the one literal (true, false or null) that word, in
// lower case, of three letters or more, is a letter away from, and
// whether it is surely that literal: a word a letter short of it but for
// its first, or with two letters beside each other swapped ("tru",
// "nul", "ture", "flase"), is no word but the literal mistyped; one with
// a letter changed or added, or the first left out, may be a word meant
// as a string ("tree", "full", "rue"). "" for none.
func literalMeant(word string) (lit string, sure bool) {
	if len(word) < 3 {
		return "", false
	}
	for _, l := range [...]string{"true", "false", "null"} {
		if at, kind := oneEdit(word, l); kind != 0 {
			if lit != "" {
				return "", false
			}
			lit, sure = l, kind == 's' || kind == 'd' && at > 0
		}
	}
	return lit, sure
}

// oneEdit says how the ASCII word w is one edit from the word b, and at
// which letter: 'd' one of b's left out, 'a' one added, 'c' one changed,
// 's' two beside each other swapped; 0 for none of these.
func oneEdit(w, b string) (at int, kind byte) {
	i := 0
	for i < len(w) && i < len(b) && w[i] == b[i] {
		i++
	}
	switch {
	case w == b:
	case len(w) == len(b) && w[i+1:] == b[i+1:]:
		return i, 'c'
	case len(w) == len(b) && i+1 < len(w) && w[i] == b[i+1] && w[i+1] == b[i] && w[i+2:] == b[i+2:]:
		return i, 's'
	case len(w) == len(b)+1 && w[i+1:] == b[i:]:
		return i, 'a'
	case len(w)+1 == len(b) && w[i:] == b[i+1:]:
		return i, 'd'
	}
	return 0, 0
}

// wordByte reports whether c is a byte of a bare word as quoteHint reads
// one: a letter, '_' or '$', and but for the first a digit, '-' or '.'.
func wordByte(c byte, first bool) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
		!first && (c >= '0' && c <= '9' || c == '-' || c == '.')
}

// literal reads word (true, false or null) at p.pos, where the bare word
// there is that literal and no longer one: "truee", "nulls" and "true1"
// are words quoteHint tells how to write, not the literal followed by a
// letter that is no ',' or ']'.
func (p *parser) literal(word string) bool {
	if end := p.pos + len(word); strings.HasPrefix(string(p.src[p.pos:min(len(p.src), end)]), word) && (end == len(p.src) || !wordByte(p.src[end], false)) {
		p.pos += len(word)
		return true
	}
	return false
}

func (p *parser) object(depth int) Value {
	v := Value{Kind: Object, Off: p.pos}
	p.pos++ // {
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return v
	}
	p.opens = append(p.opens, v.Off)
	base := len(p.members)
	// index maps each key to its member's position after base, once the
	// object has more than p.indexAfter members; before that the members
	// are scanned.
	var index map[string]int
	defer func() {
		p.opens = p.opens[:len(p.opens)-1]
		p.members = p.members[:base]
		if index != nil && len(index) <= maxPooledIndex {
			clear(index)
			p.maps = append(p.maps, index)
		}
	}()
	for p.fatal == nil {
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			if !p.slip() {
				p.failExpected("unexpected %s, expected a string key%s%s%s", p.describe(), p.quoteHint("key"), p.eofHint(), p.commaHint())
			}
			break
		}
		keyOff := p.pos
		key := p.string()
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			if !p.slip() {
				p.fail(p.pos, "unexpected %s, expected ':' after key %s%s", p.describe(), AppendString(nil, key), p.eofHint())
			}
			break
		}
		p.pos++
		p.skipSpace()
		p.path = append(p.path, pathToken{key: key, index: -1})
		child := p.value(depth + 1)
		p.path = p.path[:len(p.path)-1]
		if p.fatal != nil {
			break
		}
		if !p.keeps(depth) {
			// ParseTop keeps nothing here, and so finds no duplicate.
		} else if i := p.memberIndex(base, index, key); i >= 0 {
			// The first occurrence keeps its place; the last value wins, as
			// in JSON.parse, and a finding about the member is placed at
			// the key of the value judged.
			p.errs = append(p.errs, Error{Kind: DuplicateKey, Off: keyOff, Pointer: p.pointer(key),
				Msg: "duplicate key " + string(AppendString(nil, key)) + dupSuffix, Prev: p.members[base+i].KeyOff})
			p.members[base+i].Value = child
			p.members[base+i].KeyOff = keyOff
		} else {
			p.members = append(p.members, Member{Key: key, KeyOff: keyOff, Value: child})
			p.membersHigh = max(p.membersHigh, len(p.members))
			if n := len(p.members) - base; index != nil {
				index[key] = n - 1
			} else if n > p.indexAfter {
				index = p.newIndex(p.members[base:])
			}
		}
		if p.closes('}', "member", "object", &child) {
			v.Members = append([]Member(nil), p.members[base:]...)
			jsOrder(v.Members)
			return v
		}
	}
	return v
}

// memberIndex returns the position after base of the member of the object
// being parsed whose key is key, or -1: from index when the object has one,
// else by scanning its members.
func (p *parser) memberIndex(base int, index map[string]int, key string) int {
	if index != nil {
		if i, ok := index[key]; ok {
			return i
		}
		return -1
	}
	for i := base; i < len(p.members); i++ {
		if p.members[i].Key == key {
			return i - base
		}
	}
	return -1
}

// newIndex returns a key index for ms, whose keys are distinct.
func (p *parser) newIndex(ms []Member) map[string]int {
	var index map[string]int
	if k := len(p.maps); k > 0 {
		index, p.maps = p.maps[k-1], p.maps[:k-1]
	} else {
		index = make(map[string]int, 2*len(ms))
	}
	for i := range ms {
		index[ms[i].Key] = i
	}
	return index
}

func (p *parser) array(depth int) Value {
	v := Value{Kind: Array, Off: p.pos}
	p.pos++ // [
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		return v
	}
	p.opens = append(p.opens, v.Off)
	base := len(p.items)
	defer func() { p.opens, p.items = p.opens[:len(p.opens)-1], p.items[:base] }()
	n := 0 // items read (ParseTop's kept below the top level are none)
	for p.fatal == nil {
		p.skipSpace()
		p.path = append(p.path, pathToken{index: n})
		child := p.value(depth + 1)
		p.path = p.path[:len(p.path)-1]
		if p.fatal != nil {
			break
		}
		n++
		if p.keeps(depth) {
			p.items = append(p.items, child)
			p.itemsHigh = max(p.itemsHigh, len(p.items))
		}
		if p.closes(']', "item", "array", &child) {
			v.Items = append([]Value(nil), p.items[base:]...)
			return v
		}
	}
	return v
}

// closes passes what follows child, a member of an object or an item of
// an array (what) just read: a ',' before the next one (false), or close,
// which ends the container (true). Anything else fails the parse (false)
// with the hint that names the likeliest slip: a comment, a missing ',', a
// quote meant inside a string, a file cut short. So does a ',' close
// follows, a trailing comma, the commonest slip of a hand edit: reported
// at the comma, which is what to remove, not at the close on a later line
// ("unexpected ']', expected a value"). The ',' is passed here, not by a
// helper of its own, so that the loops make one call between two values,
// as they did before closes served both.
func (p *parser) closes(close byte, what, container string, child *Value) bool {
	end := p.pos
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ',' {
		comma := p.pos
		p.pos++
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == close {
			p.failMended(comma, " ", comma, "trailing comma after the last %s: JSON allows none before '%c'; remove this ','", what, close)
		}
		return false
	}
	if p.pos < len(p.src) && p.src[p.pos] == close {
		p.pos++
		return true
	}
	if _, read := slices.BinarySearch(p.commas, end); read && startsValue(p.src[p.pos:]) {
		return false // a ',' Mended reads at end, where none is written
	}
	if !p.slip() && !p.missingComma(end, what) {
		format, args := "unexpected %s, expected ',' or '%c' in %s%s%s", []any{p.describe(), close, container, p.eofHint(), p.innerQuoteHint(child, end)}
		if p.pos >= len(p.src) {
			p.failMended(p.pos, p.closers(), p.pos, format, args...)
		} else {
			p.fail(p.pos, format, args...)
		}
	}
	return false
}

// number scans a JSON number and keeps its literal text.
func (p *parser) number() Value {
	start := p.pos
	if p.src[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos < len(p.src) && p.src[p.pos] == '0':
		p.pos++
	case p.pos < len(p.src) && p.src[p.pos] >= '1' && p.src[p.pos] <= '9':
		p.digits()
	default:
		p.fail(p.pos, "invalid number: expected a digit")
		return Value{}
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if !p.digits() {
			p.fail(p.pos, "invalid number: expected a digit after '.'")
			return Value{}
		}
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if !p.digits() {
			p.fail(p.pos, "invalid number: expected a digit in the exponent")
			return Value{}
		}
	}
	return Value{Kind: Number, Str: string(p.src[start:p.pos]), Off: start}
}

func (p *parser) digits() bool {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	return p.pos > start
}

// string scans a quoted string starting at p.pos.
func (p *parser) string() string {
	start := p.pos
	p.pos++ // opening quote
	var b strings.Builder
	plainFrom := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '"':
			raw := p.src[plainFrom:p.pos]
			p.pos++
			if b.Len() == 0 && utf8.Valid(raw) {
				if p.dropText || len(raw) == 0 {
					return ""
				}
				if p.share {
					// ParseShared's caller never changes src.
					return unsafe.String(&raw[0], len(raw))
				}
				return string(raw)
			}
			writeValid(&b, raw)
			return b.String()
		case c == '\\':
			writeValid(&b, p.src[plainFrom:p.pos])
			if !p.escape(&b, start) {
				return ""
			}
			plainFrom = p.pos
		case c == '\n' || c == '\r':
			// Most likely its closing quote left out, not a line break
			// meant in it: said where to type the quote.
			line, col := Position(p.src, start)
			p.fail(p.pos, "the string that opens at %d:%d is not closed before its line ends: type its closing '\"' here (a line break inside a string is written \\n)", line, col)
			return ""
		case c == '\t':
			// A tab typed into a value (an editor's Tab key, a pasted
			// table): the escape to write is named.
			p.fail(p.pos, "a tab inside a string: JSON strings hold no raw tab; write it as \\t (or a space)")
			return ""
		case c < 0x20:
			p.fail(p.pos, "control character 0x%02x inside a string: write it as the escape \\u%04x", c, c)
			return ""
		default:
			p.pos++
		}
	}
	p.endsInString(start)
	return ""
}

// endsInString fails at the string that opens at start, inside which the
// file ends: cut short (a save or a sync caught half-way), or its closing
// quote left out at the end, as eofHint tells of an object or an array;
// "unterminated string" alone said neither what to do nor that the rest
// of the file is missing.
func (p *parser) endsInString(start int) {
	line, col := Position(p.src, start)
	more := ""
	if n := len(p.opens); n > 0 {
		more = fmt.Sprintf(" (and %d more around it)", n)
	}
	p.fail(start, "the file ends inside the string that opens at %d:%d%s: it was cut short, or its closing '\"' is missing", line, col, more)
}

// writeValid writes raw source text with invalid UTF-8 replaced the way
// Node's (and the WHATWG) UTF-8 decoder does it: one U+FFFD for each maximal
// subpart, the longest start of a well-formed sequence ("\xe2\x82" before
// an ASCII byte is one U+FFFD, "\xff\xfe" two).
func writeValid(b *strings.Builder, raw []byte) {
	if utf8.Valid(raw) {
		b.Write(raw)
		return
	}
	for len(raw) > 0 {
		n, ok := charLen(raw)
		if ok {
			b.Write(raw[:n])
		} else {
			b.WriteRune(utf8.RuneError)
		}
		raw = raw[n:]
	}
}

// maximalSubpart returns how many bytes at the start of raw, which does not
// begin with a well-formed sequence, form one ill-formed unit (at least 1).
func maximalSubpart(raw []byte) int {
	lo, hi := byte(0x80), byte(0xBF) // allowed range of the second byte
	need := 0                        // continuation bytes the lead byte asks for
	switch c := raw[0]; {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	}
	n := 1
	for ; n <= need && n < len(raw); n++ {
		if raw[n] < lo || raw[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

// appendWTF8 appends the generalised UTF-8 encoding of a surrogate code point:
// three bytes, ED A0..BF 80..BF, which valid UTF-8 never holds.
func appendWTF8(b []byte, r rune) []byte {
	return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
}

// DecodeRune is utf8.DecodeRuneInString that also decodes a WTF-8 lone
// surrogate (see Parse) to its code point, for ordering strings by UTF-16
// code units as JavaScript does.
func DecodeRune(s string) (rune, int) {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		if sr, ok := SurrogateAt(s); ok {
			return sr, 3
		}
	}
	return r, n
}

// SurrogateAt reports the surrogate code point whose WTF-8 bytes begin s:
// a lone surrogate a JSON string escaped ("\ud800"), as Parse holds it.
func SurrogateAt(s string) (rune, bool) {
	if len(s) < 3 || s[0] != 0xED || s[1]&0xE0 != 0xA0 || s[2]&0xC0 != 0x80 {
		return 0, false
	}
	return 0xD000 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), true
}

// escape reads the escape at p.pos, a backslash and what follows, into b.
// A file that ends inside it ("ab\", "ab\u00") ends inside the string
// that opens at open, and is told so (endsInString), not that the escape
// is wrong.
func (p *parser) escape(b *strings.Builder, open int) bool {
	at := p.pos
	p.pos++ // backslash
	if p.pos >= len(p.src) {
		p.endsInString(open)
		return false
	}
	c := p.src[p.pos]
	p.pos++
	switch c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r, ok := p.hex4()
		if !ok && p.pos+4 > len(p.src) && !slices.ContainsFunc(p.src[p.pos:], notHex) {
			p.endsInString(open)
			return false
		}
		if !ok {
			p.fail(at, "invalid \\u escape")
			return false
		}
		if utf16.IsSurrogate(r) {
			// A pair decodes to one rune; a lone surrogate cannot live in
			// UTF-8 and is kept in WTF-8.
			if p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == 'u' {
				save := p.pos
				p.pos += 2
				if r2, ok := p.hex4(); ok {
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						b.WriteRune(d)
						return true
					}
				}
				p.pos = save
			}
			b.Write(appendWTF8(nil, r))
			return true
		}
		b.WriteRune(r)
	default:
		p.pos--
		p.fail(at, "invalid escape: a backslash before %s; JSON escapes only \" \\ / b f n r t and uXXXX (write \\\\ for a backslash)", p.describe())
		return false
	}
	return true
}

// notHex reports whether c is no hex digit.
func notHex(c byte) bool {
	return (c < '0' || c > '9') && (c < 'a' || c > 'f') && (c < 'A' || c > 'F')
}

func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.src) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.src[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(n), true
}

// jsOrder reorders members the way a JavaScript object enumerates them: keys
// that are array indices (canonical integers below 2^32-1) first, ascending,
// then every other key in insertion order. JSON.stringify follows that order,
// so byte parity with the reference generator needs it.
func jsOrder(ms []Member) {
	n := 0
	for i := range ms {
		if _, ok := ArrayIndex(ms[i].Key); ok {
			n++
		}
	}
	if n == 0 {
		return
	}
	type indexed struct {
		n uint64
		m Member
	}
	idx := make([]indexed, 0, n)
	rest := make([]Member, 0, len(ms)-n)
	for _, m := range ms {
		if k, ok := ArrayIndex(m.Key); ok {
			idx = append(idx, indexed{k, m})
		} else {
			rest = append(rest, m)
		}
	}
	// Stable, so that equal indices (possible only in objects built in
	// memory with Append) keep their order; O(n log n) even for index keys
	// written in descending order.
	slices.SortStableFunc(idx, func(a, b indexed) int { return cmp.Compare(a.n, b.n) })
	for i := range idx {
		ms[i] = idx[i].m
	}
	copy(ms[len(idx):], rest)
}

// ArrayIndex parses a canonical JavaScript array index ("0", "17", not "01",
// "+1" or 2^32-1 and above): the keys JavaScript orders first in an object,
// and the tokens that may index an array in a path.
//
// It reads the digits itself: the parser asks about every key it reads, and
// strconv.ParseUint allocates an error for each key that is no number,
// which was a twentieth of what a scan of 10,000 declarations allocated.
func ArrayIndex(key string) (uint64, bool) {
	if key == "" || len(key) > 10 || (len(key) > 1 && key[0] == '0') {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0') // at most 10 digits: no overflow
	}
	if n >= 1<<32-1 {
		return 0, false
	}
	return n, true
}

// Position converts a byte offset into a 1-based line and a 1-based column
// counted in Unicode code points, the way editors show them: a leading
// UTF-8 byte order mark is invisible in an editor, so it takes no column.
func Position(src []byte, off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	off = min(off, len(src))
	line, lineStart := 1, 0
	if off >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		lineStart = 3
	}
	for i := 0; i < off; i++ {
		if lineEnd(src, i) {
			line++
			lineStart = i + 1
		}
	}
	return line, chars(src[lineStart:off]) + 1
}

// lineEnd reports whether src[i] ends a line as editors end one: a '\n',
// or a '\r' not before one (a file saved with CR line endings, as classic
// Mac OS saved text, which every editor still shows line by line); the
// '\r' of "\r\n" is the end of its line's text, not a line of its own.
func lineEnd(src []byte, i int) bool {
	return src[i] == '\n' || src[i] == '\r' && (i+1 == len(src) || src[i+1] != '\n')
}

// LineOf is the 1-based line of the byte at off, as Position counts lines,
// without counting its column.
func LineOf(src []byte, off int) int {
	if off < 0 {
		return 0 // as Position
	}
	line := 1
	for i := range min(off, len(src)) {
		if lineEnd(src, i) {
			line++
		}
	}
	return line
}
