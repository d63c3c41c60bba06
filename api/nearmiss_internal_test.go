package api

import "testing"

// TestNearMissNamesPinned pins the near miss each HTTP name finder answers,
// the query parameter meant (nearestParam: ?intnet=, ?q=, a body field that
// is a query parameter) and the route word meant (nearestRouteWord: /tool,
// /loop_points, /openapi.json), so that the one finder both are read
// through answers every did-you-mean as before. Where the two differ is
// pinned side by side: a route word is one edit away only at four letters
// or more and reads plurals in "es" and "ies" and "_" as "-", a parameter
// is one edit away at any length. The case of both is folded alike
// (casefold, as strings.EqualFold folds it: "riſk" is "risk", "toolſ"
// "tools"), where a route word's was lowered by strings.ToLower, which
// made "toolſ" no "tools".
func TestNearMissNamesPinned(t *testing.T) {
	s := newServer(nil, Options{})
	s.router()
	words, _ := routeWords(s.routes)
	tests := []struct {
		finder  string
		name    string
		against []string
		want    string
	}{
		{"param", "intnet", queryParams["GET /tools"], "intent"},
		{"param", "Intent", queryParams["GET /tools"], "intent"},
		{"param", "INTENT", queryParams["GET /tools"], "intent"},
		{"param", "q", queryParams["GET /tools"], "intent"},
		{"param", "Query", queryParams["GET /tools"], "intent"},
		{"param", "SEARCH", queryParams["GET /tools"], "intent"},
		{"param", "cmd", queryParams["GET /tools"], "command"},
		{"param", "per_page", queryParams["GET /tools"], "limit"},
		{"param", "per-page", queryParams["GET /tools"], ""}, // named elsewhere with "_" only
		{"param", "max", queryParams["GET /tools"], "limit"},
		{"param", "page", queryParams["GET /tools"], "cursor"},
		{"param", "lmit", queryParams["GET /tools"], "limit"},
		{"param", "limits", queryParams["GET /tools"], "limit"},
		{"param", "limites", queryParams["GET /tools"], ""}, // no plural in "es" for a parameter
		{"param", "cursors", queryParams["GET /tools"], "cursor"},
		{"param", "riſk", queryParams["GET /tools"], "risk"},
		{"param", "riſks", queryParams["GET /tools"], "risk"},    // a typo beside the folded letter
		{"param", "ſearch", queryParams["GET /tools"], "intent"}, // named elsewhere, folded
		{"param", "activecap", queryParams["GET /render-hooks/{point}"], "activeCap"},
		{"param", "ActiveCap", queryParams["GET /render-hooks/{point}"], "activeCap"},
		{"param", "active_cap", queryParams["GET /render-hooks/{point}"], "activeCap"},
		{"param", "formats", queryParams["POST /render-hooks/{point}"], "format"},
		{"param", "rol", queryParams["GET /capabilities"], "role"},
		{"param", "ROLE", queryParams["GET /capabilities"], "role"},
		{"param", "tiers", queryParams["GET /capabilities"], "tier"},
		{"param", "q", queryParams["GET /capabilities"], ""}, // intent is not the route's
		{"param", "ix", queryParams["GET /capability-state"], "id"},
		{"param", "i", queryParams["GET /capability-state"], "id"},
		{"param", "ID", queryParams["GET /capability-state"], "id"},
		{"param", "ids", queryParams["GET /capability-state"], "id"},
		{"param", "cat", []string{"bat", "hat"}, ""}, // two are near: neither
		{"param", "x", nil, ""},

		{"route", "tool", words, "tools"},
		{"route", "Tools", words, "tools"},
		{"route", "TOOL", words, "tools"},
		{"route", "tol", words, ""},
		{"route", "toolſ", words, "tools"},
		{"route", "capabilites", words, "capabilities"},
		{"route", "capability", words, "capabilities"},
		{"route", "closures", words, "closure"},
		{"route", "statuses", words, "status"},
		{"route", "statu", words, "status"},
		{"route", "registri", words, "registry"},
		{"route", "registries", words, "registry"},
		{"route", "loop_points", words, "loop-points"},
		{"route", "loop_point", words, "loop-points"},
		{"route", "Render_Hooks", words, "render-hooks"},
		{"route", "config-key", words, "config-keys"},
		{"route", "contracts", words, "contract"},
		{"route", "profile", words, "profiles"},
		{"route", "valdate", words, "validate"},
		{"route", "validation", words, ""},
		{"route", "openapi.json", words, "openapi.yaml"},
		{"route", "OpenAPI", words, "openapi.yaml"},
		{"route", "swagger.json", words, "openapi.yaml"},
		{"route", "openapi.yml", words, "openapi.yaml"},
		{"route", "health", words, "healthz"},
		{"route", "ready", words, "readyz"},
		{"route", "health", []string{"tools"}, ""}, // healthz is not a word given
		{"route", "_", words, "-"},
		{"route", "+", words, ""}, // "-" is too short for an edit
		{"route", "ix", []string{"id"}, ""},
		{"route", "tooll", []string{"tools", "tool"}, ""}, // two are near: neither
		{"route", "tools", []string{"Tools"}, "Tools"},
		{"route", "tools", []string{"TOOLS"}, ""},
		{"route", "x", nil, ""},
	}
	for _, tt := range tests {
		var got string
		switch tt.finder {
		case "param":
			got = nearestParam(tt.name, tt.against)
		case "route":
			got = nearestRouteWord(tt.name, tt.against)
		}
		if got != tt.want {
			t.Errorf("%s %q among %q: %q, want %q", tt.finder, tt.name, tt.against, got, tt.want)
		}
	}
}
