package storetest

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteToolCards adds n tool cards to the repository at dir, each beside
// its tool in tools/tNN/ (30 folders), with replaces patterns of the
// usual shapes (two of: a regexp, placeholders, an alternation, a literal
// command): card i is tools/t<i%30>/<verb>-<i>.card.json, its id
// <verb>-<i>. The cards pass the gate.
func WriteToolCards(dir string, n int) error {
	verbs := []string{"deploy", "rollback", "inspect", "rotate", "backup", "restore", "lint", "format"}
	replaces := []func(string, int) string{
		func(v string, i int) string {
			return fmt.Sprintf(`"kubectl %s deployment/svc-%d .*", "make %s-%d <env>"`, v, i, v, i)
		},
		func(v string, i int) string {
			return fmt.Sprintf(`"(helm|kubectl) %s release-%d", "git %s --force origin %d"`, v, i, v, i)
		},
	}
	for i := range n {
		v := verbs[i%len(verbs)]
		tool := filepath.Join(dir, "tools", fmt.Sprintf("t%02d", i%30), fmt.Sprintf("%s-%04d", v, i))
		card := fmt.Sprintf(`{
  "id": "%s-%04d",
  "command": "tools/%s-%04d <target> [--dry-run]",
  "summary": "%s a target (card %d).",
  "intent_phrases": ["%s the target", "I need to %s something quickly"],
  "replaces": [%s],
  "effects": "Calls the API to %s it.",
  "risk": "reversible",
  "example": "tools/%s-%04d prod"
}
`, v, i, v, i, v, i, v, v, replaces[i%len(replaces)](v, i), v, v, i)
		if err := writeToolAndCard(tool, card); err != nil {
			return err
		}
	}
	return nil
}

// writeToolAndCard writes tool, a shell script, and card beside it as
// tool.card.json, making tool's folder.
func writeToolAndCard(tool, card string) error {
	if err := os.MkdirAll(filepath.Dir(tool), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(tool, []byte("#!/bin/sh\n"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(tool+".card.json", []byte(card), 0o644)
}
