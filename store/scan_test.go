package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// These tests exercise the scanner on the file-system edge cases of
// CONTRACT.md §1, on copies of testdata/repo. Helpers shared with the rule
// fixtures (copyRepoTree, writeTestFile, makeFIFO, makeSymlink, bigFileContent) are in
// rules_test.go.

// scanTimeout bounds every scan: a scanner that opened a FIFO would block
// forever, and the test must fail instead of hanging. It is no measure of
// speed: under -race on a machine running other tests beside, the 45 MiB
// of fragments of TestFragmentsInlinedAreBoundedAsJSONText took over the
// 20 s this was.
const scanTimeout = 90 * time.Second

// scanRepoCopy copies testdata/repo into a temporary directory. It returns the
// copy and an empty directory outside it, for links that escape.
func scanRepoCopy(t testing.TB) (repo, outsideDir string) {
	t.Helper()
	tmp := t.TempDir()
	repo, outsideDir = filepath.Join(tmp, "repo"), filepath.Join(tmp, "outside")
	copyRepoTree(t, baseRepoDir, repo)
	if err := os.Mkdir(outsideDir, 0o755); err != nil {
		t.Fatal(err)
	}
	return repo, outsideDir
}

// scanLoad runs store.Load, failing the test if it does not return in time.
func scanLoad(t testing.TB, opts store.Options) *store.Snapshot {
	t.Helper()
	type result struct {
		snap *store.Snapshot
		err  error
	}
	ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		snap, err := store.Load(ctx, opts)
		done <- result{snap, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatalf("store.Load: %v", r.err)
		}
		return r.snap
	case <-time.After(scanTimeout + 5*time.Second):
		t.Fatalf("store.Load did not return within %v (did it open a FIFO or loop?)", scanTimeout)
		return nil
	}
}

func scanLoadRepo(t *testing.T, repo string) *store.Snapshot {
	t.Helper()
	return scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
}

// scanInput runs store.Scan with the same timeout.
func scanInput(t *testing.T, opts store.ScanOptions) *store.Input {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
	defer cancel()
	in, err := store.Scan(ctx, opts)
	if err != nil {
		t.Fatalf("store.Scan: %v", err)
	}
	return in
}

// scanErrorRules returns the sorted rule ids of the error diagnostics.
func scanErrorRules(diags validate.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Severity == validate.Error && !slices.Contains(out, d.Rule) {
			out = append(out, d.Rule)
		}
	}
	slices.Sort(out)
	return out
}

// scanFind returns the first diagnostic of a rule for a file.
func scanFind(diags validate.Diagnostics, rule, file string) (validate.Diagnostic, bool) {
	i := slices.IndexFunc(diags, func(d validate.Diagnostic) bool { return d.Rule == rule && d.File == file })
	if i < 0 {
		return validate.Diagnostic{}, false
	}
	return diags[i], true
}

// scanWantOnly asserts that the only errors are diagnostics of rule at file,
// with the given severity.
func scanWantOnly(t *testing.T, snap *store.Snapshot, rule, file string, sev validate.Severity) {
	t.Helper()
	d, ok := scanFind(snap.Diagnostics, rule, file)
	switch {
	case !ok:
		t.Errorf("no %s diagnostic for %s", rule, file)
	case d.Severity != sev:
		t.Errorf("%s: severity %s, want %s", d, d.Severity, sev)
	}
	wantErrs := []string{}
	if sev == validate.Error {
		wantErrs = []string{rule}
	}
	if got := scanErrorRules(snap.Diagnostics); !slices.Equal(got, wantErrs) {
		t.Errorf("rules with errors = %v, want %v", got, wantErrs)
	}
	if t.Failed() {
		t.Logf("diagnostics:\n%s", formatDiagnostics(snap.Diagnostics))
	}
}

// scanWantClean asserts that a repository loads without errors.
func scanWantClean(t *testing.T, snap *store.Snapshot) {
	t.Helper()
	if snap.Diagnostics.HasErrors() {
		t.Errorf("unexpected errors:\n%s", formatDiagnostics(snap.Diagnostics))
	}
}

// TestScanNeverOpensAFIFO: a FIFO where an input or a scanned file is
// expected is reported (an error for inputs, a warning for markdown) or
// ignored, never opened, which would block the scan.
func TestScanNeverOpensAFIFO(t *testing.T) {
	const fragment = "capabilities/research/loop/research-prompt.md"
	for _, tc := range []struct {
		path string // replaced by a FIFO
		rule string // "" when the FIFO is no input and must be ignored
		file string // where it is reported, when not at path
		sev  validate.Severity
	}{
		{path: "bin/ft.card.json", rule: "not-regular-file", sev: validate.Error},
		{path: "capabilities/ui/capability.json", rule: "not-regular-file", sev: validate.Error},
		{path: "config/config-schema.manifest.json", rule: "not-regular-file", sev: validate.Error},
		{path: "capreg.json", rule: "not-regular-file", sev: validate.Error},
		// Markdown that might hold a marker: not scanned, and said so, as
		// for one too large.
		{path: "docs/pipe.md", rule: "not-regular-file", sev: validate.Warning},
		// A fragment: reported once, where the declaration names it.
		{path: fragment, rule: "not-regular-file", file: "capabilities/research/capability.json", sev: validate.Error},
		{path: "capabilities/ui/notes.md", rule: ""},
		{path: "capabilities/ui/notes.fifo", rule: ""},
		{path: "bin/pipe", rule: ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			t.Parallel()
			repo, _ := scanRepoCopy(t)
			p := filepath.Join(repo, filepath.FromSlash(tc.path))
			if err := os.RemoveAll(p); err != nil {
				t.Fatal(err)
			}
			makeFIFO(t, p)
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			if tc.rule == "" {
				scanWantClean(t, snap)
				if len(snap.Diagnostics) != 1 { // config-key-pending-migration
					t.Errorf("findings about a FIFO that is no input:\n%s", formatDiagnostics(snap.Diagnostics))
				}
				return
			}
			at := tc.path
			if tc.file != "" {
				at = tc.file
				if d, ok := scanFind(snap.Diagnostics, tc.rule, tc.path); ok {
					t.Errorf("reported twice, also at the file: %s", d)
				}
			}
			scanWantOnly(t, snap, tc.rule, at, tc.sev)
		})
	}
}

// TestScanRefusesOversizedFiles: an input or scanned file over MaxFileSize
// is a file-too-large finding of the severity its kind has, not read.
func TestScanRefusesOversizedFiles(t *testing.T) {
	const tooBig = validate.MaxFileSize + 1
	t.Run("inputs", func(t *testing.T) {
		for _, tc := range []struct {
			path string
			sev  validate.Severity
		}{
			{"capabilities/ui/capability.json", validate.Error},
			{"bin/ft.card.json", validate.Error},
			{"config/config-schema.manifest.json", validate.Error},
			{"docs/changelog.md", validate.Warning}, // might hold a marker
		} {
			t.Run(tc.path, func(t *testing.T) {
				t.Parallel()
				repo, _ := scanRepoCopy(t)
				writeTestFile(t, filepath.Join(repo, filepath.FromSlash(tc.path)), bigFileContent(tc.path, tooBig))
				snap := scanLoadRepo(t, repo)
				if tc.sev == validate.Error {
					scanWantOnly(t, snap, "file-too-large", tc.path, tc.sev)
				} else {
					d, ok := scanFind(snap.Diagnostics, "file-too-large", tc.path)
					if !ok || d.Severity != tc.sev {
						t.Errorf("want a file-too-large warning for %s:\n%s", tc.path, formatDiagnostics(snap.Diagnostics))
					}
					scanWantClean(t, snap)
				}
			})
		}
	})
	t.Run("not read", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capabilities/ui/capability.json"), bigFileContent("capability.json", tooBig))
		in := scanInput(t, store.ScanOptions{Repo: repo})
		i := slices.IndexFunc(in.Sources.Capabilities, func(c validate.CapabilitySource) bool { return c.Folder == "ui" })
		if i < 0 {
			t.Fatal("capability folder ui not scanned")
		}
		m := in.Sources.Capabilities[i].Manifest
		if !errors.Is(m.Err, validate.ErrTooLarge) || m.Data != nil {
			t.Errorf("manifest: err %v, %d bytes read; want ErrTooLarge and nothing read", m.Err, len(m.Data))
		}
	})
	t.Run("exactly the limit", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		card := filepath.Join(repo, "bin/ft.card.json")
		data, err := os.ReadFile(card)
		if err != nil {
			t.Fatal(err)
		}
		padded := append(data, strings.Repeat(" ", validate.MaxFileSize-len(data))...)
		writeTestFile(t, card, padded)
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if _, ok := scanFind(snap.Diagnostics, "file-too-large", "bin/ft.card.json"); ok {
			t.Error("a file of exactly 8 MiB was refused")
		}
	})
	t.Run("not an input", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "bin/blob.bin"), bigFileContent("blob.bin", tooBig))
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if len(snap.Diagnostics) != 1 { // the base repository's pending-migration warning
			t.Errorf("an oversized file that is no input was reported:\n%s", formatDiagnostics(snap.Diagnostics))
		}
	})
}

