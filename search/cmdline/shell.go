package cmdline

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// lineContinuation removes every backslash-newline, which a shell reads
// as nothing where it is not text (see continueLines).
var lineContinuation = strings.NewReplacer("\\\r\n", "", "\\\n", "")

// continueLines removes each backslash-newline of s that the shell reads
// as nothing, a line continuation: not one in a comment (a "#" starting
// a word runs to its line's end, a backslash there and all: "# clean up
// \" continues nothing), in single quotes, or after a backslash that
// escapes a backslash ("echo C:\\" ends its line), where it is text;
// inside double quotes, every one, as lineContinuation does. A command
// substitution's text is read as the line's (a comment in it ends at
// its line's end too). A here-document's body, which is text, is taken
// out before (splitHereDocs, dropHereDocs). A "\r\n" line end is a
// newline.
func continueLines(s string) string {
	if !strings.Contains(s, "\\\n") && !strings.Contains(s, "\\\r\n") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := byte('\n')      // the last byte written: a "#" after a blank starts a comment
	var substitution []bool // for each "(" open, whether a substitution's ("$(", "<(", ">(")
	braces := 0             // the "${" open, in which a "#" is text: "${x:- #}"
	for i := 0; i < len(s); {
		next := i + 1
		switch c := s[i]; {
		case c == '$' && strings.HasPrefix(s[i+1:], "{"):
			braces++
		case c == '}' && braces > 0:
			braces--
		case c == '\\' && strings.HasPrefix(s[i+1:], "\n"):
			i += 2
			continue
		case c == '\\' && strings.HasPrefix(s[i+1:], "\r\n"):
			i += 3
			continue
		case c == '\\':
			next = min(i+2, len(s)) // an escaped character, a backslash too
		case c == '#' && braces == 0 && strings.IndexByte(" \t\n;&|()", last) >= 0:
			next = len(s)
			if k := strings.IndexByte(s[i:], '\n'); k >= 0 {
				next = i + k
			}
		case c == '\'':
			next = pastEnd(s, closingQuote(s, i))
		case c == '"':
			next = pastEnd(s, closingQuote(s, i))
			writeDoubleQuoted(&b, s[i:next])
			last, i = s[next-1], next
			continue
		case c == '(':
			substitution = append(substitution, i > 0 && strings.IndexByte("$<>", s[i-1]) >= 0)
		case c == ')' && len(substitution) > 0:
			if substitution[len(substitution)-1] {
				// A substitution's end is more of its word: "<(x)#b"
				// starts no comment, where "(x)#b" does.
				c = 'x'
			}
			substitution = substitution[:len(substitution)-1]
			b.WriteByte(')')
			last, i = c, next
			continue
		}
		b.WriteString(s[i:next])
		last, i = s[next-1], next
	}
	return b.String()
}

// writeDoubleQuoted writes to b the double-quoted text q without its
// backslash-newlines, each a line continuation there, but for the text
// of a command substitution in it, which continueLines reads as a line
// ("\"$(make # log \\⏎git push)\"" runs git push).
func writeDoubleQuoted(b *strings.Builder, q string) {
	for {
		open := strings.Index(q, "$(")
		if open < 0 {
			b.WriteString(lineContinuation.Replace(q))
			return
		}
		b.WriteString(lineContinuation.Replace(q[:open+2]))
		end := open + 2 // "\$(" is text
		if !escaped(q, open) {
			end = pastEnd(q, substitutionEnd(q, open, 0))
			b.WriteString(continueLines(q[open+2 : end]))
		}
		q = q[end:]
	}
}

// pastEnd is the index after end, the closing byte of a quote or a
// substitution, or len(s) for one never closed (-1).
func pastEnd(s string, end int) int {
	if end < 0 {
		return len(s)
	}
	return end + 1
}

// shellToken is one word or control operator of a command line, with its
// quotes removed, and where it starts.
type shellToken struct {
	text string
	off  int  // byte offset in the line
	op   bool // a control operator: | || & && ; or a grouping ( ) $( `
	// glued: the value of the option before it, given in one word with
	// it ("--replicas=0"; see splitOptionValues), or its argument given
	// apart that looks like an option ("-rf" of "grep -e -rf", see
	// splitShortArguments): no option.
	glued bool
	// action: a word of the command a find -exec runs ("-delete" of
	// "find . -exec echo -delete {} \;"), which no option of find's in a
	// pattern matches (see splitShortArguments).
	action bool
	// attached: glued, as the argument written in the word of a short
	// option ("c" of "-Fc", see splitShortArguments), which is never the
	// operand a pattern wants, where the value of "--dbname=app" may be.
	attached bool
	// valued: glued, as the value split from the option word before it
	// at its first "=" (splitOptionValues), which splitShortArguments
	// gives back to a short option's argument written in that word
	// ("-lapp=web" is -l's "app=web").
	valued bool
	// dot: the word was written with a leading "./", which readWords
	// took off.
	dot bool
	// quoted: the word starts with a quote or a backslash, or the ">" or
	// "<" it starts with (after digits) is quoted or escaped ("1\\>x"), so
	// that it is text ("echo '>x; git push' | sh"), not a redirection.
	quoted bool
	// joined: written touching the token before it, with no blank
	// between ("$(pwd)/bin", "user@$(hostname)", "TAG=$(date)-dev"): the
	// two are parts of one word, although a substitution makes them
	// tokens of their own.
	joined bool
	// fed: not written in the line; the operands xargs gives the command
	// it runs, from its input, after the command's own words, or a
	// command substitution gives the command it is an argument of (see
	// feedOperands). Its text is empty.
	fed bool
	// refused: the name of a command bash never runs, as a redirection
	// of its, or of a group around it, copies a descriptor closed
	// before it (runStarts): no pattern's command after an operator
	// matches it.
	refused bool
	// bundled: an option of a bundle of short options after its first,
	// which splitShortArguments made a word of its own ("-f" of "-rf"),
	// and which a script joins back onto the word before (joinedScript).
	bundled bool
	// spellable: an option of a command whose options optionSpellings
	// spells, read as one (not an option's argument, not turned off, not
	// past docker run's image), which a pattern word of another spelling
	// may match (spellOptions).
	spellable bool
	// inert: the word's text holds a "$" or a backtick, each of which it
	// writes quoted or escaped ('$fd', \$fd): text, which bash expands
	// not ("make all >&'$fd'" writes to a file named $fd; see
	// expandedTarget).
	inert bool
	// bundle: the bundle of short options the word is the first option
	// of, as written ("-rf" of "-r"), which a glob of the pattern matches
	// as it did before bundles were split ("rm -rf*" matches "rm -rf x").
	bundle string
	// start: a command starts at this word of a line (commandLine.starts),
	// which a pattern's command after an operator may match.
	start bool
	// casePattern: the ")" that ends a case pattern ("x)" of "case x in
	// x) make all;; esac"), after which an arm's command starts, as after
	// an operator (see markPipes).
	casePattern bool
	// spelled: the letter of the short option this option is another
	// spelling of ('f' for git push's "--force", see optionSpellings),
	// or 0. A byte, as every word of a line carries it.
	spelled byte
	// silent: a "|" the command before it writes nothing into, its
	// output and errors both redirected elsewhere ("curl x > f | sh";
	// see markPipes), which a pattern's "|" does not match.
	silent bool
	// newline: the ";" a newline is (see tokenizer.newline), which
	// withoutReservedPositions tells from a written one (";\n" is no
	// ";;").
	newline bool
	// negated: an operator ending a pipeline that "!" inverts the status
	// of ("! make all && ls", "! { make all; } && ls", "(! make all)"; see
	// pipeReader.neg), whose "&&" or "||" runs the command after it where
	// the pattern's would not, nor does a group ending there stand for
	// its command.
	negated bool
	// groupExec: on an operator with a groupRedirect, the descriptors an
	// exec earlier in the group redirects or closes, in its shell (see
	// pipeGroup.execs), whose redirections there the command does not
	// inherit. Here, where it fills what the fields before leave.
	groupExec uint16
	// groupPipe: on an operator ending a command inside a subshell or a
	// { …; } group, the index in the line's tokens, +1, of the "|" the
	// command writes into through the groups around it ("(cd /tmp &&
	// curl x) | sh"); 0 for none (see markPipes).
	groupPipe int32
	// groupRedirect: on an operator ending a command inside a subshell, a
	// { …; } group or a compound command, the index in the line's
	// tokens, +1, of the token after the group's closer, where the
	// group's redirections, which its commands inherit, are written, if
	// it has any; 0 for none (see markGroupRedirects).
	groupRedirect int32
}

// readWords reads the words of a tokenized line or pattern as a command
// does: an option holding its value is two words (splitOptionValues), and
// a path that starts with "./" is the same path without it, so that
// "bin/rails db:rollback*" matches "./bin/rails db:rollback", "rm -rf
// dist*" "rm -rf ./dist" and "bash .ci/run" "bash ./.ci/run"; none did.
// A "./" before a dash stays: "./-rf" is how a file named -rf is given
// so that no command takes it for an option.
func readWords(toks []shellToken) []shellToken {
	toks = splitRedirections(splitOptionValues(toks))
	for i, t := range toks {
		if !t.op && len(t.text) > 2 && strings.HasPrefix(t.text, "./") && t.text[2] != '-' {
			toks[i].text, toks[i].dot = t.text[2:], true
		}
	}
	return toks
}

// splitRedirections splits each redirection word that holds its target
// ("<dump.sql", "2>/dev/null", "&>>log") into the redirection and the
// target, as a shell reads "<dump.sql" and "< dump.sql" alike, and
// writes a redirection of the default descriptor without it ("0<" is
// "<", "1>" is ">"). Patterns and lines are both split, so "psql * <
// *.sql" matches "psql db <dump.sql" and "psql db 0< dump.sql", each of
// which matched only the form it was written in. A here-string is split
// too ("<<<text" is "<<< text", "0<<<x" "<<< x"), its text the target.
// A duplication ("2>&1", ">&2"), a here-document ("<<EOF") and a
// placeholder ("<file>") are left whole; a placeholder after a
// redirection is its target ("><file>" is "> <file>"). ">|" is ">": it
// only overrides the shell's noclobber. "&>f", "&>>f" and ">&f", bash's
// short ways to send both outputs to f, are written out as "> f 2>&1" and
// ">> f 2>&1", so that "make > /dev/null 2>&1" matches "make &>/dev/null"
// and the reverse; where the target is a process substitution, the "2>&1"
// comes after its group ("&> >(tee log)" is "> >(tee log) 2>&1"), which
// is thus the redirection's target whole, as bash reads it.
func splitRedirections(toks []shellToken) []shellToken {
	var out []shellToken
	var after []closingDup // each "2>&1" held for after its group, innermost last
	for i := 0; i < len(toks); i++ {
		for len(after) > 0 && after[len(after)-1].at == i {
			out = append(out, after[len(after)-1].dup)
			after = after[:len(after)-1]
		}
		t := toks[i]
		if c, ok := canonicalDescriptor(t); ok {
			if out == nil {
				out = copiedBefore(toks, i)
			}
			t = c
		}
		if d, words := duplication(t, toks[i+1:]); words > 0 {
			if out == nil {
				out = copiedBefore(toks, i)
			}
			out = append(out, d)
			i += words - 1
			continue
		}
		from, op := redirectionOperator(t)
		r, target, words := bothOutputs(t, toks[i+1:])
		if op == 0 && words == 0 && out == nil {
			continue
		}
		if out == nil {
			out = copiedBefore(toks, i)
		}
		if words > 0 {
			dup := shellToken{text: "2>&1", off: t.off}
			if end := substitutedGroupEnd(toks, i+words-1); end > 0 {
				out = append(out, r, target)
				after = append(after, closingDup{end, dup})
			} else {
				out = append(out, r, target, dup)
			}
			i += words - 1 // the target, when in the next word
			continue
		}
		if op == 0 {
			out = append(out, t)
			continue
		}
		out = appendRedirection(out, t, from, op)
	}
	for len(after) > 0 {
		out = append(out, after[len(after)-1].dup)
		after = after[:len(after)-1]
	}
	if out == nil {
		return toks
	}
	return out
}

// copiedBefore starts splitRedirections' output, once a token changes at
// toks[i], with the tokens before it, and room for a few more.
func copiedBefore(toks []shellToken, i int) []shellToken {
	return append(make([]shellToken, 0, len(toks)+2), toks[:i]...)
}

// appendRedirection appends to out the redirection t as
// redirectionOperator read it: t.text[from:op], its operator without the
// default descriptor (">|" written ">"), then its target, when t holds
// it.
func appendRedirection(out []shellToken, t shellToken, from, op int) []shellToken {
	r := t
	r.text = t.text[from:op]
	if strings.HasSuffix(r.text, ">|") {
		r.text = strings.TrimSuffix(r.text, "|") // the same, noclobber aside: "2>|" is "2>"
	}
	out = append(out, r)
	if op < len(t.text) {
		out = append(out, shellToken{text: t.text[op:], off: t.off + op})
	}
	return out
}

