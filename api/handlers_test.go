package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
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

// A step may repeat an agent role in its marker (the reference does not
// catch it, ref §1.2): GET /loop-points/{point} still groups each role's
// contributions under one key, not under the role as often as it is
// declared, which would repeat a key of the JSON object.
func TestLoopPointRepeatedRoleGroupsOnce(t *testing.T) {
	tests := []struct{ roles, want string }{
		{"researcher, planner, checker", `"planner"`},
		{"planner, researcher, planner", `"planner"`},
		{"planner, planner, planner, checker", `"planner"`},
	}
	for _, tt := range tests {
		t.Run(tt.roles, func(t *testing.T) {
			repo := copyTestRepo(t)
			wf := repo + "/workflows/plan-phase.md"
			data, err := os.ReadFile(wf)
			if err != nil {
				t.Fatal(err)
			}
			data = bytes.Replace(data, []byte("agent-roles: researcher, planner, checker"), []byte("agent-roles: "+tt.roles), 1)
			if err := os.WriteFile(wf, data, 0o644); err != nil {
				t.Fatal(err)
			}
			e := do(t, newRouter(repoSource(t, repo)), "GET", "/loop-points/plan:pre", nil)
			_, byRole, _ := bytes.Cut(e.body, []byte(`"contributionsByRole"`))
			if n := bytes.Count(byRole, []byte(tt.want+": [")); n != 1 {
				t.Errorf("contributionsByRole holds %s %d times:\n%s", tt.want, n, byRole)
			}
		})
	}
}

// TestValidateRefusesChangesThatCannotBeMade: a change that contradicts
// itself or the served tree is a 400 naming the paths, not a judgement of a
// repository no one can produce.
func TestValidateRefusesChangesThatCannotBeMade(t *testing.T) {
	ui := jsonString(readFile(t, "../testdata/repo/capabilities/ui/capability.json"))
	tests := []struct {
		name  string
		body  string
		want  int
		paths string // the conflicting paths of details.conflicts, in order; none: details.reasons instead
		says  string // in the message
	}{
		{"a file where the served tree has a directory", `{"files":{"capabilities/research":"x"}}`, 400, "capabilities/research", "is a directory"},
		{"a file where the served tree has a directory, path not clean", `{"files":{"./workflows/":"x"}}`, 400, "workflows", "is a directory"},
		{"a delete of a path that does not exist", `{"delete":["nonexistent.md"]}`, 400, "nonexistent.md", "nothing to delete"},
		{"a delete under a file", `{"delete":["bin/ft/x"]}`, 400, "bin/ft/x", "nothing to delete"},
		{"a delete in a folder that does not exist", `{"delete":["node_modules/x.md"]}`, 400, "node_modules/x.md", "nothing to delete"},
		{"a path both written and deleted", `{"files":{"capabilities/ui/capability.json":` + ui + `},"delete":["capabilities/ui/capability.json"]}`, 400,
			"capabilities/ui/capability.json", "both writes and deletes"},
		{"both written and deleted, spelt differently", `{"files":{"docs/./markers.md":"x"},"delete":["docs/markers.md"]}`, 400, "docs/markers.md", "both writes and deletes"},
		{"a path written twice, spelt differently, with different contents", `{"files":{"docs/markers.md":"x","docs/./markers.md":"y"}}`, 400, "docs/markers.md", "writes it twice"},
		{"a file under a file of the served tree", `{"files":{"bin/ft/run":"x"}}`, 400, "bin/ft/run", "bin/ft is a file"},
		{"a file under a file of the change", `{"files":{"notes":"x","notes/a.md":"y"}}`, 400, "notes", "writes files under it"},
		{"a file under a declaration", `{"files":{"capabilities/research/capability.json/x":"{}"}}`, 400,
			"capabilities/research/capability.json/x", "capabilities/research/capability.json is a file"},
		{"a file under a fragment", `{"files":{"capabilities/research/loop/research-prompt.md/deeper.md":"x"}}`, 400,
			"capabilities/research/loop/research-prompt.md/deeper.md", "research-prompt.md is a file"},
		{"a delete in a capability folder the scan did not read (unknown: needs a rescan)", `{"delete":["capabilities/research/never.md"]}`, 400,
			"", "whether capabilities/research/never.md exists"},
		{"every conflict is named", `{"files":{"capabilities/research":"x"},"delete":["gone.md","also-gone.md"]}`, 400,
			"capabilities/research gone.md also-gone.md", "capabilities/research"},

		{"a delete of an existing file", `{"delete":["docs/markers.md"]}`, 200, "", ""},
		{"a delete of an existing directory", `{"delete":["capabilities/research"]}`, 200, "", ""},
		{"a directory deleted and a file written in it", `{"delete":["capabilities/research"],"files":{"capabilities/research/capability.json":"{}"}}`, 200, "", ""},
		{"a file deleted and a directory written in its place", `{"delete":["bin/ft"],"files":{"bin/ft/run":"x"}}`, 200, "", ""},
		{"a delete of a fragment", `{"delete":["capabilities/research/loop/research-prompt.md"]}`, 200, "", ""},
		{"a path written twice with the same contents", `{"files":{"docs/markers.md":"x","docs//markers.md":"x"}}`, 200, "", ""},
		{"a path deleted twice", `{"delete":["docs/markers.md","docs/markers.md"]}`, 200, "", ""},
	}
	h := newRouter(servedSource(t))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", "/validate", []byte(tt.body))
			if e.status != tt.want {
				t.Fatalf("status %d, want %d: %s", e.status, tt.want, e.body)
			}
			if tt.want != 400 {
				return
			}
			m := e.json(t)
			if m["code"] != "bad_request" || !strings.Contains(m["message"].(string), tt.says) {
				t.Errorf("error = %s; want bad_request saying %q", e.body, tt.says)
			}
			details, _ := m["details"].(map[string]any)
			if reasons, _ := details["reasons"].([]any); tt.paths == "" && len(reasons) == 0 {
				t.Errorf("error = %s; want details.reasons", e.body)
			}
			conflicts, _ := details["conflicts"].([]any)
			var paths []string
			for _, c := range conflicts {
				c := c.(map[string]any)
				if c["reason"] == "" {
					t.Errorf("conflict %v has no reason", c)
				}
				paths = append(paths, c["path"].(string))
			}
			if got := strings.Join(paths, " "); got != tt.paths {
				t.Errorf("details.conflicts name %q, want %q", got, tt.paths)
			}
		})
	}
}