// TestScanSymlinks: inputs, capability folders and other folders that are
// links leading out of the root are path-escape errors, at the link.
func TestScanSymlinks(t *testing.T) {
	t.Run("input escaping the root", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(out, "ext.card.json"), []byte("{}"))
		makeSymlink(t, filepath.Join(out, "ext.card.json"), filepath.Join(repo, "bin/ext.card.json"))
		scanWantOnly(t, scanLoadRepo(t, repo), "path-escape", "bin/ext.card.json", validate.Error)
	})
	t.Run("capability folder escaping the root", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		makeSymlink(t, out, filepath.Join(repo, "capabilities/vendored"))
		scanWantOnly(t, scanLoadRepo(t, repo), "path-escape", "capabilities/vendored", validate.Error)
	})
	t.Run("other directory escaping the root", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(out, "x.card.json"), []byte("not json"))
		makeSymlink(t, out, filepath.Join(repo, "docs/external"))
		snap := scanLoadRepo(t, repo)
		scanWantOnly(t, snap, "path-escape", "docs/external", validate.Warning)
	})
	t.Run("relative link escaping the root", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(out, "ext.card.json"), []byte("{}"))
		makeSymlink(t, "../../outside/ext.card.json", filepath.Join(repo, "bin/ext.card.json"))
		scanWantOnly(t, scanLoadRepo(t, repo), "path-escape", "bin/ext.card.json", validate.Error)
	})
	t.Run("fragment escaping the root", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		frag := filepath.Join(repo, "capabilities/security/loop/threat-model.md")
		data, err := os.ReadFile(frag)
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(out, "threat-model.md"), data)
		if err := os.Remove(frag); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, filepath.Join(out, "threat-model.md"), frag)
		snap := scanLoadRepo(t, repo)
		got := scanErrorRules(snap.Diagnostics)
		escapes := slices.Contains(got, "path-escape") || slices.Contains(got, "fragment-escape")
		if !escapes || slices.ContainsFunc(got, func(r string) bool { return r != "path-escape" && r != "fragment-escape" }) {
			t.Errorf("a fragment linking outside the root gives %v; want only path-escape/fragment-escape", got)
		}
	})
	t.Run("dangling input", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "gone.json", filepath.Join(repo, "bin/gone.card.json"))
		scanWantOnly(t, scanLoadRepo(t, repo), "file-unreadable", "bin/gone.card.json", validate.Error)
	})
	t.Run("file inside the root is followed", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		card := filepath.Join(repo, "bin/ft.card.json")
		data, err := os.ReadFile(card)
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, "cards/ft.json"), data)
		if err := os.Remove(card); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, "../cards/ft.json", card)
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if !slices.ContainsFunc(snap.Result.Cards, func(c *validate.Card) bool { return c.ID == "ft" && c.Path == "bin/ft.card.json" }) {
			t.Error("the linked card bin/ft.card.json was not read")
		}
	})
	t.Run("directory inside the root is followed", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		if err := os.Rename(filepath.Join(repo, "bin"), filepath.Join(repo, "tools")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, "tools", filepath.Join(repo, "bin"))
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if n := len(snap.Result.Cards); n != 5 {
			t.Errorf("%d cards, want 5", n)
		}
	})
	t.Run("manifest inside the root but outside its folder", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		manifest := filepath.Join(repo, "capabilities/ui/capability.json")
		if err := os.Rename(manifest, filepath.Join(repo, "manifests-ui.json")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, "../../manifests-ui.json", manifest)
		snap := scanLoadRepo(t, repo)
		if snap.Diagnostics.HasErrors() {
			t.Errorf("capabilities/ui/capability.json linking to a file inside the repository is refused:\n%s"+
				"CONTRACT §1 and the path-escape summary refuse only links that leave the root; the folder confinement is for fragments",
				formatDiagnostics(snap.Diagnostics))
		}
	})
	t.Run("link to the capabilities folder walked before it", func(t *testing.T) {
		// A directory reached twice is walked once, under the first path met
		// in name order; the capabilities folder must still be found.
		t.Run("convenience link", func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			makeSymlink(t, "../capabilities", filepath.Join(repo, ".claude/capabilities"))
			snap := scanLoadRepo(t, repo)
			if n := len(snap.Result.Capabilities); n != 12 {
				t.Fatalf("%d capabilities, want 12: .claude/capabilities (a link to capabilities/) must not hide capabilities/", n)
			}
			scanWantClean(t, snap)
		})
		t.Run("configured through a link", func(t *testing.T) {
			// The capabilities live in a checkout of gsd-core; capreg.json
			// points at them through a link.
			repo, _ := scanRepoCopy(t)
			if err := os.Mkdir(filepath.Join(repo, "gsd-core"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(filepath.Join(repo, "capabilities"), filepath.Join(repo, "gsd-core/capabilities")); err != nil {
				t.Fatal(err)
			}
			makeSymlink(t, "gsd-core/capabilities", filepath.Join(repo, "plugins"))
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "plugins", "configSchema": "config/config-schema.manifest.json"}`))
			snap := scanLoadRepo(t, repo)
			if n := len(snap.Result.Capabilities); n != 12 {
				t.Fatalf("%d capabilities, want 12: the configured folder plugins/ (a link to gsd-core/capabilities) must be read", n)
			}
			scanWantClean(t, snap)
		})
	})
	t.Run("directory loops end", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "..", filepath.Join(repo, "workflows/up"))
		makeSymlink(t, ".", filepath.Join(repo, "docs/self"))
		makeSymlink(t, "../b", filepath.Join(repo, "docs/a/to-b"))
		makeSymlink(t, "../a", filepath.Join(repo, "docs/b/to-a"))
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if n := len(snap.Result.Contract.Entries); n != 5 {
			t.Errorf("%d host steps, want 5", n)
		}
	})
}

// TestScanSkipsDirectories: .git, node_modules, vendor, virtual
// environments and Kubernetes' ..data folders are not walked, wherever they
// are: the broken files in them are never read.
func TestScanSkipsDirectories(t *testing.T) {
	// A broken card and a second plan marker in each: any of them read would
	// be an error.
	const brokenCard = `{"id": "ft", "risk": "maybe"`
	const planMarker = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\nconsumes:\n-->\n"
	dirs := []string{
		".git", "node_modules", "vendor", "venv", ".venv",
		"bin/node_modules", "capabilities/ui/node_modules", "docs/.venv/lib",
		"..data", "config/..data", "config/..2024_06_01_12_00_00.123456789", ".git/modules/x",
	}
	repo, _ := scanRepoCopy(t)
	for _, d := range dirs {
		dir := filepath.Join(repo, filepath.FromSlash(d))
		writeTestFile(t, filepath.Join(dir, "tool.card.json"), []byte(brokenCard))
		writeTestFile(t, filepath.Join(dir, "plan.md"), []byte(planMarker))
		writeTestFile(t, filepath.Join(dir, "ghost/capability.json"), []byte(brokenCard))
	}
	// A link into .git leads no walk there: git's files are no inputs,
	// whatever name reaches them.
	makeSymlink(t, "../.git", filepath.Join(repo, "docs/g"))
	makeSymlink(t, "../../.git/modules/x", filepath.Join(repo, "bin/x"))
	in := scanInput(t, store.ScanOptions{Repo: repo})
	for _, d := range dirs {
		if slices.Contains(in.Dirs, filepath.Join(in.Root, filepath.FromSlash(d))) {
			t.Errorf("%s was walked", d)
		}
	}
	snap := scanLoadRepo(t, repo)
	scanWantClean(t, snap)
	if !store.SkipDir("..data") || store.SkipDir(".github") || store.SkipDir("data..") {
		t.Error("SkipDir: want ..-prefixed names skipped, other dot names walked")
	}
}

// TestScanRepoConfig: capreg.json moves the capabilities folder and names
// the config schema, cards and workflows, and the findings name the moved
// paths.
func TestScanRepoConfig(t *testing.T) {
	schema := `"configSchema": "config/config-schema.manifest.json"`
	t.Run("capabilities folder moved", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		if err := os.Rename(filepath.Join(repo, "capabilities"), filepath.Join(repo, "catalog")); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "catalog", `+schema+`}`))
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if n := len(snap.Result.Capabilities); n != 12 {
			t.Errorf("%d capabilities, want 12", n)
		}
		if _, ok := scanFind(snap.Diagnostics, "config-key-pending-migration", "catalog/research/capability.json"); !ok {
			t.Errorf("findings do not name the moved folder:\n%s", formatDiagnostics(snap.Diagnostics))
		}
	})
	t.Run("workflows list", func(t *testing.T) {
		// docs/plan-notes.md carries a real plan marker; only the listed
		// workflows are read, so it is no second plan workflow.
		repo, _ := scanRepoCopy(t)
		plan, err := os.ReadFile(filepath.Join(repo, "workflows/plan-phase.md"))
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, "docs/plan-notes.md"), plan)
		if _, ok := scanFind(scanLoadRepo(t, repo).Diagnostics, "marker-duplicate-step", "workflows/plan-phase.md"); !ok {
			t.Fatal("control: without a workflows list docs/plan-notes.md should declare the plan step too")
		}
		for _, list := range []string{
			`["workflows"]`,
			`["workflows/", "scripts"]`,
			`["workflows/discuss-phase.md", "workflows/plan-phase.md", "workflows/execute-phase.md", "workflows/verify-work.md", "workflows/ship.md"]`,
		} {
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": `+list+`, `+schema+`}`))
			in := scanInput(t, store.ScanOptions{Repo: repo})
			for _, f := range in.Sources.Workflows {
				if !strings.HasPrefix(f.Path, "workflows/") {
					t.Errorf("workflows %s: %s was read as a workflow", list, f.Path)
				}
			}
			snap := scanLoadRepo(t, repo)
			scanWantClean(t, snap)
			if n := len(snap.Result.Contract.Entries); n != 5 {
				t.Errorf("workflows %s: %d host steps, want 5", list, n)
			}
		}
	})
	t.Run("a workflow named whatever its extension", func(t *testing.T) {
		// Named on purpose, it is read: skipped for not ending in .md, it
		// dropped its step out of the contract without a word. A folder
		// named is still walked for *.md only (docs/ship.txt below).
		for _, name := range []string{"ship.markdown", "ship.MD", "ship"} {
			repo, _ := scanRepoCopy(t)
			if err := os.Rename(filepath.Join(repo, "workflows/ship.md"), filepath.Join(repo, "workflows", name)); err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, filepath.Join(repo, "docs/ship.txt"), []byte(overlayReadRepoFile(t, "workflows/ship.md")))
			for _, list := range []string{
				`["workflows", "workflows/` + name + `", "docs"]`,
				`["workflows/discuss-phase.md", "workflows/plan-phase.md", "workflows/execute-phase.md", "workflows/verify-work.md", "workflows/` + name + `"]`,
			} {
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": `+list+`, `+schema+`}`))
				snap := scanLoadRepo(t, repo)
				scanWantClean(t, snap)
				if e := snap.Result.Contract.Entry("ship"); e == nil || e.File != "workflows/"+name {
					t.Errorf("workflows %s: the ship step is %+v, want it from workflows/%s", list, e, name)
				}
			}
		}
	})
	t.Run("cards list", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["bin"], `+schema+`}`))
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		var paths []string
		for _, c := range snap.Result.Cards {
			paths = append(paths, c.Path)
		}
		if len(paths) != 4 || slices.ContainsFunc(paths, func(p string) bool { return !strings.HasPrefix(p, "bin/") }) {
			t.Errorf("cards %v, want the 4 under bin/", paths)
		}
	})
	t.Run("config schema flag", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
			t.Fatal(err)
		}
		// Under another name, so that the walk does not find it.
		if err := os.Rename(filepath.Join(repo, servedSchema), filepath.Join(repo, "config/central.json")); err != nil {
			t.Fatal(err)
		}
		in := scanInput(t, store.ScanOptions{Repo: repo})
		if in.Sources.ConfigSchema != nil {
			t.Errorf("no capreg.json and no flag, but a config schema %s", in.Sources.ConfigSchema.Path)
		}
		abs := filepath.Join(in.Root, "config/central.json")
		for _, flag := range []string{"config/central.json", abs} {
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: flag}})
			scanWantClean(t, snap)
			if _, ok := scanFind(snap.Diagnostics, "config-key-pending-migration", "capabilities/research/capability.json"); !ok {
				t.Errorf("--config-schema %s was not read", flag)
			}
		}
	})
	t.Run("missing configured paths", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "caps", "workflows": ["flows"], "cards": ["tools"], `+schema+`}`))
		snap := scanLoadRepo(t, repo)
		var missing []string
		for _, p := range []string{"caps", "flows", "tools"} {
			// At the missing path (as for a missing config schema), or at
			// capreg.json naming it.
			if !slices.ContainsFunc(snap.Diagnostics, func(d validate.Diagnostic) bool {
				return d.Rule == "file-unreadable" && d.Severity == validate.Error &&
					(d.File == p || d.File == "capreg.json" && strings.Contains(d.Message, p))
			}) {
				missing = append(missing, p)
			}
		}
		if len(missing) > 0 {
			t.Errorf("configured paths %v do not exist but give no file-unreadable error; diagnostics:\n%s",
				missing, formatDiagnostics(snap.Diagnostics))
		}
	})
	t.Run("paths outside the root", func(t *testing.T) {
		for _, cfg := range []string{
			`{"configSchema": "../central.json"}`,
			`{"capabilities": "../capabilities"}`,
			`{"workflows": ["workflows", "/etc"]}`,
			`{"cards": ["bin/../../tools"]}`,
		} {
			repo, out := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(out, "central.json"), []byte(`{"validKeys": []}`))
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(cfg))
			snap := scanLoadRepo(t, repo)
			if d, ok := scanFind(snap.Diagnostics, "path-escape", "capreg.json"); !ok || d.Severity != validate.Error {
				t.Errorf("%s: no path-escape error for capreg.json:\n%s", cfg, formatDiagnostics(snap.Diagnostics))
			}
		}
	})
	t.Run("config schema flag outside the root", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		central := filepath.Join(out, "central.json")
		writeTestFile(t, central, []byte(`{"validKeys": []}`))
		for _, flag := range []string{central, "../outside/central.json"} {
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: flag}})
			if got := scanErrorRules(snap.Diagnostics); !slices.Equal(got, []string{"path-escape"}) {
				t.Errorf("--config-schema %s: rules with errors = %v, want [path-escape]:\n%s", flag, got, formatDiagnostics(snap.Diagnostics))
			}
		}
	})
	t.Run("configured link escaping the root", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(out, "central.json"), []byte(`{"validKeys": []}`))
		makeSymlink(t, filepath.Join(out, "central.json"), filepath.Join(repo, "config/central.json"))
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "config/central.json"}`))
		snap := scanLoadRepo(t, repo)
		if _, ok := scanFind(snap.Diagnostics, "file-unreadable", "config/central.json"); ok {
			t.Errorf("the refused link is also reported as a missing file:\n%s", formatDiagnostics(snap.Diagnostics))
		}
		scanWantOnly(t, snap, "path-escape", "config/central.json", validate.Error)
	})
}

// TestScanIgnoresMarkersInCode: a plan marker quoted in code (fenced,
// indented or in a span) in another document is not a second plan workflow.
func TestScanIgnoresMarkersInCode(t *testing.T) {
	// Each document quotes the plan marker; none is a second plan workflow.
	const block = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n"
	indent := func(s, by string) string {
		return by + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+by) + "\n"
	}
	for _, tc := range []struct {
		name, doc string
	}{
		{"backtick fence", "# Markers\n\n```markdown\n" + block + "```\n"},
		{"tilde fence", "# Markers\n\n~~~\n" + block + "~~~\n"},
		{"longer fence", "# Markers\n\n````\n```\n" + block + "```\n````\n"},
		{"unclosed fence", "# Markers\n\n```\n" + block},
		{"indented fence", "# Markers\n\n   ```\n" + block + "   ```\n"},
		{"inline code", "Tags such as `<loop-point id=\"plan:pre\"/>` and `<agent-role name=\"planner\"/>` are quoted.\n"},
		{"double-backtick code", "Quote it as `` <loop-point id=\"plan:pre\"/> <agent-role name=\"planner\"/> ``.\n"},
		{"fence in a list item", "# Writing a workflow\n\n1. Start the file with:\n\n    ```markdown\n    # Plan phase\n\n" + indent(block, "    ") + "    ```\n\n2. Then add the call sites.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "docs/quoted.md"), []byte(tc.doc))
			snap := scanLoadRepo(t, repo)
			scanWantClean(t, snap)
			if e := snap.Result.Contract.Entry("plan"); e == nil || e.File != "workflows/plan-phase.md" {
				t.Errorf("the plan step does not come from workflows/plan-phase.md: %+v", e)
			}
		})
	}
	t.Run("marker outside code is read", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "docs/quoted.md"), []byte("# Markers\n\n"+block))
		snap := scanLoadRepo(t, repo)
		if _, ok := scanFind(snap.Diagnostics, "marker-duplicate-step", "workflows/plan-phase.md"); !ok {
			t.Errorf("control: an unquoted marker should be read:\n%s", formatDiagnostics(snap.Diagnostics))
		}
	})
}

