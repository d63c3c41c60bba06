package cmdline

import (
	"context"
	"testing"
)

// TestMatchLinesCutShort: a line cut short inside a quote, an escape, a
// substitution or an arithmetic expansion (bash -n: "unexpected EOF") is
// read to its end without a panic, as an agent may send one; lines that
// end at a "$", "\" or "&" or start at "&>" are read as bash reads them.
func TestMatchLinesCutShort(t *testing.T) {
	mt := Compile([]Card{
		{ID: "echo", Replaces: []string{"echo <a>"}},
		{ID: "sleep", Replaces: []string{"sleep <n>"}},
	})
	for _, line := range []string{`echo "$`, `echo $((1)`, `echo "a\`, `echo $(`, `echo '`, `echo "`,
		`echo $'a`, `echo ${`, "echo `", `echo $((`, `echo "$((1)"`, `echo "$(`, `echo "$((1)`, `echo "$((1`, `echo "$(((1)`, "cat <<EOF $((1)"} {
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
