package validate

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/capreg/capreg/validate/ojson"
)

// Cache remembers the per-capability checks of the last validation, keyed by
// a digest of each capability's exact inputs (its folder, its capability.json
// and the fragment files it reads). The per-capability checks are a pure
// function of those inputs and dominate validation time, so a daemon that
// re-validates a large repository after one file changed re-checks only that
// capability; the contract and cross-file checks always run in full.
// It remembers each tool card's own checks (its JSON, fields, schema,
// replaces patterns' shape and cost) the same way, keyed by a digest of
// the card's path, its bytes and the path of its tool; the checks between
// cards (duplicate ids, ids that read alike: card-id-invisible, card-id-confusable), of the tool beside a card (card-orphan, with
// its did-you-mean from the files beside the card, CardSource.Siblings;
// reserved-name) and of the file its command runs (card-command-missing,
// tool-not-executable, from CardSource.CommandPath and what the scan found
// there) run in full each time.
//
// A Cache serialises the Validate calls made through it and keeps only the
// entries the latest call used (of those not stopped: see
// ValidateContext), so its size follows the repository. The zero
// value is an empty cache; a nil *Cache validates without caching.
type Cache struct {
	// turn holds a value for the whole of a validation (see lock): a
	// mutex that a call whose ctx ends can stop waiting for.
	turn         chan struct{}
	turnOnce     sync.Once
	entries      map[[sha256.Size]byte]cachedCheck
	cards        map[[sha256.Size]byte]cachedCard
	hits, misses atomic.Uint64
	// cardHits and cardMisses are hits and misses of cards.
	cardHits, cardMisses atomic.Uint64
	// peeking is set (holding the turn) while Peek validates: commit
	// then leaves the entries as they are.
	peeking bool
}

// lock waits for the cache's turn while ctx lasts (a POST /validate
// whose client has gone no longer waits for a rebuild to end); unlock
// gives it back.
func (c *Cache) lock(ctx context.Context) error {
	c.turnOnce.Do(func() { c.turn = make(chan struct{}, 1) })
	select {
	case c.turn <- struct{}{}:
		return nil
	case <-ctx.Done():
		return stopped(ctx)
	}
}

func (c *Cache) unlock() { <-c.turn }

// CacheStats counts capabilities checked afresh (Misses) and taken from the
// cache (Hits), and tool cards so (CardMisses, CardHits), over the life of
// a Cache.
type CacheStats struct {
	Hits, Misses         uint64
	CardHits, CardMisses uint64
}

// cachedCheck is the outcome of checkCapability for one set of inputs. The
// Capability is never handed out itself: each validation gets a copy, because
// whether it is valid also depends on the contract of that validation.
type cachedCheck struct {
	c     *Capability
	diags Diagnostics
}

// cachedCard is the outcome of checkCard for one set of inputs: the card
// parsed and the card, when it passed (both nil when not), and the
// findings. The Card is never handed out itself: each
// validation gets a copy, with ToolExists as its sources say.
type cachedCard struct {
	d     *doc
	c     *Card
	diags Diagnostics
	// content is the digest of the card's bytes, and errs what parsing
	// them found besides the tree (a card that passed may repeat a key):
	// a card of the same bytes at another path is given the tree of one
	// that passed (lookups.parsedAs).
	content [sha256.Size]byte
	errs    []ojson.Error
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{} }

// Stats reports the cache's hit and miss counts. It does not wait for a
// validation in progress.
func (c *Cache) Stats() CacheStats {
	if c == nil {
		return CacheStats{}
	}
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), CardHits: c.cardHits.Load(), CardMisses: c.cardMisses.Load()}
}

// Validate is the package-level Validate, reusing the per-capability checks of
// the previous call for capabilities whose inputs are byte-for-byte the same.
// Diagnostics, capabilities, contract and cards are those Validate(src) gives;
// only Result.Checked and Result.Reused tell the two apart.
func (c *Cache) Validate(src *Sources) *Result {
	res, _ := c.ValidateContext(context.Background(), src) // never stopped
	return res
}

