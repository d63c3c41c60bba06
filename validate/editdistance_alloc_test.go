package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestNearestIDAllocatesNothing: a 404 for an id the registry does not
// hold compares it with every id served (NearestID), so the comparison
// must not allocate: EditDistance's three rows per id took 30,000
// allocations and 8.9 ms for one 404 on a 10,000-capability registry
// (5.3 ms without them). Names longer than its stack rows still work.
func TestNearestIDAllocatesNothing(t *testing.T) {
	ids := make([]string, 1000)
	for i := range ids {
		ids[i] = fmt.Sprintf("cap-%05d", i)
	}
	if allocs := testing.AllocsPerRun(10, func() { NearestID("cap-0100-x", ids) }); allocs > 1 {
		t.Errorf("NearestID over %d ids: %v allocations, want at most 1", len(ids), allocs)
	}
	// Nor does its search for the same words in another order split the
	// ids of the length of one that has several words (it split each).
	if allocs := testing.AllocsPerRun(10, func() { NearestID("00100-cax", ids) }); allocs > 1 {
		t.Errorf("NearestID over %d ids of its length: %v allocations, want at most 1", len(ids), allocs)
	}
	// The stack rows hold names of up to 64 bytes, that length included.
	at64, other := strings.Repeat("a", 63)+"b", strings.Repeat("a", 63)+"c"
	if allocs := testing.AllocsPerRun(10, func() { EditDistance(at64, other, 2) }); allocs != 0 {
		t.Errorf("EditDistance of 64-byte names: %v allocations, want none", allocs)
	}
	upper := strings.ToUpper(other)
	if allocs := testing.AllocsPerRun(10, func() { FoldedEditDistance(at64, upper, 2) }); allocs != 0 {
		t.Errorf("FoldedEditDistance of 64-byte ASCII names: %v allocations, want none", allocs)
	}
	// Letters of four bytes: 64 of them, 256 bytes, fit the rows too.
	e64, eOther := strings.Repeat("😀", 63)+"b", strings.Repeat("😀", 63)+"c"
	if allocs := testing.AllocsPerRun(10, func() { EditDistance(e64, eOther, 2) }); allocs != 0 {
		t.Errorf("EditDistance of 64-letter names of 4-byte letters: %v allocations, want none", allocs)
	}
	long := string(make([]byte, 100))
	// A name longer by more than the limit is ruled out by its length,
	// before any row is made for it.
	if allocs := testing.AllocsPerRun(10, func() { EditDistance("ab", long, 2) }); allocs != 0 {
		t.Errorf("EditDistance of 2- and 100-byte names: %v allocations, want none", allocs)
	}
	if d := EditDistance("ab", long, 2); d != 3 {
		t.Errorf("EditDistance of 2- and 100-byte names with limit 2 = %d, want 3", d)
	}
	if d := EditDistance(long, long[:99]+"x", 2); d != 1 {
		t.Errorf("EditDistance of 100-byte names one edit apart = %d, want 1", d)
	}
	// An id that is not ASCII is compared by code points, still without
	// an allocation per id served (but for its composed form, made once).
	if allocs := testing.AllocsPerRun(10, func() { NearestID("cap-0100-é", ids) }); allocs > 2 {
		t.Errorf("NearestID of an id that is not ASCII over %d ids: %v allocations, want at most 2", len(ids), allocs)
	}
	// As EditDistance's, its stack rows hold names of up to 64 code
	// points, that length included.
	r64, rOther := strings.Repeat("é", 63)+"b", strings.Repeat("é", 63)+"c"
	if allocs := testing.AllocsPerRun(10, func() { FoldedEditDistance(r64, rOther, 2) }); allocs != 0 {
		t.Errorf("FoldedEditDistance of 64-code-point names: %v allocations, want none", allocs)
	}
	// And, as EditDistance, it rules out a name longer by more than the
	// limit before it reads either into runes.
	rlong := strings.Repeat("é", 100)
	if allocs := testing.AllocsPerRun(10, func() { FoldedEditDistance("é", rlong, 2) }); allocs != 0 {
		t.Errorf("FoldedEditDistance of 1- and 100-code-point names: %v allocations, want none", allocs)
	}
	if d := FoldedEditDistance("é", rlong, 2); d != 3 {
		t.Errorf("FoldedEditDistance of 1- and 100-code-point names with limit 2 = %d, want 3", d)
	}
	if d := EditDistance("research", "reserch", 2); d != 1 {
		t.Errorf("EditDistance(research, reserch) = %d, want 1", d)
	}
}

// TestMayMeanCommandAllocatesLittle: the scan asks MayMeanCommand of each
// name in the folder of each card whose command is missing; a Replacer
// made per call built its tables each time, 1.1 GB of the 1.2 GB a
// rebuild of 3,000 such cards allocated (BenchmarkRebuildCards3k). What is
// left is the two words, separators dropped.
func TestMayMeanCommandAllocatesLittle(t *testing.T) {
	if !MayMeanCommand("tools/deploy-0000", "tools/Deploy_0001") || MayMeanCommand("tools/deploy-0000", "tools/t00") {
		t.Fatal("MayMeanCommand no longer compares the words without separators, in lower case")
	}
	if allocs := testing.AllocsPerRun(100, func() { MayMeanCommand("tools/deploy-0000", "tools/t00-x.sh") }); allocs > 2 {
		t.Errorf("MayMeanCommand: %v allocations, want at most 2", allocs)
	}
}

// TestCardCommandPathAllocatesItsTopLevel: the scan reads the command of
// every card with CardCommandPath, which builds the card's top level
// alone (ojson.ParseTop): parsed whole, a card of 24,000 intent phrases
// made 4 MB of tree per MB on every scan.
func TestCardCommandPathAllocatesItsTopLevel(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"id": "x", "command": "bin/x --flag", "intent_phrases": [`)
	for i := range 5000 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"phrase number %d"`, i)
	}
	b.WriteString(`]}`)
	card := []byte(b.String())
	if got := CardCommandPath(card); got != "bin/x" {
		t.Fatalf("CardCommandPath = %q, want bin/x", got)
	}
	if allocs := testing.AllocsPerRun(5, func() { CardCommandPath(card) }); allocs > 100 {
		t.Errorf("CardCommandPath of a card of 5,000 phrases: %v allocations, want at most 100", allocs)
	}
}
