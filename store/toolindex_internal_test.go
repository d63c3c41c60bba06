package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestWriteToolIndexIsToolIndexJSON: writeToolIndex, a card at a time,
// writes the bytes of encoding ToolIndexJSON whole, as tool-index.json
// was made before: no card, one, nil cards among them, cards out of id
// order, ids past the BMP (sorted by UTF-16 units), a card carrying a
// "path" of its own, and the cards of a synthetic repository, in order
// and reversed. A writer that fails stops it with its error.
func TestWriteToolIndexIsToolIndexJSON(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}})
	if err != nil || !snap.OK() || len(snap.Result.Cards) < 2 {
		t.Fatalf("load: %v %v", err, snap.Diagnostics)
	}
	card := func(id, extra string) *validate.Card {
		t.Helper()
		data := fmt.Appendf(nil, `{"id": %q, "command": "bin/t", "summary": "Does it.", "intent_phrases": ["do it", "x \"y\" \u00e9"], "effects": "None.", "risk": "reversible", "example": "bin/t"%s}`, id, extra)
		src := &validate.Sources{Cards: []validate.CardSource{{File: validate.File{Path: "bin/t.card.json", Data: data}, ToolPath: "bin/t", ToolExists: true}}}
		res := validate.Validate(src)
		if len(res.Cards) != 1 {
			t.Fatalf("card %q not valid: %v", id, res.Diagnostics)
		}
		return res.Cards[0]
	}
	all := snap.Result.Cards
	backward := slices.Clone(all)
	slices.Reverse(backward)
	for _, tc := range []struct {
		name  string
		cards []*validate.Card
	}{
		{"none", nil},
		{"one", []*validate.Card{card("one", "")}},
		{"nil among them", []*validate.Card{nil, card("b", ""), nil, card("a", "")}},
		{"utf-16 order", []*validate.Card{card("\U0001F600", ""), card("\uFF5E", ""), card("a", "")}},
		{"own path", []*validate.Card{card("p", `, "path": "elsewhere"`)}},
		{"repository", all},
		{"repository reversed", backward},
	} {
		tools := ToolIndexJSON(tc.cards)
		want := encodeFile(&tools, 0)
		var got bytes.Buffer
		n, err := writeToolIndex(&got, tc.cards)
		if err != nil || n != len(want) || !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: wrote %d bytes, %v:\n%.600s\nwant %d:\n%.600s", tc.name, n, err, got.Bytes(), len(want), want)
		}
	}
	broken := errors.New("disk full")
	if _, err := writeToolIndex(failingWriter{broken}, all); !errors.Is(err, broken) {
		t.Errorf("a failing writer: %v, want %v", err, broken)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestDigestAsOfWholeToolIndex: the digest, taken with tool-index.json
// written into a hash a card at a time, is the one taken of the whole
// document's bytes (the hash of the three artifacts, tool-index.json's by
// its SHA-256), with and without a program; and the length it counts is
// the document's.
func TestDigestAsOfWholeToolIndex(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	for _, program := range []string{"", "abc123"} {
		snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}, Program: program})
		if err != nil || !snap.OK() {
			t.Fatalf("load: %v %v", err, snap.Diagnostics)
		}
		tools := ToolIndexJSON(snap.Result.Cards)
		whole := encodeFile(&tools, 0)
		artifacts := maps.Clone(snap.Artifacts)
		artifacts[ToolIndexFile] = whole
		if want := digestOfBytes(artifacts, snap.Result, program); snap.Digest != want {
			t.Errorf("program %q: digest %s, of the whole bytes %s", program, snap.Digest, want)
		}
		if snap.toolIndexSize != len(whole) {
			t.Errorf("program %q: tool index counted %d bytes, is %d", program, snap.toolIndexSize, len(whole))
		}
	}
}

