package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandRedirectionsBetweenWords: a redirection the pattern does
// not name, with its target, is no word of the command wherever it is
// written, as bash gives the command the words around it ("rm -rf
// 2>/dev/null /" runs rm -rf /): one between an option and an operand, or
// before a subcommand, hid the words after it, so that the line matched
// none of the patterns naming them; and a word after "&>" is its target,
// not an option ("git push &> --force" writes to a file named --force).
func TestMatchCommandRedirectionsBetweenWords(t *testing.T) {
	mt := Compile([]Card{
		{ID: "wipe", Replaces: []string{"rm -rf /"}},
		{ID: "uptime", Replaces: []string{"ssh <host> uptime"}},
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "status", Replaces: []string{"git status"}},
		{ID: "logs", Replaces: []string{"kubectl logs -f <pod>"}},
		{ID: "out", Replaces: []string{"make > <file> lint"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"rm -rf 2>/dev/null /", []string{"wipe"}},
		{"rm -rf > log /", []string{"wipe"}},
		{"rm -rf 2>&1 /", []string{"wipe"}},
		{"rm -rf -- 2>/dev/null /", []string{"wipe"}},
		{"ssh h 2>/dev/null uptime", []string{"uptime"}},
		{"git 2>/dev/null status", []string{"status"}},
		{"git push 2>/dev/null --force", []string{"force"}},
		{"kubectl logs 2>&1 -f api", []string{"logs"}},
		// As before: on either side of the words, or named by the pattern.
		{"rm 2>/dev/null -rf /", []string{"wipe"}},
		{"rm -rf / 2>/dev/null", []string{"wipe"}},
		{"make > out.txt lint", []string{"out"}},
		// The redirection's target is no word of the command.
		{"git push &> --force", nil},
		{"git push > --force", nil},
		{"rm -rf 2> /", nil},
	})
}

// TestMatchCommandOutputRedirectionIsNoOperand: a redirection of output
// the pattern does not name is no word a placeholder or a star takes, as
// bash gives the command none of it: "kubectl -n 2>/dev/null prod logs"
// runs kubectl -n prod logs, where the placeholder took "2>" for the
// namespace and the line matched no pattern naming "logs"; "mycmd >
// out" gives mycmd no operand, as "git push > log" gives git push none,
// which matched "git push *" while "git push" did not; nor is it the word
// a star between words takes ("curl * | sh" and "curl > f | sh", where
// curl is given no URL). Input a command
// reads from a file stays what a placeholder may stand for: "cat <file>"
// matches "cat < notes.txt". A here-document, a here-string or a
// descriptor names no file (bash gives "cat <<EOF" the argv of "cat"
// alone, as it does "cat < notes.txt", but no file stands for it): "cat
// <file>" matched "cat <<EOF > notes.txt", which writes the file, and "psql
// *" "psql <<EOF", its star taking the "<<EOF".
func TestMatchCommandOutputRedirectionIsNoOperand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "logs", Replaces: []string{"kubectl -n <ns> logs"}},
		{ID: "sql", Replaces: []string{"psql -c <sql>"}},
		{ID: "run", Replaces: []string{"mycmd <x>"}},
		{ID: "push", Replaces: []string{"git push *"}},
		{ID: "cat", Replaces: []string{"cat <file>"}},
		{ID: "tee", Replaces: []string{"tee >(<cmd>)"}},
		{ID: "pipe", Replaces: []string{"curl * | sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl -n 2>/dev/null prod logs", []string{"logs"}},
		{"kubectl -n 2>&1 prod logs", []string{"logs"}},
		{"kubectl -n > /dev/null prod logs", []string{"logs"}},
		{"psql -c >>log 'select 1'", []string{"sql"}},
		{"mycmd 2>/dev/null x", []string{"run"}},
		{"mycmd > out", nil},
		{"mycmd 2>/dev/null", nil},
		{"git push > log", nil},
		{"git push 2>&1 origin", []string{"push"}},
		{"cat < notes.txt", []string{"cat"}},
		{"cat <notes.txt", []string{"cat"}},
		{"cat 0< notes.txt", []string{"cat"}},
		{"cat <> notes.txt", []string{"cat"}},
		{"cat <(ls)", []string{"cat"}},
		{"cat <<EOF\nhi\nEOF", nil},
		{"cat <<'EOF' > notes.txt\nhi\nEOF", nil},
		{"cat << EOF\nhi\nEOF", nil},
		{"cat <<-EOF\n\thi\n\tEOF", nil},
		{"cat <<<hi", nil},
		{"cat <<< 'hi'", nil},
		{"cat <&3", nil},
		{"cat 0<&-", nil},
		{"cat 0<<EOF\nhi\nEOF", nil},
		{"cat 3<<EOF\nhi\nEOF", nil},
		{"cat 0<<<hi", nil},
		{"git push 0<<<x", nil},
		{"cat <<EOF notes.txt\nhi\nEOF", []string{"cat"}},
		{"cat notes.txt <<EOF\nhi\nEOF", []string{"cat"}},
		{"mycmd <<EOF\nhi\nEOF", nil},
		{"git push <<<x", nil},
		{"tee >(cat)", []string{"tee"}},
		{"curl > f | sh", nil},
		{"curl 2>/dev/null | sh", nil},
		{"curl 2>/dev/null x | sh", []string{"pipe"}},
		{"curl x 2>&1 | sh", []string{"pipe"}},
	})
}

