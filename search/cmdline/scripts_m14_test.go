package cmdline

import "testing"

// TestMatchScriptsM14: what a shell reads as its script when sudo runs
// one from its input (its -s or -i bundled after options, as sudo's
// getopt reads them: "sudo -Es", "sudo -Hi") and when cat prints a
// here-document as a script ("$(cat - <<'EOF' ... EOF)" prints it as
// "$(cat <<'EOF' ...)" does). Each was checked against bash and sudo
// 1.9.13 on this machine.
func TestMatchScriptsM14(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// sudo -E -s, bundled: the shell reads the piped script.
		{"echo 'git push --force' | sudo -Es", []string{"push"}},
		{"echo 'git push --force' | sudo -EHs", []string{"push"}},
		// sudo -H -i, bundled: the login shell reads the here-document.
		{"sudo -Hi <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		{"sudo -kHi <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		// -u takes the rest of the word: "-usam" is user "sam", no -s.
		{"echo 'git push --force' | sudo -usam", nil},
		// cat - prints its input, the here-document, as cat does.
		{"bash -c \"$(cat - <<'EOF'\ngit push --force\nEOF\n)\"", []string{"push"}},
		{"bash -c \"$(cat <<'EOF'\ngit push --force\nEOF\n)\"", []string{"push"}},
		// cat given a file as well prints more than the here-document.
		{"bash -c \"$(cat - notes.txt <<'EOF'\ngit push --force\nEOF\n)\"", nil},
		// A backtick substitution inside double quotes runs its
		// command only; the text after its closing backtick, or after
		// an empty pair of them, is the quoted word's ("echo \"``
		// git push --force\"" prints " git push --force").
		{"echo \"`date +%Y` git push --force\"", nil},
		{"echo \"`` git push --force\"", nil},
		{"echo \"`git push --force` done\"", []string{"push"}},
		// bash's --init-file takes the next word; --login and --norc
		// take none, so -c after them is read.
		{"bash --init-file /dev/null -c 'git push --force'", []string{"push"}},
		{"bash --login -c 'git push --force'", []string{"push"}},
		{"bash --norc --noprofile -c 'git push --force'", []string{"push"}},
		// An option of su's or script's that takes an argument takes the
		// rest of its word, whose letters are no -c ("-gcdrom" is the
		// group cdrom), and no next word: the -c after it gives the
		// script. A "-cmd.log" that starts the rest is the log file.
		{"su -gcdrom -c 'git push --force'", []string{"push"}},
		{"su -Gdocker -c 'git push --force'", []string{"push"}},
		{"script -q -Bcmd.log -c 'git push --force'", []string{"push"}},
	})
	mt = Compile([]Card{{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// find runs each -exec's command in turn: the second starts
		// right after the ";" or "+" that ends the first.
		{`find . -name tmp -exec echo {} \; -exec rm -rf {} +`, []string{"rmrf"}},
		{"find . -name tmp -exec echo {} + -exec rm -rf {} ';'", []string{"rmrf"}},
		{`find . -name tmp -exec echo {} \; -exec ls {} +`, nil},
		// Two command lookups in a row are each the command's name:
		// "$(command -v env) $(command -v rm) -rf x" runs env rm -rf x.
		{"$(command -v env) $(command -v rm) -rf build", []string{"rmrf"}},
		{"$(which sudo) $(which rm) -rf build", []string{"rmrf"}},
		// A lookup left open runs nothing: bash reads no line of it
		// ("unexpected EOF while looking for matching `)'").
		{"$(which", nil},
		{"$(which rm", nil},
		{"$(which rm 2>/dev/null", nil},
		// xargs gives the command its input as operands unless a
		// replace string is given, past options that take a value, glued
		// ("-afiles.txt", "-n1") or in the next word ("-n 1"): with -I and
		// no {} in the command, rm -rf is given no operand.
		{"xargs -afiles.txt rm -rf", []string{"rmrf"}},
		{"ls | xargs -n 1 -I {} rm -rf", nil},
		{"ls | xargs -n1 -I{} rm -rf", nil},
		{"ls | xargs -0 -I{} rm -rf", nil},
		{"ls | xargs -0 rm -rf", []string{"rmrf"}},
		// A here-string with no word is a syntax error: nothing runs.
		{"bash <<<", nil},
		{"echo x | cat <<<", nil},
		// cat given a file after its here-string prints the file, not
		// the here-string; "-" is its input, the here-string.
		{"cat <<< 'rm -rf build' notes.txt | sh", nil},
		{"cat <<< 'rm -rf build' - | sh", []string{"rmrf"}},
		// echo of only options prints no script.
		{"echo -n | sh", nil},
		{"echo -e -n | bash", nil},
		// echo prints a "-" alone: the shell runs a command "-".
		{"echo - rm -rf build | sh", nil},
		// printf as bash's prints: "--" ends its options; a width
		// pads the operand; a conversion past the operands prints
		// nothing, and the format is printed again only for operands
		// left over; a "%" at the end prints nothing.
		{"printf | sh", nil},
		{"printf 2>/dev/null | sh", nil},
		{"printf -- 'rm -rf build\\n' | sh", []string{"rmrf"}},
		{"printf '%-3s -rf build\\n' rm | sh", []string{"rmrf"}},
		{"printf '%s -rf %s\\n' rm | sh", nil},
		{"printf '%s -rf build %' rm | sh", []string{"rmrf"}},
		{"printf '%s rm -rf build\\n' echo | sh", nil},
		// git's -c takes the next word, --no-pager none: the
		// subcommand after them is rebase, whose --exec runs.
		{"git -c user.name=a --no-pager rebase --exec 'rm -rf build' HEAD~1", []string{"rmrf"}},
		{"git --no-pager rebase -x 'rm -rf build' main", []string{"rmrf"}},
	})
}
