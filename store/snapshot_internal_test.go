package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/validate"
)

// loadSnapshot loads testdata/repo afresh: each call reads the files again, so
// two snapshots hold equal bytes in different slices.
func loadSnapshot(t *testing.T) *Snapshot {
	t.Helper()
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: "../testdata/repo"}})
	if err != nil || !snap.OK() {
		t.Fatalf("load testdata/repo: %v %v", err, snap.Diagnostics)
	}
	return snap
}

// sameSlice reports whether a and b are one backing array, which is what
// shareBytes is for (not merely equal bytes).
func sameSlice(a, b []byte) bool {
	return len(a) > 0 && len(a) == len(b) && &a[0] == &b[0]
}

// TestSnapshotShareSourcesHoldsPrevBytes pins shareBytes: every file of
// a rescan whose bytes did not change (manifests, fragments, workflows,
// cards, the config schema) then holds the served snapshot's slice, a file
// that changed keeps its own, and a nil prev or nil sources on either side
// change nothing. Without it the daemon holds each unchanged file twice,
// which no other test sees, as the bytes are equal either way.
func TestSnapshotShareSourcesHoldsPrevBytes(t *testing.T) {
	prev, s := loadSnapshot(t), loadSnapshot(t)
	if s.Sources.ConfigSchema == nil || len(s.Sources.Workflows) == 0 || len(s.Sources.Cards) == 0 {
		t.Fatal("testdata/repo lost its config schema, workflows or cards")
	}
	changed := &s.Sources.Cards[0].File
	changed.Data = append(slices.Clone(changed.Data), ' ')
	mine := changed.Data

	for _, tc := range []struct {
		name       string
		s, prev    *Snapshot
		wantShared bool
	}{
		{"nil prev", s, nil, false},
		{"prev without sources", s, &Snapshot{}, false},
		{"no sources", &Snapshot{}, prev, false},
		{"rescan", s, prev, true},
	} {
		shareBytes(tc.s.Sources, tc.prev.sources())
		if tc.s.Sources == nil {
			continue
		}
		prevFiles := files(prev.Sources)
		for i, f := range files(s.Sources) {
			if f == changed {
				continue
			}
			if got := sameSlice(f.Data, prevFiles[i].Data); got != tc.wantShared {
				t.Errorf("%s: %s shares prev's bytes: %v, want %v", tc.name, f.Path, got, tc.wantShared)
			}
		}
		fragments := 0
		for i, c := range s.Sources.Capabilities {
			for name, f := range c.Files {
				fragments++
				if got := sameSlice(f.Data, prev.Sources.Capabilities[i].Files[name].Data); got != tc.wantShared {
					t.Errorf("%s: fragment %s shares prev's bytes: %v, want %v", tc.name, f.Path, got, tc.wantShared)
				}
			}
		}
		if fragments == 0 {
			t.Errorf("%s: testdata/repo has no fragment", tc.name)
		}
		if !sameSlice(changed.Data, mine) {
			t.Errorf("%s: the changed card took prev's bytes", tc.name)
		}
	}
}

