package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/store"
)

// TestToolsMatchJSONMatchesHTTP: `capreg tools match --json` prints the
// very bytes GET /tools?command= answers, so a card's author sees locally
// what an agent is told, and a script may use either.
func TestToolsMatchJSONMatchesHTTP(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	if err != nil || !snap.OK() {
		t.Fatalf("%s: %v %v", repo, err, snap.Diagnostics)
	}
	h := api.NewRouter(fixedSource{snap}, api.Options{})
	for _, tt := range []struct{ line, risk string }{
		{"git checkout -b fix && git merge fix", ""}, // two cards
		{"git checkout -b fix && git merge fix", "reversible"},
		{"ls -la", ""},
	} {
		args := []string{"tools", "match", tt.line, "--repo", repo, "--json"}
		target := "/tools?command=" + url.QueryEscape(tt.line)
		if tt.risk != "" {
			args = append(args, "--risk", tt.risk)
			target += "&risk=" + tt.risk
		}
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
			t.Fatalf("capreg tools match %q: exit %d\n%s", tt.line, code, stderr.String())
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", target, rec.Code, rec.Body)
		}
		if tt.risk == "" && tt.line != "ls -la" && !bytes.Contains(stdout.Bytes(), []byte(`"matched"`)) {
			t.Errorf("%q matched no card:\n%s", tt.line, stdout.String())
		}
		if got, want := stdout.String(), rec.Body.String(); got != want {
			t.Errorf("%q: the CLI printed\n%s\nGET /tools?command= answered\n%s", tt.line, got, want)
		}
	}
}

// TestToolsMatchRefusesWhatHTTPRefuses: a line over the length limit as
// written is refused by both, though its here-document body makes most of
// it and the matcher reads the line without it: the CLI answered what
// GET /tools?command= refuses with a 400.
func TestToolsMatchRefusesWhatHTTPRefuses(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	if err != nil || !snap.OK() {
		t.Fatalf("%s: %v %v", repo, err, snap.Diagnostics)
	}
	h := api.NewRouter(fixedSource{snap}, api.Options{})
	for _, line := range []string{
		"git merge x <<EOF\n" + strings.Repeat("a line of the body\n", 300) + "EOF",
		"git merge x" + strings.Repeat(" ", cmdline.MaxLine),
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/tools?command="+url.QueryEscape(line), nil))
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"tools", "match", line, "--repo", repo}, &stdout, &stderr)
		if rec.Code != http.StatusBadRequest || code != exitUsage || !strings.Contains(stderr.String(), "over the limit of 4096") {
			t.Errorf("a line of %d bytes: GET %d, CLI exit %d %q; want 400 and a usage error", len(line), rec.Code, code, stderr.String())
		}
	}
}
