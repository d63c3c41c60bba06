package store_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestChangeErrorCountsOnlyUnnamedPaths: a ChangeError's message names up
// to 20 conflicts and counts only those beyond: a change of one conflict,
// or of exactly 20, is told of without an "and 0 other paths".
func TestChangeErrorCountsOnlyUnnamedPaths(t *testing.T) {
	for _, tc := range []struct {
		n    int
		tail string // the end of the message
	}{
		{1, "p00.md: " + store.ErrWrittenAndDeleted.Error()},
		{20, "p19.md: " + store.ErrWrittenAndDeleted.Error()},
		{21, "p19.md: " + store.ErrWrittenAndDeleted.Error() + "; and 1 other path"},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			files := map[string][]byte{}
			var deleted []string
			for i := range tc.n {
				p := fmt.Sprintf("p%02d.md", i)
				files[p] = []byte("x")
				deleted = append(deleted, p)
			}
			_, err := store.Overlay(nil, files, deleted)
			var ce *store.ChangeError
			if !errors.As(err, &ce) || len(ce.Conflicts) != tc.n {
				t.Fatalf("Overlay = %v, want a ChangeError of %d conflicts", err, tc.n)
			}
			if msg := err.Error(); !strings.HasSuffix(msg, tc.tail) {
				t.Errorf("message ends %q, want it to end %q", msg[max(0, len(msg)-len(tc.tail)-20):], tc.tail)
			}
		})
	}
}

// TestOverlayPathDepthBound: a path of 256 segments, the most a change may
// hold, is accepted, and one of 257 refused with ErrPathTooDeep, written or
// deleted.
func TestOverlayPathDepthBound(t *testing.T) {
	at256 := strings.Repeat("a/", 255) + "x.md"
	at257 := "a/" + at256
	if _, err := store.Overlay(nil, map[string][]byte{at256: []byte("x")}, nil); err != nil {
		t.Errorf("a path of 256 segments: %v, want it accepted", err)
	}
	for _, change := range []struct {
		files   map[string][]byte
		deleted []string
	}{{files: map[string][]byte{at257: []byte("x")}}, {deleted: []string{at257}}} {
		if _, err := store.Overlay(nil, change.files, change.deleted); !errors.Is(err, store.ErrPathTooDeep) {
			t.Errorf("a path of 257 segments (written %v): %v, want ErrPathTooDeep", change.files != nil, err)
		}
	}
}

