package validate

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkReplacesCost is the cost check of one replaces pattern: a
// command shape, a long one, and patterns of counted repetitions that Go's
// regexp parser takes or refuses as too large.
func BenchmarkReplacesCost(b *testing.B) {
	for _, c := range []struct{ name, pat string }{
		{"shape", "git push .* --force"},
		{"long", "gcloud compute instances create \\S+ --zone=\\S+ --machine-type=\\S+ --image-family=\\S+ --image-project=\\S+ --boot-disk-size=\\S+ --tags=\\S+ --metadata=\\S+ --scopes=\\S+ --network=.*"},
		{"repeats-100", strings.Repeat("a.{0,999}", 100)},
		{"repeats-4000", strings.Repeat("a.{0,999}", 4000)},
		{"big-literal-class", "x[" + strings.Repeat("a-b", 100000) + "]*"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				replacesCost(c.pat)
			}
		})
	}
}

// BenchmarkCheckCards is the validation of 500 tool cards of two replaces
// patterns each, of the usual shapes (a regexp, placeholders, an
// alternation of words, a literal command), and nothing else: each
// pattern's fault and cost.
func BenchmarkCheckCards(b *testing.B) {
	src := &Sources{}
	for i := range 500 {
		pats := fmt.Sprintf(`"kubectl rollout deployment/svc-%d .*", "make deploy-%d <env>"`, i, i)
		if i%2 == 1 {
			pats = fmt.Sprintf(`"(helm|kubectl) delete release-%d", "git push --force origin %d"`, i, i)
		}
		card := fmt.Sprintf(`{"id": "tool-%04d", "command": "bin/tool-%04d <target>", "summary": "Deploy a target.", "intent_phrases": ["deploy the target"],
"replaces": [%s], "effects": "Deploys it.", "risk": "reversible", "example": "bin/tool-%04d prod"}`, i, i, pats, i)
		tool := fmt.Sprintf("bin/tool-%04d", i)
		src.Cards = append(src.Cards, CardSource{File: File{Path: tool + ".card.json", Data: []byte(card)}, ToolPath: tool, ToolExists: true})
	}
	b.ReportAllocs()
	for b.Loop() {
		if res := Validate(src); len(res.Cards) != 500 {
			b.Fatalf("%d cards valid, want 500: %v", len(res.Cards), res.Diagnostics)
		}
	}
}
