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

// TestStateJSONMatchesHTTP: capreg state prints byte for byte what
// GET /capability-state answers (defaults) and what POST answers for the
// same config and profile, warnings included.
func TestStateJSONMatchesHTTP(t *testing.T) {
	cases := []struct {
		name, repo      string
		config, profile string // CLI files and the POST body; "" for none
	}{
		{"gsd-core defaults", "gsd-core", "", ""},
		{"sample defaults", "repo", "", ""},
		{"config and profile with warnings", "gsd-core", `{"workflow":{"research":false,"ui_phase":"no"},"intel":{"enabled":true}}`, "core,standard"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			repo := filepath.Join("..", "..", "testdata", c.repo)
			snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			if err != nil || !snap.OK() {
				t.Fatalf("%s: %v %v", repo, err, snap.Diagnostics)
			}
			args := []string{"state", "--repo", repo}
			req := httptest.NewRequest(http.MethodGet, "/capability-state", nil)
			if c.config != "" || c.profile != "" {
				cfg := filepath.Join(t.TempDir(), "config.json")
				if err := os.WriteFile(cfg, []byte(c.config), 0o644); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--config", cfg, "--profile", c.profile)
				body := `{"config":` + c.config + `,"profile":"` + c.profile + `"}`
				req = httptest.NewRequest(http.MethodPost, "/capability-state", strings.NewReader(body))
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
				t.Errorf("CLI output (%d bytes) differs from the HTTP body (%d bytes)", len(got), len(want))
			}
			if c.config != "" && !strings.Contains(stdout.String(), `"warnings"`) {
				t.Errorf("no warnings in %s", stdout.String())
			}
		})
	}
}
