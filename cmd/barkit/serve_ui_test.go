//go:build unix

package main

import (
	"net"
	"strings"
	"testing"
)

// TestServeUI runs the binary: serve prints the web page's address on the
// line after its announcement, and the page is there; GET / still answers
// the Health object.
func TestServeUI(t *testing.T) {
	lines, _ := startServeLines(t, 2)
	base := strings.TrimPrefix(lines[0], "barkit listening on ")
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(base, "http://"))
	if want := "barkit web page at http://127.0.0.1:" + port + "/ui/"; lines[1] != want {
		t.Fatalf("second line %q, want %q", lines[1], want)
	}
	resp, body := getResponse(t, strings.TrimPrefix(lines[1], "barkit web page at "))
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(body, `<script type="module" src="app.js">`) {
		t.Fatalf("the page: %s %s\n%.200s", resp.Status, resp.Header.Get("Content-Type"), body)
	}
	resp, body = getResponse(t, base+"/")
	if resp.StatusCode != 200 || !strings.Contains(body, `"ok":true`) {
		t.Fatalf("GET /: %s %s", resp.Status, body)
	}
}

// TestServeNoUI runs the binary with --no-ui: /ui/ is 404 not-found like
// any unknown path, and the API answers as before.
func TestServeNoUI(t *testing.T) {
	lines, _ := startServeLines(t, 1, "--no-ui")
	base := strings.TrimPrefix(lines[0], "barkit listening on ")
	for _, path := range []string{"/ui/", "/ui", "/ui/app.js"} {
		resp, body := getResponse(t, base+path)
		if resp.StatusCode != 404 || !strings.Contains(body, `"code":"not-found"`) {
			t.Errorf("GET %s with --no-ui: %s %s", path, resp.Status, body)
		}
	}
	resp, body := getResponse(t, base+"/health")
	if resp.StatusCode != 200 || !strings.Contains(body, `"ok":true`) {
		t.Fatalf("GET /health: %s %s", resp.Status, body)
	}
	if r := cli(t, "", "", "serve", "-h"); r.code != 0 || !strings.Contains(r.stdout, "--no-ui") || !strings.Contains(r.stdout, "/ui/") {
		t.Errorf("serve -h does not document --no-ui:\n%s", r)
	}
}

// TestPageURL checks the web page's address serve prints for each kind of
// listening address.
func TestPageURL(t *testing.T) {
	for _, c := range []struct{ addr, want string }{
		{"127.0.0.1:8080", "http://127.0.0.1:8080/ui/"},
		{"0.0.0.0:8080", "http://localhost:8080/ui/"},
		{"[::]:9000", "http://localhost:9000/ui/"},
		{"[::1]:9000", "http://[::1]:9000/ui/"},
		{"192.0.2.7:80", "http://192.0.2.7:80/ui/"},
	} {
		addr, err := net.ResolveTCPAddr("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := pageURL(addr); got != c.want {
			t.Errorf("pageURL(%s) = %q, want %q", c.addr, got, c.want)
		}
	}
}
