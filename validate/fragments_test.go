package validate

import (
	"slices"
	"testing"
)

// TestFragmentPaths: the fragment files a declaration names, however its
// keys are spelled.
func TestFragmentPaths(t *testing.T) {
	for _, tc := range []struct {
		name, manifest string
		want           []string
	}{
		{"none", `{"steps": [{"point": "plan:pre"}]}`, nil},
		{"a step's", `{"steps": [{"fragment": {"path": "a.md"}}]}`, []string{"a.md"}},
		{"inline wins", `{"steps": [{"fragment": {"path": "a.md", "inline": "x"}}]}`, nil},
		{"contributions too, once each", `{"steps": [{"fragment": {"path": "a.md"}}], "contributions": [{"fragment": {"path": "b.md"}}, {"fragment": {"path": "a.md"}}]}`, []string{"a.md", "b.md"}},
		{"an escaped key", `{"steps": [{"fr\u0061gment": {"path": "a.md"}}]}`, []string{"a.md"}},
		{"escaped path key", `{"steps": [{"fragment": {"p\u0061th": "a.md"}}]}`, []string{"a.md"}},
		{"escaped list key", `{"st\u0065ps": [{"fragment": {"path": "a.md"}}]}`, []string{"a.md"}},
		{"contributions without steps", `{"contributions": [{"fragment": {"path": "b.md"}}]}`, []string{"b.md"}},
		{"contributions past steps of no list", `{"steps": {"fragment": {"path": "a.md"}}, "contributions": [{"fragment": {"path": "b.md"}}]}`, []string{"b.md"}},
		{"broken JSON", `{"steps": [{"fragment": {"path": "a.md"}}]`, nil},
	} {
		if got := FragmentPaths([]byte(tc.manifest)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: FragmentPaths = %q, want %q", tc.name, got, tc.want)
		}
	}
}
