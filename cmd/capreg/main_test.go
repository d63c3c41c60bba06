package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the testscripts run the real binary entry point as "capreg".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"capreg": main,
	})
}

// TestScripts runs testdata/script/*.txtar. $REPO is testdata/repo, $GOLDEN
// its committed artifacts, $GSD the gsd-core-shaped repository.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", filepath.Join(root, "repo"))
			env.Setenv("GOLDEN", filepath.Join(root, "golden", "repo"))
			env.Setenv("GSD", filepath.Join(root, "gsd-core"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"freeport": new(portPool).freeport,
			"rc":       rc,
			"httpget":  httpget,
			"httpwait": httpwait,
		},
	})
}

// rc CODE PROG [ARGS...] runs PROG as exec does and fails unless it exits
// with CODE. `! exec` only tells zero from non-zero, and the CLI's contract
// tells findings (1) from usage and I/O failures (2).
func rc(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: rc CODE PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with %d, want %d", args[1], got, want)
	}
}

// portPool hands out loopback ports to the scripts, each once.
//
// Why not port 0's: the kernel gives it from the ephemeral range, where,
// between freeport closing it and the script's daemon binding it, another
// script's daemon or a test server of a package tested alongside may be
// given it too. A script then saw that one answer ready and sent its
// SIGINT to its own daemon still starting, before its handler: "signal:
// interrupt", once, under a load of 5–7. Ports below the ephemeral range
// (32768 on Linux) are given to no one who binds port 0, and the pool
// gives none twice.
type portPool struct {
	mu    sync.Mutex
	given map[int]bool
}

// freeport sets $PORT to a loopback port of 20000–32767 no script was
// given before and that is free now.
func (p *portPool) freeport(ts *testscript.TestScript, neg bool, args []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.given == nil {
		p.given = map[int]bool{}
	}
	for range 1000 {
		port := 20000 + rand.IntN(12768)
		if p.given[port] {
			continue
		}
		ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err != nil {
			continue // taken by another process
		}
		ln.Close()
		p.given[port] = true
		ts.Setenv("PORT", strconv.Itoa(port))
		return
	}
	ts.Fatalf("freeport: no free loopback port in 20000-32767 after 1000 tries")
}

