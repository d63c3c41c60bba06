package api_test

import (
	"net/http"
	"strings"
	"testing"
)

// cr81 mutation review of malformedParam / semicolonError and the render
// body that is a bare project config: each row fails on a mutant that
// survived the package's tests.

// TestSemicolonOfANameNotUTF8Cr81: a raw ";" in the value of a parameter
// whose name does not decode to UTF-8 names no parameter (a name that
// could not be shown), and says to join parameters with "&", as one
// before any "=" does; the value's ";" of a name that does decode is
// named after it, whatever comes before it in the query; and a name that
// does not decode, before a value that does not either, names none.
func TestSemicolonOfANameNotUTF8Cr81(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		target, param, says string
	}{
		{"/tools?%ff=a;b", "", `a raw ";" is no separator of parameters`},
		{"/tools?%C3%A9t%C3%A9=a;b", "été", `the value of été holds a raw ";"`},
		{"/tools?limit=2&intent=a&command=x;y", "command", `the value of command holds a raw ";"`},
		{"/tools?intent=a;b", "intent", `(curl -G --data-urlencode 'intent=…' encodes it)`},
		// A ";" in a name, wherever, or in a pair with no "=", names none.
		{"/tools?limit=2&in;tent=a", "", `a raw ";" is no separator of parameters`},
		{"/tools?limit=2&in;tent", "", `a raw ";" is no separator of parameters`},
		// No ";": the first pair's name does not decode, which is what
		// url.ParseQuery reports, so the later value's bad escape is not
		// the parameter named.
		{"/tools?%zz=1&intent=%zz", "", `invalid URL escape "%zz"`},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			e := do(t, h, "GET", tt.target, nil)
			if e.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", e.status, e.body)
			}
			m := e.json(t)
			if msg, _ := m["message"].(string); !strings.Contains(msg, tt.says) {
				t.Errorf("message %q, want it to say %q", msg, tt.says)
			}
			d, _ := m["details"].(map[string]any)
			if got, _ := d["parameter"].(string); got != tt.param {
				t.Errorf("details.parameter = %q, want %q", got, tt.param)
			}
		})
	}
}

// TestBareConfigBodyPointerCr81: the bare config's finding is at its
// first field, the pointer escaped ({"a/b": …} is at /a~1b), and the
// fields allowed are in the details; an empty body is no bare config.
func TestBareConfigBodyPointerCr81(t *testing.T) {
	h := newRouter(testdataSource(t))
	e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(`{"git/branching": {"x": 1}, "workflow": {}}`))
	if e.status != http.StatusBadRequest {
		t.Fatalf("%d %s; want 400", e.status, e.body)
	}
	m := e.json(t)
	d, _ := m["details"].(map[string]any)
	if d["pointer"] != "/git~1branching" {
		t.Errorf("details %v, want pointer /git~1branching", d)
	}
	if msg, _ := m["message"].(string); !strings.Contains(msg, `{"config": {"git/branching": …}}`) {
		t.Errorf("message %q, want the first field under config", msg)
	}
	if e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(`{}`)); e.status != http.StatusOK {
		t.Errorf("empty body: %d %s, want 200", e.status, e.body)
	}
}
