package store

import (
	"net/url"
	"path/filepath"
	"strings"

	"github.com/capreg/capreg/validate"
)

// CheckoutOf is the checkout repo lies in, for the formats GitHub reads
// (sarif, github): their paths are resolved from the checkout's root, not
// from the repository, so that "--repo packages/gsd" annotated bin/x.json,
// a file the pull request does not have. The root is the innermost of the
// top of the git work tree (a .git entry, folder or file, found walking
// up; git itself is not run) and workspace (GITHUB_WORKSPACE, "" for
// none), where it holds the repository: the workspace without a .git when
// actions/checkout downloaded the tree, the work tree when the checkout is
// a folder of the workspace (path:), or when a .git above the workspace is
// some other repository. Neither found, the repository is the root, and
// paths stay as they are.
func CheckoutOf(repo, workspace string) validate.Checkout {
	abs, err := filepath.Abs(repo)
	if err != nil {
		return validate.Checkout{}
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real // reached through a link (macOS's /tmp): its .git is above the real folder
	}
	root := WorkTreeTop(abs)
	if ws := workspace; ws != "" && filepath.IsAbs(ws) {
		if real, err := filepath.EvalSymlinks(ws); err == nil {
			ws = real
		}
		ws = filepath.Clean(ws)
		if isOrUnder(ws, abs) && (root == "" || isOrUnder(root, ws)) {
			root = ws
		}
	}
	if root == "" {
		root = abs
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		rel = "."
	}
	c := validate.Checkout{URI: fileURI(root)}
	if rel != "." {
		c.Prefix = filepath.ToSlash(rel)
	}
	return c
}

// isOrUnder reports whether the absolute, clean path p is dir or lies in
// it, as filepath.Rel compares them.
func isOrUnder(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// fileURI is the file URI of the absolute folder dir, ending in "/", as
// SARIF wants a base URI.
func fileURI(dir string) string {
	p := filepath.ToSlash(dir)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x is file:///C:/x
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
