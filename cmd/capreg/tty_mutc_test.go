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
