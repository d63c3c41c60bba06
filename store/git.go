package store

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// gitRevision returns the commit checked out in the git work tree holding root
// (root itself or a parent), or "" outside git. It reads .git directly (HEAD,
// loose refs, packed-refs) rather than running git, so the daemon needs no
// git binary.
func gitRevision(root string) string {
	g, ok := findGit(root)
	if !ok {
		return ""
	}
	head, ok := g.head()
	if !ok {
		return ""
	}
	ref, isRef := strings.CutPrefix(head, "ref: ")
	if !isRef {
		return objectName(head) // detached HEAD
	}
	if !branchRef(ref) {
		return ""
	}
	for _, dir := range g.refDirs() {
		if data, err := readGitFile(filepath.Join(dir, filepath.FromSlash(ref)), maxGitLine); err == nil {
			return objectName(strings.TrimSpace(string(data)))
		}
		if data, err := readGitFile(filepath.Join(dir, "packed-refs"), maxGitFile); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if sha, name, ok := strings.Cut(strings.TrimSpace(line), " "); ok && name == ref {
					return objectName(sha)
				}
			}
		}
	}
	return ""
}

// The files of .git are read by path, and a .git that came with the
// repository (an archive, a volume) is as untrusted as the rest of it:
// HEAD naming "ref: ../../etc/passwd" made /status serve that file as the
// revision, and a HEAD that was a FIFO or a link to /dev/zero hung or
// exhausted the scan. So a ref must be a ref, a revision an object name, and
// each file a regular one of bounded size, opened without blocking.

// branchRef reports whether HEAD's ref names a ref inside the git directory.
func branchRef(ref string) bool {
	return strings.HasPrefix(ref, "refs/") && filepath.IsLocal(filepath.FromSlash(ref))
}

// objectName returns s when it is a SHA-1 or SHA-256 object name, else "".
func objectName(s string) string {
	if len(s) != 40 && len(s) != 64 {
		return ""
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return ""
		}
	}
	return s
}

// maxGitFile bounds a file of .git read whole: packed-refs, which lists
// every ref. The others (HEAD, a loose ref, a worktree's ".git" and
// commondir) hold a line each, and are read up to maxGitLine bytes.
const (
	maxGitFile = 64 << 20
	maxGitLine = 4 << 10
)

var errGitFile = errors.New("not a regular file of bounded size")

// readGitFile reads a regular file of .git of at most limit bytes, into a
// buffer of the size the file had when opened: one still growing (a HEAD
// written in place without end) is refused rather than read on to the
// limit, which held 200 MB of heap for a HEAD of 300 MB.
func readGitFile(p string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() > limit {
		return nil, errGitFile
	}
	buf := make([]byte, st.Size()+1)
	n, err := io.ReadFull(f, buf)
	switch {
	case err == nil:
		return nil, errGitFile // more than it had: it is being written
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return buf[:n], nil
	}
	return nil, err
}

// gitHeadFiles returns the files that decide the commit gitRevision reads
// for root: the .git entry that leads to the git directory, HEAD, and
// where HEAD is a branch, that branch's loose ref and packed-refs (in a
// linked worktree's own git directory and in the shared one). A daemon
// watches these, and no other file of .git: git writes its index and much
// else on commands that do not move HEAD. nil outside git.
func gitHeadFiles(root string) []string {
	g, ok := findGit(root)
	if !ok {
		return nil
	}
	files := []string{g.entry, filepath.Join(g.dir, "HEAD")}
	head, _ := g.head()
	ref, isRef := strings.CutPrefix(head, "ref: ")
	if !isRef || !branchRef(ref) {
		return files
	}
	for _, dir := range g.refDirs() {
		files = append(files, filepath.Join(dir, filepath.FromSlash(ref)), filepath.Join(dir, "packed-refs"))
	}
	return files
}

// gitDir is where git keeps the state of a work tree.
type gitDir struct {
	entry string // the work tree's .git, a directory or a "gitdir:" file
	dir   string // the git directory it leads to
}

// WorkTreeTop is the top of the git work tree holding dir (dir itself or
// a parent): the folder of its .git, a directory or the file of a
// worktree or submodule; "" outside any.
func WorkTreeTop(dir string) string {
	g, ok := findGit(dir)
	if !ok {
		return ""
	}
	return filepath.Dir(g.entry)
}

// findGit finds the git directory of the work tree holding root (root
// itself or a parent).
func findGit(root string) (gitDir, bool) {
	for dir := root; ; dir = filepath.Dir(dir) {
		entry := filepath.Join(dir, ".git")
		if _, err := os.Lstat(entry); err == nil {
			g := gitDir{entry: entry, dir: entry}
			if data, err := readGitFile(entry, maxGitLine); err == nil {
				// A worktree or submodule: ".git" is a file "gitdir: <path>".
				if d, ok := gitdirOf(data); ok {
					if !filepath.IsAbs(d) {
						d = filepath.Join(dir, d)
					}
					g.dir = d
				}
			}
			return g, true
		}
		if filepath.Dir(dir) == dir {
			return gitDir{}, false
		}
	}
}

// gitdirOf is the path a .git file gives in its "gitdir: <path>" line, as
// written, and whether data is such a file (a worktree's, a submodule's).
func gitdirOf(data []byte) (string, bool) {
	return strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
}

// head is what HEAD holds, trimmed: "ref: refs/heads/<branch>", or a commit
// when detached. ok is false when it cannot be read.
func (g gitDir) head() (string, bool) {
	data, err := readGitFile(filepath.Join(g.dir, "HEAD"), maxGitLine)
	if err != nil {
		return "", false
	}
	return strings.TrimSpace(string(data)), true
}

// refDirs are where a branch's ref is looked up, in order: the git
// directory, then the shared one of a linked worktree.
func (g gitDir) refDirs() []string {
	if common := commonDir(g.dir); common != g.dir {
		return []string{g.dir, common}
	}
	return []string{g.dir}
}

// commonDir returns the shared git directory of a linked worktree.
func commonDir(gitDir string) string {
	data, err := readGitFile(filepath.Join(gitDir, "commondir"), maxGitLine)
	if err != nil {
		return gitDir
	}
	dir := strings.TrimSpace(string(data))
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(gitDir, dir)
	}
	return dir
}
