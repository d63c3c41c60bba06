package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func load(t testing.TB, repo string) *store.Snapshot {
	t.Helper()
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestGoldenRepo pins the three artifacts of testdata/repo byte for byte.
// Regenerate with: go test ./store -run TestGoldenRepo -update
func TestGoldenRepo(t *testing.T) {
	snap := load(t, "../testdata/repo")
	if !snap.OK() {
		t.Fatalf("testdata/repo has errors:\n%v", snap.Diagnostics)
	}
	if errs, warns := snap.Diagnostics.Count(); errs != 0 || warns != 1 || snap.Diagnostics[0].Rule != "config-key-pending-migration" {
		t.Errorf("diagnostics = %v, want only the pending-migration warning", snap.Diagnostics)
	}
	dir := "../testdata/golden/repo"
	for _, name := range store.ArtifactNames {
		path := filepath.Join(dir, name)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, snap.Artifact(name), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if !bytes.Equal(snap.Artifact(name), want) {
			t.Errorf("%s differs from the golden file; run go test ./store -run TestGoldenRepo -update and review the diff", name)
		}
	}
}

// TestDeterministic builds the same repository twice and expects identical
// bytes and digests, on a repository large enough for map order to show.
func TestDeterministic(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 300); err != nil {
		t.Fatal(err)
	}
	a, b := load(t, dir), load(t, dir)
	if !a.OK() {
		t.Fatalf("synthetic repo has errors: %v", a.Diagnostics[:min(5, len(a.Diagnostics))])
	}
	if a.Digest != b.Digest {
		t.Errorf("digests differ: %s vs %s", a.Digest, b.Digest)
	}
	for _, name := range store.ArtifactNames {
		if !bytes.Equal(a.Artifact(name), b.Artifact(name)) {
			t.Errorf("%s differs between runs", name)
		}
	}
}

// TestNoHTMLEscaping: the registry keeps "<", ">" and "&" of inlined
// fragments as they are (no \u003c escapes), as JSON.stringify writes them.
func TestNoHTMLEscaping(t *testing.T) {
	snap := load(t, "../testdata/repo")
	reg := snap.Artifact(store.RegistryFile)
	if !bytes.Contains(reg, []byte("<the libraries & services it names>")) {
		t.Error("fragment text was escaped or not inlined")
	}
	if bytes.Contains(reg, []byte(`\u003c`)) || bytes.Contains(reg, []byte(`\u0026`)) {
		t.Error("registry contains HTML escapes")
	}
}

func BenchmarkCheckTestdata(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if snap := load(b, "../testdata/repo"); !snap.OK() {
			b.Fatal("not ok")
		}
	}
}

func BenchmarkCheck10k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 10000); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if snap := load(b, dir); !snap.OK() {
			b.Fatalf("not ok: %v", snap.Diagnostics[:min(3, len(snap.Diagnostics))])
		}
	}
}

// BenchmarkCheckGSDCore is the whole gate on the 44-capability gsd-core-shaped
// repository: scan, validate, build, serialize.
func BenchmarkCheckGSDCore(b *testing.B) {
	opts := store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/gsd-core", ConfigSchema: "gsd-core/bin/shared/config-schema.manifest.json"}}
	b.ReportAllocs()
	for b.Loop() {
		snap, err := store.Load(context.Background(), opts)
		if err != nil || !snap.OK() {
			b.Fatal(err)
		}
	}
}

