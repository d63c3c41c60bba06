package validate

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/validate/ojson"
)

// Marker is the loop-host declaration of one workflow file, in either form:
// the <!-- gsd:loop-host … --> key/value block the reference parses, or the
// <loop-point/>, <agent-role/>, <loop-artifact/> tags of ADR-894 §3.
type Marker struct {
	File     string
	Src      []byte
	Off      int    // where the marker (its first tag) starts
	Form     string // "comment" or "tags"
	Step     Item
	Points   []Item
	Roles    []Item
	Produces []Item
	Consumes []Item
	// CallSites are the loop points named by `loop render-hooks <point>`
	// (the reference's scanWiredPoints, ref §1.8) anywhere in the file,
	// code blocks included (that is where call sites live); a word that is
	// not a loop point is prose, not a call site.
	CallSites []string
}

// Item is a declared value and the offset it was declared at.
type Item struct {
	Value string
	Off   int
}

// Values returns the item values in order.
func Values(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Value
	}
	return out
}

// jsSpace is JavaScript's \s, which the reference's patterns space with:
// Go's \s is ASCII white space only, without the vertical tab, the no-break
// space and the other Unicode spaces (the same runes as isJSSpace).
const jsSpace = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

// tagAttrNames are the attributes the marker tags read (markerTagAttrs),
// as a pattern's alternation: the patterns that find one written without
// quotes or with a quote left open name the same ones.
const tagAttrNames = `(id|name|produces|consumes)`

var (
	blockRe     = regexp.MustCompile(`<!--` + jsSpace + `*gsd:loop-host` + jsSpace + `*((?s:.*?))-->`)
	blockOpenRe = regexp.MustCompile(`<!--` + jsSpace + `*gsd:loop-host`)
	// tagRe reads a quoted attribute value whole, so that a ">" in it
	// ends no tag (produces="a>b.md"), as HTML reads it; a value does not
	// run past a line's end or a "<", and from a quote left open the tag
	// ends at the first ">", as before.
	tagRe  = regexp.MustCompile(`<(loop-point|agent-role|loop-artifact)([\s/](?:[^<>"']|"[^"\n<]*"|'[^'\n<]*')*(?:["'][^<>]*)?)?>`)
	attrRe = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')`)
	// unquotedAttrRe finds id=plan:pre written without quotes, which HTML
	// allows and attrRe does not read, to say so rather than that it is
	// missing. A value may hold a slash (produces=.planning/PLAN.md) but
	// not end with one, which closes the tag.
	unquotedAttrRe = regexp.MustCompile(`(?:^|\s)` + tagAttrNames + `\s*=\s*([^"'\s/>](?:[^\s>]*[^\s/>])?)`)
	// callSiteRe is the reference's `loop render-hooks\s+([a-z:]+)`: one
	// space between the two words, any after.
	callSiteRe = regexp.MustCompile(`loop render-hooks` + jsSpace + `+([a-z:]+)`)
)

// markerHints are the byte strings a file must contain to be worth parsing.
var markerHints = [][]byte{[]byte("gsd:loop-host"), []byte("<loop-point"), []byte("<agent-role"), []byte("<loop-artifact")}

// misspeltBlockRe finds a comment whose name may be gsd:loop-host's with a
// slip, up to its "-->": its name (a word, a separator, one or two words),
// then its body. misspeltBlockName tells which names are.
var misspeltBlockRe = regexp.MustCompile(`(?i)<!--` + jsSpace + `*([a-z]{2,4}[\t ]*[:_-]?[\t ]*[a-z]+(?:[\t ]*[_-]?[\t ]*[a-z]+)?)\b((?s:.*?))-->`)

// misspeltBlockName reports whether name, which a comment opens with and
// which next continues, is gsd:loop-host's with a slip: the same words
// otherwise cased, joined or separated ("gsd:loophost", "gsd-loop-host",
// "GSD:loop_host", "gsd: loop-host"), a plural, or, so joined, a letter
// off or two swapped ("gsd:loop-hots", "gsd:lop-host", "gds:loop-host").
// The exact name, and one it begins ("gsd:loop-hosted"), are blockRe's
// to read; a name that goes on ("gsd:loop-hot-fix") is another.
func misspeltBlockName(name []byte, next byte) bool {
	if bytes.HasPrefix(name, []byte("gsd:loop-host")) || next == '-' || next == '_' || next == ':' {
		return false
	}
	joined := strings.Map(func(r rune) rune {
		if r == ':' || r == '_' || r == '-' || r == ' ' || r > unicode.MaxASCII || unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, string(name))
	return joined == "gsdloophosts" || EditDistance(joined, "gsdloophost", 1) <= 1
}

// misspeltBlocks are the submatch indexes (misspeltBlockRe's) of the
// comments of src named as a gsd:loop-host block with a slip whose body
// declares a step.
func misspeltBlocks(src []byte) [][]int {
	var out [][]int
	for _, m := range misspeltBlockRe.FindAllSubmatchIndex(src, -1) {
		var next byte
		if m[3] < len(src) {
			next = src[m[3]]
		}
		if misspeltBlockName(src[m[2]:m[3]], next) && stepLineRe.Match(src[m[4]:m[5]]) {
			out = append(out, m)
		}
	}
	return out
}

// MayHoldMarker is a cheap pre-filter for the scanner: a file without any of
// the marker spellings cannot be a host workflow. A block whose name is
// misspelt counts, so that its file is read and the slip reported: the
// step it declares would otherwise be said to be missing, in no file.
func MayHoldMarker(src []byte) bool {
	if text, ok := utf16Text(src); ok {
		src = text // reported by parseMarker, not silently dropped
	}
	for _, h := range markerHints {
		if bytes.Contains(src, h) {
			return true
		}
	}
	return commentNamedNear(src) && len(misspeltBlocks(src)) > 0
}

// MayHoldMarkerOrCalls is MayHoldMarker, or src has a `loop render-hooks`
// call site of a loop point: the scanner keeps such markdown among the
// workflows, so that a workflow whose marker was deleted, which still
// runs its step, is named by that step's point-uncovered finding.
func MayHoldMarkerOrCalls(src []byte) bool {
	return MayHoldMarker(src) || bytes.Contains(src, []byte("loop render-hooks")) && len(callSites(src)) > 0
}

// commentNamedNear reports whether a comment of src opens with a name
// whose letters hold "loop" or "host" in any case, as one a slip from
// gsd:loop-host does, one of its words intact ("GSD:Loop_Hots"), or
// "hpos", the one slip that breaks both ("gsd:looh-post"): the misspelt
// name's pattern is run only then, not over every markdown file that
// mentions a localhost somewhere.
func commentNamedNear(src []byte) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("<!--"))
		if j < 0 {
			return false
		}
		i += j + len("<!--")
		head := bytes.TrimLeftFunc(src[i:], func(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' }) // jsSpace
		letters := nameLetters(head)
		if bytes.Contains(letters, []byte("loop")) || bytes.Contains(letters, []byte("host")) || bytes.Contains(letters, []byte("hpos")) {
			return true
		}
	}
}

// nameLetters are the letters, in lower case, of the name head opens with
// as misspeltBlockRe reads one: up to three runs of letters, each joined
// to the next by spaces or tabs, any number of them, around at most one
// ':', '_' or '-' ("gsd :\t\t loop - host"). The two letters beyond ASCII
// its (?i)[a-z] matches, 'ſ' and 'K' (Kelvin), are left out, as
// misspeltBlockName leaves them. (Before, the name was looked for in the
// first 48 bytes, which a name spaced out further overran.)
func nameLetters(head []byte) []byte {
	var out []byte
	for runs := 0; runs < 3; runs++ {
		n := 0
		for len(head) > 0 {
			if c := head[0] | 0x20; 'a' <= c && c <= 'z' {
				out = append(out, c)
				head, n = head[1:], n+1
			} else if r, size := utf8.DecodeRune(head); r == '\u017f' || r == '\u212a' {
				head, n = head[size:], n+1
			} else {
				break
			}
		}
		if n == 0 {
			break
		}
		head = bytes.TrimLeft(head, " \t")
		if len(head) > 0 && (head[0] == ':' || head[0] == '_' || head[0] == '-') {
			head = head[1:]
		}
		head = bytes.TrimLeft(head, " \t")
	}
	return out
}

// reportMisspeltBlock reports the first comment outside code (code, see
// codeRanges) named as a gsd:loop-host block with a slip whose body
// declares a step, which neither gsd-core nor capreg reads, and reports
// whether there was one. Its fields are checked on their own, as a
// rejected block's (blockMisnamed): its other slips are told in the same
// run, not once its name is mended.
func reportMisspeltBlock(file string, src []byte, code spans, s *sink) bool {
	for _, m := range misspeltBlocks(src) {
		if code.contains(m[0]) {
			continue
		}
		s.atOffset(file, src, m[2], "", "marker-syntax",
			"this comment is named %q, not gsd:loop-host, so it is not read as a loop-host block and the file declares no step; write <!-- gsd:loop-host", src[m[2]:m[3]])
		readBlock(file, src, []int{m[0], m[1], m[4], m[5]}, blockMisnamed, s)
		return true
	}
	return false
}

// slipTagRe finds a tag with an attribute, whose name may be a marker
// tag's with a slip (misspeltTagName).
var slipTagRe = regexp.MustCompile(`<([A-Za-z][A-Za-z0-9_-]*)\s+[A-Za-z_][A-Za-z0-9_-]*\s*=`)

// markerTagNames are the names of the marker tags (tagRe).
var markerTagNames = []string{"loop-point", "agent-role", "loop-artifact"}

// markerTagAttrs are the attributes each marker tag is read for (readTag).
var markerTagAttrs = map[string][]string{"loop-point": {"id"}, "agent-role": {"name"}, "loop-artifact": {"produces", "consumes"}}

// misspeltTagName is the marker tag name probably meant by name, which is
// none of them: the same in another case or with "_" for "-" or without
// it ("Loop-Point", "loop_point", "looppoint"), a letter off or two
// swapped ("loop-piont", "agent-rol"; two for the longer, the British
// "loop-artefact"), or a plural ("loop-points"); "" for none.
func misspeltTagName(name string) string {
	if slices.Contains(markerTagNames, name) {
		return ""
	}
	// nearestName takes the same words otherwise cased or joined
	// (sameWords) before a typo; "_" read as "-" leaves a typo beside it
	// one edit ("agent_rol").
	return nearestName(strings.ReplaceAll(casefold.String(name), "_", "-"), markerTagNames)
}

// takesAttrOf reports whether the tag whose name ends at from gives an
// attribute the marker tag want takes (id, name, produces or consumes): a
// tag a slip away from want's name but without one (a prompt's
// <agent-rules src="…"/>, <loop-pointer at="…"/>) is another tag, not a
// marker tag misspelt.
func takesAttrOf(src []byte, from int, want string) bool {
	to := len(src)
	if end := bytes.IndexByte(src[from:], '>'); end >= 0 {
		to = from + end
	}
	attrs, _ := tagAttrs(src, from, to)
	for _, a := range markerTagAttrs[want] {
		if _, ok := attrs[a]; ok || unquotedAttr(src[from:to], a) != "" {
			return true
		}
	}
	return false
}

// reportMisspeltTag reports the first tag outside code and comments whose
// name is a marker tag's with a slip (misspeltTagName) and that gives an
// attribute that tag takes (takesAttrOf), in a file that holds marker tags, and reports whether there was one. Neither gsd-core
// nor capreg reads such a tag, so its step would lose a point, a role or
// its artifacts, and the findings of that (a point uncovered at the
// file's first tag, none for a role, an artifact "never produced" in the
// capabilities consuming it) would not name the line to mend; as for a
// tag left open, the file then declares no step.
func reportMisspeltTag(file string, src []byte, code, comments spans, s *sink) bool {
	for _, m := range slipTagRe.FindAllSubmatchIndex(src, -1) {
		if code.contains(m[0]) || comments.contains(m[0]) {
			continue
		}
		name := string(src[m[2]:m[3]])
		if want := misspeltTagName(name); want != "" && takesAttrOf(src, m[3], want) {
			s.atOffset(file, src, m[0], "", "marker-syntax",
				"this tag is named %q, not %s, so it is not read and the file declares no step; write <%s", name, want, want)
			return true
		}
	}
	return false
}

