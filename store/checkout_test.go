package store_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// Outside any work tree and workspace, the repository is the root: paths
// stay repository-relative, and %SRCROOT% is the repository's folder.
func TestCheckoutOfNone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my repo")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if top := store.WorkTreeTop(dir); top != "" {
		t.Skipf("the temporary folder is in the work tree %s", top)
	}
	got := store.CheckoutOf(dir, filepath.Join(dir, "elsewhere"))
	want := validate.Checkout{URI: "file://" + filepath.ToSlash(filepath.Dir(dir)) + "/my%20repo/"}
	if got != want {
		t.Errorf("CheckoutOf(%s) = %+v, want %+v", dir, got, want)
	}
}

// TestCheckoutOfWorkTreeAndWorkspace: the checkout a repository lies in,
// whose root GitHub resolves sarif and github annotations from, is the
// innermost of the git work tree (a .git folder or file above it) and the
// workspace (GITHUB_WORKSPACE) that holds the repository; the repository's
// place in it is the prefix of every path. A workspace that does not hold
// the repository, or is not absolute, is no checkout of it.
func TestCheckoutOfWorkTreeAndWorkspace(t *testing.T) {
	base := realTemp(t)
	if top := store.WorkTreeTop(base); top != "" {
		t.Skipf("the temporary folder is in the work tree %s", top)
	}
	uri := func(rel string) string { return rel } // the checkout's root, relative to the case's folder
	for _, tt := range []struct {
		name     string
		gitDirs  []string // folders holding a .git folder
		gitFiles []string // folders holding a .git file (a worktree)
		repo, ws string   // relative to base; ws "" for none
		absWS    bool     // ws is given absolute
		link     string   // when set, the repository is given by this link to it
		wsLink   bool     // the workspace is given by a link to it
		want     validate.Checkout
	}{
		{name: "workspace without .git holds the repository", repo: "ws/packages/gsd", ws: "ws", absWS: true,
			want: validate.Checkout{URI: uri("ws"), Prefix: "packages/gsd"}},
		{name: "the workspace is the repository", repo: "ws", ws: "ws", absWS: true,
			want: validate.Checkout{URI: uri("ws")}},
		{name: "work tree above the repository", gitDirs: []string{"wt"}, repo: "wt/sub/dir",
			want: validate.Checkout{URI: uri("wt"), Prefix: "sub/dir"}},
		{name: "a worktree's .git file", gitFiles: []string{"wt"}, repo: "wt/sub",
			want: validate.Checkout{URI: uri("wt"), Prefix: "sub"}},
		{name: "work tree in a folder of the workspace", gitDirs: []string{"ws/co"}, repo: "ws/co/pkg", ws: "ws", absWS: true,
			want: validate.Checkout{URI: uri("ws/co"), Prefix: "pkg"}},
		{name: "another repository's .git above the workspace", gitDirs: []string{"."}, repo: "ws/r", ws: "ws", absWS: true,
			want: validate.Checkout{URI: uri("ws"), Prefix: "r"}},
		{name: "a workspace beside the repository", repo: "r", ws: "other", absWS: true,
			want: validate.Checkout{URI: uri("r")}},
		{name: "a workspace beside the work tree", gitDirs: []string{"wt"}, repo: "wt/r", ws: "other", absWS: true,
			want: validate.Checkout{URI: uri("wt"), Prefix: "r"}},
		{name: "the repository given by a link, its work tree above the real folder", gitDirs: []string{"wt"}, repo: "wt/sub", link: "elsewhere/link",
			want: validate.Checkout{URI: uri("wt"), Prefix: "sub"}},
		{name: "the workspace given by a link", repo: "ws/packages/gsd", ws: "ws", absWS: true, wsLink: true,
			want: validate.Checkout{URI: uri("ws"), Prefix: "packages/gsd"}},
		{name: "a relative workspace", repo: "ws/r", ws: "ws",
			want: validate.Checkout{URI: uri("ws/r")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, err := os.MkdirTemp(base, "case")
			if err != nil {
				t.Fatal(err)
			}
			mk := func(rel string) string {
				p := filepath.Join(root, filepath.FromSlash(rel))
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
				return p
			}
			for _, d := range tt.gitDirs {
				mk(filepath.Join(d, ".git"))
			}
			for _, d := range tt.gitFiles {
				if err := os.WriteFile(filepath.Join(mk(d), ".git"), []byte("gitdir: /nowhere/.git/worktrees/x\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			repo := mk(tt.repo)
			if tt.link != "" {
				link := filepath.Join(mk(filepath.Dir(tt.link)), filepath.Base(tt.link))
				if err := os.Symlink(repo, link); err != nil {
					t.Skip(err)
				}
				repo = link
			}
			ws := tt.ws
			if ws != "" {
				mk(ws)
				if tt.absWS {
					ws = filepath.Join(root, ws)
				}
				if tt.wsLink {
					link := filepath.Join(mk("links"), "ws")
					if err := os.Symlink(ws, link); err != nil {
						t.Skip(err)
					}
					ws = link
				}
			}
			want := tt.want
			want.URI = "file://" + filepath.ToSlash(filepath.Join(root, filepath.FromSlash(want.URI))) + "/"
			if got := store.CheckoutOf(repo, ws); got != want {
				t.Errorf("CheckoutOf(%s, %q) = %+v, want %+v", repo, ws, got, want)
			}
		})
	}
}
