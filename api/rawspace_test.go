package api_test

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"testing"
)

// TestNotFoundEscapesARawSpace: a path that reaches the router holding a
// raw space (the URL of a program serving the router in process, which
// url.Parse takes) is named by the 404 with the space escaped, %20, as
// every byte a path may not hold is, so that the path named can be sent
// again; the escapes the client wrote (%2F) are kept.
func TestNotFoundEscapesARawSpace(t *testing.T) {
	h := newRouter(testdataSource(t))
	for target, want := range map[string]string{
		"/nope%2Fx y": "no such route: /nope%2Fx%20y (GET /openapi.yaml lists the routes)", // RawPath: escapeRest
		"/no pe":      "no such route: /no%20pe (GET /openapi.yaml lists the routes)",      // EscapedPath
	} {
		req := httptest.NewRequest("GET", "/", nil)
		u, err := url.Parse(target)
		if err != nil {
			t.Fatal(err)
		}
		req.URL, req.RequestURI = u, target
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var e struct{ Message string }
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		if rec.Code != 404 || e.Message != want {
			t.Errorf("%q: %d %q, want 404 %q", target, rec.Code, e.Message, want)
		}
	}
}
