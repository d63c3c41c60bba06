package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/capreg/capreg/validate"
)

// rootWay resolves ways through links as the kernel does, reading links
// inside the repository root only, so that where a way leads out there,
// and whether anything exists there, never decides a finding. The scan and
// the overlay's tree share it: they must agree on which links leave.
type rootWay struct {
	// real is the root's real path; given the path it was given as, made
	// absolute (git-sync's /git/current), by which a link may come in.
	real, given string
	// links caches where each link met leads by its text, so that 20,000
	// links through one folder link follow that link once, not 20,000
	// times. Shared by copies; nil caches nothing.
	links map[string]wayEnd
}

// wayEnd is where a link's text led walkWay, and the links it followed.
type wayEnd struct {
	end, name, text string
	out             bool
	hops            int
}

// newRootWay is the rootWay of the root real, given as given, caching the
// links it follows (for one scan: they may change between scans).
func newRootWay(real, given string) rootWay {
	return rootWay{real: real, given: given, links: map[string]wayEnd{}}
}

// rel is p, a path inside the root, relative to it.
func (r rootWay) rel(p string) string {
	rel, err := filepath.Rel(r.real, p)
	if err != nil {
		return "."
	}
	return rel
}

// outside reports whether abs, a path under the root that resolved to
// target (or failed with err), leaves the root: EvalSymlinks landed
// outside, or its way goes out other than down the root's own path,
// wherever it ends (a link to ../../alias/x, alias a link outside to the
// root, leaves: whether alias is there is none of the repository's). A
// way with no link on it, or, with realDir (abs's folder is a real one),
// that is the link's own text with no other link on it, needs no walk.
func (r rootWay) outside(abs, target string, err error, realDir bool) bool {
	if err == nil && !within(r.real, target) {
		return true
	}
	if err == nil && (target == abs || realDir && target == lexicalTarget(abs)) {
		return false
	}
	_, _, out := r.leavingLink(abs)
	return out
}

// leavingLink is the link on abs's way that leaves the repository root, as
// the repository wrote it: its path (repository-relative, slash-separated)
// and its text. It follows abs component by component from the real
// root as the kernel would, reading links inside the root only: a ".."
// applies to the folder a link led to, not to the text before it
// ("top/../out" through top, a link to the root, is out of the root's
// parent). A ".." above the root is read by its text: where it comes back
// in ("../repo/cfg"), the walk goes on inside, else the link whose text
// holds it leaves. Nothing outside the root is looked at, so whether a
// path there exists never changes the answer. ok is false when the way
// stays inside, or has more links than the kernel follows.
func (r rootWay) leavingLink(abs string) (name, text string, ok bool) {
	_, name, text, out := r.walkFromRoot(abs)
	return name, text, out && name != ""
}

// walkFromRoot is walkWay over abs, a path under the root, from the
// root; hops counts the links it followed. Nothing for a path elsewhere.
func (r rootWay) walkFromRoot(abs string) (hops int, name, text string, out bool) {
	rel, err := filepath.Rel(r.real, abs)
	if err != nil || !filepath.IsLocal(rel) {
		return 0, "", "", false
	}
	_, name, text, out = r.walkWay(r.real, splitPath(rel), &hops)
	return hops, name, text, out
}

// maxWayLinks is how many links leavingLink follows on one way, as many
// as filepath.EvalSymlinks, which decided that the way leaves.
const maxWayLinks = 255

