package validate

import (
	"slices"
	"testing"
)

// TestQuoteMarkersAfterListIndent pins, against commonmark.js 0.31.2
// and goldmark (both agree on every row), where a paragraph's lines after
// the first hold their block quote markers when the quote sits in a list
// item or the markers are separated by tabs (CommonMark §5.1, §5.2, §2.2
// tabs as columns). Review cr29: since ca02d36 pastPrefix takes at most
// three columns of indentation before each marker, counted from zero at
// each marker, so a list item's content indentation before a marker
// ("10. > " needs five columns), or a tab whose columns are partly used,
// makes the marker's '>' read as content: it ends an open tag or a
// declaration early, and a backtick inside the tag then opens a code span
// CommonMark does not have (or the other way round). Every row passed at
// ca02d36^, which recorded each line's exact prefix, and passes now that
// each line is matched against the paragraph's containers as the block
// scanner matches it.
func TestQuoteMarkersAfterListIndent(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		// list item content indentation before the quote marker
		{"10. > a <b\n     > c=\"`\"> x`\n", nil},
		{"> 10. > a <b\n>     > c=\"`\"> x`\n", nil},
		{"- > > a <!X\n     > `b>` c`\n", []string{"` c`"}},
		// a tab that is the list item's indentation and the marker's
		{"1. > a <!X\n\t> `b>` c`\n", []string{"` c`"}},
		// a tab after the first marker: two columns of indentation, so
		// the second '>' is a marker ...
		{">> a <b\n> \t> c=\"`\"> x`\n", nil},
		// ... and a tab as the first marker's optional space leaves two
		// columns, so two more spaces make four and '>' is text.
		{">> a <b\n>\t  > c=\"`\"> x`\n", []string{"`\"> x`"}},
	}
	for _, tt := range tests {
		if got := codeSpanTexts(tt.src); !slices.Equal(got, tt.want) {
			t.Errorf("%q: spans %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestLoopHostAfterQuotedTagInList pins the user-visible effect:
// a gsd:loop-host block after a tag whose attribute holds a backtick, in
// a quote in a list item "10. > ", is outside code (commonmark.js renders
// the tag as HTML and the block as an HTML comment), so ParseMarker reads
// it. At ca02d36 the tag ended at the second line's marker and the
// attribute's backtick opened a code span that hid the block.
func TestLoopHostAfterQuotedTagInList(t *testing.T) {
	src := "10. > See <b\n     > title=\"`\"> " + planBlock + " and the ` sign.\n"
	if mk, diags := ParseMarker("plan.md", []byte(src)); mk == nil || mk.Step.Value != "plan" {
		t.Errorf("marker %+v, findings %v; want the plan block read: it is in no code span", mk, diags)
	}
}
