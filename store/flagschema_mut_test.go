package store_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

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
