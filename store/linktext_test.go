package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// linkRepo is a copy of the sample repository with the links given (path
// → text) made in it; it returns the repository and the folder beside it.
func linkRepo(t *testing.T, links map[string]string) (repo, outside string) {
	t.Helper()
	repo, outside = scanRepoCopy(t)
	for name, text := range links {
		makeSymlink(t, text, filepath.Join(repo, filepath.FromSlash(name)))
	}
	return repo, outside
}

// findingsAt maps each file to the messages of its findings under rule.
func findingsAt(snap *store.Snapshot, rule string) map[string]string {
	got := map[string]string{}
	for _, d := range snap.Diagnostics {
		if d.Rule == rule {
			got[d.File] += d.Message
		}
	}
	return got
}

// TestLinksOutsideAreShownByTheirText: a symlink leaving the repository is
// named in its finding by its own text, what the repository says, not by
// where it resolves: "/proc/self/cwd", directly or through a link inside
// to /proc, was named as the server's working folder, and "/proc/self/exe"
// as its binary, to every client of GET /status.
func TestLinksOutsideAreShownByTheirText(t *testing.T) {
	repo, _ := linkRepo(t, map[string]string{
		"docs/cwd.md": "/proc/self/cwd",
		"docs/exe.md": "/proc/self/exe",
		"docs/proc":   "/proc",
		"docs/via.md": "proc/self/cwd", // through a link inside, which leaves
	})
	// A root capreg.json names, through that link.
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["docs/proc/self/cwd"]}`))
	got := findingsAt(scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}}), "path-escape")
	wd, _ := os.Getwd()
	exe, _ := os.Executable()
	want := map[string]string{
		"docs/cwd.md": "symlink to /proc/self/cwd resolves outside the repository root; it is not followed",
		"docs/exe.md": "symlink to /proc/self/exe resolves outside",
		"docs/proc":   "symlink to /proc resolves outside",
		// The link that leaves is named, beside the one walked.
		"docs/via.md": "symlink to proc/self/cwd resolves outside the repository root, through docs/proc, a link to /proc",
		// Not a link of the repository's: its last component is /proc's.
		"docs/proc/self/cwd": `configured path "docs/proc/self/cwd" is not read: path resolves outside the repository root, through docs/proc, a link to /proc`,
	}
	for file, text := range want {
		msg := got[file]
		if !strings.Contains(msg, text) {
			t.Errorf("%s: path-escape %q, want one saying %q", file, msg, text)
		}
		if strings.Contains(msg, wd) || strings.Contains(msg, exe) {
			t.Errorf("%s: %q names a path of the server", file, msg)
		}
	}
}

// TestLeavingLinkFollowsLinksBeforeDotDot: a ".." after a link applies to
// where the link led, as the kernel reads it: top/../out/o.card.json, top
// a link to the root, is the root's parent's out, and the link it leaves
// by is the card's own. The name was worked out by the text alone
// (top/.. cancelled), and named a link inside, out, the way never took.
func TestLeavingLinkFollowsLinksBeforeDotDot(t *testing.T) {
	repo, outside := linkRepo(t, map[string]string{
		"docs/sub/top":         "../..",
		"docs/sub/outside":     "/proc",
		"docs/sub/a.card.json": "top/../outside/o.card.json",
	})
	writeTestFile(t, filepath.Join(outside, "o.card.json"), []byte(`{}`))
	got := findingsAt(scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}}), "path-escape")
	msg := got["docs/sub/a.card.json"]
	if want := "symlink to top/../outside/o.card.json resolves outside the repository root"; !strings.HasPrefix(msg, want) || strings.Contains(msg, "through") {
		t.Errorf("docs/sub/a.card.json: %q, want %q and no other link", msg, want)
	}
}

// TestLeavingLinkIsNamedAtTheEndOfLongChains: a chain of more links than
// Linux follows at once (40), which filepath.EvalSymlinks resolves (255),
// still names the link that leaves; past 40 the finding said "symlink to a
// path outside it", "it" naming nothing.
func TestLeavingLinkIsNamedAtTheEndOfLongChains(t *testing.T) {
	links := map[string]string{"docs/ch/l0": "/proc"}
	for i := 1; i <= 60; i++ {
		links[fmt.Sprintf("docs/ch/l%d", i)] = fmt.Sprintf("l%d", i-1)
	}
	repo, _ := linkRepo(t, links)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["docs/ch/l60"]}`))
	got := findingsAt(scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}}), "path-escape")
	if want := "symlink to l59 resolves outside the repository root, through docs/ch/l0, a link to /proc"; !strings.Contains(got["docs/ch/l60"], want) {
		t.Errorf("docs/ch/l60: %q, want %q", got["docs/ch/l60"], want)
	}
}

