package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestToolsFlagBoundsAndUsageErrors: what tools search, match and show tell their user for
// the bounds of their flags and operands: --limit from 1 to 100 (1 prints
// one card, 100 every card), a --risk that is neither risk, an operand
// given after "--" (read as an operand, and the only one), and the
// subcommands' own usage errors, each exit 2 before the repository is read.
func TestToolsFlagBoundsAndUsageErrors(t *testing.T) {
	runCLICases(t, []cliCase{
		{name: "limit 1", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "1"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. ft  \([0-9.]+, covers 100%, reversible\)\n    Run the tests`}, notStdout: []string{`(?m)^ 2\. `}},
		{name: "limit 100", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "100"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. ft  \(`, `(?m)^ 3\. `, `(?m)^ [23]\. \S+  \([0-9.]+, covers 22%, destructive\)$`}},
		{name: "limit 0", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "0"}, code: exitUsage,
			stderr: []string{`^capreg: invalid value "[-0-9]+" for --limit: want a whole number from 1 to 100; see capreg tools search --help\n$`}, notStdout: []string{`.`}},
		{name: "limit 101", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "101"}, code: exitUsage,
			stderr: []string{`^capreg: invalid value "[-0-9]+" for --limit: want a whole number from 1 to 100; see capreg tools search --help\n$`}, notStdout: []string{`.`}},
		{name: "limit without its value", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit"}, code: exitUsage,
			stderr: []string{`^capreg: --limit needs a value: give N; see capreg tools search --help\n$`}, notStdout: []string{`.`}},
		// A value that reads as a flag is taken for one left without its
		// value, whether or not the verb has that flag.
		{name: "repo value a flag", args: []string{"tools", "search", "run the tests", "--repo", "--tmp"}, code: exitUsage,
			stderr: []string{`^capreg: --repo needs a value, not the flag --tmp; see capreg tools search --help\n$`}, notStdout: []string{`.`}},
		{name: "search risk bogus", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--risk", "bogus"}, code: exitUsage,
			stderr: []string{`^capreg: invalid value ".*" for --risk: want reversible or destructive; see capreg tools (search|match) --help\n$`}, notStdout: []string{`.`}},
		{name: "match risk bogus", args: []string{"tools", "match", "git merge fix", "--repo", "$REPO", "--risk", "bogus"}, code: exitUsage,
			stderr: []string{`^capreg: invalid value ".*" for --risk: want reversible or destructive; see capreg tools (search|match) --help\n$`}, notStdout: []string{`.`}},
		{name: "search risk slip", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--risk", "destructiv"}, code: exitUsage,
			stderr: []string{`^capreg: invalid value "destructiv" for --risk: want reversible or destructive \(did you mean "destructive"\?\); see capreg tools search --help\n$`}, notStdout: []string{`.`}},
		{name: "search after --", args: []string{"tools", "search", "--repo", "$REPO", "--limit", "1", "--", "run the tests"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. ft  \(`}, notStdout: []string{`(?m)^ 2\. `}},
		{name: "show after --", args: []string{"tools", "show", "--repo", "$REPO", "--", "land"}, code: exitOK,
			stdout: []string{`"id": "land"`}, notStderr: []string{`.`}},
		{name: "-- first", args: []string{"tools", "show", "--", "land", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`needs exactly one tool card ID`}},
		{name: "match 4096 bytes", args: []string{"tools", "match", "git merge x" + strings.Repeat(" ", 4096-len("git merge x")), "--repo", "$REPO"}, code: exitOK,
			stdout: []string{`(?m)^ 1\. land  \(destructive\)$`, `(?m)^    replaces: git merge \.\*$`}, notStderr: []string{`.`}},
		{name: "match 4097 bytes", args: []string{"tools", "match", "git merge x" + strings.Repeat(" ", 4097-len("git merge x")), "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: command is 4097 bytes, over the limit of 4096\n$`}, notStdout: []string{`.`}},
		{name: "no subcommand", args: []string{"tools"}, code: exitUsage,
			stderr: []string{`^capreg: tools needs a subcommand: capreg tools search INTENT .* \| capreg tools match COMMAND .* \| capreg tools show ID \[--json\] \[--probe\]\n$`}, notStdout: []string{`.`}},
		{name: "unknown subcommand alone", args: []string{"tools", "frob"}, code: exitUsage,
			stderr: []string{`^capreg: unknown tools subcommand "frob"; it is search, match or show: `}, notStdout: []string{`.`}},
		{name: "match no operand", args: []string{"tools", "match", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: tools match needs exactly one COMMAND line \(quote it whole\); see capreg tools match --help\n$`}},
		{name: "show two operands", args: []string{"tools", "show", "land", "ft", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: tools show needs exactly one tool card ID; see capreg tools show --help\n$`}, notStdout: []string{`.`}},
		{name: "search two operands", args: []string{"tools", "search", "run", "tests", "--repo", "$REPO"}, code: exitUsage,
			stderr: []string{`^capreg: tools search needs exactly one INTENT`}, notStdout: []string{`.`}},
	})
}

