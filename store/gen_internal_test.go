package store

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestWriteAtomicInterrupted: a write whose context has ended (an interrupt
// reached gen --write) leaves the artifact as it was and no temporary file
// beside it, whether the artifact existed or not.
func TestWriteAtomicInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		old  []byte // nil: no file there
	}{{"new", nil}, {"existing", []byte("old\n")}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, RegistryFile)
			if tc.old != nil {
				if err := os.WriteFile(p, tc.old, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := writeAtomic(ctx, p, []byte("new\n")); !errors.Is(err, context.Canceled) {
				t.Errorf("writeAtomic = %v, want %v", err, context.Canceled)
			}
			data, err := os.ReadFile(p)
			switch {
			case tc.old == nil && !errors.Is(err, os.ErrNotExist):
				t.Errorf("%s = %q, %v; want no file", p, data, err)
			case tc.old != nil && string(data) != string(tc.old):
				t.Errorf("%s = %q, %v; want %q", p, data, err, tc.old)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if tc.old != nil {
				want = 1
			}
			if len(entries) != want {
				t.Errorf("%s holds %v, want only the artifact it held", dir, entries)
			}
		})
	}
}

// TestWriteAtomicNamesTheArtifact: a temporary file that cannot be made (a
// read-only or missing folder) is reported as the artifact that could not
// be written, the cause kept for errors.Is. It named the temporary file,
// "capability-registry.json.3205719731.tmp", which no one asked for.
func TestWriteAtomicNamesTheArtifact(t *testing.T) {
	p := filepath.Join(t.TempDir(), "missing", RegistryFile)
	err := writeAtomic(context.Background(), p, []byte("new\n"))
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != p || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("writeAtomic = %v, want a path error on %s that is fs.ErrNotExist", err, p)
	}
}

// genSnapshot is a snapshot that passed (OK needs only a registry) with
// artifacts of known bytes, so that the tests below compare files with
// them rather than with a build's output.
func genSnapshot() *Snapshot {
	return &Snapshot{Registry: &Registry{}, Artifacts: map[string][]byte{
		RegistryFile:  []byte("{\n  \"version\": \"1\"\n}\n"),
		ContractFile:  []byte("[]\n"),
		ToolIndexFile: []byte("{\n  \"tools\": []\n}\n"),
	}}
}

// TestWriteArtifacts pins what gen --write does to a folder: it creates
// a missing one and writes each artifact there, in ArtifactNames order; it
// leaves a file that holds the artifact already (carriage returns aside)
// as it was, the same file not rewritten, and reports it up to date; it
// rewrites a file that differs; and it writes nothing when a folder sits
// at any artifact's name. Without these, gen --write touched files for
// nothing (make and watchers saw changes) or left half the artifacts new.
func TestWriteArtifacts(t *testing.T) {
	snap := genSnapshot()
	dir := filepath.Join(t.TempDir(), "out", "gen")
	w, err := WriteArtifacts(context.Background(), dir, snap)
	if err != nil {
		t.Fatalf("WriteArtifacts into a new folder = %v", err)
	}
	var want []Written
	for _, name := range ArtifactNames {
		want = append(want, Written{File: filepath.Join(dir, name)})
	}
	if !reflect.DeepEqual(w, want) {
		t.Errorf("first write = %+v, want %+v", w, want)
	}
	for _, name := range ArtifactNames {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, snap.Artifact(name)) {
			t.Errorf("%s = %q, %v; want %q", name, got, err, snap.Artifact(name))
		}
	}

	// The contract file made CRLF, as git's autocrlf checks it out, and the
	// tool index changed: only the tool index is written again.
	crlf := bytes.ReplaceAll(snap.Artifact(ContractFile), []byte("\n"), []byte("\r\n"))
	if err := os.WriteFile(filepath.Join(dir, ContractFile), crlf, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ToolIndexFile), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := map[string]os.FileInfo{}
	for _, name := range ArtifactNames {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		before[name] = fi
	}
	w, err = WriteArtifacts(context.Background(), dir, snap)
	if err != nil {
		t.Fatalf("second WriteArtifacts = %v", err)
	}
	want = []Written{
		{File: filepath.Join(dir, RegistryFile), UpToDate: true},
		{File: filepath.Join(dir, ContractFile), UpToDate: true},
		{File: filepath.Join(dir, ToolIndexFile)},
	}
	if !reflect.DeepEqual(w, want) {
		t.Errorf("second write = %+v, want %+v", w, want)
	}
	for _, name := range ArtifactNames {
		p := filepath.Join(dir, name)
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		// A rename puts a new file there: the same file means untouched.
		if kept := os.SameFile(fi, before[name]); kept != (name != ToolIndexFile) {
			t.Errorf("%s kept as it was: %v", name, kept)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, ContractFile)); !bytes.Equal(got, crlf) {
		t.Errorf("the CRLF contract file became %q", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, ToolIndexFile)); !bytes.Equal(got, snap.Artifact(ToolIndexFile)) {
		t.Errorf("the changed tool index is %q, want it rewritten", got)
	}

	// A folder at the last artifact's name: refused before any is written.
	dir2 := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir2, ToolIndexFile), 0o755); err != nil {
		t.Fatal(err)
	}
	w, err = WriteArtifacts(context.Background(), dir2, snap)
	// The error wraps no errno (WriteArtifacts words it itself): it must name
	// the folder in the way.
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir2, ToolIndexFile)+" is a directory") || len(w) != 0 {
		t.Errorf("WriteArtifacts over a folder = %+v, %v; want an error naming the folder", w, err)
	}
	if _, err := os.Lstat(filepath.Join(dir2, RegistryFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the registry was written beside the folder: %v", err)
	}
}