// A card's tool must be a file beside it: a directory of the same name, or
// the folder itself for "bin/.card.json", leaves the card an orphan; a link
// to a file is a tool.
func TestScanCardToolMustBeAFile(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	card, err := os.ReadFile(filepath.Join(repo, "bin/ft.card.json"))
	if err != nil {
		t.Fatal(err)
	}
	add := func(path, id string) {
		data := bytes.Replace(card, []byte(`"id": "ft"`), []byte(`"id": "`+id+`"`), 1)
		writeTestFile(t, filepath.Join(repo, path), data)
	}
	if err := os.Mkdir(filepath.Join(repo, "bin/sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	add("bin/sub.card.json", "sub")
	add("bin/.card.json", "dot")
	if err := os.Symlink("ft", filepath.Join(repo, "bin/ft-link")); err != nil {
		t.Fatal(err)
	}
	add("bin/ft-link.card.json", "ft-link")
	if err := os.Symlink("gone", filepath.Join(repo, "bin/dangling")); err != nil {
		t.Fatal(err)
	}
	add("bin/dangling.card.json", "dangling")
	outside := filepath.Join(t.TempDir(), "tool")
	writeTestFile(t, outside, []byte("#!/bin/sh\n"))
	if err := os.Symlink(outside, filepath.Join(repo, "bin/out")); err != nil {
		t.Fatal(err)
	}
	add("bin/out.card.json", "out")

	snap := scanLoadRepo(t, repo)
	scanWantClean(t, snap)
	var orphans []string
	// A listing shows a link under the tool's name: the finding says why
	// it is none, not that there is no tool.
	says := map[string]string{"bin/dangling.card.json": "a link to nothing or a folder is none", "bin/out.card.json": "is a symlink leaving the repository, which is not followed"}
	for _, d := range snap.Diagnostics {
		if d.Rule != "card-orphan" {
			continue
		}
		orphans = append(orphans, d.File)
		if want := says[d.File]; !strings.Contains(d.Message, want) {
			t.Errorf("card-orphan of %s says %q, want %q", d.File, d.Message, want)
		}
	}
	slices.Sort(orphans)
	if want := []string{"bin/.card.json", "bin/dangling.card.json", "bin/out.card.json", "bin/sub.card.json"}; !slices.Equal(orphans, want) {
		t.Errorf("card-orphan for %q, want %q", orphans, want)
	}
	// A card named .card.json names no tool and is left out of the index,
	// where its path was the folder, "bin/"; one whose tool is missing
	// stays, as the card of that path.
	var indexed []string
	for _, c := range snap.Result.Cards {
		indexed = append(indexed, c.ID+" "+c.ToolPath)
	}
	if slices.Contains(indexed, "dot bin/") || !slices.Contains(indexed, "sub bin/sub") {
		t.Errorf("indexed cards %q: want sub, and not dot", indexed)
	}
}

// TestScanCardCommand: the scan tells validation what is at the path each
// card's command runs (validate.CardSource.CommandPath): a file, a link to
// one, or a link leaving the repository (not followed) is there; a folder,
// a dangling link or nothing is not, and then the files of its folder a
// did-you-mean may name are listed (validate.MayMeanCommand). A bare word
// names no path.
func TestScanCardCommand(t *testing.T) {
	repo, outside := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "scripts/deploy.sh"), []byte("#!/bin/sh\n"))
	writeTestFile(t, filepath.Join(outside, "tool"), []byte("#!/bin/sh\n"))
	makeSymlink(t, "deploy.sh", filepath.Join(repo, "scripts/linked.sh"))
	makeSymlink(t, "gone.sh", filepath.Join(repo, "scripts/dangling.sh"))
	makeSymlink(t, filepath.Join(outside, "tool"), filepath.Join(repo, "scripts/out.sh"))
	tests := []struct {
		id, command string
		path        string // CommandPath
		found       bool
		nearby      []string
	}{
		{"a", "./scripts/deploy.sh prod", "scripts/deploy.sh", true, nil},
		{"b", "scripts/linked.sh", "scripts/linked.sh", true, nil},
		{"c", "scripts/out.sh", "scripts/out.sh", true, nil},
		{"d", "scripts/dangling.sh", "scripts/dangling.sh", false, []string{"scripts/dangling.sh"}},
		{"e", "scripts/ci --all", "scripts/ci", false, nil}, // no name near "ci"
		{"f", "scripts/deplyo.sh", "scripts/deplyo.sh", false, []string{"scripts/deploy.sh"}},
		{"g", "tools/x", "tools/x", false, nil}, // no such folder
		{"h", "kubectl get pods", "", false, nil},
		{"i", "bin/i", "bin/i", true, nil}, // the card's own tool
	}
	for _, tt := range tests {
		card := `{"id":"` + tt.id + `","command":"` + tt.command + `","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"x"}`
		writeTestFile(t, filepath.Join(repo, "bin", tt.id+".card.json"), []byte(card))
		writeTestFile(t, filepath.Join(repo, "bin", tt.id), []byte("#!/bin/sh\n"))
	}
	in := scanInput(t, store.ScanOptions{Repo: repo})
	for _, tt := range tests {
		i := slices.IndexFunc(in.Sources.Cards, func(c validate.CardSource) bool { return c.Path == "bin/"+tt.id+".card.json" })
		if i < 0 {
			t.Fatalf("no card bin/%s.card.json scanned", tt.id)
		}
		c := in.Sources.Cards[i]
		if c.CommandPath != tt.path || c.CommandFound != tt.found || !slices.Equal(c.CommandNearby, tt.nearby) {
			t.Errorf("command %q: CommandPath %q, CommandFound %v, CommandNearby %q; want %q, %v, %q",
				tt.command, c.CommandPath, c.CommandFound, c.CommandNearby, tt.path, tt.found, tt.nearby)
		}
	}
	// And check warns of those not found, at the command's value.
	var warned []string
	for _, d := range scanLoadRepo(t, repo).Diagnostics {
		if d.Rule == "card-command-missing" {
			warned = append(warned, fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Column))
			// A dangling link is listed beside itself: it is no name the
			// command meant.
			if d.File == "bin/d.card.json" && (strings.Contains(d.Message, "did you mean") || !strings.Contains(d.Message, "a link to nothing or to a folder is none")) {
				t.Errorf("bin/d.card.json: %q, want it to say the link is no file, and name nothing meant", d.Message)
			}
		}
	}
	slices.Sort(warned)
	if want := []string{"bin/d.card.json:1:21", "bin/e.card.json:1:21", "bin/f.card.json:1:21", "bin/g.card.json:1:21"}; !slices.Equal(warned, want) {
		t.Errorf("card-command-missing at %q, want %q", warned, want)
	}
}

