package store_test

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

type panicKey struct{}

// TestAttachAfterAPanic: a derive that panicked settles nothing, and the
// next caller of its key derives again. Attach kept the nil the spent
// sync.Once left and gave it to every later caller of the key for as long
// as the snapshot was served, a value derive never returned (the API's own
// cache was mended so in cr26; an embedding program's was not).
func TestAttachAfterAPanic(t *testing.T) {
	snap := store.Build(nil, false)
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic of derive did not reach its caller")
			}
		}()
		snap.Attach(panicKey{}, func() any { panic("first derive") })
	}()
	if got := snap.Attach(panicKey{}, func() any { return "second" }); got != "second" {
		t.Fatalf("Attach after a panicking derive = %v; want the second derive's value", got)
	}
	if got := snap.Attach(panicKey{}, func() any { t.Error("derived again once settled"); return "third" }); got != "second" {
		t.Errorf("Attach once settled = %v; want %q", got, "second")
	}
	var derived any = 0
	if got := snap.Attach(struct{ k int }{1}, func() any { return nil }); got != nil {
		t.Errorf("a nil value = %v", got)
	}
	if got := snap.Attach(struct{ k int }{1}, func() any { derived = 1; return 1 }); got != nil || derived != 0 {
		t.Errorf("a derive that returned nil is derived again: %v", got)
	}
}

// TestAttachConcurrentFirstCallers: of many callers of a key at once, the
// first of them whose derive returns settles it, each of the others gets
// that value (a panicking first derive settles nothing, and a waiter
// derives again), and a derive may attach another key of the snapshot.
// Run under -race, it also checks that the value a later caller reads
// without the lock was published by the one that derived it.
func TestAttachConcurrentFirstCallers(t *testing.T) {
	type key int
	snap := store.Build(nil, false)
	var derives, entered atomic.Int32
	var wg sync.WaitGroup
	got := make([]any, 64)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { _ = recover() }()
			entered.Add(1)
			got[i] = snap.Attach(key(1), func() any {
				if derives.Add(1) == 1 {
					// The others wait for the key, past its settled check.
					for entered.Load() < int32(len(got)) {
						runtime.Gosched()
					}
					time.Sleep(20 * time.Millisecond)
					panic("first derive")
				}
				time.Sleep(5 * time.Millisecond) // long enough for others to come
				inner := snap.Attach(key(2), func() any { return &[]int{7} })
				return &[]any{inner}
			})
		}()
	}
	waited := make(chan struct{})
	go func() { wg.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(10 * time.Second):
		t.Fatal("callers of the key still wait after 10s: a derive attaching another key deadlocked")
	}
	if n := derives.Load(); n != 2 {
		t.Fatalf("%d derives; want the panicking one and one more", n)
	}
	var want any
	panicked := 0
	for i, v := range got {
		if v == nil {
			panicked++ // the caller whose derive panicked
			continue
		}
		if want == nil {
			want = v
		}
		if v != want {
			t.Fatalf("caller %d got %p, another %p: the key was settled twice", i, v, want)
		}
	}
	if panicked != 1 {
		t.Errorf("%d callers got no value; want only the one whose derive panicked", panicked)
	}
	if inner := (*want.(*[]any))[0].(*[]int); (*inner)[0] != 7 || snap.Attach(key(2), nil) != any(inner) {
		t.Errorf("the key attached by a derive = %v; want its value settled", inner)
	}
}
