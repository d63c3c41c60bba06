package cmdline

import "strings"

// maxWordReadings bounds how many word patterns one regexp pattern's
// alternations expand to (see wordReadings): each is tried on every
// command of a line, as a pattern of its own.
const maxWordReadings = 8

// wordReadings returns the patterns a regexp pattern stands for when its
// only regexp syntax is alternations of plain words ("git push
// (-f|--force)", "(npm|pnpm) publish", "docker(-compose| compose) down"):
// one per choice, each read by its shell words, so that the option a
// pattern names matches wherever the command gives it, bundled or
// respelt, as in the same pattern written once per choice ("git push
// origin main --force", "git push -fu origin x"); the regexp alone wants
// its text at that place. nil when the pattern holds other regexp syntax
// (each reading would still be one), a group is of one choice or has an
// empty one, or the choices multiply past maxWordReadings. The regexp is
// still tried first: a reading only adds matches.
func wordReadings(pat string) []string {
	readings := []string{""}
	rest := pat
	for {
		open, close, ok := plainAlternation(rest)
		if !ok {
			break
		}
		choices := strings.Split(rest[open+1:close], "|")
		if len(readings)*len(choices) > maxWordReadings {
			return nil
		}
		next := make([]string, 0, len(readings)*len(choices))
		for _, r := range readings {
			for _, c := range choices {
				next = append(next, r+rest[:open]+c)
			}
		}
		readings, rest = next, rest[close+1:]
	}
	if len(readings) == 1 {
		return nil // no alternation to read
	}
	for i := range readings {
		readings[i] += rest
		if regexLike(readings[i]) {
			return nil
		}
	}
	return readings
}

// plainAlternation finds the first group of pat, "(" to the next ")",
// that is an alternation of at least two plain choices: no choice blank
// or holding regexp or grouping syntax, no | with spaces around it, not
// in a comment, the group not a shell's $( <( >( nor escaped, and no
// repetition after it. It reports the offsets of both parentheses.
func plainAlternation(pat string) (open, close int, ok bool) {
	for from := 0; ; {
		i := strings.IndexByte(pat[from:], '(')
		if i < 0 {
			return 0, 0, false
		}
		open = from + i
		j := strings.IndexAny(pat[open+1:], "()")
		if j < 0 {
			return 0, 0, false
		}
		close = open + 1 + j
		from = close
		if pat[close] != ')' || open > 0 && strings.IndexByte(`$\<>`, pat[open-1]) >= 0 {
			continue // a substitution, $( <( >(, or an escaped (
		}
		if strings.Contains(pat[:open], " #") || strings.HasPrefix(pat, "#") {
			return 0, 0, false // in a comment
		}
		if close+1 < len(pat) && strings.IndexByte("*+?{", pat[close+1]) >= 0 {
			continue
		}
		body := pat[open+1 : close]
		if !strings.Contains(body, "|") || strings.ContainsAny(body, `\[]{}*+?^$`) {
			continue
		}
		// A | with spaces around it is a pipe (see patternReading.regexp).
		plain := !strings.Contains(body, " | ")
		for _, c := range strings.Split(body, "|") {
			if strings.TrimSpace(c) == "" {
				plain = false
			}
		}
		if plain {
			return open, close, true
		}
	}
}
