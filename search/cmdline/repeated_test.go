package cmdline

import "testing"

// TestMatchCommandBundleRepeatsALetter: a bundle of letters capreg knows
// as options of the command may repeat one: "git clean -ffdx" (-f twice
// also removes nested repositories, a git idiom) is -f -f -d -x, which
// "git clean -fdx*" and "git clean -f *" match, as they match "git clean
// -f -f -d -x"; a word that repeats letters unknown to capreg is still
// no bundle.
func TestMatchCommandBundleRepeatsALetter(t *testing.T) {
	mt := Compile([]Card{
		{ID: "fdx", Replaces: []string{"git clean -fdx*"}},
		{ID: "f", Replaces: []string{"git clean -f *"}},
		{ID: "it", Replaces: []string{"docker exec -it * bash"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git clean -ffdx build", []string{"fdx", "f"}},
		{"git clean -xffd build", []string{"fdx", "f"}},
		{"git clean -ff build", []string{"f"}},
		{"git clean -ffd build", []string{"f"}},
		{"git clean -nn build", nil},
		{"docker exec -itt web bash", []string{"it"}},
		{"docker exec -iqq web bash", nil}, // -q is none of docker exec's
	})
}
