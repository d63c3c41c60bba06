package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// mx11Case is one command line and what its user sees: the exit code, and
// patterns that stdout and stderr must (and must not) hold.
type mx11Case struct {
	name      string
	args      []string
	code      int
	stdout    []string // each must match
	stderr    []string // each must match
	notStdout []string // none may match
	notStderr []string // none may match
	// stopped runs the command with its context already done, as if
	// SIGTERM came at once: serve, having started, stops with exit 0.
	stopped bool
}

// mx11Run runs each case through the CLI's entry point, with the sample
// repository as $REPO.
func mx11Run(t *testing.T, cases []mx11Case) {
	t.Helper()
	repo := filepath.Join("..", "..", "testdata", "repo")
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				args[i] = strings.ReplaceAll(a, "$REPO", repo)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.stopped {
				cancel()
			}
			var stdout, stderr bytes.Buffer
			code := run(ctx, args, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("capreg %q: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", args, code, tt.code, stdout.String(), stderr.String())
			}
			mx11Match(t, "stdout", stdout.String(), tt.stdout, tt.notStdout)
			mx11Match(t, "stderr", stderr.String(), tt.stderr, tt.notStderr)
		})
	}
}

func mx11Match(t *testing.T, what, got string, want, notWant []string) {
	t.Helper()
	for _, p := range want {
		if !regexp.MustCompile(p).MatchString(got) {
			t.Errorf("%s does not match %q:\n%s", what, p, got)
		}
	}
	for _, p := range notWant {
		if regexp.MustCompile(p).MatchString(got) {
			t.Errorf("%s matches %q, which it must not:\n%s", what, p, got)
		}
	}
}

