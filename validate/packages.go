package validate

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/capreg/capreg/validate/ojson"
)

// packageScope is what a check of a repository leaves to the packages
// below its root (Sources.Packages): a folder holding a capreg.json of its
// own is a repository of its own, whose capreg.json may call its folders
// anything. A check of the root reads none of its inputs (declarations,
// workflows, cards): its workflows read at the root would declare the
// root's steps a second time (marker-duplicate-step with the root's, or
// another package's) and be checked against capabilities that are not
// theirs. A package the root's own layout reaches into (its capabilities
// folder, or a workflow or card root capreg.json or a flag names, at or
// inside it) is read as named, and is no package here.
type packageScope struct {
	dirs map[string]bool // the packages whose inputs are not read
	// outer are the packages in no other package, sorted, each warned of
	// unless it is a fixture (fixtureFolder).
	outer []string
}

// packagesOf is the packageScope of src.
func packagesOf(src *Sources) packageScope {
	var ps packageScope
	for _, dir := range src.Packages {
		if dir == "." || dir == "" || claimed(dir, src) {
			continue
		}
		if ps.dirs == nil {
			ps.dirs = make(map[string]bool)
		}
		ps.dirs[dir] = true
	}
	for _, dir := range src.Packages { // sorted, so outer is too
		if ps.dirs[dir] {
			if _, inner := ps.packageOf(path.Dir(dir)); !inner {
				ps.outer = append(ps.outer, dir)
			}
		}
	}
	return ps
}

// SchemaCandidates are the files named SchemaFileName a walk found that
// discovery chooses the central config schema among: those outside
// packages (a package of src is a folder of Sources.Packages, one below
// the root holding a capreg.json of its own, that the root's layout does
// not reach into; its schema is its own) and, of several, those outside
// the fixture folders (fixtureFolders): a copy kept as test data beside
// the real one (tests/fixtures/config-schema.manifest.json) turned
// discovery off, and with it the central collision checks, with only a
// warning to say so.
func SchemaCandidates(src *Sources, found []string) []string {
	return packagesOf(src).schemaCandidates(found)
}

func (ps packageScope) schemaCandidates(found []string) []string {
	c := ps.paths(found)
	if len(c) > 1 {
		if kept := slices.DeleteFunc(slices.Clone(c), func(p string) bool { return fixtureFolder(path.Dir(p)) }); len(kept) > 0 {
			return kept
		}
	}
	return c
}

// paths is paths less those inside a package, in a slice of their own.
func (ps packageScope) paths(paths []string) []string {
	return outside(ps, slices.Clone(paths), func(p string) string { return p })
}

// claimed reports whether the root's layout reaches into the package at
// dir: its capabilities folder, or a workflow or card root, is dir or lies
// inside it, or dir lies inside the capabilities folder (a capability's
// own file named capreg.json; with the capabilities at the root, "."
// in capreg.json, only a folder at the root is a capability's).
func claimed(dir string, src *Sources) bool {
	switch capDir := src.CapabilitiesDir; {
	case capDir == ".":
		if path.Dir(dir) == "." {
			return true
		}
	case capDir != "" && (inDir(capDir, dir) || inDir(dir, capDir)):
		return true
	}
	for _, roots := range [][]string{src.WorkflowRoots, src.CardRoots} {
		for _, r := range roots {
			if inDir(r, dir) {
				return true
			}
		}
	}
	return false
}

// inDir reports whether p is dir or lies inside it.
func inDir(p, dir string) bool {
	return p == dir || len(p) > len(dir) && p[len(dir)] == '/' && p[:len(dir)] == dir
}

// packageOf returns the package holding the file or folder p, if any.
func (ps packageScope) packageOf(p string) (string, bool) {
	if len(ps.dirs) == 0 {
		return "", false
	}
	for d := p; d != "." && d != "/" && d != ""; d = path.Dir(d) {
		if ps.dirs[d] {
			return d, true
		}
	}
	return "", false
}

// workflows are files, less those inside a package.
func (ps packageScope) workflows(files []File) []File {
	return outside(ps, files, func(f File) string { return f.Path })
}

// cards are cards, less those inside a package.
func (ps packageScope) cards(cards []CardSource) []CardSource {
	return outside(ps, cards, func(c CardSource) string { return c.Path })
}

// outside is items, less those whose path is inside a package of ps.
func outside[T any](ps packageScope, items []T, pathOf func(T) string) []T {
	if len(ps.dirs) == 0 {
		return items
	}
	var out []T
	for _, it := range items {
		if _, in := ps.packageOf(pathOf(it)); !in {
			out = append(out, it)
		}
	}
	return out
}

