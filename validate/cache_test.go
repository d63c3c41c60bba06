package validate

import "testing"

// TestCacheCountsAndPeek pins, call by call, what a Cache reports: each
// Result's Checked and Reused, and Stats' hits and misses over its life.
// Validate re-checks only capabilities whose inputs changed and counts
// them; Peek takes what the cache holds (all of a repository validated
// before) but leaves the cache and its counts as they were, so that a
// proposal does not cost the next rebuild its hits. Surviving mutants
// counted misses as len+hits, made Stats of a live cache zero, made Peek
// validate without the cache, and counted Peek's hits down.
func TestCacheCountsAndPeek(t *testing.T) {
	a, b := manyCapabilities(t, 3, "A:"), manyCapabilities(t, 3, "B:")
	// a with its last capability's inputs changed.
	a2 := &Sources{CapabilitiesDir: a.CapabilitiesDir, Capabilities: []CapabilitySource{a.Capabilities[0], a.Capabilities[1], b.Capabilities[2]}}
	cache := NewCache()
	steps := []struct {
		name            string
		peek            bool
		src             *Sources
		checked, reused int
		stats           CacheStats
	}{
		{"first validation checks all", false, a, 3, 0, CacheStats{Hits: 0, Misses: 3}},
		{"the same inputs are all reused", false, a, 0, 3, CacheStats{Hits: 3, Misses: 3}},
		{"one changed capability is checked afresh", false, a2, 1, 2, CacheStats{Hits: 5, Misses: 4}},
		{"back to a: its last capability again", false, a, 1, 2, CacheStats{Hits: 7, Misses: 5}},
		{"a peek at other inputs checks them, counting nothing", true, b, 3, 0, CacheStats{Hits: 7, Misses: 5}},
		{"a peek at the cached inputs reuses them, counting nothing", true, a, 0, 3, CacheStats{Hits: 7, Misses: 5}},
		{"the peeks left the cache as it was", false, a, 0, 3, CacheStats{Hits: 10, Misses: 5}},
	}
	for _, st := range steps {
		var res *Result
		if st.peek {
			res = cache.Peek(st.src)
		} else {
			res = cache.Validate(st.src)
		}
		if res.Checked != st.checked || res.Reused != st.reused {
			t.Errorf("%s: checked %d reused %d, want %d and %d", st.name, res.Checked, res.Reused, st.checked, st.reused)
		}
		if got := cache.Stats(); got != st.stats {
			t.Errorf("%s: stats %+v, want %+v", st.name, got, st.stats)
		}
	}
}

// TestNilCache pins that a nil *Cache validates without caching, as its
// doc says: every capability checked each time, none reused, zero counts
// (Stats reading a nil cache's counters would panic).
func TestNilCache(t *testing.T) {
	var cache *Cache
	src := manyCapabilities(t, 2, "Nil:")
	for _, call := range []struct {
		name string
		run  func(*Sources) *Result
	}{{"Validate", cache.Validate}, {"Validate again", cache.Validate}, {"Peek", cache.Peek}} {
		if res := call.run(src); res.Checked != 2 || res.Reused != 0 {
			t.Errorf("%s: checked %d reused %d, want 2 and 0", call.name, res.Checked, res.Reused)
		}
	}
	if got := cache.Stats(); got != (CacheStats{}) {
		t.Errorf("nil cache's stats = %+v, want zero", got)
	}
}
