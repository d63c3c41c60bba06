package store

import (
	"testing"

	"golang.org/x/sys/unix"
)

// TestUnnotifiedFSNamesTheKernelsMagic: the file systems on which inotify
// misses the changes made elsewhere are known by the f_type statfs gives
// them (linux/magic.h, as golang.org/x/sys/unix has it), each named in
// the WARN; a local file system (ext4, xfs, btrfs, tmpfs, overlayfs) is
// watched alone, as /proc is, and a folder not there names none.
func TestUnnotifiedFSNamesTheKernelsMagic(t *testing.T) {
	for magic, want := range map[uint32]string{
		unix.NFS_SUPER_MAGIC:       "nfs",
		unix.SMB_SUPER_MAGIC:       "smb",
		unix.CIFS_SUPER_MAGIC:      "cifs",
		unix.SMB2_SUPER_MAGIC:      "smb2",
		unix.FUSE_SUPER_MAGIC:      "fuse",
		unix.V9FS_MAGIC:            "9p",
		unix.CEPH_SUPER_MAGIC:      "ceph",
		unix.AFS_SUPER_MAGIC:       "afs",
		unix.AFS_FS_MAGIC:          "afs",
		unix.CODA_SUPER_MAGIC:      "coda",
		unix.NCP_SUPER_MAGIC:       "ncp",
		unix.OCFS2_SUPER_MAGIC:     "ocfs2",
		unix.EXT4_SUPER_MAGIC:      "",
		unix.XFS_SUPER_MAGIC:       "",
		unix.BTRFS_SUPER_MAGIC:     "",
		unix.TMPFS_MAGIC:           "",
		unix.OVERLAYFS_SUPER_MAGIC: "",
		unix.PROC_SUPER_MAGIC:      "",
	} {
		if got := unnotifiedFS(magic); got != want {
			t.Errorf("unnotifiedFS(%#x) = %q, want %q", magic, got, want)
		}
	}
	if got := fileSystemType("/proc"); got != "" {
		t.Errorf("fileSystemType(/proc) = %q, want \"\" (procfs)", got)
	}
	if got := fileSystemType("/no/such/folder"); got != "" {
		t.Errorf("fileSystemType of a missing folder = %q, want \"\"", got)
	}
}
