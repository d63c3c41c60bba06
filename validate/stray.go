package validate

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// ManifestName is the name a capability declaration is read by, directly in
// its folder: <capabilities folder>/<id>/capability.json.
const ManifestName = "capability.json"

// Where a file that looks like a capability declaration is not read as one
// (StrayKind).
const (
	StrayElsewhere = "elsewhere" // <dir>/capabilities/<id>/capability.json outside the capabilities folder
	StrayMisnamed  = "misnamed"  // <capabilities folder>/<id>/Capability.json, capability.json.txt, …
	StrayNested    = "nested"    // <capabilities folder>/<id>/<sub>/…/capability.json
)

// StrayKind says whether the file at p (slash-separated, repository-relative)
// looks like a capability declaration that is not read as one, in a
// repository whose capabilities folder is capDir: "" when it does not. Such
// files are skipped in silence otherwise: a misnamed declaration leaves its
// capability out of the registry, and a repository checked from the root of
// a monorepo reports none of its packages' capabilities. The scanner and
// Snapshot.Overlay collect them (Sources.StrayDeclarations) by this one
// test; it looks at the name only, so a walk pays nothing for it.
func StrayKind(p, capDir string) string {
	base := path.Base(p)
	folder, inner, ok := capabilityPath(p, capDir)
	switch {
	case !ok:
		// Outside the capabilities folder: only at the place one would be
		// in another repository (a package of a monorepo), or in a folder
		// named as the capabilities folder is in another case
		// (Capabilities/, made so on macOS), which is read in no case.
		if dir := path.Base(path.Dir(path.Dir(p))); base == ManifestName &&
			(strings.EqualFold(dir, "capabilities") || capDir != "." && strings.EqualFold(dir, path.Base(capDir))) {
			return StrayElsewhere
		}
	case folder == "" || inner == ManifestName:
		// A file directly in the capabilities folder, or the declaration.
	case strings.Contains(inner, "/"):
		if base == ManifestName {
			return StrayNested
		}
	case nearManifestName(base):
		return StrayMisnamed
	}
	return ""
}

// capabilityPath splits p, under capDir, into its capability folder and the
// path inside it (folder "" for a file directly in capDir); ok is false
// outside capDir.
func capabilityPath(p, capDir string) (folder, inner string, ok bool) {
	rest := p
	if capDir != "." {
		var found bool
		if rest, found = strings.CutPrefix(p, capDir+"/"); !found {
			return "", "", false
		}
	}
	folder, inner, found := strings.Cut(rest, "/")
	if !found {
		return "", "", true
	}
	return folder, inner, true
}

// CapabilityFolder is the capability folder p is in, under capDir (the
// first folder below it; "" for a file directly in capDir, or outside
// it): the folder of a stray declaration StrayKind names, for a caller
// that checks whether that folder holds a declaration.
func CapabilityFolder(p, capDir string) string {
	folder, _, _ := capabilityPath(p, capDir)
	return folder
}

// nearManifestName reports a name meant as capability.json: spelt in
// another case (Capability.json), with a suffix (capability.json.txt), in
// YAML (capability.yaml), as a plural (capabilities.json), one edit away
// in any part of it (capabilty.json, capability.jsn, capability.jsonc), or
// as an editor's backup of any of those (capability.json~), which in a
// folder with no capability.json is most likely the declaration an editor
// or a rename left behind. Not capability.schema.json, which ADR-894 names
// for the schema, nor capability.md or capacity.json, nor a template kept
// on purpose (exampleSuffixes).
func nearManifestName(name string) bool {
	lower := strings.TrimSuffix(strings.ToLower(name), "~")
	switch {
	case slices.ContainsFunc(exampleSuffixes, func(suffix string) bool { return lower == ManifestName+suffix }):
		return false
	case strings.HasPrefix(lower, ManifestName+"."), lower == "capability.yaml", lower == "capability.yml",
		lower == "capabilities.json":
		return true
	}
	return EditDistance(lower, ManifestName, 1) <= 1
}

