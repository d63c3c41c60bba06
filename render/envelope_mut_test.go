package render

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Tests that pin what ./render writes (the envelope, its entries, the
// markdown), which a second mutation run of the package found no test held.

// JSON writes any envelope, the zero one and one whose markdown is short
// beside its many hooks, as the JSON of its fields.
func TestEnvelopeJSONOfAnySize(t *testing.T) {
	if got, want := string((&Envelope{}).JSON()), "{\n  \"point\": \"\",\n  \"activeHooks\": [],\n  \"rendered\": \"\"\n}"; got != want {
		t.Errorf("zero envelope: %q, want %q", got, want)
	}
	gates := make([]string, 8)
	for i := range gates {
		gates[i] = `{"point":"ship:post"}`
	}
	reg := memRegistry(t, memCap{id: "g", gates: gates})
	env := resolve(t, reg, "ship:post", ``, Enablement{})
	var doc struct {
		Point       string
		ActiveHooks []map[string]any
		Rendered    string
	}
	if err := json.Unmarshal(env.JSON(), &doc); err != nil {
		t.Fatal(err)
	}
	line := "**Gate** (g): check=(none), blocking=false, onError=skip"
	if want := strings.Repeat(line+"\n\n", 7) + line; doc.Point != "ship:post" || len(doc.ActiveHooks) != 8 || doc.Rendered != want {
		t.Errorf("envelope of 8 bare gates: point %q, %d hooks, rendered %q", doc.Point, len(doc.ActiveHooks), doc.Rendered)
	}
}

// A registry built in memory that lists fewer than 12 points renders a
// point it does not list as one without hooks, whatever point sits at
// that point's place in the canonical order.
func TestPointMissingFromShortRegistry(t *testing.T) {
	reg := memRegistry(t, memCap{id: "g", gates: []string{`{"point":"ship:post","check":"c"}`}})
	last := validate.PointIndex("ship:post")
	reg.ByLoopPoint = reg.ByLoopPoint[last:]
	if env := resolve(t, reg, validate.Points[0], ``, Enablement{}); env.Rendered != "_No active hooks at "+validate.Points[0]+"._" || env.ActiveHooks != nil {
		t.Errorf("%s: %q, %d hooks", validate.Points[0], env.Rendered, len(env.ActiveHooks))
	}
	if env := resolve(t, reg, "ship:post", ``, Enablement{}); env.Rendered != "**Gate** (g): check=c, blocking=false, onError=skip" {
		t.Errorf("ship:post: %q", env.Rendered)
	}
}

// A contribution built in memory without Raw carries its into.
func TestContributionWithoutRawCarriesInto(t *testing.T) {
	reg := memRegistry(t)
	ph := &reg.ByLoopPoint[validate.PointIndex("plan:pre")]
	ph.Contributions = []*validate.Hook{{CapID: "x", Kind: validate.ContributionHook, Point: "plan:pre", Into: "planner"}}
	env := resolve(t, reg, "plan:pre", ``, Enablement{})
	compareHooks(t, env, []string{`{"capId":"x","kind":"contribution","into":"planner"}`})
	if want := "<contribution from=\"x\" into=\"planner\">\n</contribution>"; env.Rendered != want {
		t.Errorf("rendered %q, want %q", env.Rendered, want)
	}
}

// Appending to one entry's fragment leaves the next entry's fragment as it
// was: each fragment's members are capped.
func TestFragmentsIndependent(t *testing.T) {
	reg := memRegistry(t, memCap{id: "f", steps: []string{
		`{"point":"plan:pre","ref":{"skill":"a"},"fragment":{"inline":"A"}}`,
		`{"point":"plan:pre","ref":{"skill":"b"},"fragment":{"path":"b.md"}}`}})
	env := resolve(t, reg, "plan:pre", ``, Enablement{})
	if len(env.ActiveHooks) != 2 {
		t.Fatalf("active %v", ids(env))
	}
	env.ActiveHooks[0].Get("fragment").Append("extra", ojson.NewBool(true))
	if got := string(ojson.Encode(env.ActiveHooks[1].Get("fragment"), "")); got != `{"path":"b.md"}` {
		t.Errorf("appending to fragment 0 changed fragment 1: %s", got)
	}
}

// A list is written as Array.prototype.join writes it: a null element as
// nothing.
func TestMarkdownListNullElements(t *testing.T) {
	in := []ojson.Value{mustJSON(t, `{"capId":"a","kind":"step","ref":{"skill":"s"},"produces":[null,"A"],"consumes":["B",null,"C"]}`)}
	if got, want := Markdown("plan:pre", in), "### Step 1: skill:s (a)\n- produces: , A\n- consumes: B, , C"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
