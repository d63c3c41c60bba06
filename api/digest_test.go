package api_test

import (
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
