package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// manyToolsSource serves n generated cards of 20 verbs and 15 objects
// ("Backup the logs for tool number 7."), a third of them destructive,
// as an agent framework's registry of hundreds of tools has: many cards
// near an intent, more than the re-ranking model reads.
func manyToolsSource(t *testing.T, n int) *source {
	t.Helper()
	verbs := strings.Fields("build deploy test lint format release migrate backup restore sync index search publish archive clean scan audit report compile bundle")
	objects := strings.Fields("database docs images cache logs secrets branch cluster service package schema metrics tickets notes assets")
	src := &validate.Sources{}
	for i := range n {
		id := fmt.Sprintf("gen-%04d", i)
		v, o := verbs[i%len(verbs)], objects[(i*7)%len(objects)]
		risk := "reversible"
		if i%3 == 2 {
			risk = "destructive"
		}
		data := fmt.Sprintf(`{"id":%q,"command":"bin/%s","summary":"%s the %s for tool number %d.","intent_phrases":["%s the %s","%s %s now %d"],"effects":"%ss %s.","risk":%q,"example":"bin/%s"}`,
			id, id, strings.ToUpper(v[:1])+v[1:], o, i, v, o, v, o, i, v, o, risk, id)
		src.Cards = append(src.Cards, toolCard(id, data))
	}
	return cardsServed(t, src)
}

type scored struct {
	id    string
	score float64
}

func intentResults(t *testing.T, e exchange) []scored {
	t.Helper()
	if e.status != 200 {
		t.Fatalf("%d %s", e.status, truncate(e.body))
	}
	var out []scored
	for _, r := range e.json(t)["results"].([]any) {
		m := r.(map[string]any)
		out = append(out, scored{m["id"].(string), m["score"].(float64)})
	}
	return out
}

// TestIntentRiskFilterReadsItsOwnCandidatesAg1: GET /tools?intent=&risk=
// re-ranks the best first-stage cards of that risk, so besides the cards
// of that risk the unfiltered list holds, with their scores and in its
// order, it may list cards the unfiltered search re-ranked none of (they
// were below its 100 candidates), ranked among those by their scores, as
// README says. Filtering the unfiltered list client-side gives fewer
// results, not the same ones.
func TestIntentRiskFilterReadsItsOwnCandidatesAg1(t *testing.T) {
	h := newRouter(manyToolsSource(t, 500))
	intent := "/tools?limit=100&intent=" + url.QueryEscape("backup logs")
	all := intentResults(t, do(t, h, "GET", intent, nil))
	scoreOf := map[string]float64{}
	for _, r := range all {
		scoreOf[r.id] = r.score
	}
	filtered := intentResults(t, do(t, h, "GET", intent+"&risk=destructive", nil))
	beyond, above := "", ""
	var beyondScore float64
	last := -1 // place in all of the last filtered result all holds
	for _, r := range filtered {
		s, listed := scoreOf[r.id]
		if !listed {
			if beyond == "" {
				beyond, beyondScore = r.id, r.score
			}
			continue
		}
		if s != r.score {
			t.Errorf("%s scores %v filtered, %v unfiltered", r.id, r.score, s)
		}
		i := indexOf(all, r.id)
		if i < last {
			t.Errorf("%s comes after %s filtered, before it unfiltered", r.id, all[last].id)
		}
		last = i
		if beyond != "" && above == "" && r.score < beyondScore {
			above = r.id // scored below a card the unfiltered list left out
		}
	}
	if beyond == "" || above == "" {
		t.Fatalf("every filtered result is one of the unfiltered list (or none of it follows one beyond it): the risk filter cuts after the re-ranking; README says it does not")
	}
	t.Logf("risk=destructive lists %s (not among the unfiltered 100 results) above %s (listed unfiltered)", beyond, above)
}

func indexOf(rs []scored, id string) int {
	for i, r := range rs {
		if r.id == id {
			return i
		}
	}
	return -1
}
