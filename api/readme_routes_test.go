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

// TestReadmeErrorCodes: the README's HTTP API lists every error code an
// answer may carry, openapi.yaml's Error.code enum, each as `code` in its
// sentence "Errors are `{code, message, details}` with codes …", and no
// other: a client switches on them.
func TestReadmeErrorCodes(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(data), "Errors are `{code, message, details}` with codes")
	if !ok {
		t.Fatal("README.md has no sentence \"Errors are `{code, message, details}` with codes …\"")
	}
	// The list is one sentence; a code is a word in backticks outside the
	// parentheses that tell of it: "`busy` (a 503 …)".
	listed := map[string]bool{}
	depth, inCode, start := 0, false, 0
scan:
	for i, r := range list {
		switch {
		case r == '`':
			if inCode && depth == 0 {
				listed[list[start:i]] = true
			}
			inCode, start = !inCode, i+1
		case inCode:
		case r == '(':
			depth++
		case r == ')':
			depth--
		case r == '.' && depth == 0:
			break scan
		}
	}
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, v := range sp.doc.Components.Schemas["Error"].Value.Properties["code"].Value.Enum {
		codes = append(codes, v.(string))
	}
	if len(codes) == 0 {
		t.Fatal("openapi.yaml's Error.code has no enum")
	}
	for _, c := range codes {
		if !listed[c] {
			t.Errorf("README.md's list of error codes leaves out %s", c)
		}
		delete(listed, c)
	}
	for c := range listed {
		t.Errorf("README.md lists the error code %s, which openapi.yaml does not give", c)
	}
}
