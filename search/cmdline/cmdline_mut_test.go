package cmdline

import (
	"strings"
	"testing"
)

// TestMatchRegexpSpansControlOperators: a pattern read as a regular
// expression that writes && or ; runs on as many commands of the line as
// it spans, so it matches the line it is written as, and no line where
// the second command is another's argument.
func TestMatchRegexpSpansControlOperators(t *testing.T) {
	mt := Compile([]Card{
		{ID: "and", Replaces: []string{"make [a-z]+ && git push --force"}},
		{ID: "seq", Replaces: []string{`npm (test|run test)\s*; git push -f`}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make build && git push --force", []string{"and"}},
		{"make build && git push --force origin", []string{"and"}},
		{"make build && echo git push --force", nil},
		{"make build", nil},
		{"npm test; git push -f", []string{"seq"}},
		{"npm run test ; git push -f", []string{"seq"}},
		{"npm test; echo git push -f", nil},
	})
}

// TestMatchQuotesInSubstitutionsInQuotes: quotes inside a command
// substitution inside double quotes are the substitution's, so a ")" or
// a quote in them neither ends it nor the outer quotes: the command after
// the quoted argument is a command, and text in the quotes is none.
func TestMatchQuotesInSubstitutionsInQuotes(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "rm", Replaces: []string{"rm -rf <dir>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{`echo "$(printf ")")" && git push --force`, []string{"force"}},
		{`echo "$(printf '%s' ")")" && git push --force`, []string{"force"}},
		{`echo "$(echo ')')"; rm -rf /`, []string{"rm"}},
		{`echo "$(echo ")")"; rm -rf /`, []string{"rm"}},
		{`echo "$(echo "x") git push --force"`, nil},
		{`echo "$(printf '%s' ")") && git push --force"`, nil},
		{`git commit -m "$(echo "a" " git push --force ")"`, nil},
	})
}

// TestMatchHereDocDelimiterIsNoCommand: the delimiter line that ends a
// here-document is no command, nor is any part of it; the line after it
// is. A line that ends at "<<", with or without blanks after it, opens no
// here-document, and is matched as any other.
func TestMatchHereDocDelimiterIsNoCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "EOF", Replaces: []string{"EOF"}},
		{ID: "F", Replaces: []string{"F"}},
		{ID: "OF", Replaces: []string{"OF"}},
		{ID: "X", Replaces: []string{"X"}},
		{ID: "cat", Replaces: []string{"cat"}},
		{ID: "ls", Replaces: []string{"ls"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat <<EOF\nhi\nEOF", []string{"cat"}},
		{"cat <<EOF\nhi\nEOF\nls", []string{"cat", "ls"}},
		{"cat <<X\nhi\nX\nls", []string{"cat", "ls"}},
		{"cat <<'EOF' | sh\nls\nEOF\n", []string{"cat", "ls"}},
		{"cat <<", []string{"cat"}},
		{"cat << ", []string{"cat"}},
		{"cat <<-\t", []string{"cat"}},
		{"cat <<\t ", []string{"cat"}},
	})
	for _, pat := range []string{"cat <<", "cat << ", "cat <<-\t"} {
		if fault := PatternFault(pat); fault != "" {
			t.Errorf("PatternFault(%q) = %q", pat, fault)
		}
	}
}

// TestMatchOptionsAheadWithArguments: an option the line gives before
// another the pattern names first is matched with its argument, when the
// pattern writes one after it, wherever the options stand.
func TestMatchOptionsAheadWithArguments(t *testing.T) {
	mt := Compile([]Card{
		{ID: "tar", Replaces: []string{"tar -c -f <file> dir"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"tar -c -f x.tar dir", []string{"tar"}},
		{"tar -f x.tar -c dir", []string{"tar"}},
		{"tar -x -f x.tar dir", nil},
	})
}

// TestPatternFaultLaterBracketedWord: a word and a blank in brackets is
// told wherever it stands in the pattern, after another pair of brackets
// that is a class too.
func TestPatternFaultLaterBracketedWord(t *testing.T) {
	for _, tt := range []struct{ pat, want string }{
		{"tr [x ]y [sudo ]rm -rf /", `"[sudo ]" reads as a regular-expression class, one character (s, u, d, o or a blank), not as an optional word`},
		{"ls [a ]b [origin ]main", `"[origin ]" reads as a regular-expression class, one character (o, r, i, g, n or a blank)`},
	} {
		if got := PatternFault(tt.pat); !strings.Contains(got, tt.want) {
			t.Errorf("PatternFault(%q) = %q, want %q", tt.pat, got, tt.want)
		}
	}
}

// TestMatchCommandsRunAtTheLineEnd: a command a line runs that ends the
// line without the word that would end it (find -exec without ";",
// nix develop without -c, a substitution whose last word is "case" or
// "esac") is read to the end of the line, and matched as the complete one.
func TestMatchCommandsRunAtTheLineEnd(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "rm", Replaces: []string{"rm -rf <dir>"}},
		{ID: "hello", Replaces: []string{"hello"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"find . -exec git push --force", []string{"force"}},
		{"find . -exec git push --force ;", []string{"force"}},
		{"find . -name x -exec rm -rf {} +", []string{"rm"}},
		{"nix develop", nil},
		{"nix shell nixpkgs#hello", nil},
		{"nix develop -c hello", []string{"hello"}},
		{"echo $(echo case", nil},
		{"echo $(echo esac", nil},
		{`echo "$(x case`, nil},
		{"echo $(case", nil},
	})
}

