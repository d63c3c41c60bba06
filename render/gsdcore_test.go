package render

import (
	"reflect"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Parity with the reference's real render outputs (ref §5.6) on
// testdata/gsd-core, the reconstruction of open-gsd/gsd-core. The reference
// ran with every capability enabled and no cwd: keys come from the config
// object or the schema defaults.

// TestGSDCoreExecuteWavePost: execute:wave:post of the GSD core registry with
// an empty config renders its three gates, in order, with no warning.
func TestGSDCoreExecuteWavePost(t *testing.T) {
	env := resolve(t, gsdRegistry(t), "execute:wave:post", `{}`, Enablement{})
	const want = "**Gate** (drift): check={\"query\":\"verify.schema-drift\"}, blocking=true, onError=skip\n" +
		"- when: `workflow.schema_drift_gate`\n" +
		"\n" +
		"**Gate** (drift): check={\"query\":\"verify.codebase-drift\"}, blocking=false, onError=skip\n" +
		"- when: `workflow.schema_drift_gate`\n" +
		"\n" +
		"**Gate** (ui): check={\"query\":\"ui.safety-gate\"}, blocking=true, onError=halt\n" +
		"- when: `workflow.ui_safety_gate`"
	if env.Rendered != want {
		t.Errorf("rendered:\n%s\n--- want:\n%s", env.Rendered, want)
	}
	if len(env.Warnings) != 0 {
		t.Errorf("warnings: %q", env.Warnings)
	}
}

// TestGSDCoreVerifyPost: verify:post of the GSD core registry renders its
// steps in order with their produces, consumes, when and onError lines.
func TestGSDCoreVerifyPost(t *testing.T) {
	env := resolve(t, gsdRegistry(t), "verify:post", `{}`, Enablement{})
	const want = "### Step 1: skill:validate-phase (nyquist)\n" +
		"- produces: VALIDATION.md\n" +
		"- consumes: SUMMARY.md\n" +
		"- when: `workflow.nyquist_validation`\n" +
		"- onError: halt\n" +
		"\n" +
		"### Step 2: skill:secure-phase (security)\n" +
		"- produces: SECURITY.md\n" +
		"- consumes: SUMMARY.md\n" +
		"- when: `workflow.security_enforcement`\n" +
		"- onError: halt\n" +
		"\n" +
		"### Step 3: skill:ui-review (ui)\n" +
		"- produces: UI-REVIEW.md\n" +
		"- consumes: UI-SPEC.md\n" +
		"- when: `workflow.ui_review`\n" +
		"- onError: skip"
	if env.Rendered != want {
		t.Errorf("rendered:\n%s\n--- want:\n%s", env.Rendered, want)
	}
	// mempalace is filtered out: mempalace.enabled defaults to false.
	if env.Active("mempalace") {
		t.Error("mempalace is active")
	}
}

// TestGSDCoreEmptyPoints: points where no GSD core capability hooks render
// the "_No active hooks at POINT._" line and list no hook.
func TestGSDCoreEmptyPoints(t *testing.T) {
	reg := gsdRegistry(t)
	for _, p := range []string{"execute:pre", "discuss:pre", "discuss:post", "execute:wave:pre", "ship:post"} {
		env := resolve(t, reg, p, `{}`, Enablement{})
		if want := "_No active hooks at " + p + "._"; env.Rendered != want || len(env.ActiveHooks) != 0 {
			t.Errorf("%s: %q, want %q", p, env.Rendered, want)
		}
	}
}

const gsdPlanPreOff = `{"workflow":{"ai_integration_phase":false,"research":false,"pattern_mapper":false,"api_coverage_gate":false,"assumption_delta":false,"schema_push_detection":false,"security_enforcement":false,"tdd_mode":false}}`

// TestGSDCorePlanPreEnvelope: plan:pre with the optional workflow keys off is
// the reference's envelope (§5.6): its hooks, its markdown and its whole
// pretty-printed JSON.
func TestGSDCorePlanPreEnvelope(t *testing.T) {
	env := resolve(t, gsdRegistry(t), "plan:pre", gsdPlanPreOff, Enablement{})
	// ref §5.6, compacted there; the real envelope is pretty-printed.
	compareHooks(t, env, []string{
		`{"capId":"ui","kind":"step","ref":{"skill":"ui-phase"},"when":"workflow.ui_phase","produces":["UI-SPEC.md"],"consumes":["CONTEXT.md"],"onError":"skip"}`,
		`{"capId":"drift","kind":"gate","when":"workflow.plan_drift_precheck","check":{"query":"verify.codebase-drift"},"blocking":false,"onError":"skip"}`,
		`{"capId":"ui","kind":"gate","when":"workflow.ui_safety_gate","check":{"query":"ui.plan-gate"},"blocking":true,"onError":"halt"}`,
	})
	const rendered = "### Step 1: skill:ui-phase (ui)\n- produces: UI-SPEC.md\n- consumes: CONTEXT.md\n- when: `workflow.ui_phase`\n- onError: skip\n\n**Gate** (drift): check={\"query\":\"verify.codebase-drift\"}, blocking=false, onError=skip\n- when: `workflow.plan_drift_precheck`\n\n**Gate** (ui): check={\"query\":\"ui.plan-gate\"}, blocking=true, onError=halt\n- when: `workflow.ui_safety_gate`"
	if env.Rendered != rendered {
		t.Errorf("rendered:\n%q\nwant\n%q", env.Rendered, rendered)
	}
	// The whole envelope: the reference's JSON, pretty-printed with 2
	// spaces, no warnings key, no trailing newline.
	want := ojson.Value{Kind: ojson.Object}
	want.Append("point", ojson.NewString("plan:pre"))
	var hooks []ojson.Value
	for _, h := range []string{
		`{"capId":"ui","kind":"step","ref":{"skill":"ui-phase"},"when":"workflow.ui_phase","produces":["UI-SPEC.md"],"consumes":["CONTEXT.md"],"onError":"skip"}`,
		`{"capId":"drift","kind":"gate","when":"workflow.plan_drift_precheck","check":{"query":"verify.codebase-drift"},"blocking":false,"onError":"skip"}`,
		`{"capId":"ui","kind":"gate","when":"workflow.ui_safety_gate","check":{"query":"ui.plan-gate"},"blocking":true,"onError":"halt"}`,
	} {
		hooks = append(hooks, mustJSON(t, h))
	}
	want.Append("activeHooks", ojson.NewArray(hooks...))
	want.Append("rendered", ojson.NewString(rendered))
	if got, w := string(env.JSON()), string(ojson.Encode(&want, "  ")); got != w {
		t.Errorf("envelope:\n%s\n--- want:\n%s", got, w)
	}

	// Enabling security with an ASVS level adds its contribution, with the
	// level from the config and block_on from the schema default, and no
	// onError key.
	withSec := strings.Replace(gsdPlanPreOff, `"security_enforcement":false`, `"security_enforcement":true,"security_asvs_level":2`, 1)
	env = resolve(t, gsdRegistry(t), "plan:pre", withSec, Enablement{})
	var sec *ojson.Value
	for i := range env.ActiveHooks {
		if env.ActiveHooks[i].Get("kind").Str == "contribution" {
			sec = &env.ActiveHooks[i]
		}
	}
	if sec == nil {
		t.Fatalf("no contribution: %v", ids(env))
	}
	var keys []string
	for _, m := range sec.Members {
		keys = append(keys, m.Key)
	}
	if want := []string{"capId", "kind", "into", "fragment", "when", "consumes", "configValues"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("security contribution keys %v, want %v", keys, want)
	}
	if got := string(ojson.Encode(sec.Get("configValues"), "")); got != `{"security_asvs_level":2,"security_block_on":"high"}` {
		t.Errorf("configValues %s", got)
	}
	if !strings.Contains(env.Rendered, "</threat_model>\n\n- consumes: CONTEXT.md\n- when: `workflow.security_enforcement`\n</contribution>") ||
		!strings.Contains(env.Rendered, "<contribution from=\"security\" into=\"planner\">\n<threat_model>\n") {
		t.Errorf("security contribution markdown:\n%s", env.Rendered)
	}
}

// TestGSDCorePlanPreDefaults: plan:pre with no config activates the hooks the
// keys' defaults turn on, in order, with the fragments of research and
// pattern-mapper inlined.
func TestGSDCorePlanPreDefaults(t *testing.T) {
	env := resolve(t, gsdRegistry(t), "plan:pre", `{}`, Enablement{})
	want := []string{
		"step:ai-integration", "step:research", "step:ui", "step:pattern-mapper",
		"contribution:ai-integration", "contribution:assumption-delta", "contribution:schema-gate", "contribution:security",
		"gate:drift", "gate:ui",
	}
	if got := ids(env); !reflect.DeepEqual(got, want) {
		t.Errorf("plan:pre defaults:\n got  %v\n want %v", got, want)
	}
	// research and pattern-mapper have their fragments inlined; intel,
	// mempalace and tdd are absent (their keys default to false).
	for _, id := range []string{"research", "pattern-mapper"} {
		for i := range env.ActiveHooks {
			h := &env.ActiveHooks[i]
			if h.Get("capId").Str == id && !h.Get("fragment").Get("inline").IsString() {
				t.Errorf("%s step has no inline fragment", id)
			}
		}
	}
	for _, id := range []string{"intel", "mempalace", "tdd"} {
		if env.Active(id) {
			t.Errorf("%s is active", id)
		}
	}
	// Each of the five points the reference lists, and every other point,
	// renders without warnings under the defaults.
	for _, p := range validate.Points {
		if env := resolve(t, gsdRegistry(t), p, `{}`, Enablement{}); len(env.Warnings) > 0 {
			t.Errorf("%s: warnings %q", p, env.Warnings)
		}
	}
}

// ref §5.3: a surface with the ui cluster disabled unsurfaces ui-phase and
// ui-review, so every ui hook disappears; skill-less drift stays.
func TestGSDCoreSurfaceWithoutUI(t *testing.T) {
	reg := gsdRegistry(t)
	en := Enablement{Surface: &Surface{BaseProfile: "full", DisabledClusters: []string{"ui"}}}
	for _, p := range []string{"plan:pre", "execute:wave:post", "verify:post"} {
		env := resolve(t, reg, p, `{}`, en)
		if env.Active("ui") {
			t.Errorf("%s: ui active with its cluster disabled", p)
		}
		if p != "verify:post" && !env.Active("drift") {
			t.Errorf("%s: drift inactive", p)
		}
	}
}
