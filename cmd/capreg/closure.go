package main

import (
	"context"
	"fmt"
	"io"

	"github.com/capreg/capreg/store"
)

// runClosure prints the requires-closure of a capability, one id per line, in
// breadth-first order (the capability itself excluded).
func runClosure(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("closure", stderr)
	var rf repoFlags
	rf.register(fs)
	id, code, ok := parseOneOperand(fs, "capability ID", args, stdout, stderr)
	if !ok {
		return code
	}
	snap, code := rf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	if snap.Registry.ByID[id] == nil {
		sayf(stderr, "capreg: no capability %q%s", id, orWhereListed(snap.MeantCapability(id), capabilitiesListedIn(snap)))
		return exitFindings
	}
	if len(snap.Registry.Closure[id]) == 0 {
		// Said on stderr, stdout staying empty for a script: no output at
		// all left a person to wonder whether the id was read.
		sayf(stderr, "capreg: %s requires no other capability; its closure is empty", id)
	}
	var out []byte
	for _, dep := range snap.Registry.Closure[id] {
		out = fmt.Appendln(out, dep)
	}
	return writeOutput(stdout, stderr, out)
}

// capabilitiesListedIn says where a capability's id can be read, or that
// the repository holds none, which that list would show empty.
func capabilitiesListedIn(snap *store.Snapshot) string {
	if len(snap.Registry.Capabilities) == 0 {
		return "the repository holds none"
	}
	return "capreg state --format text lists the capabilities"
}

// orWhereListed is the hint after an unknown id: the id a slip meant, as
// didYouMean words it, or, with none, where the ids are listed: "no
// capability \"nope\"" alone left the user to find them in the tree.
func orWhereListed(meant, listed string) string {
	if meant != "" {
		return didYouMean(meant)
	}
	return "; " + listed
}
