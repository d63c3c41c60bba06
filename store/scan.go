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
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/validate"
)

// ScanOptions says where the inputs are. Zero values mean "use capreg.json,
// then the defaults".
type ScanOptions struct {
	Repo         string // repository directory; "" means the working directory
	ConfigSchema string // --config-schema: repo-relative, or absolute inside the repo
	// ConfigSchemaSetting is what findings about ConfigSchema (missing, a
	// directory, outside the repository) call the setting it came from,
	// as the caller's user knows it: the CLI's "--config-schema"; ""
	// calls it "ScanOptions.ConfigSchema", a library caller having named
	// no flag.
	ConfigSchemaSetting string
	// MaxInputBytes bounds the bytes the scan reads, summed over the input
	// files it reads (capability.json files, cards, workflows, the config
	// schema, capreg.json; not markdown that holds no marker, which is read
	// and dropped, nor fragments, bounded apart): past it the scan stops reading and
	// its Sources hold one input-too-large finding, at the file whose read
	// crossed it, and nothing else, so the build fails and a watcher keeps
	// serving its last good registry. 0 means DefaultMaxInputBytes; a
	// negative value, no bound.
	MaxInputBytes int64
	// Tree records which paths the scan saw (Input.Tree), for judging a
	// proposed change as a rescan would (POST /validate). The watcher sets
	// it; a one-shot check does not pay for it.
	Tree bool
	// entering, when set, is called with the real path of each directory
	// before the scan reads anything in it (the watcher watches it there);
	// with names, before the scan resolves those entries of it only (the
	// way to an input named by path: see watchWay).
	entering enterFunc
	// fragments, when set, remembers the fragment paths of declarations
	// across scans (see fragmentMemo).
	fragments *fragmentMemo
}

// DefaultMaxInputBytes is ScanOptions.MaxInputBytes's default, 32 MiB:
// a 10,000-capability repository (storetest.WriteRepo) holds 9.7 MB of
// inputs, and a check holds about 5 bytes per byte of capability.json and
// 19 per byte of tool cards (80 MB of cards: 1.5 GB resident, where a
// 1 GiB pod is OOM-killed), so 32 MiB of cards still builds within the
// deploy's 1 GiB limit beside a served registry.
const DefaultMaxInputBytes = 32 << 20

// errInputBudget stops a scan that has read ScanOptions.MaxInputBytes.
var errInputBudget = errors.New("input bytes over the bound")

// Input is a scanned repository: the sources for validation and what the
// watcher needs to follow it.
type Input struct {
	Sources validate.Sources
	Root    string   // real (symlink-free) path of the repository root
	Dirs    []string // real paths of every directory walked
	// Named are the absolute paths of the inputs named by path
	// (capreg.json, the configured roots, the config schema), whose ways
	// a watcher follows: the links and folders on the way to each, so
	// that a link pointed elsewhere or a folder made again is seen.
	Named []string
	// Read are the real paths of the files the scan read (or tried to),
	// sorted: a write to any other file whose name is no input's changes
	// nothing the scan sees, so a watcher does not rebuild for it.
	Read []string
	Tree *Tree // with ScanOptions.Tree: the entries of those directories
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

// inGitDir reports whether the real path p, inside the repository at
// root, is or is inside a .git folder: a directory link there (docs/g ->
// ../.git) is not walked, as .git is not under its own name, or the walk
// would read git's own files (hooks, a stray *.card.json) as inputs and a
// daemon would watch the folder every git command writes to. Links into
// the other skipped folders are followed on purpose: node_modules holds
// what a repository links to from a walked folder (README, Inputs).
func inGitDir(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	if err != nil || !filepath.IsLocal(rel) {
		return false
	}
	return slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), ".git")
}

// ownRepository reports whether the folder at rel in the repository (real
// on disk) is a git repository of its own, and so not walked, and notes
// it (Sources.OwnRepositories) for POST /validate to judge changes under
// it alike. A fresh checkout never holds one: reading a linked worktree of the
// repository itself (git worktree add .worktrees/x, or an agent's
// .claude/worktrees/x) declared every step and card twice, and a clone
// inside made a local check differ from CI's. A submodule is walked
// (git-sync and CI check it out), as is anything under the capabilities
// folder (a capability kept as a clone of its own is one). A root the
// layout names is read wherever it is, as inside a skipped folder: the
// first pass walks it (see Scan). Its .git is watched by name (watchWay),
// the folder itself being no walked one: with inotify, the .git removed
// (the folder made a plain one, which check reads) was no change until
// something else changed.
func (sc *scanner) ownRepository(rel, real string) bool {
	if walkedAsCapability(rel, sc.capDir) {
		return false
	}
	gitEntry := filepath.Join(real, ".git")
	if _, err := os.Lstat(gitEntry); err != nil {
		return false // no .git: no way to watch, the folder is walked
	}
	sc.watchWay(gitEntry) // before it is read, as any input named by path
	if !holdsOwnGitDir(real) {
		return false
	}
	sc.src.OwnRepositories = append(sc.src.OwnRepositories, rel)
	return true
}

// walkedAsCapability reports whether the folder rel is walked whatever
// its .git, for the capabilities folder capDir: a capability folder, or a
// folder inside one, or the capabilities folder itself. With the
// capabilities at the root ("capabilities": "."), only the top-level
// folders, the capability folders: every folder is under ".", and a
// worktree in .worktrees/x was read (a folder with no capability.json
// holding declarations, and a package, warnings a fresh checkout does
// not give).
func walkedAsCapability(rel, capDir string) bool {
	if capDir == "." {
		return !strings.Contains(rel, "/")
	}
	return under(rel, capDir)
}

// holdsOwnGitDir reports whether the directory dir holds a .git of a
// repository of its own: a directory (or a link to one), or a "gitdir:"
// file (ownGitFile).
func holdsOwnGitDir(dir string) bool {
	entry := filepath.Join(dir, ".git")
	st, err := os.Stat(entry)
	switch {
	case err != nil:
		return false
	case st.IsDir():
		return true
	}
	data, err := readGitFile(entry, maxGitLine)
	return err == nil && ownGitFile(data)
}

// ownGitFile reports whether data, a .git file, makes its folder a
// repository of its own: a "gitdir:" file leading anywhere but into a
// superproject's modules/ (a submodule's). A linked worktree's leads to
// <git dir>/worktrees/<name>, a worktree of a submodule's too. A
// submodule's leads to <git dir>/modules/<name>, and git names a
// submodule by its path, slashes and all: third_party/lib's is
// modules/third_party/lib (which, judged by the folder above it only, was
// a repository of its own, not read), and one inside another's is
// modules/<a>/modules/<b>.
func ownGitFile(data []byte) bool {
	gitdir, ok := gitdirOf(data)
	if !ok {
		return false
	}
	parts := strings.Split(filepath.ToSlash(filepath.Clean(gitdir)), "/")
	n := len(parts)
	return n < 2 || parts[n-2] == "worktrees" || !slices.Contains(parts[:n-1], "modules")
}

// ErrRepo wraps failures to open the repository itself (not its content).
var ErrRepo = errors.New("cannot read repository")

// Scan reads a repository. Content problems (an escaping link, an oversized
// file) become diagnostics in the Sources; the errors are a repository that
// cannot be opened at all (ErrRepo) and ctx's, once ctx ends (the walk
// stops at the next folder).
//
// The walk has three passes so that every file is read once, under the path
// that means most: first the configured inputs (the capabilities folder and
// any capreg.json paths), following their links; then the rest of the tree
// without following directory links; then the directory links whose targets
// no earlier pass reached. A link to the capabilities folder elsewhere in the
// tree therefore never hides the folder itself. What the first pass reaches
// through a link (capabilities/shared -> ../bin) hides nothing either: the
// second pass walks it again under its own name, and the cards and
// workflows the first pass met through the link are routed after that
// pass's, so they count under the link's name only where their own is no
// input. After the passes it routes the files met through links,
// finds and reads the config schema and the declarations' fragments, lists
// the folders a watcher must follow, and warns of the configured paths it
// never found.
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
		return nil, repoError(repo, err)
	}
	root, err := os.OpenRoot(asDir(real)) // a file, a FIFO, a device: refused by the open itself
	if err != nil {
		if fi, serr := os.Stat(real); serr == nil && !fi.IsDir() {
			return nil, fmt.Errorf("%w %s: %w", ErrRepo, repo, ErrRepoNotFolder)
		}
		return nil, fmt.Errorf("%w %s: %w", ErrRepo, repo, plainly(repo, dirError(err)))
	}
	defer root.Close()
	sc := &scanner{ctx: ctx, root: root, rootWay: newRootWay(real, abs), visited: map[string]bool{}, seenFiles: map[string]bool{}, entering: opts.entering, fragments: opts.fragments,
		viaLink: map[string]bool{}, failed: map[string]bool{}, strayReal: map[string]bool{}, manifestReal: map[string]bool{}, capLinks: map[string]string{},
		fragmentByReal: map[string]validate.File{}, capFolderReal: map[string]string{}, linkDirSet: map[string]bool{}}
	sc.maxInput = opts.MaxInputBytes
	if sc.maxInput == 0 {
		sc.maxInput = DefaultMaxInputBytes
	}
	sc.enter(real) // capreg.json is read before the walk
	if opts.Tree {
		sc.tree, sc.links = newTree(real), newLinkReader(root, sc.rootWay)
	}
	sc.configure(opts)
	sc.rootIndex = sc.layout.index()
	if sc.tree != nil {
		sc.tree.capDirNamed = sc.capDirSet
	}
	in, err := sc.scan(real)
	if errors.Is(err, errInputBudget) || err == nil && sc.over != nil {
		return sc.overBudget(real), nil
	}
	return in, err
}

// overBudget is the Input of a scan stopped by ScanOptions.MaxInputBytes:
// its one finding, and the folders walked, to be watched for the change
// that shrinks the repository again.
func (sc *scanner) overBudget(real string) *Input {
	slices.Sort(sc.read)
	sc.read = slices.Compact(sc.read)
	src := validate.Sources{CapabilitiesDir: sc.capDir, Diagnostics: validate.Diagnostics{*sc.over}}
	return &Input{Sources: src, Root: real, Dirs: sc.dirs, Named: sc.named, Read: sc.read, Tree: sc.tree}
}

// scan is Scan's walk and what follows it, from the configured scanner.
func (sc *scanner) scan(real string) (*Input, error) {
	sc.firstPass = true
	for _, p := range sc.layout.roots() {
		if err := sc.walkPath(p); err != nil {
			return nil, err
		}
	}
	sc.firstPass = false
	if err := sc.walk(".", real, false /* follow: links deferred to the second pass */, nil); err != nil {
		return nil, err
	}
	for len(sc.deferred) > 0 {
		d := sc.deferred[0]
		sc.deferred = sc.deferred[1:]
		if err := sc.walk(d.rel, d.real, true /* follow */, nil); err != nil {
			return nil, err
		}
	}
	if sc.over != nil {
		return nil, errInputBudget
	}
	for _, lf := range sc.throughLinks {
		sc.routeThroughLink(lf)
	}
	for _, lf := range sc.linkedFiles {
		if sc.reads(lf.rel) {
			sc.watch(filepath.Dir(lf.real))
		}
		sc.file(lf.rel, lf.real, lf.mode)
	}
	sc.discoverSchema()
	sc.readFragments()
	sc.readSchema()
	for _, dir := range sc.linkDirs {
		if !sc.visited[dir] {
			sc.visited[dir] = true
			sc.dirs = append(sc.dirs, dir)
			sc.tree.list(sc.links, sc.treeDir(dir))
		}
	}
	sc.listSiblings()
	sc.finish()
	slices.Sort(sc.read)
	sc.read = slices.Compact(sc.read)
	return &Input{Sources: sc.src, Root: real, Dirs: sc.dirs, Named: sc.named, Read: sc.read, Tree: sc.tree}, nil
}

