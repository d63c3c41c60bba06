package validate

import (
	"crypto/sha256"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/capreg/capreg/internal/memtest"
)

// TestCacheCountsAndPeek pins, call by call, what a Cache reports: each
// Result's Checked and Reused, and Stats' hits and misses over its life.
// Validate re-checks only capabilities whose inputs changed and counts
// them; Peek takes what the cache holds (all of a repository validated
// before) but leaves the cache and its counts as they were, so that a
// proposal does not cost the next rebuild its hits. Surviving mutants
// counted misses as len+hits, made Stats of a live cache zero, made Peek
// validate without the cache, and counted Peek's hits down.
func TestCacheCountsAndPeek(t *testing.T) {
	a, b := manyCapabilities(t, 3, "A:"), manyCapabilities(t, 3, "B:")
	// a with its last capability's inputs changed.
	a2 := &Sources{CapabilitiesDir: a.CapabilitiesDir, Capabilities: []CapabilitySource{a.Capabilities[0], a.Capabilities[1], b.Capabilities[2]}}
	cache := NewCache()
	steps := []struct {
		name            string
		peek            bool
		src             *Sources
		checked, reused int
		stats           CacheStats
	}{
		{"first validation checks all", false, a, 3, 0, CacheStats{Hits: 0, Misses: 3}},
		{"the same inputs are all reused", false, a, 0, 3, CacheStats{Hits: 3, Misses: 3}},
		{"one changed capability is checked afresh", false, a2, 1, 2, CacheStats{Hits: 5, Misses: 4}},
		{"back to a: its last capability again", false, a, 1, 2, CacheStats{Hits: 7, Misses: 5}},
		{"a peek at other inputs checks them, counting nothing", true, b, 3, 0, CacheStats{Hits: 7, Misses: 5}},
		{"a peek at the cached inputs reuses them, counting nothing", true, a, 0, 3, CacheStats{Hits: 7, Misses: 5}},
		{"the peeks left the cache as it was", false, a, 0, 3, CacheStats{Hits: 10, Misses: 5}},
	}
	for _, st := range steps {
		var res *Result
		if st.peek {
			res = cache.Peek(st.src)
		} else {
			res = cache.Validate(st.src)
		}
		if res.Checked != st.checked || res.Reused != st.reused {
			t.Errorf("%s: checked %d reused %d, want %d and %d", st.name, res.Checked, res.Reused, st.checked, st.reused)
		}
		if got := cache.Stats(); got != st.stats {
			t.Errorf("%s: stats %+v, want %+v", st.name, got, st.stats)
		}
	}
}

// TestNilCache pins that a nil *Cache validates without caching, as its
// doc says: every capability checked each time, none reused, zero counts
// (Stats reading a nil cache's counters would panic).
func TestNilCache(t *testing.T) {
	var cache *Cache
	src := manyCapabilities(t, 2, "Nil:")
	for _, call := range []struct {
		name string
		run  func(*Sources) *Result
	}{{"Validate", cache.Validate}, {"Validate again", cache.Validate}, {"Peek", cache.Peek}} {
		if res := call.run(src); res.Checked != 2 || res.Reused != 0 {
			t.Errorf("%s: checked %d reused %d, want 2 and 0", call.name, res.Checked, res.Reused)
		}
	}
	if got := cache.Stats(); got != (CacheStats{}) {
		t.Errorf("nil cache's stats = %+v, want zero", got)
	}
}

