// Package ojson is an ordered JSON tree with source positions.
//
// capreg must emit registries that are byte-identical to what the reference
// generator (Node.js, JSON.stringify) writes: objects keep their source key
// order, numbers print the way JavaScript prints them, and nothing is
// HTML-escaped. encoding/json maps give none of that, so declarations are parsed
// into this small tree instead. Every value remembers the byte offset it started
// at, so a diagnostic can name a line and column for any JSON pointer.
package ojson

import (
	"encoding/json"
	"iter"
	"strconv"
	"strings"
)

// Kind is the JSON type of a Value.
type Kind uint8

// The JSON kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string { return kindNames[k] }

// Phrase is the kind with its article, for messages: "null", "a string",
// "an object".
func (k Kind) Phrase() string {
	switch k {
	case Null:
		return "null"
	case Array, Object:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// Value is one JSON value. The zero Value is null.
type Value struct {
	Kind Kind
	Bool bool
	// FileText: a string read from a file as it is (a fragment inlined
	// from its path), whose line ends are the checkout's, where every
	// other string's "\r" is written in the JSON source as data.
	FileText bool
	Str      string   // the string, or the number's source literal
	Items    []Value  // Array elements
	Members  []Member // Object members, in JavaScript property order
	Off      int      // byte offset of the value in its source; -1 when built in memory
}

// Member is one key of an object.
type Member struct {
	Key    string
	KeyOff int // byte offset of the key's opening quote; -1 when built in memory
	Value  Value
}

// Constructors for values built in memory (they carry no source offset).

// NewString returns a string value.
func NewString(s string) Value { return Value{Kind: String, Str: s, Off: -1} }

// NewFileText returns a string value holding the text of a file
// (Value.FileText).
func NewFileText(s string) Value { return Value{Kind: String, Str: s, FileText: true, Off: -1} }

// NewBool returns a boolean value.
func NewBool(b bool) Value { return Value{Kind: Bool, Bool: b, Off: -1} }

// NewNumber returns a number value for an integer.
func NewNumber(n int) Value { return Value{Kind: Number, Str: strconv.Itoa(n), Off: -1} }

// NewArray returns an array value; a nil slice still encodes as [].
func NewArray(items ...Value) Value { return Value{Kind: Array, Items: items, Off: -1} }

// NewStrings returns an array of strings.
func NewStrings(ss []string) Value {
	items := make([]Value, len(ss))
	for i, s := range ss {
		items[i] = NewString(s)
	}
	return NewArray(items...)
}

// NewObject returns an empty object.
func NewObject() Value { return Value{Kind: Object, Off: -1} }

// Set appends key=val to an object, or replaces the value of an existing key in
// place (as a JavaScript assignment does).
func (v *Value) Set(key string, val Value) {
	for i := range v.Members {
		if v.Members[i].Key == key {
			v.Members[i].Value = val
			return
		}
	}
	v.Members = append(v.Members, Member{Key: key, KeyOff: -1, Value: val})
}

// Append adds key=val to an object without looking for an existing key. It
// is for building objects whose keys are unique by construction, where Set's
// scan would make building a large object quadratic.
func (v *Value) Append(key string, val Value) {
	v.Members = append(v.Members, Member{Key: key, KeyOff: -1, Value: val})
}

// Get returns the member value for key, or nil when v is not an object or has no
// such key.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

// Has reports whether an object has key.
func (v *Value) Has(key string) bool { return v.Get(key) != nil }

// IsString reports whether v is a string.
func (v *Value) IsString() bool { return v != nil && v.Kind == String }

// StringOr returns v's string, or def when v is not a string.
func (v *Value) StringOr(def string) string {
	if v.IsString() {
		return v.Str
	}
	return def
}

// StringItems yields the string elements of an array with their index in
// it, skipping anything else: the index a diagnostic's pointer needs,
// which an index into Strings is not once a non-string comes first.
func (v *Value) StringItems() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		if v == nil || v.Kind != Array {
			return
		}
		for i := range v.Items {
			if it := &v.Items[i]; it.Kind == String && !yield(i, it.Str) {
				return
			}
		}
	}
}

// Strings returns the string elements of an array, skipping anything else
// (so an element's index here is its index in the array only while every
// element before it is a string: see StringItems).
func (v *Value) Strings() []string {
	if v == nil || v.Kind != Array {
		return nil
	}
	out := make([]string, 0, len(v.Items))
	for _, it := range v.Items {
		if it.Kind == String {
			out = append(out, it.Str)
		}
	}
	return out
}

// Float returns a number's value.
func (v *Value) Float() (float64, bool) {
	if v == nil || v.Kind != Number {
		return 0, false
	}
	f, err := parseNumber(v.Str)
	if err != nil {
		// Out of range literals parse to ±Inf with an error, as in JavaScript.
		return f, true
	}
	return f, true
}

