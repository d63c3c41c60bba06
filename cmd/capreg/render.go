package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// renderFlags are the flags of capreg render.
type renderFlags struct {
	repoFlags
	config, enablement, profile, format, activeCap string
	verb                                           string // "capreg render" or "capreg state", for messages
	// overrideNote is the warning that --profile overrides the
	// enablement's profile, if it does: the user's explicit choice, said
	// but no fault, so --strict does not fail on it.
	overrideNote string
	// configData is the --config file as read, in which its warnings
	// are placed (placeConfigWarnings).
	configData []byte
}

func (rf *renderFlags) register(fs *flag.FlagSet) {
	rf.registerInputs(fs)
	fs.StringVar(&rf.format, "format", "json", "output: `json|markdown` (the envelope, or the rendered hooks alone)")
	fs.StringVar(&rf.activeCap, "active-cap", "", "print only true or false: whether capability `ID` has an active hook here")
}

// registerInputs registers what a render is of, which capreg state takes
// too: the repository, the config and the enablement.
func (rf *renderFlags) registerInputs(fs *flag.FlagSet) {
	rf.verb = fs.Name()
	rf.repoFlags.register(fs)
	fs.StringVar(&rf.config, "config", "", "project config `FILE` (JSON; - reads standard input); absent keys take their slice defaults")
	fs.StringVar(&rf.enablement, "enablement", "", "enablement `FILE` (- reads standard input): {profile, disabledCapabilities, surface}")
	fs.StringVar(&rf.profile, "profile", "", "install profile, `core|standard|full` or a comma-separated union such as core,standard (overrides the enablement file's)")
}

// runRender is loop.render-hooks on the command line: the active hooks at a
// point for a config and enablement, as the JSON envelope or the markdown.
func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("render", stderr)
	var f renderFlags
	f.register(fs)
	point, code, ok := parseOneOperand(fs, "POINT (e.g. plan:pre)", args, stdout, stderr)
	if !ok {
		return code
	}
	if f.format != "json" && f.format != "markdown" {
		return badChoice(stderr, fs.Name(), "format", f.format, []string{"json", "markdown"})
	}
	askActive := flagGiven(fs, "active-cap") // an empty one is refused by parseArgs
	// A boolean has no markdown form: refuse the pair, as ?activeCap= with
	// format=markdown is a 400, rather than drop one of them silently.
	if askActive && f.format == "markdown" {
		return usageError(stderr, "--active-cap prints true or false; it cannot be combined with --format markdown")
	}
	req, code := f.request(ctx, point, stderr)
	if code != exitOK {
		return code
	}
	req.ActiveCap = f.activeCap
	snap, code := f.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	noteNoCapabilities(snap, stderr)
	env, err := render.Resolve(snap.Registry, req)
	if err != nil {
		// An unknown point is a finding, as an unknown id is for closure and
		// tools show, and as the reference's render-hooks exits 1 for it; the
		// message lists the 12 valid points.
		sayf(stderr, "capreg: %v", err)
		return exitFindings
	}
	placed := f.placeConfigWarnings(env.Warnings, env.ConfigPointers, env.ConfigAtValue, &req.Config)
	if f.strictFailure(stderr, placed, env.Unlisted) {
		return exitFindings
	}
	inJSON := !askActive && f.format == "json"
	sayUnplacedWarnings(stderr, env, placed, inJSON)
	return writeRendered(stdout, stderr, env, f.format, askActive, f.activeCap)
}

// sayUnplacedWarnings says on stderr the warnings the output has no place
// for: only the JSON envelope (inJSON) holds the placed ones; the markdown
// and the --active-cap answer leave them to stderr, so that a config value
// or an enablement name that was ignored is not ignored silently.
func sayUnplacedWarnings(stderr io.Writer, env *render.Envelope, placed []string, inJSON bool) {
	if !inJSON {
		for _, w := range placed {
			sayf(stderr, "capreg: warning: %s", w) // a config value's C1 controls shown, not obeyed
		}
	} else {
		warnProfiles(stderr, env.ProfileWarnings)
	}
}

