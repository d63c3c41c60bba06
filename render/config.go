package render

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Truthy is JavaScript truthiness over a looked-up value: false, 0, -0, NaN,
// "" and null are false; every other value ("false", [], {} included) is true.
// A value that was not found (or a nil v) is false.
func Truthy(v *ojson.Value, found bool) bool {
	return found && validate.Truthy(v)
}

// Lookup resolves a dotted key in a config value the way the reference's
// resolveConfigKey does, plus the flat form CONTRACT.md §7 honours:
//
//  1. a nested walk: the key is split on "." and each segment must be an own
//     property of the current value (an object member; for an array, a
//     canonical index or "length", as JavaScript's hasOwnProperty says);
//  2. otherwise a member of config literally named key ("a.b").
//
// A nested null counts as not set, so a flat key behind it still decides
// ({"workflow":{"research":null},"workflow.research":false} finds false);
// with no flat key the null is found, as the reference finds it. A key with
// any segment equal to "__proto__", "constructor" or "prototype" is never
// found, in either form. A nil config finds nothing.
func Lookup(config *ojson.Value, key string) (*ojson.Value, bool) {
	h := lookup(config, key, lastMember)
	return h.v, h.v != nil
}

// memberFunc finds an object member by key (nil when absent).
type memberFunc func(obj *ojson.Value, key string) *ojson.Value

// hit is the outcome of a key lookup.
type hit struct {
	v *ojson.Value // the value found; nil when none
	// When nothing was found because the nested walk reached a value that is
	// not an object (a scalar, null or an array without that property),
	// shadow is that value and parent the dotted prefix of the key naming
	// it: {"workflow": true} hides every workflow.* key, which deserves a
	// warning, while a merely missing member does not.
	shadow *ojson.Value
	parent string
}

// lookup is Lookup with the object member search supplied, so a rendering
// can index large config objects, and with the reason a key was not found.
func lookup(config *ojson.Value, key string, member memberFunc) hit {
	if config == nil || hasReserved(key) {
		return hit{}
	}
	v, miss := nested(config, key, member)
	if v != nil && v.Kind != ojson.Null {
		return hit{v: v}
	}
	if config.Kind == ojson.Object && strings.Contains(key, ".") {
		if f := member(config, key); f != nil {
			return hit{v: f}
		}
	}
	if v != nil {
		return hit{v: v} // a nested null and no flat key: the reference's answer
	}
	return miss
}

// hasReserved reports whether any segment of key is one the reference
// refuses to walk (a prototype pollution guard; validate.ReservedSegment).
func hasReserved(key string) bool { return validate.ReservedSegment(key) != "" }

// nested walks key's segments through own properties from config. When a
// segment is missing it returns nil and, if the value the walk stopped at is
// not an object, the hit naming that value as the key's shadowing parent.
func nested(config *ojson.Value, key string, member memberFunc) (*ojson.Value, hit) {
	cur, start := config, 0
	for {
		seg, _, more := strings.Cut(key[start:], ".")
		next, ok := ownProperty(cur, seg, member)
		if !ok {
			if start > 0 && cur.Kind != ojson.Object {
				return nil, hit{shadow: cur, parent: key[:start-1]}
			}
			return nil, hit{}
		}
		if !more {
			return next, hit{}
		}
		cur, start = next, start+len(seg)+1
	}
}

// ownProperty returns v[seg] when seg is an own property of v.
func ownProperty(v *ojson.Value, seg string, member memberFunc) (*ojson.Value, bool) {
	switch v.Kind {
	case ojson.Object:
		if m := member(v, seg); m != nil {
			return m, true
		}
	case ojson.Array:
		if seg == "length" {
			n := ojson.NewNumber(len(v.Items))
			return &n, true
		}
		if i, ok := ojson.ArrayIndex(seg); ok && i < uint64(len(v.Items)) {
			return &v.Items[i], true
		}
	}
	return nil, false
}

// lastMember is Get for objects built in memory that may repeat a key: the
// last value wins, as with JSON.parse. (Parsed objects never repeat keys.)
func lastMember(v *ojson.Value, key string) *ojson.Value {
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

// typeMatches reports whether a user value fits a config slice entry, as the
// reference's type-checked loadConfig overlay decides (ref §5.2): boolean,
// string, number, or (enum) one of the declared values. A number past the
// range of a double (1e400) fits: JSON.parse reads it as Infinity, whose
// typeof is "number", so gsd-core keeps it (truthy); only a slice's default
// must be finite (ref §2.11). An entry of any other type accepts anything.
func typeMatches(e *store.ConfigKey, v *ojson.Value) bool {
	switch e.Type {
	case "boolean":
		return v.Kind == ojson.Bool
	case "string":
		return v.Kind == ojson.String
	case "number":
		return v.Kind == ojson.Number
	case "enum":
		return v.Kind == ojson.String && slices.Contains(e.Values, v.Str)
	}
	return true
}

// infinite reports whether v is a number literal past the range of a
// double, which JavaScript reads as ±Infinity.
func infinite(v *ojson.Value) bool {
	f, ok := v.Float()
	return ok && math.IsInf(f, 0)
}

// expected describes what a config slice entry accepts, for warnings.
func expected(e *store.ConfigKey) string {
	switch e.Type {
	case "boolean":
		return "a boolean"
	case "string":
		return "a string"
	case "number":
		return "a number"
	case "enum":
		q := make([]string, len(e.Values))
		for i, s := range e.Values {
			q[i] = string(ojson.AppendString(nil, s))
		}
		return "one of " + strings.Join(q, ", ")
	}
	return e.Type
}

// describe names a JSON value for a warning: its type and, for scalars, its
// JSON text (long strings are shortened).
func describe(v *ojson.Value) string {
	switch v.Kind {
	case ojson.Null:
		return "null"
	case ojson.Bool:
		return "the boolean " + strconv.FormatBool(v.Bool)
	case ojson.Number:
		if infinite(v) {
			return "the number " + v.Str + " (not finite)"
		}
		return "the number " + string(ojson.AppendJSNumber(nil, v.Str))
	case ojson.String:
		s := v.Str
		if utf8.RuneCountInString(s) > 60 {
			r := []rune(s)
			s = string(r[:57]) + "..."
		}
		return "the string " + string(ojson.AppendString(nil, s))
	case ojson.Array:
		return "an array"
	}
	return "an object"
}

// jsString is JavaScript's String(v) for the values a renderer interpolates.
func jsString(v *ojson.Value) string {
	switch v.Kind {
	case ojson.Null:
		return "null"
	case ojson.Bool:
		return strconv.FormatBool(v.Bool)
	case ojson.Number:
		return string(ojson.AppendJSNumber(nil, v.Str))
	case ojson.String:
		return v.Str
	case ojson.Array:
		return joinJS(v, ",")
	}
	return "[object Object]"
}

// joinJS is Array.prototype.join: null elements become "", others String().
func joinJS(v *ojson.Value, sep string) string {
	if len(v.Items) == 1 && v.Items[0].Kind == ojson.String {
		return v.Items[0].Str
	}
	var b strings.Builder
	for i := range v.Items {
		if i > 0 {
			b.WriteString(sep)
		}
		if v.Items[i].Kind != ojson.Null {
			b.WriteString(jsString(&v.Items[i]))
		}
	}
	return b.String()
}