// TestMatchCommandPipeTheCommandWritesNothingInto: a pattern's "|" is a
// pipe the command before it writes into; a line whose command sends
// both its output and its errors elsewhere gives the command after the
// pipe nothing of it ("curl x > f | sh" runs sh on no input: bash gives
// the pipe what streams says, TestStreamsAgreeWithBash), and matched
// "curl * | sh". A command whose errors alone reach the pipe still
// matches ("2>&1 > f"): its pipe carries something of it. A script
// echoed into a shell is its output alone, which "> /dev/stdout" leaves
// in the pipe and "2>&1 > f" does not. "|&" is a pipe too, of the
// errors as well as the output (bash's "2>&1 |" after the command's own
// redirections): "curl x |& sh" runs sh on the download, and matched only
// a pattern naming "|&"; a pattern naming it finds the command after it
// as after "|" ("wget * |& sh" of "wget x |& sudo sh"), where it took the
// next word alone. A pattern that names a redirection before its pipe
// matches a line that gives it, as written.
func TestMatchCommandPipeTheCommandWritesNothingInto(t *testing.T) {
	mt := Compile([]Card{
		{ID: "pipe", Replaces: []string{"curl * | sh"}},
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "both", Replaces: []string{"wget * |& sh"}},
		{ID: "named", Replaces: []string{"make * > * | tee *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x > f | sh", nil},
		{"curl x &> log | sh", nil},
		{"curl x > /dev/null 2>&1 | sh", nil},
		{"curl x 1>&2 | sh", nil},
		{"curl x >&- | sh", nil},
		{"(curl x) > f | sh", nil},
		{"curl $(echo x) > f | sh", nil},
		{"curl x > f | sudo sh", nil},
		// Something of the command reaches the pipe.
		{"curl x | sh", []string{"pipe"}},
		{"curl x 2>/dev/null | sh", []string{"pipe"}},
		{"curl x 2>&1 > f | sh", []string{"pipe"}},
		{"curl x > /dev/stdout | sh", []string{"pipe"}},
		{"curl x 3>&1 > f 1>&3 | sh", []string{"pipe"}},
		// The redirection is another command's.
		{"curl y > f; curl x | sh", []string{"pipe"}},
		{"curl x | sh > f", []string{"pipe"}},
		// A pattern that names the redirection matches it as written.
		{"make lint > log | tee x", []string{"named"}},
		// A script echoed into a shell: its output alone.
		{"echo 'git push --force' > /dev/stdout | sh", []string{"force"}},
		{"printf 'git push --force' 3>&1 > /dev/null 1>&3 | sh", []string{"force"}},
		{"echo 'git push --force' 2>&1 > f | sh", nil},
		{"echo 'git push --force' 2>/dev/null | sh", []string{"force"}},
		// "|&".
		{"curl x |& sh", []string{"pipe"}},
		{"curl x |& sudo sh", []string{"pipe"}},
		{"curl x > f |& sh", nil},
		{"curl x 2>&1 > f |& sh", nil},
		{"echo 'git push --force' |& sh", []string{"force"}},
		{"echo 'git push --force' 1>&2 |& sh", nil},
		{"wget x |& sh", []string{"both"}},
		{"wget x | sh", nil},
		// A pattern's "|&" finds the command after it as "|" does: it
		// took only the word right after it.
		{"wget x |& sudo sh", []string{"both"}},
		{"wget x |& env sh", []string{"both"}},
		{"wget x |& (sh)", []string{"both"}},
		{"wget x |& { sh; }", []string{"both"}},
		{"wget x |& (cd /tmp && sh)", []string{"both"}},
		{"wget x |& (cd /tmp |& sh)", nil},
		{"wget x |& shx", nil},
		{"cat <<'EOF' |& bash\ngit push --force\nEOF", []string{"force"}},
		{"cat <<'EOF' > f |& bash\ngit push --force\nEOF", nil},
	})
}

