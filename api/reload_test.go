package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"testing/synctest"
	"time"

	"github.com/capreg/capreg/store"
)

// TestReloadLoopIsThrottled: POST /-/reload asked again as soon as it is
// answered (a webhook in a loop) rescans no sooner than the reload
// interval (1 s by default) after the last rebuild, and each answer comes
// from a rescan that saw the change made before it was asked. Through the
// real router and a real watcher; synctest's clock is the bubble's, so the
// second counted is exact.
func TestReloadLoopIsThrottled(t *testing.T) {
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	// A repository of one tool card: validating capabilities would start
	// regexp2's timeout clock, a goroutine synctest would wait for.
	repo, card, orig := oneCardRepo(t)
	synctest.Test(t, func(t *testing.T) {
		w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Poll: time.Hour})
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go w.Run(ctx)
		synctest.Wait() // the first build is done
		h := newRouter(w)
		for i := range 3 {
			summary := fmt.Sprintf("Run the tests, take %d.", i)
			edited := bytes.Replace(orig, []byte("Run the tests of the Go packages changed since main."), []byte(summary), 1)
			if err := os.WriteFile(card, edited, 0o644); err != nil {
				t.Fatal(err)
			}
			asked := time.Now()
			req := httptest.NewRequest("POST", "/-/reload", nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			sp.check(t, req, nil, rec.Result(), rec.Body.Bytes())
			var got struct {
				OK         bool
				Generation uint64
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 || !got.OK || got.Generation != uint64(i+2) {
				t.Fatalf("reload %d: %d %s, want ok at generation %d", i, rec.Code, rec.Body, i+2)
			}
			if took := time.Since(asked); took != time.Second {
				t.Errorf("reload %d was answered after %v, want 1s (the reload interval after the last rebuild)", i, took)
			}
			get := httptest.NewRecorder()
			h.ServeHTTP(get, httptest.NewRequest("GET", "/tools/ft", nil))
			if !bytes.Contains(get.Body.Bytes(), []byte(summary)) {
				t.Errorf("reload %d did not see the change made before it: %s", i, get.Body)
			}
		}
	})
}

// oneCardRepo is a repository of testdata/repo's bin folder alone: its
// root, the path of its card ft.card.json and that card's bytes.
func oneCardRepo(t *testing.T) (repo, card string, orig []byte) {
	t.Helper()
	repo = t.TempDir()
	if err := os.CopyFS(filepath.Join(repo, "bin"), os.DirFS("../testdata/repo/bin")); err != nil {
		t.Fatal(err)
	}
	card = filepath.Join(repo, "bin", "ft.card.json")
	orig, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	return repo, card, orig
}
