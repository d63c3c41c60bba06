package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandGlobalOptionArgument: the word after an option a
// command takes before its subcommand with an argument
// (subcommandArguments: helm's -n, git's -C, kubectl's -n, docker's -H)
// is that option's argument, never the subcommand, even when it is
// written as one: "helm -n delete list" lists the releases of the
// namespace "delete", and matched "helm uninstall *", "helm delete *"
// and "helm uninstall" (review), as "git -C push status" matched "git
// push *".
func TestMatchCommandGlobalOptionArgument(t *testing.T) {
	for _, tc := range []struct {
		pattern, cmd string
		want         bool
	}{
		{"helm uninstall *", "helm -n delete list", false},
		{"helm delete *", "helm -n delete list", false},
		{"helm uninstall", "helm -n uninstall list", false},
		{"helm install *", "helm --namespace install list", false},
		{"helm list", "helm -n delete list", true},
		{"helm -n * list", "helm -n delete list", true},
		{"helm uninstall *", "helm -n prod uninstall web", true},
		{"helm uninstall *", "helm -n delete delete web", true},
		{"git push *", "git -C push status", false},
		{"git status", "git -C push status", true},
		{"git push *", "git -C repo push origin", true},
		{"git push *", "git -c push.default=current push origin", true},
		{"kubectl delete *", "kubectl -n delete get pods", false},
		{"kubectl get pods", "kubectl -n delete get pods", true},
		{"docker rm *", "docker -H rm ps -a", false},
		{"docker ps *", "docker -H rm ps -a", true},
		// An option capreg does not know is still guessed at as before:
		// its next word is its argument unless the pattern wants it.
		{"kubectl get pods", "kubectl --cache-dir /tmp/k get pods", true},
		{"git push *", "git --no-pager push origin", true},
		// An option due an argument at the line's end, or before an
		// operator, takes none.
		{"helm list", "helm -n", false},
		{"helm | grep *", "helm -n | grep x", true},
		{"git status", "git -C && git status", true},
	} {
		mt := Compile([]Card{{ID: "c", Replaces: []string{tc.pattern}}})
		if got := slices.Equal(matchedIDs(mt, tc.cmd), []string{"c"}); got != tc.want {
			t.Errorf("%q matches %q: %v, want %v", tc.pattern, tc.cmd, got, tc.want)
		}
	}
}