// closingDup is a "2>&1" splitRedirections writes before toks[at], past
// the group of the process substitution "&>" sends both outputs to.
type closingDup struct {
	at  int
	dup shellToken
}

// substitutedGroupEnd is the index of the word after the group of the process
// substitution toks[j] starts (">(tee log)", read as ">" and the group),
// or 0 where toks[j] starts none or its group is not closed.
func substitutedGroupEnd(toks []shellToken, j int) int {
	t := toks[j]
	if t.op || t.quoted || t.glued || t.text != ">" && t.text != "<" || j+1 == len(toks) || !toks[j+1].op || toks[j+1].text != "(" {
		return 0
	}
	var groups nesting
	for k := j + 1; k < len(toks); k++ {
		if groups.read(toks, k) && groups.depth == 0 {
			return k + 1
		}
	}
	return 0
}

// bothOutputs reads the word t, and next, the words after it, as bash's
// redirection of both outputs to a file: "&>" or "&>>", or ">&" whose
// target is not a descriptor ("2", "-"), with the target in t or in the
// next word. It returns the redirection of the standard output it stands
// for (">" or ">>"), its target, and the words read (1 or 2); 0 when t is
// none.
func bothOutputs(t shellToken, next []shellToken) (redirect, target shellToken, words int) {
	if !plainWord(t) {
		return t, t, 0
	}
	var op, rest string
	switch {
	case strings.HasPrefix(t.text, "&>>"):
		op, rest = ">>", t.text[3:]
	case strings.HasPrefix(t.text, "&>"):
		op, rest = ">", t.text[2:]
	case strings.HasPrefix(t.text, ">&"):
		op, rest = ">", t.text[2:]
	default:
		return t, t, 0
	}
	redirect = t
	redirect.text = op
	dup := t.text[0] == '>' // ">&": a duplication when a descriptor follows
	if rest != "" {
		// Not a duplication (">&2", ">&2-", ">&-", ">&<fd>"), noclobber's
		// "&>|", or a here-document; a placeholder is a target
		// ("&><file>", ">&<log>").
		if dup && (descriptor(rest) || expandedTarget(t, rest)) || strings.ContainsAny(rest[:1], "&|<>") && !startsWithPlaceholder(rest) {
			return t, t, 0
		}
		return redirect, shellToken{text: rest, off: t.off + len(t.text) - len(rest)}, 1
	}
	if len(next) == 0 || next[0].op || dup && (descriptor(next[0].text) || expandedTarget(next[0], next[0].text)) {
		return t, t, 0
	}
	return redirect, next[0], 2
}

// expandedTarget reports whether w, the target of a ">&" written in the
// word t, holds an expansion ("$fd", "${fd}", "\"$fd\""; a substitution
// is a token of its own): bash decides when it runs the line whether it
// copies a descriptor (what it expands to is a number, "3") or sends
// both outputs to a file (any other text). Left as written, the
// redirection is one the descriptor tables cannot follow
// (finalTable.apply: untracked), so the line matches no pattern whose
// answer depends on where either output goes ("make all > <out> 2>&1",
// "make all > <out>"), as bash's answer is not known until it runs. A
// "$" quoted or escaped (">&'$fd'", ">& \\$fd", t.inert) is text: a
// file of that name, which gets both outputs.
func expandedTarget(t shellToken, w string) bool {
	return !t.inert && strings.ContainsAny(w, "$`")
}

// expands reports whether the word raw, as written, holds a "$" or a
// backtick bash expands: outside single quotes and unescaped ("$fd",
// "\"$fd\"", "a'b'$c"), not in "'$fd'", "\\$fd" or "$'…'", whose "$"
// is ANSI-C quoting's.
func expands(raw string) bool {
	dq := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '\\':
			i++
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			if end := strings.IndexByte(raw[i+1:], '\''); end >= 0 {
				i += end + 1
			} else {
				i = len(raw)
			}
		case c == '$' && !dq && i+1 < len(raw) && raw[i+1] == '\'':
			if end := ansiCQuoteEnd(raw, i+1); end >= 0 {
				i = end
			} else {
				i = len(raw)
			}
		case c == '$' || c == '`':
			return true
		}
	}
	return false
}

// duplication reads the word t, and the word after it, as a descriptor's
// duplication written other than in one word of its own descriptor: ">&
// 2" and "2>& 1", the descriptor in the next word, and "1>&2" or "0<&3",
// the default one named. It returns the word the shell reads alike
// (">&2", "2>&1", "<&3") and the words it stands for (1 or 2); 0 when t
// is no such duplication. Patterns and lines are both read so, and ">&2"
// matches ">& 2" and "1>&2".
func duplication(t shellToken, next []shellToken) (shellToken, int) {
	if !plainWord(t) {
		return t, 0
	}
	w := t.text
	i := len(w) - len(strings.TrimLeft(w, "0123456789"))
	if !strings.HasPrefix(w[i:], ">&") && !strings.HasPrefix(w[i:], "<&") {
		return t, 0
	}
	fd, op, rest := w[:i], w[i:i+2], w[i+2:]
	named := defaultDescriptor(fd, op[0])
	if named {
		fd = "" // "1>&2" is ">&2"
	}
	d := t
	switch {
	case rest != "" && named && descriptor(rest):
		d.text = fd + op + rest
		return d, 1
	case rest == "" && len(next) > 0 && !next[0].op && !next[0].quoted && descriptor(next[0].text):
		d.text = fd + op + withoutLeadingZeros(next[0].text)
		return d, 2
	}
	return t, 0
}

// canonicalDescriptor writes the descriptors of the redirection word t
// without leading zeros, as bash reads them as numbers: "01>" is "1>",
// so ">", "00<" is "0<" and "2>&01" is "2>&1" (bash 5.2 sends make's
// output to o for "make all 01> o" and "make all 2>o 1>&02"). ok is false
// where there is nothing to change, or t is no word bash reads as a
// redirection (quoted, touching the word before it).
func canonicalDescriptor(t shellToken) (shellToken, bool) {
	if !plainWord(t) || t.joined {
		return t, false
	}
	w := t.text
	i := len(w) - len(strings.TrimLeft(w, "0123456789"))
	if i == len(w) || w[i] != '<' && w[i] != '>' || startsWithPlaceholder(w[i:]) {
		return t, false
	}
	fd := withoutLeadingZeros(w[:i])
	rest := w[i:]
	if op := rest[:min(2, len(rest))]; op == ">&" || op == "<&" {
		if target := rest[2:]; target != "" && strings.Trim(strings.TrimSuffix(target, "-"), "0123456789") == "" {
			rest = op + withoutLeadingZeros(target)
		}
	}
	if fd+rest == w {
		return t, false
	}
	t.text = fd + rest
	return t, true
}

// withoutLeadingZeros writes the descriptor n, digits and perhaps a "-"
// after them ("02-", a move), without its leading zeros ("2-"); "00" is
// "0". Any other word is returned as it is.
func withoutLeadingZeros(n string) string {
	digits := strings.TrimSuffix(n, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return n
	}
	if d := strings.TrimLeft(digits, "0"); d != digits {
		if d == "" {
			d = "0"
		}
		return d + n[len(digits):]
	}
	return n
}

// plainWord reports whether t is a word the shell may read as a
// redirection: no operator, unquoted, not glued to an option nor after
// "./".
func plainWord(t shellToken) bool {
	return !t.op && !t.quoted && !t.glued && !t.dot
}

// defaultDescriptor reports whether fd is the descriptor a redirection of
// op ('<' or '>') uses when none is written: "0<" is "<", "1>&2" is ">&2".
func defaultDescriptor(fd string, op byte) bool {
	return fd == "0" && op == '<' || fd == "1" && op == '>'
}

// descriptor reports whether w, after ">&", names a file descriptor to
// duplicate or move ("2", "2-"), closes one ("-"), or is a placeholder
// that names one ("<fd>", "<n>", "<descriptor>"); a placeholder of
// another name is a file ("<file>", "<log>").
func descriptor(w string) bool {
	if loc := placeholderRe.FindStringIndex(w); loc != nil && loc[0] == 0 {
		// The whole word, named by its letters alone: "<fd>", "<$FD>",
		// "<fd-2>", not "<n-files>" nor "<fd>.log".
		name := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' {
				return r
			}
			return -1
		}, strings.ToLower(w))
		end := len(strings.TrimSuffix(w, "-")) // "<fd>-" moves it, as "2-" does
		return loc[1] == end && slices.Contains([]string{"fd", "n", "descriptor", "filedescriptor"}, name)
	}
	return strings.Trim(strings.TrimSuffix(w, "-"), "0123456789") == ""
}

// redirectionOperator finds the redirection that starts the word t:
// t.text[from:op] is it without the default descriptor ("<" of "0<",
// ">" of "1>out"), and what follows op its target, when the word holds
// it ("/dev/null" of "2>/dev/null"). op is 0 when there is nothing to
// change: a word of no redirection (quoted, an operator, a placeholder
// such as "<file>"), a duplication ("2>&1"), a here-document ("<<EOF"),
// or a redirection written as the shell reads it already ("<", "2>",
// "<<<").
func redirectionOperator(t shellToken) (from, op int) {
	if !plainWord(t) {
		return 0, 0
	}
	w := t.text
	i := len(w) - len(strings.TrimLeft(w, "0123456789"))
	if i == 0 && strings.HasPrefix(w, "&>") {
		i = 1
	}
	rest := w[i:]
	if rest == "" || rest[0] != '<' && rest[0] != '>' || startsWithPlaceholder(rest) {
		return 0, 0
	}
	if strings.HasPrefix(rest, "<<<") { // a here-string: "<<<text" is "<<< text"
		if defaultDescriptor(w[:i], '<') {
			from = 1
		}
		if n := i + 3; from > 0 || n < len(w) {
			return from, n
		}
		return 0, 0
	}
	for _, r := range [...]string{">>", ">|", "<>", ">", "<"} {
		if !strings.HasPrefix(rest, r) {
			continue
		}
		n := i + len(r)
		if n < len(w) && (w[n] == '&' || w[n] == '<' || w[n] == '>') && !startsWithPlaceholder(w[n:]) {
			return 0, 0 // a duplication, a here-document; not "><file>", a pattern's target
		}
		if defaultDescriptor(w[:i], r[0]) {
			from = 1
		}
		if from == 0 && n == len(w) && r != ">|" {
			return 0, 0
		}
		return from, n
	}
	return 0, 0
}

// splitShortArguments splits each word of short options that holds the
// argument of one ("-XDELETE", "-fn5", "-Fc"), of a command whose options
// that take one capreg knows (bundleArguments, and pg_dump's and
// pg_restore's), into the options and the argument, marked glued as
// splitOptionValues marks "--opt=value"'s: "curl -X DELETE *" matches
// "curl -XDELETE https://x", "tail -f *" "tail -fn5 log". The options of
// a bundle of a command that reads them anywhere (permutes), as getopt
// does, are split into words of one option each ("-rf" is "-r" "-f"), so
// that "rm -rf *" matches "rm -r -f x" and "rm -r -f *" "rm -fr x",
// which each matched only the form it was written in. The command of a
// word is what wordCommand reads, until a "--" of its own. Lines and
// patterns are both split. It returns toks itself and false when there
// is nothing to split, having marked, in place, each word that is the argument of
// the option before it though it looks like an option (glued), and the
// words of a find -exec's command (action). bundles says whether to split
// bundles (commandPattern.whole).
func splitShortArguments(toks []shellToken, starts []int, bundles bool) ([]shellToken, bool) {
	s := argumentSplitter{toks: toks, bundles: bundles}
	for j, t := range toks {
		if t.text == "--" && !t.op && j > 0 && !s.k.c.operands && !s.action && takesArgumentOf(&s.k, toks[j-1], s.set) {
			// The argument of the option before it, as getopt reads it:
			// "git commit -m -- --all" commits all with the message "--",
			// and options go on after it.
			toks[j].glued = true
			continue
		}
		switch s.k.read(toks, j, starts) {
		case commandWord:
			name := s.k.c.name
			s.set, s.getopt, s.action, s.signalled = shortArguments(name), permutes[name], false, false
			continue
		case subcommandWord:
			continue
		}
		if s.k.c.operands || j < s.last {
			continue // past "--", or a value given back to the word before
		}
		if !s.readOtherThanOption(j, t) {
			s.splitOptions(j, t)
		}
	}
	if s.out == nil {
		return toks, false
	}
	return append(s.out, toks[s.last:]...), true
}

// argumentSplitter is what splitShortArguments knows as it reads the
// words of a line or a pattern: the words split so far, and what it
// knows of the command they are given to.
type argumentSplitter struct {
	toks    []shellToken
	bundles bool         // split bundles (see splitShortArguments)
	out     []shellToken // the words split so far, nil while none is
	last    int          // toks[last:] are not in out yet
	k       optionKey    // the command and subcommands of the word
	set     string       // the argument letters of k's command
	getopt  bool         // k's command permutes
	action  bool         // in the command of a find -exec, up to its ";" or "+"
	// actionCommand is the base name of that command, once read.
	actionCommand string
	signalled     bool // a kill command's signal was read
}