// ValidateContext is Validate stopped when ctx ends, as the package-level
// ValidateContext is, also while it waits for another call's validation.
// A validation stopped leaves the cache as it was: the checks of the
// capabilities it did check are not kept.
func (c *Cache) ValidateContext(ctx context.Context, src *Sources) (*Result, error) {
	return c.validateTurn(ctx, src, false)
}

// Peek is Validate without remembering anything: it takes the cached checks
// it can use but leaves the cache as it was. It is for validating a change
// that is only proposed (POST /validate): committing it would replace the
// repository's checks by the proposal's, and the next rebuild (or a
// proposal deleting every capability) would check everything afresh.
func (c *Cache) Peek(src *Sources) *Result {
	res, _ := c.PeekContext(context.Background(), src) // never stopped
	return res
}

// PeekContext is Peek stopped when ctx ends, as ValidateContext is: for a
// POST /validate whose client has gone.
func (c *Cache) PeekContext(ctx context.Context, src *Sources) (*Result, error) {
	return c.validateTurn(ctx, src, true)
}

// validateTurn validates src holding the cache's turn (a nil cache
// validates with none); peek leaves the cache as it was (Peek).
func (c *Cache) validateTurn(ctx context.Context, src *Sources, peek bool) (*Result, error) {
	if c == nil {
		return validate(ctx, src, nil)
	}
	if err := c.lock(ctx); err != nil {
		return nil, err
	}
	defer c.unlock()
	c.peeking = peek
	defer func() { c.peeking = false }()
	return validate(ctx, src, c)
}

// lookups are one validation's keys, which of them the cache held, and the
// outcomes of the others. The checks run in parallel: each fills only its own
// slot and reads the cache without a lock, which is safe because the cache
// changes only in commit, after them all.
type lookups struct {
	keys  [][sha256.Size]byte
	hits  []bool
	fresh []cachedCheck
	// cards are the lookups of tool cards (checkCards), in the order
	// checked; a card that could not be read is not looked up.
	cards []cardLookup
	// parsed are the cards that passed, of the cache and checked afresh,
	// by the digest of their bytes (parsedAs); made at the first card
	// the cache does not hold.
	parsed map[[sha256.Size]byte]*cachedCard
}

// cardLookup is one card's key, whether the cache held it, and the outcome
// of its checks otherwise.
type cardLookup struct {
	key   [sha256.Size]byte
	hit   bool
	fresh cachedCard
}

// prepare makes room for the lookups of n capabilities; a nil cache needs none.
func (c *Cache) prepare(n int) *lookups {
	if c == nil {
		return nil
	}
	return &lookups{
		keys:  make([][sha256.Size]byte, n),
		hits:  make([]bool, n),
		fresh: make([]cachedCheck, n),
	}
}

// check returns a copy of the cached outcome for capability i, or runs
// checkCapability and records its outcome, before any contract check adds to
// s or marks the capability valid.
func (c *Cache) check(l *lookups, i int, src *CapabilitySource, s *sink) *Capability {
	if c == nil {
		return checkCapability(src, s)
	}
	l.keys[i] = inputKey(src)
	if e, ok := c.entries[l.keys[i]]; ok {
		l.hits[i] = true
		s.diags = append(s.diags, e.diags...)
		return shallowCopy(e.c)
	}
	checked := checkCapability(src, s)
	// Kept as listed: a capability of thousands of findings of a rule
	// would otherwise keep them all for as long as it is served.
	s.diags = keepListed(s.diags)
	l.fresh[i] = cachedCheck{c: shallowCopy(checked), diags: s.diags}
	return checked
}

// shallowCopy gives a validation its own Capability (for its valid flag)
// sharing the checked, never-mutated parts.
func shallowCopy(c *Capability) *Capability {
	if c == nil {
		return nil
	}
	cp := *c
	return &cp
}

