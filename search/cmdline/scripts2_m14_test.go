package cmdline

import "testing"

// TestMatchScriptsCutShortM14: a command whose script option or pipe is
// the last word of the line runs no script, and reading it neither
// panics nor matches: npx -c, flock FILE -c, nix-shell --run with no
// word after them are errors of those commands; a "|" in a comment after
// cat's here-document pipes it nowhere, so the body is text (bash prints
// it).
func TestMatchScriptsCutShortM14(t *testing.T) {
	mt := Compile([]Card{{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat <<EOF # x | sh\nrm -rf build\nEOF", nil},
		{"cat <<EOF | sh\nrm -rf build\nEOF", []string{"rmrf"}},
		{"npx -c", nil},
		{"npx --yes", nil},
		{"npx -c 'rm -rf build'", []string{"rmrf"}},
		{"flock /tmp/l -c", nil},
		{"flock /tmp/l -c 'rm -rf build'", []string{"rmrf"}},
		{"nix-shell -p jq --run", nil},
		{"nix-shell -p jq --run 'rm -rf build'", []string{"rmrf"}},
	})
}
