package cmdline

import "testing"

// TestMatchCommandArrayWordsNoCommand: the words of an array assignment
// ("a=(fi done)") are the array's, not a command's, and bash 5.2 -n
// accepts "fi", "done", "then" or "esac" there; the matcher read the "("
// as a command's start and refused the line, make included.
func TestMatchCommandArrayWordsNoCommand(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash -n: accepted; make runs.
		{"a=(fi done); make all", []string{"make"}},
		{"x=(then); make all", []string{"make"}},
		{"declare -a x=(fi); make all", []string{"make"}},
		{"a+=(esac); make all", []string{"make"}},
		// bash -n: syntax error near unexpected token; nothing runs.
		{"make all;(fi)", nil},
		{"a= (fi); make all", nil},
		{"a=(x) (fi); make all", nil},
	})
}
