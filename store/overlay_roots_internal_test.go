package store

import (
	"errors"
	"io/fs"
	"syscall"
	"testing"

	"github.com/capreg/capreg/validate"
)

// missingRootOf reads the root back from the scanner's own wording, any
// root name included, and from nothing else.
func TestMissingRootOf(t *testing.T) {
	tests := []struct {
		name string
		d    validate.Diagnostic
		want string // "" when it is no such finding
	}{
		{"missing", rootDiagnostic(missingRootMessage("flows", &fs.PathError{Op: "lstat", Path: "flows", Err: syscall.ENOENT})), "flows"},
		{"missing, with a hint", rootDiagnostic(missingRootPrefix("flows") + ` (did you mean "flow"?)`), "flows"},
		{"missing, with an error", rootDiagnostic(missingRootMessage("flows", syscall.ENOTDIR)), "flows"},
		{"a file", rootDiagnostic(notFolderMessage("bin")), "bin"},
		{"quotes and escapes", rootDiagnostic(missingRootPrefix("a \"b\"\\c\té") + "x"), "a \"b\"\\c\té"},
		{"other rule", validate.Diagnostic{File: repoConfigFile, Rule: "path-escape", Message: missingRootPrefix("flows")}, ""},
		{"other file", validate.Diagnostic{File: "x.json", Rule: "file-unreadable", Message: missingRootPrefix("flows")}, ""},
		{"other wording", rootDiagnostic(`configured path "flows" is unreadable`), ""},
		{"unquoted", rootDiagnostic(`configured path flows does not exist in the repository: `), ""},
		{"not a prefix", rootDiagnostic("capreg.json cannot be read: " + missingRootPrefix("flows")), ""},
	}
	for _, tt := range tests {
		r, ok := missingRootOf(tt.d)
		if r != tt.want || ok != (tt.want != "") {
			t.Errorf("%s: got %q, %v; want %q", tt.name, r, ok, tt.want)
		}
	}
}

// servedMissingRoots keeps the first finding about each root.
func TestServedMissingRoots(t *testing.T) {
	first := rootDiagnostic(missingRootPrefix("a") + "first")
	src := &validate.Sources{Diagnostics: validate.Diagnostics{
		{File: "x.md", Rule: "marker-syntax", Message: "m"},
		first,
		rootDiagnostic(notFolderMessage("b")),
		rootDiagnostic(missingRootPrefix("a") + "second"),
	}}
	got := servedMissingRoots(src)
	if len(got) != 2 || got["a"].Message != first.Message || got["b"].Message != notFolderMessage("b") {
		t.Errorf("got %v", got)
	}
	if _, ok := servedMissingRoot(src, "c"); ok {
		t.Error("c found")
	}
}

// The overlay routes a file by the roots as the scan's walk reaches it: a
// root holds the paths under it folder by folder (a/b holds a/b/w.md, not
// a/bc/w.md), a folder the walk skips stops the walk from every root above
// it but not from a root inside it, an editor's lock file is never read,
// and the workflow and card roots select by folder alone (none: all).
func TestRoutingByRoots(t *testing.T) {
	nested := layout{capDir: "capabilities", workflows: []string{"a/b", "docs", "a", "a/vendor/b", "x/node_modules/y/z"}, cards: []string{"bin", "node_modules/tools"}}
	whole := layout{capDir: "capabilities", workflows: []string{"."}}
	prefixes := layout{capDir: "capabilities", workflows: []string{"a/b"}, cards: []string{"a/bc"}}
	tests := []struct {
		name                   string
		lay                    layout
		p                      string
		walked, workflow, card bool
	}{
		{"under a root", nested, "a/b/w.md", true, true, false},
		{"under a root named as the start of another", prefixes, "a/bc/w.md", true, false, true},
		{"under a root named as the start of another, the other way", prefixes, "a/b/x.card.json", true, true, false},
		{"the root itself", nested, "a/b", true, true, false},
		{"beside every root", nested, "ab/w.md", true, false, false},
		{"skipped from the repository", nested, "vendor/x.md", false, false, false},
		{"a file named as a skipped folder", nested, "vendor", true, false, false},
		{"a root inside a skipped folder", nested, "node_modules/tools/x.card.json", true, false, true},
		{"skipped below a root", nested, "node_modules/tools/vendor/x.card.json", false, false, true},
		{"skipped, under no root", nested, "node_modules/other/x.card.json", false, false, false},
		{"a lock file", nested, "docs/.#w.md", false, true, false},
		{"nested root inside a skipped folder", nested, "a/vendor/b/w.md", true, true, false},
		{"beside the nested root", nested, "a/vendor/c/w.md", false, true, false},
		{"deep root", nested, "x/node_modules/y/z/q/w.md", true, true, false},
		{"above the deep root", nested, "x/node_modules/y/w.md", false, false, false},
		{"a private folder", nested, "..data/x.md", false, false, false},
		{"the capabilities folder", nested, "capabilities/vendor/x/capability.json", false, false, false},
		{"the whole repository", whole, "w.md", true, true, true},
		{"skipped in the whole repository", whole, "x/vendor/y.md", false, true, true},
	}
	for _, tt := range tests {
		x := tt.lay.index()
		walked, workflow, card := x.walked(tt.p), x.inWorkflows(tt.p), x.inCards(tt.p)
		if walked != tt.walked || workflow != tt.workflow || card != tt.card {
			t.Errorf("%s: %s walked %v, in workflows %v, in cards %v; want %v, %v, %v", tt.name, tt.p, walked, workflow, card, tt.walked, tt.workflow, tt.card)
		}
	}
}

