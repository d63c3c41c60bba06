package cmdline

import (
	"context"
	"slices"
	"testing"
)

// TestMatchCommandMorePrecommands: pkexec and run0 (polkit's and
// systemd's sudo), busybox's applets, bash's builtin and aws-vault exec
// run the command after them, past their options, as sudo does: "pkexec
// rm -rf /x" matched no "rm -rf *" (review). An option's argument is no
// command ("pkexec --user rm ls" lists), nor is aws-vault's profile.
func TestMatchCommandMorePrecommands(t *testing.T) {
	mt := Compile([]Card{{ID: "rm", Replaces: []string{"rm -rf *"}}, {ID: "push", Replaces: []string{"git push --force*"}},
		{ID: "kill", Replaces: []string{"kill -9 *"}}})
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"pkexec rm -rf /x", []string{"rm"}},
		{"pkexec --user root rm -rf /x", []string{"rm"}},
		{"pkexec --user rm ls -l", nil},
		{"pkexec --keep-cwd rm -rf build", []string{"rm"}},
		{"run0 rm -rf /x", []string{"rm"}},
		{"run0 -u app -D /srv rm -rf cache", []string{"rm"}},
		{"run0 --user app --setenv=A=1 rm -rf cache", []string{"rm"}},
		{"run0 --setenv A=1 rm -rf cache", []string{"rm"}},
		{"run0 -u rm ls", nil},
		{"busybox rm -rf /x", []string{"rm"}},
		{"busybox ls /x", nil},
		{"builtin kill -9 -1", []string{"kill"}},
		{"aws-vault exec prod -- git push --force", []string{"push"}},
		{"aws-vault exec prod git push --force", []string{"push"}},
		{"aws-vault exec -d 1h prod -- git push --force", []string{"push"}},
		{"aws-vault --backend file exec --region eu-west-1 prod -- git push --force", []string{"push"}},
		{"aws-vault exec git push --force", nil}, // git is the profile: push runs
		// Its options after the profile, as kingpin reads flags among
		// arguments (review of this table).
		{"aws-vault exec prod --no-session -- rm -rf /x", []string{"rm"}},
		{"aws-vault exec prod --duration=1h -- git push --force", []string{"push"}},
		{"aws-vault exec prod --duration 1h -n -- git push --force", []string{"push"}},
		{"aws-vault exec prod -d 1h -- git push --force", []string{"push"}},
		{"aws-vault exec prod -d rm -- ls", nil}, // rm is -d's value
		{"aws-vault exec prod --prompt=terminal -- git push --force", []string{"push"}},
		{"aws-vault exec prod --no-session", nil},
		{"aws-vault exec prod --prompt=terminal", nil},
		{"aws-vault list", nil},
		// Their scripts are read as sudo's are.
		{"busybox sh -c 'git push --force'", []string{"push"}},
		{"pkexec bash -c 'git push --force'", []string{"push"}},
		{"builtin eval 'git push --force'", []string{"push"}},
		{"builtin exec git push --force", []string{"push"}},
	} {
		if got := matchedIDs(mt, tc.cmd); !slices.Equal(got, tc.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}

// TestMatchCommandRunnerGluedOption: a runner's own option given its
// value in the same word ("npm --color=always exec cmd") is split into the
// option and a glued value, and the value is passed as one word, whether
// or not the runner's option is one it knows (preLong): the command after
// the sub is still found. Reading back from the value to the option
// before it, an option outside preLong (npm's --color) came back to the
// value again and never ended. Without the sub the runner runs nothing.
// Checked with npm 10 on this machine: "npm --color=always exec echo hi"
// and "npm --color=always exec -- echo hi" print hi, "npm --color=always
// echo hi" is an unknown command.
func TestMatchCommandRunnerGluedOption(t *testing.T) {
	mt := Compile([]Card{{ID: "force", Replaces: []string{"git push --force"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"npm --color=always exec git push --force", []string{"force"}},
		{"npm --color=always exec -- git push --force", []string{"force"}},
		{"npm --prefix=web --color=always x git push --force", []string{"force"}},
		{"uv --color=never run git push --force", []string{"force"}},
		{"npm --color=always git push --force", nil},
	})
}

// TestGlobalOptionsAndPrecommands: lines of the review cr22 through the new
// global-option rule and the new precommands; each row says what the
// tool runs (its manual). A mismatch is logged as a finding.
func TestGlobalOptionsAndPrecommands(t *testing.T) {
	for _, tc := range []struct {
		pattern, cmd string
		want         bool
		note         string
	}{
		{"git push *", "git -C /repo push --force origin", true, "-C arg"},
		{"git push *", "git -C push status", false, ""},
		{"git push *", "git --git-dir=/r/.git push origin", true, "glued"},
		{"git push *", "git --git-dir /r/.git push origin", true, "separate"},
		{"git push *", "git --work-tree /w --git-dir /w/.git push origin", true, "two globals"},
		{"git push *", "git -c user.name=x -C /r push origin", true, ""},
		{"git push *", "git -C push push origin", true, "dir named push"},
		{"git push *", "git -Crepo push origin", true, "glued short"},
		{"git push *", "git --no-pager -C /r push origin", true, ""},
		{"git push *", "git -P -C /r push origin", true, ""},
		{"git push *", "git --bare push origin", true, "bare is bool"},
		{"git push *", "git -p push origin", true, "-p paginate bool"},
		{"git push --force *", "git -C /r push --force origin", true, ""},
		{"git reset --hard *", "git -C /r reset --hard HEAD~1", true, ""},
		{"git reset --hard", "git -C /r reset --hard", true, ""},
		{"git clean -fdx", "git -C /r clean -fdx", true, ""},
		{"git push *", "sudo git -C /r push origin", true, ""},
		{"git push *", "cd x && git -C /r push origin", true, ""},
		{"kubectl delete *", "kubectl -n prod delete pod x", true, ""},
		{"kubectl delete *", "kubectl --context prod delete pod x", true, ""},
		{"kubectl delete *", "kubectl --context=prod delete pod x", true, ""},
		{"kubectl delete *", "kubectl -n delete get pods", false, ""},
		{"kubectl delete *", "kubectl --kubeconfig ~/.kube/prod -n x delete ns y", true, ""},
		{"kubectl delete *", "kubectl -v 6 delete pod x", true, ""},
		{"kubectl delete *", "kubectl -s https://k delete pod x", true, ""},
		{"kubectl delete *", "kubectl --insecure-skip-tls-verify delete pod x", true, "bool unknown option"},
		{"kubectl delete *", "kubectl --as admin delete pod x", true, ""},
		{"kubectl delete namespace *", "kubectl -n delete delete namespace foo", true, ""},
		{"kubectl get pods", "kubectl --context delete get pods", true, ""},
		{"helm uninstall *", "helm -n prod uninstall web", true, ""},
		{"helm uninstall *", "helm --kube-context prod uninstall web", true, ""},
		{"helm uninstall *", "helm --namespace=prod uninstall web", true, ""},
		{"helm uninstall *", "helm --debug uninstall web", true, "bool"},
		{"helm uninstall *", "helm --debug -n prod uninstall web", true, ""},
		{"helm uninstall *", "helm -n uninstall list", false, ""},
		{"helm delete *", "helm -n prod delete web", true, ""},
		{"helm uninstall *", "helm uninstall -n prod web", true, ""},
		{"docker rm *", "docker -H tcp://h:2375 rm -f x", true, ""},
		{"docker rm *", "docker --context prod rm -f x", true, ""},
		{"docker rm *", "docker -c prod rm -f x", true, ""},
		{"docker rm *", "docker -l debug rm x", true, ""},
		{"docker rm *", "docker -D rm x", true, "debug bool"},
		{"docker rm *", "docker --tls rm x", true, "tls bool"},
		{"docker rm *", "docker --tlsverify --tlscacert ca.pem rm x", true, ""},
		{"docker system prune *", "docker -H h system prune -af", true, ""},
		{"podman rm *", "podman --connection prod rm -f x", true, "podman spelled docker?"},
		{"podman rm *", "podman --remote rm x", true, "podman --remote bool"},
		{"docker compose down *", "docker compose -f x.yml down -v", true, ""},
		{"docker compose down *", "docker -H h compose -f x.yml down -v", true, ""},
		{"docker rm *", "docker -H rm ps -a", false, ""},
		{"rm -rf *", "pkexec rm -rf /x", true, ""},
		{"rm -rf *", "pkexec --user app rm -rf /x", true, ""},
		{"rm -rf *", "pkexec --keep-cwd rm -rf /x", true, ""},
		{"rm -rf *", "pkexec --disable-internal-agent rm -rf /x", true, ""},
		{"rm -rf *", "pkexec env DISPLAY=:0 rm -rf /x", true, ""},
		{"rm -rf *", "run0 rm -rf /x", true, ""},
		{"rm -rf *", "run0 -u app rm -rf /x", true, ""},
		{"rm -rf *", "run0 --user=app rm -rf /x", true, ""},
		{"rm -rf *", "run0 --setenv FOO=1 rm -rf /x", true, ""},
		{"rm -rf *", "run0 --no-ask-password rm -rf /x", true, ""},
		{"rm -rf *", "run0 -D /tmp rm -rf /x", true, ""},
		{"rm -rf *", "run0 --property CPUQuota=10% rm -rf /x", true, ""},
		{"rm -rf *", "run0 --pty rm -rf /x", true, "bool"},
		{"rm -rf *", "run0 -i rm -rf /x", true, "-i? (257 has no -i)"},
		{"rm -rf *", "busybox rm -rf /x", true, ""},
		{"rm -rf *", "busybox sh -c 'rm -rf /x'", true, ""},
		{"rm -rf *", "builtin rm -rf /x", true, "builtin rm is not a builtin, bash errors; harmless"},
		{"kill -9 *", "builtin kill -9 -1", true, ""},
		{"terraform destroy *", "aws-vault exec prod -- terraform destroy -auto-approve", true, ""},
		{"terraform destroy *", "aws-vault exec prod terraform destroy -auto-approve", true, ""},
		{"terraform destroy *", "aws-vault exec --duration 1h prod -- terraform destroy -auto-approve", true, ""},
		{"terraform destroy *", "aws-vault exec -d 1h prod -- terraform destroy -auto-approve", true, ""},
		{"terraform destroy *", "aws-vault exec --no-session prod -- terraform destroy -auto-approve", true, ""},
		{"terraform destroy *", "aws-vault --backend file exec prod -- terraform destroy -auto-approve", true, ""},
		{"terraform destroy *", "aws-vault --debug exec prod -- terraform destroy -auto-approve", true, ""},
		{"terraform destroy *", "aws-vault exec -j prod -- terraform destroy -auto-approve", true, "-j json bool"},
		{"terraform destroy *", "aws-vault exec --region eu-west-1 prod -- terraform destroy -auto-approve", true, ""},
		{"aws s3 rm *", "aws-vault exec prod -- aws s3 rm s3://b --recursive", true, ""},
		{"rm -rf *", "aws-vault exec prod -- sh -c 'rm -rf /x'", true, ""},
		{"rm -rf *", "aws-vault login prod", false, ""},
		{"rm -rf *", "aws-vault exec rm -- ls", false, "profile named rm"},
		{"ls *", "aws-vault exec rm -- ls /", true, ""},
		{"podman rm *", "podman -c rm ps -a", false, "-c is --connection"},
		{"git push *", "git --exec-path push origin", false, "bare --exec-path prints and exits"},
		{"kubectl delete *", "kubectl --v=6 delete pod x", true, ""},
	} {
		mt := Compile([]Card{{ID: "c", Replaces: []string{tc.pattern}}})
		if got := slices.Equal(matchedIDs(mt, tc.cmd), []string{"c"}); got != tc.want {
			t.Errorf("%q matches %q: %v, want %v (%s)", tc.pattern, tc.cmd, got, tc.want, tc.note)
		}
	}
}

// TestAwsVaultOptionsAfterProfile: aws-vault (kingpin) reads its
// flags, the exec command's and the global ones, anywhere among the
// arguments before "--", so "aws-vault exec prod --backend file -- rm"
// runs rm; each row says what aws-vault 7 runs (review cr23).
func TestAwsVaultOptionsAfterProfile(t *testing.T) {
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

// TestAwsVaultLines pins which command thirty realistic aws-vault 7
// lines run, as kingpin reads them (global options with a value before or
// after exec, before or after the profile, glued or apart; exec's own
// short and long options; "--" ending them), so that the global options
// added to argLong (review cr23) take their value wherever they come and
// nothing else changed: true means the wrapper for "rm -rf *" applies.
func TestAwsVaultLines(t *testing.T) {
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

// TestNamedByAfterPrecommand: an intent that is, or quotes, a command
// line after a precommand, assignments or another command names the
// cards Match finds for it, as one that starts with the command does.
func TestNamedByAfterPrecommand(t *testing.T) {
	mt := Compile([]Card{{ID: "trash", Replaces: []string{"rm -rf *"}}})
	for _, tt := range []struct {
		intent string
		whole  bool
		want   bool
	}{
		{"rm -rf build", true, true},
		{"sudo rm -rf build", true, true},
		{"FOO=1 rm -rf build", true, true},
		{"cd app && rm -rf build", true, true},
		{"env -i rm -rf build", true, true},
		{"I was going to run `sudo rm -rf build`", false, true},
		{"please rm -rf build", true, false}, // "please" is the command
		{"how do I rm -rf build safely", false, false},
	} {
		if tt.whole && tt.want && len(mt.Find(tt.intent)) == 0 {
			t.Fatalf("Find(%q) matches nothing", tt.intent)
		}
		got := mt.NamedBy(context.Background(), tt.intent, tt.whole)
		if named := slices.ContainsFunc(got, func(n Named) bool { return n.Card == 0 }); named != tt.want {
			t.Errorf("NamedBy(%q, %v) = %v, want trash named %v", tt.intent, tt.whole, got, tt.want)
		}
	}
}
