package main

import (
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestReadmePrecommitHookIsTheTestedOne: the pre-commit hook README.md's
// "Wiring the gate into CI" gives is, byte for byte, the hook.sh that
// testdata/script/trial8_precommit.txtar runs, so the one a team copies
// is the one tested.
func TestReadmePrecommitHookIsTheTestedOne(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "### Wiring the gate into CI\n")
	if !ok {
		t.Fatal("README.md has no section Wiring the gate into CI")
	}
	_, block, ok := strings.Cut(sec, "```sh\n")
	if !ok {
		t.Fatal("the section holds no sh block")
	}
	block, _, _ = strings.Cut(block, "```\n")
	ar, err := txtar.ParseFile("testdata/script/trial8_precommit.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name == "hook.sh" {
			if string(f.Data) != block {
				t.Fatalf("README's hook:\n%s\ntested hook.sh:\n%s", block, f.Data)
			}
			return
		}
	}
	t.Fatal("trial8_precommit.txtar holds no hook.sh")
}
