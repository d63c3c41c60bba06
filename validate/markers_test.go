package validate

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// TestParseMarkerBlock: a gsd:loop-host comment block is read field by
// field (points, roles, artifacts, call sites), unknown keys ignored, and the
// offsets point at the values themselves.
func TestParseMarkerBlock(t *testing.T) {
	src := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre,  plan:post\nagent-roles: researcher, planner, checker\nnotes: ignored\nproduces: PLAN.md\nconsumes:\n-->\n# Plan\n`gsd_run loop render-hooks plan:pre --raw`\n```bash\ngsd_run loop render-hooks plan:post\n```\n"
	mk, diags := ParseMarker("plan.md", []byte(src))
	if len(diags) > 0 || mk == nil {
		t.Fatalf("ParseMarker: %v", diags)
	}
	got := fmt.Sprintln(mk.Form, mk.Step.Value, Values(mk.Points), Values(mk.Roles), Values(mk.Produces), Values(mk.Consumes), mk.CallSites)
	want := "comment plan [plan:pre plan:post] [researcher planner checker] [PLAN.md] [] [plan:pre plan:post]\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Offsets point at the values themselves.
	if p := mk.Points[1]; src[p.Off:p.Off+len(p.Value)] != "plan:post" {
		t.Errorf("point offset %d points at %q", p.Off, src[p.Off:])
	}
}

// TestParseMarkerCallSitesAreLoopPoints: a workflow's call sites are the
// loop points "loop render-hooks" names, across a line break too, not any
// word after "render-hooks" nor a typo of a point.
func TestParseMarkerCallSitesAreLoopPoints(t *testing.T) {
	src := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\nagent-roles: planner\nproduces: PLAN.md\nconsumes:\n-->\n" +
		"The render-hooks output is informational; a render-hooks plan:pre call is planned; loop render-hooks\nplan:post renders too.\n" +
		"`gsd_run loop render-hooks plan:pre --raw` and loop render-hooks plan:prep, a typo.\n"
	mk, diags := ParseMarker("plan.md", []byte(src))
	if len(diags) > 0 || mk == nil {
		t.Fatalf("ParseMarker: %v", diags)
	}
	if got := strings.Join(mk.CallSites, " "); got != "plan:post plan:pre" {
		t.Errorf("call sites %q, want the loop points only: \"plan:post plan:pre\"", got)
	}
}

// TestParseMarkerTags: the tag form of a marker (loop-point, agent-role and
// loop-artifact tags, either quote) reads as the block form does.
func TestParseMarkerTags(t *testing.T) {
	src := "# Execute\n<loop-point id=\"execute:pre\"/>\n<loop-point id='execute:post'/>\n<agent-role name=\"executor\"/> <agent-role name=\"verifier\"/>\n<loop-artifact produces=\"SUMMARY.md\" consumes=\"PLAN.md, CONTEXT.md\"/>\n"
	mk, diags := ParseMarker("execute.md", []byte(src))
	if len(diags) > 0 || mk == nil {
		t.Fatalf("ParseMarker: %v", diags)
	}
	got := fmt.Sprintln(mk.Form, mk.Step.Value, Values(mk.Points), Values(mk.Roles), Values(mk.Produces), Values(mk.Consumes))
	want := "tags execute [execute:pre execute:post] [executor verifier] [SUMMARY.md] [PLAN.md CONTEXT.md]\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A marker tag that repeats an attribute it is read for is an error, as a
// block that repeats a key is: one of the values would be dropped without
// a word (HTML keeps the first, a reader of the file may take the last).
func TestParseMarkerTagRepeatsAttribute(t *testing.T) {
	tests := []struct{ src, at string }{
		{"<loop-point id=\"plan:pre\" id=\"plan:bogus\"/>\n<agent-role name=\"planner\"/>\n", "1:27"},
		{"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\" name='checker'/>\n", "2:28"},
		{"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<loop-artifact produces=\"X.md\" consumes=\"A.md\" produces=\"Y.md\"/>\n", "3:48"},
	}
	for _, tt := range tests {
		mk, diags := ParseMarker("w.md", []byte(tt.src))
		if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-duplicate-key" || fmt.Sprintf("%d:%d", diags[0].Line, diags[0].Column) != tt.at {
			t.Errorf("%q: marker read %v, findings %v; want no marker and one marker-duplicate-key at %s", tt.src, mk != nil, diags, tt.at)
		}
	}
	// An attribute the marker does not read may repeat.
	wantMarker(t, "w.md", "<loop-point id=\"plan:pre\" class=\"a\" class=\"b\"/>\n<agent-role name=\"planner\"/>\n")
}

// Elements of prompts that share a marker tag's name, or start with it,
// are prose: a marker tag carries attributes or closes itself.
func TestParseMarkerIgnoresLookalikeTags(t *testing.T) {
	for _, src := range []string{
		"<agent-role-map>\n  planner: gsd-planner\n</agent-role-map>\n",
		"You act as <agent-role>planner</agent-role>.\n",
		"<loop-point >later</loop-point>\n",
		"<loop-artifacts produces=\"X.md\"/>\n",
	} {
		wantNoMarker(t, "docs/prompt.md", src)
	}
	// An attribute written without quotes, as HTML allows, is named as such
	// rather than as missing.
	for _, src := range []string{"<loop-point id=plan:pre />\n<agent-role name=\"planner\"/>\n",
		"<loop-point name=x id=plan:pre />\n<agent-role name=\"planner\"/>\n"} {
		if _, diags := ParseMarker("w.md", []byte(src)); len(diags) != 1 || !strings.Contains(diags[0].Message, `id=plan:pre is not quoted: write id="plan:pre"`) {
			t.Errorf("%q: %v, want one finding saying to quote id", src, diags)
		}
	}
	// So is a loop-artifact's produces or consumes, which was reported as
	// missing.
	for src, want := range map[string]string{
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<loop-artifact produces=PLAN.md />\n":          `produces=PLAN.md is not quoted: write produces="PLAN.md"`,
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<loop-artifact consumes=`SPEC.md`/>\n":         `consumes=` + "`SPEC.md`" + ` is not quoted: write consumes="SPEC.md"`,
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<loop-artifact produces=.planning/PLAN.md/>\n": `produces=.planning/PLAN.md is not quoted: write produces=".planning/PLAN.md"`,
	} {
		if _, diags := ParseMarker("w.md", []byte(src)); len(diags) != 1 || !strings.Contains(diags[0].Message, want) {
			t.Errorf("%q: %v, want one finding saying %s", src, diags, want)
		}
	}
	// Backticks or typographic quotes around it are no quotes, and are
	// left out of the suggestion.
	for _, src := range []string{"<loop-point id=`plan:pre`/>\n<agent-role name=\"planner\"/>\n",
		"<loop-point id=\u201cplan:pre\u201d />\n<agent-role name=\"planner\"/>\n"} {
		if _, diags := ParseMarker("w.md", []byte(src)); len(diags) != 1 || !strings.HasSuffix(diags[0].Message, `write id="plan:pre"`) {
			t.Errorf("%q: %v, want one finding saying to write id=\"plan:pre\"", src, diags)
		}
	}
	// A self-closing tag is a marker even without its attribute.
	if _, diags := ParseMarker("w.md", []byte("<loop-point id=\"plan:pre\"/>\n<agent-role/>\n")); len(diags) != 1 || diags[0].Rule != "marker-syntax" {
		t.Errorf("<agent-role/>: %v, want one marker-syntax finding", diags)
	}
}

// TestParseMarkerIgnoresCode: marker blocks and tags inside fenced code,
// code spans or indented code blocks (as CommonMark reads them) are quoted,
// not markers.
func TestParseMarkerIgnoresCode(t *testing.T) {
	tests := []string{
		"```\n<!-- gsd:loop-host\nstep: plan\n-->\n```\n",
		"~~~~markdown\n<loop-point id=\"plan:pre\"/>\n~~~~\n",
		"Write `<loop-point id=\"plan:pre\"/>` in the workflow.\n",
		"Use ``<agent-role name=\"planner\"/>`` tags,\nor `<!-- gsd:loop-host -->` blocks.\n",
		// indented code blocks: after a blank line, a heading, or at the start
		"# Markers\n\nExample:\n\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n",
		"# Markers\n    <!-- gsd:loop-host\n    step: plan\n    -->\n",
		"    <loop-point id=\"plan:pre\"/>\n\n    <agent-role name=\"planner\"/>\n",
		"Text.\n\n\t<loop-point id=\"plan:pre\"/>\n",
		"- item\n\nText at the margin ends the list.\n\n    <loop-point id=\"plan:pre\"/>\n",
		"<hooks>\n</hooks>\n\n    <loop-point id=\"plan:pre\"/>\n",    // the HTML block ended at its blank line
		"<pre>\n</script>\n```\n<loop-point id=\"plan:pre\"/>\n```\n", // a <pre> block ends at any raw element's end tag
	}
	for _, src := range tests {
		wantNoMarker(t, "doc.md", src)
	}
}

// Indentation that is not an indented code block keeps a marker: a
// paragraph's continuation, a list item's content, an HTML block's lines.
func TestParseMarkerIndentedButNotCode(t *testing.T) {
	tests := []string{
		"Hooks run here:\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n",
		"1. Plan\n\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n",
		"- step\n  text\n\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n",
		"<process>\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n</process>\n",
		"    code\nText\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n", // the block ended
		// inside an HTML block, up to its blank line or end marker
		"<hooks>\n## Loop points\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n</hooks>\n",
		"<PRE>\n\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n</pre>\n",
		"<details>\n```\n</details>\n\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n",                 // a fence line inside HTML is HTML
		"<!-- old example\n```sh\nrm -rf /\n``` -->\n\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n", // so is the line closing it
	}
	for _, src := range tests {
		wantMarker(t, "w.md", src)
	}
}

// A tag inside an HTML comment is commented out, as an author disables
// markup, and so is no marker; the comment may hold other markdown, and
// tags after it are read.
func TestParseMarkerTagsInCommentsAreOff(t *testing.T) {
	for _, src := range []string{
		"<!-- hooks\n\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n-->\n",
		"<!--\nold marker:\n<loop-point id=\"plan:pre\"/>\n-->\n",
		"Text <!-- <loop-point id=\"plan:pre\"/> --> more.\n",
	} {
		wantNoMarker(t, "doc.md", src)
	}
	// A <!-- never closed is text, and so is one of the empty comments'
	// tail: neither hides the tags after it.
	for _, src := range []string{
		"Comments start with <!-- and end later.\n\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n",
		"<!--> <loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n",
		"<!---> <loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n",
		// An inline comment ends with its paragraph or heading: a "-->"
		// after that closes nothing it opened.
		"Text <!-- x\n# H\n<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/> trailing\n-->\n",
		"Write <!-- to open a comment.\n\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\nA real <!-- note --> here.\n",
		"# Head <!-- x\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\n-->\n",
		// A backslash before "<" makes it text.
		"Write \\<!-- x\n<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n--> more.\n",
	} {
		wantMarker(t, "w.md", src)
	}
	// Within its paragraph, over several lines, it is a comment.
	wantNoMarker(t, "doc.md", "Text <!-- x\n<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n--> more.\n")
	wantNoMarker(t, "doc.md", "Text \\\\<!-- x\n<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n--> more.\n") // an escaped backslash
	// A never-closed <!-- that opens an HTML block, at a line's start, in
	// a list item or inside another block, reaches HTML as written, where it
	// comments out the rest of the file; inside a paragraph it is text.
	for _, src := range []string{
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<!-- note\n<agent-role name=\"checker\"/>\n",
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\n- <!-- note\n\n<agent-role name=\"checker\"/>\n",
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<div>\nText <!-- note\n</div>\n\n<agent-role name=\"checker\"/>\n",
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\nA <!-- in text.\n\n<!-- note\n<agent-role name=\"checker\"/>\n",
	} {
		mk, diags := ParseMarker("plan.md", []byte(src))
		if mk == nil || len(diags) != 1 || diags[0].Rule != "marker-in-open-fence" || !strings.Contains(diags[0].Message, "never closed") {
			t.Errorf("%q: marker %+v diags %v, want the marker and a warning of the open comment", src, mk, diags)
		} else if got := strings.Join(Values(mk.Roles), " "); got != "planner" {
			t.Errorf("%q: agent roles %q, want planner: checker is commented out", src, got)
		}
	}
	src := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<!-- <agent-role name=\"checker\"/> -->\n\n" +
		"```\n<!--\n```\n\n<agent-role name=\"researcher\"/>\n" // a "<!--" in code opens no comment
	mk, diags := ParseMarker("plan.md", []byte(src))
	if mk == nil || len(diags) > 0 {
		t.Fatalf("marker %+v diags %v, want the plan marker", mk, diags)
	}
	if got := strings.Join(Values(mk.Roles), " "); got != "planner researcher" {
		t.Errorf("agent roles %q, want planner researcher", got)
	}
}

