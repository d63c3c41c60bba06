package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOverlayMissingRootDidYouMean: a change that removes a root
// capreg.json names, or leaves one missing, is told by POST /validate as check tells it, with
// the did-you-mean check gives: the names beside it after the change (a
// folder the change writes into, not one it deletes), a typo away, where
// it told none, or that of the names before the change. The
// finding (file, line:column, pointer, rule, message) is check's.
func TestOverlayMissingRootDidYouMean(t *testing.T) {
	conf := func(cards string) string {
		return `{"configSchema": "` + servedSchema + `", "cards": [` + cards + `]}`
	}
	tools := func(t *testing.T, repo string) {
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(conf(`"bin", "tools"`)))
		writeTestFile(t, filepath.Join(repo, "tools/deploy.card.json"), []byte(overlayCard("deploy")))
		writeTestFile(t, filepath.Join(repo, "tools/deploy"), []byte("#!/bin/sh\n"))
		if err := os.MkdirAll(filepath.Join(repo, "tool"), 0o755); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, "tool/README"), []byte("notes\n"))
	}
	missingTools := func(t *testing.T, repo string) {
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(conf(`"bin", "tools"`)))
	}
	tests := []struct {
		overlayCase
		want string // ends the finding's message, "" for no hint
	}{
		{overlayCase{name: "a root deleted, a folder a typo away",
			setup: tools, deleted: []string{"tools"}}, ` (did you mean "tool"?)`},
		{overlayCase{name: "a root deleted with the folder a typo away",
			setup: tools, deleted: []string{"tools", "tool"}}, ""},
		{overlayCase{name: "a root deleted, the change writing a folder a typo away",
			setup: tools, deleted: []string{"tools", "tool"}, files: map[string]string{"toolz/x.txt": "x\n"}}, ` (did you mean "toolz"?)`},
		{overlayCase{name: "a root in a folder deleted, a folder a typo away",
			setup: func(t *testing.T, repo string) {
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(conf(`"bin", "pkg/tools"`)))
				writeTestFile(t, filepath.Join(repo, "pkg/tools/deploy.card.json"), []byte(overlayCard("deploy")))
				writeTestFile(t, filepath.Join(repo, "pkg/tools/deploy"), []byte("#!/bin/sh\n"))
				writeTestFile(t, filepath.Join(repo, "pkg/Tool/README"), []byte("notes\n"))
			}, deleted: []string{"pkg/tools"}}, ` (did you mean "pkg/Tool"?)`},
		// A root the served scan found missing: its hint is that of the
		// names after the change.
		{overlayCase{name: "a missing root, the change writing a folder a typo away",
			setup: missingTools, files: map[string]string{"tool/README": "notes\n"}}, ` (did you mean "tool"?)`},
		{overlayCase{name: "a missing root, the change deleting the folder a typo away",
			setup: func(t *testing.T, repo string) {
				missingTools(t, repo)
				writeTestFile(t, filepath.Join(repo, "tool/README"), []byte("notes\n"))
			}, deleted: []string{"tool"}}, ""},
		{overlayCase{name: "a missing root, the change elsewhere: the served hint stands",
			setup: func(t *testing.T, repo string) {
				missingTools(t, repo)
				writeTestFile(t, filepath.Join(repo, "tool/README"), []byte("notes\n"))
			}, files: map[string]string{"docs/notes.md": "notes\n"}}, ` (did you mean "tool"?)`},
		{overlayCase{name: "a missing root, the change writing a file a typo away",
			setup: missingTools, files: map[string]string{"tols": "x\n"}}, ` (did you mean "tols"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags := overlayWantCheck(t, tt.overlayCase)
			found := false
			for _, d := range diags {
				if d.File != "capreg.json" || !strings.Contains(d.Message, "does not exist in the repository") {
					continue
				}
				found = true
				if tt.want == "" && strings.Contains(d.Message, "did you mean") || tt.want != "" && !strings.HasSuffix(d.Message, tt.want) {
					t.Errorf("%s: want the message to end %q", d, tt.want)
				}
			}
			if !found {
				t.Errorf("no finding that a root does not exist:\n%s", formatDiagnostics(diags))
			}
		})
	}
}
