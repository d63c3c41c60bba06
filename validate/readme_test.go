package validate

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeListsEveryRule keeps the README's rule table in step with Rules.
func TestReadmeListsEveryRule(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, r := range Rules {
		if !strings.Contains(readme, "| `"+r.ID+"` |") {
			t.Errorf("README.md has no table row for rule %s", r.ID)
		}
	}
	seen := map[string]bool{}
	for _, r := range Rules {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
	}
}
