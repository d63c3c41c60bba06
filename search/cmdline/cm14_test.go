package cmdline

import "testing"

// TestMatchCommandRefusedOperatorsAndClosers: bash refuses at parse time
// a line with a control operator where a command must start ("; make
// all", "a | | b", "make all & ; ls", "then ;", "$(;)"), a "fi" or "done"
// closing more than was opened ("if …; fi; fi"), also in "$(…)" ("echo
// $(fi)"), a ")" closing no "(", or such an error on a line holding a
// "${…}", and runs none of
// it (bash 5.2, a stub make on PATH: each row says whether make ran). The
// matcher matched make in each. And it refused "echo ${x:- #}; make all",
// which bash runs: the tokenizer took the "#" inside "${…}" for a
// comment. Lines alike that bash runs still match: "time ;" and "! ;",
// a backtick's text (parsed when it runs), a case arm's ";;", ";&" and
// ";;&", "fi" as a case pattern or in "[[ … ]]", nested ifs and loops.
func TestMatchCommandRefusedOperatorsAndClosers(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: syntax error; make does not run.
		{"; make all", nil},
		{"& make all", nil},
		{"&& make all", nil},
		{"| make all", nil},
		{"a | | b; make all", nil},
		{"a && || b; make all", nil},
		{"make all & ; ls", nil},
		{"make all &; ls", nil},
		{"make all ; ; ls", nil},
		{"make all && | ls", nil},
		{"( ; make all )", nil},
		{"{ ; make all; }", nil},
		{"if true; then ; make all; fi", nil},
		{"while ; do make all; done", nil},
		{"echo $(;); make all", nil},
		{"ls\n; make all", nil},
		{"if true; then make all; fi; fi", nil},
		{"for x in a; do make all; done; done", nil},
		{"make all; if true; then ls; fi; fi", nil},
		{"echo $(fi); make all", nil},
		{"echo $( done ); make all", nil},
		{"echo ${x}; fi; make all", nil},
		{"make all; echo ${x}; fi", nil},
		{"echo ${x:-;}; fi; make all", nil},
		{"echo ${x:-(}; ( make all", nil},
		{"echo ${x:- #} # c; make all", nil},
		{"make all )", nil},
		{"make all; )", nil},
		// bash: make runs (the lines before the one refused too).
		{"echo $(case x in x) ls;; esac); make all", []string{"make"}},
		{"make all\n; ls", []string{"make"}},
		{"make all\nfi; fi", []string{"make"}},
		{"make all\necho ${x}; fi", []string{"make"}},
		{"echo ${x:- #}; make all", []string{"make"}},
		{"echo ${x:-a #}; make all", []string{"make"}},
		{"echo ${x:-${y:- #}}; make all", []string{"make"}},
		{"time ; make all", []string{"make"}},
		{"! ; make all", []string{"make"}},
		{"time ! ; make all", []string{"make"}},
		{"echo `;`; make all", []string{"make"}},
		{"echo `fi`; make all", []string{"make"}},
		{"echo $((fi+1)); make all", []string{"make"}},
		{"make all |& cat", []string{"make"}},
		{"case x in x) make all ;& y) ls;; esac", []string{"make"}},
		{"case x in x) make all ;;& y) ls;; esac", []string{"make"}},
		{"case x in x) make all\n;; esac", []string{"make"}},
		{"case x in fi) ls;; done) ls;; *) make all;; esac", []string{"make"}},
		{"[[ a && ( b || fi ) ]] && make all", []string{"make"}},
		{"if true; then if true; then make all; fi; fi", []string{"make"}},
		{"for x in a; do for y in b; do make all; done; done", []string{"make"}},
		{"echo ${x:-fi}; make all", []string{"make"}},
		{"f() { make all; }; f", []string{"make"}},
		{"make all &\nls", []string{"make"}},
		{"make all;", []string{"make"}},
		// bash refuses these too, which the matcher took for a match
		// until cm16 read reserved words where a command starts only.
		{"echo if; make all; fi", nil},
		{"make all ;; ls", nil},
	})
}

