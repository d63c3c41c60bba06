package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseMarkerTagQuotedAngle: a ">" inside a quoted attribute value is
// the value's, as HTML and XML read it, and ends no tag: the tag
// "<loop-artifact produces="PLAN.md" consumes="a>b.md"/>" was cut at
// that ">", so its consumes was dropped without a word, and "a/>b.md"
// in produces took the consumes after it along and was reported as a tag
// with neither (review). A quote left open still ends at the next ">",
// as before, and its attribute is reported missing.
func TestParseMarkerTagQuotedAngle(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n"
	for _, tc := range []struct{ tag, want string }{
		{`<loop-artifact produces="PLAN.md" consumes="a>b.md"/>`, "[PLAN.md] [a>b.md]"},
		{`<loop-artifact consumes="CONTEXT.md" produces="PLAN.md, x/>y"/>`, "[PLAN.md x/>y] [CONTEXT.md]"},
		{`<loop-artifact produces='a/>b.md' consumes="CONTEXT.md"/>`, "[a/>b.md] [CONTEXT.md]"},
		{`<loop-artifact produces="PLAN.md" consumes="CONTEXT.md"/>`, "[PLAN.md] [CONTEXT.md]"},
	} {
		mk, diags := ParseMarker("plan.md", []byte(head+tc.tag+"\n"))
		if len(diags) > 0 || mk == nil {
			t.Errorf("%s: %v", tc.tag, diags)
			continue
		}
		if got := fmt.Sprint(Values(mk.Produces), " ", Values(mk.Consumes)); got != tc.want {
			t.Errorf("%s: produces and consumes %s, want %s", tc.tag, got, tc.want)
		}
	}
	// An unclosed quote: the tag ends at its first ">", and has no
	// readable produces or consumes.
	_, diags := ParseMarker("plan.md", []byte(head+`<loop-artifact produces="PLAN.md/>`+"\nText \"quoted\" later.\n"))
	if len(diags) != 1 || diags[0].Rule != "marker-syntax" || diags[0].Line != 2 {
		t.Errorf("an unclosed quote: %v, want one marker-syntax at line 2", diags)
	}
}

// TestParseMarkerTagQuoteLeftOpen: an attribute whose closing quote is
// missing is told so, with the attribute to write, at the tag. Before,
// <loop-point id="plan:post> was told "needs a non-empty id="…"
// attribute" though its id is written there, only its quote left open.
func TestParseMarkerTagQuoteLeftOpen(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n"
	for _, tc := range []struct{ tag, want string }{
		{`<loop-point id="plan:post>`, `plan.md:2:1: error [marker-syntax] <loop-point> id="plan:post has no closing quote, so its value is not read: write id="plan:post"`},
		{`<loop-point id="plan:post/>`, `plan.md:2:1: error [marker-syntax] <loop-point> id="plan:post has no closing quote, so its value is not read: write id="plan:post"`},
		{`<agent-role name='checker />`, `plan.md:2:1: error [marker-syntax] <agent-role> name='checker has no closing quote, so its value is not read: write name="checker"`},
		{`<loop-artifact produces="PLAN.md consumes="CONTEXT.md"/>`, `plan.md:2:1: error [marker-syntax] <loop-artifact> produces="PLAN.md has no closing quote before consumes=, which is read as part of its value: write produces="PLAN.md"`},
		{`<loop-artifact produces="PLAN.md/>`, `plan.md:2:1: error [marker-syntax] <loop-artifact> produces="PLAN.md has no closing quote, so its value is not read: write produces="PLAN.md"`},
	} {
		_, diags := ParseMarker("plan.md", []byte(head+tc.tag+"\n"))
		if len(diags) != 1 || diags[0].String() != tc.want {
			t.Errorf("%s: %v\nwant %s", tc.tag, diags, tc.want)
		}
	}
}

// TestParseMarkerTagMisspeltAttribute: an attribute a slip away from one
// the tag is read for, which it lacks, is told so rather than ignored.
// Before, <loop-artifact produces="PLAN.md" consume="CONTEXT.md"/>
// declared no host consumes without a word.
func TestParseMarkerTagMisspeltAttribute(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n"
	for _, tc := range []struct{ tag, want string }{
		{`<loop-artifact produces="PLAN.md" consume="CONTEXT.md"/>`, `plan.md:2:1: error [marker-syntax] <loop-artifact> reads no consume="…", so "CONTEXT.md" is not read: did you mean consumes="CONTEXT.md"?`},
		{`<loop-artifact produce="PLAN.md" consumes="CONTEXT.md"/>`, `plan.md:2:1: error [marker-syntax] <loop-artifact> reads no produce="…", so "PLAN.md" is not read: did you mean produces="PLAN.md"?`},
		{`<loop-point ids="plan:post"/>`, `plan.md:2:1: error [marker-syntax] <loop-point> reads no ids="…", so "plan:post" is not read: did you mean id="plan:post"?`},
	} {
		_, diags := ParseMarker("plan.md", []byte(head+tc.tag+"\n"))
		if len(diags) != 1 || diags[0].String() != tc.want {
			t.Errorf("%s: %v\nwant %s", tc.tag, diags, tc.want)
		}
	}
	// Two slips: the first in the tag's order is told, whatever the order
	// of the map the attributes are read into (tried a few times).
	for i := 0; i < 20; i++ {
		_, diags := ParseMarker("plan.md", []byte(head+`<loop-artifact consume="CONTEXT.md" produce="PLAN.md"/>`+"\n"))
		if len(diags) != 1 || !strings.Contains(diags[0].Message, `reads no consume="…"`) {
			t.Fatalf("two slips: %v, want the first, consume=, told", diags)
		}
	}
	// Another attribute, or one beside the one it resembles, is no slip.
	for _, tag := range []string{`<loop-artifact produces="PLAN.md" class="x"/>`, `<loop-artifact produces="PLAN.md" produce="x"/>`} {
		if _, diags := ParseMarker("plan.md", []byte(head+tag+"\n")); len(diags) != 0 {
			t.Errorf("%s: %v, want none", tag, diags)
		}
	}
}
