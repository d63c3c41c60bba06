package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestLogReloadMut12: the line a SIGHUP reload logs says ok=true only when
// the rebuild finished, nothing failed and the repository exists, and
// otherwise says why: the reload's error, the failed build's error, or
// what the watcher waits for. Run against a real watcher where one can
// produce the outcome.
func TestLogReloadMut12(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	reload := func(t *testing.T, canceled bool) (store.Status, error) {
		t.Helper()
		if !canceled {
			return reloadRunning(t, repo), nil
		}
		// Never run: the reload waits for a rebuild that does not come
		// and ends with its context.
		w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return w.Reload(ctx)
	}
	for _, tt := range []struct {
		name    string
		status  func(t *testing.T) (store.Status, error)
		want    []string
		notWant []string
	}{
		{"built", func(t *testing.T) (store.Status, error) { return reload(t, false) },
			[]string{`msg="reload on SIGHUP" generation=[1-9][0-9]* ok=true\n$`}, []string{`error=`, `failure=`, `waiting=`}},
		{"reload stopped", func(t *testing.T) (store.Status, error) { return reload(t, true) },
			[]string{` ok=false error="context canceled"\n$`}, []string{`failure=`, `waiting=`}},
		{"build failed", func(*testing.T) (store.Status, error) {
			return store.Status{Generation: 3, Failure: &store.Failure{Error: "2 declarations are invalid"}}, nil
		}, []string{` generation=3 ok=false failure="2 declarations are invalid"\n$`}, []string{`error=`, `waiting=`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, err := tt.status(t)
			var buf bytes.Buffer
			logReload(slog.New(slog.NewTextHandler(&buf, nil)), st, err)
			mx11Match(t, "log", buf.String(), tt.want, tt.notWant)
		})
	}
}

// TestToolsSearchTextMut12: tools search in text says, under each card,
// which parts of it the intent matched, as --json's "matched" lists them,
// joined with " | ".
func TestToolsSearchTextMut12(t *testing.T) {
	mx11Run(t, []mx11Case{
		{name: "matched line", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "2"}, code: exitOK,
			stdout: []string{
				`^ 1\. ft  \([0-9.]+, covers 100%, reversible\)\n    Run the tests of the Go packages changed since main\.\n    \$ bin/ft\n    matched: summary \| run only the tests affected by my change \| [^\n]+\n 2\. `,
				`\n 2\. [^\n]+\n    [^\n]+\n    \$ [^\n]+\n    matched: [a-z][^\n|]*( \| [^\n|]+)*\n$`,
			},
			notStderr: []string{`.`}},
		// An intent that matches nothing is echoed clipped to its first
		// 200 characters, with or without --risk: a long one (a pasted
		// log) must not flood the terminal.
		{name: "no tool, long intent", args: []string{"tools", "search", strings.Repeat("zzzz qqqq ", 40), "--repo", "$REPO"}, code: exitOK,
			stdout: []string{`^no tool matches "(zzzz qqqq ){20}…"\n$`}, notStderr: []string{`.`}},
		{name: "no destructive tool, long intent", args: []string{"tools", "search", strings.Repeat("zzzz qqqq ", 40), "--risk", "destructive", "--repo", "$REPO"}, code: exitOK,
			stdout: []string{`^no destructive tool matches "(zzzz qqqq ){20}…"\n$`}, notStderr: []string{`.`}},
	})
}

// TestProbeLeftChildMut12: a probe whose shell exits but leaves a child
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
func TestProbeLeftChildMut12(t *testing.T) {
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
