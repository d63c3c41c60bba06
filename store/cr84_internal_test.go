package store

import (
	"context"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestLoadSharesTheLastBuildsBytesThenTheServed: Load, given a Cache,
// has each unchanged file hold the bytes of the watcher's last build
// (Options.built) when it read the same content, else the served
// snapshot's (Previous), and Previous's when no build is known (a
// program keeping a Cache and its last snapshot): the Cache's documents
// point into the bytes of the build that parsed them. (cr84 mutants: the
// two taken the other way round, or Previous's not taken without a
// built, passed every test.)
func TestLoadSharesTheLastBuildsBytesThenTheServed(t *testing.T) {
	for _, tc := range []struct {
		name          string
		built, served bool
		want          string // whose bytes: "built", "served" or ""
	}{
		{"both", true, true, "built"},
		{"served alone", false, true, "served"},
		{"built alone", true, false, "built"},
		{"neither", false, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			built, served := loadSnapshot(t), loadSnapshot(t)
			opts := Options{ScanOptions: ScanOptions{Repo: "../testdata/repo"}, Cache: validate.NewCache()}
			if tc.built {
				opts.built = built.Sources
			}
			if tc.served {
				opts.Previous = served
			}
			snap, err := Load(context.Background(), opts)
			if err != nil || !snap.OK() {
				t.Fatalf("load: %v %v", err, snap.Diagnostics)
			}
			got := snap.Sources.Cards[0].File.Data
			for _, from := range []struct {
				name string
				src  *validate.Sources
			}{{"built", built.Sources}, {"served", served.Sources}} {
				if shared := sameSlice(got, from.src.Cards[0].File.Data); shared != (from.name == tc.want) {
					t.Errorf("the card holds the %s build's bytes: %v; want the %q build's", from.name, shared, tc.want)
				}
			}
		})
	}
}

// TestSameStringIsOneString: sameString holds for one string's bytes
// alone: two empty strings are one whatever their address, a prefix at
// the same address is not the string (cr84 mutants: either check taken
// out passed every test).
func TestSameStringIsOneString(t *testing.T) {
	a, b := string([]byte("abc")), string([]byte("abc"))
	for _, tc := range []struct {
		name string
		x, y string
		want bool
	}{
		{"itself", a, a, true},
		{"equal elsewhere", a, b, false},
		{"a prefix at its address", a[:2], a, false},
		{"empty, at two addresses", a[1:1], b[2:2], true},
		{"empty and the literal", a[:0], "", true},
	} {
		if got := sameString(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: sameString = %v, want %v", tc.name, got, tc.want)
		}
	}
}
