package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestCommandPath: the first word of a command names a repository path
// when it holds a slash and is neither absolute, nor leaving the
// repository, nor a shell's to resolve; a bare word is a program on PATH.
func TestCommandPath(t *testing.T) {
	tests := []struct {
		command, want string
	}{
		{"bin/land", "bin/land"},
		{"bin/land --onto main", "bin/land"},
		{"./scripts/deploy.sh prod", "scripts/deploy.sh"},
		{"  scripts//ci/../deploy.sh", "scripts/deploy.sh"},
		{"./deploy.sh", "deploy.sh"},
		{"kubectl get pods", ""},
		{"make deploy", ""},
		{"make -C sub/dir", ""}, // a path, but not the first word
		{"", ""},
		{"   ", ""},
		{"/usr/local/bin/land", ""},
		{"$ROOT/bin/land", ""},
		{"${ROOT}/bin/land", ""},
		{"~/bin/land", ""},
		{"../other/bin/land", ""},
		{"bin/..", ""},
		{"./", ""},
		{"bin/", ""},
		{"<path/to/script>", ""},
		{"FOO=a/b bin/land", ""},
		{`"bin/land"`, ""},
		{"bin/*", ""},
		{`bin\land`, ""},
		{"https://example.com/x", ""},
	}
	for _, tt := range tests {
		if got := CommandPath(tt.command); got != tt.want {
			t.Errorf("CommandPath(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}

// TestWindowsCommandPath: a first word written with backslashes for
// slashes, and no slash, is a Windows author's repository path; a drive's
// path, a shell's escape or a bare word is not.
func TestWindowsCommandPath(t *testing.T) {
	for _, tt := range []struct{ command, word, meant string }{
		{`tools\deploy.sh staging`, `tools\deploy.sh`, "tools/deploy.sh"},
		{`.\scripts\ci\build.ps1`, `.\scripts\ci\build.ps1`, "./scripts/ci/build.ps1"},
		{`bin\`, "", ""},
		{`\land`, "", ""},
		{`C:\tools\land.exe`, "", ""},
		{`bin\\land`, "", ""},
		{`tools\$x`, "", ""},
		{`..\other\land`, "", ""},
		{`tools/ci\build.sh`, "", ""},
		{"bin/land", "", ""},
		{"", "", ""},
	} {
		if w, m := windowsCommandPath(tt.command); w != tt.word || m != tt.meant {
			t.Errorf("windowsCommandPath(%q) = %q, %q, want %q, %q", tt.command, w, m, tt.word, tt.meant)
		}
	}
}

// TestCardCommandPath: the scanner finds the path a card's command names
// from the card's bytes, as validation reads the card.
func TestCardCommandPath(t *testing.T) {
	tests := []struct {
		name, card, want string
	}{
		{"a path", `{"id":"x","command":"bin/x --y"}`, "bin/x"},
		{"a bare word", `{"id":"x","command":"kubectl"}`, ""},
		{"an escaped key", `{"id":"x","comm\u0061nd":"./bin/x"}`, "bin/x"},
		{"an escaped slash", `{"id":"x","command":"bin\/x"}`, "bin/x"},
		{"no command", `{"id":"x"}`, ""},
		{"a command that is no string", `{"id":"x","command":["bin/x"]}`, ""},
		{"no JSON", `{"command":"bin/x"`, ""},
		{"a byte order mark", "\ufeff" + `{"command":"bin/x"}`, "bin/x"},
	}
	for _, tt := range tests {
		if got := CardCommandPath([]byte(tt.card)); got != tt.want {
			t.Errorf("%s: CardCommandPath(%s) = %q, want %q", tt.name, tt.card, got, tt.want)
		}
	}
}

// commandCard is a valid card of id running command, on two lines, the
// command on the second: "  \"command\": " puts its value at 2:14. Its
// example is the command (card-example-command).
func commandCard(id, command string) string {
	return fmt.Sprintf("{\"id\":%q,\n  \"command\": %q,\"summary\":\"s\",\"intent_phrases\":[\"p\"],\"effects\":\"e\",\"risk\":\"reversible\",\"example\":%q}", id, command, command)
}

// TestCheckCardCommand: a card whose command runs a repository path the
// scan found no file at is warned of at the command's value, naming the
// path looked for and, when there is one, the file of a near name in its
// folder or the card's own tool; nothing else is.
func TestCheckCardCommand(t *testing.T) {
	tests := []struct {
		name    string
		command string
		src     CardSource // the facts the scan gives; File and the tool are filled in
		want    string     // in the message; "" for no finding
		notWant string     // not in the message
	}{
		{name: "missing, nothing near", command: "./scripts/deploy.sh prod",
			src:  CardSource{CommandPath: "scripts/deploy.sh", CommandNearby: []string{"scripts/build.sh"}},
			want: `runs "./scripts/deploy.sh", a path from the repository's root, and no file scripts/deploy.sh is there`, notWant: "did you mean"},
		{name: "a typo of a file of its folder", command: "scripts/deplyo.sh",
			src:  CardSource{CommandPath: "scripts/deplyo.sh", CommandNearby: []string{"scripts/build.sh", "scripts/deploy.sh"}},
			want: `no file scripts/deplyo.sh is there (a bare word, as kubectl, is a program on PATH and not looked for); did you mean "scripts/deploy.sh"?`},
		{name: "a typo of the card's own tool", command: "bin/lnad --onto main",
			src:  CardSource{CommandPath: "bin/lnad", CommandNearby: []string{"bin/land", "bin/land.card.json"}},
			want: `did you mean "bin/land", the card's own tool?`},
		{name: "the card's own tool, from another folder", command: "./land",
			src:  CardSource{CommandPath: "land", CommandNearby: []string{"README.md"}},
			want: `no file land is there (a bare word, as kubectl, is a program on PATH and not looked for); did you mean "bin/land", the card's own tool?`},
		// A link to nothing, or to a folder, is listed beside the path
		// (a listing's entry of a link is no folder): it is no name the
		// command meant, for it is the command's own.
		{name: "a link to nothing where the command names", command: "scripts/deploy.sh",
			src:  CardSource{CommandPath: "scripts/deploy.sh", CommandNearby: []string{"scripts/deploy.sh"}},
			want: `no file scripts/deploy.sh is there (a link to nothing or to a folder is none;`, notWant: "did you mean"},
		{name: "a link to nothing where the command names, a typo beside it", command: "scripts/deploy.sh",
			src:  CardSource{CommandPath: "scripts/deploy.sh", CommandNearby: []string{"scripts/deploy.sh", "scripts/deplyo.sh"}},
			want: `did you mean "scripts/deplyo.sh"?`},
		// The file saved decomposed (macOS), its name typed composed:
		// the two print alike, so the hint gives both as code points.
		{name: "the same name otherwise normalized", command: "scripts/r\u00e9sum\u00e9.sh",
			src: CardSource{CommandPath: "scripts/r\u00e9sum\u00e9.sh", CommandNearby: []string{"scripts/build.sh", "scripts/re\u0301sume\u0301.sh"}},
			want: `; did you mean "` + "scripts/re\u0301sume\u0301.sh" + `"? (as code points: "scripts/r\u00e9sum\u00e9.sh" and "scripts/re\u0301sume\u0301.sh"; ` +
				`names that look alike may differ in Unicode normalization)`},
		// A Windows author's path: a shell reads its backslashes as
		// escapes, whether a file is there under the slashed name or not.
		{name: "a Windows path", command: `tools\deploy.sh staging`,
			want: `the command runs "tools\\deploy.sh", a Windows path: the POSIX shell an agent runs it with reads each backslash as an escape, so it runs "toolsdeploy.sh", no file of the repository; write "tools/deploy.sh"`},
		{name: "a Windows path from the root, its file there", command: `.\bin\land`,
			src:  CardSource{CommandPath: "bin/land", CommandFound: true},
			want: `write "./bin/land"`},
		{name: "a drive's path", command: `C:\tools\land.exe`},
		{name: "a bare word escaped", command: `\land`},
		{name: "found", command: "scripts/deploy.sh",
			src: CardSource{CommandPath: "scripts/deploy.sh", CommandFound: true}},
		{name: "a bare word", command: "kubectl apply -f k8s/app.yaml"},
		{name: "a bare word with a subcommand", command: "make deploy"},
		{name: "a variable", command: "$ROOT/bin/land", src: CardSource{CommandPath: "bin/land"}},
		{name: "absolute", command: "/usr/bin/land"},
		// The card's own tool, missing, is card-orphan's.
		{name: "the card's own tool", command: "bin/land", src: CardSource{CommandPath: "bin/land"}},
		// Sources that say nothing of the path (made by hand, or for
		// another command) are not judged.
		{name: "sources that do not say", command: "scripts/deploy.sh"},
		{name: "sources that say of another path", command: "scripts/deploy.sh", src: CardSource{CommandPath: "scripts/other.sh"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.src
			src.File = File{Path: "bin/land.card.json", Data: []byte(commandCard("land", tt.command))}
			src.ToolPath, src.ToolExists = "bin/land", tt.name != "the card's own tool"
			res := Validate(&Sources{Cards: []CardSource{src}})
			var found []Diagnostic
			for _, d := range res.Diagnostics {
				if d.Rule == "card-command-missing" {
					found = append(found, d)
				} else if d.Rule != "card-orphan" && !(d.Rule == "card-example-command" && strings.Contains(d.Message, "a Windows path")) {
					// (The example, the command again, is told of its
					// Windows path too: TestCardExampleRunsItsCommand.)
					t.Errorf("unexpected finding %s", d)
				}
			}
			if tt.want == "" {
				if len(found) > 0 {
					t.Errorf("command %q: %s, want no card-command-missing", tt.command, found[0])
				}
				return
			}
			if len(found) != 1 {
				t.Fatalf("command %q: %d card-command-missing findings, want 1: %v", tt.command, len(found), res.Diagnostics)
			}
			d := found[0]
			if d.Line != 2 || d.Column != 14 || d.Pointer != "/command" || d.Severity != Warning {
				t.Errorf("placed at %d:%d %s as %s, want 2:14 /command (the value) as a warning", d.Line, d.Column, d.Pointer, d.Severity)
			}
			if !strings.Contains(d.Message, tt.want) {
				t.Errorf("message %q\ndoes not say %q", d.Message, tt.want)
			}
			if tt.notWant != "" && strings.Contains(d.Message, tt.notWant) {
				t.Errorf("message %q says %q", d.Message, tt.notWant)
			}
			if len(res.Cards) != 1 {
				t.Errorf("%d cards indexed, want the card (a warning leaves it in the index)", len(res.Cards))
			}
		})
	}
}

// TestCardCommandFollowsTheSourcesThroughTheCache: whether the command's
// file is there is judged each validation, from the sources, not taken
// from the cache with the card's own checks (keyed by its bytes): the same
// card is warned of while its command's file is missing, and no more once
// it is added, and again when it is deleted.
func TestCardCommandFollowsTheSourcesThroughTheCache(t *testing.T) {
	cache := NewCache()
	card := CardSource{File: File{Path: "bin/land.card.json", Data: []byte(commandCard("land", "scripts/deploy.sh"))},
		ToolPath: "bin/land", ToolExists: true, CommandPath: "scripts/deploy.sh"}
	for i, found := range []bool{false, true, false} {
		card.CommandFound = found
		res := cache.Validate(&Sources{Cards: []CardSource{card}})
		warned := false
		for _, d := range res.Diagnostics {
			warned = warned || d.Rule == "card-command-missing"
		}
		if warned == found {
			t.Errorf("validation %d, the file there %v: card-command-missing %v, want %v", i+1, found, warned, !found)
		}
	}
	if st := cache.Stats(); st.CardHits != 2 {
		t.Errorf("card cache hits = %d, want 2 (the card's own checks are cached still)", st.CardHits)
	}
}

// TestMayMeanCommand: the files listed for a missing command's
// did-you-mean are those within three edits of its file name, case and
// word separators aside: a typo, a plural, another case or joining; not
// every file of the folder, so the list does not depend on the order or
// the size of the folder.
func TestMayMeanCommand(t *testing.T) {
	for _, tt := range []struct {
		p, name string
		want    bool
	}{
		{"scripts/deplyo.sh", "scripts/deploy.sh", true},
		{"scripts/Deploy_Prod.sh", "scripts/deploy-prod.sh", true},
		{"bin/test", "bin/tests", true},
		{"bin/policy", "bin/policies", true},
		{"scripts/ci", "scripts/deploy.sh", false},
		{"bin/land", "bin/release-train", false},
		{"scripts/DEPLOY.sh", "scripts/deploy.sh", true}, // six letters of another case: no edit
		{"scripts/deploy.sh", "scripts/DEPLOY-PROD.sh", false},
		{"bin/d.e.p.l.o.y", "bin/deploy", true}, // five dots: separators, no edit
		// Letters, not bytes, as nearestName counts them: each "é" typed
		// for "e" is one edit (their bytes were four), each CJK character
		// one (two were six bytes).
		{"tools/générer-notes.sh", "tools/generer-notes.sh", true},
		{"bin/发布说明.sh", "bin/发步说朋.sh", true},
		{"tools/gènèrèr-nötes.sh", "tools/generer-notes.sh", false},
		// Names compared composed, as nearestName compares them: a file
		// macOS saved decomposed, each "é" an "e" and an accent, is
		// none, one or two letters from a name typed composed, not two
		// edits for each "é".
		{"tools/r\u00e9sum\u00e9.sh", "tools/re\u0301sume\u0301.sh", true},
		{"tools/r\u00e9sum\u00e8.sh", "tools/re\u0301sume\u0301.sh", true},
		{"tools/\u00e9l\u00e8ve-g\u00e9n\u00e9ral.sh", "tools/e\u0301le\u0300ve-ge\u0301ne\u0301ral.sh", true},
	} {
		if got := MayMeanCommand(tt.p, tt.name); got != tt.want {
			t.Errorf("MayMeanCommand(%q, %q) = %v, want %v", tt.p, tt.name, got, tt.want)
		}
	}
}

// TestCardCommandHintSkipsAMissingOwnTool: the card's own tool is named
// for a command a typo away from it only where it is there: a missing one
// is card-orphan's, and naming it sent the author to a file that is not.
func TestCardCommandHintSkipsAMissingOwnTool(t *testing.T) {
	for _, exists := range []bool{true, false} {
		src := CardSource{File: File{Path: "bin/land.card.json", Data: []byte(commandCard("land", "bin/lnad --onto main"))},
			ToolPath: "bin/land", ToolExists: exists, CommandPath: "bin/lnad"}
		var msg string
		for _, d := range Validate(&Sources{Cards: []CardSource{src}}).Diagnostics {
			if d.Rule == "card-command-missing" {
				msg = d.Message
			}
		}
		if named := strings.Contains(msg, `did you mean "bin/land", the card's own tool?`); named != exists {
			t.Errorf("the tool there %v: %q names the card's own tool %v, want %v", exists, msg, named, exists)
		}
	}
}
