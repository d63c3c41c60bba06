package cmdline

import (
	"context"
	"runtime"
	"strings"
	"testing"
)

// TestNestedQuoteWorkBounded: command substitutions and quotes nested in
// each other and left unclosed were read again by every substitution
// around them, work exponential in the depth (bounded at maxQuoteDepth):
// 750 "$('" kept a core busy for minutes. Each line here is read as
// unclosed, and those whose nesting would go on past maxQuoteWork bytes
// stop at that budget (a step past it at most); BenchmarkNestedQuotes
// times them.
func TestNestedQuoteWorkBounded(t *testing.T) {
	for _, tt := range []struct {
		line     string
		exhausts bool // the budget, not the text, ends the read
	}{
		{strings.Repeat(`"$('"`, 750), true},
		{strings.Repeat(`"$("`, 1000), true},
		{strings.Repeat(`"$(`, 1300), false},
		{strings.Repeat(`"$(echo '"`, 400), true},
		{strings.Repeat(`"$($("`, 800), true},
		{strings.Repeat(`"$(#`+"\n", 800), false},
		{strings.Repeat(`"$('"`, 30) + `"` + strings.Repeat(`"$('"`, 30), true},
		// "$((" left open, read up to maxArithmetic bytes by every
		// substitution around it: counted (a card of 60 such patterns
		// took 3.4 s to check when it was not).
		{strings.Repeat("\">($((`<<'E'", 333), true},
	} {
		w := quoteWork(maxQuoteWork)
		if end := w.closingQuoteAt(tt.line, 0, 0); end != -1 {
			t.Errorf("%q... (%d bytes): closed at %d, want -1 (unclosed)", tt.line[:20], len(tt.line), end)
		}
		if exhausted := w <= 0; exhausted != tt.exhausts || w < -maxArithmetic {
			t.Errorf("%q... (%d bytes): %d bytes of the budget left, want it spent: %v (by a step past it at most)", tt.line[:20], len(tt.line), int(w), tt.exhausts)
		}
		lineTokens(tt.line)
	}
}

// BenchmarkNestedQuotes reads the line of 750 "$('" that kept a core busy
// for minutes before the quote-reading budget (maxQuoteWork).
func BenchmarkNestedQuotes(b *testing.B) {
	line := strings.Repeat(`"$('"`, 750)
	for b.Loop() {
		lineTokens(line)
	}
}

// TestBackquotesAllocateLittle: each of 4,000 backquotes starts a
// command, and the words of each were given room for the rest of the
// line: 660 MB allocated (and 0.4 s) to match one 4,000-byte line.
func TestBackquotesAllocateLittle(t *testing.T) {
	m := Compile([]Card{{ID: "push", Replaces: []string{"git push .* --force"}}})
	line := strings.Repeat("`", 4000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m.Match(context.Background(), line, DefaultBudget)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
		t.Errorf("matching %d backquotes allocated %d MB", len(line), n>>20)
	}
}

// TestSubstitutionHereDocsRunToTheEnd: the first of two here-documents
// in a command substitution whose body runs to the end of the line left
// substitutionEnd reading the byte past it (index out of range).
func TestSubstitutionHereDocsRunToTheEnd(t *testing.T) {
	for _, line := range []string{"echo \"$(cat <<A <<B\nx", "$(cat <<A <<B\n", "$(cat <<A <<B <<C\nx\nA"} {
		if end := substitutionEnd(line, strings.Index(line, "$("), 0); end != -1 {
			t.Errorf("%q: substitution ends at %d, want -1 (unclosed)", line, end)
		}
		lineTokens(line)
	}
}

// TestArithmeticReadIsPaid: the arithmetic a quote's or substitution's
// read tries ("$((" left open, read up to maxArithmetic bytes) is paid
// from its budget: unpaid, every substitution around each "$((" read it
// again, and a card of 60 such patterns took 3.4 s to check.
func TestArithmeticReadIsPaid(t *testing.T) {
	for _, tt := range []struct {
		text string
		paid int
	}{
		{"$((" + strings.Repeat("a", 2*maxArithmetic), maxArithmetic},
		{"$((1+2))", len("((1+2))")},
		{"((x) y", len("((x)")}, // closed by one ")": no arithmetic
		{"$(ls)", 0},
	} {
		w := quoteWork(maxQuoteWork)
		w.arithmeticEnd(tt.text, 0)
		if paid := int(maxQuoteWork - w); paid != tt.paid {
			t.Errorf("%.12q: %d bytes paid, want %d", tt.text, paid, tt.paid)
		}
	}
}
