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
		"echo $(date)/x", "a`b`c", "2>&1 x", "FOO=$(a):$(b) cmd", "echo '|' \"a|b\"", "$'a\\'b'|c", "a #c\nb", "echo $(date)#x; b", "(a)#x\nb", "echo `d`#x"} {
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
