package render

import (
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestNearMissCountsEditsCaseAside: a config key typed in another case
// and a letter off is taken for the declared key, given as declared, as
// the same key typed in its own case is: the one edit was looked for on
// the keys as typed, so "Beta.Deep.Flg" and "BEAT.DEEP.FLAG" named
// nothing. Same words typed in capitals in the declared order are the key
// in that order, not another key of those words ("ΤΕΛΟΣ.ΕΝΕΡΓΟ" is
// "τελος.ενεργο", not "ενεργο.τελος", first in sorted order).
func TestNearMissCountsEditsCaseAside(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("beta.deep.flag", true), boolKey("Mode.Fast", true),
		boolKey("τελος.ενεργο", true), boolKey("ενεργο.τελος", true), boolKey("other.key", true)}})
	n := buildIndex(reg).keyNeighbours()
	for _, tt := range []struct{ key, want string }{
		{"beta.deep.flg", "beta.deep.flag"},
		{"Beta.Deep.Flg", "beta.deep.flag"},
		{"BEAT.DEEP.FLAG", "beta.deep.flag"},
		{"mode.fats", "Mode.Fast"}, // given as declared
		{"MODE.FAS", "Mode.Fast"},
		{"ΤΕΛΟΣ.ΕΝΕΡΓΟ", "τελος.ενεργο"},
		{"ΕΝΕΡΓΟ.ΤΕΛΟΣ", "ενεργο.τελος"},
		{"BETA.DEEP.FLAGXY", ""},
	} {
		budget := 100
		if got, _ := n.meant(tt.key, &budget); got != tt.want {
			t.Errorf("meant(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}
