package api_test

import (
	"testing"

	"github.com/capreg/capreg/api"
)

// Tests that pin what a mutation run of api's render-hooks handler and
// metrics middleware (cr92) found no test held.

// A handler that writes its body without WriteHeader (the metrics
// handler's promhttp) sent a 200, and is counted under code "200".
func TestMetricsScrapeCountedAs200(t *testing.T) {
	m := api.NewMetrics()
	h := api.NewRouter(testdataSource(t), api.Options{Metrics: m})
	if e := do(t, h, "GET", "/metrics", nil); e.status != 200 {
		t.Fatalf("GET /metrics: %d", e.status)
	}
	if got := requestCount(t, m, "/metrics", "GET", "200"); got != 1 {
		t.Errorf(`capreg_http_requests_total{route="/metrics",method="GET",code="200"} = %v, want 1`, got)
	}
}
