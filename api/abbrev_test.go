package api_test

import (
	"strings"
	"testing"
)

// A filter value that abbreviates exactly one allowed value ("md" for
// markdown, "destr" for destructive) is answered with that value as
// didYouMean: it is too many edits away to count as a typo, yet plainly
// meant. One that fits two values, or none, gets no suggestion, and a
// typo is still suggested as before.
func TestFilterAbbreviationSuggested(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ target, meant string }{
		{"/render-hooks/plan:pre?format=md", "markdown"},
		{"/render-hooks/plan:pre?format=MD", "markdown"},
		{"/render-hooks/plan:pre?format=js", "json"},
		{"/render-hooks/plan:pre?format=jsno", "json"}, // a typo: nearest wins
		{"/render-hooks/plan:pre?format=html", ""},
		{"/render-hooks/plan:pre?format=m", ""},  // one letter abbreviates too much
		{"/render-hooks/plan:pre?format=dm", ""}, // the first letter must match
		{"/tools?intent=x&risk=destr", "destructive"},
		{"/tools?intent=x&risk=rev", "reversible"},
		{"/tools?intent=x&risk=rd", ""}, // reversible has no d
		{"/capabilities?tier=std", "standard"},
		{"/capabilities?tier=sf", ""},
	} {
		code, msg, meant := errorAt(t, h, "GET", c.target)
		if code != 400 || meant != c.meant {
			t.Errorf("%s: %d %q didYouMean %q, want 400 naming %q", c.target, code, msg, meant, c.meant)
		}
	}
}

// GET /profiles/{name} names the profile a name abbreviates, as ?tier=
// does ("std" for standard: too many edits for a typo), and says of a
// union, which a request body's profile may be, that this route lists one.
func TestProfileNameMeant(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ name, meant, says string }{
		{"std", "standard", ""},
		{"Core", "core", ""},
		{"ful", "full", ""},
		{"sf", "", ""},
		{"core,standard", "", "a union of profiles is a request's profile"},
	} {
		code, msg, meant := errorAt(t, h, "GET", "/profiles/"+c.name)
		if code != 404 || meant != c.meant || !strings.Contains(msg, c.says) {
			t.Errorf("/profiles/%s: %d %q didYouMean %q, want 404 naming %q and saying %q", c.name, code, msg, meant, c.meant, c.says)
		}
	}
}
