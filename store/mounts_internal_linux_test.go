package store

import "testing"

// TestUnescapeMountPoint: mountinfo writes a space, tab, newline and
// backslash in a mount point as octal escapes; a repository under "my
// repo" must match its mount's line.
func TestUnescapeMountPoint(t *testing.T) {
	for in, want := range map[string]string{
		`/srv/repo`:             "/srv/repo",
		`/srv/my\040repo`:       "/srv/my repo",
		`/srv/a\011b\012c\134d`: "/srv/a\tb\nc\\d",
		`/srv/odd\04`:           `/srv/odd\04`, // cut short: kept as written
		`/srv/odd\089`:          `/srv/odd\089`,
	} {
		if got := unescapeMountPoint(in); got != want {
			t.Errorf("unescapeMountPoint(%q) = %q, want %q", in, got, want)
		}
	}
}