// EditorLeftover reports whether name, a file's name, is one an editor,
// a merge or an atomic save leaves beside the file it works on: a backup
// (capability.json~, .bak, .orig), a swap file (.swp, .swo), a temporary
// file written and renamed over the file (capability.json.tmp1234,
// .tmp.8f3a), a lock (Emacs's .#name, often a link to nothing, and its
// autosave #name#), or the file vim creates to test that a folder is
// writable (4913). Compared in lower case. In a capability folder that
// holds a capability.json such a copy of it is no declaration left
// behind: the scanner records none (Sources.StrayDeclarations), so that
// one coming and going while the declaration is edited changes nothing
// a daemon serves. In a folder without one it is still the declaration
// a rename or an editor left behind (StrayKind).
func EditorLeftover(name string) bool {
	lower := strings.ToLower(name)
	switch {
	case strings.HasPrefix(lower, ".#"), len(lower) > 2 && strings.HasPrefix(lower, "#") && strings.HasSuffix(lower, "#"),
		lower == "4913", strings.HasSuffix(lower, "~"):
		return true
	case slices.ContainsFunc(editorSuffixes, func(suffix string) bool { return strings.HasSuffix(lower, suffix) }):
		return true
	}
	// An atomic save's temporary file: .tmp, alone or followed by a
	// number, a random word or a separator (.tmp1234, .tmp-x8Yq, .tmp.1),
	// not .tmpl, a template's (exampleSuffixes).
	i := strings.LastIndex(lower, ".tmp")
	if i <= 0 {
		return false
	}
	rest := lower[i+len(".tmp"):]
	return rest == "" || strings.ContainsRune("0123456789.-_", rune(rest[0])) || len(rest) >= 3
}

// editorSuffixes end the name of an editor's or a merge's copy of a file
// (EditorLeftover), in lower case.
var editorSuffixes = []string{".bak", ".orig", ".swp", ".swo"}

// exampleSuffixes end the name of a copy of a declaration kept on purpose
// as a template or an example to copy, as .env.example is
// (capabilities/_template/capability.json.example): no declaration meant
// to be read, as capability.example.json is none, and renaming it to
// capability.json, as a misnamed declaration is told to be, would make a
// capability of the template.
var exampleSuffixes = []string{".example", ".sample", ".template", ".tmpl", ".tpl", ".dist"}

// CardSuffix ends the name of a tool capability card, read beside the tool
// it describes: <tool>.card.json.
const CardSuffix = ".card.json"

// misnamedCardSuffixes are the endings of a file meant as a card and not
// read as one (compared in lower case, so that ".Card.json" and
// ".card.JSON" are too): the plural, YAML, and JSON with comments
// (".card.jsonc", ".card.json5"), which an author who wants a note in
// the card names it by.
var misnamedCardSuffixes = []string{CardSuffix, ".cards.json", ".card.yaml", ".card.yml", ".card.jsonc", ".card.json5"}

// MisnamedCard reports whether the file at p (slash-separated) looks like a
// tool card that is not read as one, and the card it was meant as:
// "bin/land.Card.json", "bin/land.cards.json" and "bin/land.card.yaml" are
// bin/land.card.json. Such a file was left out in silence, and the tool's
// card with it. It looks at the name only, so a walk pays nothing for it.
func MisnamedCard(p string) (meant string, ok bool) {
	if strings.HasSuffix(p, CardSuffix) {
		return "", false
	}
	base := path.Base(p)
	for _, suffix := range misnamedCardSuffixes {
		// The ending alone is compared, in ASCII case: the name before it
		// is kept byte for byte (strings.ToLower of the whole name changed
		// its length where a letter's lower case is longer or shorter in
		// UTF-8, Ⱥ or İ, and the name was cut at the wrong byte).
		if stem := len(base) - len(suffix); stem > 0 && strings.EqualFold(base[stem:], suffix) {
			return path.Join(path.Dir(p), base[:stem]+CardSuffix), true
		}
	}
	return "", false
}

// checkMisnamedCards warns about each file that looks like a tool card and
// is not read as one (Sources.MisnamedCards), unless the card it was meant
// as is read: a copy left beside the card is no card missing. A package's
// are its own check's, as its cards are (pkgs): renamed, it would not be
// read here either.
func checkMisnamedCards(src *Sources, pkgs packageScope, s *sink) {
	for _, p := range src.MisnamedCards {
		meant, ok := MisnamedCard(p)
		if _, inPkg := pkgs.packageOf(p); !ok || inPkg || slices.ContainsFunc(src.Cards, func(c CardSource) bool { return c.Path == meant }) {
			continue
		}
		how := "in lower case"
		if lower := strings.ToLower(p); strings.HasSuffix(lower, ".jsonc") || strings.HasSuffix(lower, ".json5") {
			how = "in JSON, without comments" // the rename alone leaves them a json-syntax error
		}
		s.add(Diagnostic{File: p, Rule: "card-misnamed", Message: fmt.Sprintf(
			"%s is not read as a tool card: a card is named <tool>%s, %s, beside its tool; rename it to %s", p, CardSuffix, how, meant)})
	}
}

