package store

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"

	"github.com/capreg/capreg/validate"
)

// maxRewrittenChecks bounds the files rewritten reads again after a
// failed build: a change breaking thousands of files is judged by its
// first few.
const maxRewrittenChecks = 16

// rewritten is the input files a failed build's errors are about whose
// bytes on disk now differ from those its scan read: written while the
// scan read them (an editor saving in place, a checkout, a generator
// writing a card), so that the build judged half a change, which the
// next scan reads whole. A file broken and left so reads the same, and is
// not among them. It reads at most maxRewrittenChecks files, each read
// whole once more; none for a build that passed.
func rewritten(snap *Snapshot) []string {
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
	var out []string
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
		if err != nil || !bytes.Equal(now, f.Data) {
			out = append(out, p)
		}
	}
	return out
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
