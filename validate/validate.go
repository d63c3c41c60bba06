// Package validate is capreg's validation core: it turns the files of a
// repository (Sources) into checked capabilities, a Loop Host Contract and tool
// cards, with every problem as a positioned Diagnostic. It is pure: it reads
// nothing from disk, so `capreg check`, `capreg gen` and the daemon share it.
package validate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"path"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/validate/ojson"
	"github.com/dlclark/regexp2/v2"
)

// Result is the outcome of validating one repository.
type Result struct {
	Contract *Contract
	// Capabilities are the capabilities that passed every per-capability
	// check, in folder order; only these take part in cross checks and the
	// registry (as in the reference generator).
	Capabilities []*Capability
	// Points are the hooks of Capabilities ordered at each of the loop
	// points, in canonical order; the registry serves them when there are
	// no errors.
	Points      []PointHooks
	Cards       []*Card
	Central     *CentralSchema
	Diagnostics Diagnostics
	// Checked and Reused count the capabilities whose per-capability checks
	// ran in this validation and those taken unchanged from a Cache.
	Checked, Reused int
	// CardsChecked and CardsReused count the tool cards so (their own
	// checks: JSON, fields, schema, replaces patterns); a card that could
	// not be read is checked.
	CardsChecked, CardsReused int
}

// Validate checks a repository completely and never stops at the first
// problem: each check runs on whatever it can, so one pass shows everything.
// A nil src is a repository of no files, as &Sources{} is.
func Validate(src *Sources) *Result {
	res, _ := validate(context.Background(), src, nil) // never stopped
	return res
}

// ValidateContext is Validate stopped when ctx ends: it looks at ctx
// between its phases, before each capability and each central config
// pattern, and once ctx has ended returns a nil Result and an error
// wrapping ctx.Err() (errors.Is(err, context.Canceled) holds for a
// cancelled ctx). A Result it returns is complete, the one Validate gives.
func ValidateContext(ctx context.Context, src *Sources) (*Result, error) {
	return validate(ctx, src, nil)
}

// stopped is the error of a validation ctx ended: nothing it checked is
// returned.
func stopped(ctx context.Context) error {
	return fmt.Errorf("validation stopped before it finished: %w", ctx.Err())
}

// validate runs the checks in the order their findings feed one another:
// the repository's own files (markers, central schema, capreg.json) first,
// as the capabilities are checked against them, then the capabilities,
// their cross-checks and the cards; ctx is looked at between the steps.
func validate(ctx context.Context, src *Sources, cache *Cache) (*Result, error) {
	if ctx.Err() != nil {
		return nil, stopped(ctx)
	}
	if src == nil {
		src = &Sources{}
	}
	s := &sink{diags: make(Diagnostics, 0, len(src.Diagnostics))}
	pkgs := packagesOf(src)
	keepScanFindings(src, pkgs, s)
	scanned := len(s.diags) // from here on, findings a file read mended may have
	res := &Result{}
	attempted, central := checkRepoFiles(src, pkgs, res, s)
	if ctx.Err() != nil {
		return nil, stopped(ctx)
	}

	all, looked, err := checkAll(ctx, src.Capabilities, res.Contract, cache, s)
	if err != nil {
		return nil, err
	}
	for _, c := range all {
		if c.valid {
			res.Capabilities = append(res.Capabilities, c)
		}
	}
	checkContractFound(src, attempted, s)
	res.Points = crossCheck(ctx, res.Capabilities, all, unreadFolders(src, all), central, res.Contract, s)
	noteKeyOwners(all, s.diags)
	if ctx.Err() != nil { // the central patterns may have stopped short
		return nil, stopped(ctx)
	}
	cards := pkgs.cards(src.Cards)
	res.Cards = checkCards(cards, cache, looked, s)
	if ctx.Err() != nil {
		return nil, stopped(ctx)
	}
	if len(src.Capabilities) == 0 && len(cards) == 0 && !attempted && len(pkgs.named()) == 0 && !slices.ContainsFunc(s.diags, isMisplacedOrError) {
		s.add(nothingRead(src))
	}
	// Only now, with nothing left to stop it, does the cache take this
	// validation's checks: a stopped one leaves it as it was.
	reused, cardsReused := cache.commit(looked)
	res.Checked, res.Reused = len(src.Capabilities)-reused, reused
	res.CardsChecked, res.CardsReused = len(cards)-cardsReused, cardsReused
	res.Diagnostics = settle(s.diags, scanned)
	return res, nil
}

// keepScanFindings puts the scan's own findings in s (clipped as the
// sink's), but for those in a package's files: they are its own check's.
func keepScanFindings(src *Sources, pkgs packageScope, s *sink) {
	for _, d := range src.Diagnostics {
		if _, in := pkgs.packageOf(d.File); !in {
			s.add(d)
		}
	}
}