// checkStrayDeclarations warns about the files that look like capability
// declarations and were not read as one: a capability folder without a
// capability.json holding a misnamed or nested one (once a folder, at the
// first, naming every sub-folder to move where it holds nested ones: a
// folder grouping capabilities holds several, and one warning at a time
// would show the next only once the first is moved), and, in a repository
// of no capability, declarations under another capabilities folder (once
// that folder, at the first: a monorepo may hold hundreds). A repository
// that has capabilities of its own keeps others as test fixtures or
// examples, which are no mistake. Declarations inside a package (pkgs) are
// left to the warning about the package.
func checkStrayDeclarations(src *Sources, pkgs packageScope, s *sink) {
	if len(src.StrayDeclarations) == 0 {
		return
	}
	declared := make(map[string]bool, len(src.Capabilities))
	own := false // capabilities of its own
	for _, c := range src.Capabilities {
		declared[c.Folder] = c.Manifest.Path != ""
		own = own || declared[c.Folder]
	}
	g := groupStrays(src, declared, s)
	for _, folder := range g.folders {
		inner := g.inFolder[folder]
		s.add(Diagnostic{File: path.Join(src.CapabilitiesDir, folder, inner[0]), Rule: "capability-misplaced", Message: strayInFolderMessage(folder, inner, src.CapabilitiesDir)})
	}
	// The declarations of a package are its own: the package is warned of
	// once (packageScope.warn), whatever its capreg.json calls its
	// capabilities folder. Beside capabilities of its own, another
	// capabilities folder is a fixture or an example.
	otherDirs := slices.DeleteFunc(g.otherDirs, func(dir string) bool {
		_, pkg := pkgs.packageOf(dir)
		return pkg || own
	})
	warnStrayElsewhere(src, otherDirs, g.others, s)
}

// strayGroups are the stray declarations of a repository, grouped: by
// another capabilities folder (others, those folders in order in
// otherDirs), each warned of once, at its first, with their count; by the
// capability folder without a capability.json holding them (inFolder,
// the inner paths, those folders in order in folders), the first deciding
// what the warning asks for.
type strayGroups struct {
	otherDirs []string
	others    map[string][]string
	folders   []string
	inFolder  map[string][]string
}

// groupStrays groups the stray declarations of src, declared saying which
// capability folders hold a capability.json. One beside a capability.json
// whose name differs from it only in case is warned of here, as Git for
// Windows and macOS write both to one file.
func groupStrays(src *Sources, declared map[string]bool, s *sink) strayGroups {
	g := strayGroups{others: map[string][]string{}, inFolder: map[string][]string{}}
	for _, p := range src.StrayDeclarations {
		switch StrayKind(p, src.CapabilitiesDir) {
		case StrayElsewhere:
			dir := path.Dir(path.Dir(p))
			if len(g.others[dir]) == 0 {
				g.otherDirs = append(g.otherDirs, dir)
			}
			g.others[dir] = append(g.others[dir], p)
		case StrayMisnamed, StrayNested:
			folder, inner, _ := capabilityPath(p, src.CapabilitiesDir)
			if declared[folder] {
				if inner != ManifestName && strings.EqualFold(inner, ManifestName) {
					decl := path.Join(src.CapabilitiesDir, folder, ManifestName)
					s.add(Diagnostic{File: p, Rule: "reserved-name", Severity: Warning, Message: fmt.Sprintf(
						"this file's name differs from %s's only in case, which the file systems of Windows and macOS do not tell apart: a checkout there holds one of the two files, maybe this one as the capability's declaration; delete it, or rename it", decl)})
				}
				continue
			}
			if len(g.inFolder[folder]) == 0 {
				g.folders = append(g.folders, folder)
			}
			g.inFolder[folder] = append(g.inFolder[folder], inner)
		}
	}
	return g
}