// TestWhatIsOutsideDoesNotChangeFindings: whether a path beyond a link
// out of the root exists is not the repository's to learn. A card, the
// config schema and a configured root behind docs/out, a link out, were
// path-escape when the path out there existed and a dangling link or a
// missing file when it did not: a repository could probe the server's
// files. A configured root's missing path was also shown absolute
// (lstat /srv/…/nothere), the server's layout to every client.
func TestWhatIsOutsideDoesNotChangeFindings(t *testing.T) {
	for _, exists := range []bool{true, false} {
		t.Run(fmt.Sprint("exists=", exists), func(t *testing.T) {
			repo, outside := linkRepo(t, map[string]string{
				"docs/out":         "../../outside",
				"docs/x.card.json": "out/x.card.json",
				"docs/up":          "../../nothere",
			})
			if exists {
				writeTestFile(t, filepath.Join(outside, "x.card.json"), []byte(`{}`))
				writeTestFile(t, filepath.Join(outside, "schema.json"), []byte(`{}`))
				writeTestFile(t, filepath.Join(filepath.Dir(repo), "nothere"), []byte(`{}`))
			}
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "docs/out/schema.json", "cards": ["bin", "docs/up"]}`))
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			got := findingsAt(snap, "path-escape")
			want := map[string]string{
				"docs/x.card.json":     "symlink to out/x.card.json resolves outside the repository root, through docs/out, a link to ../../outside",
				"docs/out/schema.json": "path resolves outside the repository root, through docs/out, a link to ../../outside",
				"docs/up":              `configured path "docs/up" is not read: symlink to ../../nothere resolves outside the repository root`,
			}
			for file, text := range want {
				if !strings.Contains(got[file], text) {
					t.Errorf("%s: path-escape %q, want %q (all: %v)", file, got[file], text, snap.Diagnostics)
				}
			}
			for _, d := range snap.Diagnostics {
				if strings.Contains(d.Message, filepath.Dir(repo)) {
					t.Errorf("%v names the server's folders", d)
				}
			}
		})
	}
}

// TestCapregJSONIsReadThroughAnyLinkInside: capreg.json resolves as every
// other input does. Through os.Root it could not follow an absolute link,
// nor one leaving and coming back in, nor a folder linked absolutely on
// the way, each "statat capreg.json: path escapes from parent"; and the
// hint for an absolute link could point at itself.
func TestCapregJSONIsReadThroughAnyLinkInside(t *testing.T) {
	tests := []struct {
		name  string
		links func(repo string) map[string]string
	}{
		{"absolute", func(repo string) map[string]string {
			return map[string]string{"capreg.json": filepath.Join(repo, "cfg", "capreg.json")}
		}},
		{"out and back", func(repo string) map[string]string {
			return map[string]string{"capreg.json": "../" + filepath.Base(repo) + "/cfg/capreg.json"}
		}},
		{"absolute folder on the way", func(repo string) map[string]string {
			return map[string]string{"cfglink": filepath.Join(repo, "cfg"), "capreg.json": "cfglink/capreg.json"}
		}},
		{"absolute link in the folder", func(repo string) map[string]string {
			return map[string]string{"cfg/abs.json": filepath.Join(repo, "cfg", "capreg.json"), "capreg.json": "cfg/abs.json"}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			conf := filepath.Join(repo, "capreg.json")
			// A configuration the defaults do not give: a missing card root.
			writeTestFile(t, filepath.Join(repo, "cfg", "capreg.json"), []byte(`{"cards": ["bin", "tools-moved"]}`))
			if err := os.Remove(conf); err != nil {
				t.Fatal(err)
			}
			for name, text := range tt.links(repo) {
				makeSymlink(t, text, filepath.Join(repo, filepath.FromSlash(name)))
			}
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			if msg := findingsAt(snap, "file-unreadable")["capreg.json"]; !strings.Contains(msg, `configured path "tools-moved" does not exist`) {
				t.Errorf("capreg.json: %q, want it read (its missing card root reported): %v", msg, snap.Diagnostics)
			}
		})
	}
}

// TestCapregJSONLinkOutAndBroken: capreg.json through a link leaving the
// root is path-escape whether or not anything is out there, and a link
// to itself is a loop, not a hint to link it as itself.
func TestCapregJSONLinkOutAndBroken(t *testing.T) {
	tests := []struct {
		name  string
		links func(repo string) map[string]string
		rule  string
		want  string
	}{
		{"dangling behind a link out", func(string) map[string]string {
			return map[string]string{"docs/out": "../../outside", "capreg.json": "docs/out/missing.json"}
		}, "path-escape", "capreg.json is not read: symlink to docs/out/missing.json resolves outside the repository root, through docs/out, a link to ../../outside"},
		{"itself", func(repo string) map[string]string {
			return map[string]string{"capreg.json": filepath.Join(repo, "capreg.json")}
		}, "file-unreadable", "leads back to itself"},
		{"missing inside", func(string) map[string]string {
			return map[string]string{"capreg.json": "cfg/gone.json"}
		}, "file-unreadable", "capreg.json is a symlink to cfg/gone.json, which does not exist; fix the link, or remove it to use the defaults"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
				t.Fatal(err)
			}
			for name, text := range tt.links(repo) {
				makeSymlink(t, text, filepath.Join(repo, filepath.FromSlash(name)))
			}
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			var found []validate.Diagnostic
			for _, d := range snap.Diagnostics {
				if d.File == "capreg.json" {
					found = append(found, d)
				}
			}
			if len(found) != 1 || found[0].Rule != tt.rule || !strings.Contains(found[0].Message, tt.want) {
				t.Errorf("capreg.json: %v, want one %s saying %q", found, tt.rule, tt.want)
			}
		})
	}
}

// TestFragmentBehindALinkOutIsTheSameEitherWay: a fragment whose link
// leaves the repository is fragment-escape whether or not its target is
// there; a missing one was "file not found", which told a repository
// whether a path on the server existed.
func TestFragmentBehindALinkOutIsTheSameEitherWay(t *testing.T) {
	const frag = "capabilities/pattern-mapper/loop/mapper.md"
	var msgs []string
	for _, exists := range []bool{true, false} {
		repo, outside := scanRepoCopy(t)
		if exists {
			writeTestFile(t, filepath.Join(outside, "mapper.md"), []byte("Map.\n"))
		}
		if err := os.Remove(filepath.Join(repo, filepath.FromSlash(frag))); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, "../../../../outside/mapper.md", filepath.Join(repo, filepath.FromSlash(frag)))
		snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
		var got []string
		for _, d := range snap.Diagnostics {
			if strings.HasPrefix(d.File, "capabilities/pattern-mapper/") {
				got = append(got, d.Rule+": "+d.Message)
			}
		}
		msgs = append(msgs, strings.Join(got, "\n"))
		if len(got) != 1 || !strings.HasPrefix(got[0], "fragment-escape: ") {
			t.Errorf("exists=%v: %q, want one fragment-escape", exists, got)
		}
	}
	if msgs[0] != msgs[1] {
		t.Errorf("findings differ with the target there:\n%s\nand not:\n%s", msgs[0], msgs[1])
	}
}

// TestNothingOutsideIsTidiedByText: a way out of the root is not tidied by
// its text where links may be, out there: docs/p/../zz, docs/p a link to a
// folder outside, is beside that folder's target, not docs/zz, and a way
// down an outside folder that is not the root's own leaves, whatever is
// there. Both read a missing path as a dangling link whose message named
// the server's folder, and an existing one as path-escape.
func TestNothingOutsideIsTidiedByText(t *testing.T) {
	for _, exists := range []bool{true, false} {
		t.Run(fmt.Sprint("exists=", exists), func(t *testing.T) {
			repo, outside := scanRepoCopy(t)
			srv := filepath.Join(outside, "srv", "work")
			mustMkdirAll(t, srv)
			if exists {
				writeTestFile(t, filepath.Join(outside, "srv", "zz.card.json"), []byte(`{}`))
				mustMkdirAll(t, filepath.Join(outside, "probe"))
			}
			up := strings.Repeat("../", strings.Count(repo, string(filepath.Separator))+1)
			for name, text := range map[string]string{
				"docs/p":             srv,
				"docs/abs.card.json": filepath.Join(repo, "docs", "p") + "/../zz.card.json",
				"docs/rel.card.json": "../../" + filepath.Base(repo) + "/docs/p/../zz.card.json",
				"docs/probe.card.json": up + strings.TrimPrefix(filepath.Join(outside, "probe"), "/") + "/../../" +
					filepath.Base(repo) + "/bin/a.card.json",
			} {
				makeSymlink(t, text, filepath.Join(repo, filepath.FromSlash(name)))
			}
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			got := findingsAt(snap, "path-escape")
			for _, file := range []string{"docs/abs.card.json", "docs/rel.card.json", "docs/probe.card.json"} {
				if !strings.Contains(got[file], "resolves outside the repository root") {
					t.Errorf("%s: path-escape %q, want one (all: %v)", file, got[file], snap.Diagnostics)
				}
			}
			for _, d := range snap.Diagnostics {
				if strings.Contains(d.Message, "srv/zz") || strings.Contains(d.Message, "lstat") {
					t.Errorf("%v names a path outside by where a link leads", d)
				}
			}
		})
	}
}

// TestOwnLinkIsNotNamedTwice: a configured root whose last component is
// a link, reached through a folder link, is named by its own text alone:
// "symlink to ../../out … through lib/x, a link to ../../out" named it
// twice.
func TestOwnLinkIsNotNamedTwice(t *testing.T) {
	repo, _ := linkRepo(t, map[string]string{"lnkdir": "lib", "lib/x": "../../outside"})
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["lnkdir/x"]}`))
	got := findingsAt(scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}}), "path-escape")
	if want := `configured path "lnkdir/x" is not read: symlink to ../../outside resolves outside the repository root`; got["lnkdir/x"] != want {
		t.Errorf("lnkdir/x: %q, want %q", got["lnkdir/x"], want)
	}
}