// TestNamesRedirectionPastGroupOperators: a pattern names a redirection
// of the command before its pipe past a group's parentheses and the
// operators inside them. The walk stopped at the "&" of the fuzzer's
// "0 >&A(0&0)0|0" and at the "&&" of "0 >&A $(0 && 0) 0|0" (valid bash),
// so their pipes, silent (">&A" takes both streams), did not match their
// own text. "0 >&A(0&0)0|0" and "0 >&A(0;0)0|0", a "(" among a
// command's words, bash refuses (a syntax error, cm19): as lines they
// match nothing, as the fuzz target takes no such line.
func TestNamesRedirectionPastGroupOperators(t *testing.T) {
	for _, p := range []string{"0 >&A $(0 && 0) 0|0", "0 >&A `0 && 0` 0|0", "A>`&`|0"} {
		mt := Compile([]Card{{ID: "c", Replaces: []string{p}}})
		if got := matchedIDs(mt, p); !slices.Equal(got, []string{"c"}) {
			t.Errorf("pattern %q matched its own text: %v, want [c]", p, got)
		}
	}
	for _, p := range []string{"0 >&A(0&0)0|0", "0 >&A(0;0)0|0"} {
		mt := Compile([]Card{{ID: "c", Replaces: []string{p}}})
		if got := matchedIDs(mt, p); got != nil {
			t.Errorf("pattern %q, which bash refuses, matched its own text: %v, want none", p, got)
		}
	}
}

