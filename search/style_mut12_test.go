package search

import "testing"

// TestStyleOfAttributesMut12 pins each attribute of a phrase's style at
// its edges (found by mutation testing: TestStyleOf checks a few): two
// capitals make an acronym, one does not; a "-" is a flag only at the
// start of a token; more than eight words is long and three or fewer
// short; style words are found in any case, and only as whole ASCII
// words.
func TestStyleOfAttributesMut12(t *testing.T) {
	has := func(s string, a int) bool { return styleOf(s)&(1<<a) != 0 }
	the := int(styleWordBit["the"])
	a := int(styleWordBit["a"])
	tests := []struct {
		s    string
		attr int
		want bool
	}{
		{"List VMs", styleAcronym, true},
		{"List Vms", styleAcronym, false},
		{"list vms", styleMidCap, false},
		{"list Vms", styleMidCap, true},
		{"Vms list", styleMidCap, false}, // the first word's capital is a sentence's
		{"Open port 8080", styleDigit, true},
		{"Open port", styleDigit, false},
		{"Copy a, b", styleComma, true},
		{"Copy a b", styleComma, false},
		{"Open src/main", styleSlash, true},
		{`Open src\main`, styleSlash, true},
		{"Open src", styleSlash, false},
		{"Remove -f", styleDash, true},
		{"-f removes", styleDash, true},
		{"Remove --force", styleDash, true},
		{"List pm-packages", styleDash, false},
		{`Say "hi"`, styleQuote, true},
		{"Delete x [a] y", styleMarkup, false}, // no letter touches the brackets
		{"Delete [a]b", styleMarkup, true},
		{"Delete b[a]", styleMarkup, true},
		{"Delete -[a]", styleMarkup, true},
		{"one two three four five six seven eight nine", styleLong, true},
		{"one two three four five six seven eight", styleLong, false},
		{"one two three", styleShort, true},
		{"one two three four", styleShort, false},
		{"Print THE file", the, true},
		{"Print The", the, true},
		{"Print théfile", the, false},
		{"Print a file", a, true},
		{"Print ä file", a, false},
		{"Print theeeeeeeeeeeeeeeeeeeeee", the, false},
	}
	for _, tt := range tests {
		if got := has(tt.s, tt.attr); got != tt.want {
			t.Errorf("styleOf(%q) attribute %d = %v, want %v", tt.s, tt.attr, got, tt.want)
		}
	}
}
