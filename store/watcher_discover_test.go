package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestWatcherFollowsTheConfigSchemaFound: with nothing naming the central
// config schema, the daemon rebuilds when a file named
// config-schema.manifest.json appears or goes (the schema found changes,
// or becomes ambiguous), and when the one found is edited, also where a
// link to it leads (into node_modules/, which the walk skips).
func TestWatcherFollowsTheConfigSchemaFound(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
				t.Fatal(err)
			}
			packaged := filepath.Join(repo, "node_modules/@gsd/core/config-schema.manifest.json")
			mustMkdirAll(t, filepath.Dir(packaged))
			mustRename(t, filepath.Join(repo, servedSchema), packaged)
			makeSymlink(t, "../node_modules/@gsd/core/config-schema.manifest.json", filepath.Join(repo, servedSchema))
			opts := store.WatchOptions{}
			if mode == "poll" {
				opts.Poll = 20 * time.Millisecond
			}
			w, _ := startWatcher(t, repo, opts)
			has := func(rule string) func() bool {
				return func() bool {
					_, ok := scanFind(w.Current().Diagnostics, rule, "")
					if rule == "config-key-pending-migration" {
						_, ok = scanFind(w.Current().Diagnostics, rule, "capabilities/research/capability.json")
					}
					return ok
				}
			}
			not := func(f func() bool) func() bool { return func() bool { return !f() } }
			if !has("config-key-pending-migration")() {
				t.Fatalf("the linked schema was not found:\n%s", formatDiagnostics(w.Current().Diagnostics))
			}

			second := filepath.Join(repo, "docs/config-schema.manifest.json")
			writeTestFile(t, second, []byte(`{"validKeys": []}`))
			waitFor(t, "a second schema to make it ambiguous", has("config-schema-ambiguous"))
			if has("config-key-pending-migration")() {
				t.Error("of two schemas found, one was still compared")
			}
			if err := os.Remove(second); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the second schema's removal", has("config-key-pending-migration"))

			data, err := os.ReadFile(packaged)
			if err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, packaged, []byte(strings.Replace(string(data), `"workflow.research",`, "", 1)))
			waitFor(t, "the edit where the link leads", not(has("config-key-pending-migration")))

			if err := os.Remove(filepath.Join(repo, servedSchema)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the schema's removal", func() bool { return w.Current().Sources.ConfigSchema == nil })
		})
	}
}