// TestToolLinkedAbsolutelyInsideIsATool: a card's tool that is a link by
// an absolute path into the repository is its tool, as any input behind
// such a link is read; through os.Root, which follows no absolute link,
// the card was an orphan.
func TestToolLinkedAbsolutelyInsideIsATool(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	tool := filepath.Join(repo, "bin", "ft")
	if err := os.Rename(tool, filepath.Join(repo, "docs", "ft-real")); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, filepath.Join(repo, "docs", "ft-real"), tool)
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	if msg, ok := findingsAt(snap, "card-orphan")["bin/ft.card.json"]; ok {
		t.Errorf("bin/ft.card.json: card-orphan %q", msg)
	}
	if !snap.OK() {
		t.Errorf("not ok: %v", snap.Diagnostics)
	}
}

// TestAWayBackInThroughAnOutsideLinkLeaves: a link whose way leaves the
// root and comes back in through a link outside (../../alias/x, alias a
// link to the repository) leaves, whether alias is there or not: the scan
// read it when alias resolved, and reported it when not, so what existed
// outside decided the finding (and POST /validate, which reads nothing
// outside, disagreed with check).
func TestAWayBackInThroughAnOutsideLinkLeaves(t *testing.T) {
	for _, alias := range []bool{true, false} {
		t.Run(fmt.Sprint("alias=", alias), func(t *testing.T) {
			repo, _ := linkRepo(t, map[string]string{"docs/x.card.json": "../../alias/bin/ft.card.json"})
			if alias {
				makeSymlink(t, repo, filepath.Join(filepath.Dir(repo), "alias"))
			}
			got := findingsAt(scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}}), "path-escape")
			if want := "symlink to ../../alias/bin/ft.card.json resolves outside the repository root"; !strings.HasPrefix(got["docs/x.card.json"], want) {
				t.Errorf("docs/x.card.json: %q, want %q", got["docs/x.card.json"], want)
			}
		})
	}
}

