package validate

import "testing"

// TestPlural: a count and its noun, in the singular only for 1, "-y" nouns
// made "-ies".
func TestPlural(t *testing.T) {
	tests := []struct {
		n          int
		noun, want string
	}{
		{0, "error", "0 errors"},
		{1, "error", "1 error"},
		{2, "warning", "2 warnings"},
		{1, "valid capability", "1 valid capability"},
		{12, "valid capability", "12 valid capabilities"},
	}
	for _, tt := range tests {
		if got := Plural(tt.n, tt.noun); got != tt.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
}
