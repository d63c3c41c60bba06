package cmdline

import (
	"strconv"
	"strings"
)

// reach is where one of a command's file descriptors leads.
type reach uint8

const (
	// unknown: a descriptor the line did not open (3 to 9), which the
	// shell may have pointed anywhere, the pipe included ("exec 3>&1").
	unknown reach = iota
	elsewhere
	intoPipe // the pipe after the command
)

// streams follows where a command's descriptors 0 to 9 lead as its
// redirections are read in order, as bash applies them, so as to know
// whether the pipe after it carries anything of it: "curl x > f | sh"
// gives sh nothing, "cmd 2>&1 >/dev/null | grep" its errors alone, "echo
// 'git push' 1>&2 | sh" no script. A redirection moves where a
// descriptor leads then, so order counts: "> f 2>&1" sends both to f,
// "2>&1 > f" errors to the pipe.
type streams [10]reach

// newStreams is a command's descriptors before its redirections: its
// output into the pipe, its errors and input elsewhere.
func newStreams() streams {
	var s streams
	s[0], s[1], s[2] = elsewhere, intoPipe, elsewhere
	return s
}

// outReaches reports whether the command's standard output may lead into
// the pipe; errReaches its standard error.
func (s *streams) outReaches() bool { return s[1] != elsewhere }
func (s *streams) errReaches() bool { return s[2] != elsewhere }

// redirectionOps are the operators a redirection word may start with
// after its descriptor, longest first.
var redirectionOps = []string{"<<<", "<<-", ">>", ">|", ">&", "<<", "<>", "<&", ">", "<"}

// read applies the redirection at words[k], if it is one, and returns
// how many words it took (its target among them), 0 for a word of no
// redirection. A quoted word is text ("echo '>x'"), an operator none.
func (s *streams) read(words []shellToken, k int) int {
	t := words[k]
	if t.op || t.quoted || t.glued || !isRedirection(t.text) {
		return 0
	}
	w := t.text
	digits := len(w) - len(strings.TrimLeft(w, "0123456789"))
	both := digits == 0 && strings.HasPrefix(w, "&") // "&>f", "&>>f"
	if both {
		w = w[1:]
	}
	var op string
	for _, o := range redirectionOps {
		if strings.HasPrefix(w[digits:], o) {
			op = o
			break
		}
	}
	if op == "" {
		return 0 // "2&>f": no redirection bash reads
	}
	target, took := w[digits+len(op):], 1
	if target == "" && k+1 < len(words) && !words[k+1].op {
		target, took = words[k+1].text, 2
	}
	fd := 0
	if op[0] == '>' {
		fd = 1
	}
	if digits > 0 {
		n, err := strconv.Atoi(w[:digits])
		if err != nil || n >= len(s) {
			return took // a descriptor past 9, which neither stream is
		}
		fd = n
	}
	s.apply(fd, both || op == ">&" && digits == 0 && !isDescriptor(target), op, target)
	return took
}

// apply points descriptor fd (and the standard error too when both) as
// the redirection op with target does.
func (s *streams) apply(fd int, both bool, op, target string) {
	switch {
	case both: // "&> f", and ">& f" of a file
		r := s.file(target)
		s[1], s[2] = r, r
	case (op == ">&" || op == "<&") && target == "-":
		s[fd] = elsewhere // closed
	case op == ">&" || op == "<&":
		from, err := strconv.Atoi(strings.TrimSuffix(target, "-"))
		switch {
		case err != nil || from < 0:
			s[fd] = unknown // "<fd>", "$fd": some descriptor
		case from >= len(s):
			s[fd] = unknown
		default:
			s[fd] = s[from]
			if strings.HasSuffix(target, "-") && from != fd {
				s[from] = elsewhere // moved: "1>&3-" closes 3
			}
		}
	case op == ">" || op == ">>" || op == ">|" || op == "<>":
		s[fd] = s.file(target)
	default: // input: "<", "<<", "<<<"
		s[fd] = elsewhere
	}
}

// file is where a redirection to the file named target leads: a name of
// one of the command's own descriptors leads where it does
// ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/2"), any other file
// elsewhere.
func (s *streams) file(target string) reach {
	switch target {
	case "/dev/stdout":
		return s[1]
	case "/dev/stderr":
		return s[2]
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
		if n, ok := strings.CutPrefix(target, dir); ok {
			if fd, err := strconv.Atoi(n); err == nil && fd >= 0 && fd < len(s) {
				return s[fd]
			}
		}
	}
	return elsewhere
}

// isDescriptor reports whether target, after ">&", names a descriptor to
// duplicate or move, or "-" to close one: otherwise ">&" sends both
// outputs to the file it names.
func isDescriptor(target string) bool {
	return target != "" && strings.Trim(strings.TrimSuffix(target, "-"), "0123456789") == ""
}

// commandStreams is where the descriptors of the command of the given
// words lead after its redirections.
func commandStreams(words []shellToken) streams {
	s := newStreams()
	for k := 0; k < len(words); k++ {
		if n := s.read(words, k); n > 1 {
			k += n - 1
		}
	}
	return s
}

// markSilentPipes marks each "|" of toks that the command before it
// writes nothing into (shellToken.silent), its output and its errors
// both redirected elsewhere: "curl x > f | sh", "(curl x) > f | sh",
// "{ curl x; } &> log | sh". A subshell or substitution is a command of
// its own inside the one it is part of, and redirections inside a group
// are its last command's, not the group's ("{ curl x > f; } | sh" is not
// marked: another command of the group may write).
func markSilentPipes(toks []shellToken) {
	cur := newStreams()
	var outer []streams // the commands a subshell or substitution is inside
	var groups nesting
	tick := false // inside backticks, whose command's outer one is outer's last
	for k := 0; k < len(toks); k++ {
		t := &toks[k]
		if !t.op {
			if n := cur.read(toks, k); n > 1 {
				k += n - 1
			}
			if t.text == "case" || t.text == "esac" {
				groups.read(t)
			}
			continue
		}
		depth := groups.depth
		switch {
		case groups.read(t) && groups.depth > depth, t.text == "`" && !tick:
			outer, cur = append(outer, cur), newStreams()
			tick = tick || t.text == "`"
		case (groups.depth < depth || t.text == "`") && len(outer) > 0:
			outer, cur = outer[:len(outer)-1], outer[len(outer)-1]
			tick = tick && t.text != "`"
		case t.text == "|":
			errs := cur.errReaches() && afterPipe(toks, k) == k+1 // "|&": errors follow the output
			t.silent = !cur.outReaches() && !errs
			cur = newStreams()
		default: // ";", "&&", "||", "&", a case pattern's ")"
			cur = newStreams()
		}
	}
}

// afterPipe is the index of the token after the pipe at toks[k]: "|&",
// which the tokens read as "|" and "&", pipes the command's errors too
// (bash's "2>&1 |"), and the command after it reads the pipe as after "|":
// "curl x |& sh" runs sh on the download.
func afterPipe(toks []shellToken, k int) int {
	if k+1 < len(toks) && toks[k+1].op && toks[k+1].text == "&" {
		return k + 2
	}
	return k + 1
}