// TestNoDotDotDownTheGivenPath: the path the repository was given as may
// hold links (L/repo, L a link to x/y), so a ".." on the way down it is
// wherever L leads, out of sight: L/../L/repo/x leaves. Read by its text
// it was x/L/repo/x, a dangling link whose finding named that folder.
func TestNoDotDotDownTheGivenPath(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "x", "y", "repo")
	copyRepoTree(t, baseRepoDir, real)
	makeSymlink(t, filepath.Join("x", "y"), filepath.Join(tmp, "L"))
	makeSymlink(t, tmp+"/L/../L/repo/bin/ft.card.json", filepath.Join(real, "docs", "p.card.json"))
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: filepath.Join(tmp, "L", "repo")}})
	if got := findingsAt(snap, "path-escape")["docs/p.card.json"]; !strings.Contains(got, "resolves outside the repository root") {
		t.Errorf("docs/p.card.json: %q, want path-escape (all: %v)", got, snap.Diagnostics)
	}
	for _, d := range snap.Diagnostics {
		if strings.Contains(d.Message, filepath.Join("x", "L")) {
			t.Errorf("%v names a folder no link names", d)
		}
	}
}

// TestFragmentThroughAnAliasOutsideLeaves: a capability's fragment folder
// linked through an alias of the repository outside it leaves the root,
// also where the fragment is itself a link: that its text matched where it
// resolved skipped the walk that sees the way out, and the fragment was
// read.
func TestFragmentThroughAnAliasOutsideLeaves(t *testing.T) {
	for _, linked := range []bool{false, true} {
		t.Run(fmt.Sprint("fragment a link=", linked), func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			capDir := filepath.Join(repo, "capabilities", "research")
			makeSymlink(t, filepath.Dir(repo), filepath.Join(filepath.Dir(repo), "lnkp"))
			mustRename(t, filepath.Join(capDir, "loop"), filepath.Join(capDir, "sub"))
			makeSymlink(t, "../../../lnkp/"+filepath.Base(repo)+"/capabilities/research/sub", filepath.Join(capDir, "loop"))
			if linked {
				mustRename(t, filepath.Join(capDir, "sub", "research-prompt.md"), filepath.Join(capDir, "real-prompt.md"))
				makeSymlink(t, "../real-prompt.md", filepath.Join(capDir, "sub", "research-prompt.md"))
			}
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
			if _, ok := scanFind(snap.Diagnostics, "fragment-escape", "capabilities/research/capability.json"); !ok {
				t.Errorf("no fragment-escape:\n%s", formatDiagnostics(snap.Diagnostics))
			}
		})
	}
}

