package search

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestZZSlowCorpus(t *testing.T) {
	dir := os.Getenv("ZZDIR")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	type r struct {
		d    time.Duration
		name string
		n    int
	}
	var rs []r
	for _, f := range files {
		data, _ := os.ReadFile(f)
		lines := strings.SplitN(string(data), "\n", 3)
		if len(lines) < 2 {
			continue
		}
		s := strings.TrimSuffix(strings.TrimPrefix(lines[1], "string("), ")")
		v, err := strconv.Unquote(s)
		if err != nil {
			continue
		}
		start := time.Now()
		switch os.Getenv("ZZMODE") {
		case "pattern":
			ix := Build([]Card{{ID: "c", Replaces: []string{v}}})
			ix.MatchCommand(v)
		case "search":
			ix := zzIx
			ix.Search(Query{Intent: v, Limit: 3})
			ix.MatchCommand(v)
		}
		rs = append(rs, r{time.Since(start), filepath.Base(f), len(v)})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].d > rs[j].d })
	for _, x := range rs[:min(8, len(rs))] {
		t.Logf("%v %s len=%d", x.d, x.name, x.n)
	}
}

var zzIx = Build(testCards())
