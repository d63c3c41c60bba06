package store_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/capreg/capreg/validate"
)

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

// placementCasesCr37 are capreg.json files over testdata/repo (docs/markers.md
// is a file, config/config-schema.manifest.json the schema) and where each
// finding about a configured path belongs: at the value the scanner read.
var placementCasesCr37 = []struct {
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

// TestScanPlacesConfiguredPathFindingsCr37 pins, in a real scan and check,
// where each capreg.json finding about a configured path sits, so a change
// to PathPlacer's index (3e6ef31) leaves none at the file's top that was
// placed before.
func TestScanPlacesConfiguredPathFindingsCr37(t *testing.T) {
	for _, tc := range placementCasesCr37 {
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

// TestOverlayPlacesConfiguredPathFindingsCr37 pins the same placements for
// POST /validate: a change carrying capreg.json over the served scan of
// testdata/repo (missingRoots places with its own PathPlacer). A change
// the overlay leaves to a rescan is skipped.
func TestOverlayPlacesConfiguredPathFindingsCr37(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	snap := scanLoadRepo(t, repo)
	for _, tc := range placementCasesCr37 {
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

// TestOverlayPlacesMissingRootCr37 pins where POST /validate places a card
// root that a change makes a file (missingRoots: "must name a folder"),
// when capreg.json also writes it under "capabilities" as a list (a shape
// the scanner does not read): at /cards/0, the value read, as the scan
// does. Fails at 58096fd (/capabilities/0), passes at HEAD.
func TestOverlayPlacesMissingRootCr37(t *testing.T) {
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
