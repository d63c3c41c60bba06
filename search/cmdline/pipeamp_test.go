package cmdline

import (
	"os/exec"
	"testing"
)

// TestPipeAmpersandApart pins how "| &" written apart reads, a line bash
// refuses: within a line refusedFrom refuses it (a "&" where a command
// must start; afterPipe would take it for "|&"), continuesAfter does not
// take it for one at a line's end (see continuesAfter), while "|&" glued
// reads as a pipe both ways. Where bash is installed, it is asked (bash -n)
// that it refuses the lines read differently and runs the others.
func TestPipeAmpersandApart(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}})
	rows := []struct {
		line        string
		match, bash bool
	}{
		{"curl x |& sh", true, true},
		{"curl x |&\nsh", true, true},
		{"curl x | & sh", false, false},
		{"curl x | &\nsh", false, false},
	}
	bash, _ := exec.LookPath("bash")
	for _, r := range rows {
		if got := len(mt.Find(r.line)) > 0; got != r.match {
			t.Errorf("Find(%q): a match %v, want %v", r.line, got, r.match)
		}
		if bash == "" {
			continue
		}
		err := exec.Command(bash, "-n", "-c", r.line).Run()
		if _, failed := err.(*exec.ExitError); err != nil && !failed {
			t.Fatal(err)
		}
		if (err == nil) != r.bash {
			t.Errorf("bash -n %q: runs %v, the table says %v", r.line, err == nil, r.bash)
		}
	}
}
