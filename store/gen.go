package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/capreg/capreg/validate"
)

// ArtifactNames are the generated files, in the order gen reports them.
// WriteArtifacts and CheckArtifacts read it as it is: treat it as read-only.
var ArtifactNames = []string{RegistryFile, ContractFile, ToolIndexFile}

// ErrNotOK is the error, matched with errors.Is, of WriteArtifacts and
// CheckArtifacts for a snapshot that did not pass the gate (see
// Snapshot.OK), or none (nil): it has no artifacts to write or compare.
// Its Diagnostics say why.
var ErrNotOK = errors.New("repository has errors")

// errNoSnapshot is ErrNotOK for a nil snapshot.
var errNoSnapshot = fmt.Errorf("no snapshot (nil), nothing was built: %w", ErrNotOK)

// Written is an artifact WriteArtifacts wrote, or left as it was.
type Written struct {
	File string
	// UpToDate says the file held the artifact's bytes already (carriage
	// returns aside, as CheckArtifacts compares) and was not rewritten: a
	// new file at each run changed its mtime for nothing, which make, file
	// watchers and backups take for a change.
	UpToDate bool
}

// WriteArtifacts writes the snapshot's artifacts into dir ("" is the working
// directory, as for CheckArtifacts), creating it, but those whose file holds
// their bytes already, carriage returns aside, as CheckArtifacts compares
// them; an artifact is written without them, as a checkout with LF line ends
// generates it. Each file is written to a temporary name, synced and
// renamed, so a reader never sees a half-written artifact; once ctx ends (an
// interrupt) no more are written, and the temporary file of one being
// written is removed. A nil snapshot (a Watcher's before its first valid
// build) or one that did not pass is an error, and nothing is written.
func WriteArtifacts(ctx context.Context, dir string, snap *Snapshot) ([]Written, error) {
	if snap == nil {
		return nil, errNoSnapshot
	}
	if !snap.OK() {
		return nil, fmt.Errorf("%w; nothing written", ErrNotOK)
	}
	if dir == "" {
		dir = "." // MkdirAll("") fails: "mkdir : no such file or directory"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// A folder at an artifact's name cannot be renamed over: found only
	// then, the artifacts before it would be written and those after not.
	for _, name := range ArtifactNames {
		p := filepath.Join(dir, name)
		if fi, err := os.Lstat(p); err == nil && fi.IsDir() {
			return nil, fmt.Errorf("%s is a directory; remove it, so that the artifact can be written there", p)
		}
	}
	var done []Written
	for _, name := range ArtifactNames {
		if err := ctx.Err(); err != nil {
			return done, err
		}
		p := filepath.Join(dir, name)
		// The snapshot's artifacts are as an LF checkout generates them
		// (build writes the fragments inlined from files with "\n"): on a
		// CRLF checkout (git's autocrlf) the registry inlined each
		// fragment with "\r\n", and one real change rewrote them all,
		// which the next gen --write on LF changed back.
		data := snap.Artifact(name)
		// Read as gen --check reads it: a link there is replaced, not
		// read through, nor kept for pointing at the same bytes. And
		// compared as it compares: a file gen --check calls up to date
		// (a CRLF checkout of LF artifacts) is kept, not rewritten with
		// LF, which "git diff --exit-code" after gen --write took for a
		// change.
		if old, err := readCommitted(p, committedLimit(data)); err == nil && sameArtifact(ctx, withoutCR(old), snap, name) {
			done = append(done, Written{File: p, UpToDate: true})
			continue
		}
		if err := writeAtomic(ctx, p, data); err != nil {
			return done, err
		}
		done = append(done, Written{File: p})
	}
	if slices.ContainsFunc(done, func(w Written) bool { return !w.UpToDate }) {
		if err := syncDir(dir); err != nil {
			return done, fmt.Errorf("artifacts written, but %s not synced to disk: %w", dir, err)
		}
	}
	return done, nil
}

// syncDir syncs the folder dir, so that the renames of writeAtomic into
// it reach the disk: a crash soon after gen --write could otherwise leave
// the old artifacts, or none, although each file's data was synced. Not on
// Windows: a folder opened for reading cannot be flushed there
// (FlushFileBuffers needs write access: "Access is denied", and gen
// --write failed after writing), and NTFS journals the renames.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(asDir(dir))
	if err = dirError(err); err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

// writeAtomic writes data to a new temporary file beside p, syncs it (a
// rename that reaches the disk before the data would leave an empty
// artifact after a crash) and renames it to p. The temporary file is
// created afresh (never a link or file already lying at a fixed name, which
// would be written through) and removed when any step fails, or when ctx
// has ended before the rename: an interrupt leaves p as it was and no
// temporary file beside it.
func writeAtomic(ctx context.Context, p string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(p), filepath.Base(p)+".*.tmp")
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// Named as the artifact: the temporary file's random name is
		// nothing the user asked for or can find.
		return &fs.PathError{Op: "write", Path: p, Err: pe.Err}
	}
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	err = errors.Join(err, f.Chmod(0o644), f.Sync(), f.Close())
	if err == nil {
		err = ctx.Err()
	}
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
	Diff    string // unified diff, committed → generated; "" for a UTF-16 file
	// Note says what the diff cannot show: a committed file that starts
	// with a UTF-8 byte order mark (its first line differs by bytes no
	// one sees) or is UTF-16 (its diff would be every byte, NULs and all),
	// and the lines of the diff that differ only by white space at their
	// end, by the file's final newline, or inside by a character that
	// prints alike or as nothing (invisibles).
	Note string
}