// TestCacheCardsAgreeWithAFreshCheck walks one cache through changes to a
// repository's tool cards and checks after each that the cached validation
// says exactly what a fresh one says (findings, and cards down to
// ToolExists) and that it checked afresh only the cards whose bytes or
// path changed (and the one that cannot be read, which is not cached).
// Whether a card's tool is there is no part of its key: its findings
// (card-orphan, reserved-name) are made afresh, as are those between cards
// (card-duplicate-id), also where both cards are cached.
func TestCacheCardsAgreeWithAFreshCheck(t *testing.T) {
	card := func(id, extra string) []byte {
		return []byte(`{"id": "` + id + `", "command": "bin/` + id + ` <x>", "summary": "Does ` + id + `.", "intent_phrases": ["do ` + id + `"],
  "effects": "Does it.", "risk": "reversible", "example": "bin/` + id + ` y"` + extra + `}`)
	}
	src := func(p string, data []byte) CardSource {
		tool := strings.TrimSuffix(p, ".card.json")
		return CardSource{File: File{Path: p, Data: data}, ToolPath: tool, ToolExists: true}
	}
	base := []CardSource{
		src("bin/a.card.json", card("a", `, "replaces": ["git push .* --force"]`)),
		src("bin/b.card.json", card("b", `, "replaces": ["[sudo] rm -rf .*"], "paht": "x"`)),      // two warnings, valid
		src("bin/c.card.json", card("c", `, "risk": "maybe"`)),                                    // schema error
		src("bin/d.card.json", []byte(`{"id": "d",`)),                                             // no JSON
		{File: File{Path: "bin/e.card.json", Err: ErrTooLarge}, ToolPath: "bin/e"},                // not read: not cached
		src("bin/CON.card.json", card("con", "")),                                                 // reserved-name
		src("bin/f.card.json", card("f", `, "replaces": ["`+strings.Repeat("a.{0,999}", 3)+`"]`)), // card-replaces-cost
	}
	with := func(change func(cards []CardSource) []CardSource) []CardSource {
		return change(slices.Clone(base))
	}
	steps := []struct {
		name            string
		cards           []CardSource
		checked, reused int
		peek            bool
	}{
		{name: "first validation", cards: base, checked: 7},
		{name: "nothing changed", cards: base, checked: 1, reused: 6},
		{name: "a's tool is gone", checked: 1, reused: 6, cards: with(func(c []CardSource) []CardSource {
			c[0].ToolExists = false
			return c
		})},
		{name: "a's tool leaves the repository", checked: 1, reused: 6, cards: with(func(c []CardSource) []CardSource {
			c[0].ToolExists, c[0].ToolLeaves = false, true
			return c
		})},
		{name: "a card of a's id is added", checked: 2, reused: 6, cards: append(slices.Clone(base), src("bin/z.card.json", card("a", "")))},
		{name: "the copy stays: both cached, both told", checked: 1, reused: 7, cards: append(slices.Clone(base), src("bin/z.card.json", card("a", "")))},
		{name: "a's copy is renamed", checked: 2, reused: 6, cards: append(slices.Clone(base), src("bin/y.card.json", card("a", "")))},
		{name: "b's bytes under another name", checked: 2, reused: 5, cards: with(func(c []CardSource) []CardSource {
			c[1] = src("bin/b2.card.json", c[1].Data)
			return c
		})},
		{name: "c fixed, peeked", peek: true, checked: 2, reused: 5, cards: with(func(c []CardSource) []CardSource {
			c[1] = src("bin/b2.card.json", c[1].Data)
			c[2] = src("bin/c.card.json", card("c", ""))
			return c
		})},
		{name: "the peek left the cache as it was", checked: 1, reused: 6, cards: with(func(c []CardSource) []CardSource {
			c[1] = src("bin/b2.card.json", c[1].Data)
			return c
		})},
	}
	cache := NewCache()
	var hits, misses uint64
	for _, st := range steps {
		s := &Sources{Cards: st.cards}
		var got *Result
		if st.peek {
			got = cache.Peek(s)
		} else {
			got = cache.Validate(s)
			// bin/e.card.json, which cannot be read, is checked and no miss.
			hits, misses = hits+uint64(st.reused), misses+uint64(st.checked-1)
		}
		want := Validate(s)
		if g, w := fmt.Sprint(got.Diagnostics), fmt.Sprint(want.Diagnostics); g != w {
			t.Errorf("%s: findings differ\ncached: %s\nfresh:  %s", st.name, g, w)
		}
		if !reflect.DeepEqual(got.Cards, want.Cards) {
			t.Errorf("%s: cards differ from a fresh check", st.name)
		}
		for _, c := range got.Cards {
			if i := slices.IndexFunc(st.cards, func(s CardSource) bool { return s.Path == c.Path }); st.cards[i].ToolExists != c.ToolExists {
				t.Errorf("%s: %s: ToolExists %v, the sources say %v", st.name, c.Path, c.ToolExists, st.cards[i].ToolExists)
			}
		}
		if got.CardsChecked != st.checked || got.CardsReused != st.reused {
			t.Errorf("%s: %d cards checked, %d reused; want %d and %d", st.name, got.CardsChecked, got.CardsReused, st.checked, st.reused)
		}
		if stats := cache.Stats(); stats.CardHits != hits || stats.CardMisses != misses {
			t.Errorf("%s: stats %+v, want %d card hits and %d misses", st.name, stats, hits, misses)
		}
	}
}

