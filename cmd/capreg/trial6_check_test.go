package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckSaysRolesAreSeparatedByCommas: a host workflow listing its
// roles with spaces between them ("agent-roles: planner checker", or a
// tag's name="planner checker") publishes one role, "planner checker",
// as gsd-core splits on commas only. capreg check said it was not in the
// vocabulary, with no hint, and told a contribution into "planner" to add
// "planner" to the roles of the workflow that lists it; now the marker's
// finding says to separate the roles with commas, and is the only one.
func TestCheckSaysRolesAreSeparatedByCommas(t *testing.T) {
	for _, c := range []struct{ name, roles, want string }{
		{"spaces", "planner checker", `workflows/plan.md:4:19: error [role-family] declared agent-role "planner checker" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier); roles are separated by commas: "planner, checker"`},
		{"a semicolon", "planner; checker", `workflows/plan.md:4:19: error [role-family] declared agent-role "planner; checker" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier); roles are separated by commas: "planner, checker"`},
		// One role and a separator: a slip of the role, not roles joined.
		{"one role and a semicolon", "planner;", `workflows/plan.md:4:19: error [role-family] declared agent-role "planner;" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier); did you mean "planner"?`},
		// Not every word a role: no hint, and the contribution told, as before.
		{"a word no role", "planner helper", `capabilities/hello/capability.json:17:44: error [into-not-in-roles] /contributions/0/into: capability "hello" contribution.into "planner" at point "plan:pre" is not in the step's agentRoles ["planner helper"]; into names one of them, or, if the step runs a planner, add "planner" to the roles of workflows/plan.md, the host workflow of step "plan", whose family admits it
workflows/plan.md:4:19: error [role-family] declared agent-role "planner helper" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := trial4Repo(t, "workflows/plan.md", `<agent-role name="planner"/>`, `<agent-role name="`+c.roles+`"/>`)
			capFile := filepath.Join(dir, "capabilities", "hello", "capability.json")
			data, err := os.ReadFile(capFile)
			if err != nil {
				t.Fatal(err)
			}
			data = bytes.Replace(data, []byte(`"contributions": []`),
				[]byte(`"contributions": [{ "point": "plan:pre", "into": "planner", "fragment": { "inline": "Greet first." }, "produces": [], "consumes": [] }]`), 1)
			if err := os.WriteFile(capFile, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
				t.Errorf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
			}
			got := strings.TrimSuffix(stdout.String(), "\n")
			if got != c.want {
				t.Errorf("check printed\n%s\nwant only\n%s", got, c.want)
			}
		})
	}
}

// TestToolsShowSaysTheCardsFindings: capreg tools show of a card whose
// tool was renamed (bin/greet moved to bin/hello, the card left as it
// was) printed the card and its "path", bin/greet, and nothing else, so
// an agent ran a command that was not there; it now says on stderr what
// check says of the card's file, and only of it, as check prints it.
func TestToolsShowSaysTheCardsFindings(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "first"))); err != nil {
		t.Fatal(err)
	}
	show := func() (string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{"tools", "show", "greet", "--repo", dir}, &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d, want 0\n%s%s", code, stdout.String(), stderr.String())
		}
		if !strings.Contains(stdout.String(), `"id": "greet"`) {
			t.Errorf("stdout is not the card:\n%s", stdout.String())
		}
		return stdout.String(), stderr.String()
	}
	if _, stderr := show(); stderr != "" {
		t.Errorf("a card with no finding: stderr %q, want none", stderr)
	}
	if err := os.Rename(filepath.Join(dir, "bin", "greet"), filepath.Join(dir, "bin", "hello")); err != nil {
		t.Fatal(err)
	}
	_, stderr := show()
	const want = `bin/greet.card.json:1:1: warning [card-orphan] no tool "bin/greet" beside this card`
	if !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr:\n%s\nwant one line starting %q", stderr, want)
	}
}

// TestCheckWarnsOfAWhenAlwaysTrue: a when naming an enum key whose values
// are all non-empty strings ("when": "workflow.hello_style", values
// "short" and "long", read as "greet when the style is set") is always
// true, in gsd-core as in capreg's render, and check said nothing; it is
// now a warning at the when, and render shows the hook active whatever
// the config gives.
func TestCheckWarnsOfAWhenAlwaysTrue(t *testing.T) {
	dir := trial4Repo(t, "capabilities/hello/capability.json",
		`"workflow.hello": { "type": "boolean", "default": true, "description": "Greet before planning." }`,
		`"workflow.hello": { "type": "boolean", "default": true, "description": "Greet before planning." },
    "workflow.hello_style": { "type": "enum", "values": ["short", "long"], "default": "short", "description": "How long a greeting." }`)
	capFile := filepath.Join(dir, "capabilities", "hello", "capability.json")
	data, err := os.ReadFile(capFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(capFile, bytes.Replace(data, []byte(`"when": "workflow.hello"`), []byte(`"when": "workflow.hello_style"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0\n%s%s", code, stdout.String(), stderr.String())
	}
	const want = `capabilities/hello/capability.json:16:101: warning [when-always-true] /steps/0/when: step.when "workflow.hello_style" names an enum key whose values, ["short", "long"], are all non-empty strings, so it is always true and the step is never turned off by it: when tests one key's truthiness and compares nothing; declare a boolean key for the condition meant, and name it in when` + "\n"
	if stdout.String() != want {
		t.Errorf("check printed\n%s\nwant\n%s", stdout.String(), want)
	}
	// What the warning says: a config giving the other value, or one
	// not among the values, leaves the step active.
	cfg := filepath.Join(dir, "cfg.json")
	if err := os.WriteFile(cfg, []byte(`{"workflow": {"hello_style": ""}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"render", "plan:pre", "--repo", dir, "--config", cfg, "--active-cap", "hello"}, &stdout, &stderr); code != 0 || stdout.String() != "true\n" {
		t.Errorf("render --active-cap hello: exit %d, %q, want true\n%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), `expects one of "short", "long"`) {
		t.Errorf("render's stderr does not say the value was ignored:\n%s", stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"check", "--repo", dir, "--strict"}, &stdout, &stderr); code != 1 {
		t.Errorf("check --strict: exit %d, want 1", code)
	}
}

// TestCheckNamesTheRenamedTool: a tool renamed with its card (bin/greet
// and bin/greet.card.json to bin/hello and bin/hello.card.json), the
// card's command left naming bin/greet, was told that no bin/greet is
// there and nothing else, as hello is no typo of greet; it now names the
// card's own tool, beside it, as the path to write.
func TestCheckNamesTheRenamedTool(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "first"))); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"greet", "greet.card.json"} {
		if err := os.Rename(filepath.Join(dir, "bin", name), filepath.Join(dir, "bin", strings.Replace(name, "greet", "hello", 1))); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0\n%s%s", code, stdout.String(), stderr.String())
	}
	const want = `bin/hello.card.json:3:14: warning [card-command-missing] /command: the command runs "bin/greet", a path from the repository's root, and no file bin/greet is there (a bare word, as kubectl, is a program on PATH and not looked for); the card describes "bin/hello", beside it: if the tool was renamed from greet, write "bin/hello" in the command` + "\n"
	if stdout.String() != want {
		t.Errorf("check printed\n%s\nwant\n%s", stdout.String(), want)
	}
}

// TestCheckNamesNoRenameForAnotherFolder: a card whose command runs a
// missing file of another folder than its tool's is not told its tool may
// have been renamed from it: the hint is for a command left beside it.
func TestCheckNamesNoRenameForAnotherFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "first"))); err != nil {
		t.Fatal(err)
	}
	card := filepath.Join(dir, "bin", "greet.card.json")
	data, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(card, bytes.Replace(data, []byte(`"command": "bin/greet"`), []byte(`"command": "scripts/welcome"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0\n%s%s", code, stdout.String(), stderr.String())
	}
	const want = `bin/greet.card.json:3:14: warning [card-command-missing] /command: the command runs "scripts/welcome", a path from the repository's root, and no file scripts/welcome is there (a bare word, as kubectl, is a program on PATH and not looked for)` + "\n"
	if stdout.String() != want {
		t.Errorf("check printed\n%s\nwant\n%s", stdout.String(), want)
	}
}

// TestCheckNamesEachMisspeltFieldOfCapregJSON: a capreg.json with two
// slips ({"configschema": …, "workflow": […]}) was told only "unknown
// fields 'configschema', 'workflow' are not allowed here", while one of
// them alone is told the field meant; each is now named.
func TestCheckNamesEachMisspeltFieldOfCapregJSON(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "first"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "capreg.json"), []byte(`{ "configschema": "", "workflow": ["workflows"], "zeta": 1 }`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	const want = `capreg.json:1:1: error [config-file] unknown fields 'configschema', 'workflow', 'zeta' are not allowed here; did you mean 'configSchema' for 'configschema', 'workflows' for 'workflow'?` + "\n"
	if stdout.String() != want {
		t.Errorf("check printed\n%s\nwant\n%s", stdout.String(), want)
	}
}

// TestCheckNamesOneMisspeltFieldAmongUnknownOnes: of several unknown
// fields of capreg.json, the one slip of a field is told the field meant.
func TestCheckNamesOneMisspeltFieldAmongUnknownOnes(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "first"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "capreg.json"), []byte(`{ "configschema": "", "zeta": 1 }`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	const want = `capreg.json:1:1: error [config-file] unknown fields 'configschema', 'zeta' are not allowed here; did you mean 'configSchema' for 'configschema'?` + "\n"
	if stdout.String() != want {
		t.Errorf("check printed\n%s\nwant\n%s", stdout.String(), want)
	}
}

// TestRenderNotesThePlanningConfigItDoesNotRead: run from a project
// holding gsd-core's .planning/config.json, which gsd_run loop
// render-hooks reads from its working directory, capreg render and state
// with no --config rendered every default and said nothing; they now say
// on stderr that the file is not read and how to use it, and still
// answer (exit 0, the same stdout), and say nothing once --config is given.
func TestRenderNotesThePlanningConfigItDoesNotRead(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", "..", "testdata", "first"))
	if err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, ".planning"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".planning", "config.json"), []byte(`{"workflow": {"hello": false}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	const note = "capreg: note: .planning/config.json is not read (gsd-core's render-hooks reads it from the working directory); capreg %s uses every key's default: give --config .planning/config.json to use it\n"
	for _, c := range []struct {
		args []string
		note string
	}{
		{[]string{"render", "plan:pre", "--active-cap", "hello"}, fmt.Sprintf(note, "render")},
		{[]string{"state", "hello", "--format", "text"}, fmt.Sprintf(note, "state")},
		{[]string{"render", "plan:pre", "--active-cap", "hello", "--config", ".planning/config.json"}, ""},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), append(c.args, "--repo", repo), &stdout, &stderr); code != 0 {
			t.Errorf("%v: exit %d, want 0\n%s", c.args, code, stderr.String())
		}
		if stderr.String() != c.note {
			t.Errorf("%v: stderr %q, want %q", c.args, stderr.String(), c.note)
		}
		if c.args[0] == "render" {
			want := "true\n"
			if c.note == "" {
				want = "false\n" // the config read turns hello off
			}
			if stdout.String() != want {
				t.Errorf("%v: stdout %q, want %q", c.args, stdout.String(), want)
			}
		}
	}
}

// TestRenderNotesNoPlanningConfigThatIsNoFile: a .planning/config.json
// that is a folder is no project config: render says nothing of it.
func TestRenderNotesNoPlanningConfigThatIsNoFile(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", "..", "testdata", "first"))
	if err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, ".planning", "config.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"render", "plan:pre", "--active-cap", "hello", "--repo", repo}, &stdout, &stderr); code != 0 || stdout.String() != "true\n" {
		t.Errorf("exit %d, stdout %q, want 0, true\n%s", code, stdout.String(), stderr.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr %q, want nothing", stderr.String())
	}
	// Nor of one that is not there.
	t.Chdir(t.TempDir())
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"render", "plan:pre", "--active-cap", "hello", "--repo", repo}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Errorf("no .planning: exit %d, stderr %q, want 0 and nothing", code, stderr.String())
	}
}

// TestCheckSaysWhatToWriteForAMissingFragment: a contribution without its
// fragment (the author wrote "text": …) was told "missing required field
// 'fragment'" and nothing of its two forms, which the ADR's one-line
// examples do not show; it now says what to add, as a gate without its
// onError is told "skip" or "halt".
func TestCheckSaysWhatToWriteForAMissingFragment(t *testing.T) {
	dir := trial4Repo(t, "capabilities/hello/capability.json", `"contributions": []`,
		`"contributions": [{ "point": "plan:pre", "into": "planner", "text": "Greet first.", "produces": [], "consumes": [] }]`)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	const want = `capabilities/hello/capability.json:17:21: error [schema] /contributions/0: missing required field 'fragment'; add "fragment": {"path": "..."} or {"inline": "..."}` + "\n"
	if stdout.String() != want {
		t.Errorf("check printed\n%s\nwant\n%s", stdout.String(), want)
	}
}

// TestToolsSearchMarksACardCheckWarnsOf: capreg tools search ranked a
// card whose tool was renamed away (card-orphan) first for its words,
// with nothing to tell it from a card whose command runs; its text now
// names the rules check warns of on that card, and a card with none gets
// no such line. The JSON, the API's, is unchanged.
func TestToolsSearchMarksACardCheckWarnsOf(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "first"))); err != nil {
		t.Fatal(err)
	}
	search := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), append([]string{"tools", "search", "greet a new contributor", "--repo", dir}, args...), &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d, want 0\n%s%s", code, stdout.String(), stderr.String())
		}
		return stdout.String()
	}
	const line = "    check warns of this card: card-orphan (capreg tools show greet says what)\n"
	if out := search(); strings.Contains(out, "check warns") {
		t.Errorf("a card with no finding is marked:\n%s", out)
	}
	if err := os.Rename(filepath.Join(dir, "bin", "greet"), filepath.Join(dir, "bin", "hello")); err != nil {
		t.Fatal(err)
	}
	if out := search(); !strings.Contains(out, "    $ bin/greet\n"+line) {
		t.Errorf("tools search printed\n%s\nwant the line\n%safter the command", out, line)
	}
	if out := search("--format", "json"); strings.Contains(out, "card-orphan") {
		t.Errorf("the JSON names the rule:\n%s", out)
	}
	// Each rule warned of is named, once.
	card := filepath.Join(dir, "bin", "greet.card.json")
	data, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(card, bytes.Replace(data, []byte(`"id": "greet",`), []byte(`"id": "greet", "colour": 1, "flavour": 2,`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, want := search(), "    check warns of this card: card-orphan, card-unknown-field (capreg tools show greet says what)\n"; !strings.Contains(out, want) {
		t.Errorf("tools search printed\n%s\nwant the line\n%s", out, want)
	}
	// An id holding a bidirectional override is printed escaped there too.
	if err := os.WriteFile(card, bytes.Replace(data, []byte(`"id": "greet",`), []byte(`"id": "greet\u202ex",`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, want := search(), "(capreg tools show greet\\u202ex says what)\n"; !strings.Contains(out, want) || strings.ContainsRune(out, '\u202e') {
		t.Errorf("tools search printed\n%q\nwant the id escaped: %q", out, want)
	}
}
