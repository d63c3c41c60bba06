package cmdline

import (
	"slices"
	"strings"
	"unicode"
)

// dropHereDocs removes the bodies of the here-documents of a command line
// (cat <<EOF, its lines, EOF): text fed to a command, which no shell runs,
// so a line that writes a script holding "git push --force" does not
// push. A body runs to the line that is its delimiter (after leading tabs,
// for <<-), or to the end. A << inside quotes or a comment opens none
// (see splitHereDocs).
func dropHereDocs(s string) string {
	line, _ := splitHereDocs(s)
	return line
}

// splitHereDocs is dropHereDocs, and the bodies it drops that a shell
// runs as its script: the here-document a shell that reads its commands
// from its input is given last ("sudo bash <<'EOF'", see readsScript), or
// that cat pipes into one ("cat <<'EOF' | bash", see catPipesToShell);
// and the command substitutions in the others whose delimiter is not
// quoted, which the shell runs as it expands the body.
// It reads the line as a shell does, not line by line: a << inside
// quotes, also quotes over several lines, or in a comment opens no
// here-document. Read line by line, a commit message or a pull request's
// body ("-m '...'", "--body \"$(cat <<'EOF' ... EOF\n)\"") that showed
// "sudo bash <<'X'" in a code block had the lines after it read as a
// script, and one that mentioned "cat <<EOF" had its own delimiter line
// dropped, so that the command after the message was read as text.
func splitHereDocs(s string) (string, []string) {
	if !strings.Contains(s, "<<") {
		return s, nil
	}
	h := hereDocSplitter{s: s}
	// pending and outer are locals, not h's, so that the compiler may
	// keep them on the stack. pending are the here-documents opened on
	// the line being read, whose bodies start on the next. outer are the
	// commands around the substitutions and subshells open at s[i],
	// innermost last: the command an argument's substitution is in goes
	// on after it ("ssh -i $(pwd)/key host <<'EOF'" feeds ssh its script).
	var pending []hereDoc
	var outer []outerCommand
	braces := 0 // the "${" open, in which a "#" is text: "${x:- #}"
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			if i = closingQuote(s, i); i < 0 {
				i = len(s) // quoted to the end
			}
		case c == '$' && strings.HasPrefix(s[i+1:], "{"):
			braces++
			i++
		case c == '}' && braces > 0:
			braces--
		case c == '#' && braces == 0 && commentAt(s, i):
			i = commentEnd(s, i)
		case (c == '$' || c == '(') && arithmeticEnd(s, i) >= 0:
			i = arithmeticEnd(s, i) // its << is a shift
		case c == '\n' || c == ';' || c == '&' && !redirects(s, i) || c == '|' || c == '(' || c == ')' || c == '`':
			if c == '\n' && len(pending) > 0 {
				i = h.readBodies(i, pending)
				pending = pending[:0]
			}
			n := len(outer)
			switch {
			case c == '(' || c == '`' && (n == 0 || !outer[n-1].backtick):
				outer = append(outer, outerCommand{h.cmd, h.shell, c == '`', c == '(' && i > 0 && strings.IndexByte("$<>", s[i-1]) >= 0})
			case n > 0 && (c == ')' && !outer[n-1].backtick || c == '`'):
				h.cmd, h.shell, outer = outer[n-1].cmd, outer[n-1].shell, outer[:n-1]
				continue
			}
			h.cmd, h.shell = i+1, 0
		case strings.HasPrefix(s[i:], "<<<"):
			i += 2
		case strings.HasPrefix(s[i:], "<<"):
			d, last := h.openHereDoc(i)
			if d.word != "" {
				d.inSubst = slices.ContainsFunc(outer, func(o outerCommand) bool { return o.subst })
				pending = append(pending, d)
			}
			i = last
		}
	}
	if h.kept < len(s) {
		h.b.WriteString(s[h.kept:])
	}
	return h.b.String(), h.scripts
}

// hereDocSplitter is what splitHereDocs knows as it reads a line: the
// line without the bodies so far, the scripts found, and the command
// being read.
type hereDocSplitter struct {
	s       string
	b       strings.Builder
	scripts []string
	kept    int // s[kept:] is not yet written to b
	cmd     int // where the command being read starts, after an operator
	shell   int // whether it reads its script: 0 not yet known, 1 yes, -1 no
}

// outerCommand is a command around a substitution or a subshell open
// (see splitHereDocs): where it starts and whether it reads its script,
// and whether it was a backtick that opened it.
type outerCommand struct {
	cmd, shell int
	backtick   bool
	subst      bool // opened by "$(", "<(" or ">("
}

// openHereDoc reads the << at s[i], and returns its here-document, of no
// word when it opens none, and the index of the last byte of it read.
func (h *hereDocSplitter) openHereDoc(i int) (hereDoc, int) {
	s := h.s
	d, last := hereDocAt(s, i)
	if d.word == "" {
		return d, last
	}
	if h.shell == 0 {
		// Once a command: a line of many here-documents
		// took the square of its length.
		h.shell = -1
		if readsScript(shellTokens(continueLines(s[h.cmd:i]))) {
			h.shell = 1
		}
	}
	d.cmd, d.script, d.from, d.to = h.cmd, h.shell == 1, i, last+1
	return d, last
}

