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

// TestMatchCommandDescriptorTableReadings: what a command's descriptors
// hold after its redirections, read once (finalTable) where it was read
// twice (fdTable for a redirection replaced later, finalTable for the
// effect of several and the copies of one closed), which differed on
// here-documents, ">&file", an eleventh file and a copy of a descriptor
// closed. Each line's answer is bash 5.2's (a stub make on PATH that
// prints "out" and "err" >&2): a here-document or here-string opens its
// descriptor anew, as a file does ("2> err <<EOF 3>&2 2>&3" sends the
// errors to err); ">&o" sends both outputs to o (after "3>&2" has kept
// err for 3: "3>&2 >&o 2>&3" sends the errors to err); an eleventh file is
// opened as the first ("2> err >a … >k 3>&2 2>&3": errors to err, output
// to k); a copy of a descriptor closed, written or inherited, is refused
// ("3: Bad file descriptor": make does not run), not a copy that closes,
// but a closed descriptor copied onto itself passes ("2>&- 2>&2" runs
// make with its errors closed). A file named by an expansion is a file
// opened like any other: "2> err > $f 3>&2 2>&3" sends the errors to err,
// which the matcher missed ("$f" was read as a descriptor it could not
// follow), and "&> $f" sends both outputs to $f.
func TestMatchCommandDescriptorTableReadings(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "in", Replaces: []string{"make all < <file>"}},
		{ID: "closed", Replaces: []string{"make all 2>&-"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// here-documents and here-strings
		{"make all 2> err <<EOF 3>&2 2>&3\nbody\nEOF", []string{"log"}},
		{"make all 2> err <<< x 3>&2 2>&3", []string{"log"}},
		{"make all 2> err <<EOF 2>&1\nbody\nEOF", nil},
		{"make all < in <<EOF\nbody\nEOF", nil},
		{"make all < in <<< x", nil},
		// ">&file" and "&>file"
		{"make all 2> err >&o", []string{"both", "out"}},
		{"make all 2> err >&o 3>&2 2>&3", []string{"both", "out"}},
		{"make all 2> err 3>&2 >&o 2>&3", []string{"log", "out"}},
		{"make all > o 2>&1 >&log", []string{"both", "out"}},
		{"make all >& o", []string{"both", "out"}},
		{"make all &> o", []string{"both", "out"}},
		{"make all 2>&- >&o 3>&2", []string{"both", "out"}},
		// an eleventh file; files opened and dropped keep "both" out
		{"make all 2> err >a >b >c >d >e >f >g >h >i >j >k 3>&2 2>&3", []string{"log", "out"}},
		{"make all 2> err >a >b >c >d >e >f >g >h >i >j >k 2>&1", []string{"both", "out"}},
		{"make all >a >b >c >d >e >f >g >h >i >j 2>o 1>&2", []string{"log"}},
		// a copy of a descriptor closed
		{"make all 2> err 3>&- 2>&3", nil},
		{"exec 3>&-; make all 2> err 2>&3", nil},
		{"make all 2>&- 2>&2", []string{"closed"}},
		{"make all 2>&- 2>&2 3>&2", nil},
		// a file named by an expansion
		{"make all 2> err > $f 3>&2 2>&3", []string{"log", "out"}},
		{"make all 2> err > \"$f\" 3>&2 2>&3", []string{"log", "out"}},
		{"make all 2> err &> $f 3>&2 2>&3", []string{"both", "out"}},
		{"make all 2> err >| o 3>&2 2>&3", []string{"log", "out"}},
	})
}
