package validate

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/internal/ctxtest"
)

// manyCapabilities is n copies of testdata's research capability, each in
// a folder and with an id of its own; variant changes every description,
// so that two variants share no cache entry.
func manyCapabilities(t *testing.T, n int, variant string) *Sources {
	t.Helper()
	data := readTestdata(t, "capabilities/research/capability.json")
	src := &Sources{CapabilitiesDir: "capabilities"}
	for i := range n {
		id := fmt.Sprintf("research-%05d", i)
		manifest := strings.Replace(string(data), `"id": "research"`, fmt.Sprintf("%q: %q", "id", id), 1)
		manifest = strings.Replace(manifest, "Researches the domain", variant+" researches the domain", 1)
		p := "capabilities/" + id + "/capability.json"
		src.Capabilities = append(src.Capabilities, CapabilitySource{Folder: id, Manifest: File{Path: p, Data: []byte(manifest)}})
	}
	return src
}

func readTestdata(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile("../testdata/repo/" + p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A validation whose ctx ends part way through the capabilities begins no
// other: it returns ctx's error and no result, and the cache keeps the
// checks of the last validation that finished, none of the stopped one's.
// Validate, which looked at no ctx, checked all 2,000 before the caller
// could tell that it was no longer wanted (a second at 3,000 in a Load).
func TestValidateContextStopsBetweenCapabilities(t *testing.T) {
	const n = 2000
	cache := NewCache()
	before := manyCapabilities(t, n, "Old:")
	if res := cache.Validate(before); res.Checked != n {
		t.Fatalf("first validation checked %d capabilities, want %d", res.Checked, n)
	}
	stats := cache.Stats()

	const after = 50 // capabilities begun, about, before ctx ends
	ctx := ctxtest.New(after, nil)
	res, err := cache.ValidateContext(ctx, manyCapabilities(t, n, "New:"))
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("ValidateContext = %v, %v; want no result and an error wrapping context.Canceled", res, err)
	}
	// Before each capability one call; once ctx has ended, one more per
	// worker, then checkAll's and the error's.
	if calls, most := ctx.Calls.Load(), int64(after+runtime.GOMAXPROCS(0)+2); calls > most {
		t.Errorf("ctx was asked %d times, want at most %d: the validation went on checking capabilities after ctx ended", calls, most)
	}
	if got := cache.Stats(); got != stats {
		t.Errorf("the stopped validation changed the cache's counts: %+v, was %+v", got, stats)
	}
	if res := cache.Validate(before); res.Reused != n {
		t.Errorf("after the stopped validation the cache gave back %d of %d capabilities unchanged since it last finished, want all", res.Reused, n)
	}
}

// POST /validate over a proposed central config schema of thousands of
// patterns compiles and matches each of them; a client gone stops that
// too.
func TestValidateContextStopsBetweenCentralPatterns(t *testing.T) {
	patterns := make([]string, 5000)
	for i := range patterns {
		patterns[i] = fmt.Sprintf("^workflow\\.p%d_(a+)+$", i)
	}
	src := manyKeysSources(t, 0, nil) // ui's own few keys
	src.ConfigSchema.Data = centralJSON(t, patterns...)
	// Past the start, the first phase and the one capability: the rest
	// are the central patterns'.
	const after = 100
	ctx := ctxtest.New(after, nil)
	if res, err := ValidateContext(ctx, src); !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("ValidateContext = %v, %v; want no result and an error wrapping context.Canceled", res, err)
	}
	// After the call that ends it: the pattern loop's, the phase's and the
	// error's.
	if calls, most := ctx.Calls.Load(), int64(after+3); calls > most {
		t.Errorf("ctx was asked %d times, want at most %d: patterns went on being matched after ctx ended", calls, most)
	}
}

