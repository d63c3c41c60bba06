package api_test

import (
	"strings"
	"testing"
)

// TestRouteSuggestionKeepsAQueryOfOneKiB: a 404's didYouMean repeats the
// request's query up to 1 KiB, as README says: one of 1,024 bytes is the
// request to send again, whole; one of 1,025 is left for the client to
// append.
func TestRouteSuggestionKeepsAQueryOfOneKiB(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, tc := range []struct {
		n    int
		kept bool
	}{{1024, true}, {1025, false}} {
		q := "intent=" + strings.Repeat("x", tc.n-len("intent="))
		e := do(t, h, "GET", "/tool?"+q, nil)
		details, _ := e.json(t)["details"].(map[string]any)
		want := "/tools"
		if tc.kept {
			want += "?" + q
		}
		if e.status != 404 || details["didYouMean"] != want {
			t.Errorf("query of %d bytes: %d, didYouMean %.40q…, want %.40q… (%d bytes)", tc.n, e.status, details["didYouMean"], want, len(want))
		}
	}
}
