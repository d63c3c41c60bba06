package api_test

import (
	"testing"
)

// TestQueryNotUTF8NamesTheFirstByName: of several parameters whose values
// are not UTF-8, the 400 names the first by name, whatever order a map
// gives them in, so that the same request is refused with the same
// message every time (a client or a test diffing answers sees no
// flapping). Asked 20 times: each request reads its query into a map
// anew, whose order changes from one to the next.
func TestQueryNotUTF8NamesTheFirstByName(t *testing.T) {
	h := newRouter(testdataSource(t))
	for range 20 {
		e := do(t, h, "GET", "/tools?risk=%FF&limit=%FE&intent=%FD", nil)
		m := e.json(t)
		details, _ := m["details"].(map[string]any)
		if e.status != 400 || details["parameter"] != "intent" || m["message"] != `malformed query string: parameter intent is not valid UTF-8: "\xfd"` {
			t.Fatalf("%d %s", e.status, e.body)
		}
	}
}