// A fragment path that names a directory is fragment-unreadable, not
// not-regular-file (which is for FIFOs, devices and sockets); so is a
// file's path with a slash after it, which open refuses (ENOTDIR) and
// the scan found, cleaned, as the file.
func TestScanFragmentThatIsADirectory(t *testing.T) {
	for _, path := range []string{"loop", "loop/threat-model.md/", "loop/threat-model.md/."} {
		repo, _ := scanRepoCopy(t)
		manifest := filepath.Join(repo, "capabilities/security/capability.json")
		data, err := os.ReadFile(manifest)
		if err != nil {
			t.Fatal(err)
		}
		edited := bytes.Replace(data, []byte(`"path": "loop/threat-model.md"`), []byte(`"path": "`+path+`"`), 1)
		if bytes.Equal(edited, data) {
			t.Fatal("the security capability's fragment changed; update this test")
		}
		writeTestFile(t, manifest, edited)
		snap := scanLoadRepo(t, repo)
		scanWantOnly(t, snap, "fragment-unreadable", "capabilities/security/capability.json", validate.Error)
		if d, _ := scanFind(snap.Diagnostics, "fragment-unreadable", "capabilities/security/capability.json"); !strings.Contains(d.Message, "directory") {
			t.Errorf("%s: message %q does not say the path names a directory", path, d.Message)
		}
	}
}

