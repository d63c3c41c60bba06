package validate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUnknownRoleOfAStepIsNotEchoedByContributions: a host workflow
// whose agent-roles misspell a role ("plannr", "plannér") is told so at
// its marker (role-family), once. The contributions into that role at
// the step's points, in capabilities the change did not touch, are not
// also into-not-in-roles: security's correct "into": "planner" was told
// `did you mean "plannr"?`, the marker's typo, sending its reader to
// break a healthy file. A role of the vocabulary left out of the marker
// is still into-not-in-roles. The role-family finding names the role
// meant, which the echo's "did you mean" used to be the only hint of.
func TestUnknownRoleOfAStepIsNotEchoedByContributions(t *testing.T) {
	// What a role-family finding with no hint ends with: the vocabulary.
	const noHint = "(orchestrator, researcher, planner, checker, executor, verifier)"
	for _, tt := range []struct {
		roles string
		rules []string // the rules of the findings, in order
		hint  string   // what the role-family finding ends with
	}{
		{"researcher, plannr, checker", []string{"role-family"}, `; did you mean "planner"?`},
		{"researcher, checker, plannér", []string{"role-family"}, `; did you mean "planner"?`}, // a letter off, not ASCII
		// Two letters off, not ASCII, as "planr" is two off: no hint, but
		// a role that may mean planner all the same (its four bytes were
		// four edits, and security's into echoed the marker's typo).
		{"researcher, checker, plännér", []string{"role-family"}, noHint},
		{"researcher, Planner, checker", []string{"role-family"}, `; did you mean "planner"?`},
		{"researcher, checker", []string{"into-not-in-roles"}, ""},
		// A typo of another role: the into planner is missing all the same.
		{"researcher, checker, verifyer", []string{"into-not-in-roles", "role-family"}, `; did you mean "verifier"?`},
	} {
		t.Run(tt.roles, func(t *testing.T) {
			src := editedWorkflows(t, [3]string{"plan-phase.md", "agent-roles: researcher, planner, checker", "agent-roles: " + tt.roles})
			var got []string
			for _, d := range findingsOf(src) {
				got = append(got, d.Rule)
				if d.Rule == "role-family" && !strings.HasSuffix(d.Message, tt.hint) {
					t.Errorf("%s:%d [%s] %s: want it to end %s", d.File, d.Line, d.Rule, d.Message, tt.hint)
				}
				if d.Rule == "into-not-in-roles" && strings.Contains(d.Message, "did you mean") {
					t.Errorf("%s:%d [%s] %s: names the marker's typo", d.File, d.Line, d.Rule, d.Message)
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.rules, " ") {
				t.Errorf("findings %v, want %v", got, tt.rules)
			}
		})
	}
}

// TestUnreadCapabilityFolderIsNotEchoed: a capability folder the scan
// could not read (a link out of the repository, a dangling one, one
// without permission) is an error at that folder, and the healthy
// capabilities that require it, or consume what it produces, are not
// also told that it "does not exist" or that the artifact is "never
// produced": untrue, and annotated on files the change did not touch,
// as for a folder whose capability.json does not parse.
func TestUnreadCapabilityFolderIsNotEchoed(t *testing.T) {
	for _, rule := range []string{"path-escape", "file-unreadable"} {
		t.Run(rule, func(t *testing.T) {
			src := sampleRepo(t)
			src.Capabilities = slices.DeleteFunc(src.Capabilities, func(c CapabilitySource) bool { return c.Folder == "research" })
			src.Diagnostics = Diagnostics{{File: "capabilities/research", Rule: rule, Severity: Error, Message: "capability folder not read"}}
			got := findingsOf(src)
			if len(got) != 1 || got[0].File != "capabilities/research" {
				for _, d := range got {
					t.Errorf("%s:%d [%s] %s", d.File, d.Line, d.Rule, d.Message)
				}
				t.Errorf("want only the folder's %s", rule)
			}
		})
	}
	// A warning about a folder is no reason to hold back: the capability
	// is missing for another reason, which requires-unknown says.
	src := sampleRepo(t)
	src.Capabilities = slices.DeleteFunc(src.Capabilities, func(c CapabilitySource) bool { return c.Folder == "research" })
	src.Diagnostics = Diagnostics{{File: "capabilities/research", Rule: "capability-misplaced", Severity: Warning, Message: "no capability.json"}}
	if got := findingsOf(src, "requires-unknown"); len(got) != 1 {
		t.Errorf("%d requires-unknown findings for a folder with no declaration, want 1", len(got))
	}
}

// TestPointUnwiredOnlyOnceAnyPointIsWired: CONTRACT.md §2 "wired points":
// when any host workflow has a `render-hooks <point>` call site, a hook at
// a point with none is point-unwired; with no call sites anywhere (a
// repository whose workflows do not call render-hooks yet) the rule is
// skipped, not told of every hook.
func TestPointUnwiredOnlyOnceAnyPointIsWired(t *testing.T) {
	for _, tt := range []struct {
		name     string
		keep     string // the one call site line kept, "" for none
		unwired  bool   // whether point-unwired findings are wanted
		wantNone bool   // whether no finding at all is wanted
	}{
		{"no call site anywhere", "", false, true},
		{"one call site", "render-hooks ship:pre", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t)
			removed := 0
			for i, w := range src.Workflows {
				var lines []string
				for _, l := range strings.SplitAfter(string(w.Data), "\n") {
					if strings.Contains(l, "render-hooks") && (tt.keep == "" || !strings.Contains(l, tt.keep)) {
						removed++
						continue
					}
					lines = append(lines, l)
				}
				src.Workflows[i].Data = []byte(strings.Join(lines, ""))
			}
			if removed == 0 {
				t.Fatal("no render-hooks call site removed; update this test")
			}
			got := findingsOf(src)
			if tt.wantNone {
				noFindings(t, got)
			}
			n := len(findingsOf(src, "point-unwired"))
			if (n > 0) != tt.unwired {
				t.Errorf("%d point-unwired findings, want some: %v", n, tt.unwired)
			}
			for _, d := range got {
				if d.Rule != "point-unwired" && d.Severity == Error {
					t.Errorf("unexpected %s:%d [%s] %s", d.File, d.Line, d.Rule, d.Message)
				}
			}
		})
	}
}

