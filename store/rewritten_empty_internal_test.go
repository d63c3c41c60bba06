package store

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// longWait is the wait rewritten is given where the test wants it not
// to wait at all, or only until a file is written: a rewritten that
// waits it out takes longer than promptly allows.
const (
	longWait = 20 * time.Second
	promptly = 10 * time.Second
)

// timedRewritten is rewritten given longWait, and how long it took.
func timedRewritten(snap *Snapshot) ([]string, time.Duration) {
	start := time.Now()
	got := rewritten(context.Background(), snap, time.Now().Add(-emptyLately), longWait)
	return got, time.Since(start)
}

// rewrittenAtOnce checks that rewritten names want (none if empty) for
// snap without waiting for an emptied file.
func rewrittenAtOnce(t *testing.T, snap *Snapshot, want ...string) {
	t.Helper()
	if got, took := timedRewritten(snap); !slices.Equal(got, want) || took > promptly {
		t.Errorf("rewritten = %q after %v, want %q at once", got, took, want)
	}
}

// TestBrokenFileSavedLatelyIsNotWaitedFor: a file the failed build read
// broken but not empty, saved a moment ago and left so, is no save under
// way: the failure stands at once, with no wait.
func TestBrokenFileSavedLatelyIsNotWaitedFor(t *testing.T) {
	_, _, snap := failingForUI(t) // "{" written just now
	rewrittenAtOnce(t, snap)
}

// TestFileEmptiedSinceTheScanIsScannedAgainAtOnce: a file the failed
// build read whole that is empty now (the save that mends it has begun)
// reads otherwise than the scan read it: it is scanned again at once, not
// waited for as one the scan read empty.
func TestFileEmptiedSinceTheScanIsScannedAgainAtOnce(t *testing.T) {
	_, broken, snap := failingForUI(t)
	if err := os.WriteFile(broken, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rewrittenAtOnce(t, snap, "capabilities/ui/capability.json")
}

// TestRewrittenFileIsNotHeldUpByAnEmptiedOne: a file written since the
// scan is scanned again at once, though another the scan read empty is
// still empty: waiting for that one held up the rescan the first needs.
func TestRewrittenFileIsNotHeldUpByAnEmptiedOne(t *testing.T) {
	repo, _ := sampleWith(t, nil, "ui")
	tdd := filepath.Join(repo, "capabilities", "tdd", "capability.json")
	// tdd broken too, in a second build, and then written whole.
	whole, err := os.ReadFile(tdd)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tdd, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := failedBuild(t, repo, "tdd and ui")
	if err := os.WriteFile(tdd, whole, 0o644); err != nil {
		t.Fatal(err)
	}
	rewrittenAtOnce(t, snap, "capabilities/tdd/capability.json")
}

// TestAnyEmptiedFileWrittenEndsTheWait: of two files the scan read
// empty, the first written, whichever it is, ends the wait and is
// scanned again; and one removed meanwhile reads otherwise too.
func TestAnyEmptiedFileWrittenEndsTheWait(t *testing.T) {
	for _, tt := range []struct {
		name   string
		cap    string
		remove bool
	}{
		{"tdd written", "tdd", false},
		{"ui written", "ui", false},
		{"ui removed", "ui", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := sampleWith(t, nil, "tdd", "ui")
			snap := failedBuild(t, repo, "tdd, ui")
			m := filepath.Join(repo, "capabilities", tt.cap, "capability.json")
			done := make(chan struct{})
			go func() {
				defer close(done)
				time.Sleep(200 * time.Millisecond)
				var err error
				if tt.remove {
					err = os.Remove(m)
				} else {
					err = os.WriteFile(m, []byte("{}"), 0o644)
				}
				if err != nil {
					t.Error(err)
				}
			}()
			got, took := timedRewritten(snap)
			<-done
			if want := []string{"capabilities/" + tt.cap + "/capability.json"}; !slices.Equal(got, want) || took > promptly {
				t.Errorf("rewritten = %q after %v, want %q once written", got, took, want)
			}
		})
	}
}
