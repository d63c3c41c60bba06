package api_test

import (
	"bytes"
	"testing"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/store/storetest"
)

// TestRenderGetCachedPerSnapshot: GET /render-hooks/{point} with defaults
// is rendered once per snapshot and point and media type, so it must be
// exactly what the library renders for the snapshot served, and a new
// snapshot must be rendered anew, never answered from the last one's
// cache: each answer equals render.Resolve of the registry served then.
func TestRenderGetCachedPerSnapshot(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 5); err != nil {
		t.Fatal(err)
	}
	other := repoSource(t, dir).Current()
	for round, name := range []string{"testdata", "synthetic", "testdata again"} {
		if round == 1 {
			src.snap.Store(other)
		}
		if round == 2 {
			first, _ := repoSnap()
			src.snap.Store(first)
		}
		reg := src.Current().Registry
		for _, point := range []string{"plan:pre", "execute:wave:post"} {
			env, err := render.NewResolver(reg).Resolve(render.Request{Point: point})
			if err != nil {
				t.Fatal(err)
			}
			for format, want := range map[string][]byte{"json": env.JSON(), "markdown": []byte(env.Rendered)} {
				for range 2 { // the second answer comes from the cache
					e := do(t, h, "GET", "/render-hooks/"+point+"?format="+format, nil)
					if e.status != 200 || !bytes.Equal(e.body, want) {
						t.Fatalf("%s, %s %s: %d\n%s\nwant\n%s", name, point, format, e.status, e.body, want)
					}
				}
			}
		}
	}
}
