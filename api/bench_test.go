package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
)

var snap10k = sync.OnceValues(func() (*store.Snapshot, error) {
	dir, err := tempDir()
	if err != nil {
		return nil, err
	}
	if err := storetest.WriteRepo(dir, 10000); err != nil {
		return nil, err
	}
	return store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: dir}})
})

// discard is a ResponseWriter that keeps nothing, so the benchmark measures
// the handler rather than a recorder.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// router10k is the real router serving the 10,000 capability snapshot.
func router10k(b *testing.B) http.Handler {
	snap, err := snap10k()
	if err != nil || !snap.OK() {
		b.Fatalf("%v", err)
	}
	src := &source{}
	src.snap.Store(snap)
	return api.NewRouter(src, api.Options{Metrics: api.NewMetrics()})
}

// BenchmarkLoopPoint10k serves GET /loop-points/plan:pre of a 10,000
// capability repository through the real router (cached body, gzip).
func BenchmarkLoopPoint10k(b *testing.B) {
	h := router10k(b)
	for _, enc := range []string{"identity", "gzip"} {
		b.Run(enc, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/loop-points/plan:pre", nil)
			req.Header.Set("Accept-Encoding", enc)
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				h.ServeHTTP(w, req)
			}
		})
	}
}

// BenchmarkRenderHooks10k serves GET /render-hooks/plan:pre (defaults) of a
// 10,000 capability repository through the real router, in JSON and in
// markdown: the orchestrator's most frequent call.
func BenchmarkRenderHooks10k(b *testing.B) {
	h := router10k(b)
	for _, format := range []string{"json", "markdown"} {
		b.Run(format, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/render-hooks/plan:pre?format="+format, nil)
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				h.ServeHTTP(w, req)
			}
		})
	}
}