// checkRepoFiles checks what the capabilities are then checked against:
// the host workflows' markers (res.Contract), the central config schema
// (res.Central, and central for the cross-checks) and capreg.json, with
// the files found where none belongs. attempted says a workflow held a
// marker, read or not.
func checkRepoFiles(src *Sources, pkgs packageScope, res *Result, s *sink) (attempted bool, central *centralInput) {
	s.products = nestedProducts(src, pkgs)
	markers, attempted, broken, inCodeAt, rejected := parseMarkers(pkgs.workflows(src.Workflows), s)
	res.Contract = buildContract(markers, broken, inCodeAt, NotWalked(src), s)
	res.Contract.rejected.merge(rejected)
	central = parseCentral(src.ConfigSchema, src.RepoConfig, s)
	res.Central = central.schema()
	checkSchemaFound(src, pkgs, s)
	checkStrayDeclarations(src, pkgs, s)
	checkMisnamedCards(src, pkgs, s)
	checkLinkTexts(src, s)
	pkgs.warn(s, src)
	return attempted, central
}

// settle makes the findings a Result's: the mended notes on those after
// the scan's own (diags[scanned:]), the key echoes dropped, sorted and
// clipped per rule.
func settle(diags Diagnostics, scanned int) Diagnostics {
	noteMended(diags[scanned:])
	diags = withoutKeyEchoes(diags)
	diags.Sort()
	return LimitPerRule(diags)
}

// checkContractFound reports capabilities with no host workflow to hook
// into (contract-missing): attempted says a workflow held a marker, read
// or not.
func checkContractFound(src *Sources, attempted bool, s *sink) {
	// A workflow root capreg.json names that the scan could not read (a
	// path that does not exist: "workflow" for "workflows") is the
	// finding, at the value naming it: the contract it holds is not
	// missing, only unread. A json-syntax finding's pointer is where the
	// parse stopped, not a root the scan could not read.
	rootFailed := slices.ContainsFunc(src.Diagnostics, func(d Diagnostic) bool {
		return d.Severity == Error && d.File == RepoConfigFile && d.Rule != "json-syntax" &&
			(d.Pointer == "/workflows" || strings.HasPrefix(d.Pointer, "/workflows/"))
	})
	if len(src.Capabilities) == 0 || attempted || rootFailed {
		return
	}
	notRead := NotWalked(src)
	where := "or, if the workflows are in a folder capreg does not walk (node_modules/, vendor/, .venv/), name it in capreg.json's \"workflows\""
	switch {
	case len(src.WorkflowRoots) > 0:
		// Named already: the advice to name them is no help.
		roots := src.WorkflowRoots
		more := ""
		if len(roots) > 5 {
			roots, more = roots[:5], ", …"
		}
		where = fmt.Sprintf("or check the paths capreg.json's \"workflows\" names (%s%s): no markdown file under them holds a marker", strings.Join(roots, ", "), more)
		if notRead != "" {
			where += "; " + notRead
		}
	case notRead != "":
		// The folders it met are named: where the workflows may be.
		where = "or, if the workflows are in a folder capreg does not walk, name it in capreg.json's \"workflows\": " + notRead
	}
	s.add(Diagnostic{File: src.CapabilitiesDir, Rule: "contract-missing", Message: fmt.Sprintf(
		"%s but no host workflow: hooks cannot be checked without the Loop Host Contract; add a <!-- gsd:loop-host … --> block (or <loop-point/> tags) to the workflow of each step (%s), %s",
		Plural(len(src.Capabilities), "capability"), strings.Join(Steps, ", "), where)})
}

// NotWalked names the folders the walk met and did not read (a folder
// named node_modules, vendor, venv or .venv, or a git repository of its
// own; under a workflow root capreg.json names, when it names any), as
// "vendor/ and tools/x/ were not read (…)"; "" for none. A step declared
// by no workflow (point-uncovered) and contract-missing say it: a workflow
// moved into one of them is never read, and the finding otherwise blamed
// no file, or another one (a doc quoting its marker). Only the names the
// walk met: listing what they hold would walk node_modules/, and one
// listing of vendor/ shows vendor/workflows/, not the file in it.
func NotWalked(src *Sources) string {
	var dirs []string
	for _, d := range slices.Concat(src.SkippedDirs, src.OwnRepositories) {
		if len(src.WorkflowRoots) > 0 && !slices.ContainsFunc(src.WorkflowRoots, func(r string) bool {
			return r == "." || strings.HasPrefix(d, strings.TrimSuffix(r, "/")+"/")
		}) {
			continue
		}
		dirs = append(dirs, d+"/")
	}
	if len(dirs) == 0 {
		return ""
	}
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	n, verb := len(dirs), "was"
	if n > 1 {
		verb = "were"
	}
	if n > 5 {
		dirs = append(dirs[:5:5], fmt.Sprintf("%d more", n-5))
	}
	return fmt.Sprintf("%s %s not read (the walk skips folders named node_modules, vendor, venv or .venv, and git repositories of their own)", AndList(dirs), verb)
}

