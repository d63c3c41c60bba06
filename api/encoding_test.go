package api_test

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
	"testing"
)

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestContentEncodedBodiesAreRefused: a body sent with a content coding
// is a 415 that says so (and Accept-Encoding: identity), not a 400 about
// JSON starting with byte 0x1f that the client never wrote.
func TestContentEncodedBodiesAreRefused(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, target string
		body         []byte
		encoding     string
		status       int
	}{
		{"render gzip", "/render-hooks/plan:pre", gzipped(t, `{}`), "gzip", http.StatusUnsupportedMediaType},
		{"render GZIP", "/render-hooks/plan:pre", gzipped(t, `{}`), "GZIP", http.StatusUnsupportedMediaType},
		{"render identity then gzip", "/render-hooks/plan:pre", gzipped(t, `{}`), "identity, gzip", http.StatusUnsupportedMediaType},
		{"validate br", "/validate", []byte(`{"delete":["docs/markers.md"]}`), "br", http.StatusUnsupportedMediaType},
		{"render identity", "/render-hooks/plan:pre", []byte(`{}`), "identity", http.StatusOK},
		// A coding's name is case-insensitive (RFC 9110 §8.4.1; cr86 mutant: "identity" alone survived).
		{"render Identity", "/render-hooks/plan:pre", []byte(`{}`), "Identity", http.StatusOK},
		{"render none", "/render-hooks/plan:pre", []byte(`{}`), "", http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hdr []string
			if tt.encoding != "" {
				hdr = []string{"Content-Encoding", tt.encoding}
			}
			e := do(t, h, "POST", tt.target, tt.body, hdr...)
			if e.status != tt.status {
				t.Fatalf("status %d, want %d: %s", e.status, tt.status, e.body)
			}
			if tt.status != http.StatusUnsupportedMediaType {
				return
			}
			m := e.json(t)
			if m["code"] != "unsupported_media_type" || !strings.Contains(m["message"].(string), "Content-Encoding") {
				t.Errorf("body %s", e.body)
			}
			if got := e.header.Get("Accept-Encoding"); got != "identity" {
				t.Errorf("Accept-Encoding %q, want identity", got)
			}
		})
	}
}
