package validate

import (
	"strings"
	"testing"
)

// gate6Findings runs the sample repository with hosts' edits (see
// gate4Repo) and checks that file's findings are want, in order, each
// "rule line:col message" a prefix of one, or the whole of one where it
// ends in "$".
func gate6Findings(t *testing.T, hosts [][3]string, file string, want []string) {
	t.Helper()
	got := fileFindings(t, gate4Repo(t, nil, hosts), file)
	if len(got) != len(want) {
		t.Fatalf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	for i := range got {
		if w, whole := strings.CutSuffix(want[i], "$"); whole && got[i] != w || !whole && !strings.HasPrefix(got[i], w) {
			t.Errorf("finding %d:\n\tgot  %s\n\twant %s…", i, got[i], want[i])
		}
	}
}

// TestMisspeltKeyReadAsMeant: a gsd:loop-host key misspelt in case or by
// a letter ("Step:", "STEP:", "stpe:", "role:" for agent-roles) was told
// as the field missing, and the block left unread: a role of another
// family, an unknown step, a point of another step came a run later.
// The key is read from that line when no line writes it and that line
// alone misspells it, and no other key: the block, still rejected as
// gsd-core rejects it, tells its other slips in the same run (as a
// colon look-alike's, 083c9fa6). Two lines misspelling one key are not
// read (which was meant is unknown); a misspelt line beside the key
// written is ignored, as gsd-core reads the block (a warning since gate7,
// marker-key-near-miss).
func TestMisspeltKeyReadAsMeant(t *testing.T) {
	const plan = "workflows/plan-phase.md"
	near := func(at, k, written string) string {
		return "marker-syntax " + at + " gsd:loop-host block is missing required field '" + k + ":': this line's key \"" + written + "\" is not read as it"
	}
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"Step:, and a role misspelt", [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker", "Step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checkr"}}, []string{
			near("2:1", "step", "Step"),
			`role-family 4:35 declared agent-role "checkr" is not in the role vocabulary`}},
		{"STEP:, and the step misspelt", [][3]string{{"plan-phase.md", "step: plan", "STEP: plna"}}, []string{
			near("2:1", "step", "STEP"),
			`marker-unknown-step 2:7 unknown step "plna"`}},
		{"stpe:, and a point of another step", [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post", "stpe: plan\npoints: plan:pre, plan:post, ship:pre"}}, []string{
			near("2:1", "step", "stpe"),
			`point-ownership 3:30 point "ship:pre" belongs to step "ship", not to "plan"`}},
		{"role: for agent-roles, a role of another family", [][3]string{{"plan-phase.md", "agent-roles: researcher, planner, checker", "role: researcher, planner, executor"}}, []string{
			near("4:1", "agent-roles", "role"),
			`role-family 4:28 declared agent-role "executor" belongs to the execution family, but step "plan" admits only planning roles (researcher, planner, checker); remove it from this step's roles: execution roles run in step "execute"`}},
		{"Points:, a point of another step", [][3]string{{"plan-phase.md", "points: plan:pre, plan:post", "Points: plan:pre, plan:post, verify:pre"}}, []string{
			near("3:1", "points", "Points"),
			`point-ownership 3:30 point "verify:pre" belongs to step "verify", not to "plan"`}},
		{"a step of another's points, through Step:", [][3]string{{"plan-phase.md", "step: plan", "Step: verify"}}, []string{
			near("2:1", "step", "Step"),
			`point-ownership 2:7 step "verify" is declared, but every point this block lists is step "plan"'s`}},
		{"every key capitalised: one finding naming each line, and a role of another family", [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md", "Step: plan\nPoints: plan:pre, plan:post\nAgent-Roles: researcher, planner, executor\nProduces: PLAN.md\nConsumes: CONTEXT.md"}}, []string{
			`marker-syntax 2:1 gsd:loop-host block writes none of its keys as gsd-core reads them: "Step" (line 2), "Points" (line 3), "Agent-Roles" (line 4), "Produces" (line 5), "Consumes" (line 6) are not read as 'step:', 'points:', 'agent-roles:', 'produces:', 'consumes:'`,
			`role-family 4:35 declared agent-role "executor" belongs to the execution family`}},
		{"two keys capitalised beside three written: each told at its line", [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post", "Step: plan\nPoints: plan:pre, plan:post"}}, []string{
			near("2:1", "step", "Step"), near("3:1", "points", "Points")}},
		// Guards.
		{"two lines misspell step: neither is read, both are named", [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker", "Step: plan\nstpe: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, executor"}}, []string{
			near("2:1", "step", "Step") + "; write 'step:', lower-case, with the colon right after it; line 3's key \"stpe\" misspells it too, so neither line is read: keep one$"}},
		{"the key written too: gsd-core reads the block, and the line is warned of (gate7)", [][3]string{{"plan-phase.md", "step: plan", "step: plan\nStep: verify"}}, []string{
			`marker-key-near-miss 3:1 this line's key "Step" is not "step": gsd-core reads 'step:' from line 2 only and ignores this line, so "verify" is not read`}},
		{"a key a lone CR hides, misspelt on another line too: told as the CR", [][3]string{{"plan-phase.md", "points: plan:pre, plan:post\nagent-roles: researcher, planner, checker", "points: plan:pre, plan:post\ragent-roles: researcher, planner, checker\nrole: executor"}}, []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'agent-roles:': a lone carriage return"}},
		{"a duplicate key beside a misspelt one", [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post", "Step: plan\npoints: plan:pre, plan:post\npoints: plan:pre"}}, []string{
			near("2:1", "step", "Step"),
			"marker-duplicate-key 4:1 duplicate key 'points' in gsd:loop-host block (first at line 3)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { gate6Findings(t, tt.hosts, plan, tt.want) })
	}
}

// TestUnreadMarkerTellsItsOtherSlips: a marker that is not read (a
// gsd:loop-host block never closed or whose name is misspelt, a marker
// tag left open or misspelt) hid every other slip of the workflow: a
// role of another family, an unknown step, a point misspelt came only
// once it was mended. The fields of such a block (an unclosed one's up
// to the first line that is blank, a heading, a fence or a tag, and the
// finding names its last key's line), and the well-formed tags beside
// such a tag, are checked on their own, as a rejected block's; the file
// still declares no step. A block never closed is not told its missing
// fields (where it was meant to end is unknown); one misnamed is.
func TestUnreadMarkerTellsItsOtherSlips(t *testing.T) {
	const roleExec = `role-family 4:35 declared agent-role "executor" belongs to the execution family, but step "plan" admits only planning roles (researcher, planner, checker); remove it from this step's roles: execution roles run in step "execute"`
	tests := []struct {
		name  string
		hosts [][3]string
		file  string
		want  []string
	}{
		{"a block never closed, and a role of another family", [][3]string{{"plan-phase.md", "checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n", "executor\nproduces: PLAN.md\nconsumes: CONTEXT.md\n"}}, "workflows/plan-phase.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6); its fields up to there are checked as if it ended there",
			roleExec}},
		{"a block never closed before a heading, a point misspelt", [][3]string{{"ship.md", "ship:post\nagent-roles: orchestrator\nproduces:\nconsumes: UAT.md\n-->\n\n", "ship:pst\nagent-roles: orchestrator\n"}}, "workflows/ship.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 4)",
			`point-unknown 3:19 "ship:pst" is not a canonical loop point`}},
		{"a block never closed, a key misspelt", [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n", "Step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, executor\nproduces: PLAN.md\nconsumes: CONTEXT.md\n"}}, "workflows/plan-phase.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6)",
			`marker-syntax 2:1 gsd:loop-host block is missing required field 'step:': this line's key "Step" is not read as it`,
			roleExec}},
		{"a block never closed and fields missing: they are not told", [][3]string{{"plan-phase.md", "produces: PLAN.md\nconsumes: CONTEXT.md\n-->\n", ""}}, "workflows/plan-phase.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 4)"}},
		{"a block misnamed, and the step misspelt", [][3]string{{"plan-phase.md", "<!-- gsd:loop-host\nstep: plan", "<!-- gsd:loophost\nstep: plam"}}, "workflows/plan-phase.md", []string{
			`marker-syntax 1:6 this comment is named "gsd:loophost", not gsd:loop-host`,
			`marker-unknown-step 2:7 unknown step "plam"`}},
		{"a block misnamed, a field missing and a point of another step", [][3]string{{"plan-phase.md", "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\n", "<!-- gsd-loop-host\nstep: plan\npoints: plan:pre, plan:post, ship:pre\nagent-roles: researcher, planner, checker\n"}}, "workflows/plan-phase.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
			`marker-syntax 1:6 this comment is named "gsd-loop-host", not gsd:loop-host`,
			`point-ownership 3:30 point "ship:pre" belongs to step "ship", not to "plan"`}},
		{"a tag left open, and a role of another family", [][3]string{{"execute-phase.md", `<loop-point id="execute:pre"/>` + "\n", `<loop-point id="execute:pre"` + "\n"}, {"execute-phase.md", `<agent-role name="verifier"/>`, `<agent-role name="planner"/>`}}, "workflows/execute-phase.md", []string{
			"marker-syntax 3:1 this <loop-point tag is not closed",
			`role-family 7:49 declared agent-role "planner" belongs to the planning family, but step "execute" admits only execution roles (executor, verifier); remove it from this step's roles: planning roles run in step "plan"`}},
		{"a tag misspelt, and a point misspelt", [][3]string{{"execute-phase.md", `<loop-point id="execute:pre"/>`, `<loop-piont id="execute:pre"/>`}, {"execute-phase.md", `"execute:post"`, `"execute:psot"`}}, "workflows/execute-phase.md", []string{
			`marker-syntax 3:1 this tag is named "loop-piont", not loop-point`,
			`point-unknown 6:17 "execute:psot" is not a canonical loop point`}},
		{"a closer typed \"->\", and the step misspelt", [][3]string{{"verify-work.md", "step: verify\n", "step: verfy\n"}, {"verify-work.md", "-->\n", "->\n"}}, "workflows/verify-work.md", []string{
			`marker-syntax 1:1 gsd:loop-host block is not closed: line 7 writes "->", which is no -->, so the comment runs to the file's end; write --> there`,
			`marker-unknown-step 2:7 unknown step "verfy"`}},
		{"a closer typed with an em dash", [][3]string{{"verify-work.md", "-->\n", "\u2014>\n"}}, "workflows/verify-work.md", []string{
			`marker-syntax 1:1 gsd:loop-host block is not closed: line 7 writes "—>", which is no -->`}},
		{"a rule is no closer", [][3]string{{"verify-work.md", "-->\n", "---\n"}}, "workflows/verify-work.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6)"}},
		// Guards: the file declares no step (no point-uncovered beside
		// the marker's finding), and a block never closed with another
		// marker read is not read.
		{"a block never closed, its fields sound", [][3]string{{"plan-phase.md", "consumes: CONTEXT.md\n-->\n", "consumes: CONTEXT.md\n"}}, "workflows/plan-phase.md", []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6)"}},
		// The one read is the file's marker, as gsd-core reads it
		// (gate12): the one left open is a warning, its fields not read.
		{"a block never closed after one read", [][3]string{{"plan-phase.md", "# Plan phase\n", "# Plan phase\n\n<!-- gsd:loop-host\nstep: plam\n\n"}}, "workflows/plan-phase.md", []string{
			"marker-syntax 11:1 gsd:loop-host block is not closed with -->, so it is not read: gsd-core matches no block without its --> and reads the one at line 1, as capreg does"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { gate6Findings(t, tt.hosts, tt.file, tt.want) })
	}
}