// nothingRead is the finding of a repository holding no capability
// folder, tool card or host workflow marker: valid (CONTRACT §1), and
// seldom meant. A checkout's capabilities/ folder, or a CI step run from
// the wrong working directory, passed the gate having checked nothing; a
// warning, it is in every format of check, and --strict fails on it. Not
// said beside capability-misplaced findings, which say what to give, nor
// beside an error (a capreg.json that does not parse, or names a folder
// that is not there: the folder is a repository, and the error is what
// to fix).
func nothingRead(src *Sources) Diagnostic {
	capDir := src.CapabilitiesDir
	if capDir == "" {
		capDir = "capabilities"
	}
	msg := fmt.Sprintf("the repository holds nothing capreg reads: no %s, host workflow marker or tool card (*.card.json); ",
		path.Join(capDir, "<id>", ManifestName))
	if skipped := OwnRepositoriesSkipped(src.OwnRepositories); skipped != "" {
		return Diagnostic{Rule: "repository-empty", Severity: Warning, Message: msg + skipped}
	}
	return Diagnostic{Rule: "repository-empty", Severity: Warning, Message: msg + "if this folder is part of a repository, give --repo its root"}
}

// OwnRepositoriesSkipped says that the walk did not read the folders
// below the root that are git repositories of their own, and what to
// give --repo instead; "" for none. A repository holding nothing else was
// given as its checkout's parent: git-sync's root, whose worktree is
// reached as current, or a folder of agents' worktrees.
func OwnRepositoriesSkipped(folders []string) string {
	switch n := len(folders); {
	case n == 0:
		return ""
	case n == 1:
		return fmt.Sprintf("the walk did not read %s, a git repository of its own (a worktree or a clone): give --repo %s to check it", folders[0], folders[0])
	default:
		shown := folders
		if n > 5 {
			shown = append(slices.Clone(folders[:5]), fmt.Sprintf("%d more", n-5))
		}
		return fmt.Sprintf("the walk did not read %s that are git repositories of their own (worktrees or clones: %s): give --repo the one to check",
			Plural(n, "folder"), strings.Join(shown, ", "))
	}
}

// withoutKeyEchoes drops the warning that an unknown key is a slip of a
// field's name (field-near-miss, card-unknown-field) where a schema error
// at that very key says the field it misspells is missing
// (requiredMessage): the error already names the key and the field, and
// two findings at one line said one thing.
func withoutKeyEchoes(ds Diagnostics) Diagnostics {
	type place struct{ file, pointer string }
	var missing map[place]bool
	for _, d := range ds {
		if d.Rule == "schema" && d.Pointer != "" && strings.HasPrefix(d.Message, "missing required field") {
			if missing == nil {
				missing = map[place]bool{}
			}
			missing[place{d.File, d.Pointer}] = true
		}
	}
	if missing == nil {
		return ds
	}
	return slices.DeleteFunc(ds, func(d Diagnostic) bool {
		return (d.Rule == "field-near-miss" || d.Rule == "card-unknown-field") && missing[place{d.File, d.Pointer}]
	})
}

// isMisplacedOrError reports whether d is an error, or says a
// declaration or package is not read where it is (capability-misplaced:
// a monorepo's root, or a folder of misnamed declarations), either of
// which tells what to do better than that nothing was read.
func isMisplacedOrError(d Diagnostic) bool {
	return d.Rule == "capability-misplaced" || d.severity() == Error
}

// unreadFolders names the capability folders that yielded no capability:
// their capability.json could not be read or parsed, or is not a JSON
// object (checkCapability), or the scan could not read the folder itself
// (a link out of the repository or to nothing, no permission), an error
// it reported at the folder.
func unreadFolders(src *Sources, parsed []*Capability) map[string]bool {
	out := make(map[string]bool)
	for i := range src.Capabilities {
		out[src.Capabilities[i].Folder] = true
	}
	for _, d := range src.Diagnostics {
		if d.severity() == Error && src.CapabilitiesDir != "" && path.Dir(d.File) == path.Clean(src.CapabilitiesDir) && path.Base(d.File) != "." {
			out[path.Base(d.File)] = true
		}
	}
	for _, c := range parsed {
		delete(out, c.Folder)
	}
	return out
}

// workerPanic is a panic of one of checkAll's workers, with its stack.
type workerPanic struct {
	value any
	stack []byte
}

// Error is the worker's panic value and its stack, as it is raised again
// on the caller's goroutine.
func (p workerPanic) Error() string {
	return fmt.Sprintf("%v\n\nworker goroutine stack:\n%s", p.value, p.stack)
}

// Unwrap is the panic value when it is an error (a runtime.Error, as an
// index out of range is), so that the caller that recovers it finds it
// with errors.As, as it would a panic on its own goroutine.
func (p workerPanic) Unwrap() error {
	err, _ := p.value.(error)
	return err
}