// oddSpaceTagRe finds a marker tag's name followed by a Unicode space
// that is not ASCII (JavaScript's \s less ASCII's), which neither HTML nor
// CommonMark reads as white space: the tag is not one. Only one that
// would be a marker tag but for that, closed on its line and with an
// attribute or a slash, is: "the <agent-role\u00a0element" is prose.
var oddSpaceTagRe = regexp.MustCompile(`<(loop-point|agent-role|loop-artifact)([\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}])[^<>\n]*(?:=[^<>\n]*>|/>)`)

// reportOddSpaceTags reports a marker tag outside code, comments and
// backslash escapes whose name a no-break or other Unicode space follows
// (pasted from a web page or a word processor), and whether there is
// one: it is not read, and the file then declares no step, as with a tag
// left open, rather than losing that tag's role or point in silence.
func reportOddSpaceTags(file string, src []byte, code, html, inline spans, s *sink) bool {
	var comments spans
	found := false
	for i, m := range oddSpaceTagRe.FindAllSubmatchIndex(src, -1) {
		if i == 0 {
			comments, _ = commentSpans(src, code, html, inline)
		}
		if code.contains(m[0]) || comments.contains(m[0]) || escaped(src, m[0]) && !html.contains(m[0]) {
			continue
		}
		r, _ := utf8.DecodeRune(src[m[4]:])
		s.atOffset(file, src, m[0], "", "marker-syntax",
			"the space after <%s is U+%04X (%s), which HTML does not read as white space, so this tag is not read and the file declares no step; type a plain space there",
			src[m[2]:m[3]], r, spaceName(r))
		found = true
	}
	return found
}

// spaceName names the Unicode space r for a finding.
func spaceName(r rune) string {
	switch r {
	case 0xa0:
		return "a no-break space"
	case 0x202f:
		return "a narrow no-break space"
	case 0x3000:
		return "an ideographic space"
	case 0xfeff:
		return "a zero width no-break space"
	case 0x2028, 0x2029:
		return "a line or paragraph separator"
	}
	return "a Unicode space"
}

// ParseMarker extracts the loop-host marker of one markdown file. Markers
// inside fenced code blocks or inline code spans are documentation, not
// declarations, and are ignored. It returns nil when the file holds no
// well-formed marker, with the problems found.
func ParseMarker(file string, src []byte) (*Marker, Diagnostics) {
	var s sink
	mk, _ := parseMarker(file, src, &s)
	return mk, s.diags
}

// parseMarker is ParseMarker, and, for a file with no marker, the step a
// gsd:loop-host block read as indented code at the margin declares, and
// where the block starts (see indentedStep).
func parseMarker(file string, src []byte, s *sink) (*Marker, codeMarker) {
	if reportUTF16(file, src, s) {
		return nil, codeMarker{}
	}
	code, top, html, inline, openFence := codeRanges(src)
	hidden := -1 // the first marker in a fence no fence closes
	found, quoted := blockMatches(src, code)
	blocks := markerBlocks(file, src, found, s)
	if i := slices.IndexFunc(quoted, func(at int) bool { return openFence >= 0 && at > openFence }); i >= 0 {
		hidden = quoted[i]
	}
	// The tags tagRe reads, sorted. The loop is not a function of its own:
	// tags and starts, local here, start on the stack; gathered in a
	// struct a helper returned, they took two to four allocations more a
	// file.
	var tags [][]int
	var starts []int // where each tag tagRe reads starts, in order
	var comments spans
	openComment, commentedOut := -1, -1 // the first tag an unclosed comment hides
	// Every tag, in code too: a file with no marker is looked at there
	// (noMarker), from these matches rather than tagRe's again.
	matches := tagRe.FindAllSubmatchIndex(src, -1)
	for i, m := range matches {
		starts = append(starts, m[0])
		if i == 0 {
			comments, openComment = commentSpans(src, code, html, inline)
		}
		switch {
		case !isMarkerTag(src, m):
		case escaped(src, m[0]) && !html.contains(m[0]) && !code.contains(m[0]):
			// "\<agent-role name="x"/>" is text, as CommonMark reads a
			// backslash before "<": prose showing a tag. In an HTML
			// block a backslash is raw, and the tag after it a tag.
		case comments.contains(m[0]): // "<!-- <agent-role name="checker"/> -->" is off
			if openComment >= 0 && m[0] > openComment && commentedOut < 0 {
				commentedOut = m[0]
			}
		case !code.contains(m[0]):
			tags = append(tags, m)
		case openFence >= 0 && m[0] > openFence && (hidden < 0 || m[0] < hidden):
			hidden = m[0]
		}
	}
	if len(blocks) > 0 || len(tags) > 0 {
		// A host workflow, the prompt of its step, committed mid-merge.
		if from, to, ok := conflictSpan(src, code); ok {
			s.atOffset(file, src, from, "", "merge-conflict",
				"a merge left this workflow unresolved, its conflict markers from here to line %d (>>>>>>>): an agent reading it would follow both sides; keep the lines meant from each side and delete the marker lines (<<<<<<<, ======= and >>>>>>>)", lineOf(src, to))
		}
	}
	reportOpenFence(file, src, hidden, openFence, s)
	reportOpenComment(file, src, openComment, commentedOut, s)
	openTag := reportUnclosedTags(file, src, starts, code, html, inline, tags, s)
	openTag = reportOddSpaceTags(file, src, code, html, inline, s) || openTag
	if len(blocks) == 0 && len(tags) > 0 && !openTag {
		openTag = reportMisspeltTag(file, src, code, comments, s)
	}
	var only []int // the one complete block, which gsd-core reads beside one left open after it
	if len(blocks) == 1 && len(tags) == 0 && !openTag {
		only = blocks[0]
	}
	unclosed := reportUnclosedBlock(file, src, code, len(blocks) > 0 || len(tags) > 0, only, s)
	if len(blocks) == 0 && len(tags) == 0 {
		if openTag {
			return nil, codeMarker{}
		}
		return nil, noMarker(file, src, code, top, comments, quoted, matches, hidden, s)
	}
	switch {
	case (openTag || unclosed) && len(blocks) == 0 && len(tags) > 0:
		// The well-formed tags of a workflow one of whose tags is left
		// open or misspelt, or with a gsd:loop-host block left open
		// after them: their other slips are told in the same run.
		parseTags(file, src, tags, true, s)
	}
	mk := readMarker(file, src, blocks, tags, unclosed || openTag, s)
	if mk == nil {
		return nil, codeMarker{}
	}
	mk.CallSites = callSites(src)
	return mk, codeMarker{}
}

// codeMarker is the step a loop-host marker of a file declares where the
// file holds it only in code, which is not read, and where it starts:
// the finding that the step is missing points at it (reportUncovered).
// Empty when the file holds no such marker.
type codeMarker struct {
	Item
	// indented: as indented code at the margin (an editor re-indented
	// the workflow); commented: tags in an HTML comment; else in a fence
	// or backticks.
	indented, commented bool
}

// reportUTF16 reports whether src is UTF-16 text, which is not read, and
// then, if it may hold a marker, says so.
func reportUTF16(file string, src []byte, s *sink) bool {
	text, ok := utf16Text(src)
	if ok && MayHoldMarker(text) {
		why, _ := UTF16(src)
		s.atOffset(file, src, 0, "", "marker-syntax",
			"the workflow is UTF-16 (%s), so its loop-host marker is not read; save it as UTF-8", why)
	}
	return ok
}

// reportOpenFence reports the marker at hidden (if not -1), read as code
// in the fence opened at openFence that no fence closes.
func reportOpenFence(file string, src []byte, hidden, openFence int, s *sink) {
	if hidden >= 0 {
		s.atOffset(file, src, hidden, "", "marker-in-open-fence",
			"this marker is read as code, and ignored: the code fence opened at line %d is never closed, so it runs to the end of the file; "+
				"close it above the marker (with a fence of the same character, at least as long, in the same list item or quote) if the marker is meant to be read",
			lineOf(src, openFence))
	}
}

// noMarker is parseMarker for a file with no block or tag read: it reports
// a block whose name has a slip, else a block indented as code (hidden as
// parseMarker's), and returns the step such a block at the margin
// declares (see indentedStep), or else one in other code (see
// fencedStep; quoted as blockMatches gives, tags every match of tagRe),
// or else one of tags in an HTML comment (comments, as commentSpans gives).
func noMarker(file string, src []byte, code, top, comments spans, quoted []int, tags [][]int, hidden int, s *sink) codeMarker {
	if reportMisspeltBlock(file, src, code, s) {
		return codeMarker{}
	}
	indented := indentedBlocks(src, top, code)
	reportIndentedMarker(file, src, hidden, top, indented, tags, s)
	if it := indentedStep(src, top, indented, tags); it.Value != "" {
		return codeMarker{Item: it, indented: true}
	}
	if it := fencedStep(src, code, top, quoted, tags); it.Value != "" {
		return codeMarker{Item: it}
	}
	// Tags commented out (<!-- … -->), as while editing: HTML reads
	// none of them.
	return codeMarker{Item: loopPointStep(src, tags, comments.contains), commented: true}
}

// fencedStep is the step a loop-host marker of src declares, and where it
// starts, when it is in code other than an indented block at the margin:
// a fence (a workflow pasted into one, or a how-to's example) or
// backticks. A block counts whose opener (one of quoted) and "-->" are in
// the same code; for tags (tagRe's matches), the step of the first
// canonical point a <loop-point> names. Empty when src holds no such
// marker.
func fencedStep(src []byte, code, top spans, quoted []int, tags [][]int) Item {
	for _, q := range quoted {
		in := code.find(q)
		if top.contains(q) || in < 0 {
			continue
		}
		m := blockRe.FindSubmatchIndex(src[q:])
		if m == nil || code.find(q+m[1]-1) != in {
			continue
		}
		if k := stepLineRe.FindSubmatch(src[q+m[2] : q+m[3]]); k != nil {
			return Item{Value: string(k[1]), Off: q}
		}
	}
	return loopPointStep(src, tags, func(off int) bool { return code.contains(off) && !top.contains(off) })
}

// loopPointStep is the step of the first canonical point a <loop-point>
// tag among tags (tagRe's matches) starting where in holds names, and
// where that tag starts; empty when none does.
func loopPointStep(src []byte, tags [][]int, in func(off int) bool) Item {
	for _, m := range tags {
		if !in(m[0]) || !isMarkerTag(src, m) || string(src[m[2]:m[3]]) != "loop-point" {
			continue
		}
		if step := canonicalStep(src, m); step != "" {
			return Item{Value: step, Off: m[0]}
		}
	}
	return Item{}
}

// canonicalStep is the step of the first canonical point the
// <loop-point> tag m (tagRe's match) names, or "".
func canonicalStep(src []byte, m []int) string {
	attrs, _ := tagAttrs(src, m[4], m[5])
	for _, p := range splitList(attrs["id"]) {
		if PointIndex(p.Value) >= 0 {
			step, _, _ := strings.Cut(p.Value, ":")
			return step
		}
	}
	return ""
}

// readMarker reads the one marker of a file that has gsd:loop-host blocks
// or marker tags. A file with a broken block or tag (unclosed), with both
// forms, or with two blocks declares no step, and has none.
func readMarker(file string, src []byte, blocks, tags [][]int, unclosed bool, s *sink) *Marker {
	switch {
	case unclosed:
		// A marker left open, reported: the file declares no step, as
		// with marker-multiple. Read without its open tag, the step lost
		// a role or a point, and the findings of that ("no <agent-role>
		// tag", a contribution into a role it no longer has) only
		// repeated the open tag's in other words, one of them in a
		// capability's file.
		return nil
	case len(blocks) > 0 && len(tags) > 0:
		s.atOffset(file, src, tags[0][0], "", "marker-multiple",
			"file holds both a gsd:loop-host block (line %d) and loop-point/agent-role tags; keep one form (a document that only shows markers quotes them in backticks or a code block, where they are not read)", lineOf(src, blocks[0][0]))
		return nil
	case len(blocks) > 1:
		if hint := conflictHint(src, 0, blocks[1][1]); hint != "" {
			// Both sides of a merge git could not finish, each with
			// its block: the document-quoting advice misled.
			s.atOffset(file, src, blocks[1][0], "", "marker-multiple",
				"expected exactly one gsd:loop-host block, found %d (the first is at line %d)%s", len(blocks), lineOf(src, blocks[0][0]), hint)
			return nil
		}
		s.atOffset(file, src, blocks[1][0], "", "marker-multiple",
			"expected exactly one gsd:loop-host block, found %d (the first is at line %d; a document that only shows markers quotes them in backticks or a code block, where they are not read)", len(blocks), lineOf(src, blocks[0][0]))
		return nil
	case len(blocks) == 1:
		return parseBlock(file, src, blocks[0], s)
	default:
		return parseTags(file, src, tags, false, s)
	}
}

