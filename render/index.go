package render

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// profileBit is one install profile as a bit: core, standard, full.
type profileBit uint8

const (
	bitCore profileBit = 1 << iota
	bitStandard
	bitFull
)

func profileBitOf(name string) profileBit {
	switch name {
	case "core":
		return bitCore
	case "standard":
		return bitStandard
	case "full":
		return bitFull
	}
	return 0
}

// regIndex holds the lookups a render needs over a registry, built once per
// registry: config slice entries by key, the profiles that install each
// skill, and the clusters by id.
type regIndex struct {
	keys map[string]*store.ConfigKey
	// longest is how many letters (code points) the longest key has, as
	// declared or composed (NFC, which may also lengthen a key): a config
	// path of more letters by more than one, as written and composed, is
	// neither a key nor one edit from one (keyNeighbours.meant).
	longest int
	// parents are the dotted prefixes of the keys ("a" and "a.b" for
	// "a.b.c"); central is the central config schema, whose keys are no
	// typo; neighbours, made once when first needed, finds the keys a
	// config's unknown key was probably meant as.
	parents        map[string]bool
	central        *validate.CentralSchema
	neighboursOnce sync.Once
	neighbours     keyNeighbours
	// owner, made once when first needed, is central's answer to whether
	// a near miss is its key, its patterns compiled.
	ownerOnce sync.Once
	owner     *validate.CentralOwner
	// unsettable are the keys with a segment the reference's
	// resolveConfigKey never walks ("ui.prototype"), in registry order: no
	// config sets them (see checkUnsettable).
	unsettable []*store.ConfigKey
	skills     map[string]profileBit // skill stem → union of its clusters' profiles
	owners     map[string][]string   // skill stem → the capabilities that own it
	clusters   map[string]*store.Cluster
	// ids, clusterIDs and skillNames are the capability ids, those of
	// the capabilities that own skills (clusters) and the skill stems,
	// sorted, for naming the one a misspelt name probably meant.
	ids, clusterIDs, skillNames []string
}

func buildIndex(reg *store.Registry) *regIndex {
	idx := &regIndex{
		keys:     make(map[string]*store.ConfigKey, len(reg.ConfigKeys)),
		skills:   map[string]profileBit{},
		owners:   map[string][]string{},
		clusters: make(map[string]*store.Cluster, len(reg.Clusters)),
	}
	// Later entries win, as configSchema[key] = … does in the reference (a
	// repeated key fails validation, so this only matters in memory).
	for i := range reg.ConfigKeys {
		idx.keys[reg.ConfigKeys[i].Key] = &reg.ConfigKeys[i]
		if hasReserved(reg.ConfigKeys[i].Key) {
			idx.unsettable = append(idx.unsettable, &reg.ConfigKeys[i])
		}
	}
	for i := range reg.Clusters {
		c := &reg.Clusters[i]
		idx.clusters[c.CapID] = c
		var bits profileBit
		for _, p := range c.Profiles {
			bits |= profileBitOf(p)
		}
		for _, s := range c.Skills {
			idx.skills[s] |= bits
		}
	}
	// Skills of capabilities missing from Clusters (a registry built in
	// memory) are still known skills; they are installed by no profile but
	// full.
	for _, c := range reg.Capabilities {
		for _, s := range c.Skills {
			if _, ok := idx.skills[s]; !ok {
				idx.skills[s] = 0
			}
			idx.owners[s] = append(idx.owners[s], c.ID)
		}
	}
	idx.parents = map[string]bool{}
	for k := range idx.keys {
		idx.longest = max(idx.longest, utf8.RuneCountInString(k), utf8.RuneCountInString(unicodeform.NFC(k)))
		for i := range len(k) {
			if k[i] == '.' {
				idx.parents[k[:i]] = true
			}
		}
	}
	idx.central = reg.Central
	idx.ids = slices.Sorted(maps.Keys(reg.ByID))
	idx.clusterIDs = slices.Sorted(maps.Keys(idx.clusters))
	idx.skillNames = slices.Sorted(maps.Keys(idx.skills))
	return idx
}

