package cmdline

import (
	"strings"
	"testing"
)

// TestMatchCommandGluedShortArguments: the argument of a short option
// written in the option's word ("-oyaml", "-mfix", "-cDROP …") is read
// as that option's argument for the (sub)commands whose options capreg
// spells, as getopt and pflag read it: "kubectl get secret db -oyaml"
// prints the secret as "-o yaml" does (kubectl 1.33 here: "kubectl
// version --client -oyaml"), "git commit -mfix" commits with the message
// "fix", and psql -c"DROP …" runs the DROP. Each matched no pattern
// written with the argument apart, though curl's "-XDELETE" did (capreg
// split the words only of commands of bundleArguments). A pattern's
// words are split alike: "-ojson" matches "-o json".
func TestMatchCommandGluedShortArguments(t *testing.T) {
	mt := Compile([]Card{
		{ID: "secret", Replaces: []string{"kubectl get secret* -o yaml"}},
		{ID: "msg", Replaces: []string{"git commit -m *"}},
		{ID: "drop", Replaces: []string{"psql -c DROP*"}},
		{ID: "env", Replaces: []string{"docker run -e AWS_SECRET* *"}},
		{ID: "json", Replaces: []string{"kubectl get secret* -ojson"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl get secret db -oyaml", []string{"secret"}},
		{"kubectl get secrets -n prod -oyaml", []string{"secret"}},
		{"kubectl -nprod get secret db -oyaml", []string{"secret"}},
		{"kubectl get secret db -ojson", []string{"json"}},
		{"kubectl get secret db -o json", []string{"json"}},
		{"kubectl get secret db -o wide", nil},
		{"git commit -mfix", []string{"msg"}},
		{`git commit -m"fix the build"`, []string{"msg"}},
		{"git commit -amfix", []string{"msg"}},
		{"git commit --amend", nil},
		{`psql -c"DROP TABLE x"`, []string{"drop"}},
		{"psql -Atc'DROP TABLE x' app", []string{"drop"}},
		{`psql app -c"SELECT 1"`, nil},
		{"docker run -eAWS_SECRET_ACCESS_KEY alpine env", []string{"env"}},
		{"docker run alpine env -eAWS_SECRET_ACCESS_KEY", nil},
	})
}

// TestMatchCommandGluedArgumentHoldingEquals: a short option's argument
// glued in its word may hold an "=" ("-lapp=web", "-ojsonpath={.data}",
// "-eAWS_SECRET_ACCESS_KEY=x"), which is the argument's, as getopt and
// pflag read it: kubectl deletes the pods labelled app=web. capreg split
// the word at the "=" first, as it splits "--replicas=0", so the
// argument was "app" and "web" a word of its own, and no pattern giving
// the argument apart matched.
func TestMatchCommandGluedArgumentHoldingEquals(t *testing.T) {
	mt := Compile([]Card{
		{ID: "label", Replaces: []string{"kubectl delete * -l app=web"}},
		{ID: "jsonpath", Replaces: []string{"kubectl get secret* -o jsonpath=*"}},
		{ID: "env", Replaces: []string{"docker run -e AWS_SECRET_ACCESS_KEY=* *"}},
		{ID: "post", Replaces: []string{"curl -d token=* *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl delete pods -lapp=web", []string{"label"}},
		{"kubectl delete pods -l app=web", []string{"label"}},
		{"kubectl delete pods -l=app=web", []string{"label"}},
		{"kubectl delete pods -lapp=api", nil},
		{"kubectl get secret db -ojsonpath={.data}", []string{"jsonpath"}},
		{"kubectl get secret db -o=jsonpath={.data}", []string{"jsonpath"}},
		{"docker run -eAWS_SECRET_ACCESS_KEY=x alpine", []string{"env"}},
		{"docker run -e AWS_SECRET_ACCESS_KEY=x alpine", []string{"env"}},
		{"curl -dtoken=abc https://x", []string{"post"}},
		{"curl -sdtoken=abc https://x", []string{"post"}},
		{"curl --data=token=abc https://x", []string{"post"}},
	})
}

// TestGluedArgumentWords pins the words a line with a short option's
// argument glued in its word is read as: the option, then its argument
// whole, "=" and all, once, and the words after it as they were. A value
// given back to the word before must leave the line (else "web" of
// "-lapp=web" is read again as an operand) and take no other word with
// it.
func TestGluedArgumentWords(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"kubectl delete pods -lapp=web", "kubectl delete pods -l app=web"},
		{"kubectl delete pods -lapp=web --now", "kubectl delete pods -l app=web --now"},
		{"kubectl --context=prod delete -lapp=web pods", "kubectl --context prod delete -l app=web pods"},
		{"curl -sdtoken=abc https://x", "curl -s -d token=abc https://x"},
		{"git commit -amfix", "git commit -a -m fix"},
		{"kubectl get pods -o=yaml", "kubectl get pods -o yaml"},
		{"ssh -oPort=22 host", "ssh -oPort 22 host"},
	} {
		toks, _ := splitArgumentsAt(readWords(shellTokens(tc.line)), true)
		var got []string
		for _, w := range toks {
			got = append(got, w.text)
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("words of %q = %q, want %q", tc.line, s, tc.want)
		}
	}
}
