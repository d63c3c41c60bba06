package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestFingerprintSeesALinkMadeAgain: a link repointed away and back
// between two ticks, made again at the inode it had (as a filesystem
// reuses a freed one at once), differs from before only in its own time.
// The fingerprint must see that, for the link on the way to a walked
// link's target in a skipped folder (fingerprintWays) and for the walked
// link itself (fingerprintDir): the poller's baseline is the state before
// a scan, so a scan that read the link pointing away stayed served when
// the link came back before the next tick (CI, 1 run in 5 under load).
func TestFingerprintSeesALinkMadeAgain(t *testing.T) {
	repo := filepath.Join(t.TempDir(), "repo")
	copyTree(t, "../testdata/repo", repo)
	for p, data := range map[string]string{
		"lib/o.card.json": `{"id":"o","summary":"Print o","intent_phrases":["print o"],"command":"lib/o","risk":"reversible"}`,
		"lib/o":           "#!/bin/sh\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, p), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(repo, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	onTheWay, walked := filepath.Join(repo, "node_modules", "a"), filepath.Join(repo, "docs", "x.card.json")
	for link, target := range map[string]string{onTheWay: "../lib", walked: "../node_modules/a/o.card.json"} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo}})
	if err != nil {
		t.Fatal(err)
	}
	fp := func() [32]byte { return fingerprint(repo, snap.Dirs, snap.Named, newReadSet(snap.Read)) }
	for _, link := range []string{onTheWay, walked} {
		before := fp()
		made := time.Now().Add(time.Minute)
		ts := []unix.Timespec{unix.NsecToTimespec(made.UnixNano()), unix.NsecToTimespec(made.UnixNano())}
		if err := unix.UtimesNanoAt(unix.AT_FDCWD, link, ts, unix.AT_SYMLINK_NOFOLLOW); err != nil {
			t.Fatal(err)
		}
		if fp() == before {
			t.Errorf("%s made again (only its own time moved): the fingerprint is as it was", link)
		}
	}
}