// An HTML block such as the marker's comment interrupts a paragraph
// (CommonMark's HTML blocks 1-5), so an inline code span cannot cross it: a
// lone backtick in the prose before the marker, or in a comment before it,
// and another after it, quote nothing.
func TestParseMarkerHTMLBlockEndsInlineCode(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n"
	tests := []string{
		"Spawn the planner with `gsd_run\n" + block + "and then `loop render-hooks plan:pre` runs.\n",
		"<!-- note: quote `x\n-->\n" + block + "Then ` y.\n",
		"Text `a\n<?php x ?>\n" + block + "b` c\n",
	}
	for _, src := range tests {
		if mk := wantMarker(t, "w.md", src); mk != nil && mk.Step.Value != "plan" {
			t.Errorf("%q: step %q, want plan", src, mk.Step.Value)
		}
	}
	// A tag cannot interrupt a paragraph (HTML block 7): a code span across
	// its line still quotes it.
	src := "Write `\n<loop-point id=\"plan:pre\"/>\n` in the workflow.\n"
	wantNoMarker(t, "doc.md", src)
}

// An inline code span lies within one paragraph (CommonMark): a heading, a
// thematic break or setext underline, a list item, or an HTML block opened
// where no paragraph is open ends it or holds raw lines, so backticks on
// either side of a marker do not quote it.
func TestParseMarkerInlineCodeStaysInParagraph(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n"
	tags := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	tests := []string{
		"Run `gsd\n# Plan\n" + tags + "Then ` y.\n",
		"Run `gsd\n***\n" + tags + "Then ` y.\n",
		"Run `gsd\n---\n" + tags + "Then ` y.\n",
		"Run `gsd\n- item\n" + tags + "Then ` y.\n",
		"Run `gsd\n1. item\n" + tags + "Then ` y.\n",
		"</div>\n```\n" + block + "```\n",
		"<details>\n`a\n" + block + "b`\n",
	}
	for _, src := range tests {
		if mk := wantMarker(t, "w.md", src); mk != nil && mk.Step.Value != "plan" {
			t.Errorf("%q: step %q, want plan", src, mk.Step.Value)
		}
	}
	// Still code: a span within a heading, or a paragraph's lines around
	// an empty list item or a list numbered from 2, which interrupt nothing.
	for _, src := range []string{
		"# Use `<loop-point id=\"plan:pre\"/>`\n",
		"Run `\n*\n<loop-point id=\"plan:pre\"/>\n` ok\n",
		"Run `\n2. x\n<loop-point id=\"plan:pre\"/>\n` ok\n",
	} {
		wantNoMarker(t, "doc.md", src)
	}
}

// TestParseMarkerErrors: each malformed marker (an empty field, a repeated
// key, two markers, an unclosed block, tags missing their step) is its rule's
// finding at its line.
func TestParseMarkerErrors(t *testing.T) {
	tests := []struct {
		src, rule string
		line      int
	}{
		{"<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\nagent-roles: planner\nproduces:\n-->", "marker-syntax", 1},
		{"<!-- gsd:loop-host\nstep:\npoints: plan:pre\nagent-roles: planner\nproduces:\nconsumes:\n-->", "marker-syntax", 2},
		{"<!-- gsd:loop-host\nstep: plan\npoints:\nagent-roles: planner\nproduces:\nconsumes:\n-->", "marker-syntax", 3},
		{"<!-- gsd:loop-host\nstep: plan\nstep: plan\npoints: plan:pre\nagent-roles: planner\nproduces:\nconsumes:\n-->", "marker-duplicate-key", 3},
		{"<!-- gsd:loop-host\nstep: a\n-->\n\n<!-- gsd:loop-host\nstep: b\n-->", "marker-multiple", 5},
		{"<!-- gsd:loop-host\nstep: a\n-->\n<loop-point id=\"plan:pre\"/>", "marker-multiple", 4},
		{"<loop-point id=\"plan:pre\"/>\n<loop-point id=\"ship:pre\"/>\n<agent-role name=\"planner\"/>", "marker-multiple", 2},
		{"<loop-point/>\n<agent-role name=\"planner\"/>", "marker-syntax", 1},
		{"<agent-role name=\"planner\"/>", "marker-syntax", 1},
		{"<loop-point id=\"plan:pre\"/>", "marker-syntax", 1},
		// A gsd:loop-host block never closed is an error whether or not
		// the file holds tags, before it (then commented out) or after it.
		{"<!-- gsd:loop-host\nstep: plan\n\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n", "marker-syntax", 1},
		{"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\n<!-- gsd:loop-host\nstep: plan\n", "marker-syntax", 4},
	}
	for _, tt := range tests {
		mk, diags := ParseMarker("w.md", []byte(tt.src))
		if mk != nil {
			t.Errorf("%q: got a marker despite errors", tt.src)
		}
		if len(diags) == 0 || diags[0].Rule != tt.rule || diags[0].Line != tt.line {
			t.Errorf("%q: diags %v, want %s at line %d", tt.src, diags, tt.rule, tt.line)
		}
	}
}

// TestCodeRangesSpans: code spans of one or more backticks and fenced blocks
// are found whole, a shorter backtick run inside a span included.
func TestCodeRangesSpans(t *testing.T) {
	src := "a `b` c\n\n```go\nx\n```\nd ``e ` f`` g\n"
	got := codeSpanTexts(src)
	want := []string{"`b`", "```go\nx\n```\n", "``e ` f``"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("code = %q, want %q", got, want)
	}
}

// A lone CR ends a line, as CommonMark reads it (classic Mac OS line
// endings), and so does "\r\n": the code blocks of a file saved so are
// found, and the markers they quote are no marker.
func TestCodeRangesCRLineEndings(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\r<agent-role name=\"planner\"/>\r"
	for _, src := range []string{
		"# Doc\r\rText.\r\r    " + strings.ReplaceAll(tags, "\r", "\r    "),
		"Text.\r\r~~~\r" + tags + "~~~\r",
		"Text.\r\n\r\n~~~\r\n" + strings.ReplaceAll(tags, "\r", "\r\n") + "~~~\r\n",
	} {
		wantNoMarker(t, "doc.md", src)
	}
	src := "Text.\r\r~~~\rx\r~~~\r\r" + tags
	if mk := wantMarker(t, "w.md", src); mk != nil && mk.Step.Value != "plan" {
		t.Errorf("%q: step %q, want plan", src, mk.Step.Value)
	}
}

