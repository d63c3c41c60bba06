// Package store turns a repository on disk into an immutable Snapshot: Scan
// reads the inputs (confined to the repository root), validate checks them,
// Build materializes the registry and its artifacts, and the Watcher swaps a
// new Snapshot in atomically whenever the repository changes.
package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/capreg/capreg/validate"
)

// ScanOptions says where the inputs are. Zero values mean "use capreg.json,
// then the defaults".
type ScanOptions struct {
	Repo         string // repository directory; "" means the working directory
	ConfigSchema string // --config-schema: repo-relative, or absolute inside the repo
}

// Input is a scanned repository: the sources for validation and what the
// watcher needs to follow it.
type Input struct {
	Sources validate.Sources
	Root    string   // real (symlink-free) path of the repository root
	Dirs    []string // real paths of every directory walked
}

// skipDirs are never walked (CONTRACT.md §1).
var skipDirs = []string{".git", "node_modules", "vendor", "venv", ".venv"}

// SkipDir reports whether a directory name is never walked. Names starting
// with ".." are the private folders of Kubernetes' atomic writer (ConfigMap and
// git-sync style mounts publish them through a "..data" link), whose content
// is already visible through the published links.
func SkipDir(name string) bool {
	return slices.Contains(skipDirs, name) || strings.HasPrefix(name, "..")
}

// ErrRepo wraps failures to open the repository itself (not its content).
var ErrRepo = errors.New("cannot read repository")

// Scan reads a repository. Content problems (an escaping link, an oversized
// file) become diagnostics in the Sources; only a repository that cannot be
// opened at all is an error.
func Scan(ctx context.Context, opts ScanOptions) (*Input, error) {
	repo := opts.Repo
	if repo == "" {
		repo = "."
	}
	abs, err := filepath.Abs(repo)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrRepo, repo, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrRepo, repo, err)
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrRepo, repo, err)
	}
	defer root.Close()
	sc := &scanner{ctx: ctx, root: root, real: real, visited: map[string]bool{}}
	sc.configure(opts)
	if err := sc.walk(".", real, false); err != nil {
		return nil, err
	}
	sc.finish()
	return &Input{Sources: sc.src, Root: real, Dirs: sc.dirs}, nil
}

type scanner struct {
	ctx     context.Context
	root    *os.Root
	real    string
	visited map[string]bool
	dirs    []string

	capDir    string
	workflows []string // "" = every markdown file
	cards     []string // "" = everywhere
	schema    string

	src  validate.Sources
	caps map[string]*validate.CapabilitySource
}

// configure reads capreg.json and applies the flags over it.
func (sc *scanner) configure(opts ScanOptions) {
	sc.capDir = "capabilities"
	sc.caps = map[string]*validate.CapabilitySource{}
	st, err := sc.root.Stat("capreg.json")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		sc.diag("capreg.json", "file-unreadable", validate.Error, "capreg.json cannot be read: %v", err)
	}
	if err == nil {
		f := sc.readFile("capreg.json", st)
		rc, diags := validate.ParseRepoConfig(f)
		sc.src.Diagnostics = append(sc.src.Diagnostics, diags...)
		if rc.Capabilities != "" {
			sc.capDir = sc.confine("capreg.json", rc.Capabilities)
		}
		for _, w := range rc.Workflows {
			if p := sc.confine("capreg.json", w); p != "" {
				sc.workflows = append(sc.workflows, p)
			}
		}
		for _, c := range rc.Cards {
			if p := sc.confine("capreg.json", c); p != "" {
				sc.cards = append(sc.cards, p)
			}
		}
		sc.schema = sc.confine("capreg.json", rc.ConfigSchema)
	}
	if opts.ConfigSchema != "" {
		p := opts.ConfigSchema
		if filepath.IsAbs(p) {
			if rel, err := filepath.Rel(sc.real, p); err == nil {
				p = filepath.ToSlash(rel)
			}
		}
		sc.schema = sc.confine("--config-schema", p)
	}
}

// confine cleans a configured repository-relative path and refuses one that
// leaves the root lexically; links are checked when the path is read.
func (sc *scanner) confine(from, p string) string {
	if p == "" {
		return ""
	}
	clean := path.Clean(filepath.ToSlash(p))
	if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
		sc.src.Diagnostics = append(sc.src.Diagnostics, validate.Diagnostic{File: from, Rule: "path-escape", Severity: validate.Error,
			Message: fmt.Sprintf("configured path %q is outside the repository root", p)})
		return ""
	}
	return clean
}