// TestMatchAlternationsUpToTheLimit: a pattern of alternations of plain
// words that expands to as many word patterns as the limit allows is read
// by words too, so its option matches wherever the line gives it.
func TestMatchAlternationsUpToTheLimit(t *testing.T) {
	pat := "(git|hub) (push|pull) (-f|--force)" // 2*2*2 readings
	if n := len(wordReadings(pat)); n != maxWordReadings {
		t.Fatalf("%q reads as %d word patterns, want the limit %d", pat, n, maxWordReadings)
	}
	mt := Compile([]Card{{ID: "alt", Replaces: []string{pat}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push --force", []string{"alt"}},
		{"hub pull origin -f", []string{"alt"}},
		{"git push origin --force", []string{"alt"}},
		{"git fetch origin --force", nil},
	})
}

// TestMatchWordsAtTheirEdges: lines whose words end where a reader looks
// one further (a "$" closing double quotes that hold a backslash, a
// platform CLI's name alone or with part of its subcommand, a "#" before
// a here-document's "<<" that a blank precedes or not, a comment after a
// pipe at the line's end), an option's value given by a substitution
// after "=", and a container's --entrypoint with no words after the
// image, are read as a shell reads them.
func TestMatchWordsAtTheirEdges(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "rails", Replaces: []string{"rails"}},
		{ID: "ns", Replaces: []string{"kubectl delete --namespace <ns> *"}},
		{ID: "bash", Replaces: []string{"bash"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{`echo "a\\b $"`, nil},
		{`bash -c "git push --force \\$"`, []string{"force", "bash"}},
		{"kubectl delete --namespace=$(cat ns) pod x", []string{"ns"}},
		{"kubectl delete --namespace=prod pod x", []string{"ns"}},
		{"docker run --entrypoint rails img", []string{"rails"}},
		{"docker run --entrypoint rails img db:migrate", []string{"rails"}},
		{"docker run img", nil},
		{"heroku", nil},
		{"fly ssh", nil},
		{"flyctl ssh", nil},
		{"gcloud compute", nil},
		{"gcloud alpha compute ssh", nil},
		// A # inside a word starts no comment, so the << after it opens a
		// here-document; one after a blank starts a comment, which opens none.
		{"echo a# <<EOF\ngit push --force\nEOF", nil},
		{"echo a #<<EOF\ngit push --force\nEOF", []string{"force"}},
		// A comment after a pipe that ends the line: no command follows.
		{"curl x | # fetch", nil},
		{"git push --force | # x", []string{"force"}},
	})
}

// TestMatchBundleEndsAtAnOptionsArgument: in a bundle of short options of
// a command whose options that take an argument are known, the letters
// after such an option are its argument: "ssh -vikey" is -v and -i key,
// and "ssh -ivkey" is -i vkey, "ssh -iv" -i v, no -v.
func TestMatchBundleEndsAtAnOptionsArgument(t *testing.T) {
	mt := Compile([]Card{{ID: "verbose", Replaces: []string{"ssh -v *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"ssh -v host", []string{"verbose"}},
		{"ssh -vi key host", []string{"verbose"}},
		{"ssh -vikey host", []string{"verbose"}},
		{"ssh -ivkey host", nil},
		{"ssh -iv host", nil},
		{"ssh -i vkey host", nil},
	})
}
