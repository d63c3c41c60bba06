package cmdline

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestNestedQuoteWorkBounded: command substitutions and quotes nested in
// each other and left unclosed were read again by every substitution
// around them, work exponential in the depth (bounded at maxQuoteDepth):
// 750 "$('" kept a core busy for minutes. Each line here is read in well
// under a second.
func TestNestedQuoteWorkBounded(t *testing.T) {
	for _, line := range []string{
		strings.Repeat(`"$('"`, 750),
		strings.Repeat(`"$("`, 1000),
		strings.Repeat(`"$(`, 1300),
		strings.Repeat(`"$(echo '"`, 400),
		strings.Repeat(`"$($("`, 800),
		strings.Repeat(`"$(#`+"\n", 800),
		strings.Repeat(`"$('"`, 30) + `"` + strings.Repeat(`"$('"`, 30),
	} {
		start := time.Now()
		lineTokens(line)
		closingQuote(line, 0)
		if took := time.Since(start); took > time.Second {
			t.Errorf("%q... (%d bytes) took %v", line[:20], len(line), took)
		}
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
