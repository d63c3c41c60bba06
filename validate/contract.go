package validate

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/capreg/capreg/internal/casefold"
)

// Points is the canonical order of the 12 loop points (ref §1.1 POINT_ORDER).
// Validation, Registry.Point, the render and the API read it as it is, even
// for a snapshot built before: treat it as read-only (slices.Clone it to
// change a copy).
var Points = []string{
	"discuss:pre", "discuss:post",
	"plan:pre", "plan:post",
	"execute:pre", "execute:wave:pre", "execute:wave:post", "execute:post",
	"verify:pre", "verify:post",
	"ship:pre", "ship:post",
}

// PointIndex returns the position of a point in Points, or -1.
func PointIndex(point string) int { return slices.Index(Points, point) }

// PointsOfStep returns the loop points of a step or sub-step named without
// its phase ("plan" gives plan:pre and plan:post, "execute:wave" its two),
// in canonical order, or nil: a caller who names a step plainly meant one
// of its points, yet no one of them is a typo away to suggest alone. Case,
// surrounding blanks and a trailing colon are forgiven, as NearestID
// forgives them.
func PointsOfStep(step string) []string {
	step = strings.TrimSuffix(casefold.String(strings.TrimSpace(step)), ":")
	if step == "" {
		return nil
	}
	var out []string
	for _, p := range Points {
		if strings.HasPrefix(p, step+":") {
			out = append(out, p)
		}
	}
	return out
}

// Steps is the pipeline order of the five loop steps. Validation reads it as
// it is: treat it as read-only.
var Steps = []string{"discuss", "plan", "execute", "verify", "ship"}

// stepFamily is EXPECTED_FAMILY_BY_STEP (ADR-894 amendment #4740): each step
// admits the roles of exactly one family.
var stepFamily = map[string]string{
	"discuss": "orchestration", "plan": "planning", "execute": "execution",
	"verify": "orchestration", "ship": "orchestration",
}

// roleFamily maps each role of the closed vocabulary to its family.
var roleFamily = map[string]string{
	"orchestrator": "orchestration",
	"researcher":   "planning", "planner": "planning", "checker": "planning",
	"executor": "execution", "verifier": "execution",
}

// stepOf returns the step owning a canonical point.
func stepOf(point string) string {
	step, _, _ := strings.Cut(point, ":")
	return step
}

// ContractEntry is one step of the Loop Host Contract, exactly the reference's
// shape (ref §1.6).
type ContractEntry struct {
	Step       string
	Points     []string
	AgentRoles []string
	Produces   []string
	Consumes   []string
	File       string // the workflow it was generated from
}

// Contract is the Loop Host Contract: one entry per declared step, in
// pipeline order, plus the points any host workflow calls render-hooks for.
type Contract struct {
	Entries []ContractEntry
	// Wired is the set of points with a `loop render-hooks <point>` call site in
	// a host workflow; empty when no workflow has call sites.
	Wired map[string]bool
	// nearWired maps a point that is not wired to where a host workflow
	// seems to call render-hooks for it in a form the scan does not read
	// (`loop render-hook verify:pre`), as nearCallSites tells it.
	nearWired map[string]string
	// hosts are the markers of the steps declared, by step: where each
	// value is written.
	hosts map[string]*Marker
	// Complete says every workflow marker was understood. When one was not,
	// the checks that depend on the whole contract (coverage, call sites,
	// roles of that step, host artifacts) are skipped but for the steps
	// whose host is known (knownHost): they would only repeat the marker's own
	// finding in other words.
	Complete bool
	// judged are the steps whose host is known: one marker declares each,
	// its step known and its points understood.
	judged map[string]bool
	// rejected are the call sites of the workflows whose marker was
	// rejected (see parseMarkers) or is in no entry.
	rejected rejectedCalls
}

// knownHost reports whether the host of step is known whatever else is wrong
// with the markers: every marker was understood and one declares it, or,
// while one was not, one marker declares the step, its points
// understood. A marker not understood, once mended, then declares another
// step, or the step a second time, which is marker-duplicate-step.
func (c *Contract) knownHost(step string) bool {
	return c.Entry(step) != nil && (c.Complete || c.judged[step])
}

