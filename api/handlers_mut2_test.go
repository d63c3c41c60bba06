package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestLoopPointRolesFollowTheContract: GET /loop-points/{point} names the
// agent roles of the point's step as GET /contract does, and groups the
// point's contributions by role with no empty group: each role listed
// has at least one, and together they are every contribution.
func TestLoopPointRolesFollowTheContract(t *testing.T) {
	h := newRouter(testdataSource(t))
	var contract []map[string]any
	e := do(t, h, "GET", "/contract", nil)
	if err := json.Unmarshal(e.body, &contract); err != nil || len(contract) == 0 {
		t.Fatalf("GET /contract: %v %s", err, truncate(e.body))
	}
	grouped := 0
	for _, entry := range contract {
		for _, p := range entry["points"].([]any) {
			point := p.(string)
			m := do(t, h, "GET", "/loop-points/"+point, nil).json(t)
			if got, want := fmt.Sprint(m["agentRoles"]), fmt.Sprint(entry["agentRoles"]); got != want || want == "[]" {
				t.Errorf("%s: agentRoles %s, GET /contract says %s", point, got, want)
			}
			n := 0
			for role, items := range m["contributionsByRole"].(map[string]any) {
				if len(items.([]any)) == 0 {
					t.Errorf("%s: contributionsByRole.%s is empty", point, role)
				}
				n += len(items.([]any))
			}
			if all, _ := m["contributions"].([]any); n != len(all) {
				t.Errorf("%s: contributionsByRole groups %d contributions of %d", point, n, len(all))
			}
			grouped += n
		}
	}
	if grouped == 0 {
		t.Error("no point of testdata has a contribution: the grouping is untested")
	}
}

// TestValidateRescanListsConfigFindings: a change POST /validate cannot
// judge without a rescan (it moves the capabilities folder) says why, with
// details.diagnostics the findings about the capreg.json proposed: a list,
// empty when it has none.
func TestValidateRescanListsConfigFindings(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, tt := range []struct {
		config   string
		findings bool
	}{
		{`{"capabilities": "caps"}`, false},
		{`{"capabilities": "caps", "capabilites": "x"}`, true}, // a misspelt key,
	} {
		body, _ := json.Marshal(map[string]any{"files": map[string]string{"capreg.json": tt.config}})
		e := do(t, h, "POST", "/validate", body)
		details, _ := e.json(t)["details"].(map[string]any)
		diags, isList := details["diagnostics"].([]any)
		if e.status != 400 || !isList || (len(diags) > 0) != tt.findings {
			t.Errorf("POST /validate of capreg.json %s: %d, details %v", tt.config, e.status, details)
		}
	}
}

// TestValidateBodyTooDeepIsNotToldTheConfigLimit: POST /validate takes no
// config, so a body of its nested too deep under a "config" member is told
// the body's limit only, not render-hooks' allowance for a config.
func TestValidateBodyTooDeepIsNotToldTheConfigLimit(t *testing.T) {
	h := newRouter(testdataSource(t))
	e := do(t, h, "POST", "/validate", []byte(`{"config":`+nestedConfig(33)+`}`))
	msg, _ := e.json(t)["message"].(string)
	if e.status != 400 || !strings.Contains(msg, "JSON nested deeper than") || strings.Contains(msg, "config may nest") {
		t.Errorf("POST /validate nested too deep under config: %d %q", e.status, msg)
	}
}
