//go:build linux

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestRenderMarkdownToATerminalEndsItsLineOnce: render --format markdown
// on a terminal ends the last line once, as piped (render_markdown_end,
// whose repository this reads): a fragment file's final newline and the
// one added for the prompt made a blank line there too.
func TestRenderMarkdownToATerminalEndsItsLineOnce(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/script/render_markdown_end.txtar")
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	for _, f := range ar.Files {
		name := filepath.Join(repo, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for point, want := range map[string]string{
		"verify:post": "The verifier reads VERIFY.md first.\n", // the fragment's newline
		"verify:pre":  "- onError: skip\n",                     // the one added
	} {
		tty, output := openPTY(t)
		var stderr bytes.Buffer
		if code := run(context.Background(), []string{"render", point, "--repo", repo, "--format", "markdown"}, tty, &stderr); code != exitOK {
			t.Fatalf("render %s: exit %d\n%s", point, code, stderr.String())
		}
		if got := output(); !strings.HasSuffix(got, "\n"+want) || strings.HasSuffix(got, "\n\n") {
			t.Errorf("render %s on a terminal ends %q, want %q, one newline", point, got[max(0, len(got)-60):], want)
		}
	}
}
