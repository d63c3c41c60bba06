// Command capreg validates a repository of capability declarations, host
// workflows and tool cards, generates the registry artifacts, and serves them.
// Each verb is a thin layer: flags in, a call into store/validate/render/api,
// output and an exit code out (0 success, 1 findings, 2 usage or I/O failure,
// 130 interrupted, 141 the output pipe's reader gone: usageTail says when).
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"net/url"
	"os"
	"os/signal"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/validate"
)

// version is capreg's version as the build gives it, for
// capreg_build_info: go build -ldflags "-X main.version=v1.2.3", as the
// Dockerfile's VERSION argument does; empty, the module's as Go stamped
// it (from .git, which an image's build has not).
var version string

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
	// exitInterrupted is a verb stopped by Ctrl-C or SIGTERM (a card's
	// help_probe run by tools show --probe,
	// gen --write, a scan), as a shell reports a command SIGINT ended
	// (128 + 2).
	exitInterrupted = 130
	// exitBrokenPipe is the status a shell gives a writer SIGPIPE killed,
	// which `tools show --probe | head` leaves its probe.
	exitBrokenPipe = 141
)

func main() {
	ctx, stop := interruptible()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// interruptible is the context main runs a verb with: an interrupt or
// SIGTERM ends it, so that a verb stopped mid-way cleans up and says so
// (gen --write removes its temporary file, which a kill left in --out)
// rather than being killed. Once one has been taken, a second signal ends
// the process at once, with exitInterrupted, for a verb that does not heed
// ctx or a drain the operator will not wait for. serve and a help_probe
// take the signals themselves too, and so drain or stop the probe as
// before.
//
// The second signal is taken here, not left to the default action once
// this handler stops: a signal that arrives while any channel is still
// registered for it is delivered to the channel, and under load the
// second could arrive before the goroutine that took the first stopped
// listening (a serve holding on for its --drain-delay then swallowed it,
// 6 of 10 runs with two other test processes busy on the machine). It
// exits rather than restore the default action and raise the signal
// again: where the signal was ignored when capreg started (a background
// job of a script, nohup), that default is to ignore it.
func interruptible() (context.Context, context.CancelFunc) {
	words := new(atomic.Pointer[func(os.Signal)])
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), lastWordsKey{}, words))
	sigs := make(chan os.Signal, 2) // room for both, however late this goroutine runs
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		for taken := false; ; taken = true {
			select {
			case sig := <-sigs:
				if taken {
					if say := words.Load(); say != nil {
						(*say)(sig)
					}
					os.Exit(exitInterrupted)
				}
				cancel()
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(sigs)
			close(done)
			cancel()
		})
	}
}

// lastWordsKey keys, in the context interruptible gives, the function it
// calls with the second signal before it ends the process (see
// sayLastWords).
type lastWordsKey struct{}

// sayLastWords has say called with the second signal, should one end the
// process while ctx, interruptible's, lasts, until the returned function
// is called: serve logs there why it stopped, where its log otherwise
// ended at "shutting down" with no word of the exit, as after a crash or
// an OOM kill. Under another context (a test calling a verb) it does
// nothing.
func sayLastWords(ctx context.Context, say func(os.Signal)) (forget func()) {
	words, _ := ctx.Value(lastWordsKey{}).(*atomic.Pointer[func(os.Signal)])
	if words == nil {
		return func() {}
	}
	words.Store(&say)
	return func() { words.CompareAndSwap(&say, nil) }
}

// command is one verb.
type command func(ctx context.Context, args []string, stdout, stderr io.Writer) int

