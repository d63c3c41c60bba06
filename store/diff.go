package store

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// unifiedDiff is the unified diff (three lines of context, as diff -u
// writes it) that turns the lines a into the lines b (each ending with its
// "\n", see diffLines), under the names from and to; "" when they are
// equal.
//
// It is the anchored diff of Go's internal/diff (the one gofmt -d prints):
// the lines that occur once in a and once in b are matched by their longest
// common subsequence, found by patience sorting, and each match is grown
// over the equal lines around it. That costs O(n log n) whatever the
// changes, where a minimal diff (Myers, or Python's SequenceMatcher in
// go-difflib, which gen --check used) costs the number of changes times the
// length or worse: a registry repeats lines such as `"tier": "core",`
// thousands of times, and a version bumped in every capability of 2,000
// made gen --check take minutes. The diff may be longer than a minimal one,
// never wrong: patch applies it.
func unifiedDiff(from, to string, a, b []string) string {
	return unifiedDiffShown(from, to, a, b, a, b, nil)
}

// unifiedDiffShown is unifiedDiff comparing the lines a and b but printing
// shownA[i] for a[i] and shownB[i] for b[i] (the slices are as long as a
// and b): gen --check compares a committed file without its carriage
// returns and prints its lines as they are, so that patch finds the
// context and removed lines of a CRLF checkout there. replaced, if not
// nil, is given each run of lines of a the diff replaces, from a[x], and
// the lines of b replacing them (one of the two may be empty), in order.
func unifiedDiffShown(from, to string, a, b, shownA, shownB []string, replaced func(x int, removed, added []string)) string {
	if slices.Equal(a, b) {
		return ""
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", from, to)
	const context = 3
	var done, chunk, count pair // printed up to a[:done.x], b[:done.y]; the hunk's start and size
	var text []string           // the hunk's lines
	// put adds lines to the hunk, marked by prefix: "-" lines of a, "+"
	// lines of b, " " lines of both.
	put := func(prefix string, lines []string) {
		for _, s := range lines {
			text = append(text, prefix+s)
		}
		if prefix != "+" {
			count.x += len(lines)
		}
		if prefix != "-" {
			count.y += len(lines)
		}
	}
	for _, m := range anchors(a, b) {
		if m.x < done.x {
			continue // inside a match grown already
		}
		start, end := m, m // grown to a[start.x:end.x] == b[start.y:end.y]
		for start.x > done.x && start.y > done.y && a[start.x-1] == b[start.y-1] {
			start.x--
			start.y--
		}
		for end.x < len(a) && end.y < len(b) && a[end.x] == b[end.y] {
			end.x++
			end.y++
		}
		put("-", shownA[done.x:start.x])
		put("+", shownB[done.y:start.y])
		if replaced != nil && (start.x > done.x || start.y > done.y) {
			replaced(done.x, a[done.x:start.x], b[done.y:start.y])
		}
		atEnd := end.x >= len(a) && end.y >= len(b)
		if !atEnd && (end.x-start.x < context || len(text) > 0 && end.x-start.x < 2*context) {
			// Too few equal lines to close the hunk: they are in it.
			put(" ", shownA[start.x:end.x])
			done = end
			continue
		}
		if len(text) > 0 {
			n := min(end.x-start.x, context)
			put(" ", shownA[start.x:start.x+n])
			done = pair{start.x + n, start.y + n}
			writeHunk(&out, chunk, count, text)
			count, text = pair{}, text[:0]
		}
		if atEnd {
			break
		}
		chunk = pair{end.x - context, end.y - context}
		put(" ", shownA[chunk.x:end.x])
		done = end
	}
	return out.String()
}

// pair is a line of a and one of b, or the numbers of lines of each.
type pair struct{ x, y int }

// writeHunk writes one hunk: its header, with line numbers from 1 (an
// empty side starts at 0, as diff -u writes it), and its lines.
func writeHunk(out *strings.Builder, start, count pair, text []string) {
	if count.x > 0 {
		start.x++
	}
	if count.y > 0 {
		start.y++
	}
	fmt.Fprintf(out, "@@ -%d,%d +%d,%d @@\n", start.x, count.x, start.y, count.y)
	for _, s := range text {
		out.WriteString(s)
	}
}

// anchors are the pairs of equal lines that occur once in a and once in b,
// in the longest sequence increasing on both sides (Szymanski's Algorithm
// A, by patience sorting), between the sentinels {0, 0} and {len(a),
// len(b)}.
func anchors(a, b []string) []pair {
	// How often each line occurs: 0, 1 or more, as 0, -1, -2 for a and 0,
	// -4, -8 for b, so a line once in each is at -5; later, a line's index
	// among b's unique ones.
	seen := make(map[string]int, len(a))
	for _, s := range a {
		if c := seen[s]; c > -2 {
			seen[s] = c - 1
		}
	}
	for _, s := range b {
		if c := seen[s]; c > -8 {
			seen[s] = c - 4
		}
	}
	var ai, bi, inv []int // unique lines' indexes in a, in b, and of a's in bi
	for i, s := range b {
		if seen[s] == -1+-4 {
			seen[s] = len(bi)
			bi = append(bi, i)
		}
	}
	for i, s := range a {
		if j, ok := seen[s]; ok && j >= 0 {
			ai = append(ai, i)
			inv = append(inv, j)
		}
	}
	n := len(ai)
	tails := make([]int, n) // tails[k]: the least last value of an increasing run of k+1
	length := make([]int, n)
	for i := range tails {
		tails[i] = n + 1
	}
	for i, j := range inv {
		k := sort.SearchInts(tails, j)
		tails[k] = j
		length[i] = k + 1
	}
	k := 0
	for _, l := range length {
		k = max(k, l)
	}
	seq := make([]pair, k+2)
	seq[k+1] = pair{len(a), len(b)}
	last := n
	for i := n - 1; i >= 0; i-- {
		if length[i] == k && inv[i] < last {
			seq[k] = pair{ai[i], bi[inv[i]]}
			last = inv[i]
			k--
		}
	}
	return seq
}
