package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology"
	_ "github.com/barkit/barkit/symbology/code128"
	_ "github.com/barkit/barkit/symbology/datamatrix"
	_ "github.com/barkit/barkit/symbology/ean"
	_ "github.com/barkit/barkit/symbology/maxicode"
	_ "github.com/barkit/barkit/symbology/qr"
)

// written encodes data with the registry's writer for id.
func written(tb testing.TB, id, data string, opts symbology.WriteOptions) *symbology.Symbol {
	tb.Helper()
	info, ok := symbology.Lookup(id)
	if !ok {
		tb.Fatalf("no symbology %q", id)
	}
	s, err := info.Write(data, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// imagePNG is the PNG as package render wrote it before pngWriter: the
// raster of Image through image/png. TestPNGSamePixels holds pngWriter to
// it.
func imagePNG(t *testing.T, s *symbology.Symbol, opts Options) []byte {
	t.Helper()
	img, err := Image(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// decodedPixels decodes a PNG file into its size and its pixels in
// non-premultiplied colour.
func decodedPixels(t *testing.T, b []byte) (image.Rectangle, []color.NRGBA) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	r := img.Bounds()
	pix := make([]color.NRGBA, 0, r.Dx()*r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			pix = append(pix, color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA))
		}
	}
	return r, pix
}

// TestPNGSamePixels checks that the PNG files pngWriter writes decode, with
// image/png, to exactly the pixels of the files image/png wrote from the
// raster before: for matrix, linear (with and without text, EAN/UPC with
// an add-on) and hexagonal symbols, at several scales, each rotation,
// several colours, with the quiet zone and without.
func TestPNGSamePixels(t *testing.T) {
	symbols := map[string]*symbology.Symbol{
		"matrix":     matrixSymbol(t),
		"linear":     linearSymbol(t),
		"random":     randomSymbol(23),
		"qr":         written(t, "qr", "https://example.com/", symbology.WriteOptions{}),
		"datamatrix": written(t, "data-matrix", "barkit", symbology.WriteOptions{}),
		"code128":    written(t, "code128", "BARKIT-0123", symbology.WriteOptions{}),
		"ean13":      written(t, "ean13", "5901234123457+12", symbology.WriteOptions{}),
		"maxicode":   written(t, "maxicode", "barkit", symbology.WriteOptions{}),
	}
	colours := []struct{ fg, bg color.Color }{
		{nil, nil},
		{color.NRGBA{255, 0, 0, 128}, color.Transparent},
		{color.White, color.NRGBA{0, 0, 128, 255}},
		{color.NRGBA{0, 128, 0, 200}, color.NRGBA{255, 255, 0, 100}},
	}
	n := 0
	for name, s := range symbols {
		for _, scale := range []int{1, 2, 3, 5} {
			for _, rot := range []int{0, 90, 180, 270} {
				for i, noMargin := range []bool{false, true} {
					for _, hrt := range []bool{false, true} {
						c := colours[(n+i)%len(colours)]
						n++
						opts := Options{Scale: scale, Rotate: rot, NoMargin: noMargin, HRT: hrt, BarHeight: 12, Foreground: c.fg, Background: c.bg}
						var b bytes.Buffer
						if err := PNG(&b, s, opts); err != nil {
							t.Fatal(err)
						}
						gotR, got := decodedPixels(t, b.Bytes())
						wantR, want := decodedPixels(t, imagePNG(t, s, opts))
						if gotR != wantR {
							t.Fatalf("%s %+v: bounds %v, want %v", name, opts, gotR, wantR)
						}
						for i := range got {
							if got[i] != want[i] {
								t.Fatalf("%s %+v: pixel (%d,%d) is %v, want %v", name, opts, i%gotR.Dx(), i/gotR.Dx(), got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

// TestTransparentWhite checks that a transparent background is transparent
// white in PNG, whichever way it is given, and absent from SVG: a viewer
// that ignores alpha must not show a black square.
func TestTransparentWhite(t *testing.T) {
	transparent, err := ParseColor("transparent")
	if err != nil {
		t.Fatal(err)
	}
	for _, bg := range []color.Color{transparent, color.Transparent, color.NRGBA{}, color.RGBA{}, color.Alpha{}} {
		for _, s := range []*symbology.Symbol{matrixSymbol(t), linearSymbol(t)} {
			opts := Options{Background: bg, HRT: true, BarHeight: 8}
			var b bytes.Buffer
			if err := PNG(&b, s, opts); err != nil {
				t.Fatal(err)
			}
			// The palette holds white then black, and tRNS the
			// background's alpha, 0.
			plte := chunkData(b.Bytes(), "PLTE")
			trns := chunkData(b.Bytes(), "tRNS")
			if !bytes.Equal(plte, []byte{255, 255, 255, 0, 0, 0}) || !bytes.Equal(trns, []byte{0}) {
				t.Errorf("background %#v: PLTE % x, tRNS % x; want ff ff ff 00 00 00 and 00", bg, plte, trns)
			}
			_, pix := decodedPixels(t, b.Bytes())
			if pix[0] != (color.NRGBA{255, 255, 255, 0}) {
				t.Errorf("background %#v: corner pixel %v, want transparent white", bg, pix[0])
			}
			img, err := Image(s, opts)
			if err != nil {
				t.Fatal(err)
			}
			if c := color.NRGBAModel.Convert(img.At(0, 0)); c != (color.NRGBA{255, 255, 255, 0}) {
				t.Errorf("background %#v: Image corner pixel %v, want transparent white", bg, c)
			}
			var svg bytes.Buffer
			if err := SVG(&svg, s, opts); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(svg.String(), "<rect") {
				t.Errorf("background %#v: the SVG has a background rectangle", bg)
			}
		}
	}
}

// chunkData returns the data of the first chunk of type typ of a PNG file,
// or nil.
func chunkData(b []byte, typ string) []byte {
	for b = b[len(pngSignature):]; len(b) >= 12; {
		n := int(binary.BigEndian.Uint32(b))
		if string(b[4:8]) == typ {
			return b[8 : 8+n]
		}
		b = b[12+n:]
	}
	return nil
}

// pngDump describes a PNG file as text for the golden files, as the .sng
// dumps of image/png's tests do: its chunks, the fields of IHDR, PLTE and
// tRNS, and its pixels, '#' for palette index 1 and '.' for 0.
func pngDump(t *testing.T, b []byte) []byte {
	t.Helper()
	var d strings.Builder
	for c := b[len(pngSignature):]; len(c) >= 12; {
		n := int(binary.BigEndian.Uint32(c))
		typ, data := string(c[4:8]), c[8:8+n]
		switch typ {
		case "IHDR":
			fmt.Fprintf(&d, "IHDR width %d height %d depth %d colour type %d compression %d filter %d interlace %d\n",
				binary.BigEndian.Uint32(data), binary.BigEndian.Uint32(data[4:]), data[8], data[9], data[10], data[11], data[12])
		case "PLTE", "tRNS":
			fmt.Fprintf(&d, "%s % x\n", typ, data)
		case "IDAT":
			fmt.Fprintf(&d, "IDAT\n") // its length depends on the zlib version
		default:
			fmt.Fprintf(&d, "%s %d bytes\n", typ, n)
		}
		c = c[12+n:]
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	p := img.(*image.Paletted)
	for y := 0; y < p.Rect.Dy(); y++ {
		for _, v := range p.Pix[y*p.Stride : y*p.Stride+p.Rect.Dx()] {
			d.WriteByte(".#"[v])
		}
		d.WriteByte('\n')
	}
	return []byte(d.String())
}

// BenchmarkPNG writes the PNG of real symbols: a version 10 QR Code at
// scale 4, a Data Matrix (26x26) at scale 4 and a Code 128 with its text
// at scale 2.
func BenchmarkPNG(b *testing.B) {
	for _, bm := range []struct {
		name string
		s    *symbology.Symbol
		opts Options
	}{
		{"qr-v10", written(b, "qr", "https://example.com/render/benchmark", symbology.WriteOptions{Version: "10"}), Options{Scale: 4}},
		{"data-matrix", written(b, "data-matrix", "barkit render benchmark 0123456789", symbology.WriteOptions{}), Options{Scale: 4}},
		{"code128-hrt", written(b, "code128", "BARKIT-0123456789", symbology.WriteOptions{}), Options{Scale: 2, HRT: true}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := PNG(&buf, bm.s, bm.opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/file")
		})
	}
}
