package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
)

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

// TestLinkTextOverlayCR32 holds POST /validate to check's verdict on the
// files directly in the capabilities folder that may be a link's text
// (Sources.LinkTexts), in the cases review cr32 was asked about.
func TestLinkTextOverlayCR32(t *testing.T) {
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
