package validate

import (
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// A gate's check and a contribution's ref take exactly one of their kinds;
// the finding says which it found, and points at a misspelt one, which no
// unknown-key finding does (those objects take other members).
func TestDiscriminator(t *testing.T) {
	kinds := []string{"query", "predicate", "agentVerdict"}
	tests := []struct {
		src, want string
		n         int
	}{
		{`{"query": "q"}`, `found ["query"]`, 1},
		{`{"query": "q", "predicate": "p"}`, `found ["query", "predicate"]`, 2},
		{`{}`, "found none", 0},
		{`{"querry": "q"}`, `found none; 'querry' may be a misspelling of "query"`, 0},
		{`{"note": "x", "AgentVerdict": {}}`, `found none; 'AgentVerdict' may be a misspelling of "agentVerdict"`, 0},
		{`{"note": "x"}`, "found none", 0},
	}
	for _, tt := range tests {
		v, errs := ojson.Parse([]byte(tt.src))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		got, msg := discriminator(&v, kinds...)
		if len(got) != tt.n || msg != tt.want {
			t.Errorf("%s: %d kinds, %q; want %d, %q", tt.src, len(got), msg, tt.n, tt.want)
		}
	}
}
