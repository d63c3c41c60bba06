package render

import (
	"reflect"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestUnsettableKeyIsWarned: a config key with a segment gsd-core's
// resolveConfigKey never walks ("ui.prototype": a clickable-prototype
// switch) keeps its default whatever a config gives it, nested or flat,
// as in the reference; the value given is said to be ignored, as one of
// the wrong type is. Before, {"ui":{"prototype":true}} left the hook off
// without a word.
func TestUnsettableKeyIsWarned(t *testing.T) {
	mem := memRegistry(t, memCap{id: "ui", config: []validate.ConfigEntry{boolKey("ui.prototype", false), boolKey("ui.on", true)},
		gates: []string{`{"point":"plan:pre","check":{"query":"q"},"when":"ui.prototype","blocking":false,"onError":"skip"}`}})
	want := []string{`config key "ui.prototype" cannot be set: gsd-core's resolveConfigKey never walks a "prototype" segment, ` +
		`so the value given is ignored and the default false is used (rename the key in capability "ui")`}
	for _, cfg := range []string{`{"ui":{"prototype":true}}`, `{"ui.prototype":true}`} {
		env := resolve(t, mem, "plan:pre", cfg, Enablement{})
		if len(env.ActiveHooks) != 0 {
			t.Errorf("config %s: the gate is active; the reference keeps the default false", cfg)
		}
		if !reflect.DeepEqual(env.Warnings, want) {
			t.Errorf("config %s: warnings\n got  %q\n want %q", cfg, env.Warnings, want)
		}
	}
	// Not given, or given for another key, it is no news.
	for _, cfg := range []string{`{}`, `{"ui":{"on":false}}`, `{"ui":{"constructor":1}}`} {
		if env := resolve(t, mem, "plan:pre", cfg, Enablement{}); len(env.Warnings) != 0 {
			t.Errorf("config %s: warnings %q", cfg, env.Warnings)
		}
	}
}
