package api

import (
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestNumPointsIsEveryPoint: the views' per-point arrays are as long as
// the list of loop points, so that a point added to validate.Points is
// not an index out of range in every request for it.
func TestNumPointsIsEveryPoint(t *testing.T) {
	if numPoints != len(validate.Points) {
		t.Fatalf("numPoints = %d, validate.Points has %d", numPoints, len(validate.Points))
	}
}
