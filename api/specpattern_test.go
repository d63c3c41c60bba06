package api_test

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// ecmaWhiteSpace is what \s matches in ECMA-262 (WhiteSpace and
// LineTerminator), the dialect a JSON Schema pattern is read in; Go's
// regexp, which compiles openapi.yaml's patterns for specTakes, takes \s
// for ASCII white space alone, so a test through it cannot tell "\\S" from
// "[^ \\t\\n\\r\\f\\v]".
const ecmaWhiteSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// ecmaPattern compiles a JSON Schema pattern as ECMA-262 reads its \s,
// \S and \uXXXX (the other escapes openapi.yaml uses mean the same in Go's
// syntax).
func ecmaPattern(t *testing.T, pat string) *regexp.Regexp {
	t.Helper()
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; {
		case c == '\\' && i+1 < len(pat):
			i++
			switch e := pat[i]; {
			case e == 's' && inClass:
				b.WriteString(ecmaWhiteSpace)
			case e == 's':
				b.WriteString("[" + ecmaWhiteSpace + "]")
			case e == 'S' && !inClass:
				b.WriteString("[^" + ecmaWhiteSpace + "]")
			case e == 'S':
				t.Fatalf("pattern %q: \\S in a class is not translated", pat)
			case e == 'u' && i+4 < len(pat):
				b.WriteString(`\x{` + pat[i+1:i+5] + `}`)
				i += 4
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		t.Fatalf("pattern %q as ECMA-262 reads it: %v", pat, err)
	}
	return re
}

// TestToolsQueryPatternsAsECMA262: the patterns of GET /tools's intent and
// command, read as ECMA-262 reads them (as a client validating by
// openapi.yaml does), take a value exactly when the server answers it: an
// intent of no-break spaces alone is blank (400), as is one of characters
// that print as nothing (a zero width space); a command of no-break spaces
// is a word's text, matched (200). specTakes cannot tell: Go's \S takes a
// no-break space.
func TestToolsQueryPatternsAsECMA262(t *testing.T) {
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	h := newRouter(testdataSource(t))
	op := sp.doc.Paths.Find("/tools").GetOperation("GET")
	for _, tt := range []struct{ name, value string }{
		{"intent", "\u00a0"}, {"intent", "\u3000 "}, {"intent", " \t"}, {"intent", "merge a branch"},
		{"intent", "\u200b"}, {"intent", " \u2060\ufeff"}, {"intent", "\u00ad\ufe0f\u3164"}, {"intent", "\u0085"}, {"intent", "\u200bmerge"}, {"intent", "\u0600"},
		{"command", "\u00a0"}, {"command", " \u00a0 "}, {"command", "\u3000"}, {"command", " \t\r\n"}, {"command", "git push"},
	} {
		p := op.Parameters.GetByInAndName("query", tt.name)
		if p == nil || p.Schema == nil || p.Schema.Value == nil || p.Schema.Value.Pattern == "" {
			t.Fatalf("openapi.yaml: GET /tools has no pattern for %s", tt.name)
		}
		target := "/tools?" + tt.name + "=" + url.QueryEscape(tt.value)
		e := do(t, h, "GET", target, nil)
		if e.status != 200 && e.status != 400 {
			t.Fatalf("GET %s: %d", target, e.status)
		}
		if takes := ecmaPattern(t, p.Schema.Value.Pattern).MatchString(tt.value); takes != (e.status == 200) {
			t.Errorf("GET %s: the server answers %d, but openapi.yaml's pattern %q for %s, read as ECMA-262, takes it: %v", target, e.status, p.Schema.Value.Pattern, tt.name, takes)
		}
	}
}
