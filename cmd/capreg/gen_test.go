package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// toolsRepo writes a repository holding one tool card and its tool, and
// returns it with the artifacts gen --write made in its out folder.
func toolsRepo(t *testing.T) (repo, out string) {
	t.Helper()
	repo = t.TempDir()
	card := `{"id": "t", "command": "t", "summary": "Do t", "intent_phrases": ["do t"], "effects": "none", "risk": "reversible", "example": "t"}`
	if err := os.MkdirAll(filepath.Join(repo, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"bin/t.card.json": card, "bin/t": "#!/bin/sh\n"} {
		if err := os.WriteFile(filepath.Join(repo, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out = filepath.Join(repo, "out")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--write"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("gen --write: exit %d\n%s", code, stderr.String())
	}
	return repo, out
}

// TestGenCheckDiffFinalNewline: a committed artifact that differs only in
// its missing final newline, or is empty, gets a unified diff as diff -u
// writes it (and as patch applies it): the last line changed and marked
// "\ No newline at end of file", and an empty file's range as -0,0. A
// diff whose lines look alike on a terminal, differing only in white
// space at their end or the final newline, is followed on stderr by a
// note naming the line and what differs (the diff on stdout unchanged,
// a patch: gen_patch.txtar applies one).
func TestGenCheckDiffFinalNewline(t *testing.T) {
	repo, out := toolsRepo(t)
	index := filepath.Join(out, "tool-index.json")
	generated, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(string(generated), "\n")
	for _, c := range []struct {
		name, committed string
		want            []string
		note            string // on stderr; "" for none
	}{
		{"no final newline", strings.TrimSuffix(string(generated), "\n"),
			[]string{"\n-}\n\\ No newline at end of file\n+}\n"},
			fmt.Sprintf("tool-index.json: lines that look alike in the diff differ in what a terminal does not show: line %d is the file's last and has no newline at its end, which the generated file has\n", lines)},
		{"trailing white space", strings.Replace(string(generated), "\n", "  \n", 2),
			[]string{"\n-{  \n"},
			"tool-index.json: lines that look alike in the diff differ in what a terminal does not show: line 1 ends in 2 spaces, which the generated line has not (trailing white space: delete it); line 2 ends in 2 spaces,"},
		{"empty", "", []string{"\n@@ -0,0 +1,", "\n+}\n"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(index, []byte(c.committed), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--check"}, &stdout, &stderr)
			if code != exitFindings {
				t.Fatalf("gen --check: exit %d, want %d\n%s", code, exitFindings, stderr.String())
			}
			for _, w := range c.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("diff lacks %q:\n%s", w, stdout.String())
				}
			}
			if strings.Contains(stdout.String(), "\n+\n") {
				t.Errorf("diff adds a blank line the generated file does not have:\n%s", stdout.String())
			}
			if got := strings.Contains(stderr.String(), "look alike"); got != (c.note != "") || c.note != "" && !strings.Contains(stderr.String(), c.note) {
				t.Errorf("stderr:\n%s\nwant a note holding %q", stderr.String(), c.note)
			}
		})
	}
}

// TestGenWriteLeavesNoTemporaryFile: gen --write writes each artifact beside
// its final name and renames it. A write that fails (here the rename, onto a
// folder of that name) removes its temporary file instead of leaving
// tool-index.json.tmp in the output folder, and a link already lying at a
// temporary name is not written through.
func TestGenWriteLeavesNoTemporaryFile(t *testing.T) {
	repo, out := toolsRepo(t)
	outside := filepath.Join(t.TempDir(), "outside.json")
	if err := os.WriteFile(outside, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(out, "capability-registry.json.tmp")); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(out, "tool-index.json")
	if err := os.Remove(index); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(index, 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--write"}, &stdout, &stderr); code != exitUsage {
		t.Fatalf("gen --write onto a folder: exit %d, want %d\n%s", code, exitUsage, stderr.String())
	}
	if data, _ := os.ReadFile(outside); string(data) != "keep\n" {
		t.Errorf("gen --write wrote through the link at capability-registry.json.tmp: %q", data)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") && e.Name() != "capability-registry.json.tmp" {
			t.Errorf("gen --write left %s behind", e.Name())
		}
	}
}

// sampleRepo copies testdata/repo into a temporary folder and returns it
// with the folder gen is to write its artifacts in.
func sampleRepo(t *testing.T) (repo, out string) {
	t.Helper()
	repo = t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	return repo, filepath.Join(repo, "gen")
}

// genIn runs gen on repo with its artifacts in out, in mode (--write,
// --check), and returns its exit code and output.
func genIn(repo, out, mode string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(context.Background(), []string{"gen", "--repo", repo, "--out", out, mode}, &o, &e)
	return code, o.String(), e.String()
}

// rewriteLineEnds replaces from by to in the text files (.md, .json) of
// repo, sources and artifacts alike, as a git checkout with or without
// autocrlf writes them.
func rewriteLineEnds(t *testing.T, repo, from, to string) {
	t.Helper()
	err := filepath.WalkDir(repo, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(p, bytes.ReplaceAll(data, []byte(from), []byte(to)), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestGenCheckIgnoresCRLFCheckouts: on a checkout whose text files git
// wrote with CRLF (Windows, core.autocrlf), the artifacts committed from
// an LF checkout are up to date, although each fragment the registry
// inlines now reads "\r\n" where the committed string holds "\n"; and the
// other way round. A real change still shows.
func TestGenCheckIgnoresCRLFCheckouts(t *testing.T) {
	repo, out := sampleRepo(t)
	gen := func(mode string) (int, string) {
		code, stdout, stderr := genIn(repo, out, mode)
		return code, stdout + stderr
	}
	checkout := func(from, to string) { rewriteLineEnds(t, repo, from, to) }
	for _, step := range []struct {
		what     string
		from, to string
	}{
		{"artifacts written on LF, checked on CRLF", "\n", "\r\n"},
		{"artifacts written on CRLF, checked on LF", "\r\n", "\n"},
	} {
		if code, msg := gen("--write"); code != exitOK {
			t.Fatalf("gen --write: exit %d\n%s", code, msg)
		}
		registry, err := os.ReadFile(filepath.Join(out, "capability-registry.json"))
		if err != nil || !bytes.Contains(registry, []byte(`"inline": "`)) {
			t.Fatalf("the sample repository inlines no fragment (%v); this test needs one", err)
		}
		checkout(step.from, step.to)
		if code, msg := gen("--check"); code != exitOK {
			t.Fatalf("%s: gen --check exit %d\n%s", step.what, code, msg)
		}
	}
	// A carriage return that ends no line is text: adding it is drift.
	ui := filepath.Join(repo, "capabilities", "ui", "capability.json")
	data, err := os.ReadFile(ui)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte(`"description": "`), []byte(`"description": "\r\r`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("the ui capability has no description; update this test")
	}
	if err := os.WriteFile(ui, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, msg := gen("--check"); code != exitFindings {
		t.Fatalf("gen --check after \\r was added to a description: exit %d, want %d\n%s", code, exitFindings, msg)
	}
	if err := os.WriteFile(ui, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fragment := filepath.Join(repo, "capabilities", "research", "loop", "research-prompt.md")
	data, err = os.ReadFile(fragment)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fragment, append(data, "One more line.\r\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, msg := gen("--check"); code != exitFindings || !strings.Contains(msg, "One more line.") {
		t.Fatalf("gen --check after a fragment changed: exit %d, want %d with the line in the diff\n%s", code, exitFindings, msg)
	}
}

// TestGenCheckNamesEncodings: a committed artifact that differs by a byte
// order mark is said so, which its diff cannot show (-{ and +{ read the
// same), and a UTF-16 one, with a byte order mark or without one, is said
// so in place of a diff of every byte, NULs and all.
func TestGenCheckNamesEncodings(t *testing.T) {
	repo, out := toolsRepo(t)
	index := filepath.Join(out, "tool-index.json")
	generated, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	utf16 := []byte{0xff, 0xfe}
	for _, c := range generated {
		utf16 = append(utf16, c, 0)
	}
	for _, c := range []struct {
		name      string
		committed []byte
		note      string
		diff      bool
	}{
		{"utf-8 bom", append([]byte("\xef\xbb\xbf"), generated...), "starts with a UTF-8 byte order mark", true},
		{"utf-16", utf16, "is UTF-16 (it starts with a UTF-16 byte order mark)", false},
		// Without the mark its NULs were a diff of every byte.
		{"utf-16 without a mark", utf16[2:], "is UTF-16 (every other byte is zero", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(index, c.committed, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--check"}, &stdout, &stderr); code != exitFindings {
				t.Fatalf("gen --check: exit %d, want %d\n%s", code, exitFindings, stderr.String())
			}
			if !strings.Contains(stderr.String(), "tool-index.json: the committed file "+c.note) || !strings.Contains(stderr.String(), "is stale; run") {
				t.Errorf("stderr lacks the note %q:\n%s", c.note, stderr.String())
			}
			if got := strings.Contains(stdout.String(), "@@"); got != c.diff || bytes.IndexByte(stdout.Bytes(), 0) >= 0 {
				t.Errorf("diff printed = %v, want %v:\n%q", got, c.diff, stdout.String())
			}
		})
	}
}

// TestTerminalText: what a terminal would act on is escaped, the new lines
// and tabs that lay text out are not.
func TestTerminalText(t *testing.T) {
	for in, want := range map[string]string{
		"plain\n\tline\n":          "plain\n\tline\n",
		"-\x1b]0;owned\x07{\n":     `-\x1b]0;owned\a{` + "\n",
		"a\u202eb\tc\u009b2J\r\nd": `a\u202eb` + "\t" + `c\u009b2J` + "\r\nd",
		"crlf\r\nlines\r\n":        "crlf\r\nlines\r\n",
		"a lone\rreturn\n":         `a lone\rreturn` + "\n",
		"a last return\r":          `a last return\r`,
		"no newline at end\x1b[2J": `no newline at end\x1b[2J`,
		"line\u2028para\u2029\n":   `line\u2028para\u2029` + "\n",
		"bad \xff byte\n":          `bad \xff byte` + "\n",
	} {
		if got := terminalText(in); got != want {
			t.Errorf("terminalText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEscapeTerminalJSON: JSON on a terminal has what the text views escape
// written as JSON escapes, so that it still reads as the same JSON.
func TestEscapeTerminalJSON(t *testing.T) {
	in := "{\n  \"a\": \"x\u2028y\u202ez\u0085\"\n}"
	want := "{\n  \"a\": \"x" + `\u2028y\u202ez\u0085` + "\"\n}"
	got := escapeTerminalJSON([]byte(in))
	if string(got) != want {
		t.Fatalf("escapeTerminalJSON(%q) = %q, want %q", in, got, want)
	}
	var a, b any
	if json.Unmarshal([]byte(in), &a) != nil || json.Unmarshal(got, &b) != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("escaped %q reads as %v, not %v", got, b, a)
	}
}

// TestGenWriteKeepsWhatCheckCallsUpToDate: on a checkout whose text files
// git wrote with CRLF (a Windows runner, where core.autocrlf is true),
// gen --write keeps the artifacts gen --check finds up to date. It
// rewrote all three, and the registry with each inlined fragment's "\n"
// now "\r\n": "capreg gen --write && git diff --exit-code" failed there on
// a tree gen --check passes, and a Windows contributor's regeneration
// committed every fragment changed, which the next one on LF changed back.
func TestGenWriteKeepsWhatCheckCallsUpToDate(t *testing.T) {
	repo, out := sampleRepo(t)
	gen := func(mode string) (int, string, string) { return genIn(repo, out, mode) }
	if code, _, msg := gen("--write"); code != exitOK {
		t.Fatalf("gen --write: exit %d\n%s", code, msg)
	}
	// The checkout as git writes it with autocrlf: every text file CRLF.
	rewriteLineEnds(t, repo, "\n", "\r\n")
	before := map[string][]byte{}
	for _, name := range store.ArtifactNames {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		before[name] = data
	}
	if code, _, msg := gen("--check"); code != exitOK {
		t.Fatalf("gen --check on the CRLF checkout: exit %d\n%s", code, msg)
	}
	code, stdout, msg := gen("--write")
	if code != exitOK {
		t.Fatalf("gen --write on the CRLF checkout: exit %d\n%s", code, msg)
	}
	for _, name := range store.ArtifactNames {
		p := filepath.Join(out, name)
		if want := "Kept " + p + " (up to date)\n"; !strings.Contains(stdout, want) {
			t.Errorf("gen --write on the CRLF checkout: stdout lacks %q\n%s", want, stdout)
		}
		if data, _ := os.ReadFile(p); !bytes.Equal(data, before[name]) {
			t.Errorf("%s, which gen --check calls up to date, was rewritten", name)
		}
	}
}

// TestGenWriteOnCRLFWritesWhatLFWrites: after a real change on a CRLF
// checkout, gen --write writes the registry an LF checkout writes for the
// same change, which gen --check calls equal. It wrote every inlined
// fragment's "\n" as "\r\n": the one change committed every fragment
// changed, which the next regeneration on LF changed back.
func TestGenWriteOnCRLFWritesWhatLFWrites(t *testing.T) {
	registry := func(eol string) []byte {
		repo, out := sampleRepo(t)
		if code, _, msg := genIn(repo, out, "--write"); code != exitOK {
			t.Fatalf("gen --write: exit %d\n%s", code, msg)
		}
		rewriteLineEnds(t, repo, "\n", eol)
		fragment := filepath.Join(repo, "capabilities", "research", "loop", "research-prompt.md")
		data, err := os.ReadFile(fragment)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fragment, append(data, "One more line."+eol...), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, msg := genIn(repo, out, "--write"); code != exitOK {
			t.Fatalf("gen --write after the change: exit %d\n%s", code, msg)
		}
		data, err = os.ReadFile(filepath.Join(out, store.RegistryFile))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	lf, crlf := registry("\n"), registry("\r\n")
	if !bytes.Contains(lf, []byte("One more line.")) {
		t.Fatal("the change is not in the registry; update this test")
	}
	if !bytes.Equal(crlf, lf) {
		t.Errorf("the registry gen --write wrote on CRLF is not the one it writes on LF (it holds %d \\r\\n escapes)",
			bytes.Count(crlf, []byte(`\r\n`)))
	}
}

// TestGenWriteKeepsUpToDateFiles: gen --write leaves a file that holds its
// artifact's bytes as it is (same inode, same mtime, for make and file
// watchers) and says so; only the file that differs is written.
func TestGenWriteKeepsUpToDateFiles(t *testing.T) {
	repo, out := toolsRepo(t)
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	before := map[string]os.FileInfo{}
	for _, name := range store.ArtifactNames {
		p := filepath.Join(out, name)
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		before[name] = fi
	}
	stale := filepath.Join(out, store.ToolIndexFile)
	if err := os.WriteFile(stale, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--write"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("gen --write: exit %d\n%s", code, stderr.String())
	}
	want := fmt.Sprintf("Kept %s (up to date)\nKept %s (up to date)\nWrote %s\n",
		filepath.Join(out, store.RegistryFile), filepath.Join(out, store.ContractFile), stale)
	if stdout.String() != want {
		t.Errorf("stdout = %q, want %q", stdout.String(), want)
	}
	for _, name := range []string{store.RegistryFile, store.ContractFile} {
		fi, err := os.Stat(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if !os.SameFile(fi, before[name]) || !fi.ModTime().Equal(old) {
			t.Errorf("%s was rewritten (mtime %v)", name, fi.ModTime())
		}
	}
	if data, _ := os.ReadFile(stale); string(data) == "{}\n" {
		t.Errorf("%s, stale, was not written", stale)
	}
}

// TestGenWriteInterrupted: gen --write interrupted (its context ended, as
// main's does on SIGINT or SIGTERM) writes nothing more, leaves no
// temporary file in --out, says so and exits 130.
func TestGenWriteInterrupted(t *testing.T) {
	repo, out := toolsRepo(t)
	stale := filepath.Join(out, store.RegistryFile)
	if err := os.WriteFile(stale, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := repoFlags{repo: repo}
	snap, code := f.loadValid(context.Background(), io.Discard)
	if snap == nil {
		t.Fatalf("load: exit %d", code)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if code := genWrite(ctx, snap, out, &stdout, &stderr); code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
	if got, want := stderr.String(), "capreg: interrupted; stopped with 3 artifacts not written\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
	if data, _ := os.ReadFile(stale); string(data) != "{}\n" {
		t.Errorf("%s was written: %.40q", stale, data)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("gen --write left %s behind", e.Name())
		}
	}
}

// TestGenCheckInterrupted: gen --check interrupted after loading prints no
// diff and no verdict (a half-made comparison would read as one), says so
// and exits 130, where it would otherwise report the stale registry.
func TestGenCheckInterrupted(t *testing.T) {
	repo, out := toolsRepo(t)
	if err := os.WriteFile(filepath.Join(out, store.RegistryFile), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := repoFlags{repo: repo}
	snap, code := f.loadValid(context.Background(), io.Discard)
	if snap == nil {
		t.Fatalf("load: exit %d", code)
	}
	var stdout, stderr bytes.Buffer
	if code := genCheck(context.Background(), snap, out, "capreg gen --write", &stdout, &stderr); code != exitFindings {
		t.Fatalf("not interrupted: exit %d, want %d (stderr %q)", code, exitFindings, stderr.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stdout.Reset()
	stderr.Reset()
	if code := genCheck(ctx, snap, out, "capreg gen --write", &stdout, &stderr); code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
	if stdout.Len() > 0 {
		t.Errorf("stdout = %.80q, want nothing", stdout.String())
	}
	if got, want := stderr.String(), "capreg: interrupted; stopped before the comparison ended\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
}

// TestVerbsInterruptedWhileLoading: a verb whose scan an interrupt ended
// says so and exits 130, not 2 with "context canceled" as an I/O failure.
func TestVerbsInterruptedWhileLoading(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{{"check"}, {"gen", "--write", "--out", t.TempDir()}, {"render", "plan:pre"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(ctx, append(args, "--repo", repo), &stdout, &stderr); code != exitInterrupted {
				t.Errorf("exit %d, want %d", code, exitInterrupted)
			}
			if got, want := stderr.String(), "capreg: interrupted; stopped\n"; got != want {
				t.Errorf("stderr = %q, want %q", got, want)
			}
		})
	}
}

// TestGenCheckVerdicts: what gen --check tells its user for each state of
// the committed artifacts of a repository without warnings: the count of
// artifacts up to date and nothing on stderr; a missing artifact named as
// missing alone (no diff, not also "stale"); a stale one whose diff could
// not be written an I/O failure (exit 2), not a verdict; and an operand,
// which gen takes none of, a usage error.
func TestGenCheckVerdicts(t *testing.T) {
	repo, out := toolsRepo(t)
	hint := "capreg gen --write --repo " + validate.ShellQuote(repo) + " --out " + validate.ShellQuote(out)

	t.Run("up to date", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--check"}, &stdout, &stderr); code != exitOK {
			t.Fatalf("exit %d, want %d\n%s", code, exitOK, stderr.String())
		}
		if got, want := stdout.String(), "capreg: 3 artifacts in "+out+" are up to date\n"; got != want {
			t.Errorf("stdout = %q, want %q", got, want)
		}
		// No warning, so no "0 warnings (--strict fails on warnings)".
		if stderr.Len() > 0 {
			t.Errorf("stderr = %q, want nothing", stderr.String())
		}
	})

	t.Run("operand", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--check", "extra"}, &stdout, &stderr); code != exitUsage {
			t.Fatalf("exit %d, want %d\n%s", code, exitUsage, stderr.String())
		}
		if !strings.Contains(stderr.String(), `gen takes no arguments (got ["extra"])`) {
			t.Errorf("stderr = %q, want the operand refused", stderr.String())
		}
		if stdout.Len() > 0 {
			t.Errorf("stdout = %q, want nothing", stdout.String())
		}
	})

	t.Run("stale, output not written", func(t *testing.T) {
		dir := t.TempDir()
		for _, name := range store.ArtifactNames {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			if name == store.ToolIndexFile {
				data = bytes.Replace(data, []byte(`"t"`), []byte(`"u"`), 1)
			}
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var stderr bytes.Buffer
		if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", dir, "--check"}, brokenWriter{}, &stderr); code != exitUsage {
			t.Errorf("exit %d, want %d\n%s", code, exitUsage, stderr.String())
		}
		if !strings.Contains(stderr.String(), "cannot write the results: no space left on device") {
			t.Errorf("stderr = %q, want the write failure", stderr.String())
		}
	})

	t.Run("missing", func(t *testing.T) {
		missing := filepath.Join(out, store.ContractFile)
		if err := os.Remove(missing); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--check"}, &stdout, &stderr); code != exitFindings {
			t.Fatalf("exit %d, want %d\n%s", code, exitFindings, stderr.String())
		}
		if got, want := stderr.String(), "capreg: "+missing+" is missing; run "+hint+"\n"; got != want {
			t.Errorf("stderr = %q, want %q", got, want)
		}
		if stdout.Len() > 0 {
			t.Errorf("stdout = %q, want no diff for a missing file", stdout.String())
		}
	})
}

// artifactWrittenCtx is a context that ends (Canceled) once file exists:
// an interrupt that comes after gen --write has written it.
type artifactWrittenCtx struct {
	context.Context
	file string
}

func (c artifactWrittenCtx) Err() error {
	if _, err := os.Stat(c.file); err == nil {
		return context.Canceled
	}
	return nil
}

// TestGenWriteInterruptedAfterOne: interrupted after writing the first
// artifact, gen --write names the one it wrote and counts the two it did
// not write (not the three it was to write).
func TestGenWriteInterruptedAfterOne(t *testing.T) {
	repo, _ := toolsRepo(t)
	f := repoFlags{repo: repo}
	snap, code := f.loadValid(context.Background(), io.Discard)
	if snap == nil {
		t.Fatalf("load: exit %d", code)
	}
	out := t.TempDir()
	first := filepath.Join(out, store.ArtifactNames[0])
	ctx := artifactWrittenCtx{context.Background(), first}
	var stdout, stderr bytes.Buffer
	if code := genWrite(ctx, snap, out, &stdout, &stderr); code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
	if got, want := stdout.String(), "Wrote "+first+"\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	if got, want := stderr.String(), "capreg: interrupted; stopped with 2 artifacts not written\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
}

// TestGenCheckHintPastesBackThePath pins that the "run capreg gen --write
// ... --out DIR" hint gen --check prints names, once a POSIX shell reads
// it, the very folder that was given, and holds no raw control: the hint
// exists to be copied back into a shell. sayf escapes the line after
// validate.ShellQuote quoted it, so a tab, a newline or a non-UTF-8 byte became
// the text \t, \n or \xff inside single quotes, where a shell keeps the
// backslash: the pasted command wrote into another folder. ShellQuote now
// writes such a word in ANSI-C $'...' quoting, which escaping leaves as it
// is.
func TestGenCheckHintPastesBackThePath(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	for _, tc := range []struct{ name, dir string }{
		{"plain", "plain"},
		{"space", "with space"},
		{"quote", "it's"},
		{"non-ASCII letter", "caf\u00e9"},
		{"tab", "tab\there"},
		{"newline", "nl\nx"},
		{"non-UTF-8 byte", "bad\xff"},
		{"ESC", "esc\x1b[31mred"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), tc.dir)
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Skipf("this file system refuses the name: %v", err)
			}
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"gen", "--repo", repo, "--out", out, "--check"}, &stdout, &stderr); code != exitFindings {
				t.Fatalf("exit %d, want %d\n%s", code, exitFindings, stderr.String())
			}
			if rawControls(stderr.String()) || strings.ContainsRune(stderr.String(), '\t') || strings.Contains(stderr.String(), "\xff") {
				t.Errorf("stderr holds a raw control: %q", stderr.String())
			}
			_, hint, ok := strings.Cut(stderr.String(), "; run capreg gen --write ")
			if !ok {
				t.Fatalf("no hint in %q", stderr.String())
			}
			hint, _, _ = strings.Cut(hint, "\n")
			i := strings.LastIndex(hint, " --out ")
			if i < 0 {
				t.Fatalf("no --out in the hint %q", hint)
			}
			word := hint[i+len(" --out "):]
			got, err := shellWord(word)
			if err != nil {
				t.Fatalf("the hint's --out %q: %v", word, err)
			}
			if got != out {
				t.Errorf("pasted, the hint's --out %q names %q, want %q", word, got, out)
			}
		})
	}
}

// shellWord is the one word a POSIX shell (with ANSI-C $'...' quoting,
// POSIX.1-2024) reads from w: what a user pasting the hint runs.
func shellWord(w string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(w); {
		switch {
		case w[i] == '\'':
			j := strings.IndexByte(w[i+1:], '\'')
			if j < 0 {
				return "", strconv.ErrSyntax
			}
			b.WriteString(w[i+1 : i+1+j])
			i += j + 2
		case strings.HasPrefix(w[i:], "$'"):
			i += 2
			for {
				if i >= len(w) {
					return "", strconv.ErrSyntax
				}
				if w[i] == '\'' {
					i++
					break
				}
				if w[i] != '\\' {
					b.WriteByte(w[i])
					i++
					continue
				}
				if i+1 >= len(w) {
					return "", strconv.ErrSyntax
				}
				if w[i+1] == '\'' {
					b.WriteByte('\'')
					i += 2
					continue
				}
				v, _, tail, err := strconv.UnquoteChar(w[i:], '\'')
				if err != nil {
					return "", err
				}
				if v < 0x100 && strings.HasPrefix(w[i:], `\x`) {
					b.WriteByte(byte(v)) // a byte, not a rune: $'\xff' is one byte
				} else {
					b.WriteRune(v)
				}
				i = len(w) - len(tail)
			}
		case w[i] == '\\' && i+1 < len(w):
			b.WriteByte(w[i+1])
			i += 2
		case w[i] == ' ' || w[i] == '"' || w[i] == '$' || w[i] == '`':
			return "", strconv.ErrSyntax // not one plainly quoted word
		default:
			b.WriteByte(w[i])
			i++
		}
	}
	return b.String(), nil
}
