package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A reviewer's body is checked in a reviewer capability (an unknown field
// warned of, where it is), and not in a feature, which must not carry one
// at all: the feature is told only that.
func TestReviewerBodyIsCheckedOnlyOffFeatures(t *testing.T) {
	src := sampleRepo(t, sampleEdit{"ollama", `"handler": "openai-compatible"`, `"handler": "openai-compatible", "model": "llama3.1"`})
	got := findingsOf(src, "reviewer-unknown-field")
	if len(got) != 1 || got[0].File != "capabilities/ollama/capability.json" || got[0].Pointer != "/reviewer/model" {
		t.Errorf("a reviewer with a field \"model\": findings %v; want one reviewer-unknown-field at /reviewer/model", got)
	}

	src = sampleRepo(t, sampleEdit{"security", `"tier": "full",`, `"tier": "full", "reviewer": { "model": "llama3.1" },`})
	if got := findingsOf(src, "reviewer-unknown-field", "reviewer-invoke"); len(got) != 0 {
		t.Errorf("a feature's reviewer body is checked as a reviewer's: %v", got)
	}
	got = findingsOf(src, "role-forbidden-field")
	if len(got) != 1 || got[0].File != secFile || got[0].Pointer != "/reviewer" {
		t.Errorf("a feature with a reviewer body: findings %v; want one role-forbidden-field at /reviewer", got)
	}
}

// A config entry's enum values are kept for an enum, which render and the
// registry read them from, and for no other type, even one that lists some.
func TestConfigEntryValuesAreAnEnumsOnly(t *testing.T) {
	src := sampleRepo(t, sampleEdit{"security", `"type": "boolean", "default": true,`, `"type": "boolean", "values": ["yes", "no"], "default": true,`})
	res := Validate(src)
	var sec *Capability
	for _, c := range res.Capabilities {
		if c.ID == "security" {
			sec = c
		}
	}
	if sec == nil {
		t.Fatalf("security is not valid: %v", findingsOf(src))
	}
	var keys []string
	for _, e := range sec.Config {
		keys = append(keys, fmt.Sprintf("%s %s %q", e.Key, e.Type, e.Values))
	}
	want := []string{
		`workflow.security_enforcement boolean []`,
		`workflow.security_asvs_level number []`,
		`workflow.security_block_on enum ["critical" "high" "medium"]`,
	}
	if !slices.Equal(keys, want) {
		t.Errorf("config entries:\n%s\nwant:\n%s", strings.Join(keys, "\n"), strings.Join(want, "\n"))
	}
}

// A file of many repeated keys makes no finding for each: parseDoc lists
// the first MaxPerRule and one standing for the rest, with their count,
// however many there are (a generated file may repeat a key by the
// hundred thousand).
func TestDuplicateKeyFindingsAreBoundedInParse(t *testing.T) {
	for _, n := range []int{MaxPerRule + 2, 20000} {
		data := []byte("{" + strings.Repeat(`"a": 1, `, n) + `"a": 1}`)
		s := &sink{}
		if d := parseDoc("x.json", data, s); d == nil {
			t.Fatalf("%d duplicates: the file does not parse", n)
		}
		if len(s.diags) != MaxPerRule+1 {
			t.Fatalf("%d duplicates: %d findings made, want %d", n, len(s.diags), MaxPerRule+1)
		}
		if last := s.diags[MaxPerRule]; last.Omitted != n-MaxPerRule || last.Rule != "json-duplicate-key" {
			t.Errorf("%d duplicates: the last finding stands for %d (%s), want %d", n, last.Omitted, last.Rule, n-MaxPerRule)
		}
	}
}

// A folder name of a byte beyond ASCII that is no UTF-8 (0x80, as a
// Linux folder may be named) is shown as code points beside the id.
func TestIDFolderMismatchShowsTheLowestNonASCIIByte(t *testing.T) {
	if got := idFolderMismatch("ui", "ui\x80"); !strings.Contains(got, `as code points: "ui" and "ui\x80"`) {
		t.Errorf("%s: want both names as code points", got)
	}
}
