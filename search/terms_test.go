package search

import (
	"fmt"
	"testing"
)

// TestTermTable adds stems one at a time, as analysis does, and finds
// each, as a string and as bytes, and nothing else, at every size.
func TestTermTable(t *testing.T) {
	tests := []struct {
		name  string
		stems int
	}{
		{"empty", 0},
		{"one", 1},
		{"before growing", 8},
		{"grown", 9},
		{"many", 5000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := newTermTable()
			var vocab []string
			for i := range tt.stems {
				vocab = append(vocab, fmt.Sprintf("stem%d", i))
				tab.add(vocab, int32(i))
			}
			for i, s := range vocab {
				if id, ok := tab.get(vocab, s); !ok || id != int32(i) {
					t.Errorf("get(%q) = %d, %v, want %d", s, id, ok, i)
				}
				if id, ok := tab.getBytes(vocab, []byte(s)); !ok || id != int32(i) {
					t.Errorf("getBytes(%q) = %d, %v, want %d", s, id, ok, i)
				}
			}
			for _, s := range []string{"", "stem", fmt.Sprintf("stem%d", tt.stems), "x"} {
				if id, ok := tab.get(vocab, s); ok {
					t.Errorf("get(%q) = %d, want none", s, id)
				}
				if id, ok := tab.getBytes(vocab, []byte(s)); ok {
					t.Errorf("getBytes(%q) = %d, want none", s, id)
				}
			}
			if len(tab.slots) > max(16, 4*tt.stems) {
				t.Errorf("%d slots for %d stems", len(tab.slots), tt.stems)
			}
		})
	}
	var zero termTable
	if _, ok := zero.get(nil, "a"); ok {
		t.Error("the zero table holds a stem")
	}
}