// httpget URL [METHOD]: requests URL, retrying while the server starts (no
// connection, or 503 before the first build), and writes "STATUS" then the
// body to stdout.
func httpget(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: httpget URL [METHOD [HOST]]")
	}
	method := "GET"
	if len(args) > 1 {
		method = args[1]
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		req, _ := http.NewRequest(method, args[0], nil)
		if len(args) > 2 {
			req.Host = args[2]
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil && resp.StatusCode == http.StatusServiceUnavailable && !neg && time.Now().Before(deadline) {
			resp.Body.Close() // not ready yet: the first build is running
			err = fmt.Errorf("status 503")
		} else if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			fmt.Fprintf(ts.Stdout(), "%d\n%s", resp.StatusCode, body)
			if neg != (resp.StatusCode >= 400) {
				ts.Fatalf("%s %s: status %d", method, args[0], resp.StatusCode)
			}
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("%s %s: %v", method, args[0], err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// httpwait URL REGEXP: polls URL until its body matches REGEXP (10 s).
func httpwait(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: httpwait URL REGEXP")
	}
	re := regexp.MustCompile(args[1])
	deadline := time.Now().Add(10 * time.Second)
	var last string
	for time.Now().Before(deadline) {
		if resp, err := http.Get(args[0]); err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			last = string(body)
			if re.MatchString(last) {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	ts.Fatalf("GET %s never matched %s; last body:\n%s", args[0], args[1], last)
}

// TestMemoryLimit: without GOMEMLIMIT, the container's memory limit sets a
// soft limit of 85% of it; a limit that is no positive number of bytes, or
// under 32 MiB (most likely meant in MiB), is refused with the reason.
func TestMemoryLimit(t *testing.T) {
	tests := []struct {
		gomemlimit, container string
		want                  int64
		ok                    bool
		problem               string // in the error; "" for none
	}{
		{"", "1073741824", 1073741824 / 100 * 85, true, ""}, // 85% of 1 GiB
		{"", "33554432", 33554432 / 100 * 85, true, ""},     // 32 MiB, the least
		{"900MiB", "1073741824", 0, false, ""},              // GOMEMLIMIT wins
		{"900MiB", "lots", 0, false, ""},                    // even over garbage
		{"", "", 0, false, ""},
		{"", "lots", 0, false, `"lots" is not a positive number of bytes`},
		{"", "1Gi", 0, false, `"1Gi" is not a positive number of bytes`},
		{"", "0", 0, false, `"0" is not a positive number of bytes`},
		{"", "-5", 0, false, `"-5" is not a positive number of bytes`},
		{"", "512", 0, false, "512 is under 32 MiB"}, // meant as MiB: 85% would be 425 bytes
		{"", "99", 0, false, "99 is under 32 MiB"},   // 85% would be 0: no limit at all
	}
	for _, tt := range tests {
		got, ok, err := memoryLimit(tt.gomemlimit, tt.container)
		if got != tt.want || ok != tt.ok {
			t.Errorf("memoryLimit(%q, %q) = %d, %v; want %d, %v", tt.gomemlimit, tt.container, got, ok, tt.want, tt.ok)
		}
		if tt.problem == "" && err != nil || tt.problem != "" && (err == nil || !strings.Contains(err.Error(), tt.problem)) {
			t.Errorf("memoryLimit(%q, %q): error %v, want one saying %q", tt.gomemlimit, tt.container, err, tt.problem)
		}
	}
}

// TestTuneGCLogsTheMemoryLimit: the daemon says which soft memory limit it
// set, and warns of a CAPREG_MEMORY_LIMIT it could not use.
func TestTuneGCLogsTheMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1)) // -1 reads the limit
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOMEMLIMIT", "")
	tests := []struct{ env, want string }{
		{"1073741824", `level=INFO msg="soft memory limit set" bytes=912680530 from=CAPREG_MEMORY_LIMIT`},
		{"1Gi", `level=WARN msg="no soft memory limit set" error="CAPREG_MEMORY_LIMIT=\"1Gi\" is not`},
		{"", ""},
	}
	for _, tt := range tests {
		t.Setenv("CAPREG_MEMORY_LIMIT", tt.env)
		var b strings.Builder
		tuneGC(slog.New(slog.NewTextHandler(&b, nil)))
		if tt.want == "" && b.Len() != 0 || !strings.Contains(b.String(), tt.want) {
			t.Errorf("CAPREG_MEMORY_LIMIT=%q: log %q, want %q", tt.env, b.String(), tt.want)
		}
	}
}

// TestJSONLogDurationsAreSeconds: a duration in a JSON log line is a number
// of seconds (1.5), not Go's nanoseconds, as log queries expect.
func TestJSONLogDurationsAreSeconds(t *testing.T) {
	var b strings.Builder
	logger, err := newLogger(&b, "json", "info")
	if err != nil {
		t.Fatal(err)
	}
	logger.Info("rebuilt", "took", 1500*time.Millisecond)
	if !strings.Contains(b.String(), `"took":1.5`) {
		t.Errorf("log line %s: want took in seconds", b.String())
	}
}

// A help_probe that outlives its timeout is stopped with every process it
// started, even when stdout is a pipe a child holds open, and says so.
func TestProbeTimeoutStopsTheProcessGroup(t *testing.T) {
	var stdout, stderr strings.Builder
	code := runProbe(context.Background(), t.TempDir(), "bin/tool", "sleep 20; echo done", 200*time.Millisecond, &stdout, &stderr)
	if code != exitFindings || !strings.Contains(stderr.String(), "did not finish within") || strings.HasSuffix(stdout.String(), "\ndone\n") {
		t.Errorf("code %d, stdout %q, stderr %q; want exit 1 saying the probe was stopped", code, stdout.String(), stderr.String())
	}
}

// A help_probe the user interrupts is said to be interrupted, exit 130,
// where capreg blamed the probe for the SIGKILL it sent and exited 1.
func TestProbeInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel) // as signal.NotifyContext does on Ctrl-C
	var stdout, stderr strings.Builder
	code := runProbe(ctx, t.TempDir(), "bin/tool", "sleep 20; echo done", probeTimeout, &stdout, &stderr)
	if code != exitInterrupted || stderr.String() != "capreg: help_probe interrupted; stopped\n" {
		t.Errorf("code %d, stderr %q; want exit %d saying it was interrupted", code, stderr.String(), exitInterrupted)
	}
}