// CheckArtifacts compares the committed artifacts in dir ("" is the working
// directory) with freshly generated ones, ignoring carriage returns (Windows
// autocrlf checkouts): the files' line ends, and the "\r\n" a registry
// generated on a CRLF checkout holds in the fragments it inlined from files
// (gsd-core generated it so there). A "\r\n" a declaration writes is its
// data, and counts. It stops between files once ctx ends (a committed
// registry of megabytes takes a while to read and diff) and returns the
// drifts found so far with ctx's error. A nil snapshot, or one that did not
// pass, is an error.
func CheckArtifacts(ctx context.Context, dir string, snap *Snapshot) ([]Drift, error) {
	if snap == nil {
		return nil, errNoSnapshot
	}
	if !snap.OK() {
		return nil, fmt.Errorf("%w; nothing to compare", ErrNotOK)
	}
	var drifts []Drift
	for _, name := range ArtifactNames {
		if err := ctx.Err(); err != nil {
			return drifts, err
		}
		p := filepath.Join(dir, name)
		want := snap.Artifact(name)
		committed, err := readCommitted(p, committedLimit(want))
		if errors.Is(err, fs.ErrNotExist) {
			drifts = append(drifts, Drift{File: p, Missing: true})
			continue
		}
		if tooLarge, ok := errors.AsType[*overLimitError](err); ok {
			drifts = append(drifts, Drift{File: p, Note: fmt.Sprintf("the committed file is %d bytes, over four times the %d generated: not compared line by line", tooLarge.size, len(want))})
			continue
		}
		if err != nil {
			return drifts, err
		}
		got := withoutCR(committed)
		if sameArtifact(ctx, got, snap, name) {
			continue
		}
		note, utf16 := encodingNote(committed)
		if utf16 {
			drifts = append(drifts, Drift{File: p, Note: note})
			continue
		}
		if lines, generated := bytes.Count(got, []byte{'\n'}), bytes.Count(want, []byte{'\n'}); lines > 4*generated+1024 {
			// Each line costs the diff tens of bytes: 40 MB of newlines
			// took 4.7 GB.
			drifts = append(drifts, Drift{File: p, Note: fmt.Sprintf("the committed file has %d lines, over four times the %d generated: not compared line by line", lines, generated)})
			continue
		}
		diff, unseen := artifactDiff(p, committed, got, want)
		if unseen != "" {
			note = strings.TrimPrefix(note+"; "+unseen, "; ")
		}
		drifts = append(drifts, Drift{File: p, Diff: diff, Note: note})
	}
	return drifts, nil
}

// artifactDiff is the unified diff from the committed artifact at p (its
// bytes, and got, the same without carriage returns) to want, the one
// generated. Lines are compared without their carriage returns, as
// CheckArtifacts compares files, but the committed lines (context and
// removed) are printed as the file holds them, so that patch -p0 applies
// the diff to a CRLF checkout (git autocrlf) as to an LF one, and the
// added lines end as most of the committed file's lines do, so a patched
// CRLF file stays CRLF. A file whose carriage returns are not all within
// lines (one ending in "\n\r") is printed as compared, without them.
// unseen names the replaced lines that look like those replacing them
// (invisibles), "" for none.
func artifactDiff(p string, committed, got, want []byte) (diff, unseen string) {
	a, b := diffLines(string(got)), diffLines(string(want))
	shownA, shownB := a, b
	var u invisibles
	if len(got) == len(committed) {
		return unifiedDiffShown(p+" (committed)", p+" (generated)", a, b, a, b, u.replaced), u.note() // no carriage return
	}
	if lines := diffLines(string(committed)); len(lines) == len(a) {
		shownA = lines
		if crlf := bytes.Count(committed, []byte("\r\n")); crlf > bytes.Count(committed, []byte{'\n'})-crlf {
			shownB = make([]string, len(b))
			for i, line := range b {
				shownB[i] = withCRLF(line)
			}
		}
	}
	return unifiedDiffShown(p+" (committed)", p+" (generated)", a, b, shownA, shownB, u.replaced), u.note()
}