// TestBuildContract: the contract built from the workflows' markers, and
// the findings for roles outside their family, points not their step's and
// the like, by rule.
func TestBuildContract(t *testing.T) {
	mk := func(file, block string) *Marker {
		m, diags := ParseMarker(file, []byte(block))
		if m == nil {
			t.Fatalf("%s: %v", file, diags)
		}
		return m
	}
	block := func(step, points, roles string) string {
		return fmt.Sprintf("<!-- gsd:loop-host\nstep: %s\npoints: %s\nagent-roles: %s\nproduces:\nconsumes:\n-->\n", step, points, roles)
	}
	tests := []struct {
		name    string
		markers []*Marker
		rules   []string
	}{
		{"role outside the family", []*Marker{mk("e.md", block("execute", "execute:pre, execute:wave:pre, execute:wave:post, execute:post", "executor, orchestrator"))}, []string{"role-family"}},
		{"unknown role", []*Marker{mk("p.md", block("plan", "plan:pre, plan:post", "planner, architect"))}, []string{"role-family"}},
		{"unknown step", []*Marker{mk("s.md", block("shipping", "ship:pre", "orchestrator"))}, []string{"marker-unknown-step"}},
		{"foreign point", []*Marker{mk("p.md", block("plan", "plan:pre, plan:post, ship:pre", "planner"))}, []string{"point-ownership"}},
		{"unknown point", []*Marker{mk("p.md", block("plan", "plan:pre, plan:post, plan:mid", "planner"))}, []string{"point-unknown"}},
		{"repeated point", []*Marker{mk("p.md", block("plan", "plan:pre, plan:post, plan:pre", "planner"))}, []string{"point-duplicate"}},
		// Out of order, and repeated after: the repeat is the finding,
		// not an order that would repeat it (review 29).
		{"repeated point out of order", []*Marker{mk("p.md", block("plan", "plan:post, plan:pre, plan:post", "planner"))}, []string{"point-duplicate"}},
		{"points out of order", []*Marker{mk("p.md", block("plan", "plan:post, plan:pre", "planner"))}, []string{"point-order"}},
		{"two files, one step", []*Marker{mk("a.md", block("plan", "plan:pre, plan:post", "planner")), mk("b.md", block("plan", "plan:pre, plan:post", "planner"))}, []string{"marker-duplicate-step", "marker-duplicate-step"}}, // at both (review 33)
		{"missing own point", []*Marker{mk("p.md", block("plan", "plan:pre", "planner"))}, []string{"point-uncovered"}},
		// A mistyped point among tags is unknown, where it is: the step
		// is that of the canonical points, whichever tag comes first.
		{"mistyped tag point", []*Marker{mk("p.md", "<loop-point id=\"pln:pre\"/>\n<loop-point id=\"plan:post\"/>\n<agent-role name=\"planner\"/>\n")}, []string{"point-unknown"}},
		{"tag point without a colon", []*Marker{mk("p.md", "<loop-point id=\"plan:pre\"/>\n<loop-point id=\"plan-post\"/>\n<agent-role name=\"planner\"/>\n")}, []string{"point-unknown"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s sink
			buildContract(tt.markers, false, nil, "", &s)
			var got []string
			for _, d := range s.diags {
				if d.File != "" { // the other steps are uncovered: not what this case is about
					got = append(got, d.Rule)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.rules, ",") {
				t.Errorf("rules %v, want %v (%v)", got, tt.rules, s.diags)
			}
		})
	}
}

// A marker point that is unknown or belongs to another step leaves the
// contract incomplete, so the checks that need the whole contract (host
// artifacts among them) do not echo it; a point repeated does not.
func TestContractCompleteness(t *testing.T) {
	block := func(points string) string {
		return "<!-- gsd:loop-host\nstep: plan\npoints: " + points + "\nagent-roles: planner\nproduces: PLAN.md\nconsumes:\n-->\n"
	}
	tests := []struct {
		points   string
		complete bool
	}{
		{"plan:pre, plan:post", true},
		{"plan:pre, plan:post, plan:pre", true},
		{"plan:pre, plan:post, plan:later", false},
		{"plan:pre, plan:post, ship:pre", false},
	}
	for _, tt := range tests {
		mk, diags := ParseMarker("p.md", []byte(block(tt.points)))
		if mk == nil {
			t.Fatal(diags)
		}
		var s sink
		if c := buildContract([]*Marker{mk}, false, nil, "", &s); c.Complete != tt.complete {
			t.Errorf("points %q: Complete = %v, want %v", tt.points, c.Complete, tt.complete)
		}
	}
}

// The canonical points a step leaves out are one finding, in pipeline
// order, and so are those of a step no workflow declares.
func TestUncoveredPointsAreOneFindingPerStep(t *testing.T) {
	src := "<!-- gsd:loop-host\nstep: execute\npoints: execute:wave:pre\nagent-roles: executor\nproduces:\nconsumes:\n-->\n"
	mk, diags := ParseMarker("e.md", []byte(src))
	if mk == nil {
		t.Fatal(diags)
	}
	var s sink
	buildContract([]*Marker{mk}, false, nil, "", &s)
	var got []string
	for _, d := range s.diags {
		if strings.Contains(d.Message, "execute") || strings.Contains(d.Message, "ship") {
			got = append(got, d.Message)
		}
	}
	want := []string{
		`step "execute" does not declare its canonical points ["execute:pre", "execute:wave:post", "execute:post"]: ` +
			`add execute:pre, execute:wave:post, execute:post to the points: line of its gsd:loop-host block`,
		`canonical points ["ship:pre", "ship:post"] are declared by no host workflow (no workflow declares step "ship": give the workflow that runs it a loop-host marker; workflows are read from *.md files, another only when capreg.json's "workflows" names it)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUncoveredPointsOfTagsSayTheTags: in the tag form each point needs a
// tag (or one tag listing them), which the ADR's one-tag examples do not
// show: the finding gives the tags to add.
func TestUncoveredPointsOfTagsSayTheTags(t *testing.T) {
	src := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	mk, diags := ParseMarker("plan.md", []byte(src))
	if mk == nil {
		t.Fatal(diags)
	}
	var s sink
	buildContract([]*Marker{mk}, false, nil, "", &s)
	want := `step "plan" does not declare its canonical point "plan:post": add <loop-point id="plan:post"/>`
	for _, d := range s.diags {
		if d.File == "plan.md" {
			if d.Message != want || d.Line != 1 {
				t.Errorf("finding %d: %s\nwant at line 1: %s", d.Line, d.Message, want)
			}
			return
		}
	}
	t.Errorf("no finding in plan.md: %v", s.diags)
}

// TestIDFolderMismatchShowsCodePoints: an id that differs from its folder's
// name only in Unicode form is shown as code points, so the difference can be
// seen; ASCII names are not.
func TestIDFolderMismatchShowsCodePoints(t *testing.T) {
	got := idFolderMismatch("caf\u00e9", "cafe\u0301", "capabilities/cafe\u0301")
	if !strings.Contains(got, `"caf\u00e9" and "cafe\u0301"`) {
		t.Errorf("%s: want both names as code points", got)
	}
	if got := idFolderMismatch("ui", "ux", "capabilities/ux"); strings.Contains(got, "code points") {
		t.Errorf("%s: ASCII names need no code points", got)
	}
}

// Values are trimmed as JavaScript's trim() trims them, Unicode spaces
// included, and each item's offset is where its text starts.
func TestParseMarkerUnicodeSpaces(t *testing.T) {
	tests := []struct {
		name, src string
	}{
		{"block", "<!-- gsd:loop-host\nstep: plan\npoints:\u00a0plan:pre, \u2003plan:post,\ufeffplan:zz\nagent-roles: \u3000planner\nproduces:\nconsumes:\n-->\n"},
		{"tags", "<loop-point id=\"\u00a0plan:pre, \u2003plan:post,\ufeffplan:zz\"/>\n<agent-role name=\" \u00a0planner\"/>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("plan.md", []byte(tt.src))
			if len(diags) > 0 || mk == nil {
				t.Fatalf("ParseMarker: %v", diags)
			}
			for _, it := range append(mk.Points, mk.Roles...) {
				if got := tt.src[it.Off:]; !strings.HasPrefix(got, it.Value) {
					t.Errorf("item %q at offset %d, which holds %.12q", it.Value, it.Off, got)
				}
			}
			if got := fmt.Sprint(Values(mk.Points), Values(mk.Roles)); got != "[plan:pre plan:post plan:zz] [planner]" {
				t.Errorf("values %s", got)
			}
		})
	}
	// U+0085 is a Go space but not a JavaScript one: it stays in the value.
	mk, _ := ParseMarker("plan.md", []byte("<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\u0085\nagent-roles: planner\nproduces:\nconsumes:\n-->\n"))
	if mk == nil || mk.Points[0].Value != "plan:pre\u0085" {
		t.Errorf("U+0085 trimmed: %+v", mk)
	}
}

// The reference's block pattern, and its call-site pattern after
// "render-hooks", space with JavaScript's \s, which also matches a vertical
// tab, a no-break space and the other Unicode spaces, where Go's \s matches
// ASCII white space only. Between "loop" and "render-hooks" it has one
// space, no other.
func TestParseMarkerJSWhitespaceInPatterns(t *testing.T) {
	body := "\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\nconsumes:\n-->\n"
	for _, sp := range []string{"\v", "\u00a0", "\u2003", "\u3000", "\ufeff", "\u2028"} {
		src := "<!--" + sp + "gsd:loop-host" + sp + body + "gsd_run loop render-hooks" + sp + "plan:pre --raw\n" +
			"gsd_run loop" + sp + "render-hooks plan:post --raw\n" // the reference has one space there
		mk, diags := ParseMarker("plan.md", []byte(src))
		if mk == nil || len(diags) > 0 {
			t.Errorf("%q: marker %+v diags %v, want the plan marker", sp, mk, diags)
			continue
		}
		if got := strings.Join(mk.CallSites, " "); got != "plan:pre" {
			t.Errorf("%q: call sites %q, want plan:pre", sp, got)
		}
	}
	// U+0085 is no JavaScript space.
	if mk, _ := ParseMarker("plan.md", []byte("<!--\u0085gsd:loop-host"+body)); mk != nil {
		t.Errorf("U+0085 spaced a block: %+v", mk)
	}
}

// encodeUTF16 encodes s as UTF-16 with a byte order mark, as PowerShell's >
// writes it.
func encodeUTF16(s string, bigEndian bool) []byte {
	out := []byte{0xFF, 0xFE}
	if bigEndian {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// A workflow saved as UTF-16 is one finding at its start, not a file that
// silently drops out of the contract, and not a second, encoding warning.
func TestUTF16Workflows(t *testing.T) {
	marker := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces: PLAN.md\nconsumes:\n-->\n"
	tests := []struct {
		name string
		data []byte
		want string // the findings, or "" for none and no workflow
	}{
		{"little-endian marker", encodeUTF16(marker, false), "w.md:1:1: error [marker-syntax] the workflow is UTF-16 (it starts with a UTF-16 byte order mark), so its loop-host marker is not read; save it as UTF-8\n"},
		{"big-endian marker", encodeUTF16(marker, true), "w.md:1:1: error [marker-syntax] the workflow is UTF-16 (it starts with a UTF-16 byte order mark), so its loop-host marker is not read; save it as UTF-8\n"},
		{"no marker", encodeUTF16("# Notes\nnothing here\n", false), ""},
		// Without a byte order mark, as some tools write UTF-16, the
		// file is told by its zero bytes.
		{"little-endian marker without mark", encodeUTF16(marker, false)[2:], "w.md:1:1: error [marker-syntax] the workflow is UTF-16 (every other byte is zero, as in UTF-16 without a byte order mark), so its loop-host marker is not read; save it as UTF-8\n"},
		{"big-endian marker without mark", encodeUTF16(marker, true)[2:], "w.md:1:1: error [marker-syntax] the workflow is UTF-16 (every other byte is zero, as in UTF-16 without a byte order mark), so its loop-host marker is not read; save it as UTF-8\n"},
		{"no marker, no mark", encodeUTF16("# Notes\nnothing here\n", true)[2:], ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MayHoldMarker(tt.data); got != (tt.want != "") {
				t.Errorf("MayHoldMarker = %v, want %v", got, tt.want != "")
			}
			var s sink
			markers, attempted, broken, _, _ := parseMarkers([]File{{Path: "w.md", Data: tt.data}}, &s)
			if len(markers) != 0 || attempted != (tt.want != "") || broken != (tt.want != "") {
				t.Errorf("parseMarkers: %d markers, attempted %v, broken %v", len(markers), attempted, broken)
			}
			var b strings.Builder
			if err := WriteDiagnostics(&b, "text", s.diags); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("findings:\n%swant:\n%s", b.String(), tt.want)
			}
		})
	}
}

// A JSON input saved as UTF-16 is named for what it is, not for its first
// byte, with a byte order mark or without one (its NULs are valid UTF-8,
// so it was told only of a "\x00" it could not parse).
func TestUTF16JSONIsNamed(t *testing.T) {
	for _, data := range [][]byte{encodeUTF16(`{"id":"x"}`, false), encodeUTF16(`{"id":"x"}`, false)[2:], encodeUTF16(`{"id":"x"}`, true)[2:]} {
		var s sink
		checkUTF8("x.card.json", data, &s)
		if len(s.diags) != 1 || !strings.Contains(s.diags[0].Message, "UTF-16") || s.diags[0].Rule != "invalid-utf8" {
			t.Errorf("% x: findings %v, want one invalid-utf8 naming UTF-16", data[:4], s.diags)
		}
	}
}

// The json-syntax error of a UTF-16 JSON input says it is UTF-16 itself:
// a failed rebuild's /status lists errors only, and "unexpected byte
// 0xff, expected a value" alone told the author nothing to do. It says it
// once: no invalid-utf8 warning repeats it. A UTF-8 file's error is as it
// was.
func TestUTF16JSONSyntaxErrorSaysWhy(t *testing.T) {
	card := `{"id":"x","command":"x","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"x"}`
	for _, tt := range []struct {
		name string
		data []byte
		want string // the json-syntax message
	}{
		{"LE with mark", encodeUTF16(card, false), "unexpected byte 0xff, expected a value: the file is UTF-16 (it starts with a UTF-16 byte order mark), which JSON readers do not read; save it as UTF-8"},
		{"BE with mark", encodeUTF16(card, true), "unexpected byte 0xfe, expected a value: the file is UTF-16 (it starts with a UTF-16 byte order mark), which JSON readers do not read; save it as UTF-8"},
		{"LE without", encodeUTF16(card, false)[2:], `unexpected '\x00', expected a string key: the file is UTF-16 (every other byte is zero, as in UTF-16 without a byte order mark), which JSON readers do not read; save it as UTF-8`},
		{"UTF-8", []byte(`{"id":`), "unexpected end of file, expected a value: the file ends inside the object"},
	} {
		var got []Diagnostic
		said := 0 // findings naming UTF-16: the error alone, once
		for _, d := range Validate(&Sources{Cards: []CardSource{{File: File{Path: "bin/x.card.json", Data: tt.data}, ToolPath: "bin/x", ToolExists: true}}}).Diagnostics {
			if d.Rule == "json-syntax" {
				got = append(got, d)
			}
			if d.File == "bin/x.card.json" && strings.Contains(d.Message, "UTF-16") {
				said++
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0].Message, tt.want) || tt.name == "UTF-8" && strings.Contains(got[0].Message, "UTF-16") {
			t.Errorf("%s: %v\nwant one json-syntax starting %q", tt.name, got, tt.want)
		}
		if wantSaid := map[bool]int{true: 0, false: 1}[tt.name == "UTF-8"]; said != wantSaid {
			t.Errorf("%s: %d findings name UTF-16, want %d (the json-syntax error, not an invalid-utf8 warning too)", tt.name, said, wantSaid)
		}
	}
}

// utf16Encoding tells UTF-16 without a byte order mark by its zero bytes,
// and nothing else for it: UTF-8 text, text with a stray NUL, binary data
// with zeros in no pattern, a file too short to tell, and one whose first
// unit is no ASCII character.
func TestUTF16EncodingWithoutMark(t *testing.T) {
	long := strings.Repeat("A line of text, long enough to sample.\n", 20)
	mixed := append(encodeUTF16(strings.Repeat("ab", 100), false)[2:], []byte(strings.Repeat("xyz", 100))...)
	tests := []struct {
		name  string
		data  []byte
		order string // "LE", "BE" or ""
		skip  int
	}{
		{"LE with mark", encodeUTF16("{}", false), "LE", 2},
		{"BE with mark", encodeUTF16("{}", true), "BE", 2},
		{"LE", encodeUTF16(long, false)[2:], "LE", 0},
		{"BE", encodeUTF16(long, true)[2:], "BE", 0},
		{"LE, short", encodeUTF16("{}", false)[2:], "LE", 0},
		{"LE, mostly non-ASCII", encodeUTF16("{"+strings.Repeat("é", 20)+"}", false)[2:], "", 0},
		{"UTF-8", []byte(long), "", 0},
		{"UTF-8 with a NUL", []byte("a\x00" + long), "", 0},
		{"binary", []byte{0x89, 'P', 'N', 'G', 0, 0, 0, 0x0D, 'I', 'H', 'D', 'R', 0, 0, 1, 0}, "", 0},
		{"three bytes", []byte{'{', 0, '}'}, "", 0},
		{"first unit not ASCII", append([]byte{0x80, 0}, encodeUTF16(long, false)[2:]...), "", 0},
		// The first 512 bytes decide: text past them is not read.
		{"UTF-16 then UTF-8", mixed, "LE", 0},
	}
	for _, tt := range tests {
		order, skip := utf16Encoding(tt.data)
		got := ""
		switch order {
		case binary.LittleEndian:
			got = "LE"
		case binary.BigEndian:
			got = "BE"
		}
		if got != tt.order || skip != tt.skip {
			t.Errorf("%s: %q, skip %d; want %q, %d", tt.name, got, skip, tt.order, tt.skip)
		}
		if why, ok := UTF16(tt.data); ok != (tt.order != "") || ok && !strings.Contains(why, "UTF-16") {
			t.Errorf("%s: UTF16 = %q, %v", tt.name, why, ok)
		}
	}
}

// A block-level HTML tag (CommonMark's HTML block 6: div, details, table,
// p...) interrupts a paragraph, as a comment does: a lone backtick in the
// prose before it and another after the marker quote nothing, and the
// marker in the HTML block is real.
func TestParseMarkerBlockLevelTagEndsParagraph(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	for _, src := range []string{
		"Run `gsd\n<details>\n" + tags + "</details>\nThen ` y.\n",
		"Run `gsd\n</div>\n" + tags + "Then ` y.\n",
		"Run `gsd\n<TABLE class=\"x\">\n" + tags + "Then ` y.\n",
	} {
		if mk := wantMarker(t, "w.md", src); mk != nil && len(mk.Points) != 1 {
			t.Errorf("%q: points %v, want plan:pre alone", src, mk.Points)
		}
	}
	// An inline tag (HTML block 7), or a name that only starts like a
	// block-level one, still cannot interrupt a paragraph.
	for _, src := range []string{
		"Write `\n<span>\n<loop-point id=\"plan:pre\"/>\n` in the workflow.\n",
		"Write `\n<divx>\n<loop-point id=\"plan:pre\"/>\n` in the workflow.\n",
	} {
		wantNoMarker(t, "doc.md", src)
	}
}

// A block quote interrupts a paragraph (CommonMark), so a lone backtick in
// the prose before it and another in the quote's text quote nothing; within
// the quote a code span still quotes.
func TestParseMarkerBlockQuoteEndsParagraph(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	for _, src := range []string{
		"Run `gsd\n> Note:\n" + tags + "Then ` y.\n",
		"> Run `gsd\n>\n> " + tags + "Then ` y.\n",
	} {
		if mk := wantMarker(t, "w.md", src); mk != nil && len(mk.Points) != 1 {
			t.Errorf("%q: points %v, want plan:pre alone", src, mk.Points)
		}
	}
	src := "> Write `\n> <loop-point id=\"plan:pre\"/>\n> ` in the workflow.\n"
	wantNoMarker(t, "doc.md", src)
}

// wantMarker parses src as the workflow file and fails the test unless it
// holds a marker and no finding; it returns the marker (nil on failure).
func wantMarker(t *testing.T, file, src string) *Marker {
	t.Helper()
	mk, diags := ParseMarker(file, []byte(src))
	if mk == nil || len(diags) > 0 {
		t.Errorf("%q: marker %+v diags %v, want a marker", src, mk, diags)
		return nil
	}
	return mk
}

// wantNoMarker parses src as the file and fails the test if it holds a
// marker or a finding: what it quotes is documentation.
// wantOnlyWarning checks that the findings are one warning of rule at
// line:col, or none when line is 0.
func wantOnlyWarning(t *testing.T, diags Diagnostics, rule string, line, col int) {
	t.Helper()
	var got []string
	for _, d := range diags {
		got = append(got, fmt.Sprintf("%d:%d %s %s", d.Line, d.Column, d.Severity, d.Rule))
	}
	var want []string
	if line > 0 {
		want = []string{fmt.Sprintf("%d:%d warning %s", line, col, rule)}
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}

func wantNoMarker(t *testing.T, file, src string) {
	t.Helper()
	if mk, diags := ParseMarker(file, []byte(src)); mk != nil || len(diags) > 0 {
		t.Errorf("%q: marker %+v diags %v, want none", src, mk, diags)
	}
}

// Fences and indented code inside list items and block quotes are found
// as CommonMark finds them: an item's content is indented by its marker's
// width and the spaces after it, a fence there closes with its item or
// quote, and a fence line indented four columns past the content is
// indented code (or a paragraph's continuation), not a fence.
func TestParseMarkerCodeInListItems(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	real := []string{
		"1. Run the hooks:\n   ```bash\n   gsd_run x\n2. Plan\n\n" + tags,               // the next item ends the fence
		"1. Run the hooks:\n   ```bash\n   gsd_run x\n\nText at the margin.\n\n" + tags, // so does text at the margin
		"- a\n  - b\n    ```\n    x\n  c\n\n" + tags,                                    // and the end of a nested item
		"> ```\n> x\n\n" + tags, // and the end of a block quote
		"- step\n\n      ```\n  <loop-point id=\"plan:pre\"/>\n  <agent-role name=\"planner\"/>\n", // indented code
		"1. step\n\n       ```\n\n   <loop-point id=\"plan:pre\"/>\n   <agent-role name=\"planner\"/>\n",
		"1. Run the planner,\n        ```\n" + tags, // a paragraph's continuation line
		"> Run the planner,\n    ```\n" + tags,      // a lazy one
	}
	for _, src := range real {
		wantMarker(t, "w.md", src)
	}
	quoted := []string{
		"1. step\n\n   ```\n   <!-- gsd:loop-host\n   step: plan\n   -->\n   ```\n",
		"- a\n  - b\n\n    ```\n    <loop-point id=\"plan:pre\"/>\n    ```\n",
		"> ```\n> <loop-point id=\"plan:pre\"/>\n> ```\n",
		"> - ```\n>   <loop-point id=\"plan:pre\"/>\n>   ```\n",
		"-\t```\n\t<loop-point id=\"plan:pre\"/>\n\t```\n", // the tab takes the content to column 4
		// an item starts with at most one blank line, and a blank line ends a quote
		"-\n\n    <loop-point id=\"plan:pre\"/>\n",
		"> - a\n\n    <loop-point id=\"plan:pre\"/>\n",
		// a closing fence indented four columns past the content closes nothing
		"1. Example:\n   ```\n   x\n       ```\n   <loop-point id=\"plan:pre\"/>\n   ```\n",
		"```\nx\n    ```\n<loop-point id=\"plan:pre\"/>\n```\n",
	}
	for _, src := range quoted {
		wantNoMarker(t, "doc.md", src)
	}
}

// A line opens an HTML block of CommonMark's kind 7 only with a complete
// tag alone on it; "<b>Note</b> run:" is a paragraph, so a list item and
// the fence in it follow it as they would any text.
func TestParseMarkerHTMLBlockNeedsWholeTag(t *testing.T) {
	wantMarker(t, "w.md", "<b>Note</b> run:\n- a\n\n   ```\n <loop-point id=\"plan:pre\"/>\n <agent-role name=\"planner\"/>\n")
	for _, src := range []string{
		"<b>Note:\n```\n<loop-point id=\"plan:pre\"/>\n```\n",
		"<! not a declaration\n```\n<loop-point id=\"plan:pre\"/>\n```\n",
	} {
		wantNoMarker(t, "doc.md", src)
	}
}

// A fence no fence closes runs to the end of the file: the markers in it
// are code, as CommonMark reads them, but the first is pointed at by a
// marker-in-open-fence warning, since a fence left open (or closed outside
// its list item, which opens another) is most likely a slip. A marker
// before the fence, or in a fence that is closed, is no such finding.
func TestParseMarkerInOpenFence(t *testing.T) {
	tag, tags := "<loop-point id=\"plan:pre\"/>\n", "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	block := "<!-- gsd:loop-host\nstep: plan\n-->\n"
	tests := []struct {
		name, src  string
		line, col  int  // of the warning; 0: none
		wantMarker bool // a real marker is read too
	}{
		{"unclosed at the margin", "   ```\n" + tag, 2, 1, false},
		{"a tab in a list item", "-\t```\n\t" + tag, 2, 2, false},
		{"a block", "Intro\n\n~~~\n" + block, 4, 1, false},
		{"a closer outdented out of its item opens a fence", "1. Run:\n   ```bash\n   x\n```\n\n2. Then:\n\n" + tags, 8, 1, false},
		{"the first of several", "```\nx\n" + block + "\n" + tag, 3, 1, false},
		{"a real marker before the fence", tags + "\n```\n" + tag, 5, 1, true},
		{"closed by a longer fence", "```\n" + tag + "````\n", 0, 0, false},
		{"closed by the end of its item", "1. Run:\n   ```\n   " + tag + "2. Plan\n", 0, 0, false},
		{"open, but holding no marker", tags + "\n```\nx\n", 0, 0, true},
		{"a shorter fence closes nothing", "````\n```\n" + tag, 3, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("w.md", []byte(tt.src))
			if (mk != nil) != tt.wantMarker {
				t.Errorf("marker %+v, want one: %v", mk, tt.wantMarker)
			}
			wantOnlyWarning(t, diags, "marker-in-open-fence", tt.line, tt.col)
		})
	}
}

// FuzzCodeRanges: whatever the markdown, the code found is sorted,
// disjoint spans inside the document, and a fence left open is code from
// where it opens to the end.
func FuzzCodeRanges(f *testing.F) {
	for _, seed := range []string{
		"1. Run:\n   ```bash\n   x\n```\n\n2. Then\n",
		"> - a\n>   ```\n>   b\n\n    c `d` e\n",
		"<pre>\n</script>\n```\n~~~\n",
		"-\t```\n\t<loop-point id=\"plan:pre\"/>\n",
		"``a\n\nb``  `c` <!-- `d -->\n# `e\n***\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		code, _, _, _, openFence := codeRanges(src)
		end := 0
		for _, sp := range code {
			if sp[0] < end || sp[1] <= sp[0] || sp[1] > len(src) {
				t.Fatalf("spans %v: %v is empty, out of order or outside %d bytes", code, sp, len(src))
			}
			end = sp[1]
		}
		if openFence >= len(src) || openFence < -1 {
			t.Fatalf("open fence at %d of %d bytes", openFence, len(src))
		}
		if openFence >= 0 && (!code.contains(openFence) || !code.contains(len(src)-1)) {
			t.Fatalf("the fence open at %d is not code to the end: %v", openFence, code)
		}
	})
}

// A step whose marker is hidden in a code fence left open is a step no
// workflow declares: besides the marker-in-open-fence warning, the coverage
// checks report it missing (an error), as they do for a workflow without a
// marker, rather than being skipped as after a marker that was rejected,
// which let a contract without the step pass. A repository whose only marker
// is so hidden has no host workflow.
func TestMarkerInOpenFenceLeavesItsStepMissing(t *testing.T) {
	block := func(step, points, roles string) string {
		return fmt.Sprintf("<!-- gsd:loop-host\nstep: %s\npoints: %s\nagent-roles: %s\nproduces:\nconsumes:\n-->\n", step, points, roles)
	}
	hidden := "# Ship\n\n```\nnever closed\n\n" + block("ship", "ship:pre, ship:post", "orchestrator")
	four := []File{
		{Path: "w/discuss.md", Data: []byte(block("discuss", "discuss:pre, discuss:post", "orchestrator"))},
		{Path: "w/plan.md", Data: []byte(block("plan", "plan:pre, plan:post", "planner"))},
		{Path: "w/execute.md", Data: []byte(block("execute", "execute:pre, execute:wave:pre, execute:wave:post, execute:post", "executor"))},
		{Path: "w/verify.md", Data: []byte(block("verify", "verify:pre, verify:post", "orchestrator"))},
	}
	caps := []CapabilitySource{{Folder: "x", Manifest: File{Path: "capabilities/x/capability.json", Data: []byte(`{}`)}}}
	tests := []struct {
		name      string
		workflows []File
		caps      []CapabilitySource
		want      []string // "rule severity", besides the capability's own findings
	}{
		{"one step of five", append(slices.Clone(four), File{Path: "w/ship.md", Data: []byte(hidden)}), nil,
			[]string{"point-uncovered error", "marker-in-open-fence warning"}},
		{"the only marker", []File{{Path: "w/ship.md", Data: []byte(hidden)}}, caps,
			[]string{"contract-missing error", "marker-in-open-fence warning"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Workflows: tt.workflows, Capabilities: tt.caps})
			var got []string
			for _, d := range res.Diagnostics {
				if d.File != "capabilities/x/capability.json" {
					got = append(got, d.Rule+" "+string(d.Severity))
				}
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("findings %q, want %q (%v)", got, want, res.Diagnostics)
			}
		})
	}
}

