package api_test

import (
	"math"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
)

// TestBuildInfoNamesTheVersion: capreg_build_info's version label is the
// version the binary was built as (its main module's, "(devel)" for a
// build from a checkout), "unknown" only when the binary carries none.
func TestBuildInfoNamesTheVersion(t *testing.T) {
	want := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		want = bi.Main.Version
	}
	m := api.NewMetrics()
	e := do(t, api.NewRouter(testdataSource(t), api.Options{Metrics: m}), "GET", "/metrics", nil)
	for _, line := range strings.Split(string(e.body), "\n") {
		if strings.HasPrefix(line, "capreg_build_info{") {
			if !strings.Contains(line, `version="`+want+`"`) {
				t.Errorf("%s; want version=%q", line, want)
			}
			return
		}
	}
	t.Fatal("no capreg_build_info series")
}

// TestLastReloadSuccessIsUnixSeconds: the last successful reload's gauge is
// a Unix time in seconds, as its name says and as an alert on
// time() - capreg_registry_last_reload_success_timestamp_seconds reads it:
// the time the served snapshot was built for a rebuild that made it, and
// the time of the rebuild for one whose result was already served.
func TestLastReloadSuccessIsUnixSeconds(t *testing.T) {
	snap := testdataSource(t).Current()
	m := api.NewMetrics()
	m.Rebuilt(true, time.Second, snap)
	last, _ := sampleValue(t, m, "capreg_registry_last_reload_success_timestamp_seconds", nil)
	if want := float64(snap.BuiltAt.UnixMilli()) / 1e3; math.Abs(last-want) > 0.01 {
		t.Errorf("after a rebuild built at %v: %f, want %f", snap.BuiltAt, last, want)
	}
	before := float64(time.Now().UnixMilli())/1e3 - 0.01
	m.Unchanged(true, time.Second, snap)
	after := float64(time.Now().UnixMilli())/1e3 + 0.01
	if last, _ := sampleValue(t, m, "capreg_registry_last_reload_success_timestamp_seconds", nil); last < before || last > after {
		t.Errorf("after an unchanged rebuild: %f, want between %f and %f", last, before, after)
	}
}
