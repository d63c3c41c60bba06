package store_test

import (
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// TestNilRegistryAndHelpers: a nil *Registry, what a snapshot that failed
// the gate holds, has no point and writes as the zero Registry, and the
// JSON helpers write nil as null, so that an embedding program that passes
// one on is answered rather than taken down by a nil dereference.
func TestNilRegistryAndHelpers(t *testing.T) {
	var reg *store.Registry
	if ph, ok := reg.Point("plan:pre"); ph != nil || ok {
		t.Errorf("nil Registry.Point = %v, %v", ph, ok)
	}
	zero := (&store.Registry{}).JSON()
	if got, want := reg.JSON(), zero; string(ojson.Encode(&got, "")) != string(ojson.Encode(&want, "")) {
		t.Errorf("nil Registry.JSON = %s, want the zero Registry's %s", ojson.Encode(&got, ""), ojson.Encode(&want, ""))
	}
	for name, v := range map[string]ojson.Value{
		"HookJSON":     store.HookJSON(nil),
		"PointJSON":    store.PointJSON(nil),
		"ContractJSON": store.ContractJSON(nil),
		"ToolJSON":     store.ToolJSON(nil),
	} {
		if v.Kind != ojson.Null {
			t.Errorf("%s(nil) = %s, want null", name, ojson.Encode(&v, ""))
		}
	}
	card := &validate.Card{ID: "a", ToolPath: "bin/a", Raw: ojson.NewObject()}
	idx := store.ToolIndexJSON([]*validate.Card{nil, card, nil})
	if got := string(ojson.Encode(&idx, "")); got != `{"version":"1","tools":[{"path":"bin/a"}]}` {
		t.Errorf("ToolIndexJSON with nil cards = %s", got)
	}
}
