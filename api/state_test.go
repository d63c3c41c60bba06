package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCapabilityStateGetWithABodyPointsAtPost pins the hint GET
// /render-hooks/{point} gives a body sent with a GET ("POST
// /render-hooks/{point} renders with a body {...}") for GET
// /capability-state, whose body has a POST of its own: a client that sent
// its config with a GET (requests.get(url, json=config)) is told which
// request takes it.
func TestCapabilityStateGetWithABodyPointsAtPost(t *testing.T) {
	srv := httptest.NewServer(newRouter(testdataSource(t)))
	defer srv.Close()
	req, err := http.NewRequest(http.MethodGet, srv.URL+"/capability-state", strings.NewReader(`{"profile":"core"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(data), "POST /capability-state") {
		t.Errorf("GET /capability-state with a body: %d %s, want a 400 naming POST /capability-state", resp.StatusCode, data)
	}
}

// hookRepo is testdata/repo with a feature of a gate at every wired point
// and one with n gates, half under a when and all under an activationKey
// that is off by default, neither declaring engines.
func hookRepo(t *testing.T, n int) string {
	t.Helper()
	repo := copyTestRepo(t)
	points := []string{"discuss:pre", "discuss:post", "plan:pre", "plan:post", "execute:wave:pre", "execute:wave:post",
		"execute:post", "verify:pre", "verify:post", "ship:pre", "ship:post"}
	write := func(id string, gates []map[string]any, extra map[string]any) {
		m := map[string]any{"id": id, "role": "feature", "title": id, "description": "d", "version": "1.0.0", "tier": "full",
			"requires": []string{}, "runtimeCompat": map[string]any{"supported": []string{"*"}, "unsupported": []string{}},
			"skills": []string{}, "agents": []string{}, "hooks": []any{}, "steps": []any{}, "contributions": []any{},
			"config": map[string]any{id + ".on": map[string]any{"type": "boolean", "default": false, "description": "d"}}, "gates": gates}
		for k, v := range extra {
			m[k] = v
		}
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(repo, "capabilities", id)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "capability.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var every []map[string]any
	for _, p := range points {
		every = append(every, map[string]any{"point": p, "check": map[string]any{"query": "q." + p}, "blocking": false, "onError": "skip"})
	}
	write("everywhere", every, nil)
	many := make([]map[string]any, n)
	for i := range many {
		many[i] = map[string]any{"point": points[i%len(points)], "check": map[string]any{"query": fmt.Sprintf("q.%d", i)}, "blocking": false, "onError": "skip"}
		if i%2 == 1 {
			many[i]["when"] = "many.on"
		}
	}
	write("many", many, map[string]any{"activationKey": "many.on"})
	return repo
}

// TestCapabilityStateAgreesWithOtherRoutes pins that the routes an
// orchestrator reads together agree, on a registry with a capability with
// a gate at every point and one with 3,000: a capability's points and
// hookKinds in GET /capabilities are those of its hooks in
// /capability-state (in loop order), the hooks per point and kind add up
// to /loop-points' counts, and for each body a hook is active in POST
// /capability-state exactly when POST /render-hooks of its point lists it
// (ref §7.5), the warnings of the renders being those of the state.
func TestCapabilityStateAgreesWithOtherRoutes(t *testing.T) {
	h := newRouter(repoSource(t, hookRepo(t, 3000)))
	type hook struct {
		Point, Kind string
		Active      bool
	}
	type state struct {
		Capabilities []struct {
			ID    string
			Hooks []hook
		}
		Warnings []string
	}
	decode := func(e exchange, v any) {
		t.Helper()
		if e.status != http.StatusOK {
			t.Fatalf("%d %s", e.status, truncate(e.body))
		}
		if err := json.Unmarshal(e.body, v); err != nil {
			t.Fatal(err)
		}
	}
	var caps struct {
		Capabilities []struct {
			ID                string
			Points, HookKinds []string
		}
	}
	decode(do(t, h, http.MethodGet, "/capabilities", nil), &caps)
	var lp struct {
		Points []struct {
			Point                       string
			Steps, Contributions, Gates int
		}
	}
	decode(do(t, h, http.MethodGet, "/loop-points", nil), &lp)
	var st state
	decode(do(t, h, http.MethodGet, "/capability-state", nil), &st)
	hooksOf := map[string][]hook{}
	counts := map[string]map[string]int{}
	for _, c := range st.Capabilities {
		hooksOf[c.ID] = c.Hooks
		for _, x := range c.Hooks {
			if counts[x.Point] == nil {
				counts[x.Point] = map[string]int{}
			}
			counts[x.Point][x.Kind]++
		}
	}
	if len(caps.Capabilities) != len(st.Capabilities) {
		t.Errorf("/capabilities lists %d, /capability-state %d", len(caps.Capabilities), len(st.Capabilities))
	}
	if n := len(hooksOf["many"]); n != 3000 {
		t.Errorf("many: %d hooks in /capability-state, want 3000", n)
	}
	for _, c := range caps.Capabilities {
		var points, kinds []string
		for _, x := range hooksOf[c.ID] {
			if !slices.Contains(points, x.Point) {
				points = append(points, x.Point)
			}
			if !slices.Contains(kinds, x.Kind) {
				kinds = append(kinds, x.Kind)
			}
		}
		slices.Sort(kinds)
		have := slices.Sorted(slices.Values(c.HookKinds))
		if !slices.Equal(points, c.Points) || !slices.Equal(kinds, have) {
			t.Errorf("%s: /capabilities points %v kinds %v; /capability-state hooks at %v of kinds %v", c.ID, c.Points, c.HookKinds, points, kinds)
		}
	}
	for _, p := range lp.Points {
		c := counts[p.Point]
		if c["step"] != p.Steps || c["contribution"] != p.Contributions || c["gate"] != p.Gates {
			t.Errorf("%s: /loop-points %d/%d/%d, /capability-state %v", p.Point, p.Steps, p.Contributions, p.Gates, c)
		}
	}
	for _, body := range []string{`{}`, `{"config":{"many":{"on":true}}}`, `{"config":{"many":{"on":"yes"}},"profile":"core"}`,
		`{"disabledCapabilities":["everywhere","evrywhere"]}`} {
		var s state
		decode(do(t, h, http.MethodPost, "/capability-state", []byte(body)), &s)
		want := map[string][]string{}
		for _, c := range s.Capabilities {
			for _, x := range c.Hooks {
				if x.Active {
					want[x.Point] = append(want[x.Point], c.ID+" "+x.Kind)
				}
			}
		}
		warned := map[string]bool{}
		for _, p := range lp.Points {
			var env struct {
				ActiveHooks []struct{ CapID, Kind string }
				Warnings    []string
			}
			decode(do(t, h, http.MethodPost, "/render-hooks/"+p.Point, []byte(body)), &env)
			var got []string
			for _, a := range env.ActiveHooks {
				got = append(got, a.CapID+" "+a.Kind)
			}
			slices.Sort(got)
			w := slices.Sorted(slices.Values(want[p.Point]))
			if !slices.Equal(got, w) {
				t.Errorf("%s at %s: render lists %d hooks, state says %d active", body, p.Point, len(got), len(w))
			}
			for _, x := range env.Warnings {
				warned[x] = true
			}
		}
		for _, x := range s.Warnings {
			if !warned[x] {
				t.Errorf("%s: state warns %q, no render does", body, x)
			}
			delete(warned, x)
		}
		for x := range warned {
			t.Errorf("%s: a render warns %q, the state does not", body, x)
		}
	}
}

// TestCapabilityStateVary: the POST's answer varies by Accept-Encoding
// only, as a GET's does; a render's varies by Accept too, as its form is
// chosen by it.
func TestCapabilityStateVary(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ path, want string }{
		{"/capability-state", "Accept-Encoding"},
		{"/render-hooks/plan:pre", "Accept-Encoding, Accept"},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, c.path, strings.NewReader(`{"profile":"core"}`))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Vary") != c.want {
			t.Errorf("POST %s: %d, Vary %q, want %q", c.path, rec.Code, rec.Header().Get("Vary"), c.want)
		}
	}
}

// TestCapabilityStateOfOneIsItsEntryOfAll: GET /capability-state?id= is
// the entry of GET /capability-state for that id, for every id, asked in
// any order: the one answer is picked from the states of all, computed
// once per snapshot, and picking one leaves them whole for the next.
func TestCapabilityStateOfOneIsItsEntryOfAll(t *testing.T) {
	var h http.Handler
	type states struct {
		Capabilities []json.RawMessage `json:"capabilities"`
		Warnings     []string          `json:"warnings"`
	}
	read := func(target string) states {
		t.Helper()
		e := do(t, h, "GET", target, nil)
		var st states
		if err := json.Unmarshal(e.body, &st); e.status != 200 || err != nil {
			t.Fatalf("GET %s: %d %s (%v)", target, e.status, e.body, err)
		}
		return st
	}
	// The ids from the registry, not from GET /capability-state, so that
	// each id is asked before every capability's answer is made.
	src := testdataSource(t)
	h = newRouter(src)
	var ids []string
	for _, c := range src.Current().Registry.Capabilities {
		ids = append(ids, c.ID)
	}
	slices.Sort(ids)
	if len(ids) < 2 {
		t.Fatalf("testdata/repo has %d capabilities; want several", len(ids))
	}
	reversed := slices.Clone(ids)
	slices.Reverse(reversed)
	for _, order := range [][]string{reversed, ids} {
		for _, id := range order {
			one := read("/capability-state?id=" + id)
			all := read("/capability-state")
			i := slices.Index(ids, id)
			if len(all.Capabilities) != len(ids) || len(one.Capabilities) != 1 || string(one.Capabilities[0]) != string(all.Capabilities[i]) {
				t.Fatalf("id %s: %d capabilities, entry %s; all has %d, its entry %s", id, len(one.Capabilities), one.Capabilities, len(all.Capabilities), all.Capabilities[i])
			}
		}
	}
}
