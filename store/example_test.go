package store_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/capreg/capreg/store"
)

// Load a repository once, print its diagnostics, and query the hooks at a
// loop point and a capability's requires closure.
func ExampleLoad() {
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}})
	if err != nil { // the repository itself cannot be read (errors.Is(err, store.ErrRepo))
		fmt.Println(err)
		return
	}
	for _, d := range snap.Diagnostics {
		fmt.Println(d.Severity, d.Rule)
	}
	if !snap.OK() { // errors: no registry
		return
	}
	ph, _ := snap.Registry.Point("plan:pre")
	for _, h := range ph.Steps {
		fmt.Println("step", h.CapID, h.Produces)
	}
	fmt.Println("closure", snap.Registry.Closure["pattern-mapper"])
	// Output:
	// warning config-key-pending-migration
	// step intel [API-SURFACE.md]
	// step research [RESEARCH.md]
	// step ui [UI-SPEC.md]
	// step pattern-mapper [PATTERNS.md]
	// closure [research]
}

// Follow a repository: Run swaps in a new snapshot after each change, and
// readers take the current one with Current. Cancelling ctx stops Run.
func ExampleWatcher() {
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	// Reload waits for a rebuild: called before Run's first one starts, for
	// that one. It is not needed to start watching.
	reloadCtx, stop := context.WithTimeout(ctx, 30*time.Second)
	defer stop()
	if _, err := w.Reload(reloadCtx); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	snap := w.Current() // nil until a build passes
	fmt.Println(snap.OK(), len(snap.Registry.Capabilities))
	cancel()
	fmt.Println(<-done)
	// Output:
	// true 12
	// <nil>
}
