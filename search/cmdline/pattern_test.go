package cmdline

import (
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

// TestCheckPatternIsItsParts: CheckPattern, which reads a pattern once, says
// what PatternFault, PatternRegexp (parsed and compiled) and PatternRuns
// say of it, for patterns of every fault, none, a regexp that runs twice,
// one that does not parse, one over any cost limit, a comment alone (which
// compiles to no pattern but is counted); CheckPatternCost too, without
// the fault. The regexp is compiled once: by the fault's check when it
// gets that far ("git push .* --force"), else not until Insts asks, so a
// pattern of counted repetitions with a fault of its own is never
// compiled by a caller that bounds its cost first.
func TestCheckPatternIsItsParts(t *testing.T) {
	repeats := strings.Repeat("a.{0,999}", 100)
	for _, tt := range []struct {
		pat      string
		compiled bool // its size known: compiled by the fault's check, or no regexp
	}{
		{"git push .* --force", true},
		{"git push --force", true},
		{"rm -rf <dir>", true},
		{"(helm|kubectl) delete release-1", true},
		{"(\\./)?bin/rails db:.*", true},
		{"(vendor/)?bin/phpunit .*", true},
		{"docker rm -f *", true},
		{"# rm .*", true},
		{repeats, true},
		{"[sudo] rm -rf .*", false},
		{"git push [<remote>] .*", false},
		{"--force .*", false},
		{"$ git push .*", false},
		{"`git push .*`", false},
		{"git push (-f|--force", true}, // no regexp: it does not parse
		{"a)|(b .*", true},
		{"[sudo] " + repeats, false},
		{".*", true},
		{"", true},
	} {
		if tt.pat == "(vendor/)?bin/phpunit .*" && PatternRuns(tt.pat) != 2 {
			t.Errorf("PatternRuns(%q) = %d, want 2: the table lacks a pattern that runs twice", tt.pat, PatternRuns(tt.pat))
		}
		c := CheckPattern(tt.pat)
		if got, want := c.Fault, PatternFault(tt.pat); got != want {
			t.Errorf("CheckPattern(%.40q).Fault = %q, PatternFault %q", tt.pat, got, want)
		}
		if got, want := c.Runs, PatternRuns(tt.pat); got != want {
			t.Errorf("CheckPattern(%.40q).Runs = %d, PatternRuns %d", tt.pat, got, want)
		}
		if compiled := c.insts >= 0; compiled != tt.compiled {
			t.Errorf("CheckPattern(%.40q): compiled %v, want %v", tt.pat, compiled, tt.compiled)
		}
		wantInsts := 0
		expr, isRegexp := PatternRegexp(tt.pat)
		if isRegexp {
			re, err := syntax.Parse(expr, syntax.Perl)
			if err != nil {
				t.Fatal(err)
			}
			if c.Regexp == nil || c.Regexp.String() != re.String() {
				t.Errorf("CheckPattern(%.40q).Regexp = %v, want %v", tt.pat, c.Regexp, re)
			}
			prog, err := syntax.Compile(re.Simplify())
			if err != nil {
				t.Fatal(err)
			}
			wantInsts = len(prog.Inst)
		} else if c.Regexp != nil {
			t.Errorf("CheckPattern(%.40q).Regexp = %v, want none: PatternRegexp reads no regexp", tt.pat, c.Regexp)
		}
		if got := c.Insts(); got != wantInsts {
			t.Errorf("CheckPattern(%.40q).Insts() = %d, want %d", tt.pat, got, wantInsts)
		}
		cost := CheckPatternCost(tt.pat)
		if cost.Fault != "" || cost.Runs != c.Runs || cost.insts >= 0 && cost.Regexp != nil || cost.Insts() != wantInsts {
			t.Errorf("CheckPatternCost(%.40q) = %+v, want CheckPattern's %+v without the fault, compiled only by Insts", tt.pat, cost, c)
		}
	}
}

// TestPatternFaultClassOfWordsOrRange: a class in brackets is a choice of
// words written as a class (card-replaces-shape) unless a choice holds a
// range: a dash between two lower-case letters, two capitals or two
// digits in order, the first and last of each kind included and a range
// of one character too, with no letter of the same kind touching it
// outside ("kube-system", "ab-c" and "a-bc" are words).
func TestPatternFaultClassOfWordsOrRange(t *testing.T) {
	for _, tt := range []struct {
		choice string
		words  bool
	}{
		{"a-z", false}, {"A-Z", false}, {"0-9", false},
		{"b-y", false}, {"B-Y", false}, {"1-8", false},
		{"b-b", false}, {"a-zA-Z", false}, {"0-9a-f", false}, {"x0-9", false}, {"0-9x", false},
		{"kube-system", true}, {"ab-c", true}, {"a-bc", true}, {"AB-C", true}, {"01-2", true},
		{"x", true}, {"a-", true}, {"9-a", true}, {"Z-a", true},
	} {
		pat := "kubectl get [" + tt.choice + "|ns] pods"
		got := PatternFault(pat)
		if words := strings.Contains(got, "is a regular-expression class"); words != tt.words {
			t.Errorf("PatternFault(%q) = %q, want a class of words told: %v", pat, got, tt.words)
		}
	}
}

// TestPatternFaultUsageWordOrClass: a bracketed word is told as a usage
// line's optional part ("[options]") unless it reads as a class: a letter
// in both cases makes one ("[yY]", "[aAbcd]", "[zZbcd]", "[ZuzU]",
// "[Zzz]"), except in a word of four letters or more with only its first
// a capital ("[Zuzu]", "[Alan]"; not "[ZZuz]", "[ZuzA]", "[BubZ]"); a
// letter twice makes a word ("[bbc]"), as do a vowel and a consonant
// ("[zoe]"), but a short word in alphabetical order ("[Abc]") or one with
// a character that is no letter is a class.
func TestPatternFaultUsageWordOrClass(t *testing.T) {
	for _, tt := range []struct {
		word  string
		usage bool
	}{
		{"Options", true}, {"options", true}, {"Zulu", true}, {"Zuzu", true}, {"Alan", true},
		{"Aalan", true}, {"Zorro", true}, {"Azure", true}, {"AzurE", true},
		{"aAbcd", false}, {"zZbcd", false}, {"ZuzU", false}, {"Abc", false}, {"Zzz", false},
		{"Yy", false}, {"yY", false}, {"@zure", false},
		{"ZZuz", false}, {"ZuzA", false}, {"BubZ", false}, {"bbc", true}, {"zoe", true},
	} {
		pat := "docker run [" + tt.word + "] image"
		got := PatternFault(pat)
		if usage := strings.Contains(got, "usage line's optional part"); usage != tt.usage {
			t.Errorf("PatternFault(%q) = %q, want a usage word told: %v", pat, got, tt.usage)
		}
	}
}

// TestPatternFaultLaterBracketedWord: a word and a blank in brackets is
// told wherever it stands in the pattern, after another pair of brackets
// that is a class too.
func TestPatternFaultLaterBracketedWord(t *testing.T) {
	for _, tt := range []struct{ pat, want string }{
		{"tr [x ]y [sudo ]rm -rf /", `"[sudo ]" reads as a regular-expression class, one character (s, u, d, o or a blank), not as an optional word`},
		{"ls [a ]b [origin ]main", `"[origin ]" reads as a regular-expression class, one character (o, r, i, g, n or a blank)`},
	} {
		if got := PatternFault(tt.pat); !strings.Contains(got, tt.want) {
			t.Errorf("PatternFault(%q) = %q, want %q", tt.pat, got, tt.want)
		}
	}
}

// TestMatchAnchoredRegexpByWords: a "^" that starts a regexp pattern is
// no part of its first word, so options before the subcommand are passed
// over as they are for the pattern without it, and the two are equally
// specific (ordered by id).
func TestMatchAnchoredRegexpByWords(t *testing.T) {
	mt := Compile([]Card{
		{ID: "plain", Replaces: []string{"kubectl logs -f .*"}},
		{ID: "anchored", Replaces: []string{"^kubectl logs -f .*"}},
		{ID: "push", Replaces: []string{"^git push.*"}},
		{ID: "status", Replaces: []string{"^git status$"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl logs -f api", []string{"anchored", "plain"}},
		{"kubectl -n prod logs -f api", []string{"anchored", "plain"}},
		{"git push origin", []string{"push"}},
		{"git -C repo push origin", []string{"push"}},
		{"sudo /usr/bin/git -C repo push origin", []string{"push"}},
		{"git -C repo status", nil}, // "$": no words after, which words do not read
		{"git status", []string{"status"}},
		{"git status --short", nil},
	})
	// A "^" before regexp syntax leaves no command word to name.
	for _, pat := range []string{"^(sudo )?rm -rf .*", "^$", "^ git push"} {
		mt := Compile([]Card{{ID: "x", Replaces: []string{pat}}})
		for _, word := range []string{".", "$", ""} {
			if mt.NamesCommand(word) {
				t.Errorf("%q names the command %q", pat, word)
			}
		}
	}
	if got := Compile([]Card{{ID: "x", Replaces: []string{"^$"}}}).Find("$ rm -rf x"); got != nil {
		t.Errorf(`"^$" matches "$ rm -rf x": %v`, got)
	}
}

// TestMatchCommandCommentOnlyPattern: a pattern that is a comment alone
// matches nothing, and the card's other patterns still match; each
// panicked in search.Build (which compiled them then), which the daemon
// runs before it serves a snapshot.
func TestMatchCommandCommentOnlyPattern(t *testing.T) {
	for _, pat := range []string{"#", "# legacy", "#!/bin/bash", "  # x\n", "# rm -rf .*", "# cat <<EOF", "#$(", "#\n#\n"} {
		mt := Compile([]Card{{ID: "push", Replaces: []string{pat, "git push --force"}}})
		for _, tt := range []struct {
			cmd  string
			want []string
		}{{"ls -la", nil}, {"# legacy", nil}, {"rm -rf build", nil}, {"git push --force", []string{"push"}}} {
			if got := matchedIDs(mt, tt.cmd); !slices.Equal(got, tt.want) {
				t.Errorf("with the pattern %q, MatchCommand(%q) = %v, want %v", pat, tt.cmd, got, tt.want)
			}
		}
	}
}

// TestPatternFaultOptionalPartThatDoesNotCompile: a usage line's optional
// part in brackets whose letters make a range the wrong way round
// ("[--no-ff]": o-f; "[dry-run]": y-r) keeps the pattern from compiling,
// and is told what to write, as "[-f]", which compiles, is. Before: the
// compile error alone ("invalid character class range: `o-f`").
func TestPatternFaultOptionalPartThatDoesNotCompile(t *testing.T) {
	for _, tt := range []struct{ pat, part string }{
		{"git merge [--no-ff] <branch>", "[--no-ff]"},
		{"terraform apply [--dry-run]", "[--dry-run]"},
		{"helm upgrade [dry-run] <release>", "[dry-run]"},
	} {
		got := PatternFault(tt.pat)
		want := fmt.Sprintf("%q is written as a usage line's optional part, which a pattern does not mark: write one pattern with the part and one without, or * in its place", tt.part)
		if !strings.Contains(got, "does not compile") || !strings.HasSuffix(got, want) {
			t.Errorf("%q: got %q\nwant it to end %q", tt.pat, got, want)
		}
	}
	// A pattern that does not compile for another reason is told so alone.
	if got := PatternFault("git push .* (--force"); strings.Contains(got, "optional part") {
		t.Errorf("got %q", got)
	}
}

// TestPatternFaultSpaceBeforeTheEnd: a regexp that matches white space
// and then the end of the line ("^git merge\s+$") matches no line, a line
// being matched without the white space that ends it, and is told so, as
// one ending in white space alone is. Before: no finding, and no line
// sent to the card.
func TestPatternFaultSpaceBeforeTheEnd(t *testing.T) {
	for _, pat := range []string{`^git merge\s+$`, `^make deploy $`, `^git push[ ]$`} {
		if got := PatternFault(pat); !strings.Contains(got, "just before the end of the line") {
			t.Errorf("%q: got %q", pat, got)
		}
	}
	// The end alone, an escaped $, or white space that may be none: no fault.
	for _, pat := range []string{`^git merge$`, `^echo \$`, `^echo cost\ \$`, `^git merge\s*$`, `^git merge .*$`, `^git push(\s+|$)$`} {
		if got := PatternFault(pat); got != "" {
			t.Errorf("%q: got %q", pat, got)
		}
	}
}

// TestPatternFaultPlaceholderWithEllipsis: a placeholder and "..." in one
// word, as a usage line writes "one or more" ("git merge <branch>...",
// "cp <file>... <dir>"), makes a word that must end with the dots, which
// no line a person types has, and is told what to write, as a word "..."
// of its own is. Before: no finding.
func TestPatternFaultPlaceholderWithEllipsis(t *testing.T) {
	for _, tt := range []struct{ pat, want string }{
		{"git merge <branch>...", `"<branch>..." is a usage line's "one or more", but "..." is read as part of the word, which must then end with it, so the pattern matches no line a person types: write <branch> alone, as a pattern matches a command with more words after it`},
		{"cp <file>… <dir>", `"<file>…" is a usage line's "one or more", but "…" is read as part of the word, which must then end with it, so the pattern matches no line a person types: write * in its place`},
	} {
		if got := PatternFault(tt.pat); got != tt.want {
			t.Errorf("%q: got %q\nwant %q", tt.pat, got, tt.want)
		}
	}
	for _, pat := range []string{"git log main...feature", "git diff <a>...<b>", "echo <msg>...done"} {
		if got := PatternFault(pat); got != "" {
			t.Errorf("%q: got %q", pat, got)
		}
	}
}

// TestPatternFaultGluedChoiceOfWords: a | touching a word on each side
// after the command, as a usage line writes a choice of subcommands
// ("git merge|rebase *"), is a pipe into a command of the second word,
// and is told to write the choice in parentheses. Before: no finding, and
// the pattern matched neither "git merge x" nor "git rebase x".
func TestPatternFaultGluedChoiceOfWords(t *testing.T) {
	for _, tt := range []struct{ pat, want string }{
		{"git merge|rebase *", `"merge|rebase" is a pipe into a command "rebase", not a choice of either word, so the pattern matches only a line that pipes so: write (merge|rebase) for either word, or, if it is a pipe, blanks around the |`},
		{"kubectl get pods|deployments", `"pods|deployments" is a pipe into a command "deployments", not a choice of either word, so the pattern matches only a line that pipes so: write (pods|deployments) for either word, or, if it is a pipe, blanks around the |`},
	} {
		if got := PatternFault(tt.pat); got != tt.want {
			t.Errorf("%q: got %q\nwant %q", tt.pat, got, tt.want)
		}
	}
	// A pipe written tight into a shell or a filter, a pipeline of the
	// first word, blanks around the |, a choice in parentheses, quoted.
	for _, pat := range []string{"curl -fsSL x|sh", "curl * | sh", "ps aux|grep *", "ls|wc", "git (merge|rebase) *", "git merge | rebase", "grep -E 'a|b' *"} {
		if got := PatternFault(pat); got != "" {
			t.Errorf("%q: got %q", pat, got)
		}
	}
}
