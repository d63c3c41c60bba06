package store

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// applyUnified applies a unified diff to a, as patch does, checking that
// every context and removed line is where the hunk says.
func applyUnified(t *testing.T, a []string, diff string) []string {
	t.Helper()
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		t.Fatalf("no header:\n%s", diff)
	}
	var out []string
	at := 0 // the next line of a not yet copied
	for i := 2; i < len(lines) && lines[i] != ""; {
		var from, nFrom, to, nTo int
		if _, err := fmt.Sscanf(lines[i], "@@ -%d,%d +%d,%d @@\n", &from, &nFrom, &to, &nTo); err != nil {
			t.Fatalf("hunk header %q: %v", lines[i], err)
		}
		if nFrom > 0 {
			from--
		}
		if from < at {
			t.Fatalf("hunk at %d overlaps the one before, which ended at %d", from, at)
		}
		out = append(out, a[at:from]...)
		at = from
		i++
		for ; i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@"); i++ {
			kind, text := lines[i][0], lines[i][1:]
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\`) { // "\ No newline at end of file" belongs to this line
				text += lines[i+1]
				i++
			}
			if kind == '+' {
				out = append(out, text)
				continue
			}
			if at >= len(a) || a[at] != text {
				t.Fatalf("line %d of a is %q, the diff says %q:\n%s", at+1, a[at:min(at+1, len(a))], text, diff)
			}
			if kind == ' ' {
				out = append(out, text)
			}
			at++
		}
	}
	return append(out, a[at:]...)
}

// randomLines are n lines drawn from few distinct ones, most repeated, as
// a registry's are, the last one maybe without its newline.
func randomLines(r *rand.Rand, n int) []string {
	var out []string
	for range n {
		switch r.IntN(4) {
		case 0:
			out = append(out, "unique "+strconv.Itoa(r.IntN(1000))+"\n")
		default:
			out = append(out, []string{"{\n", "}\n", `"tier": "core",` + "\n", "\n"}[r.IntN(4)])
		}
	}
	if len(out) > 0 && r.IntN(3) == 0 {
		out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\n") + "\n\\ No newline at end of file\n"
	}
	return out
}

// The diff of any two texts turns the first into the second.
func TestUnifiedDiffApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for i := range 3000 {
		a := randomLines(r, r.IntN(40))
		b := slices.Clone(a)
		for range r.IntN(6) { // edits: replace, insert or delete a line
			j := r.IntN(len(b) + 1)
			switch op := r.IntN(3); {
			case op == 0 && j < len(b):
				b[j] = randomLines(r, 1)[0]
			case op == 1:
				b = slices.Insert(b, j, randomLines(r, 1)[0])
			case j < len(b):
				b = slices.Delete(b, j, j+1)
			}
		}
		if r.IntN(10) == 0 {
			b = randomLines(r, r.IntN(40)) // unrelated
		}
		d := unifiedDiff("a", "b", a, b)
		if slices.Equal(a, b) != (d == "") {
			t.Fatalf("case %d: equal %v, diff %q", i, slices.Equal(a, b), d)
		}
		if d == "" {
			continue
		}
		if got := applyUnified(t, a, d); !slices.Equal(got, b) {
			t.Fatalf("case %d: the diff of\n%q\nand\n%q\nis\n%s\nand gives\n%q", i, a, b, d, got)
		}
	}
}

// One line changed in a long file is one hunk of seven lines, as diff -u
// writes it.
func TestUnifiedDiffOneLine(t *testing.T) {
	var a []string
	for i := range 1000 {
		a = append(a, fmt.Sprintf("line %d\n", i), `"tier": "core",`+"\n")
	}
	b := slices.Clone(a)
	b[500] = "changed\n"
	want := "--- a\n+++ b\n@@ -498,7 +498,7 @@\n \"tier\": \"core\",\n line 249\n \"tier\": \"core\",\n-line 250\n+changed\n \"tier\": \"core\",\n line 251\n \"tier\": \"core\",\n"
	if got := unifiedDiff("a", "b", a, b); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkUnifiedDiffEveryVersion: a version bumped in every one of
// 10,000 records of a file whose other lines repeat, as gen --check meets
// it after a release (go-difflib took minutes at 2,000).
func BenchmarkUnifiedDiffEveryVersion(b *testing.B) {
	var old []string
	for i := range 10000 {
		old = append(old, "{\n", fmt.Sprintf("  \"id\": \"cap-%05d\",\n", i), `  "tier": "core",`+"\n", `  "version": "1.0.0"`+"\n", "},\n")
	}
	bumped := slices.Clone(old)
	for i := range bumped {
		if strings.Contains(bumped[i], "version") {
			bumped[i] = `  "version": "1.0.1"` + "\n"
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		unifiedDiff("a", "b", old, bumped)
	}
}

// TestUnifiedDiffKeepsEachUnchangedLine: a line that is in both texts
// once, the first of b's such lines, between changes, is context in the
// diff gen --check prints, not removed and added again; so is the line
// after a first line that changed.
func TestUnifiedDiffKeepsEachUnchangedLine(t *testing.T) {
	for _, tt := range []struct {
		name string
		a, b []string
		want string
	}{
		{"one kept line between changes", []string{"p\n", "u\n", "q\n"}, []string{"r\n", "u\n", "s\n"},
			"--- a\n+++ b\n@@ -1,3 +1,3 @@\n-p\n+r\n u\n-q\n+s\n"},
		{"two kept lines, the first first in b", []string{"p\n", "u\n", "q\n", "v\n", "w\n"}, []string{"r\n", "u\n", "s\n", "v\n", "x\n"},
			"--- a\n+++ b\n@@ -1,5 +1,5 @@\n-p\n+r\n u\n-q\n+s\n v\n-w\n+x\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := unifiedDiff("a", "b", tt.a, tt.b); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
