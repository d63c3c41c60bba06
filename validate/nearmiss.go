package validate

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/validate/ojson"
)

// Unknown fields of a capability are accepted, as the reference accepts
// them, so a misspelt optional field ("onErorr": "halt") passes every check
// and silently does nothing: the default applies instead. checkNearMisses
// warns about the unknown fields that are a typo away from a field the
// schema declares at the same place.

// fieldSchema is what a schema says of the fields of one place in a
// document, from every schema node that applies there: the node itself, its
// $ref, and the branches of allOf/anyOf/oneOf and if/then/else (so that a
// field valid in any branch is never called a typo). It is compiled once
// per embedded schema; checking a document then costs one walk of it.
type fieldSchema struct {
	props  map[string]*fieldSchema // declared fields; nil: not an object schema
	fields []string                // the keys of props, for suggestions
	extra  *fieldSchema            // additionalProperties: members are free names
	items  *fieldSchema
	// kinds are the JSON kinds the schema admits here, one bit each
	// (kindBit), from its type, enum and const; 0 when it says none.
	kinds uint8
}

// kindBit is the bit of kind k in fieldSchema.kinds.
func kindBit(k ojson.Kind) uint8 { return 1 << k }

// schemaTypeKinds maps a JSON Schema type name to its kind's bit.
var schemaTypeKinds = map[string]uint8{
	"null": kindBit(ojson.Null), "boolean": kindBit(ojson.Bool), "number": kindBit(ojson.Number), "integer": kindBit(ojson.Number),
	"string": kindBit(ojson.String), "array": kindBit(ojson.Array), "object": kindBit(ojson.Object),
}

// maxSchemaDepth bounds the compilation through $ref chains.
const maxSchemaDepth = 32

// compileFields compiles the schema nodes that apply at one place.
func compileFields(root *ojson.Value, nodes []*ojson.Value, depth int) *fieldSchema {
	if depth > maxSchemaDepth {
		return nil
	}
	g := fieldNodes{root: root}
	for _, n := range nodes {
		g.add(n, depth)
	}
	fs := &fieldSchema{fields: g.keys, kinds: g.kinds}
	if g.props != nil {
		fs.props = make(map[string]*fieldSchema, len(g.props))
		for _, k := range g.keys {
			fs.props[k] = compileFields(root, g.props[k], depth+1)
		}
	}
	if len(g.extra) > 0 {
		fs.extra = compileFields(root, g.extra, depth+1)
	}
	if len(g.items) > 0 {
		fs.items = compileFields(root, g.items, depth+1)
	}
	return fs
}

// fieldNodes gathers what the schema nodes that apply at one place say
// of it, through $ref, allOf, anyOf, oneOf, then and else: its
// properties' nodes by key (keys in the order first met), the nodes of
// its additional properties and of its items, and the kinds it admits.
type fieldNodes struct {
	root         *ojson.Value // the schema, which a $ref is resolved in
	props        map[string][]*ojson.Value
	keys         []string
	extra, items []*ojson.Value
	kinds        uint8
}

// add gathers n, reached through d levels of schema, and the nodes it
// brings in.
func (g *fieldNodes) add(n *ojson.Value, d int) {
	if n == nil || n.Kind != ojson.Object || d > maxSchemaDepth {
		return
	}
	if ref := n.Get("$ref"); ref.IsString() && strings.HasPrefix(ref.Str, "#") {
		if target, _, ok := g.root.Lookup(strings.TrimPrefix(ref.Str, "#")); ok {
			g.add(target, d+1)
		}
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if branches := n.Get(k); branches != nil && branches.Kind == ojson.Array {
			for i := range branches.Items {
				g.add(&branches.Items[i], d+1)
			}
		}
	}
	g.add(n.Get("then"), d+1)
	g.add(n.Get("else"), d+1)
	g.kinds |= nodeKinds(n)
	if p := n.Get("properties"); p != nil && p.Kind == ojson.Object {
		if g.props == nil {
			g.props = map[string][]*ojson.Value{}
		}
		for i := range p.Members {
			k := p.Members[i].Key
			if _, seen := g.props[k]; !seen {
				g.keys = append(g.keys, k)
			}
			g.props[k] = append(g.props[k], &p.Members[i].Value)
		}
	}
	if e := n.Get("additionalProperties"); e != nil && e.Kind == ojson.Object {
		g.extra = append(g.extra, e)
	}
	if it := n.Get("items"); it != nil && it.Kind == ojson.Object {
		g.items = append(g.items, it)
	}
}

