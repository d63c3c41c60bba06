package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// loadRepo loads testdata/repo afresh (not the snapshot the other tests
// share), as the daemon loads it.
func loadRepo(t *testing.T, gen uint64) *store.Snapshot {
	t.Helper()
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo", Tree: true}})
	if err != nil || !snap.OK() {
		t.Fatalf("testdata/repo: %v %v", err, snap.Diagnostics)
	}
	snap.Generation = gen
	return snap
}

// collected reports whether p's object is gone after a few collections (a
// weak pointer is cleared by the collection after its object became
// unreachable).
func collected[T any](p weak.Pointer[T]) bool {
	for range 3 {
		runtime.GC()
		if p.Value() == nil {
			return true
		}
	}
	return false
}

// TestReplacedSnapshotIsReleased: the daemon swaps in a snapshot on every
// change for weeks, and the one it replaced, with every response encoded
// from it, must become garbage once the requests reading it are done, and
// not only when a later request happens to ask for data (probes and
// scrapes do not): otherwise the next rebuild runs with three registries in
// memory instead of two.
func TestReplacedSnapshotIsReleased(t *testing.T) {
	src := &source{}
	old := loadRepo(t, 1)
	src.snap.Store(old)
	h := api.NewRouter(src, api.Options{Metrics: api.NewMetrics()})
	serve := func(method, path string, body io.Reader) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(method, path, body)
		req.Header.Set("Accept-Encoding", "gzip")
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, p := range []string{"/registry", "/contract", "/loop-points/plan:pre", "/capabilities/ui", "/tools?intent=deploy",
		"/tools?command=git+push", "/render-hooks/plan:pre", "/status", "/metrics"} {
		if rec := serve("GET", p, nil); rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", p, rec.Code, rec.Body)
		}
	}
	// A request in flight on the old snapshot: its body is still being
	// read when the snapshot is replaced (POST /validate judges a change
	// over the snapshot served when it arrived).
	body, send := io.Pipe()
	inFlight := make(chan *httptest.ResponseRecorder)
	go func() { inFlight <- serve("POST", "/validate", body) }()
	if _, err := send.Write([]byte(`{"files": {"notes/x.md": `)); err != nil { // returns once the handler reads the body
		t.Fatal(err)
	}
	released := weak.Make(old)
	old = nil
	src.snap.Store(loadRepo(t, 2))
	for _, p := range []string{"/healthz", "/readyz", "/metrics"} { // no data asked for
		serve("GET", p, nil)
	}
	if collected(released) {
		t.Fatal("the snapshot a request is still reading was collected")
	}
	send.Write([]byte(`"x"}}`))
	send.Close()
	if rec := <-inFlight; rec.Code != http.StatusOK || rec.Header().Get("X-Capreg-Generation") != "1" {
		t.Fatalf("the request in flight: %d, generation %q, want 200 from generation 1: %s", rec.Code, rec.Header().Get("X-Capreg-Generation"), rec.Body)
	}
	if !collected(released) {
		t.Error("the replaced snapshot is still reachable once no request reads it")
	}
	runtime.KeepAlive(h) // the daemon's router lives on
}

// TestRequestSeriesStayBounded: the request metrics are labelled by route
// pattern, method and code only, so requests whose paths, ids, points,
// query values, parameter names and methods never repeat add no series:
// label values taken from a client's input would grow the daemon's memory,
// and every scrape, with each new one.
func TestRequestSeriesStayBounded(t *testing.T) {
	m := api.NewMetrics()
	h := api.NewRouter(testdataSource(t), api.Options{Metrics: m})
	round := func(r int) int {
		for i := range 20 {
			n := fmt.Sprint(r*100 + i)
			for _, rq := range [][2]string{
				{"GET", "/nope/" + n},
				{"GET", "/capabilities/cap-" + n},
				{"GET", "/capabilities/cap-" + n + "/closure"},
				{"GET", "/tools/tool-" + n},
				{"GET", "/tools/ns%2F" + n},
				{"GET", "/profiles/p" + n},
				{"GET", "/loop-points/p:" + n},
				{"GET", "/render-hooks/p:" + n},
				{"POST", "/render-hooks/plan:pre?activeCap=cap-" + n},
				{"GET", "/tools?intent=deploy+the+thing+" + n},
				{"GET", "/tools?command=git+push+origin+b" + n},
				{"GET", "/tools?cursor=c" + n},
				{"GET", "/registry?p" + n + "=1"},
				{"GET", "/registry?x=%z" + n},
				{"M" + n, "/registry"},
				{"M" + n, "/nope/" + n},
				{"M" + n, "/tools/tool-" + n},
				{"PUT", "/render-hooks/p:" + n},
				{"POST", "/render-hooks/p:" + n},
				{"HEAD", "/capabilities/cap-" + n},
				{"GET", "/tools/tool-" + n + "/"},
				{"GET", "//registry/" + n},
			} {
				h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(rq[0], rq[1], nil))
			}
		}
		families, err := m.Registry().Gather()
		if err != nil {
			t.Fatal(err)
		}
		series := 0
		for _, f := range families {
			if strings.HasPrefix(f.GetName(), "capreg_http_") {
				series += len(f.GetMetric())
			}
		}
		return series
	}
	first := round(1)
	if again := round(2); again != first {
		t.Errorf("request metrics: %d series after one round of requests, %d after a second round with new inputs", first, again)
	}
}
