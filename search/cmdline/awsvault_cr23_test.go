package cmdline

import (
	"slices"
	"testing"
)

// TestCR23AwsVaultOptionsAfterProfile: aws-vault (kingpin) reads its
// flags, the exec command's and the global ones, anywhere among the
// arguments before "--", so "aws-vault exec prod --backend file -- rm"
// runs rm; each row says what aws-vault 7 runs (review cr23).
func TestCR23AwsVaultOptionsAfterProfile(t *testing.T) {
	for _, tc := range []struct {
		pattern, cmd string
		want         bool
		note         string
	}{
		{"rm -rf *", "aws-vault exec prod --no-session -- rm -rf /x", true, "bool"},
		{"rm -rf *", "aws-vault exec prod --no-session rm -rf /x", true, "no --"},
		{"rm -rf *", "aws-vault exec prod --duration=1h -- rm -rf /x", true, "glued long"},
		{"rm -rf *", "aws-vault exec prod --duration 1h -- rm -rf /x", true, "separate long"},
		{"rm -rf *", "aws-vault exec prod -d1h -- rm -rf /x", true, "glued short"},
		{"rm -rf *", "aws-vault exec prod -nd 1h -- rm -rf /x", true, "cluster"},
		{"rm -rf *", "aws-vault exec prod -t 123456 rm -rf /x", true, "mfa"},
		{"rm -rf *", "aws-vault exec prod --region eu-west-1 rm -rf /x", true, "region, no --"},
		{"rm -rf *", "aws-vault exec prod --backend file -- rm -rf /x", true, "global with value after PROFILE"},
		{"rm -rf *", "aws-vault exec prod --prompt terminal -- rm -rf /x", true, "global with value after PROFILE"},
		{"rm -rf *", "aws-vault exec prod --backend=file -- rm -rf /x", true, "global glued"},
		{"rm -rf *", "aws-vault exec prod --debug -- rm -rf /x", true, "global bool"},
		{"rm -rf *", "aws-vault exec prod --duration", false, "option last word"},
		{"rm -rf *", "aws-vault exec --backend file prod -- rm -rf /x", true, "global with value before PROFILE"},
		{"rm -rf *", "aws-vault exec prod -- --no-session rm -rf /x", false, "after --, --no-session is the command"},
	} {
		mt := Compile([]Card{{ID: "c", Replaces: []string{tc.pattern}}})
		if got := slices.Equal(matchedIDs(mt, tc.cmd), []string{"c"}); got != tc.want {
			t.Errorf("%q matches %q: %v, want %v (%s)", tc.pattern, tc.cmd, got, tc.want, tc.note)
		}
	}
}
