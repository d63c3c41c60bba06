package ojson

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestParseReusesItsStacks: a document of one long array (a card of many
// intent phrases) allocates little more than its tree once a parse has
// been made: the stack its items are collected on is taken from the last
// parse's, not grown afresh by appends to five times the array (what a
// scan and a check of 25 cards of 24,000 phrases wasted: 500 MB). The
// smallest of several parses is taken: the pool may drop a stack (under
// the race detector, or at a collection). The collector is off while they
// run: two collections between parses empty the pool, and on a loaded
// machine (go test ./... beside two other runs) every one of the eight
// had met them and the test failed, though each parse reused a stack.
func TestParseReusesItsStacks(t *testing.T) {
	const n = 20000
	var b strings.Builder
	b.WriteString(`{"intent_phrases": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"p%d"`, i%10) // short: no string of its own (see string)
	}
	b.WriteString(`]}`)
	src := []byte(b.String())
	tree := n * 80 // the items, copied out at their size (Value is 80 bytes)
	least := uint64(1 << 62)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for range 8 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		v, errs := Parse(src)
		runtime.ReadMemStats(&after)
		if len(errs) != 0 || len(v.Get("intent_phrases").Items) != n {
			t.Fatalf("parse: %v", errs)
		}
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	if least > uint64(2*tree) {
		t.Errorf("a parse of %d items allocated at least %d bytes, over twice the %d of its tree", n, least, tree)
	}
	// What the pooled stacks held of one parse is cleared: a second
	// document's tree is its own.
	v, _ := Parse([]byte(`[["a"], "b"]`))
	w, _ := Parse([]byte(`[["c"], "d"]`))
	if got := string(Encode(&v, "")) + string(Encode(&w, "")); got != `[["a"],"b"][["c"],"d"]` {
		t.Errorf("two parses gave %s", got)
	}
}

// pooledStacks takes every stack stackPool holds.
func pooledStacks() []*stacks {
	var out []*stacks
	for {
		st, ok := stackPool.Get().(*stacks)
		if !ok {
			return out
		}
		out = append(out, st)
	}
}

// TestParsePoolsClearedStacks: the stacks a parse gives back hold no
// member or item of its tree in all of their room, so that a pooled
// stack keeps no document's strings alive; and those of a document of
// more than maxPooledStack items are not pooled at all, so that one
// large file leaves no megabytes pooled. (The race detector's pool drops
// some stacks: a parse whose stacks are not found is tried again.)
func TestParsePoolsClearedStacks(t *testing.T) {
	small := []byte(`{"a": ["x", "y", {"k": "v", "l": [true, 1.5]}], "b": "z", "c": {"d": null}}`)
	found := 0
	for range 20 {
		pooledStacks()
		if _, errs := Parse(small); len(errs) != 0 {
			t.Fatal(errs)
		}
		for _, st := range pooledStacks() {
			found++
			for i, m := range st.members[:cap(st.members)] {
				if !reflect.DeepEqual(m, Member{}) {
					t.Fatalf("a pooled members stack holds %+v at %d", m, i)
				}
			}
			for i, v := range st.items[:cap(st.items)] {
				if !reflect.DeepEqual(v, Value{}) {
					t.Fatalf("a pooled items stack holds %+v at %d", v, i)
				}
			}
		}
		if found > 0 {
			break
		}
	}
	if found == 0 {
		t.Fatal("no parse gave its stacks back to the pool")
	}
	large := []byte("[" + strings.Repeat("0,", maxPooledStack) + "0]")
	for range 3 {
		pooledStacks()
		if _, errs := Parse(large); len(errs) != 0 {
			t.Fatal(errs)
		}
		for _, st := range pooledStacks() {
			if cap(st.items) > maxPooledStack || cap(st.members) > maxPooledStack {
				t.Fatalf("a stack of %d items, %d members was pooled, over %d", cap(st.items), cap(st.members), maxPooledStack)
			}
		}
	}
}

// TestParseTopAllocatesItsTopLevel: ParseTop of a card of many intent
// phrases makes no string of them (dropText) nor any item below the top
// level: the scan reads each card's command so, and a card of 24,000
// phrases parsed whole made 4 MB of tree per MB. Nor is an item's index
// written for the pointer being parsed unless an error needs it (it was,
// past 99: one allocation an item, in Parse too).
func TestParseTopAllocatesItsTopLevel(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"command": "bin/x", "intent_phrases": [`)
	for i := range 5000 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"phrase number %d"`, i)
	}
	b.WriteString(`], "o": {"k": ["v", "w"]}}`)
	src := []byte(b.String())
	v, errs := ParseTop(src)
	if len(errs) != 0 || v.Get("command").Str != "bin/x" {
		t.Fatalf("ParseTop: %v, command %q", errs, v.Get("command").Str)
	}
	if allocs := testing.AllocsPerRun(5, func() { ParseTop(src) }); allocs > 100 {
		t.Errorf("ParseTop of 5,000 phrases: %v allocations, want at most 100", allocs)
	}
}
