package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/capreg/capreg/validate"
)

// cardBytesOf returns the Data of the card at path in src.
func cardBytesOf(src *validate.Sources, path string) []byte {
	for _, c := range src.Cards {
		if c.Path == path {
			return c.Data
		}
	}
	return nil
}

// inBytes reports whether s's text lies in b's memory.
func inBytes(s string, b []byte) bool {
	if s == "" || len(b) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&b[0]))
	return p >= lo && p+uintptr(len(s)) <= lo+uintptr(len(b))
}

// checkCardsHeldOnce: every valid card of snap has its text (its id,
// which the card files here write without escapes) in the bytes snap's
// Sources hold for it: the Cache's tree and the snapshot's Sources are one
// copy of the card, not two.
func checkCardsHeldOnce(t *testing.T, what string, snap *Snapshot) {
	t.Helper()
	if snap == nil || len(snap.Result.Cards) == 0 {
		t.Fatalf("%s: no cards", what)
	}
	for _, c := range snap.Result.Cards {
		if data := cardBytesOf(snap.Sources, c.Path); !inBytes(c.ID, data) {
			t.Errorf("%s: card %s: its tree is not the bytes the snapshot holds for it (two copies)", what, c.Path)
		}
	}
}

// TestRebuildHoldsCardsOnceAfterARejectedBuild: the watcher's cache keeps
// the trees of the last build, served or not, whose strings are the bytes
// of that build's scan (ojson.ParseShared); a later build sharing its
// Sources only with the snapshot served held every card twice once a build
// was rejected: all of them after a first build that failed (nothing
// served), and each card edited while the repository had errors; and one
// put back as served after such an edit was parsed afresh, yet held as
// the served snapshot's bytes.
func TestRebuildHoldsCardsOnceAfterARejectedBuild(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	manifest := filepath.Join(repo, "capabilities/ui/capability.json")
	good, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	write := func(p string, data []byte) {
		t.Helper()
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
	ctx := context.Background()
	rebuild := func(wantServed bool) {
		t.Helper()
		before := w.Current()
		w.rebuild(ctx, nopNotifier{})
		if served := w.Current() != before; served != wantServed {
			t.Fatalf("rebuild served a new snapshot: %v, want %v (%v)", served, wantServed, w.Status().Failure)
		}
	}

	write(manifest, []byte(`{"broken`))
	rebuild(false) // nothing served: every card in the cache, on this scan's bytes
	write(manifest, good)
	rebuild(true)
	checkCardsHeldOnce(t, "after a first build that failed", w.Current())

	card := filepath.Join(repo, "bin/land.card.json")
	data, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	write(manifest, []byte(`{"broken`))
	write(card, append(data, '\n')) // parsed by the rejected build
	rebuild(false)
	write(manifest, good)
	rebuild(true)
	checkCardsHeldOnce(t, "after a card edited in a failing build", w.Current())

	// Edited in a failing build, then put back as the snapshot served
	// holds it: the cache no longer has that text, the rebuild parses it
	// over its own bytes, which are to be the ones held, not the served
	// snapshot's equal ones.
	served, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	write(manifest, []byte(`{"broken`))
	write(card, append(slices.Clone(served), '\n'))
	rebuild(false)
	write(manifest, good)
	retitle(t, manifest, "Retitled") // served: not the snapshot served already
	write(card, served)
	rebuild(true)
	checkCardsHeldOnce(t, "after a card edited in a failing build and put back", w.Current())
}

// TestToolIndexDigestAsOfWholeDocumentOddCards: for cards written
// with escapes of every kind, text past the BMP and in decomposed form,
// empty lists, CRLF line ends (between members and escaped in strings),
// a member repeated, and one card far past writeToolIndex's 4 KiB
// buffer, the snapshot's digest is the hash of the whole document's
// bytes (the ETag as it was), tool-index.json (Artifact) is those bytes,
// and its length is the one counted.
func TestToolIndexDigestAsOfWholeDocumentOddCards(t *testing.T) {
	var huge strings.Builder
	for i := range 5000 {
		if i > 0 {
			huge.WriteString(", ")
		}
		fmt.Fprintf(&huge, `"phrase %d \u00e9 \ud83d\ude00 \"q\""`, i)
	}
	cards := []string{
		`{"id": "esc", "command": "bin/esc", "summary": "Tab\there, nul \u0000, slash \/, \\ and \"quote\" \u2028.", "intent_phrases": ["a\nb", "\u0001"], "effects": "None.", "risk": "reversible", "example": "bin/esc"}`,
		`{"id": "uni-é", "command": "bin/uni", "summary": "Café ☕ 😀 e\u0301", "intent_phrases": ["naïve", "日本語"], "effects": "None.", "risk": "reversible", "example": "bin/uni"}`,
		"{\r\n  \"id\": \"crlf\",\r\n  \"command\": \"bin/crlf\",\r\n  \"summary\": \"Line\\r\\nends.\",\r\n  \"intent_phrases\": [\"crlf it\"],\r\n  \"replaces\": [],\r\n  \"effects\": \"None.\",\r\n  \"risk\": \"reversible\",\r\n  \"example\": \"bin/crlf\"\r\n}\r\n",
		`{"id": "huge", "command": "bin/huge", "summary": "Huge.", "intent_phrases": [` + huge.String() + `], "effects": "None.", "risk": "reversible", "example": "bin/huge"}`,
		`{"id": "empty", "command": "bin/empty", "summary": "Empty lists.", "intent_phrases": ["go"], "replaces": [], "effects": "None.", "risk": "reversible", "example": "bin/empty", "preconditions": "x"}`,
	}
	src := &validate.Sources{}
	for i, c := range cards {
		tool := fmt.Sprintf("bin/t%d", i)
		src.Cards = append(src.Cards, validate.CardSource{File: validate.File{Path: tool + ".card.json", Data: []byte(c)}, ToolPath: tool, ToolExists: true})
	}
	snap := Build(src, false)
	if !snap.OK() {
		t.Fatalf("not ok: %v", snap.Diagnostics)
	}
	if len(snap.Result.Cards) < 3 {
		t.Fatalf("only %d cards valid: %v", len(snap.Result.Cards), snap.Diagnostics)
	}
	tools := ToolIndexJSON(snap.Result.Cards)
	whole := encodeFile(&tools, 0)
	artifacts := maps.Clone(snap.Artifacts)
	artifacts[ToolIndexFile] = whole
	if want := digestOfBytes(artifacts, snap.Result, ""); snap.Digest != want {
		t.Errorf("digest %s, of the whole document %s", snap.Digest, want)
	}
	if snap.toolIndexSize != len(whole) {
		t.Errorf("counted %d bytes, the document has %d", snap.toolIndexSize, len(whole))
	}
	if got := snap.Artifact(ToolIndexFile); !bytes.Equal(got, whole) {
		t.Errorf("tool-index.json:\n%.400s\nwant:\n%.400s", got, whole)
	}
	if len(snap.Result.Cards) != len(cards) {
		t.Errorf("%d of %d cards valid", len(snap.Result.Cards), len(cards))
	}
	for _, want := range []string{"\\u0000", "😀", "\\r\\n", `"replaces": []`, "phrase 4999"} {
		if !bytes.Contains(whole, []byte(want)) {
			t.Errorf("tool-index.json lacks %q", want)
		}
	}
}

// TestSnapshotArtifactAtOnce: many goroutines asking a snapshot for its
// artifacts at once, tool-index.json first or not, all get the one
// document and the bytes of the others (go test -race: Artifact's lazy
// encoding is the only write).
func TestSnapshotArtifactAtOnce(t *testing.T) {
	snap := loadSnapshot(t)
	want := map[string][]byte{}
	for _, name := range ArtifactNames {
		want[name] = Build(snap.Sources, false).Artifact(name)
	}
	got := make([][]byte, 32)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			for j := range ArtifactNames {
				name := ArtifactNames[(i+j)%len(ArtifactNames)]
				b := snap.Artifact(name)
				if !bytes.Equal(b, want[name]) {
					t.Errorf("goroutine %d: %s differs", i, name)
				}
				if name == ToolIndexFile {
					got[i] = b
				}
			}
		})
	}
	wg.Wait()
	for i, b := range got {
		if len(b) == 0 || &b[0] != &got[0][0] {
			t.Fatalf("goroutine %d was given a tool-index.json of its own", i)
		}
	}
	if b := snap.Artifact("other.json"); b != nil {
		t.Errorf("another name gave %d bytes", len(b))
	}
}

