package render

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// pathToken is a command letter or a number of SVG path data.
var pathToken = regexp.MustCompile(`[MmLlHhVvQqCcZz]|-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)`)

// rasterisePath draws SVG path data d, in modules, on z at scale pixels a
// module: the SVG 1.1 path grammar (§8.3) as far as render writes it,
// absolute and relative commands, repeated commands left implicit, z
// returning the current point to the start of the subpath. It is written
// from the grammar, not from render's writer, to check it.
func rasterisePath(t *testing.T, z *vector.Rasterizer, d string, scale float64) {
	t.Helper()
	toks := pathToken.FindAllString(d, -1)
	if strings.Join(toks, "") != strings.NewReplacer(" ", "", "\n", "").Replace(d) {
		t.Fatalf("path data has characters outside the grammar: %.80q", d)
	}
	var cmd byte
	var x, y, sx, sy float64
	for i := 0; i < len(toks); {
		if c := toks[i][0]; strings.IndexByte("MmLlHhVvQqCcZz", c) >= 0 {
			cmd = c
			i++
			if c == 'z' || c == 'Z' {
				z.ClosePath()
				x, y = sx, sy
				continue
			}
		} else if cmd == 'M' {
			cmd = 'L' // pairs after a moveto are linetos
		} else if cmd == 'm' {
			cmd = 'l'
		}
		num := func() float64 {
			if i >= len(toks) {
				t.Fatalf("path data ends inside a command %c", cmd)
			}
			v, err := strconv.ParseFloat(toks[i], 64)
			if err != nil {
				t.Fatalf("path data: %v", err)
			}
			i++
			return v
		}
		rel := cmd >= 'a'
		pt := func() (float64, float64) {
			px, py := num(), num()
			if rel {
				return x + px, y + py
			}
			return px, py
		}
		f := func(v float64) float32 { return float32(v * scale) }
		switch cmd {
		case 'M', 'm':
			x, y = pt()
			sx, sy = x, y
			z.MoveTo(f(x), f(y))
		case 'L', 'l':
			x, y = pt()
			z.LineTo(f(x), f(y))
		case 'H', 'h':
			v := num()
			if rel {
				v += x
			}
			x = v
			z.LineTo(f(x), f(y))
		case 'V', 'v':
			v := num()
			if rel {
				v += y
			}
			y = v
			z.LineTo(f(x), f(y))
		case 'Q', 'q':
			x1, y1 := pt()
			x2, y2 := pt()
			z.QuadTo(f(x1), f(y1), f(x2), f(y2))
			x, y = x2, y2
		case 'C', 'c':
			x1, y1 := pt()
			x2, y2 := pt()
			x3, y3 := pt()
			z.CubeTo(f(x1), f(y1), f(x2), f(y2), f(x3), f(y3))
			x, y = x3, y3
		default:
			t.Fatalf("path data: a number with no command")
		}
	}
}

// svgPaths returns the d attributes of the paths of an SVG document.
func svgPaths(svg string) []string {
	var ds []string
	for _, m := range regexp.MustCompile(`<path[^>]* d="([^"]*)"`).FindAllStringSubmatch(svg, -1) {
		ds = append(ds, m[1])
	}
	return ds
}

