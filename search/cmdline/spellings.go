package cmdline

// optionSpellings are, for a command or one of git's subcommands ("git
// push"), the spellings of its options that mean what one short option
// means: the long option ("--force" is git push's -f) and, for rm and cp,
// another letter (-R is -r). The words of lines and patterns are marked
// with the short one (spellOptions), which a pattern word matches by as
// well as by its text (tokenMatcher.match), so "git push --force *"
// matches "git push -f origin main" and "rm -rf *" "rm --recursive
// --force build", which each matched only the spelling it was written
// in, while "git push --force*" still matches "git push --force". Only
// spellings with one meaning are here: "--force-with-lease" is not
// "--force", git branch's -D is two options, and pg_dump's --dbname is
// not -d (see pgDumpOptions).
var optionSpellings = map[string]map[string]string{
	"rm":    {"--recursive": "-r", "-R": "-r", "--force": "-f", "--verbose": "-v", "--dir": "-d"},
	"cp":    {"--recursive": "-r", "-R": "-r", "--force": "-f", "--archive": "-a", "--verbose": "-v", "--interactive": "-i", "--no-clobber": "-n"},
	"mv":    {"--force": "-f", "--interactive": "-i", "--no-clobber": "-n", "--verbose": "-v"},
	"ln":    {"--symbolic": "-s", "--force": "-f"},
	"mkdir": {"--parents": "-p", "--verbose": "-v"},
	"chmod": {"--recursive": "-R", "--verbose": "-v"},
	"chown": {"--recursive": "-R", "--verbose": "-v"},
	"chgrp": {"--recursive": "-R", "--verbose": "-v"},
	"tail":  {"--follow": "-f", "--lines": "-n"},
	"head":  {"--lines": "-n", "--bytes": "-c"},
	"grep": {"--recursive": "-r", "--ignore-case": "-i", "--line-number": "-n", "--invert-match": "-v",
		"--files-with-matches": "-l", "--extended-regexp": "-E", "--fixed-strings": "-F", "--count": "-c", "--word-regexp": "-w"},
	"sed": {"--in-place": "-i", "--expression": "-e", "--quiet": "-n"},
	"curl": {"--request": "-X", "--header": "-H", "--data": "-d", "--output": "-o", "--silent": "-s", "--location": "-L",
		"--insecure": "-k", "--fail": "-f", "--user": "-u", "--remote-name": "-O", "--include": "-i", "--verbose": "-v",
		"--form": "-F", "--show-error": "-S"},
	"wget":       {"--output-document": "-O", "--quiet": "-q", "--continue": "-c"},
	"rsync":      {"--archive": "-a", "--verbose": "-v", "--compress": "-z", "--recursive": "-r", "--dry-run": "-n"},
	"pg_dump":    {"--clean": "-c", "--create": "-C", "--format": "-F", "--file": "-f", "--data-only": "-a", "--schema-only": "-s", "--jobs": "-j"},
	"pg_restore": {"--clean": "-c", "--create": "-C", "--format": "-F", "--file": "-f", "--dbname": "-d", "--data-only": "-a", "--schema-only": "-s", "--jobs": "-j", "--no-owner": "-O"},
	"kubectl": {"--namespace": "-n", "--filename": "-f", "--selector": "-l", "--all-namespaces": "-A", "--output": "-o",
		"--container": "-c", "--follow": "-f", "--recursive": "-R"},
	"helm": {"--namespace": "-n", "--values": "-f"},
	"npm":  {"--global": "-g", "--save-dev": "-D", "--force": "-f"},

	"git push":     {"--force": "-f", "--delete": "-d", "--set-upstream": "-u", "--dry-run": "-n", "--verbose": "-v", "--quiet": "-q"},
	"git clean":    {"--force": "-f", "--dry-run": "-n", "--quiet": "-q", "--interactive": "-i"},
	"git branch":   {"--delete": "-d", "--force": "-f", "--all": "-a", "--move": "-m", "--remotes": "-r"},
	"git commit":   {"--message": "-m", "--all": "-a", "--no-verify": "-n", "--quiet": "-q", "--signoff": "-s"},
	"git checkout": {"--force": "-f", "--quiet": "-q"},
	"git add":      {"--all": "-A", "--force": "-f", "--patch": "-p", "--update": "-u"},
	"git rebase":   {"--interactive": "-i"},
	"git pull":     {"--rebase": "-r", "--force": "-f"},
	"git fetch":    {"--prune": "-p", "--force": "-f", "--tags": "-t"},
	"git tag":      {"--delete": "-d", "--force": "-f", "--annotate": "-a", "--message": "-m"},
	"git rm":       {"--force": "-f", "--quiet": "-q"},
}

// gitArgumentOptions are git's own options (before its subcommand) that
// take the word after them as their argument: "git -C repo push".
var gitArgumentOptions = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true,
	"--namespace": true, "--config-env": true, "--exec-path": true}

// spellOptions marks, in place, each option of toks that optionSpellings
// spells otherwise with its short option (shellToken.spelled). The
// command of a word is what wordCommand reads, until a "--" of its own;
// git's subcommand is its first word that is neither an option nor the
// argument of one of gitArgumentOptions. A value glued to an option
// ("--request=POST", split by splitOptionValues) is not marked; a quoted
// word is, as the command reads no quotes ("'--force'").
func spellOptions(toks []shellToken, starts []int) {
	var c wordCommand
	var spell map[string]string
	sub := false // the next word that is no option is git's subcommand
	for j, t := range toks {
		if c.read(toks, j, starts) {
			spell, sub = optionSpellings[c.name], c.name == "git"
			continue
		}
		switch {
		case c.operands || t.op || t.glued:
		case sub && !isOption(t.text) && !gitArgumentOptions[toks[j-1].text]:
			spell, sub = optionSpellings["git "+t.text], false
		case spell != nil:
			if s, ok := spell[t.text]; ok {
				toks[j].spelled = s[1]
			}
		}
	}
}

// shortOptions are the words of the one-letter options, "-a" at 'a', for
// spelling to name without building a string.
var shortOptions = func() (words [128]string) {
	for c := range words {
		words[c] = "-" + string(rune(c))
	}
	return words
}()

// spelling is the word of the short option of letter spelled, or text
// when spelled is 0 (see shellToken.spelled).
func spelling(spelled byte, text string) string {
	if spelled == 0 || spelled >= 128 {
		return text
	}
	return shortOptions[spelled]
}
