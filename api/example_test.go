package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// Serve the API below /registry/ of a program's own mux, behind its own
// middleware, over a Watcher that follows the repository.
func ExampleNewRouter() {
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
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
