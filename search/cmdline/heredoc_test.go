package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandHereDocAfterSubstitution: a here-document given to a
// command after a substitution or subshell in its words is still the
// command's input; the substitution's ")" once ended the command, so the
// text before the << read as no shell (bash ran each "want" here).
func TestMatchCommandHereDocAfterSubstitution(t *testing.T) {
	checkMatchCommand(t, pushAndMigrate(), []struct {
		cmd  string
		want []string
	}{
		{"ssh -i $(pwd)/key host <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"ssh -o User=`whoami` host bash -s <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"kubectl exec -i $(kubectl get pod -o name | head -1) -- sh <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"(cd /tmp && bash) <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		// The commands inside a substitution are their own.
		{"echo $(cat <<EOF\ngit push --force\nEOF\n) | cat", nil},
		{"X=$(bash <<'EOF'\ngit push --force\nEOF\n) true", []string{"push"}},
		{"ssh -i $(pwd)/key host cat <<'EOF'\nrails db:migrate\nEOF", nil},
	})
}

// TestExpandHereDocEscapes pins which backslashes expandHereDoc takes off
// the body of a here-document whose delimiter is not quoted: one before
// $, a backtick or a backslash, and one before a new line with the new
// line; one before any other character stays, and so does one that ends
// the body, which must not be read past. An escaped "\$(...)" is text the
// shell gives its command, not a substitution it runs. bash 5.2 printed
// each text but the last two with "cat <<EOF". A final backslash, where
// the body runs to the end of the input, is kept as written (bash drops
// it, as a line continuation to nothing); those rows pin that the body's
// end is not read past. Before these, a mutant that kept "\$" or dropped
// "\x" lived, and so did ones that read a byte past the body's end.
func TestExpandHereDocEscapes(t *testing.T) {
	tests := []struct {
		body, text string
		subs       []string
	}{
		{`echo \$HOME`, `echo $HOME`, nil},
		{`echo \$(git push --force)`, `echo $(git push --force)`, nil},
		{"echo \\`git push --force\\`", "echo `git push --force`", nil},
		{`a\\b`, `a\b`, nil},
		{"a\\\nb", "ab", nil},
		{`a\nb \"q\" \x`, `a\nb \"q\" \x`, nil},
		{`echo $(date) x\`, `echo _ x\`, []string{"date"}},
		{`\`, `\`, nil},
	}
	for _, tt := range tests {
		text, subs := expandHereDoc(tt.body)
		if text != tt.text || !slices.Equal(subs, tt.subs) {
			t.Errorf("expandHereDoc(%q) = %q, %q, want %q, %q", tt.body, text, subs, tt.text, tt.subs)
		}
	}
}

// TestHereDocWordQuoting pins hereDocWord's reading of a delimiter word:
// quotes and backslashes removed, an empty pair of single quotes inside
// the word read as nothing (E, two single quotes and OF is the delimiter
// EOF: bash 5.2 ended the body at "EOF"), an escaped blank kept in it, a
// quote left open running to the end of the text, and a backslash that
// ends the text taken off without reading past it. Mutants that read the
// empty pair as an open quote, ran an open quote's end past the text, or
// read the byte after a final backslash lived.
func TestHereDocWordQuoting(t *testing.T) {
	tests := []struct {
		s, word string
		n       int
	}{
		{"EOF\nx", "EOF", 3},
		{"'EOF' | sh", "EOF", 5},
		{"E''OF\nx", "EOF", 5},
		{`E\ OF x`, "E OF", 5},
		{`\'EOF x`, "'EOF", 5},
		{"E'OF\nx", "EOF\nx", 6}, // an open quote runs to the end
		{"EOF\\", "EOF", 4},
		{"_EOF;", "_EOF", 4},
		{"1EOF", "", 0},
	}
	for _, tt := range tests {
		if word, n := hereDocWord(tt.s); word != tt.word || n != tt.n {
			t.Errorf("hereDocWord(%q) = %q, %d, want %q, %d", tt.s, word, n, tt.word, tt.n)
		}
	}
}

// TestMatchCommandHereDocDelimiters pins delimiters written in ways the
// other tests do not: after blanks ("<< EOF", "<<-\tEOF"), starting with
// an underscore, and with an empty pair of quotes inside. Each body is
// text cat prints, or the script bash reads, as bash 5.2 ran them; the
// line after the delimiter is a command again. A mutant that stepped back
// over the blanks (so "<< EOF" opened no here-document and its body was
// read as commands) and one that refused a delimiter starting with "_"
// lived.
func TestMatchCommandHereDocDelimiters(t *testing.T) {
	checkMatchCommand(t, pushAndMigrate(), []struct {
		cmd  string
		want []string
	}{
		{"cat << EOF\ngit push --force\nEOF", nil},
		{"cat <<-\tEOF\ngit push --force\n\tEOF", nil},
		{"bash << 'EOF'\ngit push --force\nEOF", []string{"push"}},
		{"cat <<_END\ngit push --force\n_END", nil},
		{"bash <<_END\ngit push --force\n_END", []string{"push"}},
		{"cat <<E''OF\ngit push --force\nEOF\nrails db:migrate", []string{"migrate"}},
	})
}

// TestMatchCommandHereDocsAfterAndOrPipe pins that "&&" and "|" end the
// command a here-document is given to, as ";" does: the bash after "cat
// <<'A' &&" (or "|") reads its own here-document as its script, and cat
// after "true &&" pipes its body into bash (bash 5.2 ran each such
// script). Read as one command with the cat before it, the bash was
// taken for a command that reads no script; the INVERT_LOGICAL mutant
// that dropped both operators lived.
func TestMatchCommandHereDocsAfterAndOrPipe(t *testing.T) {
	checkMatchCommand(t, pushAndMigrate(), []struct {
		cmd  string
		want []string
	}{
		{"cat <<'A' && bash <<'B'\nhello\nA\ngit push --force\nB", []string{"push"}},
		{"cat <<'A' | bash <<'B'\necho a\nA\ngit push --force\nB", []string{"push"}},
		{"true && cat <<'EOF' | bash\ngit push --force\nEOF", []string{"push"}},
		{"bash <<'A' && cat <<'B'\necho a\nA\ngit push --force\nB", nil},
	})
}
