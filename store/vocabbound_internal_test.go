package store

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/store/storetest"
)

// TestLogVocabularyBound: an index whose vocabulary reached its bound is
// told on the log, at the card that first had a word left out; one that
// did not is not.
func TestLogVocabularyBound(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}})
	if err != nil || !snap.OK() || len(snap.Result.Cards) < 2 {
		t.Fatalf("load: %v %v", err, snap.Diagnostics)
	}
	for _, tt := range []struct {
		opts []search.Option
		want string // in the log line, "" for none
	}{
		{nil, ""},
		{[]search.Option{search.MaxTerms(3)}, "max_terms=3"},
	} {
		var buf bytes.Buffer
		ix := search.Build(snap.searchCards(), tt.opts...)
		logVocabularyBound(slog.New(slog.NewTextHandler(&buf, nil)), snap, ix)
		got := buf.String()
		if tt.want == "" {
			if got != "" {
				t.Errorf("no bound reached, logged %q", got)
			}
			continue
		}
		b, ok := ix.VocabularyBound()
		if !ok {
			t.Fatal("MaxTerms(3) reached no bound")
		}
		if !strings.Contains(got, "level=WARN") || !strings.Contains(got, tt.want) ||
			!strings.Contains(got, "file="+snap.Result.Cards[b.Card].Path+" ") {
			t.Errorf("logged %q, want a warning naming %s and %s", got, snap.Result.Cards[b.Card].Path, tt.want)
		}
	}
}
