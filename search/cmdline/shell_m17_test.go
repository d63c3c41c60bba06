package cmdline

import (
	"slices"
	"testing"
)

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
