package render

import (
	"bytes"
	"encoding/xml"
	"image"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// hexSymbol returns a MaxiCode-shaped symbol (30×33, hexagonal) with a
// pattern of dark modules: (c, r) is dark when (c*7 + r*3) % 5 < 2, and
// the finder's area (within 5 modules of the centre) is light.
func hexSymbol() *symbology.Symbol {
	m := matrix.New(30, 33)
	for r := range 33 {
		for c := range 30 {
			x, y := float64(c)+0.5*float64(r%2)-14, float64(r-16)*math.Sqrt(3)/2
			if math.Hypot(x, y) > 5 && (c*7+r*3)%5 < 2 {
				m.Set(c, r, true)
			}
		}
	}
	return &symbology.Symbol{Symbology: "maxicode", Modules: m, QuietZone: 1, Hexagonal: true}
}

// TestHexSize checks the size of a hexagonal symbol's picture: 30X wide and
// 32Y+V tall (ISO/IEC 16023 Figure 8) plus the quiet zone, X the scale.
func TestHexSize(t *testing.T) {
	s := hexSymbol()
	for _, scale := range []int{1, 2, 3, 4, 8, 10} {
		for _, noMargin := range []bool{false, true} {
			img, err := Image(s, Options{Scale: scale, NoMargin: noMargin})
			if err != nil {
				t.Fatal(err)
			}
			q := 2.0
			if noMargin {
				q = 0
			}
			w := int(math.Ceil((30 + q) * float64(scale)))
			h := int(math.Ceil((32*math.Sqrt(3)/2 + 2/math.Sqrt(3) + q) * float64(scale)))
			if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
				t.Errorf("scale %d, no margin %v: %dx%d, want %dx%d", scale, noMargin, b.Dx(), b.Dy(), w, h)
			}
			rot, _ := Image(s, Options{Scale: scale, NoMargin: noMargin, Rotate: 90})
			if b := rot.Bounds(); b.Dx() != h || b.Dy() != w {
				t.Errorf("scale %d, turned: %dx%d, want %dx%d", scale, b.Dx(), b.Dy(), h, w)
			}
		}
	}
}

// TestHexPixels checks the drawing: hexagons, not squares, each dark
// module dark at its centre and over its straight sides but not at the
// corners of its square; the finder's rings dark and its centre and the
// gaps between rings light.
func TestHexPixels(t *testing.T) {
	s := hexSymbol()
	const scale = 20
	img, err := Image(s, Options{Scale: scale})
	if err != nil {
		t.Fatal(err)
	}
	p := img.(*image.Paletted)
	dark := func(x, y float64) bool { return p.ColorIndexAt(int(x*scale), int(y*scale)) == 1 }
	yv, v := math.Sqrt(3)/2, 2/math.Sqrt(3)
	centre := func(c, r int) (float64, float64) {
		return 1 + float64(c) + 0.5 + 0.5*float64(r%2), 1 + float64(r)*yv + v/2
	}
	for r := range 33 {
		for c := range 30 {
			x, y := centre(c, r)
			if math.Hypot(x-16-0.5+1, y-1-16*yv-v/2) < 4.6 {
				continue // under the finder
			}
			d := s.Modules.Get(c, r)
			if dark(x, y) != d {
				t.Fatalf("module (%d, %d): centre dark %v, want %v", c, r, !d, d)
			}
			if !d {
				continue
			}
			// Within the hexagon: left and right of the centre.
			if !dark(x-0.45, y) || !dark(x+0.45, y) {
				t.Errorf("module (%d, %d): straight sides not dark", c, r)
			}
			// The corner of the square box, outside the hexagon, is
			// light unless a neighbour covers it: check only where the
			// module above-left and above-right are light.
			up := r - 1
			cl, cr := c-1+r%2, c+r%2
			if up >= 0 && !s.Modules.Get(cl, up) && !s.Modules.Get(cr, up) && !s.Modules.Get(c-1, r) && !s.Modules.Get(c+1, r) {
				if dark(x-0.47, y-v/2+0.05) || dark(x+0.47, y-v/2+0.05) {
					t.Errorf("module (%d, %d): drawn as a square", c, r)
				}
			}
		}
	}
	cx, cy := centre(14, 16)
	for k, rad := range []float64{0.2, 0.97, 1.75, 2.54, 3.32, 4.11} {
		wantDark := k%2 == 1
		for a := 0.0; a < 2*math.Pi; a += math.Pi / 7 {
			if got := dark(cx+rad*math.Cos(a), cy+rad*math.Sin(a)); got != wantDark {
				t.Errorf("finder at radius %.2f, angle %.2f: dark %v", rad, a, got)
			}
		}
	}
}

// TestHexSVG checks the SVG of a hexagonal symbol: valid XML, one path
// with a hexagon per dark module, three stroked circles, the viewBox in
// X, and a transform for rotation.
func TestHexSVG(t *testing.T) {
	s := hexSymbol()
	dark := 0
	for _, d := range s.Modules.Pix {
		if d {
			dark++
		}
	}
	for _, rot := range []int{0, 90, 180, 270} {
		var b bytes.Buffer
		if err := SVG(&b, s, Options{Scale: 5, Rotate: rot}); err != nil {
			t.Fatal(err)
		}
		doc := b.String()
		dec := xml.NewDecoder(strings.NewReader(doc))
		circles, paths := 0, 0
		var view string
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("rotate %d: invalid XML: %v", rot, err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				switch se.Name.Local {
				case "circle":
					circles++
				case "path":
					paths++
					for _, a := range se.Attr {
						if a.Name.Local == "d" {
							if n := strings.Count(a.Value, "M"); n != dark {
								t.Errorf("rotate %d: %d hexagons, want %d", rot, n, dark)
							}
						}
					}
				case "svg":
					for _, a := range se.Attr {
						if a.Name.Local == "viewBox" {
							view = a.Value
						}
					}
				}
			}
		}
		if circles != 3 || paths != 1 {
			t.Errorf("rotate %d: %d circles, %d paths", rot, circles, paths)
		}
		want := "0 0 32 30.868"
		if rot == 90 || rot == 270 {
			want = "0 0 30.868 32"
		}
		if view != want {
			t.Errorf("rotate %d: viewBox %q, want %q", rot, view, want)
		}
		if (rot != 0) != strings.Contains(doc, "transform=") {
			t.Errorf("rotate %d: transform present %v", rot, strings.Contains(doc, "transform="))
		}
	}
}

// TestHexRotate checks that a turned hexagonal picture is the upright one
// turned.
func TestHexRotate(t *testing.T) {
	s := hexSymbol()
	up, _ := Image(s, Options{Scale: 3})
	r90, _ := Image(s, Options{Scale: 3, Rotate: 90})
	u, r := up.(*image.Paletted), r90.(*image.Paletted)
	w, h := u.Rect.Dx(), u.Rect.Dy()
	for y := range h {
		for x := range w {
			if u.ColorIndexAt(x, y) != r.ColorIndexAt(h-1-y, x) {
				t.Fatalf("pixel (%d, %d) differs from its turned place", x, y)
			}
		}
	}
}
