package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/internal/ctxtest"
	"github.com/capreg/capreg/store/storetest"
)

// postValidate sends a small change through the router with the request
// context ctx and returns the answer.
func postValidate(ctx context.Context, h http.Handler) *httptest.ResponseRecorder {
	req := httptest.NewRequestWithContext(ctx, "POST", "/validate", strings.NewReader(`{"files":{"docs/x.md":"hi"}}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// A POST /validate whose client has gone (its request context ended) does
// not validate the change for nobody: it answers 503 without findings and
// gives its turn back, where it validated the whole repository and
// answered 200 to no one, holding the turn all along.
func TestValidateStopsWhenTheRequestEnds(t *testing.T) {
	h := api.NewRouter(testdataSource(t), api.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := postValidate(ctx, h)
	if rec.Code != http.StatusServiceUnavailable || strings.Contains(rec.Body.String(), `"diagnostics"`) {
		t.Errorf("POST /validate of an ended request: %d %s; want 503 and no findings", rec.Code, rec.Body)
	}
	if rec := postValidate(context.Background(), h); rec.Code != http.StatusOK {
		t.Errorf("the next POST /validate: %d %s, want 200 (the stopped one gave its turn back)", rec.Code, rec.Body)
	}
}

// A client going away while its change is validated stops the validation
// at the next capability, not after the last of the repository's.
func TestValidateStopsWhileValidating(t *testing.T) {
	const n = 600
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, n); err != nil {
		t.Fatal(err)
	}
	h := api.NewRouter(repoSource(t, dir), api.Options{})
	const after = 50 // capabilities begun, about, before the client goes
	ctx := ctxtest.New(after, nil)
	rec := postValidate(ctx, h)
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("POST /validate whose client went away while it was validated: %d %s, want 503", rec.Code, rec.Body)
	}
	// One call before each capability; once the request has ended, one
	// more per worker, checkAll's and the error's.
	if calls, most := ctx.Calls.Load(), int64(after+runtime.GOMAXPROCS(0)+2); calls > most {
		t.Errorf("the request context was asked %d times, want at most %d: the validation of %d capabilities went on after the client had gone", calls, most, n)
	}
}
