package validate

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeListsEveryRule keeps the README's rule table in step with Rules:
// a row for every rule, with its severity and summary, and no other row.
func TestReadmeListsEveryRule(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][2]string{} // id → severity, summary
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| ([a-z]+) \\| (.*) \\|$").FindAllStringSubmatch(string(data), -1) {
		rows[m[1]] = [2]string{m[2], m[3]}
	}
	seen := map[string]bool{}
	for _, r := range Rules {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
		row, ok := rows[r.ID]
		if !ok {
			t.Errorf("README.md has no table row for rule %s", r.ID)
			continue
		}
		if row[0] != string(r.Severity) {
			t.Errorf("README.md gives rule %s severity %s; it is %s", r.ID, row[0], r.Severity)
		}
		if want := strings.ReplaceAll(r.Summary, "|", `\|`); row[1] != want {
			t.Errorf("README.md row for rule %s says\n\t%s\nRules says\n\t%s", r.ID, row[1], want)
		}
	}
	for id := range rows {
		if !seen[id] {
			t.Errorf("README.md has a row for %s, which is no rule", id)
		}
	}
}

// TestReadmeMarkerExamplesAreCode: the README quotes every marker form in
// code spans; read as a workflow is (it is a *.md file), it declares
// nothing and has no finding. A backtick that CommonMark pairs otherwise
// than its writer meant (`<span title="`">`, whose code span ends at the
// title's backtick) shifted every span after it in its paragraph, and
// left a tag example opening a line outside code: a marker-syntax error
// here, and text rendered as code and code as text on GitHub.
func TestReadmeMarkerExamplesAreCode(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if mk, diags := ParseMarker("README.md", data); mk != nil || len(diags) != 0 {
		t.Errorf("README.md read as a workflow: marker %v, findings %v", mk != nil, diags)
	}
}