// checkAll runs the per-capability checks, which are independent of each
// other, on every core, taking from cache those whose inputs it has seen.
// Each capability reports into its own sink and the sinks are merged in
// folder order, so the result does not depend on scheduling. It also
// returns the cache's lookups, which validate commits to the cache once the
// whole validation has finished. Once ctx ends no capability is begun: it
// returns stopped's error, and the cache, which holds only checks of a
// whole repository, is left as it was.
func checkAll(ctx context.Context, srcs []CapabilitySource, contract *Contract, cache *Cache, s *sink) ([]*Capability, *lookups, error) {
	caps := make([]*Capability, len(srcs))
	sinks := make([]sink, len(srcs))
	l := cache.prepare(len(srcs))
	var next atomic.Int64
	var wg sync.WaitGroup
	var panicked atomic.Value // a worker's panic, raised again below
	for range min(runtime.GOMAXPROCS(0), len(srcs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					panicked.CompareAndSwap(nil, workerPanic{v, debug.Stack()})
					next.Store(int64(len(srcs))) // the others stop too
				}
			}()
			for i := int(next.Add(1) - 1); i < len(srcs); i = int(next.Add(1) - 1) {
				if ctx.Err() != nil {
					return
				}
				c := cache.check(l, i, &srcs[i], &sinks[i])
				if c == nil {
					continue
				}
				if c.Role == "feature" {
					checkAgainstContract(c, contract, &sinks[i])
				}
				c.valid = !sinks[i].diags.HasErrors()
				caps[i] = c
			}
		}()
	}
	wg.Wait()
	if p, ok := panicked.Load().(workerPanic); ok {
		// On the caller's goroutine, where it can be recovered: the
		// daemon turns a build that panics into a failed build, and a
		// panic on a worker's would end the process.
		panic(p)
	}
	if ctx.Err() != nil { // some capabilities may not have been checked
		return nil, nil, stopped(ctx)
	}
	var all []*Capability
	for i := range srcs {
		s.diags = append(s.diags, sinks[i].diags...)
		if caps[i] != nil {
			all = append(all, caps[i])
		}
	}
	return all, l, nil
}

// unscannedMarkdown reports a markdown file that could not be read. One too
// large or not a regular file (a FIFO, which capreg never opens) was not
// read by choice, and might hold a marker or not: a warning, as most such
// files are no workflow. Any other failure is an error (file-unreadable).
func unscannedMarkdown(s *sink, f File) {
	rule := ""
	switch {
	case isErr(f.Err, ErrTooLarge):
		rule = "file-too-large"
	case isErr(f.Err, ErrNotRegular):
		rule = "not-regular-file"
	default:
		fileError(s, f.Path, f.Err)
		return
	}
	do := "capreg never opens one; if it is meant as a host workflow, put it there as a regular file" // a FIFO, device or socket
	if rule == "file-too-large" {
		do = "if it is meant as a host workflow, cut it below 8 MiB"
	}
	s.add(Diagnostic{File: f.Path, Rule: rule, Severity: Warning,
		Message: "markdown file not scanned for loop-host markers: " + f.Err.Error() + ": " + do})
}

// parseMarkers parses every candidate workflow. attempted reports whether any
// file held a marker at all, well-formed or rejected with an error; broken
// whether a marker was rejected. A marker hidden in a fence left open is
// neither: it is code, and its file holds none. inCodeAt says, by step,
// where a file with no marker holds one for it in code (codeMarker), for
// the finding that the step is missing. rejected holds the call sites of
// the files whose marker was rejected: each such file may be a host
// workflow once its marker is mended.
func parseMarkers(files []File, s *sink) (markers []*Marker, attempted, broken bool, inCodeAt map[string]string, rejected rejectedCalls) {
	var inCodeRuns map[string]bool  // whether inCodeAt's file runs the step
	var callsAt map[string][]string // by step, the marker-less files calling its points (noteCalls)
	for _, f := range files {
		if f.Err != nil {
			unscannedMarkdown(s, f)
			continue
		}
		before := len(s.diags)
		mk, inCode := parseMarker(f.Path, f.Data, s)
		// Only an error rejects a marker. A warning alone (a marker hidden
		// in a fence left open) leaves a file without one, whose step the
		// coverage checks must then report missing: skipping them would
		// pass a contract without that step.
		isRejected := mk == nil && s.diags[before:].HasErrors()
		if mk != nil {
			markers = append(markers, mk)
		}
		broken = broken || isRejected
		attempted = attempted || mk != nil || isRejected
		if isRejected {
			rejected.add(f.Data)
		}
		// The first such file names it, but for one that runs the step
		// (it has call sites of the step's points), which a document
		// read before it, quoting the marker (docs/adr/…), must not
		// hide: that workflow's marker is the one most likely meant.
		if step := inCode.Value; mk == nil && !isRejected && step != "" && (inCodeAt[step] == "" || !inCodeRuns[step] && runsStep(f.Data, step)) {
			if inCodeAt == nil {
				inCodeAt, inCodeRuns = map[string]string{}, map[string]bool{}
			}
			inCodeRuns[step] = runsStep(f.Data, step)
			inCodeAt[step] = inCodeNote(f, inCode)
		}
		// A file with no marker that calls a step's points (its marker
		// deleted, or never written) is named for that step (below).
		if mk == nil && !isRejected && inCode.Value == "" {
			callsAt = noteCalls(callsAt, f)
		}
		// A UTF-16 file is reported by parseMarker, whole; its bytes as
		// UTF-8 would only repeat that.
		if (mk != nil || len(s.diags) > before) && !isUTF16(f.Data) {
			checkUTF8(f.Path, f.Data, s)
		}
	}
	inCodeAt = nameCallers(inCodeAt, inCodeRuns, callsAt)
	return markers, attempted, broken, inCodeAt, rejected
}