// readOtherThanOption reads the word toks[j], t, where it may be other
// than an option of its command, or end a find -exec's command: the
// argument of the option before it, a word of the command a find -exec
// runs, a kill's signal or process group, or a find action. It reports
// whether it has read all there is of the word, which is otherwise read
// for options to split (splitOptions).
func (s *argumentSplitter) readOtherThanOption(j int, t shellToken) bool {
	toks := s.toks
	switch {
	case t.op:
		s.action = false
	case s.action && findActionEnd(toks, j):
		s.action = false
	case s.action:
		s.readActionWord(j, t)
		return true
	case j > 0 && isOption(t.text) && takesArgumentOf(&s.k, toks[j-1], s.set):
		// The argument of the option before it, though it looks like
		// an option: "grep -e -rf x" searches for "-rf", "curl -d -k"
		// posts "-k", "git push -o --force" passes "--force" to a
		// hook. Marked glued, it is no option, in the line or the
		// pattern, and no bundle to split.
		toks[j].glued = true
		return true
	case s.k.c.name == "kill" && (isOption(t.text) || t.text == "-"):
		return s.readKillOption(j, t)
	case s.k.c.name == "find" && findActions[t.text]:
		// Up to the word that ends it, or, where none does (a
		// pattern's "find * -exec rm -rf *"), the command's end: a
		// pattern and a line read its words alike.
		s.action, s.actionCommand = true, ""
		return true
	}
	return false
}

// readActionWord reads a word of the command find runs, which is none of
// find's options: "find . -exec echo -delete {} \;" deletes nothing.
func (s *argumentSplitter) readActionWord(j int, t shellToken) {
	toks := s.toks
	toks[j].action = true
	if s.actionCommand == "" {
		s.actionCommand = path.Base(t.text)
		return
	}
	set := shortArguments(s.actionCommand)
	if takesNextWord(toks[j-1], set, s.actionCommand) && !toks[j-1].glued {
		// The argument of the option before it ("-rf" of "grep -e
		// -rf"), as outside a find: no option, no bundle.
		toks[j].glued = true
		return
	}
	if !s.bundles || !permutes[s.actionCommand] || !splitsBundle(t, true) || argumentLetter(t, set) >= 0 {
		return
	}
	// Its bundles are split as its own would be: "find *
	// -exec rm -rf *" matches "find . -exec rm -r -f {} +".
	s.out = append(append(s.out, toks[s.last:j]...), bundleWords(toks[j], t.text)...)
	s.last = j + 1
}

// readKillOption reads an option word of kill, or its "-", and reports
// whether it is no option (a process group) or has been read in full (a
// signal given apart); a signal is otherwise read as any option.
func (s *argumentSplitter) readKillOption(j int, t shellToken) bool {
	toks := s.toks
	if s.signalled && (processGroup(t.text) || t.text == "-" && substitutedAt(toks, j+1)) {
		// After the signal, bash's kill reads "-1" as every
		// process it may signal and "-4242" as a process group:
		// "kill -9 -1" kills, as "kill -9 <pid>" says. Marked
		// glued, it is no option.
		toks[j].glued = true
		return true
	}
	if !s.signalled && (t.text == "-s" || t.text == "-n") && !t.glued && j+1 < len(toks) && plainWord(toks[j+1]) && !isOption(toks[j+1].text) {
		// The signal given apart, read as written in one word
		// (bash's kill reads its name in any case): "kill -s
		// KILL" and "kill -n 9" are "kill -KILL" and "kill -9".
		s.out = append(s.out, toks[s.last:j]...)
		s.out = append(s.out, shellToken{text: "-" + strings.ToUpper(toks[j+1].text), off: t.off, joined: t.joined})
		s.last, s.signalled = j+2, true
		return true
	}
	s.signalled = true
	return false
}

// splitOptions splits the word toks[j], t, into its short options and
// the argument written in it, or into a word for each option of its
// bundle, where either is to be split.
func (s *argumentSplitter) splitOptions(j int, t shellToken) {
	toks := s.toks
	opts, arg := t, shellToken{}
	valued := j+1 < len(toks) && toks[j+1].valued // split from t at an "="
	if at := gluedArgumentAt(&s.k, toks, j, s.set); at >= 0 {
		opts.text = t.text[:at+1]
		arg = shellToken{text: t.text[at+1:], off: t.off + at + 1, glued: true, attached: true}
		if valued {
			// The "=" is the argument's: "-lapp=web".
			arg.text += "=" + toks[j+1].text
		}
	}
	// A letter repeated ("git clean -ffdx": twice -f also removes
	// nested repositories) is still a bundle where capreg knows each
	// letter is an option of the command, not a long option of one
	// dash ("-timeout"), which only a bundle of distinct letters
	// unknown to it is taken not to be.
	split := s.bundles && splitsBundle(opts, false) &&
		(s.getopt && splitsBundle(opts, true) || s.k.spell != nil && !takesArgument(s.k.key, toks[j-1]) && bundlesOptionsOf(s.k.key, opts.text))
	if arg.text == "" && !split {
		return
	}
	s.out = append(s.out, toks[s.last:j]...)
	if split {
		s.out = append(s.out, bundleWords(opts, t.text)...)
	} else {
		s.out = append(s.out, shellToken{text: opts.text, off: t.off, joined: t.joined})
	}
	s.last = j + 1
	if arg.text != "" {
		s.out = append(s.out, arg)
		if valued {
			s.last++
		}
	}
}

// gluedArgumentAt is argumentLetter of toks[j], read by k, with set the
// argument letters of its command of bundleArguments; for a (sub)command
// whose options capreg spells instead, the letter of one of its options
// that take an argument (spelledArguments), after letters it knows as
// options, as getopt and pflag read "-oyaml", "-mfix" and "-amfix".
func gluedArgumentAt(k *optionKey, toks []shellToken, j int, set string) int {
	t := toks[j]
	if set != "" || k.spell == nil {
		return argumentLetter(t, set)
	}
	i := argumentLetter(t, spelledArguments(k.key))
	if i < 0 || !bundlesOptionsOf(k.key, t.text[:i+1]) {
		return -1
	}
	return i
}

// processGroup reports whether the word w of kill, after its signal,
// names a process group: a dash, then digits or a variable ("-4242",
// "-$PGID").
func processGroup(w string) bool {
	if len(w) > 2 && w[:2] == "-$" {
		return true
	}
	if len(w) < 2 || w[0] != '-' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if !isDigit(w[i]) {
			return false
		}
	}
	return true
}

// substitutedAt reports whether toks[j] is a command substitution
// written touching the word before it ("-$(cat app.pid)", "-`cat
// app.pid`"), which is more of that word.
func substitutedAt(toks []shellToken, j int) bool {
	return j < len(toks) && toks[j].joined && toks[j].op && (toks[j].text == "$(" || toks[j].text == "`")
}

// takesArgumentOf reports whether the word t, read by k, is an option
// that takes the next word as its argument: one of set, the letters of
// the command's short options that take one (bundleArguments), or one
// takesArgument knows of k's (sub)command.
func takesArgumentOf(k *optionKey, t shellToken, set string) bool {
	return takesNextWord(t, set, k.c.name) || k.spell != nil && takesArgument(k.key, t)
}

// findActions are find's options whose arguments are a command to run,
// up to a word ";" or "+" (see findScripts).
var findActions = map[string]bool{"-exec": true, "-execdir": true, "-ok": true, "-okdir": true}

// takesNextWord reports whether the option word t, of the command name
// whose short options of set take an argument, takes the next word as its
// argument (takesNextArgument).
func takesNextWord(t shellToken, set, name string) bool {
	return set != "" && !t.op && !t.glued && !t.dot && isOption(t.text) && takesNextArgument(t.text, set, name)
}

// takesNextArgument reports whether the short option word w of the
// (sub)command name, whose options of letters take an argument, takes
// the next word: the first of them in w is its last letter ("-e", "-re"
// of grep, not "-efoo"), and not one whose argument is optional
// (optionalArguments: sed's "-i" takes none, and "-ie" is -i's suffix e).
func takesNextArgument(w, letters, name string) bool {
	return takesNextOf(w, letters) && strings.IndexByte(optionalArguments[name], w[len(w)-1]) < 0
}

// optionalArguments are, for commands of bundleArguments, the letters of
// options whose argument is optional, and so only ever in the option's
// word: sed's -i suffix ("-i.bak"); "sed -i -e x" edits in place.
var optionalArguments = map[string]string{"sed": "i"}

// splitsBundle reports whether the word t, of a command of permutes,
// bundles short options that splitShortArguments splits: one dash and two
// to maxLineBundle letters ("-rf", "-lahtr"), distinct where distinct is
// asked, written as an option, not glued to one or after "./" ("'-rf'" is
// one: the command reads no quotes). A longer word, or one that repeats a
// letter, may be a long option of one dash, as bundles reads it.
func splitsBundle(t shellToken, distinct bool) bool {
	w := t.text
	return !t.glued && !t.dot && len(w) <= 1+maxLineBundle && isLetterBundle(w) && (!distinct || distinctLetters(w[1:]))
}

// bundleWords returns the bundle of short options t as a word for each
// ("-rf" as "-r" "-f"), the first of which keeps the word as written
// ("-fn5" of tail's "-fn" and its argument "5").
func bundleWords(t shellToken, written string) []shellToken {
	words := make([]shellToken, 0, len(t.text)-1)
	for i := 1; i < len(t.text); i++ {
		o := shellToken{text: "-" + t.text[i:i+1], off: t.off + i - 1, bundled: i > 1, action: t.action}
		if i == 1 {
			o.joined, o.bundle = t.joined, written
		}
		words = append(words, o)
	}
	return words
}

// wordCommand follows, word by word, which command the words of a line or
// a pattern are given to, for reading its options (splitShortArguments,
// markGetopt): the first of each command, one that starts a command
// (starts: "sudo -u pg pg_restore -Fc"), or one a command of runsInside
// names (namesCommand: "docker exec db pg_restore -Fc"). A runner hands
// over to the command it names, whose own operands name none ("docker
// exec web rm /tmp/curl -rf"), until a runner's "--" ("kubectl exec curl
// -- curl -XDELETE x", a pod named curl).
type wordCommand struct {
	name     string // the command's base name, "" before one
	operands bool   // past its "--": its words are operands
	started  bool   // a command has started since the last operator
	runner   bool   // its words may name the command it runs
	inRunner bool   // a runner has been named since the last operator
	// sub: the command's next word that is neither an option nor the
	// argument of one of subcommandArguments is its subcommand, which
	// names no command it runs ("docker rm -f web" removes a container,
	// "kubectl cp" copies from a pod), though rm and cp are commands.
	sub bool
}

// read moves c to toks[j], the words being read in order from the first,
// and reports whether that word names the command the words after it are
// given to.
func (c *wordCommand) read(toks []shellToken, j int, starts []int) bool {
	t := toks[j]
	switch {
	case t.op:
		*c = wordCommand{}
	case !c.started || slices.Contains(starts, j):
		c.start(t.text)
		return true
	case c.sub && !t.glued && !isOption(t.text) && t.text != "--" && !subcommandArguments[spellingName(c.name)][toks[j-1].text]:
		// The runner's subcommand, or its group's ("docker container rm").
		c.sub = subcommandGroups[spellingName(c.name)][t.text]
	case c.runner && !t.glued && !t.quoted && namesCommand(t.text, isOption(toks[j-1].text)):
		c.start(t.text)
		return true
	case t.text == "--" && !t.glued:
		c.operands, c.runner = true, c.inRunner
	}
	return false
}

// start moves c to the command named by the word w.
func (c *wordCommand) start(w string) {
	c.name = path.Base(w)
	c.started, c.operands, c.runner = true, false, runsInside[c.name]
	c.inRunner = c.inRunner || c.runner
	_, c.sub = subcommandGroups[spellingName(c.name)]
}

// splitArgumentsAt is splitShortArguments with the command starts of
// toks, before and after, and then spellOptions: the words and where each
// command starts.
func splitArgumentsAt(toks []shellToken, bundles bool) ([]shellToken, []int) {
	starts := commandStarts(toks)
	if split, ok := splitShortArguments(toks, starts, bundles); ok {
		toks, starts = split, commandStarts(split)
	}
	spellOptions(toks, starts)
	return toks, starts
}

// runsInside are the commands whose words may name a command they run
// in a container, a pod or on a host ("docker exec db pg_restore -Fc",
// "kubectl exec db-0 -- pg_dump", "ssh db pg_dump"), which a command's
// words are read by from there on (see namesCommand): a precommand's is
// among the line's command starts already, and any other's words are
// operands ("apt-get install curl -dy").
var runsInside = map[string]bool{"docker": true, "podman": true, "podman-remote": true, "nerdctl": true,
	"docker-compose": true, "podman-compose": true, "kubectl": true, "oc": true, "ssh": true}

