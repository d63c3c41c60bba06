package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// outputFlags are how tools search and match print their answer: --format
// text|json, as check, render and state take it, or --json, the spelling
// these verbs had first and keep for the scripts that use it.
type outputFlags struct {
	asJSON bool
	format string
}

func (of *outputFlags) register(fs *flag.FlagSet, route string) {
	fs.BoolVar(&of.asJSON, "json", false, "short for --format json")
	fs.StringVar(&of.format, "format", "", "output: `text|json` (text by default; json as "+route+" answers)")
}

// wantJSON reports whether JSON was asked for; it writes the usage error
// of a format neither text nor json, or of --json beside --format text,
// and returns ok false then.
func (of *outputFlags) wantJSON(verb string, stderr io.Writer) (asJSON, ok bool) {
	switch of.format {
	case "":
		return of.asJSON, true
	case "json":
		return true, true
	case "text":
		if !of.asJSON {
			return false, true
		}
		usageError(stderr, "--json asks for --format json, not text; give one of them; see %s --help", verb)
		return false, false
	}
	badChoice(stderr, verb, "format", of.format, []string{"text", "json"})
	return false, false
}

// searchFlags are the flags of capreg tools search.
type searchFlags struct {
	repoFlags
	outputFlags
	limit int
	risk  string
}

func (sf *searchFlags) register(fs *flag.FlagSet) {
	sf.repoFlags.register(fs)
	sf.outputFlags.register(fs, "GET /tools?intent=")
	sf.limit = 10
	fs.Var(&countValue{n: &sf.limit, lo: 1, hi: 100}, "limit", "at most `N` results, from 1 to 100")
	fs.StringVar(&sf.risk, "risk", "", "only `reversible|destructive` tools")
}

// matchFlags are the flags of capreg tools match.
type matchFlags struct {
	repoFlags
	outputFlags
	risk string
}

func (mf *matchFlags) register(fs *flag.FlagSet) {
	mf.repoFlags.register(fs)
	mf.outputFlags.register(fs, "GET /tools?command=")
	fs.StringVar(&mf.risk, "risk", "", "only `reversible|destructive` tools")
}

// riskLevels are the values of a card's risk, which --risk filters by.
var riskLevels = []string{"reversible", "destructive"}

// showFlags are the flags of capreg tools show.
type showFlags struct {
	repoFlags
	probe bool
}

func (sf *showFlags) register(fs *flag.FlagSet) {
	sf.repoFlags.register(fs)
	fs.BoolVar(&sf.probe, "probe", false, "after the card, run its help_probe here, in the repository")
	// The card is JSON whatever is asked; an agent that gives tools
	// search and match --json gives it here too, and was refused.
	fs.Bool("json", false, "the card is printed as JSON (as GET /tools/{id} answers) with or without it; taken as tools search and match take it")
}

// toolsSubcommands are the subcommands of tools, sorted.
var toolsSubcommands = []string{"match", "search", "show"}

