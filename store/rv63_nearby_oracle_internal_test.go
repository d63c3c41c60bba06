package store

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestOverlayListsAsBeforeItsGrouping holds filesAfter and updateSiblings
// to what they answered before f4540a54 grouped each folder's files once
// and cached each name's comparison word: the oracles below are their
// code at f4540a54^ (MayMeanCommand as it reads now, a served list at
// its cap read as filesAfter reads it), walking the whole change for each
// card. Both answer, over the same overlay, for repositories
// and changes made at random: cards added and deleted, tools written and
// deleted, names differing in case, in composition (NFC, NFD) and by a
// typo, links (to a file, dangling, to a folder, out of the repository),
// a folder reached through a link (which the tree does not list), a file
// written where the tree lists one, a file written under a name making it
// a folder, and a folder of more than validate.MaxNearby names a typo from
// a command; with the scanned tree and without one (Overlay).
func TestOverlayListsAsBeforeItsGrouping(t *testing.T) {
	outside := t.TempDir()
	seeds, changes := 16, 30
	if testing.Short() {
		seeds = 6
	}
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 63))
		repo := t.TempDir()
		paths := oracleRepo(t, rng, repo, outside)
		in, err := Scan(context.Background(), ScanOptions{Repo: repo, Tree: true})
		if err != nil {
			t.Fatal(err)
		}
		for k := range changes {
			tree := in.Tree
			if k%5 == 4 {
				tree = nil // Overlay, without the tree
			}
			files, deleted := oracleChange(rng, paths)
			now, ok := overlayerBeforeSiblings(&in.Sources, tree, files, deleted)
			if !ok {
				continue // a change refused
			}
			then, _ := overlayerBeforeSiblings(&in.Sources, tree, files, deleted)
			where := fmt.Sprintf("seed %d, change %d (tree %t): files %q, deleted %q", seed, k, tree != nil, slices.Sorted(maps.Keys(files)), deleted)

			now.updateSiblings()
			oracleUpdateSiblings(then)
			for i := range now.src.Cards {
				a, b := &now.src.Cards[i], &then.src.Cards[i]
				if !slices.Equal(a.Siblings, b.Siblings) || !slices.Equal(a.Loose, b.Loose) {
					t.Errorf("%s: card %s: siblings %q, loose %q; before, %q and %q", where, a.Path, a.Siblings, a.Loose, b.Siblings, b.Loose)
				}
			}

			// Each card's command as updateCommands asks, then any name of
			// each folder, one overlay answering them all as it caches.
			type ask struct {
				p      string
				listed bool
				served []string
			}
			var asks []ask
			for _, c := range now.src.Cards {
				if p := cardCommandPath(c.Data); p != "" {
					asks = append(asks, ask{p, true, c.CommandNearby}, ask{p, false, c.CommandNearby})
				}
			}
			for range 12 {
				dir := oracleDirs[rng.IntN(len(oracleDirs))]
				p := path.Join(dir, oracleNames[rng.IntN(len(oracleNames))])
				asks = append(asks, ask{p, false, nil}, ask{p, true, in.Tree.filesIn(dir)})
			}
			for _, a := range asks {
				got, want := now.filesAfter(a.p, a.listed, a.served), oracleFilesAfter(then, a.p, a.listed, a.served)
				if !slices.Equal(got, want) {
					t.Errorf("%s: filesAfter(%q, listed %t) = %q; before, %q", where, a.p, a.listed, got, want)
				}
			}
		}
	}
}

// overlayerBeforeSiblings is overlay's overlayer up to updateSiblings, or
// false for a change it refuses.
func overlayerBeforeSiblings(src *validate.Sources, tree *Tree, files map[string][]byte, deleted []string) (*overlayer, bool) {
	ch, err := newChange(files, deleted)
	if err != nil || ch.conflicts(tree) != nil {
		return nil, false
	}
	o := &overlayer{src: cloneSources(src), served: src, tree: tree, ch: ch, lay: servedLayout(src, tree).index()}
	o.dropStaleDiagnostics()
	o.applyRepoConfig()
	o.deleteAll()
	for _, p := range ch.order {
		o.put(p, ch.files[p])
	}
	o.dropWorkflows()
	o.updateTools()
	return o, true
}

// The folders of the repositories made (via is a link to tools/sub, which
// the tree does not list; gone is none), and the names in them: a typo,
// a case or a composition from each other.
var (
	oracleDirs  = []string{"bin", "tools", "tools/sub", "Tools", "bulk", "via", "gone"}
	oracleNames = []string{"deploy", "deploy.sh", "Deploy.sh", "DEPLOY.SH", "dep-loy.sh", "deploy_v2.sh", "depoly.sh", "deplo", "deploy.py",
		"résumé.sh", "re\u0301sume\u0301.sh", "Résumé.sh", "resume.sh", "RE\u0301SUME\u0301.SH", "straße", "STRASSE", "ﬁle.sh", "file.sh",
		"run", "runbook", "rub", "x", "ǅemal", "džemal", "README", "notes.md", ".hidden", "deploy-007.sh", "deploy-300.sh"}
)

const oracleTool = "#!/bin/sh\n"

// oracleCard is a card of the tool p whose command runs cmd.
func oracleCard(p, cmd string) []byte {
	data, err := json.Marshal(map[string]any{"id": "t", "command": cmd + " --x", "summary": "Does one thing.",
		"intent_phrases": []string{"do the thing"}, "effects": "Writes nothing.", "risk": "reversible", "example": p})
	if err != nil {
		panic(err)
	}
	return data
}

// oracleCommand is a path a card's command may run: a name of a folder.
func oracleCommand(rng *rand.Rand) string {
	return path.Join(oracleDirs[rng.IntN(len(oracleDirs))], oracleNames[rng.IntN(len(oracleNames))])
}