func commands() map[string]command {
	return map[string]command{
		"check":   runCheck,
		"gen":     runGen,
		"closure": runClosure,
		"serve":   runServe,
		"tools":   runTools,
		"render":  runRender,
		"state":   runState,
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	// "capreg help render", "capreg help tools search": the verb's own
	// help, on stdout as "capreg help" is. A -h or --help added anywhere
	// asks for the same ("capreg help render --help"; before the verb,
	// "capreg help --help render", it was taken for "capreg --help" and
	// the verb dropped), and so does "capreg --help render".
	if rest := helpArgs(args); len(rest) > 0 {
		verb, sub := rest[0], rest[1:]
		if len(sub) > 1 || len(sub) == 1 && (verb != "tools" || strings.HasPrefix(sub[0], "-")) {
			return usageError(stderr, "help takes a verb, and for tools a subcommand: capreg help VERB")
		}
		if cmd, ok := commands()[verb]; ok {
			return cmd(ctx, append(sub, "--help"), stdout, stderr)
		}
		fmt.Fprintf(stderr, "capreg: no command %q to help with%s\n\n%s", verb, commandMeant(verb), usage())
		return exitUsage
	}
	if len(args) == 0 {
		// A usage error, reported where usage errors are: stdout stays
		// for output asked for.
		fmt.Fprint(stderr, usage())
		return exitUsage
	}
	if isHelpFlag(args[0]) || args[0] == "help" {
		return writeHelp(stdout, stderr, usage())
	}
	if args[0] == "--version" || args[0] == "-version" {
		if len(args) > 1 {
			// Not "unknown flag --version" (capreg --version is known),
			// nor the verb moved before it (capreg --version check gave
			// "capreg check --version", a line check refuses).
			return usageError(stderr, "--version takes nothing after it: capreg --version prints the build's version; see capreg --help")
		}
		// What a person tries first, called an unknown command "--version":
		// the build's version, as serve logs it and capreg_build_info
		// names it.
		return writeOutput(stdout, stderr, fmt.Appendf(nil, "capreg %s %s\n", api.BuildVersion(version), runtime.Version()))
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		if line, misspelt, moved := lineWithVerbFirst(args); moved && misspelt != "" {
			return usageError(stderr, "unknown command %q after the flags; the verb comes before its flags%s", misspelt, didYouMean(line))
		} else if moved && strings.HasPrefix(line, toolsNoSubcommand) {
			return usageError(stderr, "the verb comes before its flags, and tools needs a subcommand, search, match or show, before them too: %s", line)
		} else if moved {
			return usageError(stderr, "the verb comes before its flags: %s", line)
		}
		fmt.Fprintf(stderr, "capreg: %s\n\n%s", notACommand(args[0]), usage())
		return exitUsage
	}
	return cmd(ctx, args[1:], stdout, stderr)
}

// notACommand says what first, the first argument, no command, is: a flag
// given with no command to follow (capreg --repo x, the command forgotten)
// is said to be one, where it was called an unknown command "--repo";
// another word is an unknown command, named with the verb it is a typo of
// (commandMeant). A flag is one or two dashes and a name, as the flag
// package reads it: ---repo, which it refuses, is no --repo to put after
// a command. An unknown flag is named with the flag it is a typo of, as
// after a command (flagMeant).
func notACommand(first string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(first, "-"), "-"), "=")
	switch {
	case !strings.HasPrefix(first, "-") || name == "":
		return fmt.Sprintf("unknown command %q%s", first, commandMeant(first))
	}
	flags := flagsTakingValues()
	if _, ok := flags[name]; ok {
		return fmt.Sprintf("%s is a flag, not a command: the command comes first (capreg COMMAND %s …), one of these", first, first)
	}
	meant := ""
	if best := validate.NearestID(name, slices.Sorted(maps.Keys(flags))); best != "" {
		meant = didYouMean("--" + best)
	}
	return fmt.Sprintf("unknown flag %s%s, and no command: the command comes first, then its flags, one of these", first, meant)
}

// helpArgs is what args ask for help with when they start with "help" or
// a help flag: the words after it less any -h or --help and any further
// leading "help" ("capreg help help render"); nil if args ask for no help.
func helpArgs(args []string) []string {
	if len(args) == 0 || args[0] != "help" && !isHelpFlag(args[0]) {
		return nil
	}
	rest := slices.DeleteFunc(slices.Clone(args[1:]), isHelpFlag)
	for len(rest) > 0 && rest[0] == "help" {
		rest = rest[1:]
	}
	return rest
}

