package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/capreg/capreg/internal/tight"
	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Artifact file names written by `capreg gen`.
const (
	RegistryFile  = "capability-registry.json"
	ContractFile  = "loop-host-contract.json"
	ToolIndexFile = "tool-index.json"
)

// Options control a build.
type Options struct {
	ScanOptions
	// Strict turns every warning into an error (config-key-pending-migration
	// among them).
	Strict bool
	// Cache, when set, carries per-capability validation from one Load to
	// the next, so that a rebuild re-checks only what changed. The watcher
	// keeps one; a one-shot check needs none.
	Cache *validate.Cache
	// Previous, when set, is the snapshot built before from the same
	// Cache (the one served): the registry artifact copies the pieces of
	// it that belong to capabilities the cache gave back unchanged
	// instead of encoding them again (a quarter of a rebuild), and, with
	// a Cache, the new snapshot shares its bytes of the files that did
	// not change, so that a daemon does not hold them twice. The watcher
	// sets it; the result is the same without it.
	Previous *Snapshot
	// Program, when set, names the program that serves the snapshot
	// (capreg serve gives a hash of its executable) and is part of the
	// Digest, and so of every ETag: what a snapshot answers depends on
	// the code as much as on the repository (a search ranking, a render,
	// a field added), so two builds of capreg serving one checkout, as in
	// a rolling update, must not give one strong tag to different bodies,
	// nor a client's cache keep the old answer (a 304) after the upgrade.
	// Replicas of one image still agree.
	Program string

	// built is the Sources of the last build with Cache, served or not
	// (the watcher's): the Cache's documents of the files it held then
	// point into those bytes, where Previous's are those of the last
	// build served. Load shares them, when set, before Previous's
	// (shareBytes): else a build rejected (a first one failing, or a
	// card edited while the repository had errors) left each card it
	// parsed held twice, its tree on that build's bytes and the next
	// snapshot's Sources a copy.
	built *validate.Sources
	// committed, when set with a Cache, is called with the sources once
	// the Cache has taken their checks, whether or not Load then
	// finishes: the bytes its documents now point into, which the
	// watcher gives the next build as built. A Load stopped while it
	// built the registry, after that, had left the Cache on bytes no
	// later build shared.
	committed func(*validate.Sources)
}

// Snapshot is one immutable, fully built view of a repository. Nothing in it
// changes once it is published: Build and Load return it finished, but for
// what the Watcher sets before it serves one (its Generation, the bytes
// and search index it shares with the snapshot served) or before it
// refuses one (a repository found emptied after it served something, a
// re-clone in progress: Registry nil and an error among the Diagnostics).
// So any number of readers may share it.
//
// A Snapshot is made by Build or Load, and used through the pointer they
// return. The zero value, or one assembled field by field, is not usable:
// SearchIndex, Commands, SearchTools and Overlay read what Build derives
// (the sources, the registry, the validation result) and panic without it.
type Snapshot struct {
	// Sources are the inputs the snapshot was built from (POST /validate
	// overlays a proposed change on them).
	Sources *validate.Sources
	Result  *validate.Result
	Strict  bool // warnings counted as errors
	// Diagnostics are Result.Diagnostics, warnings made errors when
	// Strict: what the gate, the API and every verb report.
	Diagnostics validate.Diagnostics
	// Registry is nil when the repository has errors.
	Registry *Registry
	// Artifacts maps the registry's and the contract's file names to
	// their bytes (2-space JSON, trailing newline, line ends in strings as
	// an LF checkout writes them: the bytes gen --write writes); empty
	// when the repository has errors. tool-index.json is not held: it is
	// made when asked for (Artifact), as it is the size of the cards'
	// files and nothing served reads it.
	Artifacts map[string][]byte
	// Digest identifies the content: a hash of the artifacts (and of
	// Options.Program, when set), so replicas of one program reading the
	// same checkout agree on it (it is the HTTP ETag).
	Digest string
	// Generation is set by the Watcher, 1 for the first snapshot it
	// serves, before any reader sees the snapshot; 0 from Build and Load
	// (a program serving snapshots through an api.Source of its own sets
	// it so too).
	Generation uint64
	Revision   string // git HEAD when the repository is a git checkout
	BuiltAt    time.Time
	Root       string   // real path of the repository
	Dirs       []string // directories walked (for the watcher)
	Named      []string // inputs named by path, absolute (for the watcher: Input.Named)
	Read       []string // real paths of the files read, sorted (for the watcher: Input.Read)
	// Tree is what the scan saw of the repository besides its inputs (which
	// paths exist), so that POST /validate judges a change as a rescan
	// would; nil for a snapshot made by Build.
	Tree *Tree

	// cache is the per-capability validation cache the snapshot was built
	// with (the watcher's), which Check reuses.
	cache *validate.Cache

	// pieces are where the registry artifact holds each capability's
	// parts, for the next build to copy; nil without a Cache.
	pieces *registryPieces
	// fragments are the fragment paths the scan found, by declaration
	// digest, for the next scan (fragmentMemo); nil without a Cache.
	fragments map[[sha256.Size]byte][]string

	// toolIndexSize is the length of tool-index.json, counted as the
	// digest was taken (0 when the repository has errors), toolIndexSum
	// its SHA-256, which the digest hashes (the next build's, when its
	// cards are the same: toolIndexDigest), and toolIndex the bytes, made
	// on the first Artifact(ToolIndexFile).
	toolIndexSize int
	toolIndexSum  [sha256.Size]byte
	toolIndexOnce sync.Once
	toolIndex     []byte

	searchOnce sync.Once
	search     *search.Index

	commandsOnce sync.Once
	commands     *cmdline.Matcher

	// The ids a 404's "did you mean" is compared with (MeantCapability,
	// MeantCard), sorted on the first 404 of their kind: a copy sorted
	// for each one made 160 KiB of garbage on 10,000 capabilities.
	capabilityIDsOnce sync.Once
	capabilityIDs     []string
	cardIDsOnce       sync.Once
	cardIDs           []string

	attachMu sync.Mutex
	attached map[any]*attachment // see Attach
}

