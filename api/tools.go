package api

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Limits of GET /tools.
const (
	defaultSearchLimit = 10
	defaultPageLimit   = 30
	maxLimit           = 100
)

// toolModes are the three questions GET /tools answers, each selected by a
// parameter (none for the listing) and shaped by a few others. A parameter
// of another mode would be ignored (a cursor does not page a search, a
// limit does not cut command matches), so it is refused instead.
var toolModes = []struct {
	selector string
	params   []string
	name     string
}{
	{"intent", []string{"intent", "limit", "risk"}, "a search by intent"},
	{"command", []string{"command", "risk"}, "command matching"},
	{"", []string{"cursor", "limit", "risk"}, "the listing"},
}

// tools is GET /tools: intent search, command matching, or the paginated
// list of every card.
// toolsQuery refuses a GET /tools query its URL alone rules out, before a
// snapshot is looked for: both intent and command, a risk or limit it
// does not take, an empty intent or command, a command over the limits
// of one line (bytes, commands, script depth), a cursor no page gave.
func toolsQuery(w http.ResponseWriter, q url.Values) (mode string, ok bool) {
	if mode, ok = toolMode(w, q); !ok {
		return "", false
	}
	if risk := q.Get("risk"); !search.ValidRisk(risk) {
		unknownFilter(w, "risk", risk, []string{"reversible", "destructive"})
		return "", false
	}
	if _, ok := parseLimit(q.Get("limit"), 1); !ok {
		badLimit(w)
		return "", false
	}
	switch intent, command, cursor := q.Get("intent"), q.Get("command"), q.Get("cursor"); {
	case mode == "intent" && search.BlankIntent(intent):
		writeError(w, http.StatusBadRequest, CodeBadRequest, search.ErrEmptyIntent.Error(), map[string]any{"parameter": "intent"})
	case mode == "command" && len(command) > cmdline.MaxLine:
		writeError(w, http.StatusBadRequest, CodeBadRequest,
			fmt.Sprintf("command is %d bytes, over the limit of %d", len(command), cmdline.MaxLine),
			commandLimits())
	case mode == "command" && cmdline.Blank(command):
		writeError(w, http.StatusBadRequest, CodeBadRequest, "command is empty; give the raw command line you were about to run", map[string]any{"parameter": "command"})
	case mode == "" && cursor != "" && !validCursor(cursor):
		writeError(w, http.StatusBadRequest, CodeBadRequest, "invalid cursor; use the nextCursor of a previous page", map[string]any{"parameter": "cursor"})
	case mode == "command":
		// Over the commands or script depth one line may hold: refused
		// before the tag it may match too (RFC 9110 §13.2.1: a
		// precondition applies only where the answer is 2xx). Parsing
		// the line here and again in Match costs about 5% of a match
		// (3.5 of 74 µs a typical line, 82 µs of 1.68 ms the worst).
		if err := cmdline.CheckLine(command); err != nil {
			writeError(w, http.StatusBadRequest, CodeBadRequest, err.Error(), commandLimits())
			return "", false
		}
		return mode, true
	default:
		return mode, true
	}
	return "", false
}

// getTools is GET /tools: its query is parsed once, checked by toolsQuery
// before the snapshot is looked for (as withSnapshotAfter does for the
// other routes), and read by tools.
func (s *server) getTools(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	setMode(w, toolsModeLabel(q))
	mode, ok := toolsQuery(w, q)
	if !ok {
		return
	}
	if v := s.pinSnapshot(w, ""); v != nil {
		s.tools(w, r, v, q, mode)
	}
}

// toolsModeLabel is the metrics' mode label of a GET /tools query q, as
// toolMode reads it: "" for one giving both intent and command, which is
// refused before any is run.
func toolsModeLabel(q url.Values) string {
	switch intent, command := q.Has("intent"), q.Has("command"); {
	case intent && command:
		return ""
	case intent:
		return toolsModeIntent
	case command:
		return toolsModeCommand
	}
	return toolsModeList
}

