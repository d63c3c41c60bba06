package validate

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// shellSafe matches a word a POSIX shell reads as it is: no blank, quote,
// glob, expansion or operator, and not empty.
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:@%+=,-]+$`)

// ShellSafe reports whether s is one word a POSIX shell reads as it is,
// so that ShellQuote leaves it bare ("bin/land", "host:/p@v%1+2=3,4"); an
// empty s is not.
func ShellSafe(s string) bool { return shellSafe.MatchString(s) }

// ShellQuote quotes s for a POSIX shell when it needs it, so that a hint
// naming a path with spaces can be pasted as it is: bare when ShellSafe,
// else in single quotes ('my out'; a quote closes them, is escaped and
// reopens them). A path holding a control character, a character that
// reorders the line or a byte that is not UTF-8 is written in bash's $'…'
// form, its escapes the shell reads back: in '…' the escaped line capreg
// writes (EscapeControl) would have named another file ('a\tb' for a tab).
func ShellQuote(s string) string {
	if ShellSafe(s) {
		return s
	}
	if !utf8.ValidString(s) || strings.ContainsFunc(s, Escaped) {
		return ansiCQuote(s)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ansiCQuote writes s as $'…', every byte of a character EscapeControl
// would escape, or of no character, as \xHH, and ' and \ escaped.
func ansiCQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1 || Escaped(r):
			for _, c := range []byte(s[i : i+n]) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('\'')
	return b.String()
}
