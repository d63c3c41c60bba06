package storetest

import (
	"os"
	"testing"
)

// SwapLink points the symlink link at target atomically, as git-sync and
// release tools do: a new link renamed over the old one, so that no reader
// ever finds the path missing.
func SwapLink(tb testing.TB, target, link string) {
	tb.Helper()
	tmp := link + ".tmp"
	if err := os.Symlink(target, tmp); err != nil {
		tb.Fatal(err)
	}
	if err := os.Rename(tmp, link); err != nil {
		tb.Fatal(err)
	}
}
