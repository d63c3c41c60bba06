package store_test

import (
	"testing"

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