// markerBlocks are the gsd:loop-host blocks of found (blockMatches') that
// are read as markers. The others are reported, and not read: a comment
// whose name only starts with gsd:loop-host, and a block named in prose
// that holds none of the fields.
func markerBlocks(file string, src []byte, found [][]int, s *sink) [][]int {
	var blocks [][]int
	for _, m := range found {
		switch {
		case otherComment(src, m):
			s.atOffset(file, src, m[0], "", "marker-mention",
				"this comment's name starts with gsd:loop-host, so gsd-core reads it as a gsd:loop-host block (with a real block in the file too, its generator fails: \"expected exactly one\"); "+
					"it holds none of the block's fields and capreg does not read it: rename it so that its name does not start with gsd:loop-host")
		case proseMention(src, m):
			// Not a marker: a document about markers, which a file beside
			// the workflows (an ADR, notes) may well be. A workflow that
			// holds only this declares no step, which point-uncovered says.
			s.atOffset(file, src, m[0], "", "marker-mention",
				"this names a gsd:loop-host block in prose and holds none of its fields (%s), so it is not read as a marker; quote it in backticks (`<!-- gsd:loop-host … -->`) if it is only a mention",
				strings.Join(blockKeys, ":, ")+":")
		default:
			blocks = append(blocks, m)
		}
	}
	return blocks
}

// callSites are the loop points src names in `loop render-hooks <point>`
// calls (Marker.CallSites), in the order written.
func callSites(src []byte) []string {
	var points []string
	eachCallSite(src, func(p string, _ int) bool {
		points = append(points, p)
		return true
	})
	return points
}

// eachCallSite calls yield with the loop point and offset of each
// `loop render-hooks <point>` call of src, in the order written, until
// yield returns false. Only a loop point makes a call site: prose such
// as "the render-hooks output" would otherwise wire a point named
// "output" and leave every real hook unwired.
func eachCallSite(src []byte, yield func(point string, at int) bool) {
	for _, m := range callSiteRe.FindAllSubmatchIndex(src, -1) {
		if p := string(src[m[2]:m[3]]); slices.Contains(Points, p) && !yield(p, m[0]) {
			return
		}
	}
}

// blockMatches are the gsd:loop-host blocks of src that start outside
// code, as blockRe finds them, and where the closed openers in code
// (quoted) are. An opener in code ends where it starts: a how-to's
// "`<!-- gsd:loop-host`" or "grep '<!-- gsd:loop-host'" above the real
// block would otherwise run to the block's "-->" and swallow it, where
// gsd-core, which does not look at code, reads the same keys. Openers are
// found first and a block searched for from each one outside code, so the
// search costs the file's length, not openers times it.
func blockMatches(src []byte, code spans) (blocks [][]int, quoted []int) {
	lastClose := bytes.LastIndex(src, []byte("-->"))
	end := 0 // where the last block ends
	for _, o := range blockOpenRe.FindAllIndex(src, -1) {
		switch {
		case o[0] < end || lastClose < o[1]: // inside the block before, or never closed
		case code.contains(o[0]):
			quoted = append(quoted, o[0])
		default:
			m := blockRe.FindSubmatchIndex(src[o[0]:])
			for i := range m {
				m[i] += o[0]
			}
			blocks = append(blocks, m)
			end = m[1]
		}
	}
	return blocks, quoted
}

// blockKeys are the keys of a gsd:loop-host block; "step" is a scalar, the
// others comma-separated lists.
var blockKeys = []string{"step", "points", "agent-roles", "produces", "consumes"}

// isKeyLine reports whether a block's line, trimmed (text), is one of a
// key the reference reads: it starts with the key and a colon.
func isKeyLine(text string) bool {
	return slices.ContainsFunc(blockKeys, func(k string) bool { return strings.HasPrefix(text, k+":") })
}

// blockMode says how parseBlock reads a block: as the one a workflow
// holds (blockRead), or as a block that is not read, whose fields are
// checked on their own (checkRejectedMarker) and which stays out of the
// contract: one whose name is misspelt (blockMisnamed), read whole, or
// one never closed (blockUnclosed), read up to where its fields end
// (unclosedBody), whose missing fields are not told, as where its
// author meant it to end is unknown.
type blockMode int

const (
	blockRead blockMode = iota
	blockMisnamed
	blockUnclosed
)

// parseBlock follows the reference parser (ref §1.2): lines are trimmed, a line
// belongs to key K when it starts with "K:", other lines are ignored.
func parseBlock(file string, src []byte, loc []int, s *sink) *Marker {
	return readBlock(file, src, loc, blockRead, s)
}

// readBlock is parseBlock, reading the block at loc as mode says.
func readBlock(file string, src []byte, loc []int, mode blockMode, s *sink) *Marker {
	f := blockFields(file, src, loc, s)
	if len(f.seen) == 0 && (mode != blockRead || reportFieldless(file, src, loc, s)) {
		return nil // none of its fields to check, or the block told of whole
	}
	reportKeyNearMisses(file, src, f, s)
	var ok bool
	var spoilt map[string]bool
	if mode == blockUnclosed {
		reportOddColons(file, src, f.seen, f.odd, s)
		reportNearKeys(file, src, f.seen, f.near, s)
	} else {
		ok, spoilt = reportMissingFields(file, src, loc, f.seen, f.odd, f.near, s)
	}
	ok = ok && len(f.dup) == 0 && mode == blockRead
	// A field given twice, or whose line holds a key missing from the
	// block, is not read: which value was meant is unknown. The others
	// are read, so that a block rejected for a field tells its other
	// slips in the same run (checkRejectedMarker).
	read := func(k string) bool { _, in := f.seen[k]; return in && !f.dup[k] && !spoilt[k] }
	for k := range f.values {
		if !read(k) {
			delete(f.values, k)
		}
	}
	mk := blockMarker(file, src, loc, f.values)
	if !reportEmptyFields(mk, f.seen, read, s) {
		ok = false
	}
	if !ok {
		if !spoilt["*"] {
			checkRejectedMarker(mk, s)
		}
		return nil
	}
	return mk
}

// reportFieldless tells of the gsd:loop-host block at loc, none of whose
// fields a line writes, when it is in a block quote, or in another syntax
// that names none of its keys, and says whether it did: one finding that
// says what to do, not one for each field missing.
func reportFieldless(file string, src []byte, loc []int, s *sink) bool {
	if quotedBlock(src[loc[2]:loc[3]]) {
		s.atOffset(file, src, loc[0], "", "marker-syntax", "gsd:loop-host block is in a block quote (its lines start with \">\"), so none of its fields is read: "+
			"a document that only shows a marker quotes it in backticks or a code block; a host workflow writes the block without \">\"")
		return true
	}
	if !nearAnyBlockKey(src, loc) {
		// A block in another syntax ("- step: plan", "step = plan"): one
		// finding that says what to do, not five. (One on a single line
		// is prose, proseMention.)
		s.atOffset(file, src, loc[0], "", "marker-syntax", "gsd:loop-host block holds none of its fields (%s): "+
			"each is a line of its own that starts with its key and a colon, as \"step: plan\"", strings.Join(blockKeys, ":, ")+":")
		return true
	}
	return false
}

// blockMarker is the marker of the gsd:loop-host block at loc, whose
// fields read are values.
func blockMarker(file string, src []byte, loc []int, values map[string]Item) *Marker {
	mk := &Marker{File: file, Src: src, Off: loc[0], Form: "comment"}
	mk.Step = values["step"]
	mk.Points = splitList(values["points"])
	mk.Roles = splitList(values["agent-roles"])
	mk.Produces = splitList(values["produces"])
	mk.Consumes = splitList(values["consumes"])
	return mk
}

// reportEmptyFields tells of each field of mk that is read (seen is where
// each key stands) and holds no value, which a step must give, and says
// whether there was none.
func reportEmptyFields(mk *Marker, seen map[string]int, read func(string) bool, s *sink) bool {
	ok := true
	if read("step") && mk.Step.Value == "" {
		s.atOffset(mk.File, mk.Src, seen["step"], "", "marker-syntax", "'step:' has no value; name one of discuss, plan, execute, verify, ship")
		ok = false
	}
	if read("points") && len(mk.Points) == 0 {
		s.atOffset(mk.File, mk.Src, seen["points"], "", "marker-syntax", "'points:' is empty; a step must publish its loop points")
		ok = false
	}
	if read("agent-roles") && len(mk.Roles) == 0 {
		s.atOffset(mk.File, mk.Src, seen["agent-roles"], "", "marker-syntax", "'agent-roles:' is empty; a step must publish at least one agent role")
		ok = false
	}
	return ok
}

// unclosedBody is where the fields of the gsd:loop-host block whose
// opener (blockOpenRe's) ends at open, never closed, end: before the
// first line after the opener's that is blank, a heading, a code fence
// or starts with "<" (another comment or tag), or at the file's end.
// It returns the block's loc, as blockRe gives one (its end is the
// body's), the line of the body's last key, 0 when it has none, and the
// first of its lines after a key that is a closer mistyped (closerLikeRe:
// "->", "—>", "-- >", "--"), with its line, 0 when there is none.
func unclosedBody(src []byte, open int) (loc []int, lastKey int, closer string, closerLine int) {
	end := bytes.IndexByte(src[open:], '\n')
	if end < 0 {
		return []int{open, len(src), open, len(src)}, 0, "", 0
	}
	end += open
	for end < len(src) {
		next := bytes.IndexByte(src[end+1:], '\n')
		line := src[end+1:]
		if next >= 0 {
			line = src[end+1 : end+1+next]
		}
		text := jsTrim(string(line))
		if text == "" || text[0] == '#' || text[0] == '<' || strings.HasPrefix(text, "```") || strings.HasPrefix(text, "~~~") {
			break
		}
		if isKeyLine(text) || len(nearKeys(strings.SplitN(text, ":", 2)[0])) > 0 && strings.Contains(text, ":") {
			lastKey = lineOf(src, end+1)
		} else if lastKey > 0 && closerLine == 0 && closerLikeRe.MatchString(text) {
			closer, closerLine = text, lineOf(src, end+1)
		}
		if next < 0 {
			end = len(src)
			break
		}
		end += 1 + next
	}
	return []int{open, end, open, end}, lastKey, closer, closerLine
}

// closerLikeRe matches a line that is a comment's closer mistyped: one
// to three hyphens or dashes (–, —, −), perhaps spaced, then ">", or two
// hyphens alone; not "-->" itself.
var closerLikeRe = regexp.MustCompile(`^(?:(?:[-\x{2013}\x{2014}\x{2212}][ \t]*){1,3}>|--)$`)

