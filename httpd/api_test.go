package httpd

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/color"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

// An apiCase is one request and what the answer must be.
type apiCase struct {
	name   string // starts with the SPEC.md section the case checks
	method string
	target string
	ctype  string // Content-Type of the request; "" for none
	body   []byte
	status int
	code   string // for errors: the Error object's code
	msg    string // for errors: text the message must contain
	check  func(t *testing.T, w *httptest.ResponseRecorder)
}

// urlText is the text of the QR Code most scan cases send: a URL, so that
// the parse option shows.
const urlText = "https://example.com/a?b=1&c=2"

// TestAPI walks the rules of SPEC.md §2, §4, §5, §7 and §8 through the
// handler, one request per case. Every answer, errors included, must carry
// the CORS headers (§5), and every error must be an Error object (§2.5,
// §7) with the expected status, code and message.
func TestAPI(t *testing.T) {
	h := newHandler(Options{})
	qr := qrPNG(t, urlText, 4)
	blank := blankPNG(t)
	// corrupt is qr with the zlib header of its pixel data spoilt.
	corrupt := slices.Clone(qr)
	idat := bytes.Index(qr, []byte("IDAT")) + 4
	corrupt[idat] ^= 0xff
	corrupt[idat+1] ^= 0xff

	// Checks shared by several cases.
	found := func(want string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			codes := scanResponse(t, w.Body.Bytes())
			if len(codes) != 1 || codes[0]["data"] != want || codes[0]["symbology"] != "qr" {
				t.Fatalf("barcodes = %v, want one qr with data %q", codes, want)
			}
		}
	}
	foundURL := found(urlText)
	none := func(t *testing.T, w *httptest.ResponseRecorder) {
		if got := w.Body.String(); got != "{\"barcodes\":[]}\n" {
			t.Fatalf("body = %q, want {\"barcodes\":[]}", got)
		}
	}
	contentType := func(want string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			if got := w.Header().Get("Content-Type"); got != want {
				t.Fatalf("Content-Type = %q, want %q", got, want)
			}
		}
	}
	// generated checks a PNG answer: it scans to data, and check, if
	// given, looks at the image.
	generated := func(data string, extra func(*testing.T, []byte)) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			contentType("image/png")(t, w)
			codes := scanned(t, w.Body.Bytes())
			if len(codes) != 1 || codes[0].Data != data {
				t.Fatalf("generated PNG scans to %+v, want %q", codes, data)
			}
			if extra != nil {
				extra(t, w.Body.Bytes())
			}
		}
	}
	// generatedBytes checks a PNG answer scans to the bytes want.
	generatedBytes := func(want []byte) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			contentType("image/png")(t, w)
			codes, err := barkit.ScanBytes(w.Body.Bytes(), barkit.ScanOptions{})
			if err != nil || len(codes) != 1 || !bytes.Equal(codes[0].RawBytes, want) {
				t.Fatalf("generated PNG scans to %+v, %v; want bytes % x", codes, err, want)
			}
		}
	}
	// pngSize checks the size of a PNG answer.
	pngSize := func(wantW, wantH int) func(*testing.T, []byte) {
		return func(t *testing.T, b []byte) {
			r := decodePNG(t, b).Bounds()
			if r.Dx() != wantW || r.Dy() != wantH {
				t.Fatalf("PNG is %dx%d, want %dx%d", r.Dx(), r.Dy(), wantW, wantH)
			}
		}
	}
	parsed := func(want map[string]any) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			got := decodeObject(t, w.Body.Bytes())
			for k, v := range want {
				if got[k] != v {
					t.Fatalf("parsed[%q] = %v, want %v (all: %v)", k, got[k], v, got)
				}
			}
		}
	}
	gen := func(q string) string { return "/v1/generate?" + q }
	esc := url.QueryEscape

	mp := func(parts ...part) ([]byte, string) { return multipartBody(t, parts...) }
	mpFirstFile, mpFirstFileType := mp(part{name: "symbologies", data: []byte("qr")}, part{name: "upload", filename: "code.png", data: qr}, part{name: "other", filename: "x.png", data: []byte("not an image")})
	mpNamed, mpNamedType := mp(part{name: "other", filename: "x.png", data: []byte("not an image")}, part{name: "image", filename: "code.png", data: qr})
	mpFile, mpFileType := mp(part{name: "file", data: qr}) // a field, not a file part
	mpGroup, mpGroupType := mp(part{name: "symbologies", data: []byte("linear")}, part{name: "image", filename: "code.png", data: qr})
	mpOverride, mpOverrideType := mp(part{name: "symbologies", data: []byte("qr")}, part{name: "image", filename: "code.png", data: qr})
	mpUnknown, mpUnknownType := mp(part{name: "symbologies", data: []byte("qr,nosuchcode")}, part{name: "image", filename: "code.png", data: qr})
	mpNoImage, mpNoImageType := mp(part{name: "symbologies", data: []byte("qr")})
	mpEmpty, mpEmptyType := mp(part{name: "image", filename: "code.png", data: nil})
	mpOptions, mpOptionsType := mp(part{name: "tryHarder", data: []byte("no")}, part{name: "parse", data: []byte("off")}, part{name: "maxResults", data: []byte("1")}, part{name: "image", filename: "c.png", data: qr})
	mpBadBool, mpBadBoolType := mp(part{name: "parse", data: []byte("sometimes")}, part{name: "image", filename: "c.png", data: qr})

	// wrapped is the base64 of the image as base64(1) prints it: lines
	// of 76 characters.
	var wrapped strings.Builder
	for s := b64(qr); len(s) > 0; {
		n := min(76, len(s))
		wrapped.WriteString(s[:n] + "\n")
		s = s[n:]
	}
	urlSafe := strings.TrimRight(strings.NewReplacer("+", "-", "/", "_").Replace(b64(qr)), "=")

	cases := []apiCase{
		// §4.4 and §2.1: the Health object.
		{name: "§4.4 GET /health gives the Health object", method: "GET", target: "/health", status: 200,
			check: parsed(map[string]any{"ok": true, "name": "barkit", "docs": docsURL})},
		{name: "§4.4 GET / gives the Health object", method: "GET", target: "/", status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				contentType("application/json")(t, w)
				m := decodeObject(t, w.Body.Bytes())
				if m["ok"] != true || m["name"] != "barkit" || m["version"] == "" || m["version"] == nil {
					t.Fatalf("health = %v", m)
				}
			}},
		{name: "§9 health lives outside /v1", method: "GET", target: "/v1/health", status: 404, code: "not-found"},

		// §2.4: the symbologies listing.
		{name: "§2.4 GET /v1/symbologies lists read, write and details", method: "GET", target: "/v1/symbologies", status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				var l struct {
					Read    []string         `json:"read"`
					Write   []string         `json:"write"`
					Details []map[string]any `json:"details"`
				}
				if err := json.Unmarshal(w.Body.Bytes(), &l); err != nil {
					t.Fatal(err)
				}
				if !has(l.Read, "qr") || !has(l.Write, "qr") || !has(l.Read, "httpd-test-read-only") ||
					has(l.Write, "httpd-test-read-only") || has(l.Read, "httpd-test-write-only") {
					t.Fatalf("read %v, write %v", l.Read, l.Write)
				}
				if len(l.Details) != len(symbology.All()) {
					t.Fatalf("%d details, want %d", len(l.Details), len(symbology.All()))
				}
				for _, d := range l.Details {
					if d["id"] != "qr" {
						continue
					}
					for _, k := range []string{"id", "name", "kind", "aliases", "format", "read", "write", "groups"} {
						if _, ok := d[k]; !ok {
							t.Fatalf("qr details lack %q: %v", k, d)
						}
					}
					if d["name"] != "QR Code" || d["kind"] != "matrix" || d["read"] != true || d["write"] != true {
						t.Fatalf("qr details = %v", d)
					}
					return
				}
				t.Fatal("no details for qr")
			}},

		// §4.1: scan, the three body forms.
		{name: "§4.1 raw bytes with image/png", method: "POST", target: "/v1/scan", ctype: "image/png", body: qr, status: 200, check: foundURL},
		{name: "§4.1 raw bytes with no content type", method: "POST", target: "/v1/scan", body: qr, status: 200, check: foundURL},
		{name: "§4.1 raw bytes with any content type", method: "POST", target: "/v1/scan", ctype: "application/octet-stream", body: qr, status: 200, check: foundURL},
		{name: "§4.1 multipart first file part", method: "POST", target: "/v1/scan", ctype: mpFirstFileType, body: mpFirstFile, status: 200, check: foundURL},
		{name: "§4.1 multipart part named image wins over an earlier file", method: "POST", target: "/v1/scan", ctype: mpNamedType, body: mpNamed, status: 200, check: foundURL},
		{name: "§4.1 multipart part named file", method: "POST", target: "/v1/scan", ctype: mpFileType, body: mpFile, status: 200, check: foundURL},
		{name: "§4.1 multipart symbologies field limits the search", method: "POST", target: "/v1/scan", ctype: mpGroupType, body: mpGroup, status: 200, check: none},
		{name: "§4.1 multipart field overrides the query", method: "POST", target: "/v1/scan?symbologies=linear", ctype: mpOverrideType, body: mpOverride, status: 200, check: foundURL},
		{name: "§4.1 multipart option fields", method: "POST", target: "/v1/scan", ctype: mpOptionsType, body: mpOptions, status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				foundURL(t, w)
				if _, ok := scanResponse(t, w.Body.Bytes())[0]["parsed"]; ok {
					t.Fatal("parsed present with parse=off")
				}
			}},
		{name: "§4.1 multipart unknown symbology", method: "POST", target: "/v1/scan", ctype: mpUnknownType, body: mpUnknown, status: 400, code: "bad-request", msg: "nosuchcode"},
		{name: "§4.1 multipart without an image part", method: "POST", target: "/v1/scan", ctype: mpNoImageType, body: mpNoImage, status: 400, code: "bad-request", msg: "no image"},
		{name: "§4.1 multipart empty image", method: "POST", target: "/v1/scan", ctype: mpEmptyType, body: mpEmpty, status: 400, code: "bad-request", msg: "empty"},
		{name: "§4.1 multipart bad boolean field", method: "POST", target: "/v1/scan", ctype: mpBadBoolType, body: mpBadBool, status: 400, code: "bad-request", msg: "parse"},
		{name: "§4.1 multipart without boundary", method: "POST", target: "/v1/scan", ctype: "multipart/form-data", body: mpNamed, status: 400, code: "bad-request", msg: "boundary"},
		{name: "§4.1 multipart malformed", method: "POST", target: "/v1/scan", ctype: "multipart/form-data; boundary=zzz", body: []byte("--zzz\r\nno headers end"), status: 400, code: "bad-request", msg: "multipart"},
		{name: "§4.1 JSON base64 image", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr)}), status: 200, check: foundURL},
		{name: "§4.1 JSON data URL image", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": "data:image/png;base64," + b64(qr)}), status: 200, check: foundURL},
		{name: "§4.1 JSON base64 wrapped in lines", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": wrapped.String()}), status: 200, check: foundURL},
		{name: "§4.1 JSON URL-safe unpadded base64", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": urlSafe}), status: 200, check: foundURL},
		{name: "§4.1 JSON without a JSON content type", method: "POST", target: "/v1/scan", ctype: "application/x-www-form-urlencoded", body: jsonOf(t, map[string]any{"image": b64(qr)}), status: 200, check: foundURL},
		{name: "§4.1 JSON symbologies array", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "symbologies": []string{"linear", "QR Code"}}), status: 200, check: foundURL},
		{name: "§4.1 JSON symbologies comma string", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "symbologies": "linear, qr"}), status: 200, check: foundURL},
		{name: "§4.1 JSON symbologies limit the search", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "symbologies": []string{"linear"}}), status: 200, check: none},
		{name: "§4.1 JSON body overrides the query", method: "POST", target: "/v1/scan?symbologies=qr&maxResults=0", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "symbologies": "linear", "maxResults": 1}), status: 200, check: none},
		{name: "§4.1 JSON numbers and booleans as strings", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "maxResults": "3", "tryHarder": "off", "parse": "YES"}), status: 200, check: foundURL},
		{name: "§4.1 JSON booleans as numbers", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "tryHarder": 0, "parse": 1}), status: 200, check: foundURL},
		{name: "§4.1 JSON null counts as absent", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "symbologies": nil, "maxResults": nil}), status: 200, check: foundURL},
		{name: "§4.1 JSON maxResults fraction", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "maxResults": 2.5}), status: 400, code: "bad-request", msg: "maxResults"},
		{name: "§4.1 JSON symbologies not strings", method: "POST", target: "/v1/scan", ctype: "application/json", body: jsonOf(t, map[string]any{"image": b64(qr), "symbologies": []int{1}}), status: 400, code: "bad-request", msg: "symbologies"},
		{name: "§4.1 JSON image missing", method: "POST", target: "/v1/scan", ctype: "application/json", body: []byte(`{"symbologies":"qr"}`), status: 400, code: "bad-request", msg: "image"},
		{name: "§4.1 JSON image empty", method: "POST", target: "/v1/scan", ctype: "application/json", body: []byte(`{"image":""}`), status: 400, code: "bad-request", msg: "empty"},
		{name: "§4.1 JSON image not a string", method: "POST", target: "/v1/scan", ctype: "application/json", body: []byte(`{"image":42}`), status: 400, code: "bad-request", msg: "image"},
		{name: "§4.1 JSON image invalid base64", method: "POST", target: "/v1/scan", ctype: "application/json", body: []byte(`{"image":"iVBOR*w0KGgo"}`), status: 400, code: "bad-request", msg: "base64"},
		{name: "§4.1 JSON data URL without comma", method: "POST", target: "/v1/scan", ctype: "application/json", body: []byte(`{"image":"data:image/png;base64"}`), status: 400, code: "bad-request", msg: "data URL"},
		{name: "§4.1 invalid JSON", method: "POST", target: "/v1/scan", ctype: "application/json", body: []byte(`{"image": "abc`), status: 400, code: "bad-request", msg: "invalid JSON"},
		{name: "§4.1 JSON that is not an object", method: "POST", target: "/v1/scan", ctype: "application/json", body: []byte(`["abc"]`), status: 400, code: "bad-request", msg: "object"},

		// §4.1: options.
		{name: "§4.1 query symbologies", method: "POST", target: "/v1/scan?symbologies=qr", ctype: "image/png", body: qr, status: 200, check: foundURL},
		{name: "§4.1 query symbologies limit the search", method: "POST", target: "/v1/scan?symbologies=linear", ctype: "image/png", body: qr, status: 200, check: none},
		{name: "§4.1 query symbologies repeated", method: "POST", target: "/v1/scan?symbologies=linear&symbologies=qr", ctype: "image/png", body: qr, status: 200, check: foundURL},
		{name: "§4.1 unknown symbology", method: "POST", target: "/v1/scan?symbologies=qr,nosuchcode", ctype: "image/png", body: qr, status: 400, code: "bad-request", msg: `"nosuchcode"`},
		{name: "§4.1 a symbology barkit only writes", method: "POST", target: "/v1/scan?symbologies=httpd-test-write-only", ctype: "image/png", body: qr, status: 400, code: "unsupported", msg: "Write-Only Test Code"},
		{name: "§4.1 tryHarder=false", method: "POST", target: "/v1/scan?tryHarder=false", ctype: "image/png", body: qr, status: 200, check: foundURL},
		{name: "§4.1 option names are forgiving", method: "POST", target: "/v1/scan?try_harder=0&MAXRESULTS=1", ctype: "image/png", body: qr, status: 200, check: foundURL},
		{name: "§4.1 parse default adds parsed", method: "POST", target: "/v1/scan", ctype: "image/png", body: qr, status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				foundURL(t, w)
				p, ok := scanResponse(t, w.Body.Bytes())[0]["parsed"].(map[string]any)
				if !ok || p["type"] != "url" || p["url"] == nil {
					t.Fatalf("parsed = %v, want a url", p)
				}
				if !strings.Contains(w.Body.String(), "&c=2") {
					t.Fatalf("'&' escaped in %s", w.Body)
				}
			}},
		{name: "§4.1 parse=false omits parsed", method: "POST", target: "/v1/scan?parse=false", ctype: "image/png", body: qr, status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				foundURL(t, w)
				if _, ok := scanResponse(t, w.Body.Bytes())[0]["parsed"]; ok {
					t.Fatal("parsed present with parse=false")
				}
			}},
		{name: "§2.2 Barcode has every field", method: "POST", target: "/v1/scan", ctype: "image/png", body: qr, status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				c := scanResponse(t, w.Body.Bytes())[0]
				for _, k := range []string{"data", "symbology", "symbologyName", "rawBytes", "contentType", "isGS1", "location", "frameSize", "orientation", "ecLevel", "symbologyIdentifier", "timestamp", "parsed"} {
					if _, ok := c[k]; !ok {
						t.Errorf("Barcode lacks %q", k)
					}
				}
				if fs, _ := c["frameSize"].(map[string]any); fs["width"] == nil || fs["width"].(float64) < 100 {
					t.Errorf("frameSize = %v", c["frameSize"])
				}
			}},
		{name: "§4.1 maxResults=1", method: "POST", target: "/v1/scan?maxResults=1", ctype: "image/png", body: qr, status: 200, check: foundURL},
		{name: "§4.1 maxResults=255", method: "POST", target: "/v1/scan?maxResults=255", ctype: "image/png", body: qr, status: 200, check: foundURL},
		{name: "§4.1 maxResults=0", method: "POST", target: "/v1/scan?maxResults=0", ctype: "image/png", body: qr, status: 400, code: "bad-request", msg: "maxResults"},
		{name: "§4.1 maxResults=256", method: "POST", target: "/v1/scan?maxResults=256", ctype: "image/png", body: qr, status: 400, code: "bad-request", msg: "maxResults"},
		{name: "§4.1 maxResults not a number", method: "POST", target: "/v1/scan?maxResults=all", ctype: "image/png", body: qr, status: 400, code: "bad-request", msg: "maxResults"},
		{name: "§4.1 invalid query string", method: "POST", target: "/v1/scan?symbologies=%zz", ctype: "image/png", body: qr, status: 400, code: "bad-request", msg: "query string"},
		{name: "§4.1 bad boolean", method: "POST", target: "/v1/scan?tryHarder=maybe", ctype: "image/png", body: qr, status: 400, code: "bad-request", msg: "tryHarder"},
		{name: "§4.1 empty boolean", method: "POST", target: "/v1/scan?parse=", ctype: "image/png", body: qr, status: 400, code: "bad-request", msg: "parse"},

		// §4.1: results and failures.
		{name: "§4.1 no code found gives an empty list", method: "POST", target: "/v1/scan", ctype: "image/png", body: blank, status: 200, check: none},
		{name: "§4.1 missing image", method: "POST", target: "/v1/scan", status: 400, code: "bad-request", msg: "empty"},
		{name: "§4.1 not an image", method: "POST", target: "/v1/scan", ctype: "image/png", body: []byte("GIF89 hello"), status: 400, code: "bad-request", msg: "unknown image format"},
		{name: "§4.1 truncated image", method: "POST", target: "/v1/scan", ctype: "image/png", body: qr[:len(qr)/2], status: 400, code: "bad-request", msg: "truncated image: png"},
		{name: "§4.1 corrupt image", method: "POST", target: "/v1/scan", ctype: "image/png", body: corrupt, status: 400, code: "bad-request", msg: "corrupt image: zlib"},
		{name: "§4 GET /v1/scan is not an endpoint", method: "GET", target: "/v1/scan", status: 404, code: "not-found"},

		// §4.2: generate.
		{name: "§4.2 GET default format is SVG", method: "GET", target: gen("data=hello"), status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				contentType("image/svg+xml")(t, w)
				if !strings.Contains(w.Body.String(), "<svg") {
					t.Fatalf("not SVG: %.200s", w.Body)
				}
			}},
		{name: "§4.2 GET format=png", method: "GET", target: gen("data=hello&format=png"), status: 200, check: generated("hello", nil)},
		{name: "§4.2 GET format=txt", method: "GET", target: gen("data=hello&format=txt"), status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				contentType("text/plain; charset=utf-8")(t, w)
				if w.Body.Len() == 0 {
					t.Fatal("empty text rendering")
				}
			}},
		{name: "§4.2 format is case-insensitive", method: "GET", target: gen("data=hello&format=PNG"), status: 200, check: generated("hello", nil)},
		{name: "§4.2 alias text", method: "GET", target: gen("text=via+text&format=png"), status: 200, check: generated("via text", nil)},
		{name: "§4.2 alias value", method: "GET", target: gen("value=via+value&format=png"), status: 200, check: generated("via value", nil)},
		{name: "§4.2 URL-encoded data", method: "GET", target: gen("format=png&data=" + esc("a&b=c #d")), status: 200, check: generated("a&b=c #d", nil)},
		{name: "§4.2 scale", method: "GET", target: gen("data=hello&format=png&scale=2"), status: 200, check: generated("hello", pngSize(2*(21+8), 2*(21+8)))},
		{name: "§4.2 default scale is 4", method: "GET", target: gen("data=hello&format=png"), status: 200, check: generated("hello", pngSize(4*(21+8), 4*(21+8)))},
		{name: "§4.2 margin=false", method: "GET", target: gen("data=hello&format=png&margin=false"), status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) { pngSize(4*21, 4*21)(t, w.Body.Bytes()) }},
		{name: "§4.2 ecLevel", method: "GET", target: gen("data=hello&format=png&ecLevel=H"), status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if c := scanned(t, w.Body.Bytes()); len(c) != 1 || c[0].ECLevel != "H" {
					t.Fatalf("scanned %+v, want EC level H", c)
				}
			}},
		{name: "§4.2 ec alias", method: "GET", target: gen("data=hello&format=png&ec=Q"), status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if c := scanned(t, w.Body.Bytes()); len(c) != 1 || c[0].ECLevel != "Q" {
					t.Fatalf("scanned %+v, want EC level Q", c)
				}
			}},
		{name: "§4.2 gs1", method: "GET", target: gen("format=png&gs1=true&data=" + esc("(01)09506000134352(10)ABC123")), status: 200,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if c := scanned(t, w.Body.Bytes()); len(c) != 1 || !c[0].IsGS1 {
					t.Fatalf("scanned %+v, want GS1", c)
				}
			}},
		{name: "§4.2 hrt on a matrix code is ignored", method: "GET", target: gen("data=hello&format=png&hrt=true"), status: 200, check: generated("hello", pngSize(4*29, 4*29))},
		{name: "§4.2 foreground and transparent background", method: "GET", target: gen("data=hello&format=png&foreground=%23ff0000&background=transparent"), status: 200,
			check: generated("hello", func(t *testing.T, b []byte) {
				img := decodePNG(t, b)
				if c := nrgba(img, 0, 0); c.A != 0 {
					t.Errorf("margin pixel %v, want transparent", c)
				}
				// The top-left module of the finder pattern, after a
				// 4-module quiet zone at scale 4.
				if c := nrgba(img, 16, 16); c != colorRed {
					t.Errorf("dark module %v, want red", c)
				}
			})},
		{name: "§4.2 fg and bg aliases", method: "GET", target: gen("data=hello&format=png&fg=%23123&bg=%23ffffff"), status: 200,
			check: generated("hello", func(t *testing.T, b []byte) {
				if c := nrgba(decodePNG(t, b), 16, 16); c.R != 0x11 || c.G != 0x22 || c.B != 0x33 {
					t.Errorf("dark module %v, want #112233", c)
				}
			})},
		{name: "§4.2 rotate=90", method: "GET", target: gen("data=hello&format=png&rotate=90"), status: 200, check: generated("hello", nil)},
		{name: "§4.2 rotate=45", method: "GET", target: gen("data=hello&rotate=45"), status: 400, code: "bad-request", msg: "rotate"},
		{name: "§4.2 version forces the symbol size", method: "GET", target: gen("data=hello&format=png&version=5&scale=2"), status: 200, check: generated("hello", pngSize(2*(37+8), 2*(37+8)))},
		{name: "§4.2 POST JSON with every option", method: "POST", target: "/v1/generate", ctype: "application/json",
			body:   jsonOf(t, map[string]any{"data": "posted", "symbology": "QR Code", "format": "png", "scale": 3, "ecLevel": "M", "gs1": false, "hrt": false, "margin": true, "foreground": "#000", "background": "#fff", "rotate": 180}),
			status: 200, check: generated("posted", pngSize(3*29, 3*29))},
		{name: "§4.2 POST JSON numbers and booleans as strings", method: "POST", target: "/v1/generate", ctype: "application/json",
			body: jsonOf(t, map[string]any{"text": "posted", "format": "png", "scale": "2", "margin": "yes", "rotate": "270"}), status: 200, check: generated("posted", pngSize(2*29, 2*29))},
		{name: "§4.2 POST JSON number as data", method: "POST", target: "/v1/generate", ctype: "application/json",
			body: []byte(`{"data": 9506000134352, "format": "png"}`), status: 200, check: generated("9506000134352", nil)},
		{name: "§4.2 POST body overrides the query", method: "POST", target: gen("data=query&format=svg&scale=9"), ctype: "application/json",
			body: jsonOf(t, map[string]any{"data": "body", "format": "png", "scale": 2}), status: 200, check: generated("body", pngSize(2*29, 2*29))},
		{name: "§4.2 POST urlencoded form", method: "POST", target: "/v1/generate", ctype: "application/x-www-form-urlencoded",
			body: []byte("data=form&format=png"), status: 200, check: generated("form", nil)},
		{name: "§4.2 POST with empty body takes the query", method: "POST", target: gen("data=query&format=png"), status: 200, check: generated("query", nil)},
		{name: "§4.2 dataEncoding base64 writes bytes", method: "GET", target: gen("format=png&symbology=data-matrix&dataEncoding=base64&data=" + esc(base64.StdEncoding.EncodeToString([]byte{0, 0x80, 0xff, 0xfe, 'A'}))),
			status: 200, check: generatedBytes([]byte{0, 0x80, 0xff, 0xfe, 'A'})},
		{name: "§4.2 POST dataEncoding base64, URL-safe and unpadded", method: "POST", target: "/v1/generate", ctype: "application/json",
			body: jsonOf(t, map[string]any{"data": "_-8", "dataEncoding": "BASE64", "format": "png"}), status: 200, check: generatedBytes([]byte{0xff, 0xef})},
		{name: "§4.2 eci by name", method: "GET", target: gen("format=png&eci=ISO-8859-5&data=" + esc("Привет")), status: 200, check: generated("Привет", nil)},
		{name: "§4.2 eci by number", method: "GET", target: gen("format=png&eci=26&data=" + esc("Grüße")), status: 200, check: generated("Grüße", nil)},
		{name: "§4.2 base64 that is not", method: "GET", target: gen("dataEncoding=base64&data=" + esc("no!")), status: 400, code: "bad-request", msg: "base64"},
		{name: "§4.2 unknown dataEncoding", method: "GET", target: gen("dataEncoding=hex&data=00"), status: 400, code: "bad-request", msg: "dataEncoding"},
		{name: "§4.2 bytes in a symbology without", method: "GET", target: gen("dataEncoding=base64&symbology=code39&data=gIE="), status: 400, code: "unsupported", msg: "binary"},
		{name: "§4.2 unknown eci", method: "GET", target: gen("eci=klingon&data=x"), status: 400, code: "bad-request", msg: "eci"},
		{name: "§4.2 eci a symbology lacks", method: "GET", target: gen("eci=3&symbology=code128&data=x"), status: 400, code: "unsupported", msg: "ECI"},
		{name: "§4.2 a character the forced eci lacks", method: "GET", target: gen("eci=7&data=" + esc("Grüße")), status: 400, code: "bad-request", msg: "ISO-8859-5"},
		{name: "§4.2 invalid query string", method: "GET", target: gen("data=100%"), status: 400, code: "bad-request", msg: "query string"},
		{name: "§4.2 missing data", method: "GET", target: gen("format=png"), status: 400, code: "bad-request", msg: "data"},
		{name: "§4.2 empty data", method: "GET", target: gen("data="), status: 400, code: "bad-request", msg: "data"},
		{name: "§4.2 POST missing data", method: "POST", target: "/v1/generate", ctype: "application/json", body: []byte(`{"format":"png"}`), status: 400, code: "bad-request", msg: "data"},
		{name: "§4.2 data that does not fit", method: "GET", target: gen("version=1&data=" + strings.Repeat("x", 100)), status: 400, code: "bad-request", msg: "too long"},
		{name: "§4.2 data the symbology cannot encode", method: "GET", target: gen("symbology=httpd-test-write-only&data=x"), status: 400, code: "bad-request", msg: "nothing is encodable"},
		{name: "§4.2 unknown symbology", method: "GET", target: gen("data=x&symbology=nosuchcode"), status: 400, code: "bad-request", msg: "nosuchcode"},
		{name: "§4.2 writing a read-only symbology is unsupported", method: "GET", target: gen("data=x&symbology=httpd-test-read-only"), status: 400, code: "unsupported", msg: "Read-Only Test Code"},
		{name: "§4.2 unknown format", method: "GET", target: gen("data=x&format=gif"), status: 400, code: "bad-request", msg: "gif"},
		{name: "§4.2 scale=0", method: "GET", target: gen("data=x&scale=0"), status: 400, code: "bad-request", msg: "scale"},
		{name: "§4.2 scale too large", method: "GET", target: gen("data=x&scale=100000"), status: 400, code: "bad-request", msg: "scale 100000"},
		{name: "§4.2 scale not a number", method: "GET", target: gen("data=x&scale=big"), status: 400, code: "bad-request", msg: "scale"},
		{name: "§4.2 POST scale fraction", method: "POST", target: "/v1/generate", ctype: "application/json", body: []byte(`{"data":"x","scale":2.5}`), status: 400, code: "bad-request", msg: "scale"},
		{name: "§4.2 PNG too large", method: "GET", target: gen("format=png&scale=100&data=" + strings.Repeat("x", 1000)), status: 400, code: "bad-request", msg: "pixels"},
		{name: "§4.2 bad boolean", method: "GET", target: gen("data=x&margin=maybe"), status: 400, code: "bad-request", msg: "margin"},
		{name: "§4.2 POST boolean of the wrong type", method: "POST", target: "/v1/generate", ctype: "application/json", body: []byte(`{"data":"x","gs1":[true]}`), status: 400, code: "bad-request", msg: "gs1"},
		{name: "§4.2 POST data of the wrong type", method: "POST", target: "/v1/generate", ctype: "application/json", body: []byte(`{"data":{"a":1}}`), status: 400, code: "bad-request", msg: "data"},
		{name: "§4.2 bad foreground", method: "GET", target: gen("data=x&foreground=reddish"), status: 400, code: "bad-request", msg: "foreground"},
		{name: "§4.2 bad background", method: "GET", target: gen("data=x&bg=%23ggg"), status: 400, code: "bad-request", msg: "bg"},
		{name: "§4.2 POST invalid JSON", method: "POST", target: "/v1/generate", ctype: "application/json", body: []byte(`{"data":`), status: 400, code: "bad-request", msg: "invalid JSON"},
		{name: "§4.2 POST JSON array", method: "POST", target: "/v1/generate", ctype: "application/json", body: []byte(`["x"]`), status: 400, code: "bad-request", msg: "object"},
		{name: "§4.2 POST text body", method: "POST", target: "/v1/generate", ctype: "text/plain", body: []byte(`hello`), status: 400, code: "bad-request", msg: "JSON"},

		// §4.3: parse.
		{name: "§4.3 JSON data", method: "POST", target: "/v1/parse", ctype: "application/json", body: jsonOf(t, map[string]any{"data": "WIFI:T:WPA;S:home;P:secret;;"}), status: 200,
			check: parsed(map[string]any{"type": "wifi", "ssid": "home", "password": "secret"})},
		{name: "§4.3 raw text", method: "POST", target: "/v1/parse", body: []byte(urlText), status: 200, check: parsed(map[string]any{"type": "url"})},
		{name: "§4.3 raw text with a text content type", method: "POST", target: "/v1/parse", ctype: "text/plain; charset=utf-8", body: []byte(urlText), status: 200, check: parsed(map[string]any{"type": "url"})},
		{name: "§4.3 text/plain that looks like JSON is text", method: "POST", target: "/v1/parse", ctype: "text/plain", body: []byte(`{"data":"https://example.com"}`), status: 200, check: parsed(map[string]any{"type": "text"})},
		{name: "§4.3 JSON object without a JSON content type", method: "POST", target: "/v1/parse", ctype: "application/x-www-form-urlencoded", body: []byte(`{"data":"https://example.com"}`), status: 200, check: parsed(map[string]any{"type": "url"})},
		{name: "§4.3 text that is not JSON", method: "POST", target: "/v1/parse", ctype: "application/x-www-form-urlencoded", body: []byte(`{not json} https://example.com`), status: 200, check: parsed(map[string]any{"type": "text"})},
		{name: "§4.3 JSON string", method: "POST", target: "/v1/parse", ctype: "application/json", body: []byte(`"https://example.com"`), status: 200, check: parsed(map[string]any{"type": "url"})},
		{name: "§4.3 symbology hint", method: "POST", target: "/v1/parse", ctype: "application/json", body: []byte(`{"data":"hello","symbology":"QRCode"}`), status: 200, check: parsed(map[string]any{"type": "text"})},
		{name: "§4.3 symbology hint in the query", method: "POST", target: "/v1/parse?symbology=qr", body: []byte(`hello`), status: 200, check: parsed(map[string]any{"type": "text"})},
		{name: "§4.3 unknown symbology hint", method: "POST", target: "/v1/parse?symbology=nosuchcode", body: []byte(`hello`), status: 400, code: "bad-request", msg: "nosuchcode"},
		{name: "§4.3 data in the query", method: "POST", target: "/v1/parse?data=" + esc(urlText), status: 200, check: parsed(map[string]any{"type": "url"})},
		{name: "§4.3 missing data in JSON", method: "POST", target: "/v1/parse", ctype: "application/json", body: []byte(`{"symbology":"qr"}`), status: 400, code: "bad-request", msg: "data"},
		{name: "§4.3 missing data: empty body", method: "POST", target: "/v1/parse", status: 400, code: "bad-request", msg: "data"},
		{name: "§4.3 empty data", method: "POST", target: "/v1/parse", ctype: "application/json", body: []byte(`{"data":""}`), status: 400, code: "bad-request", msg: "data"},
		{name: "§4.3 invalid JSON with a JSON content type", method: "POST", target: "/v1/parse", ctype: "application/json", body: []byte(`{"data": "x`), status: 400, code: "bad-request", msg: "invalid JSON"},
		{name: "§4 GET /v1/parse is not an endpoint", method: "GET", target: "/v1/parse", status: 404, code: "not-found"},

		// §5 and §7: preflight, unknown paths and methods.
		{name: "§5 OPTIONS preflight on an endpoint", method: "OPTIONS", target: "/v1/scan", status: 204,
			check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if w.Body.Len() != 0 {
					t.Fatalf("preflight body %q", w.Body)
				}
			}},
		{name: "§5 OPTIONS preflight on any path", method: "OPTIONS", target: "/no/such/path", status: 204},
		{name: "§7 unknown path", method: "GET", target: "/v2/scan", status: 404, code: "not-found", msg: "/v2/scan"},
		{name: "§7 unknown method", method: "DELETE", target: "/health", status: 404, code: "not-found", msg: "DELETE"},
		{name: "§7 POST to a GET endpoint", method: "POST", target: "/v1/symbologies", status: 404, code: "not-found"},
		{name: "§7 trailing slash is another path", method: "GET", target: "/health/", status: 404, code: "not-found"},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := serve(h, c.method, c.target, c.ctype, c.body)
			if w.Code != c.status {
				t.Fatalf("%s %s: status %d, want %d; body %.300s", c.method, c.target, w.Code, c.status, w.Body)
			}
			checkCORS(t, w.Header(), "*")
			if c.code != "" {
				code, msg := errorCode(t, w.Body.Bytes())
				if code != c.code || !strings.Contains(msg, c.msg) {
					t.Fatalf("error %q %q, want code %q and a message containing %q", code, msg, c.code, c.msg)
				}
				if strings.HasPrefix(msg, "barkit: ") || strings.HasPrefix(msg, "imageio: ") {
					t.Fatalf("message %q starts with a package name", msg)
				}
				if ct := w.Header().Get("Content-Type"); ct != "application/json" {
					t.Fatalf("error Content-Type %q", ct)
				}
			}
			if c.check != nil {
				c.check(t, w)
			}
		})
	}
}

