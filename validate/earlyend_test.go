package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestBlockEndedEarlyPointsAtTheKeyAfter: a "-->" written on a key's
// line ("produces: PLAN.md -->") ends the gsd:loop-host block there, as
// the reference reads it, and the keys after it are text; the finding
// said only that consumes: was missing, at the block's first line.
// It is at the key written after the block's end now, and says why.
// A key in a later comment, or with no "-->" after it, is no part of
// this block and gets the plain finding.
func TestBlockEndedEarlyPointsAtTheKeyAfter(t *testing.T) {
	head := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\n"
	for _, tc := range []struct{ src, at, says string }{
		{head + "produces: PLAN.md -->\nconsumes: CONTEXT.md\n-->\n", "6:1", "after the block's end"},
		{head + "produces: PLAN.md -->\n  consumes: CONTEXT.md\n-->\n", "6:3", "after the block's end"},
		{head + "produces: PLAN.md -->\n<!-- consumes: CONTEXT.md -->\n", "1:1", ""},
		{head + "produces: PLAN.md -->\nconsumes: CONTEXT.md\n", "1:1", ""},
	} {
		_, diags := ParseMarker("plan.md", []byte(tc.src))
		if len(diags) != 1 || diags[0].Rule != "marker-syntax" {
			t.Errorf("%q: %v, want one marker-syntax", tc.src, diags)
			continue
		}
		d := diags[0]
		if at := fmt.Sprintf("%d:%d", d.Line, d.Column); at != tc.at || tc.says != "" && !strings.Contains(d.Message, tc.says) {
			t.Errorf("%q: %s at %s, want at %s saying %q", tc.src, d.Message, at, tc.at, tc.says)
		}
	}
}
