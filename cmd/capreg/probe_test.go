package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/validate"
)

// TestProbeCommand: a probe whose first word is its tool's file name runs
// the tool by its path, which no builtin, function or reserved word of
// that name shadows; any other probe runs as written.
func TestProbeCommand(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"test", "a b", "a=b"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	tool := filepath.Join(dir, "test")
	quoted := validate.ShellQuote(filepath.ToSlash(tool))
	tests := []struct{ probe, tool, want string }{
		{"test --help", tool, quoted + " --help"},
		{"test", tool, quoted},
		{"  test -h", tool, quoted + " -h"},
		{"test|head -3", tool, quoted + "|head -3"},
		{"test;echo x", tool, quoted + ";echo x"},
		{"test>/dev/null", tool, quoted + ">/dev/null"},
		{"testing --help", tool, "testing --help"},                       // another program
		{"./test --help", tool, "./test --help"},                         // a path already
		{"echo test", tool, "echo test"},                                 // the tool not first
		{"test --help", filepath.Join(dir, "gone"), "test --help"},       // another tool's name
		{"folder --help", filepath.Join(dir, "folder"), "folder --help"}, // a folder, no tool
		{"a=b --help", filepath.Join(dir, "a=b"), "a=b --help"},          // an assignment to the shell
		{"a b --help", filepath.Join(dir, "a b"), "a b --help"},          // two words to the shell
	}
	for _, tt := range tests {
		if got := probeCommand(tt.probe, tt.tool); got != tt.want {
			t.Errorf("probeCommand(%q, %q) = %q, want %q", tt.probe, tt.tool, got, tt.want)
		}
	}
}

// TestProbeLeftChildIsStopped: a probe whose shell exits but leaves a child
// holding its output open (a daemon it started, "tool --help; sleep 30 &")
// does not keep tools show --probe waiting for that child until the
// probe's time is up: capreg waits a moment for the output, then stops
// the probe's process group and returns, not reporting the probe as one
// that did not finish. Run with buffers, as a library caller would (the
// CLI passes its files, which exec hands over without waiting for them):
// the probe succeeded, so the exit is 0, with a note of the process
// stopped (it was exit 2 and Go's "exec: WaitDelay expired before I/O
// complete"). The 20 s bound only tells a wait of a second from one for
// the child's 30.
func TestProbeLeftChildIsStopped(t *testing.T) {
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := runProbe(context.Background(), t.TempDir(), "bin/tool", "echo usage; sleep 30 &", 10*time.Second, &stdout, &stderr)
	took := time.Since(start)
	t.Logf("exit %d after %v\nstdout:\n%s\nstderr:\n%s", code, took, stdout.String(), stderr.String())
	if took > 20*time.Second || strings.Contains(stderr.String(), "did not finish") {
		t.Errorf("probe leaving a child: exit %d after %v, stderr %q; want it over in a few seconds, not stopped as too long", code, took, stderr.String())
	}
	if code != exitOK || !strings.Contains(stderr.String(), "leaving a background process that held its output open; stopped it") {
		t.Errorf("probe leaving a child: exit %d, stderr %q; want exit 0 and a note of the process stopped", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "usage\n") {
		t.Errorf("probe's output %q lacks what it printed before exiting", stdout.String())
	}
}

// TestProbeCRLFScriptSaysWhy: a tool checked out with CRLF line ends
// (.gitattributes eol=crlf) has "#!/bin/sh\r" for its interpreter, which
// the system does not find, and sh says the tool itself is "not found":
// the 127's note says the tool is there, why it is not run, and what to
// write, where it said the tool was looked up in its folder and on PATH.
// The same tool with LF line ends runs; a tool that is missing keeps the
// note it had.
func TestProbeCRLFScriptSaysWhy(t *testing.T) {
	for _, tt := range []struct {
		name, script string // "" for no tool
		code         int
		want         string
	}{
		{"CRLF", "#!/bin/sh\r\necho usage\r\n", exitFindings,
			`capreg: help_probe exited with 127, the shell's code for a command not found: the tool bin/my tool is there, but its first line, "#!/bin/sh\r", ends in a carriage return (CRLF line ends, as a checkout with eol=crlf or core.autocrlf writes them), so the system looks for an interpreter of that name, with the \r, and finds none; give the tool LF line ends (a .gitattributes line "/bin/my tool" text eol=lf, then rm 'bin/my tool' && git checkout -- 'bin/my tool')`},
		{"LF", "#!/bin/sh\necho usage\n", exitOK, ""},
		{"missing", "", exitFindings, `(looked up in the tool's folder bin, then on PATH)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := t.TempDir()
			if err := os.Mkdir(filepath.Join(repo, "bin"), 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.script != "" {
				if err := os.WriteFile(filepath.Join(repo, "bin", "my tool"), []byte(tt.script), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			var stdout, stderr bytes.Buffer
			code := runProbe(context.Background(), repo, "bin/my tool", "'bin/my tool' --help", 10*time.Second, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, stderr %q\nwant exit %d and a line holding %q", code, stderr.String(), tt.code, tt.want)
			}
		})
	}
}
