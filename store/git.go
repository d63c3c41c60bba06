package store

import (
	"os"
	"path/filepath"
	"strings"
)

// gitRevision returns the commit checked out in the git work tree holding root
// (root itself or a parent), or "" outside git. It reads .git directly (HEAD,
// loose refs, packed-refs) rather than running git, so the daemon needs no
// git binary.
func gitRevision(root string) string {
	for dir := root; ; dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return headOf(dir)
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

func headOf(root string) string {
	gitDir := filepath.Join(root, ".git")
	if data, err := os.ReadFile(gitDir); err == nil {
		// A worktree or submodule: ".git" is a file "gitdir: <path>".
		line := strings.TrimSpace(string(data))
		if dir, ok := strings.CutPrefix(line, "gitdir: "); ok {
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(root, dir)
			}
			gitDir = dir
		}
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return ""
	}
	ref, isRef := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: ")
	if !isRef {
		return strings.TrimSpace(string(head)) // detached HEAD
	}
	for _, dir := range []string{gitDir, commonDir(gitDir)} {
		if data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(ref))); err == nil {
			return strings.TrimSpace(string(data))
		}
		if data, err := os.ReadFile(filepath.Join(dir, "packed-refs")); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if sha, name, ok := strings.Cut(strings.TrimSpace(line), " "); ok && name == ref {
					return sha
				}
			}
		}
	}
	return ""
}

// commonDir returns the shared git directory of a linked worktree.
func commonDir(gitDir string) string {
	data, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return gitDir
	}
	dir := strings.TrimSpace(string(data))
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(gitDir, dir)
	}
	return dir
}