// A block key the reference does not read as written (another case, a
// space before the colon, "_" for "-", a typo) is the line a missing-field
// finding points at, saying how to write it; a key with no such line is
// reported at the block, as before.
func TestMissingBlockKeyPointsAtItsMisspelling(t *testing.T) {
	block := func(lines string) string {
		return "# W\n<!-- gsd:loop-host\n" + lines + "\n-->\n"
	}
	const rest = "agent-roles: planner\nproduces:\nconsumes:"
	tests := []struct {
		name, src string
		want      string // "line:column message"
	}{
		{"capitalised", block("step: plan\nPoints: plan:pre, plan:post\n" + rest),
			`4:1 gsd:loop-host block is missing required field 'points:': this line's key "Points" is not read as it; write 'points:', lower-case, with the colon right after it`},
		{"space before the colon", block("  step : plan\npoints: plan:pre\n" + rest),
			`3:3 gsd:loop-host block is missing required field 'step:': this line's key "step " is not read as it; write 'step:', lower-case, with the colon right after it`},
		{"underscore", block("step: plan\npoints: plan:pre\nagent_roles: planner\nproduces:\nconsumes:"),
			`5:1 gsd:loop-host block is missing required field 'agent-roles:': this line's key "agent_roles" is not read as it; write 'agent-roles:', lower-case, with the colon right after it`},
		{"singular", block("step: plan\npoint: plan:pre\n" + rest),
			`4:1 gsd:loop-host block is missing required field 'points:': this line's key "point" is not read as it; write 'points:', lower-case, with the colon right after it`},
		// A letter not ASCII is one edit, as an ASCII one is: a key
		// with an accent, or with a Cyrillic "е" that prints as "e",
		// is pointed at, where its two bytes were two edits. Such a key
		// may print as the key does: its code points say how it differs.
		{"accented", block("step: plan\np\u00f6ints: plan:pre\n" + rest),
			`4:1 gsd:loop-host block is missing required field 'points:': this line's key "` + "p\u00f6ints" + `" (as code points: "p\u00f6ints") is not read as it; write 'points:', lower-case, with the colon right after it`},
		{"look-alike", block("st\u0435p: plan\npoints: plan:pre\n" + rest),
			`3:1 gsd:loop-host block is missing required field 'step:': this line's key "` + "st\u0435p" + `" (as code points: "st\u0435p") is not read as it; write 'step:', lower-case, with the colon right after it`},
		{"look-alike twice", block("st\u0435p: plan\npoints: plan:pre\nst\u0435p : plan\n" + rest),
			`3:1 gsd:loop-host block is missing required field 'step:': this line's key "` + "st\u0435p" + `" (as code points: "st\u0435p") is not read as it; write 'step:', lower-case, with the colon right after it` +
				`; line 5's key "` + "st\u0435p " + `" (as code points: "st\u0435p ") misspells it too, so neither line is read: keep one`},
		{"two letters off", block("step: plan\np\u00f6\u00efnts: plan:pre\n" + rest),
			`2:1 gsd:loop-host block is missing required field 'points:'`},
		{"absent", block("step: plan\nnotes: none\n" + rest),
			`2:1 gsd:loop-host block is missing required field 'points:'`},
		// A lone CR is no line break to the reference: one finding says so.
		{"CR line endings", "<!-- gsd:loop-host\rstep: plan\rpoints: plan:pre\r" + strings.ReplaceAll(rest, "\n", "\r") + "\r-->\r",
			`1:1 gsd:loop-host block is missing required fields 'points:', 'agent-roles:', 'produces:', 'consumes:': a lone carriage return (CR line endings, as classic Mac OS saved text) ends the line before each, ` +
				`and is no line break to gsd-core's parser (it splits the block at \n only); save the file with LF (or CRLF) line endings`},
		{"one CR", block("step: plan\rpoints: plan:pre\r\n" + rest),
			`2:1 gsd:loop-host block is missing required field 'points:': a lone carriage return (CR line endings, as classic Mac OS saved text) ends the line before it, ` +
				`and is no line break to gsd-core's parser (it splits the block at \n only); save the file with LF (or CRLF) line endings`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("w.md", []byte(tt.src))
			if mk != nil || len(diags) != 1 {
				t.Fatalf("marker %v, diagnostics %v; want none and one", mk, diags)
			}
			if got := fmt.Sprintf("%d:%d %s", diags[0].Line, diags[0].Column, diags[0].Message); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// The contract-missing message counts the capabilities in words a person
// reads: "1 capability", not "1 capabilities".
func TestContractMissingCountsCapabilities(t *testing.T) {
	for n, want := range map[int]string{1: "1 capability but no host workflow", 2: "2 capabilities but no host workflow"} {
		var caps []CapabilitySource
		for i := range n {
			id := fmt.Sprintf("c%d", i)
			caps = append(caps, CapabilitySource{Folder: id, Manifest: File{Path: "capabilities/" + id + "/capability.json", Data: []byte(`{}`)}})
		}
		res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: caps})
		i := slices.IndexFunc(res.Diagnostics, func(d Diagnostic) bool { return d.Rule == "contract-missing" })
		if i < 0 || !strings.HasPrefix(res.Diagnostics[i].Message, want) {
			t.Errorf("%d capabilities: diagnostics %v; want a contract-missing message starting %q", n, res.Diagnostics, want)
		}
	}
}

// Prose that names the block marker, outside backticks (as ADR-894's own
// text does), is one warning that says how to quote it, not an error for
// each of the five fields, nor, beside tags or a block, a second marker; a
// block with one misspelt key still gets the field-by-field findings that
// point at it.
func TestParseMarkerProseMention(t *testing.T) {
	src := "The generator parses the <!-- gsd:loop-host … --> comment markers in the five workflows.\n"
	mk, diags := ParseMarker("docs/adr.md", []byte(src))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-mention" || diags[0].Severity != Warning || !strings.Contains(diags[0].Message, "quote it in backticks") {
		t.Errorf("marker %+v, diagnostics %v; want one marker-mention warning saying to quote the mention", mk, diags)
	}
	tags := "<loop-point id=\"plan:pre\"/>\n<loop-point id=\"plan:post\"/>\n<agent-role name=\"planner\"/>\n"
	for _, src := range []string{src + "\n" + tags, tags + "\n" + src} {
		mk, diags = ParseMarker("plan.md", []byte(src))
		if mk == nil || mk.Step.Value != "plan" || len(diags) != 1 || diags[0].Rule != "marker-mention" {
			t.Errorf("%q: marker %+v, diagnostics %v; want the tags read and the mention warned of", src, mk, diags)
		}
	}
	// A block in another syntax is told the syntax.
	for _, src := range []string{"<!-- gsd:loop-host\n- step: plan\n- points: plan:pre\n-->\n", "<!-- gsd:loop-host\nstep = plan\n-->\n"} {
		if _, diags := ParseMarker("plan.md", []byte(src)); len(diags) != 1 || !strings.Contains(diags[0].Message, "starts with its key and a colon") {
			t.Errorf("%q: diagnostics %v; want one saying how a field is written", src, diags)
		}
	}
	src = "<!-- gsd:loop-host\nStep: plan\n-->\n"
	if _, diags := ParseMarker("plan.md", []byte(src)); len(diags) != 5 || !strings.Contains(diags[0].Message, `"Step"`) {
		t.Errorf("diagnostics %v; want five, the first pointing at the misspelt Step:", diags)
	}
}

