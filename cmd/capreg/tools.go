package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate/ojson"
)

// runTools is `capreg tools search INTENT` and `capreg tools show ID`.
func runTools(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "search" && args[0] != "show") {
		return usageError(stderr, "tools needs a subcommand: search INTENT [--limit N] [--json] | show ID [--probe]")
	}
	sub := args[0]
	fs := newFlags("tools "+sub, stderr)
	var rf repoFlags
	rf.register(fs)
	limit := fs.Int("limit", 10, "at most `N` results (search)")
	asJSON := fs.Bool("json", false, "print JSON (search)")
	risk := fs.String("risk", "", "only reversible or destructive tools (search)")
	probe := fs.Bool("probe", false, "after the card, run its help_probe here, in the repository (show)")
	pos, err := parseArgs(fs, args[1:])
	if err != nil {
		return flagExit(err)
	}
	if len(pos) != 1 {
		return usageError(stderr, "tools %s needs exactly one argument (quote a multi-word intent)", sub)
	}
	if *limit < 1 || *limit > 100 {
		return usageError(stderr, "--limit must be from 1 to 100")
	}
	if *risk != "" && *risk != "reversible" && *risk != "destructive" {
		return usageError(stderr, "--risk must be reversible or destructive")
	}
	snap, code := rf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	if sub == "search" {
		return toolsSearch(snap, pos[0], *limit, *risk, *asJSON, stdout)
	}
	return toolsShow(ctx, snap, rf.repo, pos[0], *probe, stdout, stderr)
}

func toolsSearch(snap *store.Snapshot, intent string, limit int, risk string, asJSON bool, stdout io.Writer) int {
	hits := snap.SearchTools(search.Query{Intent: intent, Limit: limit, Risk: risk})
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		enc.Encode(map[string]any{"intent": intent, "results": hits})
		return exitOK
	}
	if len(hits) == 0 {
		fmt.Fprintf(stdout, "no tool matches %q\n", intent)
		return exitOK
	}
	for i, h := range hits {
		fmt.Fprintf(stdout, "%2d. %s  (%.3f, %s)\n    %s\n    $ %s\n", i+1, h.ID, h.Score, h.Risk, h.Summary, h.Command)
		if len(h.Matched) > 0 {
			fmt.Fprintf(stdout, "    matched: %s\n", strings.Join(h.Matched, " | "))
		}
	}
	return exitOK
}

func toolsShow(ctx context.Context, snap *store.Snapshot, repo, id string, probe bool, stdout, stderr io.Writer) int {
	for _, c := range snap.Result.Cards {
		if c.ID != id {
			continue
		}
		v := store.ToolJSON(c)
		stdout.Write(append(ojson.Encode(&v, "  "), '\n'))
		if !probe {
			return exitOK
		}
		if c.HelpProbe == "" {
			fmt.Fprintf(stderr, "capreg: tool card %q has no help_probe\n", id)
			return exitFindings
		}
		return runProbe(ctx, repo, c.HelpProbe, stdout, stderr)
	}
	fmt.Fprintf(stderr, "capreg: no tool card %q\n", id)
	return exitFindings
}

// runProbe runs a card's help_probe with the shell, in the repository, on
// this machine (the server never runs probes), for at most 30 seconds.
func runProbe(ctx context.Context, repo, probe string, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	fmt.Fprintf(stdout, "\n$ %s\n", probe)
	cmd := exec.CommandContext(ctx, "sh", "-c", probe)
	cmd.Dir, cmd.Stdout, cmd.Stderr, cmd.Stdin = repo, stdout, stderr, nil
	cmd.Env = os.Environ()
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit):
		fmt.Fprintf(stderr, "capreg: help_probe exited with %d\n", exit.ExitCode())
		return exitFindings
	}
	fmt.Fprintf(stderr, "capreg: help_probe: %v\n", err)
	return exitUsage
}