// A delete removes the path and what a folder of that path holds, folder
// by folder: deleting a/b leaves a/bc, and a or x/a/b.
func TestDeletesAt(t *testing.T) {
	ch, err := newChange(nil, []string{"a/b", "d/"})
	if err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{
		"a/b": true, "a/b/w.md": true, "a/b/c/d.card.json": true, "d/x.md": true,
		"a/bc/w.md": false, "a/bc": false, "a": false, "x/a/b": false, "ab/w.md": false, "d": true, "dx/y.md": false,
	} {
		if got := ch.deletesAt(f); got != want {
			t.Errorf("deleting a/b and d/: %s deleted %v, want %v", f, got, want)
		}
	}
}

// pathEscapePointers returns the pointers of the capreg.json path-escape
// findings in diags, in order.
func pathEscapePointers(diags validate.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Rule == "path-escape" && d.File == "capreg.json" {
			out = append(out, d.Pointer)
		}
	}
	return out
}

// TestProposedLayoutPlacesEachRefusedValue pins where the overlay's
// proposed layout (proposedLayout, a fresh scanner over repoLayout) places
// the path-escape finding of a refused value written more than once:
// PathPlacer.PlaceValue hands the places out in order (e6fc38a), so each
// value the scanner reads draws a finding at its own place.
//
// The two "not read" rows FAIL on purpose: NewPathPlacer indexes every string
// under the four keys whatever the key's shape (a list under
// "capabilities" or "configSchema", a lone string under "workflows" or
// "cards"), but ParseRepoConfig reads capabilities and configSchema only as
// a string (StringOr) and workflows and cards only as a list (Strings), so
// the first place in the queue is one the scanner never confines, and the
// finding for the value it did read lands there (validate/repoconfig.go:109-118
// against validate/repoconfig.go:54-58).
func TestProposedLayoutPlacesEachRefusedValue(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want         []string
	}{
		{"twice in one list and once in another", `{"workflows": ["../x", "ok", "../x"], "cards": ["../x"]}`, []string{"/workflows/0", "/workflows/2", "/cards/0"}},
		{"capabilities then configSchema", `{"capabilities": "../x", "configSchema": "../x"}`, []string{"/capabilities", "/configSchema"}},
		{"not read: capabilities as a list", `{"capabilities": ["../x"], "cards": ["../x"]}`, []string{"/cards/0"}},
		{"not read: workflows as a string", `{"workflows": "../x", "cards": ["../x"]}`, []string{"/cards/0"}},
		{"configSchema as a list, last of the keys", `{"configSchema": ["../x"], "cards": ["../x"]}`, []string{"/cards/0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := proposedLayout(validate.File{Path: "capreg.json", Data: []byte(tc.config)}, true, layout{})
			got := pathEscapePointers(diags)
			if len(got) != len(tc.want) {
				t.Fatalf("path-escape pointers = %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("path-escape pointers = %q, want %q", got, tc.want)
					break
				}
			}
		})
	}
}

// missingRootMessage leaves out an error that only repeats that the root,
// or a folder on its way, is not there, and keeps one that tells more.
func TestMissingRootMessage(t *testing.T) {
	const prefix = `configured path "a/b" does not exist in the repository`
	lstat := func(p string, err error) error { return &fs.PathError{Op: "lstat", Path: p, Err: err} }
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"the root", lstat("a/b", syscall.ENOENT), prefix},
		{"a folder on its way", lstat("a", syscall.ENOENT), prefix},
		{"fs.ErrNotExist", lstat("a/b", fs.ErrNotExist), prefix},
		{"a name it begins with", lstat("a/", syscall.ENOENT), prefix + ": lstat a/: no such file or directory"},
		{"below it", lstat("a/b/c", syscall.ENOENT), prefix + ": lstat a/b/c: no such file or directory"},
		{"where a link leads", lstat("gone", syscall.ENOENT), prefix + ": lstat gone: no such file or directory"},
		{"a file on its way", syscall.ENOTDIR, prefix + ": not a directory"},
		{"denied", lstat("a", syscall.EACCES), prefix + ": lstat a: permission denied"},
		{"a loop", errors.New("symlink loop"), prefix + ": symlink loop"},
	}
	for _, tt := range tests {
		if got := missingRootMessage("a/b", tt.err); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
