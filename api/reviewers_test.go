package api_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// laneRepo is testdata/repo with three more reviewer lanes beside the
// runtime that reviews (claude) and the reviewer (ollama): one without
// reviewsSection, one with a null one, and one whose section is not
// ASCII, which the schema allows (it gives reviewsSection no pattern).
func laneRepo(t *testing.T) string {
	t.Helper()
	repo := copyTestRepo(t)
	base, err := os.ReadFile(filepath.Join(repo, "capabilities/ollama/capability.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, lane := range []struct {
		id      string
		section any // nil: absent; "null": JSON null
	}{{"pal", nil}, {"nulsec", "null"}, {"uni", "Ünïcødé ✓ 審査"}} {
		var m map[string]any
		if err := json.Unmarshal(base, &m); err != nil {
			t.Fatal(err)
		}
		key := "review." + lane.id + ".host"
		m["id"], m["title"] = lane.id, lane.id
		m["config"] = map[string]any{key: map[string]any{"type": "string", "default": "x", "description": "h"}}
		rv := m["reviewer"].(map[string]any)
		rv["slug"], rv["flags"], rv["promptBudgetKey"] = lane.id, []string{"--" + lane.id}, key
		rv["probe"].(map[string]any)["hostConfigKey"] = key
		rv["invoke"].(map[string]any)["hostConfigKey"] = key
		switch lane.section {
		case nil:
			delete(rv, "reviewsSection")
		case "null":
			rv["reviewsSection"] = nil
		default:
			rv["reviewsSection"] = lane.section
		}
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(repo, "capabilities", lane.id)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "capability.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}

// TestReviewersRosterLanes pins GET /reviewers on lanes an integrator meets:
// a runtime that reviews is listed with role runtime, a lane without
// reviewsSection or with a null one answers reviewsSection null (the spec
// requires the key), a non-ASCII section comes back as declared, the rows
// are sorted by slug and count is their number, and every row names a
// capability /capabilities lists with that role: an orchestrator picks a
// lane by flag from this roster alone.
func TestReviewersRosterLanes(t *testing.T) {
	h := newRouter(repoSource(t, laneRepo(t)))
	e := do(t, h, http.MethodGet, "/reviewers", nil)
	if e.status != http.StatusOK {
		t.Fatalf("GET /reviewers: %d %s", e.status, e.body)
	}
	var got struct {
		Count     int
		Reviewers []struct {
			Slug, Transport, CapID, Role string
			Flags                        []string
			ReviewsSection               *string
		}
	}
	if err := json.Unmarshal(e.body, &got); err != nil {
		t.Fatal(err)
	}
	if got.Count != len(got.Reviewers) {
		t.Errorf("count %d, %d rows", got.Count, len(got.Reviewers))
	}
	var raw struct{ Reviewers []map[string]any }
	if err := json.Unmarshal(e.body, &raw); err != nil {
		t.Fatal(err)
	}
	for _, r := range raw.Reviewers {
		if _, ok := r["reviewsSection"]; !ok {
			t.Errorf("lane %v has no reviewsSection key; openapi.yaml requires it (null when absent)", r["slug"])
		}
	}
	slugs := make([]string, len(got.Reviewers))
	section := map[string]string{}
	role := map[string]string{}
	for i, r := range got.Reviewers {
		slugs[i] = r.Slug
		role[r.CapID] = r.Role
		if r.ReviewsSection != nil {
			section[r.Slug] = *r.ReviewsSection
		} else {
			section[r.Slug] = "<null>"
		}
	}
	if !slices.IsSorted(slugs) {
		t.Errorf("slugs not sorted: %v", slugs)
	}
	for slug, want := range map[string]string{"pal": "<null>", "nulsec": "<null>", "uni": "Ünïcødé ✓ 審査", "claude": "Claude"} {
		if section[slug] != want {
			t.Errorf("lane %s: reviewsSection %q, want %q", slug, section[slug], want)
		}
	}
	if role["claude"] != "runtime" {
		t.Errorf("claude, a runtime that reviews: role %q, want runtime", role["claude"])
	}
	caps := do(t, h, http.MethodGet, "/capabilities", nil)
	var list struct{ Capabilities []struct{ ID, Role string } }
	if err := json.Unmarshal(caps.body, &list); err != nil {
		t.Fatal(err)
	}
	roles := map[string]string{}
	for _, c := range list.Capabilities {
		roles[c.ID] = c.Role
	}
	for id, r := range role {
		if roles[id] != r {
			t.Errorf("lane of %s says role %q, /capabilities %q", id, r, roles[id])
		}
	}
	if e.header.Get("ETag") == "" || e.header.Get("ETag") != caps.header.Get("ETag") {
		t.Errorf("ETag of /reviewers %q, of /capabilities %q: both are the snapshot's", e.header.Get("ETag"), caps.header.Get("ETag"))
	}
	if n := do(t, h, http.MethodGet, "/reviewers", nil, "If-None-Match", e.header.Get("ETag")); n.status != http.StatusNotModified {
		t.Errorf("GET /reviewers with its own ETag: %d, want 304", n.status)
	}
}
