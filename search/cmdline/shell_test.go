package cmdline

import (
	"reflect"
	"slices"
	"testing"
)

// TestShellTokensJoined checks which tokens the tokenizer marks as
// written touching the one before.
func TestShellTokensJoined(t *testing.T) {
	tests := []struct {
		line   string
		joined []string // the texts of the joined tokens, in order
	}{
		{"git push", nil},
		{"docker run -v $(pwd):/app node", []string{"pwd", ")", ":/app"}},
		{"TAG=$(date)-dev make", []string{"$(", "date", ")", "-dev"}},
		{"ssh ubuntu@`terraform output ip` uptime", []string{"`", "terraform", "`"}},
		{"a|b&&c;d", []string{"|", "b", "&&", "c", ";", "d"}},
		{"echo 'a b'\"c\" x", nil}, // one word
		{"echo $( date ) x", nil},
		{"curl x |\nsh", nil},
		{"a\nb", nil},
		{"cat <<<$(date)", []string{"$(", "date", ")"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tok := range shellTokens(tt.line) {
			if tok.joined {
				got = append(got, tok.text)
			}
		}
		if !slices.Equal(got, tt.joined) {
			t.Errorf("shellTokens(%q): joined %q, want %q", tt.line, got, tt.joined)
		}
	}
}

// FuzzSpaceOperators checks that the tokens spaceOperators returns are
// those of shellTokens on the spaced line, at the same offsets, so that a
// regexp pattern and the words read the same command: only joined, which
// the spaces hide, may differ.
func FuzzSpaceOperators(f *testing.F) {
	for _, s := range []string{"", "curl x|sh", "|sh", "a && b", "curl x | # fetch\nsh", "curl x |\n sh", "x;", "(cd a)",
		"echo $(date)/x", "a`b`c", "2>&1 x", "FOO=$(a):$(b) cmd", "echo '|' \"a|b\"", "$'a\\'b'|c", "a #c\nb", "echo $(date)#x; b", "(a)#x\nb", "echo `d`#x",
		"\u00a0git push", "x|sh\u00a0", "\u3000|sh"} { // a Unicode space is a word's text, not trimmed as a blank
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		line = collapseLines(line) // as splitCommandLine gives it
		spaced, got := spaceOperators(line)
		want := shellTokens(spaced)
		for i := range got {
			got[i].joined = false
		}
		for i := range want {
			want[i].joined = false
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("spaceOperators(%q) = %q with tokens\n%+v\nwant shellTokens of it:\n%+v", line, spaced, got, want)
		}
	})
}

// TestMatchCommandGluedSubstitutions: text written touching a command
// substitution is part of its word, whatever the text starts with; the
// matcher once guessed it from a first ":", "@" or "/".
func TestMatchCommandGluedSubstitutions(t *testing.T) {
	checkMatchCommand(t, pushAndMigrate(), []struct {
		cmd  string
		want []string
	}{
		// An assignment's value goes on after the substitution.
		{"TAG=$(git describe)-dev git push --force", []string{"push"}},
		{"FOO=$(true)x git push --force", []string{"push"}},
		{"FOO=`date`.log rails db:migrate", []string{"migrate"}},
		// Apart, it is the command's name, which may print nothing.
		{"FOO= $(true) git push --force", []string{"push"}},
		// A command's name goes on after it: "a", then "brails".
		{"$(echo a b)rails db:migrate", nil},
		{"`date`rails db:migrate", nil},
		// ssh's destination: the command is the word after it.
		{"ssh u$(echo x) rails db:migrate", []string{"migrate"}},
		{"ssh u`hostname` 'rails db:migrate'", []string{"migrate"}},
		{"ssh deploy-$(cat .env)-1 rails db:migrate", []string{"migrate"}},
		// One word of quoted text and substitutions, read by the remote
		// shell: it runs rails after echo.
		{"ssh $(whoami)@h \"echo \"$(date)\"; rails db:migrate\"", []string{"migrate"}},
		{"ssh -i $(pwd)/key h \"cd \"$(pwd)\" && rails db:migrate\"", []string{"migrate"}},
		// An option's value that looks like an assignment is a word of
		// the command, with its substitution: the command goes on.
		{"docker exec -e FOO=$(cat .env) app rails db:migrate", []string{"migrate"}},
		{"docker run -e TAG=`git describe` img sh -c 'rails db:migrate'", []string{"migrate"}},
		{"ssh -o ProxyCommand=$(cat proxy) host rails db:migrate", []string{"migrate"}},
		{"echo 'rails db:migrate' | ssh host -o X=$(echo x) cat", nil},
		{"env FOO=$(date) git push --force", []string{"push"}},
		// In a command run here too: the substitution and the text
		// touching it are one word, an option's value or an operand.
		{"git -C $(pwd) push --force", []string{"push"}},
		{"git -C $(pwd)/repo push --force", []string{"push"}},
		{"git -C repo-$(date +%s) push --force", []string{"push"}},
		{"sudo -u $(id -un)-deploy git push --force", []string{"push"}},
		{"sudo --user=$(whoami) git push --force", []string{"push"}},
		{"env HOME=$(pwd)/home git push --force", []string{"push"}},
		{"timeout $(echo 30)s git push --force", []string{"push"}},
		{"flock $(pwd)/.lock git push --force", []string{"push"}},
		{"echo $(pwd)/x git push --force", nil},
		// An option holding its value, and a command's path, so read.
		{"sudo -u$(whoami) git push --force", []string{"push"}},
		{"nice -n$(echo 5) git push --force", []string{"push"}},
		{"sudo $(pwd)/bin/git push --force", []string{"push"}},
		{"sudo -u $(whoami) $(pwd)/bin/rails db:migrate", []string{"migrate"}},
		{"env RAILS_ENV=production $(pwd)/bin/rails db:migrate", []string{"migrate"}},
		{"ssh -oPort=$(echo 22) h rails db:migrate", []string{"migrate"}},
		{"docker exec -eX=$(echo 1) app rails db:migrate", []string{"migrate"}},
		// A # after a substitution is more of its word, after a
		// subshell a comment.
		{"echo $(date)#x; git push --force", []string{"push"}},
		{"echo `date`#x; git push --force", []string{"push"}},
		{"TAG=$(date +%s)#build; git push --force", []string{"push"}},
		{"(cd /tmp)#x; git push --force", nil},
		// Substitutions touching each other are one word; apart, two.
		{"ssh $(echo h)$(echo i) rails db:migrate", []string{"migrate"}},
		{"ssh $(echo h)`echo i` rails db:migrate", []string{"migrate"}},
		{"kubectl exec deploy/web-$(echo a)$(echo b) -- rails db:migrate", []string{"migrate"}},
		{"docker run img:$(echo a)$(echo b) rails db:migrate", []string{"migrate"}},
		{"ssh host $(echo echo)$(echo x) rails db:migrate", nil},
		{"ssh -p $(echo 22) $(echo host) rails db:migrate", []string{"migrate"}},
		{"docker exec $(echo a) $(echo b) rails db:migrate", nil},
		// Apart, a substitution is a word of its own.
		{"ssh h $(echo x) rails db:migrate", nil},
		{"docker exec $(docker ps -q) rails db:migrate", []string{"migrate"}},
	})
}

// pushAndMigrate is a matcher of two cards, for lines in which the
// command is git push or rails db:migrate, as in testdata/cmdline-bash.
func pushAndMigrate() *Matcher {
	return Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "migrate", Replaces: []string{"rails db:migrate"}},
	})
}