// warnStrayElsewhere warns of the declarations under each of dirs, other
// capabilities folders (others, by folder): once a folder, at its first,
// with their count, and past maxNamed folders once for all the rest.
func warnStrayElsewhere(src *Sources, dirs []string, others map[string][]string, s *sink) {
	unread := CapabilitiesDirUnread(src)
	for i, dir := range dirs {
		if after := dirs[i:]; i == maxNamed && len(after) > 1 {
			// A monorepo of thousands of packages: a few named, the
			// others one warning, not thousands of lines.
			n := 0
			for _, d := range after {
				n += len(others[d])
			}
			s.add(Diagnostic{File: others[dir][0], Rule: "capability-misplaced", Message: strayElsewhereRestMessage(dir, len(after)-1, n, src.CapabilitiesDir)})
			return
		}
		s.add(Diagnostic{File: others[dir][0], Rule: "capability-misplaced", Message: strayElsewhereMessage(dir, len(others[dir]), src.CapabilitiesDir, unread)})
	}
}

// theseDeclarations is the subject of a warning about n declarations,
// the first of which it is placed at: "this capability declaration is",
// "this and 3 other capability declarations are".
func theseDeclarations(n int) string {
	if n > 1 {
		return fmt.Sprintf("this and %s are", Plural(n-1, "other capability declaration"))
	}
	return "this capability declaration is"
}

// CapabilitiesDirUnread reports whether the capabilities folder that
// capreg.json names could not be read (the scan's file-unreadable finding
// at its "capabilities": it does not exist, is a file, or is a link to
// nothing), so that no advice moves declarations into it.
func CapabilitiesDirUnread(src *Sources) bool {
	return slices.ContainsFunc(src.Diagnostics, func(d Diagnostic) bool {
		return d.File == RepoConfigFile && d.Pointer == "/capabilities" && d.Rule == "file-unreadable"
	})
}

// fixtureFolders are the folder names under which a repository keeps
// repositories as test data or examples, each with its capreg.json, on
// purpose: no package of its own, and no warning.
var fixtureFolders = []string{"testdata", "fixtures", "__fixtures__", "examples", "example"}

// fixtureFolder reports whether dir lies in one of fixtureFolders.
func fixtureFolder(dir string) bool {
	for part := range strings.SplitSeq(dir, "/") {
		if slices.Contains(fixtureFolders, part) {
			return true
		}
	}
	return false
}

// strayElsewhereRestMessage says that dir and more other capabilities
// folders, past those warned of one by one, hold n declarations that are
// not read.
func strayElsewhereRestMessage(dir string, more, n int, capDir string) string {
	return fmt.Sprintf("this and %s, under %s and %s, are not under this repository's capabilities folder (%s), and not read: give each product holding one a capreg.json of its own (a package, checked with %s), or move their capability folders into %s",
		Plural(n-1, "other capability declaration"), dir, Plural(more, "other capabilities folder"), capDir, packageCheckEach, capDir)
}

// strayElsewhereMessage says that dir, a capabilities folder other than
// capDir, holds n declarations that are not read. Where capDir, named by
// capreg.json, could not be read (unread: "capabilites", a slip, or a
// file), moving them into it is no fix: dir is most likely the folder
// meant.
func strayElsewhereMessage(dir string, n int, capDir string, unread bool) string {
	what := theseDeclarations(n)
	root := path.Dir(dir)
	if strings.EqualFold(dir, capDir) {
		return fmt.Sprintf("%s under %s, not under this repository's capabilities folder (%s), and not read: folder names are matched case-sensitively; rename %s to %s",
			what, dir, capDir, dir, capDir)
	}
	if root == "." && unread {
		return fmt.Sprintf("%s under %s, not under this repository's capabilities folder (%s, which capreg.json names and which cannot be read: see its finding there), and not read: if %s holds the capability folders, name %s in capreg.json's \"capabilities\"",
			what, dir, capDir, dir, dir)
	}
	if root == "." {
		return fmt.Sprintf("%s under %s, not under this repository's capabilities folder (%s, which capreg.json names), and not read: move its capability folders into %s, or name %s in capreg.json's \"capabilities\"",
			what, dir, capDir, capDir, dir)
	}
	return fmt.Sprintf("%s under %s, not under this repository's capabilities folder (%s), and not read: if %s is a product of its own (a package of a monorepo), give it a capreg.json of its own, so that this check leaves it to %s; else move its capability folders into %s",
		what, dir, capDir, root, packageCheck(root), capDir)
}