// digestOfBytes is digest of the three artifacts' bytes, as if the
// snapshot held tool-index.json: a hash of the registry's and the
// contract's bytes and of the tool index's SHA-256, then what digest adds.
func digestOfBytes(artifacts map[string][]byte, res *validate.Result, program string) string {
	h := sha256.New()
	for _, name := range []string{RegistryFile, ContractFile, ToolIndexFile} {
		h.Write([]byte(name))
		h.Write([]byte{0})
		if name == ToolIndexFile {
			sum := sha256.Sum256(artifacts[name])
			h.Write(sum[:])
			continue
		}
		h.Write(artifacts[name])
	}
	for _, c := range res.Capabilities {
		fmt.Fprintf(h, "\x00file %s %s", c.ID, c.File)
		hashCarriageReturns(h, c)
	}
	wired := slices.Sorted(maps.Keys(res.Contract.Wired))
	fmt.Fprintf(h, "\x00wired %s", strings.Join(wired, ","))
	if program != "" {
		fmt.Fprintf(h, "\x00program %s", program)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// TestSnapshotHoldsNoToolIndexUntilAsked: a build, a first one and a
// rebuild with a Cache after a capability's or a card's edit, holds no
// tool-index.json until Artifact asks for it; then every caller, at once,
// is given the one document, the bytes a build without a cache makes
// (with the card's edit in it). A build that fails has none.
func TestSnapshotHoldsNoToolIndexUntilAsked(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	opts := Options{ScanOptions: ScanOptions{Repo: dir}, Cache: validate.NewCache()}
	load := func() *Snapshot {
		t.Helper()
		snap, err := Load(context.Background(), opts)
		if err != nil || !snap.OK() {
			t.Fatalf("load: %v %v", err, snap.Diagnostics)
		}
		if snap.toolIndex != nil || snap.Artifacts[ToolIndexFile] != nil {
			t.Fatal("a build holds tool-index.json before it is asked for")
		}
		want := Build(snap.Sources, false).Artifact(ToolIndexFile)
		if len(want) == 0 {
			t.Fatal("a build without a cache made no tool-index.json")
		}
		got := make([][]byte, 8)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = snap.Artifact(ToolIndexFile) })
		}
		wg.Wait()
		for _, g := range got {
			if !bytes.Equal(g, want) || &g[0] != &got[0][0] {
				t.Fatalf("tool-index.json is not one document, that of a build without a cache:\n%.300s\nwant:\n%.300s", g, want)
			}
		}
		opts.Previous = snap
		return snap
	}
	edit := func(rel, old, new string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		data, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(data, []byte(old)) {
			t.Fatalf("%s: %v, or no %q", rel, err, old)
		}
		if err := os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	load()
	edit("capabilities/cap-00001/capability.json", `"description": "`, `"description": "edited `)
	load()
	edit("bin/tool-00002.card.json", `"summary": "`, `"summary": "Edited: `)
	if third := load(); !bytes.Contains(third.Artifact(ToolIndexFile), []byte("Edited: ")) {
		t.Error("a rebuild after a card's edit gave the previous tool-index.json")
	}
	edit("bin/tool-00002.card.json", `"summary": "`, `"summary": 1, "x": "`)
	failed, err := Load(context.Background(), opts)
	if err != nil || failed.OK() {
		t.Fatalf("a card of a number for a summary: %v, ok %v", err, failed.OK())
	}
	if b := failed.Artifact(ToolIndexFile); b != nil {
		t.Errorf("a build that failed gave a tool-index.json: %.300s", b)
	}
}

// TestToolIndexDigestReusedOnlyForTheSameCards: a rebuild takes the
// previous snapshot's digest of tool-index.json only when its cards are
// the same trees describing the same tools in the same order
// (sameToolCards), as after a capability's edit; a card edited, renamed
// (the same tree, another tool), added or removed makes it again. Every
// rebuild's digest and tool-index.json are a build without a cache's.
func TestToolIndexDigestReusedOnlyForTheSameCards(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(t *testing.T, repo string)
		reuse bool
	}{
		{"capability retitled", func(t *testing.T, repo string) {
			manifests, err := filepath.Glob(filepath.Join(repo, "capabilities/*/capability.json"))
			if err != nil || len(manifests) == 0 {
				t.Fatal("no capability", err)
			}
			retitle(t, manifests[0], "Retitled")
		}, true},
		{"card edited", func(t *testing.T, repo string) {
			p := filepath.Join(repo, "bin/land.card.json")
			writeFile(t, p, bytes.Replace(readFile(t, p), []byte(`"summary": "`), []byte(`"summary": "Edited. `), 1))
		}, false},
		{"card renamed with its tool", func(t *testing.T, repo string) {
			for _, f := range []string{"bin/land", "bin/land.card.json"} {
				if err := os.Rename(filepath.Join(repo, f), filepath.Join(repo, strings.Replace(f, "land", "lane", 1))); err != nil {
					t.Fatal(err)
				}
			}
		}, false},
		{"card removed", func(t *testing.T, repo string) {
			if err := os.Remove(filepath.Join(repo, "bin/land.card.json")); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"card added", func(t *testing.T, repo string) {
			writeFile(t, filepath.Join(repo, "bin/keel-old"), []byte("#!/bin/sh\n"))
			writeFile(t, filepath.Join(repo, "bin/keel-old.card.json"), []byte(keelCard))
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			copyTree(t, "../testdata/repo", repo)
			opts := Options{ScanOptions: ScanOptions{Repo: repo}, Cache: validate.NewCache()}
			prev, err := Load(context.Background(), opts)
			if err != nil || !prev.OK() {
				t.Fatalf("load: %v", err)
			}
			tc.edit(t, repo)
			opts.Previous = prev
			snap, err := Load(context.Background(), opts)
			if err != nil || !snap.OK() {
				t.Fatalf("rebuild: %v %v", err, snap.Diagnostics)
			}
			if got := sameToolCards(prev.Result.Cards, snap.Result.Cards); got != tc.reuse {
				t.Errorf("the previous tool index's digest reused: %v, want %v", got, tc.reuse)
			}
			fresh, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo}})
			if err != nil || !fresh.OK() {
				t.Fatalf("load without a cache: %v", err)
			}
			if snap.Digest != fresh.Digest {
				t.Errorf("digest %s, a build without a cache's %s", snap.Digest, fresh.Digest)
			}
			whole := fresh.Artifact(ToolIndexFile)
			if snap.toolIndexSum != sha256.Sum256(whole) || snap.toolIndexSize != len(whole) {
				t.Error("the tool index's digest or length is not that of a build without a cache's document")
			}
			if !bytes.Equal(snap.Artifact(ToolIndexFile), whole) {
				t.Error("tool-index.json differs from a build without a cache's")
			}
		})
	}
}

