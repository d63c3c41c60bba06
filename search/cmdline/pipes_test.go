package cmdline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// streamCases are redirections of a command piped into another, with
// what bash 5.2 gives the pipe of the command's output and of its errors
// (f an existing file): "g REDIRECTIONS | cat", g printing OUT and ERR.
// TestStreamsAgreeWithBash checks the table against bash itself where
// bash is installed.
var streamCases = []struct {
	redirections string
	out, err     bool
}{
	{"", true, false},
	{"> f", false, false},
	{">> f", false, false},
	{">| f", false, false},
	{"1> f", false, false},
	{"2> f", true, false},
	{"&> f", false, false},
	{"&>> f", false, false},
	{">& f", false, false},
	{"> f 2>&1", false, false},
	{"2>&1 > f", false, true},
	{"2>&1", true, true},
	{"1>&2", false, false},
	{">&2", false, false},
	{"2>&1 1>&2", true, true},
	{">&-", false, false},
	{"1>&-", false, false},
	{"2>&-", true, false},
	{"> /dev/null 2>&1", false, false},
	{"2> /dev/null", true, false},
	{">/dev/stdout", true, false},
	{">/dev/stderr", false, false},
	{"2>/dev/stdout", true, true},
	{"2>/dev/stdout >f", false, true},
	{">/dev/fd/1", true, false},
	{">/dev/fd/2", false, false},
	{"2>/proc/self/fd/1 >f", false, true},
	{"3>&1 1>f", false, false},
	{"3>&1 >f 1>&3", true, false},
	{"3>&1 >f 1>&3-", true, false},
	{"3>&1 >f 2>&3", false, true},
	{"1<>f", false, false},
	{"1<f", false, false},
	{"2<f", true, false},
	{"<f", true, false},
	{"0<&1", true, false},
	{"1>&0", false, false},
	{">f 2>/dev/stdout", false, false},
	{"> >(cat >/dev/null)", false, false},
	{"2>&1 >/dev/null", false, true},
	{"2>&1 1>&-", false, true},
	{"1>&1-", true, false},
	{"2>&1-", false, true},
	{"2>&1- 1>f", false, true},
	{"1<&-", false, false},
	{"1<>/dev/stdout", true, false},
	{">>/dev/stdout", true, false},
	{">|/dev/stdout", true, false},
	{"0>&1 >f >/dev/fd/0", true, false},
	{">/dev/fd/10", false, false},
	{"10> f", true, false},
}

// TestStreamsOfDescriptorsNotOpened: a duplication of a descriptor the
// line did not open ("1>&3", "1>&10", "1>&$fd") may lead anywhere, the
// pipe included, as the shell running the line may have opened it ("exec
// 3>&1"): the output is taken to reach the pipe. (bash -c opens none, so
// streamCases cannot hold them: there the command is not run.)
func TestStreamsOfDescriptorsNotOpened(t *testing.T) {
	for _, r := range []string{"1>&3", "1>&10", "1>&99", "> f 1>&3", "1>&$fd"} {
		cl, err := splitCommandLine("g "+r+" | cat", MaxLine)
		if err != nil {
			t.Fatal(err)
		}
		s := commandStreams(cl.toks[1 : len(cl.toks)-2])
		if !s.outReaches() || s.errReaches() {
			t.Errorf("%q: output reaches the pipe %v, errors %v; want true, false", r, s.outReaches(), s.errReaches())
		}
	}
}

// TestStreamsFollowRedirections: streams says where a command's output
// and errors go after its redirections, in the order bash applies them,
// both on a line's words as matching reads them (splitCommandLine, which
// respells "&> f" as "> f 2>&1") and as the shell wrote them
// (shellTokens, which catPipesToShell reads).
func TestStreamsFollowRedirections(t *testing.T) {
	for _, c := range streamCases {
		line := "g " + c.redirections + " | cat"
		cl, err := splitCommandLine(line, MaxLine)
		if err != nil {
			t.Fatalf("splitCommandLine(%q): %v", line, err)
		}
		for _, toks := range [][]shellToken{cl.toks, shellTokens(line)} {
			end := 0
			for !toks[end].op {
				end++
			}
			s := commandStreams(toks[1:end])
			if s.outReaches() != c.out || s.errReaches() != c.err {
				t.Errorf("%q: output reaches the pipe %v, errors %v; bash: %v, %v", line, s.outReaches(), s.errReaches(), c.out, c.err)
			}
		}
		pipe := cl.toks[len(cl.toks)-2]
		if pipe.text != "|" || pipe.silent != (!c.out && !c.err) {
			t.Errorf("%q: the pipe %q is silent %v, want %v", line, pipe.text, pipe.silent, !c.out && !c.err)
		}
	}
}

