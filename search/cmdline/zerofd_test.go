package cmdline

import "testing"

// TestMatchCommandZeroPaddedDescriptor: bash reads a descriptor written
// with leading zeros as its number, "00" as 0 (checked against bash 5.2:
// "cat < f 00>&1" fails reading, "cat < f <&00" reads f). The input
// stands for an operand as it does for the descriptor written "0".
func TestMatchCommandZeroPaddedDescriptor(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"cat <file>"}},
		{ID: "f", Replaces: []string{"cat f*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat < f 0>&1", nil},
		{"cat < f 00>&1", nil},
		{"cat < f 000>out", nil},
		{"cat < f <&00", []string{"f", "one"}},
		{"cat < f 00<&0", []string{"f", "one"}},
		{"cat < f 0>&00", []string{"f", "one"}},
		{"cat 00< f", []string{"f", "one"}},
		{"cat < f 10>&1", []string{"f", "one"}},
		{"cat < f 3>&0", []string{"f", "one"}},
	})
}
