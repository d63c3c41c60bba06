package validate

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/validate/ojson"
)

// Severity is how bad a finding is: errors fail the gate, warnings do not.
type Severity string

// The severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Diagnostic is one positioned finding. Line and Column are 1-based (the
// column counts Unicode code points); both are 0 when the finding has no place
// in a file, and File is empty when it concerns the repository as a whole.
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Pointer  string   `json:"pointer,omitempty"`
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// Omitted counts the findings of the rule in the file, from here on,
	// that are not listed (see LimitPerRule), or the files holding a
	// link's text in place of a capability folder (Sources.LinkTexts)
	// past the first five, which one warning names together; this one
	// stands for them and is one of them.
	Omitted int `json:"omitted,omitempty"`
	// FileBytes is, only where File is not UTF-8 (a folder named in
	// Latin-1, caf\xe9), its bytes, which JSON writes in base64 as
	// "fileBytes": a JSON string holds no raw bytes, and "file" has U+FFFD
	// for each bad one, a path no file is at, so a CI step turning
	// --format json or the API's findings into annotations could not name
	// the file (the text output's \xe9 escapes cannot be told from a name
	// holding a backslash). Set by LimitPerRule, which every validation's
	// findings go through; nil for any other finding, which is written as
	// before.
	FileBytes RawPath `json:"fileBytes,omitempty"`
	// pipelineAt is, for a finding about loop points that has no file to
	// place it (point-uncovered for a step no workflow declares), one more
	// than the index in Points of the first point it names; Sort orders
	// such findings of a rule by it, in the pipeline's order (the
	// reference's POINT_ORDER), not by their messages. 0 for the others.
	pipelineAt int
	// mended marks a json-syntax finding of a file whose other findings
	// were made on its text read as if its slips were mended (mendDoc),
	// which noteMended says of them.
	mended bool
}

// RawPath is a path's bytes as the file system holds them, not always
// UTF-8, written in JSON as a base64 string (as encoding/json writes
// []byte), which keeps every byte. A string, so that a Diagnostic stays
// comparable.
type RawPath string

// MarshalJSON writes the bytes in base64.
func (p RawPath) MarshalJSON() ([]byte, error) { return json.Marshal([]byte(p)) }

// UnmarshalJSON reads them from base64.
func (p *RawPath) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	*p = RawPath(b)
	return nil
}

// String renders the diagnostic as one line of text:
// capabilities/ui/capability.json:12:7: error [when-unknown-key] /steps/0/when: …
func (d Diagnostic) String() string {
	var b strings.Builder
	file := EscapeControl(d.File)
	if commandAt(file) >= 0 {
		// A line of a CI log that starts with "::" is a workflow command
		// the GitHub runner obeys: a file named "::warning file=x::LGTM"
		// would forge an annotation, and "::stop-commands::x" silence the
		// rest of the job's. "./" names the same file.
		file = "./" + file
	}
	switch {
	case d.File == "":
		b.WriteString("capreg")
	case d.Line > 0:
		fmt.Fprintf(&b, "%s:%d:%d", file, d.Line, d.Column)
	default:
		b.WriteString(file)
	}
	fmt.Fprintf(&b, ": %s [%s] ", d.Severity, d.Rule)
	if d.Pointer != "" {
		b.WriteString(EscapeControl(d.Pointer))
		b.WriteString(": ")
	}
	b.WriteString(EscapeControl(d.Message))
	return NoWorkflowCommands(b.String())
}