// nodeKinds are the kinds one schema node admits by its own type, enum
// and const (kindBit), 0 when it says nothing of them.
func nodeKinds(n *ojson.Value) uint8 {
	var kinds uint8
	if t := n.Get("type"); t != nil {
		kinds |= schemaTypeKinds[t.Str]
		if t.Kind == ojson.Array {
			for _, it := range t.Items {
				kinds |= schemaTypeKinds[it.Str]
			}
		}
	}
	if e := n.Get("enum"); e != nil && e.Kind == ojson.Array {
		for _, it := range e.Items {
			kinds |= kindBit(it.Kind)
		}
	}
	if c := n.Get("const"); c != nil {
		kinds |= kindBit(c.Kind)
	}
	return kinds
}

// capabilityFields is the compiled capability schema.
var capabilityFields = sync.OnceValue(func() *fieldSchema {
	root := parsedSchemas()[schemaURL("capability")]
	if root == nil {
		return nil
	}
	return compileFields(root, []*ojson.Value{root}, 0)
})

// checkNearMisses warns about each unknown field of the document that is a
// near miss of a field fs declares at the same place.
//
// A key one of the document's schema findings, found, already names as
// the field it misspells ("the field 'inlin' is there: did you mean
// 'inline'?") is not warned of again.
func checkNearMisses(d *doc, fs *fieldSchema, s *sink, found []schemaFinding) {
	var path []string // the keys and indices down to the current value
	var visit func(fs *fieldSchema, v *ojson.Value)
	visit = func(fs *fieldSchema, v *ojson.Value) {
		if fs == nil {
			return
		}
		switch v.Kind {
		case ojson.Array:
			for i := range v.Items {
				path = append(path, strconv.Itoa(i))
				visit(fs.items, &v.Items[i])
				path = path[:len(path)-1]
			}
		case ojson.Object:
			for i := range v.Members {
				m := &v.Members[i]
				child, declared := fs.props[m.Key]
				if !declared {
					child = fs.extra
				}
				if !declared && fs.props != nil {
					// A field the object already has was not what this
					// key meant ("contributors" beside "contributions").
					want := nearestField(m.Key, fs.fields)
					if want == "" {
						want = fs.pluralMeant(m.Key, &m.Value)
					}
					if want != "" && !v.Has(want) && !schemaNamed(found, ojson.Pointer(path), m.Key) {
						ptr := ojson.Pointer(append(path, m.Key))
						s.warnAt(d, ptr, "field-near-miss",
							"unknown field %s is ignored; did you mean %s? (unknown fields are accepted, so a misspelt one silently leaves its default in force)",
							quoteKey(m.Key), quoteKey(want))
					}
				}
				if child != nil && (child.props != nil || child.extra != nil || child.items != nil) {
					path = append(path, m.Key)
					visit(child, &m.Value)
					path = path[:len(path)-1]
				}
			}
		}
	}
	visit(fs, &d.Root)
}

// pluralMeant is the declared field whose plural or singular key is when
// value holds what the field holds, its type or one of its items ("hook":
// [..] or "hook": {..} for "hooks", "tiers": "core" for "tier"), or "". A
// key holding something else ("versions": {..} beside the string
// "version") may be a field of its own, as nearestField assumes of every
// plural; one holding the field's own value is the field, left silently
// unread (a feature's "hook" list installed no hook).
func (fs *fieldSchema) pluralMeant(key string, value *ojson.Value) string {
	key = unicodeform.NFC(key)
	bit := kindBit(value.Kind)
	for _, f := range fs.fields {
		g := unicodeform.NFC(f)
		if !PluralOf(key, g) && !PluralOf(g, key) {
			continue
		}
		if want := fs.props[f]; want != nil && (want.kinds&bit != 0 || want.items != nil && want.items.kinds&bit != 0) {
			return f
		}
	}
	return ""
}

// schemaNamed reports whether one of the schema findings, at the object
// at ptr or at its member key, names key as a field misspelt.
func schemaNamed(found []schemaFinding, ptr, key string) bool {
	keyPtr := ptr + "/" + ojson.EscapePointer(key)
	return slices.ContainsFunc(found, func(f schemaFinding) bool {
		return (f.ptr == ptr || f.ptr == keyPtr) && slices.Contains(f.named, key)
	})
}

