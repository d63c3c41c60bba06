package validate

import (
	"strings"
	"testing"
)

// TestPackageCheckSaysWhereItsPathIsFrom: each finding that tells to
// check a package on its own gives the command with the package's path
// from the repository's root, and says so: the findings are made without
// the command line, and "capreg check --repo products/a" named no folder
// when the check had run from elsewhere (capreg check --repo mono). A path
// a shell would split is quoted, where it was pasted as two words.
func TestPackageCheckSaysWhereItsPathIsFrom(t *testing.T) {
	const pkg = "products/my app"
	const line = "capreg check --repo 'products/my app' (a path from this repository's root)"
	const each = "capreg check --repo <package> (its path from this repository's root)"
	for _, tt := range []struct {
		name, rule, want string
		src              *Sources
	}{
		{"a package", "capability-misplaced", "check that package with " + line + "; list it in",
			&Sources{CapabilitiesDir: "capabilities", Packages: []string{pkg}}},
		{"a package the list leaves out", "config-file", `add "products/my app" to "packages" and check it with ` + line + ", or,",
			&Sources{CapabilitiesDir: "capabilities", Packages: []string{pkg},
				RepoConfig: &File{Path: RepoConfigFile, Data: []byte(`{"packages": []}`)}}},
		{"declarations of a product without capreg.json", "capability-misplaced", "so that this check leaves it to " + line + "; else",
			&Sources{CapabilitiesDir: "capabilities", StrayDeclarations: []string{pkg + "/capabilities/x/capability.json"}}},
		{"packages counted", "capability-misplaced", "check each package with " + each,
			&Sources{CapabilitiesDir: "capabilities", Packages: []string{"p/a", "p/b", "p/c", "p/d", "p/e", "p/f", "p/g"}}},
		{"packages the list leaves out, counted", "config-file", `add each to "packages" and check it with ` + each,
			&Sources{CapabilitiesDir: "capabilities", Packages: []string{"p/a", "p/b", "p/c", "p/d", "p/e", "p/f", "p/g"},
				RepoConfig: &File{Path: RepoConfigFile, Data: []byte(`{"packages": []}`)}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var msgs []string
			for _, d := range Validate(tt.src).Diagnostics {
				if d.Rule == tt.rule && strings.Contains(d.Message, tt.want) {
					return
				}
				msgs = append(msgs, d.Rule+": "+d.Message)
			}
			t.Errorf("no %s finding holds %q; findings:\n%s", tt.rule, tt.want, strings.Join(msgs, "\n"))
		})
	}
}
