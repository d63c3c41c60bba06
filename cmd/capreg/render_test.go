package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// fixedSource serves one snapshot to the API.
type fixedSource struct{ snap *store.Snapshot }

func (s fixedSource) Current() *store.Snapshot { return s.snap }
func (s fixedSource) State() (*store.Snapshot, store.Status) {
	return s.snap, store.Status{}
}
func (s fixedSource) Reload(context.Context) (store.Status, error) {
	return store.Status{}, nil
}

// TestRenderJSONMatchesHTTP checks that `capreg render POINT` prints the
// very bytes GET or POST /render-hooks/{point} answers for the same inputs
// (ref §5.1: pretty JSON, no trailing newline), so that a script can switch
// between the CLI and the service without changing how it reads the result.
func TestRenderJSONMatchesHTTP(t *testing.T) {
	cases := []struct {
		name, repo, point string
		config, profile   string // CLI files and the POST body; "" for none
	}{
		{"gsd-core defaults", "gsd-core", "plan:pre", "", ""},
		{"sample defaults", "repo", "verify:post", "", ""},
		{"no active hooks", "repo", "execute:pre", "", ""},
		{"config and profile with warnings", "gsd-core", "plan:pre",
			`{"workflow":{"research":false,"ui_phase":"no"},"intel":true}`, "core,standard"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			repo := filepath.Join("..", "..", "testdata", c.repo)
			snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			if err != nil || !snap.OK() {
				t.Fatalf("%s: %v %v", repo, err, snap.Diagnostics)
			}
			args := []string{"render", c.point, "--repo", repo}
			req := httptest.NewRequest(http.MethodGet, "/render-hooks/"+c.point, nil)
			if c.config != "" || c.profile != "" {
				cfg := filepath.Join(t.TempDir(), "config.json")
				if err := os.WriteFile(cfg, []byte(c.config), 0o644); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--config", cfg, "--profile", c.profile)
				body := `{"config":` + c.config + `,"profile":"` + c.profile + `"}`
				req = httptest.NewRequest(http.MethodPost, "/render-hooks/"+c.point, strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
			}
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
				t.Fatalf("capreg %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
			}
			rec := httptest.NewRecorder()
			api.NewRouter(fixedSource{snap}, api.Options{}).ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s %s: %d %s", req.Method, req.URL, rec.Code, rec.Body)
			}
			if got, want := stdout.String(), rec.Body.String(); got != want {
				t.Errorf("CLI output (%d bytes) differs from the HTTP body (%d bytes)\nCLI ends %q\nHTTP ends %q",
					len(got), len(want), got[max(0, len(got)-20):], want[max(0, len(want)-20):])
			}
		})
	}
}
