package validate

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestStrayKind: which files near a capability declaration are a misnamed
// declaration (case, suffix, format, plural, typo, backup) and which are
// other files it may hold.
func TestStrayKind(t *testing.T) {
	tests := []struct{ p, capDir, want string }{
		{"capabilities/ui/capability.json", "capabilities", ""},                           // the declaration
		{"capabilities/ui/Capability.json", "capabilities", StrayMisnamed},                // case
		{"capabilities/ui/capability.json.txt", "capabilities", StrayMisnamed},            // a suffix
		{"capabilities/ui/capability.yaml", "capabilities", StrayMisnamed},                // another format
		{"capabilities/ui/capabilities.json", "capabilities", StrayMisnamed},              // a plural
		{"capabilities/ui/capabilty.json", "capabilities", StrayMisnamed},                 // a typo
		{"capabilities/ui/capability.jsn", "capabilities", StrayMisnamed},                 // … in the extension
		{"capabilities/ui/capability.jsonc", "capabilities", StrayMisnamed},               // JSON with comments
		{"capabilities/ui/capabilit\u00ff.json", "capabilities", StrayMisnamed},           // a letter not ASCII for one: one edit, as "capabilitx.json" is
		{"capabilities/ui/capabilit\u0443.json", "capabilities", StrayMisnamed},           // … a Cyrillic "у" that prints as "y"
		{"capabilities/ui/capabilit\xff.json", "capabilities", StrayMisnamed},             // … "ÿ" in Latin-1, a byte not UTF-8
		{"capabilities/ui/CAPABILIT\u00dd.JSON", "capabilities", StrayMisnamed},           // … in another case
		{"capabilities/ui/c\u00e0pabilit\u00ff.json", "capabilities", ""},                 // two letters off
		{"capabilities/ui/capacit\u00e9.json", "capabilities", ""},                        // another word, in French
		{"capabilities/ui/capability.json~", "capabilities", StrayMisnamed},               // an editor's backup
		{"capabilities/ui/Capabilty.json~", "capabilities", StrayMisnamed},                // … of a misnamed one
		{"capabilities/ui/capability.js", "capabilities", ""},                             // a script
		{"capabilities/ui/capability.schema.json", "capabilities", ""},                    // ADR-894's schema
		{"capabilities/ui/capability.example.json", "capabilities", ""},                   // an example
		{"capabilities/_template/capability.json.example", "capabilities", ""},            // an example, named as .env.example is
		{"capabilities/_template/capability.json.sample", "capabilities", ""},             // … a sample
		{"capabilities/_template/capability.json.template", "capabilities", ""},           // … a template
		{"capabilities/_template/capability.json.tmpl", "capabilities", ""},               // … Go's and others' template suffix
		{"capabilities/_template/capability.json.tpl", "capabilities", ""},                // … and a shorter one
		{"capabilities/_template/capability.json.dist", "capabilities", ""},               // … a default to copy
		{"capabilities/_template/Capability.json.Example", "capabilities", ""},            // … in any case
		{"capabilities/ui/capability.json.bak", "capabilities", StrayMisnamed},            // a backup is the declaration left behind
		{"capabilities/ui/capability.json.examples", "capabilities", StrayMisnamed},       // no example's suffix
		{"capabilities/ui/capacity.json", "capabilities", ""},                             // another word
		{"capabilities/ui/capability.md", "capabilities", ""},                             // a document
		{"capabilities/ui/config.json", "capabilities", ""},                               // an asset
		{"capabilities/ui/loop/capability.md", "capabilities", ""},                        // a fragment
		{"capabilities/ui/nested/capability.json", "capabilities", StrayNested},           // a folder too deep
		{"capabilities/capability.json", "capabilities", ""},                              // in the folder itself
		{"packages/gsd/capabilities/ui/capability.json", "capabilities", StrayElsewhere},  // a monorepo's package
		{"capabilities/ui/capability.json", "caps", StrayElsewhere},                       // capreg.json moved the folder
		{"docs/examples/ui/capability.json", "capabilities", ""},                          // an example, not a folder of capabilities
		{"packages/gsd/capabilities/ui/Capability.json", "capabilities", ""},              // only the exact name elsewhere
		{"ui/capability.json", ".", ""},                                                   // capabilities at the root
		{"ui/x/capability.json", ".", StrayNested},                                        // … and one too deep
		{"packages/gsd/capabilities/ui/capability.json", "packages/gsd/capabilities", ""}, // named there
		{"Capabilities/ui/capability.json", "capabilities", StrayElsewhere},               // the folder in another case (made on macOS)
		{"packages/gsd/CAPABILITIES/ui/capability.json", "capabilities", StrayElsewhere},  // … a package's
		{"Caps/ui/capability.json", "caps", StrayElsewhere},                               // … the one capreg.json names
		{"Capabilities/ui/capability.json", "caps", StrayElsewhere},                       // … "capabilities" in another case, where capreg.json names another folder
	}
	for _, tt := range tests {
		if got := StrayKind(tt.p, tt.capDir); got != tt.want {
			t.Errorf("StrayKind(%q, %q) = %q, want %q", tt.p, tt.capDir, got, tt.want)
		}
	}
}