// TestRepositoryEmpty: a repository holding no capability folder, tool
// card or host workflow marker is valid, with the repository-empty
// warning; not beside an error (a capreg.json that does not parse: the
// folder is a repository, and the error is what to fix), nor where it
// holds a card or a marker, even a broken one.
func TestRepositoryEmpty(t *testing.T) {
	for _, tt := range []struct {
		name string
		src  *Sources
		want bool
	}{
		{"nothing", &Sources{}, true},
		{"a markdown file with no marker", &Sources{Workflows: []File{{Path: "README.md", Data: []byte("# docs\n")}}}, true},
		{"a capreg.json that does not parse", &Sources{Diagnostics: Diagnostics{{File: "capreg.json", Line: 1, Column: 2, Rule: "json-syntax", Severity: Error, Message: "bad"}}}, false},
		{"a broken marker", &Sources{Workflows: []File{{Path: "plan.md", Data: []byte("<!-- gsd:loop-host\nstep: plan\n")}}}, false},
		{"a card", &Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte("{}")}, ToolPath: "bin/t", ToolExists: true}}}, false},
		{"the markers of every step", workflowsOf(t, "../testdata/first/workflows"), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := slices.ContainsFunc(Validate(tt.src).Diagnostics, func(d Diagnostic) bool { return d.Rule == "repository-empty" })
			if got != tt.want {
				t.Errorf("repository-empty %v, want %v: %v", got, tt.want, Validate(tt.src).Diagnostics)
			}
		})
	}
}

// workflowsOf are sources holding the markdown files of dir as workflows,
// and nothing else.
func workflowsOf(t *testing.T, dir string) *Sources {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	src := &Sources{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		src.Workflows = append(src.Workflows, File{Path: "workflows/" + e.Name(), Data: data})
	}
	res := Validate(src)
	if slices.ContainsFunc(res.Diagnostics, func(d Diagnostic) bool { return d.Severity == Error }) || res.Contract == nil || len(res.Contract.Entries) == 0 {
		t.Fatalf("%s: want markers declaring every step, no error: %v", dir, res.Diagnostics)
	}
	return src
}

// TestOwnRepositoriesSkipped: what a repository holding nothing but git
// repositories of their own is told to give --repo.
func TestOwnRepositoriesSkipped(t *testing.T) {
	for _, tt := range []struct {
		folders []string
		want    string
	}{
		{nil, ""},
		{[]string{"current"}, "the walk did not read current, a git repository of its own (a worktree or a clone): give --repo current to check it"},
		{[]string{"a", "b"}, "the walk did not read 2 folders that are git repositories of their own (worktrees or clones: a, b): give --repo the one to check"},
		{[]string{"a", "b", "c", "d", "e", "f", "g"}, "the walk did not read 7 folders that are git repositories of their own (worktrees or clones: a, b, c, d, e, 2 more): give --repo the one to check"},
	} {
		if got := OwnRepositoriesSkipped(tt.folders); got != tt.want {
			t.Errorf("OwnRepositoriesSkipped(%q) = %q, want %q", tt.folders, got, tt.want)
		}
	}
	src := &Sources{OwnRepositories: []string{".claude/worktrees/x"}}
	ds := Validate(src).Diagnostics
	if len(ds) != 1 || ds[0].Rule != "repository-empty" || !strings.HasSuffix(ds[0].Message, "give --repo .claude/worktrees/x to check it") {
		t.Errorf("Validate: %v, want one repository-empty naming the worktree", ds)
	}
}
