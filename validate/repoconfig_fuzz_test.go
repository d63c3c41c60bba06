package validate

import (
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// FuzzRepoConfig: any capreg.json is read without a panic, with findings
// inside the file; and every path it names places a finding at a string
// value naming that path, at that value's line and column, by a pointer
// that leads to it.
func FuzzRepoConfig(f *testing.F) {
	for _, seed := range []string{
		`{"capabilities": "caps", "workflows": ["flows", "../out"], "cards": ["./bin/"], "configSchema": "é/schema.json"}`,
		`{"workflows": [], "cards": [7, "a/../tools"], "configSchema": ""}`,
		"\ufeff{\n\"capabilities\":\"a\",\"capabilities\":\"b\",\"workflows\":\"w\"}",
		`{"capabilitys": "x", "workflows": [["a"]], "cards": {"0": "c"}}`,
		`[1`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := File{Path: RepoConfigFile, Data: data}
		_, diags := ParseRepoConfig(file)
		lines := ojson.LineOf(data, len(data)) // a lone CR ends a line too
		for _, d := range diags {
			if d.Line < 0 || d.Line > lines || d.Line > 0 && d.Column < 1 {
				t.Fatalf("finding at %d:%d of %d lines: %v", d.Line, d.Column, lines, d)
			}
		}
		root, errs := ojson.Parse(data)
		if root.Kind != ojson.Object || len(errs) > 0 && errs[0].Fatal() {
			return
		}
		pl := NewPathPlacer(&file)
		for _, key := range repoConfigPathKeys {
			v := root.Get(key)
			if v == nil {
				continue
			}
			// The shapes the scanner reads: a string, or a list's items.
			values := []ojson.Value{*v}
			if slices.Contains(repoConfigListKeys, key) {
				values = v.Items
			}
			for _, s := range values {
				if s.Kind != ojson.String || s.Str == "" {
					continue
				}
				p := path.Clean(filepath.ToSlash(s.Str))
				var d Diagnostic
				pl.Place(&d, p)
				at := valueAt(&root, d.Pointer)
				if at == nil || at.Kind != ojson.String || path.Clean(filepath.ToSlash(at.Str)) != p {
					t.Fatalf("%q placed at %q, which does not name it", p, d.Pointer)
				}
				if line, col := ojson.Position(data, at.Off); line != d.Line || col != d.Column {
					t.Fatalf("%q placed at %d:%d, its value %s is at %d:%d", p, d.Line, d.Column, d.Pointer, line, col)
				}
			}
		}
	})
}

// valueAt resolves a pointer of the form /key or /key/index.
func valueAt(root *ojson.Value, pointer string) *ojson.Value {
	key, index, hasIndex := strings.Cut(strings.TrimPrefix(pointer, "/"), "/")
	v := root.Get(key)
	if v == nil || !hasIndex {
		return v
	}
	i, err := strconv.Atoi(index)
	if err != nil || i < 0 || i >= len(v.Items) {
		return nil
	}
	return &v.Items[i]
}
