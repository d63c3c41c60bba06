package main

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"
)

// TestConfigFileUTF16SaysSo: a --config or --enablement file an editor
// saved as "Unicode" (UTF-16, with a byte order mark or without one) is a
// usage error that says the file is UTF-16 and to save it as UTF-8, where
// it said only "unexpected byte 0xff" or a NUL; a UTF-8 file's syntax
// error is as it was.
func TestConfigFileUTF16SaysSo(t *testing.T) {
	dir := t.TempDir()
	encode := func(s string, mark bool) []byte {
		var b []byte
		if mark {
			b = append(b, 0xff, 0xfe)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	marked := write("marked.json", encode(`{"workflow": {"ui_phase": false}}`, true))
	bare := write("bare.json", encode(`{"profile": "core"}`, false))
	broken := write("broken.json", []byte(`{"workflow": }`))
	runCLICases(t, []cliCase{
		{name: "config with a mark", args: []string{"render", "plan:pre", "--repo", "$REPO", "--config", marked}, code: 2,
			stderr: []string{`--config \S+marked\.json:1:1: unexpected byte 0xff, expected a value: the file is UTF-16 \(it starts with a UTF-16 byte order mark\); save it as UTF-8\n`}},
		{name: "enablement without a mark", args: []string{"state", "--repo", "$REPO", "--enablement", bare}, code: 2,
			stderr: []string{`--enablement \S+bare\.json:1:2: .*: the file is UTF-16 \(every other byte is zero, as in UTF-16 without a byte order mark\); save it as UTF-8\n`}},
		{name: "UTF-8", args: []string{"render", "plan:pre", "--repo", "$REPO", "--config", broken}, code: 2,
			notStderr: []string{`UTF-16`}},
	})
}
