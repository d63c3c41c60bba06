package validate

import (
	"strconv"
	"strings"
	"testing"
)

// TestCardExampleRunsItsCommand: an example that runs no command of its
// card ("make land" for bin/land) is a card-example-command warning at
// the example's value, naming what it runs and what to write; one that
// runs the command's program or the card's tool however a shell reaches
// it (a path, a precommand, a prompt, an interpreter, a pipeline, a -c
// script, another case) is not, nor one whose program is a placeholder.
func TestCardExampleRunsItsCommand(t *testing.T) {
	for _, tt := range []struct {
		command, example string
		want             string // in the message; "" for no finding
	}{
		{"bin/land <branch>", "make land", `the example runs "make", not "bin/land", the program of the card's command: an agent that copies it runs another program than the card is for; write one run of the command itself, "bin/land <branch>" with real-looking values in place of its <placeholders>`},
		{"bin/land <branch>", "git merge feature/login", `the example runs "git", not "bin/land"`},
		{"bin/land", "echo land", `the example runs "echo"`},
		{"scripts/deploy.sh <env>", "make deploy", `the example runs "make", not "scripts/deploy.sh", the program of the card's command, nor the card's tool bin/land:`},
		{"kubectl rollout restart <deploy>", "FOO=1 helm upgrade app", `the example runs "helm", not "kubectl"`},
		{"$EDITOR <file>", "make deploy", `the example runs "make", not "land", the program of the card's command:`}, // the tool's name for a variable

		{"bin/land <branch>", "bin/land feature/login", ""},
		{"bin/land <branch>", "./bin/land feature/login", ""},
		{"bin/land <branch>", "land feature/login", ""},
		{"bin/land <branch>", "$ bin/land feature/login", ""},
		{"bin/land <branch>", "DRY_RUN=1 bin/land feature/login", ""},
		{"bin/land <branch>", "sudo -u deploy bin/land feature/login", ""},
		{"bin/land <branch>", "cd ~/src/app && bin/land feature/login", ""},
		{"bin/land <branch>", "git fetch && bin/land main | tee land.log", ""},
		{"bin/land <branch>", "bash -c 'bin/land main'", ""},
		{"bin/land <branch>", "bin/land a\nbin/land b", ""},
		{"bin/land <branch>", "bin/land main  # lands main", ""},
		{"bin/land <branch>", "# land main once CI is green\nbin/land main", ""},
		{"bin/land <branch>", "% land main", ""},
		{"bin/land <branch>", "PS> land main", ""},
		// A Windows path as its program, whatever the command writes, is
		// told as the command's and the help_probe's are: a shell runs
		// toolsdeploy.sh.
		{"tools/deploy.sh <env>", `tools\deploy.sh staging`, `the example runs "tools\\deploy.sh", a Windows path: the POSIX shell an agent runs it with reads each backslash as an escape, so it runs "toolsdeploy.sh", no file of the repository; write "tools/deploy.sh" (forward slashes, which Windows takes too)`},
		{"tools/deploy.sh <env>", `$ ENV=1 tools\deploy.sh staging`, `the example runs "tools\\deploy.sh", a Windows path`},
		{`tools\deploy.sh <env>`, `tools\deploy.sh staging`, `write "tools/deploy.sh"`},
		{"bin/land.ps1 <branch>", `.\bin\land.ps1 -Branch main`, `write "./bin/land.ps1"`},
		{"bin/land.ps1 <branch>", `./bin/land.ps1 -Branch main`, ""},
		{"bin/land <branch>", `bin/land 'a\b'`, ""},
		{"bin/land <branch>", "Run `bin/land main` once CI is green", ""},
		{"scripts/deploy.py <env>", "python3 scripts/deploy.py staging", ""},
		{"scripts/deploy.py <env>", "python3 deploy.py staging", ""},
		{"npx eslint <files>", "eslint src/", ""},
		{"make deploy ENV=<env>", "make deploy ENV=staging", ""},
		{"Get-Help <command>", "get-help Get-Process", ""},
		{"Get-Help <command>", "get-help about_Profiles", ""},
		{"get-help <command>", "Get-Help about_Profiles", ""},
		{"<command> | Out-GridView", "Get-Process | Out-GridView", ""},
		{"kubectl get pods", "KUBECONFIG=~/.kube/prod kubectl get pods -n web", ""},
		// Its program written as the command writes it, a drive's path
		// (C:\...): no other program.
		{`C:\tools\land.exe <branch>`, `C:\tools\land.exe main`, ""},
		// Its program a placeholder or a variable: not judged.
		{"bin/land <branch>", "<tool> main", ""},
		{"bin/land <branch>", "$LAND main", ""},
		// The card's tool, run by its name, whatever the command says.
		{"tldr land", "land --onto main", ""},
	} {
		got := cardAuthorFindings(t, "card-example-command", map[string]string{"command": strconv.Quote(tt.command), "example": strconv.Quote(tt.example)})
		if tt.want == "" {
			if len(got) > 0 {
				t.Errorf("command %q, example %q: %v, want no finding", tt.command, tt.example, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("command %q, example %q: %v, want one finding", tt.command, tt.example, got)
			continue
		}
		d := got[0]
		if !strings.Contains(d.Message, tt.want) || d.Severity != Warning || d.Pointer != "/example" {
			t.Errorf("command %q, example %q: %s\nwant a warning at /example saying %s", tt.command, tt.example, d, tt.want)
		}
		col := 1 + strings.Index(cardJSONWith(map[string]string{"command": strconv.Quote(tt.command), "example": strconv.Quote(tt.example)}), `"example":`) + len(`"example":`)
		if d.Line != 1 || d.Column != col {
			t.Errorf("command %q, example %q: at %d:%d, want 1:%d (the value)", tt.command, tt.example, d.Line, d.Column, col)
		}
	}
}

// cardJSONWith is the card cardAuthorFindings validates, with the fields
// of set (strings with no comma) written over.
func cardJSONWith(set map[string]string) string {
	card := `{"id":"land","command":"bin/land <branch>","summary":"Merge a branch.","intent_phrases":["land my branch"],` +
		`"effects":"Merges it.","risk":"reversible","example":"bin/land feature/login"}`
	for k, v := range set {
		i := strings.Index(card, `"`+k+`":`) + len(k) + 3
		j := i + strings.IndexAny(card[i:], ",}")
		card = card[:i] + v + card[j:]
	}
	return card
}

// TestCardHelpProbeIsACommandLine: a help_probe that is the tool's
// options alone, a sentence, a link or a note is a card-help-probe
// warning at its value saying what to write; a command line is not,
// whether or not it runs the card's tool (man, another program's help).
func TestCardHelpProbeIsACommandLine(t *testing.T) {
	for _, tt := range []struct{ probe, want string }{
		{"--help", `the help_probe "--help" starts with an option: it is a command line, run with sh, which takes the option for its own, so ` + "`capreg tools show --probe`" + ` does not run it; write "land --help"`},
		{"-h", `write "land -h"`},
		{"run it with --help to see options", `the help_probe "run it with --help to see options" is prose, not a command line: sh would run "run", its first word, so ` + "`capreg tools show --probe`" + ` does not run it; write the command that prints the tool's help, as "land --help", or leave help_probe out (blank means none)`},
		{"See the README for usage.", `is prose, not a command line`},
		{"Prints usage with --help.", `is prose`},
		{"pass --help to get usage", `is prose`},
		{"n/a", `the help_probe "n/a" is prose`},
		{"-", `the help_probe "-" is prose`},
		{"https://example.com/land#usage", `is a link, not a command line`},
		{"Usage information is printed by the tool.", `is prose`},
		{"Use bin/land --help", `sh would run "Use", its first word`},
		{"see `land --help`", `sh would run "see", its first word`},
		{"Usage is in docs/land for you.", `is prose`}, // a path to land is no run of it here

		// A Windows author's path: sh would run binland.
		{`bin\land --help`, `the help_probe "bin\\land --help" runs "bin\\land", a Windows path: sh reads each backslash as an escape and would run "binland", so ` + "`capreg tools show --probe`" + ` does not run it; write "bin/land --help" (forward slashes, which Windows takes too)`},
		{`.\bin\land -h`, `write "./bin/land -h"`},

		{"bin/land --help", ""},
		{"land --help", ""},
		{"  land -h  ", ""},
		{"land help", ""},
		{"man land", ""},
		{"git help merge", ""},
		{"kubectl explain pods", ""},
		{"land --help | less", ""},
		{"make help", ""},
		{"echo Usage.", ""}, // two words: a sentence's end takes three
		{"python3 -m land --help", ""},
		{"grep -i 'how to use it' docs/land.md", ""},
		{`echo "see the README for the options."`, ""},
		{"", ""},
		{"   ", ""},
	} {
		got := cardAuthorFindings(t, "card-help-probe", map[string]string{"help_probe": strconv.Quote(tt.probe)})
		if tt.want == "" {
			if len(got) > 0 {
				t.Errorf("help_probe %q: %v, want no finding", tt.probe, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("help_probe %q: %v, want one finding", tt.probe, got)
			continue
		}
		// help_probe is written first: {"help_probe": puts its value at 1:15.
		if d := got[0]; !strings.Contains(d.Message, tt.want) || d.Severity != Warning || d.Pointer != "/help_probe" || d.Line != 1 || d.Column != 15 {
			t.Errorf("help_probe %q: %s\nwant a warning at 1:15 /help_probe saying %s", tt.probe, d, tt.want)
		}
	}
}

// TestCardSummaryIsOneLine: a summary holding a line break is a
// card-summary-lines warning at the break, as written in the JSON (an
// escape or the character); one ending with one is told to drop it.
func TestCardSummaryIsOneLine(t *testing.T) {
	const at = len(`{"id":"land","command":"bin/land <branch>","summary":"`) + 1 // the column of the summary's first character
	for _, tt := range []struct {
		raw  string // the summary as written in JSON, quotes included
		col  int    // of the finding; 0 for none
		want string
	}{
		{`"Merge a branch.\nThen push main."`, at + 15, `the summary holds a line break ('\n'): a summary is one line, shown one a line by clients of GET /tools and by capreg tools search, which prints the break as an escape (\n) in the middle of it; keep the summary to one line and move the rest to effects or preconditions`},
		{`"Merge a branch.\r\nThen push."`, at + 15, `('\r')`},
		{`"Merge\u2028a branch."`, at + 5, `('\u2028')`},
		{"\"Merge\u2028a branch.\"", at + 5, `('\u2028')`},
		{`"M\u00e9rge\u000aa branch."`, at + 10, `('\n')`},
		{`"Merge a branch.\n"`, at + 15, `remove the line break at its end`},
		{`"Merge a branch. \n "`, at + 16, `remove the line break at its end`},
		{`"Merge a branch."`, 0, ""},
		{`"Merge a branch\t(fast)."`, 0, ""},
	} {
		got := cardAuthorFindings(t, "card-summary-lines", map[string]string{"summary": tt.raw})
		if tt.col == 0 {
			if len(got) > 0 {
				t.Errorf("summary %s: %v, want no finding", tt.raw, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("summary %s: %v, want one finding", tt.raw, got)
			continue
		}
		if d := got[0]; !strings.Contains(d.Message, tt.want) || d.Severity != Warning || d.Pointer != "/summary" || d.Line != 1 || d.Column != tt.col {
			t.Errorf("summary %s: %s\nwant a warning at 1:%d /summary saying %s", tt.raw, d, tt.col, tt.want)
		}
	}
}

// TestCardPhraseIsOneLine: an intent_phrases entry holding a line break is
// a card-phrase-lines warning at the break, as written in the JSON, one a
// phrase, at its own pointer; one ending with one is told to drop it.
func TestCardPhraseIsOneLine(t *testing.T) {
	const at = len(`{"id":"land","command":"bin/land <branch>","summary":"Merge a branch.","intent_phrases":[`) + 1 // the column of the list's first phrase's quote
	type want struct {
		ptr  string
		col  int
		text string
	}
	for _, tt := range []struct {
		raw  string // the list as written in JSON
		want []want
	}{
		{`["land my branch\nship it"]`, []want{{"/intent_phrases/0", at + 15, `the intent phrase "land my branch\nship it" holds a line break ('\n'): an entry is one phrase, which tool search scores as one and names whole in a result's matched (capreg tools search prints the break as an escape, \n, in its line); make each line an entry of its own`}}},
		{`["merge it", "land my branch\r\nship it"]`, []want{{"/intent_phrases/1", at + 12 + 15, `('\r')`}}},
		{`["land\u2028my branch", "ship\u2029it"]`, []want{{"/intent_phrases/0", at + 5, `('\u2028')`}, {"/intent_phrases/1", at + 23 + 5, `('\u2029')`}}},
		{`["land my branch\n"]`, []want{{"/intent_phrases/0", at + 15, `remove the line break at its end`}}},
		{`["land my branch \n "]`, []want{{"/intent_phrases/0", at + 16, `remove the line break at its end`}}},
		{`["land my branch", "ship\tit"]`, nil},
	} {
		got := cardAuthorFindings(t, "card-phrase-lines", map[string]string{"intent_phrases": tt.raw})
		if len(got) != len(tt.want) {
			t.Errorf("intent_phrases %s: %v, want %d findings", tt.raw, got, len(tt.want))
			continue
		}
		for i, w := range tt.want {
			if d := got[i]; !strings.Contains(d.Message, w.text) || d.Severity != Warning || d.Pointer != w.ptr || d.Line != 1 || d.Column != w.col {
				t.Errorf("intent_phrases %s: %s, want a warning at 1:%d %s saying %q", tt.raw, d, w.col, w.ptr, w.text)
			}
		}
	}
}

// TestCardHelpProbeOfAToolNamedLikeProse: a help_probe whose first word
// is a name of the card's command is a command line, though the word
// starts sentences too ("run", "see").
func TestCardHelpProbeOfAToolNamedLikeProse(t *testing.T) {
	got := cardAuthorFindings(t, "card-help-probe", map[string]string{"command": `"run <target>"`, "help_probe": `"run --help"`})
	if len(got) > 0 {
		t.Errorf("help_probe \"run --help\" of the command run: %v, want no finding", got)
	}
}
