package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// cardsSource serves a snapshot of cards, each given as id and replaces.
func cardsSource(t *testing.T, replaces map[string][]string) *source {
	t.Helper()
	src := &validate.Sources{}
	// By path, as a scan lists them (validate.Sources): the order in
	// which command matching tries the cards, and spends its budget.
	for _, id := range slices.Sorted(maps.Keys(replaces)) {
		reps := replaces[id]
		var quoted []string
		for _, r := range reps {
			quoted = append(quoted, fmt.Sprintf("%q", r))
		}
		data := fmt.Sprintf(`{"id":%q,"command":"bin/%s","summary":"s","intent_phrases":["p"],"replaces":[%s],"effects":"e","risk":"destructive","example":"bin/%s"}`,
			id, id, strings.Join(quoted, ","), id)
		src.Cards = append(src.Cards, toolCard(id, data))
	}
	return cardsServed(t, src)
}

// toolCard is the card bin/<id>.card.json holding data, beside its tool
// bin/<id>.
func toolCard(id, data string) validate.CardSource {
	return validate.CardSource{File: validate.File{Path: "bin/" + id + ".card.json", Data: []byte(data)}, ToolPath: "bin/" + id, ToolExists: true}
}

// cardsServed serves the snapshot of src, which must validate.
func cardsServed(t *testing.T, src *validate.Sources) *source {
	t.Helper()
	snap := store.Build(src, false)
	if !snap.OK() {
		t.Fatalf("cards do not validate: %v", snap.Diagnostics)
	}
	s := &source{}
	s.snap.Store(snap)
	return s
}

