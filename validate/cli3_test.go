package validate

import (
	"strings"
	"testing"
)

// TestConfigKeyParentCentral: config-key-parent between a capability's
// config key and a central validKey, either way round, as between two
// capabilities' keys: one warning at the capability's key, naming the
// central key and where the schema lists it (its first listing, its index
// among non-strings), the nested config that gives the longer key, and
// the .enabled rename for a boolean parent alone. None for a key equal to
// a central one (config-key-pending-migration), one only sharing a prefix,
// or without a central schema.
func TestConfigKeyParentCentral(t *testing.T) {
	const b, str = `{ "type": "boolean", "default": true, "description": "x." }`, `{ "type": "string", "default": "", "description": "x." }`
	const schemaFile = "config/config-schema.manifest.json"
	tests := []struct {
		name    string
		keys    string // added to research's config
		central string // "" for no central schema
		ptr     string // of the one finding, "" for none
		has     []string
		hasnt   []string
	}{
		{"below a central key", `"model_profile.mode": ` + str, `{"validKeys": ["model_profile"]}`, "/config/model_profile.mode",
			[]string{`config key "model_profile.mode" is below central config key "model_profile", listed at ` + schemaFile + `:1:16 (/validKeys/0)`,
				`a config giving this key, {"model_profile": {"mode": …}}, makes the central "model_profile" an object`, "rename this key so that it is not below a central one"}, nil},
		{"the nearest central key above", `"a.b.c.d": ` + b, `{"validKeys": ["a", "a.b.c", "a.b"]}`, "/config/a.b.c.d",
			[]string{`below central config key "a.b.c", listed at ` + schemaFile + `:1:21 (/validKeys/1)`}, []string{"the switch as"}},
		// Two levels below, nothing between listed (cr84: only the
		// nearest level looked at passed every test).
		{"two levels below a central key", `"git.x.y": ` + str, `{"validKeys": ["git"]}`, "/config/git.x.y",
			[]string{`config key "git.x.y" is below central config key "git"`}, nil},
		{"below one central key and above another: said once", `"a.b": ` + str, `{"validKeys": ["a.b.c", "a"]}`, "/config/a.b",
			[]string{`below central config key "a"`}, []string{"the parent of"}},
		{"above a central key, a string", `"git": ` + str, `{"validKeys": ["git.branching_strategy"]}`, "/config/git",
			[]string{`config key "git" is the parent of central config key "git.branching_strategy", listed at ` + schemaFile + `:1:16 (/validKeys/0)`,
				`a config giving the central key, {"git": {"branching_strategy": …}}, makes "git" an object`, "rename this key so that it is not the parent of a central one"},
			[]string{"the switch as"}},
		{"above a central key, a switch", `"rel.store": ` + b, `{"validKeys": ["rel.store.z", "rel.store.track"]}`, "/config/rel.store",
			[]string{`the parent of central config key "rel.store.track", listed at ` + schemaFile + `:1:31 (/validKeys/1)`, `(the switch as "rel.store.enabled", say)`}, nil},
		{"listed twice, after a non-string", `"rel": ` + str, `{"validKeys": [1, "rel.x", "rel.x"]}`, "/config/rel",
			[]string{`"rel.x", listed at ` + schemaFile + `:1:19 (/validKeys/1)`}, nil},
		{"equal to a central key", `"rel.store": ` + str, `{"validKeys": ["rel.store"]}`, "", nil, nil},
		{"a prefix, not a parent", `"rel.store": ` + str + `, "model_profiles.x": ` + str, `{"validKeys": ["rel.stores", "rel.store_x", "model_profile"]}`, "", nil, nil},
		{"keys differing in case", `"Rel.store": ` + str, `{"validKeys": ["rel.store.track", "REL"]}`, "", nil, nil},
		{"no central schema", `"model_profile.mode": ` + str, "", "", nil, nil},
		{"no validKeys", `"model_profile.mode": ` + str, `{"dynamicKeyPatterns": []}`, "", nil, nil},

		// A central dynamicKeyPatterns entry's keys (gate10): the same
		// mistake, with the pattern owning the other key.
		{"the parent of a pattern's keys", `"agent_skills": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\.[a-z]+$"}]}`, "/config/agent_skills",
			[]string{`config key "agent_skills" is the parent of the keys central config-schema pattern /^agent_skills\.[a-z]+$/ gives the central loader, listed at ` + schemaFile + `:1:26 (/dynamicKeyPatterns/0/source)`,
				`a config giving one of them, {"agent_skills": …}, makes "agent_skills" an object`, "rename this key so that it is not the parent of central ones"}, []string{"the switch as"}},
		{"two levels above a pattern's keys, a switch", `"rv": ` + b, `{"dynamicKeyPatterns": [{"source": "^rv\\.models\\.[a-z0-9-]+$"}]}`, "/config/rv",
			[]string{`config key "rv" is the parent of the keys central config-schema pattern`, `{"rv": {"models": …}}`, `(the switch as "rv.enabled", say)`}, nil},
		{"below a pattern's key", `"agent_skills.x.mode": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\.[a-z]+$"}]}`, "/config/agent_skills.x.mode",
			[]string{`config key "agent_skills.x.mode" is below "agent_skills.x", a key central config-schema pattern /^agent_skills\.[a-z]+$/ gives the central loader, listed at ` + schemaFile + `:1:26 (/dynamicKeyPatterns/0/source)`,
				`a config giving this key, {"agent_skills": {"x": {"mode": …}}}, makes the central "agent_skills.x" an object`, "rename this key so that it is not below a central one"}, nil},
		{"below a pattern's key, two levels", `"m.a.b.c": ` + str, `{"dynamicKeyPatterns": [{"source": "^m\\.[a-z]+$"}]}`, "/config/m.a.b.c",
			[]string{`is below "m.a", a key central config-schema pattern`}, nil},
		// A parent that is the pattern's literal text whole, its tail
		// optional (cr88 mutant: i > len(lit) in the walk up survived).
		{"below a pattern's key that is its literal text", `"rv.model.mode": ` + str, `{"dynamicKeyPatterns": [{"source": "^rv\\.model(-[a-z]+)?$"}]}`, "/config/rv.model.mode",
			[]string{`config key "rv.model.mode" is below "rv.model", a key central config-schema pattern /^rv\.model(-[a-z]+)?$/ gives the central loader`}, nil},
		{"below a pattern's key and a validKey: said once", `"agent_skills.x.mode": ` + str, `{"validKeys": ["agent_skills"], "dynamicKeyPatterns": [{"source": "^agent_skills\\.[a-z]+$"}]}`, "/config/agent_skills.x.mode",
			[]string{`below central config key "agent_skills"`}, []string{"pattern"}},
		{"above two patterns' keys: said once", `"agent_skills": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\.[a-z]+$"}, {"source": "^agent_skills\\.x\\.[a-z]+$"}]}`, "/config/agent_skills",
			[]string{`/^agent_skills\.[a-z]+$/`}, []string{"x"}},
		{"matched by the pattern itself", `"agent_skills.x.y": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\..+$"}]}`, "", nil, nil},
		{"a parent not matched", `"agent_skills.x-1.mode": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\.[a-z]+$"}]}`, "", nil, nil},
		{"a prefix of the pattern's text, not a parent", `"agent": ` + str + `, "agent_skill": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\.[a-z]+$"}]}`, "", nil, nil},
		// Above the keys of a pattern not anchored, or with
		// alternatives: not known, not told.
		{"above a pattern not anchored", `"agent_skills": ` + str, `{"dynamicKeyPatterns": [{"source": "skills\\.[a-z]+$"}]}`, "", nil, nil},
		{"above a pattern with alternatives", `"agent_skills": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\.[a-z]+$|^x$"}]}`, "", nil, nil},
		// Below one of them: a parent is matched as gsd-core matches a
		// key, by RegExp test, anchored or not (gate12; a parent was
		// matched only by a pattern anchored with ^ and holding no |).
		{"below a pattern's key, the pattern not anchored", `"agent_skills": ` + str + `, "skills.x.y": ` + str, `{"dynamicKeyPatterns": [{"source": "skills\\.[a-z]+$"}]}`, "/config/skills.x.y",
			[]string{`config key "skills.x.y" is below "skills.x", a key central config-schema pattern /skills\.[a-z]+$/ gives the central loader, listed at ` + schemaFile + `:1:26 (/dynamicKeyPatterns/0/source)`,
				`a config giving this key, {"skills": {"x": {"y": …}}}, makes the central "skills.x" an object`}, nil},
		{"below a pattern's key matched inside it", `"team.agent_skills.x.mode": ` + str, `{"dynamicKeyPatterns": [{"source": "agent_skills\\.[a-z]+$"}]}`, "/config/team.agent_skills.x.mode",
			[]string{`config key "team.agent_skills.x.mode" is below "team.agent_skills.x", a key central config-schema pattern /agent_skills\.[a-z]+$/`}, nil},
		{"below a pattern's key, the pattern with alternatives", `"agent_skills.x.mode": ` + str, `{"dynamicKeyPatterns": [{"source": "^x$|^agent_skills\\.[a-z]+$"}]}`, "/config/agent_skills.x.mode",
			[]string{`config key "agent_skills.x.mode" is below "agent_skills.x", a key central config-schema pattern /^x$|^agent_skills\.[a-z]+$/`}, nil},
		{"below no key of a pattern not anchored", `"skills.x-1.y": ` + str + `, "x.skills": ` + str, `{"dynamicKeyPatterns": [{"source": "skills\\.[a-z]+$"}]}`, "", nil, nil},
		{"matched by a pattern not anchored itself, as its parent is", `"skills.x.y": ` + str, `{"dynamicKeyPatterns": [{"source": "skills\\.[a-z.]+$"}]}`, "", nil, nil},
		{"a pattern whose text may be left out", `"agent_skills": ` + str, `{"dynamicKeyPatterns": [{"source": "^agent_skills\\.?[a-z]*$"}]}`, "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t, researchConfig(tt.keys))
			if tt.central != "" {
				src.ConfigSchema = &File{Path: schemaFile, Data: []byte(tt.central)}
				src.ConfigSchemaFrom = SchemaFromFlag
			}
			got := ruleFindings(Validate(src).Diagnostics, "config-key-parent")
			if tt.ptr == "" {
				if len(got) != 0 {
					t.Fatalf("got %v, want no config-key-parent", got)
				}
				return
			}
			if len(got) != 1 || got[0].Pointer != tt.ptr || got[0].Severity != Warning || got[0].File != "capabilities/research/capability.json" {
				t.Fatalf("got %v, want one warning at research's %s", got, tt.ptr)
			}
			for _, h := range tt.has {
				if !strings.Contains(got[0].Message, h) {
					t.Errorf("message %q lacks %q", got[0].Message, h)
				}
			}
			for _, h := range tt.hasnt {
				if strings.Contains(got[0].Message, h) {
					t.Errorf("message %q has %q", got[0].Message, h)
				}
			}
		})
	}
}
