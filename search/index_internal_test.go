package search

import (
	"strings"
	"testing"
)

// A panic in the goroutine alongside runs is raised again by its wait, in
// the caller's goroutine, where the daemon's build recovers it.
func TestAlongsideRaisesPanicInCaller(t *testing.T) {
	wait := alongside(func() { panic("boom") })
	defer func() {
		v := recover()
		err, ok := v.(error)
		if !ok || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("wait raised %v, want an error holding the goroutine's panic", v)
		}
	}()
	wait()
	t.Fatal("wait returned after a panic in f")
}

// TestAlongsideWaitsForF: the function alongside returns waits until f has
// run, so Build's parallel parts are done when it returns.
func TestAlongsideWaitsForF(t *testing.T) {
	ran := false
	wait := alongside(func() { ran = true })
	wait()
	if !ran {
		t.Fatal("wait returned before f ran")
	}
}
