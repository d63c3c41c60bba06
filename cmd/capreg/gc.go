package main

import (
	"os"
	"runtime/debug"
	"strconv"
)

// raiseGCTarget lets the heap grow to five times its live size between
// collections (GOGC=400) unless GOGC is set, in both kinds of verb:
//   - The daemon's heap is mostly the immutable snapshot, and requests make
//     little garbage, so the default (collect each time the heap grows by
//     its live size) spends its cycles re-marking the same snapshot; at
//     10,000 capabilities that showed as a p99 of 7 ms instead of 4 ms.
//   - A verb that loads the repository once and exits otherwise pays for
//     several collections of a heap that dies at exit: they were a fifth of
//     the wall time of `capreg check` on a 44-capability repository
//     (BenchmarkCheckProcess). At 10,000 capabilities its peak resident
//     size grows from about 290 MB to 410 MB.
func raiseGCTarget() {
	if pct, ok := gcPercent(os.Getenv("GOGC")); ok {
		debug.SetGCPercent(pct)
	}
}

// gcPercent is the GC percent capreg sets, given GOGC.
func gcPercent(gogc string) (int, bool) {
	if gogc != "" {
		return 0, false // the user's choice
	}
	return 400, true
}

// tuneGC sets the daemon's GC: the raised target, and in a container a soft
// memory limit below the container's. Set GOGC or GOMEMLIMIT to choose
// otherwise.
func tuneGC() {
	raiseGCTarget()
	if limit, ok := memoryLimit(os.Getenv("GOMEMLIMIT"), os.Getenv("CAPREG_MEMORY_LIMIT")); ok {
		debug.SetMemoryLimit(limit)
	}
}

// memoryLimit is the soft memory limit for a container limit given in bytes
// by CAPREG_MEMORY_LIMIT (deploy/ passes limits.memory): 85% of it, so that
// the GC works hard before the kernel's hard limit, with headroom for the
// memory the Go runtime does not count. GOMEMLIMIT, when set, wins.
func memoryLimit(gomemlimit, containerLimit string) (int64, bool) {
	if gomemlimit != "" || containerLimit == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(containerLimit, 10, 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n / 100 * 85, true
}
