package cmdline

import (
	"os/exec"
	"testing"
)

// globRow is a pattern of a command and one word, written as a shell
// writes it ("\\*", "'*'", "'VACUUM *'"), and a line of that command and
// one word: whether the pattern matches the line, and whether bash, which
// the README cites for globs, departs from that on the two words.
type globRow struct {
	command, pattern, word string
	match, departs         bool
}

// globRows: a glob character a pattern quotes or escapes is text, as bash
// reads a pattern ("rm -rf \\*" names a file "*"; it matched "rm -rf x",
// as did "rm -rf '*'" and "rm -rf \"*\""), but in quotes holding a blank,
// where a pattern quotes an argument of several words as the line does,
// and means its star ("psql * -c 'VACUUM *'"): there capreg departs from
// bash, which reads those as text too. So it is of a bracket class.
var globRows = []globRow{
	{"rm -rf", `\*`, "x", false, false},
	{"rm -rf", `\*`, "'*'", true, false},
	{"rm -rf", `\*`, `\*`, true, false},
	{"rm -rf", `\*`, `"*"`, true, false},
	{"rm -rf", `'*'`, "x", false, false},
	{"rm -rf", `'*'`, `"*"`, true, false},
	{"rm -rf", `"*"`, "x", false, false},
	{"rm -rf", `"*"`, "'*'", true, false},
	{"rm -rf", `$'*'`, "x", false, false},
	{"rm -rf", `*`, "x", true, false},
	{"rm -rf", `*`, "'*'", true, false},
	{"rm -rf", `x\?`, "xy", false, false},
	{"rm -rf", `x\?`, "'x?'", true, false},
	{"rm -rf", `'x?'`, "xy", false, false},
	{"rm -rf", `x?`, "xy", true, false},
	{"rm -rf", `'a'*`, "ab", true, false},
	{"rm -rf", `a'*'`, "ab", false, false},
	{"rm -rf", `'*'.log`, "a.log", false, false},
	{"rm -rf", `'*'.log`, "'*.log'", true, false},
	{"rm -rf", `\*.log`, "a.log", false, false},
	{"rm -rf", `*.log`, "a.log", true, false},
	{"rm -rf", `"a*b"`, "axb", false, false},
	{"rm -rf", `"a*b"`, "'a*b'", true, false},
	{"find . -name", `'*.pyc'`, "x.pyc", false, false},
	{"find . -name", `'*.pyc'`, `\*.pyc`, true, false},
	// A bracket class quoted so is text too, and makes no regexp of the
	// pattern, which read "'[ab]'" as a quote, a or b, and a quote.
	{"rm -f", `'[ab]'`, "a", false, false},
	{"rm -f", `'[ab]'`, "'a'", false, false},
	{"rm -f", `'[ab]'`, `\[ab]`, true, false},
	{"rm -f", `"[ab]"`, "'a'", false, false},
	{"rm -f", `\[ab]`, "a", false, false},
	{"rm -f", `[ab]`, "a", true, false},
	{"jq", `'.items[0]'`, "'.items0'", false, false},
	{"jq", `'.items[0]'`, `".items[0]"`, true, false},
	{"tr", `'[:upper:]'`, "'u'", false, false},
	{"psql db -c", `'VACUUM *'`, "'VACUUM FULL'", true, true},
	{"psql db -c", `"VACUUM *"`, "'VACUUM FULL'", true, true},
	{"psql db -c", `'VACUUM *'`, "'VACUUM *'", true, false},
	{"psql db -c", `'VACUUM '*`, "'VACUUM FULL'", true, false},
	{"psql db -c", `"VACUUM *"`, "VACUUM", false, false},
	// A quoted star beside a glob one: the quoted one is text still.
	{"ls", `'x*'*`, "xyz", false, false},
	{"ls", `'x*'*`, `'x*yz'`, true, false},
	// A bracket class in quotes holding a blank keeps the pattern a
	// regexp, as a star there stays a glob.
	{"grep", `'[ab] x'`, "'a x'", true, true},
	// A double-quoted command substitution is a script's text: its star
	// stays a glob.
	{"sh -c", `"$(true)a*"`, `"$(true)ab"`, true, true},
}

// TestMatchCommandQuotedGlobIsText checks globRows through the matcher.
func TestMatchCommandQuotedGlobIsText(t *testing.T) {
	for _, r := range globRows {
		pattern, line := r.command+" "+r.pattern, r.command+" "+r.word
		mt := Compile([]Card{{ID: "x", Replaces: []string{pattern}}})
		if got := len(mt.Find(line)) > 0; got != r.match {
			t.Errorf("pattern %q on %q: a match %v, want %v", pattern, line, got, r.match)
		}
	}
}

// TestGlobRowsAgreeWithBash matches each row's word against its pattern
// in bash, where installed ([[ word == pattern ]], the word assigned as
// written, so neither split nor expanded), so that the table says what
// bash does, and where capreg departs from it.
func TestGlobRowsAgreeWithBash(t *testing.T) {
	bash := lookBash(t)
	for _, r := range globRows {
		script := "set -f; w=" + r.word + "; [[ $w == " + r.pattern + " ]]"
		err := exec.Command(bash, "-c", script).Run()
		if _, failed := err.(*exec.ExitError); err != nil && !failed {
			t.Fatal(err)
		}
		if matches := err == nil; matches != (r.match != r.departs) {
			t.Errorf("bash: %q matches: %v; the table says %v, departing: %v", script, matches, r.match, r.departs)
		}
	}
}

// TestRegexLikeQuotedBrackets: only brackets within quotes make no
// regexp; a quote a backslash escapes opens none, and both brackets of
// a quote are text.
func TestRegexLikeQuotedBrackets(t *testing.T) {
	for _, tt := range []struct {
		pat  string
		want bool
	}{
		{`echo '[x]'`, false},
		{`echo \'[ab]\'`, true},
		{`tr '[' '\]'`, false},
		{`grep '[ab] x' f`, true},
	} {
		if got := regexLike(tt.pat); got != tt.want {
			t.Errorf("regexLike(%q) = %v, want %v", tt.pat, got, tt.want)
		}
	}
}