// warn says, once a package in no other one (the first maxNamed by name,
// one more warning counting the others), that it is a repository of its
// own this check does not read, and how to check it; a fixture kept on
// purpose (under testdata/, fixtures/, …) is not warned of. The rule is
// capability-misplaced, as for the declarations of a package, which were
// the first thing found missing from a root check. Where capreg.json
// lists its packages ("packages"), a package it lists is not warned of
// (a monorepo's root then passes --strict), one it does not list is a
// config-file warning at the list, and so is a listed folder that is no
// package (listedPackages.warn).
func (ps packageScope) warn(s *sink, src *Sources) {
	named := ps.named()
	if lp := listedPackagesOf(src.RepoConfig); lp != nil {
		lp.warn(s, named, ps, src.Packages)
		return
	}
	for i, dir := range named {
		at := path.Join(dir, RepoConfigFile)
		if i == maxNamed && len(named) > maxNamed+1 {
			s.add(Diagnostic{File: at, Rule: "capability-misplaced", Message: packageRestMessage(dir, len(named)-i-1)})
			return
		}
		s.add(Diagnostic{File: at, Rule: "capability-misplaced", Message: packageMessage(dir)})
	}
}

// listedPackages is capreg.json's "packages", the package folders a
// monorepo's root lists: each cleaned, with where it is written.
type listedPackages struct {
	src     []byte
	off     int // the list's
	entries []listedPackage
	index   map[string]bool
}

// listedPackage is one entry of "packages": the folder, cleaned, where it
// is written, and its index in the list (entries not strings are skipped,
// so it is no index of listedPackages.entries).
type listedPackage struct {
	dir       string
	off, item int
}

// listedPackagesOf is rc's "packages" list; nil where rc is none, does not
// parse, or has no list under the key (its schema finding says so).
func listedPackagesOf(rc *File) *listedPackages {
	if rc == nil || !bytes.Contains(rc.Data, []byte(`"packages"`)) {
		return nil
	}
	root, ok := configObject(rc)
	if !ok {
		return nil
	}
	v := root.Get("packages")
	if v == nil || v.Kind != ojson.Array {
		return nil
	}
	lp := &listedPackages{src: rc.Data, off: v.Off, index: map[string]bool{}}
	for j, it := range v.Items {
		if it.Kind != ojson.String || it.Str == "" {
			continue // the schema's finding
		}
		dir := path.Clean(it.Str)
		lp.entries = append(lp.entries, listedPackage{dir: dir, off: it.Off, item: j})
		lp.index[dir] = true
	}
	return lp
}

// warn reports, at capreg.json's "packages", the packages found (named,
// those in no other package and no fixture) that it does not list (the
// first maxNamed by name, one more warning counting the others), and at
// each entry one that names no package of the root: a folder holding no
// capreg.json of its own, or one the root's layout reads (ps.dirs holds
// neither).
func (lp *listedPackages) warn(s *sink, named []string, ps packageScope, found []string) {
	lp.warnUnlisted(s, named)
	lp.warnNoPackage(s, ps, found)
}

// warnUnlisted reports, at "packages", the packages found (named) it does
// not list: the first maxNamed by name, then one warning counting the
// others, so a monorepo of many does not bury the other findings.
func (lp *listedPackages) warnUnlisted(s *sink, named []string) {
	var unlisted []string
	for _, dir := range named {
		if !lp.index[dir] {
			unlisted = append(unlisted, dir)
		}
	}
	line, col := s.position(lp.src, lp.off)
	for i, dir := range unlisted {
		msg := fmt.Sprintf("%s holds a capreg.json of its own, so it is a package this check does not read, but \"packages\" does not list it: add %q to \"packages\" and check it with %s, or, if it is no package, remove %s",
			dir, dir, packageCheck(dir), path.Join(dir, RepoConfigFile))
		rest := i == maxNamed && len(unlisted) > maxNamed+1
		if rest {
			msg = fmt.Sprintf("%s and %s holding a capreg.json of their own are packages \"packages\" does not list: add each to \"packages\" and check it with %s",
				dir, Plural(len(unlisted)-i-1, "other folder"), packageCheckEach)
		}
		s.add(Diagnostic{File: RepoConfigFile, Line: line, Column: col, Pointer: "/packages", Rule: "config-file", Severity: Warning, Message: msg})
		if rest {
			break
		}
	}
}

