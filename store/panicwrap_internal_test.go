package store

import (
	"context"
	"errors"
	"runtime"
	"testing"
)

// TestBuildPanicKeepsItsError: a build that panics with an error (a
// runtime.Error, as an index out of range is) fails with an error that
// is ErrBuildPanicked and still that error to errors.As (review cr25: it
// was formatted with %v, its chain lost); a panic with another value is
// ErrBuildPanicked, the value in the message.
func TestBuildPanicKeepsItsError(t *testing.T) {
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: t.TempDir()}}})
	w.build = func(context.Context, enterFunc) (*Snapshot, error) {
		var s []int
		_ = s[3]
		return nil, nil
	}
	_, err := w.buildSafely(context.Background(), nil)
	var re runtime.Error
	if !errors.Is(err, ErrBuildPanicked) || !errors.As(err, &re) {
		t.Errorf("err %v: want ErrBuildPanicked wrapping a runtime.Error", err)
	}
	w.build = func(context.Context, enterFunc) (*Snapshot, error) { panic("a string") }
	if _, err := w.buildSafely(context.Background(), nil); !errors.Is(err, ErrBuildPanicked) || err.Error() != ErrBuildPanicked.Error()+": a string" {
		t.Errorf("err %v: want ErrBuildPanicked naming the value", err)
	}
}
