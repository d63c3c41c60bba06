package validate

import (
	"strings"
	"testing"
)

// TestUnknownKeyNamesItsOwner: a when or an activationKey naming a key its
// capability does not declare is told which capability declares it, or
// the key like it, which the capability's own config cannot say.
func TestUnknownKeyNamesItsOwner(t *testing.T) {
	key := func(k string) string {
		return `"` + k + `": {"type": "boolean", "default": true, "description": "d"}`
	}
	review := newcomerCap("review", `[]`, `[]`, `{`+key("workflow.review_gate")+`, `+key("review.enabled")+`}`)
	intel := newcomerCap("intel", `[]`, `[]`, `{`+key("intel.enabled")+`, `+key("intel.depth")+`}`)
	gate := func(when string) string {
		return `"gates": [{"point": "plan:pre", "check": {"query": "q"}, "when": "` + when + `", "blocking": false, "onError": "skip"}]`
	}
	cases := []struct {
		name, edit, rule string
		want, not        string
	}{
		{"a when near another's key", gate("workflow.review_gat"), "when-unknown-key",
			`; did you mean "workflow.review_gate" (declared by capability "review")?`, ""},
		{"a when naming another's key", gate("workflow.review_gate"), "when-unknown-key",
			`; "workflow.review_gate" is declared by capability "review": move the hook to "review", or name a key of this capability's own`, ""},
		{"a when naming another's key under another path", gate("review_gate"), "when-unknown-key",
			`; did you mean "workflow.review_gate" (declared by capability "review")?`, ""},
		// "enabled" ends two keys: neither is named.
		{"a last segment many keys end in", gate("enabled"), "when-unknown-key", "", "did you mean"},
		// Its own key near: the finding names it, and nothing more.
		{"a when near its own key", gate("intel.dept"), "when-unknown-key", `did you mean "intel.depth"?`, "declared by"},
		// An expression is whenHint's to explain.
		{"a when that is an expression", gate("!workflow.review_gate"), "when-unknown-key", "no operators", "declared by"},
		{"a when of two keys and a word", gate("intel.enabled and workflow.review_gate"), "when-unknown-key", "no operators", "declared by"},
		{"an activationKey naming another's key", `"activationKey": "workflow.review_gate", "gates": []`, "activation-key-unknown",
			`; "workflow.review_gate" is declared by capability "review": an activationKey names a key of its own capability's config: declare one here`, ""},
		{"an activationKey near another's key", `"activationKey": "workflow.reviewgate", "gates": []`, "activation-key-unknown",
			`; did you mean "workflow.review_gate" (declared by capability "review")?`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := editManifest(t, intel, `"gates": []`, c.edit)
			ds := newcomerFindings(t, c.rule, review, in)
			if len(ds) != 1 || ds[0].File != "capabilities/intel/capability.json" {
				t.Fatalf("%s findings: %v", c.rule, ds)
			}
			if m := ds[0].Message; !strings.Contains(m, c.want) || c.not != "" && strings.Contains(m, c.not) {
				t.Errorf("message %q\nwant it to hold %q and not %q", m, c.want, c.not)
			}
		})
	}
}

// TestUnknownKeyOwnerDeclaredTwice: a key two capabilities declare (a
// config-key-conflict) is said to be the first one's, in folder order,
// as the registry, which keeps the first, has it.
func TestUnknownKeyOwnerDeclaredTwice(t *testing.T) {
	key := `{"workflow.review_gate": {"type": "boolean", "default": true, "description": "d"}}`
	alpha := newcomerCap("alpha", `[]`, `[]`, key)
	review := newcomerCap("review", `[]`, `[]`, key)
	intel := editManifest(t, newcomerCap("intel", `[]`, `[]`, `{}`), `"gates": []`,
		`"gates": [{"point": "plan:pre", "check": {"query": "q"}, "when": "workflow.review_gate", "blocking": false, "onError": "skip"}]`)
	ds := newcomerFindings(t, "when-unknown-key", alpha, intel, review)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, `is declared by capability "alpha"`) {
		t.Errorf("when-unknown-key findings: %v, want one naming alpha, the first to declare the key", ds)
	}
}

// TestUnknownKeyOwnerBySegmentAfterTheLastDot: a key written without its
// path is told the one declared key ending in it after the key's last
// dot, however deep ("workflow.gates.review_depth" for "review_depth").
func TestUnknownKeyOwnerBySegmentAfterTheLastDot(t *testing.T) {
	review := newcomerCap("review", `[]`, `[]`, `{"workflow.gates.review_depth": {"type": "boolean", "default": true, "description": "d"}}`)
	intel := editManifest(t, newcomerCap("intel", `[]`, `[]`, `{}`), `"gates": []`,
		`"gates": [{"point": "plan:pre", "check": {"query": "q"}, "when": "review_depth", "blocking": false, "onError": "skip"}]`)
	ds := newcomerFindings(t, "when-unknown-key", review, intel)
	if want := `; did you mean "workflow.gates.review_depth" (declared by capability "review")?`; len(ds) != 1 || !strings.Contains(ds[0].Message, want) {
		t.Errorf("when-unknown-key findings: %v, want one holding %q", ds, want)
	}
}

// TestUnknownKeyOwnerNoteIsClipped: the owner's note added to the finding
// of a long when is clipped with it (clipMessage: maxMessage bytes and
// the count of those left out), its end, the key meant, kept.
func TestUnknownKeyOwnerNoteIsClipped(t *testing.T) {
	review := newcomerCap("review", `[]`, `[]`, `{"workflow.review_gate": {"type": "boolean", "default": true, "description": "d"}}`)
	long := strings.Repeat("x", 1900) + ".review_gate"
	intel := editManifest(t, newcomerCap("intel", `[]`, `[]`, `{}`), `"gates": []`,
		`"gates": [{"point": "plan:pre", "check": {"query": "q"}, "when": "`+long+`", "blocking": false, "onError": "skip"}]`)
	ds := newcomerFindings(t, "when-unknown-key", review, intel)
	if len(ds) != 1 {
		t.Fatalf("when-unknown-key findings: %v", ds)
	}
	if m := ds[0].Message; !strings.Contains(m, " bytes left out) … ") || len(m) > maxMessage+64 || !strings.HasSuffix(m, `; did you mean "workflow.review_gate" (declared by capability "review")?`) {
		t.Errorf("message of %d bytes (clipped to about %d), ending %q", len(m), maxMessage, m[max(0, len(m)-120):])
	}
}
