package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
)

// TestMetricsMethodLabelOfARoute: a request is counted under its method
// only where its route serves that method (HEAD where it serves GET; for
// "unmatched", a method some route serves); any other, a 405 or an
// answer written before routing (403, 413, 415), is "other". Every method
// of every answer was a series of its own on every route: crafted
// requests made 13,251 latency series on one daemon.
func TestMetricsMethodLabelOfARoute(t *testing.T) {
	m := api.NewMetrics()
	h := api.NewRouter(testdataSource(t), api.Options{Metrics: m, MaxBodyBytes: 64, AllowedHosts: []string{}})
	paths := []string{"/registry", "/capabilities/research", "/tools", "/render-hooks/plan:pre", "/validate", "/-/reload", "/metrics", "/nope"}
	methods := []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "FROB"}
	variants := []func(r *http.Request){
		func(*http.Request) {},
		func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") },
		func(r *http.Request) { r.Host = "evil.example" },
		func(r *http.Request) { r.Header.Set("Content-Encoding", "gzip") },
		func(r *http.Request) { r.Body = http.NoBody; r.ContentLength = 1 << 20 },
	}
	served := map[string][]string{
		"/registry": {"GET", "HEAD"}, "/capabilities/{id}": {"GET", "HEAD"}, "/tools": {"GET", "HEAD"},
		"/render-hooks/{point}": {"GET", "HEAD", "POST"}, "/validate": {"POST"}, "/-/reload": {"POST"},
		"/metrics": {"GET", "HEAD"}, "unmatched": {"GET", "HEAD", "POST"},
	}
	for _, p := range paths {
		for _, method := range methods {
			for _, v := range variants {
				r := httptest.NewRequest(method, p, strings.NewReader(`{}`))
				r.Host = "127.0.0.1"
				v(r)
				h.ServeHTTP(httptest.NewRecorder(), r)
			}
		}
	}
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	sets := 0
	seen := map[string]bool{} // route and method, as "route method"
	for _, f := range families {
		if f.GetName() != "capreg_http_request_duration_seconds" {
			continue
		}
		for _, mt := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range mt.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			sets++
			route, method := labels["route"], labels["method"]
			seen[route+" "+method] = true
			ok := method == "other"
			for _, s := range served[route] {
				ok = ok || s == method
			}
			if !ok {
				t.Errorf("series %v: the method label is %q, which %s does not serve; want other", labels, method, route)
			}
		}
	}
	if sets == 0 {
		t.Fatal("no latency series")
	}
	// A method a route serves keeps its label there: each was asked plainly.
	for route, methods := range served {
		for _, method := range methods {
			if !seen[route+" "+method] {
				t.Errorf("no series of %s %s: a method the route serves is counted under its name", method, route)
			}
		}
	}
	t.Logf("%d label sets from %d requests", sets, len(paths)*len(methods)*len(variants))
}
