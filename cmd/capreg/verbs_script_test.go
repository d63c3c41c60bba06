package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEveryVerbHasAScript: each verb of the usage is run by a testscript of
// testdata/script (through the real entry point, as TestScripts runs them)
// with something other than --help, as the API's routes are each held to a
// test through the real router (TestEveryRouteIsTestedAndSpecified). A verb
// added to verbs() without a script fails here.
func TestEveryVerbHasAScript(t *testing.T) {
	scripts, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no testscripts: %v", err)
	}
	var all strings.Builder
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	for _, v := range verbs() {
		run := regexp.MustCompile(`(?m)^(?:! )?(?:exec|rc \d+) capreg ` + regexp.QuoteMeta(v.name) + `(?: |$)(?:.*)$`)
		ran := false
		for _, line := range run.FindAllString(all.String(), -1) {
			if !strings.Contains(line, "--help") && !strings.Contains(line, " -h") {
				ran = true
				break
			}
		}
		if !ran {
			t.Errorf("no testscript runs capreg %s (other than for its --help)", v.name)
		}
	}
}
