package store

import (
	"os"
	"path/filepath"

	"github.com/capreg/capreg/validate"
)

// RootAbove returns the nearest folder above dir that looks like the root
// of a repository capreg reads (it holds capreg.json or a capabilities
// folder), looking no higher than the top of a git work tree; "" when
// there is none. A check run from inside a repository's capabilities/
// finds nothing, which is valid, and so passes: the gate the user meant
// to run is that of the folder this names.
func RootAbove(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	// Above the folder a link names, not above the link: what capreg
	// reads of --repo vendored, a link to a folder elsewhere, is that
	// folder, and no repository around the link holds it.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	for d := abs; ; d = filepath.Dir(d) {
		if d != abs && looksLikeRoot(d) {
			return d
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil || d == filepath.Dir(d) {
			return ""
		}
	}
}

// EnclosingRoot is RootAbove(dir) when dir itself does not look like the
// root of a repository capreg reads, and "" when it does: a check run from
// a repository's bin/ or docs/ folder reads the cards or workflows there
// and passes, having checked a part of the repository, not the whole.
// Only a root inside a git work tree counts: out of one (a tarball, a
// Docker build context) the walk goes on up to "/", where a stray
// /tmp/capabilities is no repository dir is a part of, and a warning on
// every run would be a false alarm.
func EnclosingRoot(dir string) string {
	if looksLikeRoot(dir) {
		return ""
	}
	if root := RootAbove(dir); root != "" && WorkTreeTop(root) != "" {
		return root
	}
	return ""
}

// looksLikeRoot reports whether dir holds capreg.json or a capabilities
// folder.
func looksLikeRoot(dir string) bool {
	return isRegular(filepath.Join(dir, validate.RepoConfigFile)) || isDir(filepath.Join(dir, "capabilities"))
}

func isRegular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
