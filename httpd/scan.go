package httpd

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

// scanResult is the answer of POST /v1/scan.
type scanResult struct {
	Barcodes []barkit.Barcode `json:"barcodes"`
}

// scan serves POST /v1/scan (SPEC.md §4.1). The body is the image itself
// (any content type), a multipart/form-data form, or a JSON object whose
// image member is base64 or a data URL. A body that starts with '{' is
// taken as JSON whatever its content type, since no image file starts so.
func (h *handler) scan(w http.ResponseWriter, r *http.Request) error {
	b, err := h.openBody(w, r, h.images)
	if err != nil {
		return err
	}
	defer b.release()

	query, err := queryParams(r)
	if err != nil {
		return err
	}
	p := params{query: query}
	var img []byte
	mt, mtParams := mediaType(r)
	if mt == "multipart/form-data" {
		f, err := b.readForm(mtParams["boundary"])
		if err != nil {
			return err
		}
		if f.image == nil {
			return badRequest("no image in the multipart body: send it as a file part, or as a part named image or file")
		}
		img, p.body = f.image, f.fields
	} else {
		data, err := b.readAll(r.ContentLength)
		if err != nil {
			return err
		}
		if isJSON(mt) || isObject(data) {
			obj, err := parseObject(data)
			if err != nil {
				return err
			}
			p.body = jsonParams(obj)
			data = nil // let the collector have the JSON text early
			v, ok := p.body["image"]
			if !ok {
				return badRequest("image is missing: give the image as base64 or as a data URL in the image member")
			}
			if img, err = decodeImageText(v); err != nil {
				return err
			}
			delete(p.body, "image") // the text is decoded: let it go
		} else {
			img = data
		}
	}

	opts, err := scanOptions(p)
	if err != nil {
		return err
	}
	if len(img) == 0 {
		return badRequest("the image is empty")
	}
	// The deadline runs from here: the body is read, the rest is the
	// server's work.
	ctx, cancel := context.WithTimeout(r.Context(), h.scanTimeout)
	defer cancel()
	var codes []barkit.Barcode
	err = h.waitTurn(ctx, func() error {
		if h.hooks.scanStart != nil {
			h.hooks.scanStart(r)
		}
		start := time.Now()
		codes, err = barkit.ScanBytesContext(ctx, img, opts)
		h.metrics.scanned(time.Since(start))
		if h.hooks.scanEnd != nil {
			h.hooks.scanEnd(r, err)
		}
		return err
	})
	if err != nil {
		return h.scanError(r, err)
	}
	if codes == nil {
		codes = []barkit.Barcode{}
	}
	writeJSON(w, http.StatusOK, scanResult{codes})
	return nil
}

// scanOptions reads the options of a scan: symbologies, tryHarder,
// maxResults, parse and eanAddOn.
func scanOptions(p params) (barkit.ScanOptions, error) {
	var opts barkit.ScanOptions
	p.options = scanOptionTable
	syms, err := p.list("symbologies")
	if err != nil {
		return opts, err
	}
	if err := checkReadable(syms); err != nil {
		return opts, err
	}
	opts.Symbologies = syms
	tryHarder, err := p.boolean(true, "tryharder")
	if err != nil {
		return opts, err
	}
	opts.Fast = !tryHarder
	opts.MaxResults, err = p.integer(barkit.MaxResults, "maxresults")
	if err != nil {
		return opts, err
	}
	if opts.MaxResults < 1 || opts.MaxResults > barkit.MaxResults {
		return opts, badRequest("maxResults must be from 1 to %d, not %d", barkit.MaxResults, opts.MaxResults)
	}
	parse, err := p.boolean(true, "parse")
	if err != nil {
		return opts, err
	}
	opts.NoParse = !parse
	addOn, err := p.str("read", "eanaddon")
	if err != nil {
		return opts, err
	}
	if opts.EANAddOn, err = barkit.ParseEANAddOn(addOn); err != nil {
		return opts, badRequest("eanAddOn %q is not one of read, ignore, require", shorten(addOn))
	}
	return opts, nil
}

// checkReadable checks a symbology filter: every name must be a symbology
// or a group (400 bad-request), and a symbology named on its own must be
// one barkit reads (400 unsupported). Groups may hold symbologies barkit
// only writes; the scan skips those.
func checkReadable(names []string) error {
	if _, err := symbology.Resolve(names); err != nil {
		return badRequest("symbologies: %s", strings.TrimPrefix(err.Error(), "symbology: "))
	}
	for _, n := range names {
		for _, part := range strings.Split(n, ",") {
			if info, ok := symbology.Lookup(strings.TrimSpace(part)); ok && !info.Readable {
				return &apiError{http.StatusBadRequest, codeUnsupported, "barkit cannot read " + info.Name}
			}
		}
	}
	return nil
}

// decodeImageText decodes the image member of a JSON scan: a data URL
// (RFC 2397) or base64, standard or URL-safe, padded or not, with any
// line breaks and spaces (as base64 tools wrap their output).
func decodeImageText(v value) ([]byte, error) {
	var s string
	if err := json.Unmarshal(v.raw, &s); err != nil {
		return nil, badRequest("%s must be a string of base64 or a data URL", v.name)
	}
	if rest, ok := cutPrefixFold(s, "data:"); ok {
		meta, payload, ok := strings.Cut(rest, ",")
		if !ok {
			return nil, badRequest("%s: the data URL has no ',' before its data", v.name)
		}
		if !hasSuffixFold(meta, ";base64") {
			b, err := url.PathUnescape(payload)
			if err != nil {
				return nil, badRequest("%s: the data URL's data is not valid percent-encoding: %v", v.name, err)
			}
			return []byte(b), nil
		}
		s = payload
	}
	b, err := decodeBase64(s)
	if err != nil {
		return nil, badRequest("%s is not valid base64: %v", v.name, err)
	}
	return b, nil
}

// decodeBase64 decodes standard or URL-safe base64 (RFC 4648 §4, §5),
// with or without padding, ignoring white space.
func decodeBase64(s string) ([]byte, error) {
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\r', '\n':
			return -1
		}
		return r
	}, s)
	s = strings.TrimRight(s, "=")
	enc := base64.RawStdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.RawURLEncoding
	}
	return enc.DecodeString(s)
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// scanError maps an error of a scan to the answer. A scan stopped by its
// deadline is 503 timeout, unless the client went away too (then
// ServeHTTP logs 499); an image barkit cannot use is 400 bad-request with
// the cause, as libraryError says.
func (h *handler) scanError(r *http.Request, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && r.Context().Err() == nil {
		return &apiError{http.StatusServiceUnavailable, codeTimeout, fmt.Sprintf(
			"the scan was stopped at its time limit of %v, waiting for its turn included; "+
				"a smaller image, fewer symbologies or tryHarder=false take less time", h.scanTimeout)}
	}
	return libraryError(err)
}