// card returns the outcome of checkCard for the card src, which was read
// (src.Err is nil): a copy of the cached one, or checkCard's, recorded.
// Its findings are added to s. The Card, when the card passed, is the
// validation's own, with ToolExists from src.
func (c *Cache) card(l *lookups, src *CardSource, s *sink) (*doc, *Card) {
	in := cardInput{Path: src.Path, Data: src.Data, ToolPath: src.ToolPath}
	var e cachedCard
	if c == nil {
		e.d, e.c = checkCard(in, s)
	} else {
		var lk cardLookup
		lk.key, e.content = cardKey(in)
		if hit, ok := c.cards[lk.key]; ok {
			lk.hit, e = true, hit
			s.diags = append(s.diags, e.diags...)
		} else {
			e = l.checkCard(c, in, e.content)
			s.diags = append(s.diags, e.diags...)
			lk.fresh = e
		}
		l.cards = append(l.cards, lk)
	}
	if e.c == nil {
		if e.d == nil || e.d.Src != nil {
			return e.d, nil
		}
		d := *e.d // its id alone, of the bytes of src (of one key)
		d.Src = src.Data
		return &d, nil
	}
	cp := *e.c
	cp.ToolExists = src.ToolExists
	return e.d, &cp
}

// checkCard is checkCard's outcome for the card in, not in the cache,
// whose bytes digest to content. A card of bytes parsed before at another
// path (renamed, moved, copied) is given their tree, on the bytes it
// points into (equal to in.Data): its strings are those the served search
// index holds, which the next one then shares (store's shareSearch). Its
// findings are made afresh, as they name its path and its tool.
func (l *lookups) checkCard(c *Cache, in cardInput, content [sha256.Size]byte) cachedCard {
	e := cachedCard{content: content}
	parse := ojson.ParseShared
	same := l.parsedAs(c, content)
	if same != nil {
		in.Data = same.d.Src
		parse = func([]byte) (ojson.Value, []ojson.Error) { return same.d.Root, slices.Clone(same.errs) }
	}
	own := &sink{}
	// checkCardParsed calls it once, on in.Data: a text it reads past
	// its slips is parsed by mendDoc, and fails.
	e.d, e.c = checkCardParsed(in, func(data []byte) (ojson.Value, []ojson.Error) {
		v, errs := parse(data)
		e.errs = slices.Clone(errs)
		return v, errs
	}, own)
	if e.c == nil {
		// A card that failed is skipped (checkCards), but for its id: its
		// tree would be kept for nothing.
		e.d, e.errs = failedCardIDDoc(e.d, own.diags), nil
	}
	e.diags = keepListed(own.diags) // as check keeps a capability's
	if e.c != nil && same == nil {
		l.parsed[content] = &e // a copy of this card is given its tree
	}
	return e
}

// parsedAs returns the entry of a card that passed whose bytes digest to
// content, of those the cache holds or this validation checked afresh,
// or nil.
func (l *lookups) parsedAs(c *Cache, content [sha256.Size]byte) *cachedCard {
	if l.parsed == nil {
		l.parsed = map[[sha256.Size]byte]*cachedCard{}
		for _, e := range c.cards {
			if e.c != nil {
				l.parsed[e.content] = &e
			}
		}
	}
	return l.parsed[content]
}

