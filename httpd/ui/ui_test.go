package ui_test

import (
	"encoding/json"
	"io/fs"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/httpd/ui"
)

// TestReferences checks the page's own references: every file that
// index.html and the scripts load exists, every API path they call is
// relative (../v1/...), and nothing points at another site, apart from
// the documentation link, the SVG namespace and example data.
func TestReferences(t *testing.T) {
	var names []string
	fs.WalkDir(ui.Files, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, name)
		}
		return err
	})
	for _, want := range []string{"index.html", "app.js", "style.css"} {
		if !slices.Contains(names, want) {
			t.Errorf("the page has no %s (files: %v)", want, names)
		}
	}
	local := regexp.MustCompile(`(?:src|href)="([^"#][^"]*)"|from '(\./[^']+)'|fetch\('([^.'][^']*)'\)`)
	api := regexp.MustCompile(`(?:call|fetch)\('(\.\./)?(v1/[a-z]+|health)`)
	external := regexp.MustCompile(`https?://[^\s"'<>)]+`)
	allowed := []string{
		"https://github.com/barkit/barkit#readme", // the documentation link, also given by GET /health
		"http://www.w3.org/2000/svg",              // a namespace, not a request
		"https://example.com/barkit",              // example data for a QR Code
	}
	loaded := map[string]bool{}
	for _, name := range names {
		b, err := fs.ReadFile(ui.Files, name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for _, m := range local.FindAllStringSubmatch(text, -1) {
			ref := m[1] + m[2] + m[3]
			if strings.Contains(ref, "://") {
				continue // checked below
			}
			target := path.Clean(path.Join(path.Dir(name), ref))
			loaded[target] = true
			if !slices.Contains(names, target) {
				t.Errorf("%s refers to %q, which the page does not have", name, ref)
			}
		}
		for _, m := range api.FindAllStringSubmatch(text, -1) {
			if m[1] == "" && !strings.Contains(m[0], "call(") {
				t.Errorf("%s fetches %q: the API is at ../ from the page", name, m[0])
			}
		}
		for _, u := range external.FindAllString(text, -1) {
			if !slices.Contains(allowed, u) {
				t.Errorf("%s refers to another site: %s", name, u)
			}
		}
	}
	for _, name := range names {
		if name != "index.html" && !loaded[name] {
			t.Errorf("%s is embedded but nothing loads it", name)
		}
	}
}

// TestExamples checks examples.json, the example data and error
// correction levels the Generate view offers: every writable symbology
// has an example, every example and every level it suggests encodes, and
// nothing is there for a symbology the registry lacks.
func TestExamples(t *testing.T) {
	b, err := fs.ReadFile(ui.Files, "examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var examples map[string]struct {
		Data     string   `json:"data"`
		Hint     string   `json:"hint"`
		ECLevels []string `json:"ecLevels"`
		ECHint   string   `json:"ecHint"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&examples); err != nil {
		t.Fatal(err)
	}
	writable := map[string]bool{}
	for _, info := range barkit.Symbologies() {
		if info.Write == nil {
			continue
		}
		writable[info.ID] = true
		ex, ok := examples[info.ID]
		if !ok {
			t.Errorf("no example for %s", info.ID)
			continue
		}
		if ex.Data == "" || ex.Hint == "" {
			t.Errorf("%s: example %q, hint %q: both are needed", info.ID, ex.Data, ex.Hint)
		}
		if _, err := barkit.Generate(ex.Data, barkit.GenerateOptions{Symbology: info.ID}); err != nil {
			t.Errorf("%s: example %q: %v", info.ID, ex.Data, err)
		}
		for _, level := range ex.ECLevels {
			if _, err := barkit.Generate(ex.Data, barkit.GenerateOptions{Symbology: info.ID, ECLevel: level}); err != nil {
				t.Errorf("%s: example %q at level %q: %v", info.ID, ex.Data, level, err)
			}
		}
	}
	for id := range examples {
		if !writable[id] {
			t.Errorf("example for %q, which is no writable symbology", id)
		}
	}
}

// TestHandler checks the page's handler on its own: a nil notFound is
// http.NotFound, and only GET and HEAD are served.
func TestHandler(t *testing.T) {
	h := ui.Handler(nil)
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/", 200},
		{"GET", "", 200},
		{"HEAD", "/app.js", 200},
		{"GET", "/index.html", 301},
		{"GET", "/nope", 404},
		{"GET", "/static/app.js", 404},
		{"DELETE", "/", 404},
	} {
		req := httptest.NewRequest(c.method, "/", nil)
		req.URL.Path = c.path
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s %q: %d, want %d", c.method, c.path, rec.Code, c.status)
		}
		if c.status == 200 && rec.Header().Get("Content-Security-Policy") != ui.ContentSecurityPolicy {
			t.Errorf("%s %q: no Content-Security-Policy", c.method, c.path)
		}
	}
}