// knownThrough reports whether what the host workflows make by point
// index at is known, or told unknown: every marker was understood, or,
// while one was not, the host of the step at belongs to is known
// (knownHost), and of every step before it too, or it is declared by no
// workflow. A host artifact is available from its step's last point
// listed, which is at or after the step's first: the marker not
// understood, once mended, declares a later step, or a step twice
// (marker-duplicate-step), and cannot make what is consumed at at
// available by then; or it declares an earlier step no workflow
// declares, whose artifacts are unknown all the same, as they are with
// every marker understood: a consume it may meet is a warning saying so
// (undeclaredBy). (At's own step must be known: its marker, mended, may
// list its points only up to at.)
func (c *Contract) knownThrough(at int) bool {
	if c.Complete {
		return true
	}
	if at < 0 {
		return false
	}
	for _, step := range Steps {
		if step == stepOf(Points[at]) {
			return c.knownHost(step)
		}
		if !c.knownHost(step) && c.Entry(step) != nil {
			return false
		}
	}
	return false
}

// unknownBefore reports whether, while a marker is not understood, a step
// whose host is not known (knownHost) ends before point index idx: what
// it makes may be available before idx.
func (c *Contract) unknownBefore(idx int) bool {
	if c.Complete {
		return false
	}
	for _, step := range Steps {
		ps := PointsOfStep(step)
		if PointIndex(ps[len(ps)-1]) >= idx {
			return false
		}
		if !c.knownHost(step) {
			return true
		}
	}
	return false
}

// unwired reports whether point has no `loop render-hooks` call site in
// a host workflow while some do, none in a workflow whose marker was
// rejected either (which counts once it is mended); not while such a
// workflow's call sites are not read.
func (c *Contract) unwired(point string) bool {
	if c.rejected.unknown || c.Wired[point] || c.rejected.sites[point] {
		return false
	}
	return len(c.Wired) > 0 || len(c.rejected.sites) > 0
}

// Entry returns the contract entry of a step, or nil.
func (c *Contract) Entry(step string) *ContractEntry {
	for i := range c.Entries {
		if c.Entries[i].Step == step {
			return &c.Entries[i]
		}
	}
	return nil
}

// ForPoint returns the entry of the step owning point, or nil.
func (c *Contract) ForPoint(point string) *ContractEntry { return c.Entry(stepOf(point)) }

// buildContract checks the markers of every workflow against the canonical
// steps, points and role families, and builds the contract from the ones that
// declare a known step.
//
// notRead names the folders the walk did not read (NotWalked): a step no
// workflow declares says them, as its workflow may have been moved there.
func buildContract(markers []*Marker, broken bool, inCodeAt map[string]string, notRead string, s *sink) *Contract {
	c := &Contract{Wired: map[string]bool{}, Complete: len(markers) > 0 && !broken}
	byStep := map[string]*Marker{}
	declared := map[string]*Marker{} // point → first declaring marker
	judged := map[string]bool{}      // the steps whose coverage is known: one marker, its points understood
	for _, mk := range markers {
		unswapLists(mk, s)
		if !checkStep(mk, s) {
			c.Complete = false
			c.rejected.addSites(mk.CallSites)
			continue
		}
		step := mk.Step.Value
		if first := byStep[step]; first != nil {
			reportDuplicateStep(mk, first, s)
			// Which of the two is the host is unknown: the checks of the
			// whole contract would judge it by a guess.
			c.Complete = false
			judged[step] = false
			c.rejected.addSites(mk.CallSites)
			continue
		}
		byStep[step] = mk
		checkRoles(mk, s)
		if !checkPoints(mk, declared, s) {
			// The step's points are not what its author meant. Its
			// artifacts are available from its last point, so checking
			// consumes against them would blame every capability that
			// consumes them for the marker's own finding.
			c.Complete = false
		} else if _, dup := judged[step]; !dup {
			judged[step] = true
		}
		c.addHost(step, mk)
	}
	if c.Complete {
		reportUncovered(markers, byStep, declared, inCodeAt, nil, notRead, s)
	} else {
		// A step one workflow declares, its points understood, lacks
		// the points it lacks whatever is wrong with the others'
		// markers: told in the same run, not once they are mended. A
		// step no workflow declares is not, as a marker not read may be
		// its.
		reportUncovered(markers, byStep, declared, inCodeAt, judged, notRead, s)
	}
	c.judged = judged
	c.Entries = contractEntries(byStep)
	return c
}

