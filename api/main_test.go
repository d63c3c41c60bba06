package api_test

import (
	"os"
	"testing"

	"github.com/capreg/capreg/internal/regexpclock"
)

// TestMain starts regexp2's timeout clock before any test, so that the
// synctest bubble of the reload test never starts it (regexpclock).
func TestMain(m *testing.M) {
	regexpclock.Start()
	os.Exit(m.Run())
}