// TestSnapshotShareSourcesSkipsUnreadFiles pins that a file read with an
// error on either side is not shared: only bytes read are the same bytes;
// those of a file at a path not read before (renamed) are shared with a
// file of the same bytes at another.
func TestSnapshotShareSourcesSkipsUnreadFiles(t *testing.T) {
	gone := errors.New("gone")
	for _, tc := range []struct {
		name       string
		prev, s    validate.File
		wantShared bool
	}{
		{"both read", validate.File{Path: "w.md", Data: []byte("x")}, validate.File{Path: "w.md", Data: []byte("x")}, true},
		{"unread before", validate.File{Path: "w.md", Data: []byte("x"), Err: gone}, validate.File{Path: "w.md", Data: []byte("x")}, false},
		{"unread now", validate.File{Path: "w.md", Data: []byte("x")}, validate.File{Path: "w.md", Data: []byte("x"), Err: gone}, false},
		{"other path", validate.File{Path: "v.md", Data: []byte("x")}, validate.File{Path: "w.md", Data: []byte("x")}, true},
		{"other path, other bytes", validate.File{Path: "v.md", Data: []byte("x")}, validate.File{Path: "w.md", Data: []byte("y")}, false},
		{"other path, unread before", validate.File{Path: "v.md", Data: []byte("x"), Err: gone}, validate.File{Path: "w.md", Data: []byte("x")}, false},
	} {
		prev := &Snapshot{Sources: &validate.Sources{Workflows: []validate.File{tc.prev}}}
		s := &Snapshot{Sources: &validate.Sources{Workflows: []validate.File{tc.s}}}
		shareBytes(s.Sources, prev.Sources)
		if got := sameSlice(s.Sources.Workflows[0].Data, prev.Sources.Workflows[0].Data); got != tc.wantShared {
			t.Errorf("%s: shared %v, want %v", tc.name, got, tc.wantShared)
		}
	}
}

// sampleCard is a card with every field sameCard compares set.
func sampleCard() *validate.Card {
	return &validate.Card{ID: "land", Command: "bin/land", Summary: "Land a branch.", IntentPhrases: []string{"merge my branch"},
		Replaces: []string{"git merge .*"}, Effects: "Pushes.", Risk: "destructive", Example: "bin/land"}
}

// TestSnapshotShareSearchOnlyForTheSameCards pins shareSearch: a snapshot
// of the same cards takes prev's search index and command matcher (the
// same pointers, not rebuilt), and one whose cards differ in any field
// search reads, or in number, or hold equal text in other memory, builds
// its own; a nil prev shares nothing.
func TestSnapshotShareSearchOnlyForTheSameCards(t *testing.T) {
	edits := []struct {
		name  string
		edit  func(*validate.Card)
		extra bool
		share bool
	}{
		{"same cards", func(*validate.Card) {}, false, true},
		{"one card more", func(*validate.Card) {}, true, false},
		{"id", func(c *validate.Card) { c.ID = "land2" }, false, false},
		{"command", func(c *validate.Card) { c.Command = "bin/land2" }, false, false},
		{"summary", func(c *validate.Card) { c.Summary = "Other." }, false, false},
		{"intent phrases", func(c *validate.Card) { c.IntentPhrases = []string{"other"} }, false, false},
		{"replaces", func(c *validate.Card) { c.Replaces = []string{"git rebase .*"} }, false, false},
		{"effects", func(c *validate.Card) { c.Effects = "Other." }, false, false},
		{"risk", func(c *validate.Card) { c.Risk = "reversible" }, false, false},
		{"example", func(c *validate.Card) { c.Example = "bin/land x" }, false, false},
		// The same text parsed again, in other bytes: prev's index holds
		// its own, which sharing it would keep beside s's.
		{"summary's text elsewhere", func(c *validate.Card) { c.Summary = strings.Clone(c.Summary) }, false, false},
		{"a phrase's text elsewhere", func(c *validate.Card) { c.IntentPhrases = []string{strings.Clone(c.IntentPhrases[0])} }, false, false},
		{"the same strings in another slice", func(c *validate.Card) { c.Replaces = slices.Clone(c.Replaces) }, false, true},
	}
	for _, tc := range edits {
		prev := &Snapshot{Result: &validate.Result{Cards: []*validate.Card{sampleCard()}}}
		c := sampleCard()
		tc.edit(c)
		cards := []*validate.Card{c}
		if tc.extra {
			cards = append(cards, sampleCard())
		}
		s := &Snapshot{Result: &validate.Result{Cards: cards}}
		s.shareSearch(prev)
		gotIndex, gotMatcher := s.SearchIndex() == prev.SearchIndex(), s.Commands() == prev.Commands()
		if gotIndex != tc.share || gotMatcher != tc.share {
			t.Errorf("%s: shares index %v, matcher %v; want %v", tc.name, gotIndex, gotMatcher, tc.share)
		}
	}
	s := &Snapshot{Result: &validate.Result{Cards: []*validate.Card{sampleCard()}}}
	s.shareSearch(nil)
	if s.SearchIndex() == nil || s.Commands() == nil {
		t.Error("after shareSearch(nil) the snapshot has no index of its own")
	}
}