// TestWriteArtifactsStops pins that an ended ctx (an interrupt) stops
// WriteArtifacts before it writes anything, with ctx's error, and that a
// file it cannot write (its folder is a file) is an error, not a success
// listing artifacts that are not there.
func TestWriteArtifactsStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	if w, err := WriteArtifacts(ctx, dir, genSnapshot()); !errors.Is(err, context.Canceled) || len(w) != 0 {
		t.Errorf("WriteArtifacts after cancel = %+v, %v; want nothing and %v", w, err, context.Canceled)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("WriteArtifacts after cancel wrote %v", entries)
	}

	// The folder is a file: MkdirAll fails.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if w, err := WriteArtifacts(context.Background(), file, genSnapshot()); err == nil || len(w) != 0 {
		t.Errorf("WriteArtifacts into a file = %+v, %v; want an error", w, err)
	}
}

// TestSyncDir pins that syncDir syncs a folder without error and fails
// for one that is missing, rather than reporting the artifacts safe.
func TestSyncDir(t *testing.T) {
	if err := syncDir(t.TempDir()); err != nil {
		t.Errorf("syncDir of a folder = %v", err)
	}
	if err := syncDir(filepath.Join(t.TempDir(), "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("syncDir of a missing folder = %v, want fs.ErrNotExist", err)
	}
}

// TestCheckArtifacts pins gen --check's drifts per committed file: none
// for equal bytes or the same with CRLF line ends, Missing for no file, a
// unified diff committed → generated for different bytes, a note and a
// diff for a UTF-8 byte order mark, a note and no diff for UTF-16; and an
// error, not a drift nor silence, for a link at an artifact's name.
func TestCheckArtifacts(t *testing.T) {
	snap := genSnapshot()
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// All equal, the registry with CRLF.
	write(RegistryFile, bytes.ReplaceAll(snap.Artifact(RegistryFile), []byte("\n"), []byte("\r\n")))
	write(ContractFile, snap.Artifact(ContractFile))
	write(ToolIndexFile, snap.Artifact(ToolIndexFile))
	if d, err := CheckArtifacts(context.Background(), dir, snap); err != nil || len(d) != 0 {
		t.Fatalf("CheckArtifacts of equal files = %+v, %v; want no drift", d, err)
	}

	// The contract missing, the tool index changed (no final newline).
	os.Remove(filepath.Join(dir, ContractFile))
	write(ToolIndexFile, []byte("{\n  \"tools\": [1]\n}"))
	d, err := CheckArtifacts(context.Background(), dir, snap)
	if err != nil {
		t.Fatal(err)
	}
	tp := filepath.Join(dir, ToolIndexFile)
	want := []Drift{
		{File: filepath.Join(dir, ContractFile), Missing: true},
		{File: tp, Diff: unifiedDiff(tp+" (committed)", tp+" (generated)",
			[]string{"{\n", "  \"tools\": [1]\n", "}\n\\ No newline at end of file\n"},
			[]string{"{\n", "  \"tools\": []\n", "}\n"}),
			Note: "lines that look alike in the diff differ in what a terminal does not show: line 3 is the file's last and has no newline at its end, which the generated file has"},
	}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("drifts = %+v\nwant %+v", d, want)
	}
	if !strings.Contains(d[1].Diff, "-  \"tools\": [1]\n") || !strings.Contains(d[1].Diff, "+  \"tools\": []\n") {
		t.Errorf("the diff does not go committed → generated:\n%s", d[1].Diff)
	}

	// A UTF-8 byte order mark: noted, diffed. UTF-16: noted only.
	write(ContractFile, append([]byte("\xef\xbb\xbf"), snap.Artifact(ContractFile)...))
	write(ToolIndexFile, []byte{0xff, 0xfe, '{', 0})
	d, err = CheckArtifacts(context.Background(), dir, snap)
	if err != nil || len(d) != 2 {
		t.Fatalf("CheckArtifacts = %+v, %v; want two drifts", d, err)
	}
	if d[0].File != filepath.Join(dir, ContractFile) || !strings.Contains(d[0].Note, "UTF-8 byte order mark") || d[0].Diff == "" {
		t.Errorf("BOM drift = %+v", d[0])
	}
	if d[1].File != tp || !strings.Contains(d[1].Note, "UTF-16") || d[1].Diff != "" || d[1].Missing {
		t.Errorf("UTF-16 drift = %+v", d[1])
	}

	// A link at the registry's name: an error, nothing read through it.
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, snap.Artifact(RegistryFile), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, RegistryFile))
	if err := os.Symlink(secret, filepath.Join(dir, RegistryFile)); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if d, err := CheckArtifacts(context.Background(), dir, snap); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, RegistryFile)+": is a symlink") || len(d) != 0 {
		t.Errorf("CheckArtifacts with a linked registry = %+v, %v; want a symlink error", d, err)
	}
}