// attachment is one reader's value of Snapshot.Attach, derived once: done
// is set when a derive has returned (value is then final), not by one that
// panicked, which a sync.Once would have spent, leaving nil for every later
// caller.
type attachment struct {
	mu    sync.Mutex
	done  atomic.Bool
	value any
}

// Attach returns what derive returns for the first caller of key, to every
// caller of key: what a reader derives from the snapshot once and keeps
// while the snapshot is served (the API's encoded responses). Kept here, it
// is garbage as soon as the snapshot is; kept by the reader, it would hold
// a replaced snapshot and all that was derived from it until the reader
// next looked, which for a daemon asked only by probes is the next
// rebuild, then made with three registries in memory instead of two.
//
// key must be comparable, and is best a value of an unexported type of
// the reader's package, as a context.Context key is, so that readers
// cannot collide. Callers of one key wait for its first derive; callers of
// other keys do not, so a derive may attach other keys. A derive that
// panics settles nothing: the panic is its caller's, and the next caller of
// key derives again. A derive must not attach its own key: it would wait
// for itself, as a sync.Once whose function calls Do does (a goroutine
// cannot tell its own wait from another's).
func (s *Snapshot) Attach(key any, derive func() any) any {
	s.attachMu.Lock()
	a := s.attached[key]
	if a == nil {
		if s.attached == nil {
			s.attached = map[any]*attachment{}
		}
		a = &attachment{}
		s.attached[key] = a
	}
	s.attachMu.Unlock()
	if a.done.Load() {
		return a.value
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.done.Load() {
		a.value = derive()
		a.done.Store(true)
	}
	return a.value
}

// Artifact returns the bytes of the generated file name (one of
// ArtifactNames): those gen --write writes, nil when the repository has
// errors or for another name. tool-index.json is encoded from the cards on
// the first call for it, and kept: a daemon, which serves the registry and
// the contract but not the tool index, never holds it, where it held a
// copy of every card's text (30 MB at 3,900 cards of 8 KB).
func (s *Snapshot) Artifact(name string) []byte {
	if b, ok := s.Artifacts[name]; ok || name != ToolIndexFile {
		return b // a tool index in Artifacts is one a caller put there
	}
	s.toolIndexOnce.Do(func() {
		if s.toolIndexSize == 0 || s.Result == nil {
			return
		}
		b := bytes.NewBuffer(make([]byte, 0, s.toolIndexSize))
		_, _ = writeToolIndex(b, s.Result.Cards) // a bytes.Buffer's Write fails never
		s.toolIndex = b.Bytes()
	})
	return s.toolIndex
}

// SearchIndex returns the tool-card search index, built on first use (the
// gate never needs it; the daemon builds it before serving the snapshot).
// The index's cards are Result.Cards in the same order. SearchTools is the
// search itself.
func (s *Snapshot) SearchIndex() *search.Index {
	s.searchOnce.Do(func() { s.search = search.Build(s.searchCards()) })
	return s.search
}

// Commands returns the matcher of the tool cards' replaces patterns,
// compiled on first use, as SearchIndex is built. Its card indexes are those
// of Result.Cards.
func (s *Snapshot) Commands() *cmdline.Matcher {
	s.commandsOnce.Do(func() {
		cards := make([]cmdline.Card, len(s.Result.Cards))
		for i, c := range s.Result.Cards {
			cards[i] = cmdline.Card{ID: c.ID, Replaces: c.Replaces}
		}
		s.commands = cmdline.Compile(cards)
	})
	return s.commands
}

// MeantCapability returns the id of the capability most likely meant by
// id, which names none (a typo: "reserch"), for a "did you mean"; "" when
// none is near (see validate.MeantID) or the snapshot has no registry
// (or is nil).
func (s *Snapshot) MeantCapability(id string) string {
	if s == nil || s.Registry == nil {
		return ""
	}
	s.capabilityIDsOnce.Do(func() {
		s.capabilityIDs = sortedIDs(s.Registry.Capabilities, func(c *validate.Capability) string { return c.ID })
	})
	return validate.MeantID(id, s.capabilityIDs)
}

// MeantCard is MeantCapability for the ids of the tool cards.
func (s *Snapshot) MeantCard(id string) string {
	if s == nil || s.Result == nil {
		return ""
	}
	s.cardIDsOnce.Do(func() {
		s.cardIDs = sortedIDs(s.Result.Cards, func(c *validate.Card) string { return c.ID })
	})
	return validate.MeantID(id, s.cardIDs)
}

// sortedIDs is the ids of items, sorted so that a tie of a "did you mean"
// names the same one whatever the scan order.
func sortedIDs[T any](items []T, idOf func(T) string) []string {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = idOf(it)
	}
	slices.Sort(ids)
	return ids
}

// VocabularyBoundNote says that tool search left words of s's cards
// out, its vocabulary at its bound, or returns false when it left none:
// the sentence serve's log (the watcher's warning) and capreg tools
// search's note on stderr both give, so that the two say it alike.
func (s *Snapshot) VocabularyBoundNote() (string, bool) {
	note, _, ok := vocabularyBoundNote(s, s.SearchIndex())
	return note, ok
}