// addHost records mk as the marker of step's host workflow, and the
// points its file calls, or nearly calls, as wired.
func (c *Contract) addHost(step string, mk *Marker) {
	for _, p := range mk.CallSites {
		c.Wired[p] = true
	}
	if c.nearWired == nil {
		c.nearWired, c.hosts = map[string]string{}, map[string]*Marker{}
	}
	nearCallSites(mk.File, mk.Src, c.nearWired)
	c.hosts[step] = mk
}

// contractEntries are the entries of the steps byStep holds a host
// workflow's marker of, in the order of Steps.
func contractEntries(byStep map[string]*Marker) []ContractEntry {
	var entries []ContractEntry
	for _, step := range Steps {
		if mk := byStep[step]; mk != nil {
			entries = append(entries, ContractEntry{
				Step: step, Points: Values(mk.Points), AgentRoles: Values(mk.Roles),
				Produces: Values(mk.Produces), Consumes: Values(mk.Consumes), File: mk.File,
			})
		}
	}
	return entries
}

// reportDuplicateStep tells that mk declares the step first, a marker
// before it, declares: at both, as which of the two a change added is
// unknown, and an annotation only on the other is one a pull request's
// diff does not show.
func reportDuplicateStep(mk, first *Marker, s *sink) {
	const fix = "one workflow file owns each step (if one quotes a marker as an example, as ADR-894's text does, put the " +
		"example in a code fence; if one is a copy, such as a runtime's local install, name the workflow " +
		"folders in capreg.json's \"workflows\" so the copy is not read; if the two are packages of a monorepo checked from " +
		"its root, check each package with --repo)"
	why := fix
	if fold := pathsFold(mk.File, first.File); fold != "" {
		// Verify.md beside verify.md: a Windows or macOS checkout
		// holds one of the two, so no code fence or copy is the
		// cause, and the step's host there is whichever it kept.
		const keep = ": a checkout there holds one of the two files, and the other's marker is missing; keep one of them (git rm the other)"
		why = "its path differs from this file's only in " + fold + keep
	}
	if p := cmp.Or(productOf(s.products, mk.File), productOf(s.products, first.File)); p != "" && why == fix {
		// A monorepo's product without a capreg.json: its workflows
		// are read as the root's, and the fix is to make it a package.
		why = "one workflow file owns each step: " + productAdvice(p)
	}
	step := mk.Step.Value
	s.atOffset(mk.File, mk.Src, mk.Step.Off, "", "marker-duplicate-step", "step %q is already declared by %s; %s", step, first.File, why)
	s.atOffset(first.File, first.Src, first.Step.Off, "", "marker-duplicate-step", "step %q is also declared by %s; %s", step, mk.File, why)
}

// checkStep reports a marker whose step is unknown, or whose points are
// all another step's, and says whether its step is understood: which
// step the workflow hosts is otherwise unknown, and its points and roles
// are not checked against it.
func checkStep(mk *Marker, s *sink) bool {
	if other := pointsStep(mk); other != "" {
		// Its step: line is the slip, most likely left as it was in
		// the workflow it was copied from: once, there, rather than
		// at each point and role, and not blamed on the workflow that
		// rightly declares the step. Which step the workflow hosts is
		// then unknown, as for an unknown step.
		s.atOffset(mk.File, mk.Src, mk.Step.Off, "", "point-ownership",
			"step %q is declared, but every point this block lists is step %q's: write step: %s (or, if this workflow runs %s, list %s's points: %s)",
			mk.Step.Value, other, other, mk.Step.Value, mk.Step.Value, strings.Join(PointsOfStep(mk.Step.Value), ", "))
		return false
	}
	if _, known := stepFamily[mk.Step.Value]; !known {
		if msg := roleStepMessage(mk); msg != "" {
			s.atOffset(mk.File, mk.Src, mk.Step.Off, "", "marker-unknown-step", "%s", msg)
			return false
		}
		s.atOffset(mk.File, mk.Src, mk.Step.Off, "", "marker-unknown-step",
			"unknown step %q; a host workflow declares one of %s%s", mk.Step.Value, strings.Join(Steps, ", "), stepHint(mk))
		return false
	}
	return true
}

