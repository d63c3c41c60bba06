//go:build unix

package main

import (
	"io"
	"os"
	"os/exec"
	"syscall"
)

// isolateProbe makes a help_probe's timeout (or an interrupt) stop every
// process it started, when its output goes to a pipe or a file: it runs in
// a process group of its own, and the whole group is killed. Killing the
// shell alone would leave a child holding the pipe open, and whoever reads
// it (capreg, or `| less`) waiting. On a terminal the probe stays in the
// terminal's foreground group, so that a pager it opens (`git push --help`)
// can read the keyboard and Ctrl-C reaches it directly.
func isolateProbe(cmd *exec.Cmd, stdout io.Writer) {
	if f, ok := stdout.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return
		}
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