// vocabularyBoundNote is VocabularyBoundNote for ix, snap's search index
// (or one a test built of its cards), and the file of the card named:
// the first, in id order, that had a word left out. Those words find
// nothing. The count and bound are search.Bound's.
func vocabularyBoundNote(snap *Snapshot, ix *search.Index) (note, file string, ok bool) {
	b, ok := ix.VocabularyBound()
	if !ok {
		return "", "", false
	}
	if b.Card < len(snap.Result.Cards) {
		file = snap.Result.Cards[b.Card].Path
	}
	return fmt.Sprintf("tool search's vocabulary reached its bound (%d distinct terms): %s of %s and the cards after it in id order are not indexed, and find nothing",
		b.MaxTerms, validate.Plural(b.Left, "word"), file), file, true
}

// logVocabularyBound warns, on log, of the words ix (snap's search
// index) left out, its vocabulary having reached its bound
// (search.DefaultMaxTerms), in VocabularyBoundNote's words, with the file,
// the bound and the count as attributes for a log pipeline. It is no
// diagnostic: the gate's check does not build the index. It says so only
// when prev, the registry served until now (or nil), said otherwise: an
// edit of a capability or a workflow rebuilds with the same cards and
// would repeat the warning at every save, while the gauge
// capreg_search_words_left_out keeps telling it. An index back under its
// bound is told once, at info.
func logVocabularyBound(log *slog.Logger, prev, snap *Snapshot, ix *search.Index) {
	note, file, ok := vocabularyBoundNote(snap, ix)
	prevNote, prevOK := "", false
	if prev != nil {
		prevNote, prevOK = prev.VocabularyBoundNote()
	}
	switch {
	case ok && (!prevOK || note != prevNote):
		b, _ := ix.VocabularyBound()
		log.Warn(note, "file", file, "max_terms", b.MaxTerms, "words_left_out", b.Left)
	case !ok && prevOK:
		log.Info("tool search's vocabulary is under its bound again: every card's words are indexed")
	}
}

func (s *Snapshot) searchCards() []search.Card {
	cards := make([]search.Card, len(s.Result.Cards))
	for i, c := range s.Result.Cards {
		c, _, _ := c.SearchText() // bounded (validate.CardSearchText)
		cards[i] = search.Card{ID: c.ID, Command: c.Command, Summary: c.Summary, IntentPhrases: c.IntentPhrases,
			Replaces: c.Replaces, Effects: c.Effects, Risk: c.Risk, Example: c.Example}
	}
	return cards
}

// shareSearch gives s the search index and the command matcher of prev
// when both have the same cards, as after an edit that touched only
// capabilities or workflows: both are pure functions of the cards, and
// the index costs a quarter of a second to build for 10,000 of them. When
// s has prev's cards in another order (a card renamed or moved to sort
// elsewhere), s is given prev's index reordered (search.Index.Reordered),
// which answers as one built of s's cards, and prev's matcher reordered
// (cmdline.Matcher.Reordered) likewise. It must be called before s is
// published.
//
// The same cards are the same strings, in memory as well as in value
// (sameCard): the index and the matcher keep the cards' strings, which
// point into the bytes of the card files (ojson.ParseShared; a stem is
// its word's bytes), so an index shared with cards of the same search
// text in other bytes (a card reformatted, or edited in a field search
// does not read) held the old files' bytes beside the new ones s holds,
// for as long as no card's search text changed: every card twice after
// a reformatting commit. s builds its own then, as after a card's edit.
// A capability's edit gives the cards the Cache kept, the very strings
// prev's are, a card renamed or moved is given the tree of its bytes at
// its old path, and a card put back as prev holds it is parsed over
// prev's bytes (Load): all share.
func (s *Snapshot) shareSearch(prev *Snapshot) {
	if prev == nil || len(prev.Result.Cards) != len(s.Result.Cards) {
		return
	}
	from, ok := reordering(prev.searchCards(), s.searchCards())
	switch {
	case !ok:
	case from == nil:
		s.searchOnce.Do(func() { s.search = prev.SearchIndex() })
		s.commandsOnce.Do(func() { s.commands = prev.Commands() })
	default:
		if ix := prev.SearchIndex().Reordered(from); ix != nil { // nil: cards of one id reordered
			s.searchOnce.Do(func() { s.search = ix })
		}
		if m := prev.Commands().Reordered(from); m != nil {
			s.commandsOnce.Do(func() { s.commands = m })
		}
	}
}

// reordering reports whether now are the cards of old (the same strings,
// sameCard), and in which order: nil when in old's, else the place in old
// of each card of now.
func reordering(old, now []search.Card) (from []int, ok bool) {
	if slices.EqualFunc(old, now, sameCard) {
		return nil, true
	}
	byID := make(map[string][]int, len(old)) // places in old not yet taken
	for i, c := range old {
		byID[c.ID] = append(byID[c.ID], i)
	}
	from = make([]int, len(now))
	for i, c := range now {
		places := byID[c.ID]
		j := slices.IndexFunc(places, func(o int) bool { return sameCard(old[o], c) })
		if j < 0 {
			return nil, false
		}
		from[i] = places[j]
		byID[c.ID] = slices.Delete(places, j, j+1)
	}
	return from, true
}

