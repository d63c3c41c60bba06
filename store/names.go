package store

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// readSet is the files a scan read (Input.Read), by nameKey: an event may
// name one of them otherwise than the scan did, and a write it reports
// must still count (see mayBeRead).
type readSet struct{ keys map[string]bool }

// newReadSet keys the real paths of the files a scan read.
func newReadSet(read []string) readSet {
	keys := make(map[string]bool, len(read))
	for _, p := range read {
		keys[nameKey(p)] = true
	}
	return readSet{keys: keys}
}

// has reports whether p may name one of the files read.
func (r readSet) has(p string) bool { return r.keys[nameKey(p)] }

// nameKey is a key under which any two names that a file system may take
// for one file are equal. A case-insensitive one (macOS APFS and HFS+,
// Windows NTFS) reports an event under the name stored on disk, which may
// not be the spelling a path was given in (--config-schema
// Config/Schema.json for config/schema.json), and a normalising one
// (APFS, HFS+ storing é decomposed) under another normal form. The rules
// differ by file system (APFS folds case; NTFS upper-cases by its own
// table, so that dotless ı is I is i there; HFS+ ignores joiners and
// direction marks), so the key merges them all, and more: upper case, then
// Unicode's compatibility caseless match (D146: NFKD of the case fold of
// NFKD of the case fold), then without combining marks and invisible
// format characters (so café is cafe). Two names no file system takes for
// one file may then share a key; that costs a rebuild, while two names of
// one file under different keys would lose a change.
func nameKey(name string) string {
	if ascii(name) {
		return strings.ToLower(name) // what foldKey does to ASCII, without its allocations
	}
	return foldKey(name)
}

// foldKey is nameKey for any name.
func foldKey(name string) string {
	fold := cases.Fold() // a Caser keeps state: one per call
	k := strings.ToUpper(norm.NFKD.String(name))
	k = norm.NFKD.String(fold.String(k))
	k = norm.NFKD.String(fold.String(k))
	return strings.Map(func(r rune) rune {
		if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
			return -1
		}
		return r
	}, k)
}

// ascii reports whether s is ASCII only.
func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// shortAlias reports whether base may be a DOS 8.3 alias (PROGRA~1.JSO):
// Windows reports a change under the long name or the short one,
// whichever it likes (ReadDirectoryChangesW), and the short one may be
// any long name's. Any "~" followed by a digit counts.
func shortAlias(base string) bool {
	for i := strings.IndexByte(base, '~'); i >= 0 && i+1 < len(base); {
		if c := base[i+1]; c >= '0' && c <= '9' {
			return true
		}
		j := strings.IndexByte(base[i+1:], '~')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// inputName reports whether base, a file's name, is one a scan reads by
// wherever the file is: a declaration, capreg.json, a card, markdown that
// may hold a marker. Compared by nameKey, as mayBeRead's paths are.
func inputName(base string) bool {
	k := nameKey(base)
	return k == "capability.json" || k == "capreg.json" || strings.HasSuffix(k, ".card.json") || strings.HasSuffix(k, ".md")
}

// mayBeNamed reports whether the entry base of a directory may be one of
// names, its entries followed (the ways): compared as mayBeRead does.
func mayBeNamed(names []string, base string) bool {
	if len(names) == 0 {
		return false
	}
	if shortAlias(base) {
		return true
	}
	k := nameKey(base)
	for _, n := range names {
		if nameKey(n) == k {
			return true
		}
	}
	return false
}