// TestCardKeyCoversItsInput: every field of cardInput, which is all that
// checkCard is given of a card, changes the card's key; a field added to
// cardInput fails here until cardKey digests it (and this test knows how
// to change it).
func TestCardKeyCoversItsInput(t *testing.T) {
	in := cardInput{Path: "bin/a.card.json", Data: []byte(`{"id": "a"}`), ToolPath: "bin/a"}
	key := func(in cardInput) [sha256.Size]byte {
		k, _ := cardKey(in)
		return k
	}
	v := reflect.ValueOf(in)
	for i := range v.NumField() {
		changed := in
		f := reflect.ValueOf(&changed).Elem().Field(i)
		switch f.Interface().(type) {
		case string:
			f.SetString(f.String() + "x")
		case []byte:
			f.SetBytes(append(slices.Clone(f.Bytes()), ' '))
		default:
			t.Fatalf("cardInput.%s: a field of type %s, which this test cannot change", v.Type().Field(i).Name, f.Type())
		}
		if key(changed) == key(in) {
			t.Errorf("cardInput.%s changed, and the key did not", v.Type().Field(i).Name)
		}
	}
	// Length-prefixed: moving bytes from one field to the next is another key.
	moved := cardInput{Path: in.Path + "{", Data: in.Data[1:], ToolPath: in.ToolPath}
	if key(moved) == key(in) {
		t.Error("a byte moved from Data to Path left the key as it was")
	}
}

// TestCacheGivesARenamedCardTheTreeOfItsBytes: a card at a path the cache
// does not hold, of the bytes a card that passed had (renamed, moved or
// copied), is given that card's tree, and so its strings (an escaped one,
// made by the parse, too): store keeps the search index served, which
// holds them. Its findings, which name its path and its tool, are made
// afresh: a fresh check's, the repeated key's found at each path.
func TestCacheGivesARenamedCardTheTreeOfItsBytes(t *testing.T) {
	data := []byte(`{"id": "a", "id": "a", "command": "bin/a <x>", "summary": "Says \"a\".", "intent_phrases": ["do a"],
  "effects": "Does it.", "risk": "reversible", "example": "bin/a y", "path": "p"}`)
	src := func(p string) CardSource {
		return CardSource{File: File{Path: p, Data: slices.Clone(data)}, ToolPath: strings.TrimSuffix(p, ".card.json"), ToolExists: true}
	}
	cache := NewCache()
	first := cache.Validate(&Sources{Cards: []CardSource{src("bin/a.card.json")}})
	if len(first.Cards) != 1 {
		t.Fatalf("the card did not pass: %v", first.Diagnostics)
	}
	s := &Sources{Cards: []CardSource{src("bin/b.card.json"), src("lib/c.card.json")}}
	got, want := cache.Validate(s), Validate(s)
	if g, w := fmt.Sprint(got.Diagnostics), fmt.Sprint(want.Diagnostics); g != w {
		t.Errorf("findings differ\ncached: %s\nfresh:  %s", g, w)
	}
	for _, f := range []string{"bin/b.card.json", "lib/c.card.json"} {
		tool := strings.TrimSuffix(f, ".card.json")
		for _, rule := range []string{"json-duplicate-key", "card-unknown-field"} {
			if !slices.ContainsFunc(got.Diagnostics, func(d Diagnostic) bool {
				return d.File == f && d.Rule == rule && (rule != "card-unknown-field" || strings.Contains(d.Message, `"`+tool+`"`))
			}) {
				t.Errorf("no %s finding in %s", rule, f)
			}
		}
	}
	if !reflect.DeepEqual(got.Cards, want.Cards) {
		t.Error("cards differ from a fresh check")
	}
	if len(got.Cards) != 1 || got.Cards[0].Path != "bin/b.card.json" || got.Cards[0].ToolPath != "bin/b" {
		t.Fatalf("cards %v, want bin/b's (lib/c's repeats its id)", got.Cards)
	}
	if a, b := first.Cards[0].Summary, got.Cards[0].Summary; unsafe.StringData(a) != unsafe.StringData(b) {
		t.Error("the renamed card was parsed again: its strings are not the tree's of its bytes")
	}
	if st := cache.Stats(); st.CardMisses != 3 || st.CardHits != 0 {
		t.Errorf("stats %+v: want every card at a new path checked afresh", st)
	}
}

