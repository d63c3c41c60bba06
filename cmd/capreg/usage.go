package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/capreg/capreg/validate"
)

// verb is one line of the synopsis. The top-level usage, each verb's --help
// and the CLI block of README.md are printed from the flag sets the verbs
// parse with (a test holds README to it), so a flag added to a verb cannot
// be missing from any of them.
type verb struct {
	name  string    // "check", or "tools search" for a subcommand
	args  string    // what comes before the optional flags: positionals and required flags
	flags registrar // the verb's flags, registered as the verb registers them
	about string    // what the verb does, and what its operand is, for its --help
}

// registrar registers a verb's flags on a flag set.
type registrar interface{ register(*flag.FlagSet) }

// verbs lists every verb in the order the usage shows them.
func verbs() []verb {
	return []verb{
		{"check", "", &checkFlags{}, "Validates the repository and prints every finding, one per line " +
			"(file:line:column: severity [rule] pointer: message), then a summary on stderr; " +
			"exits 1 on an error (on a warning too under --strict)."},
		{"gen", "--out DIR (--write | --check)", &genFlags{}, "Writes the generated artifacts (capability-registry.json, " +
			"loop-host-contract.json, tool-index.json) into --out DIR, or, with --check, compares " +
			"the committed ones with them and prints a unified diff of each stale one (exit 1)."},
		{"serve", "", &serveFlags{}, "Serves the registry over HTTP (GET /openapi.yaml lists the paths), " +
			"rebuilding it as the repository changes; while the repository has errors, the last " +
			"good registry stays served. SIGHUP reloads; Ctrl-C or SIGTERM drains and stops."},
		{"render", "POINT", &renderFlags{}, "Prints the hooks active at the loop POINT for a project config " +
			"and an enablement (loop.render-hooks), as the JSON envelope or the markdown. POINT is one of " +
			strings.Join(validate.Points, ", ") + "."},
		{"state", "[ID]", &stateFlags{}, "Prints each capability's state for a project config and an " +
			"enablement (installed, surfaced, enabled, active, what turns it off, its hooks), " +
			"or the state of the one capability ID."},
		{"tools search", "INTENT", &searchFlags{}, "Ranks the tool cards for INTENT, what you need to do " +
			"in your words, given as one argument: capreg tools search 'push my branch'."},
		{"tools match", "COMMAND", &matchFlags{}, "Names the tool cards whose replaces patterns match " +
			"COMMAND, a raw command line given as one argument: capreg tools match 'git push origin HEAD:main'."},
		{"tools show", "ID", &showFlags{}, "Prints the tool card ID as JSON; with --probe, then runs its " +
			"help_probe from the repository root, on this machine (a command line of the checkout: read it first)."},
		{"closure", "ID", &repoFlags{}, "Prints the capabilities that capability ID requires, directly or " +
			"not, one id per line, breadth first (ID itself left out)."},
	}
}

const usageHead = `capreg: a validated registry of capabilities, host workflows and tool cards

Usage:
`

// usageTail explains what the synopsis cannot: defaults and exit codes.
const usageTail = `
--repo is the repository (default: the working directory); --config-schema
names the central config schema (repo-relative, or absolute inside the
repository; without it, capreg.json's configSchema, else the only
config-schema.manifest.json the walk finds); --strict turns warnings into
errors. Flags may follow positional arguments. capreg VERB --help
describes each flag; capreg --version prints the build's version.

Exit codes: 0 success (warnings allowed); 1 findings: errors, drift for
gen --check, an unknown id or loop point, a probe that failed; 2 usage or
I/O failure; 130 interrupted (Ctrl-C or SIGTERM) while reading or
validating the repository, --config or
--enablement, or writing or comparing artifacts, or a probe interrupted;
141 output to a pipe that lost its reader (SIGPIPE, as any writer), or
a probe ended so.
serve exits 0 once drained, 1 when the drain ran out of time, 2 when it
cannot listen or its server fails.
`

// usage is the top-level usage text.
func usage() string {
	return usageHead + synopses("  ") + usageTail
}

