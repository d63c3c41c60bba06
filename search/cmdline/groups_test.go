package cmdline

import "testing"

// TestMatchCommandPipeAfterGroups: every command of a subshell or a { …;
// } group writes into the group's output, so a pipe after the group
// carries what a command inside it prints: "(cd /tmp && curl x) | sh"
// runs sh on the download (bash: "(cd /tmp && echo 'echo RAN') | sh"
// prints RAN), and matched no pattern "curl * | sh", which wanted the
// pipe right after curl's words; nor did "(echo 'git push --force') |
// sh" run the script it pipes. Not where the output goes elsewhere on the
// way (the command's own redirection or a group's), nor out of a command
// substitution or backticks, whose output is a word, nor past a group
// whose next operator is not the pipe ("(curl x); echo | sh": the pipe is
// echo's).
func TestMatchCommandPipeAfterGroups(t *testing.T) {
	mt := Compile([]Card{
		{ID: "pipe", Replaces: []string{"curl * | sh"}},
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "true", Replaces: []string{"true | sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(curl x) | sh", []string{"pipe"}},
		{"(cd /tmp && curl x) | sh", []string{"pipe"}},
		{"(curl x; echo done) | sh", []string{"pipe"}},
		{"{ curl x; } | sh", []string{"pipe"}},
		{"{ cd /tmp; curl x; } | sudo sh", []string{"pipe"}},
		{"((curl x); echo) | sh", []string{"pipe"}},
		{"({ curl x; }) | sh", []string{"pipe"}},
		{"{ { curl x; }; } | sh", []string{"pipe"}},
		{"{ { { curl x; } > f; }; } | sh", nil},
		{"(curl $(cat url)) | sh", []string{"pipe"}},
		{"(echo $(date); curl x) | sh", []string{"pipe"}},
		{"{ (curl x); } | sh", []string{"pipe"}},
		{"echo $( (curl x) | sh )", []string{"pipe"}},
		// A case branch's ")" closes no group (bash: RAN).
		{"(case a in a) curl x;; esac) | sh", []string{"pipe"}},
		// A command before the group is not in it.
		{"true; { curl x; } | sh", []string{"pipe"}},
		{"true; (curl x) | sh", []string{"pipe"}},
		// Backticks inside the group close at their own backtick.
		{"(curl x; echo `a; b`) | sh", []string{"pipe"}},
		// A pipe before the group is not after it, nor does a group the
		// line leaves open reach one.
		{"x | sh; (curl y)", nil},
		{"x | sh; (curl y) > f", nil},
		{"x | sh; (curl y; echo", nil},
		{"} curl x | sh", nil}, // a "}" first closes nothing: a syntax error to bash, which runs nothing
		{"(curl x) 2>/dev/null | sh", []string{"pipe"}},
		{"(curl x) > /dev/stdout | sh", []string{"pipe"}},
		{"(curl x) |& sh", []string{"pipe"}},
		// The output goes elsewhere on the way.
		{"(curl x > f; echo) | sh", nil},
		{"(curl x 1>&2) | sh", nil},
		{"((curl x) > f; echo) | sh", nil},
		{"{ curl x; } > f | sh", nil},
		{"(curl x) &> log | sh", nil},
		// Another command's pipe, or no group piped.
		{"curl x; echo y | sh", nil},
		{"(curl x); echo | sh", nil},
		{"(curl x) && echo | sh", nil},
		{"(curl x) || echo | sh", nil},
		{"(curl x) | tee f", nil},
		// A substitution's output is a word of its command.
		{"echo $(curl x) | sh", nil},
		{"echo `curl x` | sh", nil},
		{"(echo $(curl x)) | sh", nil},
		// A script a group pipes into a shell.
		{"(echo 'git push --force') | sh", []string{"force"}},
		{"{ echo 'git push --force'; } | bash", []string{"force"}},
		{"(cd repo && printf 'git push --force') | sh", []string{"force"}},
		{"(echo 'git push --force') > f | sh", nil},
		{"(echo 'git push --force' > f) | sh", nil},
		{"(echo 'git push --force'); sh", nil},
	})
}