// TestAliasOutsideDecidesNothing: whether an alias of the repository
// outside it exists changes no finding, for a config schema found by name,
// a link nothing is read through, and a card whose link text holds a
// ".." after a link (a/../x, a a link out through the alias and back):
// with the alias there the schema and the card were read, and the image
// link not warned about.
func TestAliasOutsideDecidesNothing(t *testing.T) {
	var runs []string
	for _, alias := range []bool{true, false} {
		repo, _ := scanRepoCopy(t)
		base := filepath.Base(repo)
		if alias {
			makeSymlink(t, ".", filepath.Join(filepath.Dir(repo), "alias"))
		}
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{}`))
		mustMkdirAll(t, filepath.Join(repo, "hidden"))
		mustRename(t, filepath.Join(repo, servedSchema), filepath.Join(repo, "hidden", "schema.json"))
		writeTestFile(t, filepath.Join(repo, "docs", "real.png"), []byte("x"))
		mustMkdirAll(t, filepath.Join(repo, "bin", "z"))
		mustMkdirAll(t, filepath.Join(repo, "bin", "store"))
		mustRename(t, filepath.Join(repo, "bin", "deck-sudo.card.json"), filepath.Join(repo, "bin", "store", "deck-sudo.card.json"))
		for name, text := range map[string]string{
			servedSchema:              "../../alias/" + base + "/hidden/schema.json",
			"docs/img.png":            "../../alias/" + base + "/docs/real.png",
			"bin/a":                   "../../alias/" + base + "/bin/z",
			"bin/deck-sudo.card.json": "a/../store/deck-sudo.card.json",
		} {
			makeSymlink(t, text, filepath.Join(repo, filepath.FromSlash(name)))
		}
		snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
		got := findingsAt(snap, "path-escape")
		for _, file := range []string{servedSchema, "docs/img.png", "bin/deck-sudo.card.json"} {
			if got[file] == "" {
				t.Errorf("alias=%v: no path-escape at %s:\n%s", alias, file, formatDiagnostics(snap.Diagnostics))
			}
		}
		runs = append(runs, formatDiagnostics(snap.Diagnostics))
	}
	if runs[0] != runs[1] {
		t.Errorf("findings differ with the alias there:\n%s\nand not:\n%s", runs[0], runs[1])
	}
}

// TestLinkTextAtBound pins the scanner's validate.MaxLinkText bound as
// inclusive, as validate's linkText reads it: a dotless file of the
// capabilities folder of exactly MaxLinkText bytes is read whole into
// Sources.LinkTexts (not cut short, not left out), and one byte more is
// not read. Otherwise a link's text at the bound loses its warning, or is
// warned of with a text it does not hold.
func TestLinkTextAtBound(t *testing.T) {
	for _, c := range []struct {
		size int
		want bool
	}{
		{validate.MaxLinkText, true},
		{validate.MaxLinkText + 1, false},
	} {
		repo, _ := scanRepoCopy(t)
		text := []byte("../" + strings.Repeat("a", c.size-len("../")))
		writeTestFile(t, filepath.Join(repo, "capabilities/mirror"), text)
		in := scanInput(t, store.ScanOptions{Repo: repo})
		var got []byte
		read := false
		for _, f := range in.Sources.LinkTexts {
			if f.Path == "capabilities/mirror" {
				got, read = f.Data, true
			}
		}
		if read != c.want || (read && !bytes.Equal(got, text)) {
			t.Errorf("%d-byte capabilities/mirror: in LinkTexts %v (%d bytes), want %v with all %d bytes", c.size, read, len(got), c.want, c.size)
		}
	}
}

// overlayAgreesOrRescans is overlayWantCheck, but a RescanError (the
// overlay declining to judge) is an acceptable answer: only a different
// verdict from check's is a bug.
func overlayAgreesOrRescans(t *testing.T, tc overlayCase) {
	t.Helper()
	repo, _ := scanRepoCopy(t)
	if tc.setup != nil {
		tc.setup(t, repo)
	}
	served := servedLoad(t, repo)
	src, err := served.Overlay(overlayBytes(tc.files), tc.deleted)
	var re *store.RescanError
	if errors.As(err, &re) {
		t.Logf("rescan: %v", re.Reasons)
		return
	}
	if err != nil {
		t.Logf("Overlay refused: %v", err)
		return
	}
	got := store.Build(src, false)
	overlayApply(t, repo, tc.files, tc.deleted)
	want := scanLoadRepo(t, repo)
	if g, w := formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics); g != w {
		t.Errorf("overlay:\n%scheck:\n%s", g, w)
	}
	if got.OK() != want.OK() || got.Digest != want.Digest {
		t.Errorf("overlay ok=%v digest %s; check ok=%v digest %s", got.OK(), got.Digest, want.OK(), want.Digest)
	}
}

// TestLinkTextOverlayAgreesWithScan holds POST /validate to check's verdict on the
// files directly in the capabilities folder that may be a link's text
// (Sources.LinkTexts), in the cases review cr32 was asked about.
func TestLinkTextOverlayAgreesWithScan(t *testing.T) {
	dotCaps := overlayWrite(map[string]string{"capreg.json": `{"capabilities": ".", "configSchema": "` + servedSchema + `"}`})
	linkedCaps := func(t *testing.T, repo string) {
		if err := os.MkdirAll(filepath.Join(repo, "vendor"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(repo, "capabilities"), filepath.Join(repo, "vendor/caps")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, "vendor/caps", filepath.Join(repo, "capabilities"))
	}
	linkedText := func(text string) func(*testing.T, string) {
		return func(t *testing.T, repo string) {
			writeTestFile(t, filepath.Join(repo, "shared/mtext"), []byte(text))
			makeSymlink(t, "../shared/mtext", filepath.Join(repo, "capabilities/mirror"))
		}
	}
	for _, tc := range []overlayCase{
		{name: "capabilities folder dot, a link text written at the root", setup: dotCaps,
			files: map[string]string{"mirror": "./shared/mirror"}},
		{name: "capabilities folder dot, a link text deleted at the root",
			setup: func(t *testing.T, repo string) {
				dotCaps(t, repo)
				writeTestFile(t, filepath.Join(repo, "mirror"), []byte("./shared/mirror"))
			},
			deleted: []string{"mirror"}},
		{name: "a link text file made a folder", setup: overlayWrite(map[string]string{"capabilities/mirror": "../shared/mirror"}),
			deleted: []string{"capabilities/mirror"},
			files:   map[string]string{"capabilities/mirror/capability.json": `{"id":"mirror","role":"feature"}`}},
		{name: "a capability folder made a link text file",
			deleted: []string{"capabilities/research"},
			files:   map[string]string{"capabilities/research": "../shared/research"}},
		{name: "a link text reached through a symlink, its target rewritten as one", setup: linkedText("notes\n"),
			files: map[string]string{"shared/mtext": "../shared/mirror"}},
		{name: "a link text reached through a symlink, its target rewritten as prose", setup: linkedText("../shared/mirror"),
			files: map[string]string{"shared/mtext": "notes\n"}},
		{name: "a link text reached through a symlink, its target deleted", setup: linkedText("../shared/mirror"),
			deleted: []string{"shared/mtext"}},
		{name: "a link text written in a linked capabilities folder by its real path", setup: linkedCaps,
			files: map[string]string{"vendor/caps/mirror": "../shared/mirror"}},
		{name: "a link text written in a linked capabilities folder", setup: linkedCaps,
			files: map[string]string{"capabilities/mirror": "../shared/mirror"}},
		{name: "a link text over the size bound made small", setup: overlayWrite(map[string]string{"capabilities/mirror": "../" + string(make([]byte, 2000))}),
			files: map[string]string{"capabilities/mirror": "../shared/mirror"}},
		{name: "the capabilities folder deleted with its link text", setup: overlayWrite(map[string]string{"capabilities/mirror": "../shared/mirror"}),
			deleted: []string{"capabilities"}},
		{name: "a link text written as a folder's file, the folder a link text", setup: overlayWrite(map[string]string{"capabilities/mirror": "../shared/mirror"}),
			files: map[string]string{"capabilities/mirror2": "../shared/mirror2"}},
	} {
		t.Run(tc.name, func(t *testing.T) { overlayAgreesOrRescans(t, tc) })
	}
}

// misplacedLinkTexts returns the files a capability-misplaced warning says
// are a link's text checked out as a file.
func misplacedLinkTexts(snap *store.Snapshot) []string {
	var files []string
	for _, d := range snap.Diagnostics {
		if d.Rule == "capability-misplaced" && strings.Contains(d.Message, "as a symbolic link checked out as a file does") {
			files = append(files, d.File)
		}
	}
	return files
}

// TestWatcherFollowsLinkTextAcrossSizeBound pins that the watcher
// rebuilds when a dotless file of the capabilities folder shrinks under
// validate.MaxLinkText to a link's text, and grows past it again, with
// inotify and under --poll: e9a4501 no longer reads a larger file, and the
// file must still count as read (Input.Read) for a write to it to matter.
func TestWatcherFollowsLinkTextAcrossSizeBound(t *testing.T) {
	for _, poll := range []time.Duration{0, 30 * time.Millisecond} {
		t.Run("poll="+poll.String(), func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			p := filepath.Join(repo, "capabilities/mirror")
			big := []byte(strings.Repeat("x", 4*validate.MaxLinkText))
			writeTestFile(t, p, big)
			w, _ := startWatcher(t, repo, store.WatchOptions{Poll: poll, Debounce: 20 * time.Millisecond})
			if got := misplacedLinkTexts(w.Current()); len(got) != 0 {
				t.Fatalf("a 4 KiB file warned of as a link's text: %v", got)
			}
			if err := os.WriteFile(p, []byte("../shared/mirror"), 0o644); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the warning once the file holds a link's text", func() bool {
				return len(misplacedLinkTexts(w.Current())) == 1
			})
			if err := os.WriteFile(p, big, 0o644); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "no warning once the file is large again", func() bool {
				return len(misplacedLinkTexts(w.Current())) == 0
			})
		})
	}
}

// TestLinkTextWithSpace pins that a capability folder linked to a path
// holding a space, checked out as a file (core.symlinks false), is still
// warned of: Git writes the link's target as it is, spaces included
// ("../shared caps/mirror"). e9a4501 made validate's linkText refuse any
// space, for fragment-link-text ("./gradlew build" is a command), and
// checkLinkTexts shares that function: such a capability now drops out of
// the registry in silence, the r25 regression the warning was made for.
func TestLinkTextWithSpace(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"../shared/mirror", true},
		{"../shared caps/mirror", true},
		{"../My Capabilities/mirror", true},
	} {
		t.Run(tc.text, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "capabilities/mirror"), []byte(tc.text))
			got := misplacedLinkTexts(scanLoadRepo(t, repo))
			if warned := len(got) == 1 && got[0] == "capabilities/mirror"; warned != tc.want {
				t.Errorf("capabilities/mirror holding %q: capability-misplaced for %v, want warned %v", tc.text, got, tc.want)
			}
		})
	}
}
