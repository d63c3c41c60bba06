package store

import (
	"bytes"
	"context"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/store/storetest"
)

// TestLogVocabularyBound: an index whose vocabulary reached its bound is
// told on the log, at the card that first had a word left out, in the
// words of vocabularyBoundNote (which tools search's note gives too); one
// that did not is not.
func TestLogVocabularyBound(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}})
	if err != nil || !snap.OK() || len(snap.Result.Cards) < 2 {
		t.Fatalf("load: %v %v", err, snap.Diagnostics)
	}
	if note, ok := snap.VocabularyBoundNote(); ok {
		t.Errorf("40 cards at the default bound: VocabularyBoundNote() = %q, want none", note)
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
		logVocabularyBound(slog.New(slog.NewTextHandler(&buf, nil)), nil, snap, ix)
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
		file := snap.Result.Cards[b.Card].Path
		if !strings.Contains(got, "level=WARN") || !strings.Contains(got, tt.want) ||
			!strings.Contains(got, "file="+file+" ") {
			t.Errorf("logged %q, want a warning naming %s and %s", got, file, tt.want)
		}
		note, noteFile, ok := vocabularyBoundNote(snap, ix)
		want := regexp.MustCompile(`^tool search's vocabulary reached its bound \(3 distinct terms\): [0-9]+ words of ` +
			regexp.QuoteMeta(file) + ` and the cards after it in id order are not indexed, and find nothing$`)
		if !ok || noteFile != file || !want.MatchString(note) {
			t.Errorf("vocabularyBoundNote = %q, %q, %v; want %v naming %s", note, noteFile, ok, want, file)
		}
		if !strings.Contains(got, "msg="+strconv.Quote(note)+" ") {
			t.Errorf("logged %q, want the message %q", got, note)
		}
	}
}

// TestLogVocabularyBoundOnChange: a rebuild is told of the vocabulary
// bound only when the registry served until then said otherwise, so that
// an edit of a capability or a workflow, rebuilt with the same cards, does
// not repeat the warning at every save; an index back under its bound is
// told once, at info.
func TestLogVocabularyBoundOnChange(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}})
	if err != nil || !snap.OK() {
		t.Fatalf("load: %v %v", err, snap.Diagnostics)
	}
	// withIndex is snap's registry served with ix as its search index.
	withIndex := func(ix *search.Index) *Snapshot {
		s := &Snapshot{Result: snap.Result}
		s.searchOnce.Do(func() { s.search = ix })
		return s
	}
	bound3 := search.Build(snap.searchCards(), search.MaxTerms(3))
	bound5 := search.Build(snap.searchCards(), search.MaxTerms(5))
	whole := search.Build(snap.searchCards())
	for _, tt := range []struct {
		name     string
		prev     *Snapshot
		ix       *search.Index
		wantLine string // "" for nothing logged
	}{
		{"first build, bound reached", nil, bound3, "level=WARN"},
		{"under the bound before, reached now", withIndex(whole), bound3, "level=WARN"},
		{"the same words left out", withIndex(bound3), bound3, ""},
		{"other words left out", withIndex(bound5), bound3, "level=WARN"},
		{"back under the bound", withIndex(bound3), whole, "level=INFO msg=\"tool search's vocabulary is under its bound again"},
		{"under the bound still", withIndex(whole), whole, ""},
		{"first build, under the bound", nil, whole, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			logVocabularyBound(slog.New(slog.NewTextHandler(&buf, nil)), tt.prev, withIndex(tt.ix), tt.ix)
			got := buf.String()
			if tt.wantLine == "" {
				if got != "" {
					t.Errorf("logged %q, want nothing", got)
				}
				return
			}
			if strings.Count(got, "\n") != 1 || !strings.Contains(got, tt.wantLine) {
				t.Errorf("logged %q, want one line with %q", got, tt.wantLine)
			}
		})
	}
}
