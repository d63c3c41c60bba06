package validate

import (
	"context"
	"os"
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
		if v == nil || !strings.Contains(v.(string), "worker goroutine stack") {
			t.Errorf("recovered %v, want the worker's panic with its stack", v)
		}
	}()
	checkAll(context.Background(), srcs, nil, nil, &sink{})
	t.Error("checkAll returned, want a panic")
}