// commandMeant names the verb an unknown one probably meant: a subcommand
// of tools given alone (capreg search), or a verb a typo or two away in
// any case (capreg chek, capreg CHECK); else it is empty. The usage that
// follows lists them all, but a person reads the first line.
func commandMeant(name string) string {
	if slices.Contains(toolsSubcommands, name) {
		return didYouMean("capreg tools " + name)
	}
	// As for ids (validate.NearestID): any case, one edit, two for long
	// names; "run" is no typo of gen.
	if best := validate.NearestID(name, slices.Sorted(maps.Keys(commands()))); best != "" {
		return didYouMean("capreg " + best)
	}
	return ""
}

// lineWithVerbFirst is args as a line to paste with the verb, and tools'
// subcommand, moved before the flags args start with; misspelt is the
// first of them typed a typo away ("" if none was), and ok is false when
// no verb follows the flags.
func lineWithVerbFirst(args []string) (line, misspelt string, ok bool) {
	verb, typed, rest, ok := verbAfterFlags(args, slices.Sorted(maps.Keys(commands())))
	if !ok {
		return "", "", false
	}
	words := []string{"capreg", verb}
	if typed != verb {
		misspelt = typed
	}
	if sub, subTyped, subRest, moved := verbAfterFlags(rest, toolsSubcommands); verb == "tools" && moved {
		words, rest = append(words, sub), subRest
		if subTyped != sub && misspelt == "" {
			misspelt = subTyped
		}
	} else if verb == "tools" {
		// No subcommand follows the flags ("--repo x tools deploy"): the
		// line with tools alone first would only be refused in turn.
		return commandLine([]string{toolsNoSubcommand}, rest), misspelt, true
	}
	return commandLine(words, rest), misspelt, true
}

// toolsNoSubcommand starts the line lineWithVerbFirst gives for tools with
// no subcommand after its flags: a choice to make, not a line to paste.
const toolsNoSubcommand = "capreg tools search|match|show"

// verbAfterFlags finds the verb, one of names, that follows the flags args
// start with, as a user who writes the shared flags first (as git -C is
// written) puts it: "--repo x check". It returns the verb, the word as
// typed, and the other args in their order, or false when args do not
// start with a flag or no verb follows their flags. A word a typo or two
// from a verb (validate.NearestID, as commandMeant) is taken as that verb,
// so "--repo x chek" is named "check --repo x" rather than an unknown
// command "--repo", unless a flag no verb has comes before it (the word
// may be its value). A flag takes the next word as its value unless it is
// boolean wherever it is defined, so "--repo check" names a folder.
func verbAfterFlags(args, names []string) (verb, typed string, rest []string, ok bool) {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") {
		return "", "", nil, false
	}
	takesValue := flagsTakingValues()
	i, unknownFlag := 0, false
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "-" && args[i] != "--" {
		name, _, inline := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		i++
		valued, known := takesValue[name]
		unknownFlag = unknownFlag || !known
		if !inline && valued {
			i++
		}
	}
	if i == 0 || i >= len(args) {
		return "", "", nil, false
	}
	verb = args[i]
	// After a flag no verb has, which may take a value or not, the word
	// next may be its value ("--repoo stat check"): only a verb as typed
	// is taken then, not one a typo away.
	if !slices.Contains(names, verb) {
		verb = ""
		if !unknownFlag {
			verb = validate.NearestID(args[i], names)
		}
	}
	if verb == "" {
		return "", "", nil, false
	}
	return verb, args[i], slices.Concat(args[:i], args[i+1:]), true
}

// verbFlags are the flag sets of every verb, named as its usage names it
// ("capreg tools search"). The verbs' flags are fixed, so they are built
// once, on the first slip that reads them (flagsTakingValues, a flag of
// another verb named by verbsWithFlag), never for a line that parses.
var verbFlags = sync.OnceValue(func() []*flag.FlagSet {
	var sets []*flag.FlagSet
	for _, v := range verbs() {
		fs := flag.NewFlagSet("capreg "+v.name, flag.ContinueOnError)
		v.flags.register(fs)
		sets = append(sets, fs)
	}
	return sets
})

// flagsTakingValues maps the name of each flag of any verb to whether it
// takes a value, made once (before, each verb's flag set was built twice
// for each wrong order: once for the verb and again for tools'
// subcommand).
var flagsTakingValues = sync.OnceValue(func() map[string]bool {
	valued := map[string]bool{}
	for _, fs := range verbFlags() {
		fs.VisitAll(func(f *flag.Flag) {
			b, ok := f.Value.(interface{ IsBoolFlag() bool })
			valued[f.Name] = valued[f.Name] || !ok || !b.IsBoolFlag()
		})
	}
	return valued
})

