package ojson

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestParseReusesItsStacks: a document of one long array (a card of many
// intent phrases) allocates little more than its tree once a parse has
// been made: the stack its items are collected on is taken from the last
// parse's, not grown afresh by appends to five times the array (what a
// scan and a check of 25 cards of 24,000 phrases wasted: 500 MB). The
// smallest of several parses is taken: the pool may drop a stack (under
// the race detector, or at a collection).
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