// TestStrayDeclarations: a stray declaration is a warning only where no
// capability.json beside it is read, once a folder; declarations under
// another capabilities folder only in a repository of no capability of its
// own (a monorepo checked from its root), where others are fixtures.
func TestStrayDeclarations(t *testing.T) {
	t.Run("own capabilities", func(t *testing.T) {
		checkStrays(t, []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Err: ErrIsDirectory}}},
			"capabilities/gamma/Capability.json: capabilities/gamma has no capability.json")
	})
	t.Run("none of its own", func(t *testing.T) {
		checkStrays(t, []CapabilitySource{{Folder: "ui"}},
			"capabilities/gamma/Capability.json: capabilities/gamma has no capability.json",
			"capabilities/ui/capability.json.bak: capabilities/ui has no capability.json",
			"packages/a/capabilities/x/capability.json: this and 1 other capability declaration are under packages/a/capabilities")
	})
}

// checkStrays validates a repository of caps and a few stray declarations
// and checks the capability-misplaced findings start as want does.
func checkStrays(t *testing.T, caps []CapabilitySource, want ...string) {
	t.Helper()
	src := &Sources{
		CapabilitiesDir: "capabilities",
		Capabilities:    caps,
		StrayDeclarations: []string{
			"capabilities/gamma/Capability.json", "capabilities/gamma/capability.json.bak",
			"capabilities/ui/capability.json.bak", "capabilities/ui/capability.json~",
			"packages/a/capabilities/x/capability.json", "packages/a/capabilities/y/capability.json",
		},
	}
	var got []string
	for _, d := range Validate(src).Diagnostics {
		if d.Rule == "capability-misplaced" {
			got = append(got, d.File+": "+d.Message)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("got %d findings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("got %s\nwant %s…", got[i], want[i])
		}
	}
}

// TestStrayGroupedFolders: a capability folder grouping capabilities in
// sub-folders is one warning naming each sub-folder to move, the first
// maxNamed by name and the others counted, so one run shows them all.
func TestStrayGroupedFolders(t *testing.T) {
	tests := []struct {
		name   string
		strays []string
		want   string
	}{
		{"one", []string{"capabilities/grp/a/capability.json"},
			"capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/a/capability.json is not read: a declaration is read only directly in a capability folder; move capabilities/grp/a up to capabilities/a"},
		{"two", []string{"capabilities/grp/a/capability.json", "capabilities/grp/b/capability.json"},
			"capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/a/capability.json and 1 other capability declaration are not read: a declaration is read only directly in a capability folder; move capabilities/grp/a up to capabilities/a, capabilities/grp/b up to capabilities/b"},
		{"many", []string{"capabilities/grp/a/capability.json", "capabilities/grp/b/capability.json", "capabilities/grp/c/capability.json",
			"capabilities/grp/d/capability.json", "capabilities/grp/e/capability.json", "capabilities/grp/f/capability.json", "capabilities/grp/g/x/capability.json"},
			"capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/a/capability.json and 6 other capability declarations are not read: a declaration is read only directly in a capability folder; move capabilities/grp/a up to capabilities/a, capabilities/grp/b up to capabilities/b, capabilities/grp/c up to capabilities/c, capabilities/grp/d up to capabilities/d, capabilities/grp/e up to capabilities/e, and 2 other sub-folders"},
		{"misnamed first", []string{"capabilities/grp/Capability.json", "capabilities/grp/a/capability.json"},
			"capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/Capability.json is not read: rename it to capability.json"},
		// A name that prints as capability.json, or holds a byte that
		// prints as none, is given as code points too.
		{"a look-alike", []string{"capabilities/grp/capabilit\u0443.json"},
			"capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/capabilit\u0443.json " +
				`(as code points: "capabilit\u0443.json") is not read: rename it to capability.json`},
		{"Latin-1", []string{"capabilities/grp/capabilit\xff.json"},
			"capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/capabilit\xff.json " +
				`(as code points: "capabilit\xff.json") is not read: rename it to capability.json`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "grp"}}, StrayDeclarations: tt.strays}
			var got []string
			for _, d := range Validate(src).Diagnostics {
				if d.Rule == "capability-misplaced" {
					got = append(got, d.File+": "+d.Message)
				}
			}
			if want := tt.strays[0] + ": " + tt.want; len(got) != 1 || got[0] != want {
				t.Errorf("got %q\nwant %q", got, want)
			}
		})
	}
}

