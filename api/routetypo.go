package api

import (
	"net/http"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/validate"
)

// mistypedRoute is the route path p meant when one of its segments
// misspells a literal segment of a route (/tool, /capabilities/x/closures,
// /loop_points, /Render-Hooks/plan:pre, /openapi.json): the path with that
// segment replaced by the word it is a case, one edit ("_" for "-"
// included), a plural or a singular away from, when that path is routed
// and no other such replacement is; "" otherwise. A client generated from
// a guess at the API, or an agent writing the URL, gets the route to send
// rather than "no such route". Only literal segments can be the slip: a
// segment where a route takes a parameter routes whatever it holds.
func (s *server) mistypedRoute(p string) string {
	if s.routes == nil {
		return ""
	}
	words, depth := routeWords(s.routes)
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	if len(segs) > depth {
		return "" // no one word mended routes it: and a crafted path of thousands costs nothing
	}
	found := ""
	for i, seg := range segs {
		if seg == "" || slices.Contains(words, seg) {
			continue
		}
		w := nearestRouteWord(seg, words)
		if w == "" {
			continue
		}
		try := slices.Clone(segs)
		try[i] = w
		cand := "/" + strings.Join(try, "/")
		if s.routed(cand) == "" || cand == found {
			continue
		}
		if found != "" {
			return "" // two slips would fix it: name neither
		}
		found = cand
	}
	return found
}

// routeWords are the literal segments of the routes' patterns
// ("tools", "closure", "openapi.yaml"), in the order walked, and the most
// segments a pattern has.
func routeWords(routes chi.Routes) (words []string, depth int) {
	chi.Walk(routes, func(_, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		segs := strings.Split(strings.Trim(pattern, "/"), "/")
		depth = max(depth, len(segs))
		for _, seg := range segs {
			if seg != "" && !strings.HasPrefix(seg, "{") && !slices.Contains(words, seg) {
				words = append(words, seg)
			}
		}
		return nil
	})
	return words, depth
}

// routeWordsElsewhere maps the names other HTTP services give a document
// or probe (in lower case) to the route word capreg gives it.
var routeWordsElsewhere = map[string]string{
	"openapi.json": "openapi.yaml", "openapi": "openapi.yaml", "swagger.json": "openapi.yaml", "swagger.yaml": "openapi.yaml",
	"health": "healthz", "ready": "readyz",
}

// nearestRouteWord is the one word of words seg is a case, one edit, a
// plural or a singular away from ("_" read as "-"), or the one other
// services name so (routeWordsElsewhere); "" when none or several are.
// It is nearestParam's finder, nearestName, with plurals read, "_" read
// as "-", and no edit read into a word of three letters or fewer ("-").
// seg is folded once, for the names elsewhere and the plurals, so its
// edits are counted as typed (validate.EditDistance, in letters, as
// FoldedEditDistance counts them: "töols" is one edit from "tools").
func nearestRouteWord(seg string, words []string) string {
	low := strings.ReplaceAll(casefold.String(seg), "_", "-")
	return nearestName(words, routeWordsElsewhere[low], func(w string) bool {
		return low == w || validate.PluralOf(low, w) || validate.PluralOf(w, low) ||
			(len(w) >= 4 && validate.EditDistance(low, w, 1) == 1)
	})
}
