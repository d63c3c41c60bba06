package validate

// Rule describes one check. Every diagnostic carries the ID of the rule that
// produced it; the IDs are stable, so CI configurations and dashboards may key
// on them. Rules is the single list the README, the SARIF rule table and the
// fixture test are all checked against.
type Rule struct {
	ID       string
	Severity Severity // the default severity (--strict turns warnings into errors)
	Summary  string
}

// Rules lists every rule capreg reports, grouped as the checks run.
// RuleByID and the SARIF output read it as it is: treat it as read-only.
var Rules = []Rule{
	// Reading the repository.
	{"json-syntax", Error, "a JSON file (capability, card, capreg.json, config schema) does not parse (a merge left unresolved, its conflict markers <<<<<<< to >>>>>>> in the file, is said to be one, with where it ends)"},
	{"json-duplicate-key", Error, "a JSON object repeats a key; JSON.parse would silently keep the last value"},
	{"json-bom", Warning, "a JSON input starts with a UTF-8 byte order mark, which many JSON readers reject (Node's JSON.parse, which gsd-core reads its manifests with)"},
	{"invalid-utf8", Warning, "a JSON input or a workflow holding a marker has bytes that are not UTF-8 (read as U+FFFD), or a tool card's tool has a path that is not, which the tool index gives with U+FFFD"},
	{"field-near-miss", Warning, "an unknown capability field is a typo away from a field the schema declares there and the object lacks (onErorr for onError): unknown fields are accepted, so it would silently do nothing. A field's plural or singular is taken for it when it holds what the field holds (`\"hook\": [..]` for `hooks`, `produce` for `produces`); one holding something else (`\"versions\": {..}` beside the string `version`) is not: it may be a field of its own (a reviewer body's keys beside contributions are)"},
	{"file-too-large", Error, "an input file is over 8 MiB and was not read (a warning for a markdown file that might hold a marker), or a capability's hooks would inline over 16 MiB of fragments, or all the capabilities' over 32 MiB (each reference copies its file; counted as JSON text, where a control character takes six bytes)"},
	{"input-too-large", Error, "the input files a scan reads (not markdown holding no marker) come to more than --max-input-bytes (default 32 MiB, about three times a 10,000-capability repository): the scan stops reading, and this is the build's one finding, at the file whose read crossed the bound"},
	{"file-unreadable", Error, "an input file or directory could not be read (permissions, I/O error, missing configured path; a warning for a directory where no input can be)"},
	{"not-regular-file", Error, "an input path is a FIFO, device or socket; capreg never opens those (a warning for a markdown file that might hold a marker)"},
	{"path-escape", Error, "a symlink or configured path resolves outside the repository root (a warning where the link is not an input; a config-schema.manifest.json is one while nothing names the schema, as discovery would read it)"},
	{"config-file", Error, "capreg.json or the central config schema has the wrong shape (a warning for an empty workflows or cards list, a dynamicKeyPatterns source that is not valid JavaScript, or a central schema field written with a slip, validKey for validKeys)"},
	{"capability-misplaced", Warning, "a file named like a capability declaration is not read as one: under another capabilities folder where the repository has no capability of its own (a monorepo's root: check the package with --repo; or the capabilities folder named in another case, `Capabilities/`, as folder names are matched case-sensitively), or in a capability folder with no capability.json, misnamed (Capability.json, capability.json.txt) or in a sub-folder; or a capability folder is a link to a folder with no capability.json, or a link Git checked out as a file holding its text (core.symlinks false); or a folder below the root holds a capreg.json of its own, whatever it names: a package, whose capabilities, workflows and tool cards a check of the root does not read (check it with --repo; not warned of under testdata/, fixtures/ or examples/)"},
	{"repository-empty", Warning, "the repository holds nothing capreg reads: no capability folder, host workflow marker or tool card (a checkout's capabilities/ folder, or a CI step's working directory, given as the repository); valid, so --strict is what fails on it"},
	{"config-schema-ambiguous", Warning, "nothing names a central config schema and the walk found several files named config-schema.manifest.json, so config keys are compared with none of them"},

	// The Loop Host Contract, from the workflow markers.
	{"contract-missing", Error, "capabilities exist but no host workflow carries a loop-host marker"},
	{"marker-syntax", Error, "a loop-host marker is malformed: a required key or attribute is missing or empty, a gsd:loop-host block is not closed with --> (a warning for one left open after the file's one complete block, which gsd-core reads, as capreg then does) or its name is misspelt (gsd:loophost, gsd-loop-host, declaring a step), a marker tag is never closed (no > before the next <; one ending in > without the slash is read as closed) or, in a workflow of marker tags, its name is misspelt (loop-piont, Loop_Point, loop-artefact; the file then declares no step, as with an unclosed block), a marker tag's name is followed by a no-break or other Unicode space, or the workflow is UTF-16"},
	{"marker-in-open-fence", Warning, "a marker is inside a code fence or an HTML comment that is never closed, so it is read as code, or commented out, and ignored"},
	{"marker-mention", Warning, "prose names a gsd:loop-host block on one line with none of its fields (as `the <!-- gsd:loop-host … --> comment`): it is not read as a marker; quote it in backticks; or a comment of another name that starts with gsd:loop-host (`<!-- gsd:loop-hosted-by: team -->`) holds none of its fields: not read, but gsd-core counts it as a block; rename it. Either, in a workflow that also holds a real block, makes gsd-core's generator fail (\"expected exactly one\") while capreg reads the real block and only warns: `--strict` fails on it"},
	{"marker-in-code", Warning, "a host workflow with render-hooks call sites holds its gsd:loop-host block or its marker tags only as indented code at the margin (a tab or four spaces, in no list item or quote), so they are ignored"},
	{"marker-continued-line", Warning, "a line of a gsd:loop-host block goes on with the list of the key above it (on the very next line, as bare values or YAML or markdown items: \"- item\", \"* item\"): gsd-core reads each field from its own line only, so those values are not read"},
	{"marker-key-near-miss", Warning, "a line of a gsd:loop-host block writes a key the block also writes as gsd-core reads it, misspelt (`stpe:` beside `step:`, `Points:` beside `points:`) or with a character that only looks like a colon (`step：`): gsd-core reads the key from the line writing it so and ignores this one, so its value is not read"},
	{"marker-duplicate-key", Error, "a gsd:loop-host block repeats a key (one between merge conflict markers, <<<<<<< to >>>>>>>, is said to be a merge left unresolved), or a marker tag an attribute it is read for (`id`, `name`, `produces`, `consumes`)"},
	{"marker-multiple", Error, "one workflow file holds more than one marker (two gsd:loop-host blocks after a merge conflict marker, <<<<<<<, are said to be both sides of a merge left unresolved), or tags naming points of several steps"},
	{"marker-unknown-step", Error, "a marker declares a step outside discuss, plan, execute, verify, ship"},
	{"marker-duplicate-step", Error, "two workflow files declare the same step (two whose paths differ only in case or Unicode form, workflows/Verify.md beside workflows/verify.md, are told so, as a Windows or macOS checkout holds one of them)"},
	{"role-family", Error, "a step declares an agent role outside its family (or an unknown role)"},
	{"point-unknown", Error, "a point (in a marker or a hook) is not one of the 12 canonical loop points"},
	{"point-ownership", Error, "a workflow declares a canonical point that belongs to another step (whether or not that step's workflow declares it too, and whichever is read first)"},
	{"point-order", Warning, "a marker lists its points out of pipeline order: its step's artifacts become available at the last point listed (as in gsd-core), which may be before the step's :post point"},
	{"point-duplicate", Error, "a point is declared more than once across the host workflows (twice in one: one of another step is point-ownership, two workflows of one step marker-duplicate-step)"},
	{"point-uncovered", Error, "a canonical point is declared by no host workflow"},
	{"point-unwired", Error, "a hook sits at a point with no `loop render-hooks <point>` call site in any host workflow (not checked while no host workflow has a call site at all, nor for a point no host workflow declares, which is `point-uncovered`)"},

	// One capability at a time.
	{"schema", Error, "a declaration or tool card violates its JSON Schema (type, enum, pattern, required field)"},
	{"id-folder-mismatch", Error, "a capability id differs from its folder name"},
	{"version-missing", Warning, "a capability has no version (the reference requires one)"},
	{"config-key-unsettable", Warning, "a config key holds a segment (__proto__, constructor or prototype, as in ui.prototype) that gsd-core's resolveConfigKey never walks: no config can set it, so a when, activationKey or configValues reading it always sees its default"},
	{"reserved-name", Error, "a skill, agent, config key, command family, activation key or key of a runtime's hostIntegration or dispatch is __proto__, constructor or prototype (a warning for a capability folder or a tool named as a Windows device, aux, con, nul, com1: Git for Windows cannot check it out; and for a tool card whose path differs from another's only in case or Unicode form, bin/Foo.card.json beside bin/foo.card.json, or a capability folder's Capability.json beside its capability.json: a Windows or macOS checkout holds one of them)"},
	{"skill-duplicate", Warning, "a feature lists a skill more than once in its skills (compared as written): gsd-core accepts it, but the registry's capabilityClusters lists the skill as often; told at each entry after the first, naming where that is"},
	{"agent-duplicate", Warning, "a feature lists an agent more than once in its agents (compared as written): gsd-core accepts it, and byAgent names the agent once, but the registry's manifest of the capability keeps every entry; told at each entry after the first, naming where that is"},
	{"owner-name-blank", Warning, "a feature's skills or agents entry has a blank (a space, a tab, a no-break space) at its start or end, or is only blanks: gsd-core keeps the name as written, so it names no skill or agent file and bySkill or byAgent lists it apart from the name meant"},
	{"role-forbidden-field", Error, "a field that the capability's role may not carry (e.g. steps on a runtime, reviewer on a feature)"},
	{"runtime-compat", Error, "runtimeCompat is malformed: empty supported, '*' mixed with ids or in unsupported, bad id"},
	{"hook-script", Error, "a lifecycle hook script is absolute, has a '..' segment, a segment starting with '-', or other characters"},
	{"ref-discriminator", Error, "a step ref does not have exactly one of skill, agent, command"},
	{"ref-not-owned", Error, "a step's ref.skill or ref.agent is not in the capability's own skills or agents"},
	{"ref-skill-prefix", Error, "ref.skill starts with gsd- (stems are unprefixed; the prefix is added at dispatch)"},
	{"when-unknown-key", Error, "a hook's when is not a key of the capability's own config slice"},
	{"when-always-true", Warning, "a hook's when or a capability's activationKey names an enum key of its config every value of which is a non-empty string, so it is always true (when tests a key's truthiness and compares nothing): the condition never turns anything off"},
	{"activation-key-unknown", Error, "activationKey is not a key of the capability's own config slice"},
	{"check-discriminator", Error, "a gate check does not have exactly one of query, predicate, agentVerdict"},
	{"hook-capid", Error, "a step, contribution or gate names a capId of its own, which would file it under another capability in the registry"},
	{"predicate-unknown", Warning, "a gate's predicate is none the evaluator's built-in kinds take (command-exit-zero with command, artifact-frontmatter-equals with artifact, field and equals): no kind, another kind (the one a typo away is named), or a field its kind reads missing (or, but for equals, no non-blank string); the reference's validator passes any predicate (ref §2.6) and the gate fails when it runs, a blocking one halting the loop: a warning, as an evaluator may know kinds of its own"},
	{"agent-verdict-blocking", Error, "an agentVerdict gate is blocking; non-deterministic checks may only advise"},
	{"into-not-in-roles", Error, "a contribution's into is not an agent role of its point's step"},
	{"fragment-escape", Error, "fragment.path is absolute, has '..', holds a backslash (a separator on Windows only), or resolves outside the capability folder"},
	{"fragment-unreadable", Error, "fragment.path names no regular UTF-8 file in the capability folder (CONTRACT.md's fragments are UTF-8; gsd-core inlines bad bytes as U+FFFD: the message names the first one's line:column, or the file as UTF-16); a path naming no file is told the one it probably means among those of its folder, of the capability folder and its sub-folders, and of the folder it names written from the repository root (capabilities/x/loop/a.md), which are listed, not read"},
	{"merge-conflict", Error, "a fragment file or a host workflow holds a merge left unresolved: a line starting <<<<<<<, then =======, then >>>>>>>, outside code, as git writes a conflict it could not merge; a fragment's would be inlined, markers and both sides, into the registry and every prompt rendered from it, and a workflow is its step's prompt"},
	{"fragment-block-line", Warning, "a fragment holds a line that starts a block of the rendered markdown (a step heading, a contribution tag, a gate), so what follows reads as another hook"},
	{"hook-name-lines", Warning, "a step's or contribution's produces or consumes entry, or its ref's skill or agent, holds a line break (a line feed, carriage return, U+2028…): the rendered markdown writes the name on a line of its hook's, so what follows the break reads as a line of its own, another hook perhaps (a closing contribution tag and a step heading), of any capability"},
	{"fragment-link-text", Warning, "a fragment's whole text is one relative path starting ../ or ./ (../shared/prompt.md, without a line end or a space), as Git writes a symbolic link it checks out as a file (core.symlinks false: Git for Windows without Developer Mode), so that path, not the file it names, is inlined"},
	{"config-values-shape", Warning, "a contribution's configValues alias maps to something other than a string (a dotted config key), which render-hooks drops"},
	{"config-values-echo", Warning, "with every key at its default, the configValues aliases of the hooks active at a point would echo over 16 MiB of config values (each alias echoes its key's whole value), which render refuses: every GET /render-hooks of the point and capreg render without --config fail"},
	{"config-slice", Error, "a config entry has a bad type, a default of the wrong type, bad enum values or no description"},
	{"config-values-unread", Warning, "a config entry that is not of type enum lists the values it takes (`values`, or `enum` as JSON Schema writes it, `choices`, `options`, `allowed`): gsd-core reads values on an enum key only, so any value of the entry's type is taken"},
	{"runtime-parity", Error, "a runtime's configFormat does not match its installSurface"},
	{"runtime-hooks-surface", Error, "a runtime's hooksSurface is not allowed for its installSurface"},
	{"runtime-hook-events", Error, "a runtime's extendedHookEvents need a hookEvents family it does not declare"},
	{"reviewer-invoke", Error, "a reviewer invoke mixes spawn and http fields, or an http invoke has an effortChannel"},
	{"reviewer-unknown-field", Warning, "a reviewer body has a field outside the 13 known ones"},

	// Across capabilities.
	{"skill-owner-conflict", Error, "a skill stem is owned by two capabilities"},
	{"agent-owner-conflict", Error, "an agent is owned by two capabilities"},
	{"command-family-conflict", Error, "a command family is owned by two capabilities"},
	{"config-key-conflict", Error, "a config key is declared by two capabilities"},
	{"config-key-pending-migration", Warning, "a capability's config key is still listed in the central config schema (an error under --strict)"},
	{"config-key-parent", Warning, "a config key is the parent of another, a capability's, a central validKey or a key a central dynamicKeyPatterns regex matches (release.store beside release.store.track; model_profile.mode under the central model_profile; agent_skills above ^agent_skills\\.[a-z]+$'s keys, agent_skills.x.mode below one, as x.hooks.pre.timeout below x.hooks.pre, which hooks\\.[a-z]+$ matches): gsd-core reads keys by nested lookup alone, so a config giving the longer makes the shorter an object, read as set, and none gives both their own values"},
	{"config-values-unknown-key", Warning, "a contribution's configValues alias names a key no capability declares and the central schema does not own, a slip from one declared (payments.payouts.schedul): no default gives it a value, so a render leaves the alias out unless the project config sets that key"},
	{"config-key-central-pattern", Error, "a capability's config key matches a central dynamicKeyPatterns regex, or could not be checked in time (250 ms a match, 2 s in all)"},
	{"reviewer-lane-conflict", Error, "two reviewer bodies claim the same slug, flag or reviewsSection"},
	{"requires-unknown", Error, "requires names a capability that does not exist"},
	{"runtime-compat-unknown", Error, "runtimeCompat names a runtime that is not a runtime capability"},
	{"requires-cycle", Error, "requires forms a cycle: one finding a cycle, at the entry closing its shortest way round from its member first in folder order, naming where each of its requires entries is and the other capabilities in a cycle with them"},
	{"tier-monotone", Error, "a capability requires one of a higher tier (core < standard < full)"},
	{"duplicate-producer", Error, "two steps produce the same artifact at the same point"},
	{"consumes-unsatisfied", Error, "a step consumes an artifact nothing produces at or before its point (a warning while a step whose host artifacts would be available there has no host workflow, as declaring it may settle it; an artifact gsd-core's own workflow of that step produces, CONTEXT.md for discuss, or one a later host workflow consumes and none produces, is taken to be that step's, and met)"},
	{"host-consumes-unsatisfied", Warning, "a host workflow's marker consumes an artifact that no host workflow of an earlier step produces, nor any capability step by the host's last point (gsd-core does not check it); not told while an earlier step has no host workflow, nor of a name nothing in the repository makes that is no slip of a known one (likely made outside the loop, ROADMAP.md)"},
	{"ordering-cycle", Error, "produces/consumes form a cycle among the steps or contributions at one point"},

	// Tool cards.
	{"card-duplicate-id", Error, "two tool cards share an id (compared composed, NFC: \"é\" and \"e\" + U+0301 are one id, which `GET /tools/{id}` and `tools show` find by either)"},
	{"card-orphan", Warning, "a tool card has no sibling tool file"},
	{"card-command-missing", Warning, "a tool card's command runs a file of the repository by its path (its first word holds a `/`, no `$`, and is not absolute: `bin/land`, `./scripts/deploy.sh`, taken from the repository's root) and no file is there; the message names a file of that folder a typo away, or the card's own tool (as renamed, whatever its name, when the path is in the tool's folder: the tool and its card renamed, the command left with the old name). A path under a folder the walk skips (`node_modules/.bin/eslint`) is not looked for, and a bare word (`kubectl`, `make deploy`) is a program on PATH and never warned of; a path written with backslashes for slashes (`tools\\deploy.sh`, a Windows author's) is warned of whatever is there, as a shell reads it as `toolsdeploy.sh`, and told to be written with slashes"},
	{"card-misnamed", Warning, "a file in the card roots is named as a tool card in another case, as the plural, in YAML or as JSON with comments (`land.Card.json`, `land.cards.json`, `land.card.yaml`, `land.card.jsonc`), so it is not read, and no card of the name meant (`land.card.json`) is: the tool was left without its card in silence"},
	{"card-unknown-field", Warning, "a tool card has a field the card schema does not define"},
	{"card-text-long", Warning, "a tool card's text (id, command, summary, intent_phrases, replaces, effects and example) is over 8 KiB: tool search indexes its first 8 KiB only"},
	{"card-replaces-shape", Warning, "a tool card's replaces pattern uses regular-expression syntax but does not compile (so it is matched as shell words, literally), starts with an option, or has a command after an operator that does (`git push --force|-f`, a pipe into `-f`; no command does, so it matches no line), is written as documentation rather than as a command (a usage line's optional part in brackets, `[-f]`, `[remote]`, an example value, `[s3://bucket]`, a word and a blank, `[sudo ]rm`, or a precommand glued to its command, `[sudo]rm`, each a class of one character; words separated by `|` in brackets, `[ns|namespace]`, a class too, for which `(ns|namespace)` is named; a `(` never closed, which leaves the pattern shell words matched literally; a prompt, backticks or quotes around the whole: it matches no line), ends a regular expression by matching white space (it then matches no command with more words after it) or matches white space just before the line's end (`^git merge\\s+$`: a line is matched without its trailing blanks, so no line), writes a placeholder and `...` as one word (`<branch>...`, which matches only a word ending in the dots), joins words with a `|` touching both (`git merge|rebase *`, a pipe into `rebase`; `(merge|rebase)` is named), gives a choice of whole commands with a `|` outside parentheses (`git push --force|git push -f`, read as a pipe of git push into git push, so it matches only a line that pipes so; each command as a pattern of its own, or `git push (--force|-f)`, is named), or names no command (lines of any command would be sent to the card; so does a regular expression that starts with a wildcard, `.*prod.*`, unless an option or a path's end follows it), or holds a no-break or other Unicode space (pasted from a web page: bash reads it as part of its word, so the pattern matches only a line holding that very character; the words with a plain space are named)"},
	{"card-example-command", Warning, "a tool card's example runs no command of the card: not its command's program nor another plain word of its command (`make deploy` on a card whose command is `bin/deploy`), not the card's tool, by a path, after a precommand, in a pipeline or a `sh -c` script, in any case, nor a file of those names by its path (`python3 scripts/deploy.py`); or its program is a Windows path (`tools\\deploy.sh staging`, which a shell runs as `toolsdeploy.sh`), told to be written with slashes; an example whose program is a placeholder or a variable is not judged"},
	{"card-help-probe", Warning, "a tool card's help_probe is no command line, which sh would misread, so `capreg tools show --probe` does not run it: it starts with an option (`--help`, which sh takes for its own), or with a Windows path (`bin\\land --help`, which sh runs as `binland`); or it reads as a sentence, a link or a note (`run it with --help to see options`, `see the README`, `n/a`): a first word such as run, see, use, the or none, or a URL, or, running no command of the card, two words of English such as to and with outside quotes, or three words or more ending a sentence"},
	{"card-phrase-lines", Warning, "a tool card's intent_phrases entry holds a line break (a line feed, carriage return, U+2028…): an entry is one phrase, scored as one by tool search and named whole in a result's matched, which `capreg tools search` prints on one line"},
	{"card-summary-lines", Warning, "a tool card's summary holds a line break (a line feed, carriage return, U+2028…): a summary is one line, listed one a line by `GET /tools` and `capreg tools search`"},
	{"card-id-invisible", Warning, "a tool card's id holds a character that prints as nothing or as a plain space (a zero width space, a zero width joiner or non-joiner but where IDNA2008 allows one, as Hindi or Persian need it: after a virama, or a non-joiner between Arabic letters that join, a byte order mark, a bidirectional control, a soft hyphen, a variation selector, a no-break or other Unicode space): the id reads as another, and two cards may show one id; the message names the character, where it is and the card whose id this one reads as"},
	{"card-id-confusable", Warning, "a tool card's id mixes Latin, Cyrillic or Greek letters in one word, one of them like a letter of the word's main script (words split at what is not a letter, mark or digit: `dеploy`, its `е` Cyrillic; not `timeout-μs` nor `Δt`), or holds Cyrillic or Greek letters that look like Latin ones (TR39's confusables for Latin letters: а е о р с у х і ј ѕ ԁ ԛ ԝ, α ο ρ σ ι ν υ γ… and capitals) so that it reads as another card's id: a client choosing a card by the id it shows may run the wrong one; the message names the letters, their script and the card whose id this one reads as. An id in one script that reads as no other card's (`деплой`, `部署`, `نشر`) and a word mixing Latin with Han, Kana or Hangul are not warned of"},
	{"card-replaces-cost", Error, "a tool card's replaces pattern, read as a regular expression, compiles to over 500 instructions, or its patterns to over 2,500 in all (one naming its command by a path of regular-expression syntax counts twice): command matching would run them on every line a client sends"},
}

// RuleByID returns the rule with id, or false.
func RuleByID(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
