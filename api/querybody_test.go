package api_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestQuerySettingsNameTheirBody: a render's config or enablement put in
// the query (as an orchestrator guesses a GET takes them) is refused, as any
// unknown parameter is, with the body of the POST that says the same in
// details.body and the message; POSTing that body renders what was asked.
// A parameter that is neither (?bogus=) gets no body.
func TestQuerySettingsNameTheirBody(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		method, path, post, body string
	}{
		{"GET", "/render-hooks/plan:pre?workflow.research=false", "POST /render-hooks/{point}", `{"config":{"workflow":{"research":false}}}`},
		{"GET", "/render-hooks/plan:pre?config=%7B%22workflow%22%3A%7B%22research%22%3Afalse%7D%7D", "POST /render-hooks/{point}", `{"config":{"workflow":{"research":false}}}`},
		{"HEAD", "/render-hooks/plan:pre?profile=core", "POST /render-hooks/{point}", ``},
		{"GET", "/render-hooks/plan:pre?profile=core&disabledCapabilities=ui,security&format=markdown", "POST /render-hooks/{point}", `{"disabledCapabilities":["ui","security"],"profile":"core"}`},
		{"POST", "/render-hooks/plan:pre?workflow.research=false&workflow.ui_phase=0", "POST /render-hooks/{point}", `{"config":{"workflow":{"research":false,"ui_phase":0}}}`},
		{"GET", "/render-hooks/plan:pre?config.workflow.research=false", "POST /render-hooks/{point}", `{"config":{"workflow":{"research":false}}}`},
		{"GET", "/capability-state?workflow.research=false", "POST /capability-state", `{"config":{"workflow":{"research":false}}}`},
		{"GET", "/render-hooks/plan:pre?bogus=1&research=false", "", ``},
		{"GET", "/render-hooks/plan:pre?workflow.=1&.a=2&a..b=3", "", ``},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			e := do(t, h, tt.method, tt.path, nil)
			if e.status != 400 {
				t.Fatalf("%d %s; want 400", e.status, e.body)
			}
			if tt.method == "HEAD" {
				return // no body to read; the status is the GET's
			}
			m := e.json(t)
			msg, _ := m["message"].(string)
			details, _ := m["details"].(map[string]any)
			got, given := details["body"]
			if tt.body == "" {
				if given || strings.Contains(msg, "JSON body of") {
					t.Errorf("%s; want no body named", e.body)
				}
				return
			}
			var want any
			if err := json.Unmarshal([]byte(tt.body), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("details.body = %v, want %s", got, tt.body)
			}
			if !strings.Contains(msg, "in the JSON body of "+tt.post) || !strings.Contains(msg, "as "+tt.body) {
				t.Errorf("message %q; want it to name %s and the body %s", msg, tt.post, tt.body)
			}
		})
	}
	t.Run("the body named renders what the query asked", func(t *testing.T) {
		e := do(t, h, "GET", "/render-hooks/plan:pre?workflow.research=false", nil)
		body, err := json.Marshal(e.json(t)["details"].(map[string]any)["body"])
		if err != nil {
			t.Fatal(err)
		}
		with := do(t, h, "POST", "/render-hooks/plan:pre", body)
		without := do(t, h, "POST", "/render-hooks/plan:pre", []byte(`{}`))
		if with.status != 200 || without.status != 200 {
			t.Fatalf("%d %s / %d %s", with.status, with.body, without.status, without.body)
		}
		if !hasHookOf(t, without, "research") || hasHookOf(t, with, "research") {
			t.Errorf("research active: %v with the body named, %v without; want false, true", hasHookOf(t, with, "research"), hasHookOf(t, without, "research"))
		}
	})
}

// hasHookOf reports whether the render envelope e lists a hook of capID.
func hasHookOf(t *testing.T, e exchange, capID string) bool {
	t.Helper()
	hooks, _ := e.json(t)["activeHooks"].([]any)
	for _, h := range hooks {
		if m, _ := h.(map[string]any); m["capId"] == capID {
			return true
		}
	}
	return false
}

// TestBodyFieldsTheURLTakes: the mirror of TestQuerySettingsNameTheirBody.
// A render body field that is a query parameter of the route (activeCap,
// format, a near miss of one) or the point is refused, as any unknown
// field is, at its pointer, saying where in the URL it goes
// (details.parameter, details.path); the query it names answers.
func TestBodyFieldsTheURLTakes(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		path, body, says, parameter, pathDetail string
	}{
		{"/render-hooks/plan:pre", `{"config": {}, "activeCap": "tdd"}`, `activeCap is a query parameter of POST /render-hooks/{point}, not a field of its body: ?activeCap=tdd`, "activeCap", ""},
		{"/render-hooks/plan:pre", `{"active_cap": "tdd"}`, `unknown field "active_cap": activeCap is a query parameter`, "activeCap", ""},
		{"/render-hooks/plan:pre", `{"format": "markdown"}`, `?format=markdown;`, "format", ""},
		{"/render-hooks/plan:pre", `{"activeCap": true}`, `?activeCap=…;`, "activeCap", ""},
		{"/render-hooks/plan:pre", `{"point": "verify:post"}`, `the point is given in the path, /render-hooks/{point} (this request's is "plan:pre")`, "", "/render-hooks/plan:pre"},
		{"/capability-state", `{"id": "ui"}`, `id is a query parameter of POST /capability-state, not a field of its body: ?id=ui`, "id", ""},
		// Not the URL's: the plain unknown-field answer.
		{"/capability-state", `{"activeCap": "ui"}`, `unknown field "activeCap"; the body takes`, "", ""},
		{"/capability-state", `{"point": "plan:pre"}`, `unknown field "point"; the body takes`, "", ""},
		{"/render-hooks/plan:pre", `{"bogus": 1}`, `unknown field "bogus"; the body takes`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.body, func(t *testing.T) {
			e := do(t, h, "POST", tt.path, []byte(tt.body))
			m := e.json(t)
			msg, _ := m["message"].(string)
			details, _ := m["details"].(map[string]any)
			if e.status != 400 || !strings.Contains(msg, tt.says) || details["pointer"] == nil {
				t.Fatalf("%d %s; want 400 at its pointer saying %s", e.status, e.body, tt.says)
			}
			if p, _ := details["parameter"].(string); p != tt.parameter {
				t.Errorf("details.parameter = %q, want %q", p, tt.parameter)
			}
			if p, _ := details["path"].(string); p != tt.pathDetail {
				t.Errorf("details.path = %q, want %q", p, tt.pathDetail)
			}
		})
	}
	// The query named asks what the body meant to.
	if e := do(t, h, "POST", "/render-hooks/plan:pre?activeCap=tdd", []byte(`{"config": {}}`)); e.status != 200 || e.json(t)["active"] != false {
		t.Errorf("?activeCap=tdd: %d %s; want {active: false}", e.status, e.body)
	}
}
