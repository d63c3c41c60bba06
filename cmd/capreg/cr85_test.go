package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestInsideCr85: inside holds p to dir itself or a path below it, at a
// separator, and to anything below the root "/" (cr85 mutants: the equal
// path and the root's own case dropped each passed every test).
func TestInsideCr85(t *testing.T) {
	for _, c := range []struct {
		dir, p string
		want   bool
	}{
		{"/r", "/r", true},
		{"/r", "/r/x", true},
		{"/r", "/rx", false},
		{"/r", "/", false},
		{"/", "/x", true},
		{"/", "/", true},
	} {
		if got := inside(c.dir, c.p); got != c.want {
			t.Errorf("inside(%q, %q) = %v; want %v", c.dir, c.p, got, c.want)
		}
	}
}

// TestScoreTextCr85: a score reads in plain decimals, to four significant
// digits, from 0.001 up to a billion, past which it takes an exponent
// (cr85 mutant: the bound at 1e5 passed every test).
func TestScoreTextCr85(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{467.8123, "467.8"},
		{25380.4, "25380"},
		{123456789, "123500000"},
		{999949999, "999900000"},
		{1e9, "1e+09"},
		{0.0012345, "0.001234"},
		{0.00099, "0.00099"},
	} {
		if got := scoreText(c.v); got != c.want {
			t.Errorf("scoreText(%v) = %q; want %q", c.v, got, c.want)
		}
	}
}

// TestClipCr85: an echoed intent or line of 200 characters is kept whole,
// one of 201 cut to its first 200 and "…" (cr85 mutant: cutting at 200
// already passed every test).
func TestClipCr85(t *testing.T) {
	at200 := strings.Repeat("é", 200)
	if got := clip(at200); got != at200 {
		t.Errorf("clip of 200 characters = %d characters; want it whole", utf8.RuneCountInString(got))
	}
	if got := clip(at200 + "x"); got != at200+"…" {
		t.Errorf("clip of 201 characters = %q…; want the first 200 and …", got[:20])
	}
}
