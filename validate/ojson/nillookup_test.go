package ojson

import "testing"

// TestNilValueLookupFindsNothing: Get's answer for a missing member, nil,
// can be looked into as it can be read (Get, Has, StringOr): Lookup, and a
// Finder of it, find nothing where they panicked (review).
func TestNilValueLookupFindsNothing(t *testing.T) {
	v, _ := Parse([]byte(`{"a":{"b":1}}`))
	missing := v.Get("nope")
	for _, p := range []string{"", "/b", "b"} {
		if found, off, ok := missing.Lookup(p); found != nil || off != -1 || ok {
			t.Errorf("nil.Lookup(%q) = %v, %d, %v; want nil, -1, false", p, found, off, ok)
		}
		if found, off, ok := NewFinder(missing).Lookup(p); found != nil || off != -1 || ok {
			t.Errorf("NewFinder(nil).Lookup(%q) = %v, %d, %v; want nil, -1, false", p, found, off, ok)
		}
	}
	if found, _, ok := v.Lookup("/a/b"); !ok || found.Kind != Number {
		t.Errorf("Lookup(/a/b) = %v, %v", found, ok)
	}
}
