package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/capreg/capreg/api"
)

// TestMetricsRouteBelowAMount: a router mounted below a prefix counts each
// request under the pattern of its own route, as one at the root does,
// whether http.StripPrefix or a parent chi router's Mount put it there: its
// 405s and the 413s written before routing under the route they were sent
// to, next to the route's 200s, and only paths no route has as "unmatched".
// Below chi's Mount, the routed answers were counted under
// "/registry/capabilities/{id}", and the 405s, the answers written before
// routing and the 404s for paths no route has all alike under the
// parent's "/registry/*".
func TestMetricsRouteBelowAMount(t *testing.T) {
	mounts := map[string]func(h http.Handler) http.Handler{
		"StripPrefix": func(h http.Handler) http.Handler {
			mux := http.NewServeMux()
			mux.Handle("/registry/", http.StripPrefix("/registry", h))
			return mux
		},
		"chi Mount": func(h http.Handler) http.Handler {
			parent := chi.NewRouter()
			parent.Mount("/registry", h)
			return parent
		},
	}
	tests := []struct {
		method, target, body string
		code                 int
		route                string
	}{
		{"GET", "/registry/capabilities/research", "", 200, "/capabilities/{id}"},
		{"DELETE", "/registry/capabilities/research", "", 405, "/capabilities/{id}"},
		{"GET", "/registry/capabilities/nope", "", 404, "/capabilities/{id}"},
		{"POST", "/registry/render-hooks/plan:pre", `{"config":{"x":"` + strings.Repeat("y", 64) + `"}}`, 413, "/render-hooks/{point}"},
		{"GET", "/registry/tools?intent=%zz", "", 400, "/tools"},
		{"GET", "/registry/nope", "", 404, "unmatched"},
	}
	for name, mount := range mounts {
		for _, tt := range tests {
			m := api.NewMetrics()
			h := mount(api.NewRouter(testdataSource(t), api.Options{Metrics: m, MaxBodyBytes: 32}))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.target, strings.NewReader(tt.body)))
			if rec.Code != tt.code {
				t.Errorf("%s: %s %s: %d %s, want %d", name, tt.method, tt.target, rec.Code, truncate(rec.Body.Bytes()), tt.code)
				continue
			}
			if got := requestCount(t, m, tt.route, tt.method, fmt.Sprint(tt.code)); got != 1 {
				t.Errorf("%s: %s %s: capreg_http_requests_total{route=%q,code=\"%d\"} = %v, want 1", name, tt.method, tt.target, tt.route, tt.code, got)
			}
		}
	}
}