// TestMatchCommandPipeIntoGroups: a group after a pipe whose first
// commands never read their input gives it to the next: "curl x | (cd
// /tmp && sh)" and "curl x | { umask 077; sh; }" run sh on the download
// (bash: RAN), and matched no "curl * | sh", which wanted sh first in the
// group; "| (cat > f; sh)" gives sh nothing (cat read it), and without
// the group sh is after the pipeline ("curl x | cd /tmp && sh"). A
// script echoed into such a group runs as one echoed into sh does; "|
// (sh)" and "| (cd /tmp && sh)" ran none.
func TestMatchCommandPipeIntoGroups(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}, {ID: "force", Replaces: []string{"git push --force"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x | (cd /tmp && sh)", []string{"pipe"}},
		{"curl x | { cd /tmp; sh; }", []string{"pipe"}},
		{"curl x | (export A=1; umask 022; sh)", []string{"pipe"}},
		{"curl x | (cd $(mktemp -d) && sudo sh)", []string{"pipe"}},
		{"curl x | (cat > f; sh)", nil},
		{"curl x | (cd /tmp | sh)", nil},
		{"curl x | cd /tmp && sh", nil},
		{"curl x | cd /tmp; sh", nil},
		{"curl x y z |", nil},
		// A script piped into such a group runs, as one piped into sh.
		{"echo 'git push --force' | (sh)", []string{"force"}},
		{"echo 'git push --force' | (cd /tmp && sh)", []string{"force"}},
		{"echo 'git push --force' | { cd /tmp; sh; }", []string{"force"}},
		{"cat <<'EOF' | (cd /tmp && bash)\ngit push --force\nEOF", []string{"force"}},
		{"echo 'git push --force' | (cat > f; sh)", nil},
		{"echo 'git push --force' | cd /tmp && sh", nil},
		// Lines that end before the command the pipe feeds.
		{"echo 'git push --force' |", nil},
		{"echo 'git push --force' | (", nil},
		{"echo 'git push --force' | (cd /tmp", nil},
		{"echo 'git push --force' | { cd /tmp;", nil},
	})
}

// TestMatchCommandPipeIntoNestedGroups: a group inside the group a pipe
// feeds gets the input as the outer one does, and one whose commands all
// read none passes it on: bash 5.2, with curl a function printing "echo
// RAN", prints RAN for "curl x | (cd /tmp; (sh))", "| { (sh); }", "| (
// (cd /tmp) && sh)" and "| { { cd /tmp; }; sh; }", which matched nothing;
// and nothing where the inner group read it ("(cat >/dev/null; cd /tmp)"),
// or sh comes after the group the pipe feeds ("| { cd /tmp; }; sh", "| (
// (cd /tmp) ); sh").
func TestMatchCommandPipeIntoNestedGroups(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}, {ID: "force", Replaces: []string{"git push --force"}}})
	for _, r := range nestedGroupRows {
		var pipe, force []string
		if r.runs {
			pipe, force = []string{"pipe"}, []string{"force"}
		}
		checkMatchCommand(t, mt, []struct {
			cmd  string
			want []string
		}{
			{"curl x | " + r.group, pipe},
			{"echo 'git push --force' | " + r.group, force},
		})
	}
	// The group the pipe feeds ends, and the one around the pipeline:
	// bash runs the sh after them on no download.
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(curl x | (cd /tmp)); sh", nil},
		{"(echo 'git push --force' | (cd /tmp)); sh", nil},
		{"{ echo 'git push --force' | { cd /tmp; }; }; sh", nil},
	})
}