// blockFields reads the key lines of the gsd:loop-host block at loc as
// parseBlock says: seen is where each key found stands, values its value,
// trimmed, and dup holds each key given twice, which is reported. A
// line that is no key's, right after a list key's line, is warned of once
// when it reads as more of that list (marker-continued-line).
//
// A key no line writes with its colon, but one writes with a character
// that only looks like one ("step\uff1a verify"), is read from that
// line, as its author meant it: odd holds each such key's look-alike,
// which reportMissingFields reports. gsd-core reads no such line, and
// the block fails there; read so, the block's other slips are told in
// the same run, not once the look-alike is mended.
//
// So is a key no line writes, but one line alone misspells, and no other
// key ("Step: plan", "stpe: plan", "role: planner"; see nearKeys): near
// holds each such key's text as written, which reportMissingFields
// reports. gsd-core reads no such line either, and the block fails for
// the key missing; which line was meant is unknown when two lines
// misspell it, and neither is then read.
//
// The lines that misspell a key, and those writing one with a colon
// look-alike, read or not, are kept for reportKeyNearMisses, met in this
// one walk of the block's lines.
func blockFields(file string, src []byte, loc []int, s *sink) blockScan {
	seen, values := map[string]int{}, map[string]Item{}
	var odd map[string]rune
	var dup map[string]bool
	var misspelt []misspeltKeyLine
	var oddLines []oddColonKeyLine
	lineOff := loc[2]
	var list string // the list key of the line before, if it may go on
	var listAt int  // where that key is
	warned := false
	lines := bytes.Split(src[loc[2]:loc[3]], []byte("\n"))
	var written map[string]bool // the keys a line writes with the colon, once a look-alike is met
	for _, line := range lines {
		off := lineOff
		lineOff += len(line) + 1
		text := jsTrim(string(line))
		if !isKeyLine(text) {
			if l, ok := misspeltKeyLineAt(line, off, text); ok {
				misspelt = append(misspelt, l)
			}
			if k, colon, val := oddColonLine(text); k != "" {
				at := off + bytes.Index(line, []byte(k))
				oddLines = append(oddLines, oddColonKeyLine{at: at, key: k, colon: colon, val: jsTrim(val)})
				if written == nil {
					written = writtenKeys(lines)
				}
				if _, again := seen[k]; !again && !written[k] {
					list, listAt = k, at
					if k == "step" {
						list = ""
					}
					if odd == nil {
						odd = map[string]rune{}
					}
					seen[k], odd[k] = at, colon
					valOff := at + len(text) - len(val) + (len(val) - len(strings.TrimLeftFunc(val, isJSSpace)))
					values[k] = Item{Value: jsTrim(val), Off: valOff}
					continue
				}
			}
			if list != "" && !warned && continuesList(text) {
				s.atOffset(file, src, off+bytes.Index(line, []byte(text)), "", "marker-continued-line",
					"this line is not read: gsd-core reads a gsd:loop-host field from its own line only, so %q is no part of '%s:' (line %d); "+
						"write all the values on that line, comma-separated", text, list, lineOf(src, listAt))
				warned = true
			}
			list = "" // a formatter wraps onto the very next line only
			continue
		}
		for _, k := range blockKeys {
			if !strings.HasPrefix(text, k+":") {
				continue
			}
			at := off + bytes.Index(line, []byte(k))
			list, listAt = k, at
			if k == "step" {
				list = ""
			}
			if first, again := seen[k]; again {
				s.atOffset(file, src, at, "", "marker-duplicate-key", "duplicate key '%s' in gsd:loop-host block (first at line %d)%s", k, lineOf(src, first), conflictHint(src, loc[2], loc[3]))
				if dup == nil {
					dup = map[string]bool{}
				}
				dup[k] = true
				break
			}
			seen[k] = at
			val := text[len(k)+1:]
			valOff := at + len(k) + 1 + (len(val) - len(strings.TrimLeftFunc(val, isJSSpace)))
			values[k] = Item{Value: jsTrim(val), Off: valOff}
			break
		}
	}
	var near map[string]string
	if len(seen) < len(blockKeys) {
		near = readNearKeys(src[loc[2]:loc[3]], misspelt, seen, values)
	}
	return blockScan{seen: seen, values: values, odd: odd, near: near, dup: dup, misspelt: misspelt, oddLines: oddLines}
}

// blockScan is what blockFields reads of a gsd:loop-host block: seen is
// where each key found stands, values its value, trimmed; odd, near and
// dup the keys read through a colon look-alike, read from a line
// misspelling them, and given twice; misspelt the lines whose key is
// probably one of blockKeys misspelt (misspeltKeyLines), and oddLines
// those writing one with a colon look-alike, each in the block's order.
type blockScan struct {
	seen     map[string]int
	values   map[string]Item
	odd      map[string]rune
	near     map[string]string
	dup      map[string]bool
	misspelt []misspeltKeyLine
	oddLines []oddColonKeyLine
}

// oddColonKeyLine is a block's line writing key with colon, a character
// that only looks like one (oddColonLine): where the key stands and the
// value after it, trimmed.
type oddColonKeyLine struct {
	at    int
	key   string
	colon rune
	val   string
}

// readNearKeys reads, into seen and values, each key of blockKeys that
// the block of body lacks (seen) and that one of its lines, and no
// other, writes misspelt (lines, misspeltKeyLines'), that line
// misspelling no other key: not one a lone CR hides (keyAfterCR), which
// reportMissingFields tells otherwise. It returns the keys so read, each
// with its text as written.
func readNearKeys(body []byte, lines []misspeltKeyLine, seen map[string]int, values map[string]Item) map[string]string {
	var near map[string]string
	for _, k := range blockKeys {
		if _, found := seen[k]; found || keyAfterCR(body, k) {
			continue
		}
		var only *misspeltKeyLine
		for i := range lines {
			if !slices.Contains(lines[i].keys, k) {
				continue
			}
			if only != nil {
				only = nil
				break
			}
			only = &lines[i]
			if len(only.keys) > 1 {
				only = nil
				break
			}
		}
		if only == nil {
			continue
		}
		if near == nil {
			near = map[string]string{}
		}
		seen[k], near[k] = only.at, only.name
		values[k] = Item{Value: only.val, Off: only.valOff}
	}
	return near
}

// writtenKeys are the keys of blockKeys that a line of a block (lines)
// writes with its colon.
func writtenKeys(lines [][]byte) map[string]bool {
	out := map[string]bool{}
	for _, line := range lines {
		text := jsTrim(string(line))
		for _, k := range blockKeys {
			if strings.HasPrefix(text, k+":") {
				out[k] = true
			}
		}
	}
	return out
}

// reportMissingFields reports each key of blockKeys the block at loc lacks
// (seen holds those it has): one that a lone CR hides on the line before
// (all such in one finding), one written otherwise (misspeltKeyLines), or one
// not there. It reports whether none is missing: a key read through a
// colon look-alike (odd, see blockFields) is reported, and not missing;
// one read from a line that misspells it (near) is reported, and missing.
// spoilt holds the keys whose value is not what was meant: the line of
// one holds a key missing (keyOnLineOf), and "*" when lone CRs join the
// block's lines, every value.
func reportMissingFields(file string, src []byte, loc []int, seen map[string]int, odd map[string]rune, near map[string]string, s *sink) (ok bool, spoilt map[string]bool) {
	body := src[loc[2]:loc[3]]
	ok, spoilt = true, map[string]bool{}
	reportOddColons(file, src, seen, odd, s)
	// A key read from a line that misspells it leaves the block
	// rejected, as gsd-core rejects it: its fields are checked on their
	// own (checkRejectedMarker), the block out of the contract.
	reportNearKeys(file, src, seen, near, s)
	ok = len(near) == 0
	var afterCR []string // the missing keys on lines a lone CR starts
	for _, k := range blockKeys {
		if _, found := seen[k]; found {
			continue
		}
		ok = false
		if keyAfterCR(body, k) {
			afterCR = append(afterCR, "'"+k+":'")
			continue
		}
		if near := linesMisspelling(src, loc, k); len(near) > 0 {
			// A second line misspelling k is named too: neither is
			// read (readNearKeys), and it would be told only once the
			// first is mended.
			also := ""
			if len(near) > 1 {
				also = fmt.Sprintf("; line %d's key %s misspells it too, so neither line is read: keep one", lineOf(src, near[1].at), keyWritten(near[1].name))
			}
			s.atOffset(file, src, near[0].at, "", "marker-syntax", nearKeyMessage+"%s", k, keyWritten(near[0].name), k, also)
			continue
		}
		if at, on, found := keyOnLineOf(src, loc, seen, k); found {
			spoilt[on] = true
			s.atOffset(file, src, at, "", "marker-syntax",
				"gsd:loop-host block is missing required field '%s:': it is written on the line of '%s:' (line %d), and gsd-core reads one field a line, the rest of the line its value; give '%s:' a line of its own",
				k, on, lineOf(src, seen[on]), k)
			continue
		}
		if at, found := keyAfterEarlyEnd(src, loc, k); found {
			s.atOffset(file, src, at, "", "marker-syntax",
				"gsd:loop-host block is missing required field '%s:': it is written after the block's end, the --> on line %d, which the block ends at; move that --> after the block's last key", k, lineOf(src, loc[1]-len("-->")))
			continue
		}
		s.atOffset(file, src, loc[0], "", "marker-syntax", "gsd:loop-host block is missing required field '%s:'", k)
	}
	if len(afterCR) > 0 {
		fields, each := "fields", "each"
		if len(afterCR) == 1 {
			fields, each = "field", "it"
		}
		spoilt["*"] = true
		s.atOffset(file, src, loc[0], "", "marker-syntax", "gsd:loop-host block is missing required %s %s: "+
			"a lone carriage return (CR line endings, as classic Mac OS saved text) ends the line before %s, and is no line break to gsd-core's parser (it splits the block at \\n only); "+
			"save the file with LF (or CRLF) line endings",
			fields, strings.Join(afterCR, ", "), each)
	}
	return ok, spoilt
}

// keyOnLineOf finds key k written after white space on the line of a key
// the block has (seen), as "step: plan points: plan:pre" writes it: read
// as that key's value. It returns where k stands and the key whose line
// it is on.
func keyOnLineOf(src []byte, loc []int, seen map[string]int, k string) (int, string, bool) {
	for _, on := range blockKeys {
		at, ok := seen[on]
		if !ok {
			continue
		}
		end := bytes.IndexByte(src[at:loc[3]], '\n')
		if end < 0 {
			end = loc[3] - at
		}
		line := src[at : at+end]
		for i := len(on) + 1; i < len(line); {
			j := bytes.Index(line[i:], []byte(k+":"))
			if j < 0 {
				break
			}
			if r, _ := utf8.DecodeLastRune(line[:i+j]); isJSSpace(r) {
				return at + i + j, on, true
			}
			i += j + len(k)
		}
	}
	return 0, "", false
}

// continuesList reports whether a block's line that is no key (text),
// right after a list key's line, looks like more values of that list: a
// comma-separated list of words ("verifier", "plan:post, ship:pre") or a
// YAML or markdown item ("- verifier", "* verifier"), as a formatter wraps
// a long line or a YAML habit writes one. A value is a word of letters,
// digits and ".:/_-", with a letter or digit, as roles, points and
// artifacts are; prose ("This line is prose."), a URL, a rule ("---"), a
// handle ("@team") and a key of another name ("owner: release team") are
// none.
func continuesList(text string) bool {
	if text == "" || otherKeyRe.MatchString(text) || strings.Contains(text, "://") {
		return false
	}
	if len(text) > 1 && (text[0] == '-' || text[0] == '*') && isJSSpace(rune(text[1])) {
		if text = jsTrim(text[1:]); otherKeyRe.MatchString(text) {
			return false // "- owner:", a key written as a YAML item
		}
	}
	values := 0
	for part := range strings.SplitSeq(text, ",") {
		switch part = jsTrim(part); {
		case part == "": // "verifier," wrapped again, as gsd-core drops empty items
		case !listValueRe.MatchString(part):
			return false
		default:
			values++
		}
	}
	return values > 0
}

// listValueRe matches one value of a block's list (see continuesList).
var listValueRe = regexp.MustCompile(`^[A-Za-z0-9._:/-]*[A-Za-z0-9][A-Za-z0-9._:/-]*$`)

// quotedBlock reports whether a block's body is written in a markdown
// block quote: each of its lines starts with ">" (after
// white space), and one holds a key once that is taken off.
func quotedBlock(body []byte) bool {
	lines := bytes.Split(body, []byte("\n"))
	key := false
	for _, line := range lines {
		text := strings.TrimLeftFunc(string(line), isJSSpace)
		if text == "" {
			continue
		}
		rest, ok := strings.CutPrefix(text, ">")
		if !ok {
			return false
		}
		rest = jsTrim(rest)
		key = key || isKeyLine(rest)
	}
	return key
}