// tools is GET /tools over v, q its query and mode its selector, both
// checked by toolsQuery.
func (s *server) tools(w http.ResponseWriter, r *http.Request, v *views, q url.Values, mode string) {
	risk := q.Get("risk")
	def := defaultPageLimit
	if mode == "intent" {
		def = defaultSearchLimit
	}
	limit, _ := parseLimit(q.Get("limit"), def)
	switch mode {
	case "intent":
		s.searchTools(w, r, v, q.Get("intent"), risk, limit)
	case "command":
		s.matchCommand(w, r, v, q.Get("command"), risk)
	default:
		s.listTools(w, r, v, q.Get("cursor"), risk, limit)
	}
}

// toolMode returns the selector of the mode the query asks for, or writes
// the 400 for a query mixing the parameters of two modes.
func toolMode(w http.ResponseWriter, q url.Values) (string, bool) {
	if q.Has("intent") && q.Has("command") {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "give either intent or command, not both",
			map[string]any{"conflicting": []string{"intent", "command"}})
		return "", false
	}
	for _, m := range toolModes {
		if m.selector == "" || !q.Has(m.selector) {
			continue // the listing is what a query selecting no mode asks for
		}
		for _, name := range slices.Sorted(maps.Keys(q)) {
			if !slices.Contains(m.params, name) && q.Get(name) != "" { // empty is absent
				writeError(w, http.StatusBadRequest, CodeBadRequest,
					fmt.Sprintf("%s cannot be combined with %s: %s takes %s", name, m.selector, m.name, strings.Join(m.params, ", ")),
					map[string]any{"conflicting": []string{m.selector, name}, "allowed": m.params})
				return "", false
			}
		}
		return m.selector, true
	}
	return "", true
}

