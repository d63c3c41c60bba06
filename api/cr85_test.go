package api_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cr85 mutation review of the listing and profile routes: each test fails
// on a mutant that survived the package's tests.

// TestCapabilitiesByTierCr85: ?tier= keeps the capabilities of that tier
// alone, with ?role= too, where the one test of it asked for the runtimes
// of core, and both runtimes are core.
func TestCapabilitiesByTierCr85(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ query, want string }{
		{"?tier=core", "assumptions claude codex"},
		{"?tier=standard", "pattern-mapper research"},
		{"?role=feature&tier=core", "assumptions"},
		{"?role=runtime&tier=full", ""},
	} {
		m := do(t, h, "GET", "/capabilities"+c.query, nil).json(t)
		if got := ids(m["capabilities"]); got != c.want || m["count"] != float64(len(strings.Fields(c.want))) {
			t.Errorf("/capabilities%s: %q (count %v), want %q", c.query, got, m["count"], c.want)
		}
	}
}

// TestProfileNameTypoMeantCr85: GET /profiles/{name} names the profile a
// name is one slip from, not only one it abbreviates or spells in another
// case.
func TestProfileNameTypoMeantCr85(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ name, meant string }{
		{"standrad", "standard"},
		{"fulll", "full"},
		{"cores", "core"},
	} {
		if code, msg, meant := errorAt(t, h, "GET", "/profiles/"+c.name); code != 404 || meant != c.meant {
			t.Errorf("/profiles/%s: %d %q didYouMean %q, want 404 naming %q", c.name, code, msg, meant, c.meant)
		}
	}
}

// TestContributionsByRoleInContractOrderCr85: GET /loop-points/{point}
// lists contributionsByRole in the order of the step's agent roles in the
// contract, not in the order the contributions come: with drift's
// contribution into checker before security's into planner, plan:pre's
// roles (researcher, planner, checker) put planner first.
func TestContributionsByRoleInContractOrderCr85(t *testing.T) {
	repo := copyTestRepo(t)
	file := filepath.Join(repo, "capabilities", "drift", "capability.json")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), `"contributions": [],`,
		`"contributions": [{"point": "plan:pre", "into": "checker", "fragment": {"inline": "Check the drift."}, "produces": [], "consumes": []}],`, 1)
	if edited == string(src) {
		t.Fatal("drift's capability.json has no empty contributions to edit")
	}
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	e := do(t, newRouter(repoSource(t, repo)), "GET", "/loop-points/plan:pre", nil)
	var doc struct {
		ByRole json.RawMessage `json:"contributionsByRole"`
	}
	if err := json.Unmarshal(e.body, &doc); err != nil {
		t.Fatal(err)
	}
	if got, want := objectKeys(t, doc.ByRole), []string{"planner", "checker"}; !slices.Equal(got, want) {
		t.Errorf("contributionsByRole keys %q, want %q (the contract's order): %s", got, want, doc.ByRole)
	}
}

// TestEveryPointWiredWithoutCallSitesCr85: with no host workflow calling
// render-hooks at all, GET /loop-points says every point is wired (a hook
// may sit anywhere, point-unwired being off), as README says.
func TestEveryPointWiredWithoutCallSitesCr85(t *testing.T) {
	repo := copyTestRepo(t)
	dir := filepath.Join(repo, "workflows")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range entries {
		file := filepath.Join(dir, ent.Name())
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var kept []string
		for line := range strings.Lines(string(src)) {
			if !strings.Contains(line, "render-hooks") {
				kept = append(kept, line)
			}
		}
		if err := os.WriteFile(file, []byte(strings.Join(kept, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := do(t, newRouter(repoSource(t, repo)), "GET", "/loop-points", nil).json(t)
	pts := m["points"].([]any)
	if len(pts) != 12 {
		t.Fatalf("%d points, want 12", len(pts))
	}
	for _, p := range pts {
		if p := p.(map[string]any); p["wired"] != true {
			t.Errorf("%v is not wired", p["point"])
		}
	}
}
