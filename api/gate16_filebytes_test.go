package api_test

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestFindingFileNotUTF8HasItsBytes: a finding at a file whose name is not
// UTF-8 (a tool folder named in Latin-1, caf\xe9) gave "file" with U+FFFD,
// a path no file is at, in GET /status and POST /validate alike; a CI step
// making annotations of them could not name the file. Its exact bytes are
// "fileBytes" (base64), declared in openapi.yaml (do checks the answers
// against it); a finding at a UTF-8 name has no such field.
func TestFindingFileNotUTF8HasItsBytes(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("file names of any bytes")
	}
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/first")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(repo, "tools", "caf\xe9")
	card := `{"id": "brew", "command": "brew", "summary": "Brew a pot of coffee for the team.",
"intent_phrases": ["make coffee", "brew a pot"], "effects": "Starts the machine.", "risk": "reversible", "example": "brew"}`
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"brew": "#!/bin/sh\n", "brew.card.json": card} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	h := newRouter(repoSource(t, repo))
	const want = "tools/caf\xe9/brew.card.json"

	type finding struct {
		File      string  `json:"file"`
		Rule      string  `json:"rule"`
		FileBytes *string `json:"fileBytes"`
	}
	checkFindings := func(what string, fs []finding) {
		t.Helper()
		found := false
		for _, f := range fs {
			if f.File != "tools/caf\uFFFD/brew.card.json" {
				if f.FileBytes != nil {
					t.Errorf("%s: %s finding at %q has fileBytes %q; only a name not UTF-8 has it", what, f.Rule, f.File, *f.FileBytes)
				}
				continue
			}
			found = true
			if f.FileBytes == nil {
				t.Fatalf("%s: the %s finding at %q has no fileBytes", what, f.Rule, f.File)
			}
			got, err := base64.StdEncoding.DecodeString(*f.FileBytes)
			if err != nil || string(got) != want {
				t.Errorf("%s: fileBytes %q decodes to %q (%v), want %q", what, *f.FileBytes, got, err, want)
			}
		}
		if !found {
			t.Fatalf("%s: no finding at the card in %v", what, fs)
		}
	}

	e := do(t, h, "GET", "/status", nil)
	var status struct {
		Warnings []finding `json:"warnings"`
	}
	if err := json.Unmarshal(e.body, &status); err != nil {
		t.Fatal(err)
	}
	checkFindings("GET /status", status.Warnings)

	// A change elsewhere: the answer still holds the card's finding, and
	// one at a UTF-8 name (a capability missing its version) beside it.
	e = do(t, h, "POST", "/validate", []byte(`{"files":{"capabilities/new/capability.json":"{\"id\":\"new\",\"role\":\"feature\"}"}}`))
	var answer struct {
		Diagnostics []finding `json:"diagnostics"`
	}
	if err := json.Unmarshal(e.body, &answer); err != nil {
		t.Fatal(err)
	}
	if len(answer.Diagnostics) < 2 {
		t.Fatalf("POST /validate: %s", e.body)
	}
	checkFindings("POST /validate", answer.Diagnostics)
}
