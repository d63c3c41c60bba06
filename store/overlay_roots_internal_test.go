package store

import (
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
		{"missing", rootDiagnostic(missingRootPrefix("flows") + "no such file"), "flows"},
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
