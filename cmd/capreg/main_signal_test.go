//go:build unix

package main

import (
	"syscall"
	"testing"
	"time"
)

// TestInterruptibleEndsOnSignal: the context main runs a verb with ends on
// SIGINT and on SIGTERM, rather than the signal killing the process, so
// that gen --write can remove its temporary file.
func TestInterruptibleEndsOnSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			ctx, stop := interruptible()
			defer stop()
			if err := syscall.Kill(syscall.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ctx.Done():
			case <-time.After(10 * time.Second):
				t.Fatalf("%v did not end the context", sig)
			}
		})
	}
}
