package cmdline

import "testing"

// TestMatchOrderBundleGlobIsWild pins that a glob of a bundle ("-fd*")
// counts as a wildcard: of two patterns that name the same options of
// "git clean -fdx", both by reading its bundle, the one that names each
// option exactly ("git clean -f -d -x") goes before the one with a glob
// ("git clean -fd* -x"), whatever their ids. Counting the glob as less
// than no wildcard would put it first.
func TestMatchOrderBundleGlobIsWild(t *testing.T) {
	mt := Compile([]Card{
		{ID: "a-glob", Replaces: []string{"git clean -fd* -x"}},
		{ID: "b-exact", Replaces: []string{"git clean -f -d -x"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git clean -fdx", []string{"b-exact", "a-glob"}},
		{"git clean -dfx", []string{"b-exact", "a-glob"}},
		{"git clean -fd -x", []string{"a-glob", "b-exact"}}, // the glob's own spelling goes first
	})
}

// TestMatchOrderRegexpOptionChoice pins that a regexp word that is an
// alternation of options ("(-f|--force)") names an option: "git push .*
// (-f|--force)" (which has no word reading, for its ".*") goes before
// "git push *", which names none, though its id sorts after. Counting the
// choice as one option fewer would put the catch-all first.
func TestMatchOrderRegexpOptionChoice(t *testing.T) {
	mt := Compile([]Card{
		{ID: "any-push", Replaces: []string{"git push *"}},
		{ID: "force", Replaces: []string{"git push .* (-f|--force)"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push origin --force", []string{"force", "any-push"}},
		{"git push origin -f", []string{"force", "any-push"}},
		{"git push origin main", []string{"any-push"}},
	})
}
