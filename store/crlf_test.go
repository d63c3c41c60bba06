package store_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestCRLFFragmentChangesTheDigest: a fragment file's line ends are
// served as its file holds them by /capabilities/{id} and render-hooks
// (as gsd-core inlines it), though the artifacts write them as "\n". Two
// checkouts differing only in them serve different bodies, so their
// digests, the strong ETag, must differ: they were equal, and a client
// holding the LF body's tag was told 304 for the CRLF one.
func TestCRLFFragmentChangesTheDigest(t *testing.T) {
	const rel = "capabilities/research/loop/research-prompt.md"
	lf := load(t, editedRepo(t, rel, func(b []byte) []byte { return b }))
	crlf := load(t, editedRepo(t, rel, func(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")) }))
	if !bytes.Equal(lf.Artifact(store.RegistryFile), crlf.Artifact(store.RegistryFile)) {
		t.Error("the registry artifact differs between an LF and a CRLF checkout")
	}
	if lf.Digest == crlf.Digest {
		t.Errorf("digest %s for both line ends of a fragment, whose text the API serves as its file holds it", lf.Digest)
	}
	// A carriage return that is the file's first byte counts too.
	lead := load(t, editedRepo(t, rel, func(b []byte) []byte { return append([]byte("\r\n"), b...) }))
	leadLF := load(t, editedRepo(t, rel, func(b []byte) []byte { return append([]byte("\n"), b...) }))
	if lead.Digest == leadLF.Digest {
		t.Errorf("digest %s for a fragment led by \\r\\n and by \\n", lead.Digest)
	}
}

// TestDeclaredCarriageReturnsKept: a "\r\n" a declaration writes in a
// JSON string (a description, a config key's, a card's summary) is its
// data, which the artifacts keep as gsd-core's JSON.stringify does: only
// the line ends of text read from a file (a fragment on a CRLF checkout)
// are written as "\n". The artifacts rewrote every "\r\n" escape.
func TestDeclaredCarriageReturnsKept(t *testing.T) {
	repo := editedRepo(t, "capabilities/research/capability.json", func(b []byte) []byte {
		b = bytes.Replace(b, []byte(`"Researches the domain`), []byte(`"Line one\r\nResearches the domain`), 1)
		return bytes.Replace(b, []byte(`"Research the phase before planning."`), []byte(`"Research the phase\r\nbefore planning."`), 1)
	})
	// A card summary of the same shape.
	path := repo + "/bin/land.card.json"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, path, bytes.Replace(src, []byte(`"summary": "`), []byte(`"summary": "Line one\r\n`), 1))
	snap := load(t, repo)
	registry, index := snap.Artifact(store.RegistryFile), snap.Artifact(store.ToolIndexFile)
	for _, want := range []string{`"Line one\r\nResearches the domain`, `"Research the phase\r\nbefore planning."`} {
		if !bytes.Contains(registry, []byte(want)) {
			t.Errorf("registry artifact lost the declared %s", want)
		}
	}
	if !bytes.Contains(index, []byte(`"summary": "Line one\r\n`)) {
		t.Error("tool index lost the card summary's declared \\r\\n")
	}
	// What gen --write writes, gen --check finds up to date, and a second
	// gen --write keeps.
	out := t.TempDir()
	if _, err := store.WriteArtifacts(context.Background(), out, snap); err != nil {
		t.Fatal(err)
	}
	if drifts, err := store.CheckArtifacts(context.Background(), out, snap); err != nil || len(drifts) != 0 {
		t.Errorf("gen --check right after gen --write: %v, %+v", err, drifts)
	}
	written, err := store.WriteArtifacts(context.Background(), out, snap)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range written {
		if !w.UpToDate {
			t.Errorf("the second gen --write rewrote %s", w.File)
		}
	}
}

// TestDeclaredCarriageReturnChangeIsDrift: a declaration's "\r\n" that
// becomes "\n" changes the artifact, so gen --check reports drift and
// gen --write writes it, as for any other change of its data; both
// called the committed file up to date, as they compared every string
// without "\r" escapes (review). A committed registry whose fragments
// hold "\r\n", as one generated on a CRLF checkout does, is still up to
// date.
func TestDeclaredCarriageReturnChangeIsDrift(t *testing.T) {
	const rel = "capabilities/research/capability.json"
	declared := func(text string) *store.Snapshot {
		return load(t, editedRepo(t, rel, func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"Researches the domain`), []byte(`"`+text+`Researches the domain`), 1)
		}))
	}
	out := t.TempDir()
	if _, err := store.WriteArtifacts(context.Background(), out, declared(`Line one\r\n`)); err != nil {
		t.Fatal(err)
	}
	lf := declared(`Line one\n`)
	if drifts, err := store.CheckArtifacts(context.Background(), out, lf); err != nil || len(drifts) != 1 {
		t.Errorf("gen --check after a declared \\r\\n became \\n: %v, %d drifts, want the registry's", err, len(drifts))
	}
	if _, err := store.WriteArtifacts(context.Background(), out, lf); err != nil {
		t.Fatal(err)
	}
	if committed, err := os.ReadFile(filepath.Join(out, store.RegistryFile)); err != nil || !bytes.Equal(committed, lf.Artifact(store.RegistryFile)) {
		t.Errorf("gen --write kept the old registry (%v)", err)
	}

	// The registry as a CRLF checkout generated it before: its fragments
	// with "\r\n" (the only strings of testdata/repo's registry with a
	// line end), its lines with CRLF.
	plain := declared("")
	crlf := bytes.ReplaceAll(plain.Artifact(store.RegistryFile), []byte(`\n`), []byte(`\r\n`))
	crlf = bytes.ReplaceAll(crlf, []byte("\n"), []byte("\r\n"))
	if !bytes.Contains(crlf, []byte(`"inline": "`)) {
		t.Fatal("the registry inlines no fragment; the test needs one")
	}
	if err := os.WriteFile(filepath.Join(out, store.RegistryFile), crlf, 0o644); err != nil {
		t.Fatal(err)
	}
	if drifts, err := store.CheckArtifacts(context.Background(), out, plain); err != nil || len(drifts) != 0 {
		t.Errorf("gen --check of a registry generated on a CRLF checkout: %v, %+v", err, drifts)
	}
}

// TestDeclaredInlineCarriageReturnIsData: a fragment written inline in
// capability.json with "\r\n" is a declaration's data, as a description
// is: only the text of fragments read from files is a checkout's, so a
// committed registry whose declared inline "\r\n" became "\n" is drift
// (second review: the comparison went by the "inline" key, and hid it).
func TestDeclaredInlineCarriageReturnIsData(t *testing.T) {
	snap := load(t, editedRepo(t, "capabilities/tdd/capability.json", func(b []byte) []byte {
		return bytes.Replace(b, []byte(`"inline": "Write the failing test first;`), []byte(`"inline": "Write the failing test first;\r\n`), 1)
	}))
	reg := snap.Artifact(store.RegistryFile)
	if !bytes.Contains(reg, []byte(`first;\r\n`)) {
		t.Fatal("the declared inline \\r\\n is not in the registry")
	}
	out := t.TempDir()
	stale := bytes.Replace(reg, []byte(`first;\r\n`), []byte(`first;\n`), 1)
	if err := os.WriteFile(filepath.Join(out, store.RegistryFile), stale, 0o644); err != nil {
		t.Fatal(err)
	}
	drifts, err := store.CheckArtifacts(context.Background(), out, snap)
	if err != nil {
		t.Fatal(err)
	}
	var registry bool
	for _, d := range drifts {
		registry = registry || filepath.Base(d.File) == store.RegistryFile && !d.Missing
	}
	if !registry {
		t.Errorf("a declared inline \\r\\n committed as \\n: no drift of the registry in %+v", drifts)
	}
}