// TestMatchCommandAssignmentAfterPrecommand: only env and sudo take
// NAME=value words before the command they run, quoted or not, and the
// reserved words time and coproc, whose simple command's assignments the
// shell reads (unquoted). After nohup, command, exec, xargs, nice,
// builtin, setsid or stdbuf, bash 5.2 runs a program named A=1 (a stub
// make on PATH: each row says whether make ran). The matcher passed over
// the assignment after any precommand, and matched make in each. ("env
// -i A=1 make all" runs make from env's default PATH, where the stub is
// not.)
func TestMatchCommandAssignmentAfterPrecommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "dry", Replaces: []string{"DRY_RUN=1 make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"nohup 'A=1' make all", nil},
		{"nohup A=1 make all", nil},
		{"command 'A=1' make all", nil},
		{"command A=1 make all", nil},
		{"exec 'A=1' make all", nil},
		{"exec A=1 make all", nil},
		{"echo x | xargs 'A=1' make all", nil},
		{"echo x | xargs A=1 make all", nil},
		{"nice A=1 make all", nil},
		{"timeout 10 A=1 make all", nil},
		{"time A=1 make all", []string{"make"}},
		{"time 'A=1' make all", nil},
		{"coproc A=1 make all; wait", []string{"make"}},
		{"env A=1 make all", []string{"make"}},
		{"env 'A=1' make all", []string{"make"}},
		{"env -i A=1 make all", []string{"make"}},
		{"builtin A=1 make all", nil},
		{"setsid -w A=1 make all", nil},
		{"stdbuf -oL A=1 make all", nil},
		{"nohup env A=1 make all", []string{"make"}},
		{"! A=1 make all", []string{"make"}},
		{"time -p A=1 make all", []string{"make"}},
		{"nohup -- A=1 make all", nil},
		{"nohup DRY_RUN=1 make all", nil},
		{"time DRY_RUN=1 make all", []string{"dry", "make"}},
		{"env DRY_RUN=1 make all", []string{"dry", "make"}},
		{"command DRY_RUN=1 make all", nil},
		{"nohup >/dev/null A=1 make all", nil},
		{"nohup >/dev/null make all", []string{"make"}},
		{"nohup 2>/dev/null make all", []string{"make"}},
	})
}

// TestMatchCommandDescriptorsNeverOpened: bash -c starts with the
// descriptors 3 to 9 closed, and refuses a copy of one no redirection
// opened ("make all 3>&5", "make all <&3": "Bad file descriptor", make
// does not run), and an exec of redirections alone changes the shell's
// descriptors for the commands after it ("exec 2>&-; make all 3>&2" is
// refused, "exec 3>o; make all 4>&3" runs), but not one in a subshell or
// a pipeline, nor in a group whose own redirections bash undoes after it
// (bash 5.2, a stub make on PATH: each row says whether make ran). The
// matcher took every descriptor for open but for the command's own
// closes.
func TestMatchCommandDescriptorsNeverOpened(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all 3>&5", nil},
		{"make all 3>&2", []string{"make"}},
		{"make all 3>o 4>&3", []string{"make"}},
		{"exec 2>&-; make all 3>&2", nil},
		{"exec 2>&-; make all", []string{"make"}},
		{"exec 3>o; make all 4>&3", []string{"make"}},
		{"exec 3>&5; make all", []string{"make"}},
		{"exec 3>&5; ls; make all", []string{"make"}},
		{"{ exec 2>&-; }; make all 3>&2", nil},
		{"( exec 2>&- ); make all 3>&2", []string{"make"}},
		{"{ exec 2>&-; } 2>e; make all 3>&2", []string{"make"}},
		{"false && exec 2>&-; make all 3>&2", []string{"make"}},
		{"exec 2>&- | cat; make all 3>&2", []string{"make"}},
		{"exec 2>&- 2>e; make all 3>&2", []string{"make"}},
		{"{ make all 3>&2; } 2>&-", nil},
		{"{ make all 4>&3; } 3>o", []string{"make"}},
		{"{ make all; } 3>&5", nil},
		{"make all <&3", nil},
		{"make all 0<&5", nil},
		{"echo x; make all >&7", nil},
		{"make all 2>&9", nil},
		{"exec 2>&-\nmake all 3>&2", nil},
		{"make all 3>&-", []string{"make"}},
		{"make all 3>&4-", nil},
		{"exec 4>o; make all 3>&4-", []string{"make"}},
		{"exec 2>&-; { make all; } 3>&2", nil},
		{"exec 3< i; 0<&03 make all", []string{"make"}},
		{"0<&03 make all", nil},
		{"exec 3< f; make all <&3", []string{"make"}},
		{"ls && make all 3>&5", nil},
		{"exec 2>&-; ls && make all 3>&2", nil},
		{"exec 2>&-; exec 2>e; make all 3>&2", []string{"make"}},
		{"exec 5>o; ( make all 3>&5 )", []string{"make"}},
		{"{ { exec 2>&-; }; } 2>e; make all 3>&2", []string{"make"}},
		{"{ { exec 2>&-; }; }; make all 3>&2", nil},
		{"{ exec 2>&-; } | cat; make all 3>&2", []string{"make"}},
		// bash refuses these too; the matcher, by choice, counts an exec
		// only where it runs whatever came before (not after "&&", nor in
		// an "if"), and a script the line runs starts with 3 to 9 closed
		// and the others open.
		{"exec 2>&-; bash -c 'make all 3>&2'", []string{"make"}},
		{"if true; then exec 2>&-; fi; make all 3>&2", []string{"make"}},
		{"true && exec 2>&-; make all 3>&2", []string{"make"}},
	})
}