// commandLine is words and then args as a shell line to paste.
func commandLine(words, args []string) string {
	quoted := slices.Clone(words)
	for _, a := range args {
		quoted = append(quoted, validate.ShellQuote(a))
	}
	return strings.Join(quoted, " ")
}

// didYouMean is the " (did you mean "x"?)" that follows a message naming
// an unknown verb or id, or "" when nothing is near it.
func didYouMean(meant string) string {
	if meant == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", meant)
}

// parseArgs parses flags that may appear before, between or after positional
// arguments (capreg closure ID --repo x), and returns the positionals.
// Asked for --help, it prints the verb's usage on stdout, as capreg help
// VERB does, and returns flag.ErrHelp: help asked for is the output, not a
// complaint, and "capreg check --help | less" should page it.
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	flags, operands, err := splitFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		out := fs.Output()
		var help strings.Builder
		fs.SetOutput(&help)
		fs.Usage()
		fs.SetOutput(out)
		if writeHelp(stdout, out, help.String()) != exitOK {
			return nil, errHelpNotWritten
		}
		return nil, err
	}
	if err != nil {
		sayf(fs.Output(), "capreg: %v; see %s --help", err, fs.Name())
		return nil, err
	}
	var pos []string
	for {
		if err := parseQuietly(fs, flags); err != nil {
			sayf(fs.Output(), "capreg: %s; see %s --help", boolWanted(twoDashes(err.Error())), fs.Name())
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return append(pos, operands...), nil
		}
		pos = append(pos, rest[0])
		flags = rest[1:]
	}
}

// oneDash is how the flag package names the flag whose value it refuses,
// right after the value it quotes ("invalid value "x" for flag -limit:",
// "invalid boolean value "x" for -strict:"): capreg's flags are written
// with two dashes.
var oneDash = regexp.MustCompile(`^ for (?:flag )?-([\w.-]+):`)

// twoDashes is the flag package's message msg naming its flag with two
// dashes. The flag follows the quoted value, which, as the reason after
// the flag, may hold the same words ("--allowed-host 'a for -x:'"), so
// it is looked for just past the value, and nowhere else.
func twoDashes(msg string) string {
	for _, lead := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := strings.CutPrefix(msg, lead)
		if !ok {
			continue
		}
		value, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return msg
		}
		after := rest[len(value):]
		if m := oneDash.FindStringSubmatchIndex(after); m != nil {
			return lead + value + " for --" + after[m[2]:m[3]] + ":" + after[m[1]:]
		}
	}
	return msg
}

// boolWanted words the flag package's refusal of a switch's value
// ("invalid boolean value "maybe" for --strict: parse error") as every
// other flag's is worded, saying what the switch takes: "parse error"
// named none of it.
func boolWanted(msg string) string {
	rest, ok := strings.CutPrefix(msg, "invalid boolean value ")
	if !ok {
		return msg
	}
	if rest, ok = strings.CutSuffix(rest, ": parse error"); !ok {
		return msg
	}
	return "invalid value " + rest + ": want true or false, or the flag alone for true"
}

// parseQuietly is fs.Parse without the flag package's own report, which
// names a flag with one dash (-repo, where the usage says --repo) and
// buries the reason above the whole usage: parseArgs says it in one line.
func parseQuietly(fs *flag.FlagSet, flags []string) error {
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	return fs.Parse(flags)
}

