package validate

import (
	"fmt"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
)

// hostWorkflows reads the five host workflows of testdata/repo as if they
// were in dir.
func hostWorkflows(t *testing.T, dir string) []File {
	t.Helper()
	var out []File
	for _, name := range []string{"discuss-phase.md", "plan-phase.md", "execute-phase.md", "verify-work.md", "ship.md"} {
		data, err := os.ReadFile("../testdata/repo/workflows/" + name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, File{Path: path.Join(dir, name), Data: data})
	}
	return out
}

// TestPackageOfMonorepo: a folder below the root holding a capreg.json of
// its own is a package the root does not read, whatever its capreg.json
// calls its folders: the root warns of it once, at its capreg.json, with
// the command that checks it, and reads none of its workflows or cards
// (which beside the root's workflows declared every step twice). Before,
// only a folder literally named capabilities/ was noticed, and the root
// read the package's workflows and cards as its own.
func TestPackageOfMonorepo(t *testing.T) {
	workflows := append(hostWorkflows(t, "workflows"), hostWorkflows(t, "packages/orbit/agentloop/flows")...)
	slices.SortFunc(workflows, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	src := &Sources{
		CapabilitiesDir: "capabilities",
		Workflows:       workflows,
		Cards: []CardSource{{File: File{Path: "packages/orbit/bin/x.card.json", Data: []byte(`{`)}, ToolPath: "packages/orbit/bin/x"},
			{File: File{Path: "testdata/case/bin/y.card.json", Data: []byte(`{`)}, ToolPath: "testdata/case/bin/y"}},
		Packages: []string{"packages/orbit", "packages/orbit/inner", "testdata/case"},
		// The scan's own findings in a package are that package's check's
		// too: a link out of it failed the root.
		Diagnostics: Diagnostics{
			{File: "packages/orbit/capabilities/y/capability.json", Severity: Error, Rule: "path-escape", Message: "leaves the repository"},
			{File: "packages/orbit/agentloop/flows/x.md", Severity: Warning, Rule: "path-escape", Message: "leaves the repository"},
		},
	}
	res := Validate(src)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.File+": "+string(d.Severity)+" ["+d.Rule+"] "+d.Message)
	}
	want := []string{"packages/orbit/capreg.json: warning [capability-misplaced] packages/orbit holds a capreg.json of its own, so it is a package, and this check does not read its capabilities, workflows or tool cards: check that package with capreg check --repo packages/orbit (a path from this repository's root); list it in \"packages\" of the capreg.json in the folder holding packages/, the root checked, to say it is one"}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(res.Contract.Entries) != 5 || len(res.Cards) != 0 {
		t.Errorf("%d host steps and %d cards, want the root's 5 and none", len(res.Contract.Entries), len(res.Cards))
	}

	// A package the root's own capreg.json reaches into is read as named.
	src.WorkflowRoots = []string{"packages/orbit/agentloop/flows"}
	src.Workflows = hostWorkflows(t, "packages/orbit/agentloop/flows")
	res = Validate(src)
	if len(res.Contract.Entries) != 5 {
		t.Errorf("workflows named in the package: %d host steps, want 5", len(res.Contract.Entries))
	}
	for _, d := range res.Diagnostics {
		if d.File == "packages/orbit/capreg.json" {
			t.Errorf("a package the root names is warned of: %s", d.Message)
		}
	}
}

