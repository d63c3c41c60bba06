package api_test

import (
	"net/http"
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

// TestRenderNegotiation: Accept is read as RFC 9110 §12.5.1 says (weights,
// case-insensitive types, wildcards, q=0 refusing), a tie goes to the type
// named more specifically and then to JSON, an
// Accept that accepts neither is disregarded unless it refuses JSON, and
// each representation keeps its own ETag whichever way it was chosen.
func TestRenderNegotiation(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	d := src.Current().Digest
	const js, md, refused = "application/json", "text/markdown", "406"
	tests := []struct {
		name, method, query, accept string
		want                        string // media type sent, or refused
	}{
		{"no Accept", "GET", "", "", js},
		{"markdown", "GET", "", "text/markdown", md},
		{"markdown refused", "GET", "", "text/markdown;q=0", js},
		{"markdown refused, spaces", "GET", "", "text/markdown ; q=0.0", js},
		{"JSON weighs more", "GET", "", "application/json, text/markdown;q=0.5", js},
		{"markdown weighs more", "GET", "", "application/json;q=0.9, text/markdown", md},
		{"upper case", "GET", "", "TEXT/MARKDOWN", md},
		{"mixed case, weight parameter too", "GET", "", "Text/Markdown; Q=0.5, application/json;q=0.4", md},
		{"any", "GET", "", "*/*", js},
		{"any text", "GET", "", "text/*", md},
		{"any text, JSON preferred", "GET", "", "text/*;q=0.5, application/json", js},
		{"the most specific range counts", "GET", "", "text/markdown;q=0.2, */*;q=0.1", md},
		{"the most specific range counts, refusing", "GET", "", "text/markdown;q=0, text/*", js},
		{"a tie goes to the type named", "GET", "", "text/markdown;q=0.5, */*;q=0.5", md},
		{"a named type beats a wildcard", "GET", "", "text/markdown, */*", md},
		{"a tie of named types goes to JSON", "GET", "", "text/markdown;q=0.5, application/json;q=0.5", js},
		{"browser-like", "GET", "", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", js},
		{"a quoted comma does not split", "GET", "", `text/markdown;variant="a,b";q=0, application/json;q=0.5`, js},
		{"a malformed weight drops the range", "GET", "", "text/markdown;q=1.5", js},
		{"a malformed weight drops the range, too precise", "GET", "", "text/markdown;q=0.0001", js},
		{"an empty member is skipped, not the end", "GET", "", " , text/markdown", md},
		{"the first weight of a range counts", "GET", "", "text/markdown;q=0.1;q=1, application/json;q=0.5", js},
		{"the first of equally specific ranges counts", "GET", "", "text/markdown;q=0.1, text/markdown, application/json;q=0.5", js},
		{"a weight that is no number drops the range", "GET", "", "text/markdown;q=0.x", js},
		{"a weight with a nine", "GET", "", "text/markdown;q=0.9, application/json;q=0.8", md},
		{"a malformed weight drops JSON's range rather than refusing it", "GET", "", "application/json;q=0.0001", js},
		{"a weight above 1 drops JSON's range rather than refusing it", "GET", "", "application/json;q=2", js},
		{"nothing acceptable: Accept disregarded", "GET", "", "image/png", js},
		{"JSON refused", "GET", "", "application/json;q=0", refused},
		{"everything refused", "GET", "", "*/*;q=0", refused},
		{"both refused", "GET", "", "application/json;q=0, text/markdown;q=0", refused},
		{"JSON refused, markdown accepted", "GET", "", "application/json;q=0, text/*;q=0.1", md},
		{"POST: JSON refused", "POST", "", "application/json;q=0", refused},
		{"POST: markdown weighs more", "POST", "", "application/json;q=0.1, text/markdown;q=0.2", md},
		{"format wins over Accept", "GET", "?format=json", "text/markdown", js},
		{"format wins over a refusing Accept", "GET", "?format=markdown", "*/*;q=0", md},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hdr []string
			if tt.accept != "" {
				hdr = []string{"Accept", tt.accept}
			}
			var body []byte
			if tt.method == "POST" {
				body = []byte(`{}`)
			}
			e := do(t, h, tt.method, "/render-hooks/verify:post"+tt.query, body, hdr...)
			if tt.want == refused {
				if e.status != http.StatusNotAcceptable || e.json(t)["code"] != "not_acceptable" || e.header.Get("Vary") != "Accept-Encoding, Accept" {
					t.Errorf("Accept %q: %d %v %s; want 406 not_acceptable with Vary: Accept", tt.accept, e.status, e.header, e.body)
				}
				return
			}
			if e.status != 200 || !strings.HasPrefix(e.header.Get("Content-Type"), tt.want) {
				t.Fatalf("Accept %q: %d %s; want %s", tt.accept, e.status, e.header.Get("Content-Type"), tt.want)
			}
			if tt.method == "POST" {
				return
			}
			// JSON carries the snapshot digest, as every JSON answer does
			// (CONTRACT.md §6); markdown a tag of its own.
			want := map[string]string{js: `"` + d + `"`, md: `"` + d + `-markdown"`}[tt.want]
			if etag := e.header.Get("ETag"); etag != want || e.header.Get("Vary") != "Accept-Encoding, Accept" {
				t.Errorf("Accept %q: ETag %s, Vary %q; want %s and Vary: Accept", tt.accept, etag, e.header.Get("Vary"), want)
			}
		})
	}
}

// TestGzipNegotiation: content codings are case-insensitive, weighted, and
// * stands for gzip when gzip is not listed; the ETag follows the encoding
// sent.
func TestGzipNegotiation(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	d := src.Current().Digest
	tests := []struct {
		acceptEncoding string
		gzip           bool
	}{
		{"gzip", true},
		{"GZIP", true},
		{"Gzip;Q=1", true},
		{"x-gzip", true},
		{"*", true},
		{"deflate, *;q=0.5", true},
		{"gzip;q=0.001", true},
		{"gzip, identity;q=0.5", true},
		{"br, gzip;q=0.8, identity;q=0.8", true},
		{"", false},
		{"gzip;q=0", false},
		{"GZIP;Q=0", false},
		{"gzip;q=0.0", false},
		{"gzip; q=0.000", false},
		{"*;q=0", false},
		{"*, gzip;q=0", false},
		{"br, deflate", false},
		{"identity", false},
		{"gzip;q=0.5, identity", false},
		{"gzip;q=2", false},  // a malformed weight drops the coding
		{"gzip;q=.5", false}, // a qvalue starts with 0 or 1 (cr86 mutant: a weight of no whole part read survived)
	}
	for _, tt := range tests {
		t.Run(tt.acceptEncoding, func(t *testing.T) {
			e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", tt.acceptEncoding)
			gz := e.header.Get("Content-Encoding") == "gzip"
			wantTag := `"` + d + `"`
			if tt.gzip {
				wantTag = `"` + d + `-gzip"`
			}
			if gz != tt.gzip || e.header.Get("ETag") != wantTag {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q, ETag %s; want gzip %v", tt.acceptEncoding, e.header.Get("Content-Encoding"), e.header.Get("ETag"), tt.gzip)
			}
		})
	}
}
