package store_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestInputBoundDefaultAsDocumented ties the default the input-too-large
// rule and the README state to DefaultMaxInputBytes: the rule's summary
// lives in validate, which cannot import store, so a changed default
// would otherwise leave every finding's documentation naming the old one.
func TestInputBoundDefaultAsDocumented(t *testing.T) {
	if store.DefaultMaxInputBytes%(1<<20) != 0 {
		t.Fatalf("DefaultMaxInputBytes %d is no whole number of MiB; say it in bytes where it is documented", store.DefaultMaxInputBytes)
	}
	want := fmt.Sprintf("default %d MiB", store.DefaultMaxInputBytes>>20)
	var summary string
	for _, r := range validate.Rules {
		if r.ID == "input-too-large" {
			summary = r.Summary
		}
	}
	if !strings.Contains(summary, want) {
		t.Errorf("rule input-too-large's summary does not say %q:\n\t%s", want, summary)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	flag := "`--max-input-bytes N` (" + want + ";"
	if !strings.Contains(string(readme), flag) {
		t.Errorf("README.md does not describe the flag as %q", flag)
	}
}
