package main

import (
	"fmt"
	"log/slog"
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
// otherwise. It logs the limit it sets, and a CAPREG_MEMORY_LIMIT it cannot
// use: the pod then runs without a soft limit, which an operator who set
// one should hear about rather than find out at the OOM kill.
func tuneGC(logger *slog.Logger) {
	raiseGCTarget()
	limit, ok, err := memoryLimit(os.Getenv("GOMEMLIMIT"), os.Getenv("CAPREG_MEMORY_LIMIT"))
	switch {
	case err != nil:
		logger.Warn("no soft memory limit set", "error", err)
	case ok:
		debug.SetMemoryLimit(limit)
		logger.Info("soft memory limit set", "bytes", limit, "from", "CAPREG_MEMORY_LIMIT")
	}
}

// minContainerLimit is the least CAPREG_MEMORY_LIMIT taken for a byte
// count: capreg alone is about 24 MB resident, so a smaller value is a
// count of something else ("512" meant as MiB), whose 85% would keep the
// GC running all the time.
const minContainerLimit = 32 << 20

// memoryLimit is the soft memory limit for a container limit given in bytes
// by CAPREG_MEMORY_LIMIT (deploy/ passes limits.memory): 85% of it, so that
// the GC works hard before the kernel's hard limit, with headroom for the
// memory the Go runtime does not count. GOMEMLIMIT, when set, wins. err says
// why a value given is not used: not a byte count (garbage, "1Gi", zero or
// less), or too small to be one.
func memoryLimit(gomemlimit, containerLimit string) (int64, bool, error) {
	if gomemlimit != "" || containerLimit == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseInt(containerLimit, 10, 64)
	if err != nil || n <= 0 {
		return 0, false, fmt.Errorf("CAPREG_MEMORY_LIMIT=%q is not a positive number of bytes (a resourceFieldRef of limits.memory with divisor \"1\" gives one)", containerLimit)
	}
	if n < minContainerLimit {
		return 0, false, fmt.Errorf("CAPREG_MEMORY_LIMIT=%d is under 32 MiB, too small for a container's memory limit in bytes (a resourceFieldRef of limits.memory with divisor \"1\" gives one)", n)
	}
	return n / 100 * 85, true, nil
}
