package httpd

import (
	"bytes"
	"errors"
	"image/color"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/render"
)

// formats maps the format option to its renderer and content type.
var formats = map[string]struct {
	draw        func(io.Writer, *barkit.Symbol, render.Options) error
	contentType string
}{
	"svg": {render.SVG, "image/svg+xml"},
	"png": {render.PNG, "image/png"},
	"txt": {render.Text, "text/plain; charset=utf-8"},
}

// A generateRequest is a generate request's options, checked.
type generateRequest struct {
	data   string
	binary bool // data holds bytes decoded from base64
	format string
	gen    barkit.GenerateOptions
	render render.Options
}

// generate serves GET and POST /v1/generate (SPEC.md §4.2). GET takes the
// options from the query string; POST from a JSON object (or a urlencoded
// form), whose values override the query string's.
func (h *handler) generate(w http.ResponseWriter, r *http.Request) error {
	query, err := queryParams(r)
	if err != nil {
		return err
	}
	p := params{query: query}
	if r.Method == http.MethodPost {
		b, err := h.openBody(w, r, h.texts)
		if err != nil {
			return err
		}
		defer b.release()
		data, err := b.readAll(r.ContentLength)
		if err != nil {
			return err
		}
		if p.body, err = optionsBody(r, data); err != nil {
			return err
		}
		b.release() // the options are parsed: the body's bytes are done with
	}
	req, err := generateOptions(p)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	err = h.waitTurn(r.Context(), func() error {
		var sym *barkit.Symbol
		var err error
		if req.binary {
			sym, err = barkit.GenerateBytes([]byte(req.data), req.gen)
		} else {
			sym, err = barkit.Generate(req.data, req.gen)
		}
		if err != nil {
			return libraryError(err)
		}
		if err := formats[req.format].draw(&out, sym, req.render); err != nil {
			return renderError(err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeBody(w, http.StatusOK, formats[req.format].contentType, out.Bytes())
	return nil
}

// optionsBody reads the options of a POST body: a JSON object, or an
// HTML form (application/x-www-form-urlencoded). An empty body gives none.
func optionsBody(r *http.Request, data []byte) (map[string]value, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	mt, _ := mediaType(r)
	if mt == "application/x-www-form-urlencoded" && !isObject(data) {
		q, err := url.ParseQuery(string(data))
		if err != nil {
			return nil, badRequest("invalid form body: %v", err)
		}
		return textParams(q), nil
	}
	obj, err := parseObject(data)
	if err != nil {
		return nil, err
	}
	return jsonParams(obj), nil
}

// generateOptions reads and checks the options of §4.2 and their aliases,
// and version (alias size): the symbol version or size to force.
func generateOptions(p params) (*generateRequest, error) {
	req := &generateRequest{}
	p.options = generateOptionTable
	var err error
	if _, ok := p.get("data"); !ok {
		return nil, badRequest("data is missing: give the text to encode as data")
	}
	if req.data, err = p.str("", "data"); err != nil {
		return nil, err
	}
	if req.data == "" {
		return nil, badRequest("data is empty: give the text to encode")
	}
	enc, err := p.str("text", "dataencoding")
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(strings.TrimSpace(enc)) {
	case "text", "utf-8", "utf8":
	case "base64":
		b, err := decodeBase64(req.data)
		if err != nil {
			return nil, badRequest("data is not valid base64 (dataEncoding base64): %v", err)
		}
		req.data = string(b)
		if req.data == "" {
			return nil, badRequest("data is empty: give the bytes to encode")
		}
		req.binary = true
	default:
		return nil, badRequest("dataEncoding %q is not one of text, base64", enc)
	}
	if s, err := p.str("auto", "eci"); err != nil {
		return nil, err
	} else if req.gen.ECI, err = parseECI(s); err != nil {
		return nil, err
	}
	if req.gen.Symbology, err = p.str("qr", "symbology"); err != nil {
		return nil, err
	}
	format, err := p.str("svg", "format")
	if err != nil {
		return nil, err
	}
	req.format = strings.ToLower(strings.TrimSpace(format))
	if req.format == "text" {
		req.format = "txt"
	}
	if _, ok := formats[req.format]; !ok {
		return nil, badRequest("format %q is not one of svg, png, txt", format)
	}
	if req.gen.ECLevel, err = p.str("", "ecLevel"); err != nil {
		return nil, err
	}
	if req.gen.GS1, err = p.boolean(false, "gs1"); err != nil {
		return nil, err
	}
	if req.gen.Version, err = p.str("", "version"); err != nil {
		return nil, err
	}

	o := &req.render
	if o.Scale, err = p.integer(4, "scale"); err != nil {
		return nil, err
	}
	if o.Scale < 1 {
		return nil, badRequest("scale must be at least 1 pixel, not %d", o.Scale)
	}
	if o.HRT, err = p.boolean(false, "hrt"); err != nil {
		return nil, err
	}
	margin, err := p.boolean(true, "margin")
	if err != nil {
		return nil, err
	}
	o.NoMargin = !margin
	if o.Rotate, err = p.integer(0, "rotate"); err != nil {
		return nil, err
	}
	switch o.Rotate {
	case 0, 90, 180, 270:
	default:
		return nil, badRequest("rotate must be 0, 90, 180 or 270, not %d", o.Rotate)
	}
	for _, c := range []struct {
		name string
		dst  *color.Color
	}{
		{"foreground", &o.Foreground},
		{"background", &o.Background},
	} {
		v, ok := p.get(c.name)
		if !ok {
			continue
		}
		s, err := v.str()
		if err != nil {
			return nil, err
		}
		col, err := render.ParseColor(s)
		if err != nil {
			return nil, badRequest("%s: %s", v.name, strings.TrimPrefix(err.Error(), "render: "))
		}
		*c.dst = col
	}
	return req, nil
}

// parseECI reads the eci option: "auto" (the writer's choice), a designator
// or a character set's name (eci.Lookup).
func parseECI(s string) (int, error) {
	t := strings.TrimSpace(s)
	if t == "" || strings.EqualFold(t, "auto") {
		return 0, nil
	}
	d, ok := eci.Lookup(t)
	switch {
	case !ok:
		return 0, badRequest("eci %q is neither auto, a designator barkit knows nor the name of its character set (such as 26 or UTF-8, 7 or ISO-8859-5)", s)
	case d == 0:
		return 0, badRequest("eci %q: designator 0 is the legacy form of 2 (CP437); give 2", s)
	}
	return d, nil
}

// renderError maps an error of package render to the answer: a picture
// over render.MaxPixels, or an option render refuses, is the request's
// fault.
func renderError(err error) error {
	if errors.Is(err, render.ErrTooLarge) || errors.Is(err, render.ErrInvalidOption) {
		return badRequest("%s", strings.TrimPrefix(err.Error(), "render: "))
	}
	return libraryError(err)
}