// inCodeNote says where f, a file with no marker, holds the loop-host
// marker inCode in code, and what to do for it to be read.
func inCodeNote(f File, inCode codeMarker) string {
	how := "in code (a fenced code block or backticks), which is not read as a marker: take it out of the code if it is meant to be read"
	if inCode.commented {
		how = "in an HTML comment (<!-- … -->), which is not read as a marker: take it out of the comment if it is meant to be read"
	}
	if inCode.indented {
		how = "as indented code (its lines start with a tab or four spaces), which is not read: start them at the margin"
	}
	return fmt.Sprintf("%s:%d holds a loop-host marker for it %s", f.Path, lineOf(f.Data, inCode.Off), how)
}

// nameCallers returns inCodeAt with, for each step of callsAt, the
// marker-less files calling its points named instead. A file calling
// the step's points says more than a marker in the code of one that
// calls none (an ADR quoting it): only a quoted marker in a workflow
// that runs the step (inCodeRuns) is named before it.
func nameCallers(inCodeAt map[string]string, inCodeRuns map[string]bool, callsAt map[string][]string) map[string]string {
	for step, files := range callsAt {
		if inCodeAt[step] == "" || !inCodeRuns[step] {
			if inCodeAt == nil {
				inCodeAt = map[string]string{}
			}
			holds, call := "holds", "calls"
			if len(files) > 1 {
				holds, call = "hold", "call"
			}
			inCodeAt[step] = fmt.Sprintf("%s %s no loop-host marker, and %s its points (loop render-hooks): give the workflow that runs it a loop-host marker", strings.Join(files, ", "), holds, call)
		}
	}
	return inCodeAt
}

// maxCallFiles bounds the marker-less files a point-uncovered finding
// names for a step whose points they call.
const maxCallFiles = 3

// noteCalls adds f, a markdown file with no marker, as "path:line" of its
// first call site of each step to callsAt, by step, for the first
// maxCallFiles such files of a step.
func noteCalls(callsAt map[string][]string, f File) map[string][]string {
	if isUTF16(f.Data) || !bytes.Contains(f.Data, []byte("loop render-hooks")) {
		return callsAt
	}
	seen := map[string]bool{}
	eachCallSite(f.Data, func(p string, at int) bool {
		step := stepOf(p)
		if seen[step] || len(callsAt[step]) == maxCallFiles {
			return true
		}
		seen[step] = true
		if callsAt == nil {
			callsAt = map[string][]string{}
		}
		callsAt[step] = append(callsAt[step], fmt.Sprintf("%s:%d", f.Path, lineOf(f.Data, at)))
		return true
	})
	return callsAt
}

// rejectedCalls are the `loop render-hooks` call sites of the workflows
// whose marker was rejected, or read but left out of the contract (its
// step unknown, or declared by another workflow too), which count once it
// is mended (sites); unknown when one of them is UTF-16, whose call sites
// are not read.
type rejectedCalls struct {
	sites   map[string]bool
	unknown bool
}

// add takes the call sites of src, a workflow whose marker was rejected.
func (r *rejectedCalls) add(src []byte) {
	if isUTF16(src) {
		r.unknown = true
		return
	}
	r.addSites(callSites(src))
}

// addSites takes the call sites of a workflow whose marker is in no
// contract entry.
func (r *rejectedCalls) addSites(points []string) {
	for _, p := range points {
		if r.sites == nil {
			r.sites = map[string]bool{}
		}
		r.sites[p] = true
	}
}

// merge takes o's call sites too.
func (r *rejectedCalls) merge(o rejectedCalls) {
	r.unknown = r.unknown || o.unknown
	r.addSites(slices.Collect(maps.Keys(o.sites)))
}

// runsStep reports whether src has a `loop render-hooks` call site of a
// point of step: a workflow that runs the step, not a document about it.
func runsStep(src []byte, step string) bool {
	return slices.ContainsFunc(callSites(src), func(p string) bool { return stepOf(p) == step })
}