// oracleRepo writes a repository at random and returns the paths it holds.
func oracleRepo(t *testing.T, rng *rand.Rand, repo, outside string) []string {
	t.Helper()
	var paths []string
	write := func(p string, data []byte) {
		full := filepath.Join(repo, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o755); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	link := func(target, p string) {
		full := filepath.Join(repo, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, full); err != nil {
			t.Skipf("cannot create a symlink here: %v", err)
		}
		paths = append(paths, p)
	}
	for _, dir := range oracleDirs[:4] {
		for _, name := range oracleNames {
			switch r := rng.IntN(20); {
			case r < 5:
				write(path.Join(dir, name), []byte(oracleTool))
			case r < 8:
				write(path.Join(dir, name+".card.json"), oracleCard(path.Join(dir, name), oracleCommand(rng)))
			case r == 8:
				link(oracleNames[rng.IntN(len(oracleNames))], path.Join(dir, name)) // a file, or dangling
			case r == 9:
				link(outside, path.Join(dir, name))
			}
		}
	}
	if err := os.MkdirAll(filepath.Join(repo, "tools/sub/inner"), 0o755); err != nil {
		t.Fatal(err)
	}
	link("inner", "tools/sub/deploy.d") // a folder
	link("tools/sub", "via")
	if rng.IntN(2) == 0 {
		for i := range validate.MaxNearby + 44 {
			write(fmt.Sprintf("bulk/deploy-%03d.sh", i), []byte(oracleTool))
		}
		write("bin/bulk.card.json", oracleCard("bin/bulk", "bulk/deploy.sh"))
	}
	return paths
}

// oracleChange is a change at random over the repository holding paths.
func oracleChange(rng *rand.Rand, paths []string) (map[string][]byte, []string) {
	files := map[string][]byte{}
	var deleted []string
	for range 1 + rng.IntN(8) {
		switch rng.IntN(7) {
		case 0, 1: // a card, new or written again
			tool := oracleCommand(rng)
			files[tool+".card.json"] = oracleCard(tool, oracleCommand(rng))
		case 2: // a tool, new or written again, or a file the tree lists
			if rng.IntN(2) == 0 && len(paths) > 0 {
				files[paths[rng.IntN(len(paths))]] = []byte(oracleTool)
			} else {
				files[oracleCommand(rng)] = []byte(oracleTool)
			}
		case 3, 4: // a delete of what is there
			if len(paths) > 0 {
				deleted = append(deleted, paths[rng.IntN(len(paths))])
			}
		case 5: // a file under a name, which makes it a folder
			files[oracleCommand(rng)+"/inner.sh"] = []byte(oracleTool)
		case 6: // many near a command's name, or a folder deleted
			if rng.IntN(3) == 0 {
				deleted = append(deleted, oracleDirs[rng.IntN(len(oracleDirs))])
				break
			}
			for range 1 + rng.IntN(validate.MaxNearby+10) {
				files[fmt.Sprintf("bulk/deploy-%03d.sh", rng.IntN(400))] = []byte(oracleTool)
			}
		}
	}
	return files, deleted
}

// oracleUpdateSiblings is updateSiblings at f4540a54^.
func oracleUpdateSiblings(o *overlayer) {
	touched := o.ch.parentDirs()
	var inTree map[string][]string
	var carded map[string]bool
	for i := range o.src.Cards {
		c := &o.src.Cards[i]
		dir := parentDir(c.ToolPath)
		if !o.ch.puts(c.Path) && !touched[dir] {
			continue
		}
		l := validate.NewSiblingList(c)
		if l == nil {
			c.Siblings, c.Loose = nil, nil
			continue
		}
		var names []string
		if o.tree != nil && o.tree.listed[dir] {
			if inTree == nil {
				inTree = o.treeNames()
			}
			names = slices.Clone(inTree[dir])
		} else {
			names = append(slices.Clip(c.Siblings), c.Loose...)
		}
		for _, p := range o.ch.order {
			if parentDir(p) == dir {
				names = append(names, path.Base(p))
			}
		}
		if carded == nil {
			carded = make(map[string]bool, len(o.src.Cards))
			for j := range o.src.Cards {
				carded[o.src.Cards[j].ToolPath] = true
			}
		}
		slices.Sort(names)
		for _, name := range slices.Compact(names) {
			p := path.Join(dir, name)
			loose := !l.Wants(name)
			if loose && (!l.WantsLoose(name) || carded[p]) {
				continue
			}
			if at := o.existsAfter(p); at != file && at != unknown {
				continue
			}
			if loose {
				l.AddLoose(name)
			} else {
				l.Add(name)
			}
		}
		c.Siblings, c.Loose = l.Names(), l.LooseNames()
	}
}

// oracleFilesAfter is filesAfter at f4540a54^, a served list at its cap
// read from the tree as filesAfter now reads it.
func oracleFilesAfter(o *overlayer, p string, listed bool, served []string) []string {
	dir := parentDir(p)
	var names []string
	if listed && (len(served) < validate.MaxNearby || o.tree == nil || !o.tree.listed[dir]) {
		names = slices.Clone(served)
	} else {
		names = o.tree.filesIn(dir)
	}
	for _, w := range o.ch.order {
		if parentDir(w) == dir && !slices.Contains(names, w) {
			names = append(names, w)
		}
	}
	names = slices.DeleteFunc(names, func(w string) bool {
		return !validate.MayMeanCommand(p, w) || !o.ch.puts(w) && (o.ch.removes(w) || o.ch.dirs[w])
	})
	slices.Sort(names)
	if len(names) > validate.MaxNearby {
		names = names[:validate.MaxNearby]
	}
	return names
}
