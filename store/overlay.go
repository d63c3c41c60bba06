package store

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/capreg/capreg/validate"
)

// ErrBadPath is returned by Overlay for a path that is absolute or leaves the
// repository.
var ErrBadPath = errors.New("path must be relative and stay inside the repository")

// ErrNeedsRescan is returned (inside a *RescanError) for a change whose
// result depends on files the served scan never read: answering from memory
// would be a guess, and a wrong "ok" is worse than no answer.
var ErrNeedsRescan = errors.New("the change cannot be evaluated without rescanning the repository")

// RescanError says why a change cannot be evaluated over the served scan.
type RescanError struct {
	// Reasons name what the answer would depend on, one per finding.
	Reasons []string
	// Diagnostics are the findings about capreg.json itself when the change
	// carries one: these hold whatever the rest of the repository holds, and
	// check reports them exactly so.
	Diagnostics validate.Diagnostics
}

func (e *RescanError) Error() string {
	return ErrNeedsRescan.Error() + ": " + strings.Join(e.Reasons, "; ") + "; apply the change and run capreg check"
}

// Unwrap makes errors.Is(err, ErrNeedsRescan) hold.
func (e *RescanError) Unwrap() error { return ErrNeedsRescan }

// Why one path of a change cannot be applied. Such a change is refused
// rather than judged: written to disk it would fail (a file over a directory)
// or say something its author did not mean (a delete of a mistyped path,
// a file both written and deleted), so an "ok" for it would mislead.
var (
	ErrWrittenAndDeleted = errors.New("the change both writes and deletes it (give it in files alone to replace it, or in delete alone to remove it)")
	ErrDirectoryThere    = errors.New("it is a directory in the served repository, so a file cannot be written there")
	ErrFileThere         = errors.New("is a file in the served repository, so nothing can be written under it (delete it in the same change to make it a directory)")
	ErrFileAndDirectory  = errors.New("the change writes it as a file and writes files under it")
	ErrNothingToDelete   = errors.New("nothing to delete: the served repository has no such path")
	ErrWrittenTwice      = errors.New("the change writes it twice, spelt differently, with different contents (give it once)")
	ErrNotFileName       = errors.New("name the path without that ending")
)

// Conflict is one path of a change that cannot be applied, and why.
type Conflict struct {
	Path string
	Err  error // wraps one of the errors above
}

// ChangeError is a change that contradicts itself or the served tree: every
// path that cannot be applied, so that a client fixes them all at once.
type ChangeError struct {
	Conflicts []Conflict
}

func (e *ChangeError) Error() string {
	shown := e.Conflicts[:min(len(e.Conflicts), maxConflictsNamed)]
	parts := make([]string, len(shown))
	for i, c := range shown {
		parts[i] = c.Path + ": " + c.Err.Error()
	}
	if more := len(e.Conflicts) - len(shown); more > 0 {
		parts = append(parts, "and "+validate.Plural(more, "other path"))
	}
	return "the change cannot be applied: " + strings.Join(parts, "; ")
}

// maxConflictsNamed bounds the conflicts a ChangeError's message names; the
// others are counted (Conflicts holds them all). A change deleting 50,000
// missing paths was answered with a message of them all.
const maxConflictsNamed = 20

// Unwrap lets errors.Is find the reason of each conflict.
func (e *ChangeError) Unwrap() []error {
	out := make([]error, len(e.Conflicts))
	for i, c := range e.Conflicts {
		out[i] = c.Err
	}
	return out
}

// repoConfigFile is the repository's own configuration, read by the scanner
// before anything else.
const repoConfigFile = validate.RepoConfigFile

// Overlay returns a copy of src with files added or replaced and paths
// deleted, as if the change had been made on disk. It lets a client validate
// a proposed change against the served repository without writing anything.
// Paths are repository-relative and slash-separated.
//
// Overlay knows only the inputs: a path the scan did not read counts as
// absent (a new card's tool, a config schema named anew). Snapshot.Overlay,
// which also knows the scanned tree, is what POST /validate uses.
//
// A change that contradicts itself (a path both written and deleted, a file
// written where the change also writes files under it) is refused with a
// *ChangeError; so, with a tree, is one that contradicts what the scan saw.
// A nil src is a repository of no files.
func Overlay(src *validate.Sources, files map[string][]byte, deleted []string) (*validate.Sources, error) {
	if src == nil {
		src = &validate.Sources{}
	}
	return overlay(src, nil, nil, files, deleted)
}

// Overlay applies a proposed change to the snapshot's sources as Overlay
// does, judging the paths the change does not carry by the tree the scan
// saw, so that the result is what a rescan of the changed repository gives.
// A change the tree shows cannot be made (a file where a directory is, under
// a file, or the delete of a path that does not exist) is refused with a
// *ChangeError; what the tree does not know is accepted.
func (s *Snapshot) Overlay(files map[string][]byte, deleted []string) (*validate.Sources, error) {
	return overlay(s.Sources, s.Tree, s.fragments, files, deleted)
}

// overlayer carries one overlay: the sources being changed, the change, and
// what is known of the served tree (tree may be nil: nothing beyond src).
type overlayer struct {
	src    *validate.Sources // the copy being changed
	served *validate.Sources
	tree   *Tree
	ch     *change
	lay    rootIndex // where the inputs are after the change
	// rescan collects what the answer would depend on without being known.
	rescan []string
	at     inputIndex // the inputs put replaces
	// fragments are the served scan's fragment paths by declaration
	// digest (Snapshot.fragments; nil: none known), so that only the
	// declarations the change writes are parsed for them.
	fragments map[[sha256.Size]byte][]string
	// names are the names in each folder the tree lists, and in each the
	// change writes into, whatever the change deletes (namesAfter), made
	// once a missing root asks for them.
	names          map[string][]string
	namesAfterDone map[string][]string // namesAfter's answers, by folder
	// filesOf and writtenOf are, by folder, the files the tree lists and
	// those the change writes, in its order: made once for filesAfter,
	// which each card whose command is missing asks.
	filesOf, writtenOf map[string][]string
	words              map[string]string // validate.CommandWord of each name filesAfter compared
}

