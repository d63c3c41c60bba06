package cmdline

import (
	"slices"
	"testing"
)

// TestCR24AwsVaultLines pins which command thirty realistic aws-vault 7
// lines run, as kingpin reads them (global options with a value before or
// after exec, before or after the profile, glued or apart; exec's own
// short and long options; "--" ending them), so that the global options
// added to argLong (review cr23) take their value wherever they come and
// nothing else changed: true means the wrapper for "rm -rf *" applies.
func TestCR24AwsVaultLines(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"aws-vault exec prod -- rm -rf /x", true},
		{"aws-vault exec prod rm -rf /x", true},
		{"aws-vault --backend file exec prod -- rm -rf /x", true},
		{"aws-vault --backend=file exec prod -- rm -rf /x", true},
		{"aws-vault --debug exec prod -- rm -rf /x", true},
		{"aws-vault exec --backend file prod -- rm -rf /x", true},
		{"aws-vault exec --backend=pass --pass-dir ~/.pw prod -- rm -rf /x", true},
		{"aws-vault exec prod --backend pass --pass-cmd gopass -- rm -rf /x", true},
		{"aws-vault exec prod --pass-prefix aws --pass-dir /p -- rm -rf /x", true},
		{"aws-vault exec prod --file-dir /k --prompt osascript -- rm -rf /x", true},
		{"aws-vault exec prod --keychain login -- rm -rf /x", true},
		{"aws-vault exec prod --secret-service-collection awsvault -- rm -rf /x", true},
		{"aws-vault exec --keychain login --prompt=terminal prod rm -rf /x", true},
		{"aws-vault exec -d 8h prod -- rm -rf /x", true},
		{"aws-vault exec -n prod -- rm -rf /x", true},
		{"aws-vault exec -t 123456 -d 1h prod -- rm -rf /x", true},
		{"aws-vault exec --mfa-token=123456 prod -- rm -rf /x", true},
		{"aws-vault exec prod --region us-east-1 --duration 2h -- rm -rf /x", true},
		{"aws-vault exec prod --ec2-server -- rm -rf /x", true},
		{"aws-vault exec prod --ecs-server --lazy -- rm -rf /x", true},
		{"aws-vault exec prod -j -- rm -rf /x", true},
		{"aws-vault exec prod --stdout -- rm -rf /x", true},
		{"AWS_VAULT_BACKEND=file aws-vault exec prod -- rm -rf /x", true},
		{"sudo aws-vault exec prod -- rm -rf /x", true},
		{"aws-vault exec prod --backend file", false},
		{"aws-vault exec prod --backend", false},
		{"aws-vault exec prod --backend rm -- ls", false}, // rm is --backend's value
		{"aws-vault exec --prompt rm prod -- ls", false},  // rm is --prompt's value
		{"aws-vault exec prod -- aws s3 ls", false},
		{"aws-vault login prod", false},
		{"aws-vault exec prod -- sh -c 'rm -rf /x'", true},
		{"aws-vault exec prod && rm -rf /x", true},
	} {
		mt := Compile([]Card{{ID: "c", Replaces: []string{"rm -rf *"}}})
		if got := slices.Equal(matchedIDs(mt, tc.cmd), []string{"c"}); got != tc.want {
			t.Errorf("%q: rm -rf matched %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