// TestSnapshotSameCardEachField pins sameCard field by field, which
// decides whether a rebuild may keep the previous search index: a field
// it missed would serve a stale ranking.
func TestSnapshotSameCardEachField(t *testing.T) {
	base := search.Card{ID: "a", Command: "c", Summary: "s", IntentPhrases: []string{"i"}, Replaces: []string{"r"},
		Effects: "e", Risk: "destructive", Example: "x"}
	for _, tc := range []struct {
		name string
		edit func(*search.Card)
		want bool
	}{
		{"same", func(*search.Card) {}, true},
		{"id", func(c *search.Card) { c.ID = "b" }, false},
		{"command", func(c *search.Card) { c.Command = "d" }, false},
		{"summary", func(c *search.Card) { c.Summary = "t" }, false},
		{"intent phrases", func(c *search.Card) { c.IntentPhrases = []string{"j"} }, false},
		{"replaces", func(c *search.Card) { c.Replaces = []string{"q"} }, false},
		{"effects", func(c *search.Card) { c.Effects = "f" }, false},
		{"risk", func(c *search.Card) { c.Risk = "reversible" }, false},
		{"example", func(c *search.Card) { c.Example = "y" }, false},
		// Equal text in other bytes is another card (sameString): the
		// index shared would hold the old bytes (cr84: a field compared
		// by value alone passed every test).
		{"id elsewhere", func(c *search.Card) { c.ID = strings.Clone(c.ID) }, false},
		{"command elsewhere", func(c *search.Card) { c.Command = strings.Clone(c.Command) }, false},
		{"summary elsewhere", func(c *search.Card) { c.Summary = strings.Clone(c.Summary) }, false},
		{"intent phrases elsewhere", func(c *search.Card) { c.IntentPhrases = []string{strings.Clone("i")} }, false},
		{"replaces elsewhere", func(c *search.Card) { c.Replaces = []string{strings.Clone("r")} }, false},
		{"effects elsewhere", func(c *search.Card) { c.Effects = strings.Clone(c.Effects) }, false},
		{"risk elsewhere", func(c *search.Card) { c.Risk = strings.Clone(c.Risk) }, false},
		{"example elsewhere", func(c *search.Card) { c.Example = strings.Clone(c.Example) }, false},
		{"lists copied, same strings", func(c *search.Card) {
			c.IntentPhrases, c.Replaces = slices.Clone(c.IntentPhrases), slices.Clone(c.Replaces)
		}, true},
	} {
		b := base
		tc.edit(&b)
		if got := sameCard(base, b); got != tc.want {
			t.Errorf("%s: sameCard = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSnapshotSameFile pins sameFile: equal when path, bytes and the
// error (its message) agree; an error and bytes, two messages, or another
// path or content differ. The watcher keeps the served snapshot on it.
func TestSnapshotSameFile(t *testing.T) {
	f := validate.File{Path: "a", Data: []byte("x")}
	bad := func(msg string) validate.File { return validate.File{Path: "a", Err: errors.New(msg)} }
	for _, tc := range []struct {
		name string
		a, b validate.File
		want bool
	}{
		{"same bytes", f, validate.File{Path: "a", Data: []byte("x")}, true},
		{"other path", f, validate.File{Path: "b", Data: []byte("x")}, false},
		{"other bytes", f, validate.File{Path: "a", Data: []byte("y")}, false},
		{"read, then not", validate.File{Path: "a"}, bad("gone"), false},
		{"not read, then read", bad("gone"), validate.File{Path: "a"}, false},
		{"same error", bad("gone"), bad("gone"), true},
		{"other error", bad("gone"), bad("denied"), false},
	} {
		if got := sameFile(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: sameFile = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// sampleSources is a Sources with every field sameSources compares set.
func sampleSources() *validate.Sources {
	return &validate.Sources{
		CapabilitiesDir: "capabilities",
		Capabilities: []validate.CapabilitySource{{Folder: "x", Manifest: validate.File{Path: "capabilities/x/capability.json", Data: []byte("{}")},
			Files: map[string]validate.File{"loop/p.md": {Path: "capabilities/x/loop/p.md", Data: []byte("p")}}}},
		Workflows:         []validate.File{{Path: "w.md", Data: []byte("w")}},
		ConfigSchema:      &validate.File{Path: "schema.json", Data: []byte("{}")},
		ConfigSchemaFrom:  validate.SchemaFromRepoConfig,
		ConfigSchemaFound: []string{"schema.json"},
		StrayDeclarations: []string{"stray/capability.json"},
		MisnamedCards:     []string{"bin/t.Card.json"},
		Packages:          []string{"pkg"},
		Cards:             []validate.CardSource{{File: validate.File{Path: "bin/t.card.json", Data: []byte("{}")}, ToolPath: "bin/t", ToolExists: true}},
		Diagnostics:       validate.Diagnostics{{File: "w.md", Rule: "r"}},
		WorkflowRoots:     []string{"workflows"},
		CardRoots:         []string{"bin"},
		RepoConfig:        &validate.File{Path: "capreg.json", Data: []byte("{}")},
	}
}

// TestSnapshotSameSourcesEachField pins sameSources field by field, and
// its nil cases: when it calls two scans the same the watcher keeps the
// served snapshot, so a field it missed would serve stale inputs to POST
// /validate.
func TestSnapshotSameSourcesEachField(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*validate.Sources)
		want bool
	}{
		{"same", func(*validate.Sources) {}, true},
		{"capabilities dir", func(s *validate.Sources) { s.CapabilitiesDir = "caps" }, false},
		{"workflow roots", func(s *validate.Sources) { s.WorkflowRoots = nil }, false},
		{"card roots", func(s *validate.Sources) { s.CardRoots = nil }, false},
		{"diagnostics", func(s *validate.Sources) { s.Diagnostics = nil }, false},
		{"capability folder", func(s *validate.Sources) { s.Capabilities[0].Folder = "y" }, false},
		{"capability manifest", func(s *validate.Sources) { s.Capabilities[0].Manifest.Data = []byte("[]") }, false},
		{"capability fragment", func(s *validate.Sources) {
			s.Capabilities[0].Files["loop/p.md"] = validate.File{Path: "p", Data: []byte("q")}
		}, false},
		{"workflow", func(s *validate.Sources) { s.Workflows[0].Data = []byte("v") }, false},
		{"card file", func(s *validate.Sources) { s.Cards[0].Data = []byte("[]") }, false},
		{"card tool path", func(s *validate.Sources) { s.Cards[0].ToolPath = "bin/u" }, false},
		{"card tool exists", func(s *validate.Sources) { s.Cards[0].ToolExists = false }, false},
		{"card tool leaves", func(s *validate.Sources) { s.Cards[0].ToolLeaves = true }, false},
		{"card siblings", func(s *validate.Sources) { s.Cards[0].Siblings = []string{"u"} }, false},
		{"config schema from", func(s *validate.Sources) { s.ConfigSchemaFrom = validate.SchemaFromFlag }, false},
		{"config schemas found", func(s *validate.Sources) { s.ConfigSchemaFound = nil }, false},
		{"config schema setting", func(s *validate.Sources) { s.ConfigSchemaSetting = "ScanOptions.ConfigSchema" }, false},
		{"stray declarations", func(s *validate.Sources) { s.StrayDeclarations = nil }, false},
		{"misnamed cards", func(s *validate.Sources) { s.MisnamedCards = nil }, false},
		{"packages", func(s *validate.Sources) { s.Packages = nil }, false},
		{"config schema gone", func(s *validate.Sources) { s.ConfigSchema = nil }, false},
		{"config schema changed", func(s *validate.Sources) { s.ConfigSchema = &validate.File{Path: "schema.json", Data: []byte("[]")} }, false},
		{"capreg.json gone", func(s *validate.Sources) { s.RepoConfig = nil }, false},
		{"capreg.json changed", func(s *validate.Sources) { s.RepoConfig = &validate.File{Path: "capreg.json", Data: []byte("\n{}")} }, false},
	} {
		b := sampleSources()
		tc.edit(b)
		if got := sameSources(sampleSources(), b); got != tc.want {
			t.Errorf("%s: sameSources(a, b) = %v, want %v", tc.name, got, tc.want)
		}
		if got := sameSources(b, sampleSources()); got != tc.want {
			t.Errorf("%s: sameSources(b, a) = %v, want %v", tc.name, got, tc.want)
		}
	}
	noSchema := func() *validate.Sources { s := sampleSources(); s.ConfigSchema = nil; return s }
	for _, tc := range []struct {
		name string
		a, b *validate.Sources
		want bool
	}{
		{"both nil", nil, nil, true},
		{"nil and not", nil, sampleSources(), false},
		{"not and nil", sampleSources(), nil, false},
		{"neither has a config schema", noSchema(), noSchema(), true},
	} {
		if got := sameSources(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: sameSources = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// sampleTree is a Tree with every field Tree.same compares set.
func sampleTree() *Tree {
	return &Tree{root: "/r", capDirNamed: true, entries: map[string]entry{"a": entryFile},
		listed: map[string]bool{".": true}, aliases: map[string]string{"l": "a"}, links: map[string][]string{"l": {"a"}}}
}

// TestSnapshotTreeSameEachField pins Tree.same field by field and its nil
// cases (a tree not recorded): two scans that saw different trees must
// not be the same snapshot, or POST /validate judges by the old tree.
func TestSnapshotTreeSameEachField(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Tree)
		want bool
	}{
		{"same", func(*Tree) {}, true},
		{"root", func(t *Tree) { t.root = "/s" }, false},
		{"capabilities dir named", func(t *Tree) { t.capDirNamed = false }, false},
		{"entries", func(t *Tree) { t.entries["b"] = entryDir }, false},
		{"listed", func(t *Tree) { t.listed["b"] = true }, false},
		{"aliases", func(t *Tree) { t.aliases["m"] = "a" }, false},
		{"links", func(t *Tree) { t.links["l"] = []string{"b"} }, false},
	} {
		u := sampleTree()
		tc.edit(u)
		if got := sampleTree().same(u); got != tc.want {
			t.Errorf("%s: same = %v, want %v", tc.name, got, tc.want)
		}
	}
	var none *Tree
	for _, tc := range []struct {
		name string
		a, b *Tree
		want bool
	}{
		{"both nil", none, none, true},
		{"nil and not", none, sampleTree(), false},
		{"not and nil", sampleTree(), none, false},
	} {
		if got := tc.a.same(tc.b); got != tc.want {
			t.Errorf("%s: same = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSnapshotSameAsEachField pins sameAs: a snapshot is the served one
// only when digest, strictness, revision, root, diagnostics, tree and
// sources all agree, and never when there is none served.
func TestSnapshotSameAsEachField(t *testing.T) {
	mk := func(edit func(*Snapshot)) *Snapshot {
		s := &Snapshot{Digest: "d", Strict: true, Revision: "r", Root: "/r", Diagnostics: validate.Diagnostics{{File: "f", Rule: "x"}},
			Tree: sampleTree(), Sources: sampleSources()}
		edit(s)
		return s
	}
	for _, tc := range []struct {
		name string
		edit func(*Snapshot)
		want bool
	}{
		{"same", func(*Snapshot) {}, true},
		{"digest", func(s *Snapshot) { s.Digest = "e" }, false},
		{"strict", func(s *Snapshot) { s.Strict = false }, false},
		{"revision", func(s *Snapshot) { s.Revision = "q" }, false},
		{"root", func(s *Snapshot) { s.Root = "/s" }, false},
		{"diagnostics", func(s *Snapshot) { s.Diagnostics = nil }, false},
		{"tree", func(s *Snapshot) { s.Tree = nil }, false},
		{"sources", func(s *Snapshot) { s.Sources.Packages = nil }, false},
	} {
		if got := mk(tc.edit).sameAs(mk(func(*Snapshot) {})); got != tc.want {
			t.Errorf("%s: sameAs = %v, want %v", tc.name, got, tc.want)
		}
	}
	if mk(func(*Snapshot) {}).sameAs(nil) {
		t.Error("sameAs(nil) = true")
	}
}

// TestSnapshotHoldsNothingAndEmpty pins HoldsNothing (no capability, card
// or host step) and empty (that, and no capreg.json, capability folder,
// stray declaration or package) term by term: empty lets the watcher keep
// a registry over a repository emptied, HoldsNothing is the warning every
// front end gives.
func TestSnapshotHoldsNothingAndEmpty(t *testing.T) {
	capability := []*validate.Capability{{}}
	card := []*validate.Card{{}}
	for _, tc := range []struct {
		name                string
		res                 *validate.Result
		src                 *validate.Sources
		wantNothing, wantEm bool
	}{
		{"nothing at all", &validate.Result{}, &validate.Sources{}, true, true},
		{"no result", nil, &validate.Sources{}, false, false},
		{"no sources", &validate.Result{}, nil, true, false},
		{"a capability", &validate.Result{Capabilities: capability}, &validate.Sources{}, false, false},
		{"a card", &validate.Result{Cards: card}, &validate.Sources{}, false, false},
		{"a capability and a card", &validate.Result{Capabilities: capability, Cards: card}, &validate.Sources{}, false, false},
		{"a contract without steps", &validate.Result{Contract: &validate.Contract{}}, &validate.Sources{}, true, true},
		{"a host step", &validate.Result{Contract: &validate.Contract{Entries: []validate.ContractEntry{{}}}}, &validate.Sources{}, false, false},
		{"capreg.json", &validate.Result{}, &validate.Sources{RepoConfig: &validate.File{Path: "capreg.json"}}, true, false},
		{"a capability folder", &validate.Result{}, &validate.Sources{Capabilities: []validate.CapabilitySource{{Folder: "x"}}}, true, false},
		{"a stray declaration", &validate.Result{}, &validate.Sources{StrayDeclarations: []string{"x/capability.json"}}, true, false},
		{"a package", &validate.Result{}, &validate.Sources{Packages: []string{"pkg"}}, true, false},
	} {
		s := &Snapshot{Result: tc.res, Sources: tc.src}
		if got := s.HoldsNothing(); got != tc.wantNothing {
			t.Errorf("%s: HoldsNothing = %v, want %v", tc.name, got, tc.wantNothing)
		}
		if got := s.empty(); got != tc.wantEm {
			t.Errorf("%s: empty = %v, want %v", tc.name, got, tc.wantEm)
		}
	}
}

// TestSnapshotCheckAnswersAProposal pins CheckContext's answers: a
// proposal that breaks a capability gets its errors (not nothing, as if
// the check had failed), the repository as it is gets none, and an ended
// ctx gets an error and no diagnostics.
func TestSnapshotCheckAnswersAProposal(t *testing.T) {
	snap := loadSnapshot(t)
	broken, err := snap.Overlay(map[string][]byte{"capabilities/research/capability.json": []byte("{")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if diags, err := snap.CheckContext(context.Background(), broken); err != nil || !diags.HasErrors() {
		t.Errorf("broken proposal: %v, %v; want its errors", diags, err)
	}
	if diags, err := snap.CheckContext(context.Background(), snap.Sources); err != nil || diags.HasErrors() {
		t.Errorf("the repository as it is: %v, %v; want no error", diags, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if diags, err := snap.CheckContext(ctx, broken); !errors.Is(err, context.Canceled) || diags != nil {
		t.Errorf("ended ctx: %v, %v; want no diagnostics and context.Canceled", diags, err)
	}
}

// TestSnapshotSameAsSeesCapregJSON: a rescan whose capreg.json changed
// only in layout (lines added before its configSchema) validates the same
// repository, but POST /validate places its findings about the paths
// capreg.json names by those bytes (validate.NewPathPlacer). sameAs
// ignored Sources.RepoConfig, so the watcher kept the snapshot of the old
// capreg.json and answered a proposal with the old line of the value. It
// pins that two snapshots whose answers to one proposal differ are not
// the same.
func TestSnapshotSameAsSeesCapregJSON(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	prev := mustLoad(t, repo)
	cfg := filepath.Join(repo, validate.RepoConfigFile)
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, append([]byte("\n\n\n"), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	s := mustLoad(t, repo)
	answer := func(snap *Snapshot) validate.Diagnostics {
		src, err := snap.Overlay(nil, []string{"config/config-schema.manifest.json"})
		if err != nil {
			t.Fatal(err)
		}
		return snap.Check(src)
	}
	before, after := answer(prev), answer(s)
	if slices.Equal(before, after) {
		t.Fatalf("the proposal is answered alike before and after the edit (%v): the test shows nothing", after)
	}
	if s.sameAs(prev) {
		t.Errorf("sameAs = true, but a proposal is answered %v before and %v after", before, after)
	}
}

// TestRegistryPiecesPointIntoTheArtifact: the pieces a rebuild copies
// from are the registry artifact kept (exactly), not the buffer it was
// encoded in, which would otherwise stay alive beside it, room and all,
// for as long as the snapshot is served.
func TestRegistryPiecesPointIntoTheArtifact(t *testing.T) {
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: "../testdata/repo"}, Cache: validate.NewCache()})
	if err != nil || !snap.OK() || snap.pieces == nil {
		t.Fatalf("load testdata/repo with a cache: %v, pieces %v", err, snap != nil && snap.pieces != nil)
	}
	if reg := snap.Artifact(RegistryFile); !sameSlice(snap.pieces.data, reg) {
		t.Errorf("pieces.data (%d bytes, room for %d) is not the registry artifact (%d bytes)", len(snap.pieces.data), cap(snap.pieces.data), len(reg))
	}
}

// TestShareBytesTakesTheFirstSourceReadingTheSame: a file takes the bytes
// of the first source that read its content at its path (the last
// build's, then the served snapshot's), a later one's when the first
// read other content, and none when none did.
func TestShareBytesTakesTheFirstSourceReadingTheSame(t *testing.T) {
	src := func(data string) *validate.Sources {
		return &validate.Sources{Workflows: []validate.File{{Path: "w.md", Data: []byte(data)}}}
	}
	for _, tc := range []struct {
		name        string
		first, then string
		want        int // which source's bytes: 0 first, 1 then, -1 none
	}{
		{"both read it", "x", "x", 0},
		{"the first read other content", "y", "x", 1},
		{"neither read it", "y", "z", -1},
	} {
		s, first, then := src("x"), src(tc.first), src(tc.then)
		shareBytes(s, nil, first, then)
		got := s.Workflows[0].Data
		for i, from := range []*validate.Sources{first, then} {
			if shared := sameSlice(got, from.Workflows[0].Data); shared != (i == tc.want) {
				t.Errorf("%s: holds source %d's bytes: %v, want source %d's", tc.name, i, shared, tc.want)
			}
		}
	}
}
