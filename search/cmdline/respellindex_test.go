package cmdline

import "testing"

// TestMatchCommandRespellingKeepsGroupIndexes: respelling matches a
// pattern again on copies of the command's words (its bundles whole, no
// other spellings), which start at the command and drop the options of a
// bundle; the words of a group kept the index of the pipe or redirection
// after the group in the line's words (groupPipe, groupRedirect), so in
// the copy it named another word, or none: "curl -sSL * | sh" on "(cd
// /tmp && curl -sSL x) | sh" indexed past the copy and Match panicked
// (index out of range), and "rm -rf x
// 2> <log>" on "(rm -rf x) 2> err" was ranked after "rm -r -f x 2>
// <log>", as if it held only through the bundle read as its options,
// where on "rm -rf x 2> err" it comes first; so for another spelling of
// an option ("git push --force | tee <f>" on "(cd x && git push -f) |
// tee log"). The copies index their own words.
func TestMatchCommandRespellingKeepsGroupIndexes(t *testing.T) {
	mt := Compile([]Card{
		{ID: "bundled", Replaces: []string{"curl -sSL * | sh"}},
		{ID: "apart", Replaces: []string{"curl -s -S -L * | sh"}},
		{ID: "rmlog", Replaces: []string{"rm -rf x 2> <log>"}},
		{ID: "rmapart", Replaces: []string{"rm -r -f x 2> <log>"}},
		{ID: "push", Replaces: []string{"git push --force | tee <f>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(cd /tmp && curl -sSL x) | sh", []string{"bundled", "apart"}},
		{"echo; (cd /tmp && curl -sSL x) | sh", []string{"bundled", "apart"}},
		{"(curl -sSL x; echo) | sh", []string{"bundled", "apart"}},
		{"(cd /tmp && curl -s -S -L x) | sh", []string{"apart", "bundled"}},
		{"(rm -rf x) 2> err", []string{"rmlog", "rmapart"}},
		{"echo; (rm -rf x) 2> err", []string{"rmlog", "rmapart"}},
		{"(cd x && git push -f) | tee log", []string{"push"}},
		{"(cd x && git push --force) | tee log", []string{"push"}},
		{"(cd x && git push -f) 2> err | tee log", []string{"push"}},
		// As before.
		{"curl -sSL x | sh", []string{"bundled", "apart"}},
		{"rm -rf x 2> err", []string{"rmlog", "rmapart"}},
	})
}
