package store

import (
	"iter"
	"maps"
	"path/filepath"
)

// watchSet is the directories holding a watch, by path, indexed by parent
// folder: a folder renamed away takes the watches below it along, and
// finding them must visit its subtree only. Looking at every watch for
// each folder moved made renaming 10,000 watched folders one by one (mv,
// not git checkout) take 2 s.
//
// The index holds every folder on the way to a watched directory, watched
// or not: a skipped folder (node_modules/) is not watched, while the folder
// of an input linked from inside it is, and renaming node_modules away
// takes that watch along too.
type watchSet struct {
	has map[string]bool
	// kids are, for each folder, those of its entries that are watched or
	// on the way to one, as paths. A folder is in kids only while it has
	// some, and then it is itself an entry of its parent's, up to the root.
	kids map[string]map[string]bool
}

func newWatchSet() *watchSet {
	return &watchSet{has: map[string]bool{}, kids: map[string]map[string]bool{}}
}

// contains reports whether dir holds a watch.
func (s *watchSet) contains(dir string) bool { return s.has[dir] }

// len is the number of watches.
func (s *watchSet) len() int { return len(s.has) }

// all yields the watched directories, in no order. Removing the one
// yielded, or any, is allowed.
func (s *watchSet) all() iter.Seq[string] { return maps.Keys(s.has) }

// add records a watch on dir, linking it into its parent's entries and each
// missing folder above it into its own parent's, until one already linked.
func (s *watchSet) add(dir string) {
	if s.has[dir] {
		return
	}
	linked := s.linked(dir)
	s.has[dir] = true
	for d := dir; !linked; d = filepath.Dir(d) {
		parent := filepath.Dir(d)
		if parent == d {
			return // the root
		}
		linked = s.linked(parent)
		if s.kids[parent] == nil {
			s.kids[parent] = map[string]bool{}
		}
		s.kids[parent][d] = true
	}
}

// linked reports whether dir is an entry of its parent's already.
func (s *watchSet) linked(dir string) bool { return s.has[dir] || len(s.kids[dir]) > 0 }

// remove drops the watch on dir alone, unlinking the folders on the way to
// it that lead to no other watch.
func (s *watchSet) remove(dir string) {
	if !s.has[dir] {
		return
	}
	delete(s.has, dir)
	s.unlink(dir)
}

// unlink takes dir, which holds no watch, out of its parent's entries
// unless a watch is below it, and so on upwards.
func (s *watchSet) unlink(dir string) {
	for d := dir; !s.linked(d); d = filepath.Dir(d) {
		parent := filepath.Dir(d)
		if parent == d {
			return
		}
		delete(s.kids[parent], d)
		if len(s.kids[parent]) == 0 {
			delete(s.kids, parent)
		}
	}
}

// removeBelow drops the watches strictly below dir and returns them,
// visiting only dir's subtree.
func (s *watchSet) removeBelow(dir string) []string {
	var gone []string
	stack := []string{dir}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for k := range s.kids[d] {
			if s.has[k] {
				gone = append(gone, k)
				delete(s.has, k)
			}
			stack = append(stack, k)
		}
		delete(s.kids, d)
	}
	s.unlink(dir)
	return gone
}