// TestToolsMatchTruncatedSaysSo: a command line whose matching spent its
// work budget prints the cards it found, and says on stderr, once, that
// cards not tried may match too; an answer that tried every card says
// nothing there. Its --json is the answer as GET /tools?command= gives it,
// the message inside.
func TestToolsMatchTruncatedSaysSo(t *testing.T) {
	hit := store.CommandHit{ID: "land", Summary: "Land it.", Command: "bin/land", Risk: "destructive", Replaces: []string{"git merge .*"}, Matched: "git merge .*"}
	msg := "matching stopped after 1 of 3 cards, the work one request may do spent; a card not tried may match too"
	for _, tt := range []struct {
		name   string
		answer store.CommandAnswer
		asJSON bool
		stderr string
	}{
		{"truncated", store.CommandAnswer{Command: "git merge fix", Results: []store.CommandHit{hit}, Truncated: true, Truncation: &store.Truncation{CardsTried: 1, CardsTotal: 3, Message: msg}}, false, "capreg: " + msg + "\n"},
		{"whole", store.CommandAnswer{Command: "git merge fix", Results: []store.CommandHit{hit}}, false, ""},
		{"truncated json", store.CommandAnswer{Command: "git merge fix", Results: []store.CommandHit{hit}, Truncated: true, Truncation: &store.Truncation{CardsTried: 1, CardsTotal: 3, Message: msg}}, true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := toolsMatch(tt.answer, "", tt.asJSON, &stdout, &stderr); code != exitOK {
				t.Errorf("exit %d, want %d", code, exitOK)
			}
			if stderr.String() != tt.stderr {
				t.Errorf("stderr = %q, want %q", stderr.String(), tt.stderr)
			}
			want := " 1. land  (destructive)\n    Land it.\n    $ bin/land\n    replaces: git merge .*\n"
			if tt.asJSON {
				want = `"message": "` + msg + `"`
			}
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
			}
		})
	}
}

