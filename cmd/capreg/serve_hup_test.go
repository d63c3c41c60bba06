//go:build unix

package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestServeSIGHUPAsSoonAsListening: a SIGHUP sent as soon as serve's port
// accepts connections (a supervisor or script reloading a daemon it sees
// up) is a reload, not the end of the process. SIGHUP was caught only once
// a goroutine started after the listen had asked for it: 6 of 40 daemons
// sent SIGHUP when their port first answered died of it (exit 129).
// The child process is this test binary, as a SIGHUP not caught ends
// whichever process receives it.
func TestServeSIGHUPAsSoonAsListening(t *testing.T) {
	if os.Getenv("CAPREG_TEST_HUP_CHILD") == "1" {
		hupChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeSIGHUPAsSoonAsListening$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CAPREG_TEST_HUP_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("serve sent SIGHUP as soon as it listens: %v (want a reload)\n%s", err, out)
	}
	if !strings.Contains(string(out), "reload on SIGHUP") {
		t.Fatalf("serve sent SIGHUP as soon as it listens did not reload:\n%s", out)
	}
}

// hupChild runs serve, sends itself SIGHUP the moment the port is open,
// and stops serve once the reload is logged.
func hupChild(t *testing.T) {
	listening := func(net.Listener) {
		if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond) // the default action, if any, takes effect here
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	logs := &watchWriter{want: "reload on SIGHUP", seen: cancel}
	code := runServeWith(ctx, []string{"--repo", "../../testdata/repo", "--addr", "127.0.0.1:0"}, &bytes.Buffer{}, logs, listening)
	os.Stdout.WriteString(logs.String())
	if code != exitOK || !strings.Contains(logs.String(), "reload on SIGHUP") {
		t.Fatalf("exit %d; want 0 after a reload", code)
	}
}

// watchWriter keeps what is written and calls seen once it holds want.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen func()
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.want) {
		w.seen()
	}
	return len(p), nil
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
