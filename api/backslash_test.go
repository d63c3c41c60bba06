package api_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestValidateRefusesBackslashPaths: a Windows client's
// capabilities\ui\capability.json names, on the served repository, one
// file at its root that is no input, so a broken declaration was answered
// ok: true with nothing checked. It is a 400 naming the path meant.
func TestValidateRefusesBackslashPaths(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, body string
		status     int
		meant      string
	}{
		{"file", `{"files":{"capabilities\\ui\\capability.json":"{"}}`, http.StatusBadRequest, "capabilities/ui/capability.json"},
		{"delete", `{"delete":["docs\\markers.md"]}`, http.StatusBadRequest, "docs/markers.md"},
		{"slashes", `{"files":{"capabilities/ui/capability.json":"{"}}`, http.StatusOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", "/validate", []byte(tt.body))
			if e.status != tt.status {
				t.Fatalf("status %d, want %d: %s", e.status, tt.status, e.body)
			}
			m := e.json(t)
			if tt.status == http.StatusOK {
				if m["ok"] != false {
					t.Errorf("a broken declaration is ok: %s", e.body)
				}
				return
			}
			if d, _ := m["details"].(map[string]any); d["didYouMean"] != tt.meant {
				t.Errorf("details %v, want didYouMean %q", m["details"], tt.meant)
			}
		})
	}
}

// TestValidateRefusesFilePathsNamingDirectories: workflows/ship.md/ names a
// directory, as fragment.path says; cleaned, it was judged as writing the
// workflow itself, 200. It is a 400 whose details.conflicts say why.
func TestValidateRefusesFilePathsNamingDirectories(t *testing.T) {
	h := newRouter(testdataSource(t))
	e := do(t, h, "POST", "/validate", []byte(`{"files":{"workflows/ship.md/":"x"}}`))
	if e.status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400: %s", e.status, e.body)
	}
	m := e.json(t)
	if msg, _ := m["message"].(string); !strings.Contains(msg, `"workflows/ship.md/" ends with a slash, which names a directory`) {
		t.Errorf("message %q does not say the path names a directory", msg)
	}
	if d, _ := m["details"].(map[string]any); len(d["conflicts"].([]any)) != 1 {
		t.Errorf("details %v, want the one conflict", m["details"])
	}
}
