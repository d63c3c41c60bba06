package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestCheckMachineFormatsKeepStderrClear: with --format json, sarif or
// github the findings are on stdout and stderr holds no summary line (the
// text format's "0 errors, 1 warning; ..."), where CI logs mix the two.
func TestCheckMachineFormatsKeepStderrClear(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	for _, format := range []string{"text", "json", "sarif", "github"} {
		t.Run(format, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"check", "--repo", repo, "--format", format}, &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d, want %d\n%s", code, exitOK, stderr.String())
			}
			if !strings.Contains(stdout.String(), "config-key-pending-migration") {
				t.Errorf("stdout lacks the warning:\n%s", stdout.String())
			}
			summary := strings.Contains(stderr.String(), "0 errors, 1 warning; ")
			if summary != (format == "text") {
				t.Errorf("summary on stderr = %v, want %v:\n%s", summary, format == "text", stderr.String())
			}
			if format != "text" && stderr.Len() > 0 {
				t.Errorf("stderr = %q, want nothing", stderr.String())
			}
		})
	}
}

// TestCheckFindingsNotWritten: findings check could not write (a full
// disk) are an I/O failure, exit 2, in every format: not exit 1, which
// says the repository has errors, nor 0.
func TestCheckFindingsNotWritten(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo") // one warning to write
	for _, format := range []string{"text", "json", "sarif", "github"} {
		t.Run(format, func(t *testing.T) {
			var stderr bytes.Buffer
			if code := run(context.Background(), []string{"check", "--repo", repo, "--format", format}, brokenWriter{}, &stderr); code != exitUsage {
				t.Errorf("exit %d, want %d\n%s", code, exitUsage, stderr.String())
			}
			if !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("stderr = %q, want the write failure", stderr.String())
			}
		})
	}
}

// TestStrictCheckOfNothingFails: a repository holding nothing is valid,
// with a repository-empty warning, but under --strict, the CI gate's flag, a check that read nothing fails
// in every format (a step run from the wrong working directory passed),
// with the note naming the folder above that looks like the repository.
func TestStrictCheckOfNothingFails(t *testing.T) {
	capDir := filepath.Join("..", "..", "testdata", "repo", "capabilities")
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"check", "--repo", capDir}, exitOK},
		{[]string{"check", "--repo", capDir, "--strict"}, exitFindings},
		{[]string{"check", "--repo", capDir, "--strict", "--format", "sarif"}, exitFindings},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), c.args, &stdout, &stderr)
		if code != c.want {
			t.Errorf("%q: exit %d, want %d\n%s", c.args, code, c.want, stderr.String())
		}
		if c.want == exitFindings && !strings.Contains(stderr.String(), "looks like the repository") {
			t.Errorf("%q: the note does not name the folder above: %q", c.args, stderr.String())
		}
		// Each declaration there is outside <capDir>/capabilities, and
		// is not told to move there: the repository above is to be checked.
		if strings.Contains(stderr.String(), "move it there") {
			t.Errorf("%q: the declarations of the repository above are told to move: %q", c.args, stderr.String())
		}
	}
	// The reason is a finding in the machine formats too: a CI job reading
	// JSON saw exit 1 and an empty array.
	for _, strict := range []bool{false, true} {
		args := []string{"check", "--repo", capDir, "--format", "json"}
		want := validate.Warning
		if strict {
			args, want = append(args, "--strict"), validate.Error
		}
		var stdout, stderr bytes.Buffer
		run(context.Background(), args, &stdout, &stderr)
		var got []validate.Diagnostic
		if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
			t.Fatalf("%q: %v\n%s", args, err, stdout.String())
		}
		if len(got) != 1 || got[0].Rule != "repository-empty" || got[0].Severity != want {
			t.Errorf("%q: findings %+v, want one repository-empty %s", args, got, want)
		}
	}
}