type scanner struct {
	ctx  context.Context
	root *os.Root
	// maxInput is ScanOptions.MaxInputBytes resolved (<= 0: no bound),
	// readBytes the bytes read so far, and over the input-too-large
	// finding once a read has crossed maxInput: the scan reads no more.
	maxInput, readBytes int64
	over                *validate.Diagnostic
	// dir is the directory being walked, open (walkDir), and dirReal
	// its real path: its entries are opened from it by name, one openat
	// each, where opening them from root walks every directory above them
	// again (a third of a scan's system calls at 10,000 capabilities).
	// nil outside a walk.
	dir     *walkDir
	dirReal string
	held    int // directories open, one a level (see maxHeldDirs)
	// rootWay holds the root's real path and the path it was given as,
	// made absolute: real once the links in it are resolved (git-sync's
	// /git/current).
	rootWay
	// fragmentByReal are the files a fragment may share, by real path:
	// the fragments read (readFragment), and the small files the walk
	// read in capability folders (markdown that may hold a marker, the
	// fragments themselves where no workflow roots are named).
	fragmentByReal map[string]validate.File
	// capFolderReal are the real paths of the capability folders walked,
	// by folder name.
	capFolderReal map[string]string
	visited       map[string]bool // real directories walked
	seenFiles     map[string]bool // real files routed
	dirs          []string
	deferred      []link
	// linkedFiles are file symlinks, routed after every regular file.
	linkedFiles []linkedFile
	// firstPass is set while the configured inputs are walked, and
	// insideDirLink while that pass is inside a directory link. viaLink holds the real
	// directories it walked only through links, which the second pass
	// walks again under their own names.
	firstPass, insideDirLink bool
	viaLink                  map[string]bool
	// throughLinks are the files and broken links the first pass met
	// through a directory link, routed after the second pass; failed are
	// the real paths of the broken links reported under their own names,
	// so that their other names add nothing.
	throughLinks []linkedFile
	failed       map[string]bool
	// linkDirs are directories the walk does not reach but a watcher
	// must follow: those holding inputs reached through links, and the
	// way to inputs named by path (watchWay), skipped folders included.
	linkDirs []string
	// linkDirSet holds linkDirs, to look one up: a scan may watch the
	// folder of each of 10,000 fragments, and searching the list for each
	// took a fifth of such a scan.
	linkDirSet map[string]bool
	// tree, when asked for, records the entries of the directories walked
	// (nil when not asked for: every Tree method is a no-op on a nil
	// Tree); links follows the links it notes.
	tree  *Tree
	links *linkReader
	// entering is ScanOptions.entering.
	entering enterFunc
	// fragments is ScanOptions.fragments.
	fragments *fragmentMemo
	// named are the inputs named by path, absolute (Input.Named).
	named []string
	// read are the real paths of the files read (Input.Read).
	read []string
	// strays are the files met that look like a capability declaration
	// but are not read as one (Sources.StrayDeclarations), each real file
	// once, under the first name met; manifestReal are the real paths of
	// the declarations read, which no other name of theirs makes a stray
	// (capabilities/_groups/x/capability.json behind capabilities/x).
	strays []linkedFile
	// leftovers are the editors' copies of a declaration met in a
	// capability folder (validate.EditorLeftover): strays, noted in the
	// Tree, only where the folder has no capability.json when the walk is
	// done. Beside one they are files the scan does not read, which come
	// and go as the declaration is edited and must leave the snapshot as it
	// is, its generation with it.
	leftovers               []linkedFile
	strayReal, manifestReal map[string]bool
	// unread are the first maxUnread tool cards met outside the card
	// roots and capability.json files outside the capabilities folder
	// (strays aside), and unreadMore counts the rest: Sources.Unread.
	unread     []linkedFile
	unreadMore int
	// capLinks are the capability folders that are links, to the folder
	// each leads to (finish warns about those with no capability.json).
	capLinks map[string]string
	// found are the files named validate.SchemaFileName the walk met, each
	// real file once, under the first name met (discoverSchema).
	found     []linkedFile
	foundReal map[string]bool

	// rootIndex is the layout, with its roots in sets once configured.
	rootIndex

	src  validate.Sources
	caps map[string]*validate.CapabilitySource
	// placer places findings about the paths capreg.json names; made
	// when the first is placed (placeConfigured).
	placer *validate.PathPlacer
	// workTree is the top of the git work tree holding the root
	// (WorkTreeTop), looked up at the first path-escape that needs it and
	// kept, workTreeLooked set (workTreeTop): a lstat a folder up to the
	// top, for each of a repository's links out, was each time the same.
	workTree       string
	workTreeLooked bool
}

// link is a directory symlink met in the second pass, followed in the third.
type link struct{ rel, real string }

// linkedFile is a file symlink and what it resolves to.
type linkedFile struct {
	rel, real string
	mode      fs.FileMode
	err       error // a broken link (throughLinks): resolving it failed
}

// layout is where the scan looks for inputs: capreg.json's settings after
// the flags. Snapshot.Overlay derives the layout of a proposed capreg.json
// the same way.
type layout struct {
	capDir    string
	capDirSet bool     // named by capreg.json: its absence is an error
	workflows []string // none = every markdown file
	cards     []string // none = everywhere
	schema    string
	// schemaFrom is what chooses the schema (Sources.ConfigSchemaFrom):
	// validate.SchemaFromRepoConfig or SchemaFromFlag, which named it;
	// SchemaFromDiscovery when nothing named one, so the scan uses the one
	// file named validate.SchemaFileName its walk meets (discoverSchema);
	// "" when capreg.json's "configSchema": "" asks for none.
	schemaFrom string
	// schemaSetting is what findings call the option that named the
	// schema when schemaFrom is SchemaFromFlag: Sources.ConfigSchemaSetting
	// (schemaSettingOf), which Snapshot.Overlay reads it back from.
	schemaSetting string
	// ownRepos are the folders the served scan did not walk for being git
	// repositories of their own (Sources.OwnRepositories); nil in a scan,
	// which finds them.
	ownRepos map[string]bool
}

// rootIndex is a layout with its roots in sets, so that routing a path
// looks up each folder on the way to it rather than trying every root: a
// scan and a change route each file, and trying 10,000 roots for each of
// 10,000 files took POST /validate 2 s and a scan 0.6 s
// (BenchmarkValidateChangeManyRoots).
type rootIndex struct {
	layout
	prioritySet map[string]bool // priorityRoots
	workflowSet map[string]bool // nil: every markdown file
	cardSet     map[string]bool // nil: everywhere
}

// schemaCandidates are the config schemas found that discovery chooses
// among, given the packages, judged against this layout as validation
// judges them (validate.SchemaCandidates).
func (l layout) schemaCandidates(packages, found []string) []string {
	return validate.SchemaCandidates(&validate.Sources{Packages: packages, CapabilitiesDir: l.capDir, WorkflowRoots: l.workflows, CardRoots: l.cards}, found)
}

func (l layout) index() rootIndex {
	return rootIndex{layout: l, prioritySet: rootSet(l.priorityRoots()), workflowSet: rootSet(l.workflows), cardSet: rootSet(l.cards)}
}

// inWorkflows and inCards say whether p is under one of the workflow or
// card roots.
func (x rootIndex) inWorkflows(p string) bool { return holds(x.workflowSet, p) }

func (x rootIndex) inCards(p string) bool { return holds(x.cardSet, p) }

// isWorkflow says whether the file at p is read as a workflow: markdown
// (*.md) under a workflow root, or a file capreg.json names as one
// whatever its name (ship.markdown, ship.MD): a file named on purpose and
// skipped for its extension would drop its step out of the contract
// without a word.
func (x rootIndex) isWorkflow(p string) bool {
	return x.workflowSet[p] || strings.HasSuffix(p, ".md") && x.inWorkflows(p)
}

// rootSet is the set of roots; nil for none.
func rootSet(roots []string) map[string]bool {
	if len(roots) == 0 {
		return nil
	}
	set := make(map[string]bool, len(roots))
	for _, r := range roots {
		set[r] = true
	}
	return set
}

// holds reports whether p or a folder holding it is in roots (under); no
// roots hold everything.
func holds(roots map[string]bool, p string) bool {
	if roots == nil {
		return true
	}
	for d := p; ; d = parentDir(d) {
		if roots[d] {
			return true
		}
		if d == "." {
			return false
		}
	}
}

// repoLayout is the layout capreg.json's settings give, each path confined
// to the repository (sc reports those that leave it).
func (sc *scanner) repoLayout(rc validate.RepoConfig) layout {
	l := layout{capDir: "capabilities", schemaFrom: validate.SchemaFromRepoConfig}
	switch {
	case rc.NoConfigSchema:
		l.schemaFrom = ""
	case rc.ConfigSchema == "":
		l.schemaFrom = validate.SchemaFromDiscovery
	}
	if p := sc.confine("capreg.json", rc.Capabilities); p != "" {
		l.capDir, l.capDirSet = p, true
	}
	for _, w := range rc.Workflows {
		if p := sc.confine("capreg.json", w); p != "" {
			l.workflows = append(l.workflows, p)
		}
	}
	for _, c := range rc.Cards {
		if p := sc.confine("capreg.json", c); p != "" {
			l.cards = append(l.cards, p)
		}
	}
	l.schema = sc.confine("capreg.json", rc.ConfigSchema)
	sc.src.ConfigSchemaRefused = rc.ConfigSchema != "" && l.schema == ""
	return l
}

// configure reads capreg.json and applies the flags over it.
func (sc *scanner) configure(opts ScanOptions) {
	sc.capDir, sc.schemaFrom = "capabilities", validate.SchemaFromDiscovery
	sc.caps = map[string]*validate.CapabilitySource{}
	abs := filepath.Join(sc.real, "capreg.json")
	sc.watchWay(abs) // before it is read
	// Resolved as every other input is, then read at its real path inside
	// the root: a link to it may be absolute, or leave and come back in.
	target, err := filepath.EvalSymlinks(abs)
	switch out := sc.outside(abs, target, err, false); {
	case err == nil && !out:
		sc.readConfig(abs, target)
	case out:
		sc.diag("capreg.json", "path-escape", validate.Error, "capreg.json is not read: %v", sc.escapeError(abs))
	case symlinkTarget(abs) != "":
		// A link to a configuration that is not there. Read as no
		// capreg.json, the defaults could make a valid but wrong
		// registry (an empty one, with the capabilities elsewhere).
		sc.diag("capreg.json", "file-unreadable", validate.Error,
			"capreg.json is %s; fix the link, or remove it to use the defaults", sc.brokenLink(abs, err))
	case !errors.Is(err, fs.ErrNotExist):
		sc.diag("capreg.json", "file-unreadable", validate.Error, "capreg.json cannot be read: %v", sc.relError(err, true))
	}
	sc.src.ConfigSchemaSetting = schemaSettingOf(opts) // for a finding asking for one to be named
	if opts.ConfigSchema != "" {
		p := opts.ConfigSchema
		if filepath.IsAbs(p) {
			p = sc.relToRoot(opts.Repo, p)
		}
		sc.schemaSetting = sc.src.ConfigSchemaSetting
		sc.schema, sc.schemaFrom = sc.confineAs("", p, opts.ConfigSchema), validate.SchemaFromFlag
		sc.src.ConfigSchemaRefused = sc.schema == ""
	}
}

// schemaSettingOf is what findings call opts.ConfigSchema's setting
// (ScanOptions.ConfigSchemaSetting).
func schemaSettingOf(opts ScanOptions) string {
	if opts.ConfigSchemaSetting != "" {
		return opts.ConfigSchemaSetting
	}
	return "ScanOptions.ConfigSchema"
}

// readConfig reads capreg.json, abs, whose real path inside the root is
// target, and lays the repository out as it says.
func (sc *scanner) readConfig(abs, target string) {
	st, err := os.Stat(target)
	if err != nil {
		sc.diag("capreg.json", "file-unreadable", validate.Error, "capreg.json cannot be read: %v", sc.relError(err, true))
		return
	}
	sc.read = append(sc.read, abs) // and its target, which may have any name
	f := sc.readReal("capreg.json", target, st.Mode().Type())
	sc.src.RepoConfig = &f
	rc, diags := validate.ParseRepoConfig(f)
	sc.src.Diagnostics = append(sc.src.Diagnostics, diags...)
	sc.layout = sc.repoLayout(rc)
}

// repoPath is the repository path of the real path real, "" when it is
// outside the repository.
func (sc *scanner) repoPath(real string) string {
	rel, err := filepath.Rel(sc.real, real)
	if err != nil || !filepath.IsLocal(rel) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// relToRoot makes an absolute path repository-relative: lexically against
// the repository path as given (it may be a link, like git-sync's current),
// else against the real root after resolving links.
func (sc *scanner) relToRoot(repo, p string) string {
	if repo == "" {
		repo = "."
	}
	if abs, err := filepath.Abs(repo); err == nil {
		if rel, err := filepath.Rel(abs, p); err == nil && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel)
		}
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	if rel, err := filepath.Rel(sc.real, p); err == nil {
		return filepath.ToSlash(rel)
	}
	return p
}

// confine cleans a configured repository-relative path and refuses one that
// leaves the root lexically; links are checked when the path is read. from
// names the configuration that gave the path ("" for a flag).
func (sc *scanner) confine(from, p string) string {
	return sc.confineAs(from, p, p)
}

