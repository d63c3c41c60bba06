package main

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// TestCR23TwoDashesLastMatchInSetError: the flag package's message is
// `invalid value "V" for flag -NAME: ERR`; the last " for -x:" is the
// flag only when ERR does not hold one, and namesValue's ERR quotes the
// refused name: --allowed-host 'a for -x:' was said "for flag
// -allowed-host" with one dash, and the value rewritten (review cr23).
func TestCR23TwoDashesLastMatchInSetError(t *testing.T) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&namesValue{}, "allowed-host", "")
	err := fs.Parse([]string{"--allowed-host", "a for -x:"})
	if err == nil {
		t.Fatal("no error")
	}
	got := twoDashes(err.Error())
	if !strings.Contains(got, " for --allowed-host:") || strings.Contains(got, "--x") {
		t.Errorf("twoDashes(%q) = %q; want the flag named --allowed-host and the value as given", err.Error(), got)
	}
}