// nearestField returns the declared field key most likely meant, or "": one
// that differs only in case or in how its words are joined (camelCase,
// kebab-case or snake_case: "helpProbe", "help-probe" and "HelpProbe" for
// "help_probe", "on_error" for "onError"), or by one edit (two for keys of
// ten letters or more), where an edit inserts, deletes or replaces a letter
// or swaps two adjacent ones, case aside ("Securty" and "SECURTY" are one
// edit from "security", as "securty" is). A plural of a field ("versions",
// "Runtimes") is not taken for it: such a key is as likely a field of its
// own, unless it holds what the field holds (fieldSchema.pluralMeant).
// Letters are code points, compared composed (NFC), as card ids are:
// "déploy" is one edit from "deploy", though UTF-8 spells its "é" with two
// bytes. The field is returned as declared.
func nearestField(key string, fields []string) string {
	if f := sameName(key, fields); f != "" {
		return f
	}
	return nearestEdit(key, fields)
}

// sameName is the first of names that key is but for case and how its
// words are joined (sameWords, which takes every pair strings.EqualFold
// takes: it folds with casefold.Rune, one letter for each case orbit),
// both composed, or "".
func sameName(key string, names []string) string {
	key = unicodeform.NFC(key)
	for _, f := range names {
		if g := unicodeform.NFC(f); sameWords(key, g) {
			return f
		}
	}
	return ""
}

// nearestEdit is the name of names fewest edits from key, case aside
// (FoldedEditDistance), within nearestField's limits, the first of them on
// a tie, or "". A plural or singular of key is none (nearestField says
// why).
func nearestEdit(key string, names []string) string {
	best, bestDist := "", 3
	key = unicodeform.NFC(key)
	for _, f := range names {
		g := unicodeform.NFC(f)
		if plusS(key, g) || plusS(g, key) {
			continue
		}
		limit := 1
		if min(utf8.RuneCountInString(key), utf8.RuneCountInString(g)) >= 10 {
			limit = 2
		}
		if dist := FoldedEditDistance(key, g, limit); dist <= limit && dist < bestDist {
			best, bestDist = f, dist
		}
	}
	return best
}

// FoldedEditDistance is EditDistance of s and t case aside, each letter
// folded (casefold.Rune: "Securty" is one edit from "security", "ΛΟΓΟΣ"
// none from "λογος"): the measure of the "did you mean"s capreg offers
// of a name, here (nearestField, nameEdits, MayMeanCommand), in the
// scan's hints of a path (store) and in the HTTP API's of a parameter.
// Callers that fold a copy once for other tests too (a route word, a
// block key, a role, a declaration's file name) compare it by
// EditDistance, the same count.
// Letters are code points, as EditDistance counts them ("Koln" is one edit
// from "Köln", "文档" one from "文件"), and each byte that is not UTF-8 a
// letter of its own (letters). Names are not composed here: a caller
// comparing names that may be written decomposed composes them first
// (nameEdits).
func FoldedEditDistance(s, t string, limit int) int {
	return editDistance(s, t, limit, true)
}

// editDistance is EditDistance of s and t, each letter case folded
// (casefold.Rune) if fold. It keeps its names on the stack up to 64
// letters, folding each as it copies it there rather than copying the
// names folded (a 404 compares the id with every id served), and rules
// out a name by its length before it reads it: by its bytes, of which a
// letter takes one to four, and then, for names not both ASCII, by its
// letters. ASCII names are compared as bytes, which are their letters.
func editDistance(s, t string, limit int, fold bool) int {
	if (len(s)+utf8.UTFMax-1)/utf8.UTFMax-len(t) > limit || (len(t)+utf8.UTFMax-1)/utf8.UTFMax-len(s) > limit {
		return limit + 1 // the letters of one are too many for the bytes of the other
	}
	if isASCII(s) && isASCII(t) {
		if abs(len(s)-len(t)) > limit {
			return limit + 1
		}
		var abuf, bbuf [64]byte
		a, b := append(abuf[:0], s...), append(bbuf[:0], t...)
		if fold {
			lowerBytes(a)
			lowerBytes(b)
		}
		return osaDistance(a, b, limit)
	}
	if abs(utf8.RuneCountInString(s)-utf8.RuneCountInString(t)) > limit {
		return limit + 1 // RuneCountInString counts a byte not UTF-8 as one, as letters reads it
	}
	var abuf, bbuf [64]rune
	return osaDistance(letters(abuf[:0], s, fold), letters(bbuf[:0], t, fold), limit)
}

