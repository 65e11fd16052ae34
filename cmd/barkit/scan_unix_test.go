//go:build unix

package main

import (
	"bytes"
	"errors"
	"image/png"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/barkit/barkit/internal/adversarial"
)

// TestScanInterrupt runs the built binary on a heavy image (a 4000×4000
// checkerboard of 3-pixel squares, which keeps a thorough scan busy for
// seconds) read from standard input, and sends SIGINT while it works: it
// must stop, say "barkit: interrupted" and exit 130.
//
// The image is an uncompressed PNG of 16 MB, far more than a pipe holds,
// so once the test has written it all barkit is reading it, and has set
// up its signal handling, which it does before it reads anything.
func TestScanInterrupt(t *testing.T) {
	var img bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.NoCompression}
	if err := enc.Encode(&img, adversarial.Checkerboard(4000, 4000, 3)); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(barkitBin, "scan", "-")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if _, err := stdin.Write(img.Bytes()); err != nil {
		t.Fatalf("writing the image: %v; stderr: %s", err, stderr.String())
	}
	stdin.Close()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var werr error
	select {
	case werr = <-done:
	case <-time.After(2 * time.Minute): // only turns a hang into a failure
		t.Fatal("barkit scan did not stop after SIGINT")
	}
	var exit *exec.ExitError
	if werr != nil && !errors.As(werr, &exit) {
		t.Fatal(werr)
	}
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || stderr.String() != "barkit: interrupted\n" || stdout.Len() != 0 {
		t.Fatalf("exit %d (%v), stdout %q, stderr %q; want exit 130 and barkit: interrupted",
			code, cmd.ProcessState, stdout.String(), stderr.String())
	}
}
