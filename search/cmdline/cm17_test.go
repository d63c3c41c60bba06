package cmdline

import "testing"

// TestMatchCommandPodRunners: the command kubectl exec (and oc exec) runs
// in a pod is the one after its "--", whatever kubectl options and
// values come before or after the pod. Without the "--" kubectl runs
// nothing: kubectl 1.32.4 (on this machine) answers "kubectl exec web
// make all" with "exec [POD] [COMMAND] is not supported anymore. Use
// exec [POD] -- [COMMAND] instead" before reaching a cluster, so the line
// matches no card of make, as bash's refused lines do not; an agent
// then retypes it with the "--", which does. oc rsh takes the command
// after the pod, no "--" wanted; its options come before the pod, its
// own and kubectl's global ones ("oc rsh -n bar foo" is oc's own
// example), which take values: read as taking none, "oc rsh -n bar web
// make all" took bar for the pod and ran "web make all". oc reads no
// option after the pod (its flags are not interspersed): "oc rsh web -c
// app make all" runs "-c" in the pod.
func TestMatchCommandPodRunners(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// kubectl exec, with the "--"
		{"kubectl exec -it web -- make all", []string{"make"}},
		{"kubectl exec web -- make all", []string{"make"}},
		{"kubectl exec -n prod -c app web -- make all", []string{"make"}},
		{"kubectl exec web -c app -- make all", []string{"make"}},
		{"kubectl exec --namespace prod --container app web -- make all", []string{"make"}},
		{"kubectl exec --container=app -it web -- make all", []string{"make"}},
		{"kubectl exec -f pod.yaml -- make all", []string{"make"}},
		{"kubectl -n prod exec -i -t web -- make all", []string{"make"}},
		{"kubectl exec -it web -- sh -c 'make all'", []string{"make"}},
		{"kubectl exec -c make web -- ls all", nil},
		{"kubectl exec -n make all -- ls", nil},
		// kubectl exec without it: refused by kubectl
		{"kubectl exec web make all", nil},
		{"kubectl exec -it web make all", nil},
		{"kubectl exec -c app web make all", nil},
		{"kubectl exec -n prod web make all", nil},
		{"oc exec web make all", nil},
		// oc exec is kubectl's
		{"oc exec web -- make all", []string{"make"}},
		{"oc -n prod exec -it web -c app -- make all", []string{"make"}},
		// oc rsh
		{"oc rsh web make all", []string{"make"}},
		{"oc rsh -c app web make all", []string{"make"}},
		{"oc rsh --container app web make all", []string{"make"}},
		{"oc rsh -n bar web make all", []string{"make"}},
		{"oc rsh --namespace bar web make all", []string{"make"}},
		{"oc rsh --namespace=bar web make all", []string{"make"}},
		{"oc rsh -c app -n bar web make all", []string{"make"}},
		{"oc rsh --context prod web make all", []string{"make"}},
		{"oc rsh --pod-running-timeout 1m web make all", []string{"make"}},
		{"oc rsh --shell /bin/bash -t web make all", []string{"make"}},
		{"oc -n bar rsh web make all", []string{"make"}},
		{"oc rsh -- web make all", []string{"make"}},
		{"oc rsh web sh -c 'make all'", []string{"make"}},
		{"oc rsh web -c app make all", nil},
		{"oc rsh -n make web ls all", nil},
		{"oc rsh make all", nil}, // the pod make runs all
		{"oc rsh web", nil},
		{"kubectl rsh web make all", nil}, // kubectl has no rsh
	})
}
