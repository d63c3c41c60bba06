//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"golang.org/x/sys/unix"
)

// Output to /dev/null or /dev/zero, character devices, is no terminal's:
// taken for one, an interrupted probe's children were left running
// (isolateProbe) and its output escaped. A pseudo-terminal is one.
func TestIsTerminal(t *testing.T) {
	for _, name := range []string{os.DevNull, "/dev/zero"} {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if isTerminal(f) {
			t.Errorf("%s is taken for a terminal", name)
		}
		f.Close()
	}
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal to try: %v", err)
	}
	defer ptm.Close()
	if !isTerminal(ptm) {
		t.Error("a pseudo-terminal is not taken for a terminal")
	}
}

// openPTY opens a pseudo-terminal whose output is passed on byte for byte
// (no CR added before LF), and returns its terminal side and what was
// written to it, read from the other side until the terminal is closed.
func openPTY(t *testing.T) (tty *os.File, output func() string) {
	t.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal to try: %v", err)
	}
	t.Cleanup(func() { ptm.Close() })
	if err := unix.IoctlSetPointerInt(int(ptm.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(ptm.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open the terminal side: %v", err)
	}
	tios, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	tios.Oflag &^= unix.OPOST
	tios.Lflag &^= unix.ECHO | unix.ICANON
	if err := unix.IoctlSetTermios(int(tty.Fd()), unix.TCSETS, tios); err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 1)
	go func() {
		var b bytes.Buffer
		io.Copy(&b, ptm) // ends with EIO once the terminal side is closed
		done <- b.String()
	}()
	return tty, func() string {
		tty.Close()
		return <-done
	}
}

// TestGenCheckDiffOnTerminal: a committed artifact's escape sequences are
// shown, not obeyed, in the diff gen --check prints to a terminal (a
// committed file could retitle the window or hide lines); piped, the diff
// goes on byte for byte, for patch.
func TestGenCheckDiffOnTerminal(t *testing.T) {
	repo, out := toolsRepo(t)
	index := filepath.Join(out, store.ToolIndexFile)
	data, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	const seq = "\x1b]0;pwned\x07"
	if err := os.WriteFile(index, bytes.Replace(data, []byte(`"Do t"`), []byte(`"Do t`+seq+`"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"gen", "--repo", repo, "--out", out, "--check"}

	tty, output := openPTY(t)
	var stderr bytes.Buffer
	if code := run(context.Background(), args, tty, &stderr); code != exitFindings {
		t.Fatalf("exit %d, want %d\n%s", code, exitFindings, stderr.String())
	}
	got := output()
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("the terminal was sent the escape sequence:\n%q", got)
	}
	if !strings.Contains(got, `"summary": "Do t`+terminalText(seq)+`",`) || !strings.Contains(got, "\n-") {
		t.Errorf("the terminal was not shown the escaped line:\n%q", got)
	}

	var piped bytes.Buffer
	stderr.Reset()
	if code := run(context.Background(), args, &piped, &stderr); code != exitFindings {
		t.Fatalf("piped: exit %d, want %d\n%s", code, exitFindings, stderr.String())
	}
	if !strings.Contains(piped.String(), "\"Do t"+seq+"\"") {
		t.Errorf("piped, the diff is not the committed bytes:\n%q", piped.String())
	}
}

// TestRenderOnTerminal: a fragment's escape sequence and bidirectional
// override reach a terminal shown, not obeyed: escaped in the markdown,
// and as \u escapes in the JSON (which decodes to the same envelope);
// piped, both go on byte for byte (the markdown for an agent, the JSON as
// the HTTP body).
func TestRenderOnTerminal(t *testing.T) {
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS(filepath.Join("..", "..", "testdata", "repo"))); err != nil {
		t.Fatal(err)
	}
	const line = "Title \x1b]0;pwned\x07 and \u202eevil.\n"
	fragment := filepath.Join(repo, "capabilities", "research", "loop", "research-prompt.md")
	f, err := os.OpenFile(fragment, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(line); err != nil {
		t.Fatal(err)
	}
	f.Close()
	const rlo = "\u202e"
	for _, format := range []string{"markdown", "json"} {
		args := []string{"render", "plan:pre", "--repo", repo, "--format", format}
		tty, output := openPTY(t)
		var stderr bytes.Buffer
		if code := run(context.Background(), args, tty, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d\n%s", format, code, stderr.String())
		}
		got := output()
		if strings.ContainsAny(got, "\x1b\x07"+rlo) {
			t.Errorf("%s: the terminal was sent the fragment's controls:\n%q", format, got)
		}
		var piped bytes.Buffer
		if code := run(context.Background(), args, &piped, &stderr); code != exitOK {
			t.Fatalf("%s piped: exit %d\n%s", format, code, stderr.String())
		}
		switch format {
		case "markdown":
			if want := terminalText(line); !strings.Contains(got, want) {
				t.Errorf("markdown: the terminal was not shown %q:\n%q", want, got)
			}
			if !strings.Contains(piped.String(), line) {
				t.Errorf("markdown piped: the fragment is not there byte for byte:\n%q", piped.String())
			}
		case "json":
			if !strings.Contains(got, `pwned\u0007 and \u202eevil.`) {
				t.Errorf("json: the terminal was not shown the escapes:\n%q", got)
			}
			if !strings.Contains(piped.String(), `pwned\u0007 and `+rlo+`evil.`) {
				t.Errorf("json piped: not the HTTP body's bytes:\n%q", piped.String())
			}
			// The line ended on a terminal, for the prompt after it;
			// piped, the body ends at its brace (ref §5.1).
			if !strings.HasSuffix(strings.TrimRight(got, "\r\n"), "}") || !strings.HasSuffix(got, "\n") {
				t.Errorf("json: the terminal's output does not end with the brace and a line end:\n%q", got[max(0, len(got)-20):])
			}
			if !strings.HasSuffix(piped.String(), "}") {
				t.Errorf("json piped: the body does not end at its brace:\n%q", piped.String()[max(0, piped.Len()-20):])
			}
		}
	}
}

// TestRenderConfigFromTerminalInterrupted: --config read from a terminal
// (/dev/tty, a config typed in), which is no pipe, and interrupted before
// it came, is the interrupt (exit 130), not an I/O failure of the file.
func TestRenderConfigFromTerminalInterrupted(t *testing.T) {
	// The read left blocked on the terminal ends when openPTY's cleanup
	// closes its other side; output would wait for it.
	tty, _ := openPTY(t)
	defer tty.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	repo := filepath.Join("..", "..", "testdata", "repo")
	if code := run(ctx, []string{"render", "plan:pre", "--repo", repo, "--config", tty.Name()}, &stdout, &stderr); code != exitInterrupted {
		t.Errorf("exit %d, want %d\n%s", code, exitInterrupted, stderr.String())
	}
	if got, want := stderr.String(), "capreg: interrupted; stopped\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
}
