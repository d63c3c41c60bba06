package main

import "testing"

// TestPackagePlaceholderStartsWithTheRoot: the package a root of packages
// names to check is given from where capreg ran, its root as --repo gave
// it first (the packages' paths are from the root), quoted for a shell
// where it would split; run at the root, <package> alone.
func TestPackagePlaceholderStartsWithTheRoot(t *testing.T) {
	for repo, want := range map[string]string{
		".":       "<package>",
		"./":      "<package>",
		"mono":    "mono/<package>",
		"mono/":   "mono/<package>",
		"../mono": "../mono/<package>",
		"my mono": "'my mono'/<package>",
	} {
		if got := packagePlaceholder(repo); got != want {
			t.Errorf("packagePlaceholder(%q) = %q, want %q", repo, got, want)
		}
	}
}