// TestValidateConflictsWithoutTree: a snapshot without a recorded tree
// knows nothing of the paths beyond its inputs, so only a change that
// contradicts itself is refused.
func TestValidateConflictsWithoutTree(t *testing.T) {
	h := newRouter(testdataSource(t)) // loaded without the tree
	for body, want := range map[string]int{
		`{"files":{"capabilities/research":"x"}}`:       200,
		`{"delete":["nonexistent.md"]}`:                 200,
		`{"files":{"a.md":"x"},"delete":["a.md"]}`:      400,
		`{"files":{"notes":"x","notes/a.md":"y"}}`:      400,
		`{"files":{"x.md":"x"},"delete":["x.md/y"]}`:    200,
		`{"files":{"docs/a.md":"x"},"delete":["docs"]}`: 200,
	} {
		if e := do(t, h, "POST", "/validate", []byte(body)); e.status != want {
			t.Errorf("%s: status %d, want %d: %s", body, e.status, want, e.body)
		}
	}
}

// TestNamedAnswersLeadWithTheirName: an answer about one capability or
// profile names it first, as /capabilities/{id} and the listings lead with
// their subject (a map had put closure before id, capabilities before name).
func TestNamedAnswersLeadWithTheirName(t *testing.T) {
	h := newRouter(testdataSource(t))
	for path, want := range map[string]string{
		"/capabilities/security/closure": "{\n  \"id\": \"security\",\n  \"closure\": [",
		"/profiles/core":                 "{\n  \"name\": \"core\",\n  \"capabilities\": [",
	} {
		e := do(t, h, "GET", path, nil)
		if e.status != 200 || !strings.HasPrefix(string(e.body), want) {
			t.Errorf("GET %s: %d %.60q, want it to start %q", path, e.status, e.body, want)
		}
	}
}

