package store_test

// Conformance probes on variants of testdata/gsd-core: behaviours
// ../shared/spec/gsd-core-reference.md states ("ref §N") that no other test
// pinned on a repository of that shape. Each variant is one edit a real
// gsd-core checkout could see.

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/capreg/capreg/store"
)

// gsdLoadVariant loads a copy of the fixture after edit.
func gsdLoadVariant(t *testing.T, edit func(t *testing.T, repo string)) *store.Snapshot {
	t.Helper()
	repo := gsdCopy(t)
	edit(t, repo)
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: gsdConfigSchema}})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// ref §4.5: commandFamilies is an object, so a family a capability declares
// twice is one key; gsd-core assigns it per declaration, so the last wins.
func TestGSDCoreCommandFamilyDeclaredTwice(t *testing.T) {
	snap := gsdLoadVariant(t, func(t *testing.T, repo string) {
		gsdEditCap(t, repo, "intel", func(c map[string]any) {
			c["commands"] = append(c["commands"].([]any), map[string]any{"family": "intel", "module": "intel-v2.cjs", "router": "routeIntelV2"})
		})
	})
	if !snap.OK() {
		t.Fatalf("the reference accepts a family declared twice by one capability:\n%s", gsdDiags(snap.Diagnostics))
	}
	raw := snap.Artifacts[store.RegistryFile]
	keys := gsdKeys(t, raw, "commandFamilies")
	if n := len(slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return k != "intel" })); n != 1 {
		t.Errorf("commandFamilies lists \"intel\" %d times, want once: %v", n, keys)
	}
	gsdEqual(t, "families", len(keys), 13)
	gsdEqual(t, "commandFamilies[intel] module", gsdCompact(gsdKeysValue(t, raw, "commandFamilies", "intel")),
		`{"capId":"intel","module":"intel-v2.cjs","router":"routeIntelV2"}`)
}

// gsdKeysValue decodes the value at path inside raw.
func gsdKeysValue(t *testing.T, raw []byte, path ...string) any {
	t.Helper()
	v := mustDecode(t, raw)
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%v: not an object on the way", path)
		}
		v = m[p]
	}
	return v
}

func mustDecode(t *testing.T, raw []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}