// TestFailedCardIDCompared: a tool card failing the card schema (a risk
// misspelt, a field missing) stayed out of the checks between cards'
// ids, so two cards of one id (card-duplicate-id), or an id reading as
// another card's (card-id-invisible, card-id-confusable), came only
// once the schema errors were fixed. Its id, a string at /id with no
// finding of its own, is compared in the same run, with and without a
// cache (whose hit keeps the card's document for it); the card is still
// not indexed, and a valid card of its id still is. An id that is no
// string, or that fails the schema itself (a no-break space at its end), or
// is given twice, is not compared: its own finding says what is wrong.
func TestFailedCardIDCompared(t *testing.T) {
	card := func(id, risk string) string {
		return `{"id": ` + id + `, "command": "bin/x", "summary": "s", "intent_phrases": ["p"], "effects": "e", "risk": ` + risk + `, "example": "bin/x"}`
	}
	const ok, bad = `"reversible"`, `"reversable"`
	type c struct{ path, data string }
	tests := []struct {
		name  string
		cards []c
		want  []string // "path rule pointer", sorted as findings are, schema findings left out
		index []string // the paths of the cards indexed
	}{
		{"a failed card of a valid card's id", []c{{"bin/a", card(`"land"`, ok)}, {"bin/b", card(`"land"`, bad)}}, []string{
			"bin/a.card.json card-duplicate-id /id", "bin/b.card.json card-duplicate-id /id"}, []string{"bin/a.card.json"}},
		{"a failed card first, then a valid one of its id: still indexed", []c{{"bin/a", card(`"land"`, bad)}, {"bin/b", card(`"land"`, ok)}}, []string{
			"bin/a.card.json card-duplicate-id /id", "bin/b.card.json card-duplicate-id /id"}, []string{"bin/b.card.json"}},
		{"two failed cards of one id", []c{{"bin/a", card(`"land"`, bad)}, {"bin/b", card(`"land"`, bad)}}, []string{
			"bin/a.card.json card-duplicate-id /id", "bin/b.card.json card-duplicate-id /id"}, nil},
		{"a failed card's id composed otherwise", []c{{"bin/a", card(`"caf\u00e9"`, ok)}, {"bin/b", card(`"cafe\u0301"`, bad)}}, []string{
			"bin/a.card.json card-duplicate-id /id", "bin/b.card.json card-duplicate-id /id"}, []string{"bin/a.card.json"}},
		{"a failed card's id with a zero width space", []c{{"bin/a", card(`"land"`, ok)}, {"bin/b", card(`"la\u200bnd"`, bad)}}, []string{
			"bin/b.card.json card-id-invisible /id"}, []string{"bin/a.card.json"}},
		{"a failed card's id with a Cyrillic letter", []c{{"bin/a", card(`"land"`, ok)}, {"bin/b", card(`"l\u0430nd"`, bad)}}, []string{
			"bin/b.card.json card-id-confusable /id"}, []string{"bin/a.card.json"}},
		{"a valid card's id reads as a failed card's", []c{{"bin/a", card(`"land"`, bad)}, {"bin/b", card(`"\u0430\u0440\u0435"`, ok)}, {"bin/c", card(`"ape"`, bad)}}, []string{
			"bin/b.card.json card-id-confusable /id"}, []string{"bin/b.card.json"}},
		// Guards.
		{"an id that is no string", []c{{"bin/a", card(`"7"`, ok)}, {"bin/b", card(`7`, bad)}}, nil, []string{"bin/a.card.json"}},
		{"an id the schema rejects", []c{{"bin/a", card(`"land"`, ok)}, {"bin/b", card(`"land\u00a0"`, bad)}}, nil, []string{"bin/a.card.json"}},
		{"an id given twice", []c{{"bin/a", card(`"land"`, ok)}, {"bin/b", strings.Replace(card(`"land"`, bad), `"id": "land"`, `"id": "x", "id": "land"`, 1)}}, []string{
			"bin/b.card.json json-duplicate-key /id"}, []string{"bin/a.card.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{}
			for _, k := range tt.cards {
				src.Cards = append(src.Cards, CardSource{File: File{Path: k.path + ".card.json", Data: []byte(k.data)}, ToolPath: k.path, ToolExists: true})
			}
			cache := NewCache()
			for run, res := range []*Result{Validate(src), cache.Validate(src), cache.Validate(src)} {
				var got, index []string
				for _, d := range res.Diagnostics {
					if d.Rule != "schema" {
						got = append(got, d.File+" "+d.Rule+" "+d.Pointer)
					}
				}
				for _, c := range res.Cards {
					index = append(index, c.Path)
				}
				if strings.Join(got, "\n") != strings.Join(tt.want, "\n") || strings.Join(index, " ") != strings.Join(tt.index, " ") {
					t.Errorf("run %d: findings\n\t%s\nindexed %v; want\n\t%s\nindexed %v", run, strings.Join(got, "\n\t"), index, strings.Join(tt.want, "\n\t"), tt.index)
				}
			}
		})
	}
}
