package api

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzNegotiate sends arbitrary Accept and Accept-Encoding headers, which
// no other fuzz target sets: reading them never panics, a list splits
// into members that join back into the header, every weight is between 0
// and 1 in thousandths, and the answer is JSON, markdown or the 406.
func FuzzNegotiate(f *testing.F) {
	for _, seed := range [][2]string{
		{"text/markdown, */*;q=0.5", "gzip;q=1.0, identity; q=0.5"},
		{`text/markdown;a="x,y;q=0";q=0.9, application/json;q=0.900`, "x-gzip;q=0, *"},
		{`text/*;q=1.001, application/json;q=0`, `"gzip\"`},
		{`*/*;q=.5, TEXT/MARKDOWN;Q=1`, ";q=0,,"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, accept, encoding string) {
		for _, sep := range []byte{',', ';'} {
			if got := strings.Join(splitList(accept, sep), string(sep)); got != accept {
				t.Fatalf("splitList(%q, %q) joins back into %q", accept, sep, got)
			}
		}
		for _, w := range parseWeighted([]string{accept, encoding}) {
			if w.q < 0 || w.q > 1000 || w.name == "" || w.name != strings.ToLower(w.name) {
				t.Fatalf("member %+v of %q, %q", w, accept, encoding)
			}
		}
		r := httptest.NewRequest("GET", "/render-hooks/plan:pre", nil)
		r.Header.Set("Accept", accept)
		r.Header.Set("Accept-Encoding", encoding)
		switch media, ok := negotiateRender(r); {
		case ok && (media == mediaJSON || media == mediaMarkdown), !ok && media == "":
		default:
			t.Fatalf("Accept %q: %q, %v", accept, media, ok)
		}
		acceptsGzip(r)
	})
}
