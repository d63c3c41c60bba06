// Package cmdline finds the tool cards whose "replaces" patterns match a
// raw shell command line: GET /tools?command= and capreg tools match, which
// redirect an agent from the command it was about to type to the wrapper
// that supersedes it.
//
// Replaces patterns are written by people for people ("regex or literal,
// human-readable", tool-capability-cards.md): "git push --force",
// "rm -rf <dir>", "ps aux|grep <name>", "git merge .*". Most are shell
// command shapes whose characters (| $ ^ * ( )) mean what they mean in a
// shell, so a pattern is read as a regular expression only when it uses
// syntax a shell command would not (see regexLike), and otherwise matched
// token by token. One whose only such syntax is alternations of plain
// words, "git push (-f|--force)", is also read as a pattern of words per
// choice (see wordReadings).
//
// # Order
//
// Matcher.Match finds the cards with a Replaces pattern that matches a
// raw command line (Matches.Cards, their indexes), most specific first: by the most
// specific pattern of each that matches, the one with more words matched
// exactly (a glob of a bundle of known options, "git clean -fdx*",
// counting the options it starts with), then more options named, then
// more characters matched exactly, then a match of the line's own names
// of docker subcommands and spelling, then one that holds with the
// line's bundles as written (see respelling), then fewer words holding a glob, a placeholder or regexp
// syntax, and equals by card id (see specificity). An agent about to type "docker
// compose down -v" finds the card of "docker compose down -v*" before the
// one of "docker compose down", which matches too.
//
// # Splitting
//
// The command line is split as a shell splits it, at ASCII white space
// only (a no-break space is part of its word, as bash reads it; see
// collapseSpace): quotes group and are
// removed, | || & && ; ( ) $( and a backtick are tokens of their own, a
// newline is a ; and a backslash before it continues the line; the body of
// a here-document is dropped (see dropHereDocs) unless a shell reads it as
// its script (see splitHereDocs).
//
// Each command of the line is tried, past leading NAME=value assignments:
//   - the first, and each after a control operator or a reserved word
//     ("then", "do", "!"), but no word of a case pattern, its subject
//     and "in", nor a for or select loop's "in" and word list, nor the
//     commands of the body of a loop whose list holds no word at all
//     ("for x in; do make all; done", see withoutReservedPositions);
//   - the one a precommand runs ("sudo -u deploy git push" is also git
//     push, "uv run pytest" pytest; see precommands);
//   - the commands of the scripts the line runs, each read as a line of
//     its own ("bash -c 'git push --force'", eval, watch, su -c, find
//     -exec, "echo ... | sh", and what runs in a container, a pod or on
//     another host: docker exec, kubectl exec, ssh; see scriptsAt), and of
//     a command substitution inside double quotes (see
//     quotedSubstitutions).
//
// A command xargs runs without a replace string is read with one more
// operand than it shows, which only a pattern word that is a placeholder
// or "*" alone matches, and which a pattern may pass over (see
// feedOperands); so is a command given a command substitution as an
// argument, where the substitution is ("git branch -D $(git branch
// --merged)").
//
// # Matching by words
//
// A pattern is split the same way and matches a command when its tokens
// match the command's leading tokens in order:
//   - a token holding a <placeholder> ("rm -rf <dir>", "-i:<port>")
//     matches any text in its place, except that one starting with a
//     placeholder, an operand, matches no option ("psql <url>" does not
//     match "psql -l"); * and ? match as shell globs, but those the
//     pattern quotes or escapes are text, as bash reads them ("rm -rf
//     '*'" and "rm -rf \*" name a file "*"), except in quotes holding a
//     blank, an argument of several words ("psql * -c 'VACUUM *'");
//   - the first token also matches a path to it ("git" matches
//     /usr/bin/git, "bin/rails" /work/app/bin/rails);
//   - words are read as a command reads them (see readWords):
//     "--replicas=0" is "--replicas 0", "<dump.sql" and "0<dump.sql"
//     are "< dump.sql", as is the end of "db<dump.sql", where the
//     redirection ends the word "db", "./dist" is "dist" (but a
//     pattern's "./*" or "./<x>" wants a word written with "./", and
//     "./-rf" is a file name);
//   - a word after an option known to take the next word as its
//     argument is that argument, no option ("-rf" of "grep -e -rf x"),
//     and the words of the command a find -exec runs are no options of
//     find's (see splitShortArguments);
//   - a pattern's bundle of two or three short options ("-rf") matches
//     them bundled in any order or with others ("-fr", "-rfv"), as does
//     one option of rm, cp and the other getopt commands of permutes
//     ("rm -f *" matches "rm -Rfv x"; others', two letters at most); the
//     bundles of those commands are read as their options one by one, in
//     lines and patterns, so "rm -rf *" matches "rm -r -f x" (see
//     splitShortArguments), as are those of a (sub)command of
//     optionSpellings whose letters capreg knows as its options ("docker
//     system prune -af", "git clean -fdx", see bundlesOptionsOf); an
//     option known by another spelling matches
//     by either ("git push --force" matches "git push -f", see
//     optionSpellings); and a word of capitals ("FLUSHALL") matches in
//     any case, with white space around its words, or more of it between
//     them, in the line's word (see tokenMatcher.fold);
//   - after the first, the command may have options the pattern does not
//     name, each perhaps with its argument, and, past the pattern's
//     subcommand, words before an option the pattern names, and the
//     pattern's options in another order (see matchWords and optionAhead):
//     "kubectl port-forward *" matches "kubectl -n staging port-forward
//     svc/db", "git push --force" "git push origin main --force";
//   - a redirection the pattern names matches one of the command's where
//     its descriptor ends up, through later copies too (see replacedLater
//     and finalTable), those written just before the command's name included
//     ("exec 2> err make all", see enterBefore), and those that each open a
//     file for a descriptor of its own in any order ("make all > <out> 2>
//     <log>" matches "make all 2> err > out", see redirectionAhead);
//   - a pattern naming a docker subcommand that docker names twice
//     matches the line by either name ("docker rm -f *" matches "docker
//     container rm -f web"; see dockerNameVariants), and one of Compose
//     by either of its names ("docker compose up *" matches
//     "docker-compose up -d"; see composeNames);
//   - a pattern that starts with a precommand also matches the command it
//     runs ("npx prettier --write *" matches "prettier --write ."), unless
//     it sets variables for it ("env DRY_RUN=1 make deploy" does not match
//     "make deploy");
//   - a pattern that starts with NAME=value words matches a command given
//     them among its own ("DRY_RUN=1 make deploy" matches "CI=1 DRY_RUN=1
//     make deploy" and "env DRY_RUN=1 make deploy", not "make deploy").
//
// So "git status" does not match "echo git status" or "git statusx", and
// "ps aux|grep <name>" matches "ps aux | grep nginx". A word of the
// pattern never matches a control operator: "rm -rf <dir>" does not match
// "rm -rf; ls". The command after a pattern's operator is tried as the
// line's commands are ("curl * | sh" matches "curl x | sudo sh").
//
// # Matching by regular expression
//
// A pattern that uses regular-expression syntax a shell command would not
// (.* \s [a-z] (?i) {2} (a|b)) is also tried as a regexp, after each
// <placeholder> becomes \S+, anchored at the start of each command and
// ending at a token boundary: ^(?:pattern)(?:\s|$), a " | " in it being a
// pipe rather than an alternation. It is tried on the text of that command
// alone, or of as many commands as it has control operators for ("curl .*
// | sh"), so "git push .* --force" does not match "git push origin && echo
// --force". A pattern that does not compile is matched by its tokens only.
// Brackets are a class of one character, never usage notation: "[sudo
// ]rm" matches "srm", and "[ns|namespace]" one of those letters or "|";
// PatternFault tells of both, and of a "(" never closed, which leaves a
// pattern its tokens only. Brackets in quotes holding no blank ("jq
// '.items[0]'") are text, as bash reads them, and make no regexp.
//
// # Limits
//
// Patterns are compiled once, by Compile; none ever panics. Lines longer
// than MaxLine, of more than MaxCommands commands, or running scripts more
// than MaxScriptDepth deep, match nothing (see Match), and a line's work is
// bounded by a budget (see DefaultBudget).
package cmdline
