package store

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/capreg/capreg/validate"
)

// maxRewrittenChecks bounds the files rewritten reads again after a
// failed build: a change breaking thousands of files is judged by its
// first few.
const maxRewrittenChecks = 16

// A file read empty is the middle of a save that truncates and then
// writes (an editor saving in place, a generator, a shell's >) when it
// was modified lately: at most emptyLately before the scan began, or
// during it. rewritten waits up to emptyWait for such a file to be
// written, rather than reporting a failed rebuild that the write mends a
// moment later (a soak of 3,000 capabilities saw 24 to 55 such failed
// rebuilds an hour, saves holding a file empty up to 0.4 s; soak5, with
// the wait, none). One emptied longer ago fails at once, one left empty
// after emptyWait.
const (
	emptyLately = 2 * time.Second
	emptyWait   = time.Second
	emptyPoll   = 50 * time.Millisecond
)

// rewritten is the input files a failed build's errors are about whose
// bytes on disk now differ from those its scan read: written while the
// scan read them (an editor saving in place, a checkout, a generator
// writing a card), so that the build judged half a change, which the
// next scan reads whole. A file broken and left so reads the same, and is
// not among them. One the scan read empty and that was modified after
// since (the scan's start less emptyLately: a scan of thousands of files
// may take longer than that) is waited for, up to wait, unless ctx ends.
// It reads at most maxRewrittenChecks files, each read whole once more;
// none for a build that passed.
func rewritten(ctx context.Context, snap *Snapshot, since time.Time, wait time.Duration) []string {
	if snap == nil || snap.OK() || snap.Sources == nil || snap.Root == "" {
		return nil
	}
	root, err := os.OpenRoot(snap.Root)
	if err != nil {
		return nil
	}
	defer root.Close()
	about := map[string]bool{}
	var files []string // the files errors are about, in their order
	for _, d := range snap.Diagnostics {
		if d.Severity == validate.Error && d.File != "" && !about[d.File] {
			about[d.File] = true
			files = append(files, d.File)
		}
	}
	read := inputsAmong(snap.Sources, about)
	var out, empty []string
	checked := 0
	for _, p := range files {
		f, ok := read[p]
		if !ok {
			continue
		}
		if checked++; checked > maxRewrittenChecks {
			break
		}
		now, err := readAgain(root, filepath.FromSlash(p))
		switch {
		case err != nil || !bytes.Equal(now, f.Data):
			out = append(out, p)
		case len(now) == 0 && modifiedAfter(root, p, since):
			empty = append(empty, p)
		}
	}
	if len(out) > 0 || len(empty) == 0 {
		return out
	}
	return filledWithin(ctx, root, empty, wait)
}

// modifiedAfter reports whether the file at p in root was modified after
// t (a file dated in the future, by a clock ahead, was).
func modifiedAfter(root *os.Root, p string, t time.Time) bool {
	fi, err := root.Stat(filepath.FromSlash(p))
	return err == nil && fi.ModTime().After(t)
}

// filledWithin looks at paths, files in root read empty, every emptyPoll
// until one of them is empty no longer (or gone), for at most wait or
// until ctx ends, and returns those that are.
func filledWithin(ctx context.Context, root *os.Root, paths []string, wait time.Duration) []string {
	tick := time.NewTicker(emptyPoll)
	defer tick.Stop()
	deadline := time.After(wait)
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-deadline:
			return nil
		case <-tick.C:
		}
		var filled []string
		for _, p := range paths {
			if fi, err := root.Stat(filepath.FromSlash(p)); err != nil || fi.Size() != 0 {
				filled = append(filled, p)
			}
		}
		if len(filled) > 0 {
			return filled
		}
	}
}

// inputsAmong are the files of src read whole whose paths are among
// paths, by path.
func inputsAmong(src *validate.Sources, paths map[string]bool) map[string]validate.File {
	read := map[string]validate.File{}
	add := func(f *validate.File) {
		if f != nil && f.Err == nil && paths[f.Path] {
			read[f.Path] = *f
		}
	}
	add(src.RepoConfig)
	add(src.ConfigSchema)
	for i := range src.Capabilities {
		add(&src.Capabilities[i].Manifest)
		for _, f := range src.Capabilities[i].Files {
			add(&f)
		}
	}
	for i := range src.Workflows {
		add(&src.Workflows[i])
	}
	for i := range src.Cards {
		add(&src.Cards[i].File)
	}
	return read
}

// readAgain reads the regular file at rel in root as the scan did
// (readOpened): within the repository (a link swapped in since cannot
// lead out), opened without blocking, so that a FIFO put in its place
// meanwhile is not waited for.
func readAgain(root *os.Root, rel string) ([]byte, error) {
	fh, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	return readOpened(fh, validate.MaxFileSize)
}
