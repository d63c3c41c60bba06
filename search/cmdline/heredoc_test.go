package cmdline

import "testing"

// TestMatchCommandHereDocAfterSubstitution: a here-document given to a
// command after a substitution or subshell in its words is still the
// command's input; the substitution's ")" once ended the command, so the
// text before the << read as no shell (bash ran each "want" here).
func TestMatchCommandHereDocAfterSubstitution(t *testing.T) {
	checkMatchCommand(t, pushAndMigrate(), []struct {
		cmd  string
		want []string
	}{
		{"ssh -i $(pwd)/key host <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"ssh -o User=`whoami` host bash -s <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"kubectl exec -i $(kubectl get pod -o name | head -1) -- sh <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"(cd /tmp && bash) <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		// The commands inside a substitution are their own.
		{"echo $(cat <<EOF\ngit push --force\nEOF\n) | cat", nil},
		{"X=$(bash <<'EOF'\ngit push --force\nEOF\n) true", []string{"push"}},
		{"ssh -i $(pwd)/key host cat <<'EOF'\nrails db:migrate\nEOF", nil},
	})
}