// An input path that is a directory is reported as such, at the input: a
// capability.json directory no longer drops its capability in silence.
func TestScanInputThatIsADirectory(t *testing.T) {
	tests := []struct {
		name, dir, link, config, file string // link: the dir is a link to this folder
	}{
		{"capability.json", "capabilities/ui/capability.json", "", "", "capabilities/ui/capability.json"},
		// A link to a folder read as one, not as a capability folder
		// without a manifest.
		{"capability.json linked to a folder", "capabilities/ui/capability.json", "../../bin", "", "capabilities/ui/capability.json"},
		{"capreg.json", "capreg.json", "", "", "capreg.json"},
		{"configured schema", "", "", `{"configSchema": "config"}`, "capreg.json"}, // at the value naming it
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if tt.dir != "" {
				p := filepath.Join(repo, tt.dir)
				if err := os.RemoveAll(p); err != nil {
					t.Fatal(err)
				}
				mk := func() error { return os.Mkdir(p, 0o755) }
				if tt.link != "" {
					mk = func() error { return os.Symlink(tt.link, p) }
				}
				if err := mk(); err != nil {
					t.Fatal(err)
				}
			}
			if tt.config != "" {
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tt.config))
			}
			snap := scanLoadRepo(t, repo)
			scanWantOnly(t, snap, "file-unreadable", tt.file, validate.Error)
			if d, _ := scanFind(snap.Diagnostics, "file-unreadable", tt.file); !strings.Contains(d.Message, "is a directory") {
				t.Errorf("message %q does not say it is a directory", d.Message)
			}
		})
	}
}

// Links between the sub-folders of a capability folder do not multiply the
// walk: ten sub-folders each linking to all the others made it enumerate
// every simple path of the link graph (about 10! of them).
func TestScanLinkedSubfoldersAreWalkedOnce(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	const n = 10
	for i := 1; i <= n; i++ {
		if err := os.MkdirAll(filepath.Join(repo, "capabilities/ui", fmt.Sprintf("l%d", i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= n; j++ {
			if i != j {
				makeSymlink(t, fmt.Sprintf("../l%d", j), filepath.Join(repo, "capabilities/ui", fmt.Sprintf("l%d/to%d", i, j)))
			}
		}
	}
	snap := scanLoadRepo(t, repo) // fails the test if the walk does not end in time
	scanWantClean(t, snap)
	if snap.Registry == nil || snap.Registry.ByID["ui"] == nil {
		t.Error("the ui capability is missing")
	}
}

// A capreg.json linking out of the repository is one path-escape, and an
// escaping --config-schema is named as the user gave it.
func TestScanEscapingConfiguration(t *testing.T) {
	t.Run("capreg.json link", func(t *testing.T) {
		repo, outside := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(outside, "capreg.json"), []byte(`{}`))
		if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, filepath.Join(outside, "capreg.json"), filepath.Join(repo, "capreg.json"))
		snap := scanLoadRepo(t, repo)
		var got []string
		for _, d := range snap.Diagnostics {
			if d.File == "capreg.json" {
				got = append(got, string(d.Severity)+" "+d.Rule)
			}
		}
		if want := []string{"error path-escape"}; !slices.Equal(got, want) {
			t.Errorf("capreg.json findings %q, want %q:\n%s", got, want, formatDiagnostics(snap.Diagnostics))
		}
	})
	t.Run("--config-schema", func(t *testing.T) {
		repo, outside := scanRepoCopy(t)
		schema := filepath.Join(outside, "schema.json")
		writeTestFile(t, schema, []byte(`{"validKeys": []}`))
		snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: schema, ConfigSchemaSetting: "--config-schema"}})
		d, ok := scanFind(snap.Diagnostics, "path-escape", "")
		if !ok || !strings.Contains(d.Message, `--config-schema "`+schema+`"`) {
			t.Errorf("no path-escape naming --config-schema %q:\n%s", schema, formatDiagnostics(snap.Diagnostics))
		}
	})
}

// A second workflow declaring a step (a draft copy, say) is one finding.
// Which of the two is the host is unknown, so the checks of the whole
// contract are skipped: the draft has no render-hooks call sites, and
// judging wiring by it reported every hook at the step unwired.
func TestScanDuplicateStepIsOneFinding(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "workflows/a-plan-draft.md"), []byte(
		"<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n# Plan v2 (draft)\n"))
	snap := scanLoadRepo(t, repo)
	if got := scanErrorRules(snap.Diagnostics); !slices.Equal(got, []string{"marker-duplicate-step"}) {
		t.Errorf("error rules %v, want only marker-duplicate-step:\n%s", got, formatDiagnostics(snap.Diagnostics))
	}
}

// A broken capability is reported once, by its own findings: the
// capabilities that require it, or consume what it produces, are not also
// told that it does not exist or that nobody produces the artifact.
// pattern-mapper requires research and consumes its RESEARCH.md.
func TestScanBrokenDependencyIsOneFinding(t *testing.T) {
	for _, tt := range []struct {
		name, old, new, rule string
	}{
		{"does not parse", `"tier": "standard",`, `"tier": standard,`, "json-syntax"},
		{"has a slip mended", `"tier": "standard",`, `"tier": "standard"`, "json-syntax"},
		{"has a slip mended, no blank", "\"tier\": \"standard\",\n  ", `"tier": "standard"`, "json-syntax"},
		{"fails its schema", `"version": "1.2.0"`, `"version": "1.2"`, "schema"},
		// 2 MB of small values: a parse tree, a registry and an indented
		// copy of it gigabytes large, if it were read.
		{"holds too many values", `"gates": []`, `"gates": [], "x-extra": [` + strings.Repeat("[],", 300_000) + `[]]`, "json-syntax"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			file := filepath.Join(repo, "capabilities/research/capability.json")
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(data, []byte(tt.old)) {
				t.Fatalf("research's capability.json no longer holds %s; update this test", tt.old)
			}
			writeTestFile(t, file, bytes.Replace(data, []byte(tt.old), []byte(tt.new), 1))
			scanWantOnly(t, scanLoadRepo(t, repo), tt.rule, "capabilities/research/capability.json", validate.Error)
		})
	}
}