// TestMatchCommandFinalTablesBeforeNameAndNested: redirections written
// before the command's name, and those of groups nested in groups that
// redirect too, are compared by the descriptors they leave once bash has
// applied them in order (those before the name first; the outermost
// group's first), as those after the name are (bash 5.2, a make writing
// "OUT" and "ERR"; each row says where they landed). The matcher compared
// them word by word, and "make all > <out> 2>&1" missed "2>o make all
// 1>&2" and "{ { make all; } 1>&2; } 2>o".
func TestMatchCommandFinalTablesBeforeNameAndNested(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "piped", Replaces: []string{"make all > <out> 2>&1 | cat"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: OUT and ERR to o.
		{"2>o make all 1>&2", []string{"one"}},
		{"2>o make all >&2", []string{"one"}},
		{">o make all 2>&1", []string{"one"}},
		{"2>o 1>&2 make all", []string{"one"}},
		{"A=1 2>o make all 1>&2", []string{"one"}},
		{"exec 2>o make all 1>&2", []string{"one"}},
		{"2>o make 1>&2 all", []string{"one"}},
		{"2>o make all 1>&2 | cat", []string{"piped", "one"}},
		{"{ make all; } 2>o 1>&2", []string{"one"}},
		{"{ { make all; } 1>&2; } 2>o", []string{"one"}},
		{"{ { make all; }; } 2>o 1>&2", []string{"one"}},
		{"( { make all; } 1>&2 ) 2>o", []string{"one"}},
		{"{ { make all; } 1>&2; ls; } 2>o", []string{"one"}},
		{"{ { make all; } 1>&2; } 2>o | cat", []string{"piped", "one"}},
		// bash: OUT to the output (or the errors), ERR to o.
		{"2>o make all", nil},
		{"1>&2 make all 2>o", nil},
		{"{ { make all; } 2>o; } 1>&2", nil},
		{"( ( make all ) 2>o ) 1>&2", nil},
		// bash: OUT to o, ERR to the output.
		{"{ { make all; } >o; } 2>&1", nil},
		// bash: OUT and ERR to o, but x is opened too, or a pipe in a
		// group is between them: by choice, a miss.
		{"2>o make all 1>&2 3>x", nil},
		{"{ ( make all ) 1>&2; } 2>o 3>x", nil},
		{"{ { make all; } 1>&2 | cat; } 2>o", nil},
	})
}

