package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// checkFlags are the flags of capreg check.
type checkFlags struct {
	repoFlags
	format string
	// sarifRoot is what the SARIF log gives as %SRCROOT%: "checkout", the
	// checkout's file:// URI, or "none", no originalUriBaseIds (one log on
	// every machine).
	sarifRoot string
}

// sarifRoots are the values of check's --sarif-root.
var sarifRoots = []string{"checkout", "none"}

func (cf *checkFlags) register(fs *flag.FlagSet) {
	cf.repoFlags.register(fs)
	fs.StringVar(&cf.format, "format", "text", "how to print the findings: `"+strings.Join(validate.Formats, "|")+"`")
	fs.StringVar(&cf.sarifRoot, "sarif-root", "checkout", "with --format sarif, the checkout's root as originalUriBaseIds gives it (%SRCROOT%): "+
		"`checkout|none`; none leaves it out, so that the log is the same on every machine (each result's uri stays relative to the checkout's root, where GitHub code scanning places it)")
}

// runCheck is the CI gate: validate everything, print the findings (of
// one rule in one file, validate.MaxPerRule and a count of the others).
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", stderr)
	var cf checkFlags
	cf.register(fs)
	pos, err := parseArgs(fs, args, stdout)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) > 0 {
		return usageError(stderr, "check takes no arguments (got %q); see capreg check --help", pos)
	}
	if !slices.Contains(validate.Formats, cf.format) {
		return badChoice(stderr, fs.Name(), "format", cf.format, validate.Formats)
	}
	if !slices.Contains(sarifRoots, cf.sarifRoot) {
		return badChoice(stderr, fs.Name(), "sarif-root", cf.sarifRoot, sarifRoots)
	}
	if cf.format != "sarif" && flagGiven(fs, "sarif-root") {
		// Said, not refused: a CI template may pass it to every format.
		sayf(stderr, "capreg check: --sarif-root is read with --format sarif only; --format %s leaves it unread", cf.format)
	}
	snap, code := cf.load(ctx, stderr)
	if snap == nil {
		return code
	}
	// The formats GitHub reads name files from the checkout's root.
	checkout := store.CheckoutOf(cf.repo, os.Getenv("GITHUB_WORKSPACE"))
	if cf.sarifRoot == "none" {
		checkout.URI = "" // no originalUriBaseIds
	}
	if err := validate.WriteDiagnosticsIn(stdout, cf.format, snap.Diagnostics, checkout); err != nil {
		sayf(stderr, "capreg: %v", err)
		return exitUsage
	}
	errs, warns := snap.Diagnostics.Count()
	if cf.format == "text" {
		sayf(stderr, "capreg: %s, %s; %s", validate.Plural(errs, "error"), validate.Plural(warns, "warning"), summary(snap))
	}
	noteCheckRead(stderr, cf.repo, snap, errs)
	if errs > 0 {
		return exitFindings
	}
	return exitOK
}

// noteCheckRead says on stderr, in every format, what check read where it
// may not be what was meant: the repository holding nothing, and the
// files found where none is read. errs is the count of its errors.
func noteCheckRead(stderr io.Writer, repo string, snap *store.Snapshot, errs int) {
	// Warnings do not hide it: run from inside capabilities/, a link there
	// to a folder beside it is a path-escape warning, and the gate passes
	// all the same. Said in every format, on stderr: a CI job reading
	// github or sarif output is where a gate pointed at the wrong folder
	// passes in silence.
	// A repository holding nothing is valid (CONTRACT §1), with a
	// repository-empty warning, which --strict, the gate's flag, makes
	// an error: a CI step given the wrong working directory fails. The
	// note names the folder above that looks like the repository.
	mayHoldNothing := errs == 0 || slices.ContainsFunc(snap.Diagnostics, isRepositoryEmpty)
	noteWhatWasRead(stderr, repo, "check", snap, mayHoldNothing)
	// Given a folder inside a repository that reads nothing there (its
	// capabilities/), the note above names the repository to check: each
	// declaration is then a capability.json out of place, and telling
	// one to move it to <folder>/capabilities/<id>/ would break the
	// repository it is in.
	if !mayHoldNothing || !snap.HoldsNothing() || store.RootAbove(repo) == "" {
		for _, note := range unreadNotes(snap.Sources) {
			sayf(stderr, "capreg: %s", note)
		}
	}
}

// maxUnreadNotes bounds the files unreadNotes names one by one.
const maxUnreadNotes = 5

