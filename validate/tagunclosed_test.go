package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseMarkerTagNotReadIsAFinding: a marker tag capreg cannot read
// is an error, not a tag left out in silence (README, Inputs): one never
// closed with ">", one whose quoted value holds a "<" (a value ends
// before it, so the tag is never closed either), and an attribute the
// marker reads written without quotes beside a quoted one, which was
// dropped while the other was read (review). Only a tag starting its
// line, with a quoted value, is taken for one
// left open: prose ("write <loop-point id= …", in a quote, escaped) and
// code are no tags, and a document that only mentions the form once, in
// a tag other than a loop point, is no workflow (second review); an
// attribute inside another's quoted value is its text.
func TestParseMarkerTagNotReadIsAFinding(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n"
	for _, tc := range []struct{ src, at, says string }{
		{head + `<loop-artifact produces="PLAN.md" consumes="a<b"/>` + "\n", "2:1", "not closed"},
		{head + `<loop-artifact produces="PLAN.md"` + "\n\nText.\n", "2:1", "not closed"},
		{head + `<loop-artifact produces=PLAN.md consumes="CONTEXT.md"/>` + "\n", "2:1", `produces=PLAN.md is not quoted: write produces="PLAN.md"`},
		{head + `<loop-artifact produces="PLAN.md" consumes=CONTEXT.md/>` + "\n", "2:1", `consumes=CONTEXT.md is not quoted`},
		// A workflow whose every tag is left open (no tag read), and a
		// loop point alone: a workflow, not a document mentioning the
		// form; they were read as no workflow, and its capabilities'
		// hooks blamed (third review).
		{"<loop-point id=\"plan:pre\"\n<agent-role name=\"planner\"\n\nText.\n", "1:1", "<loop-point tag is not closed"},
		{"Text.\n<agent-role name=\"planner\"\n<loop-artifact produces=\"PLAN.md\"\n", "2:1", "<agent-role tag is not closed"},
		{"<loop-point id=\"plan:pre\"\n", "1:1", "not closed"},
		{"<agent-role name=\"planner\"\n<loop-artifact produces=\"PLAN.md\"\n", "1:1", "<agent-role tag is not closed"}, // the first, at offset 0
		// A lone carriage return ends a line, as everywhere else.
		{head + "Text.\r<agent-role name=\"x\"\n", "3:1", "not closed"},
		// A tag after a tag read on its line, as ADR-894 writes a step's
		// tags: left open, it was lost in silence, and the step's
		// point-uncovered said to add the tag written there (new-user
		// review).
		{`<loop-point id="plan:pre"/> <loop-point id="plan:post"` + "\n<agent-role name=\"planner\"/>\n", "1:29", "<loop-point tag is not closed"},
		{head[:len(head)-1] + ` <loop-artifact produces="PLAN.md"` + "\n", "1:58", "<loop-artifact tag is not closed"},
		{`<loop-point id="plan:pre"/><loop-point id="plan:post"` + "\n<agent-role name=\"planner\"/>\n", "1:28", "<loop-point tag is not closed"},
	} {
		checkOneMarkerSyntax(t, tc.src, tc.at, tc.says)
	}
	for _, src := range []string{
		head + "Write a <loop-point tag for each point, and a <loop-artifact one.\n",
		head + "Write <loop-point id= followed by the point.\n",
		head + "> <loop-point id= in a quote\n",
		head + "\\<loop-artifact produces=\"x\"\n",
		"Write <loop-point id=\"plan:pre\" on a line of its own, then close it.\n",
		"<loop-artifact produces=\"PLAN.md\"\n", // no tag read, one artifact: a mention
		head + `<loop-artifact produces="PLAN.md consumes=CONTEXT.md"/>` + "\n",
		head + `<loop-artifact produces="PLAN.md" title='x consumes=Y'/>` + "\n",
		head + "`<loop-artifact produces=\"PLAN.md\"`\n",
		head + "<!-- <loop-artifact produces=\"a<b\" -->\n",
		head + "<!--\n<loop-artifact produces=\"a<b\"\n-->\n",
		head[:len(head)-1] + " then write <loop-artifact produces=\"x\" and close it.\n",
	} {
		if _, diags := ParseMarker("plan.md", []byte(src)); len(diags) != 0 {
			t.Errorf("%q: findings %v; want none", src, diags)
		}
	}
}

