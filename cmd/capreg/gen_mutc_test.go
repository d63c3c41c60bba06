package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestGenCheckVerdicts: what gen --check tells its user for each state of
// the committed artifacts of a repository without warnings: the count of
// artifacts up to date and nothing on stderr; a missing artifact named as
// missing alone (no diff, not also "stale"); a stale one whose diff could
// not be written an I/O failure (exit 2), not a verdict; and an operand,
// which gen takes none of, a usage error.
func TestGenCheckVerdicts(t *testing.T) {
	repo, out := toolsRepo(t)
	hint := "capreg gen --write --repo " + shellQuote(repo) + " --out " + shellQuote(out)

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

// TestShellQuoteRoundTrips: a path quoted for a hint is, pasted into a
// POSIX shell, the one word it names, whatever it holds (a space, a quote,
// a glob); one the shell takes as it is stays bare, so the hint reads as
// typed.
func TestShellQuoteRoundTrips(t *testing.T) {
	for _, s := range []string{
		"out", "/tmp/a-b_c/d.e", "host:/p@v%1+2=3,4",
		"my out", "it's", "a'b'c", "x*", "$HOME", "a;b", "a\nb", "-", "",
		"a b/c", "ok/then space", "safe prefix;rm",
	} {
		q := shellQuote(s)
		got, err := exec.Command("sh", "-c", `printf '%s|' `+q).Output()
		if err != nil {
			t.Fatalf("sh: %v", err)
		}
		if want := s + "|"; string(got) != want {
			t.Errorf("shellQuote(%q) = %q, which sh reads as %q", s, q, got)
		}
	}
	for _, s := range []string{"out", "/tmp/a-b_c/d.e", "host:/p@v%1+2=3,4"} {
		if q := shellQuote(s); q != s {
			t.Errorf("shellQuote(%q) = %q, want it bare", s, q)
		}
	}
}
