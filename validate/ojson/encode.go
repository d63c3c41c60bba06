package ojson

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Encode writes v the way JavaScript's JSON.stringify(v, null, indent) does
// (indent "" gives the compact form): keys in JavaScript property order, numbers
// in JavaScript's shortest form, no HTML escaping, non-ASCII kept literal.
func Encode(v *Value, indent string) []byte {
	var b []byte
	return AppendEncode(b, v, indent)
}

// Marshal encodes v, a Go value, with encoding/json as capreg writes the
// JSON of its answers (the API's bodies, --json, --format json and sarif):
// indented two spaces, nothing HTML-escaped (as Encode), and a newline at
// the end.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// AppendEncode is Encode appending to b.
func AppendEncode(b []byte, v *Value, indent string) []byte {
	return AppendEncodeAt(b, v, indent, 0)
}

// AppendEncodeAt is AppendEncode for a value that sits depth objects and
// arrays deep in a document written piece by piece: its lines are indented
// as encoding the whole document would indent them, so that the pieces of
// a large document can be encoded once and copied into the next one.
func AppendEncodeAt(b []byte, v *Value, indent string, depth int) []byte {
	e := encoder{b: b, indent: indent}
	e.value(v, depth)
	return e.b
}

// LineEnds are the line ends AppendArtifactAt writes the text of files
// (Value.FileText) with.
type LineEnds uint8

// The line ends of AppendArtifactAt; the zero LineEnds, which it is
// never given, is AppendEncodeAt's: as the text holds them.
const (
	LF   LineEnds = iota + 1 // "\n", as an LF checkout reads a file
	CRLF                     // "\r\n", as a checkout git wrote with CRLF (autocrlf) reads it
)

// AppendArtifactAt is AppendEncodeAt writing the line ends of the text of
// files (Value.FileText) as ends says: a generated artifact is the same
// on a checkout whose text files git wrote with CRLF as on an LF one
// (LF), or is what a CRLF checkout inlined (CRLF), where a "\r" a
// declaration writes is its data, kept either way.
func AppendArtifactAt(b []byte, v *Value, indent string, depth int, ends LineEnds) []byte {
	e := encoder{b: b, indent: indent, ends: ends}
	e.value(v, depth)
	return e.b
}

type encoder struct {
	b      []byte
	indent string
	ends   LineEnds // FileText's line ends (AppendArtifactAt); 0: as written
}

