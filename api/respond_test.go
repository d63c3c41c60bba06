package api_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
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

// abortSource is a Source whose Current and State abort the request as a
// handler does to end a response it cannot finish (http.ErrAbortHandler).
type abortSource struct{ panicSource }

func (abortSource) Current() *store.Snapshot               { panic(http.ErrAbortHandler) }
func (abortSource) State() (*store.Snapshot, store.Status) { panic(http.ErrAbortHandler) }

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

// TestETag checks the strong ETag and 304 on every snapshot-backed GET.
func TestETag(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	snap := src.Current()
	etag := `"` + snap.Digest + `"`
	for _, path := range []string{"/registry", "/contract", "/capabilities", "/capabilities/ui", "/capabilities/ui/closure",
		"/loop-points", "/loop-points/verify:post", "/config-keys", "/profiles", "/profiles/core"} {
		e := do(t, h, "GET", path, nil)
		if e.header.Get("ETag") != etag || e.header.Get("X-Capreg-Generation") != "7" {
			t.Errorf("%s: ETag %q generation %q", path, e.header.Get("ETag"), e.header.Get("X-Capreg-Generation"))
		}
		for _, inm := range []string{etag, `W/` + etag, `"other", ` + etag, "*"} {
			if e := do(t, h, "GET", path, nil, "If-None-Match", inm); e.status != http.StatusNotModified || len(e.body) != 0 {
				t.Errorf("%s If-None-Match %s: status %d", path, inm, e.status)
			}
		}
		if e := do(t, h, "GET", path, nil, "If-None-Match", `"stale"`); e.status != http.StatusOK {
			t.Errorf("%s with a stale ETag: status %d", path, e.status)
		}
	}
}

// TestGzip: a client that accepts gzip gets the registry gzipped (with Vary:
// Accept-Encoding), decompressing to the artifact's bytes; gzip;q=0 refuses it.
func TestGzip(t *testing.T) {
	h := newRouter(testdataSource(t))
	e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip")
	if e.header.Get("Content-Encoding") != "gzip" || e.header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("headers %v", e.header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(e.body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	snap, _ := repoSnap()
	if !bytes.Equal(plain, snap.Artifacts[store.RegistryFile]) {
		t.Error("gzip body does not decompress to the registry")
	}
	if e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip;q=0"); e.header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 must not get gzip")
	}
}

// TestETagVariants: representations of one URL have different strong ETags
// (gzip, markdown chosen by Accept), and only the tag of the representation
// the request would get answers 304 (TestETagIsTheRepresentationSent has
// the full table).
func TestETagVariants(t *testing.T) {
	h := newRouter(testdataSource(t))
	plain := do(t, h, "GET", "/registry", nil)
	gz := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip")
	if plain.header.Get("ETag") == gz.header.Get("ETag") {
		t.Errorf("identity and gzip share the ETag %s", gz.header.Get("ETag"))
	}
	for held, want := range map[string]int{gz.header.Get("ETag"): 304, plain.header.Get("ETag"): 200} {
		if e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip", "If-None-Match", held); e.status != want {
			t.Errorf("gzip asked, If-None-Match %s: %d, want %d", held, e.status, want)
		}
	}
	js := do(t, h, "GET", "/render-hooks/verify:post", nil)
	md := do(t, h, "GET", "/render-hooks/verify:post", nil, "Accept", "text/markdown")
	if js.header.Get("ETag") == md.header.Get("ETag") || md.header.Get("Vary") != "Accept-Encoding, Accept" {
		t.Errorf("json %s / markdown %s, Vary %q", js.header.Get("ETag"), md.header.Get("ETag"), md.header.Get("Vary"))
	}
	if e := do(t, h, "GET", "/render-hooks/verify:post", nil, "Accept", "text/markdown", "If-None-Match", js.header.Get("ETag")); e.status != 200 {
		t.Errorf("the JSON ETag matched the markdown representation: %d", e.status)
	}
}