// parseLimit reads ?limit= (def when it is absent); false for another
// value than an integer from 1 to maxLimit (badLimit answers it).
func parseLimit(raw string, def int) (int, bool) {
	if raw == "" {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > maxLimit {
		return 0, false
	}
	return n, true
}

// badLimit is the 400 of a ?limit= parseLimit refuses, naming the
// parameter and its range. The value given is not echoed as
// details.limit, which is a 413's byte limit, a number: one field name,
// one type.
func badLimit(w http.ResponseWriter) {
	writeError(w, http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("limit must be an integer from 1 to %d", maxLimit), map[string]any{"parameter": "limit", "minimum": 1, "maximum": maxLimit})
}

func (s *server) searchTools(w http.ResponseWriter, r *http.Request, v *views, intent, risk string, limit int) {
	out := v.snap.SearchTools(r.Context(), search.Query{Intent: intent, Limit: limit, Risk: risk})
	v.serve(w, r, jsonBody(map[string]any{"intent": intent, "results": out}))
}

// commandWait is how long a GET /tools?command= waits for a turn (see
// Options.MaxCommandMatches) before it is answered 503 busy. A turn is
// held for microseconds by a usual line and for at most the budget,
// about a quarter of a second, by the costliest, so a burst of agents
// asking at once is answered after a short wait rather than turned away;
// a line still waiting after 2 s is in a flood, and is better retried.
const commandWait = 2 * time.Second

// maxCommandWaiters bounds the GET /tools?command= requests waiting for a
// turn; more are turned away at once.
const maxCommandWaiters = 64

// A POST /render-hooks waits for a turn (Options.MaxRenders) as a command
// match does: a render, too, takes microseconds for most bodies and up to
// a fraction of a second for the largest. The two share the numbers, not
// the queue.
const (
	renderWait       = commandWait
	maxRenderWaiters = maxCommandWaiters
)

// commandLimits are the details of a 400 for a command line over the
// limits of cmdline.Matcher.Match, which the message names.
func commandLimits() map[string]any {
	return map[string]any{"parameter": "command", "maxBytes": cmdline.MaxLine, "maxCommands": cmdline.MaxCommands,
		"maxScriptDepth": cmdline.MaxScriptDepth}
}

func (s *server) matchCommand(w http.ResponseWriter, r *http.Request, v *views, command, risk string) {
	if r.Header.Get("If-None-Match") != "" && v.notModifiedBefore(w, r) {
		return // a line over the limits was refused by toolsQuery, whatever tag a client holds
	}
	release, ok := s.commands.acquire(r.Context())
	if !ok {
		s.commands.refuse(w, "command lines are being matched", time.Second)
		return
	}
	m, err := func() (cmdline.Matches, error) {
		defer release() // a panic (answered 500 by recoverer) returns the turn too
		return v.snap.Commands().Match(r.Context(), command, s.commandBudget)
	}()
	switch {
	case errors.Is(err, cmdline.ErrOverLimit):
		writeError(w, http.StatusBadRequest, CodeBadRequest, err.Error(),
			commandLimits())
		return
	case err != nil: // the client went away: nobody reads this
		writeError(w, http.StatusServiceUnavailable, CodeBusy, "matching stopped: the request ended before it finished", nil)
		return
	}
	if m.Truncated() {
		s.logTruncated(v.snap, m, len(command))
	}
	v.serve(w, r, jsonBody(v.snap.AnswerCommand(command, risk, m)))
}

// logTruncated logs a command match that spent its budget: at WARN the
// first time a registry (by digest) truncates one, at DEBUG after that.
// It is the repository's cards that make a line costly, and any client
// may send the line again: logged at WARN for each request, a client
// retrying one line wrote a WARN line a request, all saying the same. The
// line names the card matching stopped at, where a card's author looks.
func (s *server) logTruncated(snap *store.Snapshot, m cmdline.Matches, bytes int) {
	attrs := []any{"generation", snap.Generation, "digest", snap.Digest, "tried", m.Tried, "cards", m.Total, "work", m.Work, "bytes", bytes}
	if m.Tried < len(snap.Result.Cards) {
		attrs = append(attrs, "stoppedAt", snap.Result.Cards[m.Tried].ID)
	}
	digest := snap.Digest // a copy: a pointer into snap would keep the whole snapshot alive
	if prev := s.truncatedWarned.Swap(&digest); prev != nil && *prev == digest {
		s.log.Debug("command matching spent its work budget before trying every card", attrs...)
		return
	}
	s.log.Warn("command matching spent its work budget before trying every card; "+
		"the cards' replaces patterns cost too much for such lines (logged once a registry, then at debug)", attrs...)
}

// cursorPrefix marks capreg's opaque cursors: the id of the last card of
// the previous page, so a page boundary survives snapshot swaps.
const cursorPrefix = "after:"

func encodeCursor(id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(cursorPrefix + id))
}

// validCursor reports whether c is a cursor a page gave.
func validCursor(c string) bool {
	_, ok := decodeCursor(c)
	return ok
}

// decodeCursor is the id of the card a page gave cursor c after. A card
// id is never empty, so "after:" alone is no cursor a page gave.
func decodeCursor(c string) (string, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", false
	}
	id, ok := strings.CutPrefix(string(raw), cursorPrefix)
	return id, ok && id != ""
}

func (s *server) listTools(w http.ResponseWriter, r *http.Request, v *views, cursor, risk string, limit int) {
	after, _ := decodeCursor(cursor) // toolsQuery refused one no page gave; "" is the first page
	sorted := sortedCards(v)
	var matching []*validate.Card
	for _, c := range sorted {
		if risk == "" || c.Risk == risk {
			matching = append(matching, c)
		}
	}
	start, _ := slices.BinarySearchFunc(matching, after, byCardID)
	if after != "" && start < len(matching) && matching[start].ID == after {
		start++
	}
	end := min(start+limit, len(matching))
	page := matching[start:end]
	next := ""
	if end < len(matching) {
		next = encodeCursor(page[len(page)-1].ID)
	}
	v.serve(w, r, listingBody(page, len(matching), next))
}