// withLineEnds is s with its line ends, "\n" or "\r\n", written as ends.
func withLineEnds(s string, ends LineEnds) string {
	if strings.Contains(s, "\r\n") {
		s = strings.ReplaceAll(s, "\r\n", "\n")
	}
	if ends == CRLF {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	return s
}

func (e *encoder) newline(depth int) {
	if e.indent == "" {
		return
	}
	e.b = append(e.b, '\n')
	for range depth {
		e.b = append(e.b, e.indent...)
	}
}

func (e *encoder) value(v *Value, depth int) {
	switch v.Kind {
	case Null:
		e.b = append(e.b, "null"...)
	case Bool:
		e.b = strconv.AppendBool(e.b, v.Bool)
	case Number:
		e.b = AppendJSNumber(e.b, v.Str)
	case String:
		if e.ends != 0 && v.FileText {
			e.b = AppendString(e.b, withLineEnds(v.Str, e.ends))
			return
		}
		e.b = AppendString(e.b, v.Str)
	case Array:
		if len(v.Items) == 0 {
			e.b = append(e.b, "[]"...)
			return
		}
		e.b = append(e.b, '[')
		for i := range v.Items {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.newline(depth + 1)
			e.value(&v.Items[i], depth+1)
		}
		e.newline(depth)
		e.b = append(e.b, ']')
	case Object:
		if len(v.Members) == 0 {
			e.b = append(e.b, "{}"...)
			return
		}
		ms := v.Members
		if hasIndexKey(ms) {
			ms = append([]Member(nil), ms...)
			jsOrder(ms)
		}
		e.b = append(e.b, '{')
		for i := range ms {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.newline(depth + 1)
			e.b = AppendString(e.b, ms[i].Key)
			e.b = append(e.b, ':')
			if e.indent != "" {
				e.b = append(e.b, ' ')
			}
			e.value(&ms[i].Value, depth+1)
		}
		e.newline(depth)
		e.b = append(e.b, '}')
	}
}

func hasIndexKey(ms []Member) bool {
	for i := range ms {
		if c := ms[i].Key; c != "" && c[0] >= '0' && c[0] <= '9' {
			if _, ok := ArrayIndex(c); ok {
				return true
			}
		}
	}
	return false
}

const hexDigits = "0123456789abcdef"

// shortEscapes maps each byte JSON.stringify escapes as a backslash and a
// letter to that letter; the other control characters take \u00XX, and
// every other byte none. AppendString writes by it and TextSize counts by
// it, so the two agree.
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// AppendString appends s as a JSON string literal, escaping exactly what
// JSON.stringify escapes: the quote, the backslash, control characters and
// lone surrogates (held in WTF-8, see Parse and SurrogateAt), as lowercase \u escapes. Other
// invalid UTF-8, which Go strings built in memory may hold and JSON may not,
// is written as U+FFFD, one per run as strings.ToValidUTF8 does.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	for s != "" {
		i := validPrefix(s)
		b = appendEscaped(b, s[:i])
		if s = s[i:]; s == "" {
			break
		}
		if r, ok := SurrogateAt(s); ok {
			b = append(b, '\\', 'u', hexDigits[r>>12], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
			s = s[3:]
			continue
		}
		b = append(b, "\uFFFD"...)
		for s = s[1:]; s != ""; s = s[1:] {
			if r, n := utf8.DecodeRuneInString(s); r != utf8.RuneError || n != 1 {
				break
			}
			if _, ok := SurrogateAt(s); ok {
				break
			}
		}
	}
	return append(b, '"')
}

// TextSize is how many bytes AppendString writes for the valid UTF-8
// text between its quotes: a quote or backslash escaped in two bytes, a
// control character in two (\n, \t, …) or six (\u0001). The registry
// budgets the fragments it inlines by it.
func TextSize(text []byte) int {
	n := len(text)
	for _, c := range text {
		switch {
		case shortEscapes[c] != 0:
			n++
		case c < 0x20:
			n += 5
		}
	}
	return n
}

// validPrefix returns the length of the longest valid UTF-8 prefix of s.
func validPrefix(s string) int {
	if utf8.ValidString(s) {
		return len(s)
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(s)
}

// appendEscaped appends valid UTF-8 text escaped as JSON.stringify does.
func appendEscaped(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		if e := shortEscapes[c]; e != 0 {
			b = append(b, '\\', e)
		} else {
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		start = i + 1
	}
	return append(b, s[start:]...)
}

// AppendJSNumber appends a number literal the way JavaScript prints the double
// it denotes: 1.0 → 1, 1e3 → 1000, 1e21 → 1e+21, 1e-6 → 0.000001, 1.5e-7 → 1.5e-7, -0 → 0.
func AppendJSNumber(b []byte, literal string) []byte {
	f, err := parseNumber(literal)
	if err != nil && !math.IsInf(f, 0) {
		return append(b, literal...)
	}
	return AppendJSFloat(b, f)
}

// AppendJSFloat appends f in JavaScript's Number#toString form. JSON.stringify
// writes non-finite numbers as null.
func AppendJSFloat(b []byte, f float64) []byte {
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		return append(b, "null"...)
	case f == 0:
		return append(b, '0')
	}
	abs := math.Abs(f)
	if abs >= 1e-6 && abs < 1e21 {
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // e.g. 1.5e-07, 1e+21
	mant, exp, _ := strings.Cut(s, "e")
	sign := exp[0]
	exp = strings.TrimLeft(exp[1:], "0")
	b = append(b, mant...)
	b = append(b, 'e', sign)
	return append(b, exp...)
}