// shareBytes makes src hold, for each file whose content did not change,
// the byte slice of the first of from that read that content at that path
// (a nil one is skipped), and for a file at a path none of from read (a
// file renamed or moved), the byte slice of one that read the same
// content anywhere. The validation cache keeps the parsed documents
// of unchanged capabilities and cards, which point into the bytes first
// read (a card renamed is given the tree of its old path's bytes);
// without this the daemon would hold every unchanged file twice (about
// 20 MB at 10,000 capabilities). Load calls it, with a Cache, on the
// sources it scanned, before it validates them. The froms are only read:
// they may be served.
func shareBytes(src *validate.Sources, from ...*validate.Sources) {
	if src == nil {
		return
	}
	olds := readBytes(from)
	if len(olds) == 0 {
		return
	}
	var byContent map[string][]byte // made at the first new path
	same := func(f validate.File) ([]byte, bool) {
		if f.Err != nil {
			return nil, false
		}
		known := false
		for _, old := range olds {
			d, ok := old[f.Path]
			if ok && bytes.Equal(d, f.Data) {
				return d, true
			}
			known = known || ok
		}
		if known || len(f.Data) == 0 {
			return nil, false
		}
		if byContent == nil {
			byContent = map[string][]byte{}
			for _, old := range slices.Backward(olds) { // the first's, of equal files
				for _, d := range old {
					if len(d) > 0 {
						byContent[unsafe.String(unsafe.SliceData(d), len(d))] = d // bytes nothing writes
					}
				}
			}
		}
		d, ok := byContent[unsafe.String(unsafe.SliceData(f.Data), len(f.Data))]
		return d, ok
	}
	for _, f := range files(src) {
		if d, ok := same(*f); ok {
			f.Data = d
		}
	}
	for _, c := range src.Capabilities {
		for name, f := range c.Files {
			if d, ok := same(f); ok {
				f.Data = d
				c.Files[name] = f
			}
		}
	}
}

// readBytes is, for each distinct one of from (nil skipped), the bytes
// it read by path, files that could not be read left out: what shareBytes
// looks a file's content up in, in from's order, so the first wins.
func readBytes(from []*validate.Sources) []map[string][]byte {
	var olds []map[string][]byte
	for i, prev := range from {
		if prev == nil || slices.Contains(from[:i], prev) {
			continue // the watcher's last build is most often the one served
		}
		old := map[string][]byte{}
		remember := func(f validate.File) {
			if f.Err == nil {
				old[f.Path] = f.Data
			}
		}
		for _, f := range files(prev) {
			remember(*f)
		}
		for _, c := range prev.Capabilities {
			for _, f := range c.Files {
				remember(f)
			}
		}
		olds = append(olds, old)
	}
	return olds
}

// files lists pointers to the files of src outside the capabilities'
// Files maps (whose values cannot be addressed).
func files(src *validate.Sources) []*validate.File {
	var out []*validate.File
	for i := range src.Capabilities {
		out = append(out, &src.Capabilities[i].Manifest)
	}
	for i := range src.Workflows {
		out = append(out, &src.Workflows[i])
	}
	for i := range src.Cards {
		out = append(out, &src.Cards[i].File)
	}
	if src.ConfigSchema != nil {
		out = append(out, src.ConfigSchema)
	}
	return out
}

// sources is s's Sources, or nil for no snapshot.
func (s *Snapshot) sources() *validate.Sources {
	if s == nil {
		return nil
	}
	return s.Sources
}

// sameCard reports whether two cards are the same strings: of the same
// length at the same address (sameString), not only equal (shareSearch).
func sameCard(a, b search.Card) bool {
	return sameString(a.ID, b.ID) && sameString(a.Command, b.Command) && sameString(a.Summary, b.Summary) &&
		slices.EqualFunc(a.IntentPhrases, b.IntentPhrases, sameString) && slices.EqualFunc(a.Replaces, b.Replaces, sameString) &&
		sameString(a.Effects, b.Effects) && sameString(a.Risk, b.Risk) && sameString(a.Example, b.Example)
}

// sameString reports whether a and b are one string in memory: equal, and
// for a non-empty one, its bytes at the same address.
func sameString(a, b string) bool {
	return len(a) == len(b) && (a == "" || unsafe.StringData(a) == unsafe.StringData(b))
}

// sameAs reports whether s shows readers nothing prev does not: the same
// sources (validation is a pure function of them, so the same registry,
// digest and diagnostics), read from the same root at the same revision,
// with the same tree for POST /validate to judge changes by. The watcher
// then keeps prev, and its generation. A nil prev is never the same.
func (s *Snapshot) sameAs(prev *Snapshot) bool {
	return prev != nil && s.Digest == prev.Digest && s.Strict == prev.Strict &&
		s.Revision == prev.Revision && s.Root == prev.Root &&
		slices.Equal(s.Diagnostics, prev.Diagnostics) &&
		s.Tree.same(prev.Tree) && sameSources(s.Sources, prev.Sources)
}

// sameSources reports whether two scans read the same inputs.
func sameSources(a, b *validate.Sources) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.CapabilitiesDir == b.CapabilitiesDir &&
		slices.Equal(a.WorkflowRoots, b.WorkflowRoots) && slices.Equal(a.CardRoots, b.CardRoots) &&
		slices.Equal(a.Diagnostics, b.Diagnostics) &&
		slices.EqualFunc(a.Capabilities, b.Capabilities, sameCapability) &&
		slices.EqualFunc(a.Workflows, b.Workflows, sameFile) &&
		slices.EqualFunc(a.Cards, b.Cards, func(x, y validate.CardSource) bool {
			return sameFile(x.File, y.File) && x.ToolPath == y.ToolPath && x.ToolExists == y.ToolExists && x.ToolLeaves == y.ToolLeaves &&
				slices.Equal(x.Siblings, y.Siblings) && slices.Equal(x.Loose, y.Loose) // card-orphan names one
		}) &&
		a.ConfigSchemaFrom == b.ConfigSchemaFrom && slices.Equal(a.ConfigSchemaFound, b.ConfigSchemaFound) &&
		a.ConfigSchemaSetting == b.ConfigSchemaSetting && // config-schema-ambiguous names it
		slices.Equal(a.StrayDeclarations, b.StrayDeclarations) && slices.Equal(a.MisnamedCards, b.MisnamedCards) &&
		slices.Equal(a.Packages, b.Packages) && slices.Equal(a.OwnRepositories, b.OwnRepositories) &&
		slices.Equal(a.SkippedDirs, b.SkippedDirs) && // point-uncovered and contract-missing name them
		slices.EqualFunc(a.LinkTexts, b.LinkTexts, sameFile) &&
		sameOptionalFile(a.ConfigSchema, b.ConfigSchema) &&
		// capreg.json places findings about the paths it names (POST
		// /validate's too): its bytes are an input as well.
		sameOptionalFile(a.RepoConfig, b.RepoConfig)
}