// TestProposedCardBytesAreNotKept: a card a proposed change carries
// (Overlay, Check: POST /validate) is parsed over the change's own bytes
// (ojson.ParseShared), which the caller owns once Check returns; nothing
// kept may point into them. Scribbled over after Check, they change
// neither the served snapshot's cards nor those of the next rebuild with
// the same Cache reading that very text from disk (were the proposal's
// tree cached, the rebuild's hit would be the scribbled bytes).
func TestProposedCardBytesAreNotKept(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	card := filepath.Join(repo, "bin/land.card.json")
	data, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	const summary = "Proposed summary of the land tool."
	proposed := bytes.Replace(data, []byte("Rebase the current branch on main, run the checks, and push it to main."), []byte(summary), 1)
	opts := Options{ScanOptions: ScanOptions{Repo: repo}, Cache: validate.NewCache()}
	snap, err := Load(context.Background(), opts)
	if err != nil || !snap.OK() {
		t.Fatalf("load: %v %v", err, snap.Diagnostics)
	}
	var before []string
	for _, c := range snap.Result.Cards {
		before = append(before, strings.Clone(c.ID+"\x00"+c.Summary))
	}
	buf := slices.Clone(proposed)
	src, err := snap.Overlay(map[string][]byte{"bin/land.card.json": buf}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if diags := snap.Check(src); diags.HasErrors() {
		t.Fatalf("the proposal fails: %v", diags)
	}
	for i := range buf { // the caller reuses its buffer
		if buf[i] >= 'a' && buf[i] <= 'z' {
			buf[i] = 'z'
		}
	}
	for i, c := range snap.Result.Cards {
		if c.ID+"\x00"+c.Summary != before[i] {
			t.Errorf("the served card %s changed: %q", c.ID, c.Summary)
		}
	}
	if err := os.WriteFile(card, proposed, 0o644); err != nil {
		t.Fatal(err)
	}
	opts.Previous = snap
	next, err := Load(context.Background(), opts)
	if err != nil || !next.OK() {
		t.Fatalf("rebuild: %v %v", err, next.Diagnostics)
	}
	var found bool
	for _, c := range next.Result.Cards {
		if c.Path == "bin/land.card.json" {
			found = true
			if c.Summary != summary || c.ID != "land" || c.Raw.Get("summary").Str != summary {
				t.Errorf("the rebuild's card is %q %q: the proposal's bytes were kept", c.ID, c.Summary)
			}
		}
	}
	if !found {
		t.Fatal("no land card after the rebuild")
	}
}

// failOnce fails its first Write and takes the others.
type failOnce struct {
	failed bool
	n      int
}

func (w *failOnce) Write(b []byte) (int, error) {
	if !w.failed {
		w.failed = true
		return 0, errors.New("disk full")
	}
	w.n += len(b)
	return len(b), nil
}

// TestWriteToolIndexStopsAtTheFirstError: writeToolIndex returns w's first
// error and writes nothing after it, even to a writer that would take
// the rest (were a card's failing write ignored, the document would be
// written without that card and reported whole).
func TestWriteToolIndexStopsAtTheFirstError(t *testing.T) {
	snap := loadSnapshot(t)
	var w failOnce
	n, err := writeToolIndex(&w, snap.Result.Cards)
	if err == nil || n != 0 || w.n != 0 {
		t.Errorf("a writer failing first: wrote %d (%d taken), %v; want 0 and its error", n, w.n, err)
	}
}

// TestToolIndexDriftIsDiffedAgainstTheDocument: gen --check of a
// tool-index.json with one line changed shows that line, diffed against
// the document Artifact makes, not every line removed (the snapshot
// holds no tool-index.json in Artifacts: a diff against that map's nil
// passed every other test).
func TestToolIndexDriftIsDiffedAgainstTheDocument(t *testing.T) {
	snap := loadSnapshot(t)
	dir := t.TempDir()
	if _, err := WriteArtifacts(context.Background(), dir, snap); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, ToolIndexFile)
	data, err := os.ReadFile(p)
	if err != nil || !bytes.Contains(data, []byte(`"id": "land"`)) {
		t.Fatalf("%v, or no land card in:\n%.300s", err, data)
	}
	if err := os.WriteFile(p, bytes.Replace(data, []byte(`"id": "land"`), []byte(`"id": "landed"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	drifts, err := CheckArtifacts(context.Background(), dir, snap)
	if err != nil || len(drifts) != 1 || drifts[0].File != p {
		t.Fatalf("drifts %+v, %v; want tool-index.json's alone", drifts, err)
	}
	diff := drifts[0].Diff
	if !strings.Contains(diff, `-      "id": "landed",`) || !strings.Contains(diff, `+      "id": "land",`) || strings.Contains(diff, `"version"`) {
		t.Errorf("the diff is not the changed line's:\n%.800s", diff)
	}
}