// unreadNotes names the tool cards outside the card roots and the
// capability.json files outside the capabilities folder that the scan met
// and did not read (Sources.Unread), each with where such files are
// read, and counts those past maxUnreadNotes. Notes, not findings: such a
// file may be a fixture, and the reference reads every card, so no
// repository it accepts fails for one, --strict or not.
func unreadNotes(src *validate.Sources) []string {
	var notes []string
	missing := validate.CapabilitiesDirUnread(src)
	for i, f := range src.Unread {
		if i == maxUnreadNotes {
			notes = append(notes, fmt.Sprintf("%s not read for their place, as those above", validate.Plural(len(src.Unread)-i+src.UnreadMore, "more file")))
			return notes
		}
		if strings.HasSuffix(f, ".card.json") {
			notes = append(notes, fmt.Sprintf("%s not read: tool cards are read under %s only (capreg.json's \"cards\"); add its folder there to index it", f, strings.Join(src.CardRoots, ", ")))
		} else if dir := path.Dir(path.Dir(f)); missing && dir != "." && path.Base(f) == validate.ManifestName {
			// Moving it into a folder that is not there is no fix: the
			// folder capreg.json names is, most likely, a slip.
			notes = append(notes, fmt.Sprintf("%s not read: capreg.json's \"capabilities\" names %s, which cannot be read; if %s holds the capability folders, name it there", f, src.CapabilitiesDir, dir))
		} else {
			notes = append(notes, fmt.Sprintf("%s not read: declarations are read as %s/<id>/%s only; move it there if it declares a capability", f, src.CapabilitiesDir, validate.ManifestName))
		}
	}
	if src.UnreadMore > 0 {
		notes = append(notes, fmt.Sprintf("%s not read for their place, as those above", validate.Plural(src.UnreadMore, "more file")))
	}
	return notes
}

// isRepositoryEmpty reports whether d is the finding of a repository
// holding nothing capreg reads.
func isRepositoryEmpty(d validate.Diagnostic) bool { return d.Rule == "repository-empty" }

// noteWhatWasRead says on stderr, for every verb that reads a repository,
// that repo holds nothing capreg reads (nothingFound), when the snapshot
// holds nothing and mayHoldNothing (check says it only of a repository
// without errors, --strict's repository-empty aside), or else that repo is a part of the repository above
// it (partOfRepository), when it is. verb is nothingFound's.
func noteWhatWasRead(stderr io.Writer, repo, verb string, snap *store.Snapshot, mayHoldNothing bool) {
	if mayHoldNothing && snap.HoldsNothing() {
		if note := packagesOnly(repo, verb, snap); note != "" {
			sayf(stderr, "capreg: %s", note)
			return
		}
		sayf(stderr, "capreg: %s", nothingFound(repo, verb, snap))
	} else if note := partOfRepository(repo); note != "" {
		sayf(stderr, "capreg: %s", note)
	}
}

// nothingFound says that a repository holds nothing capreg reads, which is
// valid but seldom meant, and names the folder above that looks like the
// repository: run from inside its capabilities/, the gate passed having
// checked nothing, and render answered no hooks. verb is what the
// repository was given for ("check", "read"). Where the repository holds
// declarations it does not read (misplaced capability-misplaced findings:
// a monorepo checked from its root), it says that they are not where it
// reads them, rather than that there are none, which the warnings printed
// just above it contradict.
func nothingFound(repo, verb string, snap *store.Snapshot) string {
	m, capDir := snap.Misplaced(), snap.Sources.CapabilitiesDir
	msg := "nothing to " + verb + " in " + repo + ": no " + snap.DeclarationPath() + ", host workflow marker or tool card"
	if m.Any() {
		msg += " read"
	}
	if m.Misnamed > 0 {
		isAre, itThem := "are", "them"
		if m.Misnamed == 1 {
			isAre, itThem = "is", "it"
		}
		msg += fmt.Sprintf("; %s in its capabilities folder (%s) %s misnamed or in a sub-folder: rename or move %s as the warnings say",
			validate.Plural(m.Misnamed, "declaration"), capDir, isAre, itThem)
	}
	if m.Elsewhere > 0 {
		msg += fmt.Sprintf("; %s name%s declarations under other capabilities folders than this repository's (%s): give --repo the package holding them, "+
			"or name their capabilities folder in capreg.json's \"capabilities\"",
			validate.Plural(m.Elsewhere, "capability-misplaced warning"), verbS(m.Elsewhere), capDir)
	}
	if m.Packages > 0 {
		msg += "; the packages below it, folders with a " + validate.RepoConfigFile + " of their own, are not read, as the capability-misplaced warnings say: give --repo the package to check"
	}
	if m.Any() && verb != "check" {
		msg += " (capreg check lists the warnings)"
	}
	if skipped := validate.OwnRepositoriesSkipped(snap.Sources.OwnRepositories); skipped != "" {
		// git-sync's root given for its worktree: what to give is below.
		return msg + "; " + skipped
	}
	root := asGiven(repo, store.RootAbove(repo))
	if root == "" {
		return msg
	}
	if verb == "check" {
		return msg + fmt.Sprintf(" (%s looks like the repository: check it with --repo %s)", root, validate.ShellQuote(root))
	}
	return msg + fmt.Sprintf(" (%s looks like the repository: give --repo %s)", root, validate.ShellQuote(root))
}

