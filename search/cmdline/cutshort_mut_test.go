package cmdline

import (
	"context"
	"testing"
)

// TestMatchLinesCutShort: a line cut short inside a quote, an escape, a
// substitution or an arithmetic expansion (bash -n: "unexpected EOF") is
// read to its end without a panic, as an agent may send one (as is one
// ending at a redirection without its target, or in a process
// substitution after one, where a word the command is given may go);
// lines that end at a "$", "\" or "&" or start at "&>" are read as bash
// reads them.
func TestMatchLinesCutShort(t *testing.T) {
	mt := Compile([]Card{
		{ID: "echo", Replaces: []string{"echo <a>"}},
		{ID: "sleep", Replaces: []string{"sleep <n>"}},
		{ID: "psql", Replaces: []string{"psql app"}},
		{ID: "push", Replaces: []string{"git push"}},
	})
	for _, line := range []string{`echo "$`, `echo $((1)`, `echo "a\`, `echo $(`, `echo '`, `echo "`,
		`echo $'a`, `echo ${`, "echo `", `echo $((`, `echo "$((1)"`, `echo "$(`, `echo "$((1)`, `echo "$((1`, `echo "$(((1)`, "cat <<EOF $((1)",
		"psql --dbname=app <", "git --x=1 2> >(tee log", "psql --dbname=app 2> >(tee"} {
		if _, err := mt.Match(context.Background(), line, 0); err != nil {
			t.Errorf("Match(%q) = %v", line, err)
		}
	}
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"sleep 1 &", []string{"sleep"}},
		{"&>log echo x", []string{"echo"}},
		{"echo $((1))", []string{"echo"}},
		{`echo "a\\"`, []string{"echo"}},
		{`echo a\`, []string{"echo"}},
		{`echo \`, []string{"echo"}},
	})
}
