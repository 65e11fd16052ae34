package httpd

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/barkit/barkit/httpd/ui"
)

// TestUI checks how the handler serves the web page: at /ui/, with /ui
// redirecting there by a relative address (so that it works under a
// prefix), its files with their types and security headers, 404
// not-found for anything else under /ui/ and with Options.NoUI, and GET /
// still the Health object.
func TestUI(t *testing.T) {
	on := NewHandler(Options{})
	off := NewHandler(Options{NoUI: true})
	mux := http.NewServeMux()
	mux.Handle("/barcodes/", http.StripPrefix("/barcodes", on))

	for _, c := range []struct {
		name     string
		h        http.Handler
		method   string
		path     string
		header   map[string]string // request headers
		status   int
		want     map[string]string // response headers
		contains string            // in the body
	}{
		{"page", on, "GET", "/ui/", nil, 200, map[string]string{
			"Content-Type":            "text/html; charset=utf-8",
			"Content-Security-Policy": ui.ContentSecurityPolicy,
			"X-Content-Type-Options":  "nosniff",
			"X-Frame-Options":         "DENY",
			"Cache-Control":           "no-cache",
		}, `<script type="module" src="app.js">`},
		{"head", on, "HEAD", "/ui/", nil, 200, map[string]string{"Content-Type": "text/html; charset=utf-8"}, ""},
		{"script", on, "GET", "/ui/app.js", nil, 200, map[string]string{"Content-Type": "text/javascript; charset=utf-8"}, "import"},
		{"style", on, "GET", "/ui/style.css", nil, 200, map[string]string{"Content-Type": "text/css; charset=utf-8"}, ":root"},
		{"examples", on, "GET", "/ui/examples.json", nil, 200, map[string]string{"Content-Type": "application/json"}, `"qr"`},
		{"icon", on, "GET", "/ui/icon.svg", nil, 200, map[string]string{"Content-Type": "image/svg+xml"}, "<svg"},
		{"redirect", on, "GET", "/ui", nil, 301, map[string]string{"Location": "ui/"}, ""},
		{"redirect keeps the query", on, "GET", "/ui?x=1", nil, 301, map[string]string{"Location": "ui/?x=1"}, ""},
		{"index.html has one address", on, "GET", "/ui/index.html", nil, 301, map[string]string{"Location": "./"}, ""},
		{"unknown file", on, "GET", "/ui/nope.js", nil, 404, map[string]string{"Content-Type": "application/json"}, `"message":"no endpoint GET /ui/nope.js"`},
		{"post", on, "POST", "/ui/", nil, 404, nil, `"message":"no endpoint POST /ui/"`},
		{"post to /ui", on, "POST", "/ui", nil, 404, nil, `"code":"not-found"`},
		{"not a prefix", on, "GET", "/uix", nil, 404, nil, `"code":"not-found"`},
		{"health", on, "GET", "/", nil, 200, map[string]string{"Content-Type": "application/json"}, `"ok":true`},
		{"CORS on the page too", on, "GET", "/ui/", nil, 200, map[string]string{"Access-Control-Allow-Origin": "*"}, ""},
		{"preflight", on, "OPTIONS", "/ui/", nil, 204, nil, ""},
		{"no UI", off, "GET", "/ui/", nil, 404, nil, `"code":"not-found"`},
		{"no UI, no redirect", off, "GET", "/ui", nil, 404, nil, `"code":"not-found"`},
		{"no UI, health", off, "GET", "/", nil, 200, nil, `"ok":true`},
		{"prefix redirect", mux, "GET", "/barcodes/ui", nil, 301, map[string]string{"Location": "ui/"}, ""},
		{"prefix page", mux, "GET", "/barcodes/ui/", nil, 200, map[string]string{"Content-Type": "text/html; charset=utf-8"}, "app.js"},
		{"prefix health", mux, "GET", "/barcodes/", nil, 200, nil, `"ok":true`},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(c.method, c.path, nil)
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			c.h.ServeHTTP(rec, req)
			if rec.Code != c.status {
				t.Fatalf("%s %s: status %d, want %d\n%s", c.method, c.path, rec.Code, c.status, rec.Body)
			}
			for k, v := range c.want {
				if got := rec.Header().Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			if !strings.Contains(rec.Body.String(), c.contains) {
				t.Errorf("body lacks %q:\n%.300s", c.contains, rec.Body)
			}
			if c.method == "HEAD" && rec.Body.Len() != 0 {
				t.Errorf("HEAD answered a body of %d bytes", rec.Body.Len())
			}
		})
	}
}

// TestUIRevalidation checks that a browser holding the page gets 304 Not
// Modified, and a changed page when its ETag no longer matches.
func TestUIRevalidation(t *testing.T) {
	h := NewHandler(Options{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/ui/app.js", nil))
	etag := rec.Header().Get("ETag")
	if rec.Code != 200 || !strings.HasPrefix(etag, `"`) {
		t.Fatalf("GET: %d, ETag %q", rec.Code, etag)
	}
	for _, c := range []struct {
		etag   string
		status int
	}{
		{etag, http.StatusNotModified},
		{`"stale"`, http.StatusOK},
	} {
		req := httptest.NewRequest("GET", "/ui/app.js", nil)
		req.Header.Set("If-None-Match", c.etag)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("If-None-Match %s: %d, want %d", c.etag, rec.Code, c.status)
		}
	}
}
