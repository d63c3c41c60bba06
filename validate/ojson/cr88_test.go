package ojson

import (
	"slices"
	"testing"
)

// TestMendedKeepsItsCommasInOrder: Mended reads its ','s by a binary
// search, so it keeps them ascending whatever the order its slips are
// mended in: "[1\n2\n3]" mended at 4 before 2 reads all three items.
// (cr88 mutant: Mend appending the offset, not inserting it in order,
// survived go test ./validate/ojson, every test mending in the order found.)
func TestMendedKeepsItsCommasInOrder(t *testing.T) {
	m := Mended{Text: []byte("[1\n2\n3]")}
	for _, at := range []int{4, 2} {
		if !m.Mend(Error{mendAt: at, mendText: ",", commaRead: true}) {
			t.Fatalf("the ',' at %d is not read", at)
		}
	}
	if v, errs := m.Parse(); len(errs) != 0 || len(v.Items) != 3 || !slices.Equal(m.commas, []int{2, 4}) {
		t.Errorf("Parse read mended = %v, %v (',' read at %v); want [1, 2, 3]", v, errs, m.commas)
	}
}
