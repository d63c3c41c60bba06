package cmdline

import "testing"

// TestMatchCommandInputOperandReview pins edges of inputOperand's scan
// for a later redirection of the standard input (review cr70, checked
// against bash 5.2): "0>&0" duplicates 0 onto itself and changes nothing
// ("cat < a 0>&0" reads a), as "<&0" and "0<&0" do; the scan ends at the
// command's end, so the input of the next command of a pipeline or list
// ("cat < a | cat < g", "cat < a; cat 0>&1") does not replace a. bash
// reads a descriptor written with leading zeros as its number, "00" as 0
// ("cat < f 00>&1" fails reading, "cat < f <&00" reads f).
func TestMatchCommandInputOperandReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"cat <file>"}},
		{ID: "f", Replaces: []string{"cat f*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat < f 0>&0", []string{"f", "one"}},
		{"cat 0< f 0>&0", []string{"f", "one"}},
		{"cat < f 0>&1", nil},
		{"cat < f | cat < g", []string{"f", "one"}},
		{"cat < f; cat 0>&1", []string{"f", "one"}},
		{"cat < f && cat < g", []string{"f", "one"}},
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

// TestMatchCommandDashDashReview pins which "--" lets a placeholder take
// a word that looks like an option (review cr70): a runner's "--" hands
// over to the command it runs, whose options stay options, so "kubectl
// exec <pod> <a> <b>" does not take ls's -la for <b>; a "--" that is an
// option's argument ("grep -e -- -i x", glued) ends no options, grep's
// -i staying an option.
func TestMatchCommandDashDashReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "kx", Replaces: []string{"kubectl exec <pod> <a> <b>"}},
		{ID: "dx", Replaces: []string{"docker exec <c> <a> <b>"}},
		{ID: "grep", Replaces: []string{"grep -e <pat> <a> <b>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl exec db-0 -- ls -la", nil},
		{"docker exec db -- ls -la", nil},
		{"grep -e -- -i x", nil},
		// As before: operands on both sides.
		{"kubectl exec db-0 -- ls /tmp", []string{"kx"}},
		{"grep -e -- x y", []string{"grep"}},
	})
}

// TestMatchCommandBothOutputsToAnInputSubstitution: "&>" to "<(...)",
// whose path bash opens for writing as any other target (bash 5.2: "echo
// hi &> <(cat)" exits 0), is written out with its "2>&1" after the group
// too, the substitution being the target whole (review cr70: substitutedGroupEnd
// without its "<" case survived every test).
func TestMatchCommandBothOutputsToAnInputSubstitution(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make > <file> lint"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make &> <(tee log) lint", []string{"make"}},
		{"make &> >(tee log) lint", []string{"make"}},
	})
}

// TestMatchCommandDashDashPastTheFirst: a "--" past the command's first
// is an operand, which a placeholder takes (review cr70; bash 5.2: "cat
// -- -- a" reads the files "--" and a, "cat -- a --" a and "--"): "cat
// <a> <b>" did not match either, passing the second "--" over as the
// first. The first is still no operand, nor a runner's.
func TestMatchCommandDashDashPastTheFirst(t *testing.T) {
	mt := Compile([]Card{
		{ID: "two", Replaces: []string{"cat <a> <b>"}},
		{ID: "named", Replaces: []string{"cat -- <a> <b>"}},
		{ID: "three", Replaces: []string{"cat <a> <b> <c>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat -- -- a", []string{"named", "two"}},
		{"cat -- a --", []string{"named", "two"}},
		{"cat -- -- -- a", []string{"named", "two", "three"}},
		{"cat -- a", nil},
		{"cat a --", nil},
	})
}

// TestMatchCommandBothOutputsNested: an "&>" to a process substitution
// inside the group of another's has its "2>&1" written out after its own
// group, the innermost first, not after the outer one (review cr70:
// splitRedirections flushing the outermost held "2>&1" survived every
// test): "tee &> >(cat) log" inside "make &> >(...)" is "tee > >(cat)
// 2>&1 log".
func TestMatchCommandBothOutputsNested(t *testing.T) {
	mt := Compile([]Card{
		{ID: "tee", Replaces: []string{"tee > <f> 2>&1 log"}},
		{ID: "make", Replaces: []string{"make > <file> lint"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make &> >(tee &> >(cat) log) lint", []string{"tee", "make"}},
		{"tee &> >(cat) log", []string{"tee"}},
	})
}
