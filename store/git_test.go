package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestRevisionReadsOnlyGitState: the revision /status serves is read from
// .git by path, and a .git that came with the repository (an archive, a
// volume) is as untrusted as the rest: HEAD naming a ref outside the git
// directory made /status serve that file's content as the revision, and a
// HEAD that is a FIFO or /dev/zero hung or exhausted the daemon's scan.
func TestRevisionReadsOnlyGitState(t *testing.T) {
	const commit = "0123456789abcdef0123456789abcdef01234567"
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		head func(git string) error // makes .git/HEAD
		want string
	}{
		{"branch", func(git string) error { return writeHead(git, "ref: refs/heads/main\n") }, commit},
		{"detached", func(git string) error { return os.WriteFile(filepath.Join(git, "HEAD"), []byte(commit+"\n"), 0o644) }, commit},
		{"ref outside", func(git string) error { return writeHead(git, "ref: ../../../../../../../../.."+secret+"\n") }, ""},
		{"not a commit", func(git string) error { return os.WriteFile(filepath.Join(git, "HEAD"), []byte("s3cret\n"), 0o644) }, ""},
		{"fifo", func(git string) error { return mkfifo(filepath.Join(git, "HEAD")) }, ""},
		{"dev zero", func(git string) error { return os.Symlink("/dev/zero", filepath.Join(git, "HEAD")) }, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo, git := sampleWithGit(t)
			if err := os.WriteFile(filepath.Join(git, "refs/heads/main"), []byte(commit+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := tt.head(git); errors.Is(err, errors.ErrUnsupported) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
			if got := load(t, repo).Revision; got != tt.want {
				t.Errorf("revision %q, want %q", got, tt.want)
			}
		})
	}
}

// sampleWithGit is a copy of testdata/repo with an empty .git/refs/heads,
// and its .git folder.
func sampleWithGit(t *testing.T) (repo, git string) {
	t.Helper()
	repo = t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	git = filepath.Join(repo, ".git")
	if err := os.MkdirAll(filepath.Join(git, "refs/heads"), 0o755); err != nil {
		t.Fatal(err)
	}
	return repo, git
}

func writeHead(git, head string) error {
	return os.WriteFile(filepath.Join(git, "HEAD"), []byte(head), 0o644)
}

// TestRevisionFromPackedRefs: a branch whose ref git has packed (git gc,
// git pack-refs, a fresh clone) has no file under refs/heads; its revision
// is the one packed-refs gives for it, not another branch's.
func TestRevisionFromPackedRefs(t *testing.T) {
	const (
		main  = "0123456789abcdef0123456789abcdef01234567"
		other = "89abcdef0123456789abcdef0123456789abcdef"
	)
	for _, tt := range []struct {
		name, head, packed, want string
	}{
		{"packed", "ref: refs/heads/main\n", "# pack-refs with: peeled fully-peeled sorted\n" + other + " refs/heads/dev\n" + main + " refs/heads/main\n", main},
		{"not packed", "ref: refs/heads/gone\n", "# pack-refs with: peeled fully-peeled sorted\n" + main + " refs/heads/main\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo, git := sampleWithGit(t)
			if err := writeHead(git, tt.head); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(git, "packed-refs"), []byte(tt.packed), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := load(t, repo).Revision; got != tt.want {
				t.Errorf("revision %q, want %q", got, tt.want)
			}
		})
	}
}
