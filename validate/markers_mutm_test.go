package validate

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBlockValueOffsetsWithIndentedKeys: a block whose keys are indented
// (as an editor indents a comment's body) is read, and each value is placed
// where it is written, so that a finding about it (an unknown point, a role
// no card declares) points at the value and not a few columns before it.
func TestBlockValueOffsetsWithIndentedKeys(t *testing.T) {
	src := "# Plan\n\n<!-- gsd:loop-host\n    step: plan\n  points:   plan:pre,  plan:post\n\tagent-roles: planner\n  produces: PLAN.md\n  consumes:\n-->\n"
	mk, diags := ParseMarker("w.md", []byte(src))
	if mk == nil || len(diags) > 0 {
		t.Fatalf("marker %+v, findings %v; want the block read, with no findings", mk, diags)
	}
	at := func(s string) int { return strings.Index(src, s) }
	want := []Item{{"plan", at("plan\n")}, {"plan:pre", at("plan:pre")}, {"plan:post", at("plan:post")}, {"planner", at("planner")}, {"PLAN.md", at("PLAN.md")}}
	got := []Item{mk.Step}
	got = append(got, mk.Points...)
	got = append(got, mk.Roles...)
	got = append(got, mk.Produces...)
	if len(got) != len(want) {
		t.Fatalf("items %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d = %+v, want %+v (%q there)", i, got[i], want[i], src[max(got[i].Off, 0):min(max(got[i].Off, 0)+len(want[i].Value), len(src))])
		}
	}
}

// TestContinuedLineOfOneCharacter: a line of a lone "-" or "*" after a list
// key is no value of that list (it holds no word), so the block is read
// with no finding: a list item marker with nothing after it is not read as
// one, nor does it stop the file being checked.
func TestContinuedLineOfOneCharacter(t *testing.T) {
	for _, line := range []string{"-", "*", " - ", "+"} {
		src := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\n" + line + "\nproduces:\nconsumes:\n-->\n"
		mk, diags := ParseMarker("w.md", []byte(src))
		if mk == nil || mk.Step.Value != "plan" || len(diags) > 0 {
			t.Errorf("line %q after agent-roles: marker %+v, findings %v; want the block read and no finding", line, mk, diags)
		}
	}
}

// TestCommentNameRunsOnFromGsdLoopHost: a comment whose name is
// gsd:loop-host run on by a letter, digit, "-" or "_" (any case, either end
// of the ranges) is another comment, told to be renamed; one whose name is
// followed by another character, or by the "-->" at once, is a mention of
// the block in prose.
func TestCommentNameRunsOnFromGsdLoopHost(t *testing.T) {
	const rename, prose = "rename it", "in prose"
	tests := []struct {
		comment, want string
	}{
		{"<!-- gsd:loop-host0 note -->", rename},
		{"<!-- gsd:loop-host9 note -->", rename},
		{"<!-- gsd:loop-host5 note -->", rename},
		{"<!-- gsd:loop-hosta note -->", rename},
		{"<!-- gsd:loop-hostz note -->", rename},
		{"<!-- gsd:loop-hostA note -->", rename},
		{"<!-- gsd:loop-hostZ note -->", rename},
		{"<!-- gsd:loop-host_x note -->", rename},
		{"<!-- gsd:loop-host-x note -->", rename},
		{"<!-- gsd:loop-host/ note -->", prose},
		{"<!-- gsd:loop-host@ note -->", prose},
		{"<!-- gsd:loop-host: note -->", prose},
		{"<!-- gsd:loop-host[ note -->", prose},
		{"<!-- gsd:loop-host{ note -->", prose},
		{"<!-- gsd:loop-host`x` note -->", prose},
		{"<!-- gsd:loop-host-->", prose},
		{"<!-- gsd:loop-host -->", prose},
	}
	for _, tt := range tests {
		src := "# Notes\n\nSee " + tt.comment + " for the marker.\n"
		mk, diags := ParseMarker("notes.md", []byte(src))
		if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-mention" || !strings.Contains(diags[0].Message, tt.want) {
			t.Errorf("%s: marker %+v, findings %v; want one marker-mention saying %q", tt.comment, mk, diags, tt.want)
		}
	}
}

