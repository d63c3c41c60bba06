package store

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/capreg/capreg/validate"
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
