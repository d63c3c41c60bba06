package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
)

// TestToolsSearchNotesVocabularyBound: tools search says on stderr, as
// serve's log and metrics do, that the cards' vocabulary reached tool
// search's bound, naming the first card with words left out, so that a
// user whose intent finds nothing learns why; its answer on stdout is
// unchanged, JSON or not. Ordinary cards get no note. The note is the
// sentence serve's log gives (store's VocabularyBoundNote), not one of
// its own.
func TestToolsSearchNotesVocabularyBound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an index of about 290,000 terms")
	}
	wide := t.TempDir()
	if err := storetest.WriteWideRepo(wide); err != nil {
		t.Fatal(err)
	}
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: wide}})
	if err != nil {
		t.Fatal(err)
	}
	shared, ok := snap.VocabularyBoundNote()
	if !ok {
		t.Fatal("the wide repository reached no bound")
	}
	note := regexp.MustCompile(`^capreg: note: tool search's vocabulary reached its bound \(250000 distinct terms\): [0-9]+ words of bin/wide-[0-9]{3}\.card\.json and the cards after it in id order are not indexed, and find nothing\n$`)
	for _, tt := range []struct {
		repo  string
		json  bool
		noted bool
	}{
		{filepath.Join("..", "..", "testdata", "repo"), false, false},
		{wide, false, true},
		{wide, true, true},
	} {
		args := []string{"tools", "search", "deploy a service", "--repo", tt.repo}
		if tt.json {
			args = append(args, "--json")
		}
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitOK || stdout.Len() == 0 {
			t.Fatalf("capreg %q: exit %d, %d bytes out, stderr %q", args, code, stdout.Len(), stderr.String())
		}
		if got := note.MatchString(stderr.String()); got != tt.noted || !tt.noted && stderr.Len() > 0 {
			t.Errorf("capreg %q: stderr %q, want the note: %v", args, stderr.String(), tt.noted)
		}
		if tt.noted && stderr.String() != "capreg: note: "+shared+"\n" {
			t.Errorf("capreg %q: stderr %q, want serve's log's words %q", args, stderr.String(), shared)
		}
	}
}