// sameOptionalFile is sameFile of two files either of which may be
// absent (nil): both absent, or both there and the same.
func sameOptionalFile(a, b *validate.File) bool {
	if a == nil || b == nil {
		return a == b
	}
	return sameFile(*a, *b)
}

func sameCapability(a, b validate.CapabilitySource) bool {
	return a.Folder == b.Folder && sameFile(a.Manifest, b.Manifest) && maps.EqualFunc(a.Files, b.Files, sameFile)
}

// sameFile compares what was read: the bytes, or the error instead.
func sameFile(a, b validate.File) bool {
	if a.Path != b.Path || !bytes.Equal(a.Data, b.Data) || (a.Err == nil) != (b.Err == nil) {
		return false
	}
	return a.Err == nil || a.Err.Error() == b.Err.Error()
}

// same reports whether two scans saw the same tree; nil is a tree not
// recorded.
func (t *Tree) same(u *Tree) bool {
	if t == nil || u == nil {
		return t == u
	}
	return t.root == u.root && t.capDirNamed == u.capDirNamed &&
		maps.Equal(t.entries, u.entries) && maps.Equal(t.listed, u.listed) && maps.Equal(t.aliases, u.aliases) &&
		maps.EqualFunc(t.links, u.links, slices.Equal[[]string])
}

// Check validates sources derived from the snapshot (a proposed change, see
// Overlay) and returns what a build of them would report, strict as the
// snapshot is. It reuses the per-capability checks of the cache the
// snapshot was built with, so only the capabilities the change touches are
// checked afresh, without replacing the repository's checks in the cache by
// the proposal's (Cache.Peek), and it builds no registry: at 10,000 capabilities that
// is the difference between one capability and all of them. Calls wait for
// one another, and for a rebuild using the same cache.
func (s *Snapshot) Check(src *validate.Sources) validate.Diagnostics {
	diags, _ := s.CheckContext(context.Background(), src) // never stopped
	return diags
}

// CheckContext is Check stopped when ctx ends (validate.ValidateContext),
// also while it waits for another call or a rebuild: it then returns no
// diagnostics and an error wrapping ctx.Err(). POST /validate stops so
// when its client has gone.
func (s *Snapshot) CheckContext(ctx context.Context, src *validate.Sources) (validate.Diagnostics, error) {
	res, err := s.cache.PeekContext(ctx, src)
	if err != nil {
		return nil, err
	}
	diags := res.Diagnostics
	if s.Strict {
		diags = diags.Strict()
	}
	return diags, nil
}

// OK reports whether the snapshot passed the gate. A nil snapshot, what
// Watcher.Current returns before the first valid build, did not.
func (s *Snapshot) OK() bool { return s != nil && s.Registry != nil }

// Load scans, validates and builds a repository. A repository whose
// declarations have errors is no error of Load's: it returns the snapshot,
// whose Diagnostics list the findings, OK false and Registry nil (check
// OK before reading the Registry). The error is for a repository that
// cannot be read at all (wrapping ErrRepo: a missing path also matches
// fs.ErrNotExist, a file ErrRepoNotFolder) and for ctx. Once ctx ends it
// stops, while the repository is read, between the capabilities validated
// (see validate.ValidateContext) or between the steps of the build, and
// returns no snapshot and an error wrapping ctx.Err() (errors.Is(err,
// context.Canceled) holds for a cancelled ctx). A Load stopped before its
// validation finished leaves Options.Cache as it was; one stopped after,
// while it builds the registry, leaves the Cache with the checks of what
// it read, as a Load that returned would.
func Load(ctx context.Context, opts Options) (*Snapshot, error) {
	// The schemas compile while the disk is read; build waits for them.
	// An error is reported by the check that needs them.
	go func() { _ = validate.PrepareSchemas() }()
	scan := opts.ScanOptions
	if opts.Cache != nil { // scanned again after the next change
		scan.fragments = newFragmentMemo(opts.Previous)
	}
	in, err := Scan(ctx, scan)
	if err != nil {
		return nil, err
	}
	if opts.Cache != nil {
		// The cache's documents of unchanged files point into the bytes
		// of the build that read them: hold those, not a second copy (a
		// program keeping a Cache and its last snapshot, as the watcher
		// does). The watcher's last build, served or not, is what the
		// Cache was last given (Options.built); Previous's bytes are
		// taken for a file whose content the last build did not read (put
		// back as served after a build that failed changed it). Shared
		// before the validation, so that such a file, a cache miss, is
		// parsed over the served snapshot's bytes, not this scan's: the
		// served search index, which the new snapshot shares when its
		// cards are the same strings (shareSearch), points into them.
		shareBytes(&in.Sources, opts.built, opts.Previous.sources())
	}
	snap, err := build(ctx, &in.Sources, opts.Strict, opts.Cache, opts.Previous, opts.Program, opts.committed)
	if err != nil {
		return nil, err
	}
	if scan.fragments != nil {
		snap.fragments = scan.fragments.seen
	}
	snap.Root, snap.Dirs, snap.Named, snap.Read, snap.Tree, snap.cache = in.Root, in.Dirs, in.Named, in.Read, in.Tree, opts.Cache
	snap.Revision = gitRevision(in.Root)
	return snap, nil
}

