package api_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/validate"
)

// TestToolsLimitBounds: ?limit= takes 1 to 100 inclusive, in the listing
// and in a search.
func TestToolsLimitBounds(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, tt := range []struct {
		target string
		want   int
	}{
		{"/tools?limit=100", 200},
		{"/tools?intent=deploy&limit=100", 200},
		{"/tools?limit=1", 200},
		{"/tools?limit=101", 400},
		{"/tools?intent=deploy&limit=101", 400},
	} {
		if e := do(t, h, "GET", tt.target, nil); e.status != tt.want {
			t.Errorf("GET %s: %d %s, want %d", tt.target, e.status, truncate(e.body), tt.want)
		}
	}
}

// TestToolsDefaultLimits: with no ?limit=, the listing pages 30 cards and a
// search answers 10, and the listing's last page has no nextCursor.
func TestToolsDefaultLimits(t *testing.T) {
	h := newRouter(deployCards(t, 35))
	m := do(t, h, "GET", "/tools", nil).json(t)
	next, _ := m["nextCursor"].(string)
	if m["count"] != float64(30) || m["total"] != float64(35) || next == "" {
		t.Fatalf("GET /tools: count %v of %v, next %q, want 30 of 35 and a cursor", m["count"], m["total"], next)
	}
	m = do(t, h, "GET", "/tools?cursor="+next, nil).json(t)
	if _, more := m["nextCursor"]; m["count"] != float64(5) || ids(m["tools"]) != "t30 t31 t32 t33 t34" || more {
		t.Errorf("second page: %v cards %q, nextCursor %v, want t30..t34 and none", m["count"], ids(m["tools"]), m["nextCursor"])
	}
	if got, _ := do(t, h, "GET", "/tools?intent=deploy+the+service", nil).json(t)["results"].([]any); len(got) != 10 {
		t.Errorf("GET /tools?intent=deploy+the+service answers %d results, want 10", len(got))
	}
}

// TestCommandAtTheLineLimit: a command line of exactly cmdline.MaxLine
// bytes is matched; one byte more is a 400 naming its length.
func TestCommandAtTheLineLimit(t *testing.T) {
	h := newRouter(testdataSource(t))
	line := "echo " + strings.Repeat("a", cmdline.MaxLine-len("echo "))
	if e := do(t, h, "GET", "/tools?command="+url.QueryEscape(line), nil); e.status != 200 {
		t.Errorf("a %d-byte command: %d %s, want 200", len(line), e.status, truncate(e.body))
	}
	e := do(t, h, "GET", "/tools?command="+url.QueryEscape(line+"a"), nil)
	if msg, _ := e.json(t)["message"].(string); e.status != 400 || !strings.HasPrefix(msg, "command is 4097 bytes") {
		t.Errorf("a %d-byte command: %d %s, want 400 naming its length", len(line)+1, e.status, truncate(e.body))
	}
}

// deployCards serves n cards t00, t01, ..., each for deploying the service,
// the even ones destructive, the odd ones reversible.
func deployCards(t *testing.T, n int) *source {
	t.Helper()
	src := &validate.Sources{}
	for i := range n {
		id := fmt.Sprintf("t%02d", i)
		data := fmt.Sprintf(`{"id":%q,"command":"bin/%s","summary":"Deploy the service","intent_phrases":["deploy the service"],"replaces":["deploy%02d"],"effects":"e","risk":%q,"example":"bin/%s"}`, id, id, i, []string{"destructive", "reversible"}[i%2], id)
		src.Cards = append(src.Cards, toolCard(id, data))
	}
	return cardsServed(t, src)
}

// TestToolsListingByRisk: the listing's ?risk= keeps the cards of that
// risk only, and counts them as its total.
func TestToolsListingByRisk(t *testing.T) {
	h := newRouter(deployCards(t, 35))
	for risk, total := range map[string]float64{"destructive": 18, "reversible": 17} {
		m := do(t, h, "GET", "/tools?limit=100&risk="+risk, nil).json(t)
		if m["total"] != total || m["count"] != total {
			t.Errorf("GET /tools?risk=%s: count %v, total %v, want %v", risk, m["count"], m["total"], total)
		}
		for _, c := range m["tools"].([]any) {
			if got := c.(map[string]any)["risk"]; got != risk {
				t.Errorf("GET /tools?risk=%s lists %v, of risk %v", risk, c.(map[string]any)["id"], got)
			}
		}
	}
}

// TestToolsCursorPastTheLastCard: a cursor naming a card past every card
// served (the last card of a page, deleted before the next page was
// asked for) answers an empty last page.
func TestToolsCursorPastTheLastCard(t *testing.T) {
	h := newRouter(deployCards(t, 3))
	cursor := base64.RawURLEncoding.EncodeToString([]byte("after:t99"))
	e := do(t, h, "GET", "/tools?cursor="+cursor, nil)
	m := e.json(t)
	if _, more := m["nextCursor"]; e.status != 200 || m["count"] != float64(0) || m["total"] != float64(3) || more {
		t.Errorf("GET /tools after the last card: %d %s, want 200 with no card and no nextCursor", e.status, truncate(e.body))
	}
}