// TestDigestCoversWhatTheAPIShows: the ETag (the digest) must change when a
// response changes, also for what is not in the artifacts (call sites).
func TestDigestCoversWhatTheAPIShows(t *testing.T) {
	repo := t.TempDir()
	copyRepoTree(t, "../testdata/repo", repo)
	before := load(t, repo).Digest
	f, err := os.OpenFile(filepath.Join(repo, "workflows/execute-phase.md"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n`gsd_run loop render-hooks execute:pre`\n")
	f.Close()
	if after := load(t, repo).Digest; after == before {
		t.Error("adding a render-hooks call site left the digest unchanged")
	}
}

// A card may not set "path": the index sets it to the tool beside the card.
// The card's own value is left out of the index entry, which would
// otherwise hold the key twice, and check says so.
func TestCardOwnPathLeftOut(t *testing.T) {
	repo := t.TempDir()
	card := `{"id": "t", "command": "bin/t", "summary": "Do t.", "intent_phrases": ["do t"], "path": "elsewhere/t", "effects": "None.", "risk": "reversible", "example": "bin/t"}`
	if err := os.MkdirAll(filepath.Join(repo, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"bin/t": "#!/bin/sh\n", "bin/t.card.json": card} {
		if err := os.WriteFile(filepath.Join(repo, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap := load(t, repo)
	var warned bool
	for _, d := range snap.Diagnostics {
		warned = warned || d.Rule == "card-unknown-field" && d.Pointer == "/path" && strings.Contains(d.Message, `"bin/t"`)
	}
	if !warned {
		t.Errorf("no card-unknown-field warning at /path naming bin/t: %v", snap.Diagnostics)
	}
	index := snap.Artifact(store.ToolIndexFile)
	if n := bytes.Count(index, []byte(`"path"`)); n != 1 || !bytes.Contains(index, []byte(`"path": "bin/t"`)) {
		t.Errorf("tool-index.json has %d \"path\" keys, want one, bin/t:\n%s\n%v", n, index, snap.Diagnostics)
	}
}

// A typo in a workflow marker's last point is one finding. The step's
// artifacts (CONTEXT.md) are available from its last point, so checking
// consumes against a contract that lost it would also blame the steps of
// ui and research that consume them.
func TestMarkerPointTypoIsOneFinding(t *testing.T) {
	repo := editedRepo(t, "workflows/discuss-phase.md", func(src []byte) []byte {
		return bytes.Replace(src, []byte("points: discuss:pre, discuss:post"), []byte("points: discuss:pre, discuss:post, discuss:later"), 1)
	})
	if got := errorsAt(load(t, repo)); got != "point-unknown " { // a marker finding has no pointer
		t.Errorf("errors %q, want only point-unknown", got)
	}
}

// editedRepo is a copy of testdata/repo with the file rel edited.
func editedRepo(t *testing.T, rel string, edit func([]byte) []byte) string {
	t.Helper()
	repo := t.TempDir()
	copyRepoTree(t, "../testdata/repo", repo)
	path := filepath.Join(repo, filepath.FromSlash(rel))
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, path, edit(src))
	return repo
}

// errorsAt lists the errors of snap as "rule pointer", comma-separated.
func errorsAt(snap *store.Snapshot) string {
	var out []string
	for _, d := range snap.Diagnostics {
		if d.Severity == validate.Error {
			out = append(out, d.Rule+" "+d.Pointer)
		}
	}
	return strings.Join(out, ", ")
}

// A fragment's path has the shape ref §2.5 asks (relative, no "..") even
// when inline text makes reading it unnecessary.
func TestFragmentPathShapeBesideInline(t *testing.T) {
	for _, p := range []string{"../y.md", "/etc/passwd", "loop/../../y.md"} {
		repo := editedRepo(t, "capabilities/tdd/capability.json", func(src []byte) []byte {
			return bytes.Replace(src, []byte(`"fragment": { "inline": `), []byte(`"fragment": { "path": "`+p+`", "inline": `), 1)
		})
		if got := errorsAt(load(t, repo)); got != "fragment-escape /contributions/0/fragment/path" {
			t.Errorf("path %q beside inline: errors %q, want fragment-escape at its path", p, got)
		}
	}
}

// The keys gsd-core rejects inside a runtime's hostIntegration and dispatch
// (ref §2.12) are reserved-name errors at the key.
func TestRuntimeReservedKeys(t *testing.T) {
	for _, tt := range []struct{ insert, after, pointer string }{
		{`"__proto__": {}, `, `"hostIntegration": {`, "/runtime/hostIntegration/__proto__"},
		{`"constructor": "x", `, `"dispatch": {`, "/runtime/hostIntegration/dispatch/constructor"},
	} {
		repo := editedRepo(t, "capabilities/claude/capability.json", func(src []byte) []byte {
			return bytes.Replace(src, []byte(tt.after), []byte(tt.after+tt.insert), 1)
		})
		if got, want := errorsAt(load(t, repo)), "reserved-name "+tt.pointer; got != want {
			t.Errorf("errors %q, want %q", got, want)
		}
	}
}

// A runtime's configHome of the wrong type is one finding: the rule tying
// localConfigDir to configHome.kind does not also fire on it.
func TestRuntimeConfigHomeWrongTypeIsOneFinding(t *testing.T) {
	repo := editedRepo(t, "capabilities/claude/capability.json", func(src []byte) []byte {
		i := bytes.Index(src, []byte(`"configHome": {`))
		if i < 0 {
			t.Fatal("no configHome object in claude's declaration")
		}
		j := i + bytes.IndexByte(src[i:], '}') + 1
		return append(append(append([]byte{}, src[:i]...), `"configHome": "~/.claude"`...), src[j:]...)
	})
	if got := errorsAt(load(t, repo)); got != "schema /runtime/configHome" {
		t.Errorf("errors %q, want one schema error at /runtime/configHome", got)
	}
}

// TestNestingCannotInflateTheRegistry: unknown fields of a declaration are
// kept as written and indented in the registry, a line and two spaces a level
// per bracket, so deep nesting multiplies a file by its depth. A 1 MB
// capability.json of arrays 500 deep made a registry of 500 MB (an 8 MiB
// one, 4 GiB); the nesting JSON inputs may have bounds that growth.
func TestNestingCannotInflateTheRegistry(t *testing.T) {
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(repo, "capabilities/ui/capability.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	nested := strings.Repeat("[", 500) + strings.Repeat("]", 500)
	field := `{"x": [` + strings.Repeat(nested+",", 999) + nested + "],"
	data = append([]byte(field), bytes.TrimPrefix(bytes.TrimSpace(data), []byte("{"))...)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	snap := load(t, repo)
	if got := len(snap.Artifact("capability-registry.json")); got > 64*len(data) {
		t.Errorf("a capability.json of %d bytes made a registry of %d bytes", len(data), got)
	}
}

// BenchmarkCheckMissingRoots is a capreg.json naming n workflow roots that
// do not exist: each is a finding placed at the value naming it. Placing
// one by parsing capreg.json again and counting lines from its start made
// the scan quadratic in the roots (4,000: 6.2 s), and so the overlay a
// POST /validate of such a capreg.json runs. Compare n=1000 with n=4000.
//
//	go test ./store -run XXX -bench CheckMissingRoots
func BenchmarkCheckMissingRoots(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		roots := []string{"workflows"}
		for i := range n {
			roots = append(roots, fmt.Sprintf("missing/%d", i))
		}
		data, err := json.Marshal(map[string]any{"configSchema": "config/config-schema.manifest.json", "workflows": roots})
		if err != nil {
			b.Fatal(err)
		}
		repo, _ := scanRepoCopy(b)
		if err := os.WriteFile(filepath.Join(repo, "capreg.json"), data, 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("scan/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				found := 0 // listed, and those a listed one stands for (validate.LimitPerRule)
				for _, d := range load(b, repo).Diagnostics {
					found += max(d.Omitted, 1)
				}
				if found < n {
					b.Fatalf("%d findings, listed or counted; want at least %d", found, n)
				}
			}
		})
		b.Run(fmt.Sprintf("overlay/n=%d", n), func(b *testing.B) {
			served := servedLoad(b, repo)
			change := map[string][]byte{"capreg.json": append(data, '\n')}
			for b.Loop() {
				if _, err := served.Overlay(change, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