// TestToolIndexDigestAfterABuildWithErrors: a snapshot with errors takes
// no digest of its tool index (its toolIndexSize is 0), so the build that
// follows it with the same cards, as a watcher's first build fails on a
// broken capability and the next, once it is mended, is given it as
// Previous, makes the digest anew rather than take the zero one.
func TestToolIndexDigestAfterABuildWithErrors(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	manifests, err := filepath.Glob(filepath.Join(repo, "capabilities/*/capability.json"))
	if err != nil || len(manifests) == 0 {
		t.Fatal("no capability", err)
	}
	good := readFile(t, manifests[0])
	writeFile(t, manifests[0], []byte("{"))
	opts := Options{ScanOptions: ScanOptions{Repo: repo}, Cache: validate.NewCache()}
	prev, err := Load(context.Background(), opts)
	if err != nil || prev.OK() || prev.toolIndexSize != 0 {
		t.Fatalf("load: %v, ok %v, tool index of %d bytes; want errors and none", err, prev.OK(), prev.toolIndexSize)
	}
	writeFile(t, manifests[0], good)
	opts.Previous = prev
	snap, err := Load(context.Background(), opts)
	if err != nil || !snap.OK() {
		t.Fatalf("rebuild: %v %v", err, snap.Diagnostics)
	}
	if !sameToolCards(prev.Result.Cards, snap.Result.Cards) {
		t.Fatal("the cards are not the same trees: the test no longer tells whether a digest is reused")
	}
	fresh, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo}})
	if err != nil || !fresh.OK() {
		t.Fatalf("load without a cache: %v", err)
	}
	whole := fresh.Artifact(ToolIndexFile)
	if snap.toolIndexSum != sha256.Sum256(whole) || snap.toolIndexSize != len(whole) || snap.Digest != fresh.Digest {
		t.Errorf("tool index digested as %d bytes, digest %s; a build without a cache's: %d bytes, digest %s",
			snap.toolIndexSize, snap.Digest, len(whole), fresh.Digest)
	}
}

// BenchmarkToolIndexDigest3k is the digest of tool-index.json a build
// takes at 3,000 cards (storetest.WriteToolCards): written into a hash
// a card at a time, or the previous snapshot's, of the same cards, taken
// again (a rebuild after an edit of capabilities alone).
//
//	go test ./store -run '^$' -bench ToolIndexDigest3k -benchmem
func BenchmarkToolIndexDigest3k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 10); err != nil {
		b.Fatal(err)
	}
	if err := storetest.WriteToolCards(dir, 3000); err != nil {
		b.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}})
	if err != nil || !snap.OK() {
		b.Fatalf("load: %v", err)
	}
	for _, bc := range []struct {
		name string
		prev *Snapshot
	}{{"written", nil}, {"reused", snap}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, size := toolIndexDigest(snap.Result.Cards, bc.prev); size != snap.toolIndexSize {
					b.Fatalf("%d bytes, want %d", size, snap.toolIndexSize)
				}
			}
		})
	}
}