// TestMatchRegexpStopsAtComment: a pattern read as a regular expression
// is run on its command's text up to a comment, which starts at a # after
// a blank outside quotes: a # inside double quotes, '…' or $'…' (where
// \' escapes a quote) is the argument's and is matched, as bash reads
// each line (echo prints the text after the # for the first four). A
// one-word command line that starts with a quote is read for a comment
// from its first byte.
func TestMatchRegexpStopsAtComment(t *testing.T) {
	mt := Compile([]Card{
		{ID: "amend", Replaces: []string{"echo .*--amend.*$"}},
		{ID: "ls", Replaces: []string{"ls.*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{`echo "x # --amend"`, []string{"amend"}},
		{`echo 'x # --amend'`, []string{"amend"}},
		{`echo $'a # --amend'`, []string{"amend"}},
		{`echo $'a\' # --amend'`, []string{"amend"}},
		{`echo x # --amend`, nil},
		{`echo $x # --amend`, nil},
		{`echo 'a\' # --amend`, nil},
		{`echo "a\" # --amend"`, []string{"amend"}},
		{`'ls' # x`, []string{"ls"}},
	})
}

// TestMatchShellWordsAtTheirEdges: lines that end in a lone "$" or in
// "<$" are read without a panic ("echo $" prints "$"), and a bundle of
// short options splits at the first letter that takes an argument after
// any letter a to z of either case before it: "curl -aXDELETE" is curl
// -a -X DELETE, "mkdir -Zm755 d" is mkdir -Z -m 755 d.
func TestMatchShellWordsAtTheirEdges(t *testing.T) {
	mt := Compile([]Card{
		{ID: "echo", Replaces: []string{"echo <a>"}},
		{ID: "cat", Replaces: []string{"cat <file>"}},
		{ID: "del", Replaces: []string{"curl -X DELETE *"}},
		{ID: "mode", Replaces: []string{"mkdir -m 755 *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo $", []string{"echo"}},
		{"cat <$", []string{"cat"}},
		{"curl -aXDELETE http://x", []string{"del"}},
		{"curl -XDELETE http://x", []string{"del"}},
		{"mkdir -Zm755 d", []string{"mode"}},
		{"mkdir -pm755 d", []string{"mode"}},
		{"mkdir -pm 755 d", []string{"mode"}},
	})
}

// TestMatchCommentsEndAtTheLine: a comment ends at its line's end, even
// one that is a lone "#", and one inside a command substitution hides
// the ")" on its line, so the substitution's next line is a command (bash
// runs both "git push"es); a bundle of maxLineBundle short options is
// split ("rm -vfrdI" gives -f); ">&" ending a line takes no word.
func TestMatchCommentsEndAtTheLine(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rm", Replaces: []string{"rm -f *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo a #\ngit push --force", []string{"push"}},
		{"echo \"$(echo a # ) here\ngit push --force\n)\"", []string{"push"}},
		{"echo \"$(echo a ) # here\ngit push --force\n)\"", nil},
		{"echo \"$(echo a #) here\ngit push --force\n)\"", []string{"push"}},
		{"rm -vfrdI x", []string{"rm"}},
		{"echo x >&", nil},
	})
}

// TestMatchCommandValueOfSubstitutions pins that a second substitution
// glued into an assignment's value ("PATH=$(pwd)/bin:$(go env
// GOPATH)/bin") is more of that value, so the command after the
// assignment is read (bash: "A=$(echo a):$(echo b)/x git push --force"
// runs git). feedOperands puts a fed word before that substitution, the
// ":" before it being no assignment, and the value check took the fed
// word for the word before it: the substitution was read as a command's
// name with "/bin" glued to it, which swallowed the words after it, and
// the line matched nothing. An assignment written as an argument
// ("echo A=…") still runs only echo.
func TestMatchCommandValueOfSubstitutions(t *testing.T) {
	mt := Compile([]Card{{ID: "force", Replaces: []string{"git push --force"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"PATH=$(pwd)/bin:$(go env GOPATH)/bin git push --force", []string{"force"}},
		{"A=$(a):$(b)/x git push --force", []string{"force"}},
		{"A=$(a):$(b) git push --force", []string{"force"}},
		{"A=`a`:`b`/x git push --force", []string{"force"}},
		{"FOO=$(a)/x BAR=$(b)/y git push --force", []string{"force"}},
		{"echo A=$(a):$(b)/x git push --force", nil},
	})
}

// TestMatchCommandSubstitutionsAsArguments pins how the commands around
// and after a command substitution are read (commandSpan,
// argumentSubstitutions, argumentWords, lastOutside), each row checked
// against bash 5.2:
//   - an assignment written after echo's words is one of its arguments,
//     and so is its substitution: "echo A=1 B=$(date) git push --force"
//     prints, it pushes nothing;
//   - "esac" written as an argument inside a substitution closes no case
//     statement, and the ")" after it closes the substitution, so the
//     words after it are echo's ("echo $(echo esac) git push --force"
//     prints);
//   - inside backticks, a case statement whose pattern is "esac"
//     ("a|esac)") runs its branch: its ")" ends the pattern, not the
//     backticks, and git pushes;
//   - a shell named by a substitution's output with a path glued to it
//     ("sudo $(pwd)/bin/sh") reads the here-document or pipe it is given
//     as its script; sudo -s given a command to run does not, the input
//     being that command's;
//   - "sh -s" reads its script from its input whatever its arguments,
//     here a substitution's output;
//   - xargs gives its input to the command after a line's substitutions
//     ("echo $(a) | xargs git branch -d" deletes the branches echo
//     prints);
//   - a line that leaves a substitution open is a syntax error to bash,
//     which runs nothing.
func TestMatchCommandSubstitutionsAsArguments(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "del", Replaces: []string{"git branch -d *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo A=1 B=$(date) git push --force", nil},
		{"A=1 B=$(date) git push --force", []string{"force"}},
		{"echo $(echo esac) git push --force", nil},
		{"echo `case esac in a|esac) git push --force;; esac`", []string{"force"}},
		{"sudo $(pwd)/bin/sh <<EOF\ngit push --force\nEOF", []string{"force"}},
		{"echo 'git push --force' | sudo $(pwd)/bin/sh", []string{"force"}},
		{"sudo -s -u $(whoami) $(pwd)/bin/x <<EOF\ngit push --force\nEOF", nil},
		{"echo 'git push --force'|sh -s $(a)", []string{"force"}},
		{"echo $(a) | xargs git branch -d", []string{"del"}},
		{"X=$(", nil},
		{"echo $(", nil},
	})
}