// wireHint says how to mend a hook at an unwired point: where the call
// site goes (the host workflow of the point's step, the file that runs
// the step) and which points of that step are wired, to move the hook to.
func wireHint(contract *Contract, e *ContractEntry, point string) string {
	if near := contract.nearWired[point]; near != "" {
		return near
	}
	hint := fmt.Sprintf("add `gsd_run loop render-hooks %s` to %s, the host workflow of step %q, where that point runs", point, e.File, e.Step)
	var wired []string
	for _, p := range e.Points {
		if contract.Wired[p] {
			wired = append(wired, p)
		}
	}
	if len(wired) == 0 {
		return hint + fmt.Sprintf(" (no point of step %q is wired yet)", e.Step)
	}
	return hint + fmt.Sprintf(", or move the hook to a wired point of the step (%s)", strings.Join(wired, ", "))
}

// checkAgainstContract checks a feature's hooks against the host contract:
// contributions target a role of their step (§2.8) and every hook point has a
// render-hooks call site when the workflows have any (§2.9). While a
// marker is not understood, only the hooks of the steps whose host is
// known (Contract.knownHost) are: a marker mended cannot change those steps'
// roles, and the call sites of the workflows whose marker was rejected
// count as wired, as they will once it is mended.
func checkAgainstContract(c *Capability, contract *Contract, s *sink) {
	for _, group := range [][]*Hook{c.Steps, c.Contributions, c.Gates} {
		for _, h := range group {
			if PointIndex(h.Point) < 0 || !contract.knownHost(stepOf(h.Point)) {
				continue
			}
			// A point no host workflow declares is point-uncovered, once;
			// its hooks' call sites may be in a workflow whose marker was
			// not read, so "no call site" would be untrue.
			if e := contract.ForPoint(h.Point); contract.unwired(h.Point) && e != nil {
				s.at(c.doc, h.Pointer()+"/point", "point-unwired",
					"capability %q %ss[%d].point %q is declared but not wired in any host-loop workflow (no `loop render-hooks %s` call site in one; "+
						"one in a file without a loop-host marker does not count); the hook would never run: %s",
					c.ID, h.Kind, h.Index, h.Point, h.Point, wireHint(contract, e, h.Point))
			}
			if h.Kind != ContributionHook || !h.Raw.Get("into").IsString() {
				continue
			}
			e := contract.ForPoint(h.Point)
			switch {
			case e != nil && misspeltRoleMeans(e, h.Into):
				// The marker's role-family error is the finding: a role
				// it misspells ("plannr") is the one this into names,
				// and telling a healthy capability to write the typo
				// sends its reader to break it.
			case e == nil:
				// No host workflow declares the step: point-uncovered, once,
				// says to declare it, and its roles are unknown until then.
			case !slices.Contains(e.AgentRoles, h.Into):
				s.at(c.doc, h.Pointer()+"/into", "into-not-in-roles",
					"capability %q contribution.into %q at point %q is not in the step's agentRoles %s%s", c.ID, h.Into, h.Point, quoteList(e.AgentRoles), intoHint(contract, e, h.Into))
			}
		}
	}
}

// misspeltRoleMeans reports whether e's workflow publishes a role outside
// the vocabulary, which checkRoles reports at its marker, that may mean
// the role into names: the same but for case or joining, two letters
// from it ("plannr", "Planner", "plannér" for "planner"), or roles
// written without commas between them, one of them into's ("planner
// checker"). An into that no
// unknown role may mean ("verifier" beside "plannr") is still told.
func misspeltRoleMeans(e *ContractEntry, into string) bool {
	return slices.ContainsFunc(e.AgentRoles, func(r string) bool {
		_, known := roleFamily[r]
		return !known && (sameWords(r, into) || EditDistance(casefold.String(r), into, 2) <= 2 || slices.Contains(joinedRoles(r), into))
	})
}

// roleAgents maps the agent each role is spawned as (gsd-core's
// ROLE_TO_AGENT, ref §1.3) to the role: an into naming the agent
// ("gsd-planner") rather than its role is a slip the message can mend.
var roleAgents = map[string]string{
	"gsd-phase-researcher": "researcher", "gsd-planner": "planner", "gsd-plan-checker": "checker",
	"gsd-executor": "executor", "gsd-verifier": "verifier",
}

// intoHint says what to write for a contribution's into that is not a role
// of its point's step e: the role it names the agent of, the role a typo
// away, or the steps that do publish it, whose points the contribution
// could move to.
func intoHint(contract *Contract, e *ContractEntry, into string) string {
	if r, ok := roleAgents[into]; ok && slices.Contains(e.AgentRoles, r) {
		return fmt.Sprintf("; into names a role, not its agent: write %q", r)
	}
	if want := nearestName(into, e.AgentRoles); want != "" {
		return fmt.Sprintf("; did you mean %q?", want)
	}
	if fam, known := roleFamily[into]; known && fam == stepFamily[e.Step] {
		// A role the step's family admits, which its workflow left out:
		// the workflow may be the one to mend.
		return fmt.Sprintf("; into names one of them, or, if the step runs a %s, add %q to the roles of %s, the host workflow of step %q, whose family admits it", into, into, e.File, e.Step)
	}
	var points []string
	for _, o := range contract.Entries {
		if o.Step != e.Step && slices.Contains(o.AgentRoles, into) {
			points = append(points, o.Points...)
		}
	}
	if len(points) == 0 {
		return fmt.Sprintf("; into names one of them (the roles step %q publishes)", e.Step)
	}
	return fmt.Sprintf("; into names one of them, or move the contribution to a point whose step publishes %q (%s)", into, strings.Join(points, ", "))
}