// TestSVGTextPath checks that SVG draws the human-readable text in the
// same places, at the same size and with the same glyphs as PNG: the
// text path of the SVG, rasterised at the scale it was written for with
// the PNG's half-coverage cut, must give the PNG's text pixels. The path's
// coordinates are rounded to thousandths of a module, a few thousandths
// of a pixel, and hinted glyphs have many edges on half pixels, so a
// pixel whose coverage is within 2/255 of one half may fall either way
// (no more than 1 in 20). Where two neighbouring glyphs both cover part of
// a pixel, PNG composites one over the other, the SVG path (as any SVG
// renderer) fills their union: 1 - (1-a)(1-b) against a + b, which may
// differ across one half; 1 in 1000 text pixels may. Without the text path (a <text> element
// in a generic monospaced font) there is nothing to rasterise and the
// test fails. TestSVGTextGeometry compares the coordinates themselves.
func TestSVGTextPath(t *testing.T) {
	m := matrix.New(60, 1)
	for i := range m.Pix {
		m.Pix[i] = i%5 < 2
	}
	symbols := map[string]*symbology.Symbol{
		"digits":  {Symbology: "test", Modules: m, QuietZone: 4, Text: "0123456"},
		"mixed":   {Symbology: "test", Modules: m, QuietZone: 4, Text: "Hello, Wörld Ω ✓ gjpqy"},
		"small":   {Symbology: "test", Modules: m, QuietZone: 0, Text: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"},
		"code128": written(t, "code128", "BARKIT-0123456789", symbology.WriteOptions{}),
		"ean13":   written(t, "ean13", "5901234123457+12", symbology.WriteOptions{}),
		"upca":    written(t, "upca", "036000291452+51299", symbology.WriteOptions{}),
		"upce":    written(t, "upce", "01234565", symbology.WriteOptions{}),
		"ean5":    written(t, "ean5", "51299", symbology.WriteOptions{}),
	}
	for name, s := range symbols {
		for _, scale := range []int{1, 2, 3, 4, 7} {
			opts := Options{Scale: scale, HRT: true, BarHeight: 24}
			img, err := Image(s, opts)
			if err != nil {
				t.Fatal(err)
			}
			want := img.(*image.Paletted)
			var svg bytes.Buffer
			if err := SVG(&svg, s, opts); err != nil {
				t.Fatal(err)
			}
			ds := svgPaths(svg.String())
			if len(ds) != 2 {
				t.Fatalf("%s at scale %d: %d paths, want the bars and the text", name, scale, len(ds))
			}
			r := want.Rect
			var z vector.Rasterizer
			z.Reset(r.Dx(), r.Dy())
			rasterisePath(t, &z, ds[1], float64(scale))
			cov := image.NewAlpha(r)
			z.Draw(cov, r, image.Opaque, image.Point{})
			// The text pixels of the PNG are those off the bars,
			// which the SVG's bar path gives (TestSVGBarsRaster).
			var zb vector.Rasterizer
			zb.Reset(r.Dx(), r.Dy())
			rasterisePath(t, &zb, ds[0], float64(scale))
			barCov := image.NewAlpha(r)
			zb.Draw(barCov, r, image.Opaque, image.Point{})
			inked, diff, edge := 0, 0, 0
			var first string
			for y := 0; y < r.Dy(); y++ {
				for x := 0; x < r.Dx(); x++ {
					if barCov.Pix[y*barCov.Stride+x] >= 0x80 {
						continue // a bar's pixel: dark either way
					}
					png := want.Pix[y*want.Stride+x] == 1
					c := int(cov.Pix[y*cov.Stride+x])
					got := c >= 0x80
					if png {
						inked++
					}
					if png != got && c >= 0x80-2 && c <= 0x80+1 {
						edge++
						continue
					}
					if png != got {
						if diff++; first == "" {
							first = fmt.Sprintf("(%d,%d) PNG %v, SVG coverage %d", x, y, png, cov.Pix[y*cov.Stride+x])
						}
					}
				}
			}
			if inked == 0 && scale > 1 || diff*1000 > inked {
				t.Errorf("%s at scale %d: %d of %d text pixels differ, first %s", name, scale, diff, inked, first)
			}
			if inked > 100 && edge*20 > inked {
				t.Errorf("%s at scale %d: %d of %d text pixels are on a half-covered edge", name, scale, edge, inked)
			}
		}
	}
}

// TestSVGBarsRaster checks the bars' path the same way: rasterised, it
// gives the PNG's pixels exactly, EAN/UPC guard bars included.
func TestSVGBarsRaster(t *testing.T) {
	for _, s := range []*symbology.Symbol{
		matrixSymbol(t), linearSymbol(t), randomSymbol(21),
		written(t, "ean13", "5901234123457+12", symbology.WriteOptions{}),
	} {
		for _, scale := range []int{1, 3} {
			img, err := Image(s, Options{Scale: scale})
			if err != nil {
				t.Fatal(err)
			}
			want := img.(*image.Paletted)
			var svg bytes.Buffer
			if err := SVG(&svg, s, Options{Scale: scale}); err != nil {
				t.Fatal(err)
			}
			ds := svgPaths(svg.String())
			var z vector.Rasterizer
			z.Reset(want.Rect.Dx(), want.Rect.Dy())
			rasterisePath(t, &z, ds[0], float64(scale))
			got := image.NewAlpha(want.Rect)
			z.Draw(got, want.Rect, image.Opaque, image.Point{})
			for i, v := range want.Pix {
				if (v == 1) != (got.Pix[i] >= 0x80) {
					t.Fatalf("%s at scale %d: pixel %d differs", s.Symbology, scale, i)
				}
			}
		}
	}
}

// pathPoints returns the points of SVG path data d in the order written,
// each made absolute: the end points of movetos and linetos, the control
// and end points of curves. d uses only what render's text path uses:
// M, m, l, q, c and z, repeated commands left implicit.
func pathPoints(t *testing.T, d string) [][2]float64 {
	t.Helper()
	var pts [][2]float64
	toks := pathToken.FindAllString(d, -1)
	var cmd byte
	var x, y, sx, sy float64
	for i := 0; i < len(toks); {
		if c := toks[i][0]; strings.IndexByte("MmlqcZz", c) >= 0 {
			cmd = c
			i++
			if c == 'z' || c == 'Z' {
				x, y = sx, sy
				continue
			}
		} else if cmd == 'M' {
			cmd = 'L'
		} else if cmd == 'm' {
			cmd = 'l'
		}
		n := map[byte]int{'M': 1, 'L': 1, 'm': 1, 'l': 1, 'q': 2, 'c': 3}[cmd]
		if n == 0 || i+2*n > len(toks) {
			t.Fatalf("path data: command %q at token %d", cmd, i)
		}
		var end [2]float64
		for k := 0; k < n; k++ {
			px, err1 := strconv.ParseFloat(toks[i], 64)
			py, err2 := strconv.ParseFloat(toks[i+1], 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("path data: %q %q", toks[i], toks[i+1])
			}
			i += 2
			if cmd >= 'a' {
				px, py = px+x, py+y
			}
			pts = append(pts, [2]float64{px, py})
			end = [2]float64{px, py}
		}
		x, y = end[0], end[1]
		if cmd == 'M' || cmd == 'm' {
			sx, sy = x, y
		}
	}
	return pts
}

// TestSVGTextGeometry checks the coordinates of the SVG text path against
// the glyphs as PNG drew them before the text became a path: each run
// placed with font.Drawer as drawText did (centred on its x at the scale,
// its baseline rounded to a pixel), each glyph at the origin Drawer gives
// it (the run's start plus MeasureString of the text before it), each
// outline Go Mono's at the face's size, whose pixel bounds must be those
// of the face's own glyph mask. Every point of the path must lie within
// half a thousandth of a module, its rounding, of the outline's.
func TestSVGTextGeometry(t *testing.T) {
	f, err := opentype.Parse(gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	symbols := []*symbology.Symbol{
		{Symbology: "test", Modules: matrix.New(60, 1), QuietZone: 4, Text: "Wave, ÅΩ ✓ ~{|}"},
		written(t, "code128", "BARKIT-0123456789", symbology.WriteOptions{}),
		written(t, "ean13", "5901234123457+12", symbology.WriteOptions{}),
		written(t, "upce", "01234565", symbology.WriteOptions{}),
	}
	var buf sfnt.Buffer
	for _, s := range symbols {
		for _, scale := range []int{1, 2, 5} {
			opts := Options{Scale: scale, HRT: true, BarHeight: 30}
			var svg bytes.Buffer
			if err := SVG(&svg, s, opts); err != nil {
				t.Fatal(err)
			}
			got := pathPoints(t, svgPaths(svg.String())[1])
			l, err := newLayout(s, opts, true)
			if err != nil {
				t.Fatal(err)
			}
			var want [][2]float64
			for _, r := range l.runs {
				size := r.em * float64(scale)
				face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
				if err != nil {
					t.Fatal(err)
				}
				adv := font.MeasureString(face, r.text)
				start := fixed.Point26_6{
					X: (fixed.I(int(math.Round(2*r.x*float64(scale)))) - adv) / 2,
					Y: fixed.I(int(math.Round(r.base * float64(scale)))),
				}
				for i, c := range r.text {
					a, _ := face.GlyphAdvance(c)
					dot := start
					dot.X += font.MeasureString(face, r.text[:i+utf8.RuneLen(c)]) - a
					x, _ := f.GlyphIndex(&buf, c)
					segs, err := f.LoadGlyph(&buf, x, fixed.Int26_6(0.5+size*64), nil)
					if err != nil {
						t.Fatal(err)
					}
					dr, _, _, _, _ := face.Glyph(dot, c)
					if b := segs.Bounds().Add(dot); len(segs) > 0 &&
						dr != image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil()) {
						t.Fatalf("%q at %g px: outline bounds %v, the face's glyph %v", c, size, b, dr)
					}
					for _, sg := range segs {
						n := map[sfnt.SegmentOp]int{sfnt.SegmentOpMoveTo: 1, sfnt.SegmentOpLineTo: 1, sfnt.SegmentOpQuadTo: 2, sfnt.SegmentOpCubeTo: 3}[sg.Op]
						for _, p := range sg.Args[:n] {
							u := 64 * float64(scale)
							want = append(want, [2]float64{float64(p.X+dot.X) / u, float64(p.Y+dot.Y) / u})
						}
					}
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%s at scale %d: %d points in the path, %d in the outlines", s.Symbology, scale, len(got), len(want))
			}
			for i := range got {
				if math.Abs(got[i][0]-want[i][0]) > 0.0005+1e-9 || math.Abs(got[i][1]-want[i][1]) > 0.0005+1e-9 {
					t.Fatalf("%s at scale %d: point %d at %v, the outline's at %v", s.Symbology, scale, i, got[i], want[i])
				}
			}
		}
	}
}
