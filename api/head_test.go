package api_test

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// headTargets are requests to each GET operation of openapi.yaml, with
// its modes and representations.
var headTargets = map[string][]string{
	"/registry":                  {"/registry"},
	"/contract":                  {"/contract"},
	"/capabilities":              {"/capabilities", "/capabilities?role=runtime&tier=core"},
	"/capabilities/{id}":         {"/capabilities/research", "/capabilities/nope"},
	"/capabilities/{id}/closure": {"/capabilities/pattern-mapper/closure"},
	"/loop-points":               {"/loop-points"},
	"/loop-points/{point}":       {"/loop-points/plan:pre", "/loop-points/plan:pree"},
	"/config-keys":               {"/config-keys"},
	"/profiles":                  {"/profiles"},
	"/reviewers":                 {"/reviewers"},
	"/profiles/{name}":           {"/profiles/standard"},
	"/tools":                     {"/tools", "/tools?intent=deploy", "/tools?command=git%20push", "/tools?intent="},
	"/tools/{id}":                {"/tools/od-worktree"},
	"/render-hooks/{point}":      {"/render-hooks/plan:pre", "/render-hooks/plan:pre?format=markdown", "/render-hooks/plan:pre?activeCap=ui"},
	"/capability-state":          {"/capability-state", "/capability-state?id=intel"},
	"/status":                    {"/status"},
	"/healthz":                   {"/healthz"},
	"/readyz":                    {"/readyz"},
	"/metrics":                   {"/metrics"},
	"/openapi.yaml":              {"/openapi.yaml"},
}

// TestHeadWhereverGet: every GET operation of openapi.yaml answers HEAD
// with the status and headers of its GET, in each encoding, and no body,
// as openapi.yaml's info says; it declares no head operation, so that a
// client generated from it carries no bodiless twin of every read (a
// client wanting freshness sends If-None-Match with its GET).
func TestHeadWhereverGet(t *testing.T) {
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(sp.doc.Info.Description), " "), "HEAD is answered wherever GET is") {
		t.Error("openapi.yaml's info does not say that HEAD is answered wherever GET is, nor why no head operation is declared")
	}
	h := newRouter(testdataSource(t))
	checked := 0
	for path, item := range sp.doc.Paths.Map() {
		if item.Head != nil {
			t.Errorf("openapi.yaml declares HEAD %s: its info says HEAD is answered wherever GET is without one", path)
		}
		if item.Get == nil {
			continue
		}
		targets, ok := headTargets[path]
		if !ok {
			t.Errorf("GET %s has no request in headTargets", path)
			continue
		}
		for _, target := range targets {
			for _, enc := range []string{"identity", "gzip"} {
				checked++
				get := do(t, h, "GET", target, nil, "Accept-Encoding", enc)
				head := do(t, h, "HEAD", target, nil, "Accept-Encoding", enc)
				if head.status != get.status || len(head.body) != 0 {
					t.Errorf("HEAD %s (%s): %d with %d bytes of body; GET: %d", target, enc, head.status, len(head.body), get.status)
				}
				for _, name := range slices.Sorted(maps.Keys(mergeKeys(get.header, head.header))) {
					if name == "Date" {
						continue
					}
					if g, hd := get.header.Values(name), head.header.Values(name); !slices.Equal(g, hd) {
						t.Errorf("HEAD %s (%s): %s %q; GET has %q", target, enc, name, hd, g)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Error("openapi.yaml has no GET operation")
	}
}

func mergeKeys(a, b http.Header) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
