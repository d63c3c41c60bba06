package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// runRender is loop.render-hooks on the command line: the active hooks at a
// point for a config and enablement, as the JSON envelope or the markdown.
func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("render", stderr)
	var rf repoFlags
	rf.register(fs)
	configFile := fs.String("config", "", "project config `FILE` (JSON); absent keys take their slice defaults")
	enableFile := fs.String("enablement", "", "enablement `FILE`: {profile, disabledCapabilities, surface}")
	profile := fs.String("profile", "", "install profile: core|standard|full (overrides the enablement file's)")
	format := fs.String("format", "json", "output: json (the envelope) or markdown")
	activeCap := fs.String("active-cap", "", "print only true or false: whether capability `ID` has an active hook here")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) != 1 {
		return usageError(stderr, "render needs exactly one POINT (e.g. plan:pre)")
	}
	if *format != "json" && *format != "markdown" {
		return usageError(stderr, "unknown --format %q (want json or markdown)", *format)
	}
	askActive := flagSet(fs, "active-cap")
	if askActive && *activeCap == "" {
		return usageError(stderr, "--active-cap needs a capability ID")
	}
	req := render.Request{Point: pos[0]}
	if *configFile != "" {
		v, code := readJSONFile(*configFile, stderr)
		if code != exitOK {
			return code
		}
		if v.Kind != ojson.Object {
			return usageError(stderr, "--config %s must hold a JSON object", *configFile)
		}
		req.Config = v
	}
	if *enableFile != "" {
		v, code := readJSONFile(*enableFile, stderr)
		if code != exitOK {
			return code
		}
		if req.Enablement, err = render.EnablementFromJSON(&v); err != nil {
			return usageError(stderr, "--enablement %s: %v", *enableFile, err)
		}
	}
	if *profile != "" {
		req.Enablement.Profile = *profile
	}
	snap, code := rf.loadValid(ctx, stderr)
	if snap == nil {
		return code
	}
	env, err := render.Resolve(snap.Registry, req)
	if errors.Is(err, render.ErrUnknownPoint) {
		fmt.Fprintf(stderr, "capreg: %v\n", err)
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "capreg: %v\n", err)
		return exitFindings
	}
	switch {
	case askActive:
		fmt.Fprintln(stdout, env.Active(*activeCap))
	case *format == "markdown":
		for _, w := range env.Warnings {
			fmt.Fprintf(stderr, "capreg: warning: %s\n", w)
		}
		fmt.Fprintln(stdout, env.Rendered)
	default:
		stdout.Write(append(env.JSON(), '\n'))
	}
	return exitOK
}

// readJSONFile reads a JSON document in order-keeping form.
func readJSONFile(path string, stderr io.Writer) (ojson.Value, int) {
	data, err := readBounded(path)
	if err != nil {
		fmt.Fprintf(stderr, "capreg: %v\n", err)
		return ojson.Value{}, exitUsage
	}
	v, errs := ojson.Parse(data)
	for _, e := range errs {
		line, col := ojson.Position(data, e.Off)
		fmt.Fprintf(stderr, "capreg: %s:%d:%d: %s\n", path, line, col, e.Msg)
		return ojson.Value{}, exitUsage
	}
	return v, exitOK
}

// readBounded reads a file of at most validate.MaxFileSize bytes, the limit
// repository files have, so that --config /dev/zero fails instead of
// growing without end. Pipes are read (--config <(jq ...) is a FIFO).
func readBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := validate.ReadLimited(f)
	if errors.Is(err, validate.ErrTooLarge) {
		return nil, fmt.Errorf("%s: %w", path, err) // a read error names the path itself
	}
	return data, err
}
