package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCRLFShebangOnlyForACarriageReturnedShebang: the 127 hint blames
// CRLF line ends only for a first line that is a "#!" line ending in
// "\r"; a tool with an LF shebang, or a CRLF first line that is no
// shebang, gets the plain "not found" hint, whose advice (a
// .gitattributes eol=lf line) would otherwise be false.
func TestCRLFShebangOnlyForACarriageReturnedShebang(t *testing.T) {
	repo := t.TempDir()
	if err := os.MkdirAll(filepath.Join(repo, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"crlf": "#!/bin/sh\r\necho hi\r\n",
		"lf":   "#!/bin/sh\necho hi\n",
		"text": "echo hi\r\n",
	} {
		if err := os.WriteFile(filepath.Join(repo, "bin", name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if got := shellExitHint(127, repo, "bin/crlf"); !strings.Contains(got, "carriage return") {
		t.Errorf("crlf: %q, want the carriage-return hint", got)
	}
	for _, tool := range []string{"bin/lf", "bin/text", "bin/none"} {
		got := shellExitHint(127, repo, tool)
		if strings.Contains(got, "carriage return") || !strings.Contains(got, "looked up in the tool's folder") {
			t.Errorf("%s: %q, want the plain not-found hint", tool, got)
		}
	}
	// Git splits a .gitattributes line at blanks (a backslash escapes
	// none): a path with one is written quoted, C style, as git
	// check-attr reads it.
	for path, want := range map[string]string{
		"bin/land":    "/bin/land",
		"bin/x*":      `/bin/x\*`,
		"bin/a b*":    `"/bin/a b\\*"`,
		`bin/say"hi"`: `"/bin/say\"hi\""`,
	} {
		if got := gitattributesPattern(path); got != want {
			t.Errorf("gitattributesPattern(%q) = %s, want %s", path, got, want)
		}
	}
}