// TestUnencodableResponseIsJSON: should a response fail to encode, the 500
// that replaces it is JSON too.
func TestUnencodableResponseIsJSON(t *testing.T) {
	rec := httptest.NewRecorder()
	api.WriteJSON(rec, 200, map[string]any{"x": math.Inf(1)})
	if rec.Code != 500 || rec.Header().Get("Content-Type") != "application/json" || !strings.Contains(rec.Body.String(), `"code":"internal"`) {
		t.Errorf("%d %s %s; want a JSON 500", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
}

// TestDetailsFieldsHaveOneType: a details field of an error has one JSON
// type in every error that gives it, so that a client decodes it one way:
// details.limit was the raw ?limit= string in a 400 and the byte limit,
// a number, in a 413.
func TestDetailsFieldsHaveOneType(t *testing.T) {
	h := newRouter(testdataSource(t))
	requests := []struct{ method, target, body string }{
		{"GET", "/tools?limit=0", ""},
		{"GET", "/tools?limit=x", ""},
		{"POST", "/validate", `{"files":{"a.md":"` + strings.Repeat("x", 1<<20) + `"}}`},
		{"GET", "/tools?intnet=merge", ""},
		{"GET", "/tools?risk=destructiv", ""},
		{"GET", "/tools?limit=1&limit=2", ""},
		{"GET", "/tools?intent=merge&cursor=x", ""},
		{"GET", "/tools?command=" + strings.Repeat("a", 5000), ""},
		{"GET", "/capabilities?role=reviewr", ""},
		{"GET", "/capabilities/reserch", ""},
		{"GET", "/render-hooks/plan:pr", ""},
		{"POST", "/render-hooks/plan:pre", `{"confg": {}}`},
	}
	seen := map[string]string{} // details field → its JSON type and where
	for _, r := range requests {
		e := do(t, h, r.method, r.target, []byte(r.body))
		d, _ := e.json(t)["details"].(map[string]any)
		for k, v := range d {
			typ := fmt.Sprintf("%T", v)
			where := fmt.Sprintf("%s %.60s (%d)", r.method, r.target, e.status)
			if prev, ok := seen[k]; ok && !strings.HasPrefix(prev, typ+" ") {
				t.Errorf("details.%s is %s in %s but %s", k, typ, where, prev)
			} else if !ok {
				seen[k] = typ + " in " + where
			}
		}
	}
}

// TestETagIsTheRepresentationSent: a gzip body and an identity body are two
// representations with two tags, so a tag held for one must not answer 304
// for a request that would be sent the other.
func TestETagIsTheRepresentationSent(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	d := src.Current().Digest
	plain, gz := `"`+d+`"`, `"`+d+`-gzip"`
	md, mdGz := `"`+d+`-markdown"`, `"`+d+`-markdown-gzip"`
	small := do(t, h, "GET", "/profiles/core", nil, "Accept-Encoding", "gzip")
	if small.header.Get("Content-Encoding") != "" || small.header.Get("ETag") != plain {
		t.Fatalf("/profiles/core is expected to be too small to gzip: %v", small.header)
	}
	tests := []struct {
		name, path, acceptEncoding, accept, ifNoneMatch string
		want                                            int
	}{
		{"identity, identity tag", "/registry", "", "", plain, 304},
		{"identity, gzip tag", "/registry", "", "", gz, 200},
		{"identity, weak gzip tag", "/registry", "", "", "W/" + gz, 200},
		{"gzip, gzip tag", "/registry", "gzip", "", gz, 304},
		{"gzip, weak gzip tag", "/registry", "gzip", "", "W/" + gz, 304},
		{"gzip, identity tag", "/registry", "gzip", "", plain, 200},
		{"gzip refused by q=0, gzip tag", "/registry", "gzip;q=0", "", gz, 200},
		{"gzip, both tags listed", "/registry", "gzip", "", plain + ", " + gz, 304},
		{"gzip, any", "/registry", "gzip", "", "*", 304},
		{"HEAD gzip, identity tag", "/registry", "gzip", "", plain, 200},
		// Under 1 KiB nothing is gzipped: the identity body is what is sent.
		{"small body, gzip asked, identity tag", "/profiles/core", "gzip", "", plain, 304},
		{"small body, gzip asked, gzip tag", "/profiles/core", "gzip", "", gz, 200},
		{"markdown, markdown tag", "/render-hooks/verify:post", "", "text/markdown", md, 304},
		{"markdown, gzip markdown tag", "/render-hooks/verify:post", "", "text/markdown", mdGz, 200},
		{"markdown, snapshot tag", "/render-hooks/verify:post", "", "text/markdown", plain, 200},
		{"markdown by weight and in capitals, markdown tag", "/render-hooks/verify:post", "", "application/json;q=0.5, TEXT/MARKDOWN", md, 304},
		{"markdown refused by q=0, markdown tag", "/render-hooks/verify:post", "", "text/markdown;q=0", md, 200},
		{"gzip in capitals, gzip tag", "/registry", "GZIP", "", gz, 304},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := "GET"
			if strings.HasPrefix(tt.name, "HEAD") {
				method = "HEAD"
			}
			hdr := []string{"If-None-Match", tt.ifNoneMatch}
			if tt.acceptEncoding != "" {
				hdr = append(hdr, "Accept-Encoding", tt.acceptEncoding)
			}
			if tt.accept != "" {
				hdr = append(hdr, "Accept", tt.accept)
			}
			e := do(t, h, method, tt.path, nil, hdr...)
			if e.status != tt.want {
				t.Errorf("%s %s (Accept-Encoding %q) If-None-Match %s: %d, want %d (ETag %s)",
					method, tt.path, tt.acceptEncoding, tt.ifNoneMatch, e.status, tt.want, e.header.Get("ETag"))
			}
		})
	}
}
