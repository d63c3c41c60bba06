package api_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnswersNameTheSnapshotDigest: a POST /render-hooks answer carries
// X-Capreg-Digest, the digest the GET answers' ETags derive from, which
// is equal across replicas; it carried only X-Capreg-Generation, which
// counts one replica's rebuilds, so an orchestrator behind a Service could
// not tell which registry version rendered its hooks.
func TestAnswersNameTheSnapshotDigest(t *testing.T) {
	h := newRouter(testdataSource(t))
	snap, _ := repoSnap()
	tests := []struct {
		method, path, body string
		hdr                []string
	}{
		{"POST", "/render-hooks/plan:pre", `{"config":{"intel":{"enabled":true}}}`, nil},
		{"POST", "/render-hooks/plan:pre?format=markdown", ``, nil},
		{"GET", "/render-hooks/plan:pre", ``, nil},
		{"GET", "/registry", ``, nil},
		{"GET", "/registry", ``, []string{"If-None-Match", `"` + snap.Digest + `"`}},
	}
	for _, tt := range tests {
		e := do(t, h, tt.method, tt.path, []byte(tt.body), tt.hdr...)
		if got := e.header.Get("X-Capreg-Digest"); got != snap.Digest {
			t.Errorf("%s %s (%d): X-Capreg-Digest %q, want %q", tt.method, tt.path, e.status, got, snap.Digest)
		}
		if etag := e.header.Get("ETag"); etag != "" && !strings.HasPrefix(etag, `"`+snap.Digest) {
			t.Errorf("%s %s: ETag %s does not derive from the digest %s", tt.method, tt.path, etag, snap.Digest)
		}
	}
}

// TestValidateNamesItsBase: a POST /validate answer says which registry
// the change was judged over: the commit (baseRevision) and the digest
// (X-Capreg-Digest, as a render's POST answer gives), besides
// baseGeneration, which counts one replica's rebuilds. Behind a Service
// whose replicas are a commit apart, a CI gate could not tell whether its
// change had been checked over the main it meant or the one before.
func TestValidateNamesItsBase(t *testing.T) {
	const commit = "0123456789abcdef0123456789abcdef01234567"
	repo := copyTestRepo(t)
	git := filepath.Join(repo, ".git")
	if err := os.MkdirAll(filepath.Join(git, "refs", "heads"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(git, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(git, "refs", "heads", "main"), []byte(commit+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := repoSource(t, repo)
	snap := src.Current()
	e := do(t, newRouter(src), "POST", "/validate", []byte(`{"files":{"docs/new.md":"# new\n"}}`))
	if e.status != 200 {
		t.Fatalf("POST /validate: %d %s", e.status, e.body)
	}
	if got := e.json(t)["baseRevision"]; got != commit {
		t.Errorf("baseRevision %v, want the served commit %s", got, commit)
	}
	if got := e.header.Get("X-Capreg-Digest"); got != snap.Digest {
		t.Errorf("X-Capreg-Digest %q, want the served digest %q", got, snap.Digest)
	}
}