// keyAfterCR reports whether a line of a block's body that a lone CR
// starts begins with key k: a line break to an editor, but not to the
// reference, which splits the body at \n only.
func keyAfterCR(body []byte, k string) bool {
	for _, line := range bytes.Split(body, []byte("\r"))[1:] {
		if strings.HasPrefix(jsTrim(string(line)), k+":") && (len(line) == 0 || line[0] != '\n') {
			return true
		}
	}
	return false
}

// otherComment reports whether the block blockRe found at loc is a comment
// of another name that starts with gsd:loop-host ("<!--
// gsd:loop-hosted-by: team -->": a letter, digit, "-" or "_" right after
// it) and holds none of the block's fields, nor a near miss of one.
func otherComment(src []byte, loc []int) bool {
	o := blockOpenRe.FindIndex(src[loc[0]:])
	if o == nil || loc[0]+o[1] >= loc[3] {
		return false
	}
	c := src[loc[0]+o[1]]
	if !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return false
	}
	return !slices.ContainsFunc(bytes.Split(src[loc[2]:loc[3]], []byte("\n")), func(line []byte) bool {
		text := jsTrim(string(line))
		return isKeyLine(text)
	}) && !nearAnyBlockKey(src, loc)
}

// proseMention reports whether the block blockRe found at loc is prose
// that names the marker ("the <!-- gsd:loop-host … --> comment", as
// ADR-894 writes): on one line, with no field nor a near miss of one.
func proseMention(src []byte, loc []int) bool {
	body := src[loc[2]:loc[3]]
	return !bytes.Contains(body, []byte("\n")) && !slices.ContainsFunc(blockKeys, func(k string) bool {
		return bytes.Contains(body, []byte(k+":"))
	}) && !nearAnyBlockKey(src, loc)
}

// nearAnyBlockKey reports whether a line of the block (loc) is a
// misspelt key (see misspeltKeyLines).
func nearAnyBlockKey(src []byte, loc []int) bool {
	return len(misspeltKeyLines(src, loc)) > 0
}

// reportNearKeys reports the keys of a block read from a line that
// misspells them (near, each key's text as written; see readNearKeys),
// at that line, where seen says it stands: as a key missing, as
// gsd-core reads the block.
//
// When every key the block has is so read, two or more (a habit, as
// "Step:", "Points:", … each capitalised), it is one finding at the
// first, naming each line, as for colon look-alikes (reportOddColons).
func reportNearKeys(file string, src []byte, seen map[string]int, near map[string]string, s *sink) {
	if len(near) < 2 || len(near) < len(seen) {
		for _, k := range blockKeys {
			if written, ok := near[k]; ok {
				s.atOffset(file, src, seen[k], "", "marker-syntax", nearKeyMessage, k, keyWritten(written), k)
			}
		}
		return
	}
	keys := slices.Collect(maps.Keys(near))
	slices.SortFunc(keys, func(a, b string) int { return seen[a] - seen[b] })
	var lines, want []string
	for _, k := range keys {
		lines = append(lines, fmt.Sprintf("%s (line %d)", keyWritten(near[k]), lineOf(src, seen[k])))
		want = append(want, "'"+k+":'")
	}
	s.atOffset(file, src, seen[keys[0]], "", "marker-syntax",
		"gsd:loop-host block writes none of its keys as gsd-core reads them: %s are not read as %s; write each lower-case, with the colon right after it",
		strings.Join(lines, ", "), strings.Join(want, ", "))
}

// nearKeyMessage is the finding of a key misspelt: the key, the text
// written (keyWritten), the key.
const nearKeyMessage = "gsd:loop-host block is missing required field '%s:': this line's key %s is not read as it; write '%s:', lower-case, with the colon right after it"

// keyWritten quotes name, a block line's key that misspells a key
// (nearKeys), and gives its code points too where it holds a letter
// not ASCII: one such letter is one edit, and may print as the key's
// own ("stеp", its "е" Cyrillic), which the reference does not read.
func keyWritten(name string) string {
	if isASCII(name) {
		return strconv.Quote(name)
	}
	return fmt.Sprintf("%q (as code points: %s)", name, strconv.QuoteToASCII(name))
}

// nearKeys are the keys of blockKeys that name, a block's line's text
// before its colon, probably misspells (see misspeltKeyLine).
func nearKeys(name string) []string {
	norm := casefold.String(strings.ReplaceAll(jsTrim(name), "_", "-"))
	var out []string
	for _, k := range blockKeys {
		// "roles" is agent-roles's last word, as the ADR's prose names it.
		if norm == k || EditDistance(norm, k, 1) <= 1 || k == "agent-roles" && (norm == "roles" || norm == "role") {
			out = append(out, k)
		}
	}
	return out
}

// misspeltKeyLine is a line of a block whose key is probably a key of
// blockKeys misspelt (nearKeys): in another case, with a space before the
// colon, "_" for "-", or a typo away ("point:", "agent-role:"). The
// reference reads a key only as written, so such a line is silently
// ignored and the block reported as lacking the key; pointing at the line
// says why.
type misspeltKeyLine struct {
	at, valOff int // where the key and the value stand
	name, val  string
	keys       []string // the keys it misspells
}

// misspeltKeyLines are the lines of a block (loc, as parseBlock gets it)
// whose key is probably one of blockKeys misspelt, in the block's order.
func misspeltKeyLines(src []byte, loc []int) []misspeltKeyLine {
	var lines []misspeltKeyLine
	off := loc[2]
	for raw := range bytes.SplitSeq(src[loc[2]:loc[3]], []byte("\n")) {
		lineOff := off
		off += len(raw) + 1
		text := jsTrim(string(raw))
		if isKeyLine(text) {
			continue
		}
		if l, ok := misspeltKeyLineAt(raw, lineOff, text); ok {
			lines = append(lines, l)
		}
	}
	return lines
}

// misspeltKeyLineAt reads raw, a line of a block at offset lineOff that
// is no key's line, text trimmed, as a misspeltKeyLine, when its key is
// probably one of blockKeys misspelt.
func misspeltKeyLineAt(raw []byte, lineOff int, text string) (misspeltKeyLine, bool) {
	name, val, hasColon := strings.Cut(text, ":")
	if !hasColon {
		return misspeltKeyLine{}, false
	}
	keys := nearKeys(name)
	if len(keys) == 0 {
		return misspeltKeyLine{}, false
	}
	at := lineOff + bytes.Index(raw, []byte(name))
	valOff := at + len(text) - len(val) + (len(val) - len(strings.TrimLeftFunc(val, isJSSpace)))
	return misspeltKeyLine{at: at, valOff: valOff, name: name, val: jsTrim(val), keys: keys}, true
}

// linesMisspelling are the lines of a block (loc) whose key is probably k
// misspelt (see misspeltKeyLine), in the block's order.
func linesMisspelling(src []byte, loc []int, k string) []misspeltKeyLine {
	return slices.DeleteFunc(misspeltKeyLines(src, loc), func(l misspeltKeyLine) bool { return !slices.Contains(l.keys, k) })
}

// reportKeyNearMisses warns of each line of the block blockFields read
// (f) that writes a key the block also writes as gsd-core reads it (seen,
// but not through a colon look-alike, odd, nor misspelt, near), misspelt
// ("stpe:", "Points:"; f.misspelt) or with a colon look-alike
// ("step\uff1a"; f.oddLines): gsd-core reads the block and ignores the
// line, so its value is lost without a word (marker-key-near-miss). A
// line that may misspell several keys is not told, nor a key's plural.
func reportKeyNearMisses(file string, src []byte, f blockScan, s *sink) {
	written := func(k string) bool {
		_, in := f.seen[k]
		return in && f.odd[k] == 0 && f.near[k] == ""
	}
	if !slices.ContainsFunc(blockKeys, written) {
		return
	}
	for _, l := range f.misspelt {
		// A key's plural ("steps:" beside "step:") is a key of its own,
		// as ref §1.2 has it, not a slip.
		if len(l.keys) == 1 && written(l.keys[0]) && !strings.EqualFold(jsTrim(l.name), l.keys[0]+"s") {
			k := l.keys[0]
			s.atOffset(file, src, l.at, "", "marker-key-near-miss",
				"this line's key %q is not %q: gsd-core reads '%s:' from line %d only and ignores this line, so %q is not read; remove the line, or write what it means on line %d",
				l.name, k, k, lineOf(src, f.seen[k]), l.val, lineOf(src, f.seen[k]))
		}
	}
	for _, l := range f.oddLines {
		if k := l.key; written(k) {
			s.atOffset(file, src, l.at, "", "marker-key-near-miss",
				"this line writes '%s' with %q (%U), which is no colon to gsd-core: it reads '%s:' from line %d only and ignores this line, so %q is not read; remove the line, or write what it means on line %d",
				k, l.colon, l.colon, k, lineOf(src, f.seen[k]), l.val, lineOf(src, f.seen[k]))
		}
	}
}

// colonLike are the characters that look like a colon but are none
// (full-width, ratio, modifier letter, small and vertical forms), which a
// keyboard layout or a paste from a document puts after a key.
const colonLike = "\uff1a\u2236\ua789\ufe55\ufe13\u02d0"

// oddColonLine reads a block's line, trimmed (text), whose key is
// followed by a character that only looks like a colon ("step\uff1a
// verify", "produces \u2236 UAT.md"): it returns the key, that
// character and the rest of the line after it (untrimmed, the end of
// text), or "" when text is no such line.
func oddColonLine(text string) (k string, colon rune, val string) {
	for _, k := range blockKeys {
		rest, ok := strings.CutPrefix(text, k)
		if !ok {
			continue
		}
		rest = strings.TrimLeftFunc(rest, isJSSpace)
		if r, n := utf8.DecodeRuneInString(rest); strings.ContainsRune(colonLike, r) {
			return k, r, rest[n:]
		}
	}
	return "", 0, ""
}

// reportOddColons reports the keys of a block read through a colon
// look-alike (odd, where each stands in seen; see blockFields): each at
// its line, or, when the block writes no key with the colon (a keyboard
// layout that types them all so), one finding at the first, naming
// every line.
func reportOddColons(file string, src []byte, seen map[string]int, odd map[string]rune, s *sink) {
	if len(odd) == 0 {
		return
	}
	var keys []string // in the order of blockKeys
	for _, k := range blockKeys {
		if odd[k] != 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) < 2 || len(keys) < len(seen) {
		for _, k := range keys {
			colon := odd[k]
			s.atOffset(file, src, seen[k], "", "marker-syntax",
				"gsd:loop-host block is missing required field '%s:': this line writes it with %q (%U), which is no colon to gsd-core, so the line is not read; write '%s:', with the ASCII colon", k, colon, colon, k)
		}
		return
	}
	slices.SortFunc(keys, func(a, b string) int { return seen[a] - seen[b] })
	var lines, chars []string
	for _, k := range keys {
		lines = append(lines, fmt.Sprintf("'%s' (line %d)", k, lineOf(src, seen[k])))
		if c := fmt.Sprintf("%q (%U)", odd[k], odd[k]); !slices.Contains(chars, c) {
			chars = append(chars, c)
		}
	}
	s.atOffset(file, src, seen[keys[0]], "", "marker-syntax",
		"gsd:loop-host block writes none of its keys with a colon: %s are each followed by %s, which is no colon to gsd-core, so none of these lines is read; write each key with the ASCII colon ':'",
		strings.Join(lines, ", "), strings.Join(chars, " or "))
}

// keyAfterEarlyEnd finds a line starting with the key k (after blanks)
// between the end of the block at loc and a later "-->" that closes no
// other comment: the block's "-->" came early ("produces: PLAN.md -->"),
// so the keys after it are text, as the reference reads them. It
// returns the key's offset.
func keyAfterEarlyEnd(src []byte, loc []int, k string) (int, bool) {
	rest := src[loc[1]:]
	end := bytes.Index(rest, []byte("-->"))
	if end < 0 || bytes.Contains(rest[:end], []byte("<!--")) {
		return 0, false
	}
	off := loc[1]
	for line := range bytes.SplitAfterSeq(rest[:end], []byte("\n")) {
		text := bytes.TrimLeftFunc(line, isJSSpace)
		if bytes.HasPrefix(text, []byte(k+":")) {
			return off + len(line) - len(text), true
		}
		off += len(line)
	}
	return 0, false
}

