package store_test

import (
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
)

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
