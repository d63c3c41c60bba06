package api_test

import (
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/capreg/capreg/api"
)

// TestReadmeRouteTable holds the README's table of HTTP routes (under HTTP
// API) to the router: a row for every route it serves, no row for a route
// it does not, and each route's query parameters as its row gives them
// (`GET /tools?intent=&limit=&risk=`, `[?role=&tier=]`), the ones it takes
// (api.QueryParams, itself held to openapi.yaml). The table is what a
// client reads first; a route added, renamed or given a parameter without
// it is a route the README does not tell of.
func TestReadmeRouteTable(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := readmeRoutes(t, string(data))
	if len(documented) == 0 {
		t.Fatal("README.md has no route table: want rows such as | `GET /registry` | … |")
	}

	h := newRouter(testdataSource(t))
	routed := map[string]bool{}
	chi.Walk(h.(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		route := method + " " + pattern
		routed[route] = true
		params, ok := documented[route]
		if !ok {
			t.Errorf("README.md's route table has no row for %s", route)
			return nil
		}
		want := slices.Sorted(slices.Values(api.QueryParams[route]))
		if got := slices.Sorted(slices.Values(params)); !slices.Equal(got, want) {
			t.Errorf("README.md gives %s the query parameters %v; it takes %v", route, got, want)
		}
		return nil
	})
	for route := range documented {
		if !routed[route] {
			t.Errorf("README.md's route table lists %s, which is not routed", route)
		}
	}
}

// readmeRoutes reads the route table's first column into "METHOD pattern"
// → the query parameters its rows name. A cell lists routes separated by
// commas, each in backticks, a method alone applying to the path after it
// (`GET`, `POST /capability-state[?id=]`) and a path alone taking the method
// before it (`GET /healthz`, `/readyz`); one route in several rows (GET
// /tools, by mode) takes the parameters of all.
func readmeRoutes(t *testing.T, readme string) map[string][]string {
	t.Helper()
	routes := map[string][]string{}
	row := regexp.MustCompile("(?m)^\\| (`(?:GET|POST|/)[^|]*) \\| ")
	span := regexp.MustCompile("`([^`]+)`")
	for _, m := range row.FindAllStringSubmatch(readme, -1) {
		var methods []string // the methods of the routes of this cell
		pending := []string{}
		for _, s := range span.FindAllStringSubmatch(m[1], -1) {
			text := s[1]
			method, path, hasPath := strings.Cut(text, " ")
			if !hasPath {
				if strings.HasPrefix(text, "/") {
					method, path = "", text
				} else {
					pending = append(pending, text) // a method alone
					continue
				}
			}
			if method != "" {
				methods = append(pending, method)
				pending = nil
			}
			if len(methods) == 0 {
				t.Fatalf("README.md route row %q: %q has no method", m[1], text)
			}
			pattern, query := path, ""
			if i := strings.IndexAny(path, "?["); i >= 0 {
				pattern, query = path[:i], path[i:]
			}
			var params []string
			for _, kv := range strings.Split(strings.Trim(query, "[]?"), "&") {
				if name, _, _ := strings.Cut(kv, "="); name != "" {
					params = append(params, name)
				}
			}
			for _, method := range methods {
				route := method + " " + pattern
				for _, p := range params {
					if !slices.Contains(routes[route], p) {
						routes[route] = append(routes[route], p)
					}
				}
				if routes[route] == nil {
					routes[route] = []string{}
				}
			}
		}
	}
	return routes
}
