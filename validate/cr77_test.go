package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestUnclosedBlockEdges holds what TestUnreadMarkerTellsItsOtherSlips
// left open of a gsd:loop-host block never closed (reportUnclosedBlock,
// unclosedBody): its fields end before a line starting with "<" or a
// "~~~" fence; a key's word alone, with no colon, is no key; a closer
// mistyped with three dashes or as "--" is named, the first of two; a
// misspelt key on its last line is its last key; a block with no key, or opened on the file's last line, is told as it
// was; a block never closed beside tags read, or beside a tag left open,
// is not read (which form is the marker is unknown). Each row killed a
// hand mutant that passed the package's tests (mutation review cr77).
func TestUnclosedBlockEdges(t *testing.T) {
	const (
		plan   = "workflows/plan-phase.md"
		exec   = "workflows/execute-phase.md"
		verify = "workflows/verify-work.md"
		closed = "consumes: CONTEXT.md\n-->\n"
	)
	tests := []struct {
		name  string
		hosts [][3]string
		file  string
		want  []string
	}{
		{"fields end before a tag", [][3]string{{"plan-phase.md", closed, "consumes: CONTEXT.md\n<details>\nstep: plam\n"}}, plan, []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6); its fields up to there are checked as if it ended there$"}},
		{"fields end before a ~~~ fence", [][3]string{{"plan-phase.md", closed, "consumes: CONTEXT.md\n~~~\nstep: plam\n"}}, plan, []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6); its fields up to there are checked as if it ended there$"}},
		{"a closer of three dashes", [][3]string{{"verify-work.md", "-->\n", "-\u2013->\n"}}, verify, []string{
			`marker-syntax 1:1 gsd:loop-host block is not closed: line 7 writes "-` + "\u2013" + `->", which is no -->`}},
		{"a closer typed --", [][3]string{{"verify-work.md", "-->\n", "--\n"}}, verify, []string{
			`marker-syntax 1:1 gsd:loop-host block is not closed: line 7 writes "--", which is no -->`}},
		{"two closers mistyped: the first is named", [][3]string{{"verify-work.md", "-->\n", "->\n\u2014>\n"}}, verify, []string{
			`marker-syntax 1:1 gsd:loop-host block is not closed: line 7 writes "->", which is no -->`}},
		{"the last key misspelt", [][3]string{{"plan-phase.md", closed, "Consumes: CONTEXT.md\n"}}, plan, []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6)",
			`marker-syntax 6:1 gsd:loop-host block is missing required field 'consumes:': this line's key "Consumes" is not read as it`}},
		{"a key's word with no colon is no key", [][3]string{{"plan-phase.md", closed, "consumes: CONTEXT.md\nStep\n"}}, plan, []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key (line 6); its fields up to there are checked as if it ended there$",
			"marker-continued-line 7:1 this line is not read"}},
		{"no key before a blank line", [][3]string{{"plan-phase.md", "<!-- gsd:loop-host\n", "<!-- gsd:loop-host\n\n"}, {"plan-phase.md", closed, "consumes: CONTEXT.md\n"}}, plan, []string{
			"marker-syntax 1:1 gsd:loop-host block is not closed: add --> after its last key$"}},
		{"beside tags read", [][3]string{{"execute-phase.md", "Each wave spawns", "<!-- gsd:loop-host\nstep: plam\n\nEach wave spawns"}}, exec, []string{
			"marker-syntax 10:1 gsd:loop-host block is not closed: add --> after its last key$"}},
		{"beside a tag left open", [][3]string{{"execute-phase.md", `<loop-point id="execute:pre"/>` + "\n", `<loop-point id="execute:pre"` + "\n"}, {"execute-phase.md", `<agent-role name="verifier"/>`, `<agent-role name="planner"/>`}, {"execute-phase.md", "Each wave spawns", "<!-- gsd:loop-host\nstep: plam\n\nEach wave spawns"}}, exec, []string{
			"marker-syntax 3:1 this <loop-point tag is not closed",
			// The tags before the block are checked on their own (gate7).
			`role-family 7:49 declared agent-role "planner" belongs to the planning family, but step "execute" admits only execution roles (executor, verifier); remove it from this step's roles: planning roles run in step "plan"`,
			"marker-syntax 10:1 gsd:loop-host block is not closed: add --> after its last key$"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { gate6Findings(t, tt.hosts, tt.file, tt.want) })
	}
	t.Run("opened on the file's last line", func(t *testing.T) {
		src := gate4Repo(t, nil, nil)
		for i := range src.Workflows {
			if src.Workflows[i].Path == plan {
				src.Workflows[i].Data = []byte("# Plan phase\n\n<!-- gsd:loop-host")
			}
		}
		got := fileFindings(t, src, plan)
		want := "marker-syntax 3:1 gsd:loop-host block is not closed: add --> after its last key"
		if len(got) != 1 || got[0] != want {
			t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), want)
		}
	})
}

