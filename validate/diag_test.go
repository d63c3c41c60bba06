package validate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestKeepListedListsAsAll: a validation holding, of each of its parts
// (a capability's findings, a card's), what keepListed keeps of them, and
// after them findings added later (a capability's contract checks), lists
// what one holding all of them lists (LimitPerRule of them sorted), with
// the same counts: findings of one rule in one file from several parts,
// 100, 101, 102 and more of them in a part, findings that already stand
// for others (Omitted), findings in the same place but for their
// pointer, and in both severities.
func TestKeepListedListsAsAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	finding := func() Diagnostic {
		d := Diagnostic{File: []string{"a.json", "b.json", ""}[rng.IntN(3)], Line: rng.IntN(40), Column: rng.IntN(2),
			Rule: []string{"r1", "r2"}[rng.IntN(2)], Severity: []Severity{Warning, Error}[rng.IntN(2)],
			Message: []string{"m", "n"}[rng.IntN(2)], Pointer: fmt.Sprint(rng.IntN(1000))}
		if rng.IntN(10) == 0 {
			d.Omitted = 1 + rng.IntN(5)
		}
		return d
	}
	sizes := []int{0, 1, MaxPerRule - 1, MaxPerRule, MaxPerRule + 1, MaxPerRule + 2, MaxPerRule + 3, 2 * MaxPerRule, 2*MaxPerRule + 1, 2*MaxPerRule + 2, 450}
	for trial := range 300 {
		// One key (the first), and a mix of keys, so that a part holds
		// about the given number of one rule's findings in one file.
		one := trial%2 == 0
		var all, kept Diagnostics
		for range 1 + rng.IntN(3) {
			var part Diagnostics
			n := sizes[rng.IntN(len(sizes))]
			for range n {
				d := finding()
				if one {
					d.File, d.Rule = "a.json", "r1"
				}
				part = append(part, d)
			}
			var later Diagnostics
			for range rng.IntN(4) {
				later = append(later, finding())
			}
			all = append(append(all, part...), later...)
			kept = append(append(kept, keepListed(slices.Clone(part))...), later...)
		}
		all.Sort()
		kept.Sort()
		want, got := LimitPerRule(all), LimitPerRule(kept)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d: listed from what keepListed keeps:\n%v\nfrom all:\n%v", trial, got, want)
		}
		we, ww := want.Count()
		if ge, gw := got.Count(); ge != we || gw != ww {
			t.Fatalf("trial %d: counts %d, %d; want %d, %d", trial, ge, gw, we, ww)
		}
	}
}
