package api_test

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/capreg/capreg/api"
)

// TestNoHostHTTP10IsAnswered: with AllowedHosts set, a request naming no
// Host at all (HTTP/1.0, which no browser sends) is answered, not refused
// as a foreign host: refuseForeignHost's "host != \"\"" was dropped
// without a test failing.
func TestNoHostHTTP10IsAnswered(t *testing.T) {
	srv := httptest.NewServer(api.NewRouter(testdataSource(t), api.Options{AllowedHosts: []string{}}))
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("GET /registry HTTP/1.0\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /registry over HTTP/1.0 without Host: %d, want 200", resp.StatusCode)
	}
}

// TestCursorAfterARemovedCard: a page's cursor names the id of its last
// card, so the next page starts after that id even once the card is gone
// (a snapshot swapped between two pages): the card now first after it is
// not skipped. listTools' "matching[start].ID == after" was dropped
// without a test failing.
func TestCursorAfterARemovedCard(t *testing.T) {
	before, _ := cardsRouter(t, cardSource("a", "a"), cardSource("b", "b"), cardSource("c", "c"))
	e := do(t, before, "GET", "/tools?limit=2", nil)
	m := e.json(t)
	cursor, _ := m["nextCursor"].(string)
	if got := ids(m["tools"]); got != "a b" || cursor == "" {
		t.Fatalf("first page %s, cursor %q; want a b and a cursor", got, cursor)
	}
	after, _ := cardsRouter(t, cardSource("a", "a"), cardSource("c", "c"), cardSource("d", "d"))
	e = do(t, after, "GET", "/tools?limit=2&cursor="+cursor, nil)
	if got := ids(e.json(t)["tools"]); got != "c d" {
		t.Errorf("page after b, once b is gone: %s, want c d", got)
	}
}

// TestSlashedCardSuggestionKeepsThePathSent: GET /tools/a,b/ for the card
// "a,b" suggests the path as sent without its slash, /tools/a,b, not a
// re-escaped /tools/a%2Cb (slashedCard's "no slash in the id" guard was
// dropped without a test failing, and it then named the card first).
func TestSlashedCardSuggestionKeepsThePathSent(t *testing.T) {
	h, _ := cardsRouter(t, cardSource("ab", "a,b"), cardSource("ns", "ns/t,x"))
	for _, tc := range []struct{ path, want string }{
		{"/tools/a,b/", "/tools/a,b"},
		{"/tools/ns/t,x", "/tools/ns%2Ft%2Cx"}, // the slash must be escaped, and is escaped as url.PathEscape does
	} {
		code, _, meant := errorAt(t, h, "GET", tc.path)
		if code != http.StatusNotFound || meant != tc.want {
			t.Errorf("GET %s: %d, didYouMean %q; want 404 naming %s", tc.path, code, meant, tc.want)
		}
	}
}