// Card ids are free strings: each is fetched by its percent-encoded form,
// decoded exactly once.
func TestToolIDsArePercentDecodedOnce(t *testing.T) {
	card := func(id string) validate.CardSource {
		return cardSource(strings.NewReplacer("/", "_", "%", "_").Replace(id), id)
	}
	h, _ := cardsRouter(t, card("pct%41"), card("pctA"), card("ns/tool"), card("x/"), card("ns/."), card("a/../b"), card("q?x"), card("my tool"))
	for path, want := range map[string]string{
		"/tools/pct%2541":  "pct%41",
		"/tools/pctA":      "pctA",
		"/tools/pct%41":    "pctA",
		"/tools/ns%2Ftool": "ns/tool",
	} {
		e := do(t, h, "GET", path, nil)
		if e.status != 200 {
			t.Errorf("%s: status %d", path, e.status)
			continue
		}
		if id := e.json(t)["id"]; id != want {
			t.Errorf("%s: card %v, want %q", path, id, want)
		}
	}
	// With the slash of its id unescaped, the path names no route; the
	// 404 names the one meant, for a served card only.
	e := do(t, h, "GET", "/tools/ns/tool", nil)
	if m := e.json(t); e.status != 404 || m["details"].(map[string]any)["didYouMean"] != "/tools/ns%2Ftool" {
		t.Errorf("/tools/ns/tool: %d %s", e.status, e.body)
	}
	if e := do(t, h, "GET", "/tools/ns/other", nil); e.status != 404 || strings.Contains(string(e.body), "didYouMean") {
		t.Errorf("/tools/ns/other: %d %s", e.status, e.body)
	}
	// An id that cleaning a path would change is named as it is, not
	// cleaned into a card that does not exist (/tools/x/ is not /tools/x).
	for path, want := range map[string]string{
		"/tools/x/":     "/tools/x%2F",
		"/tools/ns/.":   "/tools/ns%2F.",
		"/tools/a/../b": "/tools/a%2F..%2Fb",
		"/tools//pctA":  "/tools/pctA",
		// Suggestions are escaped, so that following one asks for the card.
		"/tools%2Fq%3Fx":      "/tools/q%3Fx",
		"/tools/q%3Fx/":       "/tools/q%3Fx",
		"/tools/my%20tool/":   "/tools/my%20tool",
		"/tools%2Fmy%20tool":  "/tools/my%20tool",
		"/tools/ns/tool/":     "/tools/ns%2Ftool",
		"/tools%2Fns%2Ftool/": "/tools/ns%2Ftool",
	} {
		e := do(t, h, "GET", path, nil)
		m := e.json(t)
		d, _ := m["details"].(map[string]any)
		if e.status != 404 || d["didYouMean"] != want {
			t.Errorf("%s: %d %s, want didYouMean %s", path, e.status, e.body, want)
			continue
		}
		if e := do(t, h, "GET", want, nil); e.status != 200 {
			t.Errorf("%s suggests %s, which is a %d", path, want, e.status)
		}
	}
}

// TestCommandMatchTruncationLoggedOncePerRegistry: a GET /tools?command=
// that spends its work budget is logged at WARN once for a registry, naming
// the card matching stopped at, and at DEBUG for every later request over
// that registry: a client sending one costly line in a loop wrote a WARN
// line a request. Another registry (another digest) is warned of again.
func TestCommandMatchTruncationLoggedOncePerRegistry(t *testing.T) {
	src := cardsSource(t, map[string][]string{
		"a-words":  {"git push origin --force"},
		"b-regexp": {"git push .* --force"},
	})
	var logs bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := api.NewRouter(src, api.Options{CommandBudget: 8, Logger: logger})
	target := "/tools?command=" + url.QueryEscape("git push origin --force")
	levels := func() (warn, debug []map[string]any) {
		for l := range strings.SplitSeq(strings.TrimSpace(logs.String()), "\n") {
			var rec map[string]any
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatalf("log line %q: %v", l, err)
			}
			if !strings.HasPrefix(fmt.Sprint(rec["msg"]), "command matching spent its work budget") {
				continue
			}
			switch rec["level"] {
			case "WARN":
				warn = append(warn, rec)
			case "DEBUG":
				debug = append(debug, rec)
			}
		}
		return warn, debug
	}
	for _, tt := range []struct {
		name             string
		requests         int
		another          bool // serve another registry first
		wantWarn, wantDb int
	}{
		{"the first registry", 5, false, 1, 4},
		{"another registry", 2, true, 2, 5},
	} {
		if tt.another {
			src.snap.Store(cardsSource(t, map[string][]string{
				"a-words":  {"git push origin --force"},
				"b-regexp": {"git push .* --force"},
				"c-words":  {"git push origin"},
			}).Current())
		}
		for range tt.requests {
			if e := do(t, h, "GET", target, nil); e.status != 200 {
				t.Fatalf("%s: status %d", tt.name, e.status)
			}
		}
		warn, debug := levels()
		if len(warn) != tt.wantWarn || len(debug) != tt.wantDb {
			t.Fatalf("%s: %d WARN and %d DEBUG lines, want %d and %d:\n%s", tt.name, len(warn), len(debug), tt.wantWarn, tt.wantDb, logs.String())
		}
		if last := warn[len(warn)-1]; last["stoppedAt"] != "b-regexp" || last["digest"] != src.Current().Digest {
			t.Errorf("%s: the WARN line %v, want stoppedAt b-regexp and the registry's digest", tt.name, last)
		}
	}
}
