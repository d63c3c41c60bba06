package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/internal/memtest"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
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

// BenchmarkCachedBodiesLive3k asks a fresh snapshot of a 3,000 capability
// repository for every answer the API caches (each capability, closure,
// state and tool, each loop point and default render, the lists), in
// identity and gzip, and reports live-MB: the heap the cached answers
// hold, kept while the snapshot is served.
//
//	go test ./api -run '^$' -bench CachedBodiesLive3k -benchtime 3x
func BenchmarkCachedBodiesLive3k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 3000); err != nil {
		b.Fatal(err)
	}
	var live float64
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: dir}})
		if err != nil || !snap.OK() {
			b.Fatal(err)
		}
		snap.SearchIndex()
		snap.Commands()
		src := &source{}
		src.snap.Store(snap)
		h := api.NewRouter(src, api.Options{})
		urls := []string{"/registry", "/contract", "/capabilities", "/loop-points", "/config-keys", "/profiles", "/reviewers"}
		for _, p := range []string{"core", "standard", "full"} {
			urls = append(urls, "/profiles/"+p)
		}
		for _, p := range validate.Points {
			urls = append(urls, "/loop-points/"+p, "/render-hooks/"+p, "/render-hooks/"+p+"?format=markdown")
		}
		for _, c := range snap.Registry.Capabilities {
			id := url.PathEscape(c.ID)
			urls = append(urls, "/capabilities/"+id, "/capabilities/"+id+"/closure", "/capability-state?id="+url.QueryEscape(c.ID))
		}
		for _, c := range snap.Result.Cards {
			urls = append(urls, "/tools/"+url.PathEscape(c.ID))
		}
		w := &discard{h: http.Header{}}
		live = memtest.LiveMB(func() any {
			b.StartTimer()
			for _, u := range urls {
				for _, enc := range []string{"identity", "gzip"} {
					req := httptest.NewRequest("GET", u, nil)
					req.Header.Set("Accept-Encoding", enc)
					clear(w.h)
					h.ServeHTTP(w, req)
				}
			}
			b.StopTimer()
			return h
		})
		b.StartTimer()
	}
	b.ReportMetric(live, "live-MB")
}

// BenchmarkStatusManyWarnings serves GET /status of a snapshot holding
// 20,000 warnings (a repository of as many links out of it, each a
// path-escape of its own file): the bytes a request allocates are what
// each client that reads its answer slowly holds.
func BenchmarkStatusManyWarnings(b *testing.B) {
	many, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}})
	if err != nil || !many.OK() {
		b.Fatalf("testdata/repo: %v", err)
	}
	many.Diagnostics = nil // a snapshot of its own: no other test reads it
	for i := range 20000 {
		many.Diagnostics = append(many.Diagnostics, validate.Diagnostic{File: fmt.Sprintf("docs/ln/l%05d.md", i), Rule: "path-escape", Severity: validate.Warning,
			Message: "docs/ln/l.md is a symbolic link to /etc/passwd, outside the repository: not followed"})
	}
	src := &source{}
	src.snap.Store(many)
	h := api.NewRouter(src, api.Options{Metrics: api.NewMetrics()})
	req := httptest.NewRequest("GET", "/status", nil)
	w := &discard{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		h.ServeHTTP(w, req)
	}
}

// BenchmarkRouterCalls10k serves, through the real router on the 10,000
// capability snapshot (1,000 tool cards), the calls users make most:
// /tools?intent=, /tools?command=, /status, /registry (identity, gzip).
func BenchmarkRouterCalls10k(b *testing.B) {
	h := router10k(b)
	intents := []string{"roll back the database", "I need to rotate a certificate quickly", "backup bucket", "inspect the cluster", "lint image number 42"}
	commands := []string{"bin/tool-00042 prod-cache-1", "bin/tool-00917 prod-queue-1", "bin/tool-00003 x", "bin/nothing here"}
	var intentURLs, commandURLs []string
	for _, q := range intents {
		intentURLs = append(intentURLs, "/tools?intent="+url.QueryEscape(q))
	}
	for _, q := range commands {
		commandURLs = append(commandURLs, "/tools?command="+url.QueryEscape(q))
	}
	cases := []struct {
		name string
		urls []string
		enc  string
	}{
		{"tools-intent", intentURLs, "identity"},
		{"tools-command", commandURLs, "identity"},
		{"status", []string{"/status"}, "identity"},
		{"registry", []string{"/registry"}, "identity"},
		{"registry-gzip", []string{"/registry"}, "gzip"},
		// A 404 names the nearest id, compared with every id served.
		{"tool-unknown", []string{"/tools/tool-0004", "/tools/kubectl-rollout-restart"}, "identity"},
		{"capability-unknown", []string{"/capabilities/cap-0004", "/capabilities/deploy-service"}, "identity"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			reqs := make([]*http.Request, len(c.urls))
			for i, u := range c.urls {
				reqs[i] = httptest.NewRequest("GET", u, nil)
				reqs[i].Header.Set("Accept-Encoding", c.enc)
			}
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				clear(w.h)
				h.ServeHTTP(w, reqs[i%len(reqs)])
				i++
			}
		})
	}
}
