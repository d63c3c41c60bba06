package api_test

import (
	"strings"
	"testing"
)

// TestRenderHooksByAccept: GET /render-hooks/{point} answers in the
// representation Accept weighs higher (RFC 9110 §12.5.1); on equal weights
// the one named more specifically, then JSON; JSON when Accept names
// neither; and 406 only when JSON itself is refused (q=0) and markdown is
// not acceptable. Media ranges are case-insensitive, and a quoted
// parameter holding a comma, a semicolon or an escaped quote does not
// split a member.
func TestRenderHooksByAccept(t *testing.T) {
	h := newRouter(testdataSource(t))
	const js, md, refused = "application/json", "text/markdown", "406"
	for _, tt := range []struct{ accept, want string }{
		{"", js},
		{"text/markdown", md},
		{"application/json", js},
		{"TEXT/Markdown", md},
		{"text/*", md},
		{"*/*", js},
		{"text/plain", js}, // neither acceptable: the header is disregarded
		{"text/markdown, */*", md},
		{"*/*, text/markdown", md},
		{"text/markdown;q=0.5, application/json", js},
		{"text/markdown, application/json;q=0.5", md},
		{"text/markdown;q=0.5, application/json;q=0.5", js},               // a tie of types named alike: JSON
		{"application/json;q=0.5, text/*;q=0.5", js},                      // JSON named more specifically
		{"application/*;q=0.5, text/markdown;q=0.5", md},                  // markdown named more specifically
		{"text/*;q=0.5, */*;q=0.5", md},                                   // text/* names markdown over */* JSON
		{"text/markdown;q=0.4, text/*;q=0.9, application/json;q=0.5", js}, // the most specific range's weight
		{"text/markdown;q=0", js},
		{"application/json;q=0", refused},
		{"*/*;q=0", refused},
		{"text/markdown;q=0, application/json;q=0", refused},
		{"application/json;q=0, text/markdown;q=0.001", md},
		{`application/json;foo="x,text/markdown";q=0.1, text/*;q=0.2`, md},
		{`application/json;foo="a;q=0.9";q=0.1, text/markdown;q=0.2`, md},
		{`application/json;foo="a\",text/markdown";q=0.1, text/*;q=0.2`, md},
		{"application/json;q=0.1, text/markdown;q=1.5", js}, // a malformed weight drops its member
	} {
		e := do(t, h, "GET", "/render-hooks/plan:pre", nil, "Accept", tt.accept)
		got := strings.TrimSuffix(strings.Split(e.header.Get("Content-Type"), ";")[0], " ")
		if e.status == 406 {
			got = refused
		} else if e.status != 200 {
			t.Errorf("Accept %q: %d %s", tt.accept, e.status, truncate(e.body))
			continue
		}
		if got != tt.want {
			t.Errorf("Accept %q: %s, want %s", tt.accept, got, tt.want)
		}
	}
}
