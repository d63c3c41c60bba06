package main

import (
	"context"
	"fmt"
	"io"

	"github.com/capreg/capreg/store"
)

// runGen writes the generated artifacts, or checks the committed ones for
// drift (the lint:generated-sync gate).
func runGen(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("gen", stderr)
	var rf repoFlags
	rf.register(fs)
	out := fs.String("out", "", "artifact `DIR` (required)")
	write := fs.Bool("write", false, "write the artifacts")
	check := fs.Bool("check", false, "compare the committed artifacts and print a unified diff on drift")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, "gen takes no arguments (got %q)", pos)
	case *out == "":
		return usageError(stderr, "gen needs --out DIR")
	case *write == *check:
		return usageError(stderr, "gen needs exactly one of --write or --check")
	}
	snap, code := rf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	if *write {
		files, err := store.WriteArtifacts(*out, snap)
		for _, f := range files {
			fmt.Fprintf(stdout, "Wrote %s\n", f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "capreg: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	drifts, err := store.CheckArtifacts(*out, snap)
	if err != nil {
		fmt.Fprintf(stderr, "capreg: %v\n", err)
		return exitUsage
	}
	for _, d := range drifts {
		if d.Missing {
			fmt.Fprintf(stderr, "capreg: %s is missing; run capreg gen --write --out %s\n", d.File, *out)
			continue
		}
		fmt.Fprint(stdout, d.Diff)
		fmt.Fprintf(stderr, "capreg: %s is stale; run capreg gen --write --out %s\n", d.File, *out)
	}
	if len(drifts) > 0 {
		return exitFindings
	}
	fmt.Fprintf(stdout, "capreg: %d artifacts in %s are up to date\n", len(store.ArtifactNames), *out)
	return exitOK
}
