package api_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestRenderPostGzipped: a POST render's answer over 1 KiB is gzipped for
// a client that takes gzip, as a GET's is, and is the same answer
// decompressed; it carries no ETag (it is a function of the body), and
// says it varies by Accept and Accept-Encoding. A client that takes no
// gzip gets it plain.
func TestRenderPostGzipped(t *testing.T) {
	h := newRouter(testdataSource(t))
	post := func(format, encoding string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/render-hooks/plan:pre?format="+format, strings.NewReader(`{"config": {}}`))
		req.Header.Set("Content-Type", "application/json")
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, format := range []string{"json", "markdown"} {
		plain := post(format, "")
		if plain.Code != 200 || plain.Body.Len() <= 1024 || plain.Header().Get("Content-Encoding") != "" {
			t.Fatalf("%s plain: %d, %d bytes, encoding %q; want 200 over 1 KiB, none", format, plain.Code, plain.Body.Len(), plain.Header().Get("Content-Encoding"))
		}
		gz := post(format, "gzip")
		if gz.Code != 200 || gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("Etag") != "" ||
			gz.Header().Get("Vary") != "Accept-Encoding, Accept" || gz.Header().Get("X-Capreg-Digest") == "" {
			t.Fatalf("%s gzip: %d, headers %v", format, gz.Code, gz.Header())
		}
		if gz.Header().Get("Content-Length") != strconv.Itoa(gz.Body.Len()) {
			t.Errorf("%s gzip: Content-Length %s for %d bytes", format, gz.Header().Get("Content-Length"), gz.Body.Len())
		}
		zr, err := gzip.NewReader(gz.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, plain.Body.Bytes()) {
			t.Errorf("%s: gzip body decompressed differs from the plain one (err %v)", format, err)
		}
	}
}
