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

// A duplication is matched however it is written: with its descriptor in
// the next word or its default descriptor named, in a line and in a
// pattern alike. ">&<fd>" did not match ">& 2", nor ">& <fd>-" ">&2-".
// (Descriptor 3 is opened first: bash -c refuses a copy of it closed,
// cm14.)
func TestDuplicationSpellings(t *testing.T) {
	checkMatchCommand(t, Compile([]Card{
		{ID: "dup", Replaces: []string{"echo * >&<fd>"}},
		{ID: "move", Replaces: []string{"echo * >& <fd>-"}},
		{ID: "in", Replaces: []string{"read x 0<& 3"}},
		{ID: "err", Replaces: []string{"make 1>&2"}},
	}), []struct {
		cmd  string
		want []string
	}{
		{"echo x >& 2", []string{"dup"}},
		{"echo x 1>&2", []string{"dup"}},
		{"echo x >&2-", []string{"move", "dup"}},
		{"echo x >& 2-", []string{"move", "dup"}},
		{"echo x 1>&2-", []string{"move", "dup"}},
		{"exec 3< f; read x <&3", []string{"in"}},
		{"exec 3< f; read x 0<&3", []string{"in"}},
		{"exec 3< f; read x <& 3", []string{"in"}},
		{"make >&2", []string{"err"}},
		{"make >& 2", []string{"err"}},
		// Another descriptor, or a file, is not the one named.
		{"echo x 2>&1", nil},
		{"exec 3< f; read x <&4", nil},
		{"make 2>&1", nil},
		{"make >& err.log", nil},
		{"make '>&' 2", nil},
	})
}
