package httpd

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
)

// retailPNG returns a PNG of a book's EAN-13 with its EAN-5 price add-on
// above an EAN-13 without add-on, made with barkit's writer and renderer.
func retailPNG(t testing.TB) []byte {
	t.Helper()
	var imgs []image.Image
	for _, p := range [][2]string{{"isbn", "9780735200449+51299"}, {"ean13", "5901234123457"}} {
		sym, err := barkit.Generate(p[1], barkit.GenerateOptions{Symbology: p[0]})
		if err != nil {
			t.Fatal(err)
		}
		img, err := render.Image(sym, render.Options{Scale: 2, HRT: true})
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, img)
	}
	a, b := imgs[0].Bounds(), imgs[1].Bounds()
	out := image.NewGray(image.Rect(0, 0, max(a.Dx(), b.Dx()), a.Dy()+b.Dy()+20))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(out, a, imgs[0], a.Min, draw.Src)
	draw.Draw(out, b.Add(image.Pt(0, a.Dy()+20)), imgs[1], b.Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestScanEANAddOn checks the scan option eanAddOn through the handler:
// read (the default) appends the add-on to data and gives it in
// parsed.addOn, ignore reads the main symbols alone, require leaves out
// the EAN-13 without add-on; the option comes from the query string, a
// JSON body or a multipart field, in any case; a bad value is 400
// bad-request naming the option and its values.
func TestScanEANAddOn(t *testing.T) {
	h := newHandler(Options{})
	img := retailPNG(t)
	const (
		withAddOn = "978073520044951299"
		book      = "9780735200449"
		other     = "5901234123457"
	)
	// datas checks the data of the barcodes found, in order, and that
	// parsed.addOn is the add-on where the data carries one.
	datas := func(want ...string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			codes := scanResponse(t, w.Body.Bytes())
			var got []string
			for _, c := range codes {
				got = append(got, c["data"].(string))
				if _, ok := c["addOn"]; ok {
					t.Errorf("barcode has addOn, which SPEC.md §2.2 does not list: %v", c)
				}
				p, _ := c["parsed"].(map[string]any)
				if addOn, _ := p["addOn"].(string); (c["data"] == withAddOn) != (addOn == "51299") {
					t.Errorf("data %v, parsed %v", c["data"], p)
				}
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("data %q, want %q", got, want)
			}
		}
	}
	mpRequire, mpRequireType := multipartBody(t, part{name: "eanAddOn", data: []byte("require")}, part{name: "image", filename: "retail.png", data: img})
	for _, c := range []apiCase{
		{name: "default reads add-ons", method: "POST", target: "/v1/scan", ctype: "image/png", body: img, status: 200, check: datas(withAddOn, other)},
		{name: "read", method: "POST", target: "/v1/scan?eanAddOn=read", ctype: "image/png", body: img, status: 200, check: datas(withAddOn, other)},
		{name: "ignore", method: "POST", target: "/v1/scan?eanAddOn=ignore", ctype: "image/png", body: img, status: 200, check: datas(book, other)},
		{name: "require", method: "POST", target: "/v1/scan?eanAddOn=require", ctype: "image/png", body: img, status: 200, check: datas(withAddOn)},
		{name: "name and value in any case", method: "POST", target: "/v1/scan?ean_add_on=IGNORE", ctype: "image/png", body: img, status: 200, check: datas(book, other)},
		{name: "JSON body", method: "POST", target: "/v1/scan", ctype: "application/json",
			body: jsonOf(t, map[string]any{"image": b64(img), "eanAddOn": "ignore"}), status: 200, check: datas(book, other)},
		{name: "JSON body overrides the query", method: "POST", target: "/v1/scan?eanAddOn=ignore", ctype: "application/json",
			body: jsonOf(t, map[string]any{"image": b64(img), "eanAddOn": "require"}), status: 200, check: datas(withAddOn)},
		{name: "multipart field", method: "POST", target: "/v1/scan", ctype: mpRequireType, body: mpRequire, status: 200, check: datas(withAddOn)},
		{name: "unknown value", method: "POST", target: "/v1/scan?eanAddOn=sometimes", ctype: "image/png", body: img,
			status: 400, code: "bad-request", msg: `eanAddOn "sometimes" is not one of read, ignore, require`},
		{name: "empty value", method: "POST", target: "/v1/scan?eanAddOn=", ctype: "image/png", body: img,
			status: 400, code: "bad-request", msg: "eanAddOn"},
		{name: "JSON boolean", method: "POST", target: "/v1/scan", ctype: "application/json",
			body: jsonOf(t, map[string]any{"image": b64(img), "eanAddOn": true}), status: 400, code: "bad-request", msg: "eanAddOn must be a string"},
	} {
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
			}
			if c.check != nil {
				c.check(t, w)
			}
		})
	}
}

// TestScanOptionsEANAddOn checks how eanAddOn becomes ScanOptions.EANAddOn.
func TestScanOptionsEANAddOn(t *testing.T) {
	for _, c := range []struct {
		query, body string
		want        barkit.EANAddOn
	}{
		{"", `{}`, barkit.AddOnRead},
		{"eanAddOn=read", `{}`, barkit.AddOnRead},
		{"eanAddOn=ignore", `{}`, barkit.AddOnIgnore},
		{"eanAddOn=require", `{}`, barkit.AddOnRequire},
		{"eanAddOn=ignore", `{"eanAddOn":"Require"}`, barkit.AddOnRequire},
		{"", `{"ean-add-on":"ignore"}`, barkit.AddOnIgnore},
	} {
		got, err := scanOptions(params{query: query(t, c.query), body: jsonBody(t, c.body)})
		if err != nil || got.EANAddOn != c.want {
			t.Errorf("query %q body %s: EANAddOn %v, %v; want %v", c.query, c.body, got.EANAddOn, err, c.want)
		}
	}
}
