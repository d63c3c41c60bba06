package store

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWatchSetRemoveBelow: a folder renamed away releases exactly the
// watches below it, through folders that hold none (a skipped
// node_modules/), and not those of a sibling whose name it begins
// (cap-1, cap-10), of itself or of its parent.
func TestWatchSetRemoveBelow(t *testing.T) {
	tests := []struct {
		name    string
		watched []string
		below   string
		gone    []string
		left    []string
	}{
		{
			name:    "sibling sharing a prefix",
			watched: []string{"/r/cap-1", "/r/cap-1/loop", "/r/cap-10", "/r/cap-10/loop", "/r/cap-1.old"},
			below:   "/r/cap-1",
			gone:    []string{"/r/cap-1/loop"},
			left:    []string{"/r/cap-1", "/r/cap-1.old", "/r/cap-10", "/r/cap-10/loop"},
		},
		{
			name:    "through a folder without a watch",
			watched: []string{"/r", "/r/node_modules/@gsd/core/config", "/r/node_modules/x", "/r/vendor"},
			below:   "/r",
			gone:    []string{"/r/node_modules/@gsd/core/config", "/r/node_modules/x", "/r/vendor"},
			left:    []string{"/r"},
		},
		{
			name:    "the folder itself unwatched",
			watched: []string{"/r", "/r/a/b/c", "/r/a/d", "/r/ab"},
			below:   "/r/a",
			gone:    []string{"/r/a/b/c", "/r/a/d"},
			left:    []string{"/r", "/r/ab"},
		},
		{
			name:    "nothing below",
			watched: []string{"/r", "/r/a"},
			below:   "/r/a",
			left:    []string{"/r", "/r/a"},
		},
		{
			name:    "a folder not in the set",
			watched: []string{"/r/a"},
			below:   "/s",
			left:    []string{"/r/a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newWatchSet()
			for _, d := range tt.watched {
				s.add(d)
			}
			if gone := slices.Sorted(slices.Values(s.removeBelow(tt.below))); !slices.Equal(gone, tt.gone) {
				t.Errorf("removeBelow(%s) = %q, want %q", tt.below, gone, tt.gone)
			}
			if left := slices.Sorted(s.all()); !slices.Equal(left, tt.left) {
				t.Errorf("left %q, want %q", left, tt.left)
			}
			checkWatchIndex(t, s)
		})
	}
}

// TestWatchSetModel: random adds, removals and subtree removals over a small
// tree agree with a plain set whose subtree is found by path prefix, the
// index never keeps a folder leading to no watch (which would grow with
// every folder ever renamed), and emptying the set empties the index.
func TestWatchSetModel(t *testing.T) {
	var universe []string
	for _, a := range []string{"a", "ab", "a.b"} {
		universe = append(universe, "/r/"+a)
		for _, b := range []string{"b", "bc"} {
			universe = append(universe, "/r/"+a+"/"+b, "/r/"+a+"/"+b+"/c")
		}
	}
	universe = append(universe, "/r", "/", "/s")
	for seed := range uint64(20) {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 1))
			s, model := newWatchSet(), map[string]bool{}
			for range 500 {
				d := universe[rng.IntN(len(universe))]
				switch rng.IntN(3) {
				case 0:
					s.add(d)
					model[d] = true
				case 1:
					s.remove(d)
					delete(model, d)
				default:
					var want []string
					for m := range model {
						if m != d && strings.HasPrefix(m, strings.TrimSuffix(d, "/")+"/") { // "/" is the root's own prefix
							want = append(want, m)
							delete(model, m)
						}
					}
					slices.Sort(want)
					if got := slices.Sorted(slices.Values(s.removeBelow(d))); !slices.Equal(got, want) {
						t.Fatalf("removeBelow(%s) = %q, want %q", d, got, want)
					}
				}
				for _, u := range universe {
					if s.contains(u) != model[u] {
						t.Fatalf("after an operation on %s: contains(%s) = %v, want %v", d, u, s.contains(u), model[u])
					}
				}
				if s.len() != len(model) {
					t.Fatalf("len %d, want %d", s.len(), len(model))
				}
				checkWatchIndex(t, s)
			}
			for _, u := range universe {
				s.remove(u)
			}
			if len(s.kids) != 0 {
				t.Errorf("empty set, index left %v", s.kids)
			}
		})
	}
}

// checkWatchIndex checks the index: each folder in it leads to a watch, and
// each watch and folder in it is an entry of its parent's.
func checkWatchIndex(t *testing.T, s *watchSet) {
	t.Helper()
	for dir, kids := range s.kids {
		if len(kids) == 0 {
			t.Errorf("%s is in the index with no entries", dir)
		}
		for k := range kids {
			if filepath.Dir(k) != dir || !s.linked(k) {
				t.Errorf("%s is an entry of %s but leads to no watch there", k, dir)
			}
		}
	}
	for d := range s.has {
		for p := d; filepath.Dir(p) != p; p = filepath.Dir(p) {
			if !s.kids[filepath.Dir(p)][p] {
				t.Errorf("watch %s: %s is not an entry of %s", d, p, filepath.Dir(p))
			}
		}
	}
}
