package render

import (
	"reflect"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestConfigPointersNameTheMember: each warning about a member of the
// config carries that member's JSON pointer (Envelope.ConfigPointers), so
// a caller that read the config from a file can place it there (capreg
// render names FILE:line:column); one about no member carries "".
func TestConfigPointersNameTheMember(t *testing.T) {
	mem := memRegistry(t, memCap{id: "ui", config: []validate.ConfigEntry{boolKey("ui.on", true), boolKey("ui.deep.flag", true), boolKey("ui.prototype", false)},
		gates: []string{`{"point":"plan:pre","check":{"query":"q"},"when":"ui.on","blocking":false,"onError":"skip"}`,
			`{"point":"plan:pre","check":{"query":"r"},"when":"ui.x/y.z","blocking":false,"onError":"skip"}`}})
	cases := []struct {
		config string
		want   []string
	}{
		{`{"ui":{"on":"yes"}}`, []string{"/ui/on"}},               // the wrong type, nested
		{`{"ui.on":"yes"}`, []string{"/ui.on"}},                   // and flat
		{`{"ui":{"onn":false}}`, []string{"/ui/onn"}},             // a key no capability declares
		{`{"ui":{"on":false},"ui.on":true}`, []string{"/ui.on"}},  // the flat twin, which is ignored
		{`{"ui":{"deep.flag":false}}`, []string{"/ui/deep.flag"}}, // under a member no lookup reads
		{`{"ui":{"prototype":true}}`, []string{"/ui/prototype"}},  // a key no config can set
		{`{"ui.prototype":true}`, []string{"/ui.prototype"}},      //
		{`{"ui":{"x/y":"s"}}`, []string{"/ui/x~1y"}},              // escaped, as RFC 6901 says
		{`{"ui":{"on":false}}`, nil},                              // nothing to say
	}
	for _, c := range cases {
		env := resolve(t, mem, "plan:pre", c.config, Enablement{})
		if !reflect.DeepEqual(env.ConfigPointers, c.want) {
			t.Errorf("config %s: pointers %q, want %q (warnings %q)", c.config, env.ConfigPointers, c.want, env.Warnings)
		}
		if env.ConfigPointers != nil && len(env.ConfigPointers) != len(env.Warnings) {
			t.Errorf("config %s: %d pointers for %d warnings", c.config, len(env.ConfigPointers), len(env.Warnings))
		}
	}
	// A warning about no member, beside one about a member: "".
	env := resolve(t, mem, "plan:pre", `{"ui":{"on":"yes"}}`, Enablement{DisabledCapabilities: []string{"uii"}})
	if want := []string{"", "/ui/on"}; len(env.Warnings) != 2 || !reflect.DeepEqual(env.ConfigPointers, want) {
		t.Errorf("pointers %q, want %q (warnings %q)", env.ConfigPointers, want, env.Warnings)
	}
	st, err := NewResolver(mem).States(Request{Config: mustJSON(t, `{"ui":{"onn":false}}`)})
	if err != nil || !reflect.DeepEqual(st.ConfigPointers, []string{"/ui/onn"}) {
		t.Errorf("States: pointers %q, %v", st.ConfigPointers, err)
	}
}