// flagMeant names the flag of fs an unknown one probably meant, as
// commandMeant does a verb; else it lists the flags fs takes.
func flagMeant(fs *flag.FlagSet, name string) string {
	names := flagList(fs)
	// --json and --format json are one choice where tools takes both;
	// check, render and state take the second only, tools show the first.
	switch {
	case name == "json" && fs.Lookup("format") != nil && strings.Contains(fs.Lookup("format").Usage, "json"):
		return didYouMean("--format json")
	case name == "format" && fs.Lookup("json") != nil:
		return didYouMean("--json")
	}
	if f := fs.Lookup(flagSynonyms[name]); f != nil {
		placeholder, _ := flag.UnquoteUsage(f)
		return didYouMean(strings.TrimSpace("--" + f.Name + " " + placeholder))
	}
	if best := validate.NearestID(name, names); best != "" {
		return didYouMean("--" + best)
	}
	for i, n := range names {
		names[i] = "--" + n
	}
	if owners := verbsWithFlag(name); len(owners) > 0 {
		// Another verb's flag (tools show --limit, closure --json): said
		// to be its, where the list alone left the reader to find it;
		// counted past three (gen --format).
		whose := validate.AndList(owners)
		if len(owners) > 3 {
			whose = fmt.Sprintf("%d other commands", len(owners))
		}
		return fmt.Sprintf(" (a flag of %s; %s takes %s)", whose, fs.Name(), strings.Join(names, ", "))
	}
	return fmt.Sprintf(" (%s takes %s)", fs.Name(), strings.Join(names, ", "))
}

// verbsWithFlag names the verbs, as "capreg tools search", that take the
// flag name, in the usage's order. It is asked of a flag the verb given
// does not take (flagMeant), so that verb is never among them.
func verbsWithFlag(name string) []string {
	var out []string
	for _, fs := range verbFlags() {
		if fs.Lookup(name) != nil {
			out = append(out, fs.Name())
		}
	}
	return out
}

// flagSynonyms are the names other tools give the flag capreg names
// otherwise (serve --port 8080, gen -o DIR, tools search -n 5): too many
// edits from it to be named as a slip.
var flagSynonyms = map[string]string{
	"port": "addr", "host": "addr", "listen": "addr", "bind": "addr", "address": "addr",
	"o": "out", "output": "out", "dir": "repo", "root": "repo", "C": "repo",
	"n": "limit", "max": "limit", "top": "limit", "count": "limit",
}

// emptyOperand is the usage error of an operand given empty: "$ID" with
// ID unset is a mistake in the calling script, not an unknown id.
func emptyOperand(what string) string {
	return "the " + what + " is empty (an unset variable?)"
}

// parseOneOperand is parseArgs for a verb that takes exactly one operand
// (what, e.g. "capability ID"; the verb is the one newFlags named fs for):
// the operand, or, with ok false, the exit code of the help asked for or
// of the usage error said on stderr, when the flags do not parse or the
// operands are none, several, or one empty.
func parseOneOperand(fs *flag.FlagSet, what string, args []string, stdout, stderr io.Writer) (operand string, code int, ok bool) {
	pos, err := parseArgs(fs, args, stdout)
	switch {
	case err != nil:
		return "", flagExit(err), false
	case len(pos) != 1:
		return "", usageError(stderr, "%s needs exactly one %s; see %s --help", strings.TrimPrefix(fs.Name(), "capreg "), what, fs.Name()), false
	case pos[0] == "":
		return "", usageError(stderr, "%s", emptyOperand(what)), false
	}
	return pos[0], exitOK, true
}

// requiredFlags are the flags a verb cannot do without (gen's --out):
// one given empty is not told to be left out.
var requiredFlags = map[string]bool{"out": true}