// listingBody is a page of the listing: the bytes jsonBody gives the
// object {"count", "nextCursor" (when next is not ""), "tools", "total"}
// whose tools are the cards' tool-index entries (store.ToolJSON) as
// json.RawMessage, made with less garbage. jsonBody's encoder took each
// card's encoding, grown from nothing, copied it compacted (a no-op on
// ojson's compact text) into its own growing buffer, indented that into
// another and copied the result into a third: one page of 25 cards of
// 24,000 intent phrases (36 MB) took a daemon from 418 to 768 MB
// resident. Here each card is encoded into a scratch buffer for its
// length, then into the compact document, made at its size, which
// json.Indent, what the encoder indents with, indents: the same bytes.
func listingBody(page []*validate.Card, total int, next string) *body {
	var scratch []byte
	n := len(`{"count":,"nextCursor":"","tools":[],"total":}`+"\n") + 2*20 + len(next)
	for _, c := range page {
		v := store.ToolJSON(c)
		scratch = ojson.AppendEncode(scratch[:0], &v, "")
		n += len(scratch) + 1
	}
	doc := make([]byte, 0, n)
	doc = strconv.AppendInt(append(doc, `{"count":`...), int64(len(page)), 10)
	if next != "" {
		// A cursor is base64url: no character of it is escaped.
		doc = append(append(append(doc, `,"nextCursor":"`...), next...), '"')
	}
	doc = append(doc, `,"tools":[`...)
	for i, c := range page {
		if i > 0 {
			doc = append(doc, ',')
		}
		v := store.ToolJSON(c)
		doc = ojson.AppendEncode(doc, &v, "")
	}
	doc = strconv.AppendInt(append(doc, `],"total":`...), int64(total), 10)
	doc = append(doc, "}\n"...)
	var out bytes.Buffer
	if err := json.Indent(&out, doc, "", "  "); err != nil {
		panic(err) // only our own encodings are indented here
	}
	return &body{data: out.Bytes(), contentType: "application/json"}
}

// byCardID compares a card's id with id in sortedCards' order, for
// binary searches of it.
func byCardID(c *validate.Card, id string) int { return store.CompareIDs(c.ID, id) }

// sortedCards is the snapshot's cards sorted by id, in tool-index.json's
// order (store.CompareIDs), computed once.
func sortedCards(v *views) []*validate.Card {
	v.cardsOnce.Do(func() {
		v.cards = slices.Clone(v.snap.Result.Cards)
		slices.SortStableFunc(v.cards, func(a, c *validate.Card) int { return store.CompareIDs(a.ID, c.ID) })
	})
	return v.cards
}

func (s *server) tool(w http.ResponseWriter, r *http.Request, v *views) {
	id := pathParam(r, "id")
	card := findCard(v, id)
	if card == nil {
		unknownID(w, "tool card", id, v.snap.MeantCard(id))
		return
	}
	v.serve(w, r, v.get("tool/"+card.ID, func() *body { return ojsonBody(store.ToolJSON(card)) }))
}

// findCard is the snapshot's card of id, or nil. An id not found as sent
// is looked for in the form ids are compared in (validate.CardIDKey, NFC):
// one card at most has it, as check refuses two. Those whose ids are not in
// that form are looked up by it in a map made once per snapshot, not
// normalized on every request: a 404 for an id outside ASCII normalized
// every card's.
func findCard(v *views, id string) *validate.Card {
	cards := sortedCards(v)
	search := func(want string) *validate.Card {
		i, found := slices.BinarySearchFunc(cards, want, byCardID)
		// CompareIDs reads a byte that is no UTF-8 as U+FFFD, as
		// JavaScript would have it: equal in that order is not the id
		// sent (a%FF is not a\uFFFD).
		if !found || cards[i].ID != want {
			return nil
		}
		return cards[i]
	}
	if c := search(id); c != nil {
		return c
	}
	key := validate.CardIDKey(id)
	if key != id {
		if c := search(key); c != nil {
			return c
		}
	}
	v.composedOnce.Do(func() {
		for _, c := range cards {
			if k := validate.CardIDKey(c.ID); k != c.ID {
				if v.composed == nil {
					v.composed = map[string]*validate.Card{}
				}
				v.composed[k] = c
			}
		}
	})
	return v.composed[key]
}