// warnNoPackage reports, at each entry of "packages", a folder that is no
// package of the root (not in ps.dirs), each once, saying why, as the fix
// differs: outside the root, its capreg.json gone (read as the root's),
// named by the root, or holding none; a fixture listed is let be.
func (lp *listedPackages) warnNoPackage(s *sink, ps packageScope, found []string) {
	seen := map[string]bool{}
	for _, e := range lp.entries {
		dir := e.dir
		if seen[dir] || ps.dirs[dir] {
			continue
		}
		seen[dir] = true
		line, col := s.position(lp.src, e.off)
		msg := fmt.Sprintf("%q is listed as a package, but %s holds no capreg.json of its own, so it is no package: fix the path, or remove it from \"packages\"", dir, dir)
		switch {
		case dir == "." || dir == ".." || strings.HasPrefix(dir, "../") || path.IsAbs(dir):
			msg = fmt.Sprintf("%q is listed as a package, but a package is a folder below this repository's root holding a capreg.json of its own: remove it from \"packages\"", dir)
		case fixtureFolder(dir):
			continue // a fixture kept on purpose: listing it does no harm
		case slices.Contains(s.products, dir):
			// Its capreg.json left out or deleted: its capabilities and
			// workflows are read as the root's.
			msg = fmt.Sprintf("%q is listed as a package, but %s holds no capreg.json of its own, so this check reads its workflows and cards as the root's: give %s a capreg.json of its own (or remove it from \"packages\")", dir, dir, dir)
		case slices.Contains(found, dir):
			msg = fmt.Sprintf("%q is listed as a package, but this repository's own capabilities, workflows or cards (capreg.json, or a flag) are read in it, so this check reads it as named and it is no package: remove it from \"packages\", or stop naming it", dir)
		}
		s.add(Diagnostic{File: RepoConfigFile, Line: line, Column: col, Pointer: fmt.Sprintf("/packages/%d", e.item), Rule: "config-file", Severity: Warning, Message: msg})
	}
}

// Packages are the packages of src the check of its root leaves to their
// own checks: the folders below the root holding a capreg.json of their
// own, in no other one, not fixtures (testdata/, …), and not read by the
// root's own layout; sorted. A root holding them and nothing else is a
// monorepo's, not an empty repository.
func Packages(src *Sources) []string { return packagesOf(src).named() }

// named are the packages of ps in no other one, less the fixtures.
func (ps packageScope) named() []string {
	var out []string
	for _, dir := range ps.outer {
		if !fixtureFolder(dir) {
			out = append(out, dir)
		}
	}
	return out
}

// packageMessage says that dir, a folder holding a capreg.json of its own,
// is a package this check does not read.
func packageMessage(dir string) string {
	return fmt.Sprintf("%s holds a capreg.json of its own, so it is a package, and this check does not read its capabilities, workflows or tool cards: check that package with %s; list it in %s, to say it is one",
		dir, packageCheck(dir), packagesListOf(dir))
}

// packageCheck is the command line that checks dir, a package, on its
// own. Its --repo is dir's path from the root checked, as every path a
// finding names: validate cannot know where the check ran from, and from
// elsewhere (capreg check --repo mono) that path names no folder, so the
// line says what it is relative to. Quoted for a shell (ShellQuote) where
// the path would not paste as one word ("products/my app").
func packageCheck(dir string) string {
	return fmt.Sprintf("capreg check --repo %s (a path from this repository's root)", ShellQuote(dir))
}

// packageCheckEach is packageCheck for packages counted, not named.
const packageCheckEach = "capreg check --repo <package> (its path from this repository's root)"

// packagesListOf names, for dir, a folder below the root, the list a
// package is listed in: "packages" of the root's capreg.json, the root
// named as the folder holding dir's first folder. Said at dir's own
// capreg.json, "this root's" read as dir, a root of its own.
func packagesListOf(dir string) string {
	first, _, _ := strings.Cut(dir, "/")
	return fmt.Sprintf("\"packages\" of the capreg.json in the folder holding %s/, the root checked", first)
}

// packageRestMessage says that dir and more other packages, past those
// warned of one by one, are not read.
func packageRestMessage(dir string, more int) string {
	return fmt.Sprintf("%s and %s holding a capreg.json of their own are packages this check does not read (their capabilities, workflows and tool cards): check each package with %s",
		dir, Plural(more, "other folder"), packageCheckEach)
}

// nestedProducts are the folders below the root that look like a
// monorepo's products read as the root's: each holds a folder named as the
// root's capabilities folder (capabilities/) with declarations the root
// does not read (Sources.StrayDeclarations), and no capreg.json of its
// own (a package's are not among them), sorted, fixtures left out. Its
// workflows, read at the root, declare the root's steps a second time.
func nestedProducts(src *Sources, pkgs packageScope) []string {
	capDir := src.CapabilitiesDir
	if capDir == "" {
		capDir = "capabilities"
	}
	base := path.Base(capDir)
	var out []string
	for _, p := range src.StrayDeclarations {
		if _, in := pkgs.packageOf(p); in || inDir(p, capDir) {
			continue
		}
		parts := strings.Split(p, "/")
		for i := len(parts) - 3; i >= 1; i-- { // <product>/capabilities/<id>/<file>
			if parts[i] == base {
				if dir := strings.Join(parts[:i], "/"); !fixtureFolder(dir) {
					out = append(out, dir)
				}
				break
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// productOf is the product of products (nestedProducts) holding the file
// p, or "".
func productOf(products []string, p string) string {
	for _, d := range products {
		if inDir(p, d) {
			return d
		}
	}
	return ""
}

// productAdvice tells to give dir, a product read as the root's, a
// capreg.json of its own.
func productAdvice(dir string) string {
	return fmt.Sprintf("%s holds capabilities of its own, a product of a monorepo: give it a capreg.json of its own (and list it in %s), so that this check leaves it to %s", dir, packagesListOf(dir), packageCheck(dir))
}
