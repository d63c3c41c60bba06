package store

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// TestProfilesInOrderMatchesSorting: listing the members of each profile in
// capability order gives what sorting them gives, over random tiers and
// requires; capabilities out of id order, or a closure naming an id none
// of them has, are left to sorting.
func TestProfilesInOrderMatchesSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 200 {
		size := 1 + n%40
		var caps []*validate.Capability
		for i := range size {
			tier := []string{"core", "standard", "full", "", "bogus"}[rng.IntN(5)]
			caps = append(caps, &validate.Capability{ID: fmt.Sprintf("c%03d", i), Tier: tier})
		}
		byID := map[string]*validate.Capability{}
		for _, c := range caps {
			byID[c.ID] = c
		}
		for _, c := range caps {
			for range rng.IntN(3) {
				c.Requires = append(c.Requires, caps[rng.IntN(size)].ID)
			}
		}
		closure := map[string][]string{}
		for _, c := range caps {
			closure[c.ID] = requiresClosure(byID, c.ID)
		}
		got, ok := profilesInOrder(caps, closure)
		if want := profilesSorted(caps, closure); !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: in order %v (ok %v), sorted %v", n, got, ok, want)
		}
	}
	a, b := &validate.Capability{ID: "a", Tier: "core"}, &validate.Capability{ID: "b", Tier: "core"}
	for _, tc := range []struct {
		name    string
		caps    []*validate.Capability
		closure map[string][]string
	}{
		{"out of order", []*validate.Capability{b, a}, nil},
		{"twice the same id", []*validate.Capability{a, a}, nil},
		{"an id nobody has", []*validate.Capability{a, b}, map[string][]string{"a": {"zz"}}},
	} {
		if _, ok := profilesInOrder(tc.caps, tc.closure); ok {
			t.Errorf("%s: not left to sorting", tc.name)
		}
		if got := profiles(tc.caps, tc.closure); !reflect.DeepEqual(got, profilesSorted(tc.caps, tc.closure)) ||
			!slices.IsSortedFunc(got["core"], compareUTF16) {
			t.Errorf("%s: profiles %v", tc.name, got)
		}
	}
}

// TestRegistryPoint pins Point's bounds: every canonical point, the
// first and the last included, is found in a registry holding the 12, and
// none is in a registry holding fewer (the zero Registry), where indexing
// by the point's position would panic; an unknown point is never found.
func TestRegistryPoint(t *testing.T) {
	full := &Registry{}
	for _, p := range validate.Points {
		full.ByLoopPoint = append(full.ByLoopPoint, PointHooks{Point: p})
	}
	for _, p := range validate.Points {
		if ph, ok := full.Point(p); !ok || ph.Point != p {
			t.Errorf("Point(%q) = %v, %v; want the point's hooks", p, ph, ok)
		}
		if ph, ok := (&Registry{}).Point(p); ok || ph != nil {
			t.Errorf("zero Registry: Point(%q) = %v, %v; want none", p, ph, ok)
		}
	}
	if ph, ok := full.Point("plan:middle"); ok || ph != nil {
		t.Errorf("Point(unknown) = %v, %v; want none", ph, ok)
	}
}

// TestHookAndToolJSON pins the entries built around a hook and a card:
// a hook's entry is {capId, …hook} even for a hook with no members of its
// own; a card's entry is the card with one "path", the tool's, last, even
// for a card with no members; and that "path" is marked as built in memory
// (KeyOff -1), so a diagnostic looking it up points at no byte of the card
// file, which does not hold it.
func TestHookAndToolJSON(t *testing.T) {
	hook := HookJSON(&validate.Hook{CapID: "x", Raw: ojson.NewObject()})
	if len(hook.Members) != 1 || hook.Members[0].Key != "capId" || hook.Members[0].Value.Str != "x" {
		t.Errorf("HookJSON(empty hook) = %+v, want {capId: x}", hook.Members)
	}

	for _, tc := range []struct {
		name string
		raw  ojson.Value
		keys []string
	}{
		{"empty card", ojson.NewObject(), []string{validate.ToolPathField}},
		{"card with a path", func() ojson.Value {
			v := ojson.NewObject()
			v.Append(validate.ToolPathField, ojson.NewString("elsewhere"))
			v.Append("id", ojson.NewString("t"))
			return v
		}(), []string{"id", validate.ToolPathField}},
	} {
		v := ToolJSON(&validate.Card{ToolPath: "bin/tool", Raw: tc.raw})
		var keys []string
		for _, m := range v.Members {
			keys = append(keys, m.Key)
		}
		if !reflect.DeepEqual(keys, tc.keys) {
			t.Errorf("%s: keys %q, want %q", tc.name, keys, tc.keys)
		}
		found, off, ok := v.Lookup("/" + validate.ToolPathField)
		if !ok || found.Str != "bin/tool" || off != -1 {
			t.Errorf("%s: path = %+v at %d (%v); want bin/tool built in memory (-1)", tc.name, found, off, ok)
		}
	}
}
