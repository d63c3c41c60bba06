package validate

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestShellQuoteCr97 pins what ShellQuote does with the words
// TestShellQuoteRoundTrips leaves out: a leading ~, which a shell expands
// to a home folder, is quoted; a byte that is not UTF-8 is written \xHH in
// $'…' (capreg escapes such a byte where it prints a line, so that in '…'
// the hint would name another file), as is a control character with a
// real U+FFFD beside it kept as it is; and in $'…' a backslash is escaped,
// as bash reads \n there as a newline. Each round-trips through bash.
func TestShellQuoteCr97(t *testing.T) {
	for s, want := range map[string]string{
		"~/bin/land":    `'~/bin/land'`,
		"a\xffb":        `$'a\xffb'`,
		"a\tb\ufffd":    "$'a\\x09b\ufffd'",
		`a\nb` + "\x01": `$'a\\nb\x01'`,
	} {
		q := ShellQuote(s)
		if q != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", s, q, want)
		}
		got, err := exec.Command("bash", "-c", `printf '%s|' `+q).Output()
		if err != nil {
			t.Fatalf("bash: %v", err)
		}
		if string(got) != s+"|" {
			t.Errorf("ShellQuote(%q) = %s, which bash reads as %q", s, q, got)
		}
	}
	if ShellSafe("~x") {
		t.Error(`ShellSafe("~x") = true, but a shell expands ~x to the home folder of x`)
	}
}

// TestToolNotExecutableOnlyOfAFileFound: a source saying the command's
// file has no execute bit but that it is not there (CommandFound false:
// card-command-missing's case) is not told tool-not-executable, which
// would say to chmod a file that is missing.
func TestToolNotExecutableOnlyOfAFileFound(t *testing.T) {
	text := `{"id": "land", "command": "bin/gone", "summary": "s", "intent_phrases": ["p"], "effects": "e", "risk": "reversible", "example": "bin/land"}`
	src := CardSource{File: File{Path: "bin/land.card.json", Data: []byte(text)}, ToolPath: "bin/land", ToolExists: true,
		CommandPath: "bin/gone", CommandNotExecutable: true}
	for _, d := range Validate(&Sources{Cards: []CardSource{src}}).Diagnostics {
		if d.Rule == "tool-not-executable" {
			t.Errorf("%s: %s, want none for a file not found", d.Rule, d.Message)
		}
	}
}

// TestSchemaFindingPlaceFalseField: a field a schema takes but not in
// this case (a probe's timeoutMs where its kind is "command-exists": a
// false schema) is a finding about the key, placed at the key, as a field
// not allowed is, not at its value (TestSchemaFindingPlace's cases are
// additionalProperties'); kills the mutant that marks it a finding about
// the value.
func TestSchemaFindingPlaceFalseField(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/claude/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	probe := `"probe": { "kind": "command-exists", "binary": "claude" }`
	text := gate9Edit(t, string(manifest), probe, `"probe": { "kind": "command-exists", "binary": "claude", "timeoutMs":   500 }`)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
		{Folder: "claude", Manifest: File{Path: "capabilities/claude/capability.json", Data: []byte(text)}}}}
	found := false
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "schema" && d.Pointer == "/reviewer/probe/timeoutMs" {
			found = true
			if at, want := fmt.Sprintf("%d:%d", d.Line, d.Column), gate9At(t, text, `"timeoutMs"`); at != want {
				t.Errorf("%s: placed at %s, want %s (the key)", d, at, want)
			}
		}
	}
	if !found {
		t.Error("no schema finding at /reviewer/probe/timeoutMs")
	}
}