// splitFlags splits args at the "--" that ends the flags, which the flag
// package takes off where it meets it, so that parseArgs, parsing again
// after each operand, read flags after it ("tools show -- -rf --probe"
// ran the probe). It refuses, as a usage error, a flag given twice, of
// which the last was taken ("--limit 1 --limit 2", as GET /tools answers
// 400), and a flag's value that is another flag ("--active-cap --strict"
// took --strict for the capability; ref §5.1), or that is empty: an unset
// variable in --config "$CFG" rendered with the defaults, exit 0, as if
// no config were meant. It returns flag.ErrHelp
// for -h or --help among the flags, as the flag package would. With no
// "--", all of args comes back as flags, operands among them: parseArgs
// tells them apart.
func splitFlags(fs *flag.FlagSet, args []string) (flags, operands []string, err error) {
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return args[:i], args[i+1:], nil
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "" || strings.HasPrefix(a, "---") {
			return nil, nil, fmt.Errorf("bad flag syntax: %s", a) // "-=x", "--=", "---": as the flag package says
		}
		f := fs.Lookup(name)
		if f == nil && (name == "h" || name == "help") {
			return nil, nil, flag.ErrHelp
		}
		if f == nil {
			flagName, _, _ := strings.Cut(a, "=")
			return nil, nil, fmt.Errorf("unknown flag %s%s", flagName, flagMeant(fs, name))
		}
		if _, many := f.Value.(*namesValue); seen[name] && !many {
			return nil, nil, fmt.Errorf("--%s is given more than once; give it once", name)
		}
		seen[name] = true
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if !hasValue && i+1 == len(args) {
			want, _ := flag.UnquoteUsage(f)
			return nil, nil, fmt.Errorf("--%s needs a value: give %s", name, want)
		}
		if !hasValue {
			i++
			value, hasValue = args[i], true
		}
		if hasValue && value == "" {
			want, _ := flag.UnquoteUsage(f)
			if requiredFlags[name] {
				return nil, nil, fmt.Errorf("--%s is empty (an unset variable?): give %s", name, want)
			}
			return nil, nil, fmt.Errorf("--%s is empty (an unset variable?): give %s, or leave the flag out", name, want)
		}
		if strings.HasPrefix(value, "--") || strings.HasPrefix(value, "-") && fs.Lookup(strings.TrimLeft(value, "-")) != nil {
			return nil, nil, fmt.Errorf("--%s needs a value, not the flag %s", name, value) // -strict is --strict too
		}
		if msg := tildeUnexpanded(f, a, value); msg != "" {
			return nil, nil, errors.New(msg)
		}
	}
	return args, nil, nil
}

// tildeUnexpanded is the usage error of a path flag whose value starts
// with a ~ the shell left as it is, given as --name=~/x (arg, the word as
// typed) or quoted, "~/x", when no file or folder of that literal name
// exists: a shell expands ~ at the start of a word, unquoted, not after
// "=", so "gen --out=~/gen --write" made a folder named ~ in the working
// directory, and --repo=~/x read "/cwd/~/x". "" otherwise.
func tildeUnexpanded(f *flag.Flag, arg, value string) string {
	placeholder, _ := flag.UnquoteUsage(f)
	if placeholder != "DIR" && placeholder != "FILE" {
		return ""
	}
	head, rest, _ := strings.Cut(value, "/")
	if !strings.HasPrefix(head, "~") {
		return ""
	}
	if _, err := os.Lstat(head); err == nil {
		return "" // a folder named so, meant
	}
	or := ""
	if head == "~" { // ~user has no variable to stand for it
		or = fmt.Sprintf(", or --%s \"%s\"", f.Name, path.Join("$HOME", rest))
	}
	if strings.Contains(arg, "=") {
		return fmt.Sprintf("invalid value %q for --%s: the shell leaves ~ after = as it is, and there is no %s here; write --%s %s (a space, not =)%s",
			value, f.Name, head, f.Name, value, or)
	}
	return fmt.Sprintf("invalid value %q for --%s: the shell leaves ~ in quotes as it is, and there is no %s here; write --%s %s (~ unquoted)%s",
		value, f.Name, head, f.Name, value, or)
}

// flagGiven reports whether the flag name was given on the command line, so
// that an explicitly empty value can be told from an absent one.
func flagGiven(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// newFlags returns a flag set that reports errors to stderr without exiting,
// and whose --help prints the verb's synopsis before its flags.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("capreg "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printVerbUsage(fs.Output(), fs, name) }
	return fs
}

// badValue is the usage error of a flag's value that parses but is none
// the verb (as "capreg render") takes, worded as parseArgs words a value
// the flag package refuses ("invalid value "x" for --limit: want a whole
// number, such as 5; see capreg tools search --help"): one style for
// every flag value.
func badValue(stderr io.Writer, verb, name, value, want string) int {
	return usageError(stderr, "%s", badValueText(verb, name, value, want))
}

// badValueText is badValue's message, for a caller that reports it
// otherwise (serve, in its JSON log).
func badValueText(verb, name, value, want string) string {
	return fmt.Sprintf("invalid value %q for --%s: %s; see %s --help", value, name, want, verb)
}