// TestStreamsAgreeWithBash runs each line of streamCases in bash, where
// it is installed, so that the table says what bash does.
func TestStreamsAgreeWithBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	dir := t.TempDir()
	for _, c := range streamCases {
		if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "-c", "g(){ echo OUT; echo ERR >&2; }; g "+c.redirections+" | cat")
		cmd.Dir = dir
		got, _ := cmd.Output() // the errors not piped go to cmd.Stderr, nil: discarded
		out, errs := strings.Contains(string(got), "OUT"), strings.Contains(string(got), "ERR")
		if out != c.out || errs != c.err {
			t.Errorf("bash: %q gives the pipe output %v, errors %v; the table says %v, %v", c.redirections, out, errs, c.out, c.err)
		}
	}
}

// TestMatchPipedCommand: the command after a pattern's operator is read
// as a line's first command is, past precommands, assignments and a path
// to it, with its own options; a word that only reads as a command's
// name ("echo sh") is none.
func TestMatchPipedCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "inst", Replaces: []string{"curl * | sh"}},
		{ID: "portkill", Replaces: []string{"lsof -ti:<port> | xargs kill -9"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl -fsSL https://get.docker.com | sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | sudo sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | sudo -E sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | /bin/sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | env FOO=1 sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | FOO=1 sh -s -- --dry-run", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | echo sh", nil},
		{"curl -fsSL https://get.docker.com | tee sh", nil},
		{"curl -fsSL https://get.docker.com > sh", nil},
		{"lsof -ti:3000 | xargs kill -9", []string{"portkill"}},
		{"lsof -ti:3000 | sudo xargs kill -9", []string{"portkill"}},
		{"lsof -ti:3000 | xargs echo kill -9", nil},
		// Past a precommand whose option a substitution gives, not into the
		// substitution.
		{"curl -fsSL https://x | sudo -u $(whoami) sh", []string{"inst"}},
		{"curl -fsSL https://x | env $(cat .env) sh", []string{"inst"}},
		{"curl $(echo -fsSL) https://x | sudo -u $(whoami) sh", []string{"inst"}},
		{"curl -fsSL https://x | sudo -u $(sh -c whoami) true", nil},
		{"curl -fsSL https://x | sudo -u `sh` true", nil},
		// xargs and coproc give the command they run no input from the
		// pipe.
		{"curl -fsSL https://x | xargs sh", nil},
		{"curl -fsSL https://x | xargs -n1 sh", nil},
		{"curl -fsSL https://x | coproc sh", nil},
		// A case pattern's ")" inside a substitution does not end it.
		{"curl x | sudo $(case a in a) sh;; esac) true", nil},
		{"curl x | env X=$(case a in a) sh;; esac) true", nil},
		{"curl x | sudo -u $(case $u in a) x;; (b) y;; esac) sh", []string{"inst"}},
		{"curl x | sudo -u $(echo case) sh", []string{"inst"}}, // "case" as an argument
		{"curl x | sudo -u $(id -un case) sh", []string{"inst"}},
	})
}

// TestMatchPipedCommandEnds: the command a pattern's pipe feeds ("curl *
// | sh") is the first command after the pipe, however it is written, and
// nothing past it: not a word after the first, nor a command after the
// next operator, past the subshell the pipe is in or after xargs, nor a
// line that ends before it.
func TestMatchPipedCommandEnds(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x | sh", []string{"pipe"}},
		{"curl x | 2>/dev/null sh", []string{"pipe"}},
		{"curl x | X=1 sh", []string{"pipe"}},
		{"curl x | `echo` sh", []string{"pipe"}},
		{"curl x | { sh; }", []string{"pipe"}},
		{"curl x | (sh)", []string{"pipe"}},
		{"curl x | ( (sudo sh) )", []string{"pipe"}},
		{"curl x | (cat) sh", nil},
		{"curl x | (cat; sh)", nil},
		{"curl x | $(sh)", nil},
		{"curl x | cat", nil},
		{"curl x | cat sh", nil},
		{"curl x |", nil},
		{"curl x | cat; sh", nil},
		{"curl x | cat && sh", nil},
		{"curl x | cat; echo; sh", nil},
		{"curl x | xargs sh", nil},
		{"(curl x | cat)", nil},
		{"(curl x | cat) sh", nil},
		{"(curl x | cat) && echo sh", nil},
		{"curl x | cat esac", nil},
		{"curl x | (echo; esac) && sh", nil},
	})
	// A subshell after && starts with its command too.
	checkMatchCommand(t, Compile([]Card{{ID: "push", Replaces: []string{"git add * && git push"}}}), []struct {
		cmd  string
		want []string
	}{
		{"git add . && (git push)", []string{"push"}},
		{"git add . && (cd x; git push)", nil},
	})
}

// TestMatchPipedCaseStatement: a case statement the pipe feeds gives its
// input to the command of the branch taken, as bash runs it ("echo 'echo
// hi' | case a in a) sh;; esac" prints hi), so "curl * | sh" matches
// such a line; the branch's ")" ended the search for sh as the end of a
// subshell.
func TestMatchPipedCaseStatement(t *testing.T) {
	mt := Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x | case a in a) sh;; esac", []string{"pipe"}},
		{"curl x | case a in (a) sh;; esac", []string{"pipe"}},
		{"curl x | case a in a) cat;; esac", nil},
		{"curl x | case a in a) cat;; esac; sh", nil},
	})
}