// isJSSpace reports whether JavaScript's String.prototype.trim removes r:
// the reference trims marker lines and values with it. Go's unicode.IsSpace
// differs in two runes: it counts U+0085 and not U+FEFF.
func isJSSpace(r rune) bool {
	return r == '\uFEFF' || r != '\u0085' && unicode.IsSpace(r)
}

// jsTrim is JavaScript's s.trim().
func jsTrim(s string) string { return strings.TrimFunc(s, isJSSpace) }

// splitList splits a comma-separated value, trimming items and dropping empty
// ones, and keeps each item's offset.
func splitList(v Item) []Item {
	var out []Item
	off := v.Off
	for _, part := range strings.Split(v.Value, ",") {
		trimmed := jsTrim(part)
		if trimmed != "" {
			lead := len(part) - len(strings.TrimLeftFunc(part, isJSSpace))
			out = append(out, Item{Value: trimmed, Off: off + lead})
		}
		off += len(part) + 1
	}
	return out
}

// commentSpans are the HTML comments of src outside code, from "<!--" to
// the "-->" after it ("<!-->" and "<!--->" are empty ones): a tag inside
// one is commented out, as an author disables markup, and no marker. A
// "<!--" in a paragraph or heading (inline, see codeRanges) is a comment
// only if its "-->" comes before that text ends, as CommonMark reads raw
// HTML inline; else it is text ("comments start with <!--"), and hides no
// tag after it. In an HTML block (html), as a line that starts with it
// opens one, it reaches HTML as written, and one that no "-->" closes
// comments out the rest of the file. open is where that comment starts,
// or -1.
func commentSpans(src []byte, code, html, inline spans) (out spans, open int) {
	closes := closeFinder{src: src, next: -2}
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("<!--"))
		if k < 0 {
			return out, -1
		}
		start := i + k
		i = start + len("<!--")
		if code.contains(start) || escaped(src, start) && !html.contains(start) {
			continue // "\<!--" is text, as CommonMark reads a backslash before "<"
		}
		switch rest := src[i:]; {
		case bytes.HasPrefix(rest, []byte(">")):
			i++
		case bytes.HasPrefix(rest, []byte("->")):
			i += 2
		default:
			end := closes.at(i)
			if p := inline.find(start); p >= 0 && !html.contains(start) && (end < 0 || end+len("-->") > inline[p][1]) {
				continue // text: its paragraph ends before a "-->"
			}
			if end < 0 {
				return unclosedComment(src, start, out, code, html)
			}
			i = end + len("-->")
		}
		out = append(out, [2]int{start, i})
	}
}

// closeFinder finds the first "-->" at or after a point of src, for
// points that only grow (commentSpans, indentedBlocks): a search is made
// only past the last "-->" found, so all of them cost the file's length
// once, however many openers share one "-->".
type closeFinder struct {
	src  []byte
	next int // the last "-->" found; -1 if none is left, -2 before the first search
}

func (c *closeFinder) at(from int) int {
	if c.next != -1 && c.next < from {
		if c.next = bytes.Index(c.src[from:], []byte("-->")); c.next >= 0 {
			c.next += from
		}
	}
	return c.next
}

// escaped reports whether the byte at i follows an odd run of backslashes.
func escaped(src []byte, i int) bool {
	n := 0
	for i-n > 0 && src[i-n-1] == '\\' {
		n++
	}
	return n%2 == 1
}

// unclosedComment ends commentSpans where no "-->" follows the "<!--" at
// from: the first such "<!--" outside code that is in an HTML block
// comments out the rest of src.
func unclosedComment(src []byte, from int, out, code, html spans) (spans, int) {
	for i := from; ; i += len("<!--") {
		k := bytes.Index(src[i:], []byte("<!--"))
		if k < 0 {
			return out, -1
		}
		i += k
		if !code.contains(i) && html.contains(i) {
			return append(out, [2]int{i, len(src)}), i
		}
	}
}

// isMarkerTag tells the ADR's marker tags, which carry attributes or close
// themselves (<agent-role name="planner"/>, <agent-role/> missing its
// name), from an element of the same name in a prompt
// (<agent-role>planner</agent-role>), which is prose.
func isMarkerTag(src []byte, m []int) bool {
	if m[4] < 0 {
		return false // <agent-role>
	}
	rest := bytes.TrimSpace(src[m[4]:m[5]])
	return len(rest) > 0
}

// parseTags reads the ADR-894 tag form. The step is the prefix of the points
// (plan:pre → plan); attributes may hold comma-separated lists.
//
// With rejected, the file holds a marker tag that is not read (left
// open, or its name misspelt), reported: the tags read are checked on
// their own, as when one of them is not well formed, and give no marker.
func parseTags(file string, src []byte, tags [][]int, rejected bool, s *sink) *Marker {
	mk := &Marker{File: file, Src: src, Off: tags[0][0], Form: "tags"}
	ok := !rejected
	for _, t := range tags {
		// Every tag is read, after one that is not well formed too, so
		// that each problem is reported.
		if !mk.readTag(file, src, t, s) {
			ok = false
		}
	}
	if !ok {
		// The tags read are checked on their own, as a block rejected
		// for a field is: their step is that of their points.
		if len(mk.Points) > 0 {
			if mk.Step, ok = tagsStep(file, src, mk.Points, s); ok {
				checkRejectedMarker(mk, s)
			}
		}
		return nil
	}
	if len(mk.Points) == 0 {
		s.atOffset(file, src, mk.Off, "", "marker-syntax", "agent-role/loop-artifact tags without any <loop-point id=\"…\"/>: the step cannot be known%s", tagMissingHint(src, "loop-point"))
		return nil
	}
	if len(mk.Roles) == 0 {
		s.atOffset(file, src, mk.Off, "", "marker-syntax", "no <agent-role name=\"…\"/> tag; a step must publish at least one agent role%s", tagMissingHint(src, "agent-role"))
		// The points are checked on their own, as a block's are when
		// its agent-roles is missing: an unknown step or point is told
		// in this run, not once the role is added.
		if mk.Step, ok = tagsStep(file, src, mk.Points, s); ok {
			checkRejectedMarker(mk, s)
		}
		return nil
	}
	step, ok := tagsStep(file, src, mk.Points, s)
	if !ok {
		return nil
	}
	mk.Step = step
	return mk
}

// tagMissingHint ends the finding of a file whose marker tags lack the one
// named name: where that tag is in code, if it is (tagInCode), else that a
// document which only mentions a tag in its prose (a CONTRIBUTING.md
// explaining the markers) quotes it, as the other marker findings say:
// every markdown file holding a tag is read as a host workflow.
func tagMissingHint(src []byte, name string) string {
	if h := tagInCode(src, name); h != "" {
		return h
	}
	return " (a document that only mentions a marker tag quotes it in backticks or a code block, where it is not read)"
}

// tagInCode says where the first marker tag named name in src is, when
// it is in code (in backticks, a fence or an indented block), which is
// not read: the tag a finding says is missing is written there, and the
// finding is at the file's first tag, another line. "" when there is none.
func tagInCode(src []byte, name string) string {
	code, _, _, _, _ := codeRanges(src)
	for _, m := range tagRe.FindAllSubmatchIndex(src, -1) {
		if string(src[m[2]:m[3]]) == name && isMarkerTag(src, m) && code.contains(m[0]) {
			line, col := ojson.Position(src, m[0])
			return fmt.Sprintf(" (the <%s> tag at %d:%d is in code, backticks, a fence or an indented block, which is not read as a marker: take it out of the code)", name, line, col)
		}
	}
	return ""
}

// readTag adds what the tag t (tagRe's match) declares to mk, and reports
// whether it is well formed: a repeated list attribute, or a missing,
// empty or unquoted one the tag needs, is reported, and the tag is then
// not read.
func (mk *Marker) readTag(file string, src []byte, t []int, s *sink) bool {
	name := string(src[t[2]:t[3]])
	attrs, repeated := tagAttrs(src, t[4], t[5])
	need := map[string]string{"loop-point": "id", "agent-role": "name"}[name]
	if msg := quoteLeftOpen(src[t[4]:t[5]], attrs, markerTagAttrs[name]); msg != "" {
		s.atOffset(file, src, t[0], "", "marker-syntax", "<%s> %s", name, msg)
		return false
	}
	if key, want := misspeltAttr(attrs, markerTagAttrs[name]); key != "" {
		s.atOffset(file, src, t[0], "", "marker-syntax", "<%s> reads no %s=\"…\", so %q is not read: did you mean %s=%q?", name, key, attrs[key].Value, want, attrs[key].Value)
		return false
	}
	ok := true
	for _, r := range repeated {
		if slices.Contains(markerTagAttrs[name], r.Value) {
			s.atOffset(file, src, r.Off, "", "marker-duplicate-key",
				"<%s> repeats %s=\"…\": give its values once, comma-separated", name, r.Value)
			ok = false
		}
	}
	if need != "" {
		v, found := attrs[need]
		if !found || jsTrim(v.Value) == "" {
			if v := unquotedAttr(src[t[4]:t[5]], need); !found && v != "" {
				s.atOffset(file, src, t[0], "", "marker-syntax", "<%s> %s=%s is not quoted: write %s=\"%s\"", name, need, v, need, stripQuoteLike(v))
				return false
			}
			// The other tag's attribute, <loop-point name="plan:pre"/>,
			// or the other tag's name, <agent-role id="plan:pre"/>, when
			// its values are all the other tag's (loop points for
			// <loop-point>, agent roles for <agent-role>).
			if other := map[string]string{"id": "name", "name": "id"}[need]; !found && jsTrim(attrs[other].Value) != "" {
				v := attrs[other].Value
				if tag := tagOfValues(splitList(attrs[other])); tag != "" && tag != name {
					s.atOffset(file, src, t[0], "", "marker-syntax", "<%s> reads no %s=\"…\", so %q is not read: %s of <%s %s=\"…\">: did you mean <%s %s=%q/>?", name, other, v, valuesKind(tag), tag, other, tag, other, v)
					return false
				}
				s.atOffset(file, src, t[0], "", "marker-syntax", "<%s> reads no %s=\"…\", so %q is not read: did you mean %s=%q?", name, other, v, need, v)
				return false
			}
			s.atOffset(file, src, t[0], "", "marker-syntax", "<%s> needs a non-empty %s=\"…\" attribute", name, need)
			return false
		}
	}
	switch name {
	case "loop-point":
		mk.Points = append(mk.Points, splitList(attrs["id"])...)
	case "agent-role":
		mk.Roles = append(mk.Roles, splitList(attrs["name"])...)
	case "loop-artifact":
		if !mk.readArtifactTag(file, src, t, attrs, s) {
			ok = false
		}
	}
	return ok
}

// tagOfValues is the marker tag whose values items all are: loop-point
// for canonical loop points, agent-role for roles of the vocabulary; ""
// for none, or a mix.
func tagOfValues(items []Item) string {
	switch {
	case len(items) == 0:
		return ""
	case !slices.ContainsFunc(items, func(it Item) bool { return PointIndex(it.Value) < 0 }):
		return "loop-point"
	case !slices.ContainsFunc(items, func(it Item) bool { _, known := roleFamily[it.Value]; return !known }):
		return "agent-role"
	}
	return ""
}

// valuesKind names what a tag of tagOfValues takes: "loop points are the
// id", "agent roles are the name".
func valuesKind(tag string) string {
	if tag == "loop-point" {
		return "loop points are the id"
	}
	return "agent roles are the name"
}

// readArtifactTag adds the artifacts a <loop-artifact> tag t, of
// attributes attrs, produces and consumes to mk, and reports whether it
// names one, each quoted.
func (mk *Marker) readArtifactTag(file string, src []byte, t []int, attrs map[string]Item, s *sink) bool {
	ok := true
	_, hasP := attrs["produces"]
	_, hasC := attrs["consumes"]
	if !hasP && !hasC {
		s.atOffset(file, src, t[0], "", "marker-syntax", "%s", artifactAttrMissing(src[t[4]:t[5]]))
		ok = false
	}
	if hasP != hasC {
		// The other one written without quotes, beside the quoted
		// one, which is read: say so, rather than drop it.
		other := "produces"
		if hasP {
			other = "consumes"
		}
		if v := unquotedAttr(src[t[4]:t[5]], other); v != "" {
			s.atOffset(file, src, t[0], "", "marker-syntax", "<loop-artifact> %s=%s is not quoted: write %s=\"%s\"", other, v, other, stripQuoteLike(v))
			ok = false
		}
	}
	mk.Produces = append(mk.Produces, splitList(attrs["produces"])...)
	mk.Consumes = append(mk.Consumes, splitList(attrs["consumes"])...)
	return ok
}

