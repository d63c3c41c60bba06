package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestToolsScoresOnPathologicalIntent: one known word among hundreds of
// misspelt ones, against a card with a long summary, once scored +Inf (a
// 500). The answer is a 200 whose scores are finite, positive and in the
// documented order (score descending, then id), even where the ones far
// below the best all print the smallest score.
func TestToolsScoresOnPathologicalIntent(t *testing.T) {
	repo := copyTestRepo(t)
	var words, typos []string
	for i := range 800 {
		words = append(words, fmt.Sprintf("zq%04dxword", i))
		if i < 700 {
			typos = append(typos, fmt.Sprintf("zq%04dxwrod", i))
		}
	}
	cards := map[string]string{
		"bigtool":  strings.Join(words, " "),
		"zz-half":  strings.Join(words[:400], " "),
		"zb-check": "check stuff",
		"aa-check": "check things",
	}
	for id, summary := range cards {
		tool := filepath.Join(repo, "bin", id)
		card, _ := json.Marshal(map[string]any{"id": id, "command": "bin/" + id, "summary": summary,
			"intent_phrases": []string{"check a file"}, "effects": "none", "risk": "reversible", "example": "bin/" + id})
		if err := os.WriteFile(tool, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(tool+".card.json", card, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := do(t, newRouter(repoSource(t, repo)), "GET", "/tools?limit=6&intent="+url.QueryEscape("check "+strings.Join(typos, " ")), nil)
	if e.status != 200 {
		t.Fatalf("status %d: %s", e.status, truncate(e.body))
	}
	var body struct {
		Results []struct {
			ID    string
			Score float64
		}
	}
	if err := json.Unmarshal(e.body, &body); err != nil {
		t.Fatal(err)
	}
	if len(body.Results) < 3 {
		t.Fatalf("%d results, want several: %s", len(body.Results), truncate(e.body))
	}
	for i, r := range body.Results {
		if !(r.Score > 0) {
			t.Errorf("result %d (%s): score %v", i, r.ID, r.Score)
		}
		if i == 0 {
			continue
		}
		if p := body.Results[i-1]; p.Score < r.Score || p.Score == r.Score && p.ID > r.ID {
			t.Errorf("results %d, %d: (%s %v) before (%s %v): not score descending, then id", i-1, i, p.ID, p.Score, r.ID, r.Score)
		}
	}
}
