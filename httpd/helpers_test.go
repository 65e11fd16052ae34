package httpd

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// Two symbologies registered for the tests only, so that the unsupported
// paths can be tested whatever the codecs of the build can do: one barkit
// can only read, one it can only write.
func init() {
	symbology.Register(symbology.Info{
		ID: "httpd-test-read-only", Name: "Read-Only Test Code", Format: "HttpdTestReadOnly",
		Kind: symbology.Matrix,
	})
	symbology.RegisterReader(&symbology.Reader{
		IDs:  []string{"httpd-test-read-only"},
		Find: func(*symbology.View) bool { return false },
	})
	symbology.Register(symbology.Info{
		ID: "httpd-test-write-only", Name: "Write-Only Test Code", Format: "HttpdTestWriteOnly",
		Kind: symbology.Matrix,
		Write: func(string, symbology.WriteOptions) (*symbology.Symbol, error) {
			return nil, fmt.Errorf("test: %w: nothing is encodable", symbology.ErrInvalidData)
		},
	})
}

// qrPNG returns a PNG of the QR Code for data with the given module size,
// made with barkit's own writer and renderer.
func qrPNG(t testing.TB, data string, scale int) []byte {
	t.Helper()
	sym, err := barkit.Generate(data, barkit.GenerateOptions{})
	if err != nil {
		t.Fatalf("Generate(%q): %v", data, err)
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, sym, render.Options{Scale: scale}); err != nil {
		t.Fatalf("render.PNG: %v", err)
	}
	return buf.Bytes()
}

// blankPNG returns a white PNG with no barcode in it.
func blankPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 120, 80))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// part is one part of a multipart body.
type part struct {
	name, filename string
	data           []byte
}

// multipartBody encodes parts as multipart/form-data and returns the body
// and its content type.
func multipartBody(t testing.TB, parts ...part) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		var err error
		var w interface{ Write([]byte) (int, error) }
		if p.filename != "" {
			w, err = mw.CreateFormFile(p.name, p.filename)
		} else {
			w, err = mw.CreateFormField(p.name)
		}
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p.data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), mw.FormDataContentType()
}

// jsonOf encodes v as JSON.
func jsonOf(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// serve runs one request through h and returns the recorded response.
func serve(h http.Handler, method, target, contentType string, body []byte) *httptest.ResponseRecorder {
	var r *http.Request
	if body == nil {
		r = httptest.NewRequest(method, target, nil)
	} else {
		r = httptest.NewRequest(method, target, bytes.NewReader(body))
	}
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// decodeObject decodes a JSON object response.
func decodeObject(t testing.TB, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("response is not a JSON object: %v\n%s", err, body)
	}
	return m
}

// scanResponse decodes a scan response.
func scanResponse(t testing.TB, body []byte) []map[string]any {
	t.Helper()
	var res struct {
		Barcodes []map[string]any `json:"barcodes"`
	}
	if err := json.Unmarshal(body, &res); err != nil {
		t.Fatalf("scan response: %v\n%s", err, body)
	}
	if res.Barcodes == nil {
		t.Fatalf("scan response has no barcodes array: %s", body)
	}
	return res.Barcodes
}

// errorCode returns the code and message of an Error object response,
// failing the test if the body is not one.
func errorCode(t testing.TB, body []byte) (code, message string) {
	t.Helper()
	var e struct {
		Error *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error == nil || e.Error.Code == "" || e.Error.Message == "" {
		t.Fatalf("response is not an Error object (%v): %s", err, body)
	}
	return e.Error.Code, e.Error.Message
}

// scanned decodes a generated PNG with barkit and returns what it found.
func scanned(t testing.TB, pngData []byte) []barkit.Barcode {
	t.Helper()
	codes, err := barkit.ScanBytes(pngData, barkit.ScanOptions{})
	if err != nil {
		t.Fatalf("scanning the generated PNG: %v", err)
	}
	return codes
}

// decodePNG decodes a PNG response.
func decodePNG(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("response is not a PNG: %v", err)
	}
	return img
}

// nrgba returns the colour of img at x, y, non-premultiplied.
func nrgba(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// contains reports whether s contains every one of subs.
func contains(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// writeMultipart writes a multipart/form-data body holding img as the
// file part "image" and returns its content type.
func writeMultipart(w io.Writer, img []byte) string {
	mw := multipart.NewWriter(w)
	fw, _ := mw.CreateFormFile("image", "code.png")
	fw.Write(img)
	mw.Close()
	return mw.FormDataContentType()
}

// heavyPNG is a PNG of a 4000×4000 checkerboard of 3-pixel squares: 31 KB
// that hold no code but keep a thorough scan busy for seconds, finding
// finder-like runs everywhere. Made once per test binary.
var heavyPNG = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	err := png.Encode(&buf, adversarial.Checkerboard(4000, 4000, 3))
	return buf.Bytes(), err
})

// heavy returns heavyPNG's image.
func heavy(t testing.TB) []byte {
	t.Helper()
	b, err := heavyPNG()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