// writeRendered writes the answer asked for: --active-cap's true or false,
// the markdown, or the envelope, escaped on a terminal and byte for byte
// piped.
func writeRendered(stdout, stderr io.Writer, env *render.Envelope, format string, askActive bool, activeCap string) int {
	switch {
	case askActive:
		return writeOutput(stdout, stderr, fmt.Appendln(nil, env.Active(activeCap)))
	case format == "markdown" && isTerminal(stdout):
		// A fragment's escape sequences, shown rather than obeyed; piped,
		// the markdown goes on byte for byte.
		return writeOutput(stdout, stderr, endLine(terminalText(env.Rendered)))
	case format == "markdown":
		return writeOutput(stdout, stderr, endLine(env.Rendered))
	case isTerminal(stdout):
		// Ended by a newline, as the markdown is: on a terminal the
		// prompt came after the closing brace, on its line.
		return writeOutput(stdout, stderr, fmt.Appendln(escapeTerminalJSON(env.JSON())))
	default:
		// Byte for byte the HTTP body: pretty JSON with no trailing newline,
		// as the reference's io.output writes it (ref §5.1).
		return writeOutput(stdout, stderr, env.JSON())
	}
}

// endLine is text with its last line ended: a newline after it, for the
// shell prompt that follows, unless it ends with one already. The markdown
// does when the last active hook's inline fragment ends with a newline (as
// a fragment file usually does): a second one made a blank line the
// grammar cuts (ref §5.5), so that the output no longer ended as the
// rendered text does.
func endLine(text string) []byte {
	b := []byte(text)
	if !strings.HasSuffix(text, "\n") {
		b = append(b, '\n')
	}
	return b
}

// placeConfigWarnings returns warnings as stderr says them: each that is
// about a member of the --config file (pointers, the render's
// ConfigPointers) placed where the file holds it, as check places a
// finding, "--config FILE:line:column (pointer): ...", at the member's
// key, or at its value where the warning is about the value (atValue, the
// render's ConfigAtValue), found by its JSON pointer in config, the file
// as parsed; a config key misspelt in a long file was named without
// saying where. The JSON
// envelope keeps the warnings as POST /render-hooks words them, byte for
// byte the body (TestRenderJSONMatchesHTTP), where no file is.
func (f *renderFlags) placeConfigWarnings(warnings, pointers []string, atValue []bool, config *ojson.Value) []string {
	if len(pointers) == 0 || f.configData == nil {
		return warnings
	}
	placed := slices.Clone(warnings)
	find, pos := ojson.NewFinder(config), ojson.NewPositions(f.configData)
	for i, p := range pointers[:min(len(pointers), len(placed))] {
		if p == "" {
			continue
		}
		v, off, ok := find.Lookup(p)
		if ok && i < len(atValue) && atValue[i] {
			off = v.Off
		}
		line, col := pos.Position(off)
		placed[i] = fmt.Sprintf("--config %s:%d:%d (%s): %s", f.config, line, col, p, placed[i])
	}
	return placed
}

// strictFailure reports a render's warnings (a config value of the wrong
// type, an enablement naming no capability) as errors under --strict, and
// says whether it did, printing nothing else: a CI job gating a config
// with render --strict --config fails on them, as check --strict does on
// a repository's warnings. The note that --profile overrides the
// enablement's profile is no fault, and fails nothing. Past the warnings
// listed, the last one counts the rest (unlisted).
func (rf *renderFlags) strictFailure(stderr io.Writer, warnings []string, unlisted int) bool {
	if !rf.strict {
		return false
	}
	listed := warnings
	if unlisted > 0 {
		listed = warnings[:len(warnings)-1]
	}
	n := unlisted
	for _, w := range listed {
		if w == rf.overrideNote {
			continue
		}
		n++
		sayf(stderr, "capreg: error: %s", w) // a config value's C1 controls shown, not obeyed
	}
	if n == 0 {
		return false
	}
	if unlisted > 0 {
		sayf(stderr, "capreg: %s not listed (the first %d are)", validate.Plural(unlisted, "more error"), len(listed))
	}
	what := "the render's warning is an error"
	if n > 1 {
		what = fmt.Sprintf("the render's %d warnings are errors", n)
	}
	sayf(stderr, "capreg: %s under --strict; nothing was printed", what)
	return true
}