// TestScanMissingRepoSuggestsSibling: a --repo that does not exist names the
// sibling folder a typo or two away (a link to a folder counts, a file does
// not), and none when two are as close or the parent is missing too.
func TestScanMissingRepoSuggestsSibling(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"repo", "checkout", "build-a", "build-b"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "repos"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("checkout", filepath.Join(dir, "current")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		repo, hint string // hint "" means no suggestion
	}{
		{"rpeo", "repo"},         // swapped letters
		{"rep", "repo"},          // one letter short
		{"chekcout", "checkout"}, // a swap of adjacent letters is one edit
		{"chekcuot", "checkout"}, // two edits in a long name
		{"rpe", ""},              // two edits in a short one are too many
		{"rpeos", "repo"},        // two edits in a name of five bytes
		{"curent", "current"},    // a link to a directory counts
		{"reop/x", ""},           // the parent is missing too
		{"zzzz", ""},             // nothing close
		{"build-c", ""},          // two siblings equally close
		{"repoz", "repo"},        // the file "repos" is not a candidate
	}
	for _, tt := range tests {
		t.Run(tt.repo, func(t *testing.T) {
			_, err := store.Scan(context.Background(), store.ScanOptions{Repo: filepath.Join(dir, tt.repo)})
			if !errors.Is(err, store.ErrRepo) || !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("err = %v, want ErrRepo and fs.ErrNotExist", err)
			}
			got := ""
			if _, after, ok := strings.Cut(err.Error(), "(did you mean "); ok {
				got = filepath.Base(strings.TrimSuffix(after, "?)"))
			}
			if got != tt.hint {
				t.Errorf("suggestion = %q, want %q (err: %v)", got, tt.hint, err)
			}
		})
	}
}

// TestScanMissingRepoNoSuggestionFromAFarSibling: a missing --repo with only
// a hidden or far sibling (git-sync's root before its first checkout) is
// ErrRepo and fs.ErrNotExist with no suggestion.
func TestScanMissingRepoNoSuggestionFromAFarSibling(t *testing.T) {
	// git-sync's root before its first checkout: --repo=/git/current with
	// only .git beside it. Neither a lone far folder nor a hidden one is
	// what was meant, and the parent itself must never be offered.
	for _, only := range []string{".git", ".current", "zzzzzzzz", "worktrees"} {
		t.Run(only, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, only), 0o755); err != nil {
				t.Fatal(err)
			}
			err := store.StatRepo(filepath.Join(dir, "current"))
			if !errors.Is(err, store.ErrRepo) || !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("StatRepo = %v, want ErrRepo and fs.ErrNotExist", err)
			}
			if strings.Contains(err.Error(), "did you mean") {
				t.Errorf("StatRepo = %v, want no suggestion", err)
			}
		})
	}
}

// TestScanConfigSchemaInSkippedFolder: the config schema capreg.json or
// --config-schema names is read where it is, even inside a folder the walk
// skips: gsd-core's config-schema.manifest.json normally ships in an npm
// package under node_modules/. A missing one is still reported.
func TestScanConfigSchemaInSkippedFolder(t *testing.T) {
	const moved = "node_modules/gsd/config-schema.manifest.json"
	setup := func(t *testing.T) string {
		repo, _ := scanRepoCopy(t)
		if err := os.MkdirAll(filepath.Join(repo, "node_modules/gsd"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(repo, "config/config-schema.manifest.json"), filepath.Join(repo, moved)); err != nil {
			t.Fatal(err)
		}
		return repo
	}
	wantRead := func(t *testing.T, snap *store.Snapshot, how string) {
		t.Helper()
		scanWantClean(t, snap)
		if _, ok := scanFind(snap.Diagnostics, "config-key-pending-migration", "capabilities/research/capability.json"); !ok {
			t.Errorf("%s: the config schema in node_modules/ was not read", how)
		}
	}
	t.Run("named by capreg.json", func(t *testing.T) {
		repo := setup(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "`+moved+`"}`))
		wantRead(t, scanLoadRepo(t, repo), "capreg.json")
	})
	t.Run("named by the flag", func(t *testing.T) {
		repo := setup(t)
		if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
			t.Fatal(err)
		}
		for _, flag := range []string{moved, filepath.Join(repo, moved)} {
			wantRead(t, scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: flag}}), "--config-schema "+flag)
		}
	})
	t.Run("reached through a link", func(t *testing.T) {
		repo := setup(t)
		makeSymlink(t, "gsd", filepath.Join(repo, "node_modules/.bin-gsd"))
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/.bin-gsd/config-schema.manifest.json"}`))
		wantRead(t, scanLoadRepo(t, repo), "capreg.json through a link")
		// Outside the skipped folders too: a link to a directory the walk
		// read under its own name is not walked again.
		if err := os.Rename(filepath.Join(repo, moved), filepath.Join(repo, "config/config-schema.manifest.json")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, "config", filepath.Join(repo, "settings"))
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "settings/config-schema.manifest.json"}`))
		wantRead(t, scanLoadRepo(t, repo), "capreg.json through a link to a walked folder")
	})
	t.Run("missing, a directory, dangling or escaping", func(t *testing.T) {
		repo := setup(t)
		out := filepath.Join(filepath.Dir(repo), "outside")
		writeTestFile(t, filepath.Join(out, "central.json"), []byte(`{"validKeys": []}`))
		makeSymlink(t, "gone.json", filepath.Join(repo, "vendor/dangling.json"))
		makeSymlink(t, filepath.Join(out, "central.json"), filepath.Join(repo, "vendor/escaping.json"))
		for schema, rule := range map[string]string{
			"node_modules/gsd/missing.json": "file-unreadable",
			"node_modules/gsd":              "file-unreadable",
			"vendor/dangling.json":          "file-unreadable",
			"vendor/escaping.json":          "path-escape",
		} {
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "`+schema+`"}`))
			snap := scanLoadRepo(t, repo)
			if got := scanErrorRules(snap.Diagnostics); !slices.Equal(got, []string{rule}) {
				t.Errorf("config schema %s: rules with errors %v, want [%s]:\n%s", schema, got, rule, formatDiagnostics(snap.Diagnostics))
			}
		}
	})
}

// TestScanSkipsEditorLockFiles: Emacs marks a file being edited with a lock
// beside it, .#name: a dangling symlink (or, where links cannot be made, a
// small file) whose name still ends in .card.json. It is no input.
func TestScanSkipsEditorLockFiles(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	for _, p := range []string{"bin/.#ft.card.json", "capabilities/ui/.#capability.json", "workflows/.#plan-phase.md"} {
		makeSymlink(t, "someone@host.4242:1764400000", filepath.Join(repo, p))
	}
	writeTestFile(t, filepath.Join(repo, "bin/.#land.card.json"), []byte("someone@host.4242:1764400000"))
	snap := scanLoadRepo(t, repo)
	scanWantClean(t, snap)
	if n := len(snap.Result.Cards); n != 5 {
		t.Errorf("%d cards, want 5", n)
	}
}

// A capreg.json that links to nothing is an error, not the defaults: those
// could make a valid registry of the wrong folders (an empty one).
func TestScanDanglingRepoConfig(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, "shared/capreg.json", filepath.Join(repo, "capreg.json"))
	snap := scanLoadRepo(t, repo)
	if !slices.ContainsFunc(snap.Diagnostics, func(d validate.Diagnostic) bool {
		return d.File == "capreg.json" && d.Rule == "file-unreadable" && d.Severity == validate.Error &&
			strings.Contains(d.Message, "symlink to shared/capreg.json, which does not exist")
	}) {
		t.Errorf("no error for the dangling capreg.json:\n%s", formatDiagnostics(snap.Diagnostics))
	}
}

