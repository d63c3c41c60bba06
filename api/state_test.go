package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestCapabilityStateGetWithABodyPointsAtPost pins the hint GET
// /render-hooks/{point} gives a body sent with a GET ("POST
// /render-hooks/{point} renders with a body {...}") for GET
// /capability-state, whose body has a POST of its own: a client that sent
// its config with a GET (requests.get(url, json=config)) is told which
// request takes it.
func TestCapabilityStateGetWithABodyPointsAtPost(t *testing.T) {
	srv := httptest.NewServer(newRouter(testdataSource(t)))
	defer srv.Close()
	req, err := http.NewRequest(http.MethodGet, srv.URL+"/capability-state", strings.NewReader(`{"profile":"core"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(data), "POST /capability-state") {
		t.Errorf("GET /capability-state with a body: %d %s, want a 400 naming POST /capability-state", resp.StatusCode, data)
	}
}
