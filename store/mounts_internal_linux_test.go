package store

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

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
		`/srv/odd\088`:          `/srv/odd\088`, // 8 is no octal digit
		`/srv/repo\040`:         "/srv/repo ",   // an escape at the end
	} {
		if got := unescapeMountPoint(in); got != want {
			t.Errorf("unescapeMountPoint(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMountPointsAtAboveOrBelow: the mounts that decide what the
// repository holds are those at it, above it (a volume mounted over a
// parent folder) and below it (one mounted inside it); a mount elsewhere
// is no change to watch anew for, nor is any for a path unknown (""; the
// repository's real path where it is missing).
func TestMountPointsAtAboveOrBelow(t *testing.T) {
	var m *mountWatch
	has := func(table, at string) bool { return strings.Contains(table, " "+at+"\n") }
	if info, err := os.ReadFile("/proc/self/mountinfo"); err != nil || !bytes.Contains(info, []byte(" /proc ")) {
		t.Skipf("no mount at /proc in the mount table (%v):\n%s", err, info)
	}
	if all := m.mountPoints("/"); !has(all, "/proc") {
		t.Errorf("mountPoints(/) leaves out /proc, mounted below it:\n%s", all)
	}
	if below := m.mountPoints("/proc/self/fd"); !has(below, "/proc") {
		t.Errorf("mountPoints(/proc/self/fd) leaves out /proc, mounted above it:\n%s", below)
	}
	if got := m.mountPoints("/proc"); !has(got, "/proc") {
		t.Errorf("mountPoints(/proc) leaves out /proc, mounted at it:\n%s", got)
	}
	elsewhere := t.TempDir()
	for _, got := range []string{m.mountPoints(elsewhere), m.mountPoints("", elsewhere)} {
		if has(got, "/proc") {
			t.Errorf("mountPoints of %s names /proc, mounted elsewhere:\n%s", elsewhere, got)
		}
	}
}
