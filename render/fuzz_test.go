package render

import (
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// FuzzResolve feeds arbitrary configs (and enablement names) to Resolve over
// testdata/repo: it must never panic, and its output must stay consistent.
//
//	go test ./render -run '^$' -fuzz FuzzResolve -fuzztime 30s
func FuzzResolve(f *testing.F) {
	seeds := []string{
		`{}`, `null`, `[]`, `"x"`, `0`,
		`{"workflow":{"ui_phase":false,"research_depth":2}}`,
		`{"workflow.ui_phase":"false","intel":{"enabled":true}}`,
		`{"__proto__":{"workflow":{"ui_phase":false}},"constructor":{"prototype":1}}`,
		`{"workflow":[true,{"x":null}],"workflow.security_asvs_level":1e400}`,
		`{"a":{"b":{"c":{"d":{}}}},"":{"":""},".":"."}`,
	}
	for i, s := range seeds {
		f.Add([]byte(s), uint8(i), "core", "ui")
	}
	f.Fuzz(func(t *testing.T, config []byte, point uint8, profile, name string) {
		reg := repoRegistry(t)
		cfg, errs := ojson.Parse(config)
		if len(errs) > 0 && errs[0].Fatal() {
			cfg = ojson.Value{}
		}
		p := validate.Points[int(point)%len(validate.Points)]
		en := Enablement{}
		if point&0x10 != 0 {
			en = Enablement{Profile: profile, DisabledCapabilities: []string{name},
				Surface: &Surface{BaseProfile: profile, DisabledClusters: []string{name}, ExplicitAdds: []string{name}, ExplicitRemoves: []string{profile}}}
		}
		env, err := Resolve(reg, Request{Point: p, Config: cfg, Enablement: en})
		if err != nil {
			t.Fatal(err)
		}
		if env.Rendered == "" {
			t.Fatal("empty rendering")
		}
		if len(env.ActiveHooks) == 0 && env.Rendered != "_No active hooks at "+p+"._" {
			t.Fatalf("no hooks but %q", env.Rendered)
		}
		out := env.JSON()
		back, errs := ojson.Parse(out)
		if len(errs) > 0 {
			t.Fatalf("envelope JSON does not parse: %v\n%s", errs, out)
		}
		if back.Get("rendered").StringOr("") != strings.ToValidUTF8(env.Rendered, "\uFFFD") {
			t.Fatal("rendered does not round-trip")
		}
		// A client re-renders from the activeHooks it was sent.
		if md := Markdown(p, back.Get("activeHooks").Items); md != strings.ToValidUTF8(env.Rendered, "\uFFFD") {
			t.Fatalf("Markdown of the JSON's activeHooks != rendered:\n%s\n---\n%s", md, env.Rendered)
		}
		for _, key := range []string{"workflow.ui_phase", "intel.enabled", string(config)} {
			v, ok := Lookup(&cfg, key)
			_ = Truthy(v, ok)
		}
	})
}