// roleStepMessage is the marker-unknown-step finding of marker tags
// whose step, that of their first <loop-point>, is an agent role (no id
// is a canonical point, the first is a role: <loop-point id="executor"/>):
// the author wrote no step, so "unknown step" would name none they
// wrote. With every id a role and every <agent-role> name a point, the
// two are told swapped; "" for a block or a step that is no role.
func roleStepMessage(mk *Marker) string {
	if _, role := roleFamily[mk.Step.Value]; !role || mk.Form != "tags" {
		return ""
	}
	if tagOfValues(mk.Points) == "agent-role" && tagOfValues(mk.Roles) == "loop-point" {
		roles, points := strings.Join(Values(mk.Points), ", "), strings.Join(Values(mk.Roles), ", ")
		return fmt.Sprintf("the <loop-point> ids are agent roles (%s) and the <agent-role> names loop points (%s): the two are swapped, so the step, that of the first loop point, is unknown; write the points as <loop-point id=\"…\"/> (%s) and the roles as <agent-role name=\"…\"/> (%s)",
			roles, points, points, roles)
	}
	return fmt.Sprintf("unknown step: the workflow's step is that of its first <loop-point>, and %q is an agent role, not a loop point: write it as <agent-role name=%q/>, and the step's points as <loop-point id=\"…\"/> (a point of %s)",
		mk.Step.Value, mk.Step.Value, strings.Join(Steps, ", "))
}

// checkRejectedMarker runs the checks of one marker on its own over a
// gsd:loop-host block rejected for a field missing, empty or given twice
// (mk holds the fields read, each but those; see parseBlock), or over
// the well-formed tags of a workflow where one is not, or that lack an
// <agent-role> (see parseTags):
// its step, roles and points are told in the run that reports the
// field or tag, not once it is mended. The block is in no contract, so nothing is checked
// against other workflows (a point declared by two, coverage, consumes).
// With no step, only the points are checked, each a canonical one.
func checkRejectedMarker(mk *Marker, s *sink) {
	unswapLists(mk, s)
	if mk.Step.Value == "" {
		for _, p := range mk.Points {
			if PointIndex(p.Value) < 0 {
				s.atOffset(mk.File, mk.Src, p.Off, "", "point-unknown", "%s", markerPointMessage(mk, p.Value))
			}
		}
		return
	}
	if !checkStep(mk, s) {
		return
	}
	checkRoles(mk, s)
	checkPoints(mk, map[string]*Marker{}, s)
}

// pointsStep is the step, other than the one it declares, that every
// point a gsd:loop-host block of a known step lists belongs to, or "".
// (Marker tags declare the step of their points.)
func pointsStep(mk *Marker) string {
	if mk.Form == "tags" || len(mk.Points) == 0 {
		return ""
	}
	if _, known := stepFamily[mk.Step.Value]; !known {
		return ""
	}
	other := stepOf(mk.Points[0].Value)
	for _, p := range mk.Points {
		if PointIndex(p.Value) < 0 || stepOf(p.Value) != other {
			return ""
		}
	}
	if other == mk.Step.Value {
		return ""
	}
	return other
}