// tagsStep is the step the points declare, at the point that gives it; a
// point of a second step is reported (marker-multiple), and then there
// is none (false).
func tagsStep(file string, src []byte, points []Item, s *sink) (Item, bool) {
	// The step is that of the first canonical point: a mistyped one
	// ("pln:pre") is reported where it is, as point-unknown (checkPoints),
	// not as a second step at the next tag.
	first := points[0]
	if i := slices.IndexFunc(points, func(p Item) bool { return PointIndex(p.Value) >= 0 }); i >= 0 {
		first = points[i]
	}
	step, _, _ := strings.Cut(first.Value, ":")
	for _, p := range points {
		if other, _, _ := strings.Cut(p.Value, ":"); other != step && PointIndex(p.Value) >= 0 {
			s.atOffset(file, src, p.Off, "", "marker-multiple",
				"<loop-point> tags name points of steps %q and %q; one workflow file declares one step", step, other)
			return Item{}, false
		}
	}
	return Item{Value: step, Off: first.Off}, true
}

// nextTagOpen finds, from off, the start of a marker tag that begins its
// line, with a quoted attribute value after its name ("<loop-artifact
// produces=\""), as prose mentioning the form ("write <loop-point id= …")
// has not. A lone carriage return ends a line too, as for the rest of the
// reader. It returns where the tag's "<" is (at), its name, and where the
// match ends (end, past the quote): what the expression
//
//	(?:^|[\n\r])[ \t]*(<(loop-point|agent-role|loop-artifact)\s+[A-Za-z_][A-Za-z0-9_-]*\s*=\s*["'])
//
// finds in src[off:] (TestNextTagOpenIsTheExpression) when after is
// empty. A tag that follows blanks after one of the tags after holds
// (tagRe's matches, in order) is found too, as one beginning its line:
// ADR-894 writes a step's tags on one line, and the second left open
// there was lost in silence. The expression,
// unanchored with an alternation first, ran its machine over every byte
// of every markdown file, most of the time a workflow's markers took to
// read; a "<" is rare in prose, and each is tried in place instead.
func nextTagOpen(src []byte, off int, after [][]int) (at int, name []byte, end int, ok bool) {
	for i := off; i < len(src); {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			break
		}
		at, i = i+j, i+j+1
		// The tag begins its line: blanks alone before it, back to a line
		// end or to off, where ^ matches (the first of the "<"s so placed
		// is the leftmost match: another's line end comes after it).
		q := at
		for q > off && (src[q-1] == ' ' || src[q-1] == '\t') {
			q--
		}
		if q > off && src[q-1] != '\n' && src[q-1] != '\r' && !endsTag(after, q) {
			continue
		}
		if n, e := tagOpenAt(src, at); e > 0 {
			return at, src[at+1 : at+1+n], e, true
		}
	}
	return 0, nil, 0, false
}

// endsTag reports whether one of tags (tagRe's matches, in order) ends
// at off.
func endsTag(tags [][]int, off int) bool {
	_, ok := slices.BinarySearchFunc(tags, off, func(m []int, off int) int { return cmp.Compare(m[1], off) })
	return ok
}

// tagOpenAt matches the expression's group (see nextTagOpen) from the
// "<" at src[at]: the tag's name, blanks, an attribute's name, "=" and
// an opening quote. It returns the name's length and where the match
// ends, or 0 and 0. Each part is of other characters than the next, so
// reading greedily is the expression's one way.
func tagOpenAt(src []byte, at int) (nameLen, end int) {
	rest := src[at+1:]
	for _, n := range [...]string{"loop-point", "agent-role", "loop-artifact"} {
		if bytes.HasPrefix(rest, []byte(n)) {
			nameLen = len(n)
			break
		}
	}
	if nameLen == 0 {
		return 0, 0
	}
	i := at + 1 + nameLen
	space := func() int { // \s*: [\t\n\f\r ]
		n := 0
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\f' || src[i] == '\r') {
			i, n = i+1, n+1
		}
		return n
	}
	if space() == 0 {
		return 0, 0
	}
	if i == len(src) || !(src[i] == '_' || 'A' <= src[i] && src[i] <= 'Z' || 'a' <= src[i] && src[i] <= 'z') {
		return 0, 0
	}
	for i++; i < len(src) && (src[i] == '_' || src[i] == '-' || 'A' <= src[i] && src[i] <= 'Z' || 'a' <= src[i] && src[i] <= 'z' || '0' <= src[i] && src[i] <= '9'); i++ {
	}
	space()
	if i == len(src) || src[i] != '=' {
		return 0, 0
	}
	i++
	space()
	if i == len(src) || src[i] != '"' && src[i] != '\'' {
		return 0, 0
	}
	return nameLen, i + 1
}

// reportUnclosedTags reports the first marker tag (nextTagOpen's) outside
// code and comments that tagRe does not read (starts are where it read
// tags, in order; tags, the marker tags read): no ">" closes it before
// the next "<" or the file's end (a quoted value ends at its line's end
// and holds no "<"), so it would be left out in silence. In a file where
// no tag is read (tags empty), one such tag alone may be a document mentioning the form
// ("<loop-artifact produces=…" opening a line); a <loop-point>, which
// makes a workflow, or two tags are a workflow whose every tag is left
// open, which read as no workflow while its capabilities' hooks were
// blamed for the points it lost.
// It reports whether it found one, and then the file declares no step
// (readMarker).
func reportUnclosedTags(file string, src []byte, starts []int, code, html, inline spans, tags [][]int, s *sink) bool {
	var comments spans // read once a tag not read is found outside code
	first, workflow := -1, len(tags) > 0
	var firstName []byte
	for off := 0; ; {
		at, name, end, ok := nextTagOpen(src, off, tags)
		if !ok {
			return false
		}
		off = end
		if _, read := slices.BinarySearch(starts, at); read || code.contains(at) || escaped(src, at) && !html.contains(at) {
			continue
		}
		if comments == nil {
			comments, _ = commentSpans(src, code, html, inline)
		}
		if comments.contains(at) {
			continue
		}
		if first < 0 {
			first, firstName = at, name
		} else {
			workflow = true // a second tag left open
		}
		if workflow || string(name) == "loop-point" {
			s.atOffset(file, src, first, "", "marker-syntax",
				"this <%s tag is not closed: no > ends it before the next < or the file's end (a quoted value ends at its line's end and holds no <), so it is not read; close it with />",
				firstName)
			return true
		}
	}
}

// unquotedAttr is the value of the attribute name written without quotes
// among a tag's attributes ("id=plan:pre"), or "": whichever attribute
// comes first ("<agent-role id=x name=planner/>").
func unquotedAttr(attrs []byte, name string) string {
	// Another attribute's quoted value is its text: "title='x id=y'".
	attrs = attrRe.ReplaceAllFunc(attrs, func(a []byte) []byte { return bytes.Repeat([]byte{' '}, len(a)) })
	for _, m := range unquotedAttrRe.FindAllSubmatch(attrs, -1) {
		if string(m[1]) == name {
			return string(m[2])
		}
	}
	return ""
}

// misspeltAttr is the first attribute of attrs, in the tag's order, that
// is a slip away from one of names the tag lacks ("consume", "ids"), and
// that one; "", "" for none. The tag would otherwise drop its value
// without a word.
func misspeltAttr(attrs map[string]Item, names []string) (key, want string) {
	at := -1
	for k, v := range attrs {
		if slices.Contains(names, k) || at >= 0 && v.Off > at {
			continue
		}
		if w := nearestName(k, names); w != "" {
			if _, has := attrs[w]; !has {
				key, want, at = k, w, v.Off
			}
		}
	}
	return key, want
}

// openQuoteRe finds, in a tag's attribute text with its quoted values
// blanked, an attribute whose quote is never closed (id="plan:post/>).
var openQuoteRe = regexp.MustCompile(`(?:^|\s)` + tagAttrNames + `\s*=\s*(["'])([^"'<>]*)$`)

// swallowedAttrRe finds the end of a quoted value that took in the next
// attribute's name, its own quote left open (produces="PLAN.md
// consumes="CONTEXT.md": produces reads "PLAN.md consumes=").
var swallowedAttrRe = regexp.MustCompile(`^(.*?)\s+` + tagAttrNames + `\s*=\s*$`)

// quoteLeftOpen says how an attribute of names among a tag's attribute
// text (attrs, as tagAttrs reads them) lost its closing quote, or "": one
// whose quote is never closed is not read at all, and one closed by the
// next attribute's opening quote reads that attribute's name as its
// value. Either was told "needs a non-empty id" or nothing.
func quoteLeftOpen(text []byte, attrs map[string]Item, names []string) string {
	for _, n := range names {
		if v, ok := attrs[n]; ok {
			if m := swallowedAttrRe.FindStringSubmatch(v.Value); m != nil {
				return fmt.Sprintf("%s=\"%s has no closing quote before %s=, which is read as part of its value: write %s=\"%s\"", n, m[1], m[2], n, m[1])
			}
		}
	}
	blanked := attrRe.ReplaceAllFunc(text, func(a []byte) []byte { return bytes.Repeat([]byte{' '}, len(a)) })
	if m := openQuoteRe.FindSubmatch(blanked); m != nil && slices.Contains(names, string(m[1])) {
		v := strings.TrimRight(string(m[3]), " \t/")
		return fmt.Sprintf("%s=%s%s has no closing quote, so its value is not read: write %s=\"%s\"", m[1], m[2], v, m[1], v)
	}
	return ""
}

// artifactAttrMissing says what a <loop-artifact> tag with neither a
// produces nor a consumes attribute (attrs, its attribute text) lacks:
// their quotes, when one is written without them (produces=PLAN.md, as
// HTML allows), or else the attribute.
func artifactAttrMissing(attrs []byte) string {
	for _, name := range []string{"produces", "consumes"} {
		if v := unquotedAttr(attrs, name); v != "" {
			return "<loop-artifact> " + name + "=" + v + " is not quoted: write " + name + `="` + stripQuoteLike(v) + `"`
		}
	}
	return "<loop-artifact> needs a produces=\"…\" or consumes=\"…\" attribute"
}

// quoteLike are the pairs an attribute value is mistakenly quoted with:
// backticks, as markdown quotes code, and typographic quotes, as a word
// processor replaces straight ones. HTML reads them as part of the value.
var quoteLike = [][2]string{{"`", "`"}, {"\u201c", "\u201d"}, {"\u2018", "\u2019"}}

// stripQuoteLike is v without a pair of quoteLike around it: the value an
// attribute so written (id=`plan:pre`) is meant to have.
func stripQuoteLike(v string) string {
	for _, q := range quoteLike {
		if len(v) > len(q[0])+len(q[1]) && strings.HasPrefix(v, q[0]) && strings.HasSuffix(v, q[1]) {
			return v[len(q[0]) : len(v)-len(q[1])]
		}
	}
	return v
}

// tagAttrs parses the attributes in src[from:to], keeping value offsets,
// and returns each repetition of an attribute already given (its name and
// offset): only one value would be kept, so a list written as two
// attributes would silently lose one.
func tagAttrs(src []byte, from, to int) (attrs map[string]Item, repeated []Item) {
	attrs = map[string]Item{}
	for _, m := range attrRe.FindAllSubmatchIndex(src[from:to], -1) {
		key := string(src[from+m[2] : from+m[3]])
		if _, dup := attrs[key]; dup {
			repeated = append(repeated, Item{Value: key, Off: from + m[2]})
			continue
		}
		vs, ve := m[4], m[5]
		if vs < 0 {
			vs, ve = m[6], m[7]
		}
		attrs[key] = Item{Value: string(src[from+vs : from+ve]), Off: from + vs}
	}
	return attrs, repeated
}

