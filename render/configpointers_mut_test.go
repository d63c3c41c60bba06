package render

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// TestConfigPointersPlaceEveryShape: the member a warning's pointer names
// is the one the lookup read, in every shape a config may give it (a
// nested null beside a flat value, a nested null alone, a number past a
// double's range, a key escaped as RFC 6901 says, flat or walked), and
// ConfigPointers holds one pointer for each warning, those about no
// member too (an unknown activeCap, the count of the warnings not
// listed): a caller placing warning i at pointer i names the right line.
func TestConfigPointersPlaceEveryShape(t *testing.T) {
	num := validate.ConfigEntry{Key: "ui.n", Type: "number", Default: ojson.NewNumber(1), Description: "n"}
	mem := memRegistry(t, memCap{id: "ui", config: []validate.ConfigEntry{boolKey("ui.on", true), boolKey("ui.a~b", true), boolKey("ui.x/y", true), num},
		gates: []string{`{"point":"plan:pre","check":{"query":"q"},"when":"ui.on","blocking":false,"onError":"skip"}`}})
	cases := []struct {
		config string
		want   []string
	}{
		{`{"ui":{"on":null},"ui.on":"yes"}`, []string{"/ui.on"}},           // the nested null gives way to the flat value
		{`{"ui.on":true,"ui":{"on":"yes"}}`, []string{"/ui/on", "/ui.on"}}, // the nested value decides, met after the flat twin
		{`{"ui":{"n":1e999}}`, []string{"/ui/n"}},                          // past a double's range
		{`{"ui.a~b":"yes"}`, []string{"/ui.a~0b"}},                         // a flat key, escaped
		{`{"ui.x/y":"yes"}`, []string{"/ui.x~1y"}},                         //
		{`{"ui":{"a~bb":true}}`, []string{"/ui/a~0bb"}},                    // a key no capability declares, near one, escaped
		{`{"ui":{"x/yy":true}}`, []string{"/ui/x~1yy"}},                    //
	}
	for _, c := range cases {
		env := resolve(t, mem, "plan:pre", c.config, Enablement{})
		if !reflect.DeepEqual(env.ConfigPointers, c.want) {
			t.Errorf("config %s: pointers %q, want %q (warnings %q)", c.config, env.ConfigPointers, c.want, env.Warnings)
		}
	}
	// A nested null alone is what the lookup reads: placed there, whether
	// or not it warns.
	env := resolve(t, mem, "plan:pre", `{"ui":{"on":null}}`, Enablement{})
	for i, p := range env.ConfigPointers {
		if p != "" && p != "/ui/on" {
			t.Errorf("config {\"ui\":{\"on\":null}}: warning %q placed at %q, not /ui/on", env.Warnings[i], p)
		}
	}

	// An unknown activeCap, a warning about no member, after one about a member.
	var err error
	req := Request{Point: "plan:pre", ActiveCap: "uii", Config: mustJSON(t, `{"ui":{"on":"yes"}}`)}
	env, err = Resolve(mem, req)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/ui/on", ""}; !reflect.DeepEqual(env.ConfigPointers, want) || len(env.Warnings) != 2 {
		t.Errorf("with an unknown activeCap: pointers %q, want %q (warnings %q)", env.ConfigPointers, want, env.Warnings)
	}

	// More warnings than are listed: the count of the rest is about no member.
	var keys []validate.ConfigEntry
	var cfg strings.Builder
	cfg.WriteString(`{"k":{`)
	for i := range maxWarnings + 5 {
		keys = append(keys, boolKey(fmt.Sprintf("k.b%d", i), true))
		fmt.Fprintf(&cfg, `%s"b%d":"x"`, map[bool]string{true: "", false: ","}[i == 0], i)
	}
	cfg.WriteString(`}}`)
	many := memRegistry(t, memCap{id: "k", config: keys})
	env = resolve(t, many, "plan:pre", cfg.String(), Enablement{})
	if env.Unlisted == 0 {
		t.Fatalf("no warning unlisted (%d warnings)", len(env.Warnings))
	}
	if len(env.ConfigPointers) != len(env.Warnings) || env.ConfigPointers[0] != "/k/b0" || env.ConfigPointers[len(env.ConfigPointers)-1] != "" {
		t.Errorf("%d warnings, %d unlisted: pointers %q", len(env.Warnings), env.Unlisted, env.ConfigPointers)
	}
	// ConfigAtValue says, for each pointer, the count's too (at neither:
	// false), so that a caller reading it by a pointer's index stays in it
	// (mutation review cr97: the count's entry dropped lived).
	if len(env.ConfigAtValue) != len(env.ConfigPointers) || !env.ConfigAtValue[0] || env.ConfigAtValue[len(env.ConfigAtValue)-1] {
		t.Errorf("%d pointers: ConfigAtValue %v", len(env.ConfigPointers), env.ConfigAtValue)
	}
}

// TestConfigAtValueSaysWhatAWarningIsAbout: a warning about a member's
// value (of the wrong type, past a double's range, no object where keys
// are looked up under it) is placed at the value, one about its key (no
// capability declares it, it is given twice) at the key; a warning about
// no member, and the count of those unlisted, at neither.
func TestConfigAtValueSaysWhatAWarningIsAbout(t *testing.T) {
	num := validate.ConfigEntry{Key: "ui.n", Type: "number", Default: ojson.NewNumber(1), Description: "n"}
	mem := memRegistry(t, memCap{id: "ui", config: []validate.ConfigEntry{boolKey("ui.on", true), num},
		gates: []string{`{"point":"plan:pre","check":{"query":"q"},"when":"ui.on","blocking":false,"onError":"skip"}`}})
	cases := []struct {
		config string
		want   []bool
	}{
		{`{"ui":{"on":"yes"}}`, []bool{true}},                     // of the wrong type
		{`{"ui":{"n":1e999}}`, []bool{true}},                      // past a double's range
		{`{"ui":"x"}`, []bool{true}},                              // no object
		{`{"ui":{"onn":true}}`, []bool{false}},                    // declared by no capability
		{`{"ui.on":true,"ui":{"on":false}}`, []bool{false}},       // given twice
		{`{"ui.on":true,"ui":{"on":"yes"}}`, []bool{true, false}}, // both
	}
	for _, c := range cases {
		env := resolve(t, mem, "plan:pre", c.config, Enablement{})
		if !reflect.DeepEqual(env.ConfigAtValue, c.want) || len(env.ConfigAtValue) != len(env.ConfigPointers) {
			t.Errorf("config %s: at value %v, want %v (pointers %q, warnings %q)", c.config, env.ConfigAtValue, c.want, env.ConfigPointers, env.Warnings)
		}
	}
	req := Request{Point: "plan:pre", ActiveCap: "uii", Config: mustJSON(t, `{"ui":{"on":"yes"}}`)}
	env, err := Resolve(mem, req)
	if err != nil {
		t.Fatal(err)
	}
	if want := []bool{true, false}; !reflect.DeepEqual(env.ConfigAtValue, want) {
		t.Errorf("with an unknown activeCap: at value %v, want %v (warnings %q)", env.ConfigAtValue, want, env.Warnings)
	}
	st, err := NewResolver(mem).States(Request{Config: mustJSON(t, `{"ui.on":true,"ui":{"on":"yes"}}`)})
	if err != nil {
		t.Fatal(err)
	}
	if want := []bool{true, false}; !reflect.DeepEqual(st.ConfigAtValue, want) {
		t.Errorf("States: at value %v, want %v (warnings %q)", st.ConfigAtValue, want, st.Warnings)
	}
}
