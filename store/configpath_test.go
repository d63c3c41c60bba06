package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestConfiguredPathsReadAlikeOnEveryOS pins that a path capreg.json names
// is judged the same on every OS (review r25): one holding a backslash is
// a config-file error at its value, with the path written with '/' (it was
// read as a separator on Windows, where ToSlash turns it into one, and as
// part of a name elsewhere), and one starting with a drive letter is
// outside the root (path.IsAbs says no to "C:/x": it was joined under the
// root and ended as a confusing file-unreadable on Windows too).
func TestConfiguredPathsReadAlikeOnEveryOS(t *testing.T) {
	for _, tc := range []struct {
		config, rule, want, pointer string
	}{
		{`{"workflows": ["workflows\\plan-phase.md"]}`, "config-file", `configured path "workflows\\plan-phase.md" holds a backslash, which Windows reads as a separator and Linux and macOS as part of a name; it is not read: write it with '/': "workflows/plan-phase.md"`, "/workflows/0"},
		{`{"capabilities": "C:/caps"}`, "path-escape", `configured path "C:/caps" starts with a drive letter, which Windows reads as another drive, outside the repository root`, "/capabilities"},
		{`{"cards": ["d:tools"]}`, "path-escape", `configured path "d:tools" starts with a drive letter`, "/cards/0"},
		// Cleaned, it is "bin": the drive is looked for before (review cr33).
		{`{"cards": ["c:/../bin"]}`, "path-escape", `configured path "c:/../bin" starts with a drive letter`, "/cards/0"},
	} {
		repo, _ := scanRepoCopy(t)
		if tc.rule == "config-file" {
			// The very name, legal on Linux: still refused, as Windows
			// would read another file.
			if err := os.WriteFile(filepath.Join(repo, `workflows\plan-phase.md`), []byte("# notes\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tc.config))
		snap := scanLoadRepo(t, repo)
		var found []validate.Diagnostic
		for _, d := range snap.Diagnostics {
			if d.Rule == tc.rule && d.File == "capreg.json" {
				found = append(found, d)
			}
		}
		if len(found) != 1 || !strings.Contains(found[0].Message, tc.want) || found[0].Pointer != tc.pointer || found[0].Severity != validate.Error {
			t.Errorf("%s: want one %s error at %s containing %q, got %v\nall:\n%s", tc.config, tc.rule, tc.pointer, tc.want, found, formatDiagnostics(snap.Diagnostics))
		}
	}
}

// TestConfiguredPathOutsideTheRootIsPlaced: a path capreg.json gives that
// leaves the repository lexically is reported at its place in capreg.json,
// the line and column of the value, where an editor jumps to; a
// --config-schema flag that leaves it is named as the flag, with no place
// in any file.
func TestConfiguredPathOutsideTheRootIsPlaced(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte("{\n"+
		"  \"configSchema\": \"config/config-schema.manifest.json\",\n"+
		"  \"capabilities\": \"../..\",\n"+
		"  \"workflows\": [\n"+
		"    \"workflows\",\n"+
		"    \"/etc\"\n"+
		"  ]\n"+
		"}\n"))
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	want := map[string]int{ // the path as given, its line in capreg.json
		`configured path "../.." is outside the repository root; it is not read`: 3,
		`configured path "/etc" is outside the repository root; it is not read`:  6,
	}
	got := map[string]validate.Diagnostic{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" {
			got[d.Message] = d
		}
	}
	for msg, line := range want {
		d, ok := got[msg]
		switch {
		case !ok:
			t.Errorf("no path-escape %q among %v", msg, snap.Diagnostics)
		case d.File != "capreg.json" || d.Line != line || d.Column == 0 || d.Severity != validate.Error:
			t.Errorf("path-escape %q at %s:%d:%d (%s), want capreg.json:%d and a column, an error", msg, d.File, d.Line, d.Column, d.Severity, line)
		}
	}
	if len(got) != len(want) {
		t.Errorf("path-escape findings %v, want %d", got, len(want))
	}

	flagged := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: "../x.json", ConfigSchemaSetting: "--config-schema"}})
	var found bool
	for _, d := range flagged.Diagnostics {
		if d.Rule == "path-escape" && strings.HasPrefix(d.Message, "--config-schema ") {
			found = true
			if d.Message != `--config-schema "../x.json" is outside the repository root; it is not read` || d.File != "" || d.Line != 0 {
				t.Errorf("flag's path-escape %q at %q:%d, want it named as the flag, in no file", d.Message, d.File, d.Line)
			}
		}
	}
	if !found {
		t.Errorf("no path-escape for --config-schema ../x.json among %v", flagged.Diagnostics)
	}
}

