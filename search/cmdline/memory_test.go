package cmdline

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestLongPatternKeepsLittle: of a replaces pattern of 200,000 words (2
// MB), compileCommandPattern keeps maxLiteralTokens tokens, about 0.2 MB,
// not the whole pattern behind them.
func TestLongPatternKeepsLittle(t *testing.T) {
	var b strings.Builder
	for i := range 200000 {
		fmt.Fprintf(&b, "word%05d ", i)
	}
	raw := b.String()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p, _ := compileCommandPattern(raw)
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("a pattern of %d bytes kept %d bytes", len(raw), kept)
	if kept > int64(len(raw))/4 {
		t.Errorf("a pattern of %d bytes kept %d bytes", len(raw), kept)
	}
	if len(p.literal) != maxLiteralTokens || p.literal[1].text != "word00001" {
		t.Errorf("%d literal tokens, the second %q", len(p.literal), p.literal[1].text)
	}
	runtime.KeepAlive(p)
	runtime.KeepAlive(raw)
}
