package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestScanDiscoveredSchemaLinkOutside: while nothing names the central
// config schema, a config-schema.manifest.json the walk meets is what
// discovery reads, so one that links out of the repository is an error
// (path-escape), as the same link named by capreg.json is. It was a
// warning, after which the key collisions the schema holds went unchecked
// and the gate passed (review r22). Where capreg.json names another
// schema, such a link is no input and stays a warning.
func TestScanDiscoveredSchemaLinkOutside(t *testing.T) {
	const schema = "config/config-schema.manifest.json"
	t.Run("discovered", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(repo, schema), filepath.Join(out, "schema.json")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, filepath.Join(out, "schema.json"), filepath.Join(repo, schema))
		scanWantOnly(t, scanLoadRepo(t, repo), "path-escape", schema, validate.Error)
	})
	t.Run("another named", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(out, "schema.json"), []byte(`{"validKeys":[]}`))
		makeSymlink(t, filepath.Join(out, "schema.json"), filepath.Join(repo, "docs", validate.SchemaFileName))
		scanWantOnly(t, scanLoadRepo(t, repo), "path-escape", "docs/"+validate.SchemaFileName, validate.Warning)
	})
}

// TestConfigSchemaLinkInASkippedFolderAsWalked: a config schema capreg.json
// names in a folder the walk skips (node_modules) is read where it is named;
// a link there that dangles or leads back to itself is reported as the walk
// reports one in a folder it walks, naming the path inside the repository
// (never where the checkout lives: GET /status shows findings to every
// client) and a loop as a loop.
func TestConfigSchemaLinkInASkippedFolderAsWalked(t *testing.T) {
	const dangling = ": restore what it points to, point it at the file, or remove the link"
	for _, c := range []struct{ name, target, want string }{
		{"dangling", "gone.json", "dangling symlink: lstat DIR/gone.json: no such file or directory" + dangling},
		{"dangling further up", "../../nowhere/x.json", "dangling symlink: lstat nowhere: no such file or directory" + dangling},
		{"itself", "schema.json", "symlink loop: the link leads back to itself: remove the link, or point it at the file"},
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

// TestAbsoluteConfigSchemaFlagIsTheNamedPath: an absolute --config-schema
// under the repository as given (git-sync's /git/current, a link) is the
// path it names inside the repository: a link there is the schema under
// the link's name, and a file missing there is a missing schema, not a
// path that leaves the repository because the link resolves elsewhere. One
// through another link to the repository is the path it resolves to there.
func TestAbsoluteConfigSchemaFlagIsTheNamedPath(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	makeSymlink(t, "config-schema.manifest.json", filepath.Join(repo, "config/schema.json"))
	current, other := filepath.Join(t.TempDir(), "current"), filepath.Join(t.TempDir(), "other")
	makeSymlink(t, repo, current)
	makeSymlink(t, repo, other)
	for _, c := range []struct {
		name, flag, want string
		missing          bool
	}{
		{"a link", filepath.Join(current, "config/schema.json"), "config/schema.json", false},
		{"missing", filepath.Join(current, "config/gone.json"), "config/gone.json", true},
		{"through another link", filepath.Join(other, "config/schema.json"), "config/config-schema.manifest.json", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := scanInput(t, store.ScanOptions{Repo: current, ConfigSchema: c.flag})
			s := in.Sources.ConfigSchema
			if in.Sources.ConfigSchemaRefused || s == nil {
				t.Fatalf("refused %v, schema %v; want %s read", in.Sources.ConfigSchemaRefused, s, c.want)
			}
			if s.Path != c.want {
				t.Errorf("schema path %q, want %q", s.Path, c.want)
			}
			var missing *validate.MissingSchemaError
			if got := errors.As(s.Err, &missing); got != c.missing {
				t.Errorf("schema error %v, want a missing schema %v", s.Err, c.missing)
			}
		})
	}
}

// TestConfigSchemaRefusedOnlyWhenNamedOutside: Sources.ConfigSchemaRefused
// (check's summary then says nothing of config keys not compared, the
// path-escape error saying why) is set for a schema capreg.json or
// --config-schema names outside the repository only: not for one named
// inside, present or not, nor when none is named, nor for "configSchema": "".
func TestConfigSchemaRefusedOnlyWhenNamedOutside(t *testing.T) {
	for _, c := range []struct {
		name, config, flag string
		refused, read      bool
	}{
		{"named inside", `{"configSchema": "config/config-schema.manifest.json"}`, "", false, true},
		{"named inside, missing", `{"configSchema": "config/gone.json"}`, "", false, true},
		{"named outside", `{"configSchema": "../schema.json"}`, "", true, false},
		{"none named", `{}`, "", false, true}, // the only config-schema.manifest.json
		{"none asked for", `{"configSchema": ""}`, "", false, false},
		{"flag outside", `{}`, "../schema.json", true, false},
		{"flag outside over capreg.json's", `{"configSchema": "config/config-schema.manifest.json"}`, "../schema.json", true, false},
		{"flag inside over capreg.json's outside", `{"configSchema": "../schema.json"}`, "config/config-schema.manifest.json", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(c.config))
			in := scanInput(t, store.ScanOptions{Repo: repo, ConfigSchema: c.flag})
			if got := in.Sources.ConfigSchemaRefused; got != c.refused {
				t.Errorf("ConfigSchemaRefused = %v, want %v", got, c.refused)
			}
			if got := in.Sources.ConfigSchema != nil; got != c.read {
				t.Errorf("a ConfigSchema is %v, want %v", got, c.read)
			}
		})
	}
}