// TestNamesRedirectionStopsAtOperators: the walk back from a pattern's
// pipe past a group stops at the operator before the group's command,
// so a redirection of an earlier command is not the pipe's: "echo > f;
// (curl *) | sh" does not match "echo > f; (curl x) >&A | sh", whose
// pipe carries nothing of the group (bash: sh runs on no download).
func TestNamesRedirectionStopsAtOperators(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"echo > f; (curl *) | sh"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo > f; (curl x) | sh", []string{"pipe"}},
		{"echo > f; (curl x) >&A | sh", nil},
	})
	// Nor past an operator inside a substitution to the one before its
	// command: "curl >&A $(a; b) | sh" pipes nothing of curl.
	mt = Compile([]Card{{ID: "subst", Replaces: []string{"echo > f; curl $(a; b) | sh"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo > f; curl $(a; b) | sh", []string{"subst"}},
		{"echo > f; curl >&A $(a; b) | sh", nil},
	})
}

// TestMatchCommandSilentPipeAfterSubstitution: a pattern's pipe right
// after a command substitution matches no pipe the command writes
// nothing into, as one after a word does: "curl >&A $(a) | sh" (bash:
// sh runs on no download) matched "curl $(a) | sh", whose "|" was
// matched as the operator after the ")" without asking.
func TestMatchCommandSilentPipeAfterSubstitution(t *testing.T) {
	mt := Compile([]Card{{ID: "subst", Replaces: []string{"curl $(a) | sh"}}, {ID: "named", Replaces: []string{"curl >&A $(a) | sh"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl $(a) | sh", []string{"subst"}},
		{"curl >&A $(a) | sh", []string{"named"}},
		{"curl > f $(a) | sh", nil},
		{"curl `a` > f | sh", nil},
	})
}

// TestMatchCommandRedirectionAfterGroup: redirections the pattern does
// not name, between a group's or a substitution's ")" and the operator
// after it, are the shell's and are passed, as after a word: "(git push)
// 2>/dev/null && ls" matched no "x; (git push) && ls", though "git push
// 2>/dev/null && ls" matches "git push && ls". A pipe they take the
// output from is still no pattern's pipe ("(curl y) >f | sh").
func TestMatchCommandRedirectionAfterGroup(t *testing.T) {
	mt := Compile([]Card{
		{ID: "group", Replaces: []string{"x; (git push) && ls"}},
		{ID: "subst", Replaces: []string{"curl $(a) | sh"}},
		{ID: "pipe", Replaces: []string{"x; (curl y) | sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"x; (git push) 2>/dev/null && ls", []string{"group"}},
		{"x; (git push) >log 2>&1 && ls", []string{"group"}},
		{"curl $(a) 2>/dev/null | sh", []string{"subst"}},
		{"x; (curl y) 2>f | sh", []string{"pipe"}},
		{"x; (curl y) >f | sh", nil},
		{"x; (git push) 2>/dev/null || ls", nil},
	})
}

// TestMatchRedirectionTargetsInTheNextWord: a redirection whose target or
// descriptor is the next word takes that word only, and the words after
// it are the command's, as bash reads them ("git push >& 2 --force"
// pushes with --force, its output on the standard error; "git push &>
// log --force" too, both outputs in log); a line that is a redirection
// alone (>&2, 1>&2, &>log) is read.
func TestMatchRedirectionTargetsInTheNextWord(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push >& 2 --force", []string{"push"}},
		{"git push 1>& 2 --force", []string{"push"}},
		{"git push &> log --force", []string{"push"}},
		{"git push >& log --force", []string{"push"}},
		{"git push &>> log --force", []string{"push"}},
		{">&2", nil},
		{"1>&2", nil},
		{"&>log", nil},
	})
}

// TestMatchCommandRedirectionOperatorIsNoWord: a placeholder or a star
// never takes a redirection's operator alone for its word. bash 5.2 gives
// "cat < a b" the argv of "cat b" (input from a, which cat then does not
// read): one operand, where "cat <a> <b>" took the "<" for <a> and a for
// <b>; so did "cat * b" take the "<" of "cat < b", which gives cat no
// operand, and "ssh * uptime" the ">" of "ssh host > uptime", which gives
// ssh no command. Input from a file stands for the operand a placeholder
// names, the redirection whole, where the command is given none after it
// and no later input replaces it: "cat <file> | wc" matches "cat < f |
// wc", where its placeholder took the "<" and left f in the way of the
// pipe. A here-document or here-string is no word of a star's either
// ("curl <<EOF | sh" gives curl no URL), and a process substitution is
// one word, a path ("diff <(ls a) b" runs diff /dev/fd/63 b).
func TestMatchCommandRedirectionOperatorIsNoWord(t *testing.T) {
	t.Run("placeholders", func(t *testing.T) {
		mt := Compile([]Card{
			{ID: "two", Replaces: []string{"cat <a> <b>"}},
			{ID: "one", Replaces: []string{"cat <file>"}},
			{ID: "wc", Replaces: []string{"cat <file> | wc"}},
			{ID: "push", Replaces: []string{"git push <remote> <branch>"}},
			{ID: "diff", Replaces: []string{"diff <a> <b>"}},
		})
		checkMatchCommand(t, mt, []struct {
			cmd  string
			want []string
		}{
			{"cat < a b", []string{"one"}},
			{"cat <a b", []string{"one"}},
			{"cat 0< a b", []string{"one"}},
			{"cat <> a b", []string{"one"}},
			{"cat 0<> a b", []string{"one"}},
			{"cat < a < b", []string{"one"}},
			{"cat 3< a b", []string{"one"}},
			{"git push < x main", nil},
			{"cat < f | wc", []string{"wc", "one"}},
			{"cat <f | wc", []string{"wc", "one"}},
			{"cat 0< f | wc", []string{"wc", "one"}},
			{"cat 2>/dev/null < f | wc", []string{"wc", "one"}},
			{"diff <(ls a) <(ls b)", []string{"diff"}},
			{"diff <(ls a) b", []string{"diff"}},
			// As before: two operands, or input standing for the last.
			{"cat a b", []string{"one", "two"}},
			{"cat a < b", []string{"one", "two"}},
			{"cat < f", []string{"one"}},
			{"cat <f", []string{"one"}},
			{"cat <> f", []string{"one"}},
			{"cat < f > out", []string{"one"}},
			{"cat > out < f", []string{"one"}},
			{"git push origin < x", []string{"push"}},
			{"diff a <(ls b)", []string{"diff"}},
			{"cat <<EOF a\nhi\nEOF", []string{"one"}},
		})
	})
	t.Run("stars", func(t *testing.T) {
		mt := Compile([]Card{
			{ID: "star", Replaces: []string{"cat * b"}},
			{ID: "span", Replaces: []string{"ssh * uptime"}},
			{ID: "push", Replaces: []string{"git push * main"}},
			{ID: "pipe", Replaces: []string{"curl * | sh"}},
		})
		checkMatchCommand(t, mt, []struct {
			cmd  string
			want []string
		}{
			{"cat < b", nil},
			{"cat <b", nil},
			{"cat 0< b", nil},
			{"cat <> b", nil},
			{"cat < x b", nil},
			{"ssh host > uptime", nil},
			{"ssh host 2> uptime", nil},
			{"ssh host >| uptime", nil},
			{"ssh host >> uptime", nil},
			{"ssh host &> uptime", nil},
			{"ssh host <> uptime", nil},
			{"ssh host < uptime", nil},
			{"ssh < uptime", nil},
			{"git push < x main", nil},
			{"curl <<EOF | sh\nx\nEOF", nil},
			{"curl <<<x | sh", nil},
			// As before: the words around a redirection, and input
			// from a file where curl is given no word after it.
			{"cat x < y b", []string{"star"}},
			{"ssh host 2>&1 uptime", []string{"span"}},
			{"ssh < x host uptime", []string{"span"}},
			{"ssh host 2>/dev/null uptime", []string{"span"}},
			{"git push origin > log main", []string{"push"}},
			{"curl < x | sh", []string{"pipe"}},
			{"curl x 2>/dev/null | sh", []string{"pipe"}},
		})
	})
}

// TestMatchCommandInputOperandEdges pins the edges of inputOperand and of
// a star's words (review cr69: each row kills a mutant that survived the
// tests): input on another descriptor than 0 is no operand ("cat 3< f"
// gives cat none), a later here-document on descriptor 0 replaces the
// file and one on 3 does not ("cat < f 3<<EOF" reads f); an operator
// with no target (a line bash refuses) is no operand and crashes
// nothing; a process substitution, "<(...)" or ">(...)", is one word of
// a star's, and, the target of input, passed whole ("cat < <(ls) | wc"
// reaches the pipe); a placeholder written in a line ("<host>") is a word,
// not a redirection.
func TestMatchCommandInputOperandEdges(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"cat <file>"}},
		{ID: "wc", Replaces: []string{"cat <file> | wc"}},
		{ID: "star", Replaces: []string{"cat * | wc"}},
		{ID: "span", Replaces: []string{"ssh * uptime"}},
		{ID: "diff", Replaces: []string{"diff * b"}},
		{ID: "tee", Replaces: []string{"tee * out.tar"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat 3< f", nil},
		{"cat < f 0<<EOF\nx\nEOF", nil},
		{"cat < f 3<<EOF\nx\nEOF", []string{"one"}},
		{"cat <", nil},
		{"cat < | wc", nil},
		{"cat <> | wc", nil},
		{"ssh <host> uptime", []string{"span"}},
		{"diff <(ls a) b", []string{"diff"}},
		{"diff < <(ls a) b", nil},
		{"cat < <(ls) | wc", []string{"star", "wc", "one"}},
		{"tee >(sha256sum > sum) out.tar", []string{"tee"}},
	})
}

// TestMatchCommandRedirectionsReadOneByOne: a run of redirections is read
// as each alone is (pastRedirections steps with pastRedirection), where
// the two readers differed: one passed a placeholder written in a line
// ("<x>") as a redirection, the other took it for a word, so that "cat <
// f <x>" gave cat two operands, f (the input, no word following it) and
// <x>; and one followed a process substitution through "&>"'s writing
// out ("&> >(tee log)" was read "> > 2>&1 (tee log)"), the other stopped at
// its group and missed a later input: bash 5.2 runs "cat < f &> >(tee
// log) 0< g" reading g, not f.
func TestMatchCommandRedirectionsReadOneByOne(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"cat <file>"}},
		{ID: "two", Replaces: []string{"cat <a> <b>"}},
		{ID: "f", Replaces: []string{"cat f*"}},
		{ID: "g", Replaces: []string{"cat g*"}},
		{ID: "wc", Replaces: []string{"cat * | wc"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat < f <x>", []string{"one"}},
		{"cat < f <x> | wc", []string{"wc", "one"}},
		{"cat < f &> >(tee log) 0< g", []string{"g", "one"}},
		{"cat < f &> >(tee log) 0< g | wc", []string{"g", "one"}}, // its output goes to tee, none to wc
		// As before: input after the placeholder's word is an operand
		// too, and input followed by no other stands for one.
		{"cat <x> < f", []string{"one", "two"}},
		{"cat < f &> >(tee log)", []string{"f", "one"}},
		{"cat < f", []string{"f", "one"}},
	})
}

