package store_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// orphanCardJSON is a valid tool card of the given id and command.
func orphanCardJSON(id, command string) string {
	return `{"id":"` + id + `","command":"` + command + `","summary":"Does one thing.","intent_phrases":["do the thing"],` +
		`"effects":"Writes nothing.","risk":"reversible","example":"` + command + `"}`
}

// TestScanCardOrphanNamesTheToolMeant: the scan lists the files beside a
// card whose tool is missing that card-orphan may name, and it names the
// one meant: a typo of the tool's name, the tool made on macOS (its name
// decomposed, NFD) for a card named composed (NFC), or the file the card's
// command names; none when nothing is near or two names are equally near.
// A card whose tool is there gets no list.
func TestScanCardOrphanNamesTheToolMeant(t *testing.T) {
	for _, c := range []struct {
		name     string
		files    map[string]string // written into a copy of testdata/repo
		card     string            // the orphan card
		siblings []string          // its Siblings
		hint     string            // what its card-orphan ends with; "" for no did-you-mean
	}{
		{name: "typo", files: map[string]string{"bin/lnad.card.json": orphanCardJSON("lnad", "lnad")},
			card: "bin/lnad.card.json", siblings: []string{"land"},
			hint: `; did you mean "bin/land"? If so, rename the card to "bin/land.card.json"`},
		{name: "NFD tool, NFC card", files: map[string]string{"bin/cafe\u0301": "#!/bin/sh\n", "bin/caf\u00e9.card.json": orphanCardJSON("cafe", "x")},
			card: "bin/caf\u00e9.card.json", siblings: []string{"cafe\u0301"},
			hint: `(as code points: "bin/caf\u00e9" here, "bin/cafe\u0301" there; names that look alike may differ in Unicode normalization) If so, rename the card to "bin/cafe\u0301.card.json"`},
		{name: "command names a sibling", files: map[string]string{"bin/run-tests.card.json": orphanCardJSON("run-tests", "bin/ft --all")},
			card: "bin/run-tests.card.json", siblings: []string{"ft"},
			hint: `; did you mean "bin/ft", which its command names? If so, rename the card to "bin/ft.card.json"`},
		{name: "no candidate", files: map[string]string{"bin/zzz.card.json": orphanCardJSON("zzz", "zzz")},
			card: "bin/zzz.card.json"},
		{name: "two equally near", files: map[string]string{"bin/lnd.card.json": orphanCardJSON("lnd", "lnd"), "bin/lend": "#!/bin/sh\n"},
			card: "bin/lnd.card.json", siblings: []string{"land", "lend"}},
		{name: "a folder of the name is no sibling", files: map[string]string{"bin/lnad.card.json": orphanCardJSON("lnad", "lnad"), "bin/lnda/x": "x"},
			card: "bin/lnad.card.json", siblings: []string{"land"},
			hint: `; did you mean "bin/land"? If so, rename the card to "bin/land.card.json"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			for p, data := range c.files {
				writeTestFile(t, filepath.Join(repo, filepath.FromSlash(p)), []byte(data))
			}
			in := scanInput(t, store.ScanOptions{Repo: repo})
			for _, card := range in.Sources.Cards {
				switch {
				case card.Path == c.card && !slices.Equal(card.Siblings, c.siblings):
					t.Errorf("%s: siblings %q, want %q", card.Path, card.Siblings, c.siblings)
				case card.Path != c.card && card.Siblings != nil:
					t.Errorf("%s, whose tool is there: siblings %q", card.Path, card.Siblings)
				}
			}
			msg, ok := findingsAt(scanLoadRepo(t, repo), "card-orphan")[c.card]
			switch {
			case !ok:
				t.Fatalf("no card-orphan at %s", c.card)
			case c.hint == "" && strings.Contains(msg, "did you mean"):
				t.Errorf("card-orphan %q, want no did-you-mean", msg)
			case !strings.HasSuffix(msg, c.hint):
				t.Errorf("card-orphan %q, want it to end %q", msg, c.hint)
			}
		})
	}
}

// TestScanCardOrphanInALargeFolder: in a folder of 10,000 files, the
// scan keeps at most validate.MaxSiblings names beside an orphan card,
// however many are near its tool's name, and still finds the one meant
// among files of other names; the folder is listed once for both cards.
func TestScanCardOrphanInALargeFolder(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	dir := filepath.Join(repo, "tools")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < 10000; i++ {
		// asset-0000's near names: those of one or two digits not 0.
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("asset-%04d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeTestFile(t, filepath.Join(dir, "land"), []byte("#!/bin/sh\n"))
	writeTestFile(t, filepath.Join(dir, "asset-0000.card.json"), []byte(orphanCardJSON("asset", "x")))
	writeTestFile(t, filepath.Join(dir, "lnad.card.json"), []byte(orphanCardJSON("lnad", "x")))
	start := time.Now()
	in := scanInput(t, store.ScanOptions{Repo: repo})
	t.Logf("scan of a folder of 10,000 files and two orphan cards: %v", time.Since(start))
	for _, c := range in.Sources.Cards {
		switch c.Path {
		case "tools/asset-0000.card.json":
			if len(c.Siblings) != validate.MaxSiblings || !slices.IsSorted(c.Siblings) || c.Siblings[0] != "asset-0001" {
				t.Errorf("%s: %d siblings from %q, want the least %d, sorted", c.Path, len(c.Siblings), c.Siblings[:min(3, len(c.Siblings))], validate.MaxSiblings)
			}
		case "tools/lnad.card.json":
			if !slices.Equal(c.Siblings, []string{"land"}) {
				t.Errorf("%s: siblings %q, want [land]", c.Path, c.Siblings)
			}
		}
	}
	got := findingsAt(scanLoadRepo(t, repo), "card-orphan")
	if msg := got["tools/lnad.card.json"]; !strings.HasSuffix(msg, `; did you mean "tools/land"? If so, rename the card to "tools/land.card.json"`) {
		t.Errorf("tools/lnad.card.json: card-orphan %q", msg)
	}
	if msg := got["tools/asset-0000.card.json"]; strings.Contains(msg, "did you mean") { // 36 names one edit away
		t.Errorf("tools/asset-0000.card.json: card-orphan %q, want no did-you-mean", msg)
	}
}
