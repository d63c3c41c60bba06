package store

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNearNameCountsEditsCaseAside: a path that does not exist is offered
// the name of its folder a typo away case aside, folded as every
// did-you-mean folds (casefold): strings.ToLower, which nearName used,
// keeps the final sigma apart, so "ΟΣ" was two edits from "οςx" and named
// nothing. The name is given as the folder holds it.
func TestNearNameCountsEditsCaseAside(t *testing.T) {
	inside := func(string) bool { return true }
	for _, tt := range []struct {
		rel   string
		names []string
		want  string
	}{
		{"a/Tols", []string{"tools"}, ` (did you mean "a/tools"?)`},
		{"a/TOOL", []string{"Tools"}, ` (did you mean "a/Tools"?)`},
		{"a/ΟΣ", []string{"οςx"}, ` (did you mean "a/οςx"?)`},
		{"a/λογοσ", []string{"ΛΟΓΟς"}, ` (did you mean "a/ΛΟΓΟς"?)`},
		{"a/ΟΣ", []string{"ox"}, ""},
	} {
		if got := nearName(tt.rel, tt.names, inside); got != tt.want {
			t.Errorf("nearName(%q, %q) = %q, want %q", tt.rel, tt.names, got, tt.want)
		}
	}
}

// TestNearbyDirCountsEditsCaseAside: a --repo that does not exist is
// offered the sibling folder a typo away case aside ("MyRepoo" for
// "myrepo" was three edits as typed, and named nothing); of two as near
// case aside, the one as near as typed ("Rep" beside "Repo" and "repo"),
// and of two as near both ways, none.
func TestNearbyDirCountsEditsCaseAside(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"myrepo", "Repo", "repo", "ALPHA", "alphb"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ asked, want string }{
		{"myrepoo", "myrepo"},
		{"MyRepoo", "myrepo"},
		{"MYREPO", "myrepo"},
		{"Rep", "Repo"},
		{"rep", "repo"},
		{"alpha", "ALPHA"},    // no edit case aside, where alphb is one
		{"Alphx", ""},         // ALPHA and alphb: one edit case aside, more as typed
		{"MyRepxx", "myrepo"}, // two edits case aside, the most allowed, four as typed
	} {
		want := ""
		if tt.want != "" {
			want = filepath.Join(root, tt.want)
		}
		if got := nearbyDir(filepath.Join(root, tt.asked)); got != want {
			t.Errorf("nearbyDir(%q) = %q, want %q", tt.asked, got, want)
		}
	}
}

// TestNearNameCountsLetters: a path capreg.json names is offered the name
// of its folder one letter off, letters being code points, as every
// did-you-mean counts them: nearName counted bytes, so "ö" for "o" (two
// bytes) or one CJK character for another (three) was no typo and named
// nothing. The limit of two edits is for names of ten letters or more,
// not bytes: "résumé-xy" (9 letters, 11 bytes) is two letters from
// "résumé-ab", too far, as "resume-xy" is from "resume-ab".
func TestNearNameCountsLetters(t *testing.T) {
	inside := func(string) bool { return true }
	for _, tt := range []struct {
		rel   string
		names []string
		want  string
	}{
		{"a/öutils", []string{"outils"}, ` (did you mean "a/outils"?)`},
		{"a/Koln", []string{"Köln"}, ` (did you mean "a/Köln"?)`},
		{"a/KÖLN", []string{"köln"}, ` (did you mean "a/köln"?)`},
		{"a/工貝", []string{"工具"}, ` (did you mean "a/工具"?)`},
		{"a/Resumé", []string{"Résumé"}, ` (did you mean "a/Résumé"?)`},
		{"a/résumé-xy", []string{"résumé-ab"}, ""},
		{"a/resume-xy", []string{"resume-ab"}, ""},
		{"a/工貝貝", []string{"工具具"}, ""},
		// A byte that is not UTF-8 is a letter of its own: "caf\xe9"
		// (Latin-1) is one letter from "café", and "\xe9\xe9" two from
		// "\xfc\xfc", where ranging over them read each as U+FFFD.
		{"a/caf\xe9", []string{"café"}, ` (did you mean "a/café"?)`},
		{"a/\xe9\xe9", []string{"\xfc\xfc"}, ""},
	} {
		if got := nearName(tt.rel, tt.names, inside); got != tt.want {
			t.Errorf("nearName(%q, %q) = %q, want %q", tt.rel, tt.names, got, tt.want)
		}
	}
}

// TestNearbyDirCountsLetters: a --repo that does not exist is offered the
// sibling folder one letter off, letters being code points ("Koln" for
// "Köln", "文档" for "文件": two and three bytes), and two letters off
// only for names of five letters or more, not bytes ("éaxy", four letters
// in five bytes, is two from "éabc", too far, as "eaxy" is from "eabc").
func TestNearbyDirCountsLetters(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"Köln", "文件", "éabc", "eabc"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ asked, want string }{
		{"Koln", "Köln"},
		{"KÖLN", "Köln"},
		{"文档", "文件"},
		{"éaxy", ""},
		{"eaxy", ""},
	} {
		want := ""
		if tt.want != "" {
			want = filepath.Join(root, tt.want)
		}
		if got := nearbyDir(filepath.Join(root, tt.asked)); got != want {
			t.Errorf("nearbyDir(%q) = %q, want %q", tt.asked, got, want)
		}
	}
}

// TestNearNamesCompareComposed: a folder whose name macOS saved
// decomposed ("Re\u0301sume\u0301", each "é" an "e" and an accent) is one
// letter from "Resumé" typed composed, as validate's did-you-means
// compare names composed (NFC); compared as written, it was three edits
// off and named nothing. The name is given as the folder holds it.
func TestNearNamesCompareComposed(t *testing.T) {
	decomposed := "Re\u0301sume\u0301"
	inside := func(string) bool { return true }
	for _, rel := range []string{"a/Resumé", "a/résume", "a/RÉSUMX"} {
		if got, want := nearName(rel, []string{decomposed}, inside), ` (did you mean "a/`+decomposed+`"?)`; got != want {
			t.Errorf("nearName(%q, %q) = %q, want %q", rel, decomposed, got, want)
		}
	}
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, decomposed), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, asked := range []string{"Resumé", "résume", "Résumés"} {
		if got, want := nearbyDir(filepath.Join(root, asked)), filepath.Join(root, decomposed); got != want {
			t.Errorf("nearbyDir(%q) = %q, want %q", asked, got, want)
		}
	}
}
