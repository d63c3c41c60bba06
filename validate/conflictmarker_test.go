package validate

import (
	"strings"
	"testing"
)

// TestConflictSpanNeedsAllThree: a conflict is <<<<<<<, then =======, then
// >>>>>>>, in that order; lines that hold two of them are none.
func TestConflictSpanNeedsAllThree(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"a\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> t\n", true},
		{"a\n<<<<<<< HEAD\nx\n>>>>>>> t\n", false},
		{"a\n<<<<<<< HEAD\nx\n=======\ny\n", false},
		{"a\n=======\n<<<<<<< HEAD\nx\n>>>>>>> t\n", false},
	} {
		if _, _, ok := conflictSpan([]byte(c.text), nil); ok != c.ok {
			t.Errorf("conflictSpan(%q) ok = %v, want %v", c.text, ok, c.ok)
		}
	}
}

// TestConflictHintReadsIndentedMarkers: conflictHint names a marker
// line indented in a marker's body (a YAML-ish block git merged), and
// names no ======= alone, a heading's underline.
func TestConflictHintReadsIndentedMarkers(t *testing.T) {
	src := []byte("key: a\n  <<<<<<< HEAD\nkey: b\n")
	if h := conflictHint(src, 0, len(src)); !strings.Contains(h, "(<<<<<<< at line 2)") {
		t.Errorf("conflictHint of an indented marker = %q", h)
	}
	src = []byte("Title\n=======\nkey: b\n")
	if h := conflictHint(src, 0, len(src)); h != "" {
		t.Errorf("conflictHint of a heading's underline = %q, want none", h)
	}
	src = []byte("key: a\n||||||| base\nkey: b\n")
	if h := conflictHint(src, 0, len(src)); !strings.Contains(h, "(||||||| at line 2)") {
		t.Errorf("conflictHint of diff3's base marker = %q", h)
	}
}
