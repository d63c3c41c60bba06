package api_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/capreg/capreg"
)

// TestOpenAPIDocumentIsCachedAndGzippedAg1: GET /openapi.yaml, which an
// agent framework reads at each start, carries a strong ETag of the
// document (the gzip encoding another), is no-cache rather than no-store,
// is gzipped for a client that takes it (88 KB of YAML went out whole
// every time), and answers If-None-Match holding the tag of the
// representation asked for with a 304, the other one's with the document.
func TestOpenAPIDocumentIsCachedAndGzippedAg1(t *testing.T) {
	h := newRouter(testdataSource(t))
	plain := do(t, h, "GET", "/openapi.yaml", nil)
	zipped := do(t, h, "GET", "/openapi.yaml", nil, "Accept-Encoding", "gzip")
	if plain.status != 200 || zipped.status != 200 {
		t.Fatalf("statuses %d, %d", plain.status, zipped.status)
	}
	if !bytes.Equal(plain.body, capreg.OpenAPI) {
		t.Errorf("identity body is not the embedded document")
	}
	if zipped.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Accept-Encoding gzip: Content-Encoding %q, want gzip", zipped.header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped.body))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, capreg.OpenAPI) {
		t.Errorf("gzip body does not decode to the document (%v)", err)
	}
	if len(zipped.body)*3 > len(plain.body) {
		t.Errorf("gzip body %d bytes, identity %d", len(zipped.body), len(plain.body))
	}
	tag, ztag := plain.header.Get("ETag"), zipped.header.Get("ETag")
	if !strings.HasPrefix(tag, `"openapi-`) || ztag != strings.TrimSuffix(tag, `"`)+`-gzip"` {
		t.Fatalf("ETags %q and %q, want \"openapi-<hash>\" and its -gzip", tag, ztag)
	}
	for _, e := range []exchange{plain, zipped} {
		if cc := e.header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("Cache-Control %q, want no-cache", cc)
		}
		if v := e.header.Get("Vary"); v != "Accept-Encoding" {
			t.Errorf("Vary %q, want Accept-Encoding", v)
		}
	}
	tests := []struct {
		held, encoding string
		want           int
	}{
		{tag, "", http.StatusNotModified},
		{ztag, "gzip", http.StatusNotModified},
		{"W/" + ztag, "gzip", http.StatusNotModified},
		{`"x", ` + tag, "", http.StatusNotModified},
		{"*", "", http.StatusNotModified},
		{ztag, "", http.StatusOK}, // holds the gzip body, asks for identity
		{tag, "gzip", http.StatusOK},
		{`"openapi-0"`, "", http.StatusOK},
	}
	for _, tt := range tests {
		hdr := []string{"If-None-Match", tt.held}
		if tt.encoding != "" {
			hdr = append(hdr, "Accept-Encoding", tt.encoding)
		}
		e := do(t, h, "GET", "/openapi.yaml", nil, hdr...)
		if e.status != tt.want {
			t.Errorf("If-None-Match %s, Accept-Encoding %q: %d, want %d", tt.held, tt.encoding, e.status, tt.want)
		}
		if e.status == http.StatusNotModified && len(e.body) != 0 {
			t.Errorf("304 with a body of %d bytes", len(e.body))
		}
	}
	if e := do(t, h, "HEAD", "/openapi.yaml", nil, "If-None-Match", tag); e.status != http.StatusNotModified {
		t.Errorf("HEAD with its tag: %d, want 304", e.status)
	}
}
