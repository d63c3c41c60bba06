// Package ctxtest holds a context for the tests of code that stops when its
// context ends, so that they end it at a point they choose rather than at
// a time.
package ctxtest

import (
	"context"
	"sync"
	"sync/atomic"
)

// EndAfter is a context that ends (context.Canceled) at the N-th call of
// its Err method, or never while N is 0, calling the onEnd given to New
// then. Code that looks at its ctx at known points (before each directory
// scanned, each capability validated, each central pattern) is so ended
// part way through with no clock involved, and Calls says how long it went
// on after that.
type EndAfter struct {
	context.Context // Background: no deadline, no values
	N, Calls        atomic.Int64
	onEnd           func()
	once            sync.Once
	done            chan struct{}
}

// New is an EndAfter ending at the n-th call of Err (never for 0) and
// calling onEnd (if not nil) then.
func New(n int64, onEnd func()) *EndAfter {
	c := &EndAfter{Context: context.Background(), onEnd: onEnd, done: make(chan struct{})}
	c.N.Store(n)
	return c
}

// Err counts the call, and is context.Canceled from the N-th on.
func (c *EndAfter) Err() error {
	calls := c.Calls.Add(1)
	if n := c.N.Load(); n == 0 || calls < n {
		return nil
	}
	c.once.Do(func() {
		close(c.done)
		if c.onEnd != nil {
			c.onEnd()
		}
	})
	return context.Canceled
}

// Done is closed once Err has returned context.Canceled.
func (c *EndAfter) Done() <-chan struct{} { return c.done }
