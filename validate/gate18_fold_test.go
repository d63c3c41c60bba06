package validate

import "testing"

// TestNearestIDFoldsFinalSigma: an id is suggested for one asked with its
// Greek final sigma "ς" written "σ", as typing it in capitals ("ΛΟΓΟΣ",
// lower-cased "λογοσ") does: case folding reads "ς", "σ" and "Σ" as one
// letter, where strings.ToLower kept "ς" apart, so the same words joined
// otherwise, or in another order, named nothing.
func TestNearestIDFoldsFinalSigma(t *testing.T) {
	ids := []string{"app.λογος", "λογος-app"}
	for asked, want := range map[string]string{
		"ΛΟΓΟΣ_APP": "λογος-app", // the same words joined otherwise, in capitals
		"λογοσ_app": "λογος-app",
		"λογοσ.app": "app.λογος", // the same words in another order
		"ΛΟΓΟΣ:APP": "app.λογος",
	} {
		if got := NearestID(asked, ids); got != want {
			t.Errorf("NearestID(%q) = %q, want %q", asked, got, want)
		}
		if got := MeantID(asked, ids); got != want {
			t.Errorf("MeantID(%q) = %q, want %q", asked, got, want)
		}
	}
	// Folding is not the Turkish dotless ı read as i.
	if got := NearestID("ılık_su-x", []string{"ilik-su-x"}); got != "" {
		t.Errorf("NearestID(ılık_su-x) = %q, want none (ı is no i)", got)
	}
}

// TestNamesAlikeFoldsFinalSigma: a tool renamed from "λογος" to
// "ΛΟΓΟΣ.sh" shares its name's word, case aside.
func TestNamesAlikeFoldsFinalSigma(t *testing.T) {
	if !namesAlike("λογος-x", "ΛΟΓΟΣ.sh") {
		t.Errorf("namesAlike(λογος-x, ΛΟΓΟΣ.sh) = false, want true")
	}
}