// TestMatchCommandContainerOptionValues: docker run's "-l" is --label,
// which takes a value ("docker run -l a=b img make all" runs make in img;
// docker 28's help), as compose run's is; only podman exec's "-l"
// (--latest) names no container. The matcher took any "-l" for podman
// exec's, and read "a=b" as the image and "img" as the command. The
// rows around it pin how the options with values of docker run and exec
// and of kubectl exec and oc are passed over, and that the first "--"
// is kubectl's own, where a second is the command's name, as is a "--"
// after docker's image (each line run with bash 5.2 and stubs of docker,
// podman, kubectl and oc, which received the words as read here).
func TestMatchCommandContainerOptionValues(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker run -l a=b img make all", []string{"make"}},
		{"docker run -l ab img make all", []string{"make"}},
		{"docker run -p 80:80 -l a=b img make all", []string{"make"}},
		{"podman run -l a=b img make all", []string{"make"}},
		{"docker compose run -l a=b web make all", []string{"make"}},
		{"docker run --label a=b img make all", []string{"make"}},
		{"podman exec -l make all", []string{"make"}},
		{"podman exec --latest make all", []string{"make"}},
		{"docker run -w /src -e A=1 img make all", []string{"make"}},
		{"docker run --name x img make all", []string{"make"}},
		{"docker run --env=A=1 img make all", []string{"make"}},
		{"docker run -e A=1 -v /a:/b --rm img make all", []string{"make"}},
		{"docker run -u 1000 --workdir /src img make all", []string{"make"}},
		{"docker exec -w /src -e A=1 -u root app make all", []string{"make"}},
		{"docker compose run --rm -e A=1 web make all", []string{"make"}},
		{"docker run --entrypoint make img all", []string{"make"}},
		{"docker run --rm img -- make all", nil},
		{"kubectl exec web -- make all", []string{"make"}},
		{"kubectl exec -n prod web -c app -- make all", []string{"make"}},
		{"kubectl exec web -i -t -- make all", []string{"make"}},
		{"kubectl exec pod/web --container=app -- make all", []string{"make"}},
		{"kubectl exec web -- -- make all", nil},
		{"kubectl exec -c app -- web make all", nil},
		{"oc exec -c app web -- make all", []string{"make"}},
		{"oc rsh -c app web make all", []string{"make"}},
		{"oc rsh --container app web make all", []string{"make"}},
	})
}

// TestMatchCommandCopiesClosedThroughTable: copiesClosed now applies the
// redirections to a finalTable, whose apply says why it does not follow
// one (applied): a copy of a closed descriptor refuses the command, a
// redirection the table does not follow leaves the descriptor open
// (bash 5.2, a stub make: each row says whether make ran).
func TestMatchCommandCopiesClosedThroughTable(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: make runs.
		{"make all 2>&- 2>&2", []string{"make"}},
		{"make all &>log 3>&2", []string{"make"}},
		{"make all 2>&- &>log 3>&2", []string{"make"}},
		{"make all 2>&- >&log 3>&2", []string{"make"}},
		{"make all 2>&- 2>&$fd 3>&2", []string{"make"}},
		{"make all 2>&- 2<<<x 3>&2", []string{"make"}},
		// bash: "Bad file descriptor"; make does not run.
		{"make all 2>&- 2>&2 3>&2", nil},
		{"make all 2>&- 13>&2", nil},
	})
}

// TestMatchCommandRefusedInsideCompound: bash reads a compound command
// written over several lines whole before it runs any of it, so a syntax
// error on a later line of it refuses it from the line it starts on
// ("if true; then make all" then "fi; fi", or "( ls"), where the lines of
// commands complete before that run (bash 5.2, a stub make on PATH: each
// row says whether make ran). The matcher refused from the line holding
// the error only, and matched the make before it.
func TestMatchCommandRefusedInsideCompound(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"if true; then make all\n( ls", nil},
		{"if true; then make all\nfi; fi", nil},
		{"for x in a; do make all\ndone; done", nil},
		{"{ make all\nfi", nil},
		{"make all\nfi", []string{"make"}},
		{"if true; then ls; fi\nmake all\n( ls", []string{"make"}},
		{"ls; if true; then\nmake all\nfi; fi", nil},
		{"if true; then\nmake all\nfi\nmake all\nfi", []string{"make"}},
		{"echo if\nmake all\n( ls", []string{"make"}},
		{"{ ls; }\nmake all\nfi", []string{"make"}},
		{"case x in x) ls;; esac\nmake all\nfi", []string{"make"}},
		{"while true; do make all; break; done\n( ls", []string{"make"}},
		{"f() { ls; }\nmake all\n( ls", []string{"make"}},
		{"function f { ls; }\nmake all\n( ls", []string{"make"}},
		{"make all\nif true; then\n( ls", []string{"make"}},
		{"time { ls; }\nmake all\nfi", []string{"make"}},
	})
}
