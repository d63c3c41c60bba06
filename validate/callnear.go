package validate

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// nearCallRe finds what reads as a render-hooks call site but may not be
// one (callSiteRe): `loop render-hook verify:pre`, `loop renderhooks`,
// `loop render_hooks Verify:Pre`, `render-hooks plan:pre` without loop.
var nearCallRe = regexp.MustCompile(`(?i)(?:loop[ \t_-]*)?render[ \t_-]*hooks?[ \t]+([a-z][a-z0-9:._-]*)`)

// nearCallSites maps each loop point that src seems to call render-hooks
// for, in a way the reference's scan (callSiteRe) does not read, to where
// the first such is, as "file:line holds `text`": a call site that was
// meant, whose point stays unwired.
func nearCallSites(file string, src []byte, into map[string]string) {
	for _, m := range nearCallRe.FindAllSubmatchIndex(src, -1) {
		text, word := src[m[0]:m[1]], string(src[m[2]:m[3]])
		if sub := callSiteRe.FindSubmatch(text); sub != nil && len(sub[0]) == len(text) && slices.Contains(Points, string(sub[1])) {
			continue // a call site, read as one
		}
		point := word
		if !slices.Contains(Points, point) {
			point = NearestID(word, Points)
		}
		if point == "" {
			continue // prose: "render-hooks output"
		}
		if _, seen := into[point]; !seen {
			into[point] = fmt.Sprintf("%s:%d holds `%s`, which is not read as a call site: write `loop render-hooks %s`", file, lineOf(src, m[0]), strings.TrimSpace(string(text)), point)
		}
	}
}
