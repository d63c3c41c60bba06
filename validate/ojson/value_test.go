package ojson

import (
	"math"
	"testing"
)

// Values built in memory have no place in any source: every constructor,
// Set and Append give offset -1, which Position and Lookup report as
// nowhere (0:0), so a diagnostic about a generated value never points at
// an unrelated byte of some file.
func TestBuiltValuesHaveNoSourcePlace(t *testing.T) {
	obj := NewObject()
	obj.Set("s", NewString("x"))
	obj.Append("b", NewBool(true))
	obj.Set("n", NewNumber(7))
	obj.Append("a", NewArray(NewStrings([]string{"p"}), NewObject()))
	src := []byte("{\n  \"s\": \"x\"\n}\n") // any source: nothing built in memory is in it
	for _, ptr := range []string{"", "/s", "/b", "/n", "/a", "/a/0", "/a/0/0", "/a/1"} {
		v, off, ok := obj.Lookup(ptr)
		if !ok || off != -1 {
			t.Errorf("Lookup(%q) = offset %d, ok %v; want -1, true", ptr, off, ok)
			continue
		}
		if v.Off != -1 {
			t.Errorf("the value at %q has Off %d, want -1", ptr, v.Off)
		}
		if line, col := Position(src, off); line != 0 || col != 0 {
			t.Errorf("Position of %q = %d:%d, want 0:0", ptr, line, col)
		}
	}
}

// Set assigns as JavaScript does (an existing key keeps its place and
// takes the new value; a new key goes last); Get, Has, IsString, StringOr,
// Strings and Float read a value and answer "nothing" for the wrong kind
// or a nil value instead of failing.
func TestValueAccessors(t *testing.T) {
	v := NewObject()
	v.Set("a", NewString("first"))
	v.Set("b", NewNumber(2))
	v.Set("a", NewString("second"))
	v.Set("list", NewArray(NewString("x"), NewNumber(1), NewBool(true), NewString("y"), Value{}))
	if got := string(Encode(&v, "")); got != `{"a":"second","b":2,"list":["x",1,true,"y",null]}` {
		t.Errorf("after Set: %s", got)
	}
	if got := v.Get("a").StringOr("def"); got != "second" {
		t.Errorf(`Get("a").StringOr = %q, want "second"`, got)
	}
	if !v.Has("b") || v.Has("c") || v.Get("c") != nil {
		t.Errorf(`Has("b") = %v, Has("c") = %v, Get("c") = %v; want true, false, nil`, v.Has("b"), v.Has("c"), v.Get("c"))
	}
	if got := v.Get("b").StringOr("def"); got != "def" {
		t.Errorf(`a number's StringOr("def") = %q, want "def"`, got)
	}
	var nilV *Value
	arr := v.Get("list")
	for _, tt := range []struct {
		name string
		v    *Value
		str  bool
	}{{"nil", nilV, false}, {"object", &v, false}, {"array", arr, false}, {"string", v.Get("a"), true}, {"number", v.Get("b"), false}} {
		if got := tt.v.IsString(); got != tt.str {
			t.Errorf("%s: IsString = %v, want %v", tt.name, got, tt.str)
		}
		if tt.name != "object" && (tt.v.Get("a") != nil || tt.v.Has("a")) {
			t.Errorf("%s: Get/Has found a member in what is no object", tt.name)
		}
		if tt.name != "array" && tt.v.Strings() != nil {
			t.Errorf("%s: Strings = %q, want nil", tt.name, tt.v.Strings())
		}
		if _, ok := tt.v.Float(); ok != (tt.name == "number") {
			t.Errorf("%s: Float ok = %v", tt.name, ok)
		}
	}
	if got := arr.Strings(); len(got) != 2 || got[0] != "x" || got[1] != "y" {
		t.Errorf("Strings = %q, want [x y] (the strings only)", got)
	}
	if empty := NewArray(); empty.Strings() == nil || len(empty.Strings()) != 0 {
		t.Errorf("Strings of [] = %#v, want an empty, non-nil slice", empty.Strings())
	}
	// Float reads a literal as JSON.parse does: beyond the doubles it is
	// ±Infinity (Number("1e400")), and still a number.
	for lit, want := range map[string]float64{"2": 2, "-0.5e1": -5, "1e400": math.Inf(1), "-1e400": math.Inf(-1), "1e-400": 0} {
		n := Value{Kind: Number, Str: lit}
		if f, ok := n.Float(); !ok || f != want {
			t.Errorf("Float(%s) = %v, %v; want %v, true", lit, f, ok, want)
		}
	}
}

