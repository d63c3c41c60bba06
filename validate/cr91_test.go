package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestIDFolderCaseOnlyForAnID: the "rename the folder" advice of an id
// that equals its folder's name but for case is for an id that is one
// (kebab); an id that is no id either ("Lint-Gate" in LINT-GATE/) is
// told to rename one of them, not that the folder should take its name.
// A folder path with an underscore is still typed as it is (git mv).
func TestIDFolderCaseOnlyForAnID(t *testing.T) {
	got := idFolderMismatch("Lint-Gate", "LINT-GATE", "capabilities/LINT-GATE")
	if want := `id "Lint-Gate" does not equal its folder name "LINT-GATE"; rename one of them`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	got = idFolderMismatch("lint-gate", "Lint-Gate", "my_caps/Lint-Gate")
	if want := "git mv my_caps/Lint-Gate my_caps/lint-gate.tmp && git mv my_caps/lint-gate.tmp my_caps/lint-gate"; !strings.Contains(got, want) {
		t.Errorf("got %q, want it to hold %q", got, want)
	}
	got = idFolderMismatch("lint-gate", "Lint-Gate", "my caps/Lint-Gate")
	if strings.Contains(got, "git mv") {
		t.Errorf("a path with a blank is no command to type as it is: %q", got)
	}
}

// TestEnumDefaultAlikeShowsCodePoints: a config default that is an enum
// value in another Unicode form (composed where the enum holds it
// decomposed) is told with both names' code points, as the other
// did-you-means are: "did you mean "vérifier"?" alone named what was
// written.
func TestEnumDefaultAlikeShowsCodePoints(t *testing.T) {
	const nfc, nfd = "v\u00e9rifier", "ve\u0301rifier"
	data := fmt.Sprintf(`{"id": "x", "role": "feature", "title": "T", "description": "D.", "version": "1.0.0", "tier": "core",
 "requires": [], "skills": [], "agents": [], "config": {"workflow.x": {"type": "enum", "values": [%q, "other"], "default": %q, "description": "d"}},
 "steps": [], "contributions": [], "gates": []}`, nfd, nfc)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "x",
		Manifest: File{Path: "capabilities/x/capability.json", Data: []byte(data)}}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "config-slice" && strings.Contains(d.Message, "default must be one of the enum values") {
			got = append(got, d.Message)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "did you mean") || !strings.Contains(got[0], `v\u00e9rifier" and "`) {
		t.Errorf("got %q, want one config-slice did-you-mean with the code points", got)
	}
}

// TestNormalizationHintNamesTheSideToChange: the decomposed spelling is
// the one to change, whichever side it is: the consume, the producer's,
// or both where neither is composed.
func TestNormalizationHintNamesTheSideToChange(t *testing.T) {
	const nfc, nfd = "R\u00c9SUM\u00c9.md", "RE\u0301SUME\u0301.md"
	const mixed = "R\u00c9SUME\u0301.md" // one letter composed, one not
	where := func(string) string { return "a step produces it" }
	for _, tc := range []struct{ consume, produced, fix string }{
		{nfd, nfc, "write this consume composed"},
		{nfc, nfd, "write it composed there"},
		{mixed, nfd, "write both composed"},
	} {
		got := normalizationHint(tc.consume, []string{tc.produced, "other.md"}, where)
		if !strings.HasSuffix(got, ": gsd-core compares names byte for byte, so "+tc.fix+`, "R\u00c9SUM\u00c9.md"`) {
			t.Errorf("consume %+q, produced %+q: %q, want %q", tc.consume, tc.produced, got, tc.fix)
		}
	}
	if got := normalizationHint(nfc, []string{nfc, "other.md"}, where); got != "" {
		t.Errorf("the same spelling: %q, want none", got)
	}
}

// TestUnclosedBlockBesideTagsStaysAnError: the warning for a block left
// open after the file's one complete block holds only where that block
// is the file's whole marker; beside marker tags, closed or left open,
// which marker is meant is unknown, and the open block is the error it
// was.
func TestUnclosedBlockBesideTagsStaysAnError(t *testing.T) {
	for name, text := range map[string]string{
		"a tag":           "# Plan phase\n\n<loop-point id=\"plan:pre\"/>\n\n<!-- gsd:loop-host\nstep: plam\n\n",
		"a tag left open": "# Plan phase\n\n<loop-point id=\"plan:pre\"\n\n<!-- gsd:loop-host\nstep: plam\n\n",
	} {
		res := Validate(gate4Repo(t, nil, [][3]string{{"plan-phase.md", "# Plan phase\n", text}}))
		var got []string
		for _, d := range res.Diagnostics {
			if d.File == "workflows/plan-phase.md" && d.Rule == "marker-syntax" && strings.Contains(d.Message, "gsd:loop-host block is not closed") {
				got = append(got, fmt.Sprintf("%d %s %s", d.Line, d.Severity, d.Message))
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "13 error gsd:loop-host block is not closed: add --> after its last key") {
			t.Errorf("%s: %q, want one error at line 13", name, got)
		}
	}
}

// TestEditorLeftoverTmpEdges: an atomic save's temporary name is .tmp
// followed by a separator (an underscore too) or a random word of three
// letters or more; .tmpl, a template's, and .tmpx are not.
func TestEditorLeftoverTmpEdges(t *testing.T) {
	for name, want := range map[string]bool{
		"capability.json.tmp_1":  true,
		"capability.json.tmpabc": true,
		"capability.json.tmpab":  false,
		"capability.json.tmpl":   false,
		"capability.json.swo":    true,
		".tmp":                   false,
	} {
		if got := EditorLeftover(name); got != want {
			t.Errorf("EditorLeftover(%q) = %v, want %v", name, got, want)
		}
	}
}