// lineOf is the line of the byte at off, as diagnostics place it (a lone
// CR ends a line, as in editors).
func lineOf(src []byte, off int) int {
	return ojson.LineOf(src, off)
}

// reportUnclosedBlock reports the first gsd:loop-host block opened outside
// code that is never closed: HTML reads the rest of the file as a comment,
// and the file would silently be no workflow, or keep only the tags
// before it (the tags after it are commented out, see commentSpans). A
// block that is closed but only mentioned in prose is not one
// (proseMention). It reports whether it found one.
//
// Its fields, up to where they end (unclosedBody), are checked on their
// own, as a rejected block's, when it is the file's only marker (read,
// none): its other slips are told in the same run, not once it is
// closed. The finding names the line of the last key so read.
//
// One left open after only, the file's one complete block (and no tags),
// is a warning, and reported as none: gsd-core's block pattern (ref §1.2)
// matches no block without its -->, so it reads only the complete one,
// the file's step, as capreg then does.
func reportUnclosedBlock(file string, src []byte, code spans, read bool, only []int, s *sink) bool {
	// A block is closed by the first --> after its opener, so an opener is
	// closed when the file's last --> comes after it. (Searching from each
	// opener cost openers × file size: seconds to minutes for a guide that
	// quotes the opener a few thousand times.)
	lastClose := bytes.LastIndex(src, []byte("-->"))
	for _, m := range blockOpenRe.FindAllIndex(src, -1) {
		if lastClose >= m[1] {
			continue // closed
		}
		if !code.contains(m[0]) {
			if only != nil {
				line, col := s.position(src, m[0])
				s.add(Diagnostic{File: file, Line: line, Column: col, Rule: "marker-syntax", Severity: Warning, Message: fmt.Sprintf(
					"gsd:loop-host block is not closed with -->, so it is not read: gsd-core matches no block without its --> and reads the one at line %d, as capreg does; remove this one, or, if it is the marker meant, close it with --> and remove the other (two blocks are an error)", lineOf(src, only[0]))})
				return false
			}
			loc, last, closer, closerLine := unclosedBody(src, m[1])
			switch {
			case read || last == 0:
				s.atOffset(file, src, m[0], "", "marker-syntax",
					"gsd:loop-host block is not closed: add --> after its last key")
				return true
			case closerLine > 0:
				s.atOffset(file, src, m[0], "", "marker-syntax",
					"gsd:loop-host block is not closed: line %d writes %q, which is no -->, so the comment runs to the file's end; write --> there; its fields up to there are checked as if it ended there", closerLine, closer)
			default:
				s.atOffset(file, src, m[0], "", "marker-syntax",
					"gsd:loop-host block is not closed: add --> after its last key (line %d); its fields up to there are checked as if it ended there", last)
			}
			readBlock(file, src, loc, blockUnclosed, s)
			return true
		}
	}
	return false
}

// reportOpenComment warns of the first marker tag (at tag, or -1) that an
// HTML comment never closed (opened at open) comments out, as a fence left
// open hides a marker: most likely a slip, which would drop the step out
// of the contract. A gsd:loop-host block never closed is an error of its
// own (reportUnclosedBlock).
func reportOpenComment(file string, src []byte, open, tag int, s *sink) {
	if tag < 0 {
		return
	}
	if loc := blockOpenRe.FindIndex(src[open:]); loc != nil && loc[0] == 0 {
		return
	}
	s.atOffset(file, src, tag, "", "marker-in-open-fence",
		"this marker tag is commented out, and ignored: the HTML comment <!-- opened at line %d is never closed with -->, so it runs to the end of the file; "+
			"close it above the marker if the marker is meant to be read", lineOf(src, open))
}

// reportIndentedMarker warns of a loop-host marker (a gsd:loop-host block
// or a marker tag) read as an indented code block that no list item or
// block quote holds (its line starts with a tab or four spaces at the
// margin) in a file that holds no marker capreg reads but has a `loop
// render-hooks <point>` call site: a host workflow whose marker an editor
// or a paste indented, whose step would drop out of the contract with no
// word of why. The reference reads such a block (it does not look at code
// blocks); a how-to that shows a marker under a numbered step, fenced or
// indented, is not warned of. hidden is the marker already reported in a
// fence never closed, or -1; top the indented code blocks at the margin
// (codeRanges); indented the blocks read in them (indentedBlocks), of
// which the first is named; tags tagRe's matches.
func reportIndentedMarker(file string, src []byte, hidden int, top spans, indented, tags [][]int, s *sink) {
	if hidden >= 0 || len(top) == 0 || !callSiteRe.Match(src) {
		return
	}
	if len(indented) > 0 {
		s.atOffset(file, src, indented[0][0], "", "marker-in-code",
			"this gsd:loop-host block is read as an indented code block, and ignored (its line starts with a tab or four spaces), so the file declares no step, "+
				"though it has `loop render-hooks` call sites; start the marker's lines at the margin if it is meant to be read")
		return
	}
	for _, m := range tags {
		if top.contains(m[0]) && isMarkerTag(src, m) {
			s.atOffset(file, src, m[0], "", "marker-in-code",
				"this <%s> tag is read as an indented code block, and ignored (its line starts with a tab or four spaces), so the file declares no step, "+
					"though it has `loop render-hooks` call sites; start the marker tags' lines at the margin if they are meant to be read", src[m[2]:m[3]])
			return
		}
	}
}

// indentedStep is the step a loop-host marker of src declares, and where
// the marker starts, when it is read as indented code that no list item
// or quote holds (top, see codeRanges; indented its blocks, see
// indentedBlocks), as in a workflow an editor
// re-indented: such a file declares no step, and the finding that the
// step is missing points at it (reportUncovered). For tags (tagRe's
// matches), the step is that of the first canonical point a <loop-point>
// names. Empty when src holds no such marker.
func indentedStep(src []byte, top spans, indented, tags [][]int) Item {
	if len(top) == 0 {
		return Item{}
	}
	for _, m := range indented {
		if k := stepLineRe.FindSubmatch(src[m[2]:m[3]]); k != nil {
			return Item{Value: string(k[1]), Off: m[0]}
		}
	}
	return loopPointStep(src, tags, top.contains)
}

// otherKeyRe matches a line of a block that starts with a key, one the
// reference does not read: a word, a colon, then a space or nothing
// ("owner: release team"), which a point ("plan:post") is not.
var otherKeyRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*[ \t]*:(?:[ \t]|$)`)

// indentedBlocks are the gsd:loop-host blocks, as blockRe finds them,
// whose opener is in an indented code block at the margin (top) and whose
// "-->" is in that code block or ends the block's keys left at the margin
// right after it (rightAfter): an opener quoted there alone ("    grep
// '<!-- gsd:loop-host' w.md") would otherwise run to the "-->" of a fenced
// example or of prose after it, while a block an editor indented but for
// its last lines is still one. Each opener's "-->" is the first after it,
// found once for all the openers before it, so the cost is the file's
// length, whatever the number of openers.
func indentedBlocks(src []byte, top, code spans) [][]int {
	var out [][]int
	end, closes := 0, closeFinder{src: src, next: -2}
	for _, o := range blockOpenRe.FindAllIndex(src, -1) {
		if o[0] < end || !top.contains(o[0]) {
			continue
		}
		next := closes.at(o[1])
		if next < 0 {
			break
		}
		i := top.find(o[0])
		if in := code.find(next); in >= 0 && in != code.find(o[0]) || in < 0 && !rightAfter(src, top[i][1], next) {
			continue // the "-->" of other code, or of prose further on: this opener is quoted alone
		}
		body := o[1]
		for body < next {
			r, n := utf8.DecodeRune(src[body:])
			if !isJSSpace(r) {
				break
			}
			body += n
		}
		out, end = append(out, []int{o[0], next + len("-->"), body, next}), next+len("-->")
	}
	return out
}

// rightAfter reports whether the "-->" at close ends the block's own
// lines left at the margin after the code block ending at end: nothing
// but blank lines and the block's keys ("agent-roles: planner",
// "consumes: -->") comes between. An arrow or a comment in prose does not.
func rightAfter(src []byte, end, close int) bool {
	if close < end {
		return false
	}
	for line := range bytes.SplitSeq(src[end:close], []byte("\n")) {
		text := jsTrim(string(line))
		if text != "" && !isKeyLine(text) {
			return false
		}
	}
	return true
}

// stepLineRe finds the step: line of a block's body.
var stepLineRe = regexp.MustCompile(`(?m)^[ \t]*step[ \t]*:[ \t]*([a-z][a-z0-9:-]*)`)

// utf16Text decodes data in UTF-16 (see utf16Encoding), as Windows
// PowerShell's > and some editors write text, or reports false. Read as
// UTF-8 such a file holds no marker spelling at all, so a workflow saved
// that way would drop out of the contract without a word.
func utf16Text(data []byte) ([]byte, bool) {
	order, skip := utf16Encoding(data)
	if order == nil {
		return nil, false
	}
	units := make([]uint16, (len(data)-skip)/2)
	for i := range units {
		units[i] = order.Uint16(data[skip+2*i:])
	}
	return []byte(string(utf16.Decode(units))), true
}

// utf16Sample is how many bytes utf16Encoding reads of a file without a
// byte order mark.
const utf16Sample = 512

// utf16Encoding is the byte order of data if it is UTF-16, and the length
// of its byte order mark, or nil. Text without a mark is taken as UTF-16
// when its first code unit is an ASCII character, as a JSON or markdown
// file's is, and three in four of its first units are: their other byte
// is zero, which text in UTF-8 holds nowhere (a NUL is no character of
// either).
func utf16Encoding(data []byte) (order binary.ByteOrder, skip int) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return binary.LittleEndian, 2
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return binary.BigEndian, 2
	}
	n := min(len(data), utf16Sample) &^ 1
	if n < 4 {
		return nil, 0
	}
	var le, be int
	for i := 0; i < n; i += 2 {
		switch {
		case data[i] != 0 && data[i] < 0x80 && data[i+1] == 0:
			le++
		case data[i] == 0 && data[i+1] != 0 && data[i+1] < 0x80:
			be++
		}
	}
	units := n / 2
	switch {
	case data[0] != 0 && data[0] < 0x80 && data[1] == 0 && le*4 >= units*3:
		return binary.LittleEndian, 0
	case data[0] == 0 && data[1] != 0 && data[1] < 0x80 && be*4 >= units*3:
		return binary.BigEndian, 0
	}
	return nil, 0
}

// isUTF16 reports whether data is UTF-16 (see UTF16).
func isUTF16(data []byte) bool {
	_, ok := UTF16(data)
	return ok
}

// UTF16 reports whether data is UTF-16, with a byte order mark or without
// one (its first code unit, and three in four of its first 256, are ASCII
// characters: their other byte is zero, which UTF-8 text holds nowhere),
// and says how it was told, for a message that asks for the file in UTF-8.
func UTF16(data []byte) (why string, ok bool) {
	switch order, skip := utf16Encoding(data); {
	case order == nil:
		return "", false
	case skip > 0:
		return "it starts with a UTF-16 byte order mark", true
	}
	return "every other byte is zero, as in UTF-16 without a byte order mark", true
}

// conflictHint names the merge conflict left in src[from:to], a marker's
// body, where a line there starts with a conflict marker (seven '<', '>'
// or '|'; not '=', which also underlines a heading): a key repeated
// between <<<<<<< and >>>>>>> is both sides of a merge git could not
// finish, which "duplicate key" alone did not say.
func conflictHint(src []byte, from, to int) string {
	for off := from; off < to; {
		end := bytes.IndexByte(src[off:to], '\n')
		if end < 0 {
			end = to - off
		}
		if m := ojson.ConflictMarker(bytes.TrimLeft(src[off:off+end], " \t")); m != 0 && m != '=' {
			return fmt.Sprintf(": a merge left its conflict unresolved here (%s at line %d); keep the lines meant from each side and delete the marker lines (<<<<<<<, ======= and >>>>>>>)", strings.Repeat(string(m), 7), lineOf(src, off))
		}
		off += end + 1
	}
	return ""
}
