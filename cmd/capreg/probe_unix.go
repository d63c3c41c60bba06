//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// isolateProbe makes a help_probe's timeout (or an interrupt) stop every
// process it started, when its output goes to a pipe or a file: it runs in
// a process group of its own, and the whole group is killed. Killing the
// shell alone would leave a child holding the pipe open, and whoever reads
// it (capreg, or `| less`) waiting. On a terminal the probe stays in the
// terminal's foreground group, so that a pager it opens (`git push --help`)
// can read the keyboard and Ctrl-C reaches it directly.
// It returns what ends the group once the probe's shell has exited: a
// child it left in the background ("sleep 1000 & echo started") held a
// pipe open, and `capreg tools show x --probe | tail` waited for it.
func isolateProbe(cmd *exec.Cmd, stdout io.Writer) (cleanup func()) {
	if isTerminal(stdout) {
		return func() {}
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	kill := func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.Cancel = kill
	return func() {
		if cmd.Process != nil {
			_ = kill() // ESRCH when none is left
		}
	}
}

// brokenPipe reports whether a probe's shell ended by SIGPIPE, or said so
// (128+13, a command of it killed so), because the reader of capreg's
// output is gone: stdout is a pipe that poll finds with no reader. A probe
// that fails so for its own reasons (its inner pipe, exit 141) on a
// terminal, in a file or in a pipe still read is reported as it fails.
func brokenPipe(exit *exec.ExitError, stdout io.Writer) bool {
	ws, ok := exit.Sys().(syscall.WaitStatus)
	if !(ok && ws.Signaled() && ws.Signal() == syscall.SIGPIPE || exit.ExitCode() == exitBrokenPipe) {
		return false
	}
	f, ok := stdout.(*os.File)
	if !ok {
		return false
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return false
	}
	// Writability asked for: Linux adds POLLERR to it for a pipe with no
	// reader, and macOS's kqueue-based poll reports nothing unless asked.
	fds := []unix.PollFd{{Fd: int32(f.Fd()), Events: unix.POLLOUT}}
	n, err := unix.Poll(fds, 0)
	return err == nil && n == 1 && fds[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0
}

// exitReason says how a probe's shell ended: its exit code, or the
// signal that killed it.
func exitReason(exit *exec.ExitError) string {
	if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("was killed by signal %d (%v)", int(ws.Signal()), ws.Signal())
	}
	return fmt.Sprintf("exited with %d", exit.ExitCode())
}
