// Package storetest builds repositories for tests and benchmarks: a synthetic
// repository of any size shaped like a real one (features with steps,
// contributions and gates at every wired point, produces/consumes chains,
// runtimes, tool cards, the five host workflows).
package storetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// wired are the points the synthetic workflows call render-hooks for; like the
// reference repository, execute:pre has no call site.
var wired = []string{
	"discuss:post", "plan:pre", "plan:post", "execute:wave:pre", "execute:wave:post",
	"execute:post", "verify:pre", "verify:post", "ship:pre", "ship:post", "discuss:pre",
}

// roleAt is one agent role of each point's step.
var roleAt = map[string]string{
	"discuss": "orchestrator", "plan": "planner", "execute": "executor", "verify": "orchestrator", "ship": "orchestrator",
}

var workflows = map[string]string{
	"discuss-phase.md": block("discuss", "discuss:pre, discuss:post", "orchestrator", "CONTEXT.md", ""),
	"plan-phase.md":    block("plan", "plan:pre, plan:post", "researcher, planner, checker", "PLAN.md", "CONTEXT.md"),
	"execute-phase.md": block("execute", "execute:pre, execute:wave:pre, execute:wave:post, execute:post", "executor, verifier", "SUMMARY.md", "PLAN.md"),
	"verify-work.md":   block("verify", "verify:pre, verify:post", "orchestrator", "UAT.md", "SUMMARY.md"),
	"ship.md":          block("ship", "ship:pre, ship:post", "orchestrator", "", "UAT.md"),
}

func block(step, points, roles, produces, consumes string) string {
	var calls strings.Builder
	for _, p := range strings.Split(points, ", ") {
		if p != "execute:pre" {
			fmt.Fprintf(&calls, "gsd_run loop render-hooks %s --raw\n", p)
		}
	}
	return fmt.Sprintf("<!-- gsd:loop-host\nstep: %s\npoints: %s\nagent-roles: %s\nproduces: %s\nconsumes: %s\n-->\n\n# %s\n\n```bash\n%s```\n",
		step, points, roles, produces, consumes, step, calls.String())
}

// WriteRepo writes a valid repository with n capabilities (about one in
// twenty a runtime, the rest features) and n/10 tool cards into dir.
func WriteRepo(dir string, n int) error {
	for name, text := range workflows {
		if err := write(filepath.Join(dir, "workflows", name), text); err != nil {
			return err
		}
	}
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("cap-%05d", i)
		var body string
		if i%20 == 19 {
			body = runtime(id)
		} else {
			body = feature(id, i)
		}
		if err := write(filepath.Join(dir, "capabilities", id, "capability.json"), body); err != nil {
			return err
		}
		if i%20 == 3 {
			if err := write(filepath.Join(dir, "capabilities", id, "loop", "prompt.md"), "Do the work of "+id+" for phase {{phase}}.\n"); err != nil {
				return err
			}
		}
	}
	for i := 0; i < max(1, n/10); i++ {
		tool := filepath.Join(dir, "bin", fmt.Sprintf("tool-%05d", i))
		if err := write(tool, "#!/bin/sh\n"); err != nil {
			return err
		}
		if err := write(tool+".card.json", card(i)); err != nil {
			return err
		}
	}
	return nil
}