// TestArgumentSubstitutionsKinds pins, token by token, which
// substitutions argumentSubstitutions takes for arguments (end) and which
// for an assignment's value (valueEnds), and that argumentWords gives
// nils for a line of no argument substitution, as its callers expect of
// the lines most are. After "FOO=$(a)x", more of FOO's value, "BAR=$(b)"
// is an assignment too (bash assigns both and runs git), and "$(b)" its
// value; in "A=$(a):$(b)/x" both substitutions are the value.
func TestArgumentSubstitutionsKinds(t *testing.T) {
	tests := []struct {
		line      string
		args      map[int]int // an argument's opening token: its closing one
		valueEnds []int
	}{
		{"FOO=$(a)x BAR=$(b) git push --force", map[int]int{}, []int{3, 8}},
		{"A=$(a):$(b)/x git push --force", map[int]int{}, []int{3, 7}},
		{"FOO=$(date) git push --force", map[int]int{}, []int{3}},
		{"echo $(date) x", map[int]int{1: 3}, nil},
		{"echo `a` `b`", map[int]int{1: 3, 4: 6}, nil},
	}
	for _, tt := range tests {
		toks := shellTokens(tt.line)
		subs := argumentSubstitutions(toks)
		if subs == nil {
			t.Errorf("argumentSubstitutions(%q) = nil", tt.line)
			continue
		}
		for i, end := range subs.end {
			want, ok := tt.args[i]
			if !ok {
				want = -1 // no argument opens there
			}
			if end != want {
				t.Errorf("argumentSubstitutions(%q).end[%d] = %d, want %d", tt.line, i, end, want)
			}
		}
		var ends []int
		for i, v := range subs.valueEnds {
			if v {
				ends = append(ends, i)
			}
		}
		if !slices.Equal(ends, tt.valueEnds) {
			t.Errorf("argumentSubstitutions(%q).valueEnds at %v, want %v", tt.line, ends, tt.valueEnds)
		}
		words, at, from := argumentWords(toks, subs)
		if none := len(tt.args) == 0; (words == nil) != none || (at == nil) != none || (from == nil) != none {
			t.Errorf("argumentWords(%q) gave %d words, nil %v %v %v; want nils just when no substitution is an argument",
				tt.line, len(words), words == nil, at == nil, from == nil)
		}
	}
}

