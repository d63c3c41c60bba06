package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// runCheck is the CI gate: validate everything, print every finding.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", stderr)
	var rf repoFlags
	rf.register(fs)
	format := fs.String("format", "text", "output `FORMAT`: "+strings.Join(validate.Formats, "|"))
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) > 0 {
		return usageError(stderr, "check takes no arguments (got %q)", pos)
	}
	if !slices.Contains(validate.Formats, *format) {
		return usageError(stderr, "unknown --format %q (want %s)", *format, strings.Join(validate.Formats, ", "))
	}
	snap, code := rf.load(ctx, stderr)
	if snap == nil {
		return code
	}
	if err := validate.WriteDiagnostics(stdout, *format, snap.Diagnostics); err != nil {
		fmt.Fprintf(stderr, "capreg: %v\n", err)
		return exitUsage
	}
	errs, warns := snap.Diagnostics.Count()
	if *format == "text" {
		fmt.Fprintf(stderr, "capreg: %s, %s; %s\n", plural(errs, "error"), plural(warns, "warning"), summary(snap))
	}
	if errs > 0 {
		return exitFindings
	}
	return exitOK
}

func summary(snap *store.Snapshot) string {
	r := snap.Result
	return fmt.Sprintf("%s, %s, %s", plural(len(r.Capabilities), "valid capability"), plural(len(r.Contract.Entries), "host step"), plural(len(r.Cards), "tool card"))
}