// TestStrayManyPackages: a monorepo of thousands of packages checked from
// its root is a few warnings, one for each of the first capabilities
// folders and one counting the others, not a line for each package.
func TestStrayManyPackages(t *testing.T) {
	tests := []struct {
		packages int
		want     []string
	}{
		{1, []string{"packages/p0/capabilities/x/capability.json: this and 1 other capability declaration are under packages/p0/capabilities"}},
		{maxNamed + 1, []string{"packages/p0/", "packages/p1/", "packages/p2/", "packages/p3/", "packages/p4/",
			"packages/p5/capabilities/x/capability.json: this and 1 other capability declaration are under packages/p5/capabilities"}},
		{5000, []string{"packages/p0/", "packages/p1/", "packages/p2/", "packages/p3/", "packages/p4/",
			"packages/p5/capabilities/x/capability.json: this and 9989 other capability declarations, under packages/p5/capabilities and 4994 other capabilities folders, are not under"}},
	}
	for _, tt := range tests {
		src := &Sources{CapabilitiesDir: "capabilities"}
		for i := range tt.packages {
			src.StrayDeclarations = append(src.StrayDeclarations,
				fmt.Sprintf("packages/p%d/capabilities/x/capability.json", i), fmt.Sprintf("packages/p%d/capabilities/y/capability.json", i))
		}
		var got []string
		for _, d := range Validate(src).Diagnostics {
			if d.Rule == "capability-misplaced" {
				got = append(got, d.File+": "+d.Message)
			}
		}
		if len(got) != len(tt.want) {
			t.Errorf("%d packages: got %d findings, want %d", tt.packages, len(got), len(tt.want))
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], tt.want[i]) {
				t.Errorf("%d packages: got %s\nwant %s…", tt.packages, got[i], tt.want[i])
			}
		}
	}
}

// TestLinkTextName pins which files the scanner reads as possible
// link texts: directly in the capabilities folder, and without a dot in
// the name (a capability folder's name has none).
func TestLinkTextName(t *testing.T) {
	for _, c := range []struct {
		p, capDir string
		want      bool
	}{
		{"caps/mirror", "caps", true},
		{"caps/notes.md", "caps", false},
		{"other/mirror", "caps", false},
		{"caps/sub/mirror", "caps", false},
		{"mirror", ".", true},
	} {
		if got := LinkTextName(c.p, c.capDir); got != c.want {
			t.Errorf("LinkTextName(%q, %q) = %v, want %v", c.p, c.capDir, got, c.want)
		}
	}
}

