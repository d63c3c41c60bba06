package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// TestListHintsWriteWhatIsMeant: a profile sent as a list of its modes is
// told the string meant, the modes read as a profile's are (spaces and
// empty modes dropped), and a list sent as one string the array meant,
// split at commas and spaces; each written out up to maxHintBytes bytes,
// a bound that is itself written out, and said in words past it.
func TestListHintsWriteWhatIsMeant(t *testing.T) {
	parse := func(src string) *ojson.Value {
		t.Helper()
		v, errs := ojson.Parse([]byte(src))
		if len(errs) > 0 {
			t.Fatalf("%s: %v", src, errs)
		}
		return &v
	}
	// Two modes joined and quoted: len(a) + 1 + len(b) + 2 bytes.
	modes := func(n int) string {
		a := strings.Repeat("a", 98)
		return strconv.Quote(a) + "," + strconv.Quote(strings.Repeat("b", n-len(a)-3))
	}
	for _, tt := range []struct{ src, want string }{
		{`[" core ", "", "standard"]`, `: write "core,standard", the modes joined with commas`},
		{`[" core ", ""]`, `: write "core"`},
		{`["", " "]`, ""},
		{`["core", 1]`, ""},
		{"[" + modes(maxHintBytes) + "]", `: write "` + strings.Repeat("a", 98) + "," + strings.Repeat("b", 99) + `", the modes joined with commas`},
		{"[" + modes(maxHintBytes+1) + "]", ": write the modes as one string, joined with commas"},
	} {
		if got := joinedHint(parse(tt.src)); got != tt.want {
			t.Errorf("joinedHint(%.40s…) = %q, want %q", tt.src, got, tt.want)
		}
	}
	// Two names quoted and joined by ", ": len(a) + len(b) + 6 bytes.
	names := func(n int) string {
		a := strings.Repeat("a", 97)
		return strconv.Quote(a + "," + strings.Repeat("b", n-len(a)-6))
	}
	for _, tt := range []struct{ src, want string }{
		{`"audit beacon"`, `: write ["audit", "beacon"]`},
		{`"audit,beacon"`, `: write ["audit", "beacon"]`},
		{`" , "`, ""},
		{`""`, ""},
		{names(maxHintBytes), `: write ["` + strings.Repeat("a", 97) + `", "` + strings.Repeat("b", 97) + `"]`},
		{names(maxHintBytes + 1), ": write an array of the names, one string each"},
	} {
		if got := splitHint(parse(tt.src)); got != tt.want {
			t.Errorf("splitHint(%.40s…) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
