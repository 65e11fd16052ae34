//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// TestScanRecursiveFIFO checks that the walk of scan -r does not open a
// named pipe, which would block it until something wrote to the pipe.
func TestScanRecursiveFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "tree"), 0o777); err != nil {
		t.Fatal(err)
	}
	generate(t, dir, "tree/a.png", "beside a pipe")
	if err := syscall.Mkfifo(filepath.Join(dir, "tree", "b.png"), 0o666); err != nil {
		t.Skip("no named pipes:", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // only turns a hang into a failure
	defer cancel()
	cmd := exec.CommandContext(ctx, barkitBin, "scan", "-r", "tree")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil || string(out) != "tree/a.png:\n  QR Code\tbeside a pipe\n" {
		t.Errorf("scan -r over a named pipe: %v, stdout %q", err, out)
	}
}

// TestScanInterruptJSON checks that a scan interrupted after printing
// part of its JSON array closes the array: standard output stays valid
// JSON with the files printed so far, and the exit status says it was
// interrupted. The second input is standard input, held open, so the scan
// is still running when SIGINT comes.
func TestScanInterruptJSON(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "a.png", "first")
	cmd, stdin, out, stderr := startScan(t, dir, "scan", "--json", "--no-parse", "a.png", "-")
	defer stdin.Close()
	// The first entry ends "\n  }"; what follows it, ",\n" or "\n]\n",
	// waits for the next.
	var got strings.Builder
	for !strings.HasSuffix(got.String(), "\n  }") {
		b, err := out.ReadByte()
		if err != nil {
			t.Fatalf("reading the first entry: %v (read %q, stderr %q)", err, got.String(), stderr.String())
		}
		got.WriteByte(b)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(out)
	got.Write(rest)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || stderr.String() != "barkit: interrupted\n" {
		t.Errorf("exit %d, stderr %q; want 130 and barkit: interrupted", code, stderr.String())
	}
	var entries []fileResult
	if err := json.Unmarshal([]byte(got.String()), &entries); err != nil || len(entries) != 1 || entries[0].File != "a.png" {
		t.Errorf("stdout is not a JSON array of the one file printed: %v\n%s", err, got.String())
	}
}