// Build validates sources and, when they pass, materializes the registry and
// the three artifacts. It is deterministic: the same sources give the same
// bytes and digest. A nil src is a repository of no files.
func Build(src *validate.Sources, strict bool) *Snapshot {
	snap, _ := build(context.Background(), src, strict, nil, nil, "", nil) // never stopped
	return snap
}

// BuildContext is Build stopped when ctx ends, between the capabilities
// validated (validate.ValidateContext) and between the steps of the
// build: it then returns no snapshot and an error wrapping ctx.Err(). A
// program building large sources held in memory on a request's behalf
// stops so when its client has gone.
func BuildContext(ctx context.Context, src *validate.Sources, strict bool) (*Snapshot, error) {
	return build(ctx, src, strict, nil, nil, "", nil)
}

// build is Build, with the validation cache, the previous snapshot and
// the committed hook of Options; once ctx ends it stops, between the
// capabilities validated and between its own steps, and returns no
// snapshot and stopped's error.
func build(ctx context.Context, src *validate.Sources, strict bool, cache *validate.Cache, prev *Snapshot, program string,
	committed func(*validate.Sources)) (*Snapshot, error) {
	if src == nil {
		src = &validate.Sources{}
	}
	res, err := cache.ValidateContext(ctx, src)
	if err != nil {
		return nil, err
	}
	if cache != nil && committed != nil {
		committed(src) // the Cache holds this validation's checks, stopped after or not
	}
	diags := res.Diagnostics
	if strict {
		diags = diags.Strict()
	}
	snap := &Snapshot{Sources: src, Result: res, Strict: strict, Diagnostics: diags, BuiltAt: time.Now().UTC()}
	if diags.HasErrors() {
		return snap, nil
	}
	snap.Registry = buildRegistry(res.Capabilities, res.Points)
	snap.Registry.Central = res.Central
	var reuse *registryPieces
	if prev != nil {
		reuse = prev.pieces
	}
	if cache != nil { // a Cache means a watcher: it rebuilds, so keep what the next build copies
		snap.pieces = newRegistryPieces()
	}
	contract := ContractJSON(res.Contract)
	registry, err := appendRegistry(ctx, make([]byte, 0, registrySize(src, prev)), snap.Registry, reuse, snap.pieces)
	if err != nil {
		return nil, err
	}
	// The artifacts are the bytes gen --write writes, which GET /registry
	// serves (CONTRACT.md §6), as an LF checkout generates them on a CRLF
	// one too: the registry's fragments inlined from files are written
	// with "\n" (ojson.AppendArtifactAt); the contract's values, read from
	// markdown a line at a time, hold no line end. A "\r\n" a declaration
	// or a card writes is its data.
	// Kept while the snapshot is served, the artifacts lose the room
	// their making reserved: the registry's estimate of three times the
	// sources (1.5 MB of the 10 a 1,500 capability registry took), the
	// others' 4 KiB buffers.
	registry = tight.Bytes(registry)
	if snap.pieces != nil {
		snap.pieces.data = registry // where the next build copies from
	}
	snap.Artifacts = map[string][]byte{
		RegistryFile: registry,
		ContractFile: tight.Bytes(encodeFile(&contract, 4096)),
	}
	snap.toolIndexSum, snap.toolIndexSize = toolIndexDigest(res.Cards, prev)
	snap.Digest = digest(snap.Artifacts, snap.toolIndexSum, res, program)
	return snap, nil
}

// toolIndexDigest is the SHA-256 of tool-index.json for cards, and its
// length: prev's, when prev's cards are the same (sameToolCards), as
// after an edit of capabilities or workflows alone, else taken with the
// document written into the hash a card at a time (writeToolIndex), never
// held whole: as long as the cards' files, that took 22 ms of a rebuild
// at 3,000 cards of 500 bytes (BenchmarkToolIndexDigest3k).
func toolIndexDigest(cards []*validate.Card, prev *Snapshot) (sum [sha256.Size]byte, size int) {
	if prev != nil && prev.toolIndexSize > 0 && prev.Result != nil && sameToolCards(prev.Result.Cards, cards) {
		return prev.toolIndexSum, prev.toolIndexSize
	}
	h := sha256.New()
	size, _ = writeToolIndex(h, cards) // a hash's Write fails never
	h.Sum(sum[:0])
	return sum, size
}

// sameToolCards reports whether two builds' cards make the same
// tool-index.json: the same trees (the Cache's, of unchanged cards: the
// same members in memory, which nothing writes to) describing the same
// tools, in the same order. An entry is its card's tree and its tool
// (ToolJSON), and the entries are in the order of the ids the trees hold.
func sameToolCards(a, b []*validate.Card) bool {
	return slices.EqualFunc(a, b, func(x, y *validate.Card) bool {
		if x == nil || y == nil {
			return x == y
		}
		return x.ToolPath == y.ToolPath && len(x.Raw.Members) > 0 && len(x.Raw.Members) == len(y.Raw.Members) &&
			unsafe.SliceData(x.Raw.Members) == unsafe.SliceData(y.Raw.Members)
	})
}

