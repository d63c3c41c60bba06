package store_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// The rule fixtures live in testdata/rules, one per rule of validate.Rules,
// named <rule-id>.txtar. Each is an overlay on a fresh copy of testdata/repo
// (a valid repository) that breaks it in exactly one way: its files replace or
// add files of the copy. TestRuleFixtures asserts that every wanted finding is
// reported at its place, and that the rule is the only one with errors (for a
// warning rule: that there are no errors). The comment section of the archive
// holds directives, one per line ('#' lines are prose):
//
//	want: <file>:<line>[:<col>] <rule-id>   a diagnostic the fixture must produce
//	                                        (file "-" = repository-wide)
//	message: <text>                         the diagnostic of the want before says text
//	                                        (in its message; one directive per text)
//	delete: <path>                          remove a file or directory of the base
//	base: empty                             start from an empty directory
//	mkfifo: <path>                          create a named pipe
//	symlink: <path> -> <target>             create a symlink ($OUTSIDE = a directory
//	                                        outside the repository)
//	linktext: <path> -> <target>            a file holding <target> and no line end, as
//	                                        Git checks a symlink out with core.symlinks false
//	bigfile: <path> <bytes>                 create a file of that size
//	flag: strict | config-schema=<path> | max-input-bytes=<n>
//	                                        load options ($OUTSIDE allowed)
//	skip: <reason>                          a known bug: the fixture is skipped
//
// Archive files whose name starts with $OUTSIDE/ are written outside the
// repository, where a symlink can point at them.
const (
	ruleFixturesDir = "../testdata/rules"
	baseRepoDir     = "../testdata/repo"
	outsideVar      = "$OUTSIDE"
)

// ruleFixture is one parsed testdata/rules/<rule>.txtar.
type ruleFixture struct {
	rule         string
	wants        []ruleWant
	deletes      []string
	emptyBase    bool
	fifos        []string
	symlinks     [][2]string // path, target
	linkTexts    [][2]string // path, target
	bigfiles     []ruleBigFile
	strict       bool
	configSchema string
	maxInput     int64 // ScanOptions.MaxInputBytes
	skip         string
	files        []txtar.File
}

type ruleWant struct {
	file      string // "" for a repository-wide finding
	line, col int    // col 0 = any column
	rule      string
	messages  []string // texts its message holds
}

func (w ruleWant) String() string {
	file := w.file
	if file == "" {
		file = "-"
	}
	at := fmt.Sprintf("%s:%d", file, w.line)
	if w.col > 0 {
		at += fmt.Sprintf(":%d", w.col)
	}
	s := at + " " + w.rule
	for _, m := range w.messages {
		s += fmt.Sprintf(" saying %q", m)
	}
	return s
}

type ruleBigFile struct {
	path string
	size int
}

// TestRuleFixtures: each rule's txtar fixture under testdata/rules, loaded as
// a repository, gives exactly the findings it lists.
func TestRuleFixtures(t *testing.T) {
	for _, path := range ruleFixturePaths(t) {
		rule := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(rule, func(t *testing.T) {
			t.Parallel()
			f := readRuleFixture(t, path)
			repo := materializeFixture(t, f)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			snap, err := store.Load(ctx, store.Options{
				ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: f.configSchema, MaxInputBytes: f.maxInput},
				Strict:      f.strict,
			})
			if err != nil {
				t.Fatalf("store.Load: %v", err)
			}
			problems := f.check(snap.Diagnostics)
			if f.skip != "" {
				if len(problems) == 0 {
					t.Skipf("%s (the fixture passes now: remove the skip)", f.skip)
				}
				t.Skip(f.skip)
			}
			for _, p := range problems {
				t.Error(p)
			}
			if t.Failed() {
				t.Logf("diagnostics:\n%s", formatDiagnostics(snap.Diagnostics))
			}
		})
	}
}

// TestEveryRuleHasAFixture: every rule of validate.Rules has a fixture and
// every fixture names a rule, so a new rule cannot go untested.
func TestEveryRuleHasAFixture(t *testing.T) {
	have := map[string]bool{}
	for _, path := range ruleFixturePaths(t) {
		id := strings.TrimSuffix(filepath.Base(path), ".txtar")
		have[id] = true
		if _, ok := validate.RuleByID(id); !ok {
			t.Errorf("%s: no rule %q in validate.Rules", path, id)
		}
	}
	for _, r := range validate.Rules {
		if !have[r.ID] {
			t.Errorf("rule %q has no fixture %s/%s.txtar", r.ID, ruleFixturesDir, r.ID)
		}
	}
}

