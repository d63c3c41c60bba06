//go:build linux

package store

import "syscall"

// unnotifiedFS names the file systems, by statfs f_type (linux/magic.h,
// statfs(2)), on which inotify reports only the changes made through this
// kernel's own mount: a change made on another machine (an NFS or SMB
// server, a git-sync in a pod on another node writing to the same EFS or
// CephFS volume), behind a FUSE mount (sshfs, s3fs, gcsfuse, virtiofs,
// Docker Desktop's shares, a bindfs view edited at its source), or on the
// host of a VirtualBox or 9p share (Vagrant, WSL 2's /mnt/c) raises no
// event. Other types give "".
func unnotifiedFS(fsType uint32) string {
	switch fsType {
	case 0x6969:
		return "nfs"
	case 0x517b:
		return "smb"
	case 0xff534d42:
		return "cifs"
	case 0xfe534d42:
		return "smb2"
	case 0x65735546:
		return "fuse"
	case 0x01021997:
		return "9p"
	case 0x786f4256:
		return "vboxsf"
	case 0x00c36400:
		return "ceph"
	case 0x5346414f, 0x6b414653:
		return "afs"
	case 0x73757245:
		return "coda"
	case 0x564c:
		return "ncp"
	case 0x01161970:
		return "gfs2"
	case 0x7461636f:
		return "ocfs2"
	case 0x0bd00bd0:
		return "lustre"
	case 0x47504653:
		return "gpfs"
	}
	return ""
}

// fileSystemType returns the name of the file system holding dir when it
// is one whose changes inotify may not report (unnotifiedFS), else "".
func fileSystemType(dir string) string {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return ""
	}
	return unnotifiedFS(uint32(st.Type))
}
