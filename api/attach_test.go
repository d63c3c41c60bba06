package api_test

import (
	"net/http"
	"testing"
)

// embedderKey is an embedder's own key among what readers attach to a
// snapshot.
type embedderKey struct{}

// TestRouterBesideAnotherAttachment: a program that embeds the API and
// attaches its own derived data to the served snapshot, first, leaves the
// API's responses whole. Before, the snapshot kept one attachment, the
// first caller's, and every data route answered 500.
func TestRouterBesideAnotherAttachment(t *testing.T) {
	src := repoSource(t, "../testdata/repo")
	snap := src.Current()
	mine := snap.Attach(embedderKey{}, func() any { return map[string]int{"mine": 1} })
	h := newRouter(src)
	for _, target := range []string{"/capabilities", "/registry", "/tools?intent=land+a+branch", "/contract"} {
		if e := do(t, h, http.MethodGet, target, nil); e.status != http.StatusOK {
			t.Errorf("GET %s = %d, want 200: %s", target, e.status, truncate(e.body))
		}
	}
	if again, ok := snap.Attach(embedderKey{}, func() any { return nil }).(map[string]int); !ok || again["mine"] != 1 {
		t.Errorf("the embedder's attachment is %v, want %v", again, mine)
	}
}
