package api_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// TestContentLengthOfEveryRepresentation: a cached representation is sent
// with its Content-Length, identity or gzip, and HEAD says the length GET
// sends; without it a large answer went chunked, and HEAD said nothing
// of its size.
func TestContentLengthOfEveryRepresentation(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, target := range []string{"/registry", "/loop-points/plan:pre", "/render-hooks/plan:pre?format=markdown"} {
		for _, enc := range []string{"identity", "gzip"} {
			get := do(t, h, "GET", target, nil, "Accept-Encoding", enc)
			head := do(t, h, "HEAD", target, nil, "Accept-Encoding", enc)
			want := strconv.Itoa(len(get.body))
			if get.status != 200 || get.header.Get("Content-Length") != want || head.header.Get("Content-Length") != want {
				t.Errorf("%s, Accept-Encoding %s: GET %d with Content-Length %q of a %s-byte body, HEAD Content-Length %q",
					target, enc, get.status, get.header.Get("Content-Length"), want, head.header.Get("Content-Length"))
			}
		}
	}
}

// abortSource is a Source whose Current aborts the request as a handler
// does to end a response it cannot finish (http.ErrAbortHandler).
type abortSource struct{ panicSource }

func (abortSource) Current() *store.Snapshot { panic(http.ErrAbortHandler) }

// TestAbortIsNotAnError: a handler that aborts its answer with
// http.ErrAbortHandler has the connection cut, as net/http does for it,
// not a 500 in JSON sent as if the answer were complete.
func TestAbortIsNotAnError(t *testing.T) {
	srv := httptest.NewServer(api.NewRouter(abortSource{}, api.Options{}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/registry")
	if err == nil {
		resp.Body.Close()
		t.Fatalf("GET /registry aborted by its handler: %d, want the connection cut", resp.StatusCode)
	}
}