// synopses is one line per verb, the verb names aligned, each listing the
// verb's own flags; a last line lists the flags every verb shares.
func synopses(indent string) string {
	width := 0
	for _, v := range verbs() {
		width = max(width, len(v.name))
	}
	var b strings.Builder
	for _, v := range verbs() {
		fmt.Fprintf(&b, "%s%s\n", indent, v.synopsis(width, false))
	}
	fmt.Fprintf(&b, "%severy verb also takes %s\n", indent, optionalFlags(&repoFlags{}, nil))
	return b.String()
}

// synopsisOf is the full synopsis of the named verb, shared flags included,
// as its --help prints it.
func synopsisOf(name string, withShared bool) string {
	if v, ok := verbNamed(name); ok {
		return v.synopsis(0, withShared)
	}
	return "capreg " + name
}

// verbNamed is the verb of the synopsis named name ("tools search"), and
// whether there is one.
func verbNamed(name string) (verb, bool) {
	for _, v := range verbs() {
		if v.name == name {
			return v, true
		}
	}
	return verb{}, false
}

// synopsis is "capreg NAME ARGS [--flag PLACEHOLDER]...": the optional flags
// in name order, leaving out those already written in args and, unless
// withShared, the repository flags every verb takes.
func (v verb) synopsis(width int, withShared bool) string {
	skip := map[string]bool{}
	for _, w := range strings.Fields(strings.NewReplacer("(", " ", ")", " ", "|", " ").Replace(v.args)) {
		if name, ok := strings.CutPrefix(w, "--"); ok {
			skip[name] = true
		}
	}
	if !withShared {
		for name := range flagNames(&repoFlags{}) {
			skip[name] = true
		}
	}
	words := []string{"capreg", fmt.Sprintf("%-*s", width, v.name)}
	if v.args != "" {
		words = append(words, v.args)
	}
	if opt := optionalFlags(v.flags, skip); opt != "" {
		words = append(words, opt)
	}
	return strings.TrimRight(strings.Join(words, " "), " ")
}

// optionalFlags is "[--name PLACEHOLDER]" for each flag r registers that is
// not in skip. The placeholder is the back-quoted word of the flag's usage
// (flag.UnquoteUsage), so the synopsis and --help name values alike.
func optionalFlags(r registrar, skip map[string]bool) string {
	var words []string
	eachFlag(r, func(f *flag.Flag) {
		if skip[f.Name] {
			return
		}
		if name, _ := flag.UnquoteUsage(f); name != "" {
			words = append(words, fmt.Sprintf("[--%s %s]", f.Name, name))
		} else {
			words = append(words, fmt.Sprintf("[--%s]", f.Name))
		}
	})
	return strings.Join(words, " ")
}

// flagNames is the set of the flags r registers.
func flagNames(r registrar) map[string]bool {
	names := map[string]bool{}
	eachFlag(r, func(f *flag.Flag) { names[f.Name] = true })
	return names
}

// eachFlag calls fn for each flag r registers, in name order.
func eachFlag(r registrar, fn func(*flag.Flag)) {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	r.register(fs)
	fs.VisitAll(fn)
}

// wrap breaks text into lines of at most width bytes, at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		switch {
		case i == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// printVerbUsage is a verb's --help: its synopsis, what it does, then
// each flag.
func printVerbUsage(w io.Writer, fs *flag.FlagSet, name string) {
	fmt.Fprintf(w, "Usage: %s\n\n", synopsisOf(name, true))
	if v, ok := verbNamed(name); ok && v.about != "" {
		// Without it, a --help listed flags only: what state or closure
		// prints, and which words render takes as POINT, were left to be
		// found by trying.
		fmt.Fprintf(w, "%s\n\n", wrap(v.about, 76))
	}
	fmt.Fprintf(w, "Flags:\n")
	// The flag package lists -limit; the synopsis and README write
	// --limit, which it reads as well.
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	io.WriteString(w, strings.ReplaceAll("\n"+b.String(), "\n  -", "\n  --")[1:])
}
