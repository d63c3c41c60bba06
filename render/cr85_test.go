package render

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// TestEchoLimitAtTheByte: a render whose contributions' configValues echo
// MaxEchoed bytes of config values, as JSON, is rendered; one echoing a
// byte more fails with ErrTooLarge, naming the largest key and its size.
// The bytes are summed over the aliases, each echoing its key's whole
// value: two aliases of one key given half the limit echo it all.
func TestEchoLimitAtTheByte(t *testing.T) {
	strKey := validate.ConfigEntry{Key: "k.big", Type: "string", Default: ojson.NewString(""), Description: "k"}
	for _, c := range []struct {
		name    string
		aliases string
		size    int // bytes of the value as JSON, its two quotes included
		tooBig  bool
	}{
		{"one alias, the limit", `{"a":"k.big"}`, MaxEchoed, false},
		{"one alias, a byte past", `{"a":"k.big"}`, MaxEchoed + 1, true},
		{"two aliases, half each", `{"a":"k.big","b":"k.big"}`, MaxEchoed / 2, false},
		{"two aliases, a byte past half each", `{"a":"k.big","b":"k.big"}`, MaxEchoed/2 + 1, true},
	} {
		reg := memRegistry(t, memCap{id: "echo", config: []validate.ConfigEntry{strKey},
			contributions: []string{`{"point":"plan:pre","into":"planner","fragment":{"inline":"x"},"configValues":` + c.aliases + `}`}})
		doc := ojson.NewObject()
		doc.Append("k.big", ojson.NewString(strings.Repeat("x", c.size-2)))
		env, err := Resolve(reg, Request{Point: "plan:pre", Config: doc})
		if !c.tooBig {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			cv := env.ActiveHooks[0].Get("configValues")
			if cv == nil || len(cv.Members) != strings.Count(c.aliases, ":") {
				t.Errorf("%s: configValues %v; want every alias", c.name, cv)
			}
			continue
		}
		want := fmt.Sprintf(`("k.big", %d bytes, the largest)`, c.size)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v; want ErrTooLarge naming %s", c.name, err, want)
		}
	}
}
