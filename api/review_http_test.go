package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestIfNoneMatchOverSeveralLines: If-None-Match is a list, which a client
// or an intermediary may send as several field lines (RFC 9110 §5.3); a tag
// on any of them matches.
func TestIfNoneMatchOverSeveralLines(t *testing.T) {
	src := testdataSource(t)
	srv := httptest.NewServer(newRouter(src))
	defer srv.Close()
	req, err := http.NewRequest("GET", srv.URL+"/registry", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Add("If-None-Match", `"some-other-tag"`)
	req.Header.Add("If-None-Match", `"`+src.Current().Digest+`"`)
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match on two lines, the second holding the ETag: %d, want 304", resp.StatusCode)
	}
}
