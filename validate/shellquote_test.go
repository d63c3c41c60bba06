package validate

import (
	"os/exec"
	"strings"
	"testing"
)

// TestShellQuoteRoundTrips: a path quoted for a hint is, pasted into a
// POSIX shell, the one word it names, whatever it holds (a space, a quote,
// a glob; a control character in $'…', which bash reads); one the shell
// takes as it is stays bare, so the hint reads as typed.
func TestShellQuoteRoundTrips(t *testing.T) {
	for _, s := range []string{
		"out", "/tmp/a-b_c/d.e", "host:/p@v%1+2=3,4",
		"my out", "it's", "a'b'c", "x*", "$HOME", "a;b", "a\nb", "-", "",
		"a b/c", "ok/then space", "safe prefix;rm",
	} {
		q := ShellQuote(s)
		shell := "sh"
		if strings.HasPrefix(q, "$'") {
			shell = "bash" // POSIX.1-2024's $'…', which dash does not read yet; bash, zsh and ksh do
		}
		got, err := exec.Command(shell, "-c", `printf '%s|' `+q).Output()
		if err != nil {
			t.Fatalf("sh: %v", err)
		}
		if want := s + "|"; string(got) != want {
			t.Errorf("ShellQuote(%q) = %q, which sh reads as %q", s, q, got)
		}
	}
	for _, s := range []string{"out", "/tmp/a-b_c/d.e", "host:/p@v%1+2=3,4"} {
		if q := ShellQuote(s); q != s {
			t.Errorf("ShellQuote(%q) = %q, want it bare", s, q)
		}
	}
}

// TestShellQuoteEscapesAQuoteInANSICForm: in bash's $'...' form, taken
// for a path holding a control character, a ' is written \'.
func TestShellQuoteEscapesAQuoteInANSICForm(t *testing.T) {
	if got, want := ShellQuote("it's\tx"), `$'it\'s\x09x'`; got != want {
		t.Errorf("ShellQuote = %s, want %s", got, want)
	}
}

// ShellSafe is the words ShellQuote leaves bare.
func TestShellSafe(t *testing.T) {
	for s, want := range map[string]bool{
		"bin/land": true, "./scripts/ft.sh": true, "host:/p@v%1+2=3,4": true,
		"": false, "my tool": false, "it's": false, "$HOME": false, "a;b": false, "x*": false, "a\tb": false, "caf\u00e9": false,
	} {
		if got := ShellSafe(s); got != want {
			t.Errorf("ShellSafe(%q) = %v, want %v", s, got, want)
		}
		if got := ShellQuote(s) == s; got != want {
			t.Errorf("ShellQuote(%q) = %q: bare %v, want %v", s, ShellQuote(s), got, want)
		}
	}
}
