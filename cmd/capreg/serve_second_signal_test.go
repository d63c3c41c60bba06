//go:build unix

package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestServeSecondInterruptEndsTheDrain: an operator who presses ^C again
// while serve holds on for its --drain-delay (or drains) means "now": the
// second SIGINT ends the process at once, with exit 130, instead of being
// swallowed until the delay is over. The child is this
// test binary running main, as the real binary does, so that both the
// verb's and main's signal handling are in play.
func TestServeSecondInterruptEndsTheDrain(t *testing.T) {
	if os.Getenv("CAPREG_TEST_SECOND_SIGNAL_CHILD") == "1" {
		os.Args = []string{"capreg", "serve", "--repo", "../../testdata/repo", "--addr", "127.0.0.1:0", "--log-format", "json", "--drain-delay", "5m"}
		main()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeSecondInterruptEndsTheDrain$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CAPREG_TEST_SECOND_SIGNAL_CHILD=1")
	logs, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A guard, not a measure: a child that swallowed the second signal
	// would hold on for its 10 minutes.
	guard := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
	defer guard.Stop()

	var seen []string
	lines := bufio.NewScanner(logs)
	for lines.Scan() {
		line := lines.Text()
		seen = append(seen, line)
		switch {
		case strings.Contains(line, `"msg":"capreg serving"`):
			interrupt(t, cmd)
		case strings.Contains(line, `"msg":"shutting down: unready, still serving"`):
			interrupt(t, cmd)
		}
	}
	err = cmd.Wait()
	log := strings.Join(seen, "\n")
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("serve given a second SIGINT while holding on: %v, want exit %d\n%s", err, exitInterrupted, log)
	}
	if !strings.Contains(log, "shutting down: unready, still serving") || strings.Contains(log, `"msg":"stopped"`) {
		t.Fatalf("want the hold-on begun and no clean stop:\n%s", log)
	}
	// The last line says why the process ended: without it the log
	// stopped at "shutting down", as after a crash or an OOM kill.
	if last := seen[len(seen)-1]; !strings.Contains(last, `"level":"WARN","msg":"a second signal: exiting at once`) ||
		!strings.Contains(last, `"signal":"interrupt"`) || !strings.Contains(last, `"exitCode":130`) {
		t.Errorf("the log's last line %s, want a WARN saying the second interrupt ended the process with 130", last)
	}
}

func interrupt(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
}
