package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// misplacedLinkTexts returns the files a capability-misplaced warning says
// are a link's text checked out as a file.
func misplacedLinkTexts(snap *store.Snapshot) []string {
	var files []string
	for _, d := range snap.Diagnostics {
		if d.Rule == "capability-misplaced" && strings.Contains(d.Message, "as a symbolic link checked out as a file does") {
			files = append(files, d.File)
		}
	}
	return files
}

// TestWatcherFollowsLinkTextAcrossSizeBoundCR33 pins that the watcher
// rebuilds when a dotless file of the capabilities folder shrinks under
// validate.MaxLinkText to a link's text, and grows past it again, with
// inotify and under --poll: e9a4501 no longer reads a larger file, and the
// file must still count as read (Input.Read) for a write to it to matter.
func TestWatcherFollowsLinkTextAcrossSizeBoundCR33(t *testing.T) {
	for _, poll := range []time.Duration{0, 30 * time.Millisecond} {
		t.Run("poll="+poll.String(), func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			p := filepath.Join(repo, "capabilities/mirror")
			big := []byte(strings.Repeat("x", 4*validate.MaxLinkText))
			writeTestFile(t, p, big)
			w, _ := startWatcher(t, repo, store.WatchOptions{Poll: poll, Debounce: 20 * time.Millisecond})
			if got := misplacedLinkTexts(w.Current()); len(got) != 0 {
				t.Fatalf("a 4 KiB file warned of as a link's text: %v", got)
			}
			if err := os.WriteFile(p, []byte("../shared/mirror"), 0o644); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the warning once the file holds a link's text", func() bool {
				return len(misplacedLinkTexts(w.Current())) == 1
			})
			if err := os.WriteFile(p, big, 0o644); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "no warning once the file is large again", func() bool {
				return len(misplacedLinkTexts(w.Current())) == 0
			})
		})
	}
}