// TestCacheKeepsNoTreeOfAFailedCard: the cache keeps a card's parsed tree
// only when the card passed; one that failed its checks keeps its findings,
// and of its tree only its id, without its bytes (checkCards compares
// that with the other cards' ids, and skips the rest).
func TestCacheKeepsNoTreeOfAFailedCard(t *testing.T) {
	good := []byte(`{"id": "a", "command": "bin/a", "summary": "Does a.", "intent_phrases": ["do a"], "effects": "Does it.", "risk": "reversible", "example": "bin/a"}`)
	bad := []byte(`{"id": "b", "command": "bin/b", "summary": "Does b.", "intent_phrases": ["do b"], "effects": "Does it.", "risk": "maybe", "example": "bin/b"}`)
	cache := NewCache()
	src := &Sources{Cards: []CardSource{
		{File: File{Path: "bin/a.card.json", Data: good}, ToolPath: "bin/a", ToolExists: true},
		{File: File{Path: "bin/b.card.json", Data: bad}, ToolPath: "bin/b", ToolExists: true},
	}}
	res, err := cache.ValidateContext(t.Context(), src)
	if err != nil || len(res.Cards) != 1 || !res.Diagnostics.HasErrors() {
		t.Fatalf("cards %d, findings %v, err %v; want a passed and b failed", len(res.Cards), res.Diagnostics, err)
	}
	if len(cache.cards) != 2 {
		t.Fatalf("%d cards cached, want 2", len(cache.cards))
	}
	for _, e := range cache.cards {
		whole := e.d != nil && (len(e.d.Root.Members) > 1 || e.d.Src != nil)
		if passed := e.c != nil; whole != passed || !passed && (len(e.diags) == 0 || e.d == nil || e.d.Root.Get("id") == nil) {
			t.Errorf("cached card %v: tree kept %v, %d findings; want a tree only for the card that passed, findings and the id alone for the other", e.c != nil, e.d != nil, len(e.diags))
		}
	}
}

// TestCacheKeepsFindingsAsListed: the cache keeps of a card's or a
// capability's findings those a validation lists (LimitPerRule: the first
// MaxPerRule of a rule in a file, and one standing for the rest), not
// every one: eight 4 MB cards of 240,000 unknown fields each, a 34 MB
// commit that passes with warnings, kept 1.9 million findings, 620 MB, in
// a daemon's cache for as long as they were served, and took it past its
// 1 GiB limit. What a validation gives is the same with and without the
// cache, and when the cache answers.
func TestCacheKeepsFindingsAsListed(t *testing.T) {
	const many = 20_000
	var fields, keys strings.Builder
	for i := range many {
		fmt.Fprintf(&fields, `, "k%d": %d`, i, i)
		if i < 5*MaxPerRule {
			fmt.Fprintf(&keys, `, "research.k%d": {"type": "bogus", "default": 1, "description": "x"}`, i)
		}
	}
	card := []byte(`{"id": "a", "command": "bin/a", "summary": "Does a.", "intent_phrases": ["do a"], "effects": "Does it.", "risk": "reversible", "example": "bin/a"` + fields.String() + `}`)
	manifest := strings.Replace(string(readTestdata(t, "capabilities/research/capability.json")), `"config": {`, `"config": {"research.k": {"type": "boolean", "default": true, "description": "x"}`+keys.String()+`,`, 1)
	src := func() *Sources {
		return &Sources{CapabilitiesDir: "capabilities",
			Capabilities: []CapabilitySource{{Folder: "research", Manifest: File{Path: "capabilities/research/capability.json", Data: []byte(manifest)}}},
			Cards:        []CardSource{{File: File{Path: "bin/a.card.json", Data: card}, ToolPath: "bin/a", ToolExists: true}}}
	}
	want := Validate(src())
	if w, e := want.Diagnostics.Count(); w+e < many {
		t.Fatalf("uncached: %d findings; want at least %d", w+e, many)
	}
	cache := NewCache()
	for _, step := range []string{"checked", "from the cache"} {
		res, err := cache.ValidateContext(t.Context(), src())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(res.Diagnostics, want.Diagnostics) {
			t.Errorf("%s: findings differ from an uncached validation's:\n got  %v\n want %v", step, res.Diagnostics, want.Diagnostics)
		}
	}
	for _, e := range cache.cards {
		if len(e.diags) > MaxPerRule+1 {
			t.Errorf("the cache keeps %d findings of the card; want at most %d", len(e.diags), MaxPerRule+1)
		}
	}
	for _, e := range cache.entries {
		if len(e.diags) > 2*(MaxPerRule+1) {
			t.Errorf("the cache keeps %d findings of the capability; want at most %d", len(e.diags), 2*(MaxPerRule+1))
		}
	}
	// Nor what it lists of them in an array holding the others.
	live := memtest.LiveMB(func() any {
		c := NewCache()
		c.Validate(src())
		return c
	})
	if live > 5 { // 2.7 MiB, the card's tree mostly; 9.2 with every finding
		t.Errorf("a cache of a card of %d findings keeps %.1f MiB alive; want at most 5", many, live)
	}
}

