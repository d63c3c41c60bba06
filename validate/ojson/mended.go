package ojson

import "slices"

// Mended is a text read past its slips, as a caller that tells a file's
// other mistakes in the run that tells of a slip reads it: Text, mended
// in place by Error.Mend, and the ','s a parse of it reads where none is
// written (a ',' missing between two values with no blank between them
// to write it over, as in "1\"b\"" or "}\n{"), which no edit that moves
// no byte could mend. A parse of it (Parse, ParseShared) places each
// value, each error, and each line:column a message names, in Text, so
// in the text as written: Text's every byte is where it was.
type Mended struct {
	Text   []byte
	commas []int // offsets, ascending, where a ',' is read (parser.commas)
}

// Mend mends e's slip, one found by a parse of m: it writes its edit over
// m.Text (Error.Mend), or, for a ',' missing with no blank to write it
// over, has m read one there. It reports whether it mended the slip; m is
// unchanged when not.
func (m *Mended) Mend(e Error) bool {
	if !e.commaRead {
		var ok bool
		m.Text, ok = e.Mend(m.Text)
		return ok
	}
	i, found := slices.BinarySearch(m.commas, e.mendAt)
	if found || e.mendAt > len(m.Text) {
		return false // read already, so the parse did not stop for it: e is of another text
	}
	m.commas = slices.Insert(m.commas, i, e.mendAt)
	return true
}

// Parse is ojson.Parse of m.Text reading m's ','s.
func (m *Mended) Parse() (Value, []Error) {
	p := parser{indexAfter: indexAfter, maxDepth: maxDepth, commas: m.commas}
	return p.parse(m.Text)
}

// ParseShared is ojson.ParseShared of m.Text reading m's ','s: the
// caller promises that m.Text is not written to while any string of the
// value lives: m is not mended further while the value is in use.
func (m *Mended) ParseShared() (Value, []Error) {
	p := parser{indexAfter: indexAfter, maxDepth: maxDepth, share: true, commas: m.commas}
	return p.parse(m.Text)
}
