//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
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

// TestProbeBrokenPipe: a probe SIGPIPE ended because the reader of capreg's
// output went away (tools show x --probe | head) is no failed probe:
// capreg exits 141, as a writer to that pipe does, and says nothing. With
// the reader there, or output to a file, the same end is the probe's own
// failure and is reported.
func TestProbeBrokenPipe(t *testing.T) {
	repo := t.TempDir()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r.Close() // the reader is gone
	var stderr bytes.Buffer
	if code := runProbe(context.Background(), repo, "tool", "kill -PIPE $$", probeTimeout, w, &stderr); code != exitBrokenPipe || stderr.Len() > 0 {
		t.Errorf("reader gone: exit %d, stderr %q; want %d and nothing", code, stderr.String(), exitBrokenPipe)
	}
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	stderr.Reset()
	if code := runProbe(context.Background(), repo, "tool", "exit 141", probeTimeout, out, &stderr); code != exitFindings || !strings.Contains(stderr.String(), "exited with 141") {
		t.Errorf("to a file: exit %d, stderr %q; want %d and the probe's failure", code, stderr.String(), exitFindings)
	}
}

// TestRenderConfigProducerKilledWithIt: Ctrl-C reaches the producer on
// the pipe and capreg together; the producer's end of file may come first.
// That is still an interrupt (130), not a syntax error in the config.
func TestRenderConfigProducerKilledWithIt(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "config")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.Close() // the producer dies: end of file, no JSON
		}
		time.Sleep(50 * time.Millisecond) // then capreg's own signal
		cancel()
	}()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"render", "plan:pre", "--repo", "../../testdata/repo", "--config", fifo}, &stdout, &stderr); code != exitInterrupted {
		t.Errorf("exit %d, stderr %q; want %d", code, stderr.String(), exitInterrupted)
	}
}