// namesCommand reports whether the word w, after the first of a command
// runsInside names, names a command it runs that capreg knows something
// of the options of (it reads them anywhere, permutes, or capreg knows
// those that take an argument): "docker exec db pg_restore", "kubectl
// exec db-0 -- /usr/bin/curl". Not after an option, whose argument it is
// ("docker run --name curl -dit"), nor a path but one from the root or
// "./" ("curlimages/curl", a URL's ".../rm").
func namesCommand(w string, afterOption bool) bool {
	if afterOption || isOption(w) || strings.Contains(w, "/") && !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "./") {
		return false
	}
	name := path.Base(w)
	return permutes[name] || bundleArguments[name] != nil || knownOptions[name] != nil
}

// shortArguments are the letters of the short options that take an
// argument of the command name, when capreg knows them for splitting
// (splitShortArguments; bundleArguments): not ssh's, whose -o reads
// "-oKey=value" whole.
func shortArguments(name string) string {
	if o := bundleArguments[name]; o != nil {
		return o.short
	}
	return ""
}

// argumentLetter is the index in t's text of the option letter of set
// whose argument follows it in the word ("X" of "-XDELETE", after other
// letters: "n" of "-fn5"), or -1: a word of one dash, letters, and more
// after the first letter of set.
func argumentLetter(t shellToken, set string) int {
	w := t.text
	if set == "" || t.glued || t.quoted || t.dot || len(w) < 3 || w[0] != '-' || w[1] == '-' {
		return -1
	}
	for k := 1; k < len(w)-1; k++ {
		switch c := w[k]; {
		case strings.IndexByte(set, c) >= 0:
			return k
		case (c|0x20) < 'a' || (c|0x20) > 'z':
			return -1
		}
	}
	return -1
}

// startsWithPlaceholder reports whether w starts with a <placeholder>.
func startsWithPlaceholder(w string) bool {
	loc := placeholderRe.FindStringIndex(w)
	return loc != nil && loc[0] == 0
}

// dropRedirections returns words without their redirections and the
// target of each that is a word of its own ("2> /dev/null", as
// splitRedirections leaves "2>/dev/null"): what the command is given as
// arguments. words is not changed.
func dropRedirections(words []shellToken) []shellToken {
	out := make([]shellToken, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w.quoted || w.op || !isRedirection(w.text) {
			out = append(out, w)
			continue
		}
		if redirectionAlone(w.text) && i+1 < len(words) && !words[i+1].op {
			i++ // its target
		}
	}
	return out
}

// splitOptionValues splits each option word that holds its value
// ("--replicas=0", "-count=5") into the option and the value, marked
// glued, as getopt_long and Go's flag package read "--replicas 0" and
// "--replicas=0" alike. Patterns and lines are both split, so
// "kubectl scale --replicas=0 *" matches "kubectl scale --replicas 0
// deploy/x", "kubectl delete --namespace <ns> *" "kubectl delete
// --namespace=prod pod x", and "git push --force-with-lease" "git push
// --force-with-lease=main": each matched only the form it was written in.
func splitOptionValues(toks []shellToken) []shellToken {
	n := 0
	for i := range toks {
		if valueAt(toks, i) > 0 {
			n++
		}
	}
	if n == 0 {
		return toks
	}
	out := make([]shellToken, 0, len(toks)+n)
	for i, t := range toks {
		eq := valueAt(toks, i)
		if eq <= 0 {
			out = append(out, t)
			continue
		}
		out = append(out, shellToken{text: t.text[:eq], off: t.off, joined: t.joined},
			shellToken{text: t.text[eq+1:], off: t.off + eq + 1, glued: true, valued: true})
	}
	return out
}

// valueAt is optionValueAt of toks[i], and also the = that ends a long
// option word when a substitution written touching it gives the value
// ("--user=$(whoami)"; "-oPort=$(…)" is -o's value, one word): the option and an empty value, glued, which the
// substitution's word is more of.
func valueAt(toks []shellToken, i int) int {
	t := toks[i]
	if eq := optionValueAt(t); eq > 0 || i+1 == len(toks) || !toks[i+1].joined || !toks[i+1].op {
		return eq
	}
	if eq := len(t.text) - 1; !t.glued && eq > 0 && t.text[eq] == '=' && strings.HasPrefix(t.text, "--") && strings.TrimLeft(t.text[:eq], "-") != "" {
		return eq
	}
	return -1
}

// optionValueAt is the offset of the = of an option word that holds a
// value: a dash or two, a name, =, and a value; -1 for any other token.
func optionValueAt(t shellToken) int {
	if t.op || t.glued || !isOption(t.text) {
		return -1
	}
	eq := strings.IndexByte(t.text, '=')
	if eq < 0 || eq == len(t.text)-1 || strings.TrimLeft(t.text[:eq], "-") == "" {
		return -1
	}
	return eq
}

// shellTokens splits a command line as a shell would into words and control
// operators: single and double quotes group (and are removed), a backslash
// escapes the next character (inside double quotes, only " \ $ and a
// backtick, see unescapeDoubleQuoted), and | || & && ; ( ) $( and a
// backtick are tokens of their own even without spaces around them; a
// newline outside quotes is the operator ;. A # that starts a word starts
// a comment, which runs to the end of its line.
// It never fails: an unclosed quote runs to the end of the line.
func shellTokens(line string) []shellToken {
	return shellTokensUpTo(line, len(line)+1)
}

// shellTokensUpTo is the first limit tokens of shellTokens(line). A word
// without quotes or escapes is a substring of line rather than a copy.
func shellTokensUpTo(line string, limit int) []shellToken {
	t := tokenizer{line: line, prevEnd: -1, substEnd: -1}
	return tokenize(&t, limit)
}

// lineTokens is shellTokens of line, and whether a quote in it is never
// closed (which bash refuses: see refusedFrom).
func lineTokens(line string) ([]shellToken, bool) {
	t := tokenizer{line: line, prevEnd: -1, substEnd: -1}
	toks := tokenize(&t, len(line)+1)
	return toks, t.unclosed
}

// patternTokens is shellTokensUpTo of a replaces pattern, whose glob
// characters a quote or a backslash makes text, as bash reads a pattern
// (see literalGlobs): each such "*" or "?" is written in its token's text
// as literalStar or literalMark, which no glob reading takes for one and
// compileToken reads back. A pattern holding either byte already (no
// UTF-8 text does) keeps its quoted glob characters as globs, and its
// bytes as they are: lit says whether the tokens write text so.
func patternTokens(pat string, limit int) (toks []shellToken, lit bool) {
	lit = strings.IndexByte(pat, literalStar) < 0 && strings.IndexByte(pat, literalMark) < 0
	t := tokenizer{line: pat, prevEnd: -1, substEnd: -1, literalGlobs: lit}
	return tokenize(&t, limit), lit
}

// tokenize is shellTokensUpTo of t.line.
func tokenize(t *tokenizer, limit int) []shellToken {
	line := t.line
	// opens are the ( and $( open, true for $(, innermost last: a local
	// of this function, not of t, so that the compiler keeps the few most
	// lines open on the stack.
	var opens []bool
	for i := 0; i < len(line) && len(t.out) < limit; i++ {
		c := line[i]
		t.countExpansions(i)
		switch {
		case c == ' ' || c == '\t':
			t.flush(i)
		case c == '#' && !t.inWord && i != t.substEnd && t.braces == 0:
			// A comment, to the end of the line: "rm -rf build # don't"
			// opened a quote that took the commands after it. Not in
			// "${…}", whose blanks bash reads as its text: "${x:- #}".
			// In backticks, it ends at the one that closes them.
			if end := commentEnd(line, i); t.backtick {
				i = backtickCommentEnd(line, i, end)
			} else {
				i = end
			}
		case c == '\n':
			t.newline(i)
		case c == '<' && placeholderAt(line, i) > 0:
			i = t.placeholder(i)
		case t.inWord && t.expansions == 0 && endsWordAt(line, t.start, i, &t.redirStart):
			// A redirection touching the word before it: a shell reads
			// "psql db<dump.sql" as "psql db <dump.sql", and "make&>log"
			// and "echo hi>out" so too; they were one word, which no
			// pattern of the command spaced matched.
			t.flush(i)
			t.word(i, false)
		case c == '&' && redirects(line, i), c == '|' && t.inWord && line[i-1] == '>' && (i < 2 || line[i-2] != '\\'):
			// A redirection, not an operator: 2>&1, <&3, &>log, and >|
			// (> even where the shell's noclobber is set), which read as
			// a pipe into a command named by the file.
			t.word(i, false)
			if t.copied {
				t.b.WriteByte(c)
			}
		case c == '|' || c == '&' || c == ';':
			i = t.controlOperator(i)
		case (c == '(' || c == '$') && plainArithmeticEnd(line, i) >= 0:
			i = t.arithmetic(i)
		case c == '(' || c == ')' || c == '`' || c == '$' && i+1 < len(line) && line[i+1] == '(':
			next, group := t.grouping(i, opens)
			if group == groupOpened {
				opens = append(opens, c == '$')
			} else if group == groupClosed {
				opens = opens[:len(opens)-1]
			}
			i = next
		case c == '$' && i+1 < len(line) && line[i+1] == '\'':
			i = t.ansiCQuote(i)
		case c == '\'' || c == '"':
			i = t.quote(i)
		case c == '\\' && i+1 < len(line):
			t.word(i, true)
			t.b.WriteByte(t.literal(line[i+1]))
			i++
		default:
			t.word(i, false)
			if t.copied {
				t.b.WriteByte(c)
			}
		}
	}
	t.flush(len(line))
	return t.out[:min(len(t.out), limit)]
}

// tokenizer is what shellTokensUpTo knows as it reads a line byte by
// byte: the tokens so far, and the word being read, which most often is
// a substring of line and is copied into b only once a quote or an
// escape makes its text differ from what is written.
type tokenizer struct {
	line string
	out  []shellToken
	b    strings.Builder // the word's text, once copied
	// start is where the word being read starts, when inWord; copied
	// says its text is in b.
	start          int
	inWord, copied bool
	expansions     int // the ${ open in the word, whose < and > are text
	braces         int // the ${ open on the line, across blanks, where a # is text
	redirStart     redirectionStart
	prevEnd        int // where the last token ended
	// substEnd is where the last command substitution closed: a # right
	// after it is more of its word ("$(date)#x"), where one after a
	// subshell's ")" starts a comment. backtick is whether one is open.
	substEnd int
	backtick bool
	// literalGlobs: the line is a replaces pattern, whose quoted and
	// escaped glob characters are text (see patternTokens).
	literalGlobs bool
	// unclosed: a quote was never closed, and ran to the line's end.
	unclosed bool
}

// The bytes a replaces pattern's token text holds for a "*" and a "?"
// quoted or escaped (see patternTokens), which are no UTF-8.
const (
	literalStar = 0xff
	literalMark = 0xfe
)

// literal is the byte c of a pattern as its token's text holds it when a
// backslash escapes it, or quotes that hold no blank: a glob character
// is text, as bash reads it ("rm -rf \*", "rm -rf '*'" name a file "*").
func (t *tokenizer) literal(c byte) byte {
	switch {
	case !t.literalGlobs:
		return c
	case c == '*':
		return literalStar
	case c == '?':
		return literalMark
	}
	return c
}

// literalText is the quoted text q of a pattern as its token's text holds
// it (see literal): its glob characters are text, but in quotes holding a
// blank. Bash would read those as text too, but a pattern quotes an
// argument of several words as the line does, and means its star
// ("psql * -c 'VACUUM *'", "openocd -f * -c 'program *'"), which
// nothing else can write so. A double-quoted command substitution is the
// text of a script, left as it is.
func (t *tokenizer) literalText(q string) string {
	if !t.literalGlobs || !strings.ContainsAny(q, "*?") || strings.ContainsAny(q, " \t\n") ||
		strings.Contains(q, "$(") || strings.Contains(q, "`") {
		return q
	}
	return globText.Replace(q)
}

// globText writes a pattern's quoted glob characters as text (literalText).
var globText = strings.NewReplacer("*", "\xff", "?", "\xfe")

// countExpansions counts the ${ a word opens at line[i] and the } that
// close them.
func (t *tokenizer) countExpansions(i int) {
	line := t.line
	if c := line[i]; c == '$' && i+1 < len(line) && line[i+1] == '{' {
		t.expansions++ // a word's text, as "}" is (shellTokensUpTo)
		t.braces++
	} else if c == '}' {
		t.expansions = max(t.expansions-1, 0)
		t.braces = max(t.braces-1, 0)
	}
}

// flush ends the word being read, if any, at end. It is small enough to
// inline where no word is being read, as after most blanks.
func (t *tokenizer) flush(end int) {
	if t.inWord {
		t.endWord(end)
	}
}

// endWord ends the word being read at end, and adds it to the tokens.
func (t *tokenizer) endWord(end int) {
	line, start := t.line, t.start
	text := line[start:end]
	if t.copied {
		text = t.b.String()
	}
	q := line[start] == '\'' || line[start] == '"' || line[start] == '\\' ||
		line[start] == '$' && start+1 < len(line) && line[start+1] == '\'' ||
		t.copied && (quotedRedirection(text, line[start:end]) || keywordText(text) || quotedAssignment(text, line[start:end]))
	// A redirection is a word of its own however it is written:
	// ">out" of "$(cmd)>out" is not part of the substitution's word.
	joined := start == t.prevEnd && !strings.ContainsRune("<>&", rune(line[start]))
	inert := t.copied && strings.ContainsAny(text, "$`") && !expands(line[start:end])
	t.out = append(t.out, shellToken{text: text, off: start, quoted: q, joined: joined, inert: inert})
	t.prevEnd = end
	t.b.Reset()
	t.inWord, t.expansions = false, 0
}