// mayBeKey reports whether path, a config path, has at most one letter
// more than the longest key, as written or composed (keyNeighbours
// compares keys composed; composed is path so, see configPath), and so
// may be a key or one edit from one. Letters are counted only when the
// bytes could be so few letters.
func (idx *regIndex) mayBeKey(path, composed []byte) bool {
	most := idx.longest + 1
	if len(path) <= most {
		return true
	}
	if len(path) <= utf8.UTFMax*most {
		letters := letterCount(path)
		if letters <= most {
			return true
		}
		if letters == len(path) {
			return false // ASCII, its own composed form
		}
	}
	return len(composed) <= utf8.UTFMax*most && letterCount(composed) <= most
}

// letterCount is utf8.RuneCount(p), each byte that is not UTF-8 a letter
// of its own, without RuneCount's copy of the bytes past its ASCII to a
// string, which past 32 bytes is made on the heap: a config path of 100
// letters not ASCII was a copy at each value.
func letterCount(p []byte) int {
	n := 0
	for i := 0; i < len(p); n++ {
		if p[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRune(p[i:])
		i += size
	}
	return n
}

// keyNeighbours finds the declared config key an unknown one was probably
// meant as: the same words in another order, case or joining
// ("beta_deep_flag", "Beta.Deep.Flag" for "beta.deep.flag"), or one edit
// away, case aside ("beat.deep.flag", "Beat.Deep.Flag"). Keys are
// compared composed (NFC), as validate's did-you-means compare names: "é"
// written decomposed, an "e" and a combining accent, is the declared
// "é", not two letters off it. Keys are grouped by how many letters
// (code points) they have composed, which case folding keeps, as only
// those within one letter of the unknown key's can be one edit from it.
type keyNeighbours struct {
	byLen map[int][]foldedKey    // declared keys by their letters' count, each list sorted by key
	words map[string][]foldedKey // declared keys by wordKey, each list sorted by key
}

// foldedKey is a declared key and its folding (foldKey).
type foldedKey struct{ folded, key string }

// foldKey is key as keyNeighbours compares it: composed (NFC) and case
// folded (casefold, as validate's did-you-means read names: "ΤΕΛΟΣ" is
// "τελος").
func foldKey(key string) string { return casefold.String(unicodeform.NFC(key)) }

// wordKey is a key folded (foldKey) read as words: split at "-", "_", "."
// and ":", sorted (as validate.NearestID's second rule reads it).
func wordKey(folded string) string {
	words := strings.FieldsFunc(folded, func(r rune) bool { return r == '-' || r == '_' || r == '.' || r == ':' })
	slices.Sort(words)
	return strings.Join(words, " ")
}

func (idx *regIndex) keyNeighbours() *keyNeighbours {
	idx.neighboursOnce.Do(func() {
		n := keyNeighbours{byLen: map[int][]foldedKey{}, words: map[string][]foldedKey{}}
		for _, k := range slices.Sorted(maps.Keys(idx.keys)) {
			fk := foldedKey{foldKey(k), k}
			l := utf8.RuneCountInString(fk.folded)
			n.byLen[l] = append(n.byLen[l], fk)
			w := wordKey(fk.folded)
			n.words[w] = append(n.words[w], fk)
		}
		idx.neighbours = n
	})
	return &idx.neighbours
}

// centralOwner is the central schema's CentralOwner, made on first use.
func (idx *regIndex) centralOwner() *validate.CentralOwner {
	idx.ownerOnce.Do(func() { idx.owner = idx.central.Owner() })
	return idx.owner
}

// meant is the declared key the unknown key was probably meant as, or "":
// the same words in the same order ("Beta.Deep_Flag"), then one edit
// away, then the same words in another order, each case aside and
// composed (foldKey); the first in sorted order among equals.
// (validate.NearestID, whose joining rule reads "-" and "_" alone, names
// the same words in another order or joined by "." or ":" before a
// typo.) It compares key with at most *budget declared keys, and counts
// them off *budget: a rendering shares one budget among its config's
// unknown keys. stopped reports that it found none because the budget ran
// out before the last key it had to compare (a key of the same words in
// another order is named then, though one a single edit away might have
// been found).
func (n *keyNeighbours) meant(key string, budget *int) (near string, stopped bool) {
	folded := foldKey(key)
	same := n.words[wordKey(folded)]
	for _, k := range same {
		if sameWordsInOrder(k.folded, folded) {
			return k.key, false
		}
	}
	k, stopped := n.oneEditFrom(folded, budget)
	if k != "" {
		return k, false
	}
	if len(same) > 0 {
		return same[0].key, false
	}
	return "", stopped
}

// sameWordsInOrder reports whether a and b are equal but for ASCII case
// and the separators between their words ("-", "_", "." and ":"): meant
// passes them folded (foldKey), for the case of other letters.
func sameWordsInOrder(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i], b[i]
		if isKeySeparator(x) && isKeySeparator(y) {
			continue
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

func isKeySeparator(c byte) bool { return c == '-' || c == '_' || c == '.' || c == ':' }

// oneEditFrom is the first declared key whose case folding is one edit
// from folded, a key case folded (oneEdit), by length in letters
// (folded's own, then a letter fewer, then a letter more) and then in
// sorted order, or "": with stopped set when *budget ran out before a key
// it had to compare. The key is given as declared.
func (n *keyNeighbours) oneEditFrom(folded string, budget *int) (near string, stopped bool) {
	letters := utf8.RuneCountInString(folded)
	for _, l := range [...]int{letters, letters - 1, letters + 1} {
		for _, k := range n.byLen[l] {
			if *budget <= 0 {
				return "", true
			}
			*budget--
			if oneEdit(folded, k.folded) {
				return k.key, false
			}
		}
	}
	return "", false
}

// oneEdit reports whether a and b differ by one edit at most: a letter
// inserted, deleted or replaced, or two neighbouring letters swapped,
// letters being code points, as validate's did-you-means count them
// ("café" is one edit from "cafe", though UTF-8 spells its "é" with two
// bytes), and a byte that is not UTF-8 a letter of its own. It is the
// optimal-string-alignment distance within one, in one pass and without
// its table: the near-miss search compares thousands of keys. Past the
// letters both start with, the rest is compared as bytes.
func oneEdit(a, b string) bool {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i < len(a) && !utf8.RuneStart(a[i]) || i < len(b) && !utf8.RuneStart(b[i]) {
		i = min(letterAt(a, i), letterAt(b, i)) // they part within a letter
	}
	a, b = a[i:], b[i:] // each empty, or starting with a letter the other does not
	ra, na := utf8.DecodeRuneInString(a)
	rb, nb := utf8.DecodeRuneInString(b)
	switch {
	case a[na:] == b[nb:]: // equal, or one letter replaced, or one more at the end
		return true
	case len(a) != len(b): // one letter more, or more edits: a swap keeps the bytes
		return a[na:] == b || a == b[nb:]
	}
	// Two neighbouring letters swapped: a's second letter is b's first,
	// and b's second a's first. The letters are compared as runes first,
	// then as bytes: each byte that is not UTF-8 is read as RuneError.
	ra2, na2 := utf8.DecodeRuneInString(a[na:])
	rb2, nb2 := utf8.DecodeRuneInString(b[nb:])
	return ra2 == rb && rb2 == ra && a[na:na+na2] == b[:nb] && b[nb:nb+nb2] == a[:na] && a[na+na2:] == b[nb+nb2:]
}

// letterAt is the start of the letter of s that byte i falls in: i, unless
// a letter of two bytes or more starting before it takes it in. A byte
// that can start a letter (utf8.RuneStart) is never taken in by the one
// before, so the last such byte before i is the only one whose letter may
// take i in.
func letterAt(s string, i int) int {
	if i >= len(s) || utf8.RuneStart(s[i]) {
		return i
	}
	for j := i - 1; j >= 0 && j > i-utf8.UTFMax; j-- {
		if utf8.RuneStart(s[j]) {
			if _, n := utf8.DecodeRuneInString(s[j:]); j+n > i {
				return j
			}
			return i
		}
	}
	return i
}

// maxNearComparisons bounds the declared keys one rendering compares with
// its config's unknown keys, and the central schema's patterns it matches
// their near misses against: a config of thousands of unknown keys
// against a registry of thousands of keys, or a schema of hundreds of
// patterns, would otherwise cost seconds. Past it, an unknown key's near
// miss is not looked for, and one warning counts the keys left unsearched
// (rendering.nearNotSearched).
const maxNearComparisons = 20_000

// didYouMean is " (did you mean "x"?)" for the id among ids (sorted) a
// misspelt or shortened id probably meant (validate.MeantID), or "".
func didYouMean(name string, names []string) string {
	if near := validate.MeantID(name, names); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	return ""
}
