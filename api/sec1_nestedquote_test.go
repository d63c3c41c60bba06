package api_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
)

// TestCommandNestedQuotesAnsweredPromptly: GET /tools?command= with 750
// "$('" (3,750 bytes, under the 4,096-byte limit) was read in work
// exponential in its nesting before any budget applied: the request
// timed out and a core stayed busy for minutes after. It is answered at
// once now.
func TestCommandNestedQuotesAnsweredPromptly(t *testing.T) {
	h := api.NewRouter(cardsSource(t, map[string][]string{"push": {"git push .* --force"}}), api.Options{})
	for _, line := range []string{strings.Repeat(`"$('"`, 750), "git push origin --force " + strings.Repeat(`"$("`, 900)} {
		start := time.Now()
		e := do(t, h, "GET", "/tools?command="+url.QueryEscape(line), nil)
		if took := time.Since(start); e.status != 200 || took > 2*time.Second {
			t.Errorf("%q...: status %d after %v: %.200s", line[:12], e.status, took, e.body)
		}
	}
}
