package validate

import (
	"bytes"
	"cmp"
	"slices"
)

// spans is a sorted list of [start, end) byte ranges.
type spans [][2]int

func (sp spans) contains(off int) bool {
	lo, hi := 0, len(sp)
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case off < sp[mid][0]:
			hi = mid
		case off >= sp[mid][1]:
			lo = mid + 1
		default:
			return true
		}
	}
	return false
}

// codeRanges finds the code in a markdown document: fenced code blocks (``` or
// ~~~, closed by a fence of the same character at least as long, or running to
// the end; at any indentation, since fences nested in list items are indented
// further, and a deeper-indented fence line is an indented code block anyway) and inline code spans (a backtick
// run closed by a run of the same length within the paragraph). It follows
// CommonMark closely enough to tell a quoted marker from a real one.
func codeRanges(src []byte) spans {
	var out spans
	var para []int // offsets of the lines of the current paragraph
	flush := func(end int) {
		if len(para) > 0 {
			out = append(out, inlineCode(src, para[0], end)...)
			para = para[:0]
		}
	}
	var fenceChar byte
	fenceLen, fenceStart := 0, 0
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		next := len(src)
		if end >= 0 {
			end += off
			next = end + 1
		} else {
			end = len(src)
		}
		line := src[off:end]
		if fenceChar != 0 {
			if c, n := fence(line); c == fenceChar && n >= fenceLen && onlySpaceAfter(line, n) {
				out = append(out, [2]int{fenceStart, next})
				fenceChar = 0
			}
			off = next
			continue
		}
		if c, n := fence(line); c != 0 && (c == '~' || !bytes.ContainsRune(line[indentOf(line)+n:], '`')) {
			flush(off)
			fenceChar, fenceLen, fenceStart = c, n, off
			off = next
			continue
		}
		if len(bytes.TrimSpace(line)) == 0 {
			flush(off)
		} else {
			para = append(para, off)
		}
		off = next
	}
	if fenceChar != 0 {
		out = append(out, [2]int{fenceStart, len(src)})
	}
	flush(len(src))
	// Inline spans were collected per paragraph, fences in document order;
	// merge into one sorted list.
	sortSpans(out)
	return out
}

func indentOf(line []byte) int {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return n
}

// fence returns the fence character and run length when line opens or closes
// a fenced code block.
func fence(line []byte) (byte, int) {
	ind := indentOf(line)
	if ind >= len(line) {
		return 0, 0
	}
	c := line[ind]
	if c != '`' && c != '~' {
		return 0, 0
	}
	n := 0
	for ind+n < len(line) && line[ind+n] == c {
		n++
	}
	if n < 3 {
		return 0, 0
	}
	return c, n
}

func onlySpaceAfter(line []byte, n int) bool {
	return len(bytes.TrimSpace(line[indentOf(line)+n:])) == 0
}

// inlineCode finds backtick code spans in src[from:to].
func inlineCode(src []byte, from, to int) spans {
	var out spans
	i := from
	for i < to {
		if src[i] != '`' {
			i++
			continue
		}
		if i > from && src[i-1] == '\\' { // an escaped backtick opens nothing
			i++
			continue
		}
		n := 0
		for i+n < to && src[i+n] == '`' {
			n++
		}
		closeAt := -1
		for j := i + n; j < to; {
			if src[j] != '`' {
				j++
				continue
			}
			m := 0
			for j+m < to && src[j+m] == '`' {
				m++
			}
			if m == n {
				closeAt = j + m
				break
			}
			j += m
		}
		if closeAt < 0 {
			i += n // an unmatched run is literal text
			continue
		}
		out = append(out, [2]int{i, closeAt})
		i = closeAt
	}
	return out
}

func sortSpans(sp spans) {
	slices.SortFunc(sp, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
}