// TestCheckOfGitSyncRootNamesItsWorktree: git-sync's root (its .git,
// the worktree under .worktrees/ and the link current to it) given as the
// repository holds nothing capreg reads, as the worktree is a repository
// of its own; the warning and the note say what to give --repo instead
// of "if this folder is part of a repository, give --repo its root".
func TestCheckOfGitSyncRootNamesItsWorktree(t *testing.T) {
	root := t.TempDir()
	tree := filepath.Join(root, ".worktrees", "0a1b2c")
	for _, p := range []string{filepath.Join(root, ".git"), filepath.Join(tree, "bin")} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		filepath.Join(tree, ".git"):               "gitdir: " + filepath.Join(root, ".git", "worktrees", "0a1b2c") + "\n",
		filepath.Join(tree, "bin", "x"):           "#!/bin/sh\n",
		filepath.Join(tree, "bin", "x.card.json"): `{"id":"x","command":"bin/x","summary":"Does x.","intent_phrases":["do x"],"effects":"None.","risk":"reversible","example":"bin/x"}`,
	}
	for p, data := range files {
		mode := os.FileMode(0o644)
		if strings.HasPrefix(data, "#!") {
			mode = 0o755 // a tool, executable as committed (tool-not-executable)
		}
		if err := os.WriteFile(p, []byte(data), mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(".worktrees", "0a1b2c"), filepath.Join(root, "current")); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", root, "--format", "json"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want %d\n%s", code, exitOK, stderr.String())
	}
	var got []validate.Diagnostic
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	const want = "2 folders that are git repositories of their own (worktrees or clones: .worktrees/0a1b2c, current): give --repo the one to check"
	if len(got) != 1 || got[0].Rule != "repository-empty" || !strings.Contains(got[0].Message, want) {
		t.Errorf("findings %+v, want one repository-empty saying %q", got, want)
	}
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("the note does not say what to give --repo: %q", stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"check", "--repo", filepath.Join(root, "current"), "--format", "json"}, &stdout, &stderr); code != exitOK || strings.TrimSpace(stdout.String()) != "[]" {
		t.Errorf("check of current: exit %d, %s%s", code, stdout.String(), stderr.String())
	}
}

// TestNothingFoundNoteIsEscaped pins that the note check writes when the
// repository holds nothing (noteWhatWasRead: "nothing to check in REPO")
// escapes the --repo path it quotes as every other stderr line does
// through sayf: it was written with fmt.Fprintln, so a folder name's ESC,
// right-to-left override or C1 CSI reached the terminal raw.
func TestNothingFoundNoteIsEscaped(t *testing.T) {
	repo := filepath.Join(t.TempDir(), hostile)
	if err := os.Mkdir(repo, 0o755); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", repo}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want %d\n%s", code, exitOK, stderr.String())
	}
	if !bytes.Contains(stderr.Bytes(), []byte("nothing to check in ")) {
		t.Fatalf("no nothing-to-check note: %q", stderr.String())
	}
	if rawControls(stderr.String()) {
		t.Errorf("stderr echoes the --repo path's controls raw: %q", stderr.String())
	}
}

// TestReadmeFirstRepository: the files the README's "Your first
// repository" shows are those of testdata/first, byte for byte, and that
// repository passes check with no finding, as the README says.
func TestReadmeFirstRepository(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Your first repository\n")
	if !ok {
		t.Fatal(`README.md has no "## Your first repository" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	// A paragraph starting with a file's path, then its content in a block.
	shown := regexp.MustCompile("(?ms)^`([^`]+)`[^\n]*(?:\n[^\n]+)*\n\n```(?:json|markdown)\n(.*?)^```$").FindAllStringSubmatch(section, -1)
	if len(shown) != 4 {
		t.Fatalf("the section shows %d files, want 4", len(shown))
	}
	first := filepath.Join("..", "..", "testdata", "first")
	for _, m := range shown {
		data, err := os.ReadFile(filepath.Join(first, filepath.FromSlash(m[1])))
		if err != nil {
			t.Errorf("the README shows %s: %v", m[1], err)
			continue
		}
		if string(data) != m[2] {
			t.Errorf("the README shows %s otherwise than testdata/first holds it:\n%s\nwant\n%s", m[1], m[2], data)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", first}, &stdout, &stderr); code != exitOK || stdout.Len() != 0 ||
		!strings.Contains(stderr.String(), "0 errors, 0 warnings; 1 valid capability, 5 host steps, 1 tool card") {
		t.Errorf("check of testdata/first: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// The summary counts the files discovery chose among: a copy kept as
// test data beside several is none of them (validate.SchemaCandidates).
func TestSchemaNoteCountsNoFixtureCopy(t *testing.T) {
	src := &validate.Sources{ConfigSchemaFrom: validate.SchemaFromDiscovery, ConfigSchemaFound: []string{
		"a/config-schema.manifest.json", "b/config-schema.manifest.json", "tests/fixtures/config-schema.manifest.json"}}
	if got, want := schemaNote(src, true, false, false), "(2 files named config-schema.manifest.json found;"; !strings.Contains(got, want) {
		t.Errorf("schemaNote = %q, want it to say %q", got, want)
	}
}