// TestToolsCLIMut11: what tools search, match and show tell their user for
// the bounds of their flags and operands: --limit from 1 to 100 (1 prints
// one card, 100 every card), a --risk that is neither risk, an operand
// given after "--" (read as an operand, and the only one), and the
// subcommands' own usage errors, each exit 2 before the repository is read.
func TestToolsCLIMut11(t *testing.T) {
	mx11Run(t, []mx11Case{
		{name: "limit 1", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "1"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. ft  \([0-9.]+, covers 100%, reversible\)\n    Run the tests`}, notStdout: []string{`(?m)^ 2\. `}},
		{name: "limit 100", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "100"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. ft  \(`, `(?m)^ 3\. `, `(?m)^ [23]\. \S+  \([0-9.]+, covers 22%, destructive\)$`}},
		{name: "limit 0", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "0"}, code: exitUsage,
			stderr: []string{`^capreg: --limit must be from 1 to 100\n$`}, notStdout: []string{`.`}},
		{name: "limit 101", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "101"}, code: exitUsage,
			stderr: []string{`^capreg: --limit must be from 1 to 100\n$`}, notStdout: []string{`.`}},
		{name: "limit without its value", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit"}, code: exitUsage,
			stderr: []string{`^capreg: --limit needs a value: give N; see capreg tools search --help\n$`}, notStdout: []string{`.`}},
		// A value that reads as a flag is taken for one left without its
		// value, whether or not the verb has that flag.
		{name: "repo value a flag", args: []string{"tools", "search", "run the tests", "--repo", "--tmp"}, code: exitUsage,
			stderr: []string{`^capreg: --repo needs a value, not the flag --tmp; see capreg tools search --help\n$`}, notStdout: []string{`.`}},
		{name: "search risk bogus", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--risk", "bogus"}, code: exitUsage,
			stderr: []string{`^capreg: --risk must be reversible or destructive\n$`}, notStdout: []string{`.`}},
		{name: "match risk bogus", args: []string{"tools", "match", "git merge fix", "--repo", "$REPO", "--risk", "bogus"}, code: exitUsage,
			stderr: []string{`^capreg: --risk must be reversible or destructive\n$`}, notStdout: []string{`.`}},
		{name: "search after --", args: []string{"tools", "search", "--repo", "$REPO", "--limit", "1", "--", "run the tests"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. ft  \(`}, notStdout: []string{`(?m)^ 2\. `}},
		{name: "show after --", args: []string{"tools", "show", "--repo", "$REPO", "--", "land"}, code: exitOK,
			stdout: []string{`"id": "land"`}, notStderr: []string{`.`}},
		{name: "-- first", args: []string{"tools", "show", "--", "land", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`needs exactly one tool card ID`}},
		{name: "match 4096 bytes", args: []string{"tools", "match", "git merge x" + strings.Repeat(" ", 4096-len("git merge x")), "--repo", "$REPO"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. land  \(destructive\)$`, `(?m)^    replaces: git merge \.\*$`}, notStderr: []string{`.`}},
		{name: "match 4097 bytes", args: []string{"tools", "match", "git merge x" + strings.Repeat(" ", 4097-len("git merge x")), "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: command is 4097 bytes, over the limit of 4096\n$`}, notStdout: []string{`.`}},
		{name: "no subcommand", args: []string{"tools"}, code: exitUsage,
			stderr: []string{`^capreg: tools needs a subcommand: capreg tools search INTENT .* \| capreg tools match COMMAND .* \| capreg tools show ID \[--probe\]\n$`}, notStdout: []string{`.`}},
		{name: "unknown subcommand alone", args: []string{"tools", "frob"}, code: exitUsage,
			stderr: []string{`^capreg: unknown tools subcommand "frob"; it is search, match or show: `}, notStdout: []string{`.`}},
		{name: "match no operand", args: []string{"tools", "match", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: tools match needs exactly one COMMAND line \(quote it whole\)\n$`}},
		{name: "show two operands", args: []string{"tools", "show", "land", "ft", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: tools show needs exactly one tool card ID\n$`}, notStdout: []string{`.`}},
		{name: "search two operands", args: []string{"tools", "search", "run", "tests", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: tools search needs exactly one INTENT`}, notStdout: []string{`.`}},
	})
}

// TestServeCLIMut11: serve's usage errors, each exit 2 without listening
// (nothing on stdout), and its help, exit 0 on stdout with nothing on
// stderr even where errors are said in JSON. Each runs as if stopped at
// once: a serve that started where it should have refused exits 0.
func TestServeCLIMut11(t *testing.T) {
	gc := debug.SetGCPercent(100) // serve raises it, for the daemon only
	debug.SetGCPercent(gc)
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	listening := `^capreg: listening on http://127\.0\.0\.1:[1-9][0-9]*\n$`
	mx11Run(t, []mx11Case{
		// The least values serve takes: it starts (and, stopped, exits 0).
		{name: "debounce 0", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--debounce", "0s"}, code: exitOK, stopped: true,
			stdout: []string{listening}, notStderr: []string{`level=ERROR`}},
		{name: "poll 100ms", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--poll", "100ms"}, code: exitOK, stopped: true,
			stdout: []string{listening}, notStderr: []string{`level=ERROR`}},
		// Port 65535 is a port: what refuses it is the address,
		// 192.0.2.1 (TEST-NET-1, RFC 5737), which no interface has, so
		// nothing is bound.
		{name: "port 65535", args: []string{"serve", "--repo", "$REPO", "--addr", "192.0.2.1:65535"}, code: exitUsage, stopped: true,
			stderr: []string{`level=ERROR msg="cannot listen" addr=192\.0\.2\.1:65535`}, notStderr: []string{`is no port`}, notStdout: []string{`.`}},
		{name: "log-format without its value", args: []string{"serve", "--repo", "$REPO", "--log-format"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: --log-format needs a value: give text\|json; see capreg serve --help\n$`}, notStdout: []string{`.`}},
		// A control character in a host name (a pasted escape) is no name.
		{name: "allowed-host control", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--allowed-host", "a\x01b"}, code: exitUsage, stopped: true,
			stderr: []string{`want host names, .*joined with commas \(got "a\\x01b"\)`}, notStdout: []string{`.`}},
		{name: "operand", args: []string{"serve", "extra", "--repo", "$REPO", "--addr", "127.0.0.1:0"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: serve takes no arguments \(got \["extra"\]\)\n$`}, notStdout: []string{`.`}},
		{name: "operand json", args: []string{"serve", "extra", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--log-format", "json"}, code: exitUsage, stopped: true,
			stderr: []string{`^\{"time":.*"level":"ERROR","msg":"serve takes no arguments \(got \[\\"extra\\"\]\)"\}\n$`}, notStdout: []string{`.`}},
		{name: "help json", args: []string{"serve", "--log-format", "json", "--help"}, code: exitOK, stopped: true,
			stdout:    []string{`^Usage: capreg serve `, `\n  --addr HOST:PORT\n\s+listen HOST:PORT \(default "127\.0\.0\.1:8080"\)\n`, `\n  --debounce DUR\n\s+quiet period .*\(default 100ms\)\n`},
			notStderr: []string{`.`}},
		// After "--", --log-format json is an operand, not the format: the
		// flag error before it is said in text.
		{name: "json after --", args: []string{"serve", "--nope", "--", "--log-format", "json"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: unknown flag --nope \(capreg serve takes --addr, .*\); see capreg serve --help\n$`}, notStderr: []string{`"level"`}, notStdout: []string{`.`}},
		{name: "negative poll", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--poll", "-1s"}, code: exitUsage, stopped: true,
			stderr: []string{`must not be negative`}, notStdout: []string{`.`}},
		{name: "poll 99ms", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--poll", "99ms"}, code: exitUsage, stopped: true,
			stderr: []string{`--poll 99ms is too short`}, notStdout: []string{`.`}},
	})
}

// TestServeTextListeningMut11: serve run as a person runs it (text logs)
// says on stdout where it listens, the address a client then reaches: on
// --addr 127.0.0.1:0, the port chosen. Stopped, it drains and exits 0,
// its logs on stderr.
func TestServeTextListeningMut11(t *testing.T) {
	gc := debug.SetGCPercent(100) // serve raises it, for the daemon only
	debug.SetGCPercent(gc)
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- runServe(ctx, []string{"--repo", filepath.Join("..", "..", "testdata", "repo"), "--addr", "127.0.0.1:0"}, &stdout, &stderr)
	}()
	listening := regexp.MustCompile(`^capreg: listening on (http://127\.0\.0\.1:[1-9][0-9]*)\n$`)
	var base string
	for deadline := time.Now().Add(30 * time.Second); base == ""; time.Sleep(10 * time.Millisecond) {
		if m := listening.FindStringSubmatch(stdout.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			cancel()
			t.Fatalf("stdout %q never named the address; stderr:\n%s", stdout.String(), stderr.String())
		}
	}
	p := &servedProcess{base: base}
	p.waitFor(t, "/readyz", `"status":"ready"`)
	resp, err := http.Get(base + "/loop-points/plan:pre")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"capId": "pattern-mapper"`) {
		t.Errorf("GET /loop-points/plan:pre: %d %s", resp.StatusCode, body)
	}
	cancel() // SIGTERM
	select {
	case code := <-exit:
		if code != exitOK {
			t.Errorf("exit %d after the signal, want %d; stderr:\n%s", code, exitOK, stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("serve did not stop within a minute of the signal")
	}
	if strings.Contains(stderr.String(), "unready, still serving") {
		t.Errorf("without --drain-delay, serve held on unready before draining:\n%s", stderr.String())
	}
	for _, want := range []string{`level=INFO msg="capreg serving" addr=` + strings.TrimPrefix(base, "http://"), `msg="shutting down: draining in-flight requests"`, `msg=stopped`} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %s:\n%s", want, stderr.String())
		}
	}
	if got := stdout.String(); strings.Count(got, "\n") != 1 {
		t.Errorf("stdout holds more than the listening line:\n%s", got)
	}
}

// TestToolsMatchTruncatedMut11: a command line whose matching spent its
// work budget prints the cards it found, and says on stderr, once, that
// cards not tried may match too; an answer that tried every card says
// nothing there. Its --json is the answer as GET /tools?command= gives it,
// the message inside.
func TestToolsMatchTruncatedMut11(t *testing.T) {
	hit := store.CommandHit{ID: "land", Summary: "Land it.", Command: "bin/land", Risk: "destructive", Replaces: []string{"git merge .*"}, Matched: "git merge .*"}
	msg := "matching stopped after 1 of 3 cards, the work one request may do spent; a card not tried may match too"
	for _, tt := range []struct {
		name   string
		answer store.CommandAnswer
		asJSON bool
		stderr string
	}{
		{"truncated", store.CommandAnswer{Command: "git merge fix", Results: []store.CommandHit{hit}, Truncated: true, Truncation: &store.Truncation{CardsTried: 1, CardsTotal: 3, Message: msg}}, false, "capreg: " + msg + "\n"},
		{"whole", store.CommandAnswer{Command: "git merge fix", Results: []store.CommandHit{hit}}, false, ""},
		{"truncated json", store.CommandAnswer{Command: "git merge fix", Results: []store.CommandHit{hit}, Truncated: true, Truncation: &store.Truncation{CardsTried: 1, CardsTotal: 3, Message: msg}}, true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := toolsMatch(tt.answer, "", tt.asJSON, &stdout, &stderr); code != exitOK {
				t.Errorf("exit %d, want %d", code, exitOK)
			}
			if stderr.String() != tt.stderr {
				t.Errorf("stderr = %q, want %q", stderr.String(), tt.stderr)
			}
			want := " 1. land  (destructive)\n    Land it.\n    $ bin/land\n    replaces: git merge .*\n"
			if tt.asJSON {
				want = `"message": "` + msg + `"`
			}
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
			}
		})
	}
}