// A ctx that never ends gives what Validate gives, and one ended before
// the call checks nothing.
func TestValidateContextOutcome(t *testing.T) {
	src := manyCapabilities(t, 20, "Same:")
	want := Validate(src)
	got, err := ValidateContext(context.Background(), src)
	if err != nil || got.Checked != want.Checked || len(got.Capabilities) != len(want.Capabilities) ||
		fmt.Sprint(got.Diagnostics) != fmt.Sprint(want.Diagnostics) {
		t.Errorf("ValidateContext(Background) = %d capabilities, %v, %v; want Validate's %d, %v", len(got.Capabilities), got.Diagnostics, err,
			len(want.Capabilities), want.Diagnostics)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := NewCache().PeekContext(ctx, src); !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("PeekContext(cancelled) = %v, %v; want no result and context.Canceled", res, err)
	}
	deadline, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	if _, err := ValidateContext(deadline, src); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("ValidateContext(expired) error = %v, want one wrapping context.DeadlineExceeded", err)
	}
}

// A call whose ctx ends while another validation holds the cache (a POST
// /validate whose client goes while a rebuild runs) stops waiting for it,
// and the cache serves the calls after it.
func TestCacheContextStopsWaitingForTheTurn(t *testing.T) {
	cache := NewCache()
	src := manyCapabilities(t, 3, "Turn:")
	if err := cache.lock(context.Background()); err != nil { // another validation, running
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan error, 2)
	go func() { _, err := cache.PeekContext(ctx, src); got <- err }()
	go func() { _, err := cache.ValidateContext(ctx, src); got <- err }()
	cancel()
	guard := time.After(time.Minute) // a hang, not a measure
	for range 2 {
		select {
		case err := <-got:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("a call whose ctx ended while it waited = %v, want an error wrapping context.Canceled", err)
			}
		case <-guard:
			t.Fatal("a call whose ctx ended still waits for the other validation")
		}
	}
	cache.unlock()
	if res := cache.Validate(src); res.Checked != 3 {
		t.Errorf("the next validation checked %d capabilities, want 3", res.Checked)
	}
}

// Wherever a validation is stopped, after the capabilities too (in the
// central patterns' loop or before the cards), the cache is left as the
// last validation that finished left it: its counts and its entries. It
// kept the stopped validation's checks once they were all made, though the
// call returned no result.
func TestValidateContextStoppedAnywhereLeavesTheCache(t *testing.T) {
	const n = 3
	before, after := manyCapabilities(t, n, "Old:"), manyCapabilities(t, n, "New:")
	// A card each, which the stopped validation checks (the last
	// look at ctx is after the cards), and must not keep either.
	for i, src := range []*Sources{before, after} {
		card := fmt.Sprintf(`{"id": "t", "command": "bin/t", "summary": "s %d", "intent_phrases": ["x"], "effects": "e", "risk": "reversible", "example": "bin/t"}`, i)
		src.Cards = []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}
	}
	full := ctxtest.New(1<<40, nil)
	if _, err := NewCache().ValidateContext(full, after); err != nil {
		t.Fatal(err)
	}
	for end := int64(1); end <= full.Calls.Load(); end++ {
		cache := NewCache()
		cache.Validate(before)
		stats, entries, cards := cache.Stats(), maps.Clone(cache.entries), maps.Clone(cache.cards)
		res, err := cache.ValidateContext(ctxtest.New(end, nil), after)
		if err == nil {
			continue // ended after its last look at ctx
		}
		if res != nil || !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped at call %d: ValidateContext = %v, %v; want no result and context.Canceled", end, res, err)
		}
		if got := cache.Stats(); got != stats || !maps.EqualFunc(cache.entries, entries, func(a, b cachedCheck) bool { return a.c == b.c }) ||
			!maps.EqualFunc(cache.cards, cards, func(a, b cachedCard) bool { return a.c == b.c }) {
			t.Errorf("stopped at call %d of %d: the cache changed (%+v, %d entries; was %+v, %d)", end, full.Calls.Load(), got, len(cache.entries), stats, len(entries))
		}
	}
}
