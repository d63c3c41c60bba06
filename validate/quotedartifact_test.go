package validate

import (
	"strings"
	"testing"
)

// TestQuotedHostArtifactNamedInTheFinding: a host artifact written in
// quotes (produces: "CONTEXT.md", a YAML habit) is a name holding the
// quotes, as gsd-core reads it, which no capability consumes. Each
// capability consuming CONTEXT.md stays consumes-unsatisfied, as in the
// reference, but is told that a host workflow quotes it and to write it
// there without them, where it was told "did you mean "\"CONTEXT.md\""?",
// to write the quotes too.
func TestQuotedHostArtifactNamedInTheFinding(t *testing.T) {
	for _, quoted := range []string{`"CONTEXT.md"`, `'CONTEXT.md'`} {
		src := sampleRepo(t)
		for i := range src.Workflows {
			if src.Workflows[i].Path == "workflows/discuss-phase.md" {
				src.Workflows[i].Data = []byte(strings.Replace(string(src.Workflows[i].Data), "produces: CONTEXT.md", "produces: "+quoted, 1))
			}
		}
		var n int
		for _, d := range Validate(src).Diagnostics {
			// plan-phase.md, which consumes it, is told so too, once.
			if d.Rule == "host-consumes-unsatisfied" && d.File == "workflows/plan-phase.md" && d.Severity == Warning &&
				strings.HasSuffix(d.Message, "; a host workflow lists it in quotes, "+quoted+", which gsd-core reads as part of the name: write it there without them") {
				continue
			}
			if d.Rule != "consumes-unsatisfied" {
				t.Errorf("%s: unexpected %s", quoted, d)
				continue
			}
			n++
			want := "a host workflow lists it in quotes, " + quoted + ", which gsd-core reads as part of the name: write it there without them"
			if !strings.HasSuffix(d.Message, want) || strings.Contains(d.Message, "did you mean") {
				t.Errorf("%s: %s\nwant it to end %q, with no did-you-mean", quoted, d, want)
			}
		}
		if n == 0 {
			t.Errorf("%s: no consumes-unsatisfied finding", quoted)
		}
	}
}