// registrySize is the room a build reserves for the registry of src.
// The registry repeats every declaration, re-indented, and its hooks once
// more in byLoopPoint: two to three times the sources. A rebuild reserves
// the previous registry's length and a 128th more instead, within what
// tight.Bytes leaves as it is: after an edit the registry is about as
// long as before, and the estimate's room cost a copy of the whole
// registry on each rebuild (20 MB at 10,000 capabilities).
func registrySize(src *validate.Sources, prev *Snapshot) int {
	if prev != nil {
		if n := len(prev.Artifacts[RegistryFile]); n > 0 {
			return n + n/128
		}
	}
	var sourceBytes int
	for _, c := range src.Capabilities {
		sourceBytes += len(c.Manifest.Data)
	}
	return 3*sourceBytes + 4096
}

// digest is a snapshot's Digest: a hash of its artifacts, and of what the
// API shows beyond them: where each capability is declared, its
// fragments' carriage returns (the artifacts write them as "\n",
// /capabilities/{id} and render-hooks as the file holds them), which
// points have render-hooks call sites, and the program that serves them.
// artifacts are the registry and the contract; of tool-index.json, the
// hash takes toolIndex, the document's SHA-256 (toolIndexDigest), which
// the next build reuses when the cards are the same.
func digest(artifacts map[string][]byte, toolIndex [sha256.Size]byte, res *validate.Result, program string) string {
	h := sha256.New()
	for _, name := range []string{RegistryFile, ContractFile, ToolIndexFile} {
		h.Write([]byte(name))
		h.Write([]byte{0})
		if name == ToolIndexFile {
			h.Write(toolIndex[:])
			continue
		}
		h.Write(artifacts[name])
	}
	for _, c := range res.Capabilities {
		fmt.Fprintf(h, "\x00file %s %s", c.ID, c.File)
		hashCarriageReturns(h, c)
	}
	wired := slices.Sorted(maps.Keys(res.Contract.Wired))
	fmt.Fprintf(h, "\x00wired %s", strings.Join(wired, ","))
	if program != "" {
		fmt.Fprintf(h, "\x00program %s", program)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// stopped is the error of a build ctx ended.
func stopped(ctx context.Context) error {
	return fmt.Errorf("build stopped before it finished: %w", ctx.Err())
}

func encodeFile(v *ojson.Value, sizeHint int) []byte {
	return append(ojson.AppendEncode(make([]byte, 0, sizeHint), v, "  "), '\n')
}

// ToolHit is one ranked card, as GET /tools?intent= and
// `capreg tools search --json` print it.
type ToolHit struct {
	ID      string   `json:"id"`
	Score   float64  `json:"score"`
	Summary string   `json:"summary"`
	Command string   `json:"command"`
	Risk    string   `json:"risk"`
	Matched []string `json:"matched"`
	// Coverage is the share of the intent the card holds (search.Result).
	Coverage float64 `json:"coverage"`
	// ReplacesPattern is the card's replaces pattern that matched a
	// command line the intent names (the intent itself, or a span of it
	// in backticks), when one did: the wrapper of the very command, which
	// "replaces" in Matched alone does not say (the intent's words may
	// only share words with a pattern).
	ReplacesPattern string `json:"replacesPattern,omitempty"`
}

// CommandAnswer is what GET /tools?command= answers, and `capreg tools
// match --json` prints: the cards whose replaces patterns match a command
// line, most specific first, and whether matching stopped before it
// tried every card (then with the Truncation).
type CommandAnswer struct {
	Command   string       `json:"command"`
	Results   []CommandHit `json:"results"`
	Truncated bool         `json:"truncated"`
	*Truncation
}

// Truncation says how far matching went when it spent its work budget.
type Truncation struct {
	CardsTried int    `json:"cardsTried"`
	CardsTotal int    `json:"cardsTotal"`
	Message    string `json:"message"`
}

// CommandHit is one card of a CommandAnswer.
type CommandHit struct {
	ID       string   `json:"id"`
	Summary  string   `json:"summary"`
	Command  string   `json:"command"`
	Risk     string   `json:"risk"`
	Replaces []string `json:"replaces"`
	// Matched is the pattern of Replaces that matched the line (the most
	// specific that does, the first of those equally specific): a card
	// may replace a safe and a destructive shape of one command.
	Matched string `json:"matched"`
}

// AnswerCommand is the answer for the matches m of the command line
// command against this snapshot's cards (cmdline.Matcher.Match), keeping
// the cards of risk (every risk for ""), in m's order. A given line
// against a given snapshot always stops at the same card, so the answer,
// truncated or not, is the same every time.
func (s *Snapshot) AnswerCommand(command, risk string, m cmdline.Matches) CommandAnswer {
	out := CommandAnswer{Command: command, Results: []CommandHit{}, Truncated: m.Truncated()}
	for k, i := range m.Cards {
		c := s.Result.Cards[i]
		if risk == "" || c.Risk == risk {
			out.Results = append(out.Results, CommandHit{ID: c.ID, Summary: c.Summary, Command: c.Command, Risk: c.Risk,
				Replaces: slices.Clone(c.Replaces), Matched: c.Replaces[m.Patterns[k]]})
		}
	}
	if m.Truncated() {
		out.Truncation = &Truncation{CardsTried: m.Tried, CardsTotal: m.Total, Message: fmt.Sprintf("matching stopped after %d of %d cards, "+
			"the work one request may do spent (a replaces pattern read as a regular expression costs its size times the length of the "+
			"text it reads, and each try of a pattern a little); the results are the matches among the cards tried, and a card not "+
			"tried may match too", m.Tried, m.Total)}
	}
	return out
}

// HoldsNothing reports whether the snapshot's repository gave nothing
// capreg reads: no capability, host step or tool card. That is valid, and
// seldom meant (a checkout's capabilities/ folder given as the
// repository), so every front end says so. A nil snapshot says nothing
// of its repository: false.
func (s *Snapshot) HoldsNothing() bool {
	if s == nil {
		return false
	}
	r := s.Result
	return r != nil && len(r.Capabilities)+len(r.Cards) == 0 && (r.Contract == nil || len(r.Contract.Entries) == 0)
}

// DeclarationPath is where the snapshot's repository has a capability
// declared: capabilities/<id>/capability.json, or under the folder its
// capreg.json names. Every front end saying that a repository holds
// nothing names it so.
func (s *Snapshot) DeclarationPath() string {
	return path.Join(s.capabilitiesDir(), "<id>", validate.ManifestName)
}

// capabilitiesDir is the repository-relative folder of the snapshot's
// capability folders: "capabilities", or the one its capreg.json names.
func (s *Snapshot) capabilitiesDir() string {
	if s != nil && s.Sources != nil && s.Sources.CapabilitiesDir != "" {
		return s.Sources.CapabilitiesDir
	}
	return "capabilities"
}

// capabilitiesFolderGone reports whether the scan found nothing at the
// capabilities folder: false when it is there, or when the scan does not
// know (a snapshot made by Build, or a folder under a link).
func (s *Snapshot) capabilitiesFolderGone() bool {
	dir := s.capabilitiesDir()
	if dir == "." {
		return false // the root: there, or the repository is unread
	}
	e, known := s.Tree.lookup(dir)
	return known && e == 0
}

// Misplaced counts the snapshot's capability-misplaced findings by what
// they say is not read, a finding standing for others (Omitted) as many.
type Misplaced struct {
	// Misnamed: declarations misnamed or in a sub-folder of the
	// repository's own capabilities folder (or links to no capability).
	Misnamed int
	// Elsewhere: declarations under another capabilities folder.
	Elsewhere int
	// Packages: folders below the root with a capreg.json of their own.
	Packages int
}

// Total counts every declaration and package not read.
func (m Misplaced) Total() int { return m.Misnamed + m.Elsewhere + m.Packages }

// Any reports whether any declaration or package is not read.
func (m Misplaced) Any() bool { return m.Total() > 0 }

// Misplaced counts the snapshot's capability-misplaced findings: a
// repository holding nothing capreg reads and such findings is most
// likely a monorepo given from its root or a folder of misnamed
// declarations, and check and serve say which.
func (s *Snapshot) Misplaced() Misplaced {
	var m Misplaced
	if s == nil || s.Sources == nil {
		return m
	}
	capDir := s.Sources.CapabilitiesDir
	for _, d := range s.Diagnostics {
		n := max(d.Omitted, 1)
		switch {
		case d.Rule != "capability-misplaced":
		case path.Base(d.File) == validate.RepoConfigFile:
			m.Packages += n
		case capDir == "." || strings.HasPrefix(d.File, capDir+"/"):
			m.Misnamed += n
		default:
			m.Elsewhere += n
		}
	}
	return m
}

// empty reports whether the snapshot's repository holds nothing capreg
// reads at all: nothing HoldsNothing counts, and no capreg.json, capability
// folder, declaration met where it is not read, or package. A folder
// emptied, or a re-clone still fetching (only .git), looks so.
func (s *Snapshot) empty() bool {
	src := s.Sources
	return s.HoldsNothing() && src != nil && src.RepoConfig == nil && len(src.Capabilities) == 0 &&
		len(src.StrayDeclarations) == 0 && len(src.Packages) == 0
}

// SearchTools ranks the snapshot's cards for q, in the order and with the
// scores search gives them, the cards that replace a command the intent
// names first (cmdline.Matcher.NamedBy). ctx bounds only that matching of
// commands: once ctx is done, the cards are ranked by search alone, with
// no error, so a caller that must tell the two apart checks ctx.Err()
// itself. A blank intent finds no card (callers refuse it with
// search.ErrEmptyIntent).
func (s *Snapshot) SearchTools(ctx context.Context, q search.Query) []ToolHit {
	named := s.Commands().NamedBy(ctx, q.Intent, !search.ReadsAsProse(q.Intent))
	q.Commands = make([]int, len(named))
	for i, n := range named {
		q.Commands[i] = n.Card
	}
	results := s.SearchIndex().Search(q)
	out := make([]ToolHit, len(results))
	for i, r := range results {
		c := s.Result.Cards[r.Card]
		matched := r.Matched
		if matched == nil {
			matched = []string{}
		}
		out[i] = ToolHit{ID: c.ID, Score: r.Score, Summary: c.Summary, Command: c.Command, Risk: c.Risk, Matched: matched, Coverage: r.Coverage}
		if k := slices.IndexFunc(named, func(n cmdline.Named) bool { return n.Card == r.Card }); k >= 0 {
			out[i].ReplacesPattern = c.Replaces[named[k].Pattern]
		}
	}
	return out
}

// hashCarriageReturns writes to h, for each fragment of c inlined from a
// file holding a carriage return, where it is and its text, which the
// API serves as the file holds it and the artifacts do not.
func hashCarriageReturns(h io.Writer, c *validate.Capability) {
	for _, hooks := range [][]*validate.Hook{c.Steps, c.Contributions, c.Gates} {
		for _, hook := range hooks {
			in := hook.Raw.Get("fragment").Get("inline")
			if in.IsString() && in.FileText && strings.IndexByte(in.Str, '\r') >= 0 {
				fmt.Fprintf(h, "\x00cr %s %s %d:%s", c.ID, hook.Pointer(), len(in.Str), in.Str)
			}
		}
	}
}