// patternTimeout bounds one match of a central pattern against a config key.
// The patterns are backtracking (JavaScript) expressions; a key is a short
// dotted name, so only a pathological pattern comes near it.
const patternTimeout = 250 * time.Millisecond

// compileJSPattern compiles a dynamicKeyPatterns source the way gsd-core
// does, with new RegExp(source): JavaScript syntax and semantics, so
// lookaround and backreferences work and mean what they mean there (Go's
// regexp has neither).
func compileJSPattern(src string) (*regexp2.Regexp, error) {
	depth, alts, err := groupShape(src)
	if err != nil {
		return nil, err
	}
	if depth > maxPatternDepth || alts > maxAlternatives {
		return nil, &patternDepthError{depth, alts}
	}
	re, err := regexp2.Compile(src, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = patternTimeout
	return re, nil
}

// maxPatternDepth is how deep the groups of a central pattern may nest for
// capreg to compile it, and maxAlternatives how many alternatives one
// group (or the pattern, outside any) may hold. regexp2 compiles nested
// groups in time quadratic in their depth, lookarounds the most: 100,000
// nested (?= in a 400 KB POST /validate body took 32 s of CPU, a 1 MiB one
// minutes; and alternatives each a prefix of the next ("ab|aab|aaab")
// in time exponential in their number (24: 11 ms; 32: 0.1 s; 40: 1.75 s;
// 60: over 20 s), while compiling counts in no budget and holds the one
// validation turn (or the watcher's rebuild). No key pattern nests groups
// that deep or lists that many choices in one group; one that does is not
// compiled and fails closed (see checkCentralPatterns).
const (
	maxPatternDepth = 32
	maxAlternatives = 24
)

// patternDepthError says that a central pattern nests its groups deeper
// than maxPatternDepth, or holds more than maxAlternatives in one.
type patternDepthError struct{ depth, alternatives int }

func (e *patternDepthError) Error() string {
	return fmt.Sprintf("its groups nest %d deep and hold up to %d alternatives, and capreg compiles patterns whose groups nest at most %d deep and hold at most %d alternatives",
		e.depth, e.alternatives, maxPatternDepth, maxAlternatives)
}

// groupShape reads the groups of src as new RegExp does (a parenthesis or
// bar escaped, or inside a class, is none): how deep they nest, the most
// alternatives one group (or src outside any) holds, and the error of the
// first "(?" group that regexp2 accepts in its ECMAScript mode but
// JavaScript rejects with "Invalid group": inline flags such as (?i),
// atomic (?>…), comment (?#…), conditional (?(…)…) and quoted-name
// (?'n'…) groups of .NET, PCRE and Python. JavaScript knows (?:…),
// lookaround, (?<name>…) and the modifiers (?ims-ims:…) only.
func groupShape(src string) (deepest, widest int, err error) {
	bars := []int{0} // of each open group, and of src outside any
	inClass := false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			if i+1 < len(src) && src[i+1] == '?' && !jsGroupOpener(src[i+2:]) {
				end := min(i+4, len(src))
				return 0, 0, fmt.Errorf("invalid group %q: JavaScript has no such group syntax", src[i:end])
			}
			bars = append(bars, 0)
			deepest = max(deepest, len(bars)-1)
		case c == ')' && len(bars) > 1:
			widest = max(widest, bars[len(bars)-1]+1)
			bars = bars[:len(bars)-1]
		case c == '|':
			bars[len(bars)-1]++
		}
	}
	for _, n := range bars { // the unclosed groups, which regexp2 refuses, and the top
		widest = max(widest, n+1)
	}
	return deepest, widest, nil
}

// jsGroupOpener says whether rest, the text after "(?", opens a group
// JavaScript knows.
func jsGroupOpener(rest string) bool {
	if rest == "" {
		return false
	}
	switch rest[0] {
	case ':', '=', '!':
		return true
	case '<':
		// (?<=, (?<! or a named group; regexp2 judges the name.
		return len(rest) > 1 && rest[1] != '>'
	}
	// Modifiers: (?ims:…), (?-ims:…), (?i-m:…), each flag at most once.
	seen := map[byte]bool{}
	dash := false
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; c {
		case 'i', 'm', 's':
			if seen[c] {
				return false
			}
			seen[c] = true
		case '-':
			if dash {
				return false
			}
			dash = true
		case ':':
			return len(seen) > 0
		default:
			return false
		}
	}
	return false
}

