package validate

import (
	"fmt"
	"strings"
	"testing"
)

// cr74Findings is every finding of src, all in file, as "rule line:col
// message", compared by prefix with want, in order.
func cr74Findings(t *testing.T, src *Sources, file string, want []string) {
	t.Helper()
	got := fileFindings(t, src, file)
	if len(got) != len(want) {
		t.Fatalf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	for i := range got {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d:\n\tgot  %s\n\twant %s…", i, got[i], want[i])
		}
	}
}

// TestRejectedBlockWithoutAStepChecksItsPoints: a gsd:loop-host block
// rejected because its step: line is missing has no step to judge its
// roles by, but each of its points is still checked as a canonical one
// (checkRejectedMarker), in the same run; a canonical point is not
// (discuss:pre, PointIndex 0, included). A mutant that never reported
// them there passed every test (cr74 review of f80f0686).
func TestRejectedBlockWithoutAStepChecksItsPoints(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		hosts [][3]string
		want  []string
	}{
		{"a point misspelt", "workflows/verify-work.md", [][3]string{{"verify-work.md", "step: verify\npoints: verify:pre, verify:post", "points: verify:pre, verify:pst"}}, []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'step:'",
			`point-unknown 2:21 "verify:pst" is not a canonical loop point (did you mean "verify:post"?)`}},
		{"the first canonical point, and a role of another family", "workflows/discuss-phase.md", [][3]string{{"discuss-phase.md", "step: discuss\npoints: discuss:pre, discuss:post\nagent-roles: orchestrator", "points: discuss:pre, discuss:post\nagent-roles: planner"}}, []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'step:'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), tt.file, tt.want)
		})
	}
}

// TestKeyGivenTwiceIsNotRead: a gsd:loop-host key given twice is told
// (marker-duplicate-key) and neither of its values is read, the first
// no more than the second: which was meant is unknown, so the block's
// other checks (checkRejectedMarker) judge neither. A mutant reading the
// first passed every test, the sample's first value being the right one
// (cr74 review of f80f0686).
func TestKeyGivenTwiceIsNotRead(t *testing.T) {
	const file = "workflows/verify-work.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"the step, the first unknown", [][3]string{{"verify-work.md", "step: verify\n", "step: verfy\nstep: verify\n"}}, []string{
			"marker-duplicate-key 3:1 duplicate key 'step' in gsd:loop-host block (first at line 2)"}},
		{"the points, the first misspelt", [][3]string{{"verify-work.md", "points: verify:pre, verify:post\n", "points: verify:pre, verify:pst\npoints: verify:pre, verify:post\n"}}, []string{
			"marker-duplicate-key 4:1 duplicate key 'points' in gsd:loop-host block (first at line 3)"}},
		{"the agent-roles, the first of another family", [][3]string{{"verify-work.md", "agent-roles: orchestrator\n", "agent-roles: planner\nagent-roles: orchestrator\n"}}, []string{
			"marker-duplicate-key 5:1 duplicate key 'agent-roles' in gsd:loop-host block (first at line 4)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), file, tt.want)
		})
	}
}

// TestLookAlikeLineBeforeTheKeyIsNotRead: a block line writing a key with
// a colon look-alike is ignored by gsd-core, which reads the key from
// the line writing it with the colon; so does capreg, whichever comes
// first: no marker-duplicate-key, nor the look-alike's value read, for a
// block gsd-core accepts. A mutant reading the look-alike line when it
// comes first passed every test, whose look-alike lines all came after
// (cr74 review of 083c9fa6).
func TestLookAlikeLineBeforeTheKeyIsNotRead(t *testing.T) {
	const fw = "\uff1a"
	tests := []struct {
		name  string
		hosts [][3]string
	}{
		{"step, another before it", [][3]string{{"verify-work.md", "step: verify", "step" + fw + " verfy\nstep: verify"}}},
		{"points, a misspelt point before it", [][3]string{{"verify-work.md", "points: verify:pre, verify:post", "points" + fw + " verify:pst\npoints: verify:pre, verify:post"}}},
		{"consumes, before and after", [][3]string{{"verify-work.md", "consumes: SUMMARY.md", "consumes" + fw + " NOTHING.md\nconsumes: SUMMARY.md\nconsumes" + fw + " NOTHING.md"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), "workflows/verify-work.md", nil)
		})
	}
}

// TestLookAlikeKeyLineAndTheLineAfter: a block key read through a colon
// look-alike is read as the key would be with the colon: the step is a
// scalar, so a line after it is no continuation of a list to warn of
// (marker-continued-line), where a list key's is; and a key the block
// writes twice with a look-alike, and never with the colon, stands at
// its first line, where its finding is told. Mutants dropping either
// passed every test (cr74 review of 083c9fa6).
func TestLookAlikeKeyLineAndTheLineAfter(t *testing.T) {
	const fw = "\uff1a"
	lookAlike := func(k string, line int) string {
		return fmt.Sprintf("marker-syntax %d:1 gsd:loop-host block is missing required field '%s:': this line writes it with '\uff1a' (U+FF1A)", line, k)
	}
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"the step, then a word", [][3]string{{"verify-work.md", "step: verify\n", "step" + fw + " verify\nverify-more\n"}}, []string{lookAlike("step", 2)}},
		{"the step with the colon, then a word", [][3]string{{"verify-work.md", "step: verify\n", "step: verify\nverify-more\n"}}, nil},
		{"produces, then a word", [][3]string{{"verify-work.md", "produces: UAT.md\n", "produces" + fw + " UAT.md,\nREPORT.md\n"}}, []string{
			lookAlike("produces", 5),
			`marker-continued-line 6:1 this line is not read: gsd-core reads a gsd:loop-host field from its own line only, so "REPORT.md" is no part of 'produces:' (line 5)`}},
		{"the step twice", [][3]string{{"verify-work.md", "step: verify\n", "step" + fw + " verify\nstep" + fw + " verify\n"}}, []string{lookAlike("step", 2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), "workflows/verify-work.md", tt.want)
		})
	}
}

// TestEveryKeyLookAlikeFindingOrder: the one finding of a block whose
// every key is written with a colon look-alike stands at the first of
// those lines and names them in line order, not the order of the keys;
// a block holding one such key and no other is told as one key is, at
// its line, beside the fields missing, not as a block "writing none of
// its keys with a colon". Mutants dropping either passed every test
// (cr74 review of 083c9fa6).
func TestEveryKeyLookAlikeFindingOrder(t *testing.T) {
	const fw = "\uff1a"
	const block = "step: verify\npoints: verify:pre, verify:post\nagent-roles: orchestrator\nproduces: UAT.md\nconsumes: SUMMARY.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"every key, points first", [][3]string{{"verify-work.md", block,
			"points" + fw + " verify:pre, verify:post\nstep" + fw + " verify\nagent-roles" + fw + " orchestrator\nproduces" + fw + " UAT.md\nconsumes" + fw + " SUMMARY.md"}}, []string{
			"marker-syntax 2:1 gsd:loop-host block writes none of its keys with a colon: 'points' (line 2), 'step' (line 3), 'agent-roles' (line 4), 'produces' (line 5), 'consumes' (line 6) are each followed by"}},
		{"one key, alone", [][3]string{{"verify-work.md", block, "step" + fw + " verify"}}, []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'agent-roles:'",
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'consumes:'",
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'points:'",
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			"marker-syntax 2:1 gsd:loop-host block is missing required field 'step:': this line writes it with '\uff1a' (U+FF1A)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr74Findings(t, gate4Repo(t, nil, tt.hosts), "workflows/verify-work.md", tt.want)
		})
	}
}
