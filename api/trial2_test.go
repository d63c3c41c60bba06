package api_test

import (
	"strings"
	"testing"
)

// TestBareConfigBody: an orchestrator posting its project config itself,
// the object capreg render --config takes, rather than {"config": …}, was
// told only that the body takes config, profile, disabledCapabilities and
// surface (trial2, a payments team's orchestrator). A body none of whose
// fields is a render field nor a slip from one is told to put it under
// "config", on both render routes; a slip ("confg") or a body holding a
// render field keeps its own answer.
func TestBareConfigBody(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		path, body, says string
		bare             bool
	}{
		{"/render-hooks/plan:pre", `{"workflow": {"research": false}}`, `unknown field "workflow"; the body takes config, profile, disabledCapabilities, surface, and none of its fields is one: a project config is sent as the value of "config", {"config": {"workflow": …}}`, true},
		{"/render-hooks/plan:pre", `{"workflow.research": false, "ui": {}}`, `{"config": {"workflow.research": …}}`, true},
		{"/capability-state", `{"workflow": {"research": false}}`, `a project config is sent as the value of "config"`, true},
		{"/render-hooks/plan:pre", `{"confg": {}}`, `unknown field "confg" (did you mean "config"?)`, false},
		{"/render-hooks/plan:pre", `{"profile": "core", "workflow": {}}`, `unknown field "workflow"; the body takes config, profile, disabledCapabilities, surface`, false},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.body, func(t *testing.T) {
			e := do(t, h, "POST", tt.path, []byte(tt.body))
			if e.status != 400 {
				t.Fatalf("%d %s; want 400", e.status, e.body)
			}
			m := e.json(t)
			msg, _ := m["message"].(string)
			if m["code"] != "bad_request" || !strings.Contains(msg, tt.says) {
				t.Errorf("%s; want a bad_request saying %q", e.body, tt.says)
			}
			if got := strings.Contains(msg, `sent as the value of "config"`); got != tt.bare {
				t.Errorf("message %q: names the config's place %v, want %v", msg, got, tt.bare)
			}
			details, _ := m["details"].(map[string]any)
			if _, ok := details["allowed"]; !ok {
				t.Errorf("details %v; want the fields allowed", details)
			}
		})
	}
}