func write(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// feature declares one step, and every few capabilities a contribution and a
// gate, at a wired point. Each step produces its own artifact and consumes a
// host artifact or the artifact of a capability eleven before it (same
// point), which gives the ordering real edges to sort.
func feature(id string, i int) string {
	point := wired[i%len(wired)]
	step := strings.SplitN(point, ":", 2)[0]
	consumes := `"CONTEXT.md"`
	if point == "discuss:pre" || point == "discuss:post" {
		consumes = ``
	}
	if i >= len(wired) && i%3 == 0 && (i-len(wired))%20 != 19 {
		consumes = fmt.Sprintf(`"ART-%05d.md"`, i-len(wired))
	}
	fragment := ""
	if i%20 == 3 {
		fragment = `, "fragment": { "path": "loop/prompt.md" }`
	}
	var contributions, gates string
	if i%4 == 0 {
		contributions = fmt.Sprintf(`{ "point": %q, "into": %q, "fragment": { "inline": "Consider %s <when> relevant & safe." }, "produces": [], "consumes": [], "when": "%s.enabled" }`,
			point, roleAt[step], id, id)
	}
	if i%5 == 0 {
		gates = fmt.Sprintf(`{ "point": %q, "check": { "query": "%s.gate" }, "when": "%s.enabled", "blocking": %t, "onError": "skip" }`, point, id, id, i%10 == 0)
	}
	tier := []string{"core", "standard", "full"}[i%3]
	requires := ""
	if i%7 == 0 && i > 0 && tier == "full" {
		requires = fmt.Sprintf(`"cap-%05d"`, i-1) // any tier ≤ full
	}
	return fmt.Sprintf(`{
  "id": %q,
  "role": "feature",
  "title": "Capability %s",
  "description": "Synthetic feature number %d.",
  "version": "1.0.0",
  "engines": { "gsd": ">=1.6.0" },
  "tier": %q,
  "requires": [%s],
  "runtimeCompat": { "supported": ["*"], "unsupported": [] },
  "skills": ["%s-skill"],
  "agents": ["gsd-%s-agent"],
  "hooks": [],
  "config": {
    "%s.enabled": { "type": "boolean", "default": true, "description": "Enable %s." },
    "%s.level": { "type": "enum", "values": ["low", "high"], "default": "low", "description": "How hard %s tries." }
  },
  "steps": [
    { "point": %q, "ref": { "skill": "%s-skill" }, "produces": ["ART-%05d.md"], "consumes": [%s], "when": "%s.enabled", "onError": "skip"%s }
  ],
  "contributions": [%s],
  "gates": [%s]
}
`, id, id, i, tier, requires, id, id, id, id, id, id, point, id, i, consumes, id, fragment, contributions, gates)
}

func runtime(id string) string {
	return fmt.Sprintf(`{
  "id": %q,
  "role": "runtime",
  "title": "Runtime %s",
  "description": "Synthetic runtime.",
  "version": "1.0.0",
  "tier": "core",
  "requires": [],
  "runtime": {
    "configHome": { "kind": "dot-home", "name": ".%s", "env": [] },
    "localConfigDir": ".%s",
    "configFormat": "settings-json",
    "artifactLayout": { "global": [], "local": [] },
    "commandStyle": "slash-hyphen",
    "hooksSurface": "none",
    "sandboxTier": "none",
    "supportTier": 2,
    "installSurface": "settings-json",
    "writesSharedSettings": false,
    "permissionWriter": null,
    "extendedHookEvents": [],
    "hostIntegration": {
      "embeddingMode": "imperative", "commandSurface": "slash-file", "modelMode": "active", "hookBus": "host",
      "stateIO": "filesystem", "transport": "native-extension", "runtime": "node",
      "dispatch": { "namedDispatch": true, "nested": false, "background": false, "backgroundDispatch": false, "subagentToolkit": "full", "maxDepth": 1 }
    }
  }
}
`, id, id, id, id)
}

func card(i int) string {
	verbs := []string{"deploy", "rollback", "inspect", "rotate", "backup", "restore", "lint", "format", "benchmark", "profile"}
	nouns := []string{"service", "database", "certificate", "cache", "cluster", "bucket", "queue", "index", "secret", "image"}
	v, n := verbs[i%len(verbs)], nouns[(i/len(verbs))%len(nouns)]
	risk := "reversible"
	if v == "rollback" || v == "restore" || v == "rotate" {
		risk = "destructive"
	}
	return fmt.Sprintf(`{
  "id": "tool-%05d",
  "command": "bin/tool-%05d <%s>",
  "summary": "%s a %s (tool %d).",
  "intent_phrases": ["%s the %s", "I need to %s a %s quickly", "%s %s number %d"],
  "effects": "Calls the %s API to %s it.",
  "risk": %q,
  "example": "bin/tool-%05d prod-%s-1"
}
`, i, i, n, strings.ToUpper(v[:1])+v[1:], n, i, v, n, v, n, v, n, i, n, v, risk, i, n)
}
