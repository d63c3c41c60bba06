package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// newCardsBody is a POST /validate body adding n cards whose tools it does
// not add: a generated tool set proposed before its scripts.
func newCardsBody(tb testing.TB, n int) []byte {
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("bin/gen-%d.card.json", i)] = fmt.Sprintf(`{"id":"gen-%d","command":"bin/gen-%d <x>","summary":"Generated tool %d.","intent_phrases":["run generated tool %d"],"effects":"None.","risk":"reversible","example":"bin/gen-%d x"}`, i, i, i, i, i)
	}
	body, err := json.Marshal(map[string]any{"files": files})
	if err != nil {
		tb.Fatal(err)
	}
	return body
}

// TestValidateManyNewCards: a change adding many cards whose tools it does
// not add is judged as a scan would judge it, each card an orphan and
// none an error. Its cost, once cubic in the cards (each card's
// did-you-mean for its missing command walked every file of the change),
// is BenchmarkValidateNewCards's to show, not a clock's here.
func TestValidateManyNewCards(t *testing.T) {
	h := newRouter(testdataSource(t))
	const n = 300
	e := do(t, h, "POST", "/validate", newCardsBody(t, n))
	if e.status != http.StatusOK {
		t.Fatalf("status %d: %.300s", e.status, e.body)
	}
	m := e.json(t)
	if m["ok"] != true || m["errors"] != float64(0) || m["warnings"].(float64) < n {
		t.Errorf("ok %v, %v errors, %v warnings; want ok, 0 errors and a card-orphan warning for each of the %d: %.300s", m["ok"], m["errors"], m["warnings"], n, e.body)
	}
}

// BenchmarkValidateNewCards is POST /validate of a change adding 1,000 and
// 3,000 cards whose tools it does not add. It was cubic in their number:
// 1,000 took 3 s and 3,000 50 s, past capreg serve's 60 s write timeout
// on a loaded machine, so the client got no answer; each folder's files
// are now grouped once and each name's comparison word made once.
func BenchmarkValidateNewCards(b *testing.B) {
	h := newRouter(testdataSource(b))
	for _, n := range []int{1000, 3000} {
		body := newCardsBody(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("POST", "/validate", bytes.NewReader(body)))
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d: %.300s", rec.Code, rec.Body)
				}
			}
		})
	}
}
