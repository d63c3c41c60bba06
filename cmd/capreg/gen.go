package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// genFlags are the flags of capreg gen.
type genFlags struct {
	repoFlags
	out          string
	write, check bool
}

func (gf *genFlags) register(fs *flag.FlagSet) {
	gf.repoFlags.register(fs)
	fs.StringVar(&gf.out, "out", "", "the `DIR` the artifacts are written to or compared with (required; a relative one is taken from the working directory, not from --repo)")
	fs.BoolVar(&gf.write, "write", false, "write the artifacts")
	fs.BoolVar(&gf.check, "check", false, "compare the committed artifacts and print a unified diff on drift")
}

// runGen writes the generated artifacts, or checks the committed ones for
// drift (the lint:generated-sync gate).
func runGen(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("gen", stderr)
	var gf genFlags
	gf.register(fs)
	pos, err := parseArgs(fs, args, stdout)
	if err != nil {
		return flagExit(err)
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, "gen takes no arguments (got %q); see capreg gen --help", pos)
	case gf.out == "":
		return usageError(stderr, "gen needs --out DIR; see capreg gen --help")
	case gf.write == gf.check:
		return usageError(stderr, "gen needs exactly one of --write or --check; see capreg gen --help")
	}
	if file := outBlocked(gf.out); file != "" {
		return badValue(stderr, "capreg gen", "out", gf.out, fmt.Sprintf("want the folder the artifacts go in (%s is a file, not a folder)", file))
	}
	if link, target := outThroughLink(gf.repo, gf.out); link != "" {
		return badValue(stderr, "capreg gen", "out", gf.out, fmt.Sprintf(
			"it goes through the repository's link %s to %s, outside the repository, and gen neither writes nor reads artifacts through a link the repository holds; name a folder that is not such a link",
			link, target))
	}
	gf.refused = "nothing written (gen writes a valid repository's artifacts only)"
	if gf.check {
		gf.refused = "nothing compared (gen compares a valid repository's artifacts only)"
	}
	snap, code := gf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	reportWarnings(snap.Diagnostics, stderr)
	if gf.write {
		return genWrite(ctx, snap, gf.out, stdout, stderr)
	}
	hint := writeHint(fs)
	if store.EnclosingRoot(gf.repo) != "" {
		// Run from the repository's bin/, the committed registry is stale
		// for the cards there alone: the hint alone would write one of no
		// capabilities over it.
		hint += fmt.Sprintf(", which writes what %s alone holds (see the warning above)", validate.ShellQuote(gf.repo))
	}
	// An --out that names no folder here, where another holds the
	// artifacts, is likely a slip: each missing file's hint would have
	// advised writing a second copy there (trial2), so the hint follows
	// the folder meant, once, as the alternative.
	note := cmp.Or(outInRepo(gf.repo, gf.out), outNearby(gf.out))
	fileHint := hint
	if note != "" {
		fileHint = ""
	}
	code = genCheck(ctx, snap, gf.out, fileHint, stdout, stderr)
	if code == exitFindings && note != "" {
		sayf(stderr, "capreg: %s (to make the artifacts in %s instead, run %s)", note, validate.ShellQuote(gf.out), hint)
	}
	return code
}

// outBlocked is the file that keeps --out from being a folder: out
// itself, or the nearest path above it that exists, when that is no
// folder ("mkdir x: not a directory" named neither the flag nor what to
// do). "" when there is none.
func outBlocked(out string) string {
	for p := filepath.Clean(out); ; {
		if fi, err := os.Stat(p); err == nil {
			if fi.IsDir() {
				return ""
			}
			return p
		}
		parent := filepath.Dir(p)
		if parent == p {
			return ""
		}
		p = parent
	}
}

