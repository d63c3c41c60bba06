package validate

import "testing"

// Text from a repository reaches terminals and CI logs through
// EscapeControl: neither a control character nor a bidirectional override
// may change how the rest of the line reads (Trojan Source, CVE-2021-42574:
// U+202E shows "evil.json" reversed, and an isolate hides where a key ends).
func TestEscapeControl(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain café ✓", "plain café ✓"},
		{"a\nb", `a\nb`},
		{"\x1b[2J", `\x1b[2J`},
		{"bell\a", `bell\a`},
		{"del\x7f", `del\x7f`},
		{"c1\u0085", `c1\u0085`},
		// Line and paragraph separators end a line for an editor, a log
		// viewer or JavaScript, as a newline does.
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"file\u202enosj.exe", `file\u202enosj.exe`},
		{"\u2066key\u2069", `\u2066key\u2069`},
		{"ltr\u200emark\u200f", `ltr\u200emark\u200f`},
		{"arabic\u061cmark", `arabic\u061cmark`},
		{"embed\u202a\u202b\u202c\u202d", `embed\u202a\u202b\u202c\u202d`},
		{"isolates\u2067\u2068", `isolates\u2067\u2068`},
		// Joiners and other format characters shape text (emoji, Indic
		// scripts) without reordering it: kept.
		{"👩\u200d💻", "👩\u200d💻"},
		// Bytes that are not UTF-8 keep the line text: a file name's as Go
		// quotes them, a key's lone surrogate (WTF-8) as JSON wrote it.
		{"bin/x\xff\xfe.card.json", `bin/x\xff\xfe.card.json`},
		{"/\xed\xa0\x80/a", `/\ud800/a`},
		{"cut\xed\xa0", `cut\xed\xa0`},
	}
	for _, tt := range tests {
		if got := EscapeControl(tt.in); got != tt.want {
			t.Errorf("EscapeControl(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A text finding's line never starts with "::", which the GitHub runner
// obeys as a workflow command (an annotation forged on another file, or
// "::stop-commands::" silencing the rest of the job's): a file named so is
// written "./" and its name. Other names are printed as they are.
func TestTextFindingIsNoWorkflowCommand(t *testing.T) {
	tests := []struct{ file, want string }{
		{"::warning file=README.md,line=1::LGTM.card.json", "./::warning file=README.md,line=1::LGTM.card.json:1:1: error [schema] x"},
		{" ::stop-commands::x/a.card.json", "./ ::stop-commands::x/a.card.json:1:1: error [schema] x"},
		{"\u00a0::notice::x.card.json", "./\u00a0::notice::x.card.json:1:1: error [schema] x"},
		{"bin/::a.card.json", "bin/::a.card.json:1:1: error [schema] x"},
		{":a.card.json", ":a.card.json:1:1: error [schema] x"},
	}
	for _, tt := range tests {
		d := Diagnostic{File: tt.file, Line: 1, Column: 1, Rule: "schema", Severity: Error, Message: "x"}
		if got := d.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestNoWorkflowCommands: text put in a diagnostic cannot start a GitHub
// Actions workflow command ("::warning", "##[error]") at a line start, since
// check's output may be printed in a CI log; other text is left as it is.
func TestNoWorkflowCommands(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain\n  text::with colons\n", "plain\n  text::with colons\n"},
		{"::warning file=README.md::LGTM", `\x3a:warning file=README.md::LGTM`},
		{"ok\n    ::stop-commands::tok\nnext", "ok\n    \\x3a:stop-commands::tok\nnext"},
		{"\u3000::notice::x", "\u3000\\x3a:notice::x"},
		{"bin/##[error]x.card.json:1:1", `bin/#\x23[error]x.card.json:1:1`},
		{"##[add-mask]secret ##[warning]b", `#\x23[add-mask]secret #\x23[warning]b`},
		{"# [not one]", "# [not one]"},
	}
	for _, tt := range tests {
		if got := NoWorkflowCommands(tt.in); got != tt.want {
			t.Errorf("NoWorkflowCommands(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	d := Diagnostic{File: "bin/##[error]x.card.json", Line: 1, Column: 1, Rule: "schema", Severity: Error, Message: "unknown field \"##[warning]y\""}
	if got, want := d.String(), `bin/#\x23[error]x.card.json:1:1: error [schema] unknown field "#\x23[warning]y"`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// A key written as a lone surrogate ("\ud800") is named in a finding as it
// was written, and the text of the finding is UTF-8.
func TestLoneSurrogateKeyInFinding(t *testing.T) {
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "ui",
		Manifest: File{Path: "capabilities/ui/capability.json", Data: []byte("{\n  \"\\ud800\": 1,\n  \"\\ud800\": 2\n}\n")}}}}
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule != "json-duplicate-key" {
			continue
		}
		want := `capabilities/ui/capability.json:3:3: error [json-duplicate-key] /\ud800: duplicate key "\ud800", already at 2:3 (JSON.parse would silently keep only the last value)`
		if got := d.String(); got != want {
			t.Errorf("finding\n%s\nwant\n%s", got, want)
		}
		return
	}
	t.Error("no json-duplicate-key finding")
}
