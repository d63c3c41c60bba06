package cmdline

import (
	"slices"
	"testing"
)

// TestCR22GlobalsAndPrecommands: lines of the review cr22 through the new
// global-option rule and the new precommands; each row says what the
// tool runs (its manual). A mismatch is logged as a finding.
func TestCR22GlobalsAndPrecommands(t *testing.T) {
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
