package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestPackagesOnlyNamesTheFirstFive: a root of packages only names the
// first maxUnreadNotes of them and counts the rest ("2 more"), as the
// other notes do; five are all named, with no count.
func TestPackagesOnlyNamesTheFirstFive(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{maxUnreadNotes, "products/p0, products/p1, products/p2, products/p3, products/p4; check each"},
		{maxUnreadNotes + 2, "products/p0, products/p1, products/p2, products/p3, products/p4, 2 more; check each"},
	} {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			repo := t.TempDir()
			var listed []string
			for i := range c.n {
				dir := fmt.Sprintf("products/p%d", i)
				listed = append(listed, `"`+dir+`"`)
				if err := os.MkdirAll(filepath.Join(repo, dir), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(repo, dir, "capreg.json"), []byte("{}"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			config := `{"packages": [` + strings.Join(listed, ", ") + `]}`
			if err := os.WriteFile(filepath.Join(repo, "capreg.json"), []byte(config), 0o644); err != nil {
				t.Fatal(err)
			}
			snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			if err != nil {
				t.Fatal(err)
			}
			got := packagesOnly("mono", "check", snap)
			if want := "mono holds only packages, folders with a capreg.json of their own, which are not read here: " + c.want + " with capreg check --repo mono/<package>"; got != want {
				t.Errorf("packagesOnly = %q\nwant %q", got, want)
			}
		})
	}
}

// TestProbeCommandQuotesAFolderWithASpace: the path a probe's tool is run
// by is quoted where its folder holds a space ("my tools/test"), which
// TestProbeCommand's temporary folder never does; and commandLine quotes
// each argument after its words. Both kill mutants that left them bare
// (mutation review cr97).
func TestProbeCommandQuotesAFolderWithASpace(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my tools")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tool := filepath.Join(dir, "test")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, want := probeCommand("test --help", tool), "'"+filepath.ToSlash(tool)+"' --help"; got != want {
		t.Errorf("probeCommand = %q, want %q", got, want)
	}
	if got, want := commandLine([]string{"capreg", "tools"}, []string{"my tool", "x"}), "capreg tools 'my tool' x"; got != want {
		t.Errorf("commandLine = %q, want %q", got, want)
	}
}
