package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/barkit/barkit/httpd"
)

// TestServeFinishesRequestInFlight starts serve, begins a request, and
// cancels serve's context (what SIGINT and SIGTERM do) while the request
// is still being sent: serve must stop accepting connections, let the
// request finish with its answer, and then return nil.
func TestServeFinishesRequestInFlight(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, httpd.Options{}) }()

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	const text = "https://example.com/in-flight"
	// Expect: 100-continue makes the server say when the handler starts
	// reading the body: from then on the request is in progress.
	io.WriteString(conn, "POST /v1/parse HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\n"+
		"Content-Length: "+strconv.Itoa(len(text))+"\r\nExpect: 100-continue\r\n\r\n")
	br := bufio.NewReader(conn)
	line, err := br.ReadString('\n')
	if err != nil || !strings.Contains(line, "100 Continue") {
		t.Fatalf("waiting for 100 Continue: %q, %v", line, err)
	}
	br.ReadString('\n') // the blank line after the interim response

	cancel()
	// Shutdown has begun once the listener refuses connections.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the listener still accepts connections after the context was cancelled")
		}
	}
	select {
	case err := <-done:
		t.Fatalf("serve returned %v with a request in progress", err)
	case <-time.After(50 * time.Millisecond):
	}

	io.WriteString(conn, text)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"type":"url"`)) {
		t.Fatalf("answer %s: %s", resp.Status, body)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not return after the last request")
	}
}

// TestServeCutsOffAfterGrace shuts down a server whose request does not
// finish by itself: once the grace period has passed, the request's
// context must be cancelled (that is what stops a scan still running) and
// serveUntil must report that requests were cut off.
func TestServeCutsOffAfterGrace(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered := make(chan struct{})
	stopped := make(chan error, 1)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-r.Context().Done() // a scan that stops only when told to
		stopped <- r.Context().Err()
	})}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serveUntil(ctx, srv, ln, 10*time.Millisecond, nil) }()

	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err == nil {
			resp.Body.Close()
		}
	}()
	const hang = 2 * time.Minute // only turns a hang into a failure
	select {
	case <-entered:
	case <-time.After(hang):
		t.Fatal("the request never reached the handler")
	}
	cancel()
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("request context ended with %v, want it cancelled", err)
		}
	case <-time.After(hang):
		t.Fatal("the request's context was not cancelled after the grace period")
	}
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "cut off") {
			t.Fatalf("serveUntil returned %v, want requests cut off", err)
		}
	case <-time.After(hang):
		t.Fatal("serveUntil did not return")
	}
}

// TestServeFlags checks the flag and environment errors of serve and its
// help.
func TestServeFlags(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		env    map[string]string
		code   int
		stdout string // text stdout must contain
		stderr string // text stderr must contain
	}{
		{"help", []string{"-h"}, nil, 0, "--check", ""},
		{"help shows the scan timeout", []string{"-h"}, nil, 0, "--scan-timeout duration", ""},
		{"help shows the environment", []string{"--help"}, nil, 0, "$PORT", ""},
		{"bad PORT", nil, map[string]string{"PORT": "eighty"}, 1, "", `PORT="eighty"`},
		{"port out of range", []string{"-p", "70000"}, nil, 1, "", "70000"},
		{"PORT out of range", nil, map[string]string{"PORT": "-1"}, 1, "", "-1"},
		{"argument", []string{"now"}, nil, 1, "", `"now"`},
		{"unknown flag", []string{"--verbose"}, nil, 1, "", "verbose"},
		{"negative body limit", []string{"--max-body-bytes", "-5"}, nil, 1, "", "max-body-bytes"},
		{"zero scan timeout", []string{"--scan-timeout", "0"}, nil, 1, "", "--scan-timeout 0s: not a positive duration"},
		{"negative scan timeout", []string{"--scan-timeout", "-1s"}, nil, 1, "", "--scan-timeout -1s"},
		{"scan timeout not a duration", []string{"--scan-timeout", "30"}, nil, 1, "", `--scan-timeout "30": not a duration`},
		{"unknown log format", []string{"--log", "xml"}, nil, 1, "", `--log "xml" is not text, json or off`},
		{"help shows the log formats", []string{"-h"}, nil, 0, "--log format", ""},
		{"help shows --no-metrics", []string{"-h"}, nil, 0, "--no-metrics", ""},
		{"check without a server", []string{"--check", "--host", "127.0.0.1", "-p", strconv.Itoa(freePort(t))}, nil, 1, "", "--check: no answer from http://127.0.0.1:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("PORT", "")
			t.Setenv("HOST", "")
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			var stdout, stderr bytes.Buffer
			code := runServe(c.args, &stdout, &stderr)
			if code != c.code || !strings.Contains(stdout.String(), c.stdout) || !strings.Contains(stderr.String(), c.stderr) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
					code, stdout.String(), stderr.String(), c.code, c.stdout, c.stderr)
			}
			if c.code != 0 && !strings.HasPrefix(stderr.String(), "barkit: ") {
				t.Fatalf("stderr %q lacks the barkit: prefix", stderr.String())
			}
		})
	}
}

// freePort returns a port no server listens on.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestServeCheck runs serve --check against a running server (exit 0) and
// checks that serve refuses a port already in use.
func TestServeCheck(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, httpd.Options{}) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()

	t.Setenv("HOST", "")
	t.Setenv("PORT", port)
	var stdout, stderr bytes.Buffer
	if code := runServe([]string{"--check"}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "ok: barkit ") {
		t.Fatalf("--check: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}

	stdout.Reset()
	stderr.Reset()
	if code := runServe([]string{"--host", "127.0.0.1"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "address already in use") {
		t.Fatalf("serving on a port in use: exit %d, stderr %q", code, stderr.String())
	}
}

// lineWriter hands the lines written to it to a channel, and keeps
// everything written.
type lineWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	lines chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for _, l := range strings.SplitAfter(string(p), "\n") {
		if strings.HasSuffix(l, "\n") && w.lines != nil {
			select {
			case w.lines <- strings.TrimSuffix(l, "\n"):
			default:
			}
		}
	}
	return len(p), nil
}

func (w *lineWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
