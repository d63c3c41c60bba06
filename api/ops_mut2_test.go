package api_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestHealthzStuckOnlyPastTheLimit: /healthz turns 503 only once a rebuild
// has run over StuckAfter; a rebuild that has run exactly that long is
// still healthy (the 503 says "over").
func TestHealthzStuckOnlyPastTheLimit(t *testing.T) {
	for _, tt := range []struct {
		took time.Duration
		want int
	}{
		{2 * time.Minute, 200},
		{2*time.Minute + time.Nanosecond, 503},
	} {
		h := api.NewRouter(rebuildingSource{testdataSource(t), tt.took}, api.Options{StuckAfter: 2 * time.Minute})
		if e := do(t, h, "GET", "/healthz", nil); e.status != tt.want {
			t.Errorf("rebuilding for %v with StuckAfter 2m: %d %s, want %d", tt.took, e.status, e.body, tt.want)
		}
	}
}

// failureDiags is n diagnostics of severity sev, on distinct files from
// index from on.
func failureDiags(from, n int, sev validate.Severity) validate.Diagnostics {
	var d validate.Diagnostics
	for i := from; i < from+n; i++ {
		d = append(d, validate.Diagnostic{File: fmt.Sprintf("bin/t%d.card.json", i), Line: 1, Column: 1, Rule: "json-syntax", Severity: sev, Message: "unexpected end"})
	}
	return d
}

// TestNotReadyAtTheDiagnosticsLimit: a 503 not_ready lists all of a failed
// build's diagnostics when they are exactly as many as it carries at most
// (nothing is said omitted); past it, the count of those left out is of
// errors and warnings alike.
func TestNotReadyAtTheDiagnosticsLimit(t *testing.T) {
	t.Run("exactly 20", func(t *testing.T) {
		diags := failureDiags(0, 20, validate.Error)
		h := newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 20 errors", Diagnostics: diags}))
		e := do(t, h, "GET", "/readyz", nil)
		m := e.json(t)
		details, _ := m["details"].(map[string]any)
		failure, _ := details["failure"].(map[string]any)
		got, _ := failure["diagnostics"].([]any)
		if _, omitted := details["diagnosticsOmitted"]; e.status != 503 || len(got) != 20 || omitted {
			t.Errorf("GET /readyz with 20 diagnostics: %d, %d listed, details %v", e.status, len(got), details)
		}
		if msg, _ := m["message"].(string); !strings.HasSuffix(msg, ": the last build found 20 errors (details.failure lists them)") {
			t.Errorf("message = %q", msg)
		}
	})
	t.Run("errors and warnings past 20", func(t *testing.T) {
		// Listed: 18 errors and 2 warnings; left out: 3 errors, 2 warnings.
		var diags validate.Diagnostics
		diags = append(diags, failureDiags(0, 18, validate.Error)...)
		diags = append(diags, failureDiags(18, 2, validate.Warning)...)
		diags = append(diags, failureDiags(20, 3, validate.Error)...)
		diags = append(diags, failureDiags(23, 2, validate.Warning)...)
		h := newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 21 errors", Diagnostics: diags}))
		e := do(t, h, "GET", "/readyz", nil)
		m := e.json(t)
		details, _ := m["details"].(map[string]any)
		failure, _ := details["failure"].(map[string]any)
		got, _ := failure["diagnostics"].([]any)
		if e.status != 503 || len(got) != 20 || details["diagnosticsOmitted"] != float64(5) {
			t.Errorf("GET /readyz: %d, %d listed, omitted %v, want 503, 20, 5", e.status, len(got), details["diagnosticsOmitted"])
		}
		if msg, _ := m["message"].(string); !strings.Contains(msg, "the last build found 21 errors (details.failure lists the first 20;") {
			t.Errorf("message = %q", msg)
		}
	})
}

// TestNotReadyCountsErrorsNotListed: a failed build whose few diagnostics
// stand for more errors (one stands for 10 validation counted without
// listing them)
// says so in its 503, and one whose diagnostics are every error does not.
func TestNotReadyCountsErrorsNotListed(t *testing.T) {
	diags := failureDiags(0, 3, validate.Error)
	diags[2].Omitted = 10
	h := newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 12 errors", Diagnostics: diags}))
	m := do(t, h, "GET", "/readyz", nil).json(t)
	if msg, _ := m["message"].(string); !strings.HasSuffix(msg, ": the last build found 12 errors (details.failure lists them, counting rather than listing past 100 of one rule in one file)") {
		t.Errorf("message = %q", msg)
	}
}

// TestStatusCountsCapabilitiesByRole: GET /status counts the served
// capabilities of each role as GET /capabilities?role= lists them.
func TestStatusCountsCapabilitiesByRole(t *testing.T) {
	h := newRouter(testdataSource(t))
	st := do(t, h, "GET", "/status", nil).json(t)
	counts, _ := st["counts"].(map[string]any)
	byRole, _ := counts["byRole"].(map[string]any)
	sum := 0.0
	for _, role := range []string{"feature", "runtime", "reviewer"} {
		listed := do(t, h, "GET", "/capabilities?role="+role, nil).json(t)["count"]
		if byRole[role] != listed || listed == float64(0) {
			t.Errorf("counts.byRole.%s = %v, GET /capabilities?role=%s lists %v", role, byRole[role], role, listed)
		}
		n, _ := byRole[role].(float64)
		sum += n
	}
	if sum != counts["capabilities"] {
		t.Errorf("counts.byRole sums to %v, counts.capabilities = %v", sum, counts["capabilities"])
	}
}

// TestReloadSaysWhatItWaitsFor: POST /-/reload while the repository is not
// there yet answers ok false with what the watcher waits for; a rebuild
// that succeeded says ok and waits for nothing.
func TestReloadSaysWhatItWaitsFor(t *testing.T) {
	src := testdataSource(t)
	const waiting = "the repository /git/current does not exist yet"
	src.reload = func() (store.Status, error) { return store.Status{Generation: 3, Waiting: waiting}, nil }
	m := do(t, newRouter(src), "POST", "/-/reload", nil).json(t)
	if m["ok"] != false || m["waiting"] != waiting {
		t.Errorf("reload while waiting = %v, want ok false and waiting %q", m, waiting)
	}
	src.reload = func() (store.Status, error) { return store.Status{Generation: 4}, nil }
	m = do(t, newRouter(src), "POST", "/-/reload", nil).json(t)
	if _, has := m["waiting"]; m["ok"] != true || has || m["generation"] != float64(4) {
		t.Errorf("reload that built = %v, want ok true, generation 4, no waiting", m)
	}
}

// TestReloadOutlastsAShortStuckAfter: POST /-/reload's answer may take
// the time after which a rebuild counts as stuck and a minute more, even
// when StuckAfter is shorter than the rebuild and the write timeout.
func TestReloadOutlastsAShortStuckAfter(t *testing.T) {
	src := testdataSource(t)
	src.reload = func() (store.Status, error) {
		time.Sleep(300 * time.Millisecond)
		return store.Status{Generation: 2}, nil
	}
	srv := httptest.NewUnstartedServer(api.NewRouter(src, api.Options{StuckAfter: time.Millisecond}))
	srv.Config.WriteTimeout = 100 * time.Millisecond
	srv.Start()
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/-/reload", "", nil)
	if err != nil {
		t.Fatalf("POST /-/reload: %v", err)
	}
	defer resp.Body.Close()
	if body, err := io.ReadAll(resp.Body); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %s (%v), want 200", resp.StatusCode, body, err)
	}
}