// Roots capreg.json names are read once and reported once however often
// it names them, and one that must be a folder (the capabilities folder, a
// card root) but is a file is an error, not an empty registry.
func TestScanConfiguredRootsOnceAndFolders(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"),
		[]byte(`{"capabilities": "caps", "workflows": ["workflows", "caps"], "cards": ["./caps/", "bin/ft"]}`))
	snap := scanLoadRepo(t, repo)
	var got []string
	for _, d := range snap.Diagnostics {
		if d.File == "capreg.json" {
			got = append(got, fmt.Sprintf("%d:%d %s %s", d.Line, d.Column, d.Pointer, d.Message))
		}
	}
	want := []string{
		`1:18 /capabilities configured path "caps" does not exist in the repository`,
		`1:83 /cards/1 configured path "bin/ft" is a file; it must name a folder`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("capreg.json findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestScanMissingRootWording: a configured path that is plainly not there,
// itself or a folder on its way, is told so without the system's error
// text ("lstat capabilites: no such file or directory" only repeated the
// finding), with the name likely meant; an error that tells more, a file
// on the way, keeps its text.
func TestScanMissingRootWording(t *testing.T) {
	for _, tt := range []struct{ config, want string }{
		{`{"capabilities": "capabilites"}`,
			`configured path "capabilites" does not exist in the repository (did you mean "capabilities"?)`},
		{`{"cards": ["bin", "scripts/nightly"]}`, `configured path "scripts/nightly" does not exist in the repository`},
		{`{"cards": ["bin", "nowhere/ci"]}`, `configured path "nowhere/ci" does not exist in the repository`},
		{`{"cards": ["bin", "bin/ft/x"]}`,
			`configured path "bin/ft/x" does not exist in the repository: not a directory`},
	} {
		t.Run(tt.config, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tt.config))
			var got []string
			for _, d := range scanLoadRepo(t, repo).Diagnostics {
				if d.File == "capreg.json" && d.Rule == "file-unreadable" {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("capreg.json findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}

// A capreg.json linking outside the repository is a path-escape, whether
// or not its target exists.
func TestScanRepoConfigLinkOutside(t *testing.T) {
	for _, target := range []string{"present.json", "missing.json"} {
		repo, out := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(out, "present.json"), []byte(`{}`))
		if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, filepath.Join(out, target), filepath.Join(repo, "capreg.json"))
		snap := scanLoadRepo(t, repo)
		if _, ok := scanFind(snap.Diagnostics, "path-escape", "capreg.json"); !ok {
			t.Errorf("capreg.json -> %s outside: no path-escape:\n%s", target, formatDiagnostics(snap.Diagnostics))
		}
	}
}

// The default capabilities folder, when capreg.json also names it as a card
// root, must exist: the card root's demand is kept when the two merge.
func TestScanDefaultCapabilitiesNamedAsCardRoot(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["capabilities"]}`))
	removeAll(t, filepath.Join(repo, "capabilities"))
	snap := scanLoadRepo(t, repo)
	if _, ok := scanFind(snap.Diagnostics, "file-unreadable", "capreg.json"); !ok {
		t.Errorf("the card root capabilities is missing, but no finding says so:\n%s", formatDiagnostics(snap.Diagnostics))
	}
}

// TestScanDiagnosticsNameNoAbsolutePath: a finding about a link that
// dangles, or a configured path that is missing, names the path inside the
// repository, not where the checkout lives on the server: GET /status
// serves the findings to every client, and git-sync's absolute paths name
// the commit and the volume layout.
func TestScanDiagnosticsNameNoAbsolutePath(t *testing.T) {
	repo, outside := scanRepoCopy(t)
	makeSymlink(t, "gone/x.json", filepath.Join(repo, "bin/gone.card.json"))
	// Relative links that leave the repository, to nothing and to a file:
	// what they reach is named from the repository, as the link names it,
	// not by where the checkout lives.
	makeSymlink(t, "../../elsewhere/x.card.json", filepath.Join(repo, "bin/far.card.json"))
	writeTestFile(t, filepath.Join(outside, "t.card.json"), []byte("{}"))
	makeSymlink(t, "../../outside/t.card.json", filepath.Join(repo, "bin/out.card.json"))
	makeSymlink(t, "../../outside/t.card.json", filepath.Join(repo, "docs/out.json"))
	makeSymlink(t, "gone.json", filepath.Join(repo, "capabilities/ui/capability.json.tmp"))
	if err := os.Remove(filepath.Join(repo, "capabilities/ui/capability.json")); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, "../nowhere/capability.json", filepath.Join(repo, "capabilities/ui/capability.json"))
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/gsd/missing.json", "cards": ["bin", "tools/gone"]}`))
	snap := scanLoadRepo(t, repo)
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Diagnostics) == 0 {
		t.Fatal("no findings")
	}
	parent := filepath.Dir(real)
	for _, d := range snap.Diagnostics {
		if strings.Contains(d.Message, filepath.Dir(repo)) || strings.Contains(d.Message, parent) {
			t.Errorf("%s: the message names where the repository lives: %s", d.File, d.Message)
		}
	}
	for _, want := range []string{"bin/far.card.json: ../elsewhere", "bin/out.card.json: ../outside/t.card.json", "docs/out.json: ../outside/t.card.json"} {
		file, path, _ := strings.Cut(want, ": ")
		if !slices.ContainsFunc(snap.Diagnostics, func(d validate.Diagnostic) bool { return d.File == file && strings.Contains(d.Message, path) }) {
			t.Errorf("no finding at %s naming %s: %v", file, path, snap.Diagnostics)
		}
	}
}

// TestScanReportsAnEscapingRootLinkOnce: a walk root (the capabilities
// folder, a card or workflow root) that is a link out of the repository is
// one path-escape error, not that and a warning about the same link when
// the walk of the tree meets it again; the default capabilities folder,
// which nothing configured, is called what it is.
func TestScanReportsAnEscapingRootLinkOnce(t *testing.T) {
	tests := []struct {
		name     string
		repoConf string // capreg.json; "" removes it
		link     string
		want     string
	}{
		{"default capabilities folder", "", "capabilities", "the capabilities folder is not read: symlink to "},
		{"configured capabilities folder", `{"capabilities": "capabilities"}`, "capabilities", `configured path "capabilities" is not read: symlink to `},
		{"card root", `{"cards": ["bin", "ext"]}`, "ext", `configured path "ext" is not read: symlink to `},
		{"workflow root", `{"workflows": ["workflows", "ext"]}`, "ext", `configured path "ext" is not read: symlink to `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, outside := scanRepoCopy(t)
			conf := filepath.Join(repo, "capreg.json")
			if tt.repoConf == "" {
				if err := os.Remove(conf); err != nil {
					t.Fatal(err)
				}
			} else {
				writeTestFile(t, conf, []byte(tt.repoConf))
			}
			link := filepath.Join(repo, filepath.FromSlash(tt.link))
			if err := os.RemoveAll(link); err != nil {
				t.Fatal(err)
			}
			makeSymlink(t, outside, link)
			snap := scanLoadRepo(t, repo)
			var got []validate.Diagnostic
			for _, d := range snap.Diagnostics {
				if d.File == tt.link && d.Rule == "path-escape" {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].Severity != validate.Error || !strings.Contains(got[0].Message, tt.want) {
				t.Errorf("want one path-escape error at %s saying %q, got %v", tt.link, tt.want, got)
			}
		})
	}
}

// TestScanDiagnosticsNameOutsideLinksFromTheRoot: capreg.json and a
// configured path that lead outside the repository through relative links
// are named as the links name them, from the root; an absolute link's
// target stays as written.
func TestScanDiagnosticsNameOutsideLinksFromTheRoot(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, repo, outside string)
		file  string
		want  string // in the message
	}{
		{"capreg.json", func(t *testing.T, repo, outside string) {
			writeTestFile(t, filepath.Join(outside, "c.json"), []byte("{}"))
			if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
				t.Fatal(err)
			}
			makeSymlink(t, "../outside/c.json", filepath.Join(repo, "capreg.json"))
		}, "capreg.json", "capreg.json is not read: symlink to ../outside/c.json resolves outside the repository root"},
		{"configured path", func(t *testing.T, repo, outside string) {
			makeSymlink(t, "../outside", filepath.Join(repo, "ext"))
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["ext"]}`))
		}, "ext", `configured path "ext" is not read: symlink to ../outside resolves outside the repository root`},
		{"absolute link", func(t *testing.T, repo, outside string) {
			makeSymlink(t, outside, filepath.Join(repo, "ext"))
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["ext"]}`))
		}, "ext", `configured path "ext" is not read: symlink to OUTSIDE resolves outside the repository root`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, outside := scanRepoCopy(t)
			tt.setup(t, repo, outside)
			realOutside, err := filepath.EvalSymlinks(outside)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.ReplaceAll(tt.want, "OUTSIDE", realOutside)
			snap := scanLoadRepo(t, repo)
			if !slices.ContainsFunc(snap.Diagnostics, func(d validate.Diagnostic) bool {
				return d.File == tt.file && d.Rule == "path-escape" && strings.Contains(d.Message, want)
			}) {
				t.Errorf("no path-escape at %s saying %q: %v", tt.file, want, snap.Diagnostics)
			}
		})
	}
}