// TestCheckArtifactsStops pins that an ended ctx stops CheckArtifacts
// before the first file, with ctx's error, and that a snapshot that passed
// is compared (only a nil one or one with errors is refused).
func TestCheckArtifactsStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir() // no artifacts: each would be a Missing drift
	if d, err := CheckArtifacts(ctx, dir, genSnapshot()); !errors.Is(err, context.Canceled) || len(d) != 0 {
		t.Errorf("CheckArtifacts after cancel = %+v, %v; want nothing and %v", d, err, context.Canceled)
	}
	if d, err := CheckArtifacts(context.Background(), dir, genSnapshot()); err != nil || len(d) != len(ArtifactNames) {
		t.Errorf("CheckArtifacts of an empty folder = %+v, %v; want every artifact missing", d, err)
	}
}

// TestWithoutCR pins withoutCR byte for byte: raw carriage returns
// go wherever they are, and every escape, a "\r" of a string included,
// is kept (whether a fragment's "\r\n" is a CRLF checkout's is
// sameArtifact's question, TestDeclaredCarriageReturnChangeIsDrift's).
// Its mistakes either missed drift or reported it in every fragment of a
// CRLF checkout.
func TestWithoutCR(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"plain\n", "plain\n"},
		{"\r", ""},
		{"\rab", "ab"},
		{"a\rb", "ab"},
		{"a\r\nb\r\n", "a\nb\n"},
		{`"x\r\ny"`, `"x\r\ny"`},
		{`"inline": "x\r\ny"`, `"inline": "x\r\ny"`},
		{"\"inline\":\r\n  \"a\\r\\nb\"", "\"inline\":\n  \"a\\r\\nb\""},
		{"\r" + `a\\r\nb`, `a\\r\nb`},
		{"\rab\\", `ab\`},
	} {
		if got := withoutCR([]byte(tc.in)); string(got) != tc.want {
			t.Errorf("withoutCR(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestReadCommitted pins what readCommitted reads: a regular file's
// bytes; a missing file is fs.ErrNotExist (CheckArtifacts' Missing); a
// folder, a link, or a file over the limit is an error without its bytes
// (an *overLimitError for the last, which CheckArtifacts reports as a
// drift). A sparse file stands for the oversized one.
func TestReadCommitted(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("data\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := readCommitted(p, 5); err != nil || string(got) != "data\n" {
		t.Errorf("readCommitted(file) = %q, %v", got, err)
	}
	if got, err := readCommitted(filepath.Join(dir, "missing"), 5); !errors.Is(err, fs.ErrNotExist) || got != nil {
		t.Errorf("readCommitted(missing) = %q, %v; want fs.ErrNotExist", got, err)
	}
	// readCommitted words these refusals itself (no errno is wrapped): the
	// message names the path and what it is.
	if got, err := readCommitted(dir, 5); err == nil || !strings.Contains(err.Error(), dir+": is a directory") || got != nil {
		t.Errorf("readCommitted(folder) = %q, %v; want a directory error", got, err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 1<<30); err != nil {
		t.Skipf("no sparse file: %v", err)
	}
	if got, err := readCommitted(big, 1<<30-1); !errors.As(err, new(*overLimitError)) || !strings.Contains(err.Error(), "over the") || got != nil {
		t.Errorf("readCommitted(oversized) = %d bytes, %v; want a size error", len(got), err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(p, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if got, err := readCommitted(link, 5); err == nil || !strings.Contains(err.Error(), link+": is a symlink") || got != nil {
		t.Errorf("readCommitted(link) = %q, %v; want a symlink error", got, err)
	}
}

// TestDiffLines pins diffLines: lines keep their newline, an empty text
// has none, and a last line without a newline is marked as diff -u marks
// it, so that a missing final newline shows in gen --check's diff.
func TestDiffLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"a\n", []string{"a\n"}},
		{"a\nb\n", []string{"a\n", "b\n"}},
		{"a\nb", []string{"a\n", "b\n\\ No newline at end of file\n"}},
		{"\n", []string{"\n"}},
	} {
		if got := diffLines(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("diffLines(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
