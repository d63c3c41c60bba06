package cmdline

import "testing"

// TestMatchCommandDashDashIsNoOperand: a line's "--" ends the command's
// options and is no operand, so a placeholder never takes it: "cat <a>
// <b>" matched "cat -- a" (and "cat a --"), <a> taking the "--", where
// bash 5.2 gives cat the one operand a; "kill -9 <pid>" matched "kill -9
// --", which kills nothing (kill prints its usage). A "--" the pattern
// does not name is passed over where only operands are wanted, and past
// it a word that looks like an option is an operand, which a placeholder
// takes: "kill -9 <pid>" matches "kill -9 -- -4242" (the process group
// 4242), "cat <file>" "cat -- -n" (bash: "cat: -n: No such file"). A
// runner's "--" hands over to the command it runs, whose options stay
// options ("kubectl exec db-0 -- pg_dump -Fc app"); a quoted "--" is one
// to cat too; one that is an option's argument ("grep -e -- x") is a
// word; a star, which takes options too, still takes a "--".
func TestMatchCommandDashDashIsNoOperand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "two", Replaces: []string{"cat <a> <b>"}},
		{ID: "one", Replaces: []string{"cat <file>"}},
		{ID: "named", Replaces: []string{"cat -- <file>"}},
		{ID: "kill", Replaces: []string{"kill -9 <pid>"}},
		{ID: "rm", Replaces: []string{"rm -f <f>"}},
		{ID: "rmstar", Replaces: []string{"rm -f *"}},
		{ID: "grep", Replaces: []string{"grep -e <pat> <file>"}},
		{ID: "pipe", Replaces: []string{"cat -- <file> | wc <f>"}},
		{ID: "dump", Replaces: []string{"kubectl exec * -- pg_dump <db> > <file>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat -- a", []string{"named", "one"}},
		{"cat a --", []string{"one"}},
		{"cat --", nil},
		{"cat '--' a", []string{"named", "one"}},
		{"kill -9 --", nil},
		{"rm -f --", []string{"rmstar"}},
		{"cat -- -n", []string{"named", "one"}},
		{"cat -- -a -b", []string{"named", "one", "two"}},
		{"cat -- a | wc -l", []string{"named", "one"}}, // wc's -l is an option
		{"cat -- a | wc -- -l", []string{"pipe", "named", "one"}},
		// As before: operands on either side of the "--", one past it
		// that looks like an option, and a runner's.
		{"cat -- a b", []string{"named", "one", "two"}},
		{"cat a -- b", []string{"one", "two"}},
		{"kill -9 -- -4242", []string{"kill"}},
		{"kill -9 -- 4242", []string{"kill"}},
		{"rm -f -- x", []string{"rm", "rmstar"}},
		{"grep -e -- x", []string{"grep"}},
		{"kubectl exec db-0 -- pg_dump -Fc app > app.dump", []string{"dump"}},
	})
}

// TestMatchCommandDashDashAfterARunners: a runner's first "--" hands over
// to the command it runs, whose options stay options, and a "--" after
// it ends that command's options as any command's does (bash 5.2 gives
// kubectl the argv [kubectl exec db-0 -- ls -- -la], and ls lists the
// file -la): "kubectl exec <pod> <a> <b>" matches "kubectl exec db-0 --
// ls -- -la", where no "--" of a runner's line made an operand of a word
// that looks like an option. A third "--" is an operand, as "cat -- --
// a" reads the file "--". One after the first word of the command docker
// or ssh runs is that command's ("docker exec db ls -- -la": docker reads
// no "--" after the container; see TestMatchCommandRunnersCommandDashDash).
func TestMatchCommandDashDashAfterARunners(t *testing.T) {
	mt := Compile([]Card{
		{ID: "kx", Replaces: []string{"kubectl exec <pod> <a> <b>"}},
		{ID: "kxd", Replaces: []string{"kubectl exec <pod> -- ls -- <f>"}},
		{ID: "kx3", Replaces: []string{"kubectl exec <pod> <a> <b> <c>"}},
		{ID: "ssh", Replaces: []string{"ssh <host> <a> <b>"}},
		{ID: "dx", Replaces: []string{"docker exec <c> <a> <b>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl exec db-0 -- ls -- -la", []string{"kxd", "kx"}},
		{"kubectl exec db-0 -- ls -- x", []string{"kxd", "kx"}},
		{"kubectl exec db-0 -- ls -- -- -la", []string{"kxd", "kx", "kx3"}},
		{"ssh -- host ls -- -la", []string{"ssh"}},
		// As before: the runner's first "--" leaves ls's -la an option.
		{"kubectl exec db-0 -- ls -la", nil},
		{"ssh host -- ls -la", nil},
		{"docker exec db ls -la", nil},
		// The command's "--" (TestMatchCommandRunnersCommandDashDash).
		{"docker exec db ls -- -la", []string{"dx"}},
	})
}

// TestMatchCommandValueIsNoDashDash: a pattern's "--" matches only a word
// of the line that is "--" as bash gives it after quote removal, not the
// "--" of an option's value: bash 5.2 gives cat the argv [cat --x=-- a]
// for "cat --x=-- a", which ends no options, where "cat -- <file>" matched
// it. So for the other words a value's text stood for: a "--" value
// passed over ended the options ("cat --x a <f>" matched "cat --x=-- a
// -n", taking cat's -n for <f>, and "cat --x=-- a b", where "cat --x=foo
// a b" is no match, the value of an option the pattern names being no
// word passed over), and a value ">" was the pattern's
// redirection ("cat > <f>" matched "cat --x='>' f": argv [cat --x=> f],
// no output redirected). A quoted "--" is one still, and a pattern's
// "--x=--" matches the value.
func TestMatchCommandValueIsNoDashDash(t *testing.T) {
	mt := Compile([]Card{
		{ID: "named", Replaces: []string{"cat -- <file>"}},
		{ID: "rm", Replaces: []string{"rm -f -- <f>"}},
		{ID: "valued", Replaces: []string{"cat --x a <f>"}},
		{ID: "redir", Replaces: []string{"cat > <f>"}},
		{ID: "value", Replaces: []string{"cat --x=-- <f>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat --x=-- a", []string{"value"}},
		{"cat --x=-- -- a", []string{"value", "named"}},
		{"rm -f --x=-- a", nil},
		{"rm -f --x=-- -- a", []string{"rm"}},
		{"cat --x=-- a -n", []string{"value"}},
		{"cat --x='>' f", nil},
		{`cat --x=\> f`, nil},
		{`cat --x=">" f`, nil},
		{"cat --x=-- a b", []string{"value"}},
		// As before.
		{"cat --x=foo a b", nil},
		{"cat '--' a", []string{"named"}},
		{"cat -- a", []string{"named"}},
		{"cat > f", []string{"redir"}},
		{"cat --x -- a", []string{"value", "named"}},
	})
}
