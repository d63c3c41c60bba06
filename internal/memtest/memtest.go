// Package memtest measures, for benchmarks and tests, the heap a value
// keeps alive: what a served snapshot, a validation's result or a
// router's cached answers hold.
package memtest

import "runtime"

// LiveMB is how many MiB of heap what f returns keeps alive: the heap in
// use after f, less that before it, each read after two collections (a
// regexp2.Regexp's pool keeps its runner, and through it the Regexp,
// alive for one collection after its last use).
func LiveMB(f func() any) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := f()
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / (1 << 20)
}
