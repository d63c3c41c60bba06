package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the testscripts run the real binary entry point as "capreg".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"capreg": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar. $REPO is testdata/repo, $GOLDEN
// its committed artifacts, $GSD the gsd-core-shaped repository.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", filepath.Join(root, "repo"))
			env.Setenv("GOLDEN", filepath.Join(root, "golden", "repo"))
			env.Setenv("GSD", filepath.Join(root, "gsd-core"))
			return nil
		},
	})
}