// NoWorkflowCommands returns text, lines of output that may reach a GitHub
// Actions log, with no line the runner obeys as a workflow command: one
// that starts with "::" after white space has that colon written "\x3a",
// and "##[", the older form the runner looks for anywhere in a line, is
// written "#\x23[". A card summary "::warning file=README.md::LGTM" or
// "##[add-mask]..." would otherwise forge an annotation or change the
// rest of the job's log. Text with neither comes back as it is.
func NoWorkflowCommands(text string) string {
	if !strings.Contains(text, "::") && !strings.Contains(text, "##[") {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	for i, line := range lines {
		if at := commandAt(line); at >= 0 {
			line = line[:at] + `\x3a` + line[at+1:]
		}
		lines[i] = strings.ReplaceAll(line, "##[", `#\x23[`)
	}
	return strings.Join(lines, "")
}

// commandAt is the offset of the "::" that starts line after white space,
// as the GitHub runner trims it, making the line a workflow command; -1
// for none.
func commandAt(line string) int {
	rest := strings.TrimLeftFunc(line, unicode.IsSpace)
	if !strings.HasPrefix(rest, "::") {
		return -1
	}
	return len(line) - len(rest)
}

// EscapeControl writes control characters, the line and paragraph
// separators and bidirectional formatting characters as Go escapes ("\n",
// "\x1b", "\u2028", "\u202e"), for text from a repository printed on a
// terminal or in a CI log: a newline (in a file name or key), a NEL or a
// separator that an editor, a log viewer or a browser breaks the line at
// cannot split a finding or other line of output across lines, an
// escape sequence cannot drive the terminal, and an override or isolate
// cannot make the rest of the line read otherwise than it is (Trojan
// Source). Bytes that are not UTF-8 are escaped too, so that the line
// stays text: a lone surrogate a key escaped as it was written ("\ud800",
// held in WTF-8, see ojson.SurrogateAt), any other byte as Go quotes it
// ("\xff", of a file name).
func EscapeControl(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, Escaped) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch sr, isSurrogate := ojson.SurrogateAt(s[i:]); {
		case isSurrogate: // a key's "\ud800", as it was written
			fmt.Fprintf(&b, "\\u%04x", sr)
			n = 3
		case r == utf8.RuneError && n == 1: // a file name's byte, as Go quotes it
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case Escaped(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Escaped reports whether EscapeControl writes r as an escape: a control
// character (C0, DEL or C1, NEL among them), U+2028 LINE SEPARATOR, U+2029
// PARAGRAPH SEPARATOR or a bidirectional formatting character. Other
// text views of repository content (JSON printed on a terminal) escape the
// same set.
func Escaped(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}

// Diagnostics is a list of findings.
type Diagnostics []Diagnostic

// Sort orders findings by file, position, rule and message, so output is the
// same run to run whatever order the checks ran in. Findings without a file
// come last, those about loop points in the pipeline's order of the points
// (see pipelineAt) before their messages: "plan" before "execute".
func (ds Diagnostics) Sort() {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		if (a.File == "") != (b.File == "") {
			if a.File == "" {
				return 1
			}
			return -1
		}
		return cmp.Or(
			strings.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			strings.Compare(a.Rule, b.Rule),
			cmp.Compare(a.pipelineAt, b.pipelineAt),
			strings.Compare(a.Message, b.Message),
		)
	})
}

// Count returns the number of errors and warnings, the findings left out
// of the list (Omitted) too.
func (ds Diagnostics) Count() (errors, warnings int) {
	for _, d := range ds {
		n := max(d.Omitted, 1)
		if d.Severity == Error {
			errors += n
		} else {
			warnings += n
		}
	}
	return errors, warnings
}

// MaxPerRule bounds the findings of one rule listed for one file: a
// workflow repeating one value 100,000 times ("agent-roles: r, r, r, …"),
// a finding each, made 77 MB of answer from a 1 MB change, and GET /status
// sent them all to every poll.
const MaxPerRule = 100

// LimitPerRule keeps, of sorted findings, the first MaxPerRule of each rule
// and severity in each file, and puts one in the place of the others, at
// the first of them, saying how many there are (Omitted); one over is
// listed as it is.
func LimitPerRule(ds Diagnostics) Diagnostics {
	type key struct {
		file, rule string
		sev        Severity
	}
	seen := map[key]int{}
	over := map[key]int{} // the index in out of the finding standing for the others
	out := ds[:0:0]
	for _, d := range ds {
		if d.FileBytes == "" && !utf8.ValidString(d.File) {
			d.FileBytes = RawPath(d.File)
		}
		k := key{d.File, d.Rule, d.Severity}
		if seen[k]++; seen[k] <= MaxPerRule {
			out = append(out, d)
			continue
		}
		i, ok := over[k]
		if !ok {
			i, over[k] = len(out), len(out)
			out = append(out, d) // itself, while it is the only one
			out[i].Omitted = 0
		}
		out[i].Omitted += max(d.Omitted, 1) // one found standing for others already (parseDoc's) counts them
	}
	for _, i := range over {
		if d := &out[i]; d.Omitted > 1 {
			d.Message = fmt.Sprintf("%s more %s findings in this file from here on, not listed (the first %d are): each is the same kind of fault; fix those listed and check again",
				strconv.Itoa(d.Omitted), d.Rule, MaxPerRule)
		} else {
			d.Omitted = 0 // one: listed as it is
		}
	}
	return out
}

// keepListed is what LimitPerRule can list of a part of a validation's
// findings (one card's, or one capability's), for a cache to keep: sorted,
// the first MaxPerRule+1 of each rule and severity in each file, the last
// of them counting those after it in Omitted, its message as it was (as
// parseDoc leaves a finding that stands for others), in a new array; ds
// is sorted in place. LimitPerRule gives of
// a validation holding these what it gives of one holding all of them.
func keepListed(ds Diagnostics) Diagnostics {
	type key struct {
		file, rule string
		sev        Severity
	}
	ds.Sort() // in place: its callers keep only what it returns
	seen := map[key]int{}
	last := map[key]int{} // the index in out of the finding counting the others
	var out Diagnostics   // not ds[:0], whose array would keep every message
	for _, d := range ds {
		k := key{d.File, d.Rule, d.Severity}
		if seen[k]++; seen[k] <= MaxPerRule+1 {
			if seen[k] == MaxPerRule+1 {
				last[k] = len(out)
			}
			out = append(out, d)
			continue
		}
		e := &out[last[k]]
		e.Omitted = max(e.Omitted, 1) + max(d.Omitted, 1)
	}
	return slices.Clip(out)
}

// Plural counts n of noun in words ("1 error", "3 errors", "2 valid
// capabilities"), the one wording of counts in every front end's messages.
func Plural(n int, noun string) string {
	switch {
	case n == 1:
		return fmt.Sprintf("%d %s", n, noun)
	case strings.HasSuffix(noun, "y"):
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(noun, "y"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// OrList joins words as a choice in prose, the last after "or": "a",
// "a or b", "a, b or c".
func OrList(words []string) string { return proseList(words, "or") }

// AndList joins words as prose, the last after "and": "a", "a and b",
// "a, b and c".
func AndList(words []string) string { return proseList(words, "and") }

// proseList joins words with commas, the last after conj.
func proseList(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// HasErrors reports whether any finding is an error.
func (ds Diagnostics) HasErrors() bool {
	n, _ := ds.Count()
	return n > 0
}

// Errors returns the errors among ds, in order: what a failed rebuild
// lists. It is never nil, so that it encodes as [].
func (ds Diagnostics) Errors() Diagnostics {
	out := Diagnostics{}
	for _, d := range ds {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Strict returns a copy in which every warning is an error.
func (ds Diagnostics) Strict() Diagnostics {
	out := slices.Clone(ds)
	for i := range out {
		out[i].Severity = Error
	}
	return out
}

// sink collects findings for one validation run.
type sink struct {
	diags Diagnostics
	// lines indexes each source a finding was placed in, so that many
	// findings in one large file cost O(log n) each instead of a scan from
	// the start of the file every time.
	lines map[*byte]*ojson.Positions
	// finders index the documents findings were placed in by pointer.
	finders map[*doc]*ojson.Finder
	// products are the folders below the root that hold a capabilities
	// folder of their own and no capreg.json (nestedProducts): a
	// monorepo's products the root reads as its own, which the findings
	// they cause (marker-duplicate-step) tell to give a capreg.json.
	products []string
}

// position is ojson.Position through the sink's index of src.
func (s *sink) position(src []byte, off int) (line, col int) {
	if len(src) == 0 {
		return ojson.Position(src, off)
	}
	p := s.lines[&src[0]]
	if p == nil {
		if s.lines == nil {
			s.lines = map[*byte]*ojson.Positions{}
		}
		p = ojson.NewPositions(src)
		s.lines[&src[0]] = p
	}
	return p.Position(off)
}

func (s *sink) add(d Diagnostic) {
	d.Severity = d.severity()
	d.Message = clipMessage(surrogateEscapes(d.Message))
	s.diags = append(s.diags, d)
}

// severity is d's severity as it is reported: its own, else its rule's,
// else (a rule of no known id) an error.
func (d Diagnostic) severity() Severity {
	if d.Severity != "" {
		return d.Severity
	}
	if r, ok := RuleByID(d.Rule); ok {
		return r.Severity
	}
	return Error
}

// surrogateEscapes rewrites Go's quoting of a lone surrogate, which a
// message's %q writes as the three bytes the registry holds it in
// ("\xed\xa0\x80", WTF-8, see ojson.SurrogateAt), as it was written in
// the JSON, "\ud800", as EscapeControl writes one found unquoted: the
// author searching the file for what the finding names finds it.
func surrogateEscapes(m string) string {
	const lead = `\xed\x`
	if !strings.Contains(m, lead) {
		return m
	}
	var b strings.Builder
	last := 0
	for i := 0; ; {
		k := strings.Index(m[i:], lead)
		if k < 0 {
			break
		}
		i += k
		r, ok := quotedSurrogate(m[i:])
		// A backslash after an odd run of them is itself quoted: "\\xed"
		// is the text \xed, no escape.
		if !ok || backslashesBefore(m, i)%2 == 1 {
			i += len(lead)
			continue
		}
		b.WriteString(m[last:i])
		fmt.Fprintf(&b, "\\u%04x", r)
		i += quotedSurrogateLen
		last = i
	}
	b.WriteString(m[last:])
	return b.String()
}

// backslashesBefore counts the backslashes right before s[i].
func backslashesBefore(s string, i int) int {
	n := 0
	for i-n > 0 && s[i-n-1] == '\\' {
		n++
	}
	return n
}

// quotedSurrogateLen is the length of Go's quoting of a surrogate's three
// bytes, "\xed\xa0\x80": three escapes of four bytes.
const quotedSurrogateLen = 12

// quotedSurrogate reads Go's quoting of a surrogate's three bytes at the
// start of s, "\xed\xa0\x80", and returns the surrogate.
func quotedSurrogate(s string) (rune, bool) {
	if len(s) < quotedSurrogateLen || s[8:10] != `\x` {
		return 0, false
	}
	hi, ok1 := hexByte(s[6:8])
	lo, ok2 := hexByte(s[10:12])
	if !ok1 || !ok2 || hi < 0xa0 || hi > 0xbf || lo < 0x80 || lo > 0xbf {
		return 0, false
	}
	return 0xd000 | rune(hi&0x3f)<<6 | rune(lo&0x3f), true
}

// hexByte reads two hexadecimal digits, either case.
func hexByte(h string) (byte, bool) {
	v, err := strconv.ParseUint(h, 16, 8)
	return byte(v), err == nil
}

// maxMessage bounds a finding's message: most echo a value of the input,
// and a 7 MiB id echoed whole made 7 MB of output for one finding.
const maxMessage = 2048

// clipMessage keeps the start of a message longer than maxMessage and its
// end, which says what to do, and says how much it left out between.
func clipMessage(m string) string {
	if len(m) <= maxMessage {
		return m
	}
	head, tail := maxMessage*3/4, maxMessage/4
	for head > 0 && !utf8.RuneStart(m[head]) {
		head--
	}
	from := len(m) - tail
	for from < len(m) && !utf8.RuneStart(m[from]) {
		from++
	}
	return fmt.Sprintf("%s … (%d bytes left out) … %s", m[:head], from-head, m[from:])
}

// atOffset records a finding at a byte offset of a file's source.
func (s *sink) atOffset(file string, src []byte, off int, pointer, rule, format string, args ...any) {
	line, col := s.position(src, off)
	s.add(Diagnostic{File: file, Line: line, Column: col, Pointer: pointer, Rule: rule, Message: fmt.Sprintf(format, args...)})
}

// doc is a parsed JSON file: where it came from and its tree, so findings can
// be placed by JSON pointer.
type doc struct {
	File string
	Src  []byte
	Root ojson.Value
	// mended is set for a document read past its syntax errors (mendDoc):
	// Root is then the tree of the mended text, whose every byte is where
	// Src, the file as written, has it.
	mended bool
}

// noteMended says of each finding of diags in a file read mended (a
// json-syntax finding of the file is marked mended: see mendDoc) that it
// was found so, but of the json-syntax findings themselves and of those
// of its encoding, made of the file as written (json-bom, invalid-utf8):
// the author is told which findings rest on the mend, which a wrong
// guess (a ',' where a ':' was meant) would make wrong.
func noteMended(diags []Diagnostic) {
	var slips map[string]int // a mended file's slips
	for i := range diags {
		if diags[i].mended {
			if slips == nil {
				slips = map[string]int{}
			}
			slips[diags[i].File]++
		}
	}
	for i := range diags {
		d := &diags[i]
		n, ok := slips[d.File]
		if !ok || d.Rule == "json-syntax" || d.Rule == "json-bom" || d.Rule == "invalid-utf8" {
			continue
		}
		what := "slip"
		if n > 1 {
			what = "slips"
		}
		d.Message = clipMessage(d.Message + " (found reading the file as if its json-syntax " + what + " were mended)")
	}
}

// finder resolves the pointers of the findings placed in d. It is kept by
// the sink, not the doc: a doc may be cached and shared between runs.
func (s *sink) finder(d *doc) *ojson.Finder {
	f := s.finders[d]
	if f == nil {
		if s.finders == nil {
			s.finders = map[*doc]*ojson.Finder{}
		}
		f = ojson.NewFinder(&d.Root)
		s.finders[d] = f
	}
	return f
}

// at records a finding at a JSON pointer of a document: for an object's
// member, at its key (ojson's Lookup), where a person reads which field it
// is; a finding about the value itself uses atOffset with the value's Off.
// When the pointer does not resolve (a missing member), the finding points
// at the nearest enclosing value and keeps the full pointer.
func (s *sink) at(d *doc, pointer, rule, format string, args ...any) {
	_, off, _ := s.finder(d).Lookup(pointer)
	s.atOffset(d.File, d.Src, off, pointer, rule, format, args...)
}

// atValue is at for a finding about the value at pointer (its type, its
// text): placed where the value starts, after its key's colon, where the
// author fixes it. A pointer that does not resolve is placed as at places
// it.
func (s *sink) atValue(d *doc, pointer, rule, format string, args ...any) {
	v, off, ok := s.finder(d).Lookup(pointer)
	if ok {
		off = v.Off
	}
	s.atOffset(d.File, d.Src, off, pointer, rule, format, args...)
}

// where says where pointer is in d, for a finding placed elsewhere that
// names it: "capabilities/ui/capability.json:12:7 (/skills/1)".
func (s *sink) where(d *doc, pointer string) string {
	_, off, _ := s.finder(d).Lookup(pointer)
	line, col := s.position(d.Src, off)
	return fmt.Sprintf("%s:%d:%d (%s)", d.File, line, col, pointer)
}

// warnAt is at with warning severity.
func (s *sink) warnAt(d *doc, pointer, rule, format string, args ...any) {
	_, off, _ := s.finder(d).Lookup(pointer)
	line, col := s.position(d.Src, off)
	s.add(Diagnostic{File: d.File, Line: line, Column: col, Pointer: pointer, Rule: rule, Severity: Warning, Message: fmt.Sprintf(format, args...)})
}

// CodePoints shows two names that print alike as their code points, with
// the likely reason they differ: "café" typed on one system and a name made
// on macOS, which stores é decomposed, differ only there.
func CodePoints(a, b string) string {
	return fmt.Sprintf("as code points: %s and %s; names that look alike may differ in Unicode normalization",
		strconv.QuoteToASCII(a), strconv.QuoteToASCII(b))
}