// TestInputKeyHoldsTheNearbyNames: the names listed for a fragment's
// did-you-mean are part of a capability's cache key, so that a file added
// beside a missing fragment is offered, not a cached finding without it;
// and a name listed is not taken for a file read of that name.
func TestInputKeyHoldsTheNearbyNames(t *testing.T) {
	manifest := File{Path: "capabilities/a/capability.json", Data: []byte(`{"id":"a"}`)}
	keys := map[[32]byte]string{}
	for name, src := range map[string]*CapabilitySource{
		"none":      {Folder: "a", Manifest: manifest},
		"one":       {Folder: "a", Manifest: manifest, Nearby: []string{"loop/x.md"}},
		"another":   {Folder: "a", Manifest: manifest, Nearby: []string{"loop/y.md"}},
		"two":       {Folder: "a", Manifest: manifest, Nearby: []string{"loop/x.md", "loop/y.md"}},
		"file read": {Folder: "a", Manifest: manifest, Files: map[string]File{"loop/x.md": {Path: "capabilities/a/loop/x.md"}}},
	} {
		k := inputKey(src)
		if other, dup := keys[k]; dup {
			t.Errorf("%s and %s share a cache key", name, other)
		}
		keys[k] = name
	}
}

// TestCacheCardOrphanFollowsSiblings: a card cached while its tool was
// missing names the file beside it the sources list now, not the one
// listed when it was cached: the files beside a card are no part of its
// key (the card is taken from the cache each time), and card-orphan's
// did-you-mean is made afresh from them, as a fresh check makes it.
func TestCacheCardOrphanFollowsSiblings(t *testing.T) {
	cache := NewCache()
	for i, st := range []struct {
		siblings []string
		hint     string // "" for none
	}{
		{[]string{"land"}, `did you mean "bin/land"?`},
		{[]string{"lnd"}, `did you mean "bin/lnd"?`},
		{nil, ""},
		{[]string{"land", "lnd"}, ""}, // equally near: none
		{[]string{"ship"}, `did you mean "bin/ship", which its command names?`},
	} {
		card := orphanCard("lnad", "bin/ship", st.siblings...)
		s := &Sources{Cards: []CardSource{card}}
		got, fresh := orphanMessage(t, cache.Validate(s)), orphanMessage(t, Validate(s))
		if got != fresh {
			t.Errorf("step %d: cached card-orphan %q, fresh %q", i, got, fresh)
		}
		if st.hint == "" && strings.Contains(got, "did you mean") || !strings.Contains(got, st.hint) {
			t.Errorf("step %d, beside %q: card-orphan %q, want %q", i, st.siblings, got, st.hint)
		}
		if r := cache.Validate(s).CardsReused; r != 1 {
			t.Errorf("step %d: validated again, %d cards reused, want 1", i, r)
		}
	}
}
