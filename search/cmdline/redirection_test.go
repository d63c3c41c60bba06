package cmdline

import "testing"

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
// reads stays what a placeholder may stand for: "cat <file>" matches
// "cat < notes.txt".
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
		{"tee >(cat)", []string{"tee"}},
		{"curl > f | sh", nil},
		{"curl 2>/dev/null | sh", nil},
		{"curl 2>/dev/null x | sh", []string{"pipe"}},
		{"curl x > f | sh", []string{"pipe"}},
	})
}