// request reads --config, --enablement and --profile into a render request
// for point; an unreadable or malformed file is a usage error (exit 2).
func (f *renderFlags) request(ctx context.Context, point string, stderr io.Writer) (render.Request, int) {
	req := render.Request{Point: point}
	if f.config == "-" && f.enablement == "-" {
		return req, usageError(stderr, "--config and --enablement cannot both read standard input (-); give one of them a file")
	}
	if f.config != "" {
		v, data, code := readJSONFile(ctx, "--config", f.config, f.repo, stderr)
		if code != exitOK {
			return req, code
		}
		req.Notes = append(req.Notes, bomNote("--config", f.config, data, "render with the config {}")...)
		if v.Kind != ojson.Object {
			return req, usageError(stderr, "--config %s must hold a JSON object", f.config)
		}
		if note := bodyShapedConfig(f.config, data, &v); note != "" {
			req.Notes = append(req.Notes, note)
		}
		req.Config = v
		f.configData = data
	}
	if f.config == "" {
		notePlanningConfig(f.verb, stderr)
	}
	if f.enablement != "" {
		v, data, code := readJSONFile(ctx, "--enablement", f.enablement, f.repo, stderr)
		if code != exitOK {
			return req, code
		}
		req.Notes = append(req.Notes, bomNote("--enablement", f.enablement, data, "not read it")...)
		if code := checkEnablementKeys(f.enablement, data, &v, stderr); code != exitOK {
			return req, code
		}
		var err error
		var fe *render.FieldError
		req.Enablement, err = render.EnablementFromJSON(&v)
		switch {
		case errors.As(err, &fe):
			line, col := ojson.Position(data, fe.Off)
			return req, usageError(stderr, "--enablement %s:%d:%d (%s): %s", f.enablement, line, col, fe.Pointer, fe.Msg)
		case err != nil:
			return req, usageError(stderr, "--enablement %s: %v", f.enablement, err)
		}
	}
	if f.profile != "" {
		if render.NamesNoProfile(f.profile) {
			// As the enablement file's profile and the POST body's: "$A,$B"
			// with both unset would install everything, with a warning only.
			return req, badValue(stderr, f.verb, "profile", f.profile, "it names no install profile ("+strings.Join(store.ProfileNames, ", ")+"); leave the flag out for full")
		}
		if p := req.Enablement.Profile; p != "" && !render.SameProfile(p, f.profile) {
			// Said, as every other input that is not used is: the file
			// may be the one meant.
			f.overrideNote = fmt.Sprintf("--profile %q overrides the profile %q of --enablement %s; rendering with %q", f.profile, p, f.enablement, f.profile)
			req.Notes = append(req.Notes, f.overrideNote)
		}
		req.Enablement.Profile = f.profile
	}
	return req, exitOK
}

// planningConfig is the project config gsd-core's loop render-hooks
// reads from its working directory (ref §5.2: loadConfig, then the raw
// .planning/config.json), which capreg reads only when --config names it.
const planningConfig = ".planning/config.json"

// notePlanningConfig says on stderr, for a render or state given no
// --config, that the working directory holds gsd-core's project config,
// which is not read: run from a project, as gsd_run loop render-hooks is,
// capreg rendered every key at its default and said nothing, and the
// hooks the project turns on or off were not those rendered.
func notePlanningConfig(verb string, stderr io.Writer) {
	if fi, err := os.Stat(planningConfig); err == nil && fi.Mode().IsRegular() {
		sayf(stderr, "capreg: note: %s is not read (gsd-core's render-hooks reads it from the working directory); %s uses every key's default: give --config %s to use it", planningConfig, verb, planningConfig)
	}
}

// warnProfiles says on stderr the warnings of a render that a profile
// names a mode no profile has (render.Envelope.ProfileWarnings), which the
// render, as gsd-core, reads as full: printed with the JSON, whose
// warnings say it too, since "--profile cor" rendered full and said so
// only inside the JSON a script passed on. The other warnings of the JSON
// are left to it; in the markdown, which has no place for them, every one
// is printed.
func warnProfiles(stderr io.Writer, warnings []string) {
	for _, w := range warnings {
		sayf(stderr, "capreg: warning: %s", w)
	}
}