// checkCORS checks the CORS headers of SPEC.md §5.
func checkCORS(t *testing.T, hdr http.Header, origin string) {
	t.Helper()
	want := map[string]string{
		"Access-Control-Allow-Origin":  origin,
		"Access-Control-Allow-Methods": "GET, POST, OPTIONS",
		"Access-Control-Allow-Headers": "Content-Type",
	}
	for k, v := range want {
		if got := hdr.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
}

// TestCORSOptions checks §5's configuration: a configured origin replaces
// "*", and NoCORS sends no CORS header at all, on successes, errors and
// preflights alike.
func TestCORSOptions(t *testing.T) {
	for _, c := range []struct {
		name   string
		opts   Options
		origin string // "" for no CORS headers
	}{
		{"§5 default origin is *", Options{}, "*"},
		{"§5 configured origin", Options{CORSOrigin: "https://app.example.com"}, "https://app.example.com"},
		{"§5 cors false sends no CORS headers", Options{NoCORS: true, CORSOrigin: "https://ignored.example.com"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := NewHandler(c.opts)
			for _, r := range []struct {
				method, target string
				status         int
			}{
				{"GET", "/health", 200},
				{"OPTIONS", "/v1/generate", 204},
				{"GET", "/nowhere", 404},
				{"POST", "/v1/scan", 400},
			} {
				w := serve(h, r.method, r.target, "", nil)
				if w.Code != r.status {
					t.Fatalf("%s %s: status %d, want %d", r.method, r.target, w.Code, r.status)
				}
				if c.origin != "" {
					checkCORS(t, w.Header(), c.origin)
					continue
				}
				for k := range w.Header() {
					if strings.HasPrefix(k, "Access-Control-") {
						t.Errorf("%s %s: header %s sent with NoCORS", r.method, r.target, k)
					}
				}
			}
		})
	}
}

var colorRed = color.NRGBA{0xff, 0, 0, 0xff}

var has = slices.Contains[[]string]
