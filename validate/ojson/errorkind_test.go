package ojson

import (
	"fmt"
	"strings"
	"testing"
)

// TestErrorKinds pins the kind of each parse error and whether it ends the
// parse: a caller tells a document nested too deep from other syntax
// errors by its kind (POST /render-hooks adds the config's own limit to
// the message), where it compared the message's English text; a
// duplicate key alone leaves the value whole.
func TestErrorKinds(t *testing.T) {
	for _, c := range []struct {
		name      string
		src       string
		wantKind  ErrorKind
		wantFatal bool
	}{
		{"syntax", `{"a": }`, SyntaxError, true},
		{"too deep", strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), TooDeep, true},
		{"duplicate key", `{"a": 1, "a": 2}`, DuplicateKey, false},
	} {
		_, errs := Parse([]byte(c.src))
		if len(errs) != 1 {
			t.Errorf("%s: %d errors %v, want 1", c.name, len(errs), errs)
			continue
		}
		if e := errs[0]; e.Kind != c.wantKind || e.Fatal() != c.wantFatal {
			t.Errorf("%s: kind %v, Fatal %v; want kind %v, Fatal %v (%s)", c.name, e.Kind, e.Fatal(), c.wantKind, c.wantFatal, e.Msg)
		}
	}
	// Exactly at the limit is no error.
	if _, errs := Parse([]byte(strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth))); len(errs) != 0 {
		t.Errorf("nested %d deep: %v, want no error", MaxDepth, errs)
	}
}

// An ErrorKind prints as its name, not a number, where a caller logs or
// formats one with %v.
func TestErrorKindString(t *testing.T) {
	for k, want := range map[ErrorKind]string{
		SyntaxError: "syntax error", DuplicateKey: "duplicate key", TooDeep: "too deep", 9: "ErrorKind(9)",
	} {
		if got := fmt.Sprint(k); got != want {
			t.Errorf("ErrorKind %d prints %q, want %q", uint8(k), got, want)
		}
	}
}
