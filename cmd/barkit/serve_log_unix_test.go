//go:build unix

package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startServe runs the built binary's serve with args on a free port of
// the loopback interface and returns its address (http://127.0.0.1:port)
// and a function that sends SIGTERM, waits for the exit and returns the
// exit code and standard error.
func startServe(t *testing.T, args ...string) (base string, stop func() (int, string)) {
	t.Helper()
	lines, stop := startServeLines(t, 1, args...)
	return strings.TrimPrefix(lines[0], "barkit listening on "), stop
}

// startServeLines is startServe returning the first n lines serve prints
// on standard output: its announcement, then the web page's address
// unless --no-ui.
func startServeLines(t *testing.T, n int, args ...string) (lines []string, stop func() (int, string)) {
	t.Helper()
	cmd := exec.Command(barkitBin, append([]string{"serve", "-p", "0", "--host", "127.0.0.1"}, args...)...)
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
	t.Cleanup(func() { cmd.Process.Kill() })
	sc := bufio.NewScanner(stdout)
	for len(lines) < n && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) < n {
		cmd.Wait()
		t.Fatalf("barkit serve %q printed %q, not its %d announcement lines; stderr: %s", args, lines, n, stderr.String())
	}
	go io.Copy(io.Discard, stdout)
	stop = func() (int, string) {
		t.Helper()
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second): // only turns a hang into a failure
			t.Fatal("serve did not stop after SIGTERM")
		}
		return cmd.ProcessState.ExitCode(), stderr.String()
	}
	return lines, stop
}

// get asks the server for GET url and returns the status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, body := getResponse(t, url)
	return resp.StatusCode, body
}

// getResponse asks the server for GET url and returns the response,
// whose body it has read and closed, and the body.
func getResponse(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// parseTextLine parses a line of slog's text format, key=value pairs
// whose values may be quoted, and fails the test if it is not one.
func parseTextLine(t *testing.T, line string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for rest := line; rest != ""; {
		key, after, ok := strings.Cut(rest, "=")
		if !ok || key == "" || strings.ContainsAny(key, " \"") {
			t.Fatalf("log line %q is not key=value pairs (at %q)", line, rest)
		}
		var value string
		if strings.HasPrefix(after, `"`) {
			q, err := strconv.QuotedPrefix(after)
			if err != nil {
				t.Fatalf("log line %q: bad quoted value at %q", line, after)
			}
			value, _ = strconv.Unquote(q)
			after = after[len(q):]
		} else {
			value, after, _ = strings.Cut(after, " ")
			after = " " + after
		}
		m[key] = value
		rest = strings.TrimPrefix(after, " ")
	}
	return m
}

// TestServeLog runs the binary with --log text, json and off: each
// request is one line that parses in its format and gives the method,
// path, route, status, bytes, duration, remote address and, for a failed
// request, the error; off logs nothing.
func TestServeLog(t *testing.T) {
	for _, format := range []string{"text", "json", "off"} {
		t.Run(format, func(t *testing.T) {
			base, stop := startServe(t, "--log", format)
			if code, _ := get(t, base+"/health"); code != 200 {
				t.Fatalf("/health: %d", code)
			}
			if code, _ := get(t, base+"/no/such/path?data=secret"); code != 404 {
				t.Fatalf("/no/such/path: %d", code)
			}
			code, stderr := stop()
			if code != 0 {
				t.Fatalf("exit %d after SIGTERM: %s", code, stderr)
			}
			if format == "off" {
				if stderr != "" {
					t.Fatalf("--log off wrote to stderr: %q", stderr)
				}
				return
			}
			if strings.Contains(stderr, "secret") {
				t.Errorf("the log shows the query string:\n%s", stderr)
			}
			var requests []map[string]any
			for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
				var rec map[string]any
				if format == "json" {
					if err := json.Unmarshal([]byte(line), &rec); err != nil {
						t.Fatalf("log line %q is not a JSON object: %v", line, err)
					}
				} else {
					rec = map[string]any{}
					for k, v := range parseTextLine(t, line) {
						rec[k] = v
					}
				}
				if rec["time"] == nil || rec["level"] == nil || rec["msg"] == nil {
					t.Errorf("log line %q lacks time, level or msg", line)
				}
				if rec["msg"] == "request" {
					requests = append(requests, rec)
				}
			}
			if len(requests) != 2 {
				t.Fatalf("%d request lines, want 2:\n%s", len(requests), stderr)
			}
			for i, want := range []map[string]string{
				{"method": "GET", "path": "/health", "route": "/health", "status": "200"},
				{"method": "GET", "path": "/no/such/path", "route": "other", "status": "404",
					"error": "not-found: no endpoint GET /no/such/path"},
			} {
				rec := requests[i]
				for k, v := range want {
					if got := toString(rec[k]); got != v {
						t.Errorf("request %d: %s = %q, want %q", i, k, got, v)
					}
				}
				if !strings.HasPrefix(toString(rec["remote"]), "127.0.0.1:") {
					t.Errorf("request %d: remote %v", i, rec["remote"])
				}
				if i == 0 && rec["error"] != nil {
					t.Errorf("request %d: error %v where there is none", i, rec["error"])
				}
				switch d := rec["duration"].(type) {
				case float64: // JSON: seconds
					if d <= 0 || d > 30 {
						t.Errorf("request %d: duration %v is not in seconds", i, d)
					}
				case string: // text: a Go duration
					if _, err := time.ParseDuration(d); err != nil {
						t.Errorf("request %d: duration %q: %v", i, d, err)
					}
				default:
					t.Errorf("request %d: duration %v", i, rec["duration"])
				}
				if n, err := strconv.Atoi(toString(rec["bytes"])); err != nil || n <= 0 {
					t.Errorf("request %d: bytes %v", i, rec["bytes"])
				}
			}
		})
	}
}

// toString gives a log value as text: JSON numbers without a fraction
// as integers.
func toString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// TestServeMetrics runs the binary: GET /metrics answers in the
// Prometheus text format and counts the requests served; --no-metrics
// leaves it out.
func TestServeMetrics(t *testing.T) {
	base, stop := startServe(t, "--log", "off")
	get(t, base+"/health")
	code, body := get(t, base+"/metrics")
	if code != 200 || !strings.Contains(body, `barkit_http_requests_total{method="GET",route="/health",status="200"} 1`) ||
		!strings.Contains(body, "# TYPE barkit_http_scan_duration_seconds histogram") {
		t.Errorf("/metrics: %d\n%s", code, body)
	}
	if code, stderr := stop(); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}

	base, stop = startServe(t, "--log", "off", "--no-metrics")
	if code, body := get(t, base+"/metrics"); code != 404 || !strings.Contains(body, `"not-found"`) {
		t.Errorf("/metrics with --no-metrics: %d %s", code, body)
	}
	if code, stderr := stop(); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
