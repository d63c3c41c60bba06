//go:build !unix

package main

import (
	"fmt"
	"io"
	"os/exec"
)

// isolateProbe leaves the probe as exec starts it: process groups are a
// Unix notion, and the timeout kills the shell.
func isolateProbe(*exec.Cmd, io.Writer) func() { return func() {} }

// brokenPipe is false: there is no SIGPIPE.
func brokenPipe(*exec.ExitError, io.Writer) bool { return false }

// exitReason says how a probe's shell ended: its exit code.
func exitReason(exit *exec.ExitError) string { return fmt.Sprintf("exited with %d", exit.ExitCode()) }
