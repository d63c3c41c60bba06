package validate

import (
	"slices"
	"testing"
)

// TestDidYouMeansFoldLongS: the did-you-means that compare a name with
// the reference's words (steps, loop-host keys, config types, negated
// enum values, profile names) fold it as search does (casefold), so the
// long s "ſ", a letter of its own to strings.ToLower, reads as "s": each
// of these names the same as the name written with "s" does.
func TestDidYouMeansFoldLongS(t *testing.T) {
	if got, want := PointsOfStep("ſhip"), PointsOfStep("ship"); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("PointsOfStep(ſhip) = %q, want %q", got, want)
	}
	if got := pointStep("ſhip:before"); got != "ship" {
		t.Errorf("pointStep(ſhip:before) = %q, want ship", got)
	}
	if got := nearKeys("ſtep"); !slices.Equal(got, []string{"step"}) {
		t.Errorf("nearKeys(ſtep) = %q, want [step]", got)
	}
	if got := configTypeHint("ſtr"); got == "" || got != configTypeHint("str") {
		t.Errorf("configTypeHint(ſtr) = %q, want %q, as for str", got, configTypeHint("str"))
	}
	if !negates("irreverſible", "reversible") {
		t.Errorf("negates(irreverſible, reversible) = false, want true")
	}
	if got := Abbreviated("ſtg", []string{"production", "staging"}); got != "staging" {
		t.Errorf("Abbreviated(ſtg) = %q, want staging", got)
	}
}

// TestAbbreviatedFoldsFinalSigma: an abbreviation of a name with a
// final sigma ("λογος", "Λόγος" in capitals "ΛΟΓΟΣ") is read by its
// letters folded, on either side.
func TestAbbreviatedFoldsFinalSigma(t *testing.T) {
	if got := Abbreviated("λγσ", []string{"λογος", "χρονος"}); got != "λογος" {
		t.Errorf("Abbreviated(λγσ) = %q, want λογος", got)
	}
	if got := Abbreviated("λγς", []string{"ΛΟΓΟΣ", "χρονος"}); got != "ΛΟΓΟΣ" {
		t.Errorf("Abbreviated(λγς) = %q, want ΛΟΓΟΣ", got)
	}
}

// TestMayMeanCommandFoldsFinalSigma: a command three edits from a card's
// file name once folded ("λογος" and "ΛΟΓΟΣ_APP", "λογοσapp") may mean it,
// as "logos" and "LOGOS_APP" do.
func TestMayMeanCommandFoldsFinalSigma(t *testing.T) {
	if !MayMeanCommand("bin/logos", "LOGOS_APP") {
		t.Fatalf("MayMeanCommand(bin/logos, LOGOS_APP) = false")
	}
	if !MayMeanCommand("bin/λογος", "ΛΟΓΟΣ_APP") {
		t.Errorf("MayMeanCommand(bin/λογος, ΛΟΓΟΣ_APP) = false, want true as for logos")
	}
}
