package store_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCR24TooDeepOutsideRoots pins that tooDeep's new under(sc.capDir),
// true anywhere for ".", did not make every deep folder an error: without
// capreg.json (capabilities/) and with roots capreg.json names, a folder
// 257 deep is still a warning outside them and an error inside (README:
// "an error inside the capabilities folder or a card or workflow root
// capreg.json names, a warning elsewhere").
func TestCR24TooDeepOutsideRoots(t *testing.T) {
	for _, tc := range []struct{ name, config, top, want string }{
		{"default layout, outside", "", "fixtures", "warning"},
		{"default layout, inside", "", "capabilities", "error"},
		{"cards root, outside", `{"cards": ["ui"]}`, "fixtures", "warning"},
		{"cards root, inside", `{"cards": ["ui"]}`, "ui", "error"},
		{"workflows root, outside", `{"workflows": ["wf"]}`, "fixtures", "warning"},
		{"capabilities named, outside", `{"capabilities": "caps"}`, "capabilities", "warning"},
		{"capabilities ./", `{"capabilities": "./"}`, "fixtures", "error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			if tc.config != "" {
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tc.config))
			}
			for _, root := range []string{"ui", "wf", "caps"} { // configured roots exist
				if err := os.MkdirAll(filepath.Join(repo, root), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if got := deepFolderSeverities(t, repo, tc.top); got != tc.want {
				t.Errorf("file-unreadable severities %q, want %q", got, tc.want)
			}
		})
	}
}
