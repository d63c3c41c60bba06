package validate

import (
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// FuzzParseMarker: whatever a workflow holds, ParseMarker does not panic;
// every value it reads is found at its offset (which is where its
// findings point); every finding has a line and a column inside the file;
// and a file MayHoldMarker passes over holds neither a marker nor a
// finding, since the scanner skips such files without parsing them.
func FuzzParseMarker(f *testing.F) {
	for _, seed := range []string{
		"<!-- gsd:loop-host\nstep: plan\npoints: plan:pre,  plan:post\nagent-roles: planner\nproduces: PLAN.md\nconsumes:\n-->\n`loop render-hooks plan:pre`\n",
		"<!--\u00a0gsd:loop-host\r\n step :plan\r\nPoints: x\r\n-->",
		"<loop-point id=\"plan:pre, plan:post\"/>\n<agent-role name='planner'/>\n<loop-artifact produces=\"A\" consumes=\"\"/>\n",
		"<loop-point id=\"plan:pre\"/><loop-point id=\"verify:pre\"/><agent-role name=\"x\"/>",
		"```\n<!-- gsd:loop-host\nstep: plan\n-->\n",
		"<!-- gsd:loop-host\nstep:\n",
		"\xff\xfe<\x00!\x00-\x00-\x00",
		"<agent-role>planner</agent-role> <loop-point/>",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		mk, diags := ParseMarker("w.md", src)
		lines := ojson.LineOf(src, len(src)) // a lone CR ends a line too
		for _, d := range diags {
			if d.Line < 1 || d.Line > lines || d.Column < 1 {
				t.Fatalf("finding at %d:%d of %d lines: %v", d.Line, d.Column, lines, d)
			}
		}
		if !MayHoldMarker(src) && (mk != nil || len(diags) > 0) {
			t.Fatalf("MayHoldMarker false, but ParseMarker found %v %v", mk, diags)
		}
		if mk == nil {
			return
		}
		items := append([]Item{mk.Step}, mk.Points...)
		for _, list := range [][]Item{mk.Roles, mk.Produces, mk.Consumes} {
			items = append(items, list...)
		}
		// The step of the tag form may be empty (<loop-point id=":pre"/>):
		// the contract reports it as an unknown step, at its offset.
		for _, it := range items {
			if it.Off < 0 || it.Off+len(it.Value) > len(src) || string(src[it.Off:it.Off+len(it.Value)]) != it.Value {
				t.Fatalf("item %q at offset %d is not there in %q", it.Value, it.Off, src)
			}
		}
	})
}