// commit replaces the entries by those of this validation: the hits as they
// were, the misses with their fresh outcome. It returns the number of hits,
// of capabilities and of cards.
func (c *Cache) commit(l *lookups) (hits, cardHits int) {
	if c == nil {
		return 0, 0
	}
	for _, lk := range l.cards {
		if lk.hit {
			cardHits++
		}
	}
	if c.peeking {
		for _, hit := range l.hits {
			if hit {
				hits++
			}
		}
		return hits, cardHits
	}
	next := make(map[[sha256.Size]byte]cachedCheck, len(l.keys))
	for i, k := range l.keys {
		if l.hits[i] {
			next[k] = c.entries[k]
			hits++
		} else {
			next[k] = l.fresh[i]
		}
	}
	c.entries = next
	cards := make(map[[sha256.Size]byte]cachedCard, len(l.cards))
	for _, lk := range l.cards {
		if lk.hit {
			cards[lk.key] = c.cards[lk.key]
		} else {
			cards[lk.key] = lk.fresh
		}
	}
	c.cards = cards
	c.hits.Add(uint64(hits))
	c.misses.Add(uint64(len(l.keys) - hits))
	c.cardHits.Add(uint64(cardHits))
	c.cardMisses.Add(uint64(len(l.cards) - cardHits))
	return hits, cardHits
}

// cardSchemaDigest digests the card schema, which checkCard reads too. It
// is embedded, so one process (a Cache's life) sees one: in the key, it
// keeps the key whole should the schema ever be read from elsewhere.
var cardSchemaDigest = func() [sha256.Size]byte {
	data, _ := SchemaJSON("card")
	return sha256.Sum256(data)
}()

// cardKey digests everything checkCard reads: in, which is all it is
// given of a card, and the card schema; content is the digest of in.Data
// alone, which the key digests. Each piece is length-prefixed, so that no
// two different inputs share a key. Whether the tool is there
// (ToolExists, ToolLeaves), the files beside the card (Siblings, Loose), and
// the file the command runs (CommandPath, CommandFound, CommandNearby,
// CommandNotExecutable),
// are not in it: checkCard is not given them, and the findings of them
// are made afresh each validation (checkCards).
func cardKey(in cardInput) (key, content [sha256.Size]byte) {
	content = sha256.Sum256(in.Data)
	var k keyHash
	k.put(cardSchemaDigest[:])
	k.put([]byte(in.Path))
	k.putDigest(content)
	k.put([]byte(in.ToolPath))
	return k.sum(), content
}

// keyHash digests the pieces of a cache key, each length-prefixed, so that
// no two different sequences of pieces share a digest.
type keyHash struct {
	h hash.Hash
	n [8]byte
	d [sha256.Size]byte // a digest put (putDigest), or the sum
}

// put adds one piece.
func (k *keyHash) put(b []byte) {
	if k.h == nil {
		k.h = sha256.New()
	}
	binary.LittleEndian.PutUint64(k.n[:], uint64(len(b)))
	k.h.Write(k.n[:])
	k.h.Write(b)
}

// putDigest adds one piece, a digest, copied into k (where put's length
// prefix is), as a digest of the caller's would escape to the heap.
func (k *keyHash) putDigest(d [sha256.Size]byte) {
	k.d = d
	k.put(k.d[:])
}

// sum is the digest of the pieces put.
func (k *keyHash) sum() [sha256.Size]byte {
	k.h.Sum(k.d[:0]) // in k, which is on the heap: a digest of sum's own would be too
	return k.d
}

// inputKey digests everything checkCapability reads of a capability. Each
// piece is length-prefixed and a file's error is marked present or absent,
// so that no two different inputs share a key.
func inputKey(src *CapabilitySource) [sha256.Size]byte {
	var k keyHash
	file := func(f File) {
		k.put([]byte(f.Path))
		k.put(f.Data)
		if f.Err != nil {
			k.put([]byte{1})
			k.put([]byte(f.Err.Error()))
		} else {
			k.put([]byte{0})
		}
	}
	k.put([]byte(src.Folder))
	file(src.Manifest)
	names := make([]string, 0, len(src.Files))
	for name := range src.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		k.put([]byte(name))
		file(src.Files[name])
	}
	k.put([]byte{byte(len(src.Nearby) >> 8), byte(len(src.Nearby))}) // apart from the files
	for _, name := range src.Nearby {
		k.put([]byte(name))
	}
	return k.sum()
}