// operator adds the control operator of n bytes at line[i].
func (t *tokenizer) operator(i, n int) {
	t.out = append(t.out, shellToken{text: t.line[i : i+n], off: i, op: true, joined: i == t.prevEnd})
	t.prevEnd = i + n
}

// word starts a word at line[i] unless one is being read, and, when copy
// says line[i] is not written as it reads (a quote, an escape), copies
// the word so far into b, where its text goes on.
func (t *tokenizer) word(i int, copy bool) {
	if !t.inWord {
		t.start, t.inWord, t.copied = i, true, false
	}
	if copy && !t.copied {
		t.b.WriteString(t.line[t.start:i]) // the plain part so far
		t.copied = true
	}
}

// newline reads a newline outside quotes: the operator ;, unless the
// line goes on after an operator that wants more ("curl -fsSL x |" then
// "  sh" on the next line: one pipeline).
func (t *tokenizer) newline(i int) {
	t.flush(i)
	if n := len(t.out); n > 0 && continuesAfter(t.out, n-1) {
		return
	}
	t.out = append(t.out, shellToken{text: ";", off: i, op: true, newline: true})
	t.prevEnd = -1
}

// placeholder reads a pattern's placeholder, "<file>" of
// "--output=<file>", as text: its < and > redirect nothing.
func (t *tokenizer) placeholder(i int) int {
	n := placeholderAt(t.line, i)
	t.word(i, false)
	if t.copied {
		t.b.WriteString(t.line[i : i+n])
	}
	return i + n - 1
}

// controlOperator reads | || & && or ;, which ends the word before it.
func (t *tokenizer) controlOperator(i int) int {
	line, c := t.line, t.line[i]
	t.flush(i)
	n := 1
	if c != ';' && i+1 < len(line) && line[i+1] == c {
		n = 2
	}
	t.operator(i, n)
	return i + n - 1
}

// arithmetic reads an arithmetic command or expansion, "((n > 1))",
// "$((n+1))", as text, not the commands of a subshell or a substitution.
// ("((git push --force))" runs no git: bash reads it as an expression
// and fails.)
func (t *tokenizer) arithmetic(i int) int {
	end := plainArithmeticEnd(t.line, i)
	t.word(i, false)
	if t.copied {
		t.b.WriteString(t.line[i : end+1])
	}
	return end
}

// What a ( ) $( or backtick did to the groups open, which
// shellTokensUpTo keeps (see tokenizer.grouping).
const (
	groupKept   = iota
	groupOpened // a ( or a $(
	groupClosed // a ) that closed the innermost one
)

// grouping reads a ( ) $( or backtick, a subshell or a command
// substitution, with opens the ( and $( open, true for $(, innermost
// last: the command inside starts after the opening one and ends at the
// closing one. It returns the index of the last byte read, and what it
// did to the groups open.
func (t *tokenizer) grouping(i int, opens []bool) (int, int) {
	c := t.line[i]
	t.flush(i)
	n := 1
	if c == '$' {
		n = 2
	}
	group := groupKept
	switch {
	case c == '`':
		if t.backtick {
			t.substEnd = i + 1
		}
		t.backtick = !t.backtick
	case c == ')' && len(opens) > 0:
		if opens[len(opens)-1] {
			t.substEnd = i + 1
		}
		group = groupClosed
	case c != ')':
		group = groupOpened
	}
	t.operator(i, n)
	return i + n - 1, group
}

// ansiCQuote reads ANSI-C quotes: $'it\'s done; ...' is one word.
func (t *tokenizer) ansiCQuote(i int) int {
	t.word(i, true)
	end := closingQuote(t.line, i+1)
	if end < 0 {
		end, t.unclosed = len(t.line), true
	}
	t.b.WriteString(t.literalText(unescapeANSIC(t.line[i+2 : end])))
	return end
}

// quote reads single or double quotes, which are removed; an unclosed
// one runs to the end of the line.
func (t *tokenizer) quote(i int) int {
	t.word(i, true)
	end := closingQuote(t.line, i)
	if end < 0 {
		end, t.unclosed = len(t.line), true
	}
	if t.line[i] == '"' {
		t.b.WriteString(t.literalText(unescapeDoubleQuoted(t.line[i+1 : end])))
	} else {
		t.b.WriteString(t.literalText(t.line[i+1 : end]))
	}
	return end
}

// placeholderAt is the length of the placeholder that starts at s[i]
// ("<path/to/file>", see placeholderRe), or 0: a word of no blank, angle
// bracket or character the shell reads otherwise (a quote, an operator, a
// backslash), so that "<a;b>" is still read as the shell reads it.
func placeholderAt(s string, i int) int {
	for k := i + 1; k < len(s); k++ {
		switch s[k] {
		case '>':
			if k == i+1 {
				return 0 // "<>", a redirection
			}
			return k - i + 1
		case ' ', '\t', '\n', '\r', '\f', '\v', '<', '\'', '"', '\\', '|', '&', ';', '(', ')', '`':
			return 0
		case '$':
			if k+1 < len(s) && (s[k+1] == '(' || s[k+1] == '\'') {
				return 0 // a substitution, an ANSI-C quote; "<$file>" is a placeholder
			}
		}
	}
	return 0
}

// endsWordAt reports whether a redirection operator starts at s[i], inside
// the word that starts at s[start], and so ends that word: a < or >, or
// the & of "&>", after a word that is not itself the start of a
// redirection (the descriptor "2" of "2>x", the ">" of ">>" or ">&2"),
// which w reads once for the whole word. (A < or > inside a parameter
// expansion, "${f:-a>b}", ends no word: the tokenizer does not ask. A
// process substitution touching a word, "--force>(tee log)", which bash
// reads as part of it, is read as a redirection and a subshell.)
func endsWordAt(s string, start, i int, w *redirectionStart) bool {
	switch {
	case s[i] == '&' && (i+1 == len(s) || s[i+1] != '>'):
		return false
	case s[i] != '<' && s[i] != '>' && s[i] != '&':
		return false
	}
	return w.broken(s, start, i) || s[i] == '&' && start < i
}

// redirectionStart reads whether a word, s[start:i], is the start of a
// redirection: digits, an &, then < and > ("2>", "&>", ">>"). It goes on
// from where it stopped, so a word of 40,000 ">" costs one pass, not one
// a character.
type redirectionStart struct {
	start, upTo int
	state       int // 0 digits, 1 after the &, 2 in < and >, 3 none
}

// broken reports whether s[start:i] is no start of a redirection.
func (w *redirectionStart) broken(s string, start, i int) bool {
	if w.start != start || w.upTo < start {
		*w = redirectionStart{start: start, upTo: start}
	}
	for ; w.upTo < i; w.upTo++ {
		c := s[w.upTo]
		switch {
		case w.state == 3:
			return true
		case c == '<' || c == '>':
			w.state = 2
		case w.state == 0 && c >= '0' && c <= '9':
		case w.state == 0 && c == '&':
			w.state = 1
		default:
			w.state = 3
		}
	}
	return w.state == 3
}

// continuesLine reports whether a line that ends with the operator op
// goes on at the next line, as the shell reads it: after a pipe or a list
// operator the command is not complete.
func continuesLine(op string) bool {
	return op == "|" || op == "||" || op == "&&"
}

// continuesAfter reports whether a line whose operator toks[k] is the
// last before a newline goes on at the next line (continuesLine): "|&"
// too, which the tokens read as "|" and "&" (afterPipe), as bash reads
// "curl x |&" then "sh" as one pipeline. It wants the "&" glued to the
// "|", where afterPipe and the pattern readings (pipedInto, the fault of
// a command after an operator) take any "&" after a "|": the two differ
// only on a "| &" written apart, which bash refuses ("syntax error near
// unexpected token `&'"), so that no line bash runs is read otherwise.
// One predicate for all would change the answer on such a line, "curl x |
// & sh" or "curl x | &" then "sh" (TestPipeAmpersandApart), and the
// pattern's tokens do not keep which are glued.
func continuesAfter(toks []shellToken, k int) bool {
	t := &toks[k]
	return t.op && (continuesLine(t.text) ||
		t.text == "&" && t.joined && k > 0 && toks[k-1].op && toks[k-1].text == "|")
}

// closingQuote is the index in s of the quote that closes the one at
// s[open], or -1: the next single quote after a single quote, and after
// a double quote the next double quote no backslash escapes, as a shell
// reads "say \"hi\"", and none inside a command substitution ("$(...)",
// see substitutionEnd). Read as closed by the escaped quote, git commit -m
// "Quote \"args\"; rm -rf build is gone" matched rm -rf <dir>, and a
// script in a script (su -c "bash -c \"git push --force\"") was cut short.
func closingQuote(s string, open int) int {
	w := quoteWork(maxQuoteWork)
	return w.closingQuoteAt(s, open, 0)
}

// ansiCQuoteEnd is the index in s of the quote that closes the ANSI-C
// quote "$'" whose quote is at s[open], or -1: the next single quote no
// backslash escapes, as bash, zsh and ksh read it. Read as a single
// quote, "git commit -m $'it\'s done; git push --force was used'" was
// read as closed at the \' and matched git push --force, which it
// quotes, and "bash -c $'git push --force'" as running "$git".
func ansiCQuoteEnd(s string, open int) int {
	for i := open + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			return i
		}
	}
	return -1
}

