package store

import (
	"os"
	"path/filepath"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// TestMayBeReadOtherSpelling: on a case-insensitive or normalising file
// system (APFS, NTFS) an event names a file as the disk stores it, which
// may differ in case or normal form from the path the scan read it by, or
// be its DOS short alias. Such a write is to a file read and must rebuild;
// a write to a file of another name (a log, a swap file) must not.
func TestMayBeReadOtherSpelling(t *testing.T) {
	read := newReadSet([]string{
		"/r/config/schema.json",
		"/r/vendor/Tools.json",
		"/r/lib/caf\u00e9.json",   // é composed (NFC)
		"/r/lib/nai\u0308ve.json", // ï decomposed (NFD, as HFS+ stores it)
		"/r/lib/f\u0131le.json",   // dotless ı, which NTFS upper-cases to I
		"/r/lib/\u00c5ngstr\u00f6m.json",
	})
	tests := []struct {
		event string
		want  bool
	}{
		{"/r/config/schema.json", true},
		{"/r/Config/Schema.JSON", true},
		{"/r/CONFIG/SCHEMA.JSON", true},
		{"/r/vendor/tools.json", true},
		{"/r/lib/cafe\u0301.json", true},           // NFD of a name read as NFC
		{"/r/lib/CAFE\u0301.JSON", true},           // and upper case
		{"/r/lib/na\u00efve.json", true},           // NFC of a name read as NFD
		{"/r/lib/NA\u00cfVE.json", true},           // and upper case
		{"/r/lib/FILE.json", true},                 // NTFS: ı and I are one
		{"/r/lib/file.json", true},                 // and so i
		{"/r/lib/\u212bngstr\u00f6m.json", true},   // ANGSTROM SIGN, canonically Å
		{"/r/lib/a\u030angstro\u0308m.json", true}, // decomposed
		{"/r/config/SCHEMA~1.JSO", true},           // a short alias: of any name
		{"/r/any/PROGRA~12", true},
		{"/r/x/CAPABILITY.JSON", true}, // a name read wherever it is
		{"/r/Capreg.json", true},
		{"/r/tools/x.Card.Json", true},
		{"/r/README.MD", true},
		{"/r/capreg.log", false},              // a log in the repository
		{"/r/config/.schema.json.swp", false}, // a swap file
		{"/r/config/schema.json~", false},     // a backup, no short alias
		{"/r/config/schema.jsonx", false},
		{"/r/config/schem.json", false},
		{"/r/other/schema.json", false},        // the same name elsewhere
		{"/r/lib/cafe.json", true},             // accents are dropped: a rebuild too many
		{"/r/lib/caf\u200de\u0301.json", true}, // and joiners, as HFS+ does
		{"/r/lib/cafes.json", false},
	}
	for _, tt := range tests {
		if got := mayBeRead(tt.event, read); got != tt.want {
			t.Errorf("mayBeRead(%+q) = %v, want %v", tt.event, got, tt.want)
		}
	}
}

// TestNameKeyMergesEveryMapping: for every code point, the names a file
// system may take for one (its case mappings, simple and full, its case
// fold orbit, its normal forms) have its nameKey. So do two names made
// of such code points one by one; a name spelt another way by any rule
// of one of them cannot go unmatched.
func TestNameKeyMergesEveryMapping(t *testing.T) {
	upper, lower, fold := cases.Upper(language.Und), cases.Lower(language.Und), cases.Fold()
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		others := []string{
			string(unicode.ToUpper(r)), string(unicode.ToLower(r)), string(unicode.ToTitle(r)),
			upper.String(s), lower.String(s), fold.String(s),
			norm.NFC.String(s), norm.NFD.String(s), norm.NFKC.String(s), norm.NFKD.String(s),
		}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			others = append(others, string(f))
		}
		var key string
		for _, o := range others {
			if o == s {
				continue
			}
			if key == "" {
				key = nameKey(s)
			}
			if k := nameKey(o); k != key {
				t.Errorf("%U %+q has key %+q, its mapping %+q has %+q", r, s, key, o, k)
			}
		}
	}
}

// TestNameKeyDropsInvisibles: a format character (a joiner, a direction
// mark, which HFS+ ignores in names) or a combining mark changes no key,
// unless it has a case of its own (U+0345 is upper-cased to Ι).
func TestNameKeyDropsInvisibles(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me) && unicode.ToUpper(r) == r {
			if s := "a" + string(r) + "b"; nameKey(s) != "ab" {
				t.Errorf("%U: nameKey(%+q) = %+q, want \"ab\"", r, s, nameKey(s))
			}
		}
	}
}

// TestNameKeyASCII: nameKey's shortcut for ASCII gives what foldKey gives.
func TestNameKeyASCII(t *testing.T) {
	for b := range 0x80 {
		s := "a" + string(rune(b)) + "Z"
		if nameKey(s) != foldKey(s) {
			t.Errorf("nameKey(%+q) = %+q, foldKey %+q", s, nameKey(s), foldKey(s))
		}
	}
}

// TestShortAlias: "~" and a digit anywhere in a name may be a short alias.
func TestShortAlias(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"PROGRA~1", true},
		{"SCHEMA~1.JSO", true},
		{"A~B~3.TXT", true},
		{"~12", true},
		{"LOG~0", true}, // any digit, 0 and 9 as 1
		{"DATA~9.JSO", true},
		{"A~~1.TXT", true}, // a "~" after a "~"
		{"schema.json~", false},
		{"~$report.docx", false},
		{"a~b", false},
		{"~", false},
		{"schema.json", false},
	}
	for _, tt := range tests {
		if got := shortAlias(tt.name); got != tt.want {
			t.Errorf("shortAlias(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// BenchmarkReadSet10k keys the files a 10,000-capability scan reads, as
// each sync does.
func BenchmarkReadSet10k(b *testing.B) {
	_, snap := loadSynthetic(b, 10000)
	for b.Loop() {
		newReadSet(snap.Read)
	}
}

// TestWaysMatchOtherSpelling: the entries followed on the way to the
// repository (--repo ~/Repo, git's HEAD) are matched as files read are:
// an event naming one in another case or as a short alias is relevant,
// and a write to it matters; another entry of the folder is not.
func TestWaysMatchOtherSpelling(t *testing.T) {
	n := &fsNotifier{
		ways:      map[string][]string{"/p": {"Repo"}, "/r/.git": {"HEAD"}},
		wayOnly:   map[string]bool{"/p": true, "/r/.git": true},
		readKnown: true,
	}
	tests := []struct {
		event string
		want  bool
	}{
		{"/p/Repo", true},
		{"/p/repo", true},
		{"/p/REPO", true},
		{"/p/REPO~1", true},
		{"/p/repo.old", false},
		{"/p/other", false},
		{"/r/.git/head", true},
		{"/r/.git/index", false},
		{"/q/anything", true}, // not a folder watched for a few entries
	}
	for _, tt := range tests {
		if got := n.relevant(tt.event); got != tt.want {
			t.Errorf("relevant(%q) = %v, want %v", tt.event, got, tt.want)
		}
	}
	// A write: to files that exist, with one name each, as a real one.
	git := filepath.Join(t.TempDir(), ".git")
	n.ways[git], n.wayOnly[git] = []string{"HEAD"}, true
	if err := os.Mkdir(git, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"head": true, "Head": true, "HEAD": true, "index": false} {
		p := filepath.Join(git, name)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if got := n.writeMatters(p); got != want {
			t.Errorf("writeMatters(%s) = %v, want %v", name, got, want)
		}
	}
}
