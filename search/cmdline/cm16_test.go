package cmdline

import (
	"testing"
)

// cm16Rows are lines checked with bash 5.2: whether "bash -n -c" parses
// each (parses), and whether a stub make on PATH ran when bash ran it, or
// would have, where a case arm or a loop it is in were taken (want).
// The matcher matched make in many bash refuses: a ";;" outside a case
// ("make all ;; ls"), a reserved word closing what no word where a command
// starts opened ("echo if; make all; fi"), a word after a compound
// command ("{ make all; } }", "( ls ) ( make all )"), a stray "fi" or ")"
// on a line holding "case" ("case x in a) make all;; esac; fi"), a
// compound command never closed ("if true; then make all"); and it
// matched no make after backticks holding a script bash refuses only
// when it runs it ("echo `ls; }`; make all").
var cm16Rows = []makeRow{
	// bash -n refuses: make does not run.
	{"make all ;; ls", false, false},
	{"make all; ;; ls", false, false},
	{"make all;; ls", false, false},
	{"ls ;; make all", false, false},
	{"echo if; make all; fi", false, false},
	{"echo do; make all; done", false, false},
	{"echo while; make all; done", false, false},
	{"echo for; make all; done", false, false},
	{"echo if; make all; then", false, false},
	{"echo case; make all; esac", false, false},
	{"echo {; make all; }", false, false},
	{"if true; then make all; fi; fi", false, false},
	{"case x in a) make all;; esac; fi", false, false},
	{"case x in a) make all;; esac )", false, false},
	{"case x in a) make all; fi;; esac", false, false},
	{"case x in a) make all;; esac; done", false, false},
	{"case x in a) make all;; esac; }", false, false},
	{"case x in a) ls;; esac; make all; fi", false, false},
	{"case x in a) ls;; esac; make all )", false, false},
	{"case x in a) if true; then ls;; esac; make all", false, false},
	{"case x in a) ls; fi;; *) make all;; esac", false, false},
	{"case x in esac) make all;; esac", false, false},
	{"case x in a) make all;; esac; case y in b) ls;; esac )", false, false},
	{"case x in a) ( ls ) ) ;; esac; make all", false, false},
	{"case x in a) make all;; esac; ( ls ) )", false, false},
	{"make all; case x in a) ls;; esac; )", false, false},
	{"echo case; make all; fi", false, false},
	{"echo case; make all )", false, false},
	{"x=case; make all; fi", false, false},
	{"{ make all; } }", false, false},
	{"{ make all; } } ls", false, false},
	{"{ make all; } x }", false, false},
	{"{ make all; } ; }", false, false},
	{"{ make all; }; }", false, false},
	{"{ make all; } }\nls", false, false},
	{"{ ls; } }\nmake all", false, false},
	{"{ { make all; } } }", false, false},
	{"{ make all; }}", false, false},
	{"{ make all; } 2>x }", false, false},
	{"{ make all; } >x }", false, false},
	{"( make all ) }", false, false},
	{"( make all ) )", false, false},
	{"if true; then make all; fi }", false, false},
	{"if true; then make all; fi fi", false, false},
	{"while false; do ls; done done; make all", false, false},
	{"{ make all; } {", false, false},
	{"echo $(ls; }); make all", false, false},
	{"echo $(ls; fi); make all", false, false},
	{"echo `make all`; }", false, false},
	{"`make all`; fi", false, false},
	{"echo \\`; make all; }", false, false},
	{"echo '`'; make all; }", false, false},
	{"echo \"}\"; make all; }", false, false},
	{"cat <(make all; }) x", false, false},
	{"[[ a ]] x; make all", false, false},
	{"((1)); fi; make all", false, false},
	{"if true; then make all", false, false},
	{"while true; do make all", false, false},
	{"{ make all", false, false},
	{"( make all", false, false},
	{"case x in a) make all", false, false},
	{"if true; then make all\nfi; fi", false, false},
	{"if true; then ls\nfi; fi\nmake all", false, false},
	{"make all | ! cat", false, false},
	{"make all & ; ls", false, false},
	{"make all |", false, false},
	{"; make all", false, false},
	{"echo $(;) ; make all", false, false},
	{"( ls ) ( make all )", false, false},
	{"echo a;; make all", false, false},
	{"echo `ls\nls`; }\nmake all", false, false},
	{"if then; make all", false, false},
	{"if true; then fi; make all", false, false},
	{"time { make all; }; }", false, false},
	{"{ make all; { ls\n}\n}; }", false, false},
	// bash -n refuses a later line: the lines before it run.
	{"make all\ncase x in a) ls;; esac; fi", false, true},
	{"make all\n{ ls; } }", false, true},
	{"make all\nif true; then ls", false, true},
	{"make all\n{ ls", false, true},
	{"make all\nif true; then ls\nfi; fi", false, true},
	{"make all\n{ ls; }; }", false, true},
	{"{ make all; }\n}", false, true},
	// bash -n parses: make runs, or would where the case arm or loop
	// it is in were taken.
	{"echo if; make all", true, true},
	{"echo fi; make all", true, true},
	{"echo then; make all", true, true},
	{"echo do; make all", true, true},
	{"echo if then fi; make all", true, true},
	{"echo {; make all", true, true},
	{"echo { }; make all", true, true},
	{"if true; then make all; fi", true, true},
	{"if echo if; then make all; fi", true, true},
	{"if echo fi; then make all; fi", true, true},
	{"while echo do; do make all; break; done", true, true},
	{"for x in if do; do make all; done", true, true},
	{"for x in fi done; do make all; done", true, true},
	{"for do in a; do make all; done", true, true},
	{"for if in a; do make all; done", true, true},
	{"for fi in a; do make all; done", true, true},
	{"case x in fi) make all;; esac", true, true},
	{"case x in (fi) make all;; esac", true, true},
	{"case x in a) ls;; esac; make all", true, true},
	{"case x in a) if true; then ls; fi;; *) make all;; esac", true, true},
	{"case x in done) make all;; esac", true, true},
	{"case x in a|fi) make all;; esac", true, true},
	{"case x in a | fi ) make all;; esac", true, true},
	{"case x in (a) make all;; (b) ls;; esac", true, true},
	{"case x in a) make all;; b) ls; ;; esac", true, true},
	{"case x in a) make all ;; esac", true, true},
	{"case fi in fi) make all;; esac", true, true},
	{"case if in if) make all;; esac", true, true},
	{"case x in a) case y in b) ls;; esac; make all;; esac", true, true},
	{"case x in a) case y in b) ls;; esac;; esac; make all", true, true},
	{"case x in a) ( ls ) ;; esac; make all", true, true},
	{"echo case; make all", true, true},
	{"make all }", true, true},
	{"echo } }; make all", true, true},
	{"{ { make all; } }", true, true},
	{"echo `ls; }`; make all", true, true},
	{"echo `ls; {`; make all", true, true},
	{"echo `}`; make all", true, true},
	{"echo `fi`; make all", true, true},
	{"echo `ls; fi`; make all", true, true},
	{"echo `ls )`; make all", true, true},
	{"echo `ls; done`; make all", true, true},
	{"echo \"`ls; }`\"; make all", true, true},
	{"echo `echo { `; make all", true, true},
	{"x=`}`; make all", true, true},
	{"echo `ls;; x`; make all", true, true},
	{"echo `if`; make all", true, true},
	{"echo `if true; then ls`; make all", true, true},
	{"{ echo `}`; make all; }", true, true},
	{"{ echo `ls; }`; }; make all", true, true},
	{"{ make all; echo `}`; }", true, true},
	{"f() { make all; }; f", true, true},
	{"f () { make all; }; f", true, true},
	{"function f { make all; }; f", true, true},
	{"function f () { make all; }; f", true, true},
	{"f() ( make all ); f", true, true},
	{"for x in a b\ndo make all; done", true, true},
	{"for x\ndo make all; done", true, true},
	{"for ((i=0;i<1;i++)); do make all; done", true, true},
	{"select x in a; do make all; break; done </dev/null", true, true},
	{"until true; do ls; done; make all", true, true},
	{"a=(fi done) make all", true, true},
	{"a=(fi done); make all", true, true},
	{"a=1 fi; make all", true, true},
	{"cat <(make all) x", true, true},
	{"[[ a == fi ]] && make all", true, true},
	{"[[ a ]] >/dev/null; make all", true, true},
	{"((1)) && make all", true, true},
	{"! make all", true, true},
	{"! ; make all", true, true},
	{"time make all", true, true},
	{"time ; make all", true, true},
	{"make all |& cat", true, true},
	{"make all &", true, true},
	{"echo $(make all)", true, true},
	{"echo $(case x in a) ls;; esac); make all", true, true},
	{"echo $(case x in a) make all;; esac)", true, true},
	{"x=$(case x in (a) ls;; esac) make all", true, true},
	{"case x in a) echo esac;; esac; make all", true, true},
	{"case x in a) ls; esac; make all", true, true},
	{"case x\nin a) ls;; esac; make all", true, true},
	{"case x in\na) ls;;\nesac\nmake all", true, true},
	{"case x in a) ;; esac; make all", true, true},
	{"case x in a) ls;& b) ls;;& esac; make all", true, true},
	{"if true; then ls; elif false; then ls; else ls; fi; make all", true, true},
	{"if true; then ls; fi | make all", true, true},
	{"{ ls; } | make all", true, true},
	{"( ls ) && make all", true, true},
	{"( ls ) >x; make all", true, true},
	{"{ ls; } 2>x >&2 > y; make all", true, true},
	{"coproc { ls; }; make all", true, true},
	{"x() ( ls ); make all", true, true},
	{"echo `make all\n}`", true, true},
	{"echo `make all`; ls", true, true},
	{"echo `make all`", true, true},
	{"`make all`", true, true},
	{"{ ls; }; make all", true, true},
	{"echo ${x:-}}; make all", true, true},
	{"echo ${x:-fi}; make all", true, true},
	{"${x:-true}; make all", true, true},
	{"[[ a && fi ]]; make all", true, true},
	// bash -n parses, but refuses the script in backticks when it runs
	// it: make does not run.
	{"echo `make all; }`", true, false},
	{"`make all; }`", true, false},
	{"echo `make all; fi`", true, false},
	// A script in backticks bash refuses drops its own commands, from
	// the line it refuses on, and no others; a script the line runs
	// alike.
	{"echo `make all; }`\nls; }", false, false},
	{"echo `make all`\nls; }", false, true},
	{"ls\necho `make all; }`; ls", true, false},
	{"echo `ls\nmake all; }`", true, false},
	{"echo `make all; }`; make all", true, true},
	{"bash -c 'echo `make all; }`'", true, false},
	{"bash -c 'echo `ls; }`; make all'", true, true},
	{"{ }; make all", false, false},
	// A function's body is a compound command; "]]" and "in" start no
	// command; a for loop's "in" may follow a newline.
	{"f() make all", false, false},
	{"f()\n{ make all; }", true, true},
	{"f() if true; then make all; fi", true, true},
	{"echo $( f() fi ); make all", false, false},
	{"]] ; make all", false, false},
	{"in x; make all", false, false},
	{"for x\nin a; do make all; done", true, true},
	{"coproc >x make all", true, true},
	// The script of a "$(…)" in double quotes bash parses as it reads the
	// line, and refuses the line with it; one in backticks it parses when
	// it runs it.
	{"echo \"$(ls; })\"; make all", false, false},
	{"echo \"$(ls; fi)\"; make all", false, false},
	{"echo \"$(date)\"; make all", true, true},
	{"echo \"it's $(date)\"; make all", true, true},
	{"echo \"\\$(ls; })\"; make all", true, true},
	{"echo '\"$(ls; })\"'; make all", true, true},
	{"x=\"$(printf '%s' \"$(ls; })\")\"; make all", false, false},
	{"x=\"$(printf '%s' \"$(ls)\")\"; make all", true, true},
	{"echo \"`ls; }`\"; make all", true, true},
	{"echo \"a $(ls; }) b\"\nmake all", false, false},
	{"make all\necho \"$(ls; })\"", false, true},
	{"echo a\"$(if)\"b; make all", false, false},
	{"echo \"$(( 1 + 2 ))\"; make all", true, true},
	{"echo \"$(cat <<EOF\n}\nEOF\n)\"; make all", true, true},
	// a substitution inside one in double quotes: its case pattern's ")"
	// closes neither (substitutionEnd reads it as one)
	{"echo \"$(echo $(case x in x) echo y;; esac))\"; make all", true, true},
	{"echo \"$(echo $(case x in x) echo y;; esac); ls)\"; make all", true, true},
	{"echo \"$(echo $(case x in x) echo y;; esac; fi))\"; make all", false, false},
	{"echo $(echo $(case x in x) echo y;; esac)); make all", true, true},
}

// TestMatchCommandReservedWordGrammar: refusal reads reserved words,
// case arms and groups as bash's grammar does (cm16).
func TestMatchCommandReservedWordGrammar(t *testing.T) {
	checkMakeRowsMatch(t, cm16Rows)
}

// TestReservedWordGrammarRowsAgreeWithBash checks each row's parses with
// bash -n; not its makes, which says whether make would run where a case
// arm or loop it is in were taken.
func TestReservedWordGrammarRowsAgreeWithBash(t *testing.T) {
	checkMakeRowsInBash(t, cm16Rows, false)
}

// refusesBackticks reports whether bash refuses a script in backticks of
// the collapsed line cmd when it runs it (see refusal), whose commands
// never run.
func refusesBackticks(cmd string) bool {
	spaced, toks, unclosed := spaceLine(cmd)
	_, dropped := refusal(spaced, toks, unclosed)
	return len(dropped) > 0
}
