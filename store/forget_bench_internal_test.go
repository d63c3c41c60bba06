package store

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/fsnotify/fsnotify"
)

// BenchmarkForgetRenamed2k: each folder renamed away is one event that
// releases the watches of its subtree. Renaming each of 2,000 watched
// capability folders (mv, not git checkout) is 2,000 such events over
// 4,000 watches; the 10k variant shows how the cost grows with them.
//
//	go test ./store -run XXX -bench ForgetRenamed
func BenchmarkForgetRenamed2k(b *testing.B) { benchForgetRenamed(b, 2_000) }

// BenchmarkForgetRenamed10k: as BenchmarkForgetRenamed2k, five times the
// folders: linear costs five times as much, quadratic 25 times.
func BenchmarkForgetRenamed10k(b *testing.B) { benchForgetRenamed(b, 10_000) }

func benchForgetRenamed(b *testing.B, folders int) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		b.Skip(err)
	}
	defer fw.Close()
	root := b.TempDir()
	var dirs []string
	for i := range folders {
		dirs = append(dirs, filepath.Join(root, "capabilities", fmt.Sprintf("cap-%05d", i)))
	}
	for b.Loop() {
		b.StopTimer()
		n := &fsNotifier{fw: fw, watched: newWatchSet()}
		for _, f := range dirs {
			n.watched.add(f)
			n.watched.add(filepath.Join(f, "loop"))
		}
		b.StartTimer()
		for _, f := range dirs {
			n.forget(f, true)
		}
	}
}