// TestParseMarkerOpenTagDeclaresNoStep: a workflow of tags one of which
// is left open declares no step, as one with an unclosed block does, so
// the open tag is its one finding: read without it, the step lost a role
// or an artifact, and "no <agent-role> tag" (the workflow's only role
// left open) or a capability's contribution into the role it lost only
// repeated the open tag's finding, the second in another file (new-user
// review).
func TestParseMarkerOpenTagDeclaresNoStep(t *testing.T) {
	for _, src := range []string{
		"<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"\n\nText.\n",
		"<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n<agent-role name=\"checker\"\n",
		"<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n<loop-artifact produces=\"PLAN.md\"\n",
	} {
		mk, diags := ParseMarker("plan.md", []byte(src))
		if mk != nil {
			t.Errorf("%q: declares step %q (roles %v), want none", src, mk.Step.Value, mk.Roles)
		}
		if len(diags) != 1 || !strings.Contains(diags[0].Message, "tag is not closed") {
			t.Errorf("%q: %v, want the open tag's finding alone", src, diags)
		}
	}
}

// TestMissingTagQuotedInCodeSaysWhere: a workflow's only <agent-role> (or
// <loop-point>) tag written in code is not read, and the finding, at the
// file's first tag, says where that tag is and why it is not read; it
// said only that there was none, on another line than the tag written
// (new-user review).
func TestMissingTagQuotedInCodeSaysWhere(t *testing.T) {
	for _, tc := range []struct{ src, at, says string }{
		{"<loop-point id=\"plan:pre\"/> <loop-point id=\"plan:post\"/>\n`<agent-role name=\"planner\"/>`\n", "1:1", "the <agent-role> tag at 2:2 is in code"},
		{"<loop-point id=\"plan:pre\"/> <loop-point id=\"plan:post\"/>\n\n```\n<agent-role name=\"planner\"/>\n```\n", "1:1", "the <agent-role> tag at 4:1 is in code"},
		{"Text.\n\n    <loop-point id=\"plan:pre\"/>\n\n<agent-role name=\"planner\"/>\n", "5:1", "the <loop-point> tag at 3:5 is in code"},
	} {
		checkOneMarkerSyntax(t, tc.src, tc.at, tc.says)
	}
	// No tag in code: the finding as it was. A tag in an HTML comment is
	// commented out, as its author meant, not "in code".
	for _, src := range []string{
		"<loop-point id=\"plan:pre\"/>\n",
		"<loop-point id=\"plan:pre\"/>\n<!-- <agent-role name=\"planner\"/> -->\n",
	} {
		_, diags := ParseMarker("plan.md", []byte(src))
		if len(diags) != 1 || strings.Contains(diags[0].Message, "in code") {
			t.Errorf("%q: %v, want one finding naming no tag in code", src, diags)
		}
	}
	// The tag in code named is the one in code, not the commented one
	// before it. (Blank lines between: a line of one tag opens an HTML
	// block, whose backticks are no code.)
	_, diags := ParseMarker("plan.md", []byte("<loop-point id=\"plan:pre\"/>\n\n<!-- <agent-role name=\"planner\"/> -->\n\n`<agent-role name=\"planner\"/>`\n"))
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "the <agent-role> tag at 5:2 is in code") {
		t.Errorf("%v, want one finding naming the tag at 5:2 in code", diags)
	}
}

// checkOneMarkerSyntax checks that the workflow src is one marker-syntax
// finding, at line:column at, whose message holds says.
func checkOneMarkerSyntax(t *testing.T, src, at, says string) {
	t.Helper()
	_, diags := ParseMarker("plan.md", []byte(src))
	if len(diags) != 1 || diags[0].Rule != "marker-syntax" {
		t.Errorf("%q: %v, want one marker-syntax", src, diags)
		return
	}
	if got := fmt.Sprintf("%d:%d", diags[0].Line, diags[0].Column); got != at || !strings.Contains(diags[0].Message, says) {
		t.Errorf("%q: %s at %s, want at %s saying %q", src, diags[0].Message, got, at, says)
	}
}
