//go:build linux

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStateJSONToATerminalEscapesBidi: state's JSON written to a terminal
// escapes a character that reorders the line (here in the warning quoting
// a config value), as a \u escape that decodes to the same document;
// written raw, a terminal showed the rest of the line reversed.
func TestStateJSONToATerminalEscapesBidi(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(cfg, []byte(`{"workflow": {"tdd_mode": "x\u202ey"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tty, output := openPTY(t)
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"state", "--repo", "../../testdata/repo", "--config", cfg}, tty, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	got := output()
	if strings.Contains(got, "\u202e") || !strings.Contains(got, `x\u202ey`) {
		t.Errorf("the terminal was written the bidi override raw, or not at all:\n%s", got)
	}
}
