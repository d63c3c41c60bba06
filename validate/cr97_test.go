package validate

import (
	"fmt"
	"os"
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

// TestSchemaFindingPlaceFalseField: a field a schema takes but not in
// this case (a probe's timeoutMs where its kind is "command-exists": a
// false schema) is a finding about the key, placed at the key, as a field
// not allowed is, not at its value (TestSchemaFindingPlace's cases are
// additionalProperties'); kills the mutant that marks it a finding about
// the value.
func TestSchemaFindingPlaceFalseField(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/claude/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	probe := `"probe": { "kind": "command-exists", "binary": "claude" }`
	text := gate9Edit(t, string(manifest), probe, `"probe": { "kind": "command-exists", "binary": "claude", "timeoutMs":   500 }`)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
		{Folder: "claude", Manifest: File{Path: "capabilities/claude/capability.json", Data: []byte(text)}}}}
	found := false
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "schema" && d.Pointer == "/reviewer/probe/timeoutMs" {
			found = true
			if at, want := fmt.Sprintf("%d:%d", d.Line, d.Column), gate9At(t, text, `"timeoutMs"`); at != want {
				t.Errorf("%s: placed at %s, want %s (the key)", d, at, want)
			}
		}
	}
	if !found {
		t.Error("no schema finding at /reviewer/probe/timeoutMs")
	}
}