// TestMatchCommandInputIsWhatTheCommandReads: input from a file stands for
// an operand only where it is the command's standard input once bash has
// applied the redirections in order (onStdin): "cat < a 0>&1" makes
// descriptor 0 a copy of the output, and bash 5.2 runs it with cat
// failing to read ("Bad file descriptor"), as it does "cat < a 0>out"
// and "cat < a <&-"; "cat <file>" matched them all, and "cat < a -n
// 0>&1" too, the redirection after an option. Descriptor 0 duplicated
// onto itself ("<&0") changes nothing: cat reads a.
func TestMatchCommandInputIsWhatTheCommandReads(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"cat <file>"}},
		{ID: "f", Replaces: []string{"cat f*"}},
		{ID: "wc", Replaces: []string{"cat * | wc"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat < f 0>&1", nil},
		{"cat < f 0>& 1", nil},
		{"cat 0< f 0>&2", nil},
		{"cat < f 0>out", nil},
		{"cat < f -n 0>&1", nil},
		{"cat < f 0>&1 | wc", nil},
		{"cat < f <&0", []string{"f", "one"}},
		{"cat < f 0<&0", []string{"f", "one"}},
		// As before: another descriptor's redirection, one before the
		// input, or one that closes or moves 0 before it.
		{"cat < f >&0", []string{"f", "one"}},
		{"cat < f 2>&0", []string{"f", "one"}},
		{"cat 0>&1 < f", []string{"f", "one"}},
		{"cat <&- < f", []string{"f", "one"}},
		{"cat < f <&-", nil},
		{"cat < f -n", []string{"f", "one"}},
		{"cat < f | wc", []string{"wc", "f", "one"}},
	})
}

