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
