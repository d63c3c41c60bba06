package render

import (
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// A list is written as Array.prototype.join writes it: a null element as
// nothing.
func TestMarkdownListNullElements(t *testing.T) {
	in := []ojson.Value{mustJSON(t, `{"capId":"a","kind":"step","ref":{"skill":"s"},"produces":[null,"A"],"consumes":["B",null,"C"]}`)}
	if got, want := Markdown("plan:pre", in), "### Step 1: skill:s (a)\n- produces: , A\n- consumes: B, , C"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// An array of one element that is not a string is written as
// JavaScript's String() writes it, as any other array is.
func TestMarkdownOneElementArrays(t *testing.T) {
	hooks := []string{
		`{"capId":"a","kind":"step","ref":{"skill":"s"},"produces":[7],"consumes":[true]}`,
		`{"capId":"c","kind":"contribution","into":[2.50],"onError":[false]}`,
		`{"capId":"g","kind":"gate","onError":[["x"]]}`,
	}
	var in []ojson.Value
	for _, h := range hooks {
		in = append(in, mustJSON(t, h))
	}
	const want = "### Step 1: skill:s (a)\n- produces: 7\n- consumes: true\n\n" +
		"<contribution from=\"c\" into=\"2.5\">\n- onError: false\n</contribution>\n\n" +
		"**Gate** (g): check=(none), blocking=false, onError=x"
	if got := Markdown("verify:pre", in); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// A ref that is neither a skill nor an agent is written as compact JSON
// when it is an object or an array, as String() when it is a scalar.
func TestMarkdownOtherRefs(t *testing.T) {
	var in []ojson.Value
	for _, h := range []string{
		`{"capId":"a","kind":"step","ref":"run me"}`,
		`{"capId":"b","kind":"step","ref":["x","y"]}`,
		`{"capId":"c","kind":"step","ref":{"skill":""}}`,
	} {
		in = append(in, mustJSON(t, h))
	}
	const want = "### Step 1: run me (a)\n\n### Step 2: [\"x\",\"y\"] (b)\n\n### Step 3: {\"skill\":\"\"} (c)"
	if got := Markdown("plan:pre", in); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestMarkdownEdges: Markdown's rendering of edge cases (no hooks, inline
// fragments, missing or odd fields), which the GSD workflows read verbatim.
func TestMarkdownEdges(t *testing.T) {
	hooks := func(src ...string) []ojson.Value {
		var out []ojson.Value
		for _, s := range src {
			out = append(out, mustJSON(t, s))
		}
		return out
	}
	cases := []struct {
		name  string
		hooks []ojson.Value
		want  string
	}{
		{"none", nil, "_No active hooks at verify:pre._"},
		{"inline text ending in a newline is verbatim", hooks(`{"capId":"a","kind":"step","ref":{"skill":"s"},"fragment":{"inline":"body\n"}}`),
			"### Step 1: skill:s (a)\n\nbody\n"},
		{"inline wins over path; empty inline is no inline", hooks(
			`{"capId":"a","kind":"step","ref":{"skill":"s"},"fragment":{"inline":"","path":"p.md"}}`),
			"### Step 1: skill:s (a)\n\n_Step fragment path is declared but not rendered by loop-resolver: p.md_"},
		{"step ordinals count steps only", hooks(
			`{"capId":"g","kind":"gate"}`, `{"capId":"a","kind":"step","ref":{"agent":"x"}}`,
			`{"capId":"c","kind":"contribution","into":""}`, `{"capId":"b","kind":"step","ref":{"command":"c"}}`),
			"**Gate** (g): check=(none), blocking=false, onError=skip\n\n### Step 1: agent:x (a)\n\n" +
				"<contribution from=\"c\" into=\"(unset)\">\n</contribution>\n\n### Step 2: {\"command\":\"c\"} (b)"},
		{"scalar checks use String()", hooks(`{"capId":"g","kind":"gate","check":12.50}`, `{"capId":"g","kind":"gate","check":true,"blocking":false}`,
			`{"capId":"g","kind":"gate","check":null,"onError":"halt"}`, `{"capId":"g","kind":"gate","check":["a",{"b":1}]}`),
			"**Gate** (g): check=12.5, blocking=false, onError=skip\n\n**Gate** (g): check=true, blocking=false, onError=skip\n\n" +
				"**Gate** (g): check=(none), blocking=false, onError=halt\n\n**Gate** (g): check=[\"a\",{\"b\":1}], blocking=false, onError=skip"},
		{"lists join with comma and space", hooks(`{"capId":"a","kind":"step","ref":{"skill":"s"},"produces":["A","B","C"],"consumes":[]}`),
			"### Step 1: skill:s (a)\n- produces: A, B, C"},
		{"unknown kinds and non-objects are skipped", hooks(`{"capId":"x","kind":"hook"}`, `[]`, `{"capId":"a","kind":"gate"}`),
			"**Gate** (a): check=(none), blocking=false, onError=skip"},
		{"only skipped entries", hooks(`{"kind":"other"}`), ""},
	}
	for _, c := range cases {
		if got := Markdown("verify:pre", c.hooks); got != c.want {
			t.Errorf("%s:\n got  %q\n want %q", c.name, got, c.want)
		}
	}
}

// Values a renderer interpolates are written as JavaScript's String()
// writes them (an object as [object Object], an array joined by bare
// commas); when and onError lines are written only for truthy values, as
// the reference's "only if when" reads; a step whose ref is absent or null
// is labelled (none).
func TestMarkdownInterpolatesAsJavaScript(t *testing.T) {
	cases := []struct {
		name, hook, want string
	}{
		{"object into and onError", `{"capId":"c","kind":"contribution","into":{"a":1},"onError":{}}`,
			"<contribution from=\"c\" into=\"[object Object]\">\n- onError: [object Object]\n</contribution>"},
		{"array inline and path", `{"capId":"c","kind":"contribution","into":"p","fragment":{"inline":["l1","l2",null,["x","y"]]}}`,
			"<contribution from=\"c\" into=\"p\">\nl1,l2,,x,y\n</contribution>"},
		{"array step path", `{"capId":"a","kind":"step","ref":{"skill":"s"},"fragment":{"path":["f","g"]}}`,
			"### Step 1: skill:s (a)\n\n_Step fragment path is declared but not rendered by loop-resolver: f,g_"},
		{"object gate onError", `{"capId":"g","kind":"gate","onError":{"x":1}}`,
			"**Gate** (g): check=(none), blocking=false, onError=[object Object]"},
		{"falsy when and onError on a step", `{"capId":"a","kind":"step","ref":{"skill":"s"},"when":"","onError":0}`,
			"### Step 1: skill:s (a)"},
		{"falsy when on a contribution", `{"capId":"c","kind":"contribution","into":"p","when":false,"onError":null}`,
			"<contribution from=\"c\" into=\"p\">\n</contribution>"},
		{"falsy when on a gate", `{"capId":"g","kind":"gate","when":null}`,
			"**Gate** (g): check=(none), blocking=false, onError=skip"},
		{"truthy non-string when", `{"capId":"g","kind":"gate","when":["k"]}`,
			"**Gate** (g): check=(none), blocking=false, onError=skip\n- when: `k`"},
		{"null ref", `{"capId":"a","kind":"step","ref":null}`, "### Step 1: (none) (a)"},
		{"absent ref", `{"capId":"a","kind":"step"}`, "### Step 1: (none) (a)"},
	}
	for _, c := range cases {
		if got := Markdown("plan:pre", []ojson.Value{mustJSON(t, c.hook)}); got != c.want {
			t.Errorf("%s:\n got  %q\n want %q", c.name, got, c.want)
		}
	}
}
