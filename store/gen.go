package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// ArtifactNames are the generated files, in the order gen reports them.
var ArtifactNames = []string{RegistryFile, ContractFile, ToolIndexFile}

// WriteArtifacts writes the snapshot's artifacts into dir, creating it. Each
// file is written to a temporary name and renamed, so a reader never sees a
// half-written artifact.
func WriteArtifacts(dir string, snap *Snapshot) ([]string, error) {
	if !snap.OK() {
		return nil, errors.New("repository has errors; nothing written")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for _, name := range ArtifactNames {
		p := filepath.Join(dir, name)
		if err := writeAtomic(p, snap.Artifacts[name]); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, nil
}

// writeAtomic writes data to a new temporary file beside p and renames it to
// p. The temporary file is created afresh (never a link or file already
// lying at a fixed name, which would be written through) and removed when
// any step fails.
func writeAtomic(p string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(p), filepath.Base(p)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	err = errors.Join(err, f.Chmod(0o644), f.Close())
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Drift is one artifact whose committed copy differs from what the
// repository generates.
type Drift struct {
	File    string // path of the committed artifact
	Missing bool
	Diff    string // unified diff, committed → generated
}

// CheckArtifacts compares the committed artifacts in dir with freshly
// generated ones, ignoring carriage returns (Windows autocrlf checkouts).
func CheckArtifacts(dir string, snap *Snapshot) ([]Drift, error) {
	if !snap.OK() {
		return nil, errors.New("repository has errors; nothing to compare")
	}
	var drifts []Drift
	for _, name := range ArtifactNames {
		p := filepath.Join(dir, name)
		committed, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			drifts = append(drifts, Drift{File: p, Missing: true})
			continue
		}
		if err != nil {
			return drifts, err
		}
		want := snap.Artifacts[name]
		got := bytes.ReplaceAll(committed, []byte("\r"), nil)
		if bytes.Equal(got, want) {
			continue
		}
		diff, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A: diffLines(string(got)), B: diffLines(string(want)),
			FromFile: p + " (committed)", ToFile: p + " (generated)", Context: 3,
		})
		if err != nil {
			return drifts, fmt.Errorf("diff %s: %w", p, err)
		}
		drifts = append(drifts, Drift{File: p, Diff: diff})
	}
	return drifts, nil
}

// diffLines splits s into the lines of a unified diff. difflib.SplitLines
// adds a newline to the last line, and so an empty line after a file that
// ends with one: a file whose only fault is a missing final newline would
// diff as a blank line to add, an empty file as one line. A last line
// without a newline is marked as diff -u marks it instead, so the diff says
// what differs and patch applies it.
func diffLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	last := len(lines) - 1
	if lines[last] == "" {
		return lines[:last]
	}
	lines[last] += "\n\\ No newline at end of file\n"
	return lines
}