// TestConfiguredPathBareDrive pins that a capreg.json path that is a
// drive and nothing else ("c:", or "./c:" cleaning to it) is refused as a
// drive letter: Windows reads it as drive C's current folder, outside the
// repository, where Linux reads a folder named "c:".
func TestConfiguredPathBareDrive(t *testing.T) {
	for _, value := range []string{"c:", "Z:", "./c:"} {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["`+value+`"]}`))
		in := scanInput(t, store.ScanOptions{Repo: repo})
		var found []validate.Diagnostic
		for _, d := range in.Sources.Diagnostics {
			if d.Rule == "path-escape" && d.File == "capreg.json" {
				found = append(found, d)
			}
		}
		if len(found) != 1 || !strings.Contains(found[0].Message, "drive letter") {
			t.Errorf("%q: want one path-escape naming a drive letter, got %v", value, found)
		}
	}
}

// TestConfiguredPathDriveAfterClean pins that a capreg.json path whose
// cleaned form starts with a drive letter is refused, as it was before
// 92ba275: that commit looks for the drive on the raw value only
// (scan.go confineAs), so "./c:/tools" or "x/../c:/tools" pass and the
// cleaned "c:/tools" is used, a folder on Linux and drive C on Windows,
// against "read alike on every OS". FAILS on 92ba275..HEAD on purpose.
func TestConfiguredPathDriveAfterClean(t *testing.T) {
	for _, value := range []string{"./c:/tools", "x/../c:/tools", "./d:tools"} {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["`+value+`"]}`))
		snap := scanLoadRepo(t, repo)
		var found []validate.Diagnostic
		for _, d := range snap.Diagnostics {
			if d.Rule == "path-escape" && d.File == "capreg.json" {
				found = append(found, d)
			}
		}
		if len(found) != 1 || !strings.Contains(found[0].Message, "drive letter") || found[0].Severity != validate.Error {
			t.Errorf("%s: want one path-escape error naming a drive letter, got %v\nall:\n%s", value, found, formatDiagnostics(snap.Diagnostics))
		}
	}
}

// TestConfiguredPathEscapePlacedAtItsValue pins that the path-escape of
// "c:/../bin" is placed at its own value: confineAs places it by the cleaned
// path "bin", so an earlier, legitimate "bin" takes it (the placer keys the
// first value naming a path). FAILS on purpose (a placement slip).
func TestConfiguredPathEscapePlacedAtItsValue(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["bin", "c:/../bin"]}`))
	snap := scanLoadRepo(t, repo)
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" && d.File == "capreg.json" && d.Pointer != "/cards/1" {
			t.Errorf("path-escape of c:/../bin placed at %q, want /cards/1: %s", d.Pointer, d.Message)
		}
	}
}

// TestConfiguredEscapeTwiceEachPlaced pins where the path-escape
// findings of one refused value written twice ("../x" in workflows and in
// cards) are placed: PathPlacer.PlaceValue keys the first value written so
// (validate/repoconfig.go add, raw map), so both findings land on
// /workflows/0 and /cards/0 gets none. It shows the claim "a refused
// value's finding is placed at that value" (f048cc7) holds only for the
// first of equal values. FAILS on purpose (a placement slip, as before
// f048cc7: not a regression).
func TestConfiguredEscapeTwiceEachPlaced(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["../x"], "cards": ["../x"]}`))
	snap := scanLoadRepo(t, repo)
	got := map[string]int{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" && d.File == "capreg.json" {
			got[d.Pointer]++
		}
	}
	if got["/workflows/0"] != 1 || got["/cards/0"] != 1 {
		t.Errorf("path-escape findings by pointer = %v, want one at /workflows/0 and one at /cards/0\nall:\n%s", got, formatDiagnostics(snap.Diagnostics))
	}
}

// TestConfiguredPathAnyDrive pins that a capreg.json path Go on Windows
// reads as a volume ("1:/tools": filepath.VolumeName takes any byte before
// ':') is refused on Linux too: confineAs refuses it on Windows
// (filepath.VolumeName) but driveLetter accepts only ASCII letters, so the
// same capreg.json lays the repository out differently by OS. FAILS on
// purpose on Linux (pre-existing, not from 3e432ac..HEAD).
func TestConfiguredPathAnyDrive(t *testing.T) {
	for _, value := range []string{"1:/tools", "./1:/tools"} {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["`+value+`"]}`))
		snap := scanLoadRepo(t, repo)
		n := 0
		for _, d := range snap.Diagnostics {
			if d.Rule == "path-escape" && d.File == "capreg.json" && d.Severity == validate.Error {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d path-escape errors, want 1 (Windows refuses it as a volume)\nall:\n%s", value, n, formatDiagnostics(snap.Diagnostics))
		}
	}
}

// TestScanPlacesRefusedValueItRead pins, in a real scan, where the
// path-escape finding of "../x" goes when capreg.json also writes "../x"
// under a key in a shape the scanner does not read ("capabilities" as a
// list: ParseRepoConfig takes it only as a string). The scanner confines
// the cards value alone, so its finding belongs at /cards/0; PathPlacer
// queues /capabilities/0 first and hands that out. FAILS on purpose (a
// placement slip present before e6fc38a too: not a regression, but the
// new PlaceValue doc's "a finding at each, in the order of
// repoConfigPathKeys" does not hold).
func TestScanPlacesRefusedValueItRead(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": ["../x"], "cards": ["../x"]}`))
	snap := scanLoadRepo(t, repo)
	got := map[string]int{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" && d.File == "capreg.json" {
			got[d.Pointer]++
		}
	}
	if len(got) != 1 || got["/cards/0"] != 1 {
		t.Errorf("path-escape findings by pointer = %v, want one at /cards/0\nall:\n%s", got, formatDiagnostics(snap.Diagnostics))
	}
}

