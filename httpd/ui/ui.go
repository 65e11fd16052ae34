// Package ui is barkit's web page: a page to try the HTTP API in a browser.
// It scans an image (picked, dropped, pasted or taken with the camera) and
// outlines each code on it with its data and parsed content; it shows a
// barcode as its data is typed, with the curl command that makes it; and it
// lists what each symbology can do.
//
// The page is plain HTML, CSS and JavaScript modules embedded in the
// program: no build step, no framework, and no request to any other site.
// It calls only the public API, at URLs relative to its own (../v1/scan
// from /ui/), so it works wherever the API is mounted, under a path prefix
// too, and without CORS. Package httpd serves it at /ui/ beside the API
// unless Options.NoUI is set.
package ui

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"sync"
	"time"
)

//go:embed static
var static embed.FS

// Files holds the page: index.html and the scripts, style sheet, icon and
// data it loads, at the top of the file system.
var Files fs.FS = mustSub(static, "static")

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic("ui: " + err.Error())
	}
	return sub
}

// ContentSecurityPolicy is the Content-Security-Policy of the page's
// files. The page loads its scripts, styles and data from its own origin
// only; it shows images from the API (its own origin) and from blob: URLs
// (the picked image, the generated preview), and streams the camera.
// Inline scripts and styles, plug-ins, frames and forms that post elsewhere
// are refused, and no other site may frame the page.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' blob:; media-src 'self' blob: mediastream:; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// A file is one file of the page, read once.
type file struct {
	data        []byte
	contentType string
	etag        string // strong validator: a hash of data
}

// contentTypes gives the media type of each kind of file the page has.
// They are fixed here, rather than taken from the system's MIME tables,
// so the page works the same on every machine.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".svg":  "image/svg+xml",
}

// files maps a request path ("/", "/app.js") to its file. index.html is
// served at "/" only (Handler redirects /index.html there), so that the
// page has one address. It is made by the first Handler, so that a barkit
// process that serves no page (a scan) does not hash the files at start.
var files = sync.OnceValue(loadFiles)

func loadFiles() map[string]*file {
	m := map[string]*file{}
	err := fs.WalkDir(Files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Files, name)
		if err != nil {
			return err
		}
		ct, ok := contentTypes[path.Ext(name)]
		if !ok {
			panic("ui: no content type for " + name)
		}
		sum := sha256.Sum256(data)
		f := &file{data: data, contentType: ct, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
		if name == "index.html" {
			m["/"] = f
		} else {
			m["/"+name] = f
		}
		return nil
	})
	if err != nil {
		panic("ui: " + err.Error())
	}
	return m
}

// Handler returns an http.Handler that serves the page, at paths relative
// to the page's folder: "/" (or "") is the page itself, "/app.js" one of
// its scripts. Mount it with http.StripPrefix, so that the API is at ../v1/
// from the page:
//
//	mux.Handle("/ui/", http.StripPrefix("/ui", ui.Handler(nil)))
//
// It answers GET and HEAD with the file (/index.html redirects to ./), ContentSecurityPolicy and other
// security headers, and an ETag (the files change only with the
// program, so browsers revalidate and mostly get 304 Not Modified). A path
// the page does not have, or another method, goes to notFound;
// nil means http.NotFound.
func Handler(notFound http.Handler) http.Handler {
	if notFound == nil {
		notFound = http.HandlerFunc(http.NotFound)
	}
	files := files()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p == "" {
			p = "/"
		}
		if p == "/index.html" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			// One address for the page, relative so that it holds
			// under any prefix.
			w.Header().Set("Location", "./")
			w.WriteHeader(http.StatusMovedPermanently)
			return
		}
		f := files[p]
		if f == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			notFound.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.contentType)
		h.Set("ETag", f.etag)
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(self), microphone=(), geolocation=()")
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.data))
	})
}