// TestManyPackages: past maxNamed packages one warning counts the others;
// one more than maxNamed are each warned of, as a count of one other
// folder would be no shorter.
func TestManyPackages(t *testing.T) {
	tests := []struct {
		names []string
		last  string // the start of the last warning
	}{
		{[]string{"a", "b", "c", "d", "e", "f"}, packageMessage("packages/f")},
		{[]string{"a", "b", "c", "d", "e", "f", "g", "h"}, "packages/f and 2 other folders holding a capreg.json of their own are packages"},
	}
	for _, tt := range tests {
		src := &Sources{CapabilitiesDir: "capabilities"}
		for _, p := range tt.names {
			src.Packages = append(src.Packages, "packages/"+p)
		}
		var got []string
		ds := Validate(src).Diagnostics
		for _, d := range ds {
			got = append(got, d.File)
		}
		if want := []string{"packages/a/capreg.json", "packages/b/capreg.json", "packages/c/capreg.json", "packages/d/capreg.json", "packages/e/capreg.json", "packages/f/capreg.json"}; !slices.Equal(got, want) {
			t.Fatalf("%d packages: warned at %q, want %q", len(tt.names), got, want)
		}
		if msg := ds[5].Message; !strings.HasPrefix(msg, tt.last) {
			t.Errorf("%d packages: last message %q, want %q", len(tt.names), msg, tt.last)
		}
	}
}

// TestPackageClaimed: a package the root's layout reaches into is read as
// named; a capability's own capreg.json is no package.
func TestPackageClaimed(t *testing.T) {
	tests := []struct {
		dir, capDir string
		workflows   []string
		want        bool
	}{
		{"packages/orbit", "capabilities", nil, false},
		{"packages/orbit", "packages/orbit/caps", nil, true}, // its capabilities folder named
		{"packages/orbit", "capabilities", []string{"packages/orbit/flows"}, true},
		{"packages", "capabilities", []string{"packages/orbit/flows"}, true}, // a root inside it
		{"packages/orbit", "capabilities", []string{"packages"}, false},      // a root above it
		{"capabilities/ui", "capabilities", nil, true},                       // a capability's own file
		{"ui", ".", nil, true},
		{"packages/orbit", ".", nil, false},
		{"packages/orbit", "packages/orbix", nil, false},                    // a sibling of its length
		{"packages/orbit", "capabilities", []string{"packages/orb"}, false}, // a prefix of its name
	}
	for _, tt := range tests {
		src := &Sources{CapabilitiesDir: tt.capDir, WorkflowRoots: tt.workflows}
		if got := claimed(tt.dir, src); got != tt.want {
			t.Errorf("claimed(%q) with capabilities %q, workflows %q = %v, want %v", tt.dir, tt.capDir, tt.workflows, got, tt.want)
		}
	}
}

