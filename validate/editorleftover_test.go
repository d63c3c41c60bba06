package validate

import "testing"

// TestEditorLeftover: the names an editor, a merge or an atomic save
// leaves beside a file, and some that are none.
func TestEditorLeftover(t *testing.T) {
	for name, want := range map[string]bool{
		"capability.json~": true, "capability.json.bak": true, "capability.json.BAK": true, "capability.json.orig": true,
		"capability.json.swp": true, "capability.json.swo": true, ".capability.json.swp": true,
		"capability.json.tmp": true, "capability.json.tmp1234": true, "capability.json.tmp.1": true, "capability.json.tmp-x8Yq": true,
		".#capability.json": true, "#capability.json#": true, "4913": true,
		"capability.json": false, "Capability.json": false, "capability.json.txt": false, "capability.json.tmpl": false,
		"capability.yaml": false, "#": false, "##": false, "49131": false, "tmp": false, ".tmp": false,
	} {
		if got := EditorLeftover(name); got != want {
			t.Errorf("EditorLeftover(%q) = %t, want %t", name, got, want)
		}
	}
}
