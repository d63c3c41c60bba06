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
// dropped while the other was read (review). A mention in prose ("a
// <loop-point tag") and one in code are no tags.
func TestParseMarkerTagNotReadIsAFinding(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/>\n"
	for _, tc := range []struct{ src, at, says string }{
		{head + `<loop-artifact produces="PLAN.md" consumes="a<b"/>` + "\n", "2:1", "not closed"},
		{head + `<loop-artifact produces="PLAN.md"` + "\n\nText.\n", "2:1", "not closed"},
		{head + `<loop-artifact produces=PLAN.md consumes="CONTEXT.md"/>` + "\n", "2:1", `produces=PLAN.md is not quoted: write produces="PLAN.md"`},
		{head + `<loop-artifact produces="PLAN.md" consumes=CONTEXT.md/>` + "\n", "2:1", `consumes=CONTEXT.md is not quoted`},
	} {
		_, diags := ParseMarker("plan.md", []byte(tc.src))
		if len(diags) != 1 || diags[0].Rule != "marker-syntax" {
			t.Errorf("%q: %v, want one marker-syntax", tc.src, diags)
			continue
		}
		if at := fmt.Sprintf("%d:%d", diags[0].Line, diags[0].Column); at != tc.at || !strings.Contains(diags[0].Message, tc.says) {
			t.Errorf("%q: %s at %s, want at %s saying %q", tc.src, diags[0].Message, at, tc.at, tc.says)
		}
	}
	for _, src := range []string{
		head + "Write a <loop-point tag for each point, and a <loop-artifact one.\n",
		head + "`<loop-artifact produces=\"PLAN.md\"`\n",
	} {
		if mk, diags := ParseMarker("plan.md", []byte(src)); mk == nil || len(diags) != 0 {
			t.Errorf("%q: marker %v, findings %v; want the marker and none", src, mk != nil, diags)
		}
	}
}
