package store

import (
	"crypto/sha256"

	"github.com/capreg/capreg/validate"
)

// fragmentMemo carries the fragment paths of declarations from one scan to
// the next (Options.Previous), keyed by a digest of each declaration's
// bytes: finding them parses every declaration that may name one, a tenth
// of a rescan of 10,000 capabilities, and validate.FragmentPaths is a pure
// function of those bytes. A nil memo finds them afresh.
type fragmentMemo struct {
	known map[[sha256.Size]byte][]string // the previous scan's; only read
	seen  map[[sha256.Size]byte][]string // this scan's, for the next one
}

// newFragmentMemo starts the memo of a scan from the snapshot of the
// previous one (nil: none).
func newFragmentMemo(prev *Snapshot) *fragmentMemo {
	m := &fragmentMemo{seen: map[[sha256.Size]byte][]string{}}
	if prev != nil {
		m.known = prev.fragments
	}
	return m
}

// paths is validate.FragmentPaths(manifest). The slice returned is shared:
// it must not be changed.
func (m *fragmentMemo) paths(manifest []byte) []string {
	if m == nil || !validate.MayNameFragments(manifest) {
		return validate.FragmentPaths(manifest)
	}
	key := sha256.Sum256(manifest)
	p, ok := m.known[key]
	if !ok {
		if p, ok = m.seen[key]; !ok {
			p = validate.FragmentPaths(manifest)
		}
	}
	m.seen[key] = p
	return p
}
