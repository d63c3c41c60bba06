package validate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// copiedStrings lists the strings and keys of v that are not within b
// (within) although written plainly there at their offsets: no escape, so
// a parse sharing b gives them as b's bytes.
func copiedStrings(v *ojson.Value, b []byte) []string {
	var out []string
	plain := func(s string, off int) bool {
		end := off + 1 + len(s)
		return s != "" && off >= 0 && end < len(b) && string(b[off+1:end]) == s && b[end] == '"'
	}
	var walk func(v *ojson.Value)
	walk = func(v *ojson.Value) {
		if v.Kind == ojson.String && plain(v.Str, v.Off) && !within(v.Str, b) {
			out = append(out, v.Str)
		}
		for i := range v.Items {
			walk(&v.Items[i])
		}
		for i := range v.Members {
			if m := &v.Members[i]; plain(m.Key, m.KeyOff) && !within(m.Key, b) {
				out = append(out, m.Key)
			}
			walk(&v.Members[i].Value)
		}
	}
	walk(v)
	return out
}

// TestManifestTextSharesItsBytes: a capability's manifest is parsed with
// ojson.ParseShared, as a card is (TestCardTextSharesItsBytes): the
// Capability's fields and every plain string and key of its Manifest are
// the bytes of its capability.json, not a copy, uncached, through a Cache
// and on its hit; a string written with an escape is decoded, as before.
// A manifest read past a slip is the tree of its mended text, a copy of
// the file that the mend wrote over, and so none of the file's bytes.
func TestManifestTextSharesItsBytes(t *testing.T) {
	text := strings.Replace(string(readTestdata(t, "capabilities/research/capability.json")),
		`"title": "Phase research"`, `"title": "Phase r\u00e9search"`, 1)
	data := []byte(text)
	frag := File{Path: "capabilities/research/loop/research-prompt.md", Data: []byte("Research the phase.\n")}
	src := &Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "research",
		Manifest: File{Path: "capabilities/research/capability.json", Data: data},
		Files:    map[string]File{"loop/research-prompt.md": frag}}}}
	cache := NewCache()
	for run, res := range []*Result{Validate(src), cache.Validate(src), cache.Validate(src)} {
		if len(res.Capabilities) != 1 {
			t.Fatalf("run %d: %d capabilities: %v", run, len(res.Capabilities), res.Diagnostics)
		}
		c := res.Capabilities[0]
		for _, s := range []string{c.ID, c.Role, c.Tier, c.Agents[0], c.Config[0].Key, c.Manifest.Members[0].Key, c.Manifest.Get("description").Str} {
			if !within(s, data) {
				t.Errorf("run %d: %q is a copy of the manifest's bytes", run, s)
			}
		}
		if copied := copiedStrings(&c.Manifest, data); len(copied) > 0 {
			t.Errorf("run %d: %d plain strings are copies of the manifest's bytes: %q", run, len(copied), copied)
		}
		if title := c.Manifest.Get("title").Str; title != "Phase résearch" || within(title, data) {
			t.Errorf("run %d: the escaped title is %q, in the bytes %v", run, title, within(title, data))
		}
	}
	if s := cache.Stats(); s.Hits != 1 {
		t.Fatalf("cache hits %d, want 1", s.Hits)
	}

	// A ',' missing between two members, with a blank to write it over.
	slipped := []byte(strings.Replace(text, `"role": "feature",`, `"role": "feature" `, 1))
	s := &sink{}
	d := readManifest(&CapabilitySource{Folder: "research", Manifest: File{Path: "capabilities/research/capability.json", Data: slipped}}, s)
	if d == nil || !d.mended || !bytes.Equal(d.Src, slipped) {
		t.Fatalf("the slipped manifest was read as %+v (%v)", d, s.diags)
	}
	if id := d.Root.Get("id").Str; id != "research" || within(id, slipped) {
		t.Errorf("the mended manifest's id is %q, in the file's bytes %v: want it of the mended copy", id, within(id, slipped))
	}
}