// ansiCEscapes are the escapes of an ANSI-C quote that a command line's
// reading depends on: new lines, tabs, backslashes and quotes; any other
// stays as written.
var ansiCEscapes = strings.NewReplacer(`\n`, "\n", `\r`, "\r", `\t`, "\t", `\\`, `\`, `\'`, "'", `\"`, `"`)

// unescapeANSIC is the text of an ANSI-C quote, $'...', as bash reads it
// (see ansiCEscapes).
func unescapeANSIC(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return ansiCEscapes.Replace(s)
}

// escaped reports whether s[i] is escaped: an odd number of backslashes
// comes right before it. \$'x' is a dollar sign and a quote, not an
// ANSI-C quote, whose backslash escapes would end it elsewhere.
func escaped(s string, i int) bool {
	n := 0
	for i--; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// maxQuoteDepth bounds how many command substitutions and double quotes
// within each other closingQuote follows; deeper, a quote is read as
// unclosed. No command line nests them so, and a pattern of a million
// "$(" must not take a million stack frames.
const maxQuoteDepth = 32

// maxQuoteWork bounds the bytes one closingQuote or substitutionEnd reads,
// its nested quotes and substitutions included; past it, the quote or
// substitution is read as unclosed, as one nested deeper than
// maxQuoteDepth is. The depth bound alone left the work exponential in
// the depth: a substitution left unclosed is read again as the text of
// the one around it, so 750 "$('" (3,750 bytes, under GET
// /tools?command='s limit) kept a core busy for minutes after the request
// had timed out. A command line of 4,096 bytes nested 32 deep reads
// about 131,072 bytes; this is twice that. The arithmetic ("$((") a read
// tries is counted too: uncounted, each "$((" left open was read up to
// maxArithmetic bytes by every substitution around it, and a card of 60
// patterns of 4,000 bytes took 3.4 s to check.
const maxQuoteWork = 1 << 18

// quoteWork is the count of bytes a closingQuote or substitutionEnd may
// still read (see maxQuoteWork).
type quoteWork int

// spend takes n bytes from w, and reports false once it is spent.
func (w *quoteWork) spend(n int) bool {
	*w -= quoteWork(n)
	return *w >= 0
}

func (w *quoteWork) closingQuoteAt(s string, open, depth int) int {
	if s[open] == '\'' && open > 0 && s[open-1] == '$' && !escaped(s, open-1) {
		return ansiCQuoteEnd(s, open)
	}
	if s[open] == '\'' {
		if end := strings.IndexByte(s[open+1:], '\''); end >= 0 {
			return open + 1 + end
		}
		return -1
	}
	for i := open + 1; i < len(s); i++ {
		if !w.spend(1) {
			return -1
		}
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '"':
			return i
		case s[i] == '$' && i+1 < len(s) && s[i+1] == '(':
			if depth == maxQuoteDepth {
				return -1
			}
			if i = w.substitutionEnd(s, i, depth+1); i < 0 {
				return -1
			}
		}
	}
	return -1
}

// substitutionEnd is the index in s of the ")" that closes the command
// substitution "$(" at s[open], or -1: as a shell reads the command
// inside, past its quotes, parentheses, comments and here-document
// bodies. Agents write a commit message or a pull request's body as
// "$(cat <<'EOF' ... EOF\n)" inside double quotes; a lone double quote in
// the text closed the outer quotes, and the rest of the text was read as
// commands ("git push --force was used" matched git push --force).
func substitutionEnd(s string, open, depth int) int {
	w := quoteWork(maxQuoteWork)
	return w.substitutionEnd(s, open, depth)
}

func (w *quoteWork) substitutionEnd(s string, open, depth int) int {
	if end := w.arithmeticEnd(s, open); end >= 0 {
		return end
	}
	parens, cases := 0, 0
	// outer are the cases open around each "(" open, innermost last:
	// cases counts those opened inside the innermost, whose patterns'
	// ")" close no "(" ("$( (case x in a) ls;; esac) )").
	var outer []int
	pattern := -1 // the last ")" that closed no "(": a case's pattern's, not "(a)"'s, nor "$(date)"'s
	var pending []hereDoc
	for i := open + 2; i < len(s); i++ {
		if !w.spend(1) {
			return -1
		}
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == 'c' || c == 'e':
			cases += caseKeyword(s, i, open+2, pattern)
			cases = max(cases, 0)
		case c == '\'' || c == '"':
			if depth == maxQuoteDepth {
				return -1
			}
			if i = w.closingQuoteAt(s, i, depth+1); i < 0 {
				return -1
			}
		case c == '$' && strings.HasPrefix(s[i+1:], "(") && w.arithmeticEnd(s, i) < 0 && depth < maxQuoteDepth:
			// a substitution inside, read as one: its case's patterns'
			// ")" close none of this one's ("$(echo $(case x in x) echo
			// y;; esac))"); past maxQuoteDepth, its "(" is counted
			if end := w.substitutionEnd(s, i, depth+1); end >= 0 {
				i = end
			} else {
				i++
				parens++
				outer, cases = append(outer, cases), 0
			}
		case c == '(':
			if end := w.arithmeticEnd(s, i); end >= 0 {
				i = end // "((…))", read once
			} else {
				parens++
				outer, cases = append(outer, cases), 0
			}
		case c == ')':
			switch {
			case cases > 0:
				pattern = i // a case pattern's ")"
			case parens == 0:
				return i
			default:
				parens--
				cases, outer = outer[len(outer)-1], outer[:len(outer)-1]
			}
		case c == '#' && strings.IndexByte(" \t\n;(", s[i-1]) >= 0:
			from := i
			i = commentEnd(s, i) // unclosed, when no newline ends it
			w.spend(i - from)
		case c == '\n':
			from := i
			for _, d := range pending {
				if i >= len(s) || s[i] != '\n' {
					break // the last one ran to the end, or ended at a ")" in its delimiter's line
				}
				_, i = hereDocBody(s, i, d)
			}
			pending = pending[:0]
			w.spend(i - from) // the bodies read, which no nested call paid for
		case strings.HasPrefix(s[i:], "<<<"):
			i += 2
		case strings.HasPrefix(s[i:], "<<"):
			d, last := hereDocAt(s, i)
			if d.word != "" {
				d.inSubst = true
				pending = append(pending, d)
			}
			i = last
		}
	}
	return -1
}

// arithmeticEnd is the index in s of the last ")" of the arithmetic
// expansion "$((...))" or command "((...))" that starts at s[i], or -1
// when there is none there: when its first ")" that closes the inner
// "(" is not followed by the one that closes the outer, it is a
// subshell, "$((cd app) && ls)", as bash reads it. In arithmetic, << is a
// shift: read as a here-document, "echo $((a<<b))" took the lines after
// it, up to one that is "b", for its body, and a "git push --force" on
// the next line was read as text. An expression is read no further than
// maxArithmetic bytes, so that a line of many "((" left open is read in
// linear time.
func arithmeticEnd(s string, i int) int {
	end, _ := arithmeticScan(s, i)
	return end
}

// arithmeticScan is arithmeticEnd(s, i) and the number of bytes it read.
func arithmeticScan(s string, i int) (end, read int) {
	if strings.HasPrefix(s[i:], "$") {
		i++
	}
	if !strings.HasPrefix(s[i:], "((") {
		return -1, 0
	}
	depth := 0
	for j := i; j < min(len(s), i+maxArithmetic); j++ {
		switch s[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 1 {
				if j+1 < len(s) && s[j+1] == ')' {
					return j + 1, j + 2 - i
				}
				return -1, j + 1 - i
			}
		}
	}
	return -1, min(len(s), i+maxArithmetic) - i
}

// arithmeticEnd is arithmeticEnd(s, i), the bytes it reads taken from w:
// a line of many "$((" left open is read up to maxArithmetic bytes at
// each, by every substitution around it.
func (w *quoteWork) arithmeticEnd(s string, i int) int {
	end, read := arithmeticScan(s, i)
	w.spend(read)
	return end
}

// plainArithmeticEnd is arithmeticEnd(s, i) for an arithmetic expression
// that holds no command substitution, and -1 for one that does: bash runs
// the command of "$(( $(git rev-list --count HEAD) + 1 ))", which is read
// as the shell reads a substitution's.
func plainArithmeticEnd(s string, i int) int {
	end := arithmeticEnd(s, i)
	if end < 0 || strings.Contains(s[i+1:end], "$(") || strings.IndexByte(s[i:end], '`') >= 0 {
		return -1
	}
	return end
}

// maxArithmetic bounds the length of an arithmetic expression arithmeticEnd
// reads; no command line writes one so long.
const maxArithmetic = 256

// caseKeyword is 1 when the word at s[i] is the reserved word "case" at
// a command's start, -1 when it is "esac", and 0 for any other. A
// command starts at from (where the command text starts), after a control
// operator, a reserved word, or s[pattern], the ")" that ended a case's
// pattern last ("a) case $2 in ..."). Between "case" and "esac", a ")"
// ends a pattern ("$(case $1 in a) echo x;; esac)"), not the
// substitution.
//
// Read as the substitution's end, a pattern's ")" left the rest of the
// case to be read as commands; and a case right after a pattern, not
// counted, had its esac close the outer case.
func caseKeyword(s string, i, from, pattern int) int {
	n := 0
	switch {
	case strings.HasPrefix(s[i:], "case"):
		n = 1
	case strings.HasPrefix(s[i:], "esac"):
		n = -1
	default:
		return 0
	}
	if i+4 < len(s) && strings.IndexByte(" \t\n;&|)", s[i+4]) < 0 {
		return 0 // "cases", "esac_x"
	}
	p := i - 1
	for p >= from && (s[p] == ' ' || s[p] == '\t') {
		p--
	}
	if p < from || p == pattern || strings.IndexByte(";\n&|(", s[p]) >= 0 {
		return n
	}
	// The word before it, read back no further than the longest reserved
	// word: read to its start, each "case" of "acase)acase)..." read back
	// over all those before it, and a 48 KB pattern took 0.38 s to build,
	// a 2 KB line whose printf piped a 64 KB script into sh 2.5 s.
	q := p
	for q >= from && p-q <= maxReservedWord && strings.IndexByte(" \t\n;&|(", s[q]) < 0 {
		q--
	}
	if word := s[q+1 : p+1]; p < i-1 && len(word) <= maxReservedWord && reservedWords[word] {
		return n // "then case ..."
	}
	return 0
}

// maxReservedWord is the length of the longest of reservedWords.
const maxReservedWord = len("while")

// hereDocBody is the body of the here-document d that starts after the
// newline at s[nl], without its delimiter line, and the index in s of
// the newline after that line: where what follows starts; len(s) when no
// line is its delimiter, and the body runs to the end.
//
// In a command substitution (inSubst), bash 5.2 also ends the body at a
// line that starts with the delimiter and holds a ")", and reads the rest
// of that line as commands ("$(cat <<EOF", "a", "EOF)"): the index is
// then that of the delimiter's last byte.
func hereDocBody(s string, nl int, d hereDoc) (string, int) {
	for at := nl; at < len(s); {
		end := strings.IndexByte(s[at+1:], '\n')
		if end < 0 {
			end = len(s)
		} else {
			end += at + 1
		}
		if d.endsAt(s[at+1 : end]) {
			return s[min(nl+1, at):at], end
		}
		if d.inSubst && d.word != "" {
			line := s[at+1 : end]
			if d.strip {
				line = strings.TrimLeft(line, "\t")
			}
			if strings.HasPrefix(line, d.word) && strings.IndexByte(line[len(d.word):], ')') >= 0 {
				return s[min(nl+1, at):at], end - len(line) + len(d.word) - 1
			}
		}
		at = end
	}
	return s[min(nl+1, len(s)):], len(s)
}