// badChoice is badValue for a flag taking one of choices: it names them,
// and the one value is a slip of ("destructiv", "JSON", "sarfi") or
// abbreviates ("md" for markdown), as the API names the value a parameter
// probably meant.
func badChoice(stderr io.Writer, verb, name, value string, choices []string) int {
	return usageError(stderr, "%s", badChoiceText(verb, name, value, choices))
}

// badChoiceText is badChoice's message, for a caller that reports it
// otherwise (serve's --log-format and --log-level, in its JSON log).
func badChoiceText(verb, name, value string, choices []string) string {
	want := "want " + validate.OrList(choices)
	if meant := cmp.Or(validate.NearestID(value, choices), validate.Abbreviated(value, choices)); meant != "" {
		want += fmt.Sprintf(" (did you mean %q?)", meant)
	}
	return badValueText(verb, name, value, want)
}

// usageError prints a usage problem and returns exit code 2.
func usageError(stderr io.Writer, format string, args ...any) int {
	sayf(stderr, "capreg: "+format, args...)
	return exitUsage
}

// sayf writes one line of a message on stderr with what it quotes of the
// user's input or of the disk (an operand, a flag's name, a path, an
// error naming one) escaped as findings are (validate.EscapeControl): a
// CI job passes branch and file names as arguments, and an ESC, a C1
// control or a right-to-left override in one drove the terminal or the
// log viewer reading it.
func sayf(w io.Writer, format string, args ...any) {
	fmt.Fprintln(w, validate.EscapeControl(fmt.Sprintf(format, args...)))
}

// flagExit maps a flag parse error to an exit code: -h is success.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

// writeHelp writes help asked for; help not written is no success.
func writeHelp(stdout, stderr io.Writer, help string) int {
	if _, err := io.WriteString(stdout, help); err != nil {
		sayf(stderr, "capreg: cannot write the help: %v", err)
		return exitUsage
	}
	return exitOK
}

// errHelpNotWritten is parseArgs' error for help asked for that could not
// be written (writeHelp said why): no success, unlike flag.ErrHelp.
var errHelpNotWritten = errors.New("help not written")

// writeOutput writes a verb's whole output, and makes a failed write (a
// full disk) an I/O failure, exit 2, rather than a success with nothing
// written.
func writeOutput(stdout, stderr io.Writer, data []byte) int {
	if _, err := stdout.Write(data); err != nil {
		sayf(stderr, "capreg: cannot write the results: %v", err)
		return exitUsage
	}
	return exitOK
}

// durationValue is a time.Duration flag of lo to hi whose error says what
// a duration looks like, and the range, echoing the value as typed: the
// flag package's says only "parse error", which left --debounce 500, meant
// as milliseconds, without a hint that it needs its unit, and a check
// after parsing echoed Go's form of it ("100h0m0s" for --debounce 100h).
type durationValue struct {
	d      *time.Duration
	lo, hi time.Duration
	// off, when not "", is what 0 means for a flag whose lo is above 0
	// (--poll 0: no polling), which is then taken too.
	off string
	// short and long say why a duration under lo, or over hi, is refused.
	short, long string
}

func (v *durationValue) String() string {
	if v.d == nil { // the zero value the flag package makes for its help
		return shortDuration(0)
	}
	return shortDuration(*v.d)
}

func (v *durationValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("want a duration with its unit, such as 100ms, 5s or 1m")
	}
	want := fmt.Sprintf("want a duration from %s to %s", shortDuration(v.lo), shortDuration(v.hi))
	if v.off != "" {
		want += ", or 0 " + v.off
	}
	switch {
	case d < 0:
		return fmt.Errorf("%s (it must not be negative)", want)
	case d == 0 && v.off != "":
	case d < v.lo:
		return fmt.Errorf("%s (%s)", want, v.short)
	case d > v.hi:
		return fmt.Errorf("%s (%s)", want, v.long)
	}
	*v.d = d
	return nil
}

