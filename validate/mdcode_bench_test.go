package validate

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// mdcodeInputs are pathological markdown documents for codeRanges, each
// about 1 to 8 MiB: its cost must stay linear in the document's size.
func mdcodeInputs() map[string][]byte {
	const lines = 100000
	var nested strings.Builder
	for i := range lines {
		nested.WriteString(strings.Repeat("  ", i%64) + "- item `x`\n")
	}
	return map[string][]byte{
		"quote-lines":    bytes.Repeat([]byte("> quoted text ` with a backtick\n"), lines),
		"quote-para":     []byte("> start `\n" + strings.Repeat("lazy line\n", lines)),
		"html-starts":    bytes.Repeat([]byte("<div>\n\n"), lines),
		"html-open":      []byte("<div>\n" + strings.Repeat("<span>text</span>\n", lines)),
		"html-comment":   []byte("<!--\n" + strings.Repeat("text text text text\n", lines)),
		"one-line-8MiB":  bytes.Repeat([]byte("word "), 8<<20/5),
		"one-line-ticks": bytes.Repeat([]byte("a ` b "), 8<<20/6),
		"ticks-para":     []byte(strings.Repeat("text ` more\n", lines)),
		"tick-runs":      growingRuns(4000),
		"nested-lists":   []byte(nested.String()),
		"indented":       []byte("\n" + strings.Repeat("    code line\n", lines)),
		"fence-unclosed": []byte("```\n" + strings.Repeat("code\n", lines)),
		// Items nested 65,536 deep, then a million blank lines that each
		// continue them all; and 1,000 deep, then lines indented into the
		// innermost one, each continuing every item.
		"deep-items-blank":    []byte(strings.Repeat("- ", 1<<16) + "x\n" + strings.Repeat("\n", 1<<20)),
		"deep-items-indented": []byte(strings.Repeat("- ", 1000) + "x\n" + strings.Repeat(strings.Repeat(" ", 2000)+"y\n", 1000)),
	}
}

// growingRuns is a paragraph of backtick runs of lengths 1, 2, 3…, none
// closed: each run looks for its closer to the paragraph's end.
func growingRuns(n int) []byte {
	var b bytes.Buffer
	for i := 1; i <= n; i++ {
		b.WriteString(strings.Repeat("`", i))
		b.WriteString(" x ")
	}
	return b.Bytes()
}

func BenchmarkCodeRanges(b *testing.B) {
	for name, src := range mdcodeInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				codeRanges(src)
			}
		})
	}
}

// inlineCodeScan is inlineCode as it was, searching the rest of the
// paragraph for each run's closer: the reference the linear one must agree
// with.
func inlineCodeScan(src []byte, from, to int) spans {
	var out spans
	i := from
	for i < to {
		if src[i] != '`' {
			i++
			continue
		}
		if escaped(src[from:], i-from) {
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
			i += n
			continue
		}
		out = append(out, [2]int{i, closeAt})
		i = closeAt
	}
	return out
}

// TestInlineCodeAgreesWithScan: the fast inlineCode finds the same code
// spans as the plain scan on 200,000 random strings of backticks,
// backslashes, letters and spaces.
func TestInlineCodeAgreesWithScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("``\\a ")
	for range 200000 {
		src := make([]byte, rng.IntN(24))
		for i := range src {
			src[i] = alphabet[rng.IntN(len(alphabet))]
		}
		from := 0
		if len(src) > 0 {
			from = rng.IntN(len(src))
		}
		want, got := inlineCodeScan(src, from, len(src)), inlineCode(src, from, len(src), nil)
		if !slices.Equal(want, got) {
			t.Fatalf("%q from %d: got %v, want %v", src, from, got, want)
		}
	}
}