// Clone copies deeply: changing the copy's items, members or their
// values leaves the original as it was (snapshots are shared).
func TestCloneIsDeep(t *testing.T) {
	orig, errs := Parse([]byte(`{"a":[{"b":1},[2]],"c":{"d":"e"}}`))
	if errs != nil {
		t.Fatal(errs)
	}
	want := string(Encode(&orig, ""))
	c := orig.Clone()
	c.Get("a").Items[0].Set("b", NewString("changed"))
	c.Get("a").Items[1].Items[0] = NewBool(false)
	c.Get("c").Members[0].Key = "renamed"
	c.Get("c").Set("new", NewNumber(1))
	c.Set("a", NewArray())
	if got := string(Encode(&orig, "")); got != want {
		t.Errorf("after changing the clone, the original is %s, want %s", got, want)
	}
	if got := string(Encode(&c, "")); got != `{"a":[],"c":{"renamed":"e","new":1}}` {
		t.Errorf("the clone is %s", got)
	}
}

// Kind.Phrase names a kind with its article, for messages.
func TestKindPhrase(t *testing.T) {
	for k, want := range map[Kind]string{Null: "null", Bool: "a boolean", Number: "a number", String: "a string", Array: "an array", Object: "an object"} {
		if got := k.Phrase(); got != want {
			t.Errorf("%d.Phrase() = %q, want %q", k, got, want)
		}
	}
}

// An array is indexed by a token of digits only, without leading zeros
// (RFC 6901's array-index, "0" or a nonzero digit and digits): a token
// that is no number, a negative one, one with a sign or a leading zero
// finds nothing, and Lookup stops at the array.
func TestLookupArrayTokens(t *testing.T) {
	src := []byte(`{"a":[10,[20,21],{"0":30}]}`)
	root, errs := Parse(src)
	if errs != nil {
		t.Fatal(errs)
	}
	arr := root.Get("a")
	for _, tt := range []struct {
		ptr  string
		want string // the value found, or "" for none
	}{
		{"/a/0", "10"}, {"/a/1/1", "21"}, {"/a/2/0", "30"},
		{"/a/x", ""}, {"/a/-1", ""}, {"/a/3", ""}, {"/a/", ""}, {"/a/1x", ""}, {"/a/1/x", ""},
		{"/a/01", ""}, {"/a/00", ""}, {"/a/+1", ""}, {"/a/-0", ""}, {"/a/-", ""},
	} {
		for _, f := range []*Finder{nil, NewFinder(&root)} {
			var v *Value
			var ok bool
			if f == nil {
				v, _, ok = root.Lookup(tt.ptr)
			} else {
				v, _, ok = f.Lookup(tt.ptr)
			}
			if tt.want == "" {
				if ok || (tt.ptr != "/a/1/x" && v != arr) {
					t.Errorf("Lookup(%q) = %s, %v; want the array a, false", tt.ptr, Encode(v, ""), ok)
				}
				continue
			}
			if !ok || string(Encode(v, "")) != tt.want {
				t.Errorf("Lookup(%q) = %s, %v; want %s, true", tt.ptr, Encode(v, ""), ok, tt.want)
			}
		}
	}
}

// TestLookupNeedsALeadingSlash: a JSON pointer is "" or a series of
// "/"-prefixed tokens (RFC 6901 §3); "a/0" is none, and names nothing,
// where it was read as "/a/0". A $ref "#anchor" (a plain-name fragment,
// not a pointer) so resolved to a top-level member named "anchor".
func TestLookupNeedsALeadingSlash(t *testing.T) {
	root, errs := Parse([]byte(`{"a":[10],"anchor":{}}`))
	if errs != nil {
		t.Fatal(errs)
	}
	for _, ptr := range []string{"a", "a/0", "anchor", "~1a"} {
		for _, f := range []*Finder{nil, NewFinder(&root)} {
			var v *Value
			var ok bool
			if f == nil {
				v, _, ok = root.Lookup(ptr)
			} else {
				v, _, ok = f.Lookup(ptr)
			}
			if ok || v != &root {
				t.Errorf("Lookup(%q) = %s, %v; want the root, false", ptr, Encode(v, ""), ok)
			}
		}
	}
	if v, _, ok := root.Lookup("/a/0"); !ok || string(Encode(v, "")) != "10" {
		t.Errorf(`Lookup("/a/0") = %s, %v; want 10, true`, Encode(v, ""), ok)
	}
}
