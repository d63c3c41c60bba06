package api_test

import (
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
)

// TestMetricsHelpSaysUnchangedIsServed: the gauges an unchanged rebuild
// sets as a served one (the result was the registry already served) say
// so in their HELP, which is what a dashboard shows beside the panel. The
// last reload's timestamp said "the last successful rebuild", while
// capreg_registry_rebuilds_total counts unchanged rebuilds apart from its
// result="success": read together, a board took a revert of a broken change
// (unchanged) for no successful reload, where the gauge moved (trial11).
func TestMetricsHelpSaysUnchangedIsServed(t *testing.T) {
	m := api.NewMetrics()
	e := do(t, api.NewRouter(testdataSource(t), api.Options{Metrics: m}), "GET", "/metrics", nil)
	helps := map[string]string{} // by metric, its # HELP line's text
	for _, line := range strings.Split(string(e.body), "\n") {
		if rest, ok := strings.CutPrefix(line, "# HELP "); ok {
			name, help, _ := strings.Cut(rest, " ")
			helps[name] = help
		}
	}
	for _, name := range []string{
		"capreg_registry_last_reload_success_timestamp_seconds",
		"capreg_registry_last_reload_successful",
		"capreg_registry_failing_since_timestamp_seconds",
	} {
		help, ok := helps[name]
		if !ok {
			t.Errorf("%s: not exposed", name)
			continue
		}
		if !strings.Contains(help, "unchanged") {
			t.Errorf("%s: HELP %q does not say how an unchanged rebuild counts", name, help)
		}
	}
}
