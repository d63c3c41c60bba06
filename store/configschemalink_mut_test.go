package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigSchemaLinkInASkippedFolderAsWalked: a config schema capreg.json
// names in a folder the walk skips (node_modules) is read where it is named;
// a link there that dangles or leads back to itself is reported as the walk
// reports one in a folder it walks, naming the path inside the repository
// (never where the checkout lives: GET /status shows findings to every
// client) and a loop as a loop.
func TestConfigSchemaLinkInASkippedFolderAsWalked(t *testing.T) {
	for _, c := range []struct{ name, target, want string }{
		{"dangling", "gone.json", "dangling symlink: lstat DIR/gone.json: no such file or directory"},
		{"dangling further up", "../../nowhere/x.json", "dangling symlink: lstat nowhere: no such file or directory"},
		{"itself", "schema.json", "symlink loop: the link leads back to itself"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, dir := range []string{"config/x", "node_modules/x"} {
				repo, _ := scanRepoCopy(t)
				schema := dir + "/schema.json"
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "`+schema+`"}`))
				if err := os.MkdirAll(filepath.Join(repo, dir), 0o755); err != nil {
					t.Fatal(err)
				}
				makeSymlink(t, c.target, filepath.Join(repo, schema))
				snap := scanLoadRepo(t, repo)
				want := strings.ReplaceAll(c.want, "DIR", dir)
				var got []string
				for _, d := range snap.Diagnostics {
					if d.File == schema {
						got = append(got, d.Rule+": "+d.Message)
					}
				}
				if len(got) != 1 || got[0] != "file-unreadable: "+want {
					t.Errorf("%s: findings %q, want one, file-unreadable: %s", schema, got, want)
				}
				if n := len(snap.Diagnostics.Errors()); n != 1 {
					t.Errorf("%s: %d errors, want the one:\n%s", schema, n, formatDiagnostics(snap.Diagnostics))
				}
			}
		})
	}
}
