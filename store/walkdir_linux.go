package store

import (
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// walkDir is a directory the scan walks. On Linux it is an open
// descriptor, listed with getdents, whose entries carry their type, and
// its entries are opened from it by name with plain openat calls. An
// os.Root took more than twice the system calls for the same: it lstats a
// folder before opening it (asDir's trailing separator) and fstats it
// after, lists it through a second descriptor (open ".", four fcntl, an
// epoll_ctl a folder refuses), lstats every entry it lists (an *os.File
// opened in a Root does not trust the listing's type), and each file
// opened as an *os.File costs an epoll_ctl more: 22 system calls for a
// capability folder and its declaration, now 10 (BenchmarkScan10k). An
// entry is opened by its name alone, never followed if it is a link
// (O_NOFOLLOW), and a folder with O_DIRECTORY, which refuses a FIFO without
// opening it: nothing leaves the folder, as nothing leaves an os.Root.
// Whatever fails that way (a link, a name swapped for another kind since
// the listing, a folder that cannot be searched) is opened from the
// repository root by the caller, as before.
type walkDir struct {
	fd int // -1: its entries are opened from the repository root
	// f owns fd when the folder was opened through the repository root,
	// or lists it (fd -1); nil for a folder opened by descriptor.
	f    *os.File
	path string // the folder's real path, which errors name
}

// newWalkDir is the folder f, opened as "." of the os.Root d, whose
// entries are opened from it: opening "." in it shows it searchable. d
// itself is no longer needed.
func newWalkDir(d *os.Root, f *os.File, real string) *walkDir {
	d.Close()
	return &walkDir{fd: int(f.Fd()), f: f, path: real}
}

// listOnly is a folder the scan can list through f but not open entries
// from (not searchable): it is listed as an *os.File lists, and its entries
// are opened from the repository root.
func listOnly(f *os.File, real string) *walkDir { return &walkDir{fd: -1, f: f, path: real} }

// opensEntries says whether the folder's entries are opened from it.
func (d *walkDir) opensEntries() bool { return d.fd >= 0 }

// entryName reports whether name is one entry of a folder: nothing else
// is opened by descriptor.
func entryName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.Contains(name, "/")
}

// openDir opens the folder name, an entry of d, to walk it; false when
// it cannot be opened so (the caller opens it from the repository root).
func (d *walkDir) openDir(name string) (*walkDir, bool) {
	if d.fd < 0 || !entryName(name) {
		return nil, false
	}
	fd, err := openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
	if err != nil {
		return nil, false
	}
	// Its entries can be opened from it only if it is searchable, which
	// looking up "." in it shows, as os.Root's open of "." did: a folder
	// that can be listed but not searched (mode r--) is listed as an
	// *os.File lists it, which fails on its first entry, and reported
	// where it is (unreadableDir).
	var st unix.Stat_t
	if fstatat(fd, ".", &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
		unix.Close(fd)
		return nil, false
	}
	return &walkDir{fd: fd, path: filepath.Join(d.path, name)}, true
}

// openFile opens the file name, an entry of d, to read it, without
// blocking (see readReal).
func (d *walkDir) openFile(name string) (openedFile, error) {
	if d.fd < 0 || !entryName(name) {
		return nil, unix.EINVAL
	}
	fd, err := openat(d.fd, name, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOFOLLOW|unix.O_CLOEXEC)
	if err != nil {
		return nil, err
	}
	return rawFile{fd: fd, name: filepath.Join(d.path, name)}, nil
}

// list returns the folder's entries, in the order the system gives them.
func (d *walkDir) list() ([]fs.DirEntry, error) {
	if d.fd < 0 {
		return d.f.ReadDir(-1)
	}
	return readDirFD(d.fd, d.path)
}

// close closes the folder.
func (d *walkDir) close() {
	if d.f != nil {
		d.f.Close()
	} else {
		unix.Close(d.fd)
	}
}