func ruleFixturePaths(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(ruleFixturesDir, "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures in %s (%v)", ruleFixturesDir, err)
	}
	return paths
}

// check returns what is wrong with the diagnostics of a fixture: a wanted
// finding missing, or errors of other rules. Under flag: strict every finding
// is an error, so the fixture's rule must then be the only rule reported.
func (f *ruleFixture) check(diags validate.Diagnostics) []string {
	var problems []string
	for _, w := range f.wants {
		if !slices.ContainsFunc(diags, w.matches) {
			problems = append(problems, "missing "+w.String())
		}
	}
	rule, _ := validate.RuleByID(f.rule)
	var errs []string
	for _, d := range diags {
		if d.Severity == validate.Error && !slices.Contains(errs, d.Rule) {
			errs = append(errs, d.Rule)
		}
	}
	slices.Sort(errs)
	wantErrs := []string{}
	if rule.Severity == validate.Error || f.strict {
		wantErrs = []string{f.rule}
	}
	if !slices.Equal(errs, wantErrs) {
		problems = append(problems, fmt.Sprintf("rules with errors = %v, want exactly %v", errs, wantErrs))
	}
	return problems
}

func (w ruleWant) matches(d validate.Diagnostic) bool {
	return d.Rule == w.rule && d.File == w.file && d.Line == w.line && (w.col == 0 || d.Column == w.col) &&
		!slices.ContainsFunc(w.messages, func(m string) bool { return !strings.Contains(d.Message, m) })
}

func formatDiagnostics(diags validate.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "\t%s\n", d)
	}
	return b.String()
}

