package api_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// TestRegistryServesTheBytesGenWriteWrites: GET /registry answers "the
// bytes gen --write writes" (CONTRACT.md §6), also on a checkout whose
// fragments git wrote with CRLF (autocrlf), where gen --write writes the
// registry an LF checkout writes. It served the fragments' "\r\n" escapes,
// so a client comparing /registry with the committed registry saw every
// inlined fragment differ.
func TestRegistryServesTheBytesGenWriteWrites(t *testing.T) {
	repo := copyTestRepo(t)
	crlf := 0
	err := filepath.WalkDir(filepath.Join(repo, "capabilities"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		crlf++
		return os.WriteFile(p, bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")), 0o644)
	})
	if err != nil || crlf == 0 {
		t.Fatalf("no fragment rewritten with CRLF (%d): %v", crlf, err)
	}
	src, lf := repoSource(t, repo), repoSource(t, "../testdata/repo")
	out := t.TempDir()
	if _, err := store.WriteArtifacts(context.Background(), out, src.Current()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, file string }{
		{"/registry", store.RegistryFile},
		{"/contract", store.ContractFile},
	} {
		written, err := os.ReadFile(filepath.Join(out, c.file))
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		api.NewRouter(src, api.Options{}).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", c.path, rec.Code, rec.Body)
		}
		served, _ := io.ReadAll(rec.Body)
		// The snapshot holds what both gen --write and the API give out,
		// so the bytes an LF checkout serves are the independent check.
		rec = httptest.NewRecorder()
		api.NewRouter(lf, api.Options{}).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		if onLF := rec.Body.Bytes(); !bytes.Equal(served, onLF) {
			t.Errorf("GET %s serves %d bytes (%d \\r\\n escapes) on the CRLF checkout, %d (%d) on LF", c.path,
				len(served), bytes.Count(served, []byte(`\r\n`)), len(onLF), bytes.Count(onLF, []byte(`\r\n`)))
		}
		if !bytes.Equal(served, written) {
			t.Errorf("GET %s serves %d bytes (%d \\r\\n escapes), gen --write wrote %d (%d)", c.path,
				len(served), bytes.Count(served, []byte(`\r\n`)), len(written), bytes.Count(written, []byte(`\r\n`)))
		}
	}
}