// outThroughLink is, for an --out inside the repository, the link of the
// repository on the way to it (repository-relative, as the scan names
// it) that leads outside the repository, and where it leads; "" when
// --out is outside the repository, or stays inside it. The repository is
// what a pull request changes: a CI job running gen --write --out
// generated on one whose generated/ is a link to another folder of the
// runner wrote the artifacts there, and gen --check read and printed
// files from there, although the scan refuses to follow that link.
func outThroughLink(repo, out string) (link, target string) {
	absRepo, err1 := filepath.Abs(cmp.Or(repo, "."))
	absOut, err2 := filepath.Abs(out)
	if err1 != nil || err2 != nil {
		return "", ""
	}
	realRepo, err := filepath.EvalSymlinks(absRepo)
	if err != nil {
		return "", "" // the load says why the repository cannot be read
	}
	var rel string
	switch {
	case inside(absRepo, absOut):
		rel, err = filepath.Rel(absRepo, absOut)
	case inside(realRepo, absOut):
		rel, err = filepath.Rel(realRepo, absOut)
	default:
		return "", ""
	}
	if err != nil || rel == "." {
		return "", ""
	}
	cur, walked := realRepo, ""
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		next := filepath.Join(cur, part)
		walked = filepath.Join(walked, part)
		fi, err := os.Lstat(next)
		if err != nil {
			return "", "" // made by gen --write, a folder: nothing further is a link
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		real, err := filepath.EvalSymlinks(next)
		if err != nil {
			return "", "" // dangling or looping: writing fails, naming it
		}
		if !inside(realRepo, real) {
			return filepath.ToSlash(walked), real
		}
		cur = real
	}
	return "", ""
}

// inside reports whether p is dir or under it (both absolute and clean).
func inside(dir, p string) bool {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return strings.HasPrefix(p, dir)
	}
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// outInRepo says, for an --out that names no folder, that a relative one
// is taken from the working directory, when the folder it names under
// --repo exists: gen --repo x --out generated run from elsewhere found
// every artifact "missing" beside the up-to-date ones in x/generated.
// "" otherwise.
func outInRepo(repo, out string) string {
	if filepath.IsAbs(out) || filepath.Clean(repo) == "." {
		return ""
	}
	if _, err := os.Stat(out); err == nil {
		return ""
	}
	alt := filepath.Join(repo, out)
	if fi, err := os.Stat(alt); err != nil || !fi.IsDir() {
		return ""
	}
	return fmt.Sprintf("--out %s names no folder here: a relative --out is taken from the working directory, not from --repo; %s is a folder: did you mean --out %s?",
		validate.ShellQuote(out), validate.ShellQuote(alt), validate.ShellQuote(alt))
}

// outNearby says, for an --out that names no folder, which folder beside
// it, named a slip away, holds the artifacts: gen --check --out gen2,
// meant for gen, found every artifact "missing", and its hint was to
// write them into gen2. "" when there is none, or --out exists.
func outNearby(out string) string {
	if _, err := os.Lstat(out); err == nil {
		return ""
	}
	dir := filepath.Dir(filepath.Clean(out))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var held []string
	for _, e := range entries {
		if fi, err := os.Stat(filepath.Join(dir, e.Name(), store.RegistryFile)); err == nil && fi.Mode().IsRegular() {
			held = append(held, e.Name())
		}
	}
	meant := validate.NearestID(filepath.Base(out), held)
	if meant == "" {
		return ""
	}
	alt := filepath.Join(dir, meant)
	return fmt.Sprintf("--out %s names no folder; %s, beside it, holds the artifacts: did you mean --out %s?", validate.ShellQuote(out), validate.ShellQuote(alt), validate.ShellQuote(alt))
}

// reportWarnings prints the warnings of a repository that passes the gate:
// the artifacts gen writes or compares leave out what they warn of (a
// misnamed declaration, one outside the capabilities folder), which the
// person regenerating them should hear of without running check.
func reportWarnings(ds validate.Diagnostics, stderr io.Writer) {
	if _, n := ds.Count(); n > 0 {
		validate.WriteDiagnostics(stderr, "text", ds)
		sayf(stderr, "capreg: %s (--strict fails on warnings)", validate.Plural(n, "warning"))
	}
}

