package ojson

import "testing"

// TestCommaBeforeTheOtherClose (mutation review of closes): a ',' that
// the other container's close follows ("[1,}", `{"a":1,]`) is no
// trailing comma of this one, whose close is not there: the parse stops
// at that close, expecting a value or a key, and says nothing of a ','
// to remove. A closes taking either bracket for its own close told
// "trailing comma ... before ']'" at the comma of "[1,}".
func TestCommaBeforeTheOtherClose(t *testing.T) {
	tests := []struct {
		in  string
		off int
		msg string
	}{
		{"[1,}", 3, "unexpected '}', expected a value"},
		{"[1, \n }", 6, "unexpected '}', expected a value"},
		{`{"a":1,]`, 7, "unexpected ']', expected a string key"},
	}
	for _, tt := range tests {
		_, errs := Parse([]byte(tt.in))
		if len(errs) == 0 {
			t.Errorf("Parse(%q): no error", tt.in)
			continue
		}
		if e := errs[0]; e.Kind != SyntaxError || e.Off != tt.off || e.Msg != tt.msg {
			t.Errorf("Parse(%q) = %+v, want a syntax error at %d: %q", tt.in, e, tt.off, tt.msg)
		}
	}
}