// readBodies reads the bodies of the here-documents pending, opened on
// the line that ends at the newline s[i], and returns the index of the
// last byte of the last. It keeps the scripts among them (see
// splitHereDocs), and the line up to i, without the bodies.
func (h *hereDocSplitter) readBodies(i int, pending []hereDoc) int {
	s := h.s
	h.b.WriteString(s[h.kept : i+1])
	nl := i
	for k, d := range pending {
		if i < len(s) && s[i] != '\n' {
			break // the last one ended at a ")" in its delimiter's line: no body follows
		}
		body, next := hereDocBody(s, i, d)
		stdin := k == len(pending)-1 || pending[k+1].cmd != d.cmd // the last one given
		switch {
		case body == "":
		case stdin && (d.script || catPipesToShell(s[d.cmd:d.from]+s[d.to:min(nl, d.to+pipeLookahead)])):
			if d.quoted {
				h.scripts = append(h.scripts, body)
				break
			}
			text, subs := expandHereDoc(body)
			h.scripts = append(append(h.scripts, text), subs...)
		case !d.quoted:
			// The shell runs the command substitutions of a
			// body whose delimiter is not quoted.
			h.scripts = append(h.scripts, substitutionsIn(body)...)
		}
		i = next
	}
	h.kept = min(i+1, len(s))
	return i
}

// expandHereDoc is the body of a here-document whose delimiter is not
// quoted as the line's shell gives it to its command, and the command
// substitutions it runs as it expands it: each substitution (and
// arithmetic expansion) is run, wherever it is, and its output, which is
// not known, stands in the text as the word "_"; a backslash before $, a
// backtick or a backslash is taken off, and one before a newline with
// the newline, as in double quotes but for the double quote, which stays.
// A shell that reads the text as its script then runs what the line left
// for it: "sudo bash <<EOF ... echo \"\$(git push --force)\" ... EOF" pushes;
// and the line's shell has run the substitutions the script quotes
// ("echo '$(git push --force)'", or in a here-document of its own). Read
// as written, the one was text, and so were the others.
func expandHereDoc(body string) (string, []string) {
	if !strings.ContainsAny(body, "\\$`") {
		return body, nil
	}
	var b strings.Builder
	var subs []string
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '\\' && i+1 < len(body) && strings.IndexByte("$`\\\n", body[i+1]) >= 0:
			i++
			if body[i] != '\n' {
				b.WriteByte(body[i])
			}
		case c == '`' || strings.HasPrefix(body[i:], "$("):
			cmd, last := substitutionAt(body, i)
			if cmd != "" {
				subs = append(subs, cmd)
			}
			b.WriteByte('_')
			i = last
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), subs
}

// pipeLookahead bounds how much of the rest of its line splitHereDocs
// reads for the shell that cat pipes a here-document into: "| sudo -u
// deploy bash -s" is short, and a line of thousands of "cat <<A | bash;"
// read each to the line's end took the square of its length.
const pipeLookahead = 256

// hereDoc is the delimiter of one here-document, and whether its body's
// leading tabs are stripped (<<-).
type hereDoc struct {
	word  string
	strip bool
	// quoted: some of the delimiter word is quoted or escaped ('EOF',
	// \EOF), so that the body is text; otherwise the shell runs the
	// command substitutions in it.
	quoted bool
	// cmd is where the command it is given to starts (see splitHereDocs),
	// and script whether that command runs it as its script; from and to
	// are where its operator and word are in the line.
	cmd, from, to int
	script        bool
	// inSubst: it is opened inside a command or process substitution,
	// where a line starting with its delimiter and holding a ")" ends its
	// body too (see hereDocBody).
	inSubst bool
}

// endsAt reports whether line is the delimiter that ends the
// here-document's body.
func (d hereDoc) endsAt(line string) bool {
	line = strings.TrimRight(line, "\r")
	if d.strip {
		line = strings.TrimLeft(line, "\t")
	}
	return line == d.word
}

// hereDocAt reads the here-document that the << at s[i] opens, and the
// index of the last byte of its delimiter word; a hereDoc of no word
// when none follows.
func hereDocAt(s string, i int) (hereDoc, int) {
	j := i + 2
	d := hereDoc{strip: j < len(s) && s[j] == '-'}
	if d.strip {
		j++
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	var n int
	d.word, n = hereDocWord(s[j:])
	d.quoted = strings.ContainsAny(s[j:j+n], "'\"\\")
	return d, j + n - 1
}

// hereDocWord reads the delimiter word at the start of s, quotes and
// backslashes removed, and how many bytes it spans; "" when s does not
// start with a letter, an underscore, a quote or a backslash.
func hereDocWord(s string) (string, int) {
	if s == "" || !(s[0] == '_' || s[0] == '\'' || s[0] == '"' || s[0] == '\\' || unicode.IsLetter(rune(s[0]))) {
		return "", 0
	}
	var b strings.Builder
	i := 0
	for ; i < len(s) && !strings.ContainsRune(" \t\r\n;|&<>()", rune(s[i])); i++ {
		switch c := s[i]; c {
		case '\'', '"':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				end = len(s) - i - 1
			}
			b.WriteString(s[i+1 : i+1+end])
			i += end + 1
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), min(i, len(s)) // an unclosed quote runs to the end
}