// strayInFolderMessage says that the capability folder folder of capDir has
// no capability.json, only inner, misnamed or nested ones, the first of
// which decides the advice: rename it, or move up each sub-folder holding
// a nested one (the first maxNamed named, the others counted).
func strayInFolderMessage(folder string, inner []string, capDir string) string {
	dir := path.Join(capDir, folder)
	if !strings.Contains(inner[0], "/") {
		// A name one letter not ASCII off (nearManifestName) may print as
		// capability.json does ("capabilitу.json", its "у" Cyrillic), or
		// hold a byte that prints as none: its code points say which.
		points := ""
		if !isASCII(inner[0]) {
			points = fmt.Sprintf(" (as code points: %s)", strconv.QuoteToASCII(inner[0]))
		}
		return fmt.Sprintf("%s has no %s, so it is no capability, and %s%s is not read: rename it to %s",
			dir, ManifestName, path.Join(dir, inner[0]), points, ManifestName)
	}
	var moves []string
	for _, in := range inner {
		if !strings.Contains(in, "/") || path.Base(in) != ManifestName {
			continue
		}
		sub := path.Dir(in)
		moves = append(moves, fmt.Sprintf("%s up to %s", path.Join(dir, sub), path.Join(capDir, path.Base(sub))))
	}
	what := path.Join(dir, inner[0]) + " is"
	if len(moves) > 1 {
		what = fmt.Sprintf("%s and %s are", path.Join(dir, inner[0]), Plural(len(moves)-1, "other capability declaration"))
	}
	advice := strings.Join(moves, ", ")
	if len(moves) > maxNamed {
		advice = fmt.Sprintf("%s, and %s", strings.Join(moves[:maxNamed], ", "), Plural(len(moves)-maxNamed, "other sub-folder"))
	}
	return fmt.Sprintf("%s has no %s, so it is no capability, and %s not read: a declaration is read only directly in a capability folder; move %s",
		dir, ManifestName, what, advice)
}

// maxNamed is how many sub-folders to move one capability-misplaced warning
// names, and how many other capabilities folders are warned of one by one:
// the others are counted.
const maxNamed = 5

// MaxLinkText bounds the files read as LinkTexts: a link's text is a path.
const MaxLinkText = 1024

// LinkTextName reports whether the file at p (slash-separated, repository
// relative) may be a link to a capability folder checked out as a file, in
// a repository whose capabilities folder is capDir: directly in that folder,
// with no dot in its name, as capability folders are named.
func LinkTextName(p, capDir string) bool {
	return path.Dir(p) == capDir && !strings.Contains(path.Base(p), ".")
}

// checkLinkTexts warns of each of src.LinkTexts that holds only a link's
// text: a capability the repository links to, which this checkout lacks.
// The first maxNamed are warned of one by one and the others in one more
// warning, as other capabilities folders are: a checkout without symbolic
// links of a repository linking thousands of capabilities would otherwise
// bury every other finding. That warning stands for the files it names
// (Omitted), so that counts of findings and of the declarations not read
// still count each file.
func checkLinkTexts(src *Sources, s *sink) {
	var links []File
	for _, f := range src.LinkTexts {
		if f.Err == nil && linkText(f.Data) {
			links = append(links, f)
		}
	}
	for i, f := range links {
		if i == maxNamed && len(links) > maxNamed+1 {
			s.add(Diagnostic{File: f.Path, Rule: "capability-misplaced", Message: fmt.Sprintf(
				"%s and %s in %s hold only a link's text, as symbolic links checked out as files do (%s), so no capability is read from them; check out with symlinks enabled",
				f.Path, Plural(len(links)-maxNamed-1, "other file"), src.CapabilitiesDir, symlinksAsFiles), Omitted: len(links) - maxNamed})
			return
		}
		s.add(Diagnostic{File: f.Path, Rule: "capability-misplaced", Message: fmt.Sprintf(
			"%s is a file holding only the text %q, as a symbolic link checked out as a file does (%s), so no capability is read from it; check out with symlinks enabled",
			f.Path, f.Data, symlinksAsFiles)})
	}
}
