package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// TestValidateManyNewCardsAnswersInTime: a change adding thousands of
// cards whose tools it does not add (a generated tool set proposed before
// its scripts) was judged in time cubic in their number, each card's
// did-you-mean for its missing command walking every file of the change,
// each looked for in a growing list: 1,000 took 3 s and 3,000 50 s here,
// and capreg serve on a loaded machine cut that answer off at its 60 s
// write timeout, so the client got none at all. Each
// folder's files are now grouped once and each name's comparison word made
// once (3,000: 1.8 s through capreg serve on a loaded 2-core machine).
func TestValidateManyNewCardsAnswersInTime(t *testing.T) {
	if testing.Short() {
		t.Skip("3,000 cards")
	}
	h := newRouter(testdataSource(t))
	const n = 3000
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("bin/gen-%d.card.json", i)] = fmt.Sprintf(`{"id":"gen-%d","command":"bin/gen-%d <x>","summary":"Generated tool %d.","intent_phrases":["run generated tool %d"],"effects":"None.","risk":"reversible","example":"bin/gen-%d x"}`, i, i, i, i, i)
	}
	body, err := json.Marshal(map[string]any{"files": files})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	e := do(t, h, "POST", "/validate", body)
	took := time.Since(start)
	if e.status != http.StatusOK {
		t.Fatalf("status %d: %.300s", e.status, e.body)
	}
	m := e.json(t)
	if m["ok"] != true || m["errors"] != float64(0) || m["warnings"].(float64) < n {
		t.Errorf("ok %v, %v errors, %v warnings; want ok, 0 errors and a card-orphan warning for each of the %d: %.300s", m["ok"], m["errors"], m["warnings"], n, e.body)
	}
	// Before: minutes (cubic). After: about a second, ten under -race.
	if limit := 30 * time.Second; took > limit {
		t.Errorf("POST /validate of %d new cards took %v, over %v: the server's 60 s write timeout cuts off such an answer", n, took, limit)
	}
}
