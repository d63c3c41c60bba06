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