// TestValidateCardCommand: POST /validate warns of a proposed card whose
// command runs a repository path naming no file, as check would once the
// change is made, at the command's value and naming the file likely
// meant; a change that also writes that file is not warned of.
func TestValidateCardCommand(t *testing.T) {
	card, err := os.ReadFile("../testdata/repo/bin/land.card.json")
	if err != nil {
		t.Fatal(err)
	}
	typo := strings.Replace(string(card), `"command": "bin/land"`, `"command": "bin/lnad --onto main"`, 1)
	moved := strings.Replace(string(card), `"command": "bin/land"`, `"command": "./scripts/land.sh"`, 1)
	h := newRouter(servedSource(t))
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string // the finding, as "line:column message part"; "" for none
	}{
		{"a typo of the card's own tool", map[string]string{"bin/land.card.json": typo},
			`3:14 did you mean "bin/land", the card's own tool?`},
		{"a script not added", map[string]string{"bin/land.card.json": moved}, "3:14 no file scripts/land.sh is there"},
		{"a script added with it", map[string]string{"bin/land.card.json": moved, "scripts/land.sh": "#!/bin/sh\n"}, ""},
	} {
		body, _ := json.Marshal(map[string]any{"files": tt.files})
		e := do(t, h, "POST", "/validate", body)
		if e.status != 200 {
			t.Fatalf("%s: status %d: %s", tt.name, e.status, e.body)
		}
		var got []string
		diags, _ := e.json(t)["diagnostics"].([]any)
		for _, d := range diags {
			if d := d.(map[string]any); d["rule"] == "card-command-missing" && d["file"] == "bin/land.card.json" && d["severity"] == "warning" {
				got = append(got, fmt.Sprintf("%v:%v %v", d["line"], d["column"], d["message"]))
			}
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%s: %q, want no card-command-missing", tt.name, got)
		case tt.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tt.want[:5]) || !strings.Contains(got[0], tt.want[5:])):
			t.Errorf("%s: card-command-missing %q, want one at %q", tt.name, got, tt.want)
		}
	}
}

// TestLoopPointRoleGroupKeepsTheOrder: contributionsByRole groups the
// contributions in their own order, the produces/consumes one, not by
// capability id as ADR-894 sketches it: aa-lint consumes what bb-docs
// produces, so bb-docs comes first in the planner's group as it does in
// contributions.
func TestLoopPointRoleGroupKeepsTheOrder(t *testing.T) {
	repo := copyTestRepo(t)
	contribution := func(id, produces, consumes string) string {
		return `{"id": "` + id + `", "role": "feature", "title": "` + id + `", "description": "Adds to the plan.", "version": "1.0.0",
  "tier": "full", "requires": [], "skills": [], "agents": [], "hooks": [], "config": {}, "steps": [], "gates": [],
  "contributions": [{"point": "plan:pre", "into": "planner", "fragment": {"inline": "` + id + `"}, "produces": [` + produces + `], "consumes": [` + consumes + `]}]}`
	}
	for id, text := range map[string]string{
		"aa-lint": contribution("aa-lint", ``, `"DOCS.md"`),
		"bb-docs": contribution("bb-docs", `"DOCS.md"`, ``),
	} {
		if err := os.MkdirAll(repo+"/capabilities/"+id, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(repo+"/capabilities/"+id+"/capability.json", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := do(t, newRouter(repoSource(t, repo)), "GET", "/loop-points/plan:pre", nil)
	if e.status != 200 {
		t.Fatalf("GET /loop-points/plan:pre: %d %s", e.status, e.body)
	}
	ids := func(v any) []string {
		var out []string
		for _, h := range v.([]any) {
			if id := h.(map[string]any)["capId"].(string); id == "aa-lint" || id == "bb-docs" {
				out = append(out, id)
			}
		}
		return out
	}
	m := e.json(t)
	want := []string{"bb-docs", "aa-lint"}
	if got := ids(m["contributions"]); !slices.Equal(got, want) {
		t.Fatalf("contributions %q, want %q", got, want)
	}
	if got := ids(m["contributionsByRole"].(map[string]any)["planner"]); !slices.Equal(got, want) {
		t.Errorf("contributionsByRole.planner %q, want %q, the contributions' order", got, want)
	}
}