func under(p, dir string) bool {
	return dir == "." || p == dir || strings.HasPrefix(p, dir+"/")
}

// walk visits a directory. rel is its logical (as linked) path, real its
// resolved path; viaLink says the walk went through a symlink to get here.
func (sc *scanner) walk(rel, real string, viaLink bool) error {
	if err := sc.ctx.Err(); err != nil {
		return err
	}
	if sc.visited[real] {
		return nil
	}
	sc.visited[real] = true
	sc.dirs = append(sc.dirs, real)
	f, err := sc.root.Open(filepath.FromSlash(sc.rootRel(real)))
	if err != nil {
		if rel == "." {
			return fmt.Errorf("%w: %w", ErrRepo, err)
		}
		sc.diag(rel, "file-unreadable", validate.Warning, "directory not read: %v", err)
		return nil
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		sc.diag(rel, "file-unreadable", validate.Warning, "directory not fully read: %v", err)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range entries {
		name := e.Name()
		child := name
		if rel != "." {
			child = rel + "/" + name
		}
		childReal := filepath.Join(real, name)
		mode := e.Type()
		linked := viaLink
		if mode&fs.ModeSymlink != 0 {
			target, ok := sc.resolveLink(child, childReal)
			if !ok {
				continue
			}
			st, err := os.Stat(target)
			if err != nil {
				continue
			}
			childReal, mode, linked = target, st.Mode().Type(), true
		}
		if mode.IsDir() {
			if SkipDir(name) {
				continue
			}
			if err := sc.walk(child, childReal, linked); err != nil {
				return err
			}
			continue
		}
		sc.file(child, childReal, mode, linked)
	}
	return nil
}

// rootRel returns a real path relative to the root, for os.Root calls.
func (sc *scanner) rootRel(real string) string {
	r, err := filepath.Rel(sc.real, real)
	if err != nil {
		return "."
	}
	return r
}

// resolveLink resolves a symlink and reports links that leave the root: an
// error where the link is an input, a warning otherwise.
func (sc *scanner) resolveLink(rel, abs string) (string, bool) {
	target, err := filepath.EvalSymlinks(abs)
	if err != nil {
		if sc.isInput(rel) {
			sc.diag(rel, "file-unreadable", validate.Error, "dangling symlink: %v", err)
		}
		return "", false
	}
	if !within(sc.real, target) {
		sev := validate.Warning
		if sc.isInput(rel) || under(rel, sc.capDir) {
			sev = validate.Error
		}
		sc.diag(rel, "path-escape", sev, "symlink resolves outside the repository root (to %s); it is not followed", target)
		return "", false
	}
	return target, true
}

func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, root+string(filepath.Separator))
}

// isInput reports whether a path is one capreg reads, by name.
func (sc *scanner) isInput(rel string) bool {
	base := path.Base(rel)
	return base == "capability.json" || strings.HasSuffix(base, ".card.json") || rel == sc.schema || rel == "capreg.json"
}