// TestMarkerInIndentedCode: a gsd:loop-host block read as indented code at
// the margin, in a file with a call site, is warned of (a workflow an
// editor re-indented); one a how-to shows under a numbered step, fenced
// or indented, is not, though the page quotes a call site too.
func TestMarkerInIndentedCode(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\nconsumes:\n-->\n"
	indent := func(pre, s string) string {
		return pre + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+pre) + "\n"
	}
	call := "```bash\ngsd_run loop render-hooks plan:pre --raw\n```\n"
	tests := []struct {
		name, src string
		warn      bool
	}{
		{"a workflow indented by a tab", indent("\t", block+"\n"+call), true},
		{"by four spaces", "# Plan\n\n" + indent("    ", block) + "\n" + call, true},
		{"after an opener quoted in prose", "Write `<!-- gsd:loop-host` first.\n\n" + indent("    ", block) + "\n" + call, true},
		{"after an opener quoted in indented code", indent("    ", "grep '<!-- gsd:loop-host' w.md") + "\nThen:\n\n" + indent("    ", block) + "\n" + call, true},
		{"no call site: a document", "# Notes\n\n" + indent("    ", block), false},
		{"fenced under a numbered step", "# How to\n\n1. Add the marker:\n\n" + indent("    ", "```markdown\n"+block+"```") + "\n2. Call the hooks:\n\n" + indent("    ", call), false},
		{"indented under a numbered step", "# How to\n\n1. Add the marker:\n\n" + indent("        ", block) + "\n2. Call:\n\n" + indent("    ", call), false},
		{"in a block quote", "> Like this:\n>\n" + indent(">     ", block) + "\n" + call, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := ParseMarker("w.md", []byte(tt.src))
			got := slices.ContainsFunc(diags, func(d Diagnostic) bool { return d.Rule == "marker-in-code" })
			if got != tt.warn {
				t.Errorf("marker-in-code = %v, want %v; diagnostics %v\n%s", got, tt.warn, diags, tt.src)
			}
		})
	}
}

// A step no workflow declares, because the one meant to holds its block as
// indented code (with no call site, so not warned of as marker-in-code),
// is reported missing with where that block is.
func TestUncoveredStepNamesItsIndentedBlock(t *testing.T) {
	block := func(step, points, roles string) string {
		return fmt.Sprintf("<!-- gsd:loop-host\nstep: %s\npoints: %s\nagent-roles: %s\nproduces:\nconsumes:\n-->\n", step, points, roles)
	}
	files := []File{
		{Path: "w/discuss.md", Data: []byte(block("discuss", "discuss:pre, discuss:post", "orchestrator"))},
		{Path: "w/plan.md", Data: []byte(block("plan", "plan:pre, plan:post", "planner"))},
		{Path: "w/execute.md", Data: []byte(block("execute", "execute:pre, execute:wave:pre, execute:wave:post, execute:post", "executor"))},
		{Path: "w/verify.md", Data: []byte(block("verify", "verify:pre, verify:post", "verifier"))},
		{Path: "w/ship.md", Data: []byte("# Ship\n\n    " + strings.ReplaceAll(strings.TrimSuffix(block("ship", "ship:pre, ship:post", "orchestrator"), "\n"), "\n", "\n    ") + "\n")},
		{Path: "docs/notes.md", Data: []byte("# Notes\n\nNothing here.\n")},
	}
	res := Validate(&Sources{Workflows: files})
	i := slices.IndexFunc(res.Diagnostics, func(d Diagnostic) bool { return d.Rule == "point-uncovered" })
	want := `no workflow declares step "ship"; w/ship.md:3 holds a loop-host marker for it as indented code (its lines start with a tab or four spaces), which is not read: start them at the margin)`
	if i < 0 || !strings.HasSuffix(res.Diagnostics[i].Message, want) {
		t.Errorf("diagnostics %v; want point-uncovered ending %q", res.Diagnostics, want)
	}
}

// TestPointOrderTags: the tags form has no list to write; its warning
// says to order the tags.
func TestPointOrderTags(t *testing.T) {
	m, diags := ParseMarker("p.md", []byte("<loop-point id=\"plan:post\"/>\n<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"))
	if m == nil {
		t.Fatal(diags)
	}
	var s sink
	buildContract([]*Marker{m}, false, nil, "", &s)
	for _, d := range s.diags {
		if d.Rule == "point-order" {
			if !strings.Contains(d.Message, "order the <loop-point> tags plan:pre, plan:post") {
				t.Errorf("message %q", d.Message)
			}
			return
		}
	}
	t.Errorf("no point-order finding: %v", s.diags)
}

// TestPointUnknownDidYouMean: a mistyped point in a marker is told the
// canonical point a typo away, as render tells it (review 33), and points
// written with spaces between them how to separate them.
func TestPointUnknownDidYouMean(t *testing.T) {
	tests := []struct{ points, want string }{
		{"plan:pre, plan:posst", `"plan:posst" is not a canonical loop point (did you mean "plan:post"?)`},
		{"plan:pre plan:post", `"plan:pre plan:post" is not a canonical loop point (points are separated by commas: "plan:pre, plan:post")`},
		{"plan:pre plan:psot", `"plan:pre plan:psot" is not a canonical loop point; the 12 points`},
	}
	for _, tt := range tests {
		m, diags := ParseMarker("p.md", []byte("<!-- gsd:loop-host\nstep: plan\npoints: "+tt.points+"\nagent-roles: planner\nproduces:\nconsumes:\n-->\n"))
		if m == nil {
			t.Fatal(diags)
		}
		var s sink
		buildContract([]*Marker{m}, false, nil, "", &s)
		var got []string
		for _, d := range s.diags {
			if d.Rule == "point-unknown" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || !strings.Contains(got[0], tt.want) {
			t.Errorf("points: %s: %q, want one saying %q", tt.points, got, tt.want)
		}
	}
}

// A gsd:loop-host block that no --> after it closes is an error at its
// opener, the first such outside code; an opener a later --> closes (the
// block runs to it), or one quoted in code, is not.
func TestParseMarkerUnclosedBlock(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\n-->\n"
	tests := []struct {
		name, src string
		line      int // of the error, 0 for none
	}{
		{"alone", "# Plan\n<!-- gsd:loop-host\nstep: plan\n", 2},
		{"after a closed block", block + "text\n<!-- gsd:loop-host\nstep: x\n", 6},
		{"the first of two", "x\n<!--gsd:loop-host\n\n<!-- gsd:loop-host\n", 2},
		{"closed by a later -->", "<!-- gsd:loop-host\n" + block, 0},
		{"closed at once", "<!--gsd:loop-host-->\n", 0},
		{"quoted in code", "Write `<!-- gsd:loop-host` first.\n", 0},
		{"quoted, then one bare", "Write `<!-- gsd:loop-host` first.\n\n<!-- gsd:loop-host\n", 3},
	}
	for _, tt := range tests {
		_, diags := ParseMarker("plan.md", []byte(tt.src))
		var lines []int
		for _, d := range diags {
			if strings.Contains(d.Message, "block is not closed") {
				lines = append(lines, d.Line)
			}
		}
		want := []int(nil)
		if tt.line > 0 {
			want = []int{tt.line}
		}
		if !slices.Equal(lines, want) {
			t.Errorf("%s: unclosed block reported at lines %v, want %v (%v)", tt.name, lines, want, diags)
		}
	}
}

// A block written in a markdown block quote says so and what to do, rather
// than that its fields are written in another syntax.
func TestParseMarkerBlockInABlockQuote(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"> <!-- gsd:loop-host\n> step: plan\n> points: plan:pre\n>\n> -->\n", "is in a block quote"},
		{"> <!-- gsd:loop-host\r\n>   step: plan\r\n> -->\r\n", "is in a block quote"},
		{"<!-- gsd:loop-host\n- step: plan\n- points: plan:pre\n-->\n", "holds none of its fields"},
		{"<!-- gsd:loop-host\n> a quote\n> of nothing\n-->\n", "holds none of its fields"},
	}
	for _, tt := range tests {
		_, diags := ParseMarker("docs/guide.md", []byte(tt.src))
		if len(diags) != 1 || diags[0].Rule != "marker-syntax" || !strings.Contains(diags[0].Message, tt.want) {
			t.Errorf("%q: %v, want one marker-syntax saying %q", tt.src, diags, tt.want)
		}
	}
}

