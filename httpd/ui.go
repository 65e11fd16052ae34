package httpd

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/barkit/barkit/httpd/ui"
)

// uiPath is where the web page is served (package ui). The page calls the
// API at ../v1/, relative to its own address.
const uiPath = "/ui"

// isUIPath reports whether path is the web page's or one of its files'.
func isUIPath(path string) bool {
	return path == uiPath || strings.HasPrefix(path, uiPath+"/")
}

// newUI returns the handler of the web page's files. Paths and methods the
// page does not have are answered as the API answers them: 404 not-found
// with the Error object.
func newUI() http.Handler {
	return ui.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &apiError{http.StatusNotFound, codeNotFound,
			fmt.Sprintf("no endpoint %s %s", r.Method, uiPath+r.URL.Path)})
	}))
}

// serveUI serves the web page: GET /ui/ is the page and /ui/<file> its
// files. GET /ui redirects to ui/, a relative address, so that the page
// is found under any prefix the handler is mounted at (http.StripPrefix
// hides the prefix from the handler but not from the browser), and its
// relative URLs resolve below the folder.
func (h *handler) serveUI(w http.ResponseWriter, r *http.Request, path string) {
	if path == uiPath {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, &apiError{http.StatusNotFound, codeNotFound, fmt.Sprintf("no endpoint %s %s", r.Method, path)})
			return
		}
		target := "ui/"
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		w.Header().Set("Location", target)
		w.WriteHeader(http.StatusMovedPermanently)
		return
	}
	r2 := new(http.Request)
	*r2 = *r
	r2.URL = new(url.URL)
	*r2.URL = *r.URL
	r2.URL.Path = strings.TrimPrefix(path, uiPath)
	r2.URL.RawPath = ""
	h.ui.ServeHTTP(w, r2)
}
