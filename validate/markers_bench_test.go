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

// proseWorkflow is a workflow as repositories write them, of about 6 KB:
// the block, prose, fenced call sites, a quoted example of each form, a
// few HTML tags. Most of a large repository's markdown is of this kind.
func proseWorkflow() []byte {
	var b strings.Builder
	b.WriteString("<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n\n# Plan phase\n\nSpawn gsd-phase-researcher, then gsd-planner, then gsd-plan-checker.\n\n")
	for i := range 12 {
		fmt.Fprintf(&b, "## %d. Step\n\nThe planner reads CONTEXT.md and writes a plan of waves; each wave lists its tasks, the files they touch and the checks that close them. A <span title=\"note\">note</span> may say why.\n\n", i+1)
		fmt.Fprintf(&b, "```bash\nHOOKS=$(gsd_run loop render-hooks plan:pre --raw)\necho \"$HOOKS\" | jq -r '.rendered'\n```\n\n")
		b.WriteString("Tags are quoted as `<loop-point id=\"plan:pre\"/>` in prose, and as code:\n\n    <agent-role name=\"planner\"/>\n\n")
	}
	return []byte(b.String())
}

func BenchmarkParseMarkerProse(b *testing.B) {
	src := proseWorkflow()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if mk, diags := ParseMarker("workflows/plan-phase.md", src); mk == nil || len(diags) > 0 {
			b.Fatal(mk, diags)
		}
	}
}