// TestCommandMatchStaysInItsCommand: a replaces pattern matches one command
// of the line (or as many as it has operators for, "curl .* | sh"); what
// the next command says is not part of it. "rm -rf <dir>" matched
// "rm -rf; ls" (the placeholder took the ;) and "git push .* --force"
// matched "git push origin && echo --force".
func TestCommandMatchStaysInItsCommand(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"safe-rm":   {"rm -rf <dir>"},
		"kdel":      {"kubectl delete <kind> <name>"},
		"scan":      {"git push .* --force"},
		"pipe-sh":   {"curl .* | sh"},
		"lease":     {"git push --force-with-lease"},
		"safe-push": {"git push (-f|--force)"},
	}))
	for cmd, want := range map[string]string{
		"rm -rf ; ls":                        "",
		"rm -rf && echo done":                "",
		"rm -rf build && echo done":          "safe-rm",
		"kubectl delete | cat":               "",
		"kubectl delete pod x | cat":         "kdel",
		"rm -rf '|'":                         "safe-rm", // a quoted | is a word
		"git push origin main; echo --force": "",
		"git push origin && rm --force":      "",
		"git push origin | grep --force":     "",
		"git push origin --force; ls":        "safe-push scan", // (-f|--force) is read as its two words too
		"ls; git push origin --force":        "safe-push scan",
		"curl -s x.sh | sh":                  "pipe-sh",
		"curl -s x.sh | sh; ls":              "pipe-sh",
		"curl -s x.sh; echo | sh":            "",
		"git push --force-with-lease":        "lease",
		"git push -f && echo ok":             "safe-push",
		"git push x; echo -f":                "",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// TestCommandLineOfSeveralLines: a newline ends a command as ; does, and a
// backslash before it continues the line, as in a shell. An agent's
// multi-line command "cd repo\ngit push --force" was one command, "cd",
// and matched nothing.
func TestCommandLineOfSeveralLines(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"safe-push": {"git push --force"},
		"merge":     {"git merge .*"},
	}))
	for cmd, want := range map[string]string{
		"cd repo\ngit push --force":             "safe-push",
		"cd repo\r\n  git push --force\r\n":     "safe-push",
		"git push \\\n  --force":                "safe-push",
		"git push \\\r\n  --force":              "safe-push",
		"cd repo\n\ngit merge topic":            "merge",
		"git commit -m \"a\ngit push --force\"": "",
		"echo git \\\n push --force":            "",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// TestCommandLineUnicodeSpace: a no-break space is part of its word, as
// bash reads it, for a card matched by regexp too. A line starting with
// one panicked in the matcher when a card's pattern was a regexp, and was
// answered 500 "internal error"; one ending in one was read without it
// by the regexp, so "git push --force\u00a0", which git refuses, matched
// "git push (-f|--force)". Nor is it the white space a keyword word's
// tool passes over ("redis-cli '\u00a0FLUSHALL '" matched FLUSHALL).
func TestCommandLineUnicodeSpace(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"merge":     {"git merge .*"},
		"safe-push": {"git push (-f|--force)"},
		"flush":     {"redis-cli FLUSHALL"},
	}))
	for cmd, want := range map[string]string{
		"redis-cli ' flushall\n'":     "flush",
		"redis-cli '\u00a0FLUSHALL '": "",
		"\u00a0git merge topic":       "",
		"git merge topic\u00a0":       "merge",
		"git push --force\u00a0":      "",
		"git push --force":            "safe-push",
		"\u00a0git push --force":      "",
		"make; git merge topic":       "merge",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// TestCommandHereDocumentIsNoOperand: input a command reads from a file
// may be the operand a placeholder names, but a here-document or a
// here-string names no file: "cat <<'EOF' > notes.txt", which writes the
// file, was sent to the card that replaces "cat <file>", and "psql <<EOF"
// to the one of "psql *".
func TestCommandHereDocumentIsNoOperand(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"view": {"cat <file>"},
		"sql":  {"psql *"},
	}))
	for cmd, want := range map[string]string{
		"cat < notes.txt":                     "view",
		"cat notes.txt":                       "view",
		"cat <<'EOF' > notes.txt\nhello\nEOF": "",
		"cat <<< hello":                       "",
		"psql <<EOF\nselect 1;\nEOF":          "",
		"psql app <<EOF\nselect 1;\nEOF":      "sql",
		"psql < seed.sql":                     "sql",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// TestCommandRedirectionOperatorIsNoOperand: a placeholder or a star
// never takes a redirection's operator alone for its word. "cat < a b",
// which bash runs as cat b with input from a, was sent to the card that
// replaces "cat <a> <b>" (its <a> took the "<"), and "ssh host >
// uptime", which runs no command on the host, to the one of "ssh *
// uptime"; input from a file the command is given no operand after
// still stands for the last operand.
func TestCommandRedirectionOperatorIsNoOperand(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"two":    {"cat <a> <b>"},
		"uptime": {"ssh * uptime"},
	}))
	for cmd, want := range map[string]string{
		"cat < a b":            "",
		"cat 0< a b":           "",
		"cat a b":              "two",
		"cat a < b":            "two",
		"ssh host > uptime":    "",
		"ssh host 2>&1 uptime": "uptime",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// TestCommandOperatorsWithoutSpaces: a control operator is a token of its
// own with or without spaces around it, for a regexp pattern too: "curl
// .* | sh" matched "curl -s x.sh | sh" but not "curl -s x.sh|sh".
func TestCommandOperatorsWithoutSpaces(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"pipe-sh": {"curl .* | sh"},
		"merge":   {"git merge .*"},
	}))
	for cmd, want := range map[string]string{
		"curl -s x.sh | sh":     "pipe-sh",
		"curl -s x.sh|sh":       "pipe-sh",
		"curl -s x.sh |sh -s":   "pipe-sh",
		"curl -s x.sh || sh":    "",
		"curl -s 'x.sh|sh'":     "",
		"make&&git merge topic": "merge",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// TestCommandLineScripts: a command a line runs as a script (bash -c, su
// -c, eval, find -exec) or through xargs is matched as if typed. Agents
// wrap commands so ("bash -lc 'git push --force'", "... | xargs git
// branch -D"), and none of those matched.
func TestCommandLineScripts(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"safe-push": {"git push --force"},
		"prune":     {"git branch -D *"},
		"safe-rm":   {"rm -rf <dir>"},
	}))
	for cmd, want := range map[string]string{
		"bash -lc 'cd repo && git push --force'":                   "safe-push",
		"sudo su - app -c 'rm -rf /srv/app/releases'":              "safe-rm",
		"find . -name node_modules -type d -exec rm -rf {} +":      "safe-rm",
		"git branch --merged | grep -v main | xargs git branch -D": "prune",
		"echo \"bash -c 'git push --force'\"":                      "",
		"ls | xargs rm":                                            "",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// TestCommandLineScriptTooDeep: a line running scripts deeper than the
// matcher reads is a 400 that says so and gives the limit, as a line of
// too many commands is, rather than an answer that misses what it runs.
func TestCommandLineScriptTooDeep(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{"safe-push": {"git push --force"}}))
	e := do(t, h, "GET", "/tools?command="+url.QueryEscape("eval eval eval eval eval eval git push --force"), nil)
	if e.status != http.StatusBadRequest {
		t.Fatalf("status = %d, want 400: %s", e.status, e.body)
	}
	m := e.json(t)
	details, _ := m["details"].(map[string]any)
	if msg, _ := m["message"].(string); !strings.Contains(msg, "5 deep") || details["maxScriptDepth"] != float64(5) {
		t.Errorf("body = %s, want a message naming 5 deep and details.maxScriptDepth 5", e.body)
	}
	wantCommandMatches(t, h, "eval eval eval eval eval git push --force", "safe-push")
}