// genWrite writes the artifacts into out, naming each file written and
// each found up to date. Interrupted, it says so and exits 130: the files
// named are complete, the one being written was left as it was.
func genWrite(ctx context.Context, snap *store.Snapshot, out string, stdout, stderr io.Writer) int {
	files, err := store.WriteArtifacts(ctx, out, snap)
	var msg []byte
	for _, f := range files {
		if f.UpToDate {
			msg = fmt.Appendf(msg, "Kept %s (up to date)\n", f.File)
			continue
		}
		msg = fmt.Appendf(msg, "Wrote %s\n", f.File)
	}
	code := writeOutput(stdout, stderr, msg)
	switch {
	case errors.Is(err, context.Canceled):
		sayf(stderr, "capreg: interrupted; stopped with %s not written", validate.Plural(len(store.ArtifactNames)-len(files), "artifact"))
		return exitInterrupted
	case err != nil:
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Op == "mkdir" {
			// "mkdir /proc/x: no such file or directory" named no flag.
			sayf(stderr, "capreg: cannot make the --out folder %s: %v", out, err)
			return exitUsage
		}
		sayf(stderr, "capreg: %v", err)
		return exitUsage
	}
	return code
}

// genCheck compares the committed artifacts in out with the generated ones:
// a diff and the command that fixes it for each stale file, exit 1 (a
// missing file's line gives no command when hint is "": the caller
// names the folder probably meant instead).
// Interrupted, it prints nothing of a comparison left unfinished: a
// partial "up to date" or a stale file's diff would read as the verdict.
func genCheck(ctx context.Context, snap *store.Snapshot, out, hint string, stdout, stderr io.Writer) int {
	drifts, err := store.CheckArtifacts(ctx, out, snap)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "capreg: interrupted; stopped before the comparison ended")
		return exitInterrupted
	case err != nil:
		sayf(stderr, "capreg: %v", err)
		return exitUsage
	}
	if outMissing(out, drifts) {
		// One line for the folder, where each artifact's said the same
		// three times.
		msg := fmt.Sprintf("the --out folder %s does not exist, so the %s are missing", validate.ShellQuote(out), validate.Plural(len(drifts), "artifact"))
		if hint != "" {
			msg += "; run " + hint
		}
		sayf(stderr, "capreg: %s", msg)
		return exitFindings
	}
	for _, d := range drifts {
		if d.Missing {
			if hint == "" {
				sayf(stderr, "capreg: %s is missing", d.File)
				continue
			}
			sayf(stderr, "capreg: %s is missing; run %s", d.File, hint)
			continue
		}
		diff := d.Diff
		if isTerminal(stdout) {
			diff = terminalText(diff) // a committed file's escape sequences, shown, not obeyed
		}
		if code := writeOutput(stdout, stderr, []byte(diff)); code != exitOK {
			return code
		}
		if d.Note != "" {
			sayf(stderr, "capreg: %s: %s", d.File, d.Note)
		}
		sayf(stderr, "capreg: %s is stale; run %s", d.File, hint)
	}
	if len(drifts) > 0 {
		return exitFindings
	}
	return writeOutput(stdout, stderr, fmt.Appendf(nil, "capreg: %d artifacts in %s are up to date\n", len(store.ArtifactNames), out))
}

// outMissing reports whether out does not exist, every drift being then
// an artifact missing.
func outMissing(out string, drifts []store.Drift) bool {
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) || len(drifts) == 0 {
		return false
	}
	for _, d := range drifts {
		if !d.Missing {
			return false
		}
	}
	return true
}

// writeHint is the gen --write command that regenerates what gen --check
// compared. It repeats, as given, every flag that chooses the inputs or the
// output (--repo, --config-schema, --out): without them the command would
// scan the working directory, which is the wrong tree when --repo was given.
// --strict is left out: it decides whether warnings fail, not what is written.
func writeHint(fs *flag.FlagSet) string {
	words := []string{"capreg", "gen", "--write"}
	for _, name := range []string{"repo", "config-schema", "out"} {
		if flagGiven(fs, name) {
			words = append(words, "--"+name, validate.ShellQuote(fs.Lookup(name).Value.String()))
		}
	}
	return strings.Join(words, " ")
}
