package cmdline

import "testing"

// trapRows are trap commands and whether the script they set runs:
// "trap 'rm -rf "$tmp"' EXIT", common in agents' scripts, runs rm when
// the shell exits, and matched nothing.
var trapRows = []bashRow{
	{`trap 'git push --force' EXIT`, true},
	{`tmp=$(mktemp -d); trap 'git push --force; rm -rf "$tmp"' EXIT INT`, true},
	{`trap -- "git push --force" EXIT`, true},
	{`trap 'git push --force' 0`, true},
	{`trap 'git push --force'`, false}, // no signal: bash prints its usage
	{`trap -p 'git push --force' EXIT`, false},
	{`trap -l 'git push --force' EXIT`, false},
	{`trap - EXIT`, false},
	{`trap '' EXIT`, false},
	{`trap 0 EXIT`, false},
	{`echo trap 'git push --force' EXIT`, false},
}

// TestMatchCommandTrapScript: the script trap sets is a script the line
// runs.
func TestMatchCommandTrapScript(t *testing.T) {
	checkRowsMatch(t, Compile([]Card{{ID: "force", Replaces: []string{"git push --force"}}}), trapRows)
}

// TestTrapRowsAgreeWithBash runs each row of trapRows in bash, where
// installed, so that the table says what bash does.
func TestTrapRowsAgreeWithBash(t *testing.T) {
	checkRowsInBash(t, trapRows, "")
}