// TestMatchCommandPatternNamesBraces: a pattern that names a "{" after
// its operator matches the line's "{" as a word, as before groups were
// entered (the fuzzer's "0&{" did not match its own text). A line bash
// refuses, "0&{" with its group never closed, matches none (cm12).
func TestMatchCommandPatternNamesBraces(t *testing.T) {
	mt := Compile([]Card{{ID: "braces", Replaces: []string{"curl * | { sh; }"}}, {ID: "amp", Replaces: []string{"0&{"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x | { sh; }", []string{"braces"}},
		{"curl x | sh", nil},
		{"0&{", nil},
		{"0&{ ls; }", []string{"amp"}},
	})
}

// TestNestedGroupRowsAgreeWithBash runs each row of nestedGroupRows in
// bash, where installed, so that the table says what bash does.
func TestNestedGroupRowsAgreeWithBash(t *testing.T) {
	bash := lookBash(t)
	for _, r := range nestedGroupRows {
		if runs := ranInBash(t, bash, "curl x | "+r.group); runs != r.runs {
			t.Errorf("bash: curl x | %s runs sh on the download: %v; the table says %v", r.group, runs, r.runs)
		}
	}
}

// nestedGroupRows are groups after a pipe, and whether sh in them runs
// on what the pipe carries.
var nestedGroupRows = []struct {
	group string
	runs  bool
}{
	{"(cd /tmp; (sh))", true},
	{"{ (sh); }", true},
	{"( (sh) )", true},
	{"(cd /tmp && (cd / && sh))", true},
	{"( (cd /tmp); sh)", true},
	{"( (cd /tmp) && (umask 022; sh) )", true},
	{"{ { cd /tmp; }; sh; }", true},
	{"{ echo }; sh; }", true},          // "}" is echo's argument
	{"(cd /tmp; (( 1 )) && sh)", true}, // arithmetic reads nothing
	{"( ((1)) && sh)", true},
	{"(cd /tmp; [[ -d / ]] && sh)", true},
	{"(cd /tmp || exit 1; sh)", true},
	{"( (cd /tmp) 2>/dev/null; sh)", true}, // a redirection of the inner group
	{"{ { cd /tmp; } 2>/dev/null; sh; }", true},
	{"( (cd /tmp) 2>/dev/null ); sh", false},
	{"( (cd /tmp; cat >/dev/null) && sh)", false},
	{"( (cat >/dev/null) && sh)", false},
	{"{ { cat >/dev/null; }; sh; }", false},
	{"{ (cd /tmp) }", false},
	{"{ cd /tmp; }; sh", false},
	{"( (cd /tmp) ); sh", false},
	{"( (cd /tmp) | sh)", false},
}

// TestMatchCommandPipeAfterCompoundCommands: the commands of an if, a
// loop or a case statement write into its output, as a group's do, so a
// pipe after it carries what they print: "for u in a b; do curl $u; done
// | sh" and "if curl x; then :; fi | sh" run sh on the downloads (bash:
// RAN), and matched nothing. Not through a redirection on the way, nor a
// pipe after another command, nor a reserved word that is an argument.
func TestMatchCommandPipeAfterCompoundCommands(t *testing.T) {
	mt := Compile([]Card{
		{ID: "pipe", Replaces: []string{"curl * | sh"}},
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "date", Replaces: []string{"date | sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"for u in a b; do curl $u; done | sh", []string{"pipe"}},
		{"while true; do curl x; done | sh", []string{"pipe"}},
		{"until false; do curl x; done | sh", []string{"pipe"}},
		{"if curl x; then :; fi | sh", []string{"pipe"}},
		{"if true; then curl x; else echo; fi | sh", []string{"pipe"}},
		{"case a in a) curl x;; esac | sh", []string{"pipe"}},
		{"for u in a; do if true; then curl $u; fi; done | sh", []string{"pipe"}},
		{"for u in a; do echo 'git push --force'; done | sh", []string{"force"}},
		{"for u in a; do curl $u > f; done | sh", nil},
		{"for u in a; do curl $u; done > f | sh", nil},
		{"for u in a; do curl $u; done; echo | sh", nil},
		{"echo if curl x; fi | sh", nil},
		{"date; for u in a; do curl $u; done | sh", []string{"pipe"}}, // date is not in the loop
		{"for u in a; do date; done | sh", []string{"date"}},
	})
}
