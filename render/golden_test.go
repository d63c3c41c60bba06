package render

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden/render")

const (
	configDir  = "../testdata/render/configs"
	requestDir = "../testdata/render/requests"
	goldenDir  = "../testdata/golden/render"
)

// goldenCase is one config (testdata/render/configs/<name>.json, every
// capability enabled) or one request (testdata/render/requests/<name>.json:
// {"config": {..}, "enablement": {..}}).
type goldenCase struct {
	name string
	req  Request // Point left empty
}

func goldenCases(t *testing.T) []goldenCase {
	t.Helper()
	var cases []goldenCase
	for _, dir := range []string{configDir, requestDir} {
		files, err := filepath.Glob(filepath.Join(dir, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			doc := mustJSON(t, string(data))
			c := goldenCase{name: strings.TrimSuffix(filepath.Base(f), ".json")}
			if dir == configDir {
				c.req.Config = doc
			} else {
				if cfg := doc.Get("config"); cfg != nil {
					c.req.Config = *cfg
				}
				if c.req.Enablement, err = EnablementFromJSON(doc.Get("enablement")); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
			}
			cases = append(cases, c)
		}
	}
	if len(cases) < 6 {
		t.Fatalf("found %d golden cases, want the 4 configs and 2 requests", len(cases))
	}
	return cases
}

// TestGolden renders every point of testdata/repo under every case and
// compares with testdata/golden/render/<case>/<point>.md (the markdown) and
// .json (the envelope). Run `go test ./render -update` to rewrite them.
func TestGolden(t *testing.T) {
	reg := repoRegistry(t)
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(goldenDir, c.name)
			if *update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, p := range validate.Points {
				req := c.req
				req.Point = p
				env, err := Resolve(reg, req)
				if err != nil {
					t.Fatal(err)
				}
				// The JSON round-trips: a client re-renders rendered from the
				// activeHooks it was sent (Resolve's own env.ActiveHooks made
				// Rendered, so comparing with those could not fail).
				back, errs := ojson.Parse(env.JSON())
				if len(errs) > 0 || back.Get("rendered").StringOr("") != env.Rendered {
					t.Errorf("%s: envelope JSON does not parse back: %v", p, errs)
				}
				if md := Markdown(p, back.Get("activeHooks").Items); md != env.Rendered {
					t.Errorf("%s: Markdown of the JSON's activeHooks differs from rendered", p)
				}
				name := strings.ReplaceAll(p, ":", "_")
				for ext, got := range map[string][]byte{".md": []byte(env.Rendered), ".json": env.JSON()} {
					file := filepath.Join(dir, name+ext)
					if *update {
						if err := os.WriteFile(file, got, 0o644); err != nil {
							t.Fatal(err)
						}
						continue
					}
					want, err := os.ReadFile(file)
					if err != nil {
						t.Fatalf("%v (run go test ./render -update)", err)
					}
					if string(got) != string(want) {
						t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", file, got, want)
					}
				}
			}
		})
	}
}