// TestShellTokensTexts pins how the tokenizer splits lines at the edges
// of its cases, where a reading off by one byte changes the words a
// pattern sees: an escaped ">" before "|" is text, so the "|" is a pipe;
// a "}" no "${" opened does not keep a redirection in its word; a "#"
// at the line's second byte starts a comment; a ")" closing a "$(" after
// a subshell closed inside it keeps a "#" after it in the word; a
// placeholder after a quote is copied into the word.
func TestShellTokensTexts(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{`\>|x`, []string{">", "|", "x"}},
		{"echo }>out", []string{"echo", "}", ">out"}},
		{" # rm -rf /", nil},
		{"echo $( (a) )#x", []string{"echo", "$(", "(", "a", ")", ")", "#x"}},
		{"echo 'x'<file>", []string{"echo", "x<file>"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tok := range shellTokens(tt.line) {
			got = append(got, tok.text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("shellTokens(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestShellTokensNotJoinedAfterNothing pins that a word is joined only to
// a token before it: the first word of a line, or the first after a
// newline, is not, even where it starts at the line's second byte.
func TestShellTokensNotJoinedAfterNothing(t *testing.T) {
	for _, line := range []string{" x", "\nx", "a\n\nx"} {
		for _, tok := range shellTokens(line) {
			if tok.joined {
				t.Errorf("shellTokens(%q): %q joined, want none", line, tok.text)
			}
		}
	}
}

// TestShellTokensQuoted pins which words the tokenizer marks quoted: one
// that starts with a quote or is an ANSI-C quote ($'...'), not one whose
// quote comes after its first byte, nor a plain expansion ($HOME).
func TestShellTokensQuoted(t *testing.T) {
	tests := []struct {
		line string
		want []bool
	}{
		{"echo a'b'", []bool{false, false}},
		{"echo $HOME", []bool{false, false}},
		{"echo $'c'", []bool{false, true}},
		{"echo 'c'", []bool{false, true}},
	}
	for _, tt := range tests {
		var got []bool
		for _, tok := range shellTokens(tt.line) {
			got = append(got, tok.quoted)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("shellTokens(%q): quoted %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestSplitArgumentsAtEdges pins splitShortArguments where a word it
// looks at is the line's first or last, or is not plain: a "--" that
// starts the line, a find -exec command or a kill that ends it with an
// option that wants a word after it, a kill's -s whose signal is quoted
// or looks like an option (which are not read as one word), and the
// offset of an argument split from its option's word.
func TestSplitArgumentsAtEdges(t *testing.T) {
	tests := []struct {
		line string
		want []string // texts, with glued ones marked by a trailing "+"
	}{
		{"-- rm -rf x", []string{"--", "rm", "-rf", "x"}},
		{"find . -exec grep -e -e", []string{"find", ".", "-exec", "grep", "-e", "-e+"}},
		{"kill -s", []string{"kill", "-s"}},
		{"kill -n", []string{"kill", "-n"}},
		{"kill -s 'KILL' 1", []string{"kill", "-s", "KILL", "1"}},
		{"kill -s -9 1", []string{"kill", "-s", "-9+", "1"}},
		{"kill -s KILL 1", []string{"kill", "-KILL", "1"}},
	}
	for _, tt := range tests {
		toks, _ := splitArgumentsAt(shellTokens(tt.line), true)
		var got []string
		for _, tok := range toks {
			s := tok.text
			if tok.glued {
				s += "+"
			}
			got = append(got, s)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("splitArgumentsAt(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestSplitShortArgumentsOffsets pins the offset in the line of the
// argument split from its short option's word ("DELETE" of
// "-XDELETE"), which is where the argument is written, after the letter.
func TestSplitShortArgumentsOffsets(t *testing.T) {
	toks, _ := splitArgumentsAt(shellTokens("curl -XDELETE x"), true)
	want := []struct {
		text string
		off  int
	}{{"curl", 0}, {"-X", 5}, {"DELETE", 7}, {"x", 14}}
	if len(toks) != len(want) {
		t.Fatalf("splitArgumentsAt: %d tokens, want %d", len(toks), len(want))
	}
	for i, w := range want {
		if toks[i].text != w.text || toks[i].off != w.off {
			t.Errorf("token %d = %q at %d, want %q at %d", i, toks[i].text, toks[i].off, w.text, w.off)
		}
	}
}