// Clone returns a deep copy of v, so a caller can change it without touching
// the original (snapshots are shared between goroutines).
func (v Value) Clone() Value {
	if len(v.Items) > 0 {
		items := make([]Value, len(v.Items))
		for i := range v.Items {
			items[i] = v.Items[i].Clone()
		}
		v.Items = items
	}
	if len(v.Members) > 0 {
		ms := make([]Member, len(v.Members))
		for i, m := range v.Members {
			ms[i] = Member{Key: m.Key, KeyOff: m.KeyOff, Value: m.Value.Clone()}
		}
		v.Members = ms
	}
	return v
}

// Lookup resolves a JSON pointer (RFC 6901). It returns the value and the offset
// a diagnostic should point at: the member key for object members, the value
// itself otherwise. ok is false when the pointer does not resolve; then the
// deepest value reached is returned. On a nil v (Get's missing member), as
// Get and the other readers are, it finds nothing: nil, -1, false.
func (v *Value) Lookup(pointer string) (found *Value, off int, ok bool) {
	return lookup(v, pointer, scanMembers)
}

// lookup walks pointer from v, finding object members with member, which
// returns the index of the last member of an object named key, or -1.
func lookup(v *Value, pointer string, member func(obj *Value, key string) int) (found *Value, off int, ok bool) {
	if v == nil {
		return nil, -1, false
	}
	cur, off := v, v.Off
	if pointer == "" {
		return cur, off, true
	}
	rest, isPointer := strings.CutPrefix(pointer, "/")
	if !isPointer { // "a/b", or a $ref's "#anchor": no pointer (RFC 6901 §3)
		return cur, off, false
	}
	for _, tok := range strings.Split(rest, "/") {
		tok = unescapePointer(tok)
		switch cur.Kind {
		case Object:
			next := member(cur, tok)
			if next < 0 {
				return cur, off, false
			}
			off = cur.Members[next].KeyOff
			cur = &cur.Members[next].Value
		case Array:
			// RFC 6901's array-index: "0" or digits without a leading
			// zero ("01", "+1" and "-0" index nothing).
			i, ok := ArrayIndex(tok)
			if !ok || i >= uint64(len(cur.Items)) {
				return cur, off, false
			}
			cur = &cur.Items[i]
			off = cur.Off
		default:
			return cur, off, false
		}
	}
	return cur, off, true
}

// scanMembers is lookup's member search by a scan of the members.
func scanMembers(obj *Value, key string) int {
	next := -1
	for i := range obj.Members {
		if obj.Members[i].Key == key {
			next = i
		}
	}
	return next
}

// Finder resolves many JSON pointers in one document, as Lookup does.
// Lookup scans an object's members for each token, so placing a finding
// on each of 100,000 config keys would be quadratic; a Finder indexes an
// object's keys the first time a pointer passes through it, when it has
// more than a few, and again when members have been added since.
type Finder struct {
	root *Value
	keys map[*Value]map[string]int
}

// findIndexMin is the number of members from which an object's keys are
// indexed rather than scanned.
const findIndexMin = 16

// NewFinder returns a Finder for the document root.
func NewFinder(root *Value) *Finder { return &Finder{root: root} }

// Lookup is Value.Lookup on the Finder's document.
func (f *Finder) Lookup(pointer string) (found *Value, off int, ok bool) {
	return lookup(f.root, pointer, f.member)
}

// member returns the index of the last member of obj named key, or -1.
func (f *Finder) member(obj *Value, key string) int {
	if len(obj.Members) < findIndexMin {
		return scanMembers(obj, key)
	}
	idx := f.keys[obj]
	if len(idx) != len(obj.Members) { // none yet, or members were added since
		if f.keys == nil {
			f.keys = map[*Value]map[string]int{}
		}
		idx = make(map[string]int, len(obj.Members))
		for i := range obj.Members {
			idx[obj.Members[i].Key] = i // the last of equal keys, as Lookup
		}
		f.keys[obj] = idx
	}
	if i, ok := idx[key]; ok {
		return i
	}
	return -1
}

func unescapePointer(tok string) string {
	if !strings.Contains(tok, "~") {
		return tok
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
}

// Pointer is the JSON pointer of a path of member keys and array
// indices, each below the one before.
func Pointer(path []string) string {
	var b strings.Builder
	for _, k := range path {
		b.WriteByte('/')
		b.WriteString(EscapePointer(k))
	}
	return b.String()
}

// EscapePointer escapes one JSON pointer reference token.
func EscapePointer(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
}

// ToAny converts v to the plain Go form that encoding/json would produce with
// UseNumber: map[string]any, []any, string, bool, nil and json-compatible
// numbers. JSON Schema validation works on that form.
func (v *Value) ToAny() any {
	switch v.Kind {
	case Bool:
		return v.Bool
	case Number:
		return json.Number(v.Str)
	case String:
		return v.Str
	case Array:
		out := make([]any, len(v.Items))
		for i := range v.Items {
			out[i] = v.Items[i].ToAny()
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Members))
		for i := range v.Members {
			out[v.Members[i].Key] = v.Members[i].Value.ToAny()
		}
		return out
	}
	return nil
}