// TestTwoKeysMisspeltAlone: a block whose only keys, two, are both
// misspelt is one finding naming each line, as a whole block so written
// is (reportNearKeys); a mutant asking for three passed every test.
func TestTwoKeysMisspeltAlone(t *testing.T) {
	gate6Findings(t, [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n", "Step: plan\nPoints: plan:pre, plan:post\n"}}, "workflows/plan-phase.md", []string{
		"marker-syntax 1:1 gsd:loop-host block is missing required field 'agent-roles:'",
		"marker-syntax 1:1 gsd:loop-host block is missing required field 'consumes:'",
		"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
		`marker-syntax 2:1 gsd:loop-host block writes none of its keys as gsd-core reads them: "Step" (line 2), "Points" (line 3) are not read as 'step:', 'points:'`,
	})
	// A key with a letter not ASCII is named with its code points too: "Stеp"
	// (its "е" Cyrillic) prints as "Step" would.
	gate6Findings(t, [][3]string{{"plan-phase.md", "step: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n", "St\u0435p: plan\nPoints: plan:pre, plan:post\n"}}, "workflows/plan-phase.md", []string{
		"marker-syntax 1:1 gsd:loop-host block is missing required field 'agent-roles:'",
		"marker-syntax 1:1 gsd:loop-host block is missing required field 'consumes:'",
		"marker-syntax 1:1 gsd:loop-host block is missing required field 'produces:'",
		`marker-syntax 2:1 gsd:loop-host block writes none of its keys as gsd-core reads them: "` + "St\u0435p" + `" (as code points: "St\u0435p") (line 2), "Points" (line 3) are not read as 'step:', 'points:'`,
	})
}

// TestMisnamedBlockNoFieldRead: a block whose name is misspelt and none
// of whose fields is read (its only key lines both misspell step) is told
// its name alone, as its fields are none to check (readBlock's guard; a
// mutant dropping it told every field missing, and passed the tests).
func TestMisnamedBlockNoFieldRead(t *testing.T) {
	gate6Findings(t, [][3]string{{"plan-phase.md", "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n", "<!-- gsd:loophost\nstep : plan\nstep : plam\n"}}, "workflows/plan-phase.md", []string{
		`marker-syntax 1:6 this comment is named "gsd:loophost", not gsd:loop-host, so it is not read as a loop-host block and the file declares no step; write <!-- gsd:loop-host$`,
	})
}

// TestFailedCardIDComparedEdges holds what TestFailedCardIDCompared left
// open: a card failing the schema is compared with the first failed card
// of its id, not the first failed card (a mutant indexing failedSeen at
// 0 passed), and its finding has the line and column of its /id when the
// cache's document of its id alone is read (a mutant leaving that
// document without the card's bytes passed).
func TestFailedCardIDComparedEdges(t *testing.T) {
	card := func(id, risk string) string {
		return "{\n  \"command\": \"bin/x\",\n  \"id\": " + id + ",\n  \"summary\": \"s\", \"intent_phrases\": [\"p\"], \"effects\": \"e\", \"risk\": " + risk + ", \"example\": \"bin/x\"}"
	}
	const ok, bad = `"reversible"`, `"reversable"`
	tests := []struct {
		name  string
		cards [][2]string
		want  []string
	}{
		{"a third failed card of the second's id", [][2]string{{"bin/a", card(`"other"`, bad)}, {"bin/b", card(`"land"`, bad)}, {"bin/c", card(`"land"`, bad)}}, []string{
			`bin/b.card.json:3:3 card-duplicate-id tool card id "land" is also used by bin/c.card.json`,
			`bin/c.card.json:3:3 card-duplicate-id tool card id "land" is already used by bin/b.card.json`}},
		{"a valid card of the second failed card's id", [][2]string{{"bin/a", card(`"other"`, bad)}, {"bin/b", card(`"land"`, bad)}, {"bin/c", card(`"land"`, ok)}}, []string{
			`bin/b.card.json:3:3 card-duplicate-id tool card id "land" is also used by bin/c.card.json`,
			`bin/c.card.json:3:3 card-duplicate-id tool card id "land" is already used by bin/b.card.json`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{}
			for _, k := range tt.cards {
				src.Cards = append(src.Cards, CardSource{File: File{Path: k[0] + ".card.json", Data: []byte(k[1])}, ToolPath: k[0], ToolExists: true})
			}
			cache := NewCache()
			for run, res := range []*Result{Validate(src), cache.Validate(src), cache.Validate(src)} {
				var got []string
				for _, d := range res.Diagnostics {
					if d.Rule != "schema" {
						got = append(got, fmt.Sprintf("%s:%d:%d %s %s", d.File, d.Line, d.Column, d.Rule, d.Message))
					}
				}
				if len(got) != len(tt.want) {
					t.Fatalf("run %d: got\n\t%s\nwant\n\t%s", run, strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
				}
				for i := range got {
					if !strings.HasPrefix(got[i], tt.want[i]) {
						t.Errorf("run %d, finding %d:\n\tgot  %s\n\twant %s…", run, i, got[i], tt.want[i])
					}
				}
			}
		})
	}
}
