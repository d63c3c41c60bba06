package render

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

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

// TestEnablementFieldErrorLocates: a field of the wrong type is a
// *FieldError whose pointer names the field, and for an array's entry its
// index, and whose offset is the value's, which the API turns into a line
// and column.
func TestEnablementFieldErrorLocates(t *testing.T) {
	for _, c := range []struct {
		json, pointer, at string // at: the text the offset points at
	}{
		{`{"profile": 1}`, "/profile", "1}"},
		{`{"profile": ""}`, "/profile", `""}`},
		{`{"disabledCapabilities": "ui"}`, "/disabledCapabilities", `"ui"}`},
		{`{"disabledCapabilities": ["ui", "b", 3]}`, "/disabledCapabilities/2", "3]}"},
		{`{"disabledCapabilities": ["ui", null]}`, "/disabledCapabilities/1", "null]}"},
	} {
		v := mustJSON(t, c.json)
		_, err := EnablementFromJSON(&v)
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s: err %v; want a *FieldError", c.json, err)
			continue
		}
		if fe.Pointer != c.pointer || fe.Off < 0 || fe.Off > len(c.json) || c.json[fe.Off:] != c.at {
			t.Errorf("%s: pointer %q at offset %d; want %q at %q", c.json, fe.Pointer, fe.Off, c.pointer, c.at)
		}
	}
}

// TestNearMissBudgetAtItsEnd: the near-miss search compares as many
// declared keys as its budget holds and not one more: a key one edit away
// is named when the budget reaches it exactly, not when it is spent one
// comparison before.
func TestNearMissBudgetAtItsEnd(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("aaa", true), boolKey("bbb", true), boolKey("ccx", true)}})
	n := buildIndex(reg).keyNeighbours()
	for _, c := range []struct {
		key          string
		budget, left int
		want         string
	}{
		{"aab", 1, 0, "aaa"}, // the first compared
		{"aab", 0, 0, ""},
		{"ccc", 3, 0, "ccx"}, // the third of its length
		{"ccc", 2, 0, ""},
		{"ccc", 5, 2, "ccx"},
	} {
		budget := c.budget
		if got, _ := n.meant(c.key, &budget); got != c.want || budget != c.left {
			t.Errorf("meant(%q) with a budget of %d = %q, %d left; want %q, %d left", c.key, c.budget, got, budget, c.want, c.left)
		}
	}
}

// TestNearMissSameWordsAreInOrder: a key of the same words is taken for
// the same words in the same order only when each separator stands where
// the other's does ("aa.a" and "a.aa" are the same words, "aa" and "a", in
// another order), so a key one edit away is named before it; and a ":"
// joins words as "." does (validate.NearestID reads both).
func TestNearMissSameWordsAreInOrder(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("a.aaa", true), boolKey("aaa.b", true), boolKey("beta.deep.flag", true)}})
	meant := func(key, near string) []string {
		return []string{`config key "` + key + `" is declared by no capability, so nothing reads it; did you mean "` + near + `"?`}
	}
	for _, c := range []struct {
		config string
		want   []string
	}{
		{`{"aaa.a":1}`, meant("aaa.a", "aaa.b")},                            // one edit, before a.aaa's words reordered
		{`{"A.AAA":1}`, meant("A.AAA", "a.aaa")},                            // the same words in order
		{`{"beta:deep:flag":1}`, meant("beta:deep:flag", "beta.deep.flag")}, // two edits, the same words
		{`{"flag:deep:beta":1}`, meant("flag:deep:beta", "beta.deep.flag")},
	} {
		if env := resolve(t, reg, "ship:post", c.config, Enablement{}); !slices.Equal(env.Warnings, c.want) {
			t.Errorf("config %s: warnings\n got  %q\n want %q", c.config, env.Warnings, c.want)
		}
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"aa.a", "a.aa", false}, {"aaa.a", "a.aaa", false}, {"a.b", "a:b", true}, {"A_b", "a-B", true},
	} {
		if got := sameWordsInOrder(c.a, c.b); got != c.want {
			t.Errorf("sameWordsInOrder(%q, %q) = %v; want %v", c.a, c.b, got, c.want)
		}
	}

}

// TestCentralOwnershipBudgetAtItsEnd: a near miss whose central-pattern
// matches cost just what is left of the budget is still matched, and
// warned of: 208 patterns against a key of two dots, and the two paths
// above it, cost 625 a spelling (the key's own comparison one), so the
// 20,000 cover 32 spellings exactly (Owner takes up to 256 patterns).
func TestCentralOwnershipBudgetAtItsEnd(t *testing.T) {
	const key, patterns, spellings = "workflow.research.depth", 208, 40
	defer func(d time.Duration) { maxCentralMatching = d }(maxCentralMatching)
	maxCentralMatching = time.Hour // the count budget is tested, not the time
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{boolKey(key, true)}})
	central := &validate.CentralSchema{}
	for i := range patterns {
		central.Sources = append(central.Sources, fmt.Sprintf(`^never%d\.[a-z]+$`, i))
	}
	reg.Central = central
	members := make([]string, spellings)
	for i := range members {
		spelt := []byte(key)
		for j := range 6 { // "workfl" in the capitals of i+1
			if (i+1)&(1<<j) != 0 {
				spelt[j] -= 'a' - 'A'
			}
		}
		members[i] = fmt.Sprintf("%q:true", spelt)
	}
	const cost = 1 + 3*patterns
	if maxNearComparisons%cost != 0 {
		t.Fatalf("the budget %d is no multiple of %d", maxNearComparisons, cost)
	}
	env := resolve(t, reg, "ship:post", "{"+strings.Join(members, ",")+"}", Enablement{})
	named := maxNearComparisons / cost
	if got := env.WarningCount(); got != named+1 || env.Warnings[named] != notSearched(spellings-named) {
		t.Errorf("%d spellings of %q against %d central patterns: %d warnings; want the %d the budget allows, then one saying it stopped before %d: %q",
			spellings, key, patterns, got, named, spellings-named, env.Warnings)
	}
}

// TestNearMissFoldsFinalSigma: a config key asked in capitals, or with
// "σ" where the declared key ends a word in "ς", is taken for the
// declared key, as validate's did-you-means and search read the two
// sigmas as one letter (strings.ToLower keeps "ς" apart).
func TestNearMissFoldsFinalSigma(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("τελος.ενεργο", true), boolKey("other.key", true)}})
	n := buildIndex(reg).keyNeighbours()
	for _, key := range []string{"ΤΕΛΟΣ.ΕΝΕΡΓΟ", "ενεργο_τελοσ"} {
		budget := 100
		if got, _ := n.meant(key, &budget); got != "τελος.ενεργο" {
			t.Errorf("meant(%q) = %q, want τελος.ενεργο", key, got)
		}
	}
}
