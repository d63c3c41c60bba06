package cmdline

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// TestMatchCommandAgreesWithBash: on command lines whose effect bash was
// seen to have (testdata/cmdline-bash), the matcher says what bash did,
// except on the lines marked known. A change that makes any other line
// disagree is a regression: the reviews of the remote and substitution
// readers found several that the table tests did not.
func TestMatchCommandAgreesWithBash(t *testing.T) {
	f, err := os.Open("../../testdata/cmdline-bash/lines.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	matchers := map[string]*Matcher{}
	var lines, known, fixed int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		var row struct {
			Pattern string `json:"pattern"`
			Line    string `json:"line"`
			Bash    int    `json:"bash"`
			Known   bool   `json:"known"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		mt := matchers[row.Pattern]
		if mt == nil {
			mt = Compile([]Card{{ID: "x", Replaces: []string{row.Pattern}}})
			matchers[row.Pattern] = mt
		}
		lines++
		agrees := (len(mt.Find(row.Line)) > 0) == (row.Bash == 1)
		switch {
		case row.Known && agrees:
			fixed++
			t.Logf("now agrees with bash (remove its known mark): %q", row.Line)
		case row.Known:
			known++
		case !agrees:
			t.Errorf("Find(%q) with pattern %q disagrees with bash, which ran it: %v", row.Line, row.Pattern, row.Bash == 1)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines < 1000 {
		t.Fatalf("%d lines read, want the 3,000 of the file", lines)
	}
	t.Logf("%d lines: %d agree with bash, %d known to disagree, %d marked known now agree", lines, lines-known-fixed, known, fixed)
}
