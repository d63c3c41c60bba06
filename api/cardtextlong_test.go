package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestSearchIndexesACardsFirst8KiB: a card whose text is past
// validate.CardSearchText (a manual pasted into its summary; ten cards of 8
// MB of distinct words held a daemon building its index past 5 GB) is
// found by the words of its first 8 KiB and not by those after, warned of
// (card-text-long), and served whole by GET /tools/{id}; a card within the
// limit is found by its last word.
func TestSearchIndexesACardsFirst8KiB(t *testing.T) {
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/first")); err != nil {
		t.Fatal(err)
	}
	words := make([]string, 3000)
	for i := range words {
		words[i] = fmt.Sprintf("zq%dword", i)
	}
	words[len(words)-1] = "xylophone"
	card := map[string]any{
		"id": "manual", "command": "bin/manual", "summary": strings.Join(words, " "),
		"intent_phrases": []string{"read the manual"}, "effects": "none", "risk": "reversible", "example": "bin/manual",
	}
	data, err := json.Marshal(card)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"bin/manual.card.json": data, "bin/manual": []byte("#!/bin/sh\n")} {
		if err := os.WriteFile(filepath.Join(repo, name), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	src := repoSource(t, repo)
	var warned []validate.Diagnostic
	for _, d := range src.Current().Diagnostics {
		if d.Rule == "card-text-long" {
			warned = append(warned, d)
		}
	}
	if len(warned) != 1 || warned[0].File != "bin/manual.card.json" || warned[0].Pointer != "/summary" {
		t.Errorf("card-text-long findings = %v, want one at bin/manual.card.json /summary", warned)
	}
	h := newRouter(src)
	for _, tt := range []struct {
		intent string
		found  bool
	}{
		{"zq10word", true},
		{"xylophone", false},
		{"greet a new contributor", false},
	} {
		e := do(t, h, "GET", "/tools?intent="+strings.ReplaceAll(tt.intent, " ", "+"), nil)
		if e.status != 200 {
			t.Fatalf("%s: status %d: %s", tt.intent, e.status, e.body)
		}
		found := strings.Contains(ids(e.json(t)["results"]), "manual")
		if found != tt.found {
			t.Errorf("intent %q: manual found %v, want %v (%s)", tt.intent, found, tt.found, ids(e.json(t)["results"]))
		}
	}
	e := do(t, h, "GET", "/tools/manual", nil)
	if e.status != 200 || !strings.Contains(string(e.body), "xylophone") {
		t.Errorf("GET /tools/manual: status %d, want 200 and the whole summary", e.status)
	}
}