// confineAs is confine, naming the path as the user gave it (an absolute
// --config-schema is made relative before it is checked).
func (sc *scanner) confineAs(from, p, given string) string {
	if p == "" {
		return ""
	}
	if from != "" && strings.Contains(p, `\`) {
		// capreg.json is read alike everywhere: ToSlash makes a backslash
		// a separator on Windows only, where "gsd-core\\workflows" was read
		// and named no folder on Linux.
		d := validate.Diagnostic{File: from, Rule: "config-file", Severity: validate.Error,
			Message: fmt.Sprintf("configured path %q holds a backslash, which Windows reads as a separator and Linux and macOS as part of a name; it is not read: write it with '/': %q", given, strings.ReplaceAll(p, `\`, "/"))}
		sc.placeConfiguredValue(&d, p)
		sc.src.Diagnostics = append(sc.src.Diagnostics, d)
		return ""
	}
	clean := path.Clean(filepath.ToSlash(p))
	// The drive looked for before Clean: "c:/../x" cleans to "x".
	drive := from != "" && (driveLetter(filepath.ToSlash(p)) || driveLetter(clean)) // "./c:/x" cleans to one too
	outside := path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../")
	if outside || filepath.VolumeName(p) != "" || drive {
		what := "configured path"
		if from == "" {
			what = sc.schemaSetting
		}
		why := "is outside the repository root"
		if !path.IsAbs(clean) && filepath.VolumeName(p) == "" && !drive {
			why += sc.checkoutHint(filepath.Join(sc.real, filepath.FromSlash(clean)))
		}
		if !outside {
			// "x:notes" may be a folder on Linux; Windows reads a drive.
			why = "starts with a drive letter, which Windows reads as another drive, outside the repository root"
		}
		d := validate.Diagnostic{File: from, Rule: "path-escape", Severity: validate.Error,
			Message: fmt.Sprintf("%s %q %s; it is not read", what, given, why)}
		if from == "capreg.json" {
			sc.placeConfiguredValue(&d, p) // the value refused, not another naming the same path
		}
		sc.src.Diagnostics = append(sc.src.Diagnostics, d)
		return ""
	}
	return clean
}

// driveLetter reports whether p starts with a Windows drive ("C:/x",
// "C:x"): absolute, or relative to another drive's current folder, on
// Windows, and so outside the repository root wherever capreg.json is read.
// Any byte before the colon, as Go's filepath reads a volume on Windows
// ("1:/tools" too).
func driveLetter(p string) bool {
	return len(p) >= 2 && p[1] == ':'
}

// under reports whether p is dir or inside it; "." holds everything.
func under(p, dir string) bool {
	return dir == "." || p == dir || strings.HasPrefix(p, dir+"/")
}

// priorityRoot is an input walked in the first pass (see Scan): the
// capabilities folder or a root capreg.json names.
type priorityRoot struct {
	path       string
	configured bool // named in capreg.json: its absence is an error
	folder     bool // must be a folder: the capabilities folder, a card root
}

// roots are the capabilities folder and the roots capreg.json names, each
// once however often it is named.
func (l layout) roots() []priorityRoot {
	roots := []priorityRoot{{l.capDir, l.capDirSet, true}}
	for _, w := range l.workflows {
		roots = append(roots, priorityRoot{w, true, false})
	}
	for _, c := range l.cards {
		roots = append(roots, priorityRoot{c, true, true})
	}
	return mergeRoots(roots)
}

// mergeRoots keeps the first entry of each path, with what every entry
// asks of it: named in capreg.json if any entry is, and a folder if any
// entry capreg.json names must be one (a default capabilities folder that
// capreg.json also names as a workflow root may then be a file).
func mergeRoots(roots []priorityRoot) []priorityRoot {
	var out []priorityRoot
	at := map[string]int{}
	for _, r := range roots {
		i, dup := at[r.path]
		if !dup {
			at[r.path] = len(out)
			out = append(out, r)
			continue
		}
		k := &out[i]
		switch {
		case r.configured && !k.configured:
			k.folder = r.folder
		case r.configured:
			k.folder = k.folder || r.folder
		}
		k.configured = k.configured || r.configured
	}
	return out
}

// walkPath walks one configured path, file or directory, following links.
func (sc *scanner) walkPath(root priorityRoot) error {
	rel := root.path
	if rel == "." {
		return nil // the whole tree: the second pass does it
	}
	abs := filepath.Join(sc.real, filepath.FromSlash(rel))
	target, err := sc.resolveWatched(abs)
	if sc.outside(abs, target, err, false) {
		what := fmt.Sprintf("configured path %q", rel)
		if !root.configured {
			what = "the capabilities folder" // the default one, capreg.json names none
		}
		sc.diag(rel, "path-escape", validate.Error, "%s is not read: %v", what, sc.escapeError(abs))
		return nil
	}
	if err != nil {
		sc.unresolvedRoot(root, abs, err)
		return nil
	}
	st, err := os.Stat(target)
	if err != nil {
		return nil
	}
	if st.IsDir() {
		return sc.walk(rel, target, true, nil)
	}
	if root.folder {
		sc.rootNotFolder(root, abs)
		return nil
	}
	// Its folder holds an input: watched and listed whole, as a walked one
	// (POST /validate judges changes beside it), even inside a skipped folder.
	sc.watch(filepath.Dir(target))
	sc.file(rel, target, st.Mode().Type())
	return nil
}

// unresolvedRoot reports a root whose path does not resolve (err): a
// configured one as missing, the default capabilities folder only where
// it is a broken link. A default folder simply absent is no finding.
func (sc *scanner) unresolvedRoot(root priorityRoot, abs string, err error) {
	rel := root.path
	switch broken := sc.brokenLink(abs, err); {
	case root.configured:
		if linkLoops(abs) {
			err = errLinkLoop // not "EvalSymlinks: too many links"
		}
		sc.rootFinding(rel, missingRootMessage(rel, sc.relError(err, false))+sc.didYouMean(rel, err))
	case broken != "" && rel == sc.capDir:
		// Not a repository without capabilities: one whose folder of
		// them was moved from under its link (a checkout's
		// capabilities -> ../shared/caps), which read as none would
		// replace the served registry with an empty one.
		sc.diag(rel, "file-unreadable", validate.Error,
			"the capabilities folder is %s, so no capability is read; restore what it points to, or remove the link", broken)
	}
}

// rootNotFolder reports a root that must be a folder and is a file: a
// configured one, or the capabilities folder.
func (sc *scanner) rootNotFolder(root priorityRoot, abs string) {
	rel := root.path
	switch {
	case root.configured:
		sc.rootFinding(rel, notFolderMessage(rel))
	case rel == sc.capDir:
		// As a link to nothing: read as no capabilities, it would
		// replace a served registry with an empty one.
		what := "a file"
		if broken := symlinkTarget(abs); broken != "" {
			what = "a symlink to " + broken + ", a file"
		}
		sc.diag(rel, "file-unreadable", validate.Error,
			"the capabilities folder is %s, not a folder, so no capability is read; make it the folder of the capability folders, or name another in capreg.json's \"capabilities\"", what)
	}
}

// walk visits a directory. rel is its logical (as linked) path, real its
// resolved path; follow says directory links are followed now rather than deferred.
//
// A directory reached twice is walked once, except a capability folder:
// every logical capability folder counts (capabilities/b may be a link to
// capabilities/a, and is then a capability folder of its own). Below that
// level only fragments matter, and they are resolved by path when read, so
// a directory is not walked again there: links between the sub-folders of
// a capability would otherwise multiply the paths without bound. The real
// paths on the way down stop link cycles.
func (sc *scanner) walk(rel, real string, follow bool, above []string) error {
	if err := sc.ctx.Err(); err != nil {
		return err
	}
	if sc.over != nil {
		return errInputBudget
	}
	if slices.Contains(above, real) {
		return nil // a link back to a directory being walked
	}
	if !sc.visit(rel, real) {
		return nil
	}
	if rel != "." && strings.Count(rel, "/") >= maxWalkDepth { // its depth, as the path reads
		sc.tooDeep(rel)
		return nil
	}
	d, err := sc.openDir(real)
	if err != nil {
		if rel == "." { // named, as a failure to open it names it
			name := strings.TrimSuffix(sc.root.Name(), string(filepath.Separator))
			return fmt.Errorf("%w %s: %w", ErrRepo, name, plainly(name, err))
		}
		sc.unreadableDir(rel, "directory not read", err)
		return nil
	}
	entries, err := d.list()
	err = dirError(err)
	if d = sc.hold(d); d != nil {
		defer sc.release(d)
	}
	if err != nil {
		sc.unreadableDir(rel, "directory not fully read", err)
	} else {
		sc.tree.record(sc.links, sc.treeDir(real), entries)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	above = append(above, real)
	parent, parentReal := sc.dir, sc.dirReal
	sc.dir, sc.dirReal = d, real
	defer func() { sc.dir, sc.dirReal = parent, parentReal }()
	for _, e := range entries {
		if err := sc.entry(rel, real, e, follow, above); err != nil {
			return err
		}
	}
	return nil
}

// visit notes the directory real reached as rel as visited and says
// whether to walk it: the first time, as a capability folder each time,
// and once more when reached under its own name after a link to it.
func (sc *scanner) visit(rel, real string) bool {
	capFolder := sc.capDir != "." && rel != sc.capDir && path.Dir(rel) == sc.capDir
	again := sc.viaLink[real] && !sc.insideDirLink // now under its own name
	if sc.visited[real] && !capFolder && !again {
		return false
	}
	sc.tree.alias(rel, filepath.ToSlash(sc.rootRel(real))) // read through a link
	if capFolder {
		sc.capFolderReal[path.Base(rel)] = real
	}
	switch {
	case !sc.visited[real]:
		sc.visited[real] = true
		sc.dirs = append(sc.dirs, real)
		sc.enter(real)
		if sc.insideDirLink {
			sc.viaLink[real] = true
		}
	case again:
		delete(sc.viaLink, real)
	}
	return true
}

// openDir opens the directory at the real path p to list it and to open
// its entries from (unless that fails where listing does not: see
// walkDir.opensEntries): from the directory being walked when p is one of
// its entries, else from the repository root. A failure is that of
// opening p from the root, as before there were directory roots, whose
// message names the path from the repository root.
func (sc *scanner) openDir(p string) (*walkDir, error) {
	if sc.dir != nil && filepath.Dir(p) == sc.dirReal {
		if d, ok := sc.dir.openDir(filepath.Base(p)); ok {
			return d, nil
		}
	}
	rel := filepath.FromSlash(sc.rootRel(p))
	if d, f, ok := listable(sc.root, rel); ok {
		return newWalkDir(d, f, p), nil
	}
	f, err := sc.root.Open(asDir(rel))
	if err != nil {
		return nil, dirError(err)
	}
	return listOnly(f, p), nil
}

// dirError names the directory of a failure to open or list one (asDir)
// as it is, without the separator added at its end: the one place that
// takes it off, for the scan's diagnostics and for plainly's words.
func dirError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = strings.TrimSuffix(pe.Path, string(filepath.Separator))
	}
	return err
}

// asDir is a path to open as a directory: with a separator at its end,
// the system refuses anything else at once. Opening a FIFO, which the
// tree may hold in a folder's place (swapped in after the scan listed a
// folder there, or given as the repository), blocks until a writer comes,
// in a system call no signal ends; os.Root opens with no O_DIRECTORY nor
// O_NONBLOCK.
func asDir(p string) string {
	if strings.HasSuffix(p, string(filepath.Separator)) {
		return p
	}
	return p + string(filepath.Separator)
}

// maxWalkDepth is how many folders deep below the repository root the
// walk reads: past maxHeldDirs each folder is opened from the root, its
// path resolved again, so a chain of 15,000 folders took 98 s and 2.2 GB;
// no repository nests so deep.
const maxWalkDepth = 256

// errTooDeep is the reason a folder past maxWalkDepth is not read.
var errTooDeep = fmt.Errorf("it is over %d folders below the repository root, past which capreg reads nothing", maxWalkDepth)

// maxHeldDirs bounds the directory roots a walk holds open, one for each
// level it is inside: deeper, a directory's entries are opened from the
// repository root, as they were before, so that a deep tree does not run
// a process with a low limit on open files out of them.
const maxHeldDirs = 16

// hold keeps d open while its entries are walked, or closes it and
// returns nil when its entries cannot be opened from it or maxHeldDirs
// are open already.
func (sc *scanner) hold(d *walkDir) *walkDir {
	if !d.opensEntries() || sc.held == maxHeldDirs {
		d.close()
		return nil
	}
	sc.held++
	return d
}

// release closes a directory hold kept.
func (sc *scanner) release(d *walkDir) {
	sc.held--
	d.close()
}

// listable opens the directory name of from as a root, and that root's
// "." to list it.
func listable(from *os.Root, name string) (*os.Root, *os.File, bool) {
	d, err := from.OpenRoot(asDir(name))
	if err != nil {
		return nil, nil, false
	}
	f, err := d.Open(".")
	if err != nil {
		d.Close()
		return nil, nil, false
	}
	return d, f, true
}

// openedFile is a file the scan opened to read: an *os.File, or on Linux
// a bare descriptor (walkDir.openFile).
type openedFile interface {
	io.ReadCloser
	Stat() (fs.FileInfo, error)
}

// openFile opens the file at the real path p for reading, without
// blocking (see readReal): by name from the directory being walked when
// it is one of its entries, else, or when that fails, from the root.
func (sc *scanner) openFile(p string) (openedFile, error) {
	if sc.dir != nil && filepath.Dir(p) == sc.dirReal {
		if fh, err := sc.dir.openFile(filepath.Base(p)); err == nil {
			return fh, nil
		}
	}
	fh, err := sc.root.OpenFile(sc.rootRel(p), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	return fh, nil
}

// unreadableDir reports a directory the walk could not list. Where inputs
// may live (the capabilities folder and what leads to it, a card or
// workflow root, or anywhere when those roots are the whole repository) it
// is an error: the capabilities, cards or workflows inside would silently
// drop out of the registry, and a daemon would serve the smaller registry
// as a good one. Elsewhere it is a warning.
func (sc *scanner) unreadableDir(rel, what string, err error) {
	severity, advice := validate.Warning, ""
	if sc.mayHoldInputs(rel) {
		severity, advice = validate.Error, "; the inputs inside it cannot be checked: make it readable, or move it out of the repository"
	}
	if errors.Is(err, fs.ErrNotExist) {
		// Listed by its folder, gone when opened: neither permissions nor
		// moving it would help, only looking again.
		advice = "; it vanished during the scan (deleted or moved): run the check again"
		if severity == validate.Error { // it failed the scan (see Sources.Vanished)
			sc.src.Vanished = append(sc.src.Vanished, rel)
		}
	}
	sc.diag(rel, "file-unreadable", severity, "%s: %v%s", what, err, advice)
}

// tooDeep reports a folder past maxWalkDepth: an error inside the
// capabilities folder or a card or workflow root capreg.json names, where
// inputs are expected; elsewhere a warning, as a deep tree of fixtures or
// vendored code holds none that anyone meant, and must not fail the gate.
func (sc *scanner) tooDeep(rel string) {
	inside := func(root string) bool { return under(rel, root) }
	if inside(sc.capDir) || slices.ContainsFunc(sc.cards, inside) || slices.ContainsFunc(sc.workflows, inside) {
		sc.diag(rel, "file-unreadable", validate.Error, "directory not read: %v; the inputs inside it cannot be checked: move them higher up", errTooDeep)
		return
	}
	sc.diag(rel, "file-unreadable", validate.Warning, "directory not read: %v", errTooDeep)
}

// skipped notes a folder (or a link to one) at rel, named name, that the
// walk does not read for its name (Sources.SkippedDirs): a finding that a
// step's workflow is missing names it, as the workflow may have been moved
// there. Only its name, met anyway: nothing inside it is listed. .git and
// the atomic writer's ..data folders hold no workflow anyone moved.
func (sc *scanner) skipped(name, rel string) {
	if name != ".git" && !strings.HasPrefix(name, "..") {
		sc.src.SkippedDirs = append(sc.src.SkippedDirs, rel)
	}
}

// mayHoldInputs reports whether a directory is, is inside, or leads to a
// place capreg reads inputs from.
func (sc *scanner) mayHoldInputs(rel string) bool {
	related := func(root string) bool { return under(rel, root) || under(root, rel) }
	return related(sc.capDir) || len(sc.cards) == 0 || len(sc.workflows) == 0 ||
		slices.ContainsFunc(sc.cards, related) || slices.ContainsFunc(sc.workflows, related)
}

// entry handles one directory entry.
func (sc *scanner) entry(dirRel, dirReal string, e fs.DirEntry, follow bool, above []string) error {
	name := e.Name()
	child := name
	if dirRel != "." {
		child = dirRel + "/" + name
	}
	childReal := filepath.Join(dirReal, name)
	mode := e.Type()
	if editorLock(name) && !mode.IsDir() {
		return nil
	}
	if mode&fs.ModeSymlink != 0 {
		return sc.linkEntry(name, child, childReal, follow, above)
	}
	if mode.IsDir() {
		if SkipDir(name) {
			sc.skipped(name, child)
			return nil
		}
		if sc.ownRepository(child, childReal) {
			return nil
		}
		if _, inner, ok := sc.capabilitySource(child); ok && inner == "capability.json" {
			// Not a capability without a manifest: a manifest that is no file.
			sc.fileError(child, validate.ErrIsDirectory)
			sc.tree.note(child, entryDir)
		}
		return sc.walk(child, childReal, follow, above)
	}
	if sc.insideDirLink && !sc.namedByPath(child) {
		sc.throughLinks = append(sc.throughLinks, linkedFile{rel: child, real: childReal, mode: mode})
		return nil
	}
	sc.file(child, childReal, mode)
	return nil
}

// linkEntry handles an entry that is a symbolic link, named name, at
// child in the repository and childReal on disk: it watches its way when
// it may move an input, notes it when it dangles, and hands a link to a
// directory to linkedDir and a link to a file to the linked files.
func (sc *scanner) linkEntry(name, child, childReal string, follow bool, above []string) error {
	target, err := sc.resolveLink(child, childReal)
	if (err != nil || target != lexicalTarget(childReal)) && sc.readsThrough(child, target, err) && sc.linkOnWay(childReal) {
		// Its way is watched, as an input named by path's is:
		// repointing node_modules/a moves what docs/x.card.json, or
		// docs/cards, links through it, lead to, with no change where
		// either is read. Only then: a way per link of a repository of
		// 20,000 linked cards slowed every rebuild fourfold.
		sc.watchWay(childReal)
	}
	if err != nil {
		if sc.isInput(child) {
			sc.linkError(child, childReal, err)
		}
		// Where the tree lists nothing (a capability folder), a
		// dangling declaration is still noted: a change may make it
		// resolve.
		sc.tree.note(child, entryLink)
		sc.tree.noteLink(sc.links, child)
		return nil
	}
	st, err := os.Stat(target)
	if err != nil {
		return nil
	}
	if st.IsDir() {
		return sc.linkedDir(name, child, target, follow, above)
	}
	// A linked file: inputs named by path are read now; cards and
	// workflows wait, so the file under its own name wins.
	sc.linkedFiles = append(sc.linkedFiles, linkedFile{rel: child, real: target, mode: st.Mode().Type()})
	return nil
}

// linkedDir handles a link, named name, at child in the repository, to
// the directory target: walked now when follow is set, else deferred to
// the pass that follows links (see Scan). A link in the capabilities
// folder is kept in capLinks, for finish to warn of one that leads to no
// capability.json.
func (sc *scanner) linkedDir(name, child, target string, follow bool, above []string) error {
	if SkipDir(name) {
		sc.skipped(name, child)
		return nil
	}
	if inGitDir(sc.real, target) || sc.ownRepository(child, target) {
		return nil
	}
	if _, inner, ok := sc.capabilitySource(child); ok && inner == "capability.json" {
		// As for a directory of that name (see entry): a link to one
		// is a manifest that is no file, not a folder without one.
		sc.fileError(child, validate.ErrIsDirectory)
		// Noted as the directory is: nothing can be written
		// there, and deleting its target makes it dangle.
		sc.tree.note(child, entryLink|entryDir)
		sc.tree.noteLink(sc.links, child)
	}
	if sc.capDir != "." && path.Dir(child) == sc.capDir {
		sc.capLinks[name] = sc.shown(target, true)
	}
	if !follow {
		sc.deferred = append(sc.deferred, link{child, target})
		return nil
	}
	return sc.walkLink(child, target, above)
}

// walkLink walks the directory a link leads to, under the link's name; in
// the first pass, as linked (see Scan).
func (sc *scanner) walkLink(rel, real string, above []string) error {
	if !sc.firstPass || sc.insideDirLink {
		return sc.walk(rel, real, true, above)
	}
	sc.insideDirLink = true
	defer func() { sc.insideDirLink = false }()
	return sc.walk(rel, real, true, above)
}

// linkError reports an input link that dangles or leaves the root (err),
// at rel, its name, and real, its own path. Met through a directory link
// in the first pass, it waits for the second, which may meet it under its
// own name; a capability's manifest is found by the path naming it, and
// reported at once.
func (sc *scanner) linkError(rel, real string, err error) {
	if sc.insideDirLink && !sc.namedByPath(rel) {
		sc.throughLinks = append(sc.throughLinks, linkedFile{rel: rel, real: real, err: err})
		return
	}
	if sc.failed[real] {
		return // reported under another name: a capability's, at once
	}
	sc.failed[real] = true // its other names add nothing
	sc.fileError(rel, err)
}

// namedByPath reports whether rel is an input found by the path that names
// it, whatever links lead there: a capability's manifest, the central config
// schema. The first pass routes it at once, even through a directory link,
// so that its own name, met later, counts it no second time, neither as a
// stray declaration nor as a second broken link.
func (sc *scanner) namedByPath(rel string) bool {
	_, inner, ok := sc.capabilitySource(rel)
	return ok && inner == validate.ManifestName || rel == sc.schema
}

// routeThroughLink routes what the first pass met through a directory
// link, after the second pass: a file the walk routed under its own name
// counts once, as a broken link reported there.
func (sc *scanner) routeThroughLink(lf linkedFile) {
	switch {
	case lf.err == nil:
		sc.file(lf.rel, lf.real, lf.mode)
	case !sc.failed[lf.real]:
		sc.fileError(lf.rel, lf.err)
	}
}

// editorLock reports an editor's lock file: Emacs marks a file being
// edited with .#name beside it, a dangling symlink (a small file where
// links cannot be made) that is no input, though its name may end in
// .card.json.
func editorLock(name string) bool { return strings.HasPrefix(name, ".#") }

// treeDir is the Tree's name for a walked directory: its real path relative
// to the root, slash-separated, or "" for one the Tree does not list (inside
// a capability folder: nearly all the directories of a large repository,
// and they matter only to a fragment nobody read, which Snapshot.Overlay
// leaves to a rescan). The declarations and fragments read there are noted
// one by one (Tree.note).
func (sc *scanner) treeDir(real string) string {
	if sc.tree == nil {
		return ""
	}
	rel, err := filepath.Rel(sc.real, real)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return ""
	}
	if rel = filepath.ToSlash(rel); sc.capDir != "." && strings.HasPrefix(rel, sc.capDir+"/") {
		return ""
	}
	return rel
}

// rootRel returns a real path relative to the root, for os.Root calls.
func (sc *scanner) rootRel(real string) string {
	r, err := filepath.Rel(sc.real, real)
	if err != nil {
		return "."
	}
	return r
}

// errDangling is a symlink whose target does not exist; errLinkLoop one
// that leads back to itself. validate's, so that its findings of an input
// that is such a link can say what to do.
var (
	errDangling = validate.ErrDangling
	errLinkLoop = validate.ErrLinkLoop
)

// linkFailure is why the symlink abs does not resolve, err being what
// resolving it said: a loop, or a target that is not there.
func (sc *scanner) linkFailure(abs string, err error) error {
	if err = sc.resolveError(abs, err); err == errLinkLoop {
		return err
	}
	return fmt.Errorf("%w: %w", errDangling, err)
}

// resolveError is err, what resolving abs said, as a finding shows it: a
// loop named so (not "EvalSymlinks: too many links"), or the path err
// names as the repository names it, never where the checkout lives
// ("lstat /srv/…/x.md: file name too long"): findings are served to
// every client.
func (sc *scanner) resolveError(abs string, err error) error {
	if linkLoops(abs) {
		return errLinkLoop
	}
	return sc.relError(err, !absoluteLink(abs))
}

// brokenLink describes abs when it is itself a symlink that does not
// resolve, err being what resolving it said: "a symlink to caps-old,
// which does not exist", or, where the link it names is what dangles, "a
// symlink to caps2, which leads to nothing (lstat caps-gone: no such file
// or directory)". "" when abs is no symlink.
func (sc *scanner) brokenLink(abs string, err error) string {
	text := symlinkTarget(abs)
	if text == "" {
		return ""
	}
	next := text
	if !filepath.IsAbs(next) {
		next = filepath.Join(filepath.Dir(abs), next)
	}
	switch {
	case linkLoops(abs):
		return fmt.Sprintf("a symlink to %s that leads back to itself", text)
	case pathExists(next):
		return fmt.Sprintf("a symlink to %s, which leads to nothing (%v)", text, sc.relError(err, !filepath.IsAbs(text)))
	}
	return fmt.Sprintf("a symlink to %s, which does not exist", text)
}

// symlinkTarget is the text of the symlink abs, or "" for no symlink.
func symlinkTarget(abs string) string {
	fi, err := os.Lstat(abs)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return ""
	}
	text, _ := os.Readlink(abs)
	return text
}

// linkLoops reports whether resolving abs comes back round (ELOOP).
func linkLoops(abs string) bool {
	_, err := os.Stat(abs)
	return errors.Is(err, syscall.ELOOP)
}

// pathExists reports whether p is there, a dangling link included.
func pathExists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// resolveLink resolves a symlink. A link leaving the root is never followed:
// where it names an input the input reports it (path-escape, or
// fragment-escape for a fragment); elsewhere it is a warning.
func (sc *scanner) resolveLink(rel, abs string) (string, error) {
	target, err := filepath.EvalSymlinks(abs)
	switch out := sc.outside(abs, target, err, true); {
	case err == nil && !out:
		return target, nil
	case !out:
		return "", sc.linkFailure(abs, err)
	}
	// Out, whether or not anything is there: what exists outside the
	// root is none of a finding's business.
	escape := sc.escapeError(abs)
	if !sc.isInput(rel) && !sc.isWalkRoot(rel) {
		sc.diag(rel, "path-escape", validate.Warning, "%v; it is not followed", escape)
	}
	return "", escape
}

// relError is err with the path of a *fs.PathError shown as sc.shown shows
// it.
func (sc *scanner) relError(err error, relative bool) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	return &fs.PathError{Op: pe.Op, Path: sc.shown(pe.Path, relative), Err: pe.Err}
}

// escapeError is why abs, whose way leaves the repository root, is not
// read, naming what the repository wrote and never where it resolves out
// there (the server's working folder, for /proc/self/cwd, shown to every
// client of GET /status): "symlink to /proc/self/cwd resolves outside the
// repository root", or, where another link on the way leaves, "symlink to
// proc/self/cwd resolves outside the repository root, through docs/proc, a
// link to /proc".
func (sc *scanner) escapeError(abs string) error {
	subject := "path"
	own, at := sc.ownLink(abs)
	if own != "" {
		subject = "symlink to " + own
	}
	hint := sc.checkoutHint(abs)
	name, text, ok := sc.leavingLink(abs)
	if leaving := filepath.Join(sc.real, filepath.FromSlash(name)); !ok || leaving == abs || leaving == at {
		return fmt.Errorf("%s %w%s", subject, validate.ErrEscapesRoot, hint)
	}
	return fmt.Errorf("%s %w, through %s, a link to %s%s", subject, validate.ErrEscapesRoot, name, text, hint)
}

// checkoutHint says, of abs, whose way leaves the repository root (a
// link, or a path capreg.json or --config-schema names), where
// it resolves when that is elsewhere in the git work tree holding the
// root: --repo names a folder of the checkout (a monorepo's product,
// /git/current/products/a) and the link reaches shared files beside it.
// Both are named relative to the work tree's top, never where it lives
// on the server. "" where abs resolves outside the work tree, or not at
// all, or the root is the work tree's top.
func (sc *scanner) checkoutHint(abs string) string {
	top := sc.workTreeTop()
	if top == "" || top == sc.real || !within(top, sc.real) {
		return ""
	}
	target, err := filepath.EvalSymlinks(abs)
	if err != nil || !within(top, target) || within(sc.real, target) {
		return ""
	}
	repo, err1 := filepath.Rel(top, sc.real)
	to, err2 := filepath.Rel(top, target)
	if err1 != nil || err2 != nil || to == ".git" || strings.HasPrefix(to, ".git"+string(filepath.Separator)) {
		return ""
	}
	what := "file"
	if st, err := os.Stat(target); err == nil && st.IsDir() {
		what = "folder"
	}
	return fmt.Sprintf(", to %s, elsewhere in the same git checkout: --repo (its folder %s) is narrower than the checkout, and nothing outside it is read: copy the %s into %s",
		filepath.ToSlash(to), filepath.ToSlash(repo), what, filepath.ToSlash(repo))
}

// workTreeTop is WorkTreeTop of the root, looked up once a scan.
func (sc *scanner) workTreeTop() string {
	if !sc.workTreeLooked {
		sc.workTree, sc.workTreeLooked = WorkTreeTop(sc.real), true
	}
	return sc.workTree
}

// ownLink is the text of abs, and where it is, when abs is a symlink in
// a folder inside the root, else "": the last component of
// docs/proc/self/cwd, read through docs/proc, a link to /proc, is a link
// of the server's.
func (sc *scanner) ownLink(abs string) (text, at string) {
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil || !within(sc.real, dir) {
		return "", ""
	}
	at = filepath.Join(dir, filepath.Base(abs))
	return symlinkTarget(at), at
}

// absoluteLink reports whether abs is a symlink whose text is an absolute
// path.
func absoluteLink(abs string) bool {
	text, err := os.Readlink(abs)
	return err == nil && filepath.IsAbs(text)
}

// shown is how a finding names the absolute path p: relative to the
// repository root (slash-separated) when p is inside it, or, with
// relative, when p was reached by a relative link ("../elsewhere"), as the
// link names it. Findings are served to every client (GET /status), and
// where the checkout lives on the server (git-sync's volume, the commit's
// worktree) is none of theirs. An absolute link's target is what the
// repository itself says, and stays as it is.
func (sc *scanner) shown(p string, relative bool) string {
	if !within(sc.real, p) && !relative {
		return p
	}
	rel, err := filepath.Rel(sc.real, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(rel)
}

// within reports whether p is root or under it; a root ending in a
// separator ("/", "C:\\") holds every path that starts with it.
func within(root, p string) bool {
	if strings.HasSuffix(root, string(filepath.Separator)) {
		return strings.HasPrefix(p, root)
	}
	return p == root || strings.HasPrefix(p, root+string(filepath.Separator))
}

// isWalkRoot reports whether rel is a root walked first (walkPath), whose
// link out of the repository walkPath reports as an error: the walk that
// meets the link again must not add a warning about the same link.
func (sc *scanner) isWalkRoot(rel string) bool { return sc.prioritySet[rel] }

// isInput reports whether a path is one capreg reads, by name or place. A
// file named validate.SchemaFileName is one while nothing names the schema:
// discovery would read it, so a link of it out of the repository is an
// error, as the same link named is, not a warning after which the key
// collisions it holds went unchecked and the gate passed.
func (sc *scanner) isInput(rel string) bool {
	base := path.Base(rel)
	return base == "capability.json" || strings.HasSuffix(base, ".card.json") || rel == sc.schema ||
		rel == "capreg.json" || (under(rel, sc.capDir) && rel != sc.capDir) ||
		base == validate.SchemaFileName && sc.schemaFrom == validate.SchemaFromDiscovery
}

// diag records a finding of rule about file, unplaced (line 0).
func (sc *scanner) diag(file, rule string, sev validate.Severity, format string, args ...any) {
	sc.src.Diagnostics = append(sc.src.Diagnostics, validate.Diagnostic{
		File: file, Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// fileError routes an input that could not be resolved to where it belongs,
// so that the check that reads it reports the problem once.
func (sc *scanner) fileError(rel string, err error) {
	f := validate.File{Path: rel, Err: err}
	switch {
	case under(rel, sc.capDir) && rel != sc.capDir:
		cs, inner, ok := sc.capabilitySource(rel)
		switch {
		case !ok:
			// A capability folder that is itself a broken or escaping link.
			rule := "file-unreadable"
			if errors.Is(err, validate.ErrEscapesRoot) {
				rule = "path-escape"
			}
			sc.diag(rel, rule, validate.Error, "capability folder not read: %v", err)
		case inner == "capability.json":
			cs.Manifest = f
		}
		// Other files of the folder matter only as fragments, which are
		// resolved (and their links judged) when they are read.
	case strings.HasSuffix(rel, ".card.json") && sc.inCards(rel):
		sc.src.Cards = append(sc.src.Cards, validate.CardSource{File: f, ToolPath: strings.TrimSuffix(rel, ".card.json")})
	case rel == sc.schema:
		sc.src.ConfigSchema = &f
	case rel == "capreg.json":
		// configure reported it, before the walk
	default:
		rule := "file-unreadable"
		if errors.Is(err, validate.ErrEscapesRoot) {
			rule = "path-escape"
		}
		sc.src.Diagnostics = append(sc.src.Diagnostics, validate.Diagnostic{File: rel, Rule: rule, Severity: validate.Error, Message: err.Error()})
	}
}

// file routes one file to the inputs it belongs to. Capability manifests
// and the config schema are routed by the path they are named by; a card or
// workflow reached under two names (a link) counts once, under the first
// name (a regular file's own name comes before any link to it).
func (sc *scanner) file(rel, real string, mode fs.FileMode) {
	sc.routeByName(rel, real, mode)
	isCard := strings.HasSuffix(rel, ".card.json") && sc.inCards(rel)
	if !isCard && strings.HasSuffix(rel, ".card.json") || path.Base(rel) == validate.ManifestName && !under(rel, sc.capDir) && !sc.strayReal[real] {
		sc.noteUnread(rel, real)
	}
	if _, misnamed := validate.MisnamedCard(rel); misnamed && sc.inCards(rel) {
		sc.src.MisnamedCards = append(sc.src.MisnamedCards, rel)
		sc.tree.note(rel, entryFile) // as a stray declaration is: a change renaming it is judged without a rescan
	}
	if !isCard && !sc.isWorkflow(rel) {
		return
	}
	if sc.seenFiles[real] {
		return
	}
	sc.seenFiles[real] = true
	f := sc.readRealUnnoted(rel, real, mode)
	if isCard || !under(rel, sc.capDir) {
		sc.noteVanished(rel, f) // reported below; a capability's markdown only as a fragment (shareFragment)
	}
	if isCard {
		sc.addCard(rel, f)
		return
	}
	sc.addMarkdown(rel, real, f)
}

// routeByName routes the file by its path alone, before whether it is a
// card or a workflow is asked: a config schema (every one found, and the
// one in use), a package's capreg.json, a capability's manifest or link
// text, an editor's leftover or a stray declaration.
func (sc *scanner) routeByName(rel, real string, mode fs.FileMode) {
	if path.Base(rel) == validate.SchemaFileName && !sc.foundReal[real] {
		if sc.foundReal == nil {
			sc.foundReal = map[string]bool{}
		}
		sc.foundReal[real] = true
		sc.found = append(sc.found, linkedFile{rel: rel, real: real, mode: mode})
	}
	if rel == sc.schema {
		f := sc.readReal(rel, real, mode)
		sc.src.ConfigSchema = &f
	}
	if rel != "capreg.json" && path.Base(rel) == "capreg.json" {
		sc.src.Packages = append(sc.src.Packages, path.Dir(rel)) // a package of a monorepo
	}
	if cs, inner, ok := sc.capabilitySource(rel); ok && inner == "capability.json" {
		cs.Manifest = sc.readReal(rel, real, mode)
		sc.tree.note(rel, entryFile)
		sc.manifestReal[real] = true
	} else if validate.LinkTextName(rel, sc.capDir) {
		sc.linkText(rel, real, mode)
	} else if kind := validate.StrayKind(rel, sc.capDir); kind == validate.StrayMisnamed && validate.EditorLeftover(path.Base(rel)) {
		// An editor's copy (capability.json~, .bak, an atomic save's
		// .tmp1234): a stray only where its folder has no declaration,
		// which finish knows.
		sc.leftovers = append(sc.leftovers, linkedFile{rel: rel, real: real})
	} else if kind != "" && !sc.strayReal[real] {
		sc.strayReal[real] = true
		sc.strays = append(sc.strays, linkedFile{rel: rel, real: real})
		// Noted, as a declaration is, so that a change renaming it (what
		// its warning asks for) can be judged without a rescan.
		sc.tree.note(rel, entryFile)
	}
}

// addCard adds the card read at rel with what validation asks of its
// tool: whether it exists, leaves the root, and the command it names.
func (sc *scanner) addCard(rel string, f validate.File) {
	tool := strings.TrimSuffix(rel, ".card.json")
	exists := sc.isTool(tool)
	c := validate.CardSource{File: f, ToolPath: tool, ToolExists: exists, ToolLeaves: !exists && sc.leavesRoot(tool)}
	sc.cardCommand(&c)
	sc.src.Cards = append(sc.src.Cards, c)
}

// addMarkdown keeps a workflow or capability markdown read at rel: under
// the capabilities folder as a fragment a declaration may name, and as a
// workflow where it may hold a marker.
func (sc *scanner) addMarkdown(rel, real string, f validate.File) {
	if under(rel, sc.capDir) && len(f.Data) <= maxSharedRead {
		sc.fragmentByReal[real] = f // a fragment, maybe: see readFragment
	}
	switch {
	case f.Err != nil && under(rel, sc.capDir):
		// A capability's own file that cannot be read (too large, a
		// FIFO, unreadable): reported once, where a declaration names it
		// as a fragment, not again as markdown that might hold a marker.
	case f.Err != nil || validate.MayHoldMarkerOrCalls(f.Data):
		// Markdown that cannot be read (a FIFO too) might hold a marker:
		// validation says it was not scanned, rather than nothing. One
		// with call sites alone is kept to be named where its step's
		// marker is missing.
		sc.src.Workflows = append(sc.src.Workflows, f)
	}
}

// linkText reads the file at rel, directly in the capabilities folder
// (validate.LinkTextName), into Sources.LinkTexts when it is small enough
// to be a link's text, and notes it, as a declaration is, for an overlay.
func (sc *scanner) linkText(rel, real string, mode fs.FileMode) {
	sc.tree.note(rel, entryFile)
	// Read, for the watcher, whatever its size (a write may make it
	// small), but sized before it is read: a folder of 10,000 dotless
	// files of 64 KiB was read whole (0.02 s → 0.24 s, 22 → 107 MB for
	// check). One grown since its size was taken is left out too.
	if f := sc.readRealUpTo(rel, real, mode, validate.MaxLinkText); f.Err == nil && len(f.Data) <= validate.MaxLinkText {
		sc.src.LinkTexts = append(sc.src.LinkTexts, f)
	}
}

// mayBeRead reports whether writing to the file at the real path p can
// change what a scan reads: p may name one of read (Input.Read, matched by
// nameKey, as a case-insensitive file system may report it in another
// case), its name is one a scan reads by (a declaration, a card, markdown
// that may hold a marker, capreg.json), wherever it is, or it may be a
// short alias of any name (shortAlias). Any other file (a log, an
// editor's swap file, a card's tool, a capability folder's file no
// declaration names) matters only by its name and kind, which a write
// does not change. Where in doubt it says yes: a rebuild too many costs
// little, a write ignored serves a stale registry.
func mayBeRead(p string, read readSet) bool {
	base := filepath.Base(p)
	return inputName(base) || shortAlias(base) || read.has(p)
}

// reads reports whether a file at rel is read as an input.
func (sc *scanner) reads(rel string) bool {
	if _, inner, ok := sc.capabilitySource(rel); ok && inner == "capability.json" {
		return true
	}
	return rel == sc.schema || (strings.HasSuffix(rel, ".card.json") && sc.inCards(rel)) || sc.isWorkflow(rel)
}

// watch adds a directory the walk did not enter to those a daemon watches:
// where an input reached through a link lives, which may be a folder the
// walk skips (node_modules/, vendor/) or one outside every walked path.
// Without it, edits to that input would go unseen.
// The directories are added when the scan ends, to those the walk did not
// visit: marking them visited now would keep the walk out of them. Call it
// before reading the input, so that the daemon watches the directory first.
func (sc *scanner) watch(dir string) {
	if !sc.linkDirSet[dir] {
		sc.linkDirSet[dir] = true
		sc.linkDirs = append(sc.linkDirs, dir)
		sc.enter(dir)
	}
}

// resolveWatched resolves abs, an input named by path (capreg.json, a
// configured root, the config schema), after watching the way to it:
// watch, then read, or what changes in between goes unseen.
func (sc *scanner) resolveWatched(abs string) (string, error) {
	sc.watchWay(abs)
	return filepath.EvalSymlinks(abs)
}

// watchWay records abs as an input named by path and has the entries that
// decide where it leads watched (see addWays), before they are
// resolved: each link on the way (repointing node_modules/@gsd/core moves
// what is read without a change where it was read), each real folder on
// it by name, its last component, or the first one missing, which sees it
// appear. Only those entries: a folder
// on the way, such as node_modules/, is not read, and its other entries
// are no change. Inside a skipped folder no walk would watch them.
func (sc *scanner) watchWay(abs string) {
	sc.named = append(sc.named, abs)
	ways := map[string][]string{}
	addWays(ways, abs)
	for _, dir := range slices.Sorted(maps.Keys(ways)) {
		if within(sc.real, dir) && sc.entering != nil {
			sc.entering(dir, ways[dir]...)
		}
	}
}

// maxLinkHops bounds the links followed resolving one path (addWays).
const maxLinkHops = 40

// enter tells the watcher, if any, about a directory the scan is about to
// read.
func (sc *scanner) enter(dir string) {
	if sc.entering != nil {
		sc.entering(dir)
	}
}

// namesTool reports whether a card's tool path can name a file at all:
// "bin/.card.json" leaves the folder itself.
func namesTool(tool string) bool { return tool != "" && !strings.HasSuffix(tool, "/") }

// isTool reports whether a card's tool is there: a file (or a link to one),
// not a directory, and not the folder itself, as for "bin/.card.json".
func (sc *scanner) isTool(tool string) bool {
	if !namesTool(tool) {
		return false
	}
	fi, err := sc.stat(sc.root, tool)
	return err == nil && !fi.IsDir()
}

// cardCommand sets what is at the path the card's command names
// (validate.CardSource.CommandPath): a file (or a link to one, or a link
// leaving the repository, which is not followed), or not, and then the
// files of its folder, for card-command-missing's did-you-mean. Nothing
// is read but the folder's names.
func (sc *scanner) cardCommand(c *validate.CardSource) {
	p := cardCommandPath(c.Data)
	if p == "" {
		return
	}
	c.CommandPath = p
	if p == c.ToolPath {
		c.CommandFound = c.ToolExists || c.ToolLeaves // stat'ed already
	} else {
		c.CommandFound = sc.isTool(p) || sc.leavesRoot(p)
	}
	if !c.CommandFound {
		c.CommandNearby = sc.filesIn(path.Dir(p), p)
		return
	}
	c.CommandNotExecutable = modesKnown(runtime.GOOS) && sc.notExecutable(p)
}

// modesKnown reports whether a file's mode, on the system goos, says
// whether it may be run: not on Windows, whose file systems keep no
// execute bit (Go makes one up from a file's extension), so that no tool
// is told to be made executable there.
func modesKnown(goos string) bool { return goos != "windows" }

// notExecutable reports whether the file at the repository path p (a link
// followed inside the repository) is a regular file without its owner's
// execute bit, which a shell refuses to run (validate.CardSource.
// CommandNotExecutable): the bit Git reads to record a file 100755, so
// that a file only others may run (0o655) is checked out 100644 in CI,
// and its owner is refused it too. A link leaving the repository is not
// followed: false.
func (sc *scanner) notExecutable(p string) bool {
	fi, err := sc.stat(sc.root, p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o100 == 0
}

// cardCommandPath is the path a card's command runs by its first word
// that the scan looks for (validate.CardCommandPath), or "" for one under
// a folder the walk skips (node_modules/.bin/eslint): what is installed
// there is no file of the repository's, and POST /validate, which knows
// only the folders the walk listed, could not judge it.
func cardCommandPath(card []byte) string {
	p := validate.CardCommandPath(card)
	if slices.ContainsFunc(strings.Split(path.Dir(p), "/"), SkipDir) {
		return ""
	}
	return p
}

// filesIn lists the files of the folder dir (repository-relative) that
// a did-you-mean for the missing command path p may name
// (validate.MayMeanCommand), by their repository path, sorted, at most
// validate.MaxNearby; none when it cannot be listed. Only names are read,
// and only those kept are looked at (a link counts, wherever it leads, as
// the tree records one), so the list is the same whatever order the
// folder is read in, and whatever its size, as POST /validate lists it.
func (sc *scanner) filesIn(dir, p string) []string {
	var names []string
	sc.eachName(dir, func(name string) {
		rel := path.Join(dir, name)
		if !validate.MayMeanCommand(p, rel) {
			return
		}
		if fi, err := sc.root.Lstat(filepath.FromSlash(rel)); err == nil && !fi.IsDir() {
			names = append(names, rel)
		}
	})
	slices.Sort(names)
	if len(names) > validate.MaxNearby {
		names = names[:validate.MaxNearby]
	}
	return names
}

// leavesRoot reports whether the path p is a symlink resolving outside the
// repository, which the walk reports (path-escape) and does not follow: a
// card whose tool it is has something under the tool's name, and its
// card-orphan says what.
func (sc *scanner) leavesRoot(p string) bool {
	_, err := sc.resolveInside(p)
	return errors.Is(err, validate.ErrEscapesRoot)
}

// capabilitySource returns the capability folder a path under the
// capabilities folder belongs to, and the path inside it.
func (sc *scanner) capabilitySource(rel string) (*validate.CapabilitySource, string, bool) {
	if !under(rel, sc.capDir) || rel == sc.capDir {
		return nil, "", false
	}
	inner := strings.TrimPrefix(rel, sc.capDir+"/")
	if sc.capDir == "." {
		inner = rel
	}
	folder, within, ok := strings.Cut(inner, "/")
	if !ok {
		return nil, "", false // a file directly in the capabilities folder
	}
	cs := sc.caps[folder]
	if cs == nil {
		cs = &validate.CapabilitySource{Folder: folder, Files: map[string]validate.File{}}
		sc.caps[folder] = cs
	}
	return cs, within, true
}

// readFragments reads the fragment files the manifests name (steps' and
// contributions' fragment.path), and nothing else of the capability folders:
// a folder may hold large assets nobody references. A fragment must resolve
// inside its capability folder; validation reports the ones that do not.
func (sc *scanner) readFragments() {
	for _, cs := range sc.caps {
		if cs.Manifest.Data == nil {
			continue
		}
		for _, p := range sc.fragments.paths(cs.Manifest.Data) {
			clean := path.Clean(p)
			if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
				continue // fragment-escape, reported by validation
			}
			if _, done := cs.Files[clean]; !done {
				f, ok := sc.readFragment(cs.Folder, clean)
				if ok {
					cs.Files[clean] = f
				} else {
					cs.Nearby = sc.listNearby(cs.Folder, clean, cs.Nearby)
				}
				sc.noteFragment(path.Join(sc.capDir, cs.Folder, clean), f, ok)
			}
		}
	}
}

// capabilityFolderReal is the real path of capability folder folder: the
// walk's, or resolved now for one it did not walk; false when it does not
// resolve.
func (sc *scanner) capabilityFolderReal(folder string) (string, bool) {
	if real, walked := sc.capFolderReal[folder]; walked {
		return real, true
	}
	real, err := filepath.EvalSymlinks(filepath.Join(sc.real, filepath.FromSlash(path.Join(sc.capDir, folder))))
	return real, err == nil
}

// listNearby adds to names those of the files in the folder that the
// missing fragment path clean names, in the folders it names with its
// first segments dropped (written from the repository's root,
// "capabilities/x/loop/a.md", or the capabilities folder, "x/loop/a.md",
// for "loop/a.md"), in its capability folder and in that folder's
// sub-folders (a file named without its folder, "a.md"), by their path
// relative to the capability folder, for a did-you-mean
// (validate.CapabilitySource.Nearby): nothing is read, and a folder
// reached by a link leaving the capability folder is not listed.
func (sc *scanner) listNearby(folder, clean string, names []string) []string {
	folderReal, ok := sc.capabilityFolderReal(folder)
	if !ok {
		return names
	}
	dirs := []string{path.Dir(clean)}
	// Its first segments dropped, fewest first, within the bound with
	// the capability folder itself: a path of many segments is no more
	// folders to resolve and list.
	for rest := clean; len(dirs) < maxNearbyDirs-1; {
		_, after, found := strings.Cut(rest, "/")
		if !found {
			break
		}
		rest = after
		if d := path.Dir(rest); d != "." && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	dirs = append(dirs, ".")
	for i := 0; i < len(dirs); i++ {
		dir := dirs[i]
		real, err := filepath.EvalSymlinks(filepath.Join(folderReal, filepath.FromSlash(dir)))
		if err != nil || !within(folderReal, real) {
			continue
		}
		// From the root, not blocking: a FIFO where a folder is named
		// lists nothing (ReadDir fails) rather than hanging the scan.
		f, err := sc.root.OpenFile(sc.rootRel(real), os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			continue
		}
		entries, _ := f.ReadDir(validate.MaxNearby)
		f.Close()
		for _, e := range entries {
			name := path.Join(dir, e.Name())
			switch {
			case e.IsDir():
				// The capability folder's own sub-folders, a few, once.
				if dir == "." && len(dirs) < maxNearbyDirs && !slices.Contains(dirs, name) && !strings.HasPrefix(e.Name(), ".") {
					dirs = append(dirs, name)
				}
			case len(names) < validate.MaxNearby && !slices.Contains(names, name):
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// maxNearbyDirs bounds the folders listNearby lists for one missing
// fragment: a capability folder may hold many.
const maxNearbyDirs = 16

// listSiblings lists, for each card whose tool is missing, the files
// beside it that its card-orphan may name as the tool meant
// (validate.CardSource.Siblings): each such folder once, in chunks,
// keeping of each chunk only the names a validate.SiblingList wants, so
// that a folder of 10,000 files holds no more than the list's bound, and
// those it takes as loose (WantsLoose) that no card describes, the tool
// maybe renamed (validate.CardSource.Loose), at most validate.MaxLoose.
// Only the names wanted are stat'ed, each once, nothing is read, and a
// folder without such a card is not listed again.
func (sc *scanner) listSiblings() {
	lists := map[int]*validate.SiblingList{}
	byDir := map[string][]int{}
	for i := range sc.src.Cards {
		if l := validate.NewSiblingList(&sc.src.Cards[i]); l != nil {
			lists[i] = l
			dir := path.Dir(sc.src.Cards[i].ToolPath)
			byDir[dir] = append(byDir[dir], i)
		}
	}
	if len(lists) == 0 {
		return
	}
	// A file a card describes is no tool renamed (validate.CardSource.Loose).
	carded := make(map[string]bool, len(sc.src.Cards))
	for i := range sc.src.Cards {
		carded[sc.src.Cards[i].ToolPath] = true
	}
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		sc.eachName(dir, func(name string) {
			// Only a name wanted is stat'ed, as a tool is (isTool): a
			// file, or a link to one inside the repository, not a folder;
			// once, for every card of the folder.
			p, stated, isTool := path.Join(dir, name), false, false
			tool := func() bool {
				if !stated {
					stated, isTool = true, sc.isTool(p)
				}
				return isTool
			}
			for _, i := range byDir[dir] {
				switch l := lists[i]; {
				case l.Wants(name):
					if tool() {
						l.Add(name)
					}
				case l.WantsLoose(name) && !carded[p] && tool():
					l.AddLoose(name)
				}
			}
		})
	}
	for i, l := range lists {
		sc.src.Cards[i].Siblings = l.Names()
		sc.src.Cards[i].Loose = l.LooseNames()
	}
}

// eachName calls fn with the name of each entry of the folder dir of the
// repository, listed siblingChunk at a time; a folder that cannot be
// opened has none. From the root, not blocking: a FIFO where a folder is
// named lists nothing (reading it fails) rather than hanging the scan.
// Names only: a listing of entries, from a folder opened in a
// Root, lstats each (10,000 system calls for a folder of 10,000 files,
// which doubled its scan); fn stats the few it wants.
func (sc *scanner) eachName(dir string, fn func(name string)) {
	f, err := sc.root.OpenFile(filepath.FromSlash(dir), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return
	}
	defer f.Close()
	for {
		names, err := f.Readdirnames(siblingChunk)
		for _, name := range names {
			fn(name)
		}
		if err != nil || len(names) == 0 {
			return
		}
	}
}

// siblingChunk is how many entries eachName lists at a time.
const siblingChunk = 1024

// readFragment reads one fragment of a capability folder. ok is false when
// the file does not exist (validation reports the missing fragment), also
// when a file is on the way: loop/a.md where loop is a file names no file,
// just as where loop is missing, so writing a file at loop changes nothing
// Snapshot.Overlay would have to re-read.
//
// A fragment the walk read already (as markdown that may hold a marker:
// every *.md of a capability folder, where no workflow roots are named)
// is not resolved and read again: the walk reads real paths only, in
// folders it listed, so resolving the fragment's path there finds that
// very file, inside its folder. The capability folder's real path is the
// walk's too. Resolving each fragment from the file system's root took a
// dozen lstat calls, and reading it again five calls more.
func (sc *scanner) readFragment(folder, clean string) (validate.File, bool) {
	rel := path.Join(sc.capDir, folder, clean)
	folderReal, ok := sc.capabilityFolderReal(folder)
	if !ok {
		return validate.File{}, false
	}
	abs := filepath.Join(folderReal, filepath.FromSlash(clean))
	if prev, ok := sc.fragmentByReal[abs]; ok {
		return sc.shareFragment(rel, abs, prev), true
	}
	target, err := filepath.EvalSymlinks(abs)
	if sc.outside(abs, target, err, false) {
		// Out, whether or not anything is there.
		return validate.File{Path: rel, Err: validate.ErrEscapesRoot}, true
	}
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return validate.File{}, false
	case err != nil:
		return validate.File{Path: rel, Err: sc.resolveError(abs, err)}, true
	case !within(folderReal, target):
		return validate.File{Path: rel, Err: validate.ErrEscapesFolder}, true
	}
	st, err := os.Stat(target)
	if err != nil {
		return validate.File{Path: rel, Err: sc.relError(err, false)}, true
	}
	if st.IsDir() {
		return validate.File{Path: rel, Err: validate.ErrIsDirectory}, true
	}
	// One file reached from several folders (a capability folder linked to
	// another's) is read once and its bytes shared: sixty links to a folder
	// with a 7 MiB fragment read it sixty times, 420 MB.
	if prev, ok := sc.fragmentByReal[target]; ok {
		return sc.shareFragment(rel, target, prev), true
	}
	sc.watch(filepath.Dir(target)) // the fragment is an input
	f := sc.readReal(rel, target, st.Mode().Type())
	sc.fragmentByReal[target] = f
	return f, true
}

// maxSharedRead bounds the files the walk keeps for readFragment: a
// fragment is a prompt of a few hundred bytes, and a larger markdown file
// of a capability folder (its documentation) is not held to the end of
// the scan in case it is one.
const maxSharedRead = 64 << 10

// shareFragment is the file at the real path p, read already
// (fragmentByReal), as the fragment rel.
func (sc *scanner) shareFragment(rel, p string, f validate.File) validate.File {
	sc.watch(filepath.Dir(p)) // the fragment is an input
	sc.tree.alias(rel, filepath.ToSlash(sc.rootRel(p)))
	f.Path = rel
	sc.noteVanished(rel, f) // the walk's read of it, as markdown, noted nothing
	return f
}

// noteFragment records in the tree what reading a fragment showed of its
// path: a file, a directory, or nothing there. Other failures (a link that
// leaves the folder, a permission error) leave it unknown.
func (sc *scanner) noteFragment(rel string, f validate.File, found bool) {
	switch {
	case sc.tree == nil:
	case !found:
		// EvalSymlinks found nothing; a dangling link is still something.
		_, err := sc.root.Lstat(filepath.FromSlash(rel))
		if err == nil {
			sc.tree.note(rel, entryLink)
			sc.tree.noteLink(sc.links, rel)
		} else if errors.Is(err, fs.ErrNotExist) {
			sc.tree.note(rel, 0)
		}
	case f.Err == nil || errors.Is(f.Err, validate.ErrNotRegular) || errors.Is(f.Err, validate.ErrTooLarge):
		sc.tree.note(rel, entryFile)
	case errors.Is(f.Err, validate.ErrIsDirectory):
		sc.tree.note(rel, entryDir)
	}
}

// readReal reads one regular file through the root. A FIFO or device is never
// opened; the open itself is non-blocking and re-checked with fstat, so a file
// swapped for a FIFO between the walk and the read cannot hang the scan.
//
// An input the walk listed, or a link resolved to, that is gone when opened
// (deleted by a checkout or an rm beside the scan) is said to have
// vanished and is among Sources.Vanished, as a folder gone so is: looking
// again is what helps, not its permissions.
func (sc *scanner) readReal(rel, real string, mode fs.FileMode) validate.File {
	f := sc.readRealUnnoted(rel, real, mode)
	sc.noteVanished(rel, f)
	return f
}

// readRealUnnoted is readReal of a file that may be reported or not: a
// markdown file of a capability folder is reported only where a
// declaration names it as a fragment, and, as a folder of no inputs, is
// among Sources.Vanished only then (see noteVanished): a build failing
// for another reason is not scanned again for it.
func (sc *scanner) readRealUnnoted(rel, real string, mode fs.FileMode) validate.File {
	f := sc.readRealUpTo(rel, real, mode, validate.MaxFileSize)
	if errors.Is(f.Err, fs.ErrNotExist) {
		f.Err = fmt.Errorf("%w; it vanished during the scan (deleted or moved): run the check again", f.Err)
	}
	return f
}

// noteVanished records the input rel, read as f, among Sources.Vanished
// when it vanished during the scan (readRealUnnoted).
func (sc *scanner) noteVanished(rel string, f validate.File) {
	if errors.Is(f.Err, fs.ErrNotExist) {
		sc.src.Vanished = append(sc.src.Vanished, rel)
	}
}

// readRealUpTo is readReal of a file of at most limit bytes: a larger one
// is not read (validate.ErrTooLarge).
func (sc *scanner) readRealUpTo(rel, real string, mode fs.FileMode, limit int64) validate.File {
	f := validate.File{Path: rel}
	sc.read = append(sc.read, real)
	sc.tree.alias(rel, filepath.ToSlash(sc.rootRel(real)))
	switch {
	case mode.IsDir():
		f.Err = validate.ErrIsDirectory
		return f
	case !mode.IsRegular():
		f.Err = validate.ErrNotRegular
		return f
	}
	if sc.over != nil {
		f.Err = errInputBudget
		return f
	}
	fh, err := sc.openFile(real)
	if err != nil {
		f.Err = err
		return f
	}
	f.Data, f.Err = readOpened(fh, limit)
	if !documentation(rel, f.Data) {
		sc.count(rel, len(f.Data))
	}
	if sc.over != nil {
		f.Data, f.Err = nil, errInputBudget
	}
	return f
}

// documentation reports whether the file rel, read as data, is markdown
// that holds no marker: a scan reads it and keeps nothing of it (a
// fragment is bounded apart, per capability and in all), so it is not
// counted against ScanOptions.MaxInputBytes, and a repository of much
// documentation is no larger for the bound than its inputs.
func documentation(rel string, data []byte) bool {
	return strings.EqualFold(path.Ext(rel), ".md") && !validate.MayHoldMarkerOrCalls(data)
}

// count adds n bytes read from rel to the scan's total, and past
// maxInput records the input-too-large finding that stops the scan.
func (sc *scanner) count(rel string, n int) {
	sc.readBytes += int64(n)
	if sc.maxInput <= 0 || sc.readBytes <= sc.maxInput || sc.over != nil {
		return
	}
	sc.over = &validate.Diagnostic{File: rel, Line: 1, Column: 1, Rule: "input-too-large", Severity: validate.Error,
		Message: fmt.Sprintf("the repository's input files come to over %d bytes (%d read, %d of them in this file): "+
			"capreg stopped reading and built nothing, so a served registry stays as it was; "+
			"remove or shrink large inputs (tool cards, capability.json files, workflows), "+
			"or raise --max-input-bytes (ScanOptions.MaxInputBytes) if the memory allows: "+
			"a build holds about 20 bytes per byte of tool cards", sc.maxInput, sc.readBytes, n)}
}

// readOpened reads and closes fh, opened without blocking, if it is a
// regular file of at most limit bytes (re-checked with fstat: a FIFO or
// device swapped in after the walk looked is not read).
func readOpened(fh openedFile, limit int64) ([]byte, error) {
	defer fh.Close()
	st, err := fh.Stat()
	switch {
	case err != nil:
		return nil, err
	case !st.Mode().IsRegular():
		return nil, validate.ErrNotRegular
	case st.Size() > limit:
		return nil, fmt.Errorf("%w (%d bytes)", validate.ErrTooLarge, st.Size())
	}
	return validate.ReadLimitedSize(fh, st.Size())
}

// maxUnread bounds the files of Sources.Unread: a check names a few, and
// a tree of thousands of cards outside the roots (fixtures) must not be
// held for that.
const maxUnread = 100

// noteUnread keeps a file the scan does not read, though its name says
// it is an input (Sources.Unread).
func (sc *scanner) noteUnread(rel, real string) {
	if len(sc.unread) == maxUnread {
		sc.unreadMore++
		return
	}
	sc.unread = append(sc.unread, linkedFile{rel: rel, real: real})
}

// unreadDone sets Sources.Unread: the noted files but those read under
// another name (a link to a card in the roots, a declaration), or in a
// package of their own, which a check of that package reads.
func (sc *scanner) unreadDone() {
	for _, f := range sc.unread {
		inPackage := slices.ContainsFunc(sc.src.Packages, func(p string) bool { return under(f.rel, p) })
		if !sc.seenFiles[f.real] && !sc.manifestReal[f.real] && !sc.strayReal[f.real] && !inPackage {
			sc.src.Unread = append(sc.src.Unread, f.rel)
		}
	}
	slices.Sort(sc.src.Unread)
	sc.src.Unread = slices.Compact(sc.src.Unread)
	sc.src.UnreadMore = sc.unreadMore
	sc.unread = nil
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
	// Cards and workflows by path, as validate.Sources documents, whatever
	// the order of the walk's passes: the first of two claimants (a
	// duplicate card id or step) is then the same for a scan and for an
	// overlay of a proposed change.
	slices.SortStableFunc(sc.src.Workflows, func(a, b validate.File) int { return strings.Compare(a.Path, b.Path) })
	slices.SortStableFunc(sc.src.Cards, func(a, b validate.CardSource) int { return strings.Compare(a.Path, b.Path) })
	var left []leftover
	for _, f := range sc.leftovers {
		// For the overlay (settleStrays), which does this again with a
		// change made.
		l := leftover{rel: f.rel, real: f.real, target: sc.repoPath(f.real), taken: sc.strayReal[f.real], hidden: sc.manifestReal[f.real]}
		if sc.tree != nil {
			left = append(left, l)
		}
		cs := sc.caps[validate.CapabilityFolder(f.rel, sc.capDir)]
		if (cs == nil || cs.Manifest.Path == "") && !sc.strayReal[f.real] {
			sc.strayReal[f.real] = true
			sc.strays = append(sc.strays, f)
			sc.tree.note(f.rel, entryFile) // as file notes a stray
		}
	}
	sc.tree.noteLeftovers(left)
	sc.leftovers = nil
	for _, f := range sc.strays {
		if !sc.manifestReal[f.real] {
			sc.src.StrayDeclarations = append(sc.src.StrayDeclarations, f.rel)
		}
	}
	slices.Sort(sc.src.StrayDeclarations)
	slices.Sort(sc.src.OwnRepositories)
	sc.src.OwnRepositories = slices.Compact(sc.src.OwnRepositories) // met in both passes
	slices.Sort(sc.src.SkippedDirs)
	sc.src.SkippedDirs = slices.Compact(sc.src.SkippedDirs) // met in both passes
	sc.manifestsBack()
	slices.Sort(sc.src.Vanished)
	sc.src.Vanished = slices.Compact(sc.src.Vanished)
	slices.Sort(sc.src.MisnamedCards)
	sc.src.MisnamedCards = slices.Compact(sc.src.MisnamedCards) // a file met under two names
	slices.SortFunc(sc.src.LinkTexts, func(a, b validate.File) int { return strings.Compare(a.Path, b.Path) })
	sc.src.LinkTexts = slices.CompactFunc(sc.src.LinkTexts, func(a, b validate.File) bool { return a.Path == b.Path })
	slices.Sort(sc.src.Packages)
	sc.src.Packages = slices.Compact(sc.src.Packages)
	sc.unreadDone()
	sc.src.CapabilitiesDir = sc.capDir
	sc.src.WorkflowRoots, sc.src.CardRoots = sc.workflows, sc.cards
	sc.capLinksWithoutManifest()
}

// manifestsBack records among Sources.Vanished the manifest of each
// capability folder the walk met without one that has one when the walk
// is done: it was away for a moment while the folder was listed (Git
// unlinks a file it rewrites and creates it anew; an editor saves by
// renaming the old one aside), so the scan read half of a change, and
// its build lacks that capability and may fail for what requires it (a
// soak under git stash saw runtime-compat-unknown for a runtime), which
// the next scan reads whole. A manifest still missing is the tree as it is.
func (sc *scanner) manifestsBack() {
	for _, cs := range sc.caps {
		if cs.Manifest.Path != "" {
			continue
		}
		rel := path.Join(sc.capDir, cs.Folder, "capability.json")
		if fi, err := sc.root.Lstat(filepath.FromSlash(rel)); err == nil && !fi.IsDir() {
			sc.src.Vanished = append(sc.src.Vanished, rel)
		}
	}
}

// capLinksWithoutManifest warns about each capability folder that is a link
// to a folder with no capability.json (capabilities/shared -> ../bin): no
// capability, though one was surely meant. What it leads to is read under
// its own name; a misnamed or nested declaration in it is warned about
// instead (validate.StrayKind).
func (sc *scanner) capLinksWithoutManifest() {
	for _, folder := range slices.Sorted(maps.Keys(sc.capLinks)) {
		if cs := sc.caps[folder]; cs != nil && cs.Manifest.Path != "" {
			continue
		}
		rel := path.Join(sc.capDir, folder)
		if slices.ContainsFunc(sc.src.StrayDeclarations, func(p string) bool { return under(p, rel) }) {
			continue
		}
		target := sc.capLinks[folder]
		if target == "." {
			target = "the repository root"
		}
		sc.diag(rel, "capability-misplaced", validate.Warning,
			"%s is a link to %s, which holds no %s, so it is no capability: link to a capability folder, or remove the link",
			rel, target, validate.ManifestName)
	}
}

// discoverSchema settles the central config schema when nothing names one
// (layout.schemaFrom is SchemaFromDiscovery): the one file named
// validate.SchemaFileName the walk met, gsd-core's, is read as if named;
// of several, none is (validation warns that none is compared). One inside
// a package (a folder below the root with a capreg.json of its own) is
// that package's and does not count, nor one in a fixture folder beside
// one outside them (validate.SchemaCandidates). The walk's skipped folders stay
// skipped: a schema in an npm package under node_modules/ must be named,
// or linked to from a walked folder. The files met are recorded whether
// or not discovery is in force (a package's too), so that Snapshot.Overlay
// can judge a proposed capreg.json that turns it on.
func (sc *scanner) discoverSchema() {
	var found []string
	for _, c := range sc.found {
		found = append(found, c.rel)
	}
	slices.Sort(found)
	sc.src.ConfigSchemaFound, sc.src.ConfigSchemaFrom = found, sc.schemaFrom
	if sc.schemaFrom != validate.SchemaFromDiscovery {
		return
	}
	// A package's schema is the package's (the walk has met every
	// capreg.json by now): the root discovers among the others only.
	outside := sc.schemaCandidates(sc.src.Packages, found)
	if len(outside) != 1 {
		return
	}
	c := sc.found[slices.IndexFunc(sc.found, func(c linkedFile) bool { return c.rel == outside[0] })]
	sc.watch(filepath.Dir(c.real)) // where a link leads: its folder holds an input
	f := sc.readReal(c.rel, c.real, c.mode)
	sc.src.ConfigSchema = &f
}

// readSchema reads the configured config schema when the walk did not meet
// it under its name: inside a folder the walk skips (gsd-core's
// config-schema.manifest.json ships in an npm package, under
// node_modules/), or through a link to a folder the walk read under its own
// name. Like a configured root it is resolved where it is named, confined to
// the repository; one missing, dangling, escaping or a directory is reported
// as the walk would report it.
func (sc *scanner) readSchema() {
	if sc.schema == "" || sc.src.ConfigSchema != nil {
		return
	}
	abs := filepath.Join(sc.real, filepath.FromSlash(sc.schema))
	target, err := sc.resolveWatched(abs)
	if sc.outside(abs, target, err, false) {
		sc.fileError(sc.schema, sc.escapeError(abs))
		return
	}
	if err != nil {
		if st, lerr := os.Lstat(abs); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			sc.fileError(sc.schema, sc.linkFailure(abs, err))
			return
		}
		sc.src.ConfigSchema = missingSchema(sc.schema, sc.schemaFrom, sc.schemaSetting, false)
		return
	}
	st, err := os.Stat(target)
	switch {
	case err != nil:
		sc.fileError(sc.schema, err)
	case st.IsDir():
		sc.src.ConfigSchema = missingSchema(sc.schema, sc.schemaFrom, sc.schemaSetting, true)
	default:
		sc.watch(filepath.Dir(target)) // its folder holds an input, as for a file root
		f := sc.readReal(sc.schema, target, st.Mode().Type())
		sc.src.ConfigSchema = &f
	}
}

// missingSchema is the configured config schema when the walk met no file of
// that path (named by "capreg.json", or by the option, which setting
// names, when from is SchemaFromFlag): missing, or a directory. POST
// /validate words it the same way (Snapshot.Overlay).
func missingSchema(p, from, setting string, isDir bool) *validate.File {
	err := error(fs.ErrNotExist)
	if isDir {
		err = validate.ErrIsDirectory
	}
	e := &validate.MissingSchemaError{Path: p, NamedBy: from, Err: err}
	if from == validate.SchemaFromFlag {
		e.Setting = setting
	}
	return &validate.File{Path: p, Err: e}
}

// didYouMean names the path of the repository probably meant by rel, a
// path capreg.json names that does not exist (err), when its folder holds
// a name a typo away ("gsd-core/workflow" for "gsd-core/workflows"):
// " (did you mean …?)", or "".
func (sc *scanner) didYouMean(rel string, err error) string {
	if !errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	dir, _ := path.Split(rel)
	f, err := sc.root.Open(asDir(path.Clean(dir)))
	if err != nil {
		return ""
	}
	defer f.Close()
	names, _ := f.Readdirnames(maxSiblings)
	return nearName(rel, names, sc.resolvesInside)
}

// nearName is didYouMean's hint for rel, a path that does not exist, of
// the names its folder holds (sorted here), inside reporting whether the
// path of one leads to something inside the root. Snapshot.Overlay gives
// it the names the folder holds after the change. A name is one edit
// away, two for names of ten letters or more, case aside and counted in
// letters (validate.FoldedEditDistance, as every did-you-mean counts):
// "Koln" for "Köln", "工貝" for "工具". Names are compared composed (NFC),
// as validate's did-you-means compare them: a folder macOS saved as
// "Re\u0301sume\u0301" is one letter from "Resumé", not three.
func nearName(rel string, names []string, inside func(string) bool) string {
	dir, base := path.Split(rel)
	slices.Sort(names)
	composed := unicodeform.NFC(base)
	letters := utf8.RuneCountInString(composed)
	best, bestDist := "", 3
	for _, n := range names {
		if n == base {
			continue // there, as a link to nothing: its own name is no hint
		}
		cn := unicodeform.NFC(n)
		if !ascii(base) && cn == composed && inside(path.Join(dir, n)) {
			// The same name otherwise normalized (a folder made on macOS,
			// which stores é decomposed): they print alike, so the hint
			// gives both as code points, where the edits below, which
			// compare them composed, would name it as a typo.
			return fmt.Sprintf(" (did you mean %q? %s)", dir+n, validate.CodePoints(rel, dir+n))
		}
		limit := 1 // a plural too: "workflow" for "workflows"
		if min(utf8.RuneCountInString(cn), letters) >= 10 {
			limit = 2
		}
		if d := validate.FoldedEditDistance(composed, cn, limit); d <= limit && d < bestDist && inside(path.Join(dir, n)) {
			best, bestDist = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", dir+best)
}

// resolvesInside reports whether rel leads to something inside the root:
// a link to nothing, or out, is no name to suggest.
func (sc *scanner) resolvesInside(rel string) bool {
	_, err := sc.resolveInside(rel)
	return err == nil
}

// maxSiblings is how many names of a folder didYouMean compares.
const maxSiblings = 1000

// missingRootPrefix starts the finding that a root capreg.json names does
// not exist (missingRootMessage). Snapshot.Overlay recognises the served
// scan's findings by it.
func missingRootPrefix(r string) string {
	return fmt.Sprintf("configured path %q does not exist in the repository", r)
}

// missingRootMessage is the finding that the root r capreg.json names does
// not exist, err being why it could not be resolved (its path relative to
// the repository root, as scanner.relError shows it). Where r itself, or a
// folder on its way, is plainly not there, err ("lstat capabilites: no
// such file or directory") only repeats the finding and is left out; any
// other error follows it, as what the finding alone does not tell: a link
// on the way leading to nothing ("lstat gone: no such file or directory"),
// a file on the way ("not a directory"), a loop, a denied permission.
func missingRootMessage(r string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && errors.Is(pe.Err, fs.ErrNotExist) && (pe.Path == r || strings.HasPrefix(r, pe.Path+"/")) {
		return missingRootPrefix(r)
	}
	return missingRootPrefix(r) + ": " + err.Error()
}

// notFolderMessage is the finding that a root capreg.json names as a folder
// (the capabilities folder, a card root) is a file: read as an empty
// folder, it would make a valid, empty registry.
func notFolderMessage(r string) string {
	return fmt.Sprintf("configured path %q is a file; it must name a folder", r)
}

// rootFinding reports a file-unreadable finding about the root r that
// capreg.json names, at the value naming it.
func (sc *scanner) rootFinding(r, msg string) {
	d := rootDiagnostic(msg)
	placeRootFinding(sc.pathPlacer(), &d, r)
	sc.src.Diagnostics = append(sc.src.Diagnostics, d)
}

// placeRootFinding places d, a finding about the configured root r, at the
// value naming r; one that r must be a folder at a value that must name a
// folder (capabilities, cards), not at a workflows entry naming the same
// file, which may be one. Snapshot.Overlay places its findings so too.
func placeRootFinding(pl *validate.PathPlacer, d *validate.Diagnostic, r string) {
	if d.Message == notFolderMessage(r) {
		pl.PlaceFolder(d, r)
		return
	}
	pl.Place(d, r)
}

// placeConfiguredValue places d at the capreg.json value written v.
func (sc *scanner) placeConfiguredValue(d *validate.Diagnostic, v string) {
	sc.pathPlacer().PlaceValue(d, v)
}

// pathPlacer places findings about the paths capreg.json names, one for
// the scan: capreg.json is read before the walk and does not change
// during it.
func (sc *scanner) pathPlacer() *validate.PathPlacer {
	if sc.placer == nil {
		sc.placer = validate.NewPathPlacer(sc.src.RepoConfig)
	}
	return sc.placer
}

// rootDiagnostic is a finding that a root capreg.json names is missing or
// of the wrong kind, before it is placed; Snapshot.Overlay makes the same.
func rootDiagnostic(msg string) validate.Diagnostic {
	return validate.Diagnostic{File: repoConfigFile, Rule: "file-unreadable", Severity: validate.Error, Message: msg}
}

// ErrRepoNotFolder is StatRepo's error for a repository path that names a
// file, or has one on the way: a mistake to report, not a checkout to wait
// for.
var ErrRepoNotFolder = errors.New("it is not a folder (a file, a FIFO or a device), or is under a file")

// StatRepo checks that the repository directory can be reached, before a
// daemon settles down to wait for it: nil, or the error Scan would return,
// or ErrRepoNotFolder.
func StatRepo(repo string) error {
	fi, err := os.Stat(repo)
	if errors.Is(err, syscall.ENOTDIR) {
		// "x/capreg.json/" or "x/capreg.json/sub": a file on the way,
		// which no clone will turn into a folder.
		return fmt.Errorf("%w %s: %w", ErrRepo, repo, ErrRepoNotFolder)
	}
	if err != nil {
		return repoError(repo, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%w %s: %w", ErrRepo, repo, ErrRepoNotFolder)
	}
	return nil
}

// repoError wraps a failure to reach the repository, with a hint when the
// path does not exist but a sibling spelled nearly the same does.
func repoError(repo string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		if near := nearbyDir(repo); near != "" {
			return fmt.Errorf("%w %s: %w (%w)", ErrRepo, repo, plainly(repo, err), didYouMean(near))
		}
	}
	return fmt.Errorf("%w %s: %w", ErrRepo, repo, plainly(repo, err))
}

// plainCause is a failure of the file system said as a person says it
// ("nope does not exist"), where Go's error names the system call that
// failed and the path it was given ("lstat /home/ann/nope: no such file
// or directory"). The error it words stays in the chain, for errors.Is
// and errors.As (the watcher waits for a repository that does not exist).
type plainCause struct {
	text string
	err  error
}

func (p *plainCause) Error() string { return p.text }
func (p *plainCause) Unwrap() error { return p.err }

// plainly words err, a failure to reach the repository repo, without its
// system call: the path it names is said as repo spells it when it is the
// repository (".", or repo made absolute) or a folder above it
// ("g/x" of "g/x/y"), else as it is: a failure to open a folder as one
// (asDir) comes through dirError, which names it without the separator
// asDir added. An error of no path is the repository's; one of another
// kind is returned as it is.
func plainly(repo string, err error) error {
	name := repo
	var pe *fs.PathError
	if errors.As(err, &pe) {
		name = pe.Path
		if abs, aerr := filepath.Abs(repo); name == "" || name == "." || aerr == nil && name == abs {
			name = repo
		} else if rest, ok := strings.CutPrefix(abs, name+string(filepath.Separator)); ok && aerr == nil {
			if r := filepath.Clean(repo); strings.HasSuffix(r, string(filepath.Separator)+rest) {
				name = strings.TrimSuffix(r, string(filepath.Separator)+rest)
			}
		}
	}
	var text string
	switch {
	case errors.Is(err, fs.ErrNotExist):
		text = name + " does not exist"
	case errors.Is(err, fs.ErrPermission):
		text = "permission denied reading " + name
	case errors.Is(err, syscall.ENOTDIR):
		text = name + " is not a folder, or is under a file"
	case pe != nil:
		text = pe.Err.Error() + " reading " + name
	default:
		return err
	}
	return &plainCause{text: text, err: err}
}

// didYouMean is the hint of a repoError: the folder probably meant. It is
// an error in the chain so that the watcher's status can repeat it
// (errors.As) without reading the parent folder again.
type didYouMean string

func (d didYouMean) Error() string { return "did you mean " + string(d) + "?" }

// nearbyDir returns, for a repository path that does not exist, a sibling
// directory whose name is one edit away, case aside (two for names of five
// or more letters), edits counted in letters, not bytes, as every
// did-you-mean counts them (validate.FoldedEditDistance: "Koln" for
// "Köln"), spelled as the user spelled the path: a mistyped --repo is the
// usual cause, and the daemon would otherwise wait for it forever. It
// returns "" when there is no such sibling, or more than one at the closest
// distance (and as near as typed). A sibling whose name is the same otherwise normalized is
// named first, with both names as code points; others are compared
// composed (NFC), as nearName compares them.
func nearbyDir(repo string) string {
	abs, err := filepath.Abs(repo)
	if err != nil {
		return ""
	}
	dir := filepath.Dir(abs)
	entries, rerr := os.ReadDir(dir)
	if rerr != nil {
		return ""
	}
	base := filepath.Base(abs)
	composed := unicodeform.NFC(base)
	limit := 1
	if utf8.RuneCountInString(composed) >= 5 {
		limit = 2
	}
	best, bestRank, ties := "", 2*limit+2, 0
	for _, e := range entries {
		if !e.IsDir() && !linksToDir(filepath.Join(dir, e.Name()), e) {
			continue
		}
		cn := unicodeform.NFC(e.Name())
		if !ascii(base) && e.Name() != base && cn == composed {
			// The same name otherwise normalized (a folder made on macOS,
			// which stores é decomposed, typed composed): they print
			// alike, so the hint also gives both as code points.
			return fmt.Sprintf("%s (%s)", filepath.Join(filepath.Dir(filepath.Clean(repo)), e.Name()), validate.CodePoints(base, e.Name()))
		}
		if strings.HasPrefix(e.Name(), ".") != strings.HasPrefix(base, ".") {
			continue // .git is not what "git" meant
		}
		d := validate.FoldedEditDistance(composed, cn, limit) // case aside, as every did-you-mean counts
		if d > limit {
			continue
		}
		// Of two names as near case aside, the one as near as typed comes
		// first: "Rep" is "Repo" beside "repo".
		rank := 2 * d
		if validate.EditDistance(composed, cn, d) > d {
			rank++
		}
		switch {
		case rank < bestRank:
			best, bestRank, ties = e.Name(), rank, 1
		case rank == bestRank:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return filepath.Join(filepath.Dir(filepath.Clean(repo)), best)
}

// linksToDir reports a directory entry that is a symbolic link to a directory.
func linksToDir(path string, e fs.DirEntry) bool {
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// readsThrough reports whether the scan may read something through the
// link rel, which resolved to target (or failed with err): an input, a
// workflow, a config schema it may find, or a folder. Other links (a
// README's images) need no way watched.
func (sc *scanner) readsThrough(rel, target string, err error) bool {
	if sc.isInput(rel) || sc.isWorkflow(rel) || path.Base(rel) == validate.SchemaFileName {
		return true
	}
	st, serr := os.Stat(target)
	return err == nil && serr == nil && st.IsDir()
}
