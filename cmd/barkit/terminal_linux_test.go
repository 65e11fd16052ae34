//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal through /dev/ptmx, with the ioctls of
// the Linux pts driver, and returns its two ends: what the program under
// test writes to tty, the test reads from pty.
func openPTY(t *testing.T) (pty, tty *os.File) {
	t.Helper()
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	var unlock int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, pty.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		pty.Close()
		t.Skip("unlocking the pseudo-terminal:", errno)
	}
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, pty.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		pty.Close()
		t.Skip("numbering the pseudo-terminal:", errno)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		pty.Close()
		t.Skip("opening the terminal end:", err)
	}
	return pty, tty
}

// runOnTerminal runs barkit with args in dir, with the terminal end of a
// pseudo-terminal as its standard error (stderrTTY) or standard output,
// and the other one a pipe. It returns what reached the terminal, with
// the "\r\n" of the terminal's output processing turned back into "\n",
// and the run.
func runOnTerminal(t *testing.T, dir string, stderrTTY bool, args ...string) (terminal string, r result) {
	t.Helper()
	pty, tty := openPTY(t)
	defer pty.Close()
	cmd := exec.Command(barkitBin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, tty
	if !stderrTTY {
		cmd.Stdout, cmd.Stderr = tty, &stderr
	}
	if err := cmd.Start(); err != nil {
		tty.Close()
		t.Fatal(err)
	}
	tty.Close()
	// Read the terminal while barkit writes, so that it never blocks on a
	// full terminal buffer; reading ends with EIO once barkit has exited.
	read := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(pty)
		read <- b
	}()
	timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() }) // only turns a hang into a failure
	defer timer.Stop()
	cmd.Wait()
	term := <-read
	return strings.ReplaceAll(string(term), "\r\n", "\n"), result{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}
}

// TestScanProgress checks the progress line of a long batch when standard
// error is a terminal: "[n/total] <file>" after each file, drawn over
// itself with carriage returns, cleared before the results are printed
// and at the end; standard output is the same as without a terminal. A
// short batch, and --json, show none.
func TestScanProgress(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "a.png", "x")
	if err := os.Mkdir(filepath.Join(dir, "many"), 0o777); err != nil {
		t.Fatal(err)
	}
	const n = progressMin + 4
	img := mustRead(t, filepath.Join(dir, "a.png"))
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, "many", fmt.Sprintf("%02d.png", i)), img, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	piped := cli(t, dir, "", "scan", "-r", "many")
	wantExit(t, piped, exitOK)

	term, r := runOnTerminal(t, dir, true, "scan", "-r", "many")
	wantExit(t, r, exitOK)
	if r.stdout != piped.stdout {
		t.Errorf("stdout with a terminal on stderr:\n%s\nwant\n%s", r.stdout, piped.stdout)
	}
	for i := 1; i <= n; i++ {
		if !strings.Contains(term, fmt.Sprintf("\r[%d/%d] many/", i, n)) {
			t.Errorf("no progress line for %d of %d in %q", i, n, term)
		}
	}
	if strings.Contains(term, "\n") {
		t.Errorf("the progress line holds a newline: %q", term)
	}
	// The last thing written blanks the line and returns to its start.
	last := strings.LastIndex(term, "[")
	if end := term[last:]; !strings.HasSuffix(end, "\r") || strings.Trim(end[strings.Index(end, "\r"):], "\r ") != "" {
		t.Errorf("the progress line is not cleared at the end: %q", end)
	}

	for _, args := range [][]string{
		{"scan", "-r", "--json", "many"},
		{"scan", "a.png", "a.png"},
	} {
		term, r := runOnTerminal(t, dir, true, args...)
		wantExit(t, r, exitOK)
		if term != "" {
			t.Errorf("%q wrote %q to the terminal", args, term)
		}
	}
}

// TestGeneratePNGToTerminal checks that generate does not write PNG to a
// terminal, and does write SVG and text there.
func TestGeneratePNGToTerminal(t *testing.T) {
	term, r := runOnTerminal(t, "", false, "generate", "-o", "-", "--format", "png", "hello")
	if r.code != exitError || term != "" ||
		r.stderr != "barkit: not writing PNG to a terminal: redirect standard output to a file or a program, or choose --format svg or txt\n" {
		t.Errorf("PNG to a terminal: %v\nterminal: %q", r, term)
	}
	for _, args := range [][]string{
		{"generate", "-o", "-", "hello"},
		{"generate", "hello"},
	} {
		term, r := runOnTerminal(t, "", false, args...)
		if r.code != exitOK || term == "" || r.stderr != "" {
			t.Errorf("%q to a terminal: %v\nterminal: %q", args, r, term)
		}
	}
}
