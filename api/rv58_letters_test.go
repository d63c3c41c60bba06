package api_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestNearMissOfNameNotASCIICountsLetters: a query parameter or a route
// word one letter off one capreg names, that letter not ASCII ("intënt",
// "capabilitiés", sent percent-encoded as clients send them), is named as
// one letter off an ASCII one is: the finders counted bytes, so "ë" for
// "e" (two bytes) was two edits and named nothing. A letter is a code
// point, as every did-you-mean counts it, and a byte that is not UTF-8 a
// letter of its own ("/t%F6ols", Latin-1, is one letter from "/tools"; a
// query parameter's name not UTF-8 is refused before it is looked up).
func TestNearMissOfNameNotASCIICountsLetters(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, tt := range []struct{ path, says string }{
		{"/tools?int%C3%ABnt=deploy", `"intënt" (did you mean "intent"?)`},
		{"/tools?%E4%B8%80imit=3", `(did you mean "limit"?)`}, // "一imit": a CJK letter for "l"
		{"/capabilities?r%C3%B4le=feature", `"rôle" (did you mean "role"?)`},
	} {
		e := do(t, h, "GET", tt.path, nil)
		if e.status != http.StatusBadRequest || !strings.Contains(e.json(t)["message"].(string), tt.says) {
			t.Errorf("GET %s: %d %s; want 400 saying %s", tt.path, e.status, e.body, tt.says)
		}
	}
	for _, tt := range []struct{ target, meant string }{
		{"/capabiliti%C3%A9s", "/capabilities"},
		{"/t%C3%B6ols/land", "/tools/land"},
		{"/%E5%B7%A5ools", "/tools"}, // "工ools"
		{"/t%F6ols", "/tools"},       // Latin-1
		{"/t%C3%B6%C3%B6ls", ""},     // two letters off
	} {
		e := do(t, h, "GET", tt.target, nil)
		if e.status != http.StatusNotFound {
			t.Errorf("GET %s: %d %s, want 404", tt.target, e.status, truncate(e.body))
			continue
		}
		d, _ := e.json(t)["details"].(map[string]any)
		if got, _ := d["didYouMean"].(string); got != tt.meant {
			t.Errorf("GET %s: details.didYouMean = %q, want %q", tt.target, got, tt.meant)
		}
	}
}
