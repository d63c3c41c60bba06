package validate

import (
	"strings"
	"testing"
)

// TestMisplacedFieldIsSoughtThreeLevelsDown: a missing required field
// written one or two objects too deep is named where it is written; one
// written deeper than three levels below the object that lacks it is not
// sought, and the finding says only that it is missing.
func TestMisplacedFieldIsSoughtThreeLevelsDown(t *testing.T) {
	for _, tc := range []struct{ step, want string }{
		{`{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "config": {}}`,
			`missing required field 'config'; the field 'config' is written at /steps/0/config: move it up, to the top level`},
		{`{"point": "ship:pre", "ref": {"command": "x", "config": {}}, "produces": [], "consumes": []}`,
			`missing required field 'config'`},
		{`{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "x": [{"config": {}}]}`,
			`missing required field 'config'`},
	} {
		c := newcomerCap("changelog", `[]`, `[]`, `{}`)
		m := strings.Replace(string(c.Manifest.Data), `"config": {},`, ``, 1)
		c.Manifest.Data = []byte(strings.Replace(m, `"steps": []`, `"steps": [`+tc.step+`]`, 1))
		var got []string
		for _, d := range newcomerFindings(t, "schema", c) {
			if d.Pointer == "" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("step %s: findings at the top %q, want %q", tc.step, got, tc.want)
		}
	}
}
