package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestArtifactsInEmptyDir: a dir of "" is the working directory for
// WriteArtifacts as it is for CheckArtifacts (and for ScanOptions.Repo):
// WriteArtifacts failed with "mkdir : no such file or directory", while
// CheckArtifacts of the same "" compared the files there.
func TestArtifactsInEmptyDir(t *testing.T) {
	repo, err := filepath.Abs("../testdata/repo")
	if err != nil {
		t.Fatal(err)
	}
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	if err != nil || !snap.OK() {
		t.Fatalf("Load: %v", err)
	}
	t.Chdir(t.TempDir())
	w, err := store.WriteArtifacts(context.Background(), "", snap)
	if err != nil || len(w) != len(store.ArtifactNames) {
		t.Fatalf(`WriteArtifacts("") = %v, %v; want the %d artifacts written in the working directory`, w, err, len(store.ArtifactNames))
	}
	for _, name := range store.ArtifactNames {
		if data, err := os.ReadFile(name); err != nil || string(data) != string(snap.Artifact(name)) {
			t.Errorf("%s in the working directory: %v", name, err)
		}
	}
	if d, err := store.CheckArtifacts(context.Background(), "", snap); err != nil || len(d) != 0 {
		t.Errorf(`CheckArtifacts("") after WriteArtifacts("") = %v, %v; want no drift`, d, err)
	}
}
