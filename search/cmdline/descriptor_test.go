package cmdline

import "testing"

// A placeholder after ">&" is a descriptor only when it is the whole word
// and named as one.
func TestDescriptorPlaceholders(t *testing.T) {
	for w, want := range map[string]bool{
		"<fd>": true, "<fd>-": true, "<n>": true, "<FD>": true, "<$fd>": true, "<fd-2>": true, "<descriptor>": true, "<file-descriptor>": true,
		"<file>": false, "<name>": false, "<num>": false, "<n-files>": false, "<log-n>": false, "<out_n>": false, "<fd>.log": false,
		"2": true, "2-": true, "-": true, "out": false, "2x": false,
	} {
		if got := descriptor(w); got != want {
			t.Errorf("descriptor(%q) = %v, want %v", w, got, want)
		}
	}
}