// TestCheckLinkTexts pins checkLinkTexts, through Validate: a LinkText
// read whole that holds only a link's text draws one capability-misplaced
// warning; one that could not be read (its Data is not what the file
// holds), holds prose or is not UTF-8 draws none.
func TestCheckLinkTexts(t *testing.T) {
	for _, c := range []struct {
		name string
		file File
		want bool
	}{
		{"link", File{Path: "caps/mirror", Data: []byte("../shared/mirror")}, true},
		{"unread", File{Path: "caps/mirror", Data: []byte("../shared/mirror"), Err: errors.New("read failed")}, false},
		{"prose", File{Path: "caps/mirror", Data: []byte("some notes")}, false},
		// Not UTF-8: linkText asks for valid UTF-8 (its last clause). A
		// fragment never reaches it invalid (inlineFragment refuses that
		// first), so only this caller can tell the clause is there.
		{"not UTF-8", File{Path: "caps/mirror", Data: []byte("../shared/\xffmirror")}, false},
	} {
		res := Validate(&Sources{LinkTexts: []File{c.file}})
		got := slices.ContainsFunc(res.Diagnostics, func(d Diagnostic) bool {
			return d.Rule == "capability-misplaced" && d.File == c.file.Path
		})
		if got != c.want {
			t.Errorf("%s: capability-misplaced warning for %s = %v, want %v (%v)", c.name, c.file.Path, got, c.want, res.Diagnostics)
		}
	}
}

