package validate

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
)

// A panic in one of checkAll's workers is raised on the caller's
// goroutine, where the daemon's build can recover it (store's
// buildSafely): raised on the worker's, it ended the process. A nil
// contract, which no caller passes, stands in for a bug.
func TestCheckAllRaisesAWorkersPanicOnTheCaller(t *testing.T) {
	data, err := os.ReadFile("../testdata/repo/capabilities/research/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	srcs := []CapabilitySource{{Folder: "research", Manifest: File{Path: "capabilities/research/capability.json", Data: data}}}
	defer func() {
		v := recover()
		// An error whose message holds the worker's stack and whose chain
		// holds the runtime.Error (a nil contract's dereference), as the
		// daemon's recover wraps it with %w (review cr27: it was a
		// string, the runtime.Error lost).
		err, _ := v.(error)
		var re runtime.Error
		if err == nil || !strings.Contains(err.Error(), "worker goroutine stack") || !errors.As(err, &re) {
			t.Errorf("recovered %v, want the worker's panic with its stack, wrapping its runtime.Error", v)
		}
	}()
	checkAll(context.Background(), srcs, nil, nil, &sink{})
	t.Error("checkAll returned, want a panic")
}