// readRuleFixture parses a fixture and its directives.
func readRuleFixture(t *testing.T, path string) *ruleFixture {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	f := &ruleFixture{rule: strings.TrimSuffix(filepath.Base(path), ".txtar"), files: ar.Files}
	if _, ok := validate.RuleByID(f.rule); !ok {
		t.Fatalf("%s: the file name names no rule of validate.Rules", path)
	}
	for n, line := range strings.Split(string(ar.Comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := f.directive(line); err != nil {
			t.Fatalf("%s:%d: %v", path, n+1, err)
		}
	}
	if len(f.wants) == 0 {
		t.Fatalf("%s: no want: directive", path)
	}
	return f
}

func (f *ruleFixture) directive(line string) error {
	key, arg, ok := strings.Cut(line, ":")
	arg = strings.TrimSpace(arg)
	if !ok || arg == "" {
		return fmt.Errorf("%q is not a directive (prose lines start with '#')", line)
	}
	switch key {
	case "want":
		w, err := parseRuleWant(arg)
		if err != nil {
			return err
		}
		if w.rule != f.rule {
			return fmt.Errorf("want %s: a fixture asserts only its own rule %q", w, f.rule)
		}
		f.wants = append(f.wants, w)
	case "message":
		if len(f.wants) == 0 {
			return fmt.Errorf("message: no want: before it")
		}
		w := &f.wants[len(f.wants)-1]
		w.messages = append(w.messages, arg)
	case "delete":
		f.deletes = append(f.deletes, arg)
	case "base":
		if arg != "empty" {
			return fmt.Errorf("base: %q, want empty", arg)
		}
		f.emptyBase = true
	case "mkfifo":
		f.fifos = append(f.fifos, arg)
	case "symlink":
		p, target, ok := strings.Cut(arg, " -> ")
		if !ok {
			return fmt.Errorf("symlink: want <path> -> <target>")
		}
		f.symlinks = append(f.symlinks, [2]string{strings.TrimSpace(p), strings.TrimSpace(target)})
	case "linktext":
		p, target, ok := strings.Cut(arg, " -> ")
		if !ok {
			return fmt.Errorf("linktext: want <path> -> <target>")
		}
		f.linkTexts = append(f.linkTexts, [2]string{strings.TrimSpace(p), strings.TrimSpace(target)})
	case "bigfile":
		p, size, _ := strings.Cut(arg, " ")
		n, err := strconv.Atoi(strings.TrimSpace(size))
		if err != nil {
			return fmt.Errorf("bigfile: %v", err)
		}
		f.bigfiles = append(f.bigfiles, ruleBigFile{p, n})
	case "flag":
		switch {
		case arg == "strict":
			f.strict = true
		case strings.HasPrefix(arg, "config-schema="):
			f.configSchema = strings.TrimPrefix(arg, "config-schema=")
		case strings.HasPrefix(arg, "max-input-bytes="):
			n, err := strconv.ParseInt(strings.TrimPrefix(arg, "max-input-bytes="), 10, 64)
			if err != nil {
				return fmt.Errorf("flag: %v", err)
			}
			f.maxInput = n
		default:
			return fmt.Errorf("unknown flag %q", arg)
		}
	case "skip":
		f.skip = arg
	default:
		return fmt.Errorf("unknown directive %q", key)
	}
	return nil
}

// parseRuleWant parses "<file>:<line>[:<col>] <rule-id>".
func parseRuleWant(arg string) (ruleWant, error) {
	loc, rule, ok := strings.Cut(arg, " ")
	if !ok {
		return ruleWant{}, fmt.Errorf("want %q: expected <file>:<line>[:<col>] <rule-id>", arg)
	}
	w := ruleWant{rule: strings.TrimSpace(rule)}
	parts := strings.Split(loc, ":")
	var nums []int
	for len(parts) > 1 && len(nums) < 2 {
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		parts = parts[:len(parts)-1]
	}
	if len(nums) == 0 {
		return ruleWant{}, fmt.Errorf("want %q: no line number", arg)
	}
	w.file = strings.Join(parts, ":")
	if w.file == "-" {
		w.file = ""
	}
	w.line = nums[0]
	if len(nums) == 2 {
		w.col = nums[1]
	}
	return w, nil
}

// materializeFixture builds the fixture's repository in a temporary directory
// and returns its path.
func materializeFixture(t *testing.T, f *ruleFixture) string {
	t.Helper()
	tmp := t.TempDir()
	repo, out := filepath.Join(tmp, "repo"), filepath.Join(tmp, "outside")
	for _, dir := range []string{repo, out} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	resolve := func(p string) string {
		if rest, ok := strings.CutPrefix(p, outsideVar); ok {
			return filepath.Join(out, filepath.FromSlash(rest))
		}
		return filepath.Join(repo, filepath.FromSlash(p))
	}
	if !f.emptyBase {
		copyRepoTree(t, baseRepoDir, repo)
	}
	for _, p := range f.deletes {
		if _, err := os.Lstat(resolve(p)); err != nil {
			t.Fatalf("delete: %v", err)
		}
		if err := os.RemoveAll(resolve(p)); err != nil {
			t.Fatal(err)
		}
	}
	for _, af := range f.files {
		writeTestFile(t, resolve(af.Name), af.Data)
	}
	for _, p := range f.fifos {
		makeFIFO(t, resolve(p))
	}
	for _, l := range f.symlinks {
		makeSymlink(t, strings.ReplaceAll(l[1], outsideVar, out), resolve(l[0]))
	}
	for _, l := range f.linkTexts {
		writeTestFile(t, resolve(l[0]), []byte(l[1]))
	}
	for _, b := range f.bigfiles {
		writeTestFile(t, resolve(b.path), bigFileContent(b.path, b.size))
	}
	f.configSchema = strings.ReplaceAll(f.configSchema, outsideVar, out)
	return repo
}

// copyRepoTree copies a test repository, failing the test on an error (see
// copyTree).
func copyRepoTree(t testing.TB, from, to string) {
	t.Helper()
	if err := copyTree(from, to); err != nil {
		t.Fatal(err)
	}
}

func writeTestFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// makeFIFO creates a named pipe with mkfifo(1), which keeps the test portable
// to systems without syscall.Mkfifo; it skips where pipes cannot be made.
func makeFIFO(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mkfifo", path).CombinedOutput(); err != nil {
		t.Skipf("cannot create a FIFO here: %v %s", err, out)
	}
}

func makeSymlink(t testing.TB, target, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Skipf("cannot create a symlink here: %v", err)
	}
}

// bigFileContent returns size bytes of plausible content for the file's type: a
// JSON object with one long string, or markdown text.
func bigFileContent(name string, size int) []byte {
	var head, fill, tail string
	switch {
	case strings.HasSuffix(name, ".json"):
		head, fill, tail = `{"padding": "`, "x", "\"}\n"
	case strings.HasSuffix(name, ".md"):
		head, fill, tail = "# Notes\n\n", "Lorem ipsum dolor sit amet.\n", ""
	default:
		head, fill, tail = "", "x", "\n"
	}
	var b bytes.Buffer
	b.Grow(size)
	b.WriteString(head)
	for b.Len()+len(fill)+len(tail) <= size {
		b.WriteString(fill)
	}
	for b.Len()+len(tail) < size {
		b.WriteByte(' ')
	}
	b.WriteString(tail)
	return b.Bytes()[:size]
}