// walkWay follows parts from cur, a real folder inside the root. It ends
// at the real path they lead to, or reports the link that leaves (name ""
// when a ".." in parts itself climbs out: the caller's link holds it).
func (r rootWay) walkWay(cur string, parts []string, hops *int) (end, name, text string, out bool) {
	for i := 0; i < len(parts); i++ {
		switch p := parts[i]; p {
		case "", ".":
			continue
		case "..":
			if cur != r.real {
				cur = filepath.Dir(cur)
				continue
			}
			rest, ok := r.comesBack(filepath.Dir(r.real), parts[i+1:])
			if !ok {
				return "", "", "", true
			}
			return r.walkWay(r.real, rest, hops)
		}
		next := filepath.Join(cur, parts[i])
		fi, err := os.Lstat(next)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if *hops++; *hops > maxWayLinks {
			return "", "", "", false
		}
		link, err := os.Readlink(next)
		if err != nil {
			return "", "", "", false
		}
		start, way := cur, splitPath(link)
		if filepath.IsAbs(link) {
			rest, ok := r.comesBack(string(filepath.Separator), way)
			if !ok {
				return "", filepath.ToSlash(r.rel(next)), link, true
			}
			start, way = r.real, rest
		}
		var end, name, text string
		var out bool
		if c, ok := r.links[next]; ok {
			end, name, text, out = c.end, c.name, c.text, c.out
			*hops += c.hops
		} else {
			before := *hops
			end, name, text, out = r.walkWay(start, way, hops)
			if r.links != nil && *hops <= maxWayLinks {
				r.links[next] = wayEnd{end, name, text, out, *hops - before}
			}
		}
		if *hops > maxWayLinks {
			return "", "", "", false
		}
		switch {
		case out && name == "":
			return "", filepath.ToSlash(r.rel(next)), link, true
		case out || end == "":
			return "", name, text, out
		}
		cur = end
	}
	return cur, "", "", false
}

// lexicalTarget is where the link abs, in a real folder, leads by its
// text alone: where it resolves when no other link is on its way. ""
// where the text alone cannot say: a ".." after a name ("a/../x") climbs
// out of wherever a leads, which cleaning the text hides.
func lexicalTarget(abs string) string {
	text, err := os.Readlink(abs)
	if err != nil || filepath.IsAbs(text) {
		return text
	}
	named := false
	for _, c := range splitPath(text) {
		switch {
		case c == "..":
			if named {
				return ""
			}
		case c != "" && c != ".":
			named = true
		}
	}
	return filepath.Join(filepath.Dir(abs), text)
}

// linkOnWay reports whether resolving the link abs meets another link:
// one the walk does not see change, where it is not walked (a skipped
// folder's).
func (r rootWay) linkOnWay(abs string) bool {
	hops, _, _, _ := r.walkFromRoot(abs)
	return hops > 1
}

// comesBack follows parts from out, a folder outside the root on the way
// to it, without reading anything out there: a way down the root's own
// path, real or as given (git-sync's /git/current), comes back in, with
// the parts left to follow from the root; any other way leaves. Out there
// nothing is tidied by its text ("p/../x" may go through a link p), so
// whether a path outside exists never decides where a way leads.
func (r rootWay) comesBack(out string, parts []string) ([]string, bool) {
	for i := 0; ; i++ {
		switch {
		case out == r.real || out == r.given:
			return parts[i:], true
		case i == len(parts) || !ancestor(out, r.real) && !ancestor(out, r.given):
			return nil, false
		}
		switch p := parts[i]; p {
		case "", ".":
		case "..":
			if !ancestor(out, r.real) {
				// Down the path given, which may hold links (git-sync's
				// /g/L/repo, L a link to x/y): ".." there is wherever L
				// leads, out of sight.
				return nil, false
			}
			out = filepath.Dir(out) // an ancestor of the real root: a real folder
		default:
			out = filepath.Join(out, p)
		}
	}
}

// ancestor reports whether the folder a holds p, at any depth.
func ancestor(a, p string) bool {
	return a != p && within(a, p)
}

func splitPath(p string) []string {
	return strings.Split(p, string(filepath.Separator))
}

// resolveInside resolves p, a repository path, following links that stay
// inside the root, absolute ones included, as inputs are read; a way that
// leaves is validate.ErrEscapesRoot, whatever is out there.
func (r rootWay) resolveInside(p string) (string, error) {
	abs := filepath.Join(r.real, filepath.FromSlash(p))
	target, err := filepath.EvalSymlinks(abs)
	if r.outside(abs, target, err, false) {
		return "", validate.ErrEscapesRoot
	}
	return target, err
}

// stat stats the repository path p through root, which confines it, or,
// where root refuses a way that stays inside (an absolute link, one out
// and back), by resolveInside: the scanner's tools and the overlay's tree
// must agree on what a link leads to.
func (r rootWay) stat(root *os.Root, p string) (fs.FileInfo, error) {
	fi, err := root.Stat(filepath.FromSlash(p))
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return fi, err
	}
	target, err := r.resolveInside(p)
	if err != nil {
		return nil, err
	}
	return os.Stat(target)
}