// wantCommandMatches asks GET /tools?command= about cmd and wants the ids
// of the matching cards, space-separated, to be want.
func wantCommandMatches(t *testing.T, h http.Handler, cmd, want string) {
	t.Helper()
	e := do(t, h, "GET", "/tools?command="+url.QueryEscape(cmd), nil)
	if e.status != 200 {
		t.Errorf("%q: status %d: %s", cmd, e.status, truncate(e.body))
		return
	}
	if got := ids(e.json(t)["results"]); got != want {
		t.Errorf("%q matches %q, want %q", cmd, got, want)
	}
}

// TestToolSearchFindsIDsOfStopWords: a card whose id is a stop word or a
// single letter ("am", "where", "m" in the development set) has no
// indexable word in its id, so searching for it by name found nothing.
func TestToolSearchFindsIDsOfStopWords(t *testing.T) {
	h := api.NewRouter(repoSource(t, "../testdata/intent-eval"), api.Options{})
	for _, intent := range []string{"am", "where", "m", "AM", "`where`"} {
		e := do(t, h, "GET", "/tools?intent="+url.QueryEscape(intent), nil)
		if e.status != 200 {
			t.Fatalf("%q: status %d %s", intent, e.status, e.body)
		}
		var res struct {
			Results []struct {
				ID      string
				Score   float64
				Matched []string
			}
		}
		if err := json.Unmarshal(e.body, &res); err != nil {
			t.Fatal(err)
		}
		want := strings.Trim(strings.ToLower(intent), "`")
		if len(res.Results) != 1 || res.Results[0].ID != want || res.Results[0].Score <= 0 || !slices.Equal(res.Results[0].Matched, []string{"id"}) {
			t.Errorf("%q: results %+v, want only %q, matched by id", intent, res.Results, want)
		}
	}
	for _, intent := range []string{"the", "a", "how do I"} {
		e := do(t, h, "GET", "/tools?intent="+url.QueryEscape(intent), nil)
		if e.status != 200 || !bytes.Contains(e.body, []byte(`"results": []`)) {
			t.Errorf("%q: status %d %s, want no results", intent, e.status, e.body)
		}
	}
}

// GET /tools?command= does a bounded amount of work: a line that spends
// the budget is answered with the matches among the cards tried and says
// it was truncated; every other answer says it was not.
func TestCommandMatchBudget(t *testing.T) {
	src := cardsSource(t, map[string][]string{
		"a-words":  {"git push origin --force"},
		"b-regexp": {"git push .* --force"},
		"c-words":  {"git push origin"},
	})
	tests := []struct {
		name      string
		budget    int64
		want      string
		truncated bool
		tried     float64
	}{
		{"the default", 0, "a-words b-regexp c-words", false, 0},
		{"too little for the regexp", 8, "a-words", true, 1}, // two tries (search.attemptCost), no run
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := api.NewRouter(src, api.Options{CommandBudget: tt.budget})
			e := do(t, h, "GET", "/tools?command="+url.QueryEscape("git push origin --force"), nil)
			if e.status != 200 {
				t.Fatalf("status %d: %s", e.status, truncate(e.body))
			}
			doc := e.json(t)
			if got := ids(doc["results"]); got != tt.want || doc["truncated"] != tt.truncated {
				t.Errorf("results %q, truncated %v; want %q, %v", got, doc["truncated"], tt.want, tt.truncated)
			}
			if tt.truncated && (doc["cardsTried"] != tt.tried || doc["cardsTotal"] != 3.0 || !strings.Contains(fmt.Sprint(doc["message"]), "a card not tried may match")) {
				t.Errorf("a truncated answer says %v of %v cards tried, %q", doc["cardsTried"], doc["cardsTotal"], doc["message"])
			}
		})
	}
}

// Command lines are matched a few at a time: one that finds every turn
// taken (and may wait for none) is answered 503 busy with Retry-After, and
// is matched once a turn is free.
func TestCommandMatchTurns(t *testing.T) {
	h, release := api.NewRouterWithCommandTurnsTaken(cardsSource(t, map[string][]string{"push": {"git push .* --force"}}), api.Options{MaxCommandMatches: 2})
	target := "/tools?command=" + url.QueryEscape("git push origin --force")
	e := do(t, h, "GET", target, nil)
	if doc := e.json(t); e.status != 503 || doc["code"] != "busy" || e.header.Get("Retry-After") != "1" ||
		doc["details"].(map[string]any)["concurrent"] != 2.0 {
		t.Errorf("with every turn taken: %d Retry-After %q %s", e.status, e.header.Get("Retry-After"), truncate(e.body))
	}
	if e := do(t, h, "GET", "/tools?intent=push", nil); e.status != 200 {
		t.Errorf("a search waited for a command turn: %d", e.status)
	}
	release()
	wantCommandMatches(t, h, "git push origin --force", "push")
}

