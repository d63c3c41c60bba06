package validate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// markerInputs are pathological documents for ParseMarker, each of about
// 0.1 to 4 MiB: its cost must stay linear in the document's size. A guide
// quoting the block opener thousands of times took openers × file size
// (14 s for 2,000 quoted openers in 123 KB).
func markerInputs() map[string][]byte {
	var quoted strings.Builder
	quoted.WriteString("# Guide\n\n")
	for i := range 20000 {
		fmt.Fprintf(&quoted, "Rule %d: the `<!-- gsd:loop-host` opener starts the block.\n\n", i)
	}
	block := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\n-->\n"
	return map[string][]byte{
		"openers-quoted":     []byte(quoted.String()),
		"openers-bare":       []byte(strings.Repeat("<!-- gsd:loop-host ", 100000)),
		"openers-then-block": []byte(strings.Repeat("<!-- gsd:loop-host\n", 50000) + block),
		"block-then-openers": []byte(block + strings.Repeat("<!-- gsd:loop-host\n", 50000)),
		"tags-unclosed":      bytes.Repeat([]byte("<loop-point id=\"plan:pre\" "), 100000),
		"comments-unclosed":  bytes.Repeat([]byte("<!-- "), 200000),
		// Openers quoted in one indented code block, none closed in it,
		// with a call site, so the indented-marker checks read them all.
		"openers-indented": []byte(strings.Repeat("    <!-- gsd:loop-host\n", 50000) + "\ngsd_run loop render-hooks plan:pre\n-->\n"),
	}
}

func BenchmarkParseMarker(b *testing.B) {
	for name, src := range markerInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				ParseMarker("docs/guide.md", src)
			}
		})
	}
}