// lowerBytes puts the ASCII capitals of b in lower case (lowerByte).
func lowerBytes(b []byte) {
	for i, c := range b {
		b[i] = lowerByte(c)
	}
}

// notUTF8 is past every code point: letters reads a byte b that is not
// UTF-8 as notUTF8+b.
const notUTF8 = unicode.MaxRune + 1

// letters appends the letters of s to buf, each case folded
// (casefold.Rune) if fold, and each byte that is not UTF-8 as a letter of
// its own, told from every other byte and from every code point: a
// file's name may hold such bytes (one in Latin-1, "caf\xe9"), and
// ranging over s reads each as U+FFFD, which made any two of them one
// letter.
func letters(buf []rune, s string, fold bool) []rune {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			r = notUTF8 + rune(s[i])
		case fold:
			r = casefold.Rune(r)
		}
		buf = append(buf, r)
		i += n
	}
	return buf
}

// equalFolded reports whether a and b are the same letters case folded
// (casefold.Rune), compared letter by letter rather than by folding
// copies, as sameWords compares them.
func equalFolded(a, b string) bool {
	rest, ok := cutFoldedPrefix(a, b)
	return ok && rest == ""
}

// cutFoldedPrefix is s without prefix, which s starts with case folded
// (casefold.Rune: "Fraud-screen" with "FRAUD" is "-screen"), compared
// letter by letter in place: a client's 404 may bring an id of megabytes
// to compare with every id (MeantID), and folded copies would be made of
// each.
func cutFoldedPrefix(s, prefix string) (string, bool) {
	for prefix != "" && s != "" {
		rp, np := utf8.DecodeRuneInString(prefix)
		rs, ns := utf8.DecodeRuneInString(s)
		if casefold.Rune(rp) != casefold.Rune(rs) {
			return "", false
		}
		prefix, s = prefix[np:], s[ns:]
	}
	return s, prefix == ""
}

// cutFoldedSuffix is s without suffix, which s ends with case folded
// ("IES" and "ies" for "ies", "ſ" for "s"), compared letter by letter in
// place from the end, as cutFoldedPrefix compares from the start, and
// whether s ends so.
func cutFoldedSuffix(s, suffix string) (string, bool) {
	for suffix != "" && s != "" {
		rx, nx := utf8.DecodeLastRuneInString(suffix)
		rs, ns := utf8.DecodeLastRuneInString(s)
		if casefold.Rune(rx) != casefold.Rune(rs) {
			return "", false
		}
		suffix, s = suffix[:len(suffix)-nx], s[:len(s)-ns]
	}
	return s, suffix == ""
}

// plusS reports whether p is w and an "s", case aside.
func plusS(p, w string) bool {
	rest, ok := cutFoldedSuffix(p, "s")
	return ok && equalFolded(rest, w)
}

