package api_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestQuerySettingsBodyEdges: the body a query's render settings are named
// as (TestQuerySettingsNameTheirBody) is composed for the two render
// routes only, a setting that has no place in it (a dotted key under a
// ?config= that is no object, or under a key already set to a value, or
// a key given twice) is left out of it and of the names, first come
// first kept (the query's names in sorted order), and the verb agrees
// with the number of names.
func TestQuerySettingsBodyEdges(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, path, body, says string
	}{
		{"another route's query names no body", "/tools?intent=push&profile=core&workflow.research=false", "", ""},
		{"nor does the listing's", "/capabilities?config.workflow.research=false", "", ""},
		{"a config not an object keeps the dotted key out", "/render-hooks/plan:pre?config=5&workflow.research=false",
			`{"config":5}`, `; "config" belongs in the JSON body of POST /render-hooks/{point}`},
		{"a key set to a value is no object to nest under", "/render-hooks/plan:pre?config.workflow=1&workflow.research=false",
			`{"config":{"workflow":1}}`, `; "config.workflow" belongs in`},
		{"one key twice: the first kept", "/render-hooks/plan:pre?workflow.research=false&config.workflow.research=true",
			`{"config":{"workflow":{"research":true}}}`, `; "config.workflow.research" belongs in`},
		{"two names: belong", "/capability-state?profile=core&disabledCapabilities=ui",
			`{"disabledCapabilities":["ui"],"profile":"core"}`, `; "disabledCapabilities", "profile" belong in the JSON body of POST /capability-state`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "GET", tt.path, nil)
			if e.status != 400 {
				t.Fatalf("%d %s; want 400", e.status, e.body)
			}
			m := e.json(t)
			msg, _ := m["message"].(string)
			details, _ := m["details"].(map[string]any)
			got, given := details["body"]
			if tt.body == "" {
				if given || strings.Contains(msg, "JSON body") || strings.Contains(msg, "POST") {
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
			if !strings.Contains(msg, tt.says) || !strings.HasSuffix(msg, ", as "+tt.body) {
				t.Errorf("message %q; want it to say %q and end as %s", msg, tt.says, tt.body)
			}
		})
	}
}

// TestBodyFieldsTheURLTakesEdges: the point is named as the path's
// whatever its case ({"Point": ..}), and a string value is written into
// the query it names escaped, as a query value is.
func TestBodyFieldsTheURLTakesEdges(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		body, says, parameter, path string
	}{
		{`{"Point": "verify:post"}`, `unknown field "Point": the point is given in the path, /render-hooks/{point} (this request's is "plan:pre")`, "", "/render-hooks/plan:pre"},
		{`{"activeCap": "my cap&x=1"}`, `not a field of its body: ?activeCap=my+cap%26x%3D1;`, "activeCap", ""},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(tt.body))
			m := e.json(t)
			msg, _ := m["message"].(string)
			details, _ := m["details"].(map[string]any)
			if e.status != 400 || !strings.Contains(msg, tt.says) {
				t.Fatalf("%d %s; want 400 saying %s", e.status, e.body, tt.says)
			}
			if p, _ := details["parameter"].(string); p != tt.parameter {
				t.Errorf("details.parameter = %q, want %q", p, tt.parameter)
			}
			if p, _ := details["path"].(string); p != tt.path {
				t.Errorf("details.path = %q, want %q", p, tt.path)
			}
		})
	}
}

// TestQueryDisabledCapabilitiesBody: ?disabledCapabilities= given as a
// comma list is named as the body's list of the ids it holds, blanks and
// empty items left out, so that the body POSTed renders without a warning
// of an id no capability has ([""] and " security" were named).
func TestQueryDisabledCapabilitiesBody(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, tt := range []struct{ query, body string }{
		{"disabledCapabilities=", `{"disabledCapabilities":[]}`},
		{"disabledCapabilities=ui,%20security,", `{"disabledCapabilities":["ui","security"]}`},
	} {
		t.Run(tt.query, func(t *testing.T) {
			e := do(t, h, "GET", "/render-hooks/plan:pre?"+tt.query, nil)
			details, _ := e.json(t)["details"].(map[string]any)
			var want any
			if err := json.Unmarshal([]byte(tt.body), &want); err != nil {
				t.Fatal(err)
			}
			if e.status != 400 || !reflect.DeepEqual(details["body"], want) {
				t.Fatalf("%d %s; want 400 naming the body %s", e.status, e.body, tt.body)
			}
			body, err := json.Marshal(details["body"])
			if err != nil {
				t.Fatal(err)
			}
			r := do(t, h, "POST", "/render-hooks/plan:pre", body)
			if r.status != 200 {
				t.Fatalf("POST %s: %d %s", body, r.status, r.body)
			}
			if w, _ := r.json(t)["warnings"].([]any); len(w) != 0 {
				t.Errorf("POST %s warns %v; want the body named to render as asked", body, w)
			}
		})
	}
}