// packagesOnly says that repo, holding nothing capreg reads, is a
// monorepo's root whose packages capreg.json lists ("packages"): there
// was nothing to check there, as meant, and each package is checked with
// --repo; "" where it holds a package the list leaves out (a warning
// says so), or none. nothingFound said there was nothing to check, as
// if the root had been given by mistake.
func packagesOnly(repo, verb string, snap *store.Snapshot) string {
	if snap.Sources == nil || snap.Misplaced().Any() {
		return ""
	}
	pkgs := validate.Packages(snap.Sources)
	if len(pkgs) == 0 {
		return ""
	}
	shown := pkgs
	if len(pkgs) > maxUnreadNotes {
		shown = append(slices.Clone(pkgs[:maxUnreadNotes]), fmt.Sprintf("%d more", len(pkgs)-maxUnreadNotes))
	}
	what := "check each with capreg check --repo " + packagePlaceholder(repo)
	if verb != "check" {
		what = "give --repo the one to " + verb
	}
	return fmt.Sprintf("%s holds only packages, folders with a %s of their own, which are not read here: %s; %s",
		repo, validate.RepoConfigFile, strings.Join(shown, ", "), what)
}

// packagePlaceholder stands for a package of repo, a root as --repo gave
// it, in a command line run where capreg ran: <package> is the package's
// path from the root (as the findings name it), so from elsewhere the line
// to paste starts with the root (--repo mono/<package>, where --repo
// <package> named a folder of the working directory).
func packagePlaceholder(repo string) string {
	if filepath.Clean(repo) == "." {
		return "<package>"
	}
	return validate.ShellQuote(strings.TrimRight(filepath.ToSlash(repo), "/")) + "/<package>"
}

// sameFolder reports whether the paths a and b name one folder.
func sameFolder(a, b string) bool {
	x, err1 := os.Stat(a)
	y, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(x, y)
}

// asGiven names root, a folder above the repository, as --repo names the
// repository, not relative to it: "--repo .." after --repo x/capabilities
// would check the working directory's parent. "" stays "".
// Where the path as given runs through a link, ".." from it may not be
// the folder above what it names: it is said so only where the folder it
// names is root (git-sync's /git/current/products, whose root is named
// /git/current, not the commit's worktree, /git/.worktrees/<hash>, gone
// at the next commit), else root is given whole.
func asGiven(repo, root string) string {
	if root == "" {
		return ""
	}
	abs, err := filepath.Abs(repo)
	if err != nil {
		return root
	}
	if real, err := filepath.EvalSymlinks(abs); err != nil || real != abs {
		if err != nil {
			return root
		}
		up, err := filepath.Rel(real, root)
		if err != nil || strings.Trim(strings.ReplaceAll(up, "..", ""), string(filepath.Separator)) != "" {
			return root // not above real
		}
		if above := filepath.Join(repo, up); sameFolder(above, root) {
			return above
		}
		return root
	}
	if rel, err := filepath.Rel(abs, root); err == nil {
		return filepath.Join(repo, rel)
	}
	return root
}

// partOfRepository says that repo, which holds no capreg.json nor
// capabilities folder, is a part of the repository whose root is above
// it, when one is: run from a repository's bin/ or docs/, check reads the
// cards or workflows there and passes, and gen --write writes a registry
// of no capabilities. A package of a monorepo checked on its own is told
// how to say so. "" otherwise.
func partOfRepository(repo string) string {
	root := asGiven(repo, store.EnclosingRoot(repo))
	if root == "" {
		return ""
	}
	return fmt.Sprintf("warning: %s holds no %s nor capabilities folder, and %s above it does: only the files under %s were read; "+
		"give --repo %s to read the whole repository, or, for a package read on its own, give it a %s ({} will do)",
		repo, validate.RepoConfigFile, root, repo, validate.ShellQuote(root), validate.RepoConfigFile)
}

// verbS is the ending of a verb in the present tense after n of a noun:
// "1 warning names", "2 warnings name".
func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// summary counts what the registry holds, then says what schemaNote says.
func summary(snap *store.Snapshot) string {
	r := snap.Result
	s := fmt.Sprintf("%s, %s, %s", validate.Plural(validCount(snap), "valid capability"), validate.Plural(len(r.Contract.Entries), "host step"), validate.Plural(len(r.Cards), "tool card"))
	used := r.Central != nil && len(r.Central.ValidKeys)+len(r.Central.Sources) > 0
	return s + schemaNote(snap.Sources, declaresConfig(r.Capabilities), used, r.Central != nil && !schemaFailed(snap))
}

