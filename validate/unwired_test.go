package validate

import (
	"strings"
	"testing"
)

// TestUnwiredNamesWhereToWire: a hook at a point no host workflow calls
// render-hooks for is told where the call site goes, the host workflow
// of the point's step, and which points of that step are wired, so it
// can move there instead. Before, it read "no `loop render-hooks
// execute:pre` call site" only, which a user whose call site is in
// another file (gsd-core's autonomous.md, which holds no marker and so
// is no host) reads as untrue, and which named no file to edit.
func TestUnwiredNamesWhereToWire(t *testing.T) {
	manifest := `{"id": "tdd", "role": "feature", "title": "TDD", "description": "Tests first.", "version": "1.0.0",
  "tier": "full", "requires": [], "runtimeCompat": {"supported": ["*"], "unsupported": []},
  "skills": [], "agents": [], "hooks": [], "config": {}, "steps": [], "contributions": [],
  "gates": [{"point": "execute:pre", "check": {"query": "tdd.coverage"}, "blocking": false, "onError": "skip"}]}`
	src := Sources{CapabilitiesDir: "capabilities", Workflows: hostWorkflows(t, "workflows"),
		Capabilities: []CapabilitySource{{Folder: "tdd", Manifest: File{Path: "capabilities/tdd/capability.json", Data: []byte(manifest)}}}}
	var msg string
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "point-unwired" {
			msg = d.Message
		} else if d.Severity == Error {
			t.Errorf("unexpected %s: [%s] %s", d.File, d.Rule, d.Message)
		}
	}
	if msg == "" {
		t.Fatal("no point-unwired finding")
	}
	for _, want := range []string{
		`capability "tdd" gates[0].point "execute:pre" is declared but not wired in any host-loop workflow`, // the reference's words
		"workflows/execute-phase.md",                        // the host workflow of step execute
		"execute:wave:pre, execute:wave:post, execute:post", // the step's wired points
		"a file without a loop-host marker",                 // why a call site elsewhere does not count
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
}
