package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
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

// TestStateTextWarningsEscapeC1Controls pins, for the warnings capreg
// state --format text and capreg render --format markdown write on
// stderr, what the README says check and
// the tools verbs do with text from a file: a control character, the C1
// controls included, is written escaped, so that a config value cannot
// drive the terminal. U+009B is CSI, an ESC [ of one character: written
// raw, "\u009b2J" clears a terminal that reads C1 controls. ESC itself is
// escaped already (the value is quoted as JSON); the C1 controls were not.
func TestStateTextWarningsEscapeC1Controls(t *testing.T) {
	for _, verb := range [][]string{{"state", "--format", "text"}, {"render", "plan:pre", "--format", "markdown"}} {
		cfg := filepath.Join(t.TempDir(), "config.json")
		if err := os.WriteFile(cfg, []byte(`{"workflow":{"tdd_mode":"red\u009b2J"}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		args := append(slices.Clone(verb), "--repo", filepath.Join("..", "..", "testdata", "repo"), "--config", cfg)
		if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
			t.Fatalf("exit %d\n%s", code, stderr.String())
		}
		if !strings.Contains(stderr.String(), "tdd_mode") {
			t.Fatalf("no warning of the mistyped value: %q", stderr.String())
		}
		if strings.ContainsRune(stderr.String(), '\u009b') || !strings.Contains(stderr.String(), `\u009b`) {
			t.Errorf("capreg %s: stderr %q, want U+009B (CSI) escaped", verb[0], stderr.String())
		}
	}
}
