package cmdline

import "testing"

// cm19EmptyLoopRows are for and select loops whose "in" lists no word at
// all, whose body bash runs never: "for x in; do make all; done" matched
// a card of "make all". The commands of such a body (emptyLoopBody) are
// none now, in groups, subshells and substitutions too; those after the
// loop's "done" or "}" run as before. Each row is run in bash.
var cm19EmptyLoopRows = []makeRow{
	{"for x in; do make all; done", true, false},
	{"for x in ; do make all; done", true, false},
	{"for x in;do make all;done", true, false},
	{"for x in\ndo make all; done", true, false},
	{"for x in ;\n do make all; done", true, false},
	{"for x in # none\ndo make all; done", true, false},
	{"for x in; { make all; }", true, false},
	{"select x in; do make all; done", true, false},
	{"for x in; do for y in a; do make all; done; done", true, false},
	{"for x in; do (make all); done", true, false},
	{"for x in; do echo $(make all); done", true, false},
	{"for x in; do echo `make all`; done", true, false},
	{"for x in; do bash -c 'make all'; done", true, false},
	{"for x in; do echo done; make all; done", true, false},
	{"for x in; { for y in a; do make all; done }", true, false},
	{"if true; then for x in; do make all; done; fi", true, false},
	// After the body, and around it, commands run.
	{"for x in; do :; done; make all", true, true},
	{"for x in; do :; done && make all", true, true},
	{"for x in; do :; done | make all", true, true},
	{"for x in; do { ls; } done; make all", true, true},
	{"for x in; do if true; then ls; fi done; make all", true, true},
	{"for x in; do for y in a; do ls; done done; make all", true, true},
	{"for x in; do ls; done\nmake all", true, true},
	{"for x in; { ls; }; make all", true, true},
	{"for x in; do make all; done; for y in a; do make all; done", true, true},
	{"make all; for x in; do make all; done", true, true},
	{"echo for x in; make all", true, true},
	// A list of a word, even empty, loops once.
	{"for x in a; do make all; done", true, true},
	{"for x in ''; do make all; done", true, true},
	{"for x in \"\"; do make all; done", true, true},
	{"for x; do make all; done", true, true},
	{"for x do make all; done", true, true},
	{"for x in;; do make all; done", false, false},
}

// cm19MaybeLoopRows are loops whose list may expand to no word, or whose
// body this reading cannot bound: make runs where the loop is taken,
// and they still match (parse-checked only, as cm16's rows are). A
// "case" in an empty loop's body leaves the body read as commands, as
// its patterns may be words like "(do)".
var cm19MaybeLoopRows = []makeRow{
	{"for x in $(true); do make all; done", true, true},
	{"for x in $e; do make all; done", true, true},
	{"for x in \"$@\"; do make all; done", true, true},
	{"for x in `true`; do make all; done", true, true},
	{"for x in; do case a in (do) make all;; esac; done", true, true},
}

func TestMatchCommandEmptyLoopList(t *testing.T) {
	checkMakeRowsMatch(t, cm19EmptyLoopRows)
	checkMakeRowsMatch(t, cm19MaybeLoopRows)
}

func TestEmptyLoopListInBash(t *testing.T) {
	checkMakeRowsInBash(t, cm19EmptyLoopRows, true)
	checkMakeRowsInBash(t, cm19MaybeLoopRows, false)
}
