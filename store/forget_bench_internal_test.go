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
// 4,000 watches, each of which looks at every watch: quadratic, so kept
// cheap per watch (10,000 folders took 13.9 s when each look allocated).
//
//	go test ./store -run XXX -bench ForgetRenamed2k
func BenchmarkForgetRenamed2k(b *testing.B) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		b.Skip(err)
	}
	defer fw.Close()
	root := b.TempDir()
	var folders []string
	for i := range 2_000 {
		folders = append(folders, filepath.Join(root, "capabilities", fmt.Sprintf("cap-%05d", i)))
	}
	for b.Loop() {
		b.StopTimer()
		n := &fsNotifier{fw: fw, watched: map[string]bool{}}
		for _, f := range folders {
			n.watched[f] = true
			n.watched[filepath.Join(f, "loop")] = true
		}
		b.StartTimer()
		for _, f := range folders {
			n.forget(f, true)
		}
	}
}
