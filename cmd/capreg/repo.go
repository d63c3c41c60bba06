package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// repoFlags are the flags of every verb that reads a repository.
type repoFlags struct {
	repo, configSchema string
	strict             bool
	maxInputBytes      int64
	// refused says, after loadValid's count of errors, what the verb
	// did not do for them ("render answers from a valid repository
	// only"): "repository has 1 error" alone left a user of render or
	// gen --write to guess whether anything was printed or written.
	refused string
}

func (rf *repoFlags) register(fs *flag.FlagSet) {
	rf.refused = strings.TrimPrefix(fs.Name(), "capreg ") + " answers from a valid repository only"
	fs.StringVar(&rf.repo, "repo", ".", "repository `DIR`")
	fs.StringVar(&rf.configSchema, "config-schema", "", "central config schema `FILE` (repo-relative, or absolute inside the repository; default: capreg.json's configSchema, else the only config-schema.manifest.json found)")
	fs.BoolVar(&rf.strict, "strict", false, "treat warnings as errors")
	rf.maxInputBytes = store.DefaultMaxInputBytes
	fs.Var((*byteCount)(&rf.maxInputBytes), "max-input-bytes", "stop reading, and fail the build with input-too-large, once the input files read come to more than `N` bytes (memory grows about 20 bytes per byte of tool cards; 0 or less: no bound)")
}

func (rf *repoFlags) options() store.Options {
	return store.Options{ScanOptions: store.ScanOptions{Repo: rf.repo, ConfigSchema: rf.configSchema, ConfigSchemaSetting: validate.SchemaFromFlag, MaxInputBytes: rf.maxInput()}, Strict: rf.strict}
}

// maxInput is --max-input-bytes as ScanOptions.MaxInputBytes, where 0
// means the default: 0 or less on the command line is no bound.
func (rf *repoFlags) maxInput() int64 {
	if rf.maxInputBytes <= 0 {
		return -1
	}
	return rf.maxInputBytes
}

// load builds a snapshot; on an I/O failure it prints it and returns exit 2.
func (rf *repoFlags) load(ctx context.Context, stderr io.Writer) (*store.Snapshot, int) {
	raiseGCTarget()
	if rf.configSchema != "" {
		p := rf.configSchema
		if !filepath.IsAbs(p) {
			p = filepath.Join(rf.repo, p)
		}
		if _, err := os.Stat(p); err != nil {
			sayf(stderr, "capreg: --config-schema: %v%s", err, relativeSchemaHint(rf.configSchema, rf.repo)) // an I/O failure, not a finding
			return nil, exitUsage
		}
	}
	snap, err := store.Load(ctx, rf.options())
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "capreg: interrupted; stopped") // not an I/O failure
		return nil, exitInterrupted
	}
	if err != nil {
		sayf(stderr, "capreg: %v%s", err, repoHint(err))
		return nil, exitUsage
	}
	return snap, exitOK
}

// repoHint is what to do about a --repo that names no folder (a file, a
// path through one, or nothing), as serve says it: the error alone ("not a
// directory") named neither the flag nor the remedy.
func repoHint(err error) string {
	if errors.Is(err, store.ErrRepo) && (errors.Is(err, store.ErrRepoNotFolder) || errors.Is(err, syscall.ENOTDIR)) {
		return "; give --repo the repository's folder"
	}
	if errors.Is(err, store.ErrRepo) && errors.Is(err, fs.ErrNotExist) {
		// "no such file or directory" alone said what is wrong, not
		// what to give instead.
		return "; give --repo the repository's folder (default: the working directory)"
	}
	return ""
}

// relativeSchemaHint says that a relative --config-schema is read from
// the repository, when it is, and how to name the file meant when the path
// names one from the current folder ("--repo r --config-schema
// r/schema.json" read r/r/schema.json).
func relativeSchemaHint(schema, repo string) string {
	if filepath.IsAbs(schema) {
		return ""
	}
	hint := fmt.Sprintf(" (a relative --config-schema is read from the repository, %s", repo)
	if fi, err := os.Stat(schema); err == nil && !fi.IsDir() {
		abs, _ := filepath.Abs(schema)
		absRepo, _ := filepath.Abs(repo)
		if rel, err := filepath.Rel(absRepo, abs); err == nil && filepath.IsLocal(rel) {
			hint += fmt.Sprintf("; the file %s is here: give --config-schema %s", schema, filepath.ToSlash(rel))
		} else {
			hint += fmt.Sprintf("; the file %s is outside it, where a config schema is not read", schema)
		}
	}
	return hint + ")"
}

// loadValid builds a snapshot that must pass the gate; otherwise it prints the
// findings and returns exit 1.
func (rf *repoFlags) loadValid(ctx context.Context, stderr io.Writer) (*store.Snapshot, int) {
	snap, code := rf.load(ctx, stderr)
	if snap == nil {
		return nil, code
	}
	if !snap.OK() {
		validate.WriteDiagnostics(stderr, "text", snap.Diagnostics)
		n, _ := snap.Diagnostics.Count()
		refused := ""
		if rf.refused != "" {
			refused = "; " + rf.refused
		}
		sayf(stderr, "capreg: repository has %s%s", validate.Plural(n, "error"), refused)
		return nil, exitFindings
	}
	// Run from the wrong folder, render answered no hooks and tools no
	// card, in silence.
	noteWhatWasRead(stderr, rf.repo, "read", snap, true)
	return snap, exitOK
}
