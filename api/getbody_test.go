package api_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestGetWithABodyIsRefused: a GET is answered from its URL alone, so a
// body on one (requests.get(url, json=config), curl -X GET -d) was
// ignored: the point rendered with the defaults, activeCap said true for a
// capability the body disabled, /tools listed every card for an intent.
// It is a 400 that says where the body goes; JSON whitespace is no body.
func TestGetWithABodyIsRefused(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		method, target, body string
		status               int
		says                 string
	}{
		{"GET", "/render-hooks/plan:pre", `{"disabledCapabilities":["ui"]}`, http.StatusBadRequest, "POST /render-hooks/{point}"},
		{"GET", "/render-hooks/plan:pre?activeCap=ui", `{"disabledCapabilities":["ui"]}`, http.StatusBadRequest, "POST /render-hooks/{point}"},
		{"GET", "/tools", `{"intent":"merge my branch"}`, http.StatusBadRequest, "intent"},
		{"GET", "/status", `{}`, http.StatusBadRequest, "takes no body"},
		{"HEAD", "/registry", `{}`, http.StatusBadRequest, ""},
		{"GET", "/registry", " \r\n", http.StatusOK, ""},
		{"GET", "/registry", "", http.StatusOK, ""},
		{"GET", "/registry", "\ufeff\n", http.StatusOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target+" "+tt.body, func(t *testing.T) {
			e := do(t, h, tt.method, tt.target, []byte(tt.body))
			if e.status != tt.status {
				t.Fatalf("status %d, want %d: %s", e.status, tt.status, e.body)
			}
			if tt.says == "" {
				return
			}
			if msg, _ := e.json(t)["message"].(string); !strings.Contains(msg, tt.says) {
				t.Errorf("message %q does not say %q", msg, tt.says)
			}
		})
	}
}
