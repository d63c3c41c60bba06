package validate

import (
	"os/exec"
	"testing"
)

// TestShellQuoteCr97 pins what ShellQuote does with the words
// TestShellQuoteRoundTrips leaves out: a leading ~, which a shell expands
// to a home folder, is quoted; a byte that is not UTF-8 is written \xHH in
// $'…' (capreg escapes such a byte where it prints a line, so that in '…'
// the hint would name another file), as is a control character with a
// real U+FFFD beside it kept as it is; and in $'…' a backslash is escaped,
// as bash reads \n there as a newline. Each round-trips through bash.
func TestShellQuoteCr97(t *testing.T) {
	for s, want := range map[string]string{
		"~/bin/land":    `'~/bin/land'`,
		"a\xffb":        `$'a\xffb'`,
		"a\tb\ufffd":    "$'a\\x09b\ufffd'",
		`a\nb` + "\x01": `$'a\\nb\x01'`,
	} {
		q := ShellQuote(s)
		if q != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", s, q, want)
		}
		got, err := exec.Command("bash", "-c", `printf '%s|' `+q).Output()
		if err != nil {
			t.Fatalf("bash: %v", err)
		}
		if string(got) != s+"|" {
			t.Errorf("ShellQuote(%q) = %s, which bash reads as %q", s, q, got)
		}
	}
	if ShellSafe("~x") {
		t.Error(`ShellSafe("~x") = true, but a shell expands ~x to the home folder of x`)
	}
}

// TestToolNotExecutableOnlyOfAFileFound: a source saying the command's
// file has no execute bit but that it is not there (CommandFound false:
// card-command-missing's case) is not told tool-not-executable, which
// would say to chmod a file that is missing.
func TestToolNotExecutableOnlyOfAFileFound(t *testing.T) {
	text := `{"id": "land", "command": "bin/gone", "summary": "s", "intent_phrases": ["p"], "effects": "e", "risk": "reversible", "example": "bin/land"}`
	src := CardSource{File: File{Path: "bin/land.card.json", Data: []byte(text)}, ToolPath: "bin/land", ToolExists: true,
		CommandPath: "bin/gone", CommandNotExecutable: true}
	for _, d := range Validate(&Sources{Cards: []CardSource{src}}).Diagnostics {
		if d.Rule == "tool-not-executable" {
			t.Errorf("%s: %s, want none for a file not found", d.Rule, d.Message)
		}
	}
}