// An opener quoted in code ("the `<!-- gsd:loop-host` comment below", a
// grep in a fence) whose own "-->" never comes does not swallow the real
// block after it: gsd-core, which does not look at code, reads the same
// keys, so the file declares its step.
func TestParseMarkerQuotedOpenerBeforeBlock(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: discuss\npoints: discuss:pre, discuss:post\nagent-roles: orchestrator\nproduces: CONTEXT.md\nconsumes:\n-->\n"
	tests := []struct{ name, before string }{
		{"inline code", "This file declares its step in the `<!-- gsd:loop-host` comment below.\n\n"},
		{"a fence", "```bash\ngrep -l '<!-- gsd:loop-host' workflows/*.md\n```\n\n"},
		{"twice", "Both `<!-- gsd:loop-host` and `<!--gsd:loop-host` open one.\n\n"},
		{"a whole quoted block", "```\n" + strings.Replace(block, "discuss", "plan", 1) + "```\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("discuss-phase.md", []byte("# Discuss\n\n"+tt.before+block))
			if mk == nil || mk.Step.Value != "discuss" || len(diags) > 0 {
				t.Fatalf("marker %+v, findings %v; want step discuss and no findings", mk, diags)
			}
			if got := Values(mk.Produces); !slices.Equal(got, []string{"CONTEXT.md"}) {
				t.Errorf("produces %q", got)
			}
		})
	}
}

// Marker tags re-indented to code at the margin are warned of, and named
// by the finding that their step is missing, as a block is.
func TestMarkerTagsInIndentedCode(t *testing.T) {
	tags := "    <loop-point id=\"plan:pre\"/>\n    <loop-point id=\"plan:post\"/>\n    <agent-role name=\"planner\"/>\n"
	src := "# Plan\n\n" + tags + "\ngsd_run loop render-hooks plan:pre --raw\n"
	_, diags := ParseMarker("w/plan.md", []byte(src))
	if len(diags) != 1 || diags[0].Rule != "marker-in-code" || diags[0].Line != 3 || !strings.Contains(diags[0].Message, "<loop-point> tag") {
		t.Errorf("findings %v; want one marker-in-code at line 3 naming the <loop-point> tag", diags)
	}
	block := func(step, points, roles string) string {
		return fmt.Sprintf("<!-- gsd:loop-host\nstep: %s\npoints: %s\nagent-roles: %s\nproduces:\nconsumes:\n-->\n", step, points, roles)
	}
	res := Validate(&Sources{Workflows: []File{
		{Path: "w/discuss.md", Data: []byte(block("discuss", "discuss:pre, discuss:post", "orchestrator"))},
		{Path: "w/plan.md", Data: []byte("# Plan\n\n" + tags)},
		{Path: "w/execute.md", Data: []byte(block("execute", "execute:pre, execute:wave:pre, execute:wave:post, execute:post", "executor"))},
		{Path: "w/verify.md", Data: []byte(block("verify", "verify:pre, verify:post", "verifier"))},
		{Path: "w/ship.md", Data: []byte(block("ship", "ship:pre, ship:post", "orchestrator"))},
	}})
	i := slices.IndexFunc(res.Diagnostics, func(d Diagnostic) bool {
		return d.Rule == "point-uncovered" && strings.Contains(d.Message, `step "plan"`)
	})
	if i < 0 || !strings.Contains(res.Diagnostics[i].Message, "w/plan.md:3 holds a loop-host marker for it as indented code") {
		t.Errorf("diagnostics %v; want point-uncovered for plan naming w/plan.md:3", res.Diagnostics)
	}
}

// A UTF-8 byte order mark is no part of the first line: a fence or an
// indented code block that starts the file is code, so the markers it
// quotes are none, and the real ones after it are read.
func TestCodeRangesAfterByteOrderMark(t *testing.T) {
	real := "<loop-point id=\"plan:pre\"/>\n<loop-point id=\"plan:post\"/>\n<agent-role name=\"planner\"/>\n"
	for _, src := range []string{
		"\uFEFF```html\n<loop-point id=\"ship:pre\"/>\n```\n\n" + real,
		"\uFEFF    <loop-point id=\"ship:pre\"/>\n\n" + real,
	} {
		mk, diags := ParseMarker("w.md", []byte(src))
		if mk == nil || mk.Step.Value != "plan" || len(diags) > 0 {
			t.Errorf("%q: marker %+v, findings %v; want step plan and no findings", src, mk, diags)
		}
	}
}

// A list value wrapped onto the next line (by a formatter, or written as
// YAML items) is not read, by gsd-core nor capreg: the line is warned of,
// once per block, where it is. Prose and blank lines are not.
func TestParseMarkerContinuedLine(t *testing.T) {
	head := "<!-- gsd:loop-host\nstep: execute\npoints: execute:pre, execute:wave:pre, execute:wave:post, execute:post\n"
	tail := "produces: SUMMARY.md\nconsumes: PLAN.md\n-->\n"
	tests := []struct {
		name, roles string
		line, col   int // of the warning; 0: none
	}{
		{"after a trailing comma", "agent-roles: executor,\n  verifier\n", 5, 3},
		{"bare values", "agent-roles: executor\n  verifier, checker\n", 5, 3},
		{"YAML items", "agent-roles: executor\n  - verifier\n  - checker\n", 5, 3},
		{"wrapped twice", "agent-roles: executor,\n  verifier,\n  checker\n", 5, 3},
		{"a comma alone", "agent-roles: executor\n,\n", 0, 0},
		{"a markdown item", "agent-roles: executor\n  * verifier\n", 5, 3},
		{"a YAML item after a tab", "agent-roles: executor\n  -\tverifier\n", 5, 3},
		{"after a blank line", "agent-roles: executor,\n\n  verifier\n", 0, 0},
		{"a sentence after a comma", "agent-roles: executor,\nKeep this block in sync with ADR-894.\n", 0, 0},
		{"a URL", "agent-roles: executor\nhttps://example.com/adr-894\n", 0, 0},
		{"a rule", "agent-roles: executor\n---\n", 0, 0},
		{"a key as a YAML item", "agent-roles: executor\n- owner:\n", 0, 0},
		{"a block's key as a YAML item", "agent-roles: executor\n- consumes: x\n", 0, 0},
		{"a handle", "agent-roles: executor\n@owner/team\n", 0, 0},
		{"prose", "agent-roles: executor\nTODO: more roles later\n", 0, 0},
		{"another key after a comma", "agent-roles: executor,,\nsteps: not-a-key\nowner:\n", 0, 0},
		{"points after a comma", "agent-roles: executor,\n  plan:post\n", 5, 3},
		{"a sentence", "agent-roles: executor\nThe executor runs each wave.\n", 0, 0},
		{"nothing more", "agent-roles: executor, verifier\n", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("w.md", []byte(head+tt.roles+tail))
			if mk == nil {
				t.Fatalf("no marker: %v", diags)
			}
			wantOnlyWarning(t, diags, "marker-continued-line", tt.line, tt.col)
		})
	}
}

// A comment of another name that starts with gsd:loop-host, holding none of
// the block's fields, is not read, and the warning says to rename it (gsd-core
// counts it as a block); the real block beside it is read. One that holds
// the fields is a block, as gsd-core reads it.
func TestParseMarkerCommentOfLongerName(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\nconsumes:\n-->\n"
	for _, other := range []string{"<!-- gsd:loop-hosted-by: platform-team -->\n", "<!-- gsd:loop-host_owner\nteam: platform\n-->\n"} {
		mk, diags := ParseMarker("plan.md", []byte(other+"\n"+block))
		if mk == nil || mk.Step.Value != "plan" || len(diags) != 1 || diags[0].Rule != "marker-mention" || diags[0].Line != 1 ||
			!strings.Contains(diags[0].Message, "rename it") {
			t.Errorf("%q: marker %+v, findings %v; want the block read and one marker-mention at 1 saying to rename the comment", other, mk, diags)
		}
	}
	mk, diags := ParseMarker("plan.md", []byte(strings.Replace(block, "gsd:loop-host", "gsd:loop-host-v2", 1)))
	if mk == nil || mk.Step.Value != "plan" || len(diags) != 0 {
		t.Errorf("a block whose name runs on, with its fields: marker %+v, findings %v; want it read, as gsd-core reads it", mk, diags)
	}
}

// An opener quoted alone in indented code is no indented block: it does
// not run to the "-->" of a fenced example after it, so neither the
// warning nor the finding of a missing step names it; the finding names
// the fenced example, as a marker in code.
func TestIndentedQuotedOpenerIsNoBlock(t *testing.T) {
	src := "# Notes\n\n    grep -l '<!-- gsd:loop-host' workflows/*.md\n\n```markdown\n<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\nconsumes:\n-->\n```\n\nRun `gsd_run loop render-hooks plan:pre`.\n"
	mk, diags := ParseMarker("w/notes.md", []byte(src))
	if mk != nil || len(diags) > 0 {
		t.Errorf("marker %+v, findings %v; want none: the opener is quoted, the block an example", mk, diags)
	}
	var s sink
	if _, step := parseMarker("w/notes.md", []byte(src), &s); step.indented || step.Value != "plan" || step.Off != strings.Index(src, "<!-- gsd:loop-host\n") {
		t.Errorf("step in code %+v, want plan in the fence, not indented", step)
	}
}

// A block an editor indented but for its closing line is still one read
// as indented code: warned of, and named by the finding of a missing step.
func TestIndentedBlockClosedAtTheMargin(t *testing.T) {
	src := "    <!-- gsd:loop-host\n    step: plan\n    points: plan:pre, plan:post\n    agent-roles: planner\n    produces: PLAN.md\n    consumes:\n-->\n\nRun `loop render-hooks plan:pre` first.\n"
	mk, diags := ParseMarker("w.md", []byte(src))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-in-code" || diags[0].Line != 1 {
		t.Errorf("marker %+v, findings %v; want one marker-in-code at line 1", mk, diags)
	}
	var s sink
	if _, step := parseMarker("w.md", []byte(src), &s); step.Value != "plan" {
		t.Errorf("indented step %+v, want plan", step)
	}
}

// A block indented but for its last lines, keys or the "-->", is one too.
func TestIndentedBlockLastKeysAtTheMargin(t *testing.T) {
	for _, src := range []string{
		"    <!-- gsd:loop-host\n    step: plan\n    points: plan:pre\nagent-roles: planner\nproduces: PLAN.md\nconsumes:\n-->\n\nRun `loop render-hooks plan:pre` first.\n",
		"    <!-- gsd:loop-host\n    step: plan\n    points: plan:pre\n    agent-roles: planner\nconsumes: -->\n\nRun `loop render-hooks plan:pre` first.\n",
	} {
		_, diags := ParseMarker("w.md", []byte(src))
		var s sink
		_, step := parseMarker("w.md", []byte(src), &s)
		if len(diags) != 1 || diags[0].Rule != "marker-in-code" || step.Value != "plan" {
			t.Errorf("%q: findings %v, step %+v; want one marker-in-code and step plan", src, diags, step)
		}
	}
}

