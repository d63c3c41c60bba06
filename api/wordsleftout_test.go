package api_test

import (
	"regexp"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/store/storetest"
)

// TestMetricsWordsLeftOut: capreg_search_words_left_out, scraped through
// the router, is 0 for ordinary cards and counts the words tool search
// did not index once its vocabulary reached its bound, so that a
// dashboard sees what the daemon's log tells (words that find nothing).
// The second repository is storetest.WriteWideRepo's, past
// search.DefaultMaxTerms.
func TestMetricsWordsLeftOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an index of about 290,000 terms")
	}
	wide := t.TempDir()
	if n := storetest.WideCards * storetest.WideWords; n < search.DefaultMaxTerms*11/10 {
		t.Fatalf("%d words do not reach the bound %d", n, search.DefaultMaxTerms)
	}
	if err := storetest.WriteWideRepo(wide); err != nil {
		t.Fatal(err)
	}
	sample := regexp.MustCompile(`(?m)^capreg_search_words_left_out ([0-9.e+]+)$`)
	for _, tt := range []struct {
		name string
		src  *source
		some bool
	}{
		{"testdata/repo", testdataSource(t), false},
		{"distinct words", repoSource(t, wide), true},
	} {
		m := api.NewMetrics()
		h := api.NewRouter(tt.src, api.Options{Metrics: m})
		m.Rebuilt(true, 1e6, tt.src.Current())
		scrape := do(t, h, "GET", "/metrics", nil)
		got := sample.FindStringSubmatch(string(scrape.body))
		if got == nil {
			t.Fatalf("%s: no capreg_search_words_left_out sample in %d bytes", tt.name, len(scrape.body))
		}
		if left := got[1] != "0"; left != tt.some {
			t.Errorf("%s: capreg_search_words_left_out %s, want words left out: %v", tt.name, got[1], tt.some)
		}
	}
}
