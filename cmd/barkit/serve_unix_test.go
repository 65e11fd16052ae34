//go:build unix

package main

import (
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
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