// An opener quoted alone in indented code does not run to a "-->" in prose
// further on (an arrow, an HTML comment) either.
func TestIndentedQuotedOpenerBeforeProseArrow(t *testing.T) {
	for _, after := range []string{"The loop runs discuss --> plan --> execute.\n", "<!-- TODO: owner -->\n"} {
		wantNoMarker(t, "w/notes.md", "# Notes\n\n    grep -l '<!-- gsd:loop-host' workflows/*.md\n\n"+after+"\nRun `gsd_run loop render-hooks plan:pre`.\n")
	}
}

// The continued line is told which line it continues: the key just above
// it, also when that key repeats an earlier one.
func TestContinuedLineNamesTheKeyAboveIt(t *testing.T) {
	src := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\npoints: plan:pre,\n  plan:post\nagent-roles: planner\nproduces:\nconsumes:\n-->\n"
	_, diags := ParseMarker("w.md", []byte(src))
	i := slices.IndexFunc(diags, func(d Diagnostic) bool { return d.Rule == "marker-continued-line" })
	if i < 0 || !strings.Contains(diags[i].Message, "'points:' (line 4)") {
		t.Errorf("findings %v; want marker-continued-line naming 'points:' (line 4)", diags)
	}
}

// TestMayHoldMarkerFindsLoopAnywhere: the scanner's pre-filter passes a
// file whose only marker spelling is a misspelt block name wherever an "l"
// comes before it (a double "l" just before, as in "Well"), so the slip is
// reported; and it passes over a file with no marker that ends in an "l",
// without reading past its end (the slices here have no room beyond their
// length).
func TestMayHoldMarkerFindsLoopAnywhere(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"Well, the step:\n<!-- gsd:loophost\nstep: ship\n-->\n", true},
		{"All of it\n<!-- GSD:LOOP_HOST\nstep: ship\n-->\n", true},
		{"<!-- gsd-loop-host\nstep: ship\n-->\nall", true},
		// Only its "host" intact: a letter off in "loop".
		{"<!-- gsd:lop-host\nstep: ship\n-->\n", true},
		{"<!-- GSD:Lop_HOST\nstep: ship\n-->\n", true},
		// Spaces of any kind before the name, as the pattern reads them.
		{"<!--\u00a0\u3000\ufeff" + strings.Repeat(" ", 80) + "gsd:loop-hots\nstep: ship\n-->\n", true},
		{"<!--\n\n  gsd : loop - hots\nstep: ship\n-->\n", true},
		// Spaces or tabs within the name, past any fixed span; the swap
		// that breaks both words; the letters (?i)[a-z] folds ('ſ', 'K'),
		// which the name's pattern drops.
		{"<!-- gsd" + strings.Repeat(" ", 40) + ":" + strings.Repeat("\t", 40) + "loophost\nstep: ship\n-->\n", true},
		{"<!-- gsd:looh-post\nstep: ship\n-->\n", true},
		{"<!-- GSD:LOO\u212aP_HO\u017fST\nstep: ship\n-->\n", true},
		// "host" further into a comment is not a name.
		{"<!-- a note on the " + strings.Repeat("very ", 10) + "localhost\nstep: ship\n-->\n", false},
		{"<!-- a note -->\nsmall", false},
		{"<!-- a note -->\nl", false},
		{"<!-- a loop note -->\nll", false},
		{"lol", false},
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		src = src[:len(src):len(src)]
		if got := MayHoldMarker(src); got != tt.want {
			t.Errorf("MayHoldMarker(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

// BenchmarkMayHoldMarkerComments: a large markdown file of comments that
// open with no block's name, "localhost" among them, is passed over
// without running the misspelt name's pattern over each comment.
func BenchmarkMayHoldMarkerComments(b *testing.B) {
	src := []byte(strings.Repeat("<!-- note: the table below is made by a script; serve it on localhost:8080 first\nstep: plan\n", 60_000))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if MayHoldMarker(src) {
			b.Fatal("a file of no block name passed")
		}
	}
}

// TestMisspeltBlockAfterAMention: a misspelt gsd:loop-host block is
// reported though a comment of a misspelt name that declares no step (a
// mention) comes before it: each such comment is looked at, not the
// first only.
func TestMisspeltBlockAfterAMention(t *testing.T) {
	src := []byte("See <!-- gsd:loophost note --> below.\n\n<!-- gsd-loop-host\nstep: ship\npoints: ship:pre, ship:post\nagent-roles: orchestrator\nproduces:\nconsumes: UAT.md\n-->\n")
	mk, diags := ParseMarker("w.md", src)
	want := `w.md:3:6: error [marker-syntax] this comment is named "gsd-loop-host", not gsd:loop-host, so it is not read as a loop-host block and the file declares no step; write <!-- gsd:loop-host`
	if mk != nil || len(diags) != 1 || diags[0].String() != want {
		t.Errorf("ParseMarker = %v, %v\nwant no marker and %s", mk, diags, want)
	}
}

// TestBlockValueOffsetsWithIndentedKeys: a block whose keys are indented
// (as an editor indents a comment's body) is read, and each value is placed
// where it is written, so that a finding about it (an unknown point, a role
// no card declares) points at the value and not a few columns before it.
func TestBlockValueOffsetsWithIndentedKeys(t *testing.T) {
	src := "# Plan\n\n<!-- gsd:loop-host\n    step: plan\n  points:   plan:pre,  plan:post\n\tagent-roles: planner\n  produces: PLAN.md\n  consumes:\n-->\n"
	mk, diags := ParseMarker("w.md", []byte(src))
	if mk == nil || len(diags) > 0 {
		t.Fatalf("marker %+v, findings %v; want the block read, with no findings", mk, diags)
	}
	at := func(s string) int { return strings.Index(src, s) }
	want := []Item{{"plan", at("plan\n")}, {"plan:pre", at("plan:pre")}, {"plan:post", at("plan:post")}, {"planner", at("planner")}, {"PLAN.md", at("PLAN.md")}}
	got := []Item{mk.Step}
	got = append(got, mk.Points...)
	got = append(got, mk.Roles...)
	got = append(got, mk.Produces...)
	if len(got) != len(want) {
		t.Fatalf("items %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d = %+v, want %+v (%q there)", i, got[i], want[i], src[max(got[i].Off, 0):min(max(got[i].Off, 0)+len(want[i].Value), len(src))])
		}
	}
}

// TestContinuedLineOfOneCharacter: a line of a lone "-" or "*" after a list
// key is no value of that list (it holds no word), so the block is read
// with no finding: a list item marker with nothing after it is not read as
// one, nor does it stop the file being checked.
func TestContinuedLineOfOneCharacter(t *testing.T) {
	for _, line := range []string{"-", "*", " - ", "+"} {
		src := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\n" + line + "\nproduces:\nconsumes:\n-->\n"
		mk, diags := ParseMarker("w.md", []byte(src))
		if mk == nil || mk.Step.Value != "plan" || len(diags) > 0 {
			t.Errorf("line %q after agent-roles: marker %+v, findings %v; want the block read and no finding", line, mk, diags)
		}
	}
}

// TestCommentNameRunsOnFromGsdLoopHost: a comment whose name is
// gsd:loop-host run on by a letter, digit, "-" or "_" (any case, either end
// of the ranges) is another comment, told to be renamed; one whose name is
// followed by another character, or by the "-->" at once, is a mention of
// the block in prose.
func TestCommentNameRunsOnFromGsdLoopHost(t *testing.T) {
	const rename, prose = "rename it", "in prose"
	tests := []struct {
		comment, want string
	}{
		{"<!-- gsd:loop-host0 note -->", rename},
		{"<!-- gsd:loop-host9 note -->", rename},
		{"<!-- gsd:loop-host5 note -->", rename},
		{"<!-- gsd:loop-hosta note -->", rename},
		{"<!-- gsd:loop-hostz note -->", rename},
		{"<!-- gsd:loop-hostA note -->", rename},
		{"<!-- gsd:loop-hostZ note -->", rename},
		{"<!-- gsd:loop-host_x note -->", rename},
		{"<!-- gsd:loop-host-x note -->", rename},
		{"<!-- gsd:loop-host/ note -->", prose},
		{"<!-- gsd:loop-host@ note -->", prose},
		{"<!-- gsd:loop-host: note -->", prose},
		{"<!-- gsd:loop-host[ note -->", prose},
		{"<!-- gsd:loop-host{ note -->", prose},
		{"<!-- gsd:loop-host`x` note -->", prose},
		{"<!-- gsd:loop-host-->", prose},
		{"<!-- gsd:loop-host -->", prose},
	}
	for _, tt := range tests {
		src := "# Notes\n\nSee " + tt.comment + " for the marker.\n"
		mk, diags := ParseMarker("notes.md", []byte(src))
		if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-mention" || !strings.Contains(diags[0].Message, tt.want) {
			t.Errorf("%s: marker %+v, findings %v; want one marker-mention saying %q", tt.comment, mk, diags, tt.want)
		}
	}
}

// TestMisspeltKeyIsPointedAt: a block's key written otherwise than the
// reference reads it is named where it stands, line and column, whichever
// line of the block it is on.
func TestMisspeltKeyIsPointedAt(t *testing.T) {
	tests := []struct {
		body      string
		line, col int
	}{
		{"step: plan\npoints: plan:pre, plan:post\n  Agent_Roles : planner\nproduces:\nconsumes:\n", 6, 3},
		{"step: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\n\n\n\tconsume: PLAN.md\n", 10, 2},
		{"Step: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\nconsumes:\n", 4, 1},
	}
	for _, tt := range tests {
		src := "# Plan\n\n<!-- gsd:loop-host\n" + tt.body + "-->\n"
		mk, diags := ParseMarker("w.md", []byte(src))
		if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-syntax" || diags[0].Line != tt.line || diags[0].Column != tt.col ||
			!strings.Contains(diags[0].Message, "is not read as it") {
			t.Errorf("%q: marker %+v, findings %v; want one marker-syntax at %d:%d naming the misspelt key", tt.body, mk, diags, tt.line, tt.col)
		}
	}
}

// TestInlineCommentEndsWithItsParagraph: a "<!--" in a paragraph comments
// out the tags after it only when its "-->" comes before the paragraph
// ends, also when the "-->" is the paragraph's very last text; a "-->"
// after a blank line is too late, and the tag is read.
func TestInlineCommentEndsWithItsParagraph(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\n"
	tests := []struct {
		name, para string
		points     []string
	}{
		{"closed at the paragraph's end", "Old: <!-- <loop-point id=\"plan:post\"/> -->\n", []string{"plan:pre"}},
		{"closed at the end of its second line", "Old:\n<!-- <loop-point id=\"plan:post\"/> -->\n\nMore.\n", []string{"plan:pre"}},
		{"closed after a blank line", "Note <!-- <loop-point id=\"plan:post\"/>\n\n-->\n", []string{"plan:pre", "plan:post"}},
		{"closed a paragraph later", "Note <!-- <loop-point id=\"plan:post\"/>\n\nSee -->\n", []string{"plan:pre", "plan:post"}},
	}
	for _, tt := range tests {
		mk, diags := ParseMarker("w.md", []byte(head+tt.para))
		if mk == nil || !slices.Equal(Values(mk.Points), tt.points) || len(diags) > 0 {
			t.Errorf("%s: marker %+v, findings %v; want points %v and no findings", tt.name, mk, diags, tt.points)
		}
	}
}

// TestEmptyAndEscapedComments: "<!---->" is an empty comment, which hides
// nothing after it and ends (the file is read, not looped over); a "<!--"
// after a backslash is text, also at the very start of the file, so the
// tag after it is read.
func TestEmptyAndEscapedComments(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	tests := []struct {
		name, src string
		points    []string
	}{
		{"empty comment alone", "<!---->\n\n" + tags, []string{"plan:pre"}},
		{"empty comment in a paragraph", "Note <!----> " + tags, []string{"plan:pre"}},
		{"empty comment before a comment", "<!----> <!-- <loop-point id=\"plan:post\"/> -->\n\n" + tags, []string{"plan:pre"}},
		{"escaped opener first", "\\<!-- <loop-point id=\"plan:post\"/> -->\n\n" + tags, []string{"plan:post", "plan:pre"}},
		{"escaped backslash first", "\\\\<!-- <loop-point id=\"plan:post\"/> -->\n\n" + tags, []string{"plan:pre"}},
	}
	for _, tt := range tests {
		done := make(chan struct{})
		var mk *Marker
		var diags Diagnostics
		go func() {
			defer close(done)
			mk, diags = ParseMarker("w.md", []byte(tt.src))
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ParseMarker(%q) has not returned after 10s", tt.name, tt.src)
		}
		if mk == nil || !slices.Equal(Values(mk.Points), tt.points) || len(diags) > 0 {
			t.Errorf("%s: marker %+v, findings %v; want points %v and no findings", tt.name, mk, diags, tt.points)
		}
	}
}

