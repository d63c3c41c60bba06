package validate

import (
	"fmt"
	"testing"
)

// BenchmarkNearestID10k is a 404's did-you-mean on a registry of 10,000
// ids: an ASCII id, and one with an accent, that is a typo of none.
func BenchmarkNearestID10k(b *testing.B) {
	ids := make([]string, 10000)
	for i := range ids {
		ids[i] = fmt.Sprintf("team-%d.deploy-service", i)
	}
	for _, id := range []string{"team-77.deploy-servixe-x", "team-77.déploy-servixe-x"} {
		b.Run(fmt.Sprintf("ascii=%v", isASCII(id)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if NearestID(id, ids) != "" {
					b.Fatal("a typo of none was taken for one")
				}
			}
		})
	}
}