// TestMisspeltKeyIsPointedAt: a block's key written otherwise than the
// reference reads it is named where it stands, line and column, whichever
// line of the block it is on.
func TestMisspeltKeyIsPointedAt(t *testing.T) {
	tests := []struct {
		body      string
		line, col int
	}{
		{"step: plan\npoints: plan:pre, plan:post\n  Agent_Roles : planner\nproduces:\nconsumes:\n", 6, 3},
		{"step: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\n\n\n\tconsume: PLAN.md\n", 10, 2},
		{"Step: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces:\nconsumes:\n", 4, 1},
	}
	for _, tt := range tests {
		src := "# Plan\n\n<!-- gsd:loop-host\n" + tt.body + "-->\n"
		mk, diags := ParseMarker("w.md", []byte(src))
		if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-syntax" || diags[0].Line != tt.line || diags[0].Column != tt.col ||
			!strings.Contains(diags[0].Message, "is not read as it") {
			t.Errorf("%q: marker %+v, findings %v; want one marker-syntax at %d:%d naming the misspelt key", tt.body, mk, diags, tt.line, tt.col)
		}
	}
}

// TestInlineCommentEndsWithItsParagraph: a "<!--" in a paragraph comments
// out the tags after it only when its "-->" comes before the paragraph
// ends, also when the "-->" is the paragraph's very last text; a "-->"
// after a blank line is too late, and the tag is read.
func TestInlineCommentEndsWithItsParagraph(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n\n"
	tests := []struct {
		name, para string
		points     []string
	}{
		{"closed at the paragraph's end", "Old: <!-- <loop-point id=\"plan:post\"/> -->\n", []string{"plan:pre"}},
		{"closed at the end of its second line", "Old:\n<!-- <loop-point id=\"plan:post\"/> -->\n\nMore.\n", []string{"plan:pre"}},
		{"closed after a blank line", "Note <!-- <loop-point id=\"plan:post\"/>\n\n-->\n", []string{"plan:pre", "plan:post"}},
		{"closed a paragraph later", "Note <!-- <loop-point id=\"plan:post\"/>\n\nSee -->\n", []string{"plan:pre", "plan:post"}},
	}
	for _, tt := range tests {
		mk, diags := ParseMarker("w.md", []byte(head+tt.para))
		if mk == nil || !slices.Equal(Values(mk.Points), tt.points) || len(diags) > 0 {
			t.Errorf("%s: marker %+v, findings %v; want points %v and no findings", tt.name, mk, diags, tt.points)
		}
	}
}

// TestEmptyAndEscapedComments: "<!---->" is an empty comment, which hides
// nothing after it and ends (the file is read, not looped over); a "<!--"
// after a backslash is text, also at the very start of the file, so the
// tag after it is read.
func TestEmptyAndEscapedComments(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	tests := []struct {
		name, src string
		points    []string
	}{
		{"empty comment alone", "<!---->\n\n" + tags, []string{"plan:pre"}},
		{"empty comment in a paragraph", "Note <!----> " + tags, []string{"plan:pre"}},
		{"empty comment before a comment", "<!----> <!-- <loop-point id=\"plan:post\"/> -->\n\n" + tags, []string{"plan:pre"}},
		{"escaped opener first", "\\<!-- <loop-point id=\"plan:post\"/> -->\n\n" + tags, []string{"plan:post", "plan:pre"}},
		{"escaped backslash first", "\\\\<!-- <loop-point id=\"plan:post\"/> -->\n\n" + tags, []string{"plan:pre"}},
	}
	for _, tt := range tests {
		done := make(chan struct{})
		var mk *Marker
		var diags Diagnostics
		go func() {
			defer close(done)
			mk, diags = ParseMarker("w.md", []byte(tt.src))
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ParseMarker(%q) has not returned after 10s", tt.name, tt.src)
		}
		if mk == nil || !slices.Equal(Values(mk.Points), tt.points) || len(diags) > 0 {
			t.Errorf("%s: marker %+v, findings %v; want points %v and no findings", tt.name, mk, diags, tt.points)
		}
	}
}

// TestLoopArtifactRepeatsAttribute: a <loop-artifact> that repeats consumes
// (as it repeats produces) is told so where the repetition stands, and the
// marker is not read; one that repeats an attribute it is not read for
// (a class) is read.
func TestLoopArtifactRepeatsAttribute(t *testing.T) {
	head := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	mk, diags := ParseMarker("w.md", []byte(head+"<loop-artifact consumes=\"A.md\" produces=\"X.md\" consumes=\"B.md\"/>\n"))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-duplicate-key" || diags[0].Line != 3 || diags[0].Column != 48 ||
		!strings.Contains(diags[0].Message, `repeats consumes="…"`) {
		t.Errorf("repeated consumes: marker %+v, findings %v; want no marker and one marker-duplicate-key at 3:48", mk, diags)
	}
	mk, diags = ParseMarker("w.md", []byte(head+"<loop-artifact class=\"a\" consumes=\"A.md\" class=\"b\"/>\n"))
	if mk == nil || !slices.Equal(Values(mk.Consumes), []string{"A.md"}) || len(diags) > 0 {
		t.Errorf("repeated class: marker %+v, findings %v; want the marker read, consuming A.md", mk, diags)
	}
}