func (sc *scanner) diag(file, rule string, sev validate.Severity, format string, args ...any) {
	sc.src.Diagnostics = append(sc.src.Diagnostics, validate.Diagnostic{
		File: file, Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// file routes one file to the inputs it belongs to.
func (sc *scanner) file(rel, real string, mode fs.FileMode, viaLink bool) {
	if under(rel, sc.capDir) && rel != sc.capDir {
		sc.capabilityFile(rel, real, mode, viaLink)
	}
	switch {
	case strings.HasSuffix(rel, ".card.json"):
		if sc.inCards(rel) {
			f := sc.readReal(rel, real, mode)
			tool := strings.TrimSuffix(rel, ".card.json")
			_, err := sc.root.Stat(filepath.FromSlash(tool))
			sc.src.Cards = append(sc.src.Cards, validate.CardSource{File: f, ToolPath: tool, ToolExists: err == nil})
		}
	case strings.HasSuffix(rel, ".md"):
		if sc.inWorkflows(rel) {
			f := sc.readReal(rel, real, mode)
			if f.Err != nil || validate.MayHoldMarker(f.Data) {
				if errors.Is(f.Err, validate.ErrNotRegular) {
					return
				}
				sc.src.Workflows = append(sc.src.Workflows, f)
			}
		}
	}
	if rel == sc.schema {
		f := sc.readReal(rel, real, mode)
		sc.src.ConfigSchema = &f
	}
}

func (sc *scanner) inCards(rel string) bool {
	if len(sc.cards) == 0 {
		return true
	}
	return slices.ContainsFunc(sc.cards, func(d string) bool { return under(rel, d) })
}

func (sc *scanner) inWorkflows(rel string) bool {
	if len(sc.workflows) == 0 {
		return true
	}
	return slices.ContainsFunc(sc.workflows, func(d string) bool { return under(rel, d) })
}

// capabilityFile records a file under the capabilities folder: the manifest
// of a direct sub-folder, or one of its other files (fragments resolve there).
func (sc *scanner) capabilityFile(rel, real string, mode fs.FileMode, viaLink bool) {
	inner := strings.TrimPrefix(rel, sc.capDir+"/")
	if sc.capDir == "." {
		inner = rel
	}
	folder, within, ok := strings.Cut(inner, "/")
	if !ok {
		return // a file directly in the capabilities folder
	}
	cs := sc.caps[folder]
	if cs == nil {
		cs = &validate.CapabilitySource{Folder: folder, Files: map[string]validate.File{}}
		sc.caps[folder] = cs
	}
	var f validate.File
	if viaLink && !sc.inFolder(folder, real) {
		f = validate.File{Path: rel, Err: validate.ErrEscapesFolder}
	} else {
		f = sc.readReal(rel, real, mode)
	}
	if within == "capability.json" {
		cs.Manifest = f
		return
	}
	cs.Files[within] = f
}

// inFolder reports whether a real path lies inside a capability folder.
func (sc *scanner) inFolder(folder, real string) bool {
	dir := filepath.Join(sc.real, filepath.FromSlash(sc.capDir), folder)
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	return within(dir, real)
}

// readFile reads a file known by its root-relative path.
func (sc *scanner) readFile(rel string, st fs.FileInfo) validate.File {
	return sc.readReal(rel, filepath.Join(sc.real, filepath.FromSlash(rel)), st.Mode().Type())
}

// readReal reads one regular file through the root. A FIFO or device is never
// opened; the open itself is non-blocking and re-checked with fstat, so a file
// swapped for a FIFO between the walk and the read cannot hang the scan.
func (sc *scanner) readReal(rel, real string, mode fs.FileMode) validate.File {
	f := validate.File{Path: rel}
	if !mode.IsRegular() {
		f.Err = validate.ErrNotRegular
		return f
	}
	fh, err := sc.root.OpenFile(sc.rootRel(real), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		f.Err = err
		return f
	}
	defer fh.Close()
	st, err := fh.Stat()
	switch {
	case err != nil:
		f.Err = err
	case !st.Mode().IsRegular():
		f.Err = validate.ErrNotRegular
	case st.Size() > validate.MaxFileSize:
		f.Err = fmt.Errorf("%w (%d bytes)", validate.ErrTooLarge, st.Size())
	default:
		data, err := io.ReadAll(io.LimitReader(fh, validate.MaxFileSize+1))
		switch {
		case err != nil:
			f.Err = err
		case len(data) > validate.MaxFileSize:
			f.Err = validate.ErrTooLarge
		default:
			f.Data = data
		}
	}
	return f
}

// finish sorts the collected inputs and reports configured paths that were
// never found.
func (sc *scanner) finish() {
	for _, cs := range sc.caps {
		if cs.Manifest.Path != "" {
			sc.src.Capabilities = append(sc.src.Capabilities, *cs)
		}
	}
	slices.SortFunc(sc.src.Capabilities, func(a, b validate.CapabilitySource) int { return compareUTF16(a.Folder, b.Folder) })
	sc.src.CapabilitiesDir = sc.capDir
	if sc.schema != "" && sc.src.ConfigSchema == nil {
		sc.src.ConfigSchema = &validate.File{Path: sc.schema, Err: fmt.Errorf("config schema %s: %w", sc.schema, fs.ErrNotExist)}
	}
}