// TestLoopArtifactRepeatsAttribute: a <loop-artifact> that repeats consumes
// (as it repeats produces) is told so where the repetition stands, and the
// marker is not read; one that repeats an attribute it is not read for
// (a class) is read.
func TestLoopArtifactRepeatsAttribute(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	mk, diags := ParseMarker("w.md", []byte(head+"<loop-artifact consumes=\"A.md\" produces=\"X.md\" consumes=\"B.md\"/>\n"))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-duplicate-key" || diags[0].Line != 3 || diags[0].Column != 48 ||
		!strings.Contains(diags[0].Message, `repeats consumes="…"`) {
		t.Errorf("repeated consumes: marker %+v, findings %v; want no marker and one marker-duplicate-key at 3:48", mk, diags)
	}
	mk, diags = ParseMarker("w.md", []byte(head+"<loop-artifact class=\"a\" consumes=\"A.md\" class=\"b\"/>\n"))
	if mk == nil || !slices.Equal(Values(mk.Consumes), []string{"A.md"}) || len(diags) > 0 {
		t.Errorf("repeated class: marker %+v, findings %v; want the marker read, consuming A.md", mk, diags)
	}
}

// TestTagStepIsTheFirstCanonicalPoint: the step of the tag form is that of
// the first canonical point (discuss:pre, the first of all, included), a
// mistyped point before it is no step of its own, and a canonical point
// of another step (discuss:pre again) is a second step.
func TestTagStepIsTheFirstCanonicalPoint(t *testing.T) {
	role := "<agent-role name=\"discusser\"/>\n"
	mk, diags := ParseMarker("w.md", []byte("<loop-point id=\"dicsuss:pre\"/>\n<loop-point id=\"discuss:pre\"/>\n<loop-point id=\"discuss:post\"/>\n"+role))
	if mk == nil || mk.Step.Value != "discuss" || mk.Step.Off != len("<loop-point id=\"dicsuss:pre\"/>\n<loop-point id=\"") || len(diags) > 0 {
		t.Errorf("a mistyped point first: marker %+v, findings %v; want step discuss, at discuss:pre, and no findings", mk, diags)
	}
	mk, diags = ParseMarker("w.md", []byte("<loop-point id=\"plan:pre\"/>\n<loop-point id=\"discuss:pre\"/>\n"+role))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-multiple" || diags[0].Line != 2 || !strings.Contains(diags[0].Message, `steps "plan" and "discuss"`) {
		t.Errorf("plan:pre and discuss:pre: marker %+v, findings %v; want no marker and one marker-multiple at line 2", mk, diags)
	}
}

// TestUnquotedValueOfOneQuoteCharacter: an attribute whose value is a lone
// backtick or typographic quote, unquoted, is told to be quoted, as any
// unquoted value is; it is no pair of quotes around a value.
func TestUnquotedValueOfOneQuoteCharacter(t *testing.T) {
	for _, v := range []string{"`", "\u201c", "\u2019"} {
		src := "<loop-point id=\"plan:pre\"/>\n<agent-role name=" + v + " />\n"
		mk, diags := ParseMarker("w.md", []byte(src))
		want := "<agent-role> name=" + v + ` is not quoted: write name="` + v + `"`
		if mk != nil || len(diags) != 1 || !strings.Contains(diags[0].Message, want) {
			t.Errorf("%q: marker %+v, findings %v; want no marker and one finding saying %s", src, mk, diags, want)
		}
	}
}

// TestIndentedTagsAfterAPromptElement: marker tags read as indented code
// are warned of, and their step named, though an element of the same name
// in a prompt (no marker) comes first in the file.
func TestIndentedTagsAfterAPromptElement(t *testing.T) {
	src := "You act as <agent-role>planner</agent-role>.\n\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n\nRun `loop render-hooks plan:pre` first.\n"
	mk, diags := ParseMarker("w.md", []byte(src))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-in-code" || diags[0].Line != 3 || diags[0].Column != 5 || !strings.Contains(diags[0].Message, "<loop-point> tag") {
		t.Errorf("marker %+v, findings %v; want one marker-in-code at 3:5 naming the <loop-point> tag", mk, diags)
	}
	var s sink
	if _, step := parseMarker("w.md", []byte(src), &s); step.Value != "plan" || step.Off != strings.Index(src, "<loop-point") {
		t.Errorf("indented step %+v, want plan at the <loop-point> tag", step)
	}
}

// TestIndentedTagsOfTheFirstPoint: the step of tags read as indented code
// is that of the first canonical point, discuss:pre (the first of all)
// included, past a mistyped one.
func TestIndentedTagsOfTheFirstPoint(t *testing.T) {
	src := "    <loop-point id=\"dicsuss:pre\"/>\n    <loop-point id=\"discuss:pre\"/>\n    <agent-role name=\"discusser\"/>\n\nRun `loop render-hooks discuss:pre` first.\n"
	var s sink
	if _, step := parseMarker("w.md", []byte(src), &s); step.Value != "discuss" {
		t.Errorf("indented step %+v, want discuss", step)
	}
}

// tagOpenRe is the expression nextTagOpen finds the matches of.
var tagOpenRe = regexp.MustCompile(`(?:^|[\n\r])[ \t]*(<(loop-point|agent-role|loop-artifact)\s+[A-Za-z_][A-Za-z0-9_-]*\s*=\s*["'])`)

// TestNextTagOpenIsTheExpression: nextTagOpen, from every offset, finds
// what tagOpenRe finds in the rest of the file (the tag's "<", its name
// and the match's end), on tags at a line's start or not, after blanks,
// lone carriage returns, tabs and form feeds, cut short at any byte, and
// on random mixes of those pieces.
func TestNextTagOpenIsTheExpression(t *testing.T) {
	tests := []string{
		"",
		"<loop-point id=\"plan:pre\"/>",
		"  \t<agent-role name='planner'/>",
		"x <loop-point id=\"a\"",
		"x\n<loop-point id=\"a\"",
		"x\r <loop-artifact produces=\"P.md\"",
		"<loop-point\n\tid\f=\r'x'",
		"<loop-pointid=\"a\"",
		"<loop-point-x id=\"a\"",
		"<loop-point 9d=\"a\"",
		"<loop-point _a-9=\"a\"",
		"<loop-point id=a",
		"<loop-point id =  \"a\" <agent-role name=\"p\"",
		"<loop-point id=\" <agent-role name=\"p\"",
		"a <loop-point id=\"x\"\n  <agent-role name=\"y\" <loop-artifact consumes=\"z\"",
		"<<loop-point id=\"a\"",
		"\n\n<LOOP-POINT ID=\"a\"\n<loop-artifact  produces='b'",
		"<agent-role\u00a0name=\"x\"",
		"`<loop-point id=\"a\"`\n<loop-point id=\"b\"",
	}
	for _, src := range slices.Clone(tests) { // each cut short at every byte
		for n := range len(src) {
			tests = append(tests, src[:n])
		}
	}
	pieces := []string{"<", "<loop-point", "<agent-role", "<loop-artifact", "<loop-", " ", "\t", "\n", "\r", "\f", "id", "_x-1", "=", "\"", "'", "a", "9", "-", "/>", ">"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(24) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		tests = append(tests, b.String())
	}
	for _, src := range tests {
		for off := 0; off <= len(src); off++ {
			at, name, end, ok := nextTagOpen([]byte(src), off, nil)
			m := tagOpenRe.FindSubmatchIndex([]byte(src[off:]))
			if ok != (m != nil) {
				t.Fatalf("%q from %d: found %t, the expression %t", src, off, ok, m != nil)
			}
			if !ok {
				continue
			}
			if at != off+m[2] || string(name) != src[off+m[4]:off+m[5]] || end != off+m[1] {
				t.Fatalf("%q from %d: <%s at %d ending at %d, the expression <%s at %d ending at %d",
					src, off, name, at, end, src[off+m[4]:off+m[5]], off+m[2], off+m[1])
			}
		}
	}
}

// TestMisspeltTagIsReportedAtIt: in a workflow of marker tags, a tag
// whose name has a slip (another case, "_" for "-", a letter off, a
// plural, the British "artefact") is not read, so the step lost a point,
// a role or its artifacts: the finding was point-uncovered at the file's
// first tag, or none at all for a role, or consumes-unsatisfied in the
// capabilities that consume the lost artifact, files the change did not
// touch. It is a marker-syntax error at the slip, naming the tag meant,
// and the file declares no step, as with a tag left open. Prose and
// code that only look alike are not marker tags.
func TestMisspeltTagIsReportedAtIt(t *testing.T) {
	for _, tt := range []struct{ old, new, at, want string }{
		{`<loop-point id="execute:post"/>`, `<loop-piont id="execute:post"/>`, "6:1", `"loop-piont", not loop-point`},
		{`<loop-point id="execute:post"/>`, `<loop_point id="execute:post"/>`, "6:1", `"loop_point", not loop-point`},
		{`<loop-point id="execute:post"/>`, `<Loop-Point id="execute:post"/>`, "6:1", `"Loop-Point", not loop-point`},
		{`<loop-point id="execute:post"/>`, `<loop-points id="execute:post"/>`, "6:1", `"loop-points", not loop-point`},
		{`<loop-point id="execute:post"/>`, `<looppoint id="execute:post"/>`, "6:1", `"looppoint", not loop-point`},
		{`<agent-role name="verifier"/>`, `<agent-rol name="verifier"/>`, "7:31", `"agent-rol", not agent-role`},
		{`<loop-artifact produces=`, `<loop-artefact produces=`, "8:1", `"loop-artefact", not loop-artifact`},
		{`<loop-point id="execute:post"/>`, `<loop_point id=execute:post/>`, "6:1", `"loop_point", not loop-point`},
	} {
		t.Run(tt.new, func(t *testing.T) {
			got := findingsOf(editedWorkflows(t, [3]string{"execute-phase.md", tt.old, tt.new}))
			if len(got) != 1 || got[0].Rule != "marker-syntax" || fmt.Sprintf("%d:%d", got[0].Line, got[0].Column) != tt.at ||
				!strings.Contains(got[0].Message, tt.want) {
				for _, d := range got {
					t.Errorf("%s:%d:%d [%s] %s", d.File, d.Line, d.Column, d.Rule, d.Message)
				}
				t.Errorf("want one marker-syntax at %s saying %s", tt.at, tt.want)
			}
		})
	}
	// Not slips: other tags, a slip in code or in a comment, and one in a
	// file without marker tags (prose about markers). A tag a slip away
	// from a marker tag's name but without the attribute that tag takes
	// (id, name, produces or consumes) is another tag: a prompt's
	// <agent-rules src="…"/> voided its workflow's marker, marker-syntax.
	for _, src := range []string{
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<agent-role-map name=\"x\"/>\n<loops id=\"x\"/>\n<div id=\"x\"></div>\n",
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<agent-rules src=\"rules.md\"/>\n<loop-pointer at=\"x\"/>\n<loop-artifacts id=\"x\"/>\n",
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\n```\n<loop-piont id=\"plan:post\"/>\n```\n",
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\nWrite `<loop-piont id=\"plan:post\"/>` so.\n<!-- <agent-rol name=\"checker\"/> -->\n",
	} {
		if _, diags := ParseMarker("w.md", []byte(src)); len(diags) != 0 {
			t.Errorf("%q: %v, want none", src, diags)
		}
	}
	wantNoMarker(t, "docs/prompt.md", "<loop-piont id=\"plan:post\"/>\n")
	// A <loop-artifact> slip that only consumes is one too.
	src := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n<loop-artefact consumes=\"CONTEXT.md\"/>\n"
	if mk, diags := ParseMarker("w.md", []byte(src)); mk != nil || len(diags) != 1 || diags[0].Rule != "marker-syntax" || diags[0].Line != 3 {
		t.Errorf("%q: marker %v, %v; want none, and one marker-syntax at line 3", src, mk != nil, diags)
	}
}

// TestTagAttrNamesAreTheTagsAttributes: the patterns that find an
// attribute written without quotes or with a quote left open name, through
// tagAttrNames, the attributes markerTagAttrs says the tags read.
func TestTagAttrNamesAreTheTagsAttributes(t *testing.T) {
	var want []string
	for _, names := range markerTagAttrs {
		want = append(want, names...)
	}
	slices.Sort(want)
	got := strings.Split(strings.Trim(tagAttrNames, "()"), "|")
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("tagAttrNames %s; the tags read %v", tagAttrNames, want)
	}
}
