package validate

import (
	"errors"
	"fmt"
	"slices"

	"github.com/capreg/capreg/validate/ojson"
)

func isErr(err, target error) bool { return err != nil && errors.Is(err, target) }

// hooksSurfaceByInstall is gate A of ref §2.12: the hook surfaces each install
// surface can carry.
var hooksSurfaceByInstall = map[string][]string{
	"settings-json":        {"settings-json", "none"},
	"codex-toml":           {"codex-hooks-json"},
	"copilot-instructions": {"copilot-inline"},
	"cline-rules":          {"cline-rules"},
	"cursor-hooks-json":    {"cursor-hooks-json"},
	"profile-marker-only":  {"none", "kimi-hooks-toml", "windsurf-hooks-json"},
	"none":                 {"none"},
}

// configFormatByInstall is the parity gate of ref §2.12.
var configFormatByInstall = map[string]string{
	"settings-json":        "settings-json",
	"codex-toml":           "toml",
	"copilot-instructions": "markdown",
	"cline-rules":          "markdown-dir",
	"cursor-hooks-json":    "none",
	"profile-marker-only":  "none",
	"none":                 "none",
}

// Gate B: extended hook events and the hookEvents family they need.
var (
	geminiEvents = []string{"BeforeAgent", "AfterAgent", "BeforeModel"}
	claudeEvents = []string{"SubagentStop", "Stop", "PreCompact", "FileChanged", "SubagentStart"}
)

// checkRuntime runs the cross-field gates of a runtime body; the closed
// vocabularies themselves are in the schema.
func checkRuntime(d *doc, rt *ojson.Value, s *sink) {
	if rt == nil || rt.Kind != ojson.Object {
		return
	}
	hi := rt.Get("hostIntegration")
	checkReservedKeys(d, "/runtime/hostIntegration", hi, s)
	checkReservedKeys(d, "/runtime/hostIntegration/dispatch", hi.Get("dispatch"), s)
	install := rt.Get("installSurface")
	if !install.IsString() {
		return
	}
	allowed, known := hooksSurfaceByInstall[install.Str]
	if !known {
		return // the schema reports the unknown value
	}
	if hs := rt.Get("hooksSurface"); hs.IsString() && !slices.Contains(allowed, hs.Str) {
		s.at(d, "/runtime/hooksSurface", "runtime-hooks-surface",
			"hooksSurface %q is not allowed with installSurface %q (allowed: %s)", hs.Str, install.Str, quoteList(allowed))
	}
	if cf := rt.Get("configFormat"); cf.IsString() && cf.Str != configFormatByInstall[install.Str] {
		s.at(d, "/runtime/configFormat", "runtime-parity",
			"configFormat parity gate: installSurface %q requires configFormat %q, not %q", install.Str, configFormatByInstall[install.Str], cf.Str)
	}
	hookEvents := rt.Get("hookEvents").StringOr("")
	for i, ev := range rt.Get("extendedHookEvents").StringItems() {
		var need string
		switch {
		case slices.Contains(geminiEvents, ev):
			need = "gemini"
		case slices.Contains(claudeEvents, ev):
			need = "claude"
		default:
			continue
		}
		if hookEvents != need {
			s.at(d, fmt.Sprintf("/runtime/extendedHookEvents/%d", i), "runtime-hook-events",
				"extended hook event %q needs \"hookEvents\": %q", ev, need)
		}
	}
}

var (
	spawnOnly = []string{"binary", "args", "promptChannel", "outputChannel", "outputArg", "modelArg"}
	httpOnly  = []string{"hostConfigKey", "defaultHost", "path", "modelDiscovery", "fallbackModel"}
)

// checkReviewer warns on unknown reviewer fields (ref §2.13: a newer manifest
// should still explain itself) and checks that invoke matches the transport.
func checkReviewer(d *doc, rv *ojson.Value, s *sink) {
	if rv.Kind != ojson.Object {
		return // the schema reports it
	}
	for _, m := range rv.Members {
		if !slices.Contains(knownReviewerFields, m.Key) {
			s.warnAt(d, "/reviewer/"+ojson.EscapePointer(m.Key), "reviewer-unknown-field",
				"unknown reviewer field %q (known: %s); it is ignored", m.Key, quoteList(knownReviewerFields))
		}
	}
	inv := rv.Get("invoke")
	if inv == nil || inv.Kind != ojson.Object {
		return
	}
	var spawn, http []string
	for _, m := range inv.Members {
		if slices.Contains(spawnOnly, m.Key) {
			spawn = append(spawn, m.Key)
		}
		if slices.Contains(httpOnly, m.Key) {
			http = append(http, m.Key)
		}
	}
	transport := rv.Get("transport").StringOr("")
	switch {
	case len(spawn) > 0 && len(http) > 0:
		s.at(d, "/reviewer/invoke", "reviewer-invoke", "invoke mixes spawn fields %s with http fields %s", quoteList(spawn), quoteList(http))
	case transport == "spawn" && len(http) > 0:
		s.at(d, "/reviewer/invoke", "reviewer-invoke", "transport spawn cannot take http invoke fields %s", quoteList(http))
	case transport == "openai-http" && len(spawn) > 0:
		s.at(d, "/reviewer/invoke", "reviewer-invoke", "transport openai-http cannot take spawn invoke fields %s", quoteList(spawn))
	}
	if transport == "openai-http" {
		if ec := inv.Get("effortChannel"); ec != nil && !(ec.IsString() && ec.Str == "none") {
			s.at(d, "/reviewer/invoke/effortChannel", "reviewer-invoke", "an openai-http invoke must have effortChannel \"none\"")
		}
	}
}

// checkReservedKeys rejects the keys gsd-core rejects inside hostIntegration
// and dispatch (ref §2.12): read into a JavaScript object, __proto__,
// constructor or prototype would reach its prototype instead.
func checkReservedKeys(d *doc, ptr string, obj *ojson.Value, s *sink) {
	if obj == nil || obj.Kind != ojson.Object {
		return
	}
	for _, m := range obj.Members {
		if slices.Contains(reservedNames, m.Key) {
			s.at(d, ptr+"/"+ojson.EscapePointer(m.Key), "reserved-name", "%q is a reserved name; it may not be a key here", m.Key)
		}
	}
}