// TestToolsSearchTextShowsMatchedParts: tools search in text says, under each card,
// which parts of it the intent matched, as --json's "matched" lists them,
// joined with " | ".
func TestToolsSearchTextShowsMatchedParts(t *testing.T) {
	runCLICases(t, []cliCase{
		{name: "matched line", args: []string{"tools", "search", "run the tests", "--repo", "$REPO", "--limit", "2"}, code: exitOK,
			stdout: []string{
				`^ 1\. ft  \([0-9.]+, covers 100%, reversible\)\n    Run the tests of the Go packages changed since main\.\n    \$ bin/ft\n    matched: summary \| run only the tests affected by my change \| [^\n]+\n 2\. `,
				`\n 2\. [^\n]+\n    [^\n]+\n    \$ [^\n]+\n    matched: [a-z][^\n|]*( \| [^\n|]+)*\n$`,
			},
			notStderr: []string{`.`}},
		// An intent that matches nothing is echoed clipped to its first
		// 200 characters, with or without --risk: a long one (a pasted
		// log) must not flood the terminal.
		{name: "no tool, long intent", args: []string{"tools", "search", strings.Repeat("zzzz qqqq ", 40), "--repo", "$REPO"}, code: exitOK,
			stdout: []string{`^no tool matches "(zzzz qqqq ){20}…"\n$`}, notStderr: []string{`.`}},
		{name: "no destructive tool, long intent", args: []string{"tools", "search", strings.Repeat("zzzz qqqq ", 40), "--risk", "destructive", "--repo", "$REPO"}, code: exitOK,
			stdout: []string{`^no destructive tool matches "(zzzz qqqq ){20}…"\n$`}, notStderr: []string{`.`}},
	})
}

// TestFlagsBeforeTheVerb: shared flags written before the verb, or before
// tools' subcommand (as git -C is written), are a usage error that gives
// the line with the verb first, to paste; before, "capreg --repo x check"
// was an unknown command "--repo", and "capreg tools --repo x search y"
// needed a subcommand it had. A flag's value is never taken for the verb
// ("--repo check" names a folder), nor is anything after "--".
func TestFlagsBeforeTheVerb(t *testing.T) {
	verbFirst := func(line string) []string {
		return []string{`^capreg: the (verb|subcommand) comes before its flags: ` + regexp.QuoteMeta(line) + `\n$`}
	}
	runCLICases(t, []cliCase{
		{name: "check", args: []string{"--repo", "x", "check"}, code: exitUsage,
			stderr: verbFirst("capreg check --repo x"), notStdout: []string{`.`}},
		{name: "boolean flag", args: []string{"--strict", "check", "--format", "json"}, code: exitUsage,
			stderr: verbFirst("capreg check --strict --format json")},
		{name: "inline value", args: []string{"--repo=x", "closure", "research"}, code: exitUsage,
			stderr: verbFirst("capreg closure --repo=x research")},
		{name: "quoted", args: []string{"--repo", "my repo", "state"}, code: exitUsage,
			stderr: verbFirst("capreg state --repo 'my repo'")},
		{name: "tools and its subcommand", args: []string{"--repo", "x", "tools", "--limit", "2", "search", "run the tests"}, code: exitUsage,
			stderr: verbFirst("capreg tools search --repo x --limit 2 'run the tests'")},
		{name: "subcommand", args: []string{"tools", "--repo", "x", "--json", "show", "land"}, code: exitUsage,
			stderr: verbFirst("capreg tools show --repo x --json land")},
		{name: "value not a verb", args: []string{"--repo", "check"}, code: exitUsage,
			stderr: []string{`^capreg: --repo is a flag, not a command: the command comes first \(capreg COMMAND --repo …\), one of these\n\nca`}},
		{name: "value not a subcommand", args: []string{"tools", "--repo", "show"}, code: exitUsage,
			stderr: []string{`^capreg: tools needs a subcommand: `}},
		{name: "after --", args: []string{"--", "check"}, code: exitUsage,
			stderr: []string{`^capreg: unknown command "--"`}},
		// A flag of one dash takes its value as one of two does; a lone
		// "-" is no flag, so what follows it is no verb; and only tools
		// has a subcommand to move: a verb's argument that is a tools
		// subcommand's name stays where it was.
		{name: "one dash", args: []string{"-repo", "x", "-strict", "check"}, code: exitUsage,
			stderr: verbFirst("capreg check -repo x -strict")},
		{name: "lone dash", args: []string{"-", "check"}, code: exitUsage,
			stderr: []string{`^capreg: unknown command "-"`}},
		{name: "argument named as a subcommand", args: []string{"--repo", "x", "closure", "search"}, code: exitUsage,
			stderr: verbFirst("capreg closure --repo x search")},
	})
}