// withCRLF is a line of diffLines ended by "\r\n" rather than "\n"; the
// marker of a last line without a newline is left as it is.
func withCRLF(line string) string {
	if strings.HasSuffix(line, noNewline) {
		return line // the line has no end to change
	}
	if body, ok := strings.CutSuffix(line, "\n"); ok {
		return body + "\r\n"
	}
	return line
}

// encodingNote is Drift.Note for a committed artifact's bytes, and
// whether they are UTF-16, which no line diff can show.
func encodingNote(committed []byte) (string, bool) {
	if why, ok := validate.UTF16(committed); ok {
		return "the committed file is UTF-16 (" + why + "); generated artifacts are UTF-8", true
	}
	if bytes.HasPrefix(committed, []byte("\xef\xbb\xbf")) {
		return "the committed file starts with a UTF-8 byte order mark, which generated artifacts have not", false
	}
	return "", false
}

// withoutCR is a JSON artifact without its carriage returns, the line
// ends of a checkout git wrote with CRLF: JSON holds none in a string,
// where a "\r" is written as an escape.
func withoutCR(b []byte) []byte {
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	return bytes.ReplaceAll(b, []byte{'\r'}, nil)
}

// sameArtifact reports whether committed, a committed artifact without
// its carriage returns (withoutCR), is the snapshot's artifact name: as
// generated, or, for the registry, with the fragments read from files
// inlined with "\r\n", as a checkout git wrote with CRLF inlined them
// (gsd-core, and capreg before, generated it so there): a Windows
// contributor saw drift in every inlined fragment. A "\r\n" a
// declaration writes is its data either way, and its change drift.
func sameArtifact(ctx context.Context, committed []byte, snap *Snapshot, name string) bool {
	if bytes.Equal(committed, snap.Artifact(name)) {
		return true
	}
	if name != RegistryFile || snap.Registry == nil || !bytes.Contains(committed, []byte(`\r\n`)) {
		return false
	}
	crlf, err := registryCRLF(ctx, snap.Registry)
	return err == nil && bytes.Equal(committed, crlf)
}

// committedLimit bounds the committed artifact read to compare with
// generated, the bytes generated: four times as many, and a megabyte. A
// file far larger differs, whatever it holds, and reading and diffing it
// would cost its size many times over (a pull request could commit a
// gigabyte to exhaust a CI job's memory).
func committedLimit(generated []byte) int64 {
	return 4*int64(len(generated)) + 1<<20
}

// overLimitError is readCommitted's error for a file over its limit.
type overLimitError struct {
	path        string
	size, limit int64
}

func (e *overLimitError) Error() string {
	return fmt.Sprintf("%s: %d bytes, over the %d read to compare", e.path, e.size, e.limit)
}

// readCommitted reads a committed artifact, which the repository under check
// provides, as the scan reads inputs (CONTRACT.md §1): only a regular file,
// never through a link, a FIFO or a device, and not without limit. A link
// at the artifact's name would have its target printed in the diff, whatever
// it is (a secret beside the checkout, /proc/self/environ with a CI job's
// tokens), and /dev/zero or a FIFO would exhaust memory or hang.
func readCommitted(p string, limit int64) ([]byte, error) {
	before, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if before.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s: is a symlink, not a regular file; the committed artifact must be one", p)
	}
	if before.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a regular file; the committed artifact must be one", p)
	}
	if !before.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", p, validate.ErrNotRegular)
	}
	// Non-blocking, and checked to be what Lstat saw: a FIFO or link swapped
	// in meanwhile is neither waited for nor read.
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !os.SameFile(before, st):
		return nil, fmt.Errorf("%s: replaced while it was read; run the check again", p)
	case st.Size() > limit:
		return nil, &overLimitError{p, st.Size(), limit}
	}
	return io.ReadAll(io.LimitReader(f, limit))
}

// noNewline is diff -u's line after a last line without a newline.
const noNewline = "\\ No newline at end of file\n"

// diffLines splits s into the lines of a unified diff, each with its
// newline: a last line without one is marked as diff -u marks it, so the
// diff says what differs and patch applies it (a file whose only fault is
// a missing final newline), and an empty file has no line.
func diffLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	last := len(lines) - 1
	if lines[last] == "" {
		return lines[:last]
	}
	lines[last] += "\n" + noNewline
	return lines
}