// A configured path that does not exist names the one probably meant, a
// typo (a plural, a letter, the case) away in the same folder.
func TestScanConfiguredRootDidYouMean(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	// A sibling that leads nowhere, or out, is no name to suggest.
	makeSymlink(t, "gone", filepath.Join(repo, "tool"))
	makeSymlink(t, "../..", filepath.Join(repo, "tolls"))
	// Two edits from a name of ten bytes or more; of two names as near,
	// the first in byte order.
	for _, dir := range []string{"components", "bio"} {
		if err := os.Mkdir(filepath.Join(repo, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["workflow"], "cards": ["Bin", "nothing-like-it", "tols", "komponentz", "bim"]}`))
	snap := scanLoadRepo(t, repo)
	for root, want := range map[string]string{"workflow": ` (did you mean "workflows"?)`, "Bin": ` (did you mean "bin"?)`, "nothing-like-it": "", "tols": "",
		"komponentz": ` (did you mean "components"?)`, "bim": ` (did you mean "bin"?)`} {
		i := slices.IndexFunc(snap.Diagnostics, func(d validate.Diagnostic) bool {
			return d.File == "capreg.json" && strings.Contains(d.Message, fmt.Sprintf("configured path %q does not exist", root))
		})
		if i < 0 {
			t.Errorf("%s: no finding:\n%s", root, formatDiagnostics(snap.Diagnostics))
			continue
		}
		if msg := snap.Diagnostics[i].Message; want != "" && !strings.HasSuffix(msg, want) || want == "" && strings.Contains(msg, "did you mean") {
			t.Errorf("%s: %q, want it to end %q", root, msg, want)
		}
	}
	// The missing workflow root is the finding: the contract is unread,
	// not missing (TestScanMissingWorkflowRootIsOneFinding).
	if slices.ContainsFunc(snap.Diagnostics, func(d validate.Diagnostic) bool { return d.Rule == "contract-missing" }) {
		t.Errorf("contract-missing beside the missing root: %v", snap.Diagnostics)
	}
}

// A configured path spelled as a folder of the repository is but in
// another Unicode normalization (the folder made on macOS, which stores é
// decomposed; the path typed composed) names that folder, with both as
// code points: they print alike, and each accented letter is two bytes
// away, too far for a typo.
func TestScanConfiguredRootOtherwiseNormalized(t *testing.T) {
	const composed, decomposed = "outils-\u00e9t\u00e9", "outils-e\u0301te\u0301"
	for _, tc := range []struct{ name, given, onDisk string }{
		{"composed path, decomposed folder", composed, decomposed},
		{"decomposed path, composed folder", decomposed, composed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if err := os.Mkdir(filepath.Join(repo, tc.onDisk), 0o755); err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["bin", "`+tc.given+`"]}`))
			snap := scanLoadRepo(t, repo)
			want := fmt.Sprintf(" (did you mean %q? as code points: %s and %s; names that look alike may differ in Unicode normalization)",
				tc.onDisk, strconv.QuoteToASCII(tc.given), strconv.QuoteToASCII(tc.onDisk))
			i := slices.IndexFunc(snap.Diagnostics, func(d validate.Diagnostic) bool {
				return d.File == "capreg.json" && strings.Contains(d.Message, "does not exist")
			})
			if i < 0 || !strings.HasSuffix(snap.Diagnostics[i].Message, want) {
				t.Fatalf("want a finding ending %q, got:\n%s", want, formatDiagnostics(snap.Diagnostics))
			}
		})
	}
}

// TestCapabilityLinkWithoutDeclarationIsWorded: the warning about a
// capability folder that is a link to a folder with no capability.json
// names where the link leads as the repository sees it, the root by name.
func TestCapabilityLinkWithoutDeclarationIsWorded(t *testing.T) {
	for _, c := range []struct{ link, text, want string }{
		{"capabilities/loop", "..", "capabilities/loop is a link to the repository root, which holds no capability.json, so it is no capability: link to a capability folder, or remove the link"},
		{"capabilities/shared", "../bin", "capabilities/shared is a link to bin, which holds no capability.json, so it is no capability: link to a capability folder, or remove the link"},
	} {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, c.text, filepath.Join(repo, c.link))
		snap := scanLoadRepo(t, repo)
		if d, ok := scanFind(snap.Diagnostics, "capability-misplaced", c.link); !ok || d.Message != c.want {
			t.Errorf("%s -> %s: %q, want %q", c.link, c.text, d.Message, c.want)
		}
	}
}

// TestRepoThatIsNoFolder: a --repo naming a file or a FIFO, or a path under
// a file, is no repository a clone will ever make: StatRepo says
// ErrRepoNotFolder for each (serve refuses it as a usage error rather than
// waiting for it), and Scan refuses a file or a FIFO with the same error. A
// path under a file fails Scan's resolving of it, as a path that is not
// there does; a folder is none of these.
func TestRepoThatIsNoFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "capreg.json")
	writeTestFile(t, file, []byte("{}\n"))
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	for _, c := range []struct {
		name, repo    string
		scanNotFolder bool // else Scan fails with ENOTDIR
	}{
		{"file", file, true},
		{"fifo", fifo, true},
		{"under a file", filepath.Join(file, "sub"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := store.StatRepo(c.repo)
			if !errors.Is(err, store.ErrRepo) || !errors.Is(err, store.ErrRepoNotFolder) {
				t.Errorf("StatRepo = %v, want ErrRepo and ErrRepoNotFolder", err)
			}
			in, err := store.Scan(context.Background(), store.ScanOptions{Repo: c.repo})
			if in != nil || !errors.Is(err, store.ErrRepo) {
				t.Fatalf("Scan = %v, %v; want no input and ErrRepo", in, err)
			}
			if c.scanNotFolder != errors.Is(err, store.ErrRepoNotFolder) {
				t.Errorf("Scan = %v; ErrRepoNotFolder is %v, want %v", err, !c.scanNotFolder, c.scanNotFolder)
			}
			if !c.scanNotFolder && !errors.Is(err, syscall.ENOTDIR) {
				t.Errorf("Scan = %v, want ENOTDIR", err)
			}
			if !strings.Contains(err.Error(), c.repo) {
				t.Errorf("Scan = %v, want it to name %s", err, c.repo)
			}
		})
	}
	if err := store.StatRepo(dir); err != nil {
		t.Errorf("StatRepo(a folder) = %v, want nil", err)
	}
}

// TestScanMissingRepoOtherwiseNormalized: a --repo typed composed ("dépôt",
// NFC) naming a folder stored decomposed (NFD, as macOS makes it) is told
// that folder, with both names as code points, as they print alike; each
// accented letter is two bytes off, too far for the typo distance.
func TestScanMissingRepoOtherwiseNormalized(t *testing.T) {
	dir := t.TempDir()
	nfd, nfc := "de\u0301po\u0302t", "d\u00e9p\u00f4t"
	if err := os.Mkdir(filepath.Join(dir, nfd), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, nfc)); err == nil {
		t.Skip("this file system normalizes names: both spellings name the folder")
	}
	err := store.StatRepo(filepath.Join(dir, nfc))
	if !errors.Is(err, store.ErrRepo) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("StatRepo = %v, want ErrRepo and fs.ErrNotExist", err)
	}
	want := fmt.Sprintf("(did you mean %s (as code points: %s and %s; names that look alike may differ in Unicode normalization)?)",
		filepath.Join(dir, nfd), strconv.QuoteToASCII(nfc), strconv.QuoteToASCII(nfd))
	if !strings.Contains(err.Error(), want) {
		t.Errorf("StatRepo = %v\nwant it to hold %s", err, want)
	}
}
