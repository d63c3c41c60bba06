package search

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

var updateRanking = flag.Bool("update", false, "rewrite testdata/ranking-*.golden")

// TestRankingGolden pins the whole answer, not just its quality: the top
// ten of every development query (id, score, coverage and what matched) on
// the development cards, and of every fourth query on the 10,000 synthetic
// cards of BenchmarkSearch. A change meant only to make Build or Search
// faster must leave both files as they are; a change of the ranking
// rewrites them (go test ./search -run TestRankingGolden -update) and its
// diff shows which answers moved.
func TestRankingGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 10,000 cards")
	}
	if why := fusedArith(); why != "" {
		t.Skip(why)
	}
	base, qs := loadDevSet(t)
	for _, tc := range []struct {
		name  string
		cards []Card
		every int
	}{
		{"dev", base, 1},
		{"10k", syntheticCorpus(base, 10000), 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ix := Build(tc.cards)
			var got bytes.Buffer
			for i := 0; i < len(qs); i += tc.every {
				writeRanking(&got, qs[i].Intent, ix.Search(Query{Intent: qs[i].Intent, Limit: 10}))
			}
			path := filepath.Join("testdata", "ranking-"+tc.name+".golden")
			if *updateRanking {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./search -run TestRankingGolden -update)", err)
			}
			if line, g, w := firstDiff(got.String(), string(want)); line > 0 {
				t.Fatalf("%s line %d:\n got %s\nwant %s\n(a ranking change? rewrite with go test ./search -run TestRankingGolden -update)", path, line, g, w)
			}
		})
	}
}

// writeRanking writes a query and its results, one per line: what matched
// as its count and a hash, as the phrases would make the file ten times as
// large.
func writeRanking(buf *bytes.Buffer, intent string, res []Result) {
	fmt.Fprintf(buf, "? %s\n", intent)
	for _, r := range res {
		h := fnv.New32a()
		h.Write([]byte(strings.Join(r.Matched, "\n")))
		fmt.Fprintf(buf, "  %s %g %g matched:%d/%08x\n", r.ID, r.Score, r.Coverage, len(r.Matched), h.Sum32())
	}
}

// firstDiff returns the first line (1-based) where got and want differ, and
// the two lines; line is 0 when they are equal.
func firstDiff(got, want string) (line int, g, w string) {
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(gl), len(wl)); i++ {
		g, w = "<end>", "<end>"
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			return i + 1, g, w
		}
	}
	return 0, "", ""
}

// fusedArith says why scores may differ in their last bits from those the
// golden files were written with (on amd64 without FMA), or "": where the
// compiler fuses a multiply and an add into one instruction (arm64,
// ppc64le, s390x, riscv64; amd64 from GOAMD64=v3), a sum is rounded once
// less, and a score printed to 7 digits, or a near tie, may move. The
// quality floors of TestDevSetQuality hold there all the same.
func fusedArith() string {
	if runtime.GOARCH != "amd64" {
		return "the golden rankings were written on amd64; " + runtime.GOARCH + " fuses multiply-adds"
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, st := range bi.Settings {
			if st.Key == "GOAMD64" && st.Value != "v1" && st.Value != "v2" {
				return "GOAMD64=" + st.Value + " fuses multiply-adds; the golden rankings were written with v1"
			}
		}
	}
	return ""
}