// TestGCPercent: capreg sets GOGC to 400 only when GOGC is unset; any GOGC
// the user gave, "off" included, wins.
func TestGCPercent(t *testing.T) {
	tests := []struct {
		gogc string
		want int
		ok   bool
	}{
		{"", 400, true},
		{"100", 0, false}, // GOGC wins, whatever it says
		{"off", 0, false},
	}
	for _, tt := range tests {
		got, ok := gcPercent(tt.gogc)
		if got != tt.want || ok != tt.ok {
			t.Errorf("gcPercent(%q) = %d, %v; want %d, %v", tt.gogc, got, ok, tt.want, tt.ok)
		}
	}
}

// BenchmarkCheckProcess is the gate as CI runs it: a fresh process checking
// the gsd-core-shaped repository, start-up and schema compilation included,
// with capreg's own GC setting and with the Go default.
func BenchmarkCheckProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "capreg")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	repo, err := filepath.Abs("../../testdata/gsd-core")
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct{ name, gogc string }{{"capreg-gc", ""}, {"GOGC=100", "100"}} {
		gogc := tc.gogc
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(bin, "check", "--repo", repo, "--config-schema", "gsd-core/bin/shared/config-schema.manifest.json")
				cmd.Env = append(os.Environ(), "GOGC="+gogc)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("capreg check: %v\n%s", err, out)
				}
			}
		})
	}
}

// cliCase is one command line and what its user sees: the exit code, and
// patterns that stdout and stderr must (and must not) hold.
type cliCase struct {
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

// runCLICases runs each case through the CLI's entry point, with the sample
// repository as $REPO.
func runCLICases(t *testing.T, cases []cliCase) {
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
			cliOutputMatches(t, "stdout", stdout.String(), tt.stdout, tt.notStdout)
			cliOutputMatches(t, "stderr", stderr.String(), tt.stderr, tt.notStderr)
		})
	}
}

func cliOutputMatches(t *testing.T, what, got string, want, notWant []string) {
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

// TestTwoDashesLastMatchInSetError: the flag package's message is
// `invalid value "V" for flag -NAME: ERR`; the last " for -x:" is the
// flag only when ERR does not hold one, and namesValue's ERR quotes the
// refused name: --allowed-host 'a for -x:' was said "for flag
// -allowed-host" with one dash, and the value rewritten (review cr23).
func TestTwoDashesLastMatchInSetError(t *testing.T) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&namesValue{}, "allowed-host", "")
	err := fs.Parse([]string{"--allowed-host", "a for -x:"})
	if err == nil {
		t.Fatal("no error")
	}
	got := twoDashes(err.Error())
	if !strings.Contains(got, " for --allowed-host:") || strings.Contains(got, "--x") {
		t.Errorf("twoDashes(%q) = %q; want the flag named --allowed-host and the value as given", err.Error(), got)
	}
}

// TestTwoDashesEveryMessage pins twoDashes on what fs.Parse says for
// each kind of capreg flag (its own Values and the flag package's bool),
// with values holding quotes, backslashes, unicode, invalid UTF-8,
// newlines and the words " for flag -x:" themselves: the flag is named
// with two dashes right after the quoted value, the value and the reason
// are kept byte for byte, and messages naming no refused value are left
// as they are (review cr24 of the cr23 fix).
func TestTwoDashesEveryMessage(t *testing.T) {
	values := []string{"x", `a"b`, `a\b`, "héllo ✓", "a\nb for flag -y: z", "\xff", "a for -x:", "a,,b", `" for flag -q: `}
	for _, v := range values {
		for _, tc := range []struct {
			name, lead, reason string
			set                func(fs *flag.FlagSet)
		}{
			{"limit", "invalid value ", "want a whole number, such as 5", func(fs *flag.FlagSet) { fs.Var(&countValue{n: new(int), lo: 1, hi: 100}, "limit", "") }},
			{"debounce", "invalid value ", "want a duration with its unit, such as 100ms, 5s or 1m", func(fs *flag.FlagSet) { fs.Var(new(durationValue), "debounce", "") }},
			{"strict", "invalid boolean value ", "parse error", func(fs *flag.FlagSet) { fs.Bool("strict", false, "") }},
			{"allowed-host", "invalid value ", "", func(fs *flag.FlagSet) { fs.Var(&namesValue{}, "allowed-host", "") }},
		} {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			tc.set(fs)
			err := fs.Parse([]string{"--" + tc.name + "=" + v})
			if err == nil {
				continue // a value the flag takes (a host name)
			}
			reason := tc.reason
			if reason == "" { // namesValue quotes the refused name
				var n namesValue
				reason = n.Set(v).Error()
			}
			want := tc.lead + strconv.Quote(v) + " for --" + tc.name + ": " + reason
			if got := twoDashes(err.Error()); got != want {
				t.Errorf("twoDashes(%q)\n = %q\nwant %q", err.Error(), got, want)
			}
		}
	}
	for _, msg := range []string{
		"flag needs an argument: -limit",
		"bad flag syntax: ---x",
		"invalid boolean flag strict: bad for flag -x: y",
		`invalid value "unterminated for flag -x: y`,
		"--limit needs a value, not the flag --strict",
	} {
		if got := twoDashes(msg); got != msg {
			t.Errorf("twoDashes(%q) = %q, want it unchanged", msg, got)
		}
	}
}