// checkSchemaFound warns when discovery found several central config
// schemas: using none of them silently would skip the collision checks a
// repository with one gets, and picking one would guess.
func checkSchemaFound(src *Sources, pkgs packageScope, s *sink) {
	if src.ConfigSchemaFrom != SchemaFromDiscovery || src.ConfigSchema != nil {
		return
	}
	found := pkgs.schemaCandidates(src.ConfigSchemaFound) // a package's schema is its own
	if len(found) < 2 {
		return
	}
	s.add(Diagnostic{Rule: "config-schema-ambiguous", Message: fmt.Sprintf(
		"%d files are named %s (%s) and nothing names the central config schema, so config keys are compared with none of them: name the central one in capreg.json's configSchema (or \"\" for none), or %s",
		len(found), SchemaFileName, strings.Join(found, ", "), schemaSettingAdvice(src.ConfigSchemaSetting))})
}

// schemaSettingAdvice is how to name the central config schema by the
// caller's setting (Sources.ConfigSchemaSetting): "pass --config-schema"
// for a flag, "set ScanOptions.ConfigSchema" for another setting.
func schemaSettingAdvice(setting string) string {
	if setting == "" {
		setting = SchemaFromFlag
	}
	if strings.HasPrefix(setting, "-") {
		return "pass " + setting
	}
	return "set " + setting
}

// centralNearMisses warns of each key of the central config schema d that
// is a slip for one of its two fields the file lacks ("validKey", in the
// singular, or "dynamicKeyPattern"): the schema does not close its object,
// so the field was left out in silence and no key compared with it. It
// reports whether it warned.
func centralNearMisses(d *doc, s *sink) bool {
	fields := []string{"validKeys", "dynamicKeyPatterns"}
	warned := false
	for _, m := range d.Root.Members {
		if slices.Contains(fields, m.Key) {
			continue
		}
		meant := nearestField(m.Key, fields)
		if meant == "" && slices.Contains(fields, m.Key+"s") {
			meant = m.Key + "s" // the singular, which nearestField leaves
		}
		if meant != "" && !d.Root.Has(meant) {
			s.warnAt(d, "/"+ojson.EscapePointer(m.Key), "config-file",
				"unknown field %s is not read; did you mean %s? (the central config schema's fields are validKeys and dynamicKeyPatterns: no config key is compared with %s)",
				quoteKey(m.Key), quoteKey(meant), meant)
			warned = true
		}
	}
	return warned
}

// parseCentral reads the central config schema: {validKeys, dynamicKeyPatterns}.
// It does not compile the patterns: checkCentralPatterns compiles each in
// turn, and reports there those that do not compile. A schema read past
// its slips (mendDoc) is checked as its mended text, its own findings
// noted so, and is then no schema (schema is nil): no capability's key is
// judged by a guess at what the file holds, as none is by a schema that
// does not parse.
func parseCentral(f, repoConfig *File, s *sink) *centralInput {
	if f == nil {
		return nil
	}
	var missing *MissingSchemaError
	if errors.As(f.Err, &missing) && missing.NamedBy == RepoConfigFile {
		d := Diagnostic{File: RepoConfigFile, Rule: "file-unreadable", Message: f.Err.Error()}
		PlaceConfiguredPath(&d, repoConfig, missing.Path)
		s.add(d)
		return nil
	}
	if f.Err != nil {
		fileError(s, f.Path, f.Err)
		return nil
	}
	// Read past its slips as capability.json is (mendDoc), so that one
	// run tells the schema's other mistakes too.
	d := mendDoc(f.Path, f.Data, false, s)
	if d == nil {
		return nil
	}
	before := len(s.diags)
	checkSchema("central", d, s)
	for i := before; i < len(s.diags); i++ {
		s.diags[i].Rule = "config-file"
	}
	// A slip for a field is said of the key meant, as the warning below
	// would say of none.
	slipped := centralNearMisses(d, s)
	if !slipped && d.Root.Kind == ojson.Object && d.Root.Get("validKeys") == nil && d.Root.Get("dynamicKeyPatterns") == nil {
		// {} or a file of another kind (a tool card named by
		// --config-schema): no key would be checked, in silence.
		s.warnAt(d, "", "config-file", "the central config schema holds neither validKeys nor dynamicKeyPatterns, "+
			"so no config key is compared with it: is this the right file?")
	}
	in := &centralInput{CentralSchema: &CentralSchema{ValidKeys: d.Root.Get("validKeys").Strings(), File: f.Path}, doc: d, mended: d.mended}
	if pats := d.Root.Get("dynamicKeyPatterns"); pats != nil && pats.Kind == ojson.Array {
		for i := range pats.Items {
			if src := pats.Items[i].Get("source"); src.IsString() {
				in.Sources = append(in.Sources, src.Str)
				in.at = append(in.at, i)
			}
		}
	}
	return in
}
