package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/validate"
)

// queryParams are the query parameters each route defines, by "METHOD
// pattern" (HEAD is served as GET); a route not listed takes none. Every
// parameter is single-valued. A request with any other parameter, or one
// given twice, is refused (see onlyParams): ignoring it would answer a
// different question than the one asked, as when ?intnet= turned a search
// into the full listing. TestQueryParamsMatchOpenAPI holds the table to
// openapi.yaml.
var queryParams = map[string][]string{
	"GET /capabilities":          {"role", "tier"},
	"GET /tools":                 {"intent", "command", "limit", "risk", "cursor"},
	"GET /render-hooks/{point}":  {"format", "activeCap"},
	"POST /render-hooks/{point}": {"format", "activeCap"},
	"GET /capability-state":      {"id"},
	"POST /capability-state":     {"id"},
}

// onlyParams refuses a request to the route "METHOD pattern" whose query
// has a parameter the route does not define or a parameter given more than
// once, before h (and before the snapshot is consulted: the request is at
// fault whatever is served).
func (s *server) onlyParams(route string, h http.Handler) http.Handler {
	allowed := queryParams[route]
	get := strings.HasPrefix(route, http.MethodGet+" ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if get && !s.bodyless(w, r, route, allowed) {
			return
		}
		if r.URL.RawQuery != "" {
			if msg, details := queryFault(route, allowed, r); msg != "" {
				writeError(w, http.StatusBadRequest, CodeBadRequest, msg, details)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// bodyless refuses a GET (or HEAD) to route that carries a body other than
// JSON whitespace: a GET is answered from its URL alone, so the body would
// be ignored and the answer be to another question than the one asked, as
// when requests.get(url, json=config) rendered a point with the defaults,
// or an activeCap said true for a capability the body disabled. The body
// is read as a POST's is (readAll), so that one stalled mid-way once the
// drain begins is cut after the same grace, not held to the read timeout.
func (s *server) bodyless(w http.ResponseWriter, r *http.Request, route string, allowed []string) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return true
	}
	data, ok := s.readAll(w, r) // limitBody bounds it
	if !ok {
		return false
	}
	if blankJSON(data) {
		return true
	}
	msg := fmt.Sprintf("%s takes no body (%d bytes were sent): a GET is answered from its URL alone, so the body would be ignored", route, len(data))
	switch {
	case strings.HasSuffix(route, "/render-hooks/{point}"):
		msg += "; POST /render-hooks/{point} renders with a body {" + strings.Join(renderRequestKeys, ", ") + "}"
	case strings.HasSuffix(route, "/capability-state"):
		msg += "; POST /capability-state answers for a body {" + strings.Join(renderRequestKeys, ", ") + "}"
	case len(allowed) > 0:
		msg += "; give what you ask in the query (" + strings.Join(allowed, ", ") + ")"
	}
	writeError(w, http.StatusBadRequest, CodeBadRequest, msg, map[string]any{"bodyBytes": len(data)})
	return false
}

// queryFault describes what is wrong with the query of r for a route taking
// allowed, or returns "".
func queryFault(route string, allowed []string, r *http.Request) (string, map[string]any) {
	q := r.URL.Query() // checkQuery has refused a query that does not parse
	var unknown []string
	for name := range q {
		if !slices.Contains(allowed, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		details := map[string]any{"unknown": unknown, "allowed": nonNil(allowed)}
		meant := map[string]string{}
		for _, u := range unknown {
			if m := nearestParam(u, allowed); m != "" {
				meant[u] = m
			}
		}
		if len(meant) > 0 {
			details["meant"] = meant // unknown name → the parameter meant; didYouMean is one string everywhere
		}
		msg := unknownParamsMessage(route, allowed, unknown)
		if hint, example := bodyHint(route, r.URL.Query(), unknown); hint != "" {
			msg += hint
			details["body"] = example
		}
		return msg, details
	}
	for _, name := range allowed {
		if n := len(q[name]); n > 1 {
			return fmt.Sprintf("query parameter %q is given %d times; it takes one value", name, n),
				map[string]any{"parameter": name, "count": n}
		}
	}
	return "", nil
}

// bodyHint is, for a route that takes a render body (GET and POST
// /render-hooks/{point} and /capability-state) and unknown parameters of
// which one names a field of that body (?profile=core, ?config={..}) or a
// dotted config key (?workflow.research=false, or under config.,
// ?config.workflow.research=false), what to add to the message and the
// body they make, as details.body: an orchestrator that put its
// settings in the query was otherwise told only that the route takes
// format and activeCap, not where they go. A value that parses as JSON is
// taken as that JSON (false, 2, an object), else as a string, and a
// disabledCapabilities not a JSON array is split at its commas (commaList).
func bodyHint(route string, q url.Values, unknown []string) (string, map[string]any) {
	if !strings.HasSuffix(route, "/render-hooks/{point}") && !strings.HasSuffix(route, "/capability-state") {
		return "", nil
	}
	post := "POST " + strings.TrimPrefix(strings.TrimPrefix(route, "GET "), "POST ")
	example := map[string]any{}
	var named []string
	for _, u := range unknown {
		v := queryJSON(q.Get(u))
		switch {
		case slices.Contains(renderRequestKeys, u):
			if s, ok := v.(string); ok && u == "disabledCapabilities" {
				v = commaList(s)
			}
			example[u] = v
		case strings.Contains(u, ".") && !strings.HasPrefix(u, ".") && !strings.HasSuffix(u, ".") && !strings.Contains(u, ".."):
			config, _ := example["config"].(map[string]any)
			if config == nil {
				if _, given := example["config"]; given {
					continue // ?config= not an object: its keys have no place
				}
				config = map[string]any{}
				example["config"] = config
			}
			if !setDotted(config, strings.TrimPrefix(u, "config."), v) {
				continue
			}
		default:
			continue
		}
		named = append(named, strconv.Quote(u))
	}
	if len(named) == 0 {
		return "", nil
	}
	body, err := encodeJSON(example)
	if err != nil {
		return "", nil
	}
	verb := "belongs"
	if len(named) > 1 {
		verb = "belong"
	}
	return fmt.Sprintf("; %s %s in the JSON body of %s {%s}, as %s",
		strings.Join(named, ", "), verb, post, strings.Join(renderRequestKeys, ", "), strings.TrimSpace(string(body))), example
}

// commaList is a query's comma-separated ids as the body's list: blanks
// around an id and empty items dropped, so that ?disabledCapabilities=
// names [] and "ui, security" ["ui", "security"], where a split alone
// named [""] and " security", which the body POSTed warned of as ids no
// capability has.
func commaList(s string) []string {
	ids := []string{}
	for id := range strings.SplitSeq(s, ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// queryJSON is a query value as the JSON it holds, or as a string.
func queryJSON(s string) any {
	var v any
	if json.Unmarshal([]byte(s), &v) == nil {
		return v
	}
	return s
}

// setDotted sets the dotted key in m as nested objects, or reports false
// when a value already set is in the way.
func setDotted(m map[string]any, key string, v any) bool {
	segs := strings.Split(key, ".")
	for _, seg := range segs[:len(segs)-1] {
		next, ok := m[seg].(map[string]any)
		if !ok {
			if _, taken := m[seg]; taken {
				return false
			}
			next = map[string]any{}
			m[seg] = next
		}
		m = next
	}
	if _, taken := m[segs[len(segs)-1]]; taken {
		return false
	}
	m[segs[len(segs)-1]] = v
	return true
}

// unknownParamsMessage names the unknown parameters, suggests the one meant
// for a near miss (?Intent=, ?intnet=) and says what the route takes.
func unknownParamsMessage(route string, allowed, unknown []string) string {
	quoted := make([]string, len(unknown))
	for i, u := range unknown {
		quoted[i] = fmt.Sprintf("%q", u)
		if m := nearestParam(u, allowed); m != "" {
			quoted[i] += fmt.Sprintf(" (did you mean %q?)", m)
		}
	}
	noun := "parameter"
	if len(unknown) > 1 {
		noun = "parameters"
	}
	takes := "no query parameters"
	if len(allowed) > 0 {
		takes = "only " + strings.Join(allowed, ", ")
	}
	return fmt.Sprintf("unknown query %s %s: %s takes %s", noun, strings.Join(quoted, ", "), route, takes)
}

// nearestParam is the allowed parameter that name differs from by case or by one
// edit (a letter added, dropped, changed or two adjacent ones swapped,
// case aside: validate.FoldedEditDistance, which counts letters, not
// bytes, so "intënt" is one edit from "intent"), or the one other HTTP
// APIs name so (paramNamedElsewhere: ?q= for ?intent=), or "" when none
// or more than one does.
func nearestParam(name string, allowed []string) string {
	return nearestName(allowed, paramNamedElsewhere[casefold.String(name)], func(a string) bool {
		return strings.EqualFold(name, a) || validate.FoldedEditDistance(name, a, 1) == 1
	})
}

// nearestName is the near-miss finder of the names an HTTP client sends
// (query parameters, body fields, route words): among names, elsewhere (the
// name other services give what was asked for) if names has it, else the
// one name near holds for; "" when none or several are near, as a
// suggestion of one of two would be a guess.
func nearestName(names []string, elsewhere string, near func(name string) bool) string {
	if slices.Contains(names, elsewhere) {
		return elsewhere
	}
	found := ""
	for _, n := range names {
		if !near(n) {
			continue
		}
		if found != "" {
			return ""
		}
		found = n
	}
	return found
}

// paramNamedElsewhere maps the names search and paging APIs commonly give
// a parameter (in lower case) to capreg's: a client written against
// another API, or by an agent guessing, sends ?q= or ?per_page=, which is
// no typo of intent or limit.
var paramNamedElsewhere = map[string]string{
	"q": "intent", "query": "intent", "search": "intent", "text": "intent",
	"cmd": "command", "commandline": "command", "command_line": "command",
	"per_page": "limit", "perpage": "limit", "page_size": "limit", "pagesize": "limit", "size": "limit", "count": "limit", "max": "limit",
	"page": "cursor", "page_token": "cursor", "pagetoken": "cursor", "after": "cursor", "offset": "cursor",
}
