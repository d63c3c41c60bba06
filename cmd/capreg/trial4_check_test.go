package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// trial4Repo copies testdata/first into a temporary folder and replaces
// old by new in the file at rel, failing when old is not there.
func trial4Repo(t *testing.T, rel, old, new string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "first"))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s holds no %q", rel, old)
	}
	if err := os.WriteFile(path, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCheckSaysWhatToWriteForAMissingField: a new author who leaves out a
// required field with few choices is told what to write, as capreg check
// prints it: a gate's onError ("skip" or "halt", required by gsd-core's
// validator though a step's defaults to skip), its blocking, a step's
// produces ([] for none), a capability's tier, a card's risk and, from the
// card schema's descriptions, its effects. Before, each said only
// "missing required field 'onError'", and the author went to the
// reference to learn what onError takes.
func TestCheckSaysWhatToWriteForAMissingField(t *testing.T) {
	const capFile = "capabilities/hello/capability.json"
	const cardFile = "bin/greet.card.json"
	for _, c := range []struct {
		name, file, old, new string
		want                 string
	}{
		{"a gate without onError", capFile, `"gates": []`,
			`"gates": [{ "point": "plan:pre", "check": { "query": "hello.ready" }, "blocking": false }]`,
			capFile + `:18:13: error [schema] /gates/0: missing required field 'onError'; add "onError": "skip" or "halt"`},
		{"a gate without blocking nor onError", capFile, `"gates": []`,
			`"gates": [{ "point": "plan:pre", "check": { "query": "hello.ready" } }]`,
			capFile + `:18:13: error [schema] /gates/0: missing required fields 'blocking', 'onError'; add "blocking": true or false; add "onError": "skip" or "halt"`},
		{"a step without produces", capFile, `"produces": [], `, ``,
			capFile + `:15:5: error [schema] /steps/0: missing required field 'produces'; add "produces": [...] ([] for none)`},
		{"a capability without tier", capFile, `"tier": "core",`, ``,
			capFile + `:1:1: error [schema] missing required field 'tier'; add "tier": one of "core", "standard", "full"`},
		{"a card without risk", cardFile, `"risk": "reversible",`, ``,
			cardFile + `:1:1: error [schema] missing required field 'risk'; add "risk": "reversible" or "destructive"`},
		{"a card without effects", cardFile, `"effects": "Prints one line; changes nothing.",`, ``,
			cardFile + `:1:1: error [schema] missing required field 'effects'; add "effects": "...", what it does to the system: state changed, files written, processes started`},
		// A misspelt field is still told as the misspelling, with no add.
		{"a misspelt onError", capFile, `"gates": []`,
			`"gates": [{ "point": "plan:pre", "check": { "query": "hello.ready" }, "blocking": false, "onErorr": "skip" }]`,
			capFile + `:18:92: error [schema] /gates/0/onErorr: missing required field 'onError'; the field 'onErorr' is there: did you mean 'onError'?`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := trial4Repo(t, c.file, c.old, c.new)
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
				t.Errorf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
			}
			var got []string
			for line := range strings.Lines(stdout.String()) {
				if strings.Contains(line, "[schema]") {
					got = append(got, strings.TrimSuffix(line, "\n"))
				}
			}
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("schema findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), c.want)
			}
		})
	}
}

// TestCheckSaysWhatACommandsEntryIs: a command family written as its name
// alone, "commands": ["rollout"], as trial4 wrote it reading the field's
// name, is told the object an entry is and what each member holds, where
// "expected object, but got string" was all it said.
func TestCheckSaysWhatACommandsEntryIs(t *testing.T) {
	const capFile = "capabilities/hello/capability.json"
	dir := trial4Repo(t, capFile, `"skills": ["greet"],`, `"skills": ["greet"], "commands": ["hello"],`)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	want := capFile + `:9:37: error [schema] /commands/0: expected object, but got string: a commands entry is an object, {"family": …, "module": …, "router": …} (the family's name, the .cjs file that routes it, as "audit.cjs", and its exported router function, as "routeAudit"; "subcommands": […] optional)` + "\n"
	if stdout.String() != want {
		t.Errorf("findings:\n%swant:\n%s", stdout.String(), want)
	}
}