// bodyShapedConfig warns of a config file that holds a POST /render-hooks
// body ({"config": {...}, "profile": "core"}) rather than a config: its
// keys are no config's, so the render used every default and the file's
// profile not at all, and said nothing. A config may hold a key "config"
// of its own, so this is a warning, and only where every other key is
// one of the body's.
func bodyShapedConfig(path string, data []byte, v *ojson.Value) string {
	i := slices.IndexFunc(v.Members, func(m ojson.Member) bool { return m.Key == "config" })
	if i < 0 || v.Members[i].Value.Kind != ojson.Object {
		return ""
	}
	for _, m := range v.Members {
		if m.Key != "config" && !slices.Contains(render.EnablementKeys, m.Key) {
			return ""
		}
	}
	line, col := ojson.Position(data, v.Members[i].KeyOff)
	return fmt.Sprintf("--config %s:%d:%d: the file reads as a POST /render-hooks body, a \"config\" object at the top; "+
		"--config takes the config alone: give it the value of \"config\", and the enablement with --enablement FILE or --profile", path, line, col)
}

// checkEnablementKeys rejects a field an enablement file does not take, as
// POST /render-hooks rejects one in its body: ignoring it would render as if
// it were not there. A "config" field gets a hint, because an API body
// reused as an enablement file would otherwise drop its config silently.
func checkEnablementKeys(path string, data []byte, v *ojson.Value, stderr io.Writer) int {
	if v.Kind != ojson.Object {
		return exitOK // EnablementFromJSON says what is wrong with it
	}
	for _, m := range v.Members {
		if slices.Contains(render.EnablementKeys, m.Key) {
			continue
		}
		hint, meant := "", ""
		switch near := validate.NearestID(m.Key, append([]string{"config"}, render.EnablementKeys...)); {
		case m.Key == "config" || near == "config":
			hint = "; pass the config in its own file with --config FILE"
		case near != "":
			meant = fmt.Sprintf(" (did you mean %q?)", near) // as POST /render-hooks says
		}
		line, col := ojson.Position(data, m.KeyOff)
		return usageError(stderr, "--enablement %s:%d:%d: unknown field %q%s; the file takes %s%s",
			path, line, col, m.Key, meant, strings.Join(render.EnablementKeys, ", "), hint)
	}
	return exitOK
}

// underRepoHint is what to give flag when path, relative, is missing from
// the working directory but is a file under repo, or "".
func underRepoHint(flag, path, repo string, err error) string {
	if !errors.Is(err, fs.ErrNotExist) || path == "-" || filepath.IsAbs(path) || repo == "" || repo == "." {
		return ""
	}
	in := filepath.Join(repo, path)
	if fi, err := os.Stat(in); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return fmt.Sprintf(" (a relative %s is read from the working directory, not from --repo: give %s %s)", flag, flag, validate.ShellQuote(in))
}

// readJSONFile reads a JSON document in order-keeping form, and its bytes
// for placing later findings. A failure names the flag that gave the file,
// as the findings about its content do: a render takes two JSON files.
// A relative path is read from the working directory; one found there
// not but under repo is named so, as --repo r --config config/x.json,
// meant inside r, said only "no such file or directory".
func readJSONFile(ctx context.Context, flag, path, repo string, stderr io.Writer) (ojson.Value, []byte, int) {
	data, err := readBounded(ctx, path)
	var v ojson.Value
	var errs []ojson.Error
	if err == nil {
		v, errs = ojson.Parse(data)
	}
	// A read or a parse that failed as a signal ended the pipe's producer
	// is the interrupt, not a fault of the file.
	if errors.Is(err, context.Canceled) || (err != nil || len(errs) > 0) && interruptedMeanwhile(ctx, path) {
		fmt.Fprintln(stderr, "capreg: interrupted; stopped")
		return ojson.Value{}, nil, exitInterrupted
	}
	if err != nil {
		sayf(stderr, "capreg: %s: %v%s", flag, err, underRepoHint(flag, path, repo, err))
		return ojson.Value{}, nil, exitUsage
	}
	if len(errs) > 0 { // the first: the rest may follow from it
		e := errs[0]
		line, col := ojson.Position(data, e.Off)
		where := ""
		if e.Pointer != "" {
			// Named as POST /render-hooks names it in its 400, and as a
			// field of the wrong type is here: "1:34" alone left the
			// reader to count which of the object's members it was.
			where = " (" + e.Pointer + ")"
		}
		// A file an editor saved as "Unicode" (UTF-16) told only of its
		// first byte, 0xff or a NUL.
		utf16 := ""
		if why, ok := validate.UTF16(data); ok {
			utf16 = fmt.Sprintf(": the file is UTF-16 (%s); save it as UTF-8", why)
		}
		sayf(stderr, "capreg: %s %s:%d:%d%s: %s%s", flag, path, line, col, where, e.Describe(data), utf16)
		return ojson.Value{}, nil, exitUsage
	}
	// As a request body: a stray byte read as U+FFFD made a config key
	// that matched nothing, in silence.
	if off := ojson.InvalidUTF8(data); off >= 0 {
		line, col := ojson.Position(data, off)
		sayf(stderr, "capreg: %s %s:%d:%d: byte 0x%02x is not UTF-8; save the file as UTF-8", flag, path, line, col, data[off])
		return ojson.Value{}, nil, exitUsage
	}
	return v, data, exitOK
}

