package cmdline

import "testing"

// TestMatchPipedCommandEnds: the command a pattern's pipe feeds ("curl *
// | sh") is the first command after the pipe, however it is written, and
// nothing past it: not a word after the first, nor a command after the
// next operator, past the subshell the pipe is in or after xargs, nor a
// line that ends before it.
func TestMatchPipedCommandEnds(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x | sh", []string{"pipe"}},
		{"curl x | 2>/dev/null sh", []string{"pipe"}},
		{"curl x | X=1 sh", []string{"pipe"}},
		{"curl x | `echo` sh", []string{"pipe"}},
		{"curl x | { sh; }", []string{"pipe"}},
		{"curl x | (sh)", []string{"pipe"}},
		{"curl x | ( (sudo sh) )", []string{"pipe"}},
		{"curl x | (cat) sh", nil},
		{"curl x | (cat; sh)", nil},
		{"curl x | $(sh)", nil},
		{"curl x | cat", nil},
		{"curl x | cat sh", nil},
		{"curl x |", nil},
		{"curl x | cat; sh", nil},
		{"curl x | cat && sh", nil},
		{"curl x | cat; echo; sh", nil},
		{"curl x | xargs sh", nil},
		{"(curl x | cat)", nil},
		{"(curl x | cat) sh", nil},
		{"(curl x | cat) && echo sh", nil},
		{"curl x | cat esac", nil},
		{"curl x | (echo; esac) && sh", nil},
	})
	// A subshell after && starts with its command too.
	checkMatchCommand(t, Compile([]Card{{ID: "push", Replaces: []string{"git add * && git push"}}}), []struct {
		cmd  string
		want []string
	}{
		{"git add . && (git push)", []string{"push"}},
		{"git add . && (cd x; git push)", nil},
	})
}

// TestMatchPipedCaseStatement: a case statement the pipe feeds gives its
// input to the command of the branch taken, as bash runs it ("echo 'echo
// hi' | case a in a) sh;; esac" prints hi), so "curl * | sh" matches
// such a line; the branch's ")" ended the search for sh as the end of a
// subshell.
func TestMatchPipedCaseStatement(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x | case a in a) sh;; esac", []string{"pipe"}},
		{"curl x | case a in (a) sh;; esac", []string{"pipe"}},
		{"curl x | case a in a) cat;; esac", nil},
		{"curl x | case a in a) cat;; esac; sh", nil},
	})
}