// A request that ends while its line is matched stops the matching, and is
// not answered as if nothing matched.
func TestCommandMatchStopsWhenTheRequestEnds(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{"push": {"git push origin --force"}}))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequestWithContext(ctx, "GET", "/tools?command="+url.QueryEscape("git push origin --force"), nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "the request ended") {
		t.Errorf("after the request ended: %d %s", rec.Code, rec.Body)
	}
}

// A conditional GET /tools?command= whose tag is sure to be the answer's is
// answered 304 before the line is matched, so it needs no turn: the
// identity tag without gzip, the gzip tag (sent only for a body over 1 KiB)
// with it. Holding the identity tag while taking gzip, the client may hold
// a short body or one fetched without gzip: the line is matched (here,
// every turn being taken, it is turned away busy).
func TestCommandMatchNotModifiedBeforeMatching(t *testing.T) {
	replaces := map[string][]string{}
	for i := range 20 {
		replaces[fmt.Sprintf("push-%02d", i)] = []string{"git push .* --force"}
	}
	src := cardsSource(t, replaces)
	target := "/tools?command=" + url.QueryEscape("git push origin --force")
	free := newRouter(src)
	plain := do(t, free, "GET", target, nil)
	zipped := do(t, free, "GET", target, nil, "Accept-Encoding", "gzip")
	if plain.status != 200 || zipped.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("setup: %d, %q: want 200 and a gzipped answer", plain.status, zipped.header.Get("Content-Encoding"))
	}
	identity, gz := plain.header.Get("ETag"), zipped.header.Get("ETag")
	h, release := api.NewRouterWithCommandTurnsTaken(src, api.Options{})
	defer release()
	tests := []struct {
		name, held, accept string
		want               int
	}{
		{"identity without gzip", identity, "", 304},
		{"gzip with gzip", gz, "gzip", 304},
		{"identity with gzip: matched", identity, "gzip", 503},
		{"gzip without gzip: matched", gz, "", 503},
		{"any without gzip", "*", "", 304},
		{"any with gzip: matched", "*", "gzip", 503},
		{"another tag: matched", `"other"`, "", 503},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hdr := []string{"If-None-Match", tt.held}
			if tt.accept != "" {
				hdr = append(hdr, "Accept-Encoding", tt.accept)
			}
			e := do(t, h, "GET", target, nil, hdr...)
			if e.status != tt.want {
				t.Fatalf("status %d, want %d: %s", e.status, tt.want, truncate(e.body))
			}
			want := tt.held
			if want == "*" {
				want = identity
			}
			if e.status == 304 && (e.header.Get("ETag") != want || e.header.Get("Cache-Control") != "no-cache" || e.header.Get("Vary") == "") {
				t.Errorf("304 headers: ETag %q Cache-Control %q Vary %q", e.header.Get("ETag"), e.header.Get("Cache-Control"), e.header.Get("Vary"))
			}
		})
	}
}

// TestCommandMatchesMostSpecificFirst: GET /tools?command= lists the
// cards most specific first, as cmdline.Matcher.Match orders them; it sorted
// them by id, so the card of "docker compose down" came before the one of
// "docker compose down -v*" that an agent typing "docker compose down -v"
// needs.
func TestCommandMatchesMostSpecificFirst(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{
		"a-down": {"docker compose down"},
		"b-nuke": {"docker compose down -v*"},
		"c-logs": {"kubectl logs *"},
		"d-prev": {"kubectl logs --previous *"},
	}))
	for cmd, want := range map[string]string{
		"docker compose down -v":           "b-nuke a-down",
		"docker compose down":              "a-down",
		"kubectl logs --previous worker-1": "d-prev c-logs",
	} {
		wantCommandMatches(t, h, cmd, want)
	}
}

// A GET /tools?command= with If-None-Match: * from a client taking gzip is
// answered 304 with the tag of the representation it would get: the
// identity one for an answer under 1 KiB, which is never gzipped. The 304
// carried the gzip tag, answered before the line was matched.
func TestCommandMatchAnyTagIsTheRepresentationSent(t *testing.T) {
	h := newRouter(cardsSource(t, map[string][]string{"push": {"git push .* --force"}}))
	target := "/tools?command=" + url.QueryEscape("git push origin --force")
	full := do(t, h, "GET", target, nil, "Accept-Encoding", "gzip")
	if full.status != 200 || full.header.Get("Content-Encoding") != "" {
		t.Fatalf("setup: %d, Content-Encoding %q: want a 200 too short to gzip", full.status, full.header.Get("Content-Encoding"))
	}
	e := do(t, h, "GET", target, nil, "Accept-Encoding", "gzip", "If-None-Match", "*")
	if e.status != 304 || e.header.Get("ETag") != full.header.Get("ETag") {
		t.Errorf("If-None-Match *: %d with ETag %s, want 304 with %s, the tag of the body sent", e.status, e.header.Get("ETag"), full.header.Get("ETag"))
	}
}
