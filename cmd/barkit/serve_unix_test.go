//go:build unix

package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
)

// TestServeSignal runs the serve command in the test process: it announces
// its address, answers and logs requests, and on SIGTERM shuts down and
// returns exit code 0. The signal is sent only after the announcement,
// which serve prints once it has taken over SIGTERM.
func TestServeSignal(t *testing.T) {
	t.Setenv("PORT", "")
	t.Setenv("HOST", "")
	stdout := &lineWriter{lines: make(chan string, 4)}
	stderr := &lineWriter{}
	done := make(chan int, 1)
	go func() { done <- runServe([]string{"-p", "0", "--host", "127.0.0.1"}, stdout, stderr) }()

	var line string
	select {
	case line = <-stdout.lines:
	case code := <-done:
		t.Fatalf("serve exited %d before listening: %s", code, stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not announce its address")
	}
	if !regexp.MustCompile(`^barkit listening on http://127\.0\.0\.1:[1-9][0-9]*$`).MatchString(line) {
		t.Fatalf("announcement %q", line)
	}
	base := strings.TrimPrefix(line, "barkit listening on ")
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(base + "/health")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), `"ok":true`) {
		t.Fatalf("/health: %s %s", resp.Status, b)
	}
	client.CloseIdleConnections()

	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d after SIGTERM: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop after SIGTERM")
	}
	if log := stderr.String(); !strings.Contains(log, "method=GET path=/health status=200") ||
		!strings.Contains(log, "shutting down") || !strings.Contains(log, "msg=stopped") {
		t.Fatalf("log:\n%s", log)
	}
}

// TestServeBinaryGracefulShutdown runs the built binary: a scan request is
// half sent when the process gets SIGTERM; the request must still be answered
// in full and the process must exit 0 (SPEC.md Appendix B, serve).
func TestServeBinaryGracefulShutdown(t *testing.T) {
	img := qrPNG(t, "graceful")
	cmd := exec.Command(barkitBin, "serve", "-p", "0", "--host", "127.0.0.1")
	cmd.Env = append(os.Environ(), "PORT=", "HOST=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() {
		t.Fatalf("no announcement; stderr: %s", stderr.String())
	}
	base := strings.TrimPrefix(lines.Text(), "barkit listening on ")
	go io.Copy(io.Discard, stdout)

	body, w := io.Pipe()
	type answer struct {
		status int
		body   string
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest("POST", base+"/v1/scan?parse=false", body)
		req.Header.Set("Content-Type", "image/png")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- answer{err: err}
			return
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		answered <- answer{resp.StatusCode, string(b), err}
	}()
	half := len(img) / 2
	if _, err := w.Write(img[:half]); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the server is now reading the body
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // shutdown has begun
	if _, err := w.Write(img[half:]); err != nil {
		t.Fatal(err)
	}
	w.Close()

	select {
	case a := <-answered:
		if a.err != nil || a.status != 200 || !strings.Contains(a.body, `"data":"graceful"`) {
			t.Fatalf("in-flight request: status %d, %q, %v", a.status, a.body, a.err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("in-flight request not answered")
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve exited with %v; stderr:\n%s", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not exit after SIGTERM")
	}
}

// qrPNG returns a QR Code of data as PNG bytes.
func qrPNG(t *testing.T, data string) []byte {
	t.Helper()
	sym, err := barkit.Generate(data, barkit.GenerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.PNG(&b, sym, render.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