// TestListedPackages: a monorepo's root whose capreg.json lists its
// packages ("packages") is not warned of them, and a root holding only
// packages is no empty repository: the root passes --strict. A package
// present and not listed is a config-file warning at the list; a listed
// folder that is no package, one at its entry. Before, "packages" was an
// unknown field (a config-file error), and each package a warning
// --strict failed on.
func TestListedPackages(t *testing.T) {
	found := []string{"products/a", "products/b", "testdata/case"}
	tests := []struct {
		name, config string
		want         []string
	}{
		{"listed", `{"packages": ["products/a", "./products/b/"]}`, nil},
		{"unlisted", `{"packages": ["products/a"]}`, []string{
			`capreg.json:1:14: warning [config-file] /packages: products/b holds a capreg.json of its own, so it is a package this check does not read, but "packages" does not list it: add "products/b" to "packages" and check it with capreg check --repo products/b (a path from this repository's root), or, if it is no package, remove products/b/capreg.json`}},
		{"no package", "{\n  \"packages\": [\"products/a\", \"products/b\", \"products/c\", \"..\"]\n}", []string{
			`capreg.json:2:44: warning [config-file] /packages/2: "products/c" is listed as a package, but products/c holds no capreg.json of its own, so it is no package: fix the path, or remove it from "packages"`,
			`capreg.json:2:58: warning [config-file] /packages/3: ".." is listed as a package, but a package is a folder below this repository's root holding a capreg.json of its own: remove it from "packages"`}},
		// A listed product whose capreg.json is missing: read as the
		// root's, and told to give it one.
		{"listed product without capreg.json", `{"packages": ["products/a", "products/b", "products/c"]}`, []string{
			`capreg.json:1:43: warning [config-file] /packages/2: "products/c" is listed as a package, but products/c holds no capreg.json of its own, so this check reads its workflows and cards as the root's: give products/c a capreg.json of its own (or remove it from "packages")`,
			`products/c/capabilities/x/capability.json:0:0: warning [capability-misplaced] : ` + strayElsewhereMessage("products/c/capabilities", 1, "capabilities", false)}},
		// The root's own workflows root is inside products/a: read as
		// named, no package, and the list is told so.
		{"listed and read by the root", `{"packages": ["products/a", "products/b"]}`, []string{
			`capreg.json:1:15: warning [config-file] /packages/0: "products/a" is listed as a package, but this repository's own capabilities, workflows or cards (capreg.json, or a flag) are read in it, so this check reads it as named and it is no package: remove it from "packages", or stop naming it`}},
		// Not a list (the scan's parse of capreg.json says so): as if
		// there were none, a warning a package, as before the key.
		{"not a list", `{"packages": "products/a"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{CapabilitiesDir: "capabilities", Packages: found,
				RepoConfig: &File{Path: RepoConfigFile, Data: []byte(tt.config)}}
			if tt.name == "listed and read by the root" {
				src.WorkflowRoots = []string{"products/a/workflows"}
			}
			if strings.HasPrefix(tt.name, "listed product") {
				src.StrayDeclarations = []string{"products/c/capabilities/x/capability.json"}
			}
			var got []string
			for _, d := range Validate(src).Diagnostics {
				got = append(got, fmt.Sprintf("%s:%d:%d: %s [%s] %s: %s", d.File, d.Line, d.Column, d.Severity, d.Rule, d.Pointer, d.Message))
			}
			want := tt.want
			if tt.name == "not a list" {
				for _, dir := range found[:2] {
					want = append(want, fmt.Sprintf("%s/capreg.json:0:0: warning [capability-misplaced] : %s", dir, packageMessage(dir)))
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("findings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestNestedProductDuplicateStep: a monorepo's product without a
// capreg.json of its own (products/b, holding capabilities/ and the five
// host workflows) is read as the root's, and its workflows declare the
// root's steps a second time: marker-duplicate-step, at both files, tells
// to give the product a capreg.json, where it told to check each package
// with --repo, which leaves the root's check failing. Two workflows of a
// step with no product about keep the general advice.
func TestNestedProductDuplicateStep(t *testing.T) {
	workflows := append(hostWorkflows(t, "workflows"), hostWorkflows(t, "products/b/workflows")...)
	slices.SortFunc(workflows, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	advice := "one workflow file owns each step: products/b holds capabilities of its own, a product of a monorepo: " +
		"give it a capreg.json of its own (and list it in \"packages\" of the capreg.json in the folder holding products/, the root checked), so that this check leaves it to capreg check --repo products/b (a path from this repository's root)"
	for _, tt := range []struct {
		name   string
		strays []string
		want   string
	}{
		{"a product", []string{"products/b/capabilities/x/capability.json"}, advice},
		{"no product", nil, "one workflow file owns each step (if one quotes a marker as an example"},
		{"a fixture", []string{"testdata/b/capabilities/x/capability.json"}, "one workflow file owns each step (if one quotes a marker as an example"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{CapabilitiesDir: "capabilities", Workflows: workflows, StrayDeclarations: tt.strays}
			n := 0
			for _, d := range Validate(src).Diagnostics {
				if d.Rule != "marker-duplicate-step" {
					continue
				}
				n++
				if !strings.Contains(d.Message, "; "+tt.want) {
					t.Errorf("%s: %s\nwant it to hold %q", d.File, d.Message, tt.want)
				}
			}
			if n != 10 {
				t.Errorf("%d marker-duplicate-step findings, want 10 (5 steps, at both files)", n)
			}
		})
	}
}
