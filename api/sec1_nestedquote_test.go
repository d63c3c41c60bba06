package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
)

// TestCommandNestedQuotesAnsweredPromptly: GET /tools?command= with 750
// "$('" (3,750 bytes, under the 4,096-byte limit) was read in work
// exponential in its nesting before any budget applied: the request
// timed out and a core stayed busy for minutes after. It is answered
// (cmdline's BenchmarkNestedQuotes times its reading).
func TestCommandNestedQuotesAnsweredPromptly(t *testing.T) {
	h := api.NewRouter(cardsSource(t, map[string][]string{"push": {"git push .* --force"}}), api.Options{})
	for _, line := range []string{strings.Repeat(`"$('"`, 750), "git push origin --force " + strings.Repeat(`"$("`, 900)} {
		if e := do(t, h, "GET", "/tools?command="+url.QueryEscape(line), nil); e.status != 200 {
			t.Errorf("%q...: status %d: %.200s", line[:12], e.status, e.body)
		}
	}
}

// TestCommandUnendedHereDocsInSubstitution: a command substitution with
// two here-documents whose first body runs to the end of the line read
// past it: GET /tools?command= answered 500 (a panic), and a card whose
// replaces pattern is such a line made the build panic (capreg check
// crashed on it). Both are read now.
func TestCommandUnendedHereDocsInSubstitution(t *testing.T) {
	line := "echo \"$(cat <<A <<B\nx"
	h := api.NewRouter(cardsSource(t, map[string][]string{"push": {"git push .* --force", line}}), api.Options{})
	for _, cmd := range []string{line, "git push origin --force; " + line, "$(cat <<A <<B <<C\n"} {
		if e := do(t, h, "GET", "/tools?command="+url.QueryEscape(cmd), nil); e.status != 200 {
			t.Errorf("%q: status %d: %.200s", cmd, e.status, e.body)
		}
	}
}

// TestValidateCardOfOpenArithmeticPatterns: a POST /validate body of
// 300 KB, a card whose 60 replaces patterns each repeat "$((" left open
// among quotes, substitutions and here-documents, took 3.4 s (36 s with
// a core busy beside it): each "$((" was read up to 256 bytes by every
// substitution around it, uncounted by the quote-reading budget. The
// arithmetic read is counted now.
func TestValidateCardOfOpenArithmeticPatterns(t *testing.T) {
	h := newRouter(testdataSource(t))
	var reps []string
	for i := range 60 {
		reps = append(reps, strings.Repeat("\">($((`<<'E'", 333)+fmt.Sprint(i))
	}
	card, _ := json.Marshal(map[string]any{"id": "land", "command": "bin/land", "summary": "s", "intent_phrases": []string{"p"},
		"replaces": reps, "effects": "e", "risk": "destructive", "example": "bin/land"})
	body, _ := json.Marshal(map[string]any{"files": map[string]string{"bin/land.card.json": string(card)}})
	if e := do(t, h, "POST", "/validate", body); e.status != 200 {
		t.Errorf("status %d: %.200s", e.status, e.body)
	}
}
