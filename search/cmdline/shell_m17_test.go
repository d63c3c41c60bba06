package cmdline

import "testing"

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