// shortDuration is d as a person writes it, without the zero units Go's
// form ends in: 1m for 1m0s, 1h30m for 1h30m0s, 0 for 0s.
func shortDuration(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// countValue is an int flag of lo to hi whose error says what it wants, as
// durationValue's does: the flag package's says only "parse error" to
// --limit abc, and a number past int's range (--limit
// 99999999999999999999), which a check after parsing could not see, is
// out of lo to hi as 101 is.
type countValue struct {
	n      *int
	lo, hi int
}

func (c *countValue) String() string {
	if c.n == nil { // the zero value the flag package makes for its help
		return "0"
	}
	return strconv.Itoa(*c.n)
}

func (c *countValue) Set(s string) error {
	v, err := strconv.Atoi(s)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return errors.New("want a whole number, such as 5")
	}
	if err != nil || v < c.lo || v > c.hi {
		return fmt.Errorf("want a whole number from %d to %d", c.lo, c.hi)
	}
	*c.n = v
	return nil
}

// byteCount is an int64 flag of bytes whose error says what it wants, as
// countValue's does: the flag package's said only "parse error" to
// --max-input-bytes 32MiB.
type byteCount int64

func (n *byteCount) String() string { return strconv.FormatInt(int64(*n), 10) }

func (n *byteCount) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(s, "-"):
		v = 0 // below int64's range is "0 or less": no bound
	case errors.Is(err, strconv.ErrRange):
		// A whole number, which "want a whole number" denied.
		return fmt.Errorf("want at most %d bytes, such as 33554432 for 32 MiB (0 or less: no bound)", int64(math.MaxInt64))
	case err != nil:
		return errors.New("want a whole number of bytes, such as 33554432 for 32 MiB (0 or less: no bound)")
	}
	*n = byteCount(v)
	return nil
}

// namesValue is a flag given once per name, or with names joined by
// commas: --allowed-host a --allowed-host b,c.
type namesValue []string

func (n *namesValue) String() string { return strings.Join(*n, ",") }

func (n *namesValue) Set(s string) error {
	for name := range strings.SplitSeq(s, ",") {
		if name = strings.TrimSpace(name); name == "" || strings.ContainsFunc(name, unicode.IsSpace) || strings.ContainsFunc(name, unicode.IsControl) {
			return fmt.Errorf("want host names, such as capreg.internal, joined with commas (got %q)", name)
		}
		if host, ok := hostOfURL(name); ok {
			// "https://capreg.internal" was read as host "https" (port
			// "//capreg.internal"): a name no request gives, so every
			// request naming the host meant was refused.
			return fmt.Errorf("want host names, not URLs (got %q)%s", name, didYouMean(host))
		}
		*n = append(*n, name)
	}
	return nil
}

// hostOfURL is the host name a URL or a host with a path names
// ("https://capreg.internal/", "capreg.internal/tools"), and whether name
// is one: a Host header never holds a scheme, a path, a query or
// credentials. The host is "" when none can be read from it.
func hostOfURL(name string) (string, bool) {
	if !strings.ContainsAny(name, "/?#@") {
		return "", false
	}
	if !strings.Contains(name, "://") {
		name = "//" + name
	}
	u, err := url.Parse(name)
	if err != nil {
		return "", true
	}
	return u.Hostname(), true
}

// isTerminal reports whether w is a terminal, where text capreg prints
// from a repository (a committed artifact in a diff, rendered markdown)
// has its escape sequences shown rather than obeyed: piped, the bytes go
// on as they are, for patch or an agent.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && isTTY(f)
}

// terminalText escapes what a terminal would act on in s (control and
// bidirectional formatting characters, validate.Escaped) but the new lines,
// their carriage returns (a CRLF checkout's fragment) and the tabs that
// lay it out. Bytes that are not UTF-8 are escaped as EscapeControl
// escapes them, with or without a control character beside them.
func terminalText(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && r != '\t' && validate.Escaped(r) }) {
		return s // a \r among them takes the loop, which keeps only those before a \n
	}
	var b strings.Builder
	for line := range strings.SplitAfterSeq(s, "\n") {
		body := strings.TrimSuffix(line, "\n")
		if len(body) < len(line) {
			body = strings.TrimSuffix(body, "\r") // a CRLF line end, kept as it is
		}
		for field := range strings.SplitAfterSeq(body, "\t") {
			text := strings.TrimSuffix(field, "\t")
			b.WriteString(validate.EscapeControl(text))
			b.WriteString(field[len(text):])
		}
		b.WriteString(line[len(body):])
	}
	return b.String()
}
