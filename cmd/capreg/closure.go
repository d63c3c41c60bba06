package main

import (
	"context"
	"fmt"
	"io"
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
		sayf(stderr, "capreg: no capability %q%s", id, didYouMean(snap.MeantCapability(id)))
		return exitFindings
	}
	var out []byte
	for _, dep := range snap.Registry.Closure[id] {
		out = fmt.Appendln(out, dep)
	}
	return writeOutput(stdout, stderr, out)
}
