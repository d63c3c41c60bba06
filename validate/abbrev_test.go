package validate_test

import (
	"testing"

	"github.com/capreg/capreg/validate"
)

// Abbreviated refuses a value two allowed values fit: no one is meant.
func TestAbbreviatedAmbiguous(t *testing.T) {
	for _, c := range []struct {
		value   string
		allowed []string
		want    string
	}{
		{"re", []string{"reviewer", "research"}, ""},
		{"rvw", []string{"reviewer", "research"}, "reviewer"},
		{"rs", []string{"reviewer", "research"}, "research"},
		{"ab", []string{"", "abc"}, "abc"}, // an empty allowed value is skipped, not indexed
		{" Std ", []string{"core", "standard"}, "standard"},
		{"md", []string{"json", "markdown"}, "markdown"},
		{"j", []string{"json", "markdown"}, ""}, // one letter abbreviates too much
	} {
		if got := validate.Abbreviated(c.value, c.allowed); got != c.want {
			t.Errorf("Abbreviated(%q, %q) = %q, want %q", c.value, c.allowed, got, c.want)
		}
	}
}