// reportUncovered reports the canonical points no marker declares: one
// finding per step, naming its missing points in pipeline order.
// inCodeAt says, by step, where a file with no marker holds one for it in
// code, which is not read (see parseMarkers). With only (not nil), only
// the steps it holds true are reported: those a marker declares.
// notRead (NotWalked), where not "", is said of a step no workflow declares.
func reportUncovered(markers []*Marker, byStep, declared map[string]*Marker, inCodeAt map[string]string, only map[string]bool, notRead string, s *sink) {
	for _, step := range Steps {
		if only != nil && !only[step] {
			continue
		}
		var missing []string
		for _, p := range Points {
			if stepOf(p) == step && declared[p] == nil {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 {
			continue
		}
		what, is := fmt.Sprintf("point %q", missing[0]), "is"
		if len(missing) > 1 {
			what, is = "points "+quoteList(missing), "are"
		}
		if mk := byStep[step]; mk != nil {
			s.atOffset(mk.File, mk.Src, mk.Off, "", "point-uncovered",
				"step %q does not declare its canonical %s: %s", step, what, howToDeclare(mk.Form, missing))
		} else if len(markers) > 0 {
			// Where to look: the marker may be missing from the workflow that
			// runs the step, or the workflow itself unread, as a file named
			// ship.MD or ship.markdown is by default.
			hint := fmt.Sprintf(": give the workflow that runs it a loop-host marker; workflows are read from *.md files, another only when capreg.json's %q names it", "workflows")
			if inCode := inCodeAt[step]; inCode != "" {
				hint = "; " + inCode
			}
			if notRead != "" {
				hint += "; " + notRead + fmt.Sprintf(": if its workflow was moved into one, move it back, or list its folder in capreg.json's %q (with the others')", "workflows")
			}
			s.add(Diagnostic{Rule: "point-uncovered", pipelineAt: PointIndex(missing[0]) + 1, Message: fmt.Sprintf(
				"canonical %s %s declared by no host workflow (no workflow declares step %q%s)", what, is, step, hint)})
		}
	}
}

// howToDeclare says how a marker of form ("comment" or "tags") declares
// the points missing: every point needs a tag of its own, which the ADR's
// one-tag examples do not show.
func howToDeclare(form string, missing []string) string {
	if form == "tags" {
		tags := make([]string, len(missing))
		for i, p := range missing {
			tags[i] = fmt.Sprintf("<loop-point id=%q/>", p)
		}
		if len(missing) == 1 {
			return "add " + tags[0]
		}
		return "add " + strings.Join(tags, " ") + " (a tag for each point, or one tag listing them: id=\"" + strings.Join(missing, ",") + "\")"
	}
	return "add " + strings.Join(missing, ", ") + " to the points: line of its gsd:loop-host block"
}

// checkRoles enforces the role-family partition, failing closed on roles
// outside the vocabulary.
func checkRoles(mk *Marker, s *sink) {
	want := stepFamily[mk.Step.Value]
	for _, r := range mk.Roles {
		fam, known := roleFamily[r.Value]
		switch {
		case !known && PointIndex(r.Value) >= 0:
			how := "list it in points:"
			if mk.Form == "tags" {
				how = fmt.Sprintf("write it as <loop-point id=%q/>", r.Value)
			}
			s.atOffset(mk.File, mk.Src, r.Off, "", "role-family",
				"declared agent-role %q is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier): it is a loop point; %s", r.Value, how)
		case !known:
			s.atOffset(mk.File, mk.Src, r.Off, "", "role-family",
				"declared agent-role %q is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier)%s", r.Value, roleHint(r.Value))
		case fam != want:
			s.atOffset(mk.File, mk.Src, r.Off, "", "role-family",
				"declared agent-role %q belongs to the %s family, but step %q admits only %s roles (%s); remove it from this step's roles: %s roles run in %s",
				r.Value, fam, mk.Step.Value, want, strings.Join(familyRoles(want), ", "), fam, strings.Join(familySteps(fam), ", "))
		}
	}
}

// familyRoles lists the roles of a family in vocabulary order, for a
// finding to say what a step admits ("orchestrator"): a family's name
// alone left trial4 guessing which roles a verify step takes.
func familyRoles(fam string) []string {
	var roles []string
	for _, r := range roleVocabulary {
		if roleFamily[r] == fam {
			roles = append(roles, r)
		}
	}
	return roles
}

// familySteps lists the steps a family's roles run in, in pipeline order
// (verifier runs in execute, not in verify).
func familySteps(fam string) []string {
	var steps []string
	for _, st := range []string{"discuss", "plan", "execute", "verify", "ship"} {
		if stepFamily[st] == fam {
			steps = append(steps, "step "+strconv.Quote(st))
		}
	}
	return steps
}

// roleVocabulary is the closed vocabulary of agent roles, in family order.
var roleVocabulary = []string{"orchestrator", "researcher", "planner", "checker", "executor", "verifier"}

// roleHint names the role of the vocabulary that role probably misspells
// ("plannr", "Planner", "planners"), or "".
func roleHint(role string) string {
	if v := unquoted(role); slices.Contains(roleVocabulary, v) {
		return fmt.Sprintf("; write it without quotes: %q", v)
	}
	if words := joinedRoles(role); words != nil {
		return fmt.Sprintf("; roles are separated by commas: %q", strings.Join(words, ", "))
	}
	if want := nearestName(role, roleVocabulary); want != "" {
		return fmt.Sprintf("; did you mean %q?", want)
	}
	return ""
}

// joinedRoles splits a role of several roles of the vocabulary written
// without commas between them ("planner checker", "planner; checker"),
// which gsd-core, splitting on commas only, reads as one unknown role;
// nil for any other role.
func joinedRoles(role string) []string {
	words := strings.FieldsFunc(role, isListSep)
	if len(words) < 2 {
		return nil
	}
	for i, w := range words {
		words[i] = strings.Trim(w, ",")
		if !slices.Contains(roleVocabulary, words[i]) {
			return nil
		}
	}
	return words
}

// checkPoints checks the points one workflow declares: canonical, owned by its
// step, and not declared before (by another workflow of the step, or
// twice in this one). It reports whether each was understood: a
// point repeated is, an unknown or foreign one is not.
func checkPoints(mk *Marker, declared map[string]*Marker, s *sink) (understood bool) {
	understood = true
	for _, p := range mk.Points {
		switch {
		case PointIndex(p.Value) < 0:
			s.atOffset(mk.File, mk.Src, p.Off, "", "point-unknown", "%s", markerPointMessage(mk, p.Value))
			understood = false
		case stepOf(p.Value) != mk.Step.Value:
			// Before the repeat: a point of another step is the same
			// mistake whether or not its owner's workflow was read first.
			s.atOffset(mk.File, mk.Src, p.Off, "", "point-ownership",
				"point %q belongs to step %q, not to %q", p.Value, stepOf(p.Value), mk.Step.Value)
			understood = false
		case declared[p.Value] != nil:
			first := declared[p.Value]
			where := first.File
			if first == mk {
				where = "this file"
			}
			s.atOffset(mk.File, mk.Src, p.Off, "", "point-duplicate",
				"point %q declared more than once across all step workflows (also in %s)", p.Value, where)
		default:
			declared[p.Value] = mk
		}
	}
	if understood {
		checkPointOrder(mk, s)
	}
	return understood
}

// markerPointMessage is unknownPointMessage for a point p of mk's, which
// names the line or tag to move it to when p is an agent role.
func markerPointMessage(mk *Marker, p string) string {
	if _, role := roleFamily[p]; !role {
		return unknownPointMessage(p, true)
	}
	how := "list it in agent-roles:"
	if mk.Form == "tags" {
		how = fmt.Sprintf("write it as <agent-role name=%q/>", p)
	}
	return fmt.Sprintf("%q is not a canonical loop point: it is an agent role; %s", p, how)
}

// unswapLists reads a gsd:loop-host block whose points: line lists agent
// roles only and whose agent-roles: line loop points only as its author
// meant it, the two values swapped: one point-unknown error at its
// points, rather than one at each point and a role-family one at each
// role, and its step's points and roles (a point of another step, a role
// of another family) are then checked in the same run, as they are
// written. gsd-core rejects the block (no point of it is canonical).
func unswapLists(mk *Marker, s *sink) {
	if mk.Form != "comment" || tagOfValues(mk.Points) != "agent-role" || tagOfValues(mk.Roles) != "loop-point" {
		return
	}
	points, roles := strings.Join(Values(mk.Roles), ", "), strings.Join(Values(mk.Points), ", ")
	s.atOffset(mk.File, mk.Src, mk.Points[0].Off, "", "point-unknown",
		"points: lists agent roles (%s) and agent-roles: loop points (%s): the two values are swapped; write points: %s and agent-roles: %s",
		roles, points, points, roles)
	mk.Points, mk.Roles = mk.Roles, mk.Points
}

// checkPointOrder warns of a marker whose points are not in pipeline
// order: gsd-core makes the step's artifacts available from its last
// listed point (ref §1.6), so "points: plan:post, plan:pre" makes PLAN.md
// available at plan:pre, and a plan-time consumer of it passes the check
// that the step's own :post point would fail.
func checkPointOrder(mk *Marker, s *sink) {
	for i := 1; i < len(mk.Points); i++ {
		if slices.ContainsFunc(mk.Points[:i], func(p Item) bool { return p.Value == mk.Points[i].Value }) {
			return // a point repeated, which point-duplicate reports
		}
	}
	for i := 1; i < len(mk.Points); i++ {
		if PointIndex(mk.Points[i].Value) > PointIndex(mk.Points[i-1].Value) {
			continue
		}
		var listed, ordered []string
		for _, p := range mk.Points {
			listed = append(listed, p.Value)
		}
		ordered = slices.Clone(listed)
		slices.SortStableFunc(ordered, func(a, b string) int { return PointIndex(a) - PointIndex(b) })
		last, meant := listed[len(listed)-1], ordered[len(ordered)-1]
		fix := "write " + strings.Join(ordered, ", ")
		if mk.Form == "tags" {
			fix = "order the <loop-point> tags " + strings.Join(ordered, ", ")
		}
		msg := fmt.Sprintf("points are listed out of pipeline order (%s); %s", strings.Join(listed, ", "), fix)
		if last != meant && len(mk.Produces) > 0 {
			msg += fmt.Sprintf(": the step's artifacts (%s) become available at its last listed point, %s, not at %s",
				strings.Join(Values(mk.Produces), ", "), last, meant)
		}
		s.atOffset(mk.File, mk.Src, mk.Points[i].Off, "", "point-order", "%s", msg)
		return
	}
}

// hostArtifactIndex returns, for each host artifact, the POINT_ORDER index
// from which it is available: the last point of its producing step (ref §1.6).
func (c *Contract) hostArtifactIndex() map[string]int {
	out := map[string]int{}
	for _, e := range c.Entries {
		if len(e.Points) == 0 {
			continue
		}
		idx := PointIndex(e.Points[len(e.Points)-1])
		if idx < 0 {
			continue
		}
		for _, a := range e.Produces {
			if cur, ok := out[a]; !ok || idx < cur {
				out[a] = idx
			}
		}
	}
	return out
}

// undeclaredStep is a step no host workflow declares, with the index of
// its last point, from which its host artifacts would be available.
type undeclaredStep struct {
	step string
	last int
}

// undeclared lists the steps no host workflow declares, in pipeline order.
func (c *Contract) undeclared() []undeclaredStep {
	var out []undeclaredStep
	for _, step := range Steps {
		if c.Entry(step) == nil {
			ps := PointsOfStep(step)
			out = append(out, undeclaredStep{step, PointIndex(ps[len(ps)-1])})
		}
	}
	return out
}

// referenceHostProduces are the host artifacts gsd-core's own workflow of
// each step produces (ref §1.2, §1.6).
var referenceHostProduces = map[string][]string{
	"discuss": {"CONTEXT.md"}, "plan": {"PLAN.md"}, "execute": {"SUMMARY.md"}, "verify": {"UAT.md"},
}

// presumedArtifacts are the artifacts taken to be the host artifacts of
// the steps no host workflow declares (missing), each mapped to the last
// point of the step taken to make it, from which it is taken to be
// available: what gsd-core's own workflow of that step produces (CONTEXT.md
// for discuss), and what a declared host workflow after it consumes (plan
// consumes CONTEXT.md: the hosts expect it from an earlier step); not one
// a declared host workflow produces (host is hostArtifactIndex's), which
// is available from there. A host's consume is taken to be made by the
// step before that host whose gsd-core workflow makes it (verify's
// SUMMARY.md by execute, though discuss is missing too), else by the
// earliest step before it: a consume at plan:pre of SUMMARY.md, with
// discuss and execute both missing, is then told that declaring discuss
// will not meet it, rather than met in silence.
func (c *Contract) presumedArtifacts(missing []undeclaredStep, host map[string]int) map[string]int {
	out := map[string]int{}
	presume := func(a string, from int) {
		if _, made := host[a]; made {
			return
		}
		if cur, ok := out[a]; !ok || from < cur {
			out[a] = from
		}
	}
	for _, u := range missing {
		for _, a := range referenceHostProduces[u.step] {
			presume(a, u.last)
		}
	}
	for _, e := range c.Entries {
		at := slices.Index(Steps, e.Step)
		for _, a := range e.Consumes {
			from := -1
			for _, u := range missing {
				if slices.Index(Steps, u.step) > at {
					break
				}
				if from < 0 || u.step == referenceStepOf(a) {
					from = u.last
				}
			}
			if from >= 0 {
				presume(a, from)
			}
		}
	}
	return out
}

// unquoted is v without a pair of quotes around it ("plan", 'plan',
// `plan`, “plan”), as a YAML habit writes a gsd:loop-host value that
// gsd-core reads with its quotes; "" when v is not so quoted.
func unquoted(v string) string {
	for _, q := range append([][2]string{{`"`, `"`}, {"'", "'"}}, quoteLike...) {
		if len(v) > len(q[0])+len(q[1]) && strings.HasPrefix(v, q[0]) && strings.HasSuffix(v, q[1]) {
			return v[len(q[0]) : len(v)-len(q[1])]
		}
	}
	return ""
}

// stepHint says how to mend the unknown step of mk: a step quoted, the
// step a typo away, or the step every point it lists is of ("step:
// planning" with plan:pre and plan:post).
func stepHint(mk *Marker) string {
	step := mk.Step.Value
	if v := unquoted(step); slices.Contains(Steps, v) {
		return fmt.Sprintf(" (write it without quotes: %q)", v)
	}
	if near := NearestID(step, Steps); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	if len(mk.Points) == 0 || PointIndex(mk.Points[0].Value) < 0 {
		return ""
	}
	of := stepOf(mk.Points[0].Value)
	for _, p := range mk.Points {
		if PointIndex(p.Value) < 0 || stepOf(p.Value) != of {
			return ""
		}
	}
	return fmt.Sprintf(" (the points it lists are step %q's: write %s)", of, of)
}

// unknownPointMessage is the point-unknown finding for p, wherever it is
// written: with the point it is likely a typo of, or, in a list of points
// (a marker's), for points written with spaces between them, how to
// separate them.
func unknownPointMessage(p string, list bool) string {
	hint := ""
	if v := unquoted(p); PointIndex(v) >= 0 {
		hint = fmt.Sprintf(" (write it without quotes: %q)", v)
	} else if words := strings.FieldsFunc(p, isListSep); list && len(words) > 1 && !slices.ContainsFunc(words, func(w string) bool { return PointIndex(strings.Trim(w, ",")) < 0 }) {
		hint = fmt.Sprintf(" (points are separated by commas: %q)", strings.Join(words, ", "))
	} else if near := NearestID(p, Points); near != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", near)
	} else if step := pointStep(p); step != "" {
		hint = fmt.Sprintf(" (a point is a step's pre or post: %s)", strings.Join(stepPoints(step), ", "))
	}
	return fmt.Sprintf("%q is not a canonical loop point%s; the 12 points are %s", p, hint, strings.Join(Points, ", "))
}

// isListSep reports whether r is a separator an author may have put
// between the values of a marker's list where gsd-core splits on commas
// only: white space, a semicolon, a bar, a dash, a full-width or
// ideographic comma ("verify:pre; verify:post", "verify:pre — verify:post").
func isListSep(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(";|\u2014\u2013\uff0c\u3001", r)
}

// pointStep is the step a point far from any names by its first part
// ("ship:before", "Ship", "plan:after"), or "": a value of several words
// ("plan:pre plan:post") is several points, not one misnamed.
func pointStep(p string) string {
	p = strings.TrimSpace(p)
	if strings.ContainsAny(p, " \t,") {
		return ""
	}
	first, _, _ := strings.Cut(p, ":")
	if first = casefold.String(first); slices.Contains(Steps, first) {
		return first
	}
	return ""
}

// stepPoints are the points of step, quoted, in pipeline order.
func stepPoints(step string) []string {
	var out []string
	for _, pt := range Points {
		if strings.HasPrefix(pt, step+":") {
			out = append(out, strconv.Quote(pt))
		}
	}
	return out
}