// TestMatchCommandRedirectionFindsItsCounterpart: each redirection the
// pattern names finds the line's, past others the pattern does not name
// before it, one at a time: "make all 2> <log>" did not match "make all >
// out 2> err", the run "> out 2> err" passed over whole for the "2>" the
// pattern wants, nor "psql * < *.sql" "psql db 2>/dev/null < d.sql".
func TestMatchCommandRedirectionFindsItsCounterpart(t *testing.T) {
	mt := Compile([]Card{
		{ID: "err", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <log>"}},
		{ID: "both", Replaces: []string{"make all > <o> 2> <e>"}},
		{ID: "in", Replaces: []string{"psql * < *.sql"}},
		{ID: "lint", Replaces: []string{"make > <file> lint"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all > out 2> err", []string{"both", "err", "out"}},
		{"make all 2> err > out", []string{"both", "err", "out"}},
		{"make all 2>/dev/null > out", []string{"both", "err", "out"}},
		{"make all 3> x 2> err", []string{"err"}},
		{"make all > out 3> x 2> err", []string{"both", "err", "out"}},
		{"psql db 2>/dev/null < d.sql", []string{"in"}},
		{"psql db > out < d.sql", []string{"in"}},
		{"make 2> e > out lint", []string{"lint"}},
		// As before: the one the pattern names, first, or none.
		{"make all 2> err", []string{"err"}},
		{"make all > out", []string{"out"}},
		{"make all 3> x", nil},
		{"make all 2>&1", nil},
	})
}

// TestMatchCommandBothOutputsToASubstitution: "&>", "&>>" or ">&" to a
// process substitution sends both outputs to it, its target whole, as
// bash reads "make &> >(tee log) lint" (make lint, its output and errors
// to tee): written out as "> > 2>&1 (tee log)", the "2>&1" between the
// target's ">" and its group, the substitution was no target a
// placeholder took, and "make > <file> lint" did not match it, where it
// matched "make > >(tee log) lint"; it is now "> >(tee log) 2>&1".
func TestMatchCommandBothOutputsToASubstitution(t *testing.T) {
	mt := Compile([]Card{
		{ID: "lint", Replaces: []string{"make > <file> lint"}},
		{ID: "both", Replaces: []string{"make >& <file>"}},
		{ID: "dup", Replaces: []string{"make > <file> 2>&1 lint"}},
		{ID: "app", Replaces: []string{"make >> <file> lint"}},
		{ID: "pipe", Replaces: []string{"curl * | sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make &> >(tee log) lint", []string{"dup", "both", "lint"}},
		{"make >& >(tee log) lint", []string{"dup", "both", "lint"}},
		{"make &>> >(tee log) lint", []string{"app"}},
		{"make &> >(tee >(gzip > a) &> >(cat)) lint", []string{"dup", "both", "lint"}},
		{"make &> >(tee log)", []string{"both"}},
		// As before: a file, a substitution of the output alone, and a
		// pipe its output does not reach.
		{"make &> log lint", []string{"dup", "both", "lint"}},
		{"make > >(tee log) lint", []string{"lint"}},
		{"curl x &> >(tee log) | sh", nil},
	})
}
