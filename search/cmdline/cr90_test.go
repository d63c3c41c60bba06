package cmdline

import (
	"testing"
)

// cr90Rows are lines bash 5.2 parses, or refuses, that a corpus of
// agents' command lines found the refusal reading wrongly, each checked
// with bash: whether "bash -n -c" parses it (parses: exits 0 and tells
// of no error), and whether a stub make on PATH runs when bash runs it
// (want), which a "make all" pattern must then match.
var cr90Rows = []makeRow{
	// A comment in backticks ends at the backtick that closes them,
	// which bash finds as it reads the line: read to the line's end,
	// the backtick was never closed and the line refused.
	{"echo `ls # x`; make all", true, true},
	{"x=`git rev-parse HEAD # the sha`; make all", true, true},
	{"echo `ls # \\`x`; make all", true, true},
	{"echo `make all # build`", true, true},
	{"echo `#`; make all", true, true},
	{"echo `ls # x\n}`; make all", true, true},
	{"echo `ls # x`; fi; make all", false, false},
	{"echo `ls # x`\nmake all", true, true},
	{"echo `ls |#`; make all", true, true},
	{"echo `ls | # x\ncat`; make all", true, true},
	// "time" right after a pipe is the program of that name, and no
	// reserved word: the "{" after it is its argument, no group's.
	{"ls | time -p {\nmake all", true, true},
	{"ls |& time {\nmake all", true, true},
	{"ls | time -p make all", true, true},
	{"time -p {\nmake all", false, false},
	{"ls; time -p {\nmake all", false, false},
	// A case in a subshell or a process substitution in "$(…)" in
	// double quotes: its patterns' ")" close no "(" (substitutionEnd),
	// where they closed the subshell and the substitution ended early.
	{"echo \"$( (case $x in a) ls;; esac) )\"; make all", true, true},
	{"x=\"$(cat <(case $x in a) ls;; esac))\"; make all", true, true},
	{"echo \"$(diff <(case $x in a) ls;; esac) /dev/null)\"; make all", true, true},
	{"x=\"$( (case $x in (a) ls;; esac) )\"; make all", true, true},
	{"x=\"$( (case $x in a) ls;; esac; fi) )\"; make all", false, false},
	{"x=\"$(case x in a) ( ls ) ;; esac; fi)\"; make all", false, false},
	{"x=\"$(case x in a) ( ls ) ;; esac)\"; make all", true, true},
	{"x=\"$( (case a in a) make all;; esac) )\"", true, true},
	// An if's "then" comes once, before "elif", "else" or "fi"; its
	// "else" once, last; a "[[" never closed is refused (misses found
	// with the same corpus: the lines bash refuses that matched).
	{"if true; fi; make all", false, false},
	{"if true\nfi; make all", false, false},
	{"make all\nif true; fi", false, true},
	{"if true; then ls; else fi; make all", false, false},
	{"if true; then ls; elif false; fi; make all", false, false},
	{"if true; then ls; then ls; fi; make all", false, false},
	{"if true; then ls; else ls; else ls; fi; make all", false, false},
	{"if true; then ls; else ls; elif ls; then ls; fi; make all", false, false},
	{"if true; then ls; elif false; then ls; else ls; fi; make all", true, true},
	{"if if true; then ls; fi; then make all; fi", true, true},
	{"if true; then if false; then ls; else ls; fi; else ls; fi; make all", true, true},
	{"[[ -f x; make all", false, false},
	{"[[ -f x\nmake all", false, false},
	{"make all\n[[ -f x", false, true},
	{"[[ -f x ]]; make all", true, true},
	{"[[ -n $x &&\n -z $y ]] || make all", true, true},
	// In a command or process substitution, bash 5.2 ends a
	// here-document's body at a line that starts with its delimiter and
	// holds a ")" too (warning that it wanted the delimiter), and reads
	// the rest of that line: the substitution was never closed.
	{"x=$(cat <<EOF\na\nEOF); make all", true, true},
	{"echo \"$(cat <<'EOF'\nfix: a\nEOF)\"; make all", true, true},
	{"cat <(cat <<EOF\na\nEOF) | make all", true, true},
	{"x=$(cat <<-EOF\n\ta\n\tEOF)\nmake all", true, true},
	{"x=$( (cat <<EOF\na\nEOF) )\nmake all", true, true},
	{"x=$(cat <<EOF\nEOF (echo see)\nEOF\n); make all", true, true},
	{"x=$(cat <<EOF\nmake all\nEOF)", true, false},
	{"(cat <<EOF\na\nEOF)\nmake all", false, false},
	{"x=$(cat <<EOF\na\nEOF; fi)\nmake all", false, false},
	{"x=$(cat <<EOF\nEOFa (b\nc)\n)\nmake all", false, false},
	// Gaps a mutation review of refusal.go found: each row fails with
	// one of its checks dropped.
	{"while do make all; done", false, false},
	{"until do ls; done; make all", false, false},
	{"while true; do make all; break; done", true, true},
	{"case x in ;; esac; make all", false, false},
	{"case x in & a) ls;; esac; make all", false, false},
	{"case x in (a) ls;; esac; make all", true, true},
	{"{ ls; } `echo x`; make all", false, false},
	{"( ls ) `echo x`; make all", false, false},
	{"if then make all; fi", false, false},
	{"if true; then ls; elif then make all; fi", false, false},
	{"if false; then ls; else make all; fi", true, true},
	{"coproc ; make all", false, false},
	{"for $(echo x) do ls; done; make all", true, true},
	{"for `echo x` in a; do ls; done; make all", true, true},
	{"case x in a) ls\n;; esac; make all", true, true},
	{"case x in a) ls\n;;& esac; make all", true, true},
	{"ls\n;& make all", false, false},
	{"make all\n;; ls", false, true},
}

// TestMatchCommandCorpusRefusals: the lines of cr90Rows match "make all"
// where bash runs make.
func TestMatchCommandCorpusRefusals(t *testing.T) {
	checkMakeRowsMatch(t, cr90Rows)
}

// TestCorpusRefusalRowsAgreeWithBash checks each row of cr90Rows with
// bash -n and by running it with a stub make.
func TestCorpusRefusalRowsAgreeWithBash(t *testing.T) {
	checkMakeRowsInBash(t, cr90Rows, true)
}