func openat(dirfd int, name string, flags int) (int, error) {
	for {
		fd, err := unix.Openat(dirfd, name, flags, 0)
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// direntBufs are getdents buffers, as os.File keeps them.
var direntBufs = sync.Pool{New: func() any { b := make([]byte, 8192); return &b }}

// The layout of struct linux_dirent64, the same on every architecture.
const (
	direntIno    = 0
	direntReclen = 16
	direntType   = 18
	direntName   = 19
)

// readDirFD lists the folder open at fd, named path in errors, as
// os.File.ReadDir does, but takes each entry's type from the listing; only
// a file system that gives none (DT_UNKNOWN) has it lstat'ed, and an entry
// gone by then is skipped, as os.File.ReadDir skips it.
func readDirFD(fd int, path string) ([]fs.DirEntry, error) {
	bufp := direntBufs.Get().(*[]byte)
	defer direntBufs.Put(bufp)
	buf := *bufp
	var entries []fs.DirEntry
	for {
		n, err := unix.ReadDirent(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return entries, &fs.PathError{Op: "readdirent", Path: path, Err: err}
		}
		if n <= 0 {
			return entries, nil
		}
		for b := buf[:n]; len(b) > direntName; {
			reclen := int(binary.NativeEndian.Uint16(b[direntReclen:]))
			if reclen <= direntName || reclen > len(b) {
				break
			}
			rec := b[:reclen]
			b = b[reclen:]
			if binary.NativeEndian.Uint64(rec[direntIno:]) == 0 {
				continue
			}
			name := rec[direntName:]
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			if string(name) == "." || string(name) == ".." {
				continue
			}
			e := dirEntry{name: string(name), dir: path}
			switch rec[direntType] {
			case unix.DT_REG:
			case unix.DT_DIR:
				e.typ = fs.ModeDir
			case unix.DT_LNK:
				e.typ = fs.ModeSymlink
			case unix.DT_FIFO:
				e.typ = fs.ModeNamedPipe
			case unix.DT_SOCK:
				e.typ = fs.ModeSocket
			case unix.DT_CHR:
				e.typ = fs.ModeDevice | fs.ModeCharDevice
			case unix.DT_BLK:
				e.typ = fs.ModeDevice
			default:
				var st unix.Stat_t
				err := fstatat(fd, e.name, &st, unix.AT_SYMLINK_NOFOLLOW)
				if errors.Is(err, unix.ENOENT) {
					continue
				}
				if err != nil {
					return entries, &fs.PathError{Op: "fstatat", Path: path, Err: err}
				}
				e.typ = statMode(&st).Type()
			}
			entries = append(entries, e)
		}
	}
}

func fstatat(dirfd int, name string, st *unix.Stat_t, flags int) error {
	for {
		err := unix.Fstatat(dirfd, name, st, flags)
		if err != unix.EINTR {
			return err
		}
	}
}

// dirEntry is an entry readDirFD listed.
type dirEntry struct {
	name, dir string
	typ       fs.FileMode
}

func (e dirEntry) Name() string               { return e.name }
func (e dirEntry) IsDir() bool                { return e.typ.IsDir() }
func (e dirEntry) Type() fs.FileMode          { return e.typ }
func (e dirEntry) Info() (fs.FileInfo, error) { return os.Lstat(filepath.Join(e.dir, e.name)) }

// rawFile is a file opened by descriptor (walkDir.openFile), read with
// plain system calls.
type rawFile struct {
	fd   int
	name string // its real path, which errors name
}

func (f rawFile) Read(p []byte) (int, error) {
	for {
		n, err := unix.Read(f.fd, p)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f rawFile) Close() error { return unix.Close(f.fd) }

func (f rawFile) Stat() (fs.FileInfo, error) {
	var st unix.Stat_t
	for {
		err := unix.Fstat(f.fd, &st)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "stat", Path: f.name, Err: err}
		}
		return rawInfo{name: filepath.Base(f.name), st: st}, nil
	}
}

// rawInfo is a file's fstat, as os.File.Stat gives it.
type rawInfo struct {
	name string
	st   unix.Stat_t
}

func (fi rawInfo) Name() string       { return fi.name }
func (fi rawInfo) Size() int64        { return fi.st.Size }
func (fi rawInfo) Mode() fs.FileMode  { return statMode(&fi.st) }
func (fi rawInfo) ModTime() time.Time { return time.Unix(fi.st.Mtim.Unix()) }
func (fi rawInfo) IsDir() bool        { return fi.Mode().IsDir() }
func (fi rawInfo) Sys() any           { return &fi.st }

// statMode is the FileMode of st, as os makes it.
func statMode(st *unix.Stat_t) fs.FileMode {
	mode := fs.FileMode(st.Mode & 0o777)
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFBLK:
		mode |= fs.ModeDevice
	case unix.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFDIR:
		mode |= fs.ModeDir
	case unix.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case unix.S_IFLNK:
		mode |= fs.ModeSymlink
	case unix.S_IFSOCK:
		mode |= fs.ModeSocket
	}
	if st.Mode&unix.S_ISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if st.Mode&unix.S_ISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if st.Mode&unix.S_ISVTX != 0 {
		mode |= fs.ModeSticky
	}
	return mode
}
