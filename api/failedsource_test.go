package api_test

import (
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestSourceServingAFailedSnapshot: a Source that serves a snapshot which did
// not pass the gate (an embedding program serving what store.Load returned
// for a repository with errors) is served as one with no snapshot yet: not
// ready, 503. Such a snapshot has no registry: the data routes answered 500
// "internal error", GET /registry an empty 200, while /readyz said ready.
func TestSourceServingAFailedSnapshot(t *testing.T) {
	failed := store.Build(&validate.Sources{Capabilities: []validate.CapabilitySource{{Folder: "broken"}}}, false)
	if failed.OK() {
		t.Fatal("the broken sources passed")
	}
	src := &source{}
	src.snap.Store(failed)
	h := api.NewRouter(src, api.Options{})
	for _, target := range []string{"/registry", "/capabilities", "/capabilities/x", "/loop-points/plan:pre", "/render-hooks/plan:pre", "/tools", "/readyz"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		var doc struct{ Code string }
		json.Unmarshal(rec.Body.Bytes(), &doc)
		if rec.Code != 503 || doc.Code != api.CodeNotReady {
			t.Errorf("GET %s: %d %s, want 503 %s", target, rec.Code, truncate(rec.Body.Bytes()), api.CodeNotReady)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/status", nil))
	var st struct{ Ready *bool }
	if err := json.Unmarshal(rec.Body.Bytes(), &st); rec.Code != 200 || err != nil || st.Ready == nil || *st.Ready {
		t.Errorf("GET /status: %d %s, want 200 ready false", rec.Code, truncate(rec.Body.Bytes()))
	}
}
