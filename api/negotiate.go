package api

import (
	"net/http"
	"strings"
)

// Media types of the representations GET and POST /render-hooks can send.
const (
	mediaJSON     = "application/json"
	mediaMarkdown = "text/markdown"
)

// weighted is one member of an Accept or Accept-Encoding list: a media range
// or content coding, lower-cased (both are case-insensitive, RFC 9110
// §8.3.1 and §8.4.1), and its weight in thousandths, so that weights compare
// exactly.
type weighted struct {
	name string
	q    int
}

// parseWeighted reads the members of a list header (RFC 9110 §12.4.2).
// Parameters other than q are not used by capreg and are skipped; a member
// with a malformed weight is dropped, since guessing its weight could send
// what the client refused.
func parseWeighted(values []string) []weighted {
	var out []weighted
	for _, member := range splitList(strings.Join(values, ","), ',') {
		params := splitList(member, ';')
		name := strings.ToLower(strings.TrimSpace(params[0]))
		if name == "" {
			continue
		}
		q, ok := 1000, true
		for _, p := range params[1:] {
			k, v, _ := strings.Cut(p, "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				q, ok = parseQ(strings.TrimSpace(v))
				break // parameters after the weight are accept-ext, not media type parameters
			}
		}
		if ok {
			out = append(out, weighted{name, q})
		}
	}
	return out
}

// splitList splits s at sep outside double-quoted strings, so that a quoted
// parameter value holding a comma or semicolon does not split a member.
func splitList(s string, sep byte) []string {
	var out []string
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// parseQ parses a qvalue (RFC 9110 §12.4.2: 0 to 1, at most three
// decimals) into thousandths.
func parseQ(s string) (int, bool) {
	whole, frac, _ := strings.Cut(s, ".")
	if (whole != "0" && whole != "1") || len(frac) > 3 {
		return 0, false
	}
	n := 0
	for i := range 3 {
		n *= 10
		if i < len(frac) {
			if frac[i] < '0' || frac[i] > '9' {
				return 0, false
			}
			n += int(frac[i] - '0')
		}
	}
	if whole == "1" {
		if n != 0 {
			return 0, false
		}
		return 1000, true
	}
	return n, true
}

// unlisted is the weight of a media type or coding no member of the header
// matches: not acceptable, but not explicitly refused either.
const unlisted = -1

// mediaMatch is the weight Accept gives the media type typ ("type/sub"):
// that of the most specific range matching it (RFC 9110 §12.5.1: type/sub
// over type/* over */*; the first of equally specific ones), or unlisted;
// and how specific that range was: 3 for the type itself, 2 for type/*, 1
// for */*, 0 when unlisted.
func mediaMatch(accept []weighted, typ string) (q, spec int) {
	major, _, _ := strings.Cut(typ, "/")
	q, best := unlisted, 0
	for _, a := range accept {
		spec := 0
		switch {
		case a.name == typ:
			spec = 3
		case a.name == major+"/*":
			spec = 2
		case a.name == "*/*":
			spec = 1
		}
		if spec > best {
			q, best = a.q, spec
		}
	}
	return q, best
}

// negotiateRender picks the media type of a render-hooks answer from
// Accept: the one with the higher weight; on a tie the one named more
// specifically, then JSON (the default), which also answers a request
// without an Accept header. When neither is acceptable the header is
// disregarded and JSON is sent (RFC 9110 §12.5.1 allows either that or
// 406), unless the client refused JSON itself with q=0: sending it anyway
// would contradict the request, so that is the 406 (ok false).
func negotiateRender(r *http.Request) (media string, ok bool) {
	values := r.Header.Values("Accept")
	accept := parseWeighted(values)
	if len(accept) == 0 {
		return mediaJSON, true
	}
	js, jsSpec := mediaMatch(accept, mediaJSON)
	md, mdSpec := mediaMatch(accept, mediaMarkdown)
	switch {
	// On equal weights the type the client named beats one a wildcard
	// covers: "text/markdown, */*" asks for markdown.
	case md > 0 && (md > js || md == js && mdSpec > jsSpec):
		return mediaMarkdown, true
	case js > 0 || js == unlisted:
		return mediaJSON, true
	}
	return "", false
}

// refusesJSON reports whether r's Accept refuses JSON itself: the most
// specific range matching application/json has q=0.
func refusesJSON(r *http.Request) bool {
	q, _ := mediaMatch(parseWeighted(r.Header.Values("Accept")), mediaJSON)
	return q == 0
}

// codingWeight is the weight Accept-Encoding gives a content coding: its
// own member's (or an alias's), else that of *, else unlisted.
func codingWeight(codings []weighted, names ...string) int {
	star := unlisted
	for _, c := range codings {
		for _, n := range names {
			if c.name == n {
				return c.q
			}
		}
		if c.name == "*" {
			star = c.q
		}
	}
	return star
}

// acceptsGzip reports whether the response may be gzipped: gzip (or its
// alias x-gzip, RFC 9110 §8.4.1.3), or * for it, has a weight above 0 and at
// least that of identity. Identity is always acceptable unless refused, but
// when the client does not weigh it, a listed gzip is taken as preferred.
func acceptsGzip(r *http.Request) bool {
	codings := parseWeighted(r.Header.Values("Accept-Encoding"))
	gz := codingWeight(codings, "gzip", "x-gzip")
	return gz > 0 && gz >= codingWeight(codings, "identity")
}
