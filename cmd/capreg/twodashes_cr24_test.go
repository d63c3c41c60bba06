package main

import (
	"flag"
	"io"
	"strconv"
	"testing"
)

// TestCR24TwoDashesEveryMessage pins twoDashes on what fs.Parse says for
// each kind of capreg flag (its own Values and the flag package's bool),
// with values holding quotes, backslashes, unicode, invalid UTF-8,
// newlines and the words " for flag -x:" themselves: the flag is named
// with two dashes right after the quoted value, the value and the reason
// are kept byte for byte, and messages naming no refused value are left
// as they are (review cr24 of the cr23 fix).
func TestCR24TwoDashesEveryMessage(t *testing.T) {
	values := []string{"x", `a"b`, `a\b`, "héllo ✓", "a\nb for flag -y: z", "\xff", "a for -x:", "a,,b", `" for flag -q: `}
	for _, v := range values {
		for _, tc := range []struct {
			name, lead, reason string
			set                func(fs *flag.FlagSet)
		}{
			{"limit", "invalid value ", "want a whole number, such as 5", func(fs *flag.FlagSet) { fs.Var(new(countValue), "limit", "") }},
			{"debounce", "invalid value ", "want a duration with its unit, such as 100ms, 5s or 1m", func(fs *flag.FlagSet) { fs.Var(new(durationValue), "debounce", "") }},
			{"strict", "invalid boolean value ", "parse error", func(fs *flag.FlagSet) { fs.Bool("strict", false, "") }},
			{"allowed-host", "invalid value ", "", func(fs *flag.FlagSet) { fs.Var(&namesValue{}, "allowed-host", "") }},
		} {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			tc.set(fs)
			err := fs.Parse([]string{"--" + tc.name + "=" + v})
			if err == nil {
				continue // a value the flag takes (a host name)
			}
			reason := tc.reason
			if reason == "" { // namesValue quotes the refused name
				var n namesValue
				reason = n.Set(v).Error()
			}
			want := tc.lead + strconv.Quote(v) + " for --" + tc.name + ": " + reason
			if got := twoDashes(err.Error()); got != want {
				t.Errorf("twoDashes(%q)\n = %q\nwant %q", err.Error(), got, want)
			}
		}
	}
	for _, msg := range []string{
		"flag needs an argument: -limit",
		"bad flag syntax: ---x",
		"invalid boolean flag strict: bad for flag -x: y",
		`invalid value "unterminated for flag -x: y`,
		"--limit needs a value, not the flag --strict",
	} {
		if got := twoDashes(msg); got != msg {
			t.Errorf("twoDashes(%q) = %q, want it unchanged", msg, got)
		}
	}
}