// TestListedPackagesCr97 holds what TestListedPackages leaves out of
// capreg.json's "packages": an empty entry is the schema's finding alone
// (ParseRepoConfig's), not a "." listed; ".", a path above the root and
// an absolute path are told a package is a folder below the root; a
// folder listed twice is warned of once; a listed fixture folder holding
// no capreg.json is not warned of; and of the packages not listed the
// first maxNamed are named, one warning counting the rest where more than
// one is left, none where one is (then named too). An entry's pointer is
// its index in the list: past the empty entry skipped, it was one less
// (/packages/1 for the "." at /packages/2), the entry before it.
func TestListedPackagesCr97(t *testing.T) {
	run := func(t *testing.T, found []string, config string) []string {
		t.Helper()
		src := &Sources{CapabilitiesDir: "capabilities", Packages: found,
			RepoConfig: &File{Path: RepoConfigFile, Data: []byte(config)}}
		var got []string
		for _, d := range Validate(src).Diagnostics {
			got = append(got, d.Pointer+" "+d.Message)
		}
		return got
	}
	below := "is listed as a package, but a package is a folder below this repository's root holding a capreg.json of its own: remove it from \"packages\""
	t.Run("entries", func(t *testing.T) {
		got := run(t, []string{"products/a"}, `{"packages": ["products/a", "", ".", "../shared", "/srv/b", "products/c", "products/c/", "fixtures/x"]}`)
		want := []string{
			`/packages/2 "." ` + below,
			`/packages/3 "../shared" ` + below,
			`/packages/4 "/srv/b" ` + below,
			`/packages/5 "products/c" is listed as a package, but products/c holds no capreg.json of its own, so it is no package: fix the path, or remove it from "packages"`,
		}
		if !slices.Equal(got, want) {
			t.Errorf("findings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
	for _, n := range []int{maxNamed + 1, maxNamed + 2} {
		t.Run(fmt.Sprintf("%d unlisted", n), func(t *testing.T) {
			found := []string{"products/a"}
			for i := range n {
				found = append(found, fmt.Sprintf("products/p%d", i))
			}
			got := run(t, found, `{"packages": ["products/a"]}`)
			var want []string
			for i, dir := range found[1:] {
				if i == maxNamed && n > maxNamed+1 {
					want = append(want, fmt.Sprintf("/packages %s and %s holding a capreg.json", dir, Plural(n-maxNamed-1, "other folder")))
					break
				}
				want = append(want, fmt.Sprintf("/packages %s holds a capreg.json of its own, so it is a package this check does not read, but \"packages\" does not list it", dir))
			}
			if len(got) != len(want) {
				t.Fatalf("findings:\n%s\nwant %d, starting\n%s", strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], want[i]) {
					t.Errorf("finding %d: %s\nwant it to start %s", i, got[i], want[i])
				}
			}
		})
	}
}

// TestNestedProductsCr97: the products a root reads as its own
// (nestedProducts) are the folders holding <product>/capabilities/<id>/<file>
// with declarations the root does not read, by the last folder so named on
// the path; not a package's, the root's own capabilities folder's (named
// in capreg.json, a declaration in a sub-folder of it), a fixture's, nor
// one in no capability folder of its own (capabilities/capability.json);
// sorted, once each; an empty CapabilitiesDir is capabilities/. A file is
// of a product when it is in its folder (productOf), not when its path
// only starts so.
func TestNestedProductsCr97(t *testing.T) {
	for _, c := range []struct {
		name, capDir string
		strays       []string
		want         []string
	}{
		{"the default folder", "", []string{"products/b/capabilities/x/capability.json"}, []string{"products/b"}},
		{"a package's", "capabilities", []string{"products/p/capabilities/x/capability.json"}, nil},
		{"the root's own, in a sub-folder", "src/capabilities", []string{"src/capabilities/x/sub/capability.json"}, nil},
		{"no capability folder", "capabilities", []string{"tools/capabilities/capability.json"}, nil},
		{"at the top, the root's named elsewhere", "src/capabilities", []string{"capabilities/x/capability.json"}, nil},
		{"a fixture", "capabilities", []string{"testdata/b/capabilities/x/capability.json"}, nil},
		{"the last capabilities folder on the path", "capabilities", []string{"products/capabilities/b/capabilities/x/capability.json"}, []string{"products/capabilities/b"}},
		{"sorted, once each", "capabilities", []string{"products/c/capabilities/x/capability.json", "products/a/capabilities/y/capability.json", "products/c/capabilities/z/capability.json"},
			[]string{"products/a", "products/c"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := &Sources{CapabilitiesDir: c.capDir, Packages: []string{"products/p"}, StrayDeclarations: c.strays}
			if got := nestedProducts(src, packagesOf(src)); !slices.Equal(got, c.want) {
				t.Errorf("nestedProducts = %q, want %q", got, c.want)
			}
		})
	}
	products := []string{"products/b"}
	for p, want := range map[string]string{"products/b/workflows/ship.md": "products/b", "products/b2/workflows/ship.md": "", "products/ship.md": ""} {
		if got := productOf(products, p); got != want {
			t.Errorf("productOf(%q, %q) = %q, want %q", products, p, got, want)
		}
	}
}

// TestNestedProductDuplicateStepCr97: the product advice of
// marker-duplicate-step is given where either file is the product's: the
// second, as in TestNestedProductDuplicateStep, or the first (a product
// sorting after the root's workflows, zz/); and not where the two paths
// differ only in case, whose own advice (keep one of them) stands.
func TestNestedProductDuplicateStepCr97(t *testing.T) {
	fold := "its path differs from this file's only in"
	for _, c := range []struct {
		name      string
		workflows []File
		product   string
		want      string
	}{
		{"the product's the second", append(hostWorkflows(t, "workflows"), hostWorkflows(t, "zz/workflows")...), "zz", "give it a capreg.json of its own"},
		{"paths differ in case", append(hostWorkflows(t, "products/b/workflows"), hostWorkflows(t, "products/b/Workflows")...), "products/b", fold},
	} {
		t.Run(c.name, func(t *testing.T) {
			slices.SortFunc(c.workflows, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
			src := &Sources{CapabilitiesDir: "capabilities", Workflows: c.workflows,
				StrayDeclarations: []string{c.product + "/capabilities/x/capability.json"}}
			n := 0
			for _, d := range Validate(src).Diagnostics {
				if d.Rule != "marker-duplicate-step" {
					continue
				}
				n++
				if !strings.Contains(d.Message, c.want) {
					t.Errorf("%s: %s\nwant it to hold %q", d.File, d.Message, c.want)
				}
			}
			if n != 10 {
				t.Errorf("%d marker-duplicate-step findings, want 10", n)
			}
		})
	}
}

// TestPackagesCr97: Packages, what check names of a root of packages
// only, leaves out a fixture's capreg.json and a package inside another;
// and a capreg.json listing a folder where the scan found no package at
// all is still told so at the entry.
func TestPackagesCr97(t *testing.T) {
	src := &Sources{CapabilitiesDir: "capabilities", Packages: []string{"products/a", "products/a/sub", "testdata/case"}}
	if got, want := Packages(src), []string{"products/a"}; !slices.Equal(got, want) {
		t.Errorf("Packages = %q, want %q", got, want)
	}
	src = &Sources{CapabilitiesDir: "capabilities", RepoConfig: &File{Path: RepoConfigFile, Data: []byte(`{"packages": ["products/c"]}`)}}
	var got []string
	for _, d := range Validate(src).Diagnostics {
		if d.Rule == "config-file" {
			got = append(got, d.Pointer)
		}
	}
	if want := []string{"/packages/0"}; !slices.Equal(got, want) {
		t.Errorf("config-file findings at %q, want %q", got, want)
	}
}
