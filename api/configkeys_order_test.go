package api_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/capreg/capreg/store"
)

// TestConfigKeysSortedAsJavaScriptSorts: GET /config-keys lists every key
// of the registry's configSchema, sorted as JavaScript's default sort
// sorts them (by UTF-16 code units), as GET /tools lists card ids and as a
// client in the reference's Node sorts them: a key holding a character
// past U+FFFF ("𝔸", a surrogate pair) comes before one holding U+E000 to
// U+FFFF ("Ａ"), where byte order put it after.
func TestConfigKeysSortedAsJavaScriptSorts(t *testing.T) {
	repo := copyTestRepo(t)
	manifest := filepath.Join(repo, "capabilities/ui/capability.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	keys := "\"ui.\uFF21\": { \"type\": \"boolean\", \"default\": true, \"description\": \"a fullwidth A\" },\n" +
		"    \"ui.\U0001D538\": { \"type\": \"boolean\", \"default\": true, \"description\": \"a double-struck A\" },\n    "
	data = []byte(strings.Replace(string(data), `"config": {`, `"config": {`+"\n    "+keys, 1))
	if err := os.WriteFile(manifest, data, 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo, Tree: true}})
	if err != nil || !snap.OK() {
		t.Fatalf("load: %v %v", err, snap.Diagnostics)
	}
	src := &source{}
	src.snap.Store(snap)
	h := newRouter(src)
	var listed struct {
		ConfigKeys []struct{ Key string } `json:"configKeys"`
	}
	if err := json.Unmarshal(do(t, h, "GET", "/config-keys", nil).body, &listed); err != nil {
		t.Fatal(err)
	}
	var route []string
	for _, k := range listed.ConfigKeys {
		route = append(route, k.Key)
	}
	var reg struct {
		ConfigSchema json.RawMessage `json:"configSchema"`
	}
	if err := json.Unmarshal(do(t, h, "GET", "/registry", nil).body, &reg); err != nil {
		t.Fatal(err)
	}
	want := objectKeys(t, reg.ConfigSchema)
	slices.SortFunc(want, func(a, b string) int { return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b))) })
	if !slices.Equal(route, want) {
		t.Errorf("GET /config-keys lists\n%q\nwant the registry's configSchema keys in UTF-16 order\n%q", route, want)
	}
	if i, j := slices.Index(route, "ui.\U0001D538"), slices.Index(route, "ui.\uFF21"); i < 0 || j < 0 || i > j {
		t.Errorf("ui.\U0001D538 at %d, ui.\uFF21 at %d: want the surrogate pair first, as JavaScript sorts", i, j)
	}
}

// objectKeys are the keys of a JSON object in the order written.
func objectKeys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	var keys []string
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}
