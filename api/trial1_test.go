package api_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestQuerySemicolonSaysToEncodeIt: a command line or intent sent with its
// ";" unencoded ("?command=cd x; make", as a user pastes it into curl) was
// a 400 "invalid semicolon separator in query" naming no parameter and
// nothing to do. It names the parameter whose value holds it and says to
// send it as %3B; one before any "=" says to join parameters with "&".
// The encoded line is answered.
func TestQuerySemicolonSaysToEncodeIt(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, target string
		status       int
		param        string // details.parameter; "" for none
		says         string // in the message
	}{
		{"command", "/tools?command=cd%20x;%20make", http.StatusBadRequest, "command", `the value of command holds a raw ";": send it encoded, as %3B`},
		{"intent, after another", "/tools?limit=2&intent=drop;all", http.StatusBadRequest, "intent", `the value of intent holds a raw ";"`},
		{"as a separator", "/tools?intent=x;limit=3", http.StatusBadRequest, "intent", `parameters are joined with "&" only`},
		{"before any name", "/capabilities?;role=feature", http.StatusBadRequest, "", `a raw ";" is no separator of parameters: join them with "&"`},
		{"after a bad escape", "/tools?intent=%zz&command=a;b", http.StatusBadRequest, "command", `the value of command holds a raw ";"`},
		{"too many parameters", "/tools?" + strings.Repeat("a=1&", 10000) + "b=;", http.StatusBadRequest, "", "exceeded limit"},
		{"encoded", "/tools?command=cd%20x%3B%20make", http.StatusOK, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "GET", tt.target, nil)
			if e.status != tt.status {
				t.Fatalf("status %d, want %d: %s", e.status, tt.status, e.body)
			}
			if tt.status == http.StatusOK {
				return
			}
			m := e.json(t)
			if m["code"] != "bad_request" || !strings.HasPrefix(m["message"].(string), "malformed query string: ") || !strings.Contains(m["message"].(string), tt.says) {
				t.Errorf("answer %s, want a bad_request saying %q", e.body, tt.says)
			}
			d, _ := m["details"].(map[string]any)
			if got, _ := d["parameter"].(string); got != tt.param {
				t.Errorf("details.parameter = %q, want %q", got, tt.param)
			}
		})
	}
}