// TestOverlayKeepsTheSchemaOfHandMadeSources: sources made without a scan
// name their config schema with ConfigSchemaFrom unset; a change that does
// not touch capreg.json or the schema leaves the schema as it was, and one
// carrying a new schema replaces its content.
func TestOverlayKeepsTheSchemaOfHandMadeSources(t *testing.T) {
	schema := &validate.File{Path: "config/schema.json", Data: []byte(`{"type":"object"}`)}
	src := &validate.Sources{CapabilitiesDir: "capabilities", ConfigSchema: schema}
	out, err := store.Overlay(src, map[string][]byte{"docs/notes.md": []byte("notes\n")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.ConfigSchema == nil || out.ConfigSchema.Path != schema.Path || string(out.ConfigSchema.Data) != string(schema.Data) {
		t.Errorf("config schema after an unrelated change = %+v, want %s kept", out.ConfigSchema, schema.Path)
	}
	out, err = store.Overlay(src, map[string][]byte{schema.Path: []byte(`{}`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.ConfigSchema == nil || string(out.ConfigSchema.Data) != `{}` {
		t.Errorf("config schema after it is rewritten = %+v, want the new content", out.ConfigSchema)
	}
}

// TestOverlayWritesBesideLinksThatClimbOut: a link that climbs out of its
// own folder ("../bin/missing") does not lead through that folder, and one
// that stops at a missing folder never reaches what follows it, so a file
// written beside it changes nothing the link resolves to: the change is
// judged, not sent to a rescan, and the answer is check's.
func TestOverlayWritesBesideLinksThatClimbOut(t *testing.T) {
	for _, tc := range []overlayCase{
		{name: "beside a dangling link to a missing file", setup: overlayLink("../bin/missing", "docs/dang"),
			files: map[string]string{"docs/markers.md": "x"}},
		{name: "beside a dangling link into a missing folder", setup: overlayLink("../../scripts/none/x", "docs/deep/dang"),
			files: map[string]string{"docs/deep/new.md": "x"}},
		// The kernel stops at docs/missing: the x.md after the ".." is
		// never reached, so writing docs/x.md changes nothing it resolves.
		{name: "where a dangling link would lead past its missing folder", setup: overlayLink("missing/../x.md", "docs/dang"),
			files: map[string]string{"docs/x.md": "x"}},
	} {
		t.Run(tc.name, func(t *testing.T) { overlayWantCheck(t, tc) })
	}
}

// linkChain returns a setup making docs/l0 the first of n links, the others
// in node_modules (which the scan does not list), the last pointing to
// tools/t.md, which does not exist: n links, as the kernel counts them on
// the way from docs/l0 to its target.
func linkChain(n int) func(*testing.T, string) {
	return func(t *testing.T, repo string) {
		makeSymlink(t, "../node_modules/n1", filepath.Join(repo, "docs/l0"))
		for i := 1; i < n-1; i++ {
			makeSymlink(t, fmt.Sprintf("n%d", i+1), filepath.Join(repo, fmt.Sprintf("node_modules/n%d", i)))
		}
		makeSymlink(t, "../tools/t.md", filepath.Join(repo, fmt.Sprintf("node_modules/n%d", n-1)))
	}
}

// TestOverlayFollowsLinkChainsAsTheKernel: a link reaching its target
// through 40 links, the most the kernel follows, dangles at that target,
// so writing it is sent to a rescan; through 41 it never resolves, and the
// write is judged as check judges it.
func TestOverlayFollowsLinkChainsAsTheKernel(t *testing.T) {
	change := map[string]string{"tools/t.md": "x"}
	repo, _ := scanRepoCopy(t)
	linkChain(40)(t, repo)
	_, err := servedLoad(t, repo).Overlay(overlayBytes(change), nil)
	if want := "where the dangling link docs/l0 points"; !errors.Is(err, store.ErrNeedsRescan) || !strings.Contains(err.Error(), want) {
		t.Errorf("a write at the end of 40 links: Overlay error %v, want a rescan saying %q", err, want)
	}
	overlayWantCheck(t, overlayCase{setup: linkChain(41), files: change})
}

// TestOverlayDeleteThroughALinkedFolderOnALinksWay: a link whose way
// passes through a linked folder (docs/l to lib/t, lib a link to a folder
// in node_modules that the scan reads as a card root) dangles once lib/t
// is deleted, though the overlay sees that delete only at lib/t: it is
// sent to a rescan.
func TestOverlayDeleteThroughALinkedFolderOnALinksWay(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	overlayWrite(map[string]string{
		"capreg.json":        `{"configSchema": "` + servedSchema + `", "cards": ["bin", "lib"]}`,
		"node_modules/pkg/t": "#!/bin/sh\n",
	})(t, repo)
	makeSymlink(t, "node_modules/pkg", filepath.Join(repo, "lib"))
	makeSymlink(t, "../lib/t", filepath.Join(repo, "docs/l"))
	_, err := servedLoad(t, repo).Overlay(nil, []string{"lib/t"})
	if want := "deletes lib/t, at or on the way to where the link docs/l points"; !errors.Is(err, store.ErrNeedsRescan) || !strings.Contains(err.Error(), want) {
		t.Errorf("Overlay error %v, want a rescan saying %q", err, want)
	}
}

// TestOverlayDeletesAFolderALinkClimbsOutOf: a link's way that climbs out
// of its own folders and then out of another (docs/deep/dang to
// ../../bin/../zz/t.md) passes through bin, so deleting bin moves where
// resolving it stops: the delete is sent to a rescan.
func TestOverlayDeletesAFolderALinkClimbsOutOf(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	overlayLink("../../bin/../zz/t.md", "docs/deep/dang")(t, repo)
	_, err := servedLoad(t, repo).Overlay(nil, []string{"bin"})
	if want := "deletes bin, at or on the way to where the link docs/deep/dang points"; !errors.Is(err, store.ErrNeedsRescan) || !strings.Contains(err.Error(), want) {
		t.Errorf("Overlay error %v, want a rescan saying %q", err, want)
	}
}

// TestOverlayOverALinkCycle: links that lead to one another (docs/a to b,
// docs/b to a) never resolve, as the kernel gives up after 40 links; the
// served tree is built, and a change beside them judged, in bounded time.
func TestOverlayOverALinkCycle(t *testing.T) {
	tc := overlayCase{setup: func(t *testing.T, repo string) {
		makeSymlink(t, "b", filepath.Join(repo, "docs/a"))
		makeSymlink(t, "a", filepath.Join(repo, "docs/b"))
	}, files: map[string]string{"docs/markers.md": "x"}}
	overlayWantCheck(t, tc) // scanLoad gives up on a load that does not end
}

// TestOverlayBrokenSchemaLinkWhenDiscoveryChanges: a link named
// config-schema.manifest.json that does not resolve is an input while
// nothing names the config schema (check: file-unreadable or path-escape,
// an error), and none once capreg.json names one. A change to capreg.json
// that starts or stops the discovery over a tree holding such a link is
// refused for a rescan: the overlay, which kept the served findings, said
// ok where check failed (and failed where check passed). Where the walk
// does not reach, or once the change deletes the link, nothing changes,
// and the overlay agrees with check.
func TestOverlayBrokenSchemaLinkWhenDiscoveryChanges(t *testing.T) {
	dangling := func(at string) func(*testing.T, string) {
		return func(t *testing.T, repo string) {
			makeSymlink(t, "missing.json", filepath.Join(repo, filepath.FromSlash(at)))
		}
	}
	leadingOut := func(t *testing.T, repo string) {
		makeSymlink(t, "../outside/none.json", filepath.Join(repo, "config-schema.manifest.json"))
	}
	both := func(setups ...func(*testing.T, string)) func(*testing.T, string) {
		return func(t *testing.T, repo string) {
			for _, s := range setups {
				s(t, repo)
			}
		}
	}
	for _, tc := range []struct {
		overlayCase
		rescan string // in the error; "": the overlay agrees with check
	}{
		{overlayCase{name: "capreg.json deleted, a dangling link at the root",
			setup: dangling("config-schema.manifest.json"), deleted: []string{"capreg.json"}},
			"the link config-schema.manifest.json"},
		{overlayCase{name: "capreg.json names no schema, a dangling link in docs",
			setup: dangling("docs/config-schema.manifest.json"), files: map[string]string{"capreg.json": `{}`}},
			"the link docs/config-schema.manifest.json"},
		{overlayCase{name: "capreg.json made, naming the schema, over a dangling link",
			setup: both(withoutRepoConfig, dangling("config-schema.manifest.json")),
			files: map[string]string{"capreg.json": `{"configSchema": "` + servedSchema + `"}`}},
			"the link config-schema.manifest.json"},
		{overlayCase{name: "capreg.json made, asking for no schema, over a link leading out",
			setup: both(withoutRepoConfig, leadingOut), files: map[string]string{"capreg.json": `{"configSchema": ""}`}},
			"the link config-schema.manifest.json"},
		{overlayCase{name: "capreg.json deleted, a dangling link in node_modules",
			setup: dangling("node_modules/config-schema.manifest.json"), deleted: []string{"capreg.json"}}, ""},
		{overlayCase{name: "capreg.json deleted with the dangling link",
			setup: dangling("config-schema.manifest.json"), deleted: []string{"capreg.json", "config-schema.manifest.json"}}, ""},
		{overlayCase{name: "capreg.json kept, a dangling link at the root",
			setup: dangling("config-schema.manifest.json"), files: map[string]string{"capreg.json": `{"configSchema": "` + servedSchema + `"}`}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.rescan == "" {
				overlayWantCheck(t, tc.overlayCase)
				return
			}
			repo, _ := scanRepoCopy(t)
			tc.setup(t, repo)
			_, err := servedLoad(t, repo).Overlay(overlayBytes(tc.files), tc.deleted)
			var re *store.RescanError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.rescan) {
				t.Fatalf("Overlay: %v; want a rescan for %s", err, tc.rescan)
			}
		})
	}
}

// commandCard is overlayCard's card with the command given.
func commandCard(id, command string) string {
	return strings.Replace(overlayCard(id), `"command":"bin/`+id+`"`, `"command":"`+command+`"`, 1)
}

// commandFindings are the messages of the card-command-missing findings,
// by file.
func commandFindings(diags validate.Diagnostics) map[string]string {
	out := map[string]string{}
	for _, d := range diags {
		if d.Rule == "card-command-missing" {
			out[d.File] = d.Message
		}
	}
	return out
}

// TestOverlayCardCommand: POST /validate judges whether a card's command
// runs a file that is there (card-command-missing) as check does once the
// change is made: a card written, the command's file written or deleted,
// a file near its name written in its folder, and a card the change does
// not touch whose command names a folder the served scan did not list.
func TestOverlayCardCommand(t *testing.T) {
	servedCard := overlayWrite(map[string]string{"bin/dep.card.json": commandCard("dep", "./scripts/deploy.sh prod")})
	tests := []struct {
		overlayCase
		want map[string]string // file → in the message; the files warned of
	}{
		{overlayCase{name: "a card's command made a typo of its own tool",
			files: map[string]string{"bin/land.card.json": commandCard("land", "bin/lnad --onto main")}},
			map[string]string{"bin/land.card.json": `no file bin/lnad is there (a bare word, as kubectl, is a program on PATH and not looked for); did you mean "bin/land", the card's own tool?`}},
		{overlayCase{name: "a new card running a missing file",
			files: map[string]string{"bin/dep.card.json": commandCard("dep", "./scripts/deploy.sh prod"), "bin/dep": "#!/bin/sh\n"}},
			map[string]string{"bin/dep.card.json": "no file scripts/deploy.sh is there"}},
		{overlayCase{name: "a new card running a file the change adds",
			files: map[string]string{"bin/dep.card.json": commandCard("dep", "./scripts/deploy.sh prod"), "bin/dep": "#!/bin/sh\n", "scripts/deploy.sh": "#!/bin/sh\n"}},
			nil},
		{overlayCase{name: "a new card running a bare word",
			files: map[string]string{"bin/dep.card.json": commandCard("dep", "kubectl apply -f k8s/app.yaml"), "bin/dep": "#!/bin/sh\n"}},
			nil},
		{overlayCase{name: "the missing file added", setup: servedCard,
			files: map[string]string{"scripts/deploy.sh": "#!/bin/sh\n"}},
			nil},
		{overlayCase{name: "a file a typo away added beside the missing one", setup: servedCard,
			files: map[string]string{"scripts/depoly.sh": "#!/bin/sh\n"}},
			map[string]string{"bin/dep.card.json": `did you mean "scripts/depoly.sh"?`}},
		{overlayCase{name: "the command's file deleted, one a typo away left",
			setup: overlayWrite(map[string]string{"bin/dep.card.json": commandCard("dep", "./scripts/deploy.sh prod"),
				"scripts/deploy.sh": "#!/bin/sh\n", "scripts/deplay.sh": "#!/bin/sh\n"}),
			deleted: []string{"scripts/deploy.sh"}},
			map[string]string{"bin/dep.card.json": `no file scripts/deploy.sh is there (a bare word, as kubectl, is a program on PATH and not looked for); did you mean "scripts/deplay.sh"?`}},
		{overlayCase{name: "the command's file deleted, a dangling link a typo away left",
			setup: func(t *testing.T, repo string) {
				overlayWrite(map[string]string{"bin/dep.card.json": commandCard("dep", "scripts/deploy.sh"), "scripts/deploy.sh": "#!/bin/sh\n"})(t, repo)
				makeSymlink(t, "gone.sh", filepath.Join(repo, "scripts/deplay.sh"))
			},
			deleted: []string{"scripts/deploy.sh"}},
			map[string]string{"bin/dep.card.json": `did you mean "scripts/deplay.sh"?`}},
		{overlayCase{name: "the folder of the command's file deleted",
			setup:   overlayWrite(map[string]string{"bin/dep.card.json": commandCard("dep", "scripts/tools/deploy.sh"), "scripts/tools/deploy.sh": "#!/bin/sh\n"}),
			deleted: []string{"scripts/tools"}},
			map[string]string{"bin/dep.card.json": "no file scripts/tools/deploy.sh is there"}},
		// Inside a capability folder the served tree lists only what the
		// scan read: what the overlay cannot tell there is as the served
		// scan found it, a file found and the names listed beside a
		// missing one.
		{overlayCase{name: "a file written beside a command's file in a capability folder",
			setup: overlayWrite(map[string]string{"bin/dep.card.json": commandCard("dep", "capabilities/security/loop/run.sh"), "bin/dep": "#!/bin/sh\n",
				"capabilities/security/loop/run.sh": "#!/bin/sh\n"}),
			files: map[string]string{"capabilities/security/loop/notes.md": "Notes.\n"}},
			nil},
		{overlayCase{name: "the missing command's folder deleted and a file a typo away written again",
			setup:   overlayWrite(map[string]string{"bin/dep.card.json": commandCard("dep", "scripts/x/deploy.sh"), "scripts/x/deplyo.sh": "#!/bin/sh\n"}),
			deleted: []string{"scripts/x"}, files: map[string]string{"scripts/x/deplyo.sh": "#!/bin/sh\necho again\n"}},
			map[string]string{"bin/dep.card.json": `did you mean "scripts/x/deplyo.sh"?`}},
		// The served scan lists at most validate.MaxNearby names: once the
		// change deletes some, the folder's names past them are listed.
		{overlayCase{name: "old names deleted from a folder of more near names than are listed",
			setup: overlayWrite(manyNearNames()), deleted: oldNearNames()},
			map[string]string{"bin/dep.card.json": `did you mean "scripts/deploy.bash"?`}},
		{overlayCase{name: "the card's command fixed", setup: servedCard,
			files: map[string]string{"bin/dep.card.json": commandCard("dep", "bin/land")}},
			nil},
		// node_modules is not walked: what a command runs from it is not
		// looked for (cardCommandPath), by the scan nor the overlay.
		{overlayCase{name: "a served card running a file in a folder the walk skips",
			setup: overlayWrite(map[string]string{"bin/lint.card.json": commandCard("lint", "node_modules/.bin/eslnt ."), "bin/lint": "#!/bin/sh\n",
				"node_modules/.bin/eslint": "#!/bin/sh\n"}),
			files: map[string]string{"docs/notes.md": "Notes.\n"}},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := commandFindings(overlayWantCheck(t, tt.overlayCase))
			if len(got) != len(tt.want) {
				t.Errorf("card-command-missing on %v, want on %v", got, tt.want)
			}
			for file, want := range tt.want {
				if !strings.Contains(got[file], want) {
					t.Errorf("%s: card-command-missing %q, want it to say %q", file, got[file], want)
				}
			}
		})
	}
}

// manyNearNames are a card whose command runs scripts/deploy.sh, which is
// not there, and more names near it than validate.MaxNearby: 300 of
// deploy-NNN.sh (three edits off), sorted before deploy.bash (two).
func manyNearNames() map[string]string {
	files := map[string]string{"bin/dep.card.json": commandCard("dep", "scripts/deploy.sh"), "bin/dep": "#!/bin/sh\n", "scripts/deploy.bash": "#!/bin/sh\n"}
	for i := range validate.MaxNearby + 44 {
		files[fmt.Sprintf("scripts/deploy-%03d.sh", i)] = "#!/bin/sh\n"
	}
	return files
}

// oldNearNames are the first 100 of manyNearNames' deploy-NNN.sh.
func oldNearNames() []string {
	var out []string
	for i := range 100 {
		out = append(out, fmt.Sprintf("scripts/deploy-%03d.sh", i))
	}
	return out
}

// TestOverlayCardCommandInSkippedFolder: a command run from a folder the
// walk skips (node_modules/.bin/eslint) is not looked for, by the scan nor
// by POST /validate, which does not know those folders: a new card naming
// one asked for a rescan.
func TestOverlayCardCommandInSkippedFolder(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "node_modules/.bin/eslint"), []byte("#!/bin/sh\n"))
	served := servedLoad(t, repo)
	for _, command := range []string{"node_modules/.bin/eslint .", "vendor/bin/phpunit", "node_modules/.bin/nothing-there"} {
		change := map[string][]byte{"bin/land.card.json": []byte(commandCard("land", command))}
		src, err := served.Overlay(change, nil)
		if err != nil {
			t.Fatalf("%s: Overlay error = %v, want the change judged without a rescan", command, err)
		}
		if d := ruleFindings(served.Check(src), "card-command-missing"); len(d) != 0 {
			t.Errorf("%s: %v, want no card-command-missing: a folder the walk skips is not looked in", command, d)
		}
		writeTestFile(t, filepath.Join(repo, "bin/land.card.json"), change["bin/land.card.json"])
		if d := ruleFindings(servedLoad(t, repo).Diagnostics, "card-command-missing"); len(d) != 0 {
			t.Errorf("%s: check finds %v, want none", command, d)
		}
	}
}

// ruleFindings are the findings of ds of the rule.
func ruleFindings(ds validate.Diagnostics, rule string) validate.Diagnostics {
	return slices.DeleteFunc(slices.Clone(ds), func(d validate.Diagnostic) bool { return d.Rule != rule })
}
