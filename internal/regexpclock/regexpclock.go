// Package regexpclock keeps the clock regexp2 checks match timeouts
// against running outside any testing/synctest bubble, for the tests of
// packages that match central config patterns inside one.
//
// regexp2 keeps one clock goroutine for the process, started at a match
// with a timeout and stopped a second after the last deadline. Started
// again inside a bubble after it first ran outside, its start is real
// time and the bubble's clock fake, so it never stops, and the bubble
// ends with "deadlock: main bubble goroutine has exited but blocked
// goroutines remain" (TestWatcherRescansOfASwappingTreeAreBounded failed
// so whenever an earlier test had matched a pattern more than a second
// before).
package regexpclock

import (
	"time"

	"github.com/dlclark/regexp2/v2"
)

// Start runs regexp2's clock for a day from now, outside any bubble: a
// test binary's matches then find it running and start none. Call it
// from TestMain, before any test.
func Start() {
	re := regexp2.MustCompile(`x`, regexp2.None)
	re.MatchTimeout = 24 * time.Hour
	if _, err := re.MatchString("x"); err != nil {
		panic(err)
	}
}
