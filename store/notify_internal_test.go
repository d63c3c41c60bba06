package store

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteMattersWhileAScanRuns: a write to a file the last scan did not
// read (a fragment a declaration just began to name) is no change between
// scans, but is one while a scan runs: that scan may read the file for the
// first time before the write, and the write's event may be read only
// once the scan has ended. Dropped, the file was served as the scan read
// it (empty, half written) until something else changed.
func TestWriteMattersWhileAScanRuns(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, "notes.txt") // no input's name: read only when named
	if err := os.WriteFile(f, []byte("draft\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := openFSNotifier(NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: dir}}}))
	if err != nil {
		t.Skipf("no inotify: %v", err)
	}
	defer n.close()
	steps := []struct {
		name string
		do   func()
		want bool
	}{
		{"after a scan that did not read it", func() { n.sync(dir, []string{dir}, nil, nil) }, false},
		{"while a scan runs", n.prepare, true},
		{"after the scan that read it", func() { n.sync(dir, []string{dir}, nil, []string{f}) }, true},
		{"after a scan that no longer read it", func() { n.prepare(); n.sync(dir, []string{dir}, nil, nil) }, false},
	}
	for _, s := range steps {
		s.do()
		if got := n.writeMatters(f); got != s.want {
			t.Errorf("%s: a write to %s matters = %v, want %v", s.name, filepath.Base(f), got, s.want)
		}
	}
}