// TestStrayMessagesInFull pins the whole capability-misplaced finding in
// the cases the prefix checks of stray_test.go let through: one declaration
// under another capabilities folder is "this capability declaration is"
// (not "this and 0 other … are"), and one at the repository's root is told
// to name it in capreg.json rather than to check a package with --repo; a
// folder of three declarations is one finding counting two others (not one
// finding per declaration after the first); and a group of exactly maxNamed
// sub-folders names them all, with no "and 0 other sub-folders"; and the
// sub-folders to move are those of every nested declaration, past a
// misnamed one listed between them (a break there for the continue named
// only the first).
func TestStrayMessagesInFull(t *testing.T) {
	const grp = "capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/a/capability.json and 4 other capability declarations are not read: " +
		"a declaration is read only directly in a capability folder; move capabilities/grp/a up to capabilities/a, capabilities/grp/b up to capabilities/b, " +
		"capabilities/grp/c up to capabilities/c, capabilities/grp/d up to capabilities/d, capabilities/grp/e up to capabilities/e"
	tests := []struct {
		name   string
		capDir string
		caps   []CapabilitySource
		strays []string
		scan   Diagnostics // the scan's findings
		want   []string    // "file: message" of each finding, in order
	}{
		{
			name:   "one declaration under a capabilities folder at the root",
			capDir: "caps",
			strays: []string{"capabilities/x/capability.json"},
			want:   []string{`capabilities/x/capability.json: this capability declaration is under capabilities, not under this repository's capabilities folder (caps, which capreg.json names), and not read: move its capability folders into caps, or name capabilities in capreg.json's "capabilities"`},
		},
		{
			// Moving them into a folder that is not there is no fix: it
			// is most likely a slip for the folder holding them.
			name:   "one declaration beside the capabilities folder capreg.json names, which cannot be read",
			capDir: "capabilites",
			strays: []string{"capabilities/x/capability.json"},
			scan:   Diagnostics{{File: RepoConfigFile, Pointer: "/capabilities", Rule: "file-unreadable", Severity: Error, Message: `configured path "capabilites" does not exist in the repository`}},
			want:   []string{`capabilities/x/capability.json: this capability declaration is under capabilities, not under this repository's capabilities folder (capabilites, which capreg.json names and which cannot be read: see its finding there), and not read: if capabilities holds the capability folders, name capabilities in capreg.json's "capabilities"`},
		},
		{
			name:   "a finding elsewhere in capreg.json leaves the advice to move",
			capDir: "caps",
			strays: []string{"capabilities/x/capability.json"},
			scan:   Diagnostics{{File: RepoConfigFile, Pointer: "/cards/0", Rule: "file-unreadable", Severity: Error, Message: `configured path "tools" does not exist in the repository`}},
			want:   []string{`capabilities/x/capability.json: this capability declaration is under capabilities, not under this repository's capabilities folder (caps, which capreg.json names), and not read: move its capability folders into caps, or name capabilities in capreg.json's "capabilities"`},
		},
		{
			// Only a declaration at the root is told to name its folder:
			// one under a package is the package's, whatever capreg.json names.
			name:   "declarations under a package's capabilities folder, beside a capabilities folder that cannot be read",
			capDir: "capabilites",
			strays: []string{"packages/a/capabilities/x/capability.json"},
			scan:   Diagnostics{{File: RepoConfigFile, Pointer: "/capabilities", Rule: "file-unreadable", Severity: Error, Message: `configured path "capabilites" does not exist in the repository`}},
			want: []string{"packages/a/capabilities/x/capability.json: this capability declaration is under packages/a/capabilities, not under this repository's capabilities folder (capabilites), and not read: " +
				"if packages/a is a product of its own (a package of a monorepo), give it a capreg.json of its own, so that this check leaves it to capreg check --repo packages/a (a path from this repository's root); else move its capability folders into capabilites"},
		},
		{
			// CapabilitiesDirUnread reads capreg.json's finding alone.
			name:   "a finding at another file's /capabilities leaves the advice to move",
			capDir: "caps",
			strays: []string{"capabilities/x/capability.json"},
			scan:   Diagnostics{{File: "pkg/capreg.json", Pointer: "/capabilities", Rule: "file-unreadable", Severity: Error, Message: `configured path "caps" does not exist in the repository`}},
			want:   []string{`capabilities/x/capability.json: this capability declaration is under capabilities, not under this repository's capabilities folder (caps, which capreg.json names), and not read: move its capability folders into caps, or name capabilities in capreg.json's "capabilities"`},
		},
		{
			name:   "the capabilities folder in another case",
			capDir: "capabilities",
			strays: []string{"Capabilities/x/capability.json", "Capabilities/y/capability.json"},
			want: []string{"Capabilities/x/capability.json: this and 1 other capability declaration are under Capabilities, not under this repository's capabilities folder (capabilities), and not read: " +
				"folder names are matched case-sensitively; rename Capabilities to capabilities"},
		},
		{
			name:   "the folder capreg.json names in another case",
			capDir: "gsd/caps",
			strays: []string{"gsd/Caps/x/capability.json"},
			want: []string{"gsd/Caps/x/capability.json: this capability declaration is under gsd/Caps, not under this repository's capabilities folder (gsd/caps), and not read: " +
				"folder names are matched case-sensitively; rename gsd/Caps to gsd/caps"},
		},
		{
			name:   "three declarations under a package's capabilities folder",
			capDir: "capabilities",
			strays: []string{"packages/a/capabilities/x/capability.json", "packages/a/capabilities/y/capability.json", "packages/a/capabilities/z/capability.json"},
			want: []string{"packages/a/capabilities/x/capability.json: this and 2 other capability declarations are under packages/a/capabilities, not under this repository's capabilities folder (capabilities), and not read: " +
				"if packages/a is a product of its own (a package of a monorepo), give it a capreg.json of its own, so that this check leaves it to capreg check --repo packages/a (a path from this repository's root); else move its capability folders into capabilities"},
		},
		{
			name:   "exactly maxNamed sub-folders to move",
			capDir: "capabilities",
			caps:   []CapabilitySource{{Folder: "grp"}},
			strays: []string{"capabilities/grp/a/capability.json", "capabilities/grp/b/capability.json", "capabilities/grp/c/capability.json",
				"capabilities/grp/d/capability.json", "capabilities/grp/e/capability.json"},
			want: []string{"capabilities/grp/a/capability.json: " + grp},
		},
		{
			name:   "a misnamed declaration between nested ones",
			capDir: "capabilities",
			caps:   []CapabilitySource{{Folder: "grp"}},
			strays: []string{"capabilities/grp/a/capability.json", "capabilities/grp/Capability.json", "capabilities/grp/b/capability.json"},
			want: []string{"capabilities/grp/a/capability.json: capabilities/grp has no capability.json, so it is no capability, and capabilities/grp/a/capability.json and 1 other capability declaration are not read: " +
				"a declaration is read only directly in a capability folder; move capabilities/grp/a up to capabilities/a, capabilities/grp/b up to capabilities/b"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{CapabilitiesDir: tt.capDir, Capabilities: tt.caps, StrayDeclarations: tt.strays, Diagnostics: tt.scan}
			var got []string
			for _, d := range Validate(src).Diagnostics {
				if d.Rule == "capability-misplaced" {
					got = append(got, d.File+": "+d.Message)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestMisnamedCard: a name meant as <tool>.card.json, in another case, the
// plural or YAML, is one, and names the card meant; the card itself, a
// backup of it, and other JSON are not.
func TestMisnamedCard(t *testing.T) {
	tests := []struct{ p, meant string }{
		{"bin/land.Card.json", "bin/land.card.json"},
		{"bin/land.card.JSON", "bin/land.card.json"},
		{"bin/Land.cards.json", "bin/Land.card.json"},
		{"land.card.yaml", "land.card.json"},
		{"tools/x/deploy.CARD.YML", "tools/x/deploy.card.json"},
		{"bin/land.card.json", ""},
		{"bin/land.card.json.bak", ""},
		{"bin/land.json", ""},
		{"bin/.Card.json", ""},
		{"bin/card.json", ""},
		// Letters whose lower case is longer or shorter in UTF-8 (Ⱥ, İ,
		// the Kelvin sign): the tool's name is kept as written; the scan
		// of a file so named panicked, or named a card of broken UTF-8.
		{"bin/ȺȺȺȺȺȺȺȺȺȺȺȺ.Card.json", "bin/ȺȺȺȺȺȺȺȺȺȺȺȺ.card.json"},
		{"bin/İİİ.cards.json", "bin/İİİ.card.json"},
		{"bin/\u212ax.card.yaml", "bin/\u212ax.card.json"},
		{"bin/x.card.j\u017fon", ""}, // ſ folds to s: no card ending
		// JSON with comments, as an author wanting a note names it.
		{"bin/land.card.jsonc", "bin/land.card.json"},
		{"bin/land.card.JSON5", "bin/land.card.json"},
		{"bin/land.card.json5.bak", ""},
	}
	for _, tt := range tests {
		meant, ok := MisnamedCard(tt.p)
		if ok != (tt.meant != "") || meant != tt.meant {
			t.Errorf("MisnamedCard(%q) = %q, %v; want %q", tt.p, meant, ok, tt.meant)
		}
	}
}

// TestCheckMisnamedCards: a misnamed card is warned of unless the card
// meant is read, or it lies in a package, whose cards are its own
// check's.
func TestCheckMisnamedCards(t *testing.T) {
	src := &Sources{
		Packages:      []string{"pkg"},
		Cards:         []CardSource{{File: File{Path: "bin/ok.card.json"}, ToolPath: "bin/ok"}},
		MisnamedCards: []string{"bin/land.Card.json", "bin/ok.cards.json", "pkg/bin/x.Card.json"},
	}
	var got []string
	for _, d := range Validate(src).Diagnostics {
		if d.Rule == "card-misnamed" {
			got = append(got, d.File)
		}
	}
	if want := []string{"bin/land.Card.json"}; !slices.Equal(got, want) {
		t.Errorf("card-misnamed at %q, want %q", got, want)
	}
}