// sameWords reports whether a and b are the same words joined otherwise:
// equal but for case (folded: casefold.Rune), "_" and "-". A key that joins its words another way
// than the schema ("helpProbe" for "help_probe") is two or more edits from
// it, too far for a typo, yet is plainly the same field.
func sameWords(a, b string) bool {
	// Compared letter by letter, not by folding copies: it runs for every
	// unknown key against every field of its object (a replacer built per
	// call took 600 MB of a 10,000-capability check).
	i, j := 0, 0
	for {
		for i < len(a) && (a[i] == '_' || a[i] == '-') {
			i++
		}
		for j < len(b) && (b[j] == '_' || b[j] == '-') {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if casefold.Rune(ra) != casefold.Rune(rb) {
			return false
		}
		i, j = i+na, j+nb
	}
}

// nearestName is the name of names that key, which is none of them,
// probably misspells: the nearest by nearestField, or else its plural or
// singular; "" for none. Where key cannot be a name of its own (an id
// that does not exist, a field of a closed object), a plural is as likely
// a slip as a typo: "kube.log" for "kube.logs", "replace" for "replaces".
// Names are compared composed, as nearestField compares them.
func nearestName(key string, names []string) string {
	if want := nearestField(key, names); want != "" {
		return want
	}
	return pluralName(key, names)
}

// pluralName is the first of names that is key's plural or singular
// (PluralOf), both composed, or "".
func pluralName(key string, names []string) string {
	key = unicodeform.NFC(key)
	for _, f := range names {
		if g := unicodeform.NFC(f); PluralOf(key, g) || PluralOf(g, key) {
			return f
		}
	}
	return ""
}

// fieldSynonyms are the names a card author writes for a tool card's
// field from other manifests (package.json's "description", a CLI's
// "name", "cmd" and "help"), each with the field meant: no typo of it,
// and so not named by nearestName, yet as plainly that field.
var fieldSynonyms = map[string]string{
	"description": "summary", "desc": "summary",
	"name":    "id",
	"cmd":     "command",
	"intents": "intent_phrases", "phrases": "intent_phrases", "intent": "intent_phrases",
	"help": "help_probe", "help_command": "help_probe", "helpCommand": "help_probe",
	"side_effects": "effects", "sideEffects": "effects",
	"risk_level": "risk", "riskLevel": "risk",
	"prerequisites": "preconditions", "requirements": "preconditions",
}

// synonymField is the field of names that key is another name for
// (fieldSynonyms), or "".
func synonymField(key string, names []string) string {
	if want, ok := fieldSynonyms[key]; ok && slices.Contains(names, want) {
		return want
	}
	return ""
}

// PluralOf reports whether p is an English plural of w, case aside
// (casefold.Rune): w+"s", w+"es" ("patches", "PATCHES"), or w's final y
// as "ies" ("policies").
func PluralOf(p, w string) bool {
	if plusS(p, w) {
		return true
	}
	if rest, ok := cutFoldedSuffix(p, "es"); ok && equalFolded(rest, w) {
		return true
	}
	stem, ok := cutFoldedSuffix(w, "y")
	rest, ok2 := cutFoldedSuffix(p, "ies")
	return ok && ok2 && equalFolded(rest, stem)
}

// NearestID returns the id among ids most likely meant by id, which is
// none of them, as declared: one that differs only in case or in how its
// words are joined ("help-probe" for "help_probe"), or else the same words
// in another order or joined by other separators ("logs.kube" for
// "kube.logs"), or else one edit away, case aside (two for ids of ten
// letters or more, letters being code points: see nearestField), or else
// its plural or singular; "" when none is near, or when id is too long to
// be a typo of one (its search would cost a client's 404 a scan of long
// strings). On a tie the first in ids wins, so callers pass them sorted.
func NearestID(id string, ids []string) string {
	return nearestID(id, ids, sameLetters)
}

// MeantID is NearestID for the ids of capabilities and tool cards, which
// a user recalls by their first words: when none is a typo away, the one
// id that is id with hyphen-parted words added at or cut from its end
// ("fraud" for "fraud-screen", "ui-design" for "ui"); "" when none or
// several are ("web" of web-api and web-app). Not for flags, keys or
// points, whose near misses NearestID alone names.
func MeantID(id string, ids []string) string {
	if near := NearestID(id, ids); near != "" {
		return near
	}
	return wordMoreOrLess(id, ids)
}

// nearestID is NearestID whose word-order rule splits only the ids that
// mayReorder does not rule out. NearestID passes sameLetters, which spares
// it the splitting of most; a test passes a rule that rules out none, to
// show that sameLetters loses no id the words would name.
func nearestID(id string, ids []string, mayReorder func(other, id string) bool) string {
	if len(id) > maxNearestID {
		return ""
	}
	if meant := sameName(id, ids); meant != "" {
		return meant
	}
	// The same words in another order come before a typo: every word of
	// such an id is as typed, and once case is aside a separator replaced
	// is one edit, so "λογοσ.app" would be a typo of "λογος-app" before it
	// was "app.λογος" (TestNearestIDFoldsFinalSigma).
	if meant := reorderedID(id, ids, mayReorder); meant != "" {
		return meant
	}
	if meant := nearestEdit(id, ids); meant != "" {
		return meant
	}
	return pluralName(id, ids)
}

// reorderedID is the first of ids with the same two or more words as id,
// case aside, in another order or joined otherwise, or "": an id recalled
// by its words rather than their order ("sudo-deck" for "deck-sudo",
// "logs.kube" for "kube.logs", "pre:plan" for the loop point "plan:pre")
// is many edits from the id, too far for a typo, yet plainly meant it.
// Only ids of its length can be (the same words and as many one-byte
// separators), and of those only the ones mayReorder does not rule out
// are split. Both are composed first, as for the other rules:
// "purge.cafe\u0301" is "café.purge".
func reorderedID(id string, ids []string, mayReorder func(other, id string) bool) string {
	id = unicodeform.NFC(id)
	words := sortedWords(id)
	if len(words) < 2 {
		return ""
	}
	for _, other := range ids {
		if o := unicodeform.NFC(other); len(o) == len(id) && mayReorder(o, id) && slices.Equal(words, sortedWords(o)) {
			return other
		}
	}
	return ""
}

// idSeparators are the bytes that part an id's words for the word-order
// rule (sortedWords, sameLetters).
const idSeparators = "-_.:"

// sortedWords returns the words of an id, split at idSeparators, case
// folded (casefold.String) and sorted.
func sortedWords(id string) []string {
	words := strings.FieldsFunc(casefold.String(id), func(r rune) bool { return strings.ContainsRune(idSeparators, r) })
	slices.Sort(words)
	return words
}

// sameLetters reports whether a and b hold the same bytes but for case
// and the separators of sortedWords, as the same words in another order
// do: most ids of a registry are ruled out so without splitting them (a
// 404 split the 9,000 ids of its length, one allocation each). Names not
// in ASCII may differ in the case of other letters ("CAFÉ", "café"):
// those are left to the words.
func sameLetters(a, b string) bool {
	if !isASCII(a) || !isASCII(b) {
		return true
	}
	var count [256]int
	for i := range len(a) {
		count[lowerByte(a[i])]++
	}
	for i := range len(b) {
		count[lowerByte(b[i])]--
	}
	for c, n := range count {
		if n != 0 && !strings.ContainsRune(idSeparators, rune(c)) {
			return false
		}
	}
	return true
}

// lowerByte is c in lower case if it is an ASCII capital.
func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

const maxNearestID = 256

// EditDistance is the optimal-string-alignment distance of a and b
// (insertions, deletions, substitutions and swaps of adjacent letters), or
// limit+1 once it is certain to exceed limit. Letters are code points, and
// each byte that is not UTF-8 a letter of its own, so that a letter not
// ASCII, which UTF-8 spells with two to four bytes, is one edit as an
// ASCII one is ("Köln" typed "Koln"); for ASCII names, letters are bytes.
// It compares names as typed; FoldedEditDistance is the same measure case
// aside.
func EditDistance(a, b string, limit int) int {
	return editDistance(a, b, limit, false)
}

// osaDistance is the optimal-string-alignment distance of the letters a
// and b, bytes or code points, or limit+1 once it is certain to exceed
// limit.
func osaDistance[E byte | rune](a, b []E, limit int) int {
	// The three rows live on the stack for the names a did-you-mean
	// compares: a 404 compares the id asked for with every id served, and
	// three allocations each made one on a 10,000-capability registry cost
	// 8.9 ms and 30,000 allocations.
	var buf [3 * 65]int
	n := len(b) + 1
	var rows []int
	if 3*n <= len(buf) {
		rows = buf[:3*n]
	} else {
		rows = make([]int, 3*n)
	}
	prev2, prev, cur := rows[:n:n], rows[n:2*n:2*n], rows[2*n:]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1) // a last row whose least is within limit, its end not
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Abbreviated returns the one allowed value that value abbreviates, or "":
// a choice's values are few and long, and a client writes "md" for
// markdown or "destr" for destructive, too many edits away for a typo
// (NearestID). The API's filters and the CLI's flags of choices both name it.
// value abbreviates a word when both start with the same letter and the
// rest of value's letters appear in the word in order, case aside.
func Abbreviated(value string, allowed []string) string {
	value = casefold.String(strings.TrimSpace(value))
	if len(value) < 2 {
		return ""
	}
	meant := ""
	for _, a := range allowed {
		lower := casefold.String(a)
		if lower == "" || lower[0] != value[0] || !inOrder(value[1:], lower[1:]) {
			continue
		}
		if meant != "" {
			return "" // two values fit: no one is meant
		}
		meant = a
	}
	return meant
}

// inOrder reports whether the bytes of sub appear in s in order.
func inOrder(sub, s string) bool {
	for i := 0; i < len(sub); i++ {
		j := strings.IndexByte(s, sub[i])
		if j < 0 {
			return false
		}
		s = s[j+1:]
	}
	return true
}
