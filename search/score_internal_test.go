package search

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRoundScore: a score is rounded to seven significant digits, never to
// 0, so JSON answers are stable and short.
func TestRoundScore(t *testing.T) {
	tests := []struct{ in, want float64 }{
		{11549.360812345, 11549.36},
		{6.5912345678, 6.591235},
		{1.23456789e-10, 1.234568e-10}, // digits, not decimals: never 0
		{1e300, 1e300},
	}
	for _, tt := range tests {
		if got := roundScore(tt.in); got != tt.want {
			t.Errorf("roundScore(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestSelectTopAtScale pins selectTop against sorting every card, at
// sizes where it counts scores by bucket (bestFirst): the limit best by
// score then card, however many scores tie (synthetic cards tie often)
// and however they spread, with the risk filter, and s.best.
func TestSelectTopAtScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 3000
	ix := &Index{risk: make([]uint8, n)}
	for c := range ix.risk {
		ix.risk[c] = uint8(rng.IntN(3))
	}
	spreads := []struct {
		name string
		draw func() float32
	}{
		{"few values", func() float32 { return float32(rng.IntN(4)) }},
		{"many values", func() float32 { return rng.Float32() * 100 }},
		{"one far best", func() float32 { return float32(rng.IntN(1000)) / 1000 }},
		{"tiny", func() float32 { return rng.Float32() * 1e-30 }},
		{"subnormal", func() float32 { return float32(rng.IntN(5)) * math.SmallestNonzeroFloat32 }},
		{"huge", func() float32 { return rng.Float32() * math.MaxFloat32 }},
	}
	for _, sp := range spreads {
		for _, touched := range []int{1, 99, 100, 101, 500, n} {
			for _, limit := range []int{1, 10, 100} {
				for _, risk := range []uint8{riskUnknown, riskReversible} {
					s := newScratch(n, 1)
					var want []hit
					var best float32
					for _, c := range rng.Perm(n)[:touched] {
						sc := sp.draw()
						if sp.name == "one far best" && c == 7 {
							sc = 1e6
						}
						s.cardTouched = append(s.cardTouched, int32(c))
						s.cardScore[c] = sc
						best = max(best, sc)
						if sc > 0 && (risk == riskUnknown || ix.risk[c] == risk) {
							want = append(want, hit{int32(c), sc})
						}
					}
					sortHits(want)
					want = want[:min(limit, len(want))]
					ix.selectTop(s, limit, risk)
					if !slices.Equal(s.top, want) || s.best != best {
						t.Fatalf("%s, %d touched, limit %d, risk %d: top %v best %v, want %v best %v", sp.name, touched, limit, risk, s.top, s.best, want, best)
					}
				}
			}
		}
	}
}
