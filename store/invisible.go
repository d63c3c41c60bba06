package store

import (
	"fmt"
	"strings"
)

// maxInvisibleLines bounds the lines invisibleNote names.
const maxInvisibleLines = 3

// invisibleNote says, for a unified diff of artifactDiff, which of its
// changed lines differ from the line that replaces them only in what a
// terminal does not show: white space at the line's end (spaces, tabs),
// or the newline at the end of the file. Such a "-" and "+" line look the
// same, and the diff alone left a person to guess what to fix. Lines are
// named by their number in the committed file; "" for a diff with none.
// The diff itself is left as it is, a patch that applies.
func invisibleNote(diff string) string {
	var found []string
	more := 0
	type line struct {
		n     int // in the committed file
		body  string
		final bool // "\ No newline at end of file" follows it
	}
	var removed, added []line
	flush := func() {
		for i := range min(len(removed), len(added)) {
			r, a := removed[i], added[i]
			if why := invisibleDiff(r.body, a.body, r.final, a.final); why != "" {
				if len(found) == maxInvisibleLines {
					more++
					continue
				}
				found = append(found, fmt.Sprintf("line %d %s", r.n, why))
			}
		}
		removed, added = removed[:0], added[:0]
	}
	n := 0 // the committed file's line before the next one
	var last *line
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		return ""
	}
	for _, l := range lines[2:] {
		if l == "" {
			continue
		}
		switch l[0] {
		case '@':
			flush()
			var from int
			if _, err := fmt.Sscanf(l, "@@ -%d", &from); err != nil {
				return ""
			}
			// "-0,0" and "-5,0" name the line before an empty range.
			if strings.HasPrefix(l, fmt.Sprintf("@@ -%d,0 ", from)) {
				n = from
			} else {
				n = from - 1
			}
			last = nil
		case ' ':
			flush()
			n++
			last = nil
		case '-':
			n++
			removed = append(removed, line{n: n, body: lineBody(l[1:])})
			last = &removed[len(removed)-1]
		case '+':
			added = append(added, line{body: lineBody(l[1:])})
			last = &added[len(added)-1]
		case '\\':
			if last != nil {
				last.final = true
			}
		}
	}
	flush()
	if len(found) == 0 {
		return ""
	}
	note := "lines that look alike in the diff differ in what a terminal does not show: " + strings.Join(found, "; ")
	if more > 0 {
		note += fmt.Sprintf("; and %d more line%s", more, map[bool]string{true: "", false: "s"}[more == 1])
	}
	return note
}

// lineBody is a diff line's text without its line end ("\n", or "\r\n"
// as a CRLF checkout's lines are printed): the carriage returns of line
// ends are not compared (CheckArtifacts).
func lineBody(l string) string {
	l = strings.TrimSuffix(l, "\n")
	return strings.TrimSuffix(l, "\r")
}

// trailingSpace is the white space a line may end in unseen.
const trailingSpace = " \t\v\f\r"

// invisibleDiff says how the committed line c differs from the generated
// line g when only by trailing white space or by the newline after the
// file's last line (cFinal, gFinal: no newline follows it), or "".
func invisibleDiff(c, g string, cFinal, gFinal bool) string {
	cBody, gBody := strings.TrimRight(c, trailingSpace), strings.TrimRight(g, trailingSpace)
	if cBody != gBody || c == g && cFinal == gFinal {
		return ""
	}
	var why []string
	if cEnd, gEnd := c[len(cBody):], g[len(gBody):]; cEnd != gEnd {
		switch {
		case gEnd == "":
			why = append(why, "ends in "+spaces(cEnd)+", which the generated line has not (trailing white space: delete it)")
		case cEnd == "":
			why = append(why, "lacks the "+spaces(gEnd)+" the generated line ends in")
		default:
			why = append(why, "ends in "+spaces(cEnd)+" where the generated line ends in "+spaces(gEnd))
		}
	}
	switch {
	case cFinal && !gFinal:
		why = append(why, "is the file's last and has no newline at its end, which the generated file has")
	case gFinal && !cFinal:
		why = append(why, "ends in a newline, which the generated file's last line has not")
	}
	return strings.Join(why, ", and ")
}

// spaces names a run of white space: "2 spaces", "a tab", "a space and a
// tab", "a carriage return".
func spaces(s string) string {
	names := map[byte][2]string{' ': {"space", "spaces"}, '\t': {"tab", "tabs"}, '\v': {"vertical tab", "vertical tabs"},
		'\f': {"form feed", "form feeds"}, '\r': {"carriage return", "carriage returns"}}
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == s[i] {
			j++
		}
		name := names[s[i]]
		if j-i == 1 {
			parts = append(parts, "a "+name[0])
		} else {
			parts = append(parts, fmt.Sprintf("%d %s", j-i, name[1]))
		}
		i = j
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
