package api

import "testing"

// TestCacheEntryAfterAPanic: a body whose making panicked once is made
// again on the next request rather than served as the nil the spent once
// left (each later request then failed on a nil body, its cause logged
// only once; review cr26).
func TestCacheEntryAfterAPanic(t *testing.T) {
	var ce cacheEntry
	func() {
		defer func() { _ = recover() }()
		ce.body(func() *body { panic("first") })
	}()
	b := ce.body(func() *body { return &body{data: []byte("ok")} })
	if b == nil || string(b.data) != "ok" || b.length()[0] != "2" {
		t.Fatalf("after a panic: %+v", b)
	}
}