// configFindings lists the capreg.json findings of diags as rule@pointer,
// leaving out the schema's own (config-file), so a table can say where
// each finding about a configured path sits.
func configFindings(diags validate.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.File == "capreg.json" && d.Rule != "config-file" {
			out = append(out, d.Rule+"@"+d.Pointer)
		}
	}
	slices.Sort(out)
	return out
}

// placementCases are capreg.json files over testdata/repo (docs/markers.md
// is a file, config/config-schema.manifest.json the schema) and where each
// finding about a configured path belongs: at the value the scanner read.
var placementCases = []struct {
	name, config string
	want         []string
}{
	{"missing capabilities folder", `{"capabilities": "nocaps"}`, []string{"file-unreadable@/capabilities"}},
	{"capabilities as a list, the same missing card root", `{"capabilities": ["nocaps"], "cards": ["nocaps"]}`, []string{"file-unreadable@/cards/0"}},
	{"missing workflow root", `{"workflows": ["nowhere"]}`, []string{"file-unreadable@/workflows/0"}},
	{"workflows entry that is a file", `{"workflows": ["docs/markers.md"]}`, nil},
	{"workflows as a string, the same missing card root", `{"workflows": "nowhere", "cards": ["nowhere"]}`, []string{"file-unreadable@/cards/0"}},
	{"cards root that is a file", `{"cards": ["docs/markers.md"]}`, []string{"file-unreadable@/cards/0"}},
	// The finding is that the card root must be a folder; the workflows
	// entry may be a file (Place handed out the first value naming the
	// path: review cr37; now PlaceFolder).
	{"a file named as workflow and card root", `{"workflows": ["docs/markers.md"], "cards": ["docs/markers.md"]}`, []string{"file-unreadable@/cards/0"}},
	{"missing config schema", `{"configSchema": "config/none.json"}`, []string{"file-unreadable@/configSchema"}},
	{"config schema leaving the root", `{"configSchema": "../x.json"}`, []string{"path-escape@/configSchema"}},
	{"config schema as a list, the same card root leaving", `{"configSchema": ["../x"], "cards": ["../x"]}`, []string{"path-escape@/cards/0"}},
}

// TestScanPlacesConfiguredPathFindings pins, in a real scan and check,
// where each capreg.json finding about a configured path sits, so a change
// to PathPlacer's index (3e6ef31) leaves none at the file's top that was
// placed before.
func TestScanPlacesConfiguredPathFindings(t *testing.T) {
	for _, tc := range placementCases {
		t.Run(tc.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tc.config))
			snap := scanLoadRepo(t, repo)
			got := configFindings(slices.Concat(snap.Diagnostics, snap.Check(snap.Sources)))
			got = slices.Compact(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("capreg.json findings = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestOverlayPlacesConfiguredPathFindings pins the same placements for
// POST /validate: a change carrying capreg.json over the served scan of
// testdata/repo (missingRoots places with its own PathPlacer). A change
// the overlay leaves to a rescan is skipped.
func TestOverlayPlacesConfiguredPathFindings(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	snap := scanLoadRepo(t, repo)
	for _, tc := range placementCases {
		t.Run(tc.name, func(t *testing.T) {
			src, err := snap.Overlay(map[string][]byte{"capreg.json": []byte(tc.config)}, nil)
			if err != nil {
				t.Skipf("overlay: %v", err)
			}
			got := slices.Compact(configFindings(slices.Concat(src.Diagnostics, snap.Check(src))))
			if !slices.Equal(got, tc.want) {
				t.Errorf("capreg.json findings = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestOverlayPlacesMissingRoot pins where POST /validate places a card
// root that a change makes a file (missingRoots: "must name a folder"),
// when capreg.json also writes it under "capabilities" as a list (a shape
// the scanner does not read): at /cards/0, the value read, as the scan
// does. Fails at 58096fd (/capabilities/0), passes at HEAD.
func TestOverlayPlacesMissingRoot(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": ["docs"], "cards": ["docs"]}`))
	snap := scanLoadRepo(t, repo)
	src, err := snap.Overlay(map[string][]byte{"docs": []byte("x")}, []string{"docs/markers.md"})
	if err != nil {
		t.Skipf("overlay: %v", err)
	}
	got := slices.Compact(configFindings(slices.Concat(src.Diagnostics, snap.Check(src))))
	if want := []string{"file-unreadable@/cards/0"}; !slices.Equal(got, want) {
		t.Errorf("capreg.json findings = %q, want %q", got, want)
	}
}