// runTools is `capreg tools search INTENT`, `capreg tools match COMMAND`
// and `capreg tools show ID`.
func runTools(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "search" {
		return runToolsSearch(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "match" {
		return runToolsMatch(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "show" {
		return runToolsShow(ctx, args[1:], stdout, stderr)
	}
	if len(args) == 1 && isHelpFlag(args[0]) {
		return writeHelp(stdout, stderr, fmt.Sprintf("Usage: %s\n       %s\n       %s\n\ncapreg tools search --help, capreg tools match --help and capreg tools show --help describe each flag.\n",
			synopsisOf("tools search", true), synopsisOf("tools match", true), synopsisOf("tools show", true)))
	}
	subs := synopsisOf("tools search", false) + " | " + synopsisOf("tools match", false) + " | " + synopsisOf("tools show", false)
	if sub, typed, rest, ok := verbAfterFlags(args, toolsSubcommands); ok {
		line := commandLine([]string{"capreg", "tools", sub}, rest)
		if typed != sub {
			return usageError(stderr, "unknown tools subcommand %q after the flags; the subcommand comes before its flags%s", typed, didYouMean(line))
		}
		return usageError(stderr, "the subcommand comes before its flags: %s", line)
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		meant := ""
		if best := validate.NearestID(args[0], toolsSubcommands); best != "" {
			meant = didYouMean("capreg tools " + best) // as a verb a typo away is named
		}
		return usageError(stderr, "unknown tools subcommand %q%s; it is search, match or show: %s", args[0], meant, subs)
	}
	return usageError(stderr, "tools needs a subcommand: %s", subs)
}

// runToolsMatch finds the cards whose replaces patterns match a command
// line, as GET /tools?command= does: what a card's author runs to see
// which wrapper an agent about to type the line would be sent to.
func runToolsMatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tools match", stderr)
	var mf matchFlags
	mf.register(fs)
	if line, flagged := quotedLine(fs, args); flagged != "" {
		// "capreg tools match git push --force": the command line's own
		// flag, read as one of capreg's, was an unknown flag, whose list
		// of capreg's flags did not say to quote the line.
		return usageError(stderr, "%s is a flag of the command line, not of tools match: quote the line whole, its flags inside: %s; see capreg tools match --help", flagged, line)
	}
	pos, err := parseArgs(fs, args, stdout)
	switch {
	case err != nil:
		return flagExit(err)
	case len(pos) != 1:
		line, _ := quotedLine(fs, args)
		return usageError(stderr, "tools match needs exactly one COMMAND line (quote it whole%s); see capreg tools match --help", pasteable(line))
	case cmdline.Blank(pos[0]):
		return usageError(stderr, "the command line is empty; give the raw command line you were about to run")
	case len(pos[0]) > cmdline.MaxLine: // as written, as GET /tools?command= measures it
		return usageError(stderr, "command is %d bytes, over the limit of %d", len(pos[0]), cmdline.MaxLine)
	case !search.ValidRisk(mf.risk):
		return badChoice(stderr, fs.Name(), "risk", mf.risk, riskLevels)
	}
	asJSON, ok := mf.wantJSON(fs.Name(), stderr)
	if !ok {
		return exitUsage
	}
	snap, code := mf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	noteNoCards(snap, stderr)
	m, err := snap.Commands().Match(ctx, pos[0], cmdline.DefaultBudget)
	if err != nil {
		sayf(stderr, "capreg: %v", err)
		return exitUsage
	}
	return toolsMatch(snap.AnswerCommand(pos[0], mf.risk, m), mf.risk, asJSON, stdout, stderr)
}

// quotedLine is the line to paste for a search or match given its intent
// or command line as several words ("capreg tools search push my
// branch"): the words joined into the one operand, quoted, with
// capreg's own flags after it; "" when args hold fewer than two words
// or ask for help. flagged is the first flag capreg does not take met
// after a word ("capreg tools match git push --force"), which the line
// takes in: the command line's own; "" when there is none, or when a
// flag capreg does not take comes first, a slip parseArgs names.
func quotedLine(fs *flag.FlagSet, args []string) (line, flagged string) {
	var words, flags []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			words = append(words, args[i+1:]...)
			break
		}
		if isHelpFlag(a) {
			return "", ""
		}
		if len(a) < 2 || a[0] != '-' {
			words = append(words, a)
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			if len(words) == 0 || validate.NearestID(name, flagList(fs)) != "" {
				return "", "" // parseArgs names the flag: --jsno is a slip for --json
			}
			if len(words) == 1 && strings.ContainsAny(words[0], " \t") && otherToolsFlag(fs.Name(), name) {
				// tools match 'git push' --limit 5: the line was quoted
				// whole, and --limit is tools search's, so it is capreg's,
				// not one to quote into the line as the hint said.
				return "", ""
			}
			if flagged == "" {
				flagged, _, _ = strings.Cut(a, "=")
			}
			words = append(words, a)
			continue
		}
		flags = append(flags, a)
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !(ok && b.IsBoolFlag()) && !hasValue && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if len(words) < 2 {
		return "", ""
	}
	operand := strings.Join(words, " ")
	parts := []string{fs.Name(), validate.ShellQuote(operand)}
	if strings.HasPrefix(operand, "-") {
		parts = []string{fs.Name()} // the flags, then -- and the operand, not read as a flag
	}
	for _, f := range flags {
		parts = append(parts, validate.ShellQuote(f))
	}
	if strings.HasPrefix(operand, "-") {
		parts = append(parts, "--", validate.ShellQuote(operand))
	}
	return strings.Join(parts, " "), flagged
}

// otherToolsFlag reports whether name is a flag of a tools subcommand
// other than self ("tools match").
func otherToolsFlag(self, name string) bool {
	for _, v := range verbs() {
		if !strings.HasPrefix(v.name, "tools ") || v.name == self {
			continue
		}
		fs := flag.NewFlagSet(v.name, flag.ContinueOnError)
		v.flags.register(fs)
		if fs.Lookup(name) != nil {
			return true
		}
	}
	return false
}

// flagList is the names of fs's flags.
func flagList(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// pasteable is ": " and line, the line to paste after a usage error's
// reason, or "" when there is none.
func pasteable(line string) string {
	if line == "" {
		return ""
	}
	return ": " + line
}

// isHelpFlag is whether arg asks for help, as the flag package reads it.
func isHelpFlag(arg string) bool {
	// A value given to it is no matter: the flag package reads
	// --help=false as a request for help too, there being no such flag.
	name, _, _ := strings.Cut(arg, "=")
	switch name {
	case "-h", "-help", "--h", "--help":
		return true
	}
	return false
}

// runToolsSearch ranks the cards for an intent. A blank intent is a usage
// error before the repository is read: nothing can match it.
func runToolsSearch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tools search", stderr)
	var sf searchFlags
	sf.register(fs)
	pos, err := parseArgs(fs, args, stdout)
	switch {
	case err != nil:
		return flagExit(err)
	case len(pos) != 1:
		line, _ := quotedLine(fs, args)
		return usageError(stderr, "tools search needs exactly one INTENT (quote a multi-word intent%s); see capreg tools search --help", pasteable(line))
	case search.BlankIntent(pos[0]):
		// Blank as GET /tools?intent= reads it, Unicode spaces and
		// characters that print as nothing too: an intent is prose, not
		// a command line (cmdline.Blank).
		return usageError(stderr, "%v", search.ErrEmptyIntent) // as GET /tools?intent= words it
	case !search.ValidRisk(sf.risk):
		return badChoice(stderr, fs.Name(), "risk", sf.risk, riskLevels)
	}
	asJSON, ok := sf.wantJSON(fs.Name(), stderr)
	if !ok {
		return exitUsage
	}
	snap, code := sf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	noteNoCards(snap, stderr)
	return toolsSearch(ctx, snap, pos[0], sf.limit, sf.risk, asJSON, stdout, stderr)
}

// runToolsShow prints one card and, with --probe, runs its help_probe.
func runToolsShow(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tools show", stderr)
	var sf showFlags
	sf.register(fs)
	id, code, ok := parseOneOperand(fs, "tool card ID", args, stdout, stderr)
	if !ok {
		return code
	}
	snap, code := sf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	return toolsShow(ctx, snap, sf.repo, id, sf.probe, stdout, stderr)
}

// noteNoCards says on stderr that a repository holding capabilities or
// workflows holds no tool card: "no tool matches" (and tools show's hint
// to search) read as if cards had been searched. A repository holding
// nothing at all has been said to by loadValid.
func noteNoCards(snap *store.Snapshot, stderr io.Writer) {
	if len(snap.Result.Cards) == 0 && !snap.HoldsNothing() {
		sayf(stderr, "capreg: note: the repository holds no tool card (a <tool>.card.json beside the tool it describes)")
	}
}

// scoreText is a score to four significant digits, in plain decimals
// where that reads shorter than an exponent does: 25380, not 2.538e+04,
// beside 467.8.
func scoreText(v float64) string {
	if v >= 1e-3 && v < 1e9 {
		r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
		return strconv.FormatFloat(r, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// clip shortens an intent or a command line echoed in a message to its
// first 200 characters: a 100 KB one flooded the terminal.
func clip(s string) string {
	const most = 200
	if utf8.RuneCountInString(s) <= most {
		return s
	}
	return string([]rune(s)[:most]) + "…"
}

func toolsSearch(ctx context.Context, snap *store.Snapshot, intent string, limit int, risk string, asJSON bool, stdout, stderr io.Writer) int {
	hits := snap.SearchTools(ctx, search.Query{Intent: intent, Limit: limit, Risk: risk})
	noteVocabularyBound(snap, stderr)
	if asJSON {
		return writeJSON(stdout, stderr, map[string]any{"intent": intent, "results": hits})
	}
	var out bytes.Buffer
	if len(hits) == 0 && risk != "" {
		// Not "no tool": a card of the other risk may well match.
		fmt.Fprintf(&out, "no %s tool matches %q\n", risk, clip(intent))
	} else if len(hits) == 0 {
		fmt.Fprintf(&out, "no tool matches %q\n", clip(intent))
	}
	// A card's text is printed with its control characters escaped: an
	// escape sequence in a summary must not drive the reader's terminal,
	// nor a summary "::warning ..." a CI job's runner.
	esc := validate.EscapeControl
	warned := cardWarnings(snap)
	for i, h := range hits {
		fmt.Fprintf(&out, "%2d. %s  (%s, covers %.0f%%, %s)\n    %s\n    $ %s\n", i+1, esc(h.ID), scoreText(h.Score), 100*h.Coverage, esc(h.Risk), esc(h.Summary), esc(h.Command))
		if rules := warned[h.ID]; len(rules) > 0 {
			// A card whose tool was renamed away (card-orphan) ranked
			// first for its words, and its command ran into "not found".
			fmt.Fprintf(&out, "    check warns of this card: %s (capreg tools show %s says what)\n", strings.Join(rules, ", "), esc(h.ID))
		}
		if h.ReplacesPattern != "" {
			fmt.Fprintf(&out, "    replaces: %s\n", esc(h.ReplacesPattern)) // as tools match says it
		}
		if len(h.Matched) > 0 {
			fmt.Fprintf(&out, "    matched: %s\n", esc(strings.Join(h.Matched, " | ")))
		}
	}
	return writeOutput(stdout, stderr, []byte(validate.NoWorkflowCommands(out.String())))
}

// cardWarnings maps the id of each indexed card whose file check warns
// of to the rules it warns of there, each once, in the order found; nil
// when none is warned of.
func cardWarnings(snap *store.Snapshot) map[string][]string {
	var byPath map[string][]string
	for _, d := range snap.Diagnostics {
		if d.File == "" || slices.Contains(byPath[d.File], d.Rule) {
			continue
		}
		if byPath == nil {
			byPath = map[string][]string{}
		}
		byPath[d.File] = append(byPath[d.File], d.Rule)
	}
	if byPath == nil {
		return nil
	}
	out := map[string][]string{}
	for _, c := range snap.Result.Cards {
		if rules := byPath[c.Path]; rules != nil {
			out[c.ID] = rules
		}
	}
	return out
}

// noteVocabularyBound says on stderr, in the words of serve's log
// (store's VocabularyBoundNote), that tool search left words of the cards
// out, its vocabulary at its bound: an intent naming one finds nothing,
// which the answer alone cannot tell from no card saying it.
func noteVocabularyBound(snap *store.Snapshot, stderr io.Writer) {
	if note, ok := snap.VocabularyBoundNote(); ok {
		sayf(stderr, "capreg: note: %s", note)
	}
}

// writeJSON prints v as the API encodes its answers (indented, HTML
// characters as they are), so that --json prints the bytes the endpoint
// answers, with the characters a terminal acts on escaped.
func writeJSON(stdout, stderr io.Writer, v any) int {
	out, err := ojson.Marshal(v)
	if err != nil {
		sayf(stderr, "capreg: cannot encode the answer: %v", err)
		return exitUsage
	}
	return writeOutput(stdout, stderr, escapeTerminalJSON(out))
}

// toolsMatch prints a command line's answer: JSON as the endpoint gives
// it, or one card a few lines, most specific first.
func toolsMatch(a store.CommandAnswer, risk string, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		return writeJSON(stdout, stderr, a)
	}
	var out bytes.Buffer
	esc := validate.EscapeControl
	switch {
	case len(a.Results) == 0 && risk != "":
		fmt.Fprintf(&out, "no %s tool replaces %q\n", risk, clip(a.Command))
	case len(a.Results) == 0:
		fmt.Fprintf(&out, "no tool replaces %q\n", clip(a.Command))
	}
	for i, h := range a.Results {
		fmt.Fprintf(&out, "%2d. %s  (%s)\n    %s\n    $ %s\n    replaces: %s\n", i+1, esc(h.ID), esc(h.Risk), esc(h.Summary), esc(h.Command), esc(h.Matched))
	}
	if a.Truncation != nil {
		sayf(stderr, "capreg: %s", a.Message)
	}
	return writeOutput(stdout, stderr, []byte(validate.NoWorkflowCommands(out.String())))
}

func toolsShow(ctx context.Context, snap *store.Snapshot, repo, id string, probe bool, stdout, stderr io.Writer) int {
	for _, c := range snap.Result.Cards {
		if !validate.SameCardID(c.ID, id) {
			continue
		}
		v := store.ToolJSON(c)
		noteCardFindings(snap, c, stderr)
		if code := writeOutput(stdout, stderr, escapeTerminalJSON(append(ojson.Encode(&v, "  "), '\n'))); code != exitOK || !probe {
			return code
		}
		if strings.TrimSpace(c.HelpProbe) == "" {
			// help_probe is optional (tool-capability-cards.md): a card
			// without one is complete, so there is nothing to run and
			// nothing wrong. Say so, and succeed.
			sayf(stderr, "capreg: tool card %q declares no help_probe; nothing to run", id)
			return exitOK
		}
		if msg := validate.HelpProbeProblem(c); msg != "" {
			// What check warns of (card-help-probe), in its words: sh
			// would run a sentence's first word ("run it with --help")
			// or take the tool's options for its own ("--help").
			sayf(stderr, "capreg: tool card %q: %s (card-help-probe)", id, msg)
			return exitFindings
		}
		return runProbe(ctx, repo, c.ToolPath, c.HelpProbe, probeTimeout, stdout, stderr)
	}
	listed := "capreg tools search INTENT finds a card by what it does"
	if len(snap.Result.Cards) == 0 {
		listed = "the repository holds none (a <tool>.card.json beside the tool it describes)"
	}
	sayf(stderr, "capreg: no tool card %q%s", id, orWhereListed(snap.MeantCard(id), listed))
	return exitFindings
}

// noteCardFindings says on stderr, as capreg check prints them, the
// warnings check gives the card's own file (a card with errors is not
// indexed, so not shown): the card shown may describe a tool no longer
// there (card-orphan: renamed, its card left behind), or a command that
// runs no file (card-command-missing), and its "path" alone did not say
// so; an agent took the command and ran into "not found".
func noteCardFindings(snap *store.Snapshot, c *validate.Card, stderr io.Writer) {
	for _, d := range snap.Diagnostics {
		if d.File == c.Path {
			fmt.Fprintln(stderr, d.String()) // escaped, as check prints it
		}
	}
}

// runProbe runs a card's help_probe with the shell, in the repository, on
// this machine (the server never runs probes), for at most timeout. The
// tool's own directory comes first on PATH: a probe names its tool as a
// user who has the tool installed would ("http.probe --help" for
// bin/http.probe), and the repository root is not that directory. A
// directory whose path holds the PATH separator cannot be put on PATH.
func runProbe(ctx context.Context, repo, toolPath, probe string, timeout time.Duration, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// An interrupt stops the probe with capreg (see isolateProbe).
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	fmt.Fprintf(stdout, "\n$ %s\n", validate.EscapeControl(probe))
	dir, err := filepath.Abs(filepath.Join(repo, filepath.FromSlash(path.Dir(toolPath))))
	if err != nil {
		sayf(stderr, "capreg: help_probe: %v", err)
		return exitUsage
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", probeCommand(probe, filepath.Join(dir, path.Base(toolPath))))
	cmd.Dir, cmd.Stdout, cmd.Stderr, cmd.Stdin = repo, stdout, stderr, nil
	if strings.ContainsRune(dir, filepath.ListSeparator) {
		// PATH would split the folder in two, and the pieces (one of them
		// relative, so found from the repository root) may hold another
		// program of the tool's name: keep PATH as it is instead.
		sayf(stderr, "capreg: the tool's folder %s holds the PATH separator %q; the probe runs with PATH unchanged", dir, string(filepath.ListSeparator))
	} else {
		cmd.Env = append(os.Environ(), "PATH="+prependPath(dir, os.Getenv("PATH"))) // the last PATH wins
	}
	cleanup := isolateProbe(cmd, stdout)
	cmd.WaitDelay = time.Second
	err = cmd.Run()
	cleanup()
	var exit *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		sayf(stderr, "capreg: help_probe did not finish within %v; stopped", timeout)
		return exitFindings
	case ctx.Err() == context.Canceled:
		// Ctrl-C (or SIGTERM, SIGHUP): the user stopped it, which is no
		// finding about the probe, nor its SIGKILL, which capreg sent.
		fmt.Fprintln(stderr, "capreg: help_probe interrupted; stopped")
		return exitInterrupted
	case err == nil:
		return exitOK
	case errors.Is(err, exec.ErrWaitDelay):
		// Only where stdout or stderr is no file (a library caller's
		// buffer; the CLI passes its own) does exec copy the output and
		// wait for the copy: the probe succeeded, but a process it started
		// in the background kept that output open. What it printed is all
		// there is, and cleanup stopped the rest of its group. Given
		// files, the same probe ends at once, exit 0, with no note.
		fmt.Fprintln(stderr, "capreg: help_probe exited, leaving a background process that held its output open; stopped it")
		return exitOK
	case errors.As(err, &exit) && brokenPipe(exit, stdout):
		// `tools show x --probe | head`: the probe met the reader gone,
		// which is no fault of it; capreg ends as a writer to that pipe.
		return exitBrokenPipe
	case errors.As(err, &exit):
		sayf(stderr, "capreg: help_probe %s%s", exitReason(exit), shellExitHint(exit.ExitCode(), repo, toolPath))
		return exitFindings
	}
	sayf(stderr, "capreg: help_probe: %v", err)
	return exitUsage
}

// shellExitHint says what the shell's own exit codes mean, after "exited
// with 126" or "127", which read as the tool's: 126 a command found that
// could not be run (a tool checked out without its executable bit, as a
// copy or an archive leaves it: said, with the chmod that mends it), 127
// one not found where the probe runs it. "" for any other code.
func shellExitHint(code int, repo, toolPath string) string {
	switch code {
	case 126:
		if fi, err := os.Stat(filepath.Join(repo, filepath.FromSlash(toolPath))); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 == 0 {
			return fmt.Sprintf(", the shell's code for a command it cannot run: the tool %s is not executable (chmod +x %s)", toolPath, validate.ShellQuote(toolPath))
		}
		return ", the shell's code for a command it found but cannot run"
	case 127:
		if line := crlfShebang(repo, toolPath); line != "" {
			return fmt.Sprintf(", the shell's code for a command not found: the tool %s is there, but its first line, %q, ends in a carriage return "+
				"(CRLF line ends, as a checkout with eol=crlf or core.autocrlf writes them), so the system looks for an interpreter of that name, with the \\r, and finds none; "+
				"give the tool LF line ends (a .gitattributes line %s text eol=lf, then rm %s && git checkout -- %s)",
				toolPath, line, gitattributesPattern(toolPath), validate.ShellQuote(toolPath), validate.ShellQuote(toolPath))
		}
		return fmt.Sprintf(", the shell's code for a command not found (looked up in the tool's folder %s, then on PATH)", path.Dir(toolPath))
	}
	return ""
}

// crlfShebang is the first line of the tool at toolPath, without its
// "\n", when it is a "#!" line ending in "\r": a script checked out with
// CRLF line ends, whose interpreter ("/bin/sh\r") the system does not
// find, so that sh says the tool itself is "not found". "" otherwise.
func crlfShebang(repo, toolPath string) string {
	f, err := os.Open(filepath.Join(repo, filepath.FromSlash(toolPath)))
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	line, _, found := bytes.Cut(head[:n], []byte("\n"))
	if !found || !bytes.HasPrefix(line, []byte("#!")) || !bytes.HasSuffix(line, []byte("\r")) {
		return ""
	}
	return string(line)
}

// gitattributesPattern is toolPath as a .gitattributes pattern: the path
// from the root ("/bin/land"), with the characters a pattern reads
// otherwise (*, ?, [, \\) escaped. A path holding a blank or a quote is
// written in double quotes, C style ("/bin/my tool"): Git splits a
// .gitattributes line at its blanks, a backslash before one escaping
// nothing (/bin/my\ tool is the pattern /bin/my\ and an attribute tool).
func gitattributesPattern(toolPath string) string {
	var b strings.Builder
	b.WriteByte('/')
	for _, r := range toolPath {
		if strings.ContainsRune("*?[\\", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	p := b.String()
	if !strings.ContainsAny(p, " \t\"") {
		return p
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(p) + `"`
}

// probeCommand is the shell text runProbe runs for a card's help_probe:
// the probe as written, but with a first word that is the file name of the
// tool beside the card, at tool (absolute), replaced by that path. The
// tool's folder first on PATH finds it otherwise, but a shell looks up its
// reserved words, functions and builtins before PATH: "test --help" for
// bin/test ran sh's test, which printed nothing and succeeded. A probe
// that names its tool by a path ("./bin/test --help"), or another program
// first, runs as written, as does one whose tool is missing, so that PATH
// finds what it finds.
func probeCommand(probe, tool string) string {
	name := filepath.Base(tool)
	rest, ok := strings.CutPrefix(strings.TrimLeft(probe, " \t\n"), name)
	if !ok || !validate.ShellSafe(name) || strings.Contains(name, "=") || rest != "" && !strings.ContainsRune(" \t\n;&|<>", rune(rest[0])) {
		return probe // another word, or the tool's name read otherwise: "a=b" is an assignment
	}
	if fi, err := os.Stat(tool); err != nil || fi.IsDir() {
		return probe
	}
	return validate.ShellQuote(filepath.ToSlash(tool)) + rest
}

// probeTimeout bounds a help_probe: it prints usage, which takes moments.
const probeTimeout = 30 * time.Second

// prependPath puts dir first in a PATH list (alone when the list is empty).
func prependPath(dir, list string) string {
	if list == "" {
		return dir
	}
	return dir + string(filepath.ListSeparator) + list
}

// escapeTerminalJSON writes the characters of JSON text that a terminal
// may act on and JSON encoders leave as they are as \u escapes: the
// bidirectional formatting characters, which make the rest of a line read
// otherwise than it is (Trojan Source: a help_probe shown, then run by
// --probe), DEL, and the C1 controls (U+009B is CSI, the start of an
// escape sequence, to a terminal that reads 8-bit controls). Such a
// character can only be inside a string, so the document decodes to the
// same value.
func escapeTerminalJSON(b []byte) []byte {
	if !bytes.ContainsFunc(b, terminalActive) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if terminalActive(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, b[:size]...)
		}
		b = b[size:]
	}
	return out
}

// terminalActive is what escapeTerminalJSON escapes: what the text views
// escape (validate.Escaped) but the C0 controls, which the JSON encoder has
// escaped inside strings and which outside them are its layout.
func terminalActive(r rune) bool { return r >= 0x20 && validate.Escaped(r) }
