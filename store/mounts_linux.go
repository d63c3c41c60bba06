//go:build linux

package store

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"syscall"
)

// mountWatch tells of the mounts and unmounts of this process's mount
// namespace: the kernel flags /proc/self/mountinfo with an exceptional
// condition (EPOLLPRI) at each. inotify sees none of them: a folder
// mounted over the repository (mount --bind, a volume mounted again)
// raises no event, and its watches stay on the folders it hides.
//
// The file is opened with syscall.Open, not os.Open: os.File would add it
// to the Go runtime's own epoll set, whose wake-ups read the condition
// first, and one mount in three was never seen.
type mountWatch struct {
	info int // /proc/self/mountinfo
	epfd int
	wake [2]int // a pipe whose write end close writes to, to end wait
}

func openMountWatch() (*mountWatch, error) {
	info, err := syscall.Open("/proc/self/mountinfo", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	m := &mountWatch{info: info, epfd: -1, wake: [2]int{-1, -1}}
	if m.epfd, err = syscall.EpollCreate1(syscall.EPOLL_CLOEXEC); err != nil {
		m.epfd = -1
		m.release()
		return nil, err
	}
	if err = syscall.Pipe2(m.wake[:], syscall.O_CLOEXEC|syscall.O_NONBLOCK); err != nil {
		m.wake = [2]int{-1, -1}
		m.release()
		return nil, err
	}
	for _, ev := range []syscall.EpollEvent{
		{Events: syscall.EPOLLPRI, Fd: int32(info)},
		{Events: syscall.EPOLLIN, Fd: int32(m.wake[0])},
	} {
		if err = syscall.EpollCtl(m.epfd, syscall.EPOLL_CTL_ADD, int(ev.Fd), &ev); err != nil {
			m.release()
			return nil, err
		}
	}
	return m, nil
}

// wait blocks until the mount table changes (true) or close is called
// (false).
func (m *mountWatch) wait() bool {
	var evs [2]syscall.EpollEvent
	for {
		n, err := syscall.EpollWait(m.epfd, evs[:], -1)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return false
		}
		changed := false
		for _, ev := range evs[:n] {
			if int(ev.Fd) == m.wake[0] {
				return false
			}
			changed = true
		}
		if changed {
			return true
		}
	}
}

// mountPoints returns the mount table as lines "ID MOUNTPOINT", the mount
// point as mountinfo escapes it, of the mounts at, above or below one of
// paths (absolute, clean): those that decide what the paths hold. A mount
// elsewhere (a container started beside capreg) is left out.
func (m *mountWatch) mountPoints(paths ...string) string {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	var b strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 5 {
			continue
		}
		at := unescapeMountPoint(f[4])
		for _, p := range paths {
			if p != "" && (within(at, p) || within(p, at)) {
				b.WriteString(f[0] + " " + f[4] + "\n")
				break
			}
		}
	}
	return b.String()
}

// unescapeMountPoint undoes mountinfo's octal escapes (\040 for a space,
// \011, \012, \134).
func unescapeMountPoint(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && isOctal(s[i+1]) && isOctal(s[i+2]) && isOctal(s[i+3]) {
			b.WriteByte((s[i+1]-'0')<<6 | (s[i+2]-'0')<<3 | (s[i+3] - '0'))
			i += 3
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }

// close ends a wait under way, and every later one.
func (m *mountWatch) close() {
	if m.wake[1] >= 0 {
		syscall.Write(m.wake[1], []byte{0})
	}
}

// release frees what the watch holds, once its wait has returned.
func (m *mountWatch) release() {
	for _, fd := range []int{m.info, m.epfd, m.wake[0], m.wake[1]} {
		if fd >= 0 {
			syscall.Close(fd)
		}
	}
}