// bomNote warns of a file that starts with a UTF-8 byte order mark:
// capreg reads past it, but gsd-core reads its JSON with Node's
// JSON.parse, which rejects it, so the two would render differently in
// silence (what gsd-core would do instead is given).
func bomNote(flag, path string, data []byte, gsdCore string) []string {
	if !bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return nil
	}
	return []string{fmt.Sprintf("%s %s starts with a UTF-8 byte order mark, which Node's JSON.parse rejects: gsd-core would %s here; save the file as UTF-8 without a BOM", flag, path, gsdCore)}
}

// readBounded reads a file of at most validate.MaxFileSize bytes, the limit
// repository files have, so that --config /dev/zero fails instead of
// growing without end. Pipes are read (--config <(jq ...) is a FIFO), and
// "-" is standard input, as an orchestrator pipes a config it builds
// (jq ... | capreg render plan:pre --config -); ./- names a file so named.
//
// An interrupt or SIGTERM (ctx) ends the wait for it: standard input, or
// a FIFO such as --config <(producer), may not come for long, and the
// signal main takes would otherwise be swallowed until it did.
func readBounded(ctx context.Context, path string) ([]byte, error) {
	type read struct {
		data []byte
		err  error
	}
	done := make(chan read, 1)
	go func() {
		data, err := readBoundedNow(path)
		done <- read{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		return nil, ctx.Err() // the read is left blocked; the process ends
	}
}

// interruptedMeanwhile reports whether a signal ends ctx within a moment
// of a read from a pipe (standard input, a FIFO) that gave no JSON. Ctrl-C
// reaches the whole foreground process group at once: the producer on the
// pipe dies, and its end of file may come before capreg's own signal,
// which made an interrupt a syntax error ("unexpected end of file").
// Only a pipe is waited on.
func interruptedMeanwhile(ctx context.Context, path string) bool {
	st, err := os.Stdin.Stat()
	if path != "-" {
		st, err = os.Stat(path)
	}
	if err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return false // a file, a device or none: no producer to die with capreg
	}
	select {
	case <-ctx.Done():
		return true
	case <-time.After(signalGrace):
		return false
	}
}

// signalGrace is how long a failed read from a pipe waits for the signal
// that may have ended its producer: long beside a signal's delivery, short
// beside a person reading the error.
const signalGrace = 250 * time.Millisecond

// readBoundedNow is readBounded without the wait for a signal.
func readBoundedNow(path string) ([]byte, error) {
	f := os.Stdin
	if path != "-" {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, err
		}
		defer f.Close()
	}
	data, err := validate.ReadLimited(f)
	if errors.Is(err, validate.ErrTooLarge) {
		return nil, fmt.Errorf("%s: %w", path, err) // a read error names the path itself
	}
	return data, err
}

// noteNoCapabilities says on stderr that a repository holding tool cards
// or workflows holds no capability: render's "No active hooks" and
// state's empty list read as if capabilities had been turned off. A
// repository holding nothing at all has been said to by loadValid.
func noteNoCapabilities(snap *store.Snapshot, stderr io.Writer) {
	if len(snap.Registry.Capabilities) == 0 && !snap.HoldsNothing() {
		sayf(stderr, "capreg: note: the repository holds no capability (%s)", snap.DeclarationPath())
	}
}
