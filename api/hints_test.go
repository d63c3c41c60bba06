package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/capreg/capreg/api"
)

// TestRenderHintsAreBounded: every name of a POST /render-hooks enablement
// that the registry does not have is warned of, but only the first few are
// given a did-you-mean, each of which compares the name with every id of
// the registry: 80,000 of them in a 1 MiB body kept a core busy for 397 s
// on a 10,000-capability registry.
func TestRenderHintsAreBounded(t *testing.T) {
	h := newRouter(testdataSource(t))
	const n = 100
	for _, c := range []struct {
		field, body, first, last, meant string
	}{
		{"disabledCapabilities", `{"disabledCapabilities":%s}`, "reserch", "researh", "research"},
		{"surface disabledClusters", `{"surface":{"baseProfile":"full","disabledClusters":%s,"explicitAdds":[],"explicitRemoves":[]}}`, "securty", "secrity", "security"},
		{"surface explicitAdds", `{"surface":{"baseProfile":"full","disabledClusters":[],"explicitAdds":%s,"explicitRemoves":[]}}`, "secure-phse", "secure-pahse", "secure-phase"},
	} {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("no-such-name-%d", i)
		}
		names[0], names[n-1] = c.first, c.last
		list, _ := json.Marshal(names)
		e := do(t, h, "POST", "/render-hooks/plan:pre", fmt.Appendf(nil, c.body, list))
		if e.status != 200 {
			t.Fatalf("%s: status %d: %s", c.field, e.status, e.body)
		}
		var env struct{ Warnings []string }
		if err := json.Unmarshal(e.body, &env); err != nil {
			t.Fatal(err)
		}
		if len(env.Warnings) != n {
			t.Fatalf("%s: %d warnings, want one for each of the %d names: %q", c.field, len(env.Warnings), n, env.Warnings)
		}
		meant := fmt.Sprintf("%q", c.meant)
		if first := env.Warnings[0]; !strings.Contains(first, meant) {
			t.Errorf("%s: the first unknown name has no did-you-mean: %s", c.field, first)
		}
		if last := env.Warnings[n-1]; strings.Contains(last, meant) {
			t.Errorf("%s: the %dth unknown name was still searched for a did-you-mean: %s", c.field, n, last)
		}
	}
}

// TestRenderTurns: POST /render-hooks bodies are rendered a few at a time,
// as command lines are matched: each may be a 1 MiB enablement warned of
// name by name, and 32 side by side took 22 s of CPU and 0.9 GB on a
// 10,000-capability registry, slowing every other route. One that finds
// every turn taken (and may wait for none) is answered 503 busy with
// Retry-After, as is a POST /capability-state, which renders too; GET, a
// function of the snapshot and the URL, needs no turn.
func TestRenderTurns(t *testing.T) {
	h, release := api.NewRouterWithRenderTurnsTaken(testdataSource(t), api.Options{MaxRenders: 2})
	e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(`{"config":{}}`))
	if doc := e.json(t); e.status != 503 || doc["code"] != "busy" || e.header.Get("Retry-After") != "1" ||
		doc["details"].(map[string]any)["concurrent"] != 2.0 ||
		doc["message"] != "the server is busy: enablements are being rendered, as many at once as it takes (2); retry shortly" {
		t.Errorf("with every turn taken: %d Retry-After %q %s", e.status, e.header.Get("Retry-After"), e.body)
	}
	if e := do(t, h, "GET", "/render-hooks/plan:pre", nil); e.status != 200 {
		t.Errorf("a GET waited for a render turn: %d %s", e.status, e.body)
	}
	// POST /capability-state takes the same turns.
	if e := do(t, h, "POST", "/capability-state", []byte(`{"config":{}}`)); e.status != 503 || e.json(t)["code"] != "busy" || e.header.Get("Retry-After") != "1" {
		t.Errorf("POST /capability-state with every turn taken: %d Retry-After %q %s", e.status, e.header.Get("Retry-After"), e.body)
	}
	release()
	for _, target := range []string{"/render-hooks/plan:pre", "/capability-state"} {
		if e := do(t, h, "POST", target, []byte(`{"config":{}}`)); e.status != 200 {
			t.Errorf("POST %s with the turns free: %d %s", target, e.status, e.body)
		}
	}
}

// blockedWriter is a client reading its answer slowly: Write blocks until
// unblock is closed, and entered is closed at the first Write.
type blockedWriter struct {
	header           http.Header
	entered, unblock chan struct{}
	once             sync.Once
}

func (b *blockedWriter) Header() http.Header { return b.header }
func (b *blockedWriter) WriteHeader(int)     {}
func (b *blockedWriter) Write(p []byte) (int, error) {
	b.once.Do(func() { close(b.entered) })
	<-b.unblock
	return len(p), nil
}

// TestRenderTurnNotHeldWhileSending: a POST /render-hooks gives its turn
// back once its answer is made, before it is sent, as POST /validate does:
// a client reading a large answer (every unknown name warned of) slowly
// held the turn until the write timeout, and the other renders waited and
// were turned away busy.
func TestRenderTurnNotHeldWhileSending(t *testing.T) {
	h := api.NewRouter(testdataSource(t), api.Options{MaxRenders: 1})
	post := func() *http.Request {
		req := httptest.NewRequest("POST", "/render-hooks/plan:pre", strings.NewReader(`{"config":{}}`))
		req.Header.Set("Content-Type", "application/json")
		return req
	}
	slow := &blockedWriter{header: http.Header{}, entered: make(chan struct{}), unblock: make(chan struct{})}
	done := make(chan struct{})
	go func() { h.ServeHTTP(slow, post()); close(done) }()
	<-slow.entered
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, post())
	close(slow.unblock)
	<-done
	if rec.Code != http.StatusOK {
		t.Errorf("a render while another's answer is being sent: %d %s, want 200", rec.Code, truncate(rec.Body.Bytes()))
	}
}