// TestCheckNotesAMisspeltCapabilitiesFolder: with capreg.json naming a
// capabilities folder that does not exist ("capabilites"), the notes on
// the declarations left unread name that slip and the folder holding
// them, where each told trial4 to move its declaration into the missing
// folder. A folder that exists keeps the move-it-there note.
func TestCheckNotesAMisspeltCapabilitiesFolder(t *testing.T) {
	for _, c := range []struct {
		name, configured string
		want, notWant    string
	}{
		{"a slip", "capabilites",
			`capreg: caps/hello/capability.json not read: capreg.json's "capabilities" names capabilites, which cannot be read; if caps holds the capability folders, name it there`,
			"move it there"},
		{"an existing folder", "workflows",
			"capreg: caps/hello/capability.json not read: declarations are read as workflows/<id>/capability.json only; move it there if it declares a capability",
			"which cannot be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := trial4Repo(t, "capabilities/hello/capability.json", `"id": "hello"`, `"id": "hello"`)
			if err := os.Rename(filepath.Join(dir, "capabilities"), filepath.Join(dir, "caps")); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "capreg.json"), []byte(`{"capabilities": "`+c.configured+`"}`), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr)
			if !strings.Contains(stderr.String(), c.want+"\n") || strings.Contains(stderr.String(), c.notWant) {
				t.Errorf("stderr:\n%swant a line %q and no %q", stderr.String(), c.want, c.notWant)
			}
		})
	}
}

// TestCheckSaysWhichRolesAStepTakes: a verifier listed in the verify
// step's workflow, as its name invites, is told the roles the step takes
// and the step a verifier runs in, where the finding named only the
// families ("admits only orchestration roles").
func TestCheckSaysWhichRolesAStepTakes(t *testing.T) {
	dir := trial4Repo(t, "workflows/verify.md", "agent-roles: orchestrator", "agent-roles: orchestrator, verifier")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	want := `workflows/verify.md:4:28: error [role-family] declared agent-role "verifier" belongs to the execution family, but step "verify" admits only orchestration roles (orchestrator); remove it from this step's roles: execution roles run in step "execute"` + "\n"
	if stdout.String() != want {
		t.Errorf("findings:\n%swant:\n%s", stdout.String(), want)
	}
}

// TestCheckWarnsOfAnExampleValueInBrackets: a replaces pattern writing an
// example value as a usage line's optional part, "[s3://bucket]",
// "[user@host]", "[dump.sql]", reads as a class of one character, as
// "[remote]" does, and matches no line a person types; card-replaces-shape
// now says so of these too, where trial4's "aws s3 rm --recursive
// [s3://bucket]" passed check in silence and matched only "... s".
func TestCheckWarnsOfAnExampleValueInBrackets(t *testing.T) {
	for _, part := range []string{"[s3://bucket]", "[user@host]", "[dump.sql]"} {
		t.Run(part, func(t *testing.T) {
			dir := trial4Repo(t, "bin/greet.card.json", `"replaces": ["echo hello *"]`, `"replaces": ["echo hello *", "echo hi `+part+`"]`)
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 0 {
				t.Errorf("exit %d, want 0\n%s%s", code, stdout.String(), stderr.String())
			}
			want := `bin/greet.card.json:6:32: warning [card-replaces-shape] /replaces/1: this pattern cannot do what it says: "` + part +
				`" is written as a usage line's optional part, but reads as a character class, a word of one of its letters, so the pattern matches no line a person types`
			if !strings.HasPrefix(stdout.String(), want) {
				t.Errorf("findings:\n%swant a line starting:\n%s", stdout.String(), want)
			}
		})
	}
	// A class of letters stays one ("ls [abc]" matches "ls a").
	dir := trial4Repo(t, "bin/greet.card.json", `"replaces": ["echo hello *"]`, `"replaces": ["echo hello *", "echo [abc]"]`)
	var stdout, stderr bytes.Buffer
	run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr)
	if strings.Contains(stdout.String(), "card-replaces-shape") {
		t.Errorf("a class of letters warned of:\n%s", stdout.String())
	}
}
