package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestLimitPerRule: of one rule in one file, the first MaxPerRule findings
// are listed and one more, at the first of the others, counts them; other
// rules and files are listed apart; counts stay whole.
func TestLimitPerRule(t *testing.T) {
	var ds Diagnostics
	for i := range MaxPerRule + 50 {
		ds = append(ds, Diagnostic{File: "a.md", Line: i + 1, Rule: "role-family", Severity: Warning, Message: "m"})
	}
	ds = append(ds, Diagnostic{File: "a.md", Line: 500, Rule: "role-family", Severity: Error, Message: "e"})
	for i := range 3 {
		ds = append(ds, Diagnostic{File: "a.md", Line: i + 1, Rule: "point-unknown", Severity: Error, Message: "p"})
		ds = append(ds, Diagnostic{File: "b.md", Line: i + 1, Rule: "role-family", Severity: Warning, Message: "m"})
	}
	ds.Sort()
	got := LimitPerRule(ds)
	if len(got) != MaxPerRule+1+1+3+3 {
		t.Fatalf("%d findings listed, want %d", len(got), MaxPerRule+8)
	}
	var stand []Diagnostic
	for _, d := range got {
		if d.Omitted > 0 {
			stand = append(stand, d)
		}
	}
	if len(stand) != 1 {
		t.Fatalf("%d findings stand for others, want 1: %v", len(stand), stand)
	}
	d := stand[0]
	if d.File != "a.md" || d.Rule != "role-family" || d.Line != MaxPerRule+1 || d.Omitted != 50 || d.Severity != Warning ||
		!strings.HasPrefix(d.Message, fmt.Sprintf("50 more role-family findings in this file from here on, not listed (the first %d are)", MaxPerRule)) {
		t.Errorf("the finding standing for the others: %+v", d)
	}
	if e, w := got.Count(); e != 1+3 || w != MaxPerRule+50+3 {
		t.Errorf("Count = %d errors, %d warnings; want 4, %d (the omitted counted)", e, w, MaxPerRule+53)
	}
	if e, w := ds.Count(); e != 4 || w != MaxPerRule+53 {
		t.Errorf("uncapped Count = %d, %d", e, w)
	}
	// One over the bound is listed as it is, not as "1 more".
	one := slices.DeleteFunc(slices.Clone(ds), func(d Diagnostic) bool { return d.File != "a.md" || d.Rule != "role-family" || d.Severity != Warning })
	one = one[:MaxPerRule+1]
	if got := LimitPerRule(one); len(got) != MaxPerRule+1 || got[MaxPerRule].Omitted != 0 || got[MaxPerRule].Message != "m" {
		t.Errorf("one over: %d listed, last %+v", len(got), got[len(got)-1])
	}
}

// A workflow repeating one agent role 100,000 times: its findings are
// listed up to MaxPerRule, and counted whole (it made 77 MB of answer).
func TestValidateCapsRepeatedFindings(t *testing.T) {
	doc := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\nagent-roles: " + strings.Repeat("r, ", 100000) + "\nproduces: PLAN.md\nconsumes:\n-->\n"
	res := Validate(&Sources{Workflows: []File{{Path: "workflows/plan.md", Data: []byte(doc)}}})
	byRule := map[string]int{}
	for _, d := range res.Diagnostics {
		byRule[d.Rule]++
	}
	for rule, n := range byRule {
		if n > MaxPerRule+1 {
			t.Errorf("%d %s findings listed, want at most %d", n, rule, MaxPerRule+1)
		}
	}
	if e, w := res.Diagnostics.Count(); e+w < 100000 {
		t.Errorf("Count = %d errors, %d warnings; want the 100,000 repeats counted", e, w)
	}
}

// A capability whose id is not its folder's never reaches the registry: its
// fragments are checked but not copied in. A folder linked to another's
// reads the same declaration and fragments again, each under its own
// bound, and sixty such links took 1.3 GB.
func TestMisfiledCapabilityInlinesNothing(t *testing.T) {
	manifest := []byte(`{"id": "research", "role": "feature", "contributions": [
		{"point": "plan:pre", "into": "planner", "fragment": {"path": "a.md"}},
		{"point": "plan:pre", "into": "planner", "fragment": {"path": "gone.md"}}]}`)
	files := map[string]File{"a.md": {Path: "x/a.md", Data: []byte("text")}}
	for _, tt := range []struct {
		folder string
		inline bool
	}{{"research", true}, {"r000", false}} {
		var s sink
		c := checkCapability(&CapabilitySource{Folder: tt.folder, Manifest: File{Path: tt.folder + "/capability.json", Data: manifest}, Files: files}, &s)
		if c == nil || len(c.Contributions) != 2 {
			t.Fatalf("%s: %+v", tt.folder, c)
		}
		if got := c.Contributions[0].Raw.Get("fragment").Has("inline"); got != tt.inline {
			t.Errorf("folder %s: fragment inlined %v, want %v", tt.folder, got, tt.inline)
		}
		unreadable := slices.ContainsFunc(s.diags, func(d Diagnostic) bool { return d.Rule == "fragment-unreadable" })
		if !unreadable {
			t.Errorf("folder %s: the missing fragment is not reported: %v", tt.folder, s.diags)
		}
	}
}

// A misfiled capability's fragments are still counted against the bound,
// though not inlined: renaming its id must not bring a new error.
func TestMisfiledCapabilityCountsItsFragments(t *testing.T) {
	var refs []string
	for range 5 {
		refs = append(refs, `{"point": "plan:pre", "into": "planner", "fragment": {"path": "big.md"}}`)
	}
	manifest := []byte(`{"id": "typox", "role": "feature", "contributions": [` + strings.Join(refs, ",") + `]}`)
	files := map[string]File{"big.md": {Path: "typo/big.md", Data: make([]byte, 4<<20)}}
	var s sink
	checkCapability(&CapabilitySource{Folder: "typo", Manifest: File{Path: "typo/capability.json", Data: manifest}, Files: files}, &s)
	if !slices.ContainsFunc(s.diags, func(d Diagnostic) bool {
		return d.Rule == "file-too-large" && d.Pointer == "/contributions/4/fragment/path"
	}) {
		t.Errorf("no file-too-large at the fifth 4 MiB reference of a misfiled capability: %v", s.diags)
	}
}
