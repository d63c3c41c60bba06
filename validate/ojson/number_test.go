package ojson

import (
	"strings"
	"testing"
)

// Literals too long for strconv.ParseFloat alone (see parseNumber). The
// expected strings are what Node.js 20 gives for
// JSON.stringify(JSON.parse(literal)).
func TestAppendJSNumberLongLiterals(t *testing.T) {
	zeros := strings.Repeat
	tests := []struct{ literal, want string }{
		// More than 800 digits before the point (found by FuzzAgreesWithNode).
		{"1" + zeros("0", 800) + "e-800", "1"},
		{"1" + zeros("0", 800) + ".0e-800", "1"},
		{"-12" + zeros("0", 900) + "e-900", "-12"},
		{"15" + zeros("0", 799) + "e-800", "1.5"},
		{"9007199254740993" + zeros("0", 800) + "e-800", "9007199254740992"},
		{"1" + zeros("0", 900), "null"},
		// An exponent past 10,000 that the digits make up for.
		{"1" + zeros("0", 20000) + "e-20000", "1"},
		{"1" + zeros("0", 20000) + "e-19990", "10000000000"},
		{"0." + zeros("0", 20000) + "1e20010", "1000000000"},
		{"0." + zeros("0", 20000) + "1e20320", "null"},
		{"0." + zeros("0", 20000) + "1e-99999999999999999999999", "0"},
		// Zeros, however written.
		{"-" + zeros("0", 1) + "." + zeros("0", 900), "0"},
		{"0." + zeros("0", 900) + "e99999999999999999999999", "0"},
		// Many significant digits after the point, rounded once.
		{"0." + zeros("3", 900), "0.3333333333333333"},
		{"1." + zeros("0", 900) + "1", "1"},
	}
	for _, tt := range tests {
		if got := string(AppendJSNumber(nil, tt.literal)); got != tt.want {
			t.Errorf("AppendJSNumber(%.40s… %d bytes) = %s, want %s", tt.literal, len(tt.literal), got, tt.want)
		}
	}
}
