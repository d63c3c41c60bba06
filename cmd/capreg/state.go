package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/validate/ojson"
)

// stateFlags are the flags of capreg state: a render's inputs, and the
// output's form.
type stateFlags struct{ renderFlags }

func (sf *stateFlags) register(fs *flag.FlagSet) {
	sf.registerInputs(fs)
	fs.StringVar(&sf.format, "format", "json", "output: `json|text` (POST /capability-state's body, or a table)")
}

// runState is gsd-core's `capability state` on the command line: every
// capability's state for a config and enablement, the one a render uses,
// or with an ID one capability's.
func runState(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("state", stderr)
	var f stateFlags
	f.register(fs)
	pos, err := parseArgs(fs, args, stdout)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) > 1 {
		return usageError(stderr, "state takes at most one capability ID (got %q); the config and enablement are files: --config, --enablement; see capreg state --help", pos)
	}
	if len(pos) == 1 && pos[0] == "" {
		return usageError(stderr, "%s", emptyOperand("capability ID"))
	}
	if f.format != "json" && f.format != "text" {
		return badChoice(stderr, fs.Name(), "format", f.format, []string{"json", "text"})
	}
	req, code := f.request(ctx, "", stderr)
	if code != exitOK {
		return code
	}
	snap, code := f.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	if len(pos) == 0 {
		noteNoCapabilities(snap, stderr) // with an ID, its line says so
	}
	st, err := render.NewResolver(snap.Registry).States(req)
	if err != nil {
		sayf(stderr, "capreg: %v", err)
		return exitFindings
	}
	if len(pos) == 1 && !st.Only(pos[0]) {
		// As closure and GET /capability-state?id= say it.
		sayf(stderr, "capreg: no capability %q%s", pos[0], orWhereListed(snap.MeantCapability(pos[0]), capabilitiesListedIn(snap)))
		return exitFindings
	}
	placed := f.placeConfigWarnings(st.Warnings, st.ConfigPointers, st.ConfigAtValue, &req.Config)
	if f.strictFailure(stderr, placed, st.Unlisted) {
		return exitFindings
	}
	if f.format == "json" {
		warnProfiles(stderr, st.ProfileWarnings)
		out, err := ojson.Marshal(st) // byte for byte POST /capability-state's body
		if err != nil {
			sayf(stderr, "capreg: %v", err)
			return exitUsage
		}
		if isTerminal(stdout) {
			out = escapeTerminalJSON(out)
		}
		return writeOutput(stdout, stderr, out)
	}
	for _, w := range placed {
		sayf(stderr, "capreg: warning: %s", w) // a config value's C1 controls shown, not obeyed
	}
	return writeOutput(stdout, stderr, stateTable(st))
}

// stateTable is the states as a table, one capability a line: its
// flags, its hooks active of all, and what turns it off.
func stateTable(st *render.States) []byte {
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tINSTALLED\tSURFACED\tENABLED\tACTIVE\tHOOKS\tOFF")
	yes := map[bool]string{true: "yes", false: "no"}
	for _, c := range st.Capabilities {
		active := 0
		for _, h := range c.Hooks {
			if h.Active {
				active++
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d/%d\t%s\n", c.ID, yes[c.Installed], yes[c.Surfaced], yes[c.Enabled], yes[c.Active],
			active, len(c.Hooks), strings.Join(c.Off, ", "))
	}
	tw.Flush()
	// The padding of the HOOKS column ends the row of an active
	// capability, whose OFF is empty: trailing blanks a diff of the
	// table, or an editor, shows.
	return trailingBlanks.ReplaceAll(b.Bytes(), nil)
}

// trailingBlanks are the blanks that end a line of a table.
var trailingBlanks = regexp.MustCompile(`(?m) +$`)