// validCount counts the capabilities with no error in their own file.
// Result.Capabilities holds those that passed their own checks; a finding
// across capabilities (requires-cycle, tier-monotone, a config key two
// declare) is written in one of their files and fails the gate all the
// same, so that capability is not counted valid.
func validCount(snap *store.Snapshot) int {
	failed := map[string]bool{}
	for _, d := range snap.Diagnostics {
		if d.Severity == validate.Error {
			failed[d.File] = true
		}
	}
	n := 0
	for _, c := range snap.Result.Capabilities {
		if !failed[c.File] {
			n++
		}
	}
	return n
}

// schemaFailed reports an error about the central config schema file
// itself: one that parses but holds no key nor pattern ({} or
// "validKeys": []) is at most warned of, and the summary must not send
// the reader looking for an error.
func schemaFailed(snap *store.Snapshot) bool {
	if snap.Sources.ConfigSchema == nil {
		return false
	}
	p := snap.Sources.ConfigSchema.Path
	return slices.ContainsFunc(snap.Diagnostics, func(d validate.Diagnostic) bool {
		return d.Severity == validate.Error && d.File == p
	})
}

// schemaNote says where the central config schema came from (named, or
// the only config-schema.manifest.json found), or, when the capabilities
// declare config keys, that they were not compared with one, and why: a
// gate that skipped the collision checks silently would look like one
// that passed them. A schema named but refused for leaving the repository
// is an error of its own, which says why; so is one that could not be
// read or parsed (a folder, a FIFO, broken JSON), which validation drops,
// or that holds no key nor pattern to compare with (an array, validKeys of
// the wrong type): used is false, and the note names it as not compared
// rather than as the schema in force. One that holds keys is compared
// with, whatever else is wrong in it. readCleanly says the schema was read
// and parsed without error: then, unused, it holds nothing to compare
// with, which is no error.
func schemaNote(src *validate.Sources, declares, used, readCleanly bool) string {
	const skipped = "; config keys not compared with a central config schema "
	switch {
	case src.ConfigSchema != nil && !used && readCleanly:
		return skipped + fmt.Sprintf("(%s, %s, holds no config key nor pattern)", src.ConfigSchema.Path, schemaOrigin(src.ConfigSchemaFrom))
	case src.ConfigSchema != nil && !used:
		return skipped + fmt.Sprintf("(%s, %s, is unusable: see its error)", src.ConfigSchema.Path, schemaOrigin(src.ConfigSchemaFrom))
	case src.ConfigSchema != nil:
		return fmt.Sprintf("; central config schema %s (%s)", src.ConfigSchema.Path, schemaOrigin(src.ConfigSchemaFrom))
	case src.ConfigSchemaRefused || !declares:
		return ""
	case src.ConfigSchemaFrom == "":
		return skipped + `(capreg.json's configSchema is "")`
	}
	// A package's own schema is no candidate for the root's: counted, two
	// packages' schemas read as two files to choose from, which the
	// config-schema-ambiguous warning (of those outside packages) is not.
	if found := validate.SchemaCandidates(src, src.ConfigSchemaFound); len(found) > 1 {
		return skipped + fmt.Sprintf("(%d files named %s found; name one with --config-schema or capreg.json's configSchema)", len(found), validate.SchemaFileName)
	}
	// One found that links out of the repository is refused with an
	// error of its own: "add one" would send its author looking for a file
	// that is there.
	for _, d := range src.Diagnostics {
		if d.Rule == "path-escape" && d.Severity == validate.Error && path.Base(d.File) == validate.SchemaFileName {
			return skipped + fmt.Sprintf("(%s links out of the repository: see its error)", d.File)
		}
	}
	// Optional: a newcomer could not tell whether the note asked for
	// something, nor how to say there is none.
	return skipped + "(optional: to check the keys against one, name it with --config-schema or capreg.json's configSchema, or add a " +
		validate.SchemaFileName + `; capreg.json's "configSchema": "" says there is none)`
}

// schemaOrigin says what chose the central config schema, for the summary.
func schemaOrigin(from string) string {
	if from == validate.SchemaFromDiscovery {
		return "the only " + validate.SchemaFileName + " found"
	}
	return "named by " + from
}

func declaresConfig(caps []*validate.Capability) bool {
	for _, c := range caps {
		if len(c.Config) > 0 {
			return true
		}
	}
	return false
}
