//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeETagNamesTheBuild: two builds of capreg serving one checkout,
// as the old and the new pods of a rolling update do, must not give one
// strong ETag to answers that may differ (a search ranking fixed, a field
// added): a client's cache revalidating against the new pod was answered
// 304 and kept the old build's answer until the next commit. Replicas of
// one image still agree. The children are this test binary, a byte-equal
// copy (another replica of the image) and a copy with bytes appended
// (another build), each serving testdata/repo.
func TestServeETagNamesTheBuild(t *testing.T) {
	if os.Getenv("CAPREG_TEST_ETAG_CHILD") == "1" {
		etagChild(t)
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no executable to copy:", err)
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Skip("cannot read the executable:", err)
	}
	dir := t.TempDir()
	bins := map[string]string{"this": exe, "replica": filepath.Join(dir, "replica"), "upgrade": filepath.Join(dir, "upgrade")}
	if err := os.WriteFile(bins["replica"], data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bins["upgrade"], append(data, "\nanother build\n"...), 0o755); err != nil {
		t.Fatal(err)
	}
	tags := map[string]string{}
	for name, bin := range bins {
		cmd := exec.Command(bin, "-test.run=^TestServeETagNamesTheBuild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CAPREG_TEST_ETAG_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if tag, ok := strings.CutPrefix(line, "etag="); ok {
				tags[name] = tag
			}
		}
		if tags[name] == "" {
			t.Fatalf("%s printed no ETag:\n%s", name, out)
		}
	}
	if tags["this"] != tags["replica"] {
		t.Errorf("two replicas of one build disagree on the ETag of one checkout: %s and %s", tags["this"], tags["replica"])
	}
	if tags["this"] == tags["upgrade"] {
		t.Errorf("another build of capreg serving the same checkout gives the same strong ETag %s: a cache keeps the old build's answer (304) after an upgrade", tags["this"])
	}
}

// etagChild serves testdata/repo and prints the ETag and X-Capreg-Digest
// of one search answer once the registry is served.
func etagChild(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	addr := make(chan string, 1)
	listening := func(ln net.Listener) { addr <- ln.Addr().String() }
	done := make(chan int, 1)
	go func() {
		done <- runServeWith(ctx, []string{"--repo", "../../testdata/repo", "--addr", "127.0.0.1:0"}, io.Discard, io.Discard, listening)
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case code := <-done:
		t.Fatalf("serve exited %d before listening", code)
	}
	for {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if ctx.Err() != nil {
			t.Fatal("no registry served within a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
	resp, err := http.Get(base + "/tools?intent=merge+my+branch")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	fmt.Printf("\netag=%s\n", resp.Header.Get("ETag"))
	cancel()
	<-done
}