// hostile is an argument as a CI job may pass one from an untrusted
// source (a branch name, a PR's file): an ANSI colour, a right-to-left
// override and a C1 CSI, each of which a terminal or a log viewer acts on.
const hostile = "x\x1b[31my\u202ez\u009bw"

// rawControls reports whether s holds any of hostile's active characters
// unescaped.
func rawControls(s string) bool {
	return strings.ContainsAny(s, "\x1b\u202e\u009b")
}

// TestUnknownOperandIsEscapedByEveryVerb pins that the operand a verb does
// not find is echoed escaped, whichever verb it was given to: closure,
// state and tools show quote an unknown id with %q (\x1b, \u202e), so
// render must not write an unknown POINT raw to the terminal either (it
// did: its render.PointError message is built by concatenation).
func TestUnknownOperandIsEscapedByEveryVerb(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	for _, args := range [][]string{
		{"closure", hostile},
		{"state", hostile},
		{"tools", "show", hostile},
		{"render", hostile},
	} {
		t.Run(args[0], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), append(args, "--repo", repo), &stdout, &stderr)
			if code != exitFindings {
				t.Fatalf("exit %d, want %d\n%s", code, exitFindings, stderr.String())
			}
			if rawControls(stderr.String()) {
				t.Errorf("stderr echoes the operand's controls raw: %q", stderr.String())
			}
		})
	}
}

// TestEchoedArgumentsAreEscaped pins that every usage or I/O error quoting
// what the user typed escapes it as the bad-value errors already do
// (--format, --limit, --addr quote with %q): an unknown flag's name, a
// --repo, --config or --config-schema path and gen --check's --out
// reached the terminal raw (rows marked raw); every line on stderr now
// goes through sayf.
func TestEchoedArgumentsAreEscaped(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	out := filepath.Join(t.TempDir(), hostile)
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"format value", []string{"check", "--repo", repo, "--format", hostile}, exitUsage},
		{"limit value", []string{"tools", "search", "x", "--repo", repo, "--limit", hostile}, exitUsage},
		{"unknown flag (raw)", []string{"check", "--repo", repo, "--" + hostile}, exitUsage},
		{"repo path (raw)", []string{"closure", "x", "--repo", hostile}, exitUsage},
		{"config path (raw)", []string{"render", "plan:pre", "--repo", repo, "--config", hostile}, exitUsage},
		{"config-schema path (raw)", []string{"check", "--repo", repo, "--config-schema", hostile}, exitUsage},
		{"gen out (raw)", []string{"gen", "--repo", repo, "--out", out, "--check"}, exitFindings},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), tc.args, &stdout, &stderr); code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, stderr.String())
			}
			if rawControls(stderr.String()) {
				t.Errorf("stderr echoes the argument's controls raw: %q", stderr.String())
			}
		})
	}
}

// TestOperandFaultsPointAtHelp: a wrong count of operands, or gen's
// missing --out, is told with the verb's help to read, as a bad flag
// value is ("…; see capreg VERB --help"), and exits 2.
func TestOperandFaultsPointAtHelp(t *testing.T) {
	for _, args := range [][]string{
		{"check", "x"},
		{"gen", "x"},
		{"gen", "--write"},
		{"gen", "--out", t.TempDir()},
		{"render"},
		{"closure"},
		{"state", "a", "b"},
		{"tools", "search"},
		{"tools", "match"},
		{"tools", "show"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), args, &stdout, &stderr)
		verb := args[0]
		if verb == "tools" {
			verb += " " + args[1]
		}
		if want := "; see capreg " + verb + " --help\n"; code != exitUsage || !strings.HasSuffix(stderr.String(), want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and a line ending %q", args, code, stderr.String(), exitUsage, want)
		}
	}
}
