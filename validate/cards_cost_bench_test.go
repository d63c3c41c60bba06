package validate

import (
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