func overlay(src *validate.Sources, tree *Tree, fragments map[[sha256.Size]byte][]string, files map[string][]byte, deleted []string) (*validate.Sources, error) {
	ch, err := newChange(files, deleted)
	if err != nil {
		return nil, err
	}
	if err := ch.conflicts(tree); err != nil {
		return nil, err
	}
	lay := servedLayout(src, tree).index()
	o := &overlayer{src: cloneSources(src), served: src, tree: tree, ch: ch, lay: lay, fragments: fragments,
		rescan: slices.Concat(ch.unknownDeletes(tree), ch.aliasedChanges(tree), ch.linkedChanges(tree, lay),
			ch.linkTargets(tree), ch.ownRepoChanges(lay))}
	o.dropStaleDiagnostics()
	configDiags := o.applyRepoConfig()
	o.deleteAll()
	for _, p := range ch.order {
		o.put(p, ch.files[p])
	}
	o.dropWorkflows()
	o.updateTools()
	o.updateSiblings()
	o.updateCommands()
	o.readNamedFragments()
	o.settlePackages() // before the schema: a package's schema is not the root's
	o.settleSchema()
	o.settleStrays()
	o.settleMisnamedCards()
	o.settleLinkTexts()
	if len(o.rescan) > 0 {
		configDiags.Sort()
		return nil, &RescanError{Reasons: o.rescan, Diagnostics: configDiags}
	}
	out := o.src
	// As the scanner does, a folder without a capability.json is no capability.
	out.Capabilities = slices.DeleteFunc(out.Capabilities, func(c validate.CapabilitySource) bool { return c.Manifest.Path == "" })
	slices.SortFunc(out.Capabilities, func(a, b validate.CapabilitySource) int { return compareUTF16(a.Folder, b.Folder) })
	slices.SortFunc(out.Workflows, func(a, b validate.File) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(out.Cards, func(a, b validate.CardSource) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// cloneSources copies src deeply enough that changing the copy never
// changes the served sources, which other requests are reading.
func cloneSources(src *validate.Sources) *validate.Sources {
	out := *src
	out.Capabilities = slices.Clone(src.Capabilities)
	for i := range out.Capabilities {
		c := &out.Capabilities[i]
		c.Files = maps.Clone(c.Files)
		if c.Files == nil {
			c.Files = map[string]validate.File{} // the overlay adds to it
		}
	}
	out.Workflows = slices.Clone(src.Workflows)
	out.Cards = slices.Clone(src.Cards)
	out.Diagnostics = slices.Clone(src.Diagnostics)
	out.ConfigSchemaFound = slices.Clone(src.ConfigSchemaFound)
	out.StrayDeclarations = slices.Clone(src.StrayDeclarations)
	out.MisnamedCards = slices.Clone(src.MisnamedCards)
	out.LinkTexts = slices.Clone(src.LinkTexts)
	out.Packages = slices.Clone(src.Packages)
	if src.ConfigSchema != nil {
		f := *src.ConfigSchema
		out.ConfigSchema = &f
	}
	return &out
}

// change is a proposed change with clean paths.
type change struct {
	files   map[string][]byte // clean path → content
	order   []string          // the paths of files, sorted: the result must not depend on map order
	deletes []string          // clean paths, in request order
	deleted map[string]bool
	dirs    map[string]bool // the directories the new files imply
	// twice are the clean paths two spellings of which (docs/x.md,
	// docs/./x.md) the change writes with different contents: which one
	// wins would depend on map order, so the answer would change from one
	// request to the next.
	twice map[string]bool
	// dirNamed are the clean paths of files to write spelt as a directory
	// (workflows/ship.md/), and delNamed those of paths to delete, each
	// with why (dirSpellingOf).
	dirNamed, delNamed map[string]dirSpelling
}

// dirSpelling is why a path of a change is spelt as a directory: its
// error, and whether it ends with /.. (whose clean path is not the one
// written: workflows/ship.md/.. is workflows).
type dirSpelling struct {
	err error
	up  bool
}

func newChange(files map[string][]byte, deleted []string) (*change, error) {
	ch := &change{files: make(map[string][]byte, len(files)), deleted: map[string]bool{}, dirs: map[string]bool{}, twice: map[string]bool{},
		dirNamed: map[string]dirSpelling{}, delNamed: map[string]dirSpelling{}}
	for _, p := range slices.Sorted(maps.Keys(files)) { // the same path told of every time
		data := files[p]
		clean, err := cleanRel(p)
		if err != nil {
			return nil, &PathError{Path: p, Err: err}
		}
		if d := dirSpellingOf(p); d.err != nil {
			ch.dirNamed[clean] = d
		}
		if prev, ok := ch.files[clean]; ok && !bytes.Equal(prev, data) {
			ch.twice[clean] = true
		}
		ch.files[clean] = data
		ch.order = append(ch.order, clean)
		for d := path.Dir(clean); d != "."; d = path.Dir(d) {
			ch.dirs[d] = true
		}
	}
	slices.Sort(ch.order)
	ch.order = slices.Compact(ch.order)
	for _, p := range deleted {
		clean, err := cleanRel(p)
		if err != nil {
			return nil, &PathError{Path: p, Err: err}
		}
		ch.deletes = append(ch.deletes, clean)
		ch.deleted[clean] = true
		if d := dirSpellingOf(p); d.err != nil {
			ch.delNamed[clean] = d
		}
	}
	return ch, nil
}

// conflicts returns a *ChangeError naming every path of the change that
// cannot be applied: over the tree the served scan saw where it knows the
// path (a nil tree knows nothing), and within the change itself always. A
// delete runs before the writes, as overlay applies them: deleting a file
// and writing under its name makes it a directory.
func (ch *change) conflicts(tree *Tree) error {
	var out []Conflict
	inConflict := map[string]bool{} // a slice search per delete was deletes × conflicts
	for _, p := range ch.order {
		if err := ch.writeConflict(tree, p); err != nil {
			out = append(out, Conflict{Path: p, Err: err})
			inConflict[p] = true
		}
	}
	for _, p := range ch.deletes {
		if inConflict[p] {
			continue
		}
		inConflict[p] = true // judged once, if deleted twice
		e, known := tree.lookup(p)
		switch d := ch.delNamed[p]; {
		case d.err != nil && (d.up || e&entryFile != 0 && e&entryDir == 0):
			// "docs/markers.md/" names a directory where a file is, and
			// "workflows/ship.md/.." the folder above what is written.
			out = append(out, Conflict{Path: p, Err: d.err})
		case known && e == 0:
			out = append(out, Conflict{Path: p, Err: ErrNothingToDelete})
		}
	}
	if len(out) > 0 {
		return &ChangeError{Conflicts: out}
	}
	return nil
}

// unknownDeletes are the reasons to rescan for the deletes of paths the
// tree cannot tell exist: a file of a capability folder the scan did not
// read (the tree knows those folders only as far as their declarations and
// fragments), or one in a skipped folder or behind a link. Such a delete
// changes no input, so only whether it can be made is unknown, and either
// answer may be wrong: "nothing to delete" when an unread asset is there,
// or ok for a mistyped path. A nil tree knows nothing and judges no path;
// nor an editor's copy of a declaration it met (Tree.leftovers).
func (ch *change) unknownDeletes(tree *Tree) []string {
	if tree == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range ch.deletes {
		if _, known := tree.lookup(p); !known && !seen[p] && !tree.isLeftover(p) {
			seen[p] = true
			out = append(out, fmt.Sprintf("whether %s exists, which the change deletes: the served scan did not list its folder", p))
		}
	}
	return out
}

// writeConflict says why the file p of the change cannot be written, if it
// cannot. A write where the tree knows nothing is accepted: a new file
// where the scan listed nothing (in a capability folder, the usual change
// there) is judged as check judges it once written, which only an unread
// file in its way could prevent.
func (ch *change) writeConflict(tree *Tree, p string) error {
	switch {
	case ch.dirNamed[p].up:
		return ch.dirNamed[p].err // its clean path is not the one written
	case ch.twice[p]:
		return ErrWrittenTwice
	case ch.deleted[p]:
		return ErrWrittenAndDeleted
	case ch.dirs[p]:
		return ErrFileAndDirectory
	case !ch.removes(p) && tree.entryAt(p)&entryDir != 0:
		return ErrDirectoryThere
	case ch.dirNamed[p].err != nil:
		return ch.dirNamed[p].err
	case ch.removes(p):
		return nil // what was there is gone first
	}
	for d := parentDir(p); d != "."; d = parentDir(d) {
		if tree.entryAt(d)&entryFile != 0 && !ch.removes(d) {
			return fmt.Errorf("%s %w", d, ErrFileThere)
		}
	}
	return nil
}

func (ch *change) puts(p string) bool {
	_, ok := ch.files[p]
	return ok
}

// removes reports whether the change deletes p, itself or a directory
// holding it (a delete of a directory removes all it holds, as rm -r).
func (ch *change) removes(p string) bool {
	for d := p; ; d = path.Dir(d) {
		if ch.deleted[d] {
			return true
		}
		if d == "." || d == "/" {
			return false
		}
	}
}

// touches reports whether the change writes or deletes p.
func (ch *change) touches(p string) bool { return ch.puts(p) || ch.removes(p) || ch.dirs[p] }

// dirSpellingOf says why a path of a change ends as a directory's does,
// with a slash, /. or /.., or nothing. A file to write so spelt is refused
// (fragment.path refuses the same): cleaned, it became the file before it
// (workflows/ship.md/ was judged as writing workflows/ship.md), which no
// write to disk would make. A delete so spelt is refused where a file is,
// or for /.. always (see conflicts).
func dirSpellingOf(p string) dirSpelling {
	ending := ""
	switch {
	case strings.HasSuffix(p, "/"):
		ending = "a slash"
	case strings.HasSuffix(p, "/."), strings.HasSuffix(p, "/.."):
		ending = strconv.Quote(p[strings.LastIndexByte(p, '/'):])
	default:
		return dirSpelling{}
	}
	return dirSpelling{fmt.Errorf("%q ends with %s, which names a directory: %w", p, ending, ErrNotFileName), strings.HasSuffix(p, "/..")}
}

// ErrPathTooDeep is returned by Overlay for a path of more than
// 256 segments: a change is judged at every folder on the way to each of
// its paths, so the work grows with depth times length, and no repository
// nests folders this deep.
var ErrPathTooDeep = fmt.Errorf("path has more than %d segments", maxPathSegments)

// maxPathSegments bounds the depth of a path in a change. A change is judged
// at every folder on the way to each of its paths, each a prefix of the path,
// so the work grows with depth times length: a path of 128 KiB ("a/a/…/x")
// held POST /validate's one turn for 30 s, and a body of 1 MiB for half an
// hour. No repository nests folders this deep.
const maxPathSegments = 256

// cleanRel is p cleaned, or an error for a path no file of the repository
// can have: absolute, leaving it, too deep, or holding a NUL byte, which no
// file system allows in a name (such a path was judged as a new file).
func cleanRel(p string) (string, error) {
	clean := path.Clean(p)
	if clean == "." && p != "" {
		return "", rootPathError(p)
	}
	if p == "" || path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%q: %w", p, ErrBadPath)
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", fmt.Errorf("%q holds a NUL byte: %w", p, ErrBadPath)
	}
	if strings.Count(clean, "/") >= maxPathSegments {
		return "", fmt.Errorf("%.64q…: %w", clean, ErrPathTooDeep)
	}
	return clean, nil
}

// PathError is Overlay's error for a path of a change that no file of the
// repository can have (absolute, leaving the repository, over 256
// segments deep, or holding a NUL byte): Err wraps ErrBadPath or
// ErrPathTooDeep and says why, Path is the path as the change gave it, so
// that a client can be told which of its paths to mend.
type PathError struct {
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Err.Error() }

func (e *PathError) Unwrap() error { return e.Err }

// rootPathError is ErrBadPath for a path that names the repository's root
// ("workflows/..", "."): inside it, and relative, so ErrBadPath's own
// words would say the path is not what it is.
type rootPathError string

func (e rootPathError) Error() string {
	return fmt.Sprintf("%q names the repository's root, not a file in it", string(e))
}

func (e rootPathError) Is(target error) bool { return target == ErrBadPath }

// dropStaleDiagnostics removes the scanner's findings about paths the change
// replaces or deletes (an escaping link, an unreadable file): what is there
// afterwards is judged afresh. Findings about capreg.json go with it when the
// change carries one; applyRepoConfig makes the new ones.
func (o *overlayer) dropStaleDiagnostics() {
	o.src.Diagnostics = slices.DeleteFunc(o.src.Diagnostics, func(d validate.Diagnostic) bool {
		return d.File != "" && (o.ch.puts(d.File) || o.ch.removes(d.File))
	})
}

// servedLayout reads the served scan's layout back from its sources and
// tree. Without a tree, capreg.json named the capabilities folder as far as
// is known when the scan found it missing.
func servedLayout(src *validate.Sources, tree *Tree) layout {
	l := layout{capDir: src.CapabilitiesDir, workflows: src.WorkflowRoots, cards: src.CardRoots, schemaFrom: src.ConfigSchemaFrom}
	if src.ConfigSchema != nil && l.schemaFrom != validate.SchemaFromDiscovery {
		l.schema = src.ConfigSchema.Path
		if l.schemaFrom == "" {
			l.schemaFrom = repoConfigFile // sources made without a scan: named
		}
	}
	if tree != nil && src.ConfigSchemaFrom == validate.SchemaFromFlag {
		l.schemaSetting = src.ConfigSchemaSetting // the scan's own sources: the flag named it
	}
	_, missing := servedMissingRoot(src, l.capDir)
	l.capDirSet = missing || tree != nil && tree.capDirNamed
	if len(src.OwnRepositories) > 0 {
		l.ownRepos = make(map[string]bool, len(src.OwnRepositories))
		for _, p := range src.OwnRepositories {
			l.ownRepos[p] = true
		}
	}
	return l
}

// proposedLayout is the layout a scan would derive from capreg.json as the
// change leaves it (present is false when the change deletes it), with its
// findings. The flag the served scan had still overrides the schema.
func proposedLayout(f validate.File, present bool, served layout) (layout, validate.Diagnostics) {
	l := layout{capDir: "capabilities", schemaFrom: validate.SchemaFromDiscovery}
	sc := &scanner{} // for confine, so that a configured path is judged exactly as a scan judges it
	if present {
		sc.src.RepoConfig = &f
		rc, diags := validate.ParseRepoConfig(f)
		sc.src.Diagnostics = diags
		l = sc.repoLayout(rc)
	}
	if served.schemaFrom == validate.SchemaFromFlag {
		l.schema, l.schemaFrom, l.schemaSetting = served.schema, served.schemaFrom, served.schemaSetting
	}
	l.ownRepos = served.ownRepos
	return l, sc.src.Diagnostics
}

// priorityRoots are the places the scan walks from besides the repository
// root; what lies under them is read even inside a skipped directory.
func (l layout) priorityRoots() []string {
	return slices.Concat([]string{l.capDir}, l.workflows, l.cards)
}

// configuredRoots are the roots capreg.json names, which must exist, in the
// scanner's order.
func (l layout) configuredRoots() []priorityRoot {
	return slices.DeleteFunc(l.roots(), func(r priorityRoot) bool { return !r.configured })
}

// walked reports whether the scan reaches the file p: from the repository
// root or from one of the configured roots, without passing through a
// directory SkipDir names (node_modules, vendor, …) nor a repository of
// its own the scan did not walk (Sources.OwnRepositories), and p is no editor's
// lock file. It climbs from p towards the repository root: a root met
// before any skipped folder reaches p, and once one is passed no root
// above it does.
func (x rootIndex) walked(p string) bool {
	if editorLock(path.Base(p)) {
		return false
	}
	if p == "." || x.prioritySet[p] {
		return true
	}
	for d := parentDir(p); d != "."; d = parentDir(d) {
		if x.prioritySet[d] {
			return true
		}
		if SkipDir(d[strings.LastIndexByte(d, '/')+1:]) || x.ownRepos[d] {
			return false
		}
	}
	return true // from the repository root
}

// sameRoots reports whether two root lists select the same paths.
func sameRoots(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// applyRepoConfig re-derives the layout when the change carries or deletes
// capreg.json, and reports configured roots that are missing afterwards. A
// moved capabilities folder or changed workflow or card roots would need
// files the served scan never read: those are left to a rescan. It returns
// capreg.json's own findings.
func (o *overlayer) applyRepoConfig() validate.Diagnostics {
	touched := o.ch.puts(repoConfigFile) || o.ch.deleted[repoConfigFile]
	served := o.lay
	var diags validate.Diagnostics
	if touched {
		f := validate.File{Path: repoConfigFile, Data: o.ch.files[repoConfigFile]}
		var proposed layout
		proposed, diags = proposedLayout(f, o.ch.puts(repoConfigFile), served.layout)
		o.lay = proposed.index()
		o.src.RepoConfig = nil
		if o.ch.puts(repoConfigFile) {
			o.src.RepoConfig = &f
		}
		o.src.Diagnostics = append(o.src.Diagnostics, diags...)
		o.moveInputs(served.layout)
	}
	roots := map[string]bool{}
	for _, r := range served.priorityRoots() {
		roots[r] = true
	}
	o.src.Diagnostics = append(slices.DeleteFunc(o.src.Diagnostics, func(d validate.Diagnostic) bool {
		r, ok := missingRootOf(d)
		return ok && roots[r]
	}), o.missingRoots()...)
	return diags
}

// moveInputs applies a layout change to the sources: a new config schema
// is re-evaluated; anything else moved needs a rescan.
func (o *overlayer) moveInputs(served layout) {
	if o.lay.capDir != served.capDir {
		o.rescan = append(o.rescan, fmt.Sprintf("capreg.json moves the capabilities folder from %q to %q", served.capDir, o.lay.capDir))
	}
	if !sameRoots(o.lay.workflows, served.workflows) {
		o.rescan = append(o.rescan, fmt.Sprintf("capreg.json changes the workflow roots from %s to %s", rootList(served.workflows), rootList(o.lay.workflows)))
	}
	if !sameRoots(o.lay.cards, served.cards) {
		o.rescan = append(o.rescan, fmt.Sprintf("capreg.json changes the card roots from %s to %s", rootList(served.cards), rootList(o.lay.cards)))
	}
	o.src.WorkflowRoots, o.src.CardRoots = o.lay.workflows, o.lay.cards
	if (o.lay.schemaFrom == validate.SchemaFromDiscovery) != (served.schemaFrom == validate.SchemaFromDiscovery) {
		// While nothing names the schema, a file named
		// validate.SchemaFileName is an input (scanner.isInput): a link of
		// that name that does not resolve is an error then, and nothing
		// (or a warning, leaving the repository) otherwise. Why it does
		// not resolve, the tree does not keep.
		for _, p := range o.tree.brokenLinksNamed(validate.SchemaFileName) {
			if o.lay.walked(p) && !(under(p, o.lay.capDir) && p != o.lay.capDir) && !o.ch.removes(p) {
				o.rescan = append(o.rescan, fmt.Sprintf("capreg.json makes the link %s, which does not resolve, an input or no more one: the served scan did not keep why it does not resolve", p))
			}
		}
	}
	if o.lay.schema == served.schema {
		return
	}
	switch {
	case o.lay.schema == "":
		o.src.ConfigSchema = nil // found anew, if at all, by settleSchema
	case o.servedRead(o.lay.schema) != nil:
		o.src.ConfigSchema = o.servedRead(o.lay.schema) // named now, found then
	case !o.ch.puts(o.lay.schema) && slices.Contains([]presence{file, unknown}, o.existsAfter(o.lay.schema)):
		// The scan reads the schema wherever it is, in a skipped folder too.
		o.rescan = append(o.rescan, fmt.Sprintf("capreg.json names %s as the config schema, which the served scan did not read: add it to files", o.lay.schema))
	default:
		// Missing, as the scan would find it (a directory, or a file the
		// walk skips, is never the schema), unless the change carries it:
		// put fills it in then.
		o.src.ConfigSchema = o.missingSchema(o.lay.schema)
	}
}

// settleSchema does what the scanner's discoverSchema does, over the
// files named validate.SchemaFileName that the served walk met, less those
// the change deletes, plus those it writes where the walk reaches: when
// nothing names a schema, the only one is the schema. One the served scan
// did not read (it found several, or a schema was named then) cannot be
// judged from memory unless the change carries it. A named schema the
// scan found missing is a directory once the change writes under it.
func (o *overlayer) settleSchema() {
	found := slices.DeleteFunc(slices.Clone(o.served.ConfigSchemaFound), o.ch.removes)
	for _, p := range o.ch.order {
		if path.Base(p) == validate.SchemaFileName && o.lay.walked(p) && !slices.Contains(found, p) {
			found = append(found, p)
		}
	}
	slices.Sort(found)
	o.src.ConfigSchemaFound, o.src.ConfigSchemaFrom = found, o.lay.schemaFrom
	if o.lay.schemaFrom == "" {
		// "configSchema": "" asks for none: the scan reads none, even
		// where one was found (a found schema and none both have the
		// schema path "", so moveInputs saw no change).
		o.src.ConfigSchema = nil
		return
	}
	if o.lay.schemaFrom != validate.SchemaFromDiscovery {
		if o.lay.schema != "" && o.ch.dirs[o.lay.schema] {
			o.src.ConfigSchema = o.missingSchema(o.lay.schema)
		}
		return
	}
	o.src.ConfigSchema = nil
	if found = o.lay.schemaCandidates(o.src.Packages, found); len(found) != 1 {
		return
	}
	switch p, served := found[0], o.servedRead(found[0]); {
	case o.ch.puts(p):
		o.src.ConfigSchema = &validate.File{Path: p, Data: o.ch.files[p]}
	case served != nil:
		o.src.ConfigSchema = served
	default:
		o.rescan = append(o.rescan, fmt.Sprintf("the change leaves %s the only %s, which the served scan did not read: add it to files", p, validate.SchemaFileName))
	}
}

// settleStrays does for the files that look like capability declarations
// what the scanner's walk does (validate.StrayKind), and validation judges
// them against the capabilities the change leaves.
func (o *overlayer) settleStrays() {
	stray := func(p string) bool { return validate.StrayKind(p, o.lay.capDir) != "" }
	o.src.StrayDeclarations = o.settleNamed(o.served.StrayDeclarations, stray, func(p string) bool {
		return o.lay.walked(p) || under(p, o.lay.capDir)
	})
	// An editor's copy beside a declaration is none, as the scanner has it
	// (validate.EditorLeftover); alone in its folder, one; of copies that
	// are one file (a link to another), only the first the walk met is
	// (the scanner's finish). The served scan's copies (the tree keeps
	// them, in the walk's order) are settled again, as finish would with
	// the change made; those the change writes anew are new files
	// (settleNamed added them), but for one that is no link, which keeps
	// its place.
	declared := map[string]bool{}
	for _, c := range o.src.Capabilities {
		declared[c.Folder] = declared[c.Folder] || c.Manifest.Path != ""
	}
	left := o.tree.leftoverList()
	settled := map[string]bool{}
	for _, l := range left {
		settled[l.rel] = !o.ch.puts(l.rel) || l.target == l.rel
	}
	o.src.StrayDeclarations = slices.DeleteFunc(o.src.StrayDeclarations, func(p string) bool { return settled[p] })
	warned := map[string]bool{} // the files a stray is, by real
	for _, l := range left {
		switch {
		case !settled[l.rel] || o.ch.removes(l.rel) || o.ch.dirs[l.rel]:
			continue // gone, or a new file
		case l.target != l.rel && l.target != "" && (o.ch.removes(l.target) || o.ch.dirs[l.target]):
			continue // a link to a file the change deletes: none
		case validate.StrayKind(l.rel, o.lay.capDir) != validate.StrayMisnamed || declared[validate.CapabilityFolder(l.rel, o.lay.capDir)]:
			continue
		case l.taken || warned[l.real]:
			continue
		}
		warned[l.real] = true
		if !l.hidden {
			o.src.StrayDeclarations = append(o.src.StrayDeclarations, l.rel)
		}
	}
	slices.Sort(o.src.StrayDeclarations)
	o.src.StrayDeclarations = slices.Compact(o.src.StrayDeclarations)
	o.src.StrayDeclarations = slices.DeleteFunc(o.src.StrayDeclarations, func(p string) bool {
		if !validate.EditorLeftover(path.Base(p)) || validate.StrayKind(p, o.lay.capDir) != validate.StrayMisnamed {
			return false
		}
		return declared[validate.CapabilityFolder(p, o.lay.capDir)]
	})
}

// settleMisnamedCards does for the files that look like tool cards what
// the scanner's walk does (validate.MisnamedCard), in the card roots.
func (o *overlayer) settleMisnamedCards() {
	misnamed := func(p string) bool { _, ok := validate.MisnamedCard(p); return ok }
	o.src.MisnamedCards = o.settleNamed(o.served.MisnamedCards, misnamed, func(p string) bool {
		return o.lay.walked(p) && o.lay.inCards(p)
	})
}

// settleNamed does for a list the walk collects by a file's name alone
// (named) what the walk does: of the served list, those the change deletes
// go; those the change writes where the walk reaches them (reached) come;
// sorted, once each.
func (o *overlayer) settleNamed(served []string, named, reached func(string) bool) []string {
	list := slices.DeleteFunc(slices.Clone(served), func(p string) bool { return o.ch.removes(p) || !named(p) })
	for _, p := range o.ch.order {
		if named(p) && reached(p) {
			list = append(list, p)
		}
	}
	slices.Sort(list)
	return slices.Compact(list)
}

// settleLinkTexts does for the files directly in the capabilities folder
// that may hold a link's text what the scanner does (validate.LinkTextName):
// those the change deletes or writes go, those it writes come, with the
// text it writes.
func (o *overlayer) settleLinkTexts() {
	texts := slices.DeleteFunc(slices.Clone(o.served.LinkTexts), func(f validate.File) bool {
		return o.ch.touches(f.Path) || !validate.LinkTextName(f.Path, o.lay.capDir)
	})
	for _, p := range o.ch.order {
		if data := o.ch.files[p]; o.ch.puts(p) && validate.LinkTextName(p, o.lay.capDir) && len(data) <= validate.MaxLinkText {
			texts = append(texts, validate.File{Path: p, Data: data})
		}
	}
	slices.SortFunc(texts, func(a, b validate.File) int { return strings.Compare(a.Path, b.Path) })
	o.src.LinkTexts = texts
}

// settlePackages does for the folders holding a capreg.json of their own
// what the scanner's walk does: those whose capreg.json the change deletes
// go, those it writes one in where the walk reaches come.
func (o *overlayer) settlePackages() {
	packages := slices.DeleteFunc(slices.Clone(o.served.Packages), func(dir string) bool {
		return o.ch.removes(dir + "/" + repoConfigFile)
	})
	for _, p := range o.ch.order {
		if p != repoConfigFile && path.Base(p) == repoConfigFile && o.lay.walked(p) {
			packages = append(packages, path.Dir(p))
		}
	}
	slices.Sort(packages)
	o.src.Packages = slices.Compact(packages)
}

// servedRead returns a copy of the config schema the served scan read at
// p, if it read one there (and did not merely find it missing).
func (o *overlayer) servedRead(p string) *validate.File {
	f := o.served.ConfigSchema
	var missing *validate.MissingSchemaError
	if f == nil || f.Path != p || errors.As(f.Err, &missing) {
		return nil
	}
	c := *f
	return &c
}

func rootList(roots []string) string {
	if len(roots) == 0 {
		return "the whole repository"
	}
	return fmt.Sprintf("%q", roots)
}

// missingSchema is the config schema as the scanner leaves it when its walk
// met no file of that path: a directory there is named as such.
func (o *overlayer) missingSchema(p string) *validate.File {
	return missingSchema(p, o.lay.schemaFrom, o.lay.schemaSetting, o.existsAfter(p) == directory)
}

// missingRootOf returns the root r of a scanner finding that a root
// capreg.json names does not exist or is a file, reading r back from the
// quoted path that opens its message: one pass over the findings then
// finds them all, where trying each root on each finding was quadratic in
// the roots (BenchmarkCheckMissingRoots/overlay).
func missingRootOf(d validate.Diagnostic) (string, bool) {
	if d.File != repoConfigFile || d.Rule != "file-unreadable" {
		return "", false
	}
	rest, ok := strings.CutPrefix(d.Message, "configured path ")
	if !ok {
		return "", false
	}
	q, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return "", false
	}
	r, err := strconv.Unquote(q)
	if err != nil || !strings.HasPrefix(d.Message, missingRootPrefix(r)) && d.Message != notFolderMessage(r) {
		return "", false
	}
	return r, true
}

// missingRoots returns the "configured path does not exist" findings after
// the change, in the scanner's order: for the roots of the layout after the
// change, whether or not the change carries capreg.json (deleting a root,
// or the folder holding it, makes it missing), reusing the served scan's
// wording for a root that was already missing.
func (o *overlayer) missingRoots() validate.Diagnostics {
	var out validate.Diagnostics
	placer := validate.NewPathPlacer(o.src.RepoConfig)
	servedMissing := servedMissingRoots(o.served)
	for _, r := range o.lay.configuredRoots() {
		if r.path == "." {
			continue
		}
		served, wasFound := servedMissing[r.path]
		var d validate.Diagnostic
		switch after := o.existsAfter(r.path); {
		case after == unknown && wasFound && !o.ch.puts(r.path) && !o.ch.dirs[r.path] && !o.ch.removes(r.path):
			d = served // where the tree cannot tell, the served scan's finding stands
		case after == absent && wasFound && strings.HasPrefix(served.Message, missingRootPrefix(r.path)) &&
			!errors.Is(o.lstatError(r.path), syscall.ENOTDIR):
			// Its wording, with the error the scan met; not where the
			// change makes a file on the way. The names beside it are
			// those after the change: its did-you-mean is told anew.
			d = served
			if o.changesNamesBeside(r.path) {
				d.Message = withoutHint(d.Message) + o.didYouMean(r.path)
			}
		case after == absent:
			err := o.lstatError(r.path)
			d = rootDiagnostic(missingRootMessage(r.path, err))
			if errors.Is(err, fs.ErrNotExist) {
				d.Message += o.didYouMean(r.path)
			}
		case after == file && r.folder:
			d = rootDiagnostic(notFolderMessage(r.path))
		default:
			continue
		}
		d.Line, d.Column, d.Pointer = 0, 0, "" // placed anew: capreg.json may change
		placeRootFinding(placer, &d, r.path)
		out = append(out, d)
	}
	return out
}

// didYouMean is the scanner's didYouMean for rel, a configured root that
// does not exist after the change, of the names its folder holds after
// the change (namesAfter): "" where the tree does not list that folder.
func (o *overlayer) didYouMean(rel string) string {
	dir := parentDir(rel)
	if o.existsAfter(dir) != directory {
		return ""
	}
	names, known := o.namesAfter(dir)
	if !known {
		return ""
	}
	return nearName(rel, names, func(p string) bool {
		what := o.existsAfter(p)
		return what == file || what == directory
	})
}

// changesNamesBeside reports whether the change writes or deletes a name
// in the folder of rel, or deletes that folder: where it does not, the
// served scan's did-you-mean for rel, made of the folder's listing as the
// scanner reads it, stands.
func (o *overlayer) changesNamesBeside(rel string) bool {
	dir := parentDir(rel)
	if dir != "." && o.ch.removes(dir) {
		return true
	}
	for _, list := range [][]string{o.ch.order, o.ch.deletes} {
		if slices.ContainsFunc(list, func(p string) bool { return parentDir(p) == dir }) {
			return true
		}
	}
	for p := range o.ch.dirs {
		if parentDir(p) == dir {
			return true
		}
	}
	return false
}

// namesAfter lists the names the folder dir holds after the change, and
// whether the tree listed it (or it is one the change makes): those the
// tree records, but for the ones the change deletes, and those the change
// writes in it or makes folders of, the first maxSiblings in byte order,
// as the scanner compares no more. Where a folder has more, the scanner's
// are the first its listing gives, which may be others.
func (o *overlayer) namesAfter(dir string) ([]string, bool) {
	if o.names == nil {
		o.names = map[string][]string{}
		if o.tree != nil {
			for p := range o.tree.entries {
				if d := parentDir(p); o.tree.listed[d] {
					o.names[d] = append(o.names[d], path.Base(p))
				}
			}
			for d := range o.tree.listed {
				if _, ok := o.names[d]; !ok {
					o.names[d] = nil // listed, empty
				}
			}
		}
		for _, p := range slices.Concat(o.ch.order, slices.Sorted(maps.Keys(o.ch.dirs))) {
			if p != "." {
				d := parentDir(p)
				o.names[d] = append(o.names[d], path.Base(p))
			}
		}
	}
	if out, done := o.namesAfterDone[dir]; done {
		return out, true
	}
	all, known := o.names[dir]
	if !known {
		return nil, false
	}
	var out []string
	for _, n := range all {
		if o.existsAfter(path.Join(dir, n)) != absent {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	out = out[:min(len(out), maxSiblings)]
	if o.namesAfterDone == nil {
		o.namesAfterDone = map[string][]string{}
	}
	o.namesAfterDone[dir] = out
	return out, true
}

// withoutHint is msg, a finding that a configured root does not exist,
// without the did-you-mean that ends it, if one does.
func withoutHint(msg string) string {
	if i := strings.LastIndex(msg, " (did you mean "); i >= 0 && strings.HasSuffix(msg, ")") {
		return msg[:i]
	}
	return msg
}

// servedMissingRoot returns the served scan's finding that the configured
// root r does not exist, if it made one.
func servedMissingRoot(served *validate.Sources, r string) (validate.Diagnostic, bool) {
	d, ok := servedMissingRoots(served)[r]
	return d, ok
}

// servedMissingRoots are the served scan's findings that a configured root
// does not exist (or is a file), by root, the first of each.
func servedMissingRoots(served *validate.Sources) map[string]validate.Diagnostic {
	out := map[string]validate.Diagnostic{}
	for _, d := range served.Diagnostics {
		if r, ok := missingRootOf(d); ok {
			if _, dup := out[r]; !dup {
				out[r] = d
			}
		}
	}
	return out
}

// lstatError is the error resolving p fails with when p does not exist
// after the change: at the first component that is missing, or a bare
// "not a directory" after one that is a file, as filepath.EvalSymlinks
// reports them and the scan words them (relative to the root: see
// scanner.relError).
func (o *overlayer) lstatError(p string) error {
	parts := strings.Split(p, "/")
	for i := range parts {
		cur := strings.Join(parts[:i+1], "/")
		switch what := o.existsAfter(cur); {
		case what == absent || what == unknown:
			return &fs.PathError{Op: "lstat", Path: cur, Err: syscall.ENOENT}
		case what == file && i+1 < len(parts):
			return syscall.ENOTDIR
		}
	}
	return &fs.PathError{Op: "lstat", Path: p, Err: syscall.ENOENT}
}

// capabilitySlot splits a path under the capabilities folder into the folder
// and the path inside it.
func capabilitySlot(src *validate.Sources, p string) (folder, inner string, ok bool) {
	dir := src.CapabilitiesDir
	rest := p
	if dir != "." {
		var found bool
		if rest, found = strings.CutPrefix(p, dir+"/"); !found {
			return "", "", false
		}
	}
	return strings.Cut(rest, "/")
}

// deleteAll removes the inputs the change deletes, itself or by a folder
// holding it, in one pass over the sources: a pass per path deleted was
// quadratic in the change (deleting 10,000 workflows and cards took 1.1 s,
// BenchmarkValidateChangeManyRoots/delete).
func (o *overlayer) deleteAll() {
	if len(o.ch.deletes) == 0 {
		return
	}
	src := o.src
	gone := func(f string) bool { return f != "" && o.ch.deletesAt(f) }
	for i := range src.Capabilities {
		c := &src.Capabilities[i]
		if gone(c.Manifest.Path) {
			c.Manifest = validate.File{}
		}
		for name, f := range c.Files {
			if gone(f.Path) {
				delete(c.Files, name)
			}
		}
	}
	src.Workflows = slices.DeleteFunc(src.Workflows, func(f validate.File) bool { return gone(f.Path) })
	src.Cards = slices.DeleteFunc(src.Cards, func(c validate.CardSource) bool { return gone(c.Path) })
	if src.ConfigSchema != nil && gone(src.ConfigSchema.Path) {
		// The scan still looks for it, and says it is missing.
		src.ConfigSchema = o.missingSchema(src.ConfigSchema.Path)
	}
}

// deletesAt reports whether the change deletes f or a folder holding it,
// as under(f, p) says for a path p it deletes: by the prefixes of f that
// end before a slash, whatever f's spelling (removes cleans it as it
// climbs).
func (ch *change) deletesAt(f string) bool {
	if ch.deleted[f] {
		return true
	}
	for i := range len(f) {
		if f[i] == '/' && ch.deleted[f[:i]] {
			return true
		}
	}
	return false
}

// put routes one new or replaced file as the scanner would route it. Files
// the walk never reaches (under node_modules, vendor, …) are no inputs,
// except a capability's fragments, which the scanner reads by the path the
// declaration names.
func (o *overlayer) put(p string, data []byte) {
	src := o.src
	f := validate.File{Path: p, Data: data}
	walked := o.lay.walked(p)
	if folder, inner, ok := capabilitySlot(src, p); ok && (walked || inner != "capability.json") {
		i, found := firstIndex(&o.at.capabilities, len(src.Capabilities), func(i int) string { return src.Capabilities[i].Folder }, folder)
		if !found {
			src.Capabilities = append(src.Capabilities, validate.CapabilitySource{Folder: folder, Files: map[string]validate.File{}})
			i = len(src.Capabilities) - 1
			o.at.capabilities[folder] = i
		}
		switch {
		case inner == "capability.json":
			src.Capabilities[i].Manifest = f
		case strings.HasPrefix(inner, "capability.json/") && walked:
			// A file inside makes capability.json a directory, which the
			// scan reports at the manifest.
			manifest := p[:len(p)-len(inner)] + "capability.json"
			src.Capabilities[i].Manifest = validate.File{Path: manifest, Err: validate.ErrIsDirectory}
		default:
			src.Capabilities[i].Files[inner] = f
		}
	}
	if src.ConfigSchema != nil && src.ConfigSchema.Path == p {
		src.ConfigSchema = &f // read wherever it is, walked or not
	}
	if !walked {
		return
	}
	switch {
	case strings.HasSuffix(p, ".card.json") && o.lay.inCards(p):
		if j, found := firstIndex(&o.at.cards, len(src.Cards), func(j int) string { return src.Cards[j].Path }, p); found {
			src.Cards[j].File = f
		} else {
			tool := strings.TrimSuffix(p, ".card.json")
			src.Cards = append(src.Cards, validate.CardSource{File: f, ToolPath: tool, ToolExists: o.isTool(tool)})
			o.at.cards[p] = len(src.Cards) - 1
			if o.tree != nil && o.existsAfter(tool) == unknown {
				o.rescan = append(o.rescan, fmt.Sprintf("whether the tool %s of the new card %s exists: the served scan did not list its folder", tool, p))
			}
		}
	case o.lay.isWorkflow(p):
		o.putWorkflow(f)
	}
}

// putWorkflow keeps a markdown file among the workflows only when it may
// hold a marker, as the scanner does. One that no longer may is dropped
// once every file is put (dropWorkflows), so that the index stays good.
func (o *overlayer) putWorkflow(f validate.File) {
	src := o.src
	j, found := firstIndex(&o.at.workflows, len(src.Workflows), func(j int) string { return src.Workflows[j].Path }, f.Path)
	switch {
	case found && validate.MayHoldMarkerOrCalls(f.Data):
		src.Workflows[j] = f
	case found:
		if o.at.dropped == nil {
			o.at.dropped = map[int]bool{}
		}
		o.at.dropped[j] = true
	case validate.MayHoldMarkerOrCalls(f.Data):
		src.Workflows = append(src.Workflows, f)
		o.at.workflows[f.Path] = len(src.Workflows) - 1
	}
}

// dropWorkflows removes the workflows putWorkflow dropped, keeping the
// order of the others as removing each at once would.
func (o *overlayer) dropWorkflows() {
	if len(o.at.dropped) == 0 {
		return
	}
	kept := o.src.Workflows[:0]
	for j, w := range o.src.Workflows {
		if !o.at.dropped[j] {
			kept = append(kept, w)
		}
	}
	clear(o.src.Workflows[len(kept):])
	o.src.Workflows = kept
}

// inputIndex finds the input a file of the change replaces, by its path
// (a capability by its folder), where searching the sources for each file
// was quadratic in the change (writing 10,000 workflows and cards took
// 103 ms, BenchmarkValidateChangeManyRoots/write). Each map is built on
// first use, after the deletes (which remove workflows and cards), and
// holds the first input of each key, as a search from the start finds it;
// put adds what it appends. Each path of the change is put once, so a
// dropped workflow is never looked for again.
type inputIndex struct {
	capabilities map[string]int // folder → index in Sources.Capabilities
	workflows    map[string]int // path → index in Sources.Workflows
	cards        map[string]int // path → index in Sources.Cards
	// dropped are the workflows the change leaves without a marker.
	dropped map[int]bool
}

// firstIndex looks k up in *index, first building it from the n keys key
// gives.
func firstIndex(index *map[string]int, n int, key func(int) string, k string) (int, bool) {
	if *index == nil {
		*index = make(map[string]int, n)
		for i := range n {
			if _, dup := (*index)[key(i)]; !dup {
				(*index)[key(i)] = i
			}
		}
	}
	i, ok := (*index)[k]
	return i, ok
}

// updateTools re-decides whether each card's tool exists where the change
// writes, deletes or creates a directory at the tool's path.
func (o *overlayer) updateTools() {
	for i := range o.src.Cards {
		if c := &o.src.Cards[i]; o.ch.touches(c.ToolPath) {
			// What the change puts there is inside the repository.
			c.ToolExists, c.ToolLeaves = o.isTool(c.ToolPath), false
		}
	}
}

// updateSiblings lists again, as the scanner's listSiblings does, the
// files beside each card whose tool is missing after the change
// (validate.CardSource.Siblings), where the change writes the card or
// writes or deletes a file in its folder; the others keep the served
// scan's. They are listed from the served tree and the change, and,
// where the tree does not list the folder (none, or one reached through
// a link), from the served names and the change.
func (o *overlayer) updateSiblings() {
	touched := o.ch.parentDirs()     // the folders the change writes or deletes a file in
	var inTree map[string][]string   // folder → the names the tree lists in it, for the folders needed
	var carded map[string]bool       // the tools the cards describe
	namesIn := map[string][]string{} // folder → its names after the change, sorted, for the cards that share them
	for i := range o.src.Cards {
		c := &o.src.Cards[i]
		dir := parentDir(c.ToolPath)
		if !o.ch.puts(c.Path) && !touched[dir] {
			continue
		}
		l := validate.NewSiblingList(c)
		if l == nil {
			c.Siblings, c.Loose = nil, nil
			continue
		}
		var names []string
		switch served := append(slices.Clip(c.Siblings), c.Loose...); {
		case o.tree != nil && o.tree.listed[dir]:
			if inTree == nil {
				inTree = o.treeNames()
			}
			names = namesIn[dir]
			if names == nil {
				names = o.withWritten(inTree[dir], dir)
				namesIn[dir] = names
			}
		case len(served) == 0:
			// None served (a new card): the folder's names are the
			// change's alone, the same for each card of the folder.
			names = namesIn[dir]
			if names == nil {
				names = o.withWritten(nil, dir)
				namesIn[dir] = names
			}
		default:
			// The served scan's.
			names = o.withWritten(served, dir)
		}
		if carded == nil {
			// A file a card describes after the change is no tool
			// renamed (validate.CardSource.Loose), as the scan says.
			carded = make(map[string]bool, len(o.src.Cards))
			for j := range o.src.Cards {
				carded[o.src.Cards[j].ToolPath] = true
			}
		}
		for _, name := range names {
			loose := !l.Wants(name)
			if loose && !l.WantsLoose(name) {
				continue
			}
			p := path.Join(dir, name)
			if loose && carded[p] {
				continue
			}
			// A file or a link to one, as the tree records it; one it
			// cannot tell (not listed) as the served scan found it.
			if at := o.existsAfter(p); at != file && at != unknown {
				continue
			}
			if loose {
				l.AddLoose(name)
			} else {
				l.Add(name)
			}
		}
		c.Siblings, c.Loose = l.Names(), l.LooseNames() // new slices: the served ones are never changed
	}
}

// withWritten is names (not changed) with the base names of the files the
// change writes in dir, sorted, each once.
func (o *overlayer) withWritten(names []string, dir string) []string {
	out := slices.Clone(names)
	for _, p := range o.writtenIn(dir) {
		out = append(out, path.Base(p))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// treeNames are the names of the files (and links to files) the served
// tree lists, by folder, for the folders of the cards whose tool is
// missing (updateSiblings).
func (o *overlayer) treeNames() map[string][]string {
	dirs := map[string]bool{}
	for _, c := range o.src.Cards {
		if !c.ToolExists && !c.ToolLeaves && namesTool(c.ToolPath) {
			dirs[parentDir(c.ToolPath)] = true
		}
	}
	out := map[string][]string{}
	for p, e := range o.tree.entries {
		if dir := parentDir(p); dirs[dir] && o.tree.listed[dir] && e&entryFile != 0 {
			out[dir] = append(out[dir], path.Base(p))
		}
	}
	return out
}

// updateCommands re-decides what is at the path each card's command names
// (validate.CardSource.CommandPath), as the scanner's cardCommand does,
// for the cards the change writes and those whose command's path, or a
// file of its folder, the change writes or deletes. A command of a new
// card, or a new command, naming a path the served scan did not list
// cannot be judged from memory; one the served scan judged keeps what it
// found there, and the mode it read there (CommandNotExecutable) while the
// file is there (rewritten, it keeps its mode).
func (o *overlayer) updateCommands() {
	var changedDirs map[string]bool // the folders the change writes or deletes files in
	for i := range o.src.Cards {
		c := &o.src.Cards[i]
		put := o.ch.puts(c.Path)
		p := c.CommandPath // the served scan's, for a card it read
		if put {
			p = cardCommandPath(c.Data)
		}
		if p == "" {
			c.CommandPath, c.CommandFound, c.CommandNearby, c.CommandNotExecutable = "", false, nil, false
			continue
		}
		if changedDirs == nil {
			changedDirs = o.ch.parentDirs()
		}
		judged := p == c.CommandPath // what c says of p is the served scan's
		if judged && !o.ch.touches(p) && !changedDirs[parentDir(p)] {
			continue
		}
		found, nearby := c.CommandFound, c.CommandNearby
		switch o.existsAfter(p) {
		case file:
			found = true
		case unknown:
			if !judged && o.tree != nil {
				o.rescan = append(o.rescan, fmt.Sprintf("whether the file %s that the command of the card %s runs exists: the served scan did not list its folder", p, c.Path))
				continue
			}
			found = judged && found // without a tree, a path the scan did not read counts as absent
		default:
			found = false
		}
		if !found {
			nearby = o.filesAfter(p, judged && !c.CommandFound, nearby)
		}
		// The mode is the served scan's, of a file the change keeps or
		// rewrites (its content changed, its mode kept, as Git and a
		// write keep it); a body carries none, so a file it adds, or
		// makes anew where it deletes a folder, is not judged.
		noExec := judged && c.CommandNotExecutable && !o.ch.removes(p) && !o.ch.dirs[p]
		c.CommandPath, c.CommandFound, c.CommandNearby, c.CommandNotExecutable = p, found, nil, found && noExec
		if !found {
			c.CommandNearby = nearby
		}
	}
}

// filesAfter lists the files of the folder of the missing command path p
// once the change is applied that a did-you-mean may name, as the
// scanner's filesIn does: served, the folder's files as the served scan
// listed them when listed is set (but for a list at its cap, where the
// tree lists the folder), else as the tree records them; then those the
// change writes there, less those it deletes.
//
// Each folder's lists are made once, and only the names a did-you-mean may
// name are kept before duplicates are looked for: for each such card, it
// walked every file the change writes, each looked for in the list so
// far, and the tree listed the folder anew, so a body adding 3,000 cards
// whose tools it did not add took 50 s (1,000: 3 s), and capreg serve, on
// a loaded machine, cut it off at its 60 s write timeout, unanswered.
func (o *overlayer) filesAfter(p string, listed bool, served []string) []string {
	dir := parentDir(p)
	base := served
	// The served list holds at most validate.MaxNearby names: a full one
	// may have been cut, and a name it cut is listed once the change
	// deletes one it holds, so the tree, where it lists the folder, is read.
	if !listed || len(served) >= validate.MaxNearby && o.tree != nil && o.tree.listed[dir] {
		if o.filesOf == nil {
			o.filesOf = map[string][]string{}
		}
		if _, ok := o.filesOf[dir]; !ok {
			o.filesOf[dir] = o.tree.filesIn(dir)
		}
		base = o.filesOf[dir]
	}
	if o.words == nil {
		o.words = map[string]string{}
	}
	word := func(w string) string {
		cw, ok := o.words[w]
		if !ok {
			cw = validate.CommandWord(w)
			o.words[w] = cw
		}
		return cw
	}
	pw := validate.CommandWord(p)
	var names []string
	var seen map[string]bool
	for _, list := range [][]string{base, o.writtenIn(dir)} {
		for _, w := range list {
			if !validate.MayMeanCommandWord(pw, word(w)) || !o.ch.puts(w) && (o.ch.removes(w) || o.ch.dirs[w]) || seen[w] {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[w] = true
			names = append(names, w)
		}
	}
	slices.Sort(names)
	if len(names) > validate.MaxNearby {
		names = names[:validate.MaxNearby]
	}
	return names
}

// writtenIn are the files the change writes in the folder dir, in its
// order: the change's files are grouped by folder once, where each card
// asking walked them all.
func (o *overlayer) writtenIn(dir string) []string {
	if o.writtenOf == nil {
		o.writtenOf = map[string][]string{}
		for _, w := range o.ch.order {
			d := parentDir(w)
			o.writtenOf[d] = append(o.writtenOf[d], w)
		}
	}
	return o.writtenOf[dir]
}

// parentDirs are the folders the change writes or deletes files in.
func (ch *change) parentDirs() map[string]bool {
	dirs := map[string]bool{}
	for _, p := range ch.order {
		dirs[parentDir(p)] = true
	}
	for _, p := range ch.deletes {
		dirs[parentDir(p)] = true
	}
	return dirs
}

// isTool reports whether a card's tool is a file after the change, as the
// scanner's isTool decides: a file or a link to one, not a directory.
func (o *overlayer) isTool(tool string) bool {
	return namesTool(tool) && o.existsAfter(tool) == file
}

type presence int

const (
	absent presence = iota
	file
	directory
	unknown // inside a directory the scan did not list
)

// existsAfter says what is at p once the change is applied: the change
// first, then the served tree.
func (o *overlayer) existsAfter(p string) presence {
	switch {
	case p == ".":
		return directory // the repository itself
	case o.ch.puts(p):
		return file
	case o.ch.dirs[p]:
		return directory
	}
	if o.ch.removes(p) {
		return absent
	}
	e, known := o.tree.lookup(p)
	switch {
	case e&entryDir != 0:
		return directory // deleting files leaves their directory
	case !known:
		return unknown
	case e&entryFile != 0:
		return file
	case e&entryLink != 0:
		return unknown // a link that does not resolve inside the repository
	}
	return absent
}

// fragmentPaths is validate.FragmentPaths(manifest), looked up in the
// served scan's when it found them for the same bytes.
func (o *overlayer) fragmentPaths(manifest []byte) []string {
	if o.fragments != nil && validate.MayNameFragments(manifest) {
		if p, ok := o.fragments[sha256.Sum256(manifest)]; ok {
			return p
		}
	}
	return validate.FragmentPaths(manifest)
}

// readNamedFragments does for the declarations the change writes what the
// scanner does after its walk: read the fragments they name. A fragment
// the served scan did not read (no declaration named it then) cannot be
// judged from memory. For the served declarations, a fragment the scan
// found missing is a folder once the change writes under it.
func (o *overlayer) readNamedFragments() {
	for i := range o.src.Capabilities {
		c := &o.src.Capabilities[i]
		if c.Manifest.Data == nil {
			continue
		}
		put := o.ch.puts(c.Manifest.Path)
		for _, p := range o.fragmentPaths(c.Manifest.Data) {
			clean := path.Clean(p)
			if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
				continue // fragment-escape, reported by validation
			}
			if _, done := c.Files[clean]; done {
				continue
			}
			switch rel := path.Join(o.lay.capDir, c.Folder, clean); {
			case put:
				o.fragment(c, clean)
			case o.ch.dirs[rel]:
				// A fragment the served scan found missing, under which
				// the change writes: it is then a folder.
				c.Files[clean] = validate.File{Path: rel, Err: validate.ErrIsDirectory}
			}
		}
	}
}

// fragment settles one named fragment that neither the change nor the served
// scan holds.
func (o *overlayer) fragment(c *validate.CapabilitySource, clean string) {
	rel := path.Join(o.lay.capDir, c.Folder, clean)
	if o.tree == nil {
		return // nothing known beyond the inputs: absent
	}
	switch o.existsAfter(rel) {
	case absent:
		// validation reports it
	case directory:
		c.Files[clean] = validate.File{Path: rel, Err: validate.ErrIsDirectory}
	default:
		o.rescan = append(o.rescan, fmt.Sprintf("%s names the fragment %s, which the served scan did not read: add it to files (or, if it does not exist, check reports it fragment-unreadable)", c.Manifest.Path, rel))
	}
}

// Tree is what a scan saw of the repository besides the inputs it read:
// which paths exist. A proposed change is judged against it (is a new card's
// tool there, does a newly named config schema exist) as a rescan would
// judge it, without reading the disk when the change is validated, which
// could have changed since the snapshot was built.
type Tree struct {
	root string // real path of the repository
	// entries holds every entry of the directories the scan walked (but
	// those inside capability folders, see treeDir), by
	// repository-relative path; inside capability folders, the
	// declarations and fragments the scan read, the folders holding them,
	// and the named fragments it found missing (see note).
	entries map[string]entry
	// listed are the directories whose entries are all in entries.
	listed map[string]bool
	// capDirNamed says capreg.json named the capabilities folder, which
	// must then exist.
	capDirNamed bool
	// aliases maps an input (or a configured root) the scan reached
	// through a link to where it really is, when that differs.
	aliases map[string]string
	// links maps each link of the listed directories (and the noted ones)
	// to the repository paths met resolving it, hop by hop (linkReader.chain).
	links map[string][]string
	// leftovers are the editors' copies of a declaration the scan met in
	// a capability folder (validate.EditorLeftover), in the order it met
	// them: beside a declaration, strays once a change deletes that
	// declaration; alone, strays already. Not compared by same (they come
	// and go as a declaration is edited, and are no new generation): a
	// watcher whose latest scan differs from the served one in them alone
	// serves that scan's snapshot under the served generation
	// (sameLeftovers), as a served snapshot, its Tree with it, never
	// changes.
	leftovers []leftover
}

// leftover is an editor's copy of a declaration the scan met (Tree.leftovers),
// with what its finish needs to say which copies that are one file (a
// symbolic link to another) it warns of: one name each, the first met.
type leftover struct {
	// real is the real path of the file rel leads to (the scanner's
	// linkedFile.real, which tells one file), target its repository path
	// (rel itself for no link; "" outside the repository).
	rel, real, target string
	// taken says another stray of the walk's is that file (the scan warns
	// of it, not of a copy), hidden that a declaration is (a stray of no
	// warning, the scan's manifestReal): either way no copy of it is warned of.
	taken, hidden bool
}

// noteLeftovers records the editors' copies of a declaration met in
// capability folders (Tree.leftovers), in the walk's order.
func (t *Tree) noteLeftovers(ls []leftover) {
	if t != nil {
		t.leftovers = ls
	}
}

// sameLeftovers reports whether t and u hold the same Tree.leftovers.
func (t *Tree) sameLeftovers(u *Tree) bool {
	return slices.Equal(t.leftoverList(), u.leftoverList())
}

// leftoverList returns Tree.leftovers.
func (t *Tree) leftoverList() []leftover {
	if t == nil {
		return nil
	}
	return t.leftovers
}

// isLeftover reports whether the scan met p as an editor's copy of a
// declaration (Tree.leftovers).
func (t *Tree) isLeftover(p string) bool {
	return slices.ContainsFunc(t.leftoverList(), func(l leftover) bool { return l.rel == p })
}

// ownRepoChanges are the reasons to rescan for a change that makes a
// folder a git repository of its own, which the scan does not walk
// (scanner.ownRepository), or makes one a plain folder: a .git written,
// deleted, or written inside. The overlay routes the files under such a
// folder as the served scan found it: docs/sub/.git written as a
// worktree's, the cards beside it counted, where check, once it is
// written, reads none of them. A folder nothing reads either way (under
// a skipped one), the capabilities folder's, and a root capreg.json names
// are walked whatever their .git.
func (ch *change) ownRepoChanges(lay rootIndex) []string {
	var out []string
	judge := func(p string, deleted bool, data []byte) {
		i := strings.Index("/"+p+"/", "/.git/")
		if i <= 0 {
			return // no .git, or the repository's own
		}
		dir, gitEntry := p[:i-1], p[:i-1]+"/.git"
		if walkedAsCapability(dir, lay.capDir) || lay.prioritySet[dir] || !lay.walked(gitEntry) && !lay.ownRepos[dir] {
			return
		}
		var own bool // whether the folder is one after the change
		switch {
		case p != gitEntry:
			if deleted {
				return // inside .git: the folder keeps it
			}
			own = true // .git made a folder
		case deleted:
			own = false
		default:
			own = ownGitFile(data)
		}
		switch {
		case own && !lay.ownRepos[dir]:
			out = append(out, fmt.Sprintf("the change writes %s, which makes %s a git repository of its own, whose files check does not read; the served scan read them", p, dir))
		case !own && lay.ownRepos[dir]:
			verb := "writes"
			if deleted {
				verb = "deletes"
			}
			out = append(out, fmt.Sprintf("the change %s %s, which makes %s, a git repository of its own the served scan did not read, a folder check reads", verb, p, dir))
		}
	}
	for _, p := range ch.order {
		judge(p, false, ch.files[p])
	}
	for _, p := range ch.deletes {
		judge(p, true, nil)
	}
	return slices.Compact(out)
}

// alias records that the scan read rel at real (both repository-relative),
// unless the alias of a folder holding rel already says so: a linked
// capabilities folder is one alias, not one per file.
func (t *Tree) alias(rel, real string) {
	if t == nil || rel == real || t.implied(rel, real) {
		return
	}
	if t.aliases == nil {
		t.aliases = map[string]string{}
	}
	t.aliases[rel] = real
}

// implied reports whether the alias of the nearest aliased folder holding
// rel leads to real.
func (t *Tree) implied(rel, real string) bool {
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		if r, ok := t.aliases[d]; ok {
			return real == path.Join(r, rel[len(d)+1:])
		}
	}
	return false
}

// aliasedChanges are the reasons to rescan for the paths of the change that
// the served scan read under another name, through a link: the overlay
// applies a change at the path it names, but a rescan would see it at the
// link's (the schema config/s.json read as cfg/s.json, a workflow root
// manual reached through a link to docs). A change that removes or
// replaces such a link (or a folder holding it) counts too: what the scan
// read through it, a rescan reads at its real path, if the walk reaches it
// there, or not at all.
func (ch *change) aliasedChanges(tree *Tree) []string {
	if tree == nil {
		return nil
	}
	var out []string
	aliased := slices.Sorted(maps.Keys(tree.aliases))
	for i, p := range slices.Concat(ch.order, ch.deletes) {
		for _, rel := range aliased {
			if reason := aliasReason(p, i >= len(ch.order), rel, tree.aliases[rel]); reason != "" {
				out = append(out, reason)
				break
			}
		}
	}
	return slices.Compact(out)
}

// aliasReason is why writing (or, with deleted, deleting) p needs a rescan
// when the served scan read real as rel, through a link; "" when it does
// not.
func aliasReason(p string, deleted bool, rel, real string) string {
	switch {
	case under(real, p) || under(p, real):
		return fmt.Sprintf("the change touches %s, which the served scan read as %s through a link", p, rel)
	case deleted && under(rel, p):
		// Deletes only: a file written at the link is written through it
		// (linkedChanges), and one written above it is refused, or goes
		// with a delete that counts here.
		return fmt.Sprintf("the change replaces or removes %s, through which the served scan read %s", p, real)
	}
	return ""
}

// mayMakeWay reports whether writing the file p may make target, or a
// folder on the way to it (which moves where resolving it stops, and what
// check says of it), or put a file where one of those folders should be.
// Writing p makes whichever of its folders are missing, and one of them
// is on the way to target exactly when p is under the first folder on
// the way to target that the served tree does not show to exist (or
// under target itself). A folder the scan did not list counts as missing:
// a write beside it is a needless rescan, never a stale answer. Comparing
// only the first folders of the two refused every change under
// capabilities/ while one link there dangled.
func mayMakeWay(tree *Tree, p, target string) bool {
	if under(target, p) {
		return true
	}
	missing := target
	for d := parentDir(target); d != "." && tree.entryAt(d)&entryDir == 0; d = parentDir(d) {
		missing = d
	}
	return under(p, missing)
}

// linkTargets are the reasons to rescan for the paths of the change that
// change what a link of the served tree resolves to: a file written where
// a dangling link points makes it resolve (what was read as a broken link,
// a card or a declaration, is then that file, under the link's name), and
// a delete where a link points makes it dangle (a card's tool, a link
// named as a card that led to a folder), or, for one already dangling,
// moves where resolving it stops (lstat .../scripts, no longer
// .../scripts/missing). The overlay sees either only under the path the
// change names. "Where a link points" is any hop of its chain (linkReader.chain):
// a link to a link, or through a linked folder, resolves or dangles with
// each of them.
func (ch *change) linkTargets(tree *Tree) []string {
	if tree == nil || len(tree.links) == 0 {
		return nil // most repositories: no sorting of links per request
	}
	var out []string
	links := slices.Sorted(maps.Keys(tree.links))
	for _, p := range ch.order {
		for _, link := range links {
			if tree.entries[link] == entryLink && !ch.removes(link) &&
				slices.ContainsFunc(tree.links[link], func(hop string) bool { return mayMakeWay(tree, p, hop) }) {
				out = append(out, fmt.Sprintf("the change writes %s, at or on the way to where the dangling link %s points", p, link))
			}
		}
	}
	for _, p := range ch.deletes {
		for _, link := range links {
			if !ch.removes(link) && slices.ContainsFunc(tree.links[link], func(hop string) bool { return under(hop, p) }) {
				out = append(out, fmt.Sprintf("the change deletes %s, at or on the way to where the link %s points", p, link))
			}
		}
	}
	return out
}

// linkedChanges are the reasons to rescan for the paths of the change that
// lead through a link the served tree lists: a file written at a link or
// under a linked folder, or deleted under one, changes the link's target,
// which the overlay sees only at the path the change names. A rescan sees
// no more when the scan read inputs through the link and reads its target
// under no name of its own (a ConfigMap's ..data, a package in
// node_modules/); otherwise the target may be an input itself (a note
// linked to a fragment), or is not known at all. A link the change deletes
// before writing is no way anywhere.
func (ch *change) linkedChanges(tree *Tree, lay rootIndex) []string {
	if tree == nil {
		return nil
	}
	var out []string
	through := func(p string, write bool) {
		parts := strings.Split(p, "/")
		if !write {
			parts = parts[:len(parts)-1] // a link deleted goes alone
		}
		for i := range parts {
			d := strings.Join(parts[:i+1], "/")
			if tree.entryAt(d)&entryLink == 0 {
				continue
			}
			if write && ch.removes(d) {
				return
			}
			target, known := tree.aliases[d]
			if !known || lay.readsByName(path.Join(target, strings.TrimPrefix(p[len(d):], "/"))) {
				out = append(out, fmt.Sprintf("the change touches %s through the link %s, whose target the served scan may read under another name", p, d))
			}
			return
		}
	}
	for _, p := range ch.order {
		through(p, true)
	}
	for _, p := range ch.deletes {
		through(p, false)
	}
	return out
}

// readsByName reports whether a scan reads a file at p under that path:
// where the walk reaches, or named (capreg.json, the config schema, a
// capability's declaration or fragment).
func (x rootIndex) readsByName(p string) bool {
	return x.walked(p) || p == repoConfigFile || p == x.schema || under(p, x.capDir) && p != x.capDir
}

// entry says what a path is, after following a link inside the repository.
type entry uint8

const (
	entryFile entry = 1 << iota // not a directory: a file, FIFO, device or socket
	entryDir
	entryLink // a symlink; with neither bit above it does not resolve inside the repository
)

// newTree is an empty tree of the repository at root; the scan fills it.
func newTree(root string) *Tree {
	return &Tree{root: root, entries: map[string]entry{}, listed: map[string]bool{}}
}

// note records what the scan learnt of one path of a directory the tree
// does not list (a declaration or fragment in a capability folder): e, or
// 0 for nothing there. What is there lies in directories, which are noted
// too. A path already recorded keeps what its listing says.
func (t *Tree) note(p string, e entry) {
	if t == nil {
		return
	}
	if _, ok := t.entries[p]; ok {
		return
	}
	t.entries[p] = e
	for d := path.Dir(p); e != 0 && d != "."; d = path.Dir(d) {
		if _, ok := t.entries[d]; ok {
			return
		}
		t.entries[d] = entryDir
	}
}

// list records the entries of one directory the scan did not walk (one
// holding an input reached through a link); one that cannot be read stays
// unlisted (its content is unknown; the scan reported it).
func (t *Tree) list(lr *linkReader, dir string) {
	if t == nil || dir == "" {
		return
	}
	f, err := lr.root.Open(asDir(filepath.FromSlash(dir)))
	if err != nil {
		return
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err == nil {
		t.record(lr, dir, entries)
	}
}

// record notes what the entries of the directory dir are; "" is a
// directory the tree does not list.
func (t *Tree) record(lr *linkReader, dir string, entries []fs.DirEntry) {
	if t == nil || dir == "" {
		return
	}
	t.listed[dir] = true
	for _, e := range entries {
		p := path.Join(dir, e.Name())
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			t.entries[p] = entryLink | linkTarget(lr, p)
			t.noteLink(lr, p)
		case e.IsDir():
			t.entries[p] = entryDir
		default:
			t.entries[p] = entryFile
		}
	}
}

// noteLink records where the link p leads inside the repository: a change
// writing there may make it resolve, and one deleting there makes it
// dangle.
func (t *Tree) noteLink(lr *linkReader, p string) {
	if t == nil || t.entries[p]&entryLink == 0 {
		return
	}
	if hops := lr.chain(p); len(hops) > 0 {
		if t.links == nil {
			t.links = map[string][]string{}
		}
		t.links[p] = hops
	}
}

// linkReader follows links through the root for one scan (Tree.noteLink).
// It caches the mode of every path it Lstats: links into one deep folder
// share its prefixes, and each Lstat through the root walks the whole path
// again (5,000 dangling links into one folder seven deep took a scan from
// 165 to 545 ms uncached, 232 ms cached). A new scan gets a new one, as the
// disk moves on.
type linkReader struct {
	root  *os.Root
	modes map[string]fs.FileMode // noSuchPath for a path that cannot be Lstat'd
	// rootWay places an absolute link, or one leaving and coming back in.
	rootWay
}

func newLinkReader(root *os.Root, way rootWay) *linkReader {
	return &linkReader{root: root, modes: map[string]fs.FileMode{}, rootWay: way}
}

// noSuchPath is the mode linkReader caches for a path that cannot be
// Lstat'd; no real mode has every bit set.
const noSuchPath = ^fs.FileMode(0)

// chain lists the repository paths met resolving the link p, which a
// change may alter: a change writing on the way to one may make a dangling
// link resolve, and one deleting one makes the link dangle or lead
// elsewhere. Every hop counts: a link may lead through a skipped folder
// (Kubernetes' ..data, node_modules/) the tree does not list, to where a
// change writes.
//
// It resolves p as the kernel does, one component at a time through the
// root, so that a ".." climbs out of the folder a linked folder leads to,
// not back over the link's name ("d/../t" with d a link to x/y is x/t, not
// t). It records each further link met, under the name the path gives it
// ("a/b" when the folder a is a link: a change deleting a/b deletes
// through it), each folder a ".." climbs out of (but those holding p,
// whose delete deletes the link), and where resolving ends:
// the target, or the first missing path and what follows it. It stops at
// a target that is absolute or leaves the repository.
func (lr *linkReader) chain(p string) []string {
	var hops []string
	met := func(parts ...string) {
		if q := path.Join(parts...); q != "" && q != "." && q != p && !slices.Contains(hops, q) {
			hops = append(hops, q)
		}
	}
	var done []string // real folders, resolved
	own := -1         // how many of done hold p itself, once the first link is met
	rest := strings.Split(p, "/")
	for links := 0; len(rest) > 0; {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				back, ok := lr.comesBack(filepath.Dir(lr.real), rest)
				if !ok {
					return hops // leaves the repository
				}
				rest = back
				continue
			}
			if len(done) > own {
				met(done...)
			} else {
				own-- // a folder holding p: deleting it deletes the link
			}
			done = done[:len(done)-1]
			continue
		}
		q := path.Join(path.Join(done...), c)
		mode := lr.mode(q)
		switch {
		case mode == noSuchPath:
			met(q)
			met(q, plainPrefix(rest))
			return hops
		case mode&fs.ModeSymlink == 0:
			done = append(done, c)
			continue
		}
		met(q, plainPrefix(rest))
		if own < 0 {
			own = len(done)
		}
		target, err := lr.root.Readlink(filepath.FromSlash(q))
		if links++; err != nil || links > maxLinkHops {
			return hops
		}
		way := strings.Split(filepath.ToSlash(target), "/")
		if filepath.IsAbs(target) {
			// From the root on, where it comes back in by its path.
			back, ok := lr.comesBack(string(filepath.Separator), way)
			if !ok {
				return hops
			}
			way = back
			done, own = nil, 0
		}
		rest = append(way, rest...)
	}
	met(done...)
	return hops
}

// plainPrefix joins the components of rest up to the first "", "." or
// "..": the part of a path that names where it goes without resolving.
func plainPrefix(rest []string) string {
	end := slices.IndexFunc(rest, func(c string) bool { return c == "" || c == "." || c == ".." })
	if end < 0 {
		end = len(rest)
	}
	return strings.Join(rest[:end], "/")
}

// mode is the mode of p, not following a link at p, from the cache.
func (lr *linkReader) mode(p string) fs.FileMode {
	mode, seen := lr.modes[p]
	if !seen {
		mode = noSuchPath
		if st, err := lr.root.Lstat(filepath.FromSlash(p)); err == nil {
			mode = st.Mode()
		}
		lr.modes[p] = mode
	}
	return mode
}

// linkTarget says what a link resolves to, as the scanner's isTool stats
// it; nothing when it leaves the repository.
func linkTarget(lr *linkReader, p string) entry {
	st, err := lr.stat(lr.root, p)
	switch {
	case err != nil:
		return 0
	case st.IsDir():
		return entryDir
	}
	return entryFile
}

// lookup returns what is at p and whether that is known: a path inside a
// directory the tree did not list (a skipped one, one reached through a
// link, a capability folder) is unknown. A nil tree knows nothing.
//
// It walks up p's folders once, slicing p rather than cleaning it again
// at each (p is clean): a change judges every folder on the way to each
// of its paths, and recursing through path.Dir made that cubic in the
// depth (1,900 paths of 250 segments took 55 s).
func (t *Tree) lookup(p string) (entry, bool) {
	if t == nil {
		return 0, false
	}
	if e, ok := t.entries[p]; ok {
		return e, true
	}
	for q := p; ; {
		parent := parentDir(q)
		if t.listed[parent] {
			return 0, true // listed, and q is not in it
		}
		if parent == "." {
			return 0, false
		}
		if pe, ok := t.entries[parent]; ok {
			// Nothing can be under a file or a missing path; under a link
			// leading out, what is there is outside and unknown.
			return 0, pe&(entryDir|entryLink) == 0
		}
		q = parent
	}
}

// brokenLinksNamed are the links the tree records named name that do not
// resolve inside the repository (dangling, looping or leading out),
// sorted.
func (t *Tree) brokenLinksNamed(name string) []string {
	if t == nil {
		return nil
	}
	var out []string
	for p, e := range t.entries {
		if e&entryLink != 0 && e&(entryFile|entryDir) == 0 && path.Base(p) == name {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// filesIn lists the entries the tree records in the folder dir that are
// no folders, by their repository path, sorted: its files and its links,
// wherever they lead, as the scanner's filesIn lists them (a listing's
// entry of a link is no folder); none for a folder it does not list.
func (t *Tree) filesIn(dir string) []string {
	if t == nil || !t.listed[dir] {
		return nil
	}
	var out []string
	for p, e := range t.entries {
		if (e&entryLink != 0 || e&entryFile != 0) && parentDir(p) == dir {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// entryAt is what the tree records at p itself (0 for nothing recorded):
// lookup's entry, without asking whether an unrecorded p is known.
func (t *Tree) entryAt(p string) entry {
	if t == nil {
		return 0
	}
	return t.entries[p]
}

// parentDir is path.Dir of a clean relative path, without cleaning it.
func parentDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}
