package validate

import (
	"strings"
	"testing"
)

// TestUnknownKeyNamesTheKeyMeant: an activationKey or a hook's when that
// is a slip from one of the capability's own config keys names that key;
// "declare it under config", said of "ml.tracking.enabld" beside a
// declared "ml.tracking.enabled", sent its author to declare a second key
// (new-user review). One near no key keeps the advice as it was.
func TestUnknownKeyNamesTheKeyMeant(t *testing.T) {
	const config = `{"keyed.enabled": {"type": "boolean", "default": false, "description": "d"}, "keyed.level": {"type": "number", "default": 1, "description": "d"}}`
	tests := []struct {
		name, field, key, rule, want string
	}{
		{"activationKey typo", "activationKey", "keyed.enabld", "activation-key-unknown", `activationKey "keyed.enabld" is not a key of this capability's config (did you mean "keyed.enabled"? if it is a new key, declare it under "config")`},
		{"activationKey case", "activationKey", "Keyed.Enabled", "activation-key-unknown", `(did you mean "keyed.enabled"? if it is a new key`},
		{"activationKey none near", "activationKey", "other.flag", "activation-key-unknown", `activationKey "other.flag" is not a key of this capability's config (declare it under "config")`},
		{"when typo", "when", "keyed.levle", "when-unknown-key", `when names one of its own config keys (keyed.enabled, keyed.level); did you mean "keyed.level"?`},
		{"when none near", "when", "other.flag", "when-unknown-key", `when names one of its own config keys (keyed.enabled, keyed.level)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newcomerCap("keyed", `[]`, `[]`, config)
			data := string(c.Manifest.Data)
			if tt.field == "activationKey" {
				data = strings.Replace(data, `"tier"`, `"activationKey": "`+tt.key+`", "tier"`, 1)
			} else {
				data = strings.Replace(data, `"gates": []`, `"gates": [{"point": "plan:post", "check": {"query": "q"}, "when": "`+tt.key+`", "blocking": false}]`, 1)
			}
			c.Manifest.Data = []byte(data)
			got := newcomerFindings(t, tt.rule, c)
			if len(got) != 1 || !strings.Contains(got[0].Message, tt.want) {
				t.Fatalf("%s findings %v, want one containing %q", tt.rule, got, tt.want)
			}
			if strings.Contains(tt.name, "none near") && strings.Contains(got[0].Message, "did you mean") {
				t.Errorf("%q names a key meant for a key near none", got[0].Message)
			}
		})
	}
}