// TestTagStepIsTheFirstCanonicalPoint: the step of the tag form is that of
// the first canonical point (discuss:pre, the first of all, included), a
// mistyped point before it is no step of its own, and a canonical point
// of another step (discuss:pre again) is a second step.
func TestTagStepIsTheFirstCanonicalPoint(t *testing.T) {
	role := "<agent-role name=\"discusser\"/>\n"
	mk, diags := ParseMarker("w.md", []byte("<loop-point id=\"dicsuss:pre\"/>\n<loop-point id=\"discuss:pre\"/>\n<loop-point id=\"discuss:post\"/>\n"+role))
	if mk == nil || mk.Step.Value != "discuss" || mk.Step.Off != len("<loop-point id=\"dicsuss:pre\"/>\n<loop-point id=\"") || len(diags) > 0 {
		t.Errorf("a mistyped point first: marker %+v, findings %v; want step discuss, at discuss:pre, and no findings", mk, diags)
	}
	mk, diags = ParseMarker("w.md", []byte("<loop-point id=\"plan:pre\"/>\n<loop-point id=\"discuss:pre\"/>\n"+role))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-multiple" || diags[0].Line != 2 || !strings.Contains(diags[0].Message, `steps "plan" and "discuss"`) {
		t.Errorf("plan:pre and discuss:pre: marker %+v, findings %v; want no marker and one marker-multiple at line 2", mk, diags)
	}
}

// TestUnquotedValueOfOneQuoteCharacter: an attribute whose value is a lone
// backtick or typographic quote, unquoted, is told to be quoted, as any
// unquoted value is; it is no pair of quotes around a value.
func TestUnquotedValueOfOneQuoteCharacter(t *testing.T) {
	for _, v := range []string{"`", "\u201c", "\u2019"} {
		src := "<loop-point id=\"plan:pre\"/>\n<agent-role name=" + v + " />\n"
		mk, diags := ParseMarker("w.md", []byte(src))
		want := "<agent-role> name=" + v + ` is not quoted: write name="` + v + `"`
		if mk != nil || len(diags) != 1 || !strings.Contains(diags[0].Message, want) {
			t.Errorf("%q: marker %+v, findings %v; want no marker and one finding saying %s", src, mk, diags, want)
		}
	}
}

// TestIndentedTagsAfterAPromptElement: marker tags read as indented code
// are warned of, and their step named, though an element of the same name
// in a prompt (no marker) comes first in the file.
func TestIndentedTagsAfterAPromptElement(t *testing.T) {
	src := "You act as <agent-role>planner</agent-role>.\n\n    <loop-point id=\"plan:pre\"/>\n    <agent-role name=\"planner\"/>\n\nRun `loop render-hooks plan:pre` first.\n"
	mk, diags := ParseMarker("w.md", []byte(src))
	if mk != nil || len(diags) != 1 || diags[0].Rule != "marker-in-code" || diags[0].Line != 3 || diags[0].Column != 5 || !strings.Contains(diags[0].Message, "<loop-point> tag") {
		t.Errorf("marker %+v, findings %v; want one marker-in-code at 3:5 naming the <loop-point> tag", mk, diags)
	}
	var s sink
	if _, step := parseMarker("w.md", []byte(src), &s); step.Value != "plan" || step.Off != strings.Index(src, "<loop-point") {
		t.Errorf("indented step %+v, want plan at the <loop-point> tag", step)
	}
}

// TestIndentedTagsOfTheFirstPoint: the step of tags read as indented code
// is that of the first canonical point, discuss:pre (the first of all)
// included, past a mistyped one.
func TestIndentedTagsOfTheFirstPoint(t *testing.T) {
	src := "    <loop-point id=\"dicsuss:pre\"/>\n    <loop-point id=\"discuss:pre\"/>\n    <agent-role name=\"discusser\"/>\n\nRun `loop render-hooks discuss:pre` first.\n"
	var s sink
	if _, step := parseMarker("w.md", []byte(src), &s); step.Value != "discuss" {
		t.Errorf("indented step %+v, want discuss", step)
	}
}
