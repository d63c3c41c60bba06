package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// Serve the API below /registry/ of a program's own mux, behind its own
// middleware, over a Watcher that follows the repository.
func ExampleNewRouter() {
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}}})
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- w.Run(ctx) }()
	defer func() { cancel(); <-ran }() // the watcher stops before the program goes on
	first, stop := context.WithTimeout(ctx, 30*time.Second)
	defer stop()
	w.Reload(first) // wait for the first snapshot; until then data routes answer 503

	tag := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			rw.Header().Set("X-Served-By", "example")
			next.ServeHTTP(rw, r)
		})
	}
	mux := http.NewServeMux()
	mux.Handle("/registry/", http.StripPrefix("/registry", tag(api.NewRouter(w, api.Options{}))))
	// A real program serves mux from its own http.Server and stops it with
	// Shutdown, then cancels the watcher's ctx:
	//	srv := &http.Server{Addr: "127.0.0.1:8080", Handler: mux}
	//	go srv.ListenAndServe()
	//	…
	//	srv.Shutdown(shutdownCtx); cancel()
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/registry/capabilities/", nil))
	fmt.Println(rec.Code, rec.Header().Get("X-Served-By"), rec.Body.String())
	// Output:
	// 404 example {"code":"not_found","message":"no such route: /registry/capabilities/ (did you mean /registry/capabilities?)","details":{"didYouMean":"/registry/capabilities"}}
}

// swapSource is a Source of a program's own: it serves the snapshots the
// program builds and publishes, with no watcher.
type swapSource struct {
	mu     sync.Mutex
	snap   *store.Snapshot
	status store.Status
}

func (s *swapSource) Current() *store.Snapshot {
	snap, _ := s.State()
	return snap
}

func (s *swapSource) State() (*store.Snapshot, store.Status) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snap, s.status
}

// Reload is what POST /-/reload calls; this source has nothing to reread.
func (s *swapSource) Reload(context.Context) (store.Status, error) {
	_, st := s.State()
	return st, nil
}

// publish serves snap if it passed, else keeps the one served and says why.
func (s *swapSource) publish(snap *store.Snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status.LastAttempt = time.Now()
	if !snap.OK() {
		s.status.Failures++
		s.status.Failure = &store.Failure{At: s.status.LastAttempt, Error: "repository has errors", Diagnostics: snap.Diagnostics}
		return
	}
	s.status.Rebuilds++
	s.status.Generation++
	snap.Generation = s.status.Generation // before any reader sees it
	s.status.Digest, s.status.Revision, s.status.BuiltAt = snap.Digest, snap.Revision, snap.BuiltAt
	s.status.Failure = nil
	s.snap = snap
}

// Serve snapshots that the program builds itself, swapping them in when it
// chooses, through a Source of its own.
func ExampleSource() {
	src := &swapSource{}
	h := http.StripPrefix("/reg", api.NewRouter(src, api.Options{}))
	get := func(path string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		latest, _, _ := strings.Cut(rec.Header().Get("X-Capreg-Latest-Build"), " ") // "failed <time>"
		fmt.Printf("%d generation %q latest build %q\n", rec.Code, rec.Header().Get("X-Capreg-Generation"), latest)
	}
	get("/reg/capabilities/ui") // nothing published yet: 503

	// Tree: POST /validate judges a change against what the scan saw.
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo", Tree: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	src.publish(snap)
	get("/reg/capabilities/ui")

	// A build with errors (here one capability's declaration does not
	// parse) is not served: the last good snapshot stays, and the answers
	// say that the latest build failed.
	broken := store.Build(&validate.Sources{
		CapabilitiesDir: "capabilities",
		Capabilities: []validate.CapabilitySource{{
			Folder:   "ui",
			Manifest: validate.File{Path: "capabilities/ui/capability.json", Data: []byte("{")},
		}},
	}, false)
	src.publish(broken)
	get("/reg/capabilities/ui")
	// Output:
	// 503 generation "" latest build ""
	// 200 generation "1" latest build "ok"
	// 200 generation "1" latest build "failed"
}
