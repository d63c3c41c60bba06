//go:build unix

package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
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

// TestRenderConfigWaitEndsOnSignal: render waiting for its --config (a
// FIFO no one writes yet, as --config <(slow producer) or - with a slow
// pipe) stops when the signal ends the context, and exits 130; the signal
// was swallowed until the producer finished.
func TestRenderConfigWaitEndsOnSignal(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "config")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"render", "plan:pre", "--repo", "../../testdata/repo", "--config", fifo}, &stdout, &stderr)
	}()
	time.Sleep(200 * time.Millisecond) // let it reach the read; the result is the same if not
	cancel()
	select {
	case code := <-done:
		if code != exitInterrupted || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("exit %d, stderr %q; want %d and a word that it was interrupted", code, stderr.String(), exitInterrupted)
		}
	case <-time.After(10 * time.Second): // a hang guard, not a timing assertion
		t.Fatal("render still waits for its --config after the signal")
	}
}