// unescapeDoubleQuoted is the text between double quotes as a shell reads
// it: a backslash before " \ $ or a backtick is taken off, one before a
// newline takes it off too, and any other stays; but a command
// substitution's text is as written, its own quoting read when it runs:
// "$(cat <<'EOF' ... echo \"\$x\" ... EOF\n)" prints the backslashes, and
// with them taken off, the script "bash -c" or "| sh" is given ran what
// they quoted.
func unescapeDoubleQuoted(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '$' && i+1 < len(s) && s[i+1] == '(' {
			end := substitutionEnd(s, i, 0)
			if end < 0 {
				end = len(s) - 1
			}
			b.WriteString(s[i : end+1])
			i = end
			continue
		}
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '"', '\\', '$', '`':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// commentAt reports whether the # at s[i] starts a comment: at the start
// of s, or after white space, an operator or a parenthesis.
func commentAt(s string, i int) bool {
	return i == 0 || strings.IndexByte(" \t\n;&|()", s[i-1]) >= 0
}

// backtickCommentEnd is the last byte of the comment at s[i] inside
// backticks, which would run to end: bash finds the backtick that closes
// them as it reads the line, before it reads the script inside as one,
// so the comment ends before it ("echo `ls # x`; make all" runs make;
// read to the line's end, the backtick was never closed, and the line
// refused).
func backtickCommentEnd(s string, i, end int) int {
	for j := i + 1; j <= end; j++ {
		switch s[j] {
		case '\\':
			j++
		case '`':
			return j - 1
		}
	}
	return end
}

// commentEnd is the index of the last byte of the comment that starts at
// s[i]: the byte before the newline that ends it, so that a scanner reads
// the newline next (a here-document's body may start after it), or the
// last byte of s.
func commentEnd(s string, i int) int {
	if nl := strings.IndexByte(s[i:], '\n'); nl >= 0 {
		return i + nl - 1
	}
	return len(s) - 1
}

// keywordText reports whether text, a word as the shell passes it, is
// one of the shell's reserved words, which bash reads as one only where
// no part of it is quoted or escaped: "th'en' make all" and "if true;
// th'en' make all; fi" run (or fail to parse as) a command named then,
// never make, as "'then' make all" does. "time" is left out: the
// program of that name runs its command too.
func keywordText(text string) bool {
	switch text {
	case "}", "fi", "done", "esac", "case", "for", "select", "function", "in", "[[", "]]":
		return true
	}
	return reservedWords[text] || compoundStart[text] != 0
}

// quotedRedirection reports whether text, a word as the shell passes it,
// starts as a redirection does ("1>app.sql") only because the raw word,
// as written, quotes or escapes it ("1\\>app.sql", "2'>'x"): a literal
// argument then, which the shell does not redirect.
func quotedRedirection(text, raw string) bool {
	n := len(text) - len(strings.TrimLeft(text, "0123456789&"))
	if n >= len(text) || text[n] != '<' && text[n] != '>' {
		return false
	}
	return len(raw) <= n || raw[:n+1] != text[:n+1]
}

// redirects reports whether the & at s[i] is part of a redirection
// (2>&1, <&3, &>log) rather than a control operator.
func redirects(s string, i int) bool {
	return i > 0 && (s[i-1] == '>' || s[i-1] == '<') || i+1 < len(s) && s[i+1] == '>'
}

// isRedirection reports whether a word is a redirection of a file
// descriptor with its target in the word ("2>&1", ">log", "&>/dev/null"):
// no operand of the command.
func isRedirection(w string) bool {
	w = strings.TrimLeft(w, "0123456789&")
	return strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<")
}

// envAssignment matches a NAME=value word before a command.
var envAssignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// isAssignment reports whether a token is a NAME=value word the shell
// reads as an assignment: not one whose name or "=" is quoted or escaped
// ("'A=1' make all" and "A'=1' make all" run a command named A=1, bash
// 5.2), though its value may be ("A='1' make all" runs make).
func isAssignment(t shellToken) bool {
	return !t.quoted && assignmentText(t)
}

// assignmentText reports whether a token reads NAME=value once the shell
// has taken its quotes off: the assignment env and sudo take as an
// argument, however the line quotes it ("env 'A=1' make all" runs make).
func assignmentText(t shellToken) bool {
	return !t.op && !t.glued && !t.dot && envAssignment.MatchString(t.text) // not "./A=x", a path
}

// quotedAssignment reports whether text, a word as the shell passes it,
// reads NAME=value only because the raw word, as written, quotes or
// escapes its name or "=" ("A'=1'", "A\\=1"): a command's name or
// argument then, which the shell assigns nothing with.
func quotedAssignment(text, raw string) bool {
	n := strings.IndexByte(text, '=')
	return n > 0 && envAssignment.MatchString(text) && (len(raw) <= n || raw[:n+1] != text[:n+1])
}

// commandStarts returns the index of the first word of each command of a
// tokenized line, in order: the line's start and the word after each
// control operator, past any NAME=value assignments, and the command a
// precommand runs ("sudo -u deploy git push": sudo, and git). A command
// substitution given as an argument is one word of the command around it
// ("sudo -u $(whoami) git push" runs git push; "echo $(date) git push"
// runs none), and the commands inside it are commands of their own.
func commandStarts(toks []shellToken) []int {
	subs := argumentSubstitutions(toks)
	view, wordAt, from := argumentWords(toks, subs)
	var out []int
	for at := 0; at <= len(toks); {
		if subs == nil || at == 0 || !subs.closes[at-1] { // else its command was read with it
			words, index := commandWordsAt(toks, subs, view, wordAt, from, at)
			pos := func(i int) int { // the index in toks of words[i]
				if index == nil {
					return at + i
				}
				return index[i]
			}
			i := 0
			if subs != nil && at > 0 && subs.valueEnds[at-1] && len(words) > 0 && glued(words[0]) {
				i = 1 // "PYTHONPATH=$(pwd)/src pytest": the rest of the value
			}
			i, first := commandNameAt(words, i)
			for ; i < len(words); first = false {
				out = append(out, pos(i))
				i = runsCommandAt(words, i, first)
			}
		}
		next := at
		for next < len(toks) && !toks[next].op {
			next++
		}
		at = next + 1
	}
	if subs != nil {
		slices.Sort(out) // a command after a substitution came before those in it
	}
	return withoutReservedPositions(toks, out)
}

// commandWordsAt are the words of the command of toks that starts at
// toks[at], as commandStarts reads them, and the index in toks of each
// (nil: words is toks[at:]). view, wordAt and from are argumentWords'
// of toks and subs.
func commandWordsAt(toks []shellToken, subs *substitutions, view []shellToken, wordAt, from []int, at int) ([]shellToken, []int) {
	if view != nil && at < len(toks) && wordAt[at] >= 0 {
		// As its words read, a substitution and the text touching it
		// one: "sudo -u$(whoami) git push", "sudo $(pwd)/bin/rails
		// db:migrate", "env HOME=$(pwd)/home cmd".
		w := wordAt[at]
		end := w
		for end < len(view) && !view[end].op {
			end++
		}
		return view[w:end], from[w:end]
	}
	return commandThrough(toks, subs, at) // inside a substitution, or none is an argument
}

// commandNameAt is the index of the command's name in words, read from
// i past reserved words ("then git push", "! git push"), loop headers
// ("for x do git push"), assignments and redirections, and whether none
// of the last two comes before it since the last reserved word: after
// one, time is no reserved word ("x=1 time { …; }" is a syntax error).
func commandNameAt(words []shellToken, i int) (int, bool) {
	from := i
	i = skipAssignments(words, i)
	for i < len(words) {
		n := loopHeader(words, i)
		if n == 0 && isReservedWord(words[i]) { // "./!" is a path, "'!'" a command
			n = 1
		}
		if n == 0 {
			break
		}
		from = i + n
		i = skipAssignments(words, i+n)
	}
	return i, i == from
}

// withoutReservedPositions drops from starts the words where bash runs no
// command though an operator or a newline comes before them: the words
// of a case statement's subject and "in", of its patterns ("y" and "x"
// of "case x in y|x) ls;; (x) make all;; esac", whose "(", "|" and the
// ";;" before a pattern are no operators), and a for or select loop's
// "in" and word list after a newline ("for v\nin a b").
func withoutReservedPositions(toks []shellToken, starts []int) []int {
	if !slices.ContainsFunc(starts, func(s int) bool {
		return s < len(toks) && !toks[s].op && (toks[s].text == "case" || toks[s].text == "for" || toks[s].text == "select")
	}) {
		return starts // no such statement: most lines
	}
	r := reservedReader{toks: toks, isStart: make(map[int]bool, len(starts))}
	for _, s := range starts {
		r.isStart[s] = true
	}
	for k := 0; k < len(toks); k++ {
		k = r.read(k)
	}
	if r.drop == nil {
		return starts
	}
	return slices.DeleteFunc(starts, func(s int) bool { return r.drop[s] })
}

// reservedReader reads a line's tokens for withoutReservedPositions,
// following the case statements open, to find the command starts that
// are none.
type reservedReader struct {
	toks    []shellToken
	isStart map[int]bool // the starts commandStarts found
	drop    map[int]bool // those where bash runs no command; nil for none
	depth   int          // the subshells and substitutions open
	cases   []caseFrame  // the case statements open, innermost last
	// backtick: a substitution in backticks is open, which the next
	// backtick closes (one inside it is escaped).
	backtick bool
}

// caseFrame is a case statement being read: the part of it at hand, the
// depth its words are at, and the words read of its subject or of the
// pattern at hand.
type caseFrame struct {
	state        caseState
	depth, words int
}

// caseState is the part of a case statement being read.
type caseState int

const (
	inSubject caseState = iota // case WORD in
	inPattern                  // (a|b)
	inArm                      // the commands of an arm
)

// read reads toks[k] and returns the index of the last token it took.
func (r *reservedReader) read(k int) int {
	if r.nests(r.toks[k]) {
		return k
	}
	c := r.current()
	if c == nil || c.state == inArm { // where a command may start
		switch {
		case r.keyword(k, "for"), r.keyword(k, "select"):
			return r.loopWords(k)
		case r.keyword(k, "case"):
			r.cases = append(r.cases, caseFrame{state: inSubject, depth: r.depth})
			return k
		}
		if c == nil {
			return k
		}
	}
	switch c.state {
	case inSubject:
		r.subject(k, c)
	case inPattern:
		r.pattern(k, c)
	case inArm:
		return r.arm(k, c)
	}
	return k
}

// nests follows the subshells and substitutions a "(", "$(", ")" or a
// backtick opens or closes, and reports whether t was one: not the "("
// before a case pattern's first word nor the ")" after it, which open no
// subshell. A substitution in a case statement's subject is a word of it
// ("case $(cmd) in", "case `cmd` in"), whose commands run.
func (r *reservedReader) nests(t shellToken) bool {
	top := r.top()
	patternOpen := top != nil && top.state == inPattern && top.words == 0        // "(x)"
	patternClose := top != nil && top.state == inPattern && top.depth == r.depth // "x)"
	if c := r.current(); c != nil && c.state == inSubject && t.op && (t.text == "$(" || t.text == "`" && !r.backtick) {
		c.words++
	}
	switch {
	case !t.op:
		return false
	case t.text == "`":
		r.backtick = !r.backtick
		if r.backtick {
			r.depth++
		} else {
			r.depth--
		}
	case t.text == "$(", t.text == "(" && !patternOpen:
		r.depth++
	case t.text == ")" && !patternClose:
		r.depth--
	default:
		return false
	}
	return true
}

// top returns the innermost case statement open, or nil.
func (r *reservedReader) top() *caseFrame {
	if len(r.cases) == 0 {
		return nil
	}
	return &r.cases[len(r.cases)-1]
}

// current returns the innermost case statement open if its words are
// at the depth read, else nil: a subshell or substitution in it is read
// as commands of their own.
func (r *reservedReader) current() *caseFrame {
	if c := r.top(); c != nil && c.depth == r.depth {
		return c
	}
	return nil
}

// loopWords marks a for or select loop's "in" and word list, no commands
// even after a newline ("for v\nin a b"), and returns the last of them,
// or k, the loop's keyword, for a loop without "in". A list of no word
// at all ("for x in; do make all; done", "for x in\ndo …") bash loops
// over never, and runs no command of the body: those are marked too
// (emptyLoopBody). A word that may expand to none ("$(true)", "$e") is
// a word: the body is kept.
func (r *reservedReader) loopWords(k int) int {
	i := k + 2 // past the loop's name
	for r.op(i, ";") {
		i++
	}
	if !r.word(i, "in") {
		return k
	}
	in := i
	for ; i < len(r.toks) && !r.toks[i].op; i++ {
		r.mark(i)
	}
	if i == in+1 {
		if from, to, ok := emptyLoopBody(r.toks, i); ok {
			for b := from; b < to; b++ {
				r.mark(b)
			}
		}
	}
	return i - 1
}

// emptyLoopBody reads the body of a loop whose word list, ending at
// toks[k] (the ";" or newline after "in"), is empty: "do … done" or "{
// … }" after the list's ends. It returns the span of the tokens between
// the body's opener and its closer, and false where it cannot tell it
// (a "case" in it, whose patterns may be "(do)", or no closer): the
// openers of loops and groups in it are counted where a command starts
// (commandPosition), their closers also after another compound command's
// ("{ ls; } done", "fi done"), outside any "(", "$(" or backticks, so a
// closer taken for one where it is none ("echo fi done") ends the span
// early, never late.
func emptyLoopBody(toks []shellToken, k int) (from, to int, ok bool) {
	for k < len(toks) && toks[k].op && toks[k].text == ";" {
		k++
	}
	if k >= len(toks) || toks[k].op || toks[k].quoted || toks[k].text != "do" && toks[k].text != "{" {
		return 0, 0, false
	}
	opener, closer := toks[k].text, "done"
	if opener == "{" {
		closer = "}"
	}
	depth, backtick, open := 0, false, 1
	for j := k + 1; j < len(toks); j++ {
		t := toks[j]
		switch {
		case t.op && t.text == "`":
			backtick = !backtick
		case t.op && (t.text == "(" || t.text == "$("):
			depth++
		case t.op && t.text == ")":
			depth--
		case t.op || t.quoted:
		case t.text == "case":
			return 0, 0, false
		case depth != 0 || backtick:
		case t.text == opener && commandPosition(toks, j):
			open++
		case t.text == closer && closesAfter(toks, j):
			if open--; open == 0 {
				return k + 1, j, true
			}
		}
	}
	return 0, 0, false
}

// closesAfter reports whether the word toks[j] is where a reserved word
// closing a compound command may come: where a command starts, or right
// after the closer of another ("{ ls; } done", "fi done", "[[ a ]] }").
func closesAfter(toks []shellToken, j int) bool {
	if commandPosition(toks, j) {
		return true
	}
	p := toks[j-1]
	switch {
	case p.quoted:
		return false
	case p.text == "}", p.text == "fi", p.text == "done", p.text == "esac", p.text == "]]":
		return true
	}
	return strings.HasPrefix(p.text, "((") && strings.HasSuffix(p.text, "))")
}

// subject marks the words of a case statement's subject and its "in",
// no commands even after a newline; that "in" starts the patterns.
func (r *reservedReader) subject(k int, c *caseFrame) {
	if r.toks[k].op {
		return
	}
	r.mark(k)
	if c.words++; c.words > 1 && r.word(k, "in") {
		c.state, c.words = inPattern, 0
	}
}

// pattern reads a case pattern, whose words are no commands and whose
// "(" and "|" are no operators; its ")" starts the arm, and an "esac"
// where it starts ends the statement.
func (r *reservedReader) pattern(k int, c *caseFrame) {
	switch t := r.toks[k]; {
	case t.op && t.text == ")":
		c.state = inArm
	case t.op && (t.text == "(" || t.text == "|"):
		c.words++
	case t.op: // a newline before the pattern
	case r.word(k, "esac") && c.words == 0:
		r.cases = r.cases[:len(r.cases)-1]
	default:
		r.mark(k)
		c.words++
	}
}

// arm reads an arm's commands, whose starts stand, up to its terminator,
// after which a pattern comes, or to the "esac" ending the statement,
// and returns the index of the last token it took.
func (r *reservedReader) arm(k int, c *caseFrame) int {
	if end, ok := r.terminator(k); ok {
		c.state, c.words = inPattern, 0
		return end
	}
	if r.keyword(k, "esac") {
		r.cases = r.cases[:len(r.cases)-1]
	}
	return k
}

// terminator reports whether toks[k] starts an arm's ";;", ";&" or ";;&",
// which the tokenizer reads as a ";" and a ";" or "&" (a newline's ";" is
// none: "ls;\n x" runs x), and returns the index of its last token.
func (r *reservedReader) terminator(k int) (int, bool) {
	if !r.op(k, ";") || r.toks[k].newline || !(r.op(k+1, ";") || r.op(k+1, "&")) || r.toks[k+1].newline {
		return k, false
	}
	if r.op(k+1, ";") && r.op(k+2, "&") {
		return k + 2, true // ";;&"
	}
	return k + 1, true
}

// mark drops toks[k] from the starts, if one starts there.
func (r *reservedReader) mark(k int) {
	if !r.isStart[k] {
		return
	}
	if r.drop == nil {
		r.drop = make(map[int]bool)
	}
	r.drop[k] = true
}

// op reports whether toks[k] is the operator text.
func (r *reservedReader) op(k int, text string) bool {
	return k < len(r.toks) && r.toks[k].op && r.toks[k].text == text
}

// word reports whether toks[k] is the unquoted word w.
func (r *reservedReader) word(k int, w string) bool {
	return k < len(r.toks) && !r.toks[k].op && !r.toks[k].quoted && r.toks[k].text == w
}

// keyword reports whether toks[k] is the reserved word w where a command
// starts ("for", "case", "esac"), not an argument of that name.
func (r *reservedReader) keyword(k int, w string) bool {
	return r.word(k, w) && r.isStart[k]
}

// loopHeader is the number of words of the header of a for or select
// loop at words[i] that its body follows in the same command, "for x do"
// and "for ((i=0;i<2;i++)) do" (3: the loop, its name or expression, and
// "do"; or "{" after "((…))", "for ((…)) { make all; }"), or 0 for
// none: bash runs the body of "for x do make all; done",
// a loop over the arguments without "in", as of "for x; do make all;
// done", whose body starts after an operator.
func loopHeader(words []shellToken, i int) int {
	if i+2 >= len(words) || words[i].op || words[i].quoted || words[i].dot || words[i].text != "for" && words[i].text != "select" ||
		words[i+1].op || !isReservedWord(words[i+2]) || words[i+2].text != "do" && (words[i+2].text != "{" || !strings.HasPrefix(words[i+1].text, "((")) {
		return 0
	}
	if name := words[i+1]; name.quoted || name.dot || name.glued || !loopName.MatchString(name.text) {
		return 0 // "for 'x' do": not a valid identifier, bash runs no body
	}
	return 3
}

// loopName matches a for or select loop's name, or a for loop's
// arithmetic "((…))".
var loopName = regexp.MustCompile(`(?s)^(?:[A-Za-z_][A-Za-z0-9_]*|\(\(.*\)\))$`)

// reservedWords are the shell's words that may come before a command
// without running one themselves.
var reservedWords = map[string]bool{"!": true, "{": true, "if": true, "then": true, "elif": true,
	"else": true, "while": true, "until": true, "do": true}

// isReservedWord reports whether t is one of reservedWords as the shell
// reads them: unquoted, no path ("./!"), no operator.
func isReservedWord(t shellToken) bool {
	return !t.op && !t.quoted && !t.dot && reservedWords[t.text]
}

// skipAssignments returns the first word at or after i that is neither a
// NAME=value assignment nor a redirection, with its target when that is
// the next word: the shell takes them off before the command's name, so
// "2>/dev/null git push --force" and "> log git push --force" push.
func skipAssignments(toks []shellToken, i int) int {
	return skipWords(toks, i, true)
}

// skipRedirections is skipAssignments of the redirections alone.
func skipRedirections(toks []shellToken, i int) int {
	return skipWords(toks, i, false)
}

// skipWords is skipAssignments, or skipRedirections when not assignments.
func skipWords(toks []shellToken, i int, assignments bool) int {
	for i < len(toks) && !toks[i].op {
		switch t := toks[i]; {
		case assignments && isAssignment(t):
			i++
		case !t.quoted && !t.glued && !t.dot && isRedirection(t.text): // not "./>", a path
			if redirectionAlone(t.text) && i+1 < len(toks) && !toks[i+1].op {
				i++ // its target
			}
			i++
		default:
			return i
		}
	}
	return i
}

// redirectionAlone reports whether a redirection word is its operator
// alone (">", "2>>", "<<<", ">&"), its target being the next word.
func redirectionAlone(w string) bool {
	w = strings.TrimPrefix(strings.TrimLeft(w, "0123456789"), "&")
	switch w {
	case ">", ">>", ">|", "<", "<<<", "<>", ">&", "<&", "<<", "<<-": // "<< EOF": its delimiter
		return true
	}
	return false
}

// commandThrough returns the words of the command at toks[at], up to the
// next control operator, passing over each command substitution given as
// an argument (see argumentSubstitutions), and the index in toks of each
// word. Without such substitutions they are toks[at:] itself, and the
// indexes nil.
func commandThrough(toks []shellToken, subs *substitutions, at int) ([]shellToken, []int) {
	if subs == nil {
		end := at
		for end < len(toks) && !toks[end].op {
			end++
		}
		return toks[at:end], nil
	}
	// The words are counted first: made as long as the rest of the line,
	// the slices of a line of 4,000 backquotes, each of which starts a
	// command, came to 660 MB, for one request.
	n := 0
	for k := at; k < len(toks); k++ {
		if !toks[k].op {
			n++
		} else if subs.end[k] > k {
			k = subs.end[k]
		} else {
			break
		}
	}
	words := make([]shellToken, 0, n)
	index := make([]int, 0, n)
	for k := at; k < len(toks); k++ {
		switch {
		case !toks[k].op:
			words, index = append(words, toks[k]), append(index, k)
		case subs.end[k] > k:
			k = subs.end[k]
		default:
			return words, index
		}
	}
	return words, index
}

// commandSpan is the tokens of the command at toks[at], to the next
// control operator that is not inside a substitution given as an
// argument: what a pipe feeds ("… | ssh -i $(pwd)/key host"), as it is
// written.
func commandSpan(toks []shellToken, at int) []shellToken {
	subs := argumentSubstitutions(toks)
	end := at
	for end < len(toks) && (!toks[end].op || subs != nil && subs.end[end] > end) {
		if subs != nil && subs.end[end] > end {
			end = subs.end[end]
		}
		end++
	}
	return toks[at:end]
}

// substitutions are the command substitutions of a tokenized line given
// as arguments of a command ("echo $(date)", "sudo -u `whoami`"): end[i]
// is the index of the token that closes the one opened at toks[i] ($( or
// a backtick), and -1 elsewhere. A substitution that is an assignment's
// value or a command's name ("FOO=$(date) git push", "$(which git) push")
// is none of them.
type substitutions struct {
	end []int
	// closes marks the tokens after which come more words of a command
	// already read: the end of an argument's substitution, or of a
	// command's name with text glued after it ("$(date)/x cmd").
	closes []bool
	// valueEnds marks the tokens that end a substitution that is an
	// assignment's value: text glued after it is part of the same word
	// ("PATH=$(pwd)/bin:$PATH cmd").
	valueEnds []bool
}

// inside reports whether toks[i] is inside one of the substitutions.
func (subs *substitutions) inside(i int) bool {
	for k, end := range subs.end {
		if k < i && i < end {
			return true
		}
	}
	return false
}

// assignmentAt reports whether toks[p] is where a NAME=value word is an
// assignment: before a command's name, after an operator, a reserved
// word or other assignments (and their substitutions), not as an argument
// ("echo FOO=$(date) cmd" runs echo only). subs is being filled: it holds
// the substitutions that end before p.
func assignmentAt(toks []shellToken, subs *substitutions, p int) bool {
	for q := p - 1; q >= 0; q-- {
		t := toks[q]
		switch {
		case t.fed, isAssignment(t):
		case t.op:
			return !subs.closes[q]
		case q > 0 && subs.valueEnds[q-1] && glued(t):
		default:
			return isReservedWord(t)
		}
	}
	return true
}

// glued reports whether a word was written touching a substitution that
// ends just before it ("$(pwd)/bin", "$(id -u):$(id -g)"): part of the
// same word.
func glued(t shellToken) bool {
	return !t.op && t.joined
}

// argumentSubstitutions finds the substitutions of toks given as
// arguments; nil for a line of no substitution, as most are. A ")" inside
// a case statement within a substitution ends a pattern, not the
// substitution, as substitutionEnd reads it.
func argumentSubstitutions(toks []shellToken) *substitutions {
	if !slices.ContainsFunc(toks, func(t shellToken) bool { return t.op && (t.text == "$(" || t.text == "`") }) {
		return nil
	}
	subs := &substitutions{end: make([]int, len(toks)), closes: make([]bool, len(toks)), valueEnds: make([]bool, len(toks))}
	for i := range subs.end {
		subs.end[i] = -1
	}
	var open []substitutionFrame
	backtick := -1 // the index of an open backtick's frame
	for i, t := range toks {
		n := len(open)
		switch {
		case !t.op:
			if n > 0 && !t.quoted && t.text == "case" {
				open[n-1].cases++
			} else if n > 0 && !t.quoted && t.text == "esac" && open[n-1].cases > 0 {
				open[n-1].cases--
			}
		case t.text == "(":
			open = append(open, substitutionFrame{at: i, group: true})
		case t.text == "$(":
			open = append(open, subs.frameAt(toks, i))
		case t.text == ")" && n > 0 && open[n-1].cases == 0 && n-1 != backtick:
			subs.close(toks, open[n-1], i)
			open = open[:n-1]
		case t.text == "`" && backtick < 0:
			open = append(open, subs.frameAt(toks, i))
			backtick = len(open) - 1
		case t.text == "`":
			open = open[:backtick+1] // anything left open inside closes with it
			subs.close(toks, open[backtick], i)
			open, backtick = open[:backtick], -1
		}
	}
	return subs
}

// substitutionFrame is a substitution or a subshell open, as
// argumentSubstitutions reads toks.
type substitutionFrame struct {
	at       int
	argument bool
	value    bool // an assignment's value; else, not an argument, a command's name
	cases    int  // case statements open inside it
	group    bool
}

// frameAt is the frame of the substitution opened at toks[i].
func (subs *substitutions) frameAt(toks []shellToken, i int) substitutionFrame {
	return substitutionFrame{at: i, argument: subs.opensArgument(toks, i), value: subs.opensValue(toks, i)}
}

// opensArgument reports whether the substitution opened at toks[i] is an
// argument: after a word that is no assignment nor reserved word, or
// right after another that is one ("$(date)$(whoami)").
func (subs *substitutions) opensArgument(toks []shellToken, i int) bool {
	if i == 0 {
		return false
	}
	p := i - 1
	if toks[p].fed && p > 0 { // the word feedOperands put for it: the one before decides
		p--
	}
	prev := toks[p]
	if prev.op {
		return subs.closes[p]
	}
	if p > 0 && subs.valueEnds[p-1] && glued(prev) {
		return false // "FOO=$(a):$(b)": more of the value
	}
	return !(isAssignment(prev) && assignmentAt(toks, subs, p)) && !isReservedWord(prev)
}

// opensValue reports whether the substitution opened at toks[i] is an
// assignment's value ("FOO=$(date) cmd", "A=$(a):$(b) cmd").
func (subs *substitutions) opensValue(toks []shellToken, i int) bool {
	p := i - 1
	if p < 0 || !toks[i].joined { // "FOO= $(cmd)" runs cmd
		return false
	}
	if toks[p].fed && p > 0 { // the word feedOperands put for it ("A=$(a):$(b)"): the one before decides
		p--
	}
	if p > 0 && subs.valueEnds[p-1] && glued(toks[p]) {
		return true
	}
	return isAssignment(toks[p]) && assignmentAt(toks, subs, p)
}

// close marks what the closing of the frame f at toks[i] ends.
func (subs *substitutions) close(toks []shellToken, f substitutionFrame, i int) {
	switch {
	case f.argument:
		subs.end[f.at], subs.closes[i] = i, true
	case f.value:
		subs.valueEnds[i] = true
	case !f.group && i+1 < len(toks) && glued(toks[i+1]):
		// A command's name with text glued to it ("$(date)/x cmd")
		// is never empty: the words after it are its arguments.
		subs.closes[i] = true
	}
}

// argumentWords are the tokens of a line, whose argument substitutions
// are subs, as its commands' words read them (see commandLine.words),
// with the index in words of each token and the index in toks of the
// first token of each word: a command substitution given as an argument
// is one word, a fed one (shellToken.fed) or, with text or other
// substitutions written touching it ("$(pwd)/repo", "deploy-$(date +%s)",
// "$(id -u):$(id -g)"), one of that text and unknownWord for each output;
// operators are kept. Matched against the tokens themselves, a pattern
// met the substitution's opening as an operator and failed: "git -C
// $(pwd) push --force" did not push. It returns nils for a line of no
// such substitution.
func argumentWords(toks []shellToken, subs *substitutions) (words []shellToken, at, from []int) {
	if subs == nil || !slices.ContainsFunc(subs.end, func(e int) bool { return e >= 0 }) {
		return nil, nil, nil
	}
	words = make([]shellToken, 0, len(toks))
	from = make([]int, 0, len(toks))
	at = make([]int, len(toks))
	for i := range at {
		at[i] = -1
	}
	last := -1 // the index in toks of the last token of the last word
	touching := func(k int) bool {
		p := k - 1
		for p > last && toks[p].fed {
			p--
		}
		return toks[k].joined && len(words) > 0 && p == last && !words[len(words)-1].op
	}
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		opens := t.op && subs.end[k] > k
		switch {
		case t.fed && k+1 < len(toks) && subs.end[k+1] > k+1 && touching(k+1):
			continue // the word before it stands for it
		case !t.op && touching(k):
			words[len(words)-1] = joinWords(words[len(words)-1], asWritten(t))
		case opens && touching(k):
			words[len(words)-1] = joinWords(words[len(words)-1], unknownWord)
		case opens && (k == 0 || !toks[k-1].fed):
			// No fed word stands for it (one after another's end): its
			// own, found at its opening, where a command may start
			// ("sudo -u $(whoami) $(pwd)/bin/rails").
			at[k] = len(words)
			words, from = append(words, shellToken{off: t.off, fed: true}), append(from, k)
		case !opens:
			at[k] = len(words)
			words, from = append(words, t), append(from, k)
		}
		if opens {
			k = subs.end[k]
		}
		last = k
	}
	return words, at, from
}
