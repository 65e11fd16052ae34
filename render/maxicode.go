package render

import (
	"image/color"
	"math"
	"strconv"
)

// MaxiCode symbols (symbology.Symbol.Hexagonal) are drawn as the standard
// draws them (ISO/IEC 16023:2000 §4.2.1, Figure 8): hexagons with flat
// sides left and right, X wide (the module size, Options.Scale pixels)
// and V = 2X/√3 tall, in 33 rows Y = X·√3/2 apart; even rows start X/2
// from the symbol's left edge, odd rows X; and the central finder of three
// dark rings over the light modules of the centre, 9X across, centred on
// module (14, 16). The symbol is 30X wide and 32Y+V tall, inside a quiet
// zone of Symbol.QuietZone X on every side. Text rendering keeps a square
// per module.

// Geometry of the hexagonal layout, in units of X.
var (
	hexV = 2 / math.Sqrt(3) // height of a hexagon, corner to corner
	hexY = math.Sqrt(3) / 2 // distance between rows
)

// bullseyeRadii are the radii of the finder's circles, in X, from the
// inside out (Figure 8): the light centre is V across, the whole finder
// 9X, and the five rings between them equally wide. The dark rings lie
// between radii 0-1, 2-3 and 4-5.
var bullseyeRadii = func() [6]float64 {
	var r [6]float64
	inc := (9 - hexV) / 5 / 2
	for i := range r {
		r[i] = hexV/2 + float64(i)*inc
	}
	return r
}()

// hexSize returns the canvas of a hexagonal symbol with its quiet zone, in
// X, before rotation.
func (l *layout) hexSize() (w, h float64) {
	q := float64(l.quiet)
	return float64(l.m.Width) + 2*q, float64(l.m.Height-1)*hexY + hexV + 2*q
}

// hexCentre returns the centre of module (c, r), in X from the canvas's
// top left corner.
func (l *layout) hexCentre(c, r int) (x, y float64) {
	q := float64(l.quiet)
	x = q + float64(c) + 0.5
	if r%2 == 1 {
		x += 0.5
	}
	return x, q + float64(r)*hexY + hexV/2
}

// hexPixels returns the raster's size in pixels, before rotation.
func (l *layout) hexPixels() (w, h int) {
	fw, fh := l.hexSize()
	s := float64(l.scale)
	return int(math.Ceil(fw*s - 1e-9)), int(math.Ceil(fh*s - 1e-9))
}

// hexRaster draws a hexagonal symbol, each pixel dark when its centre is
// inside a dark hexagon or ring.
func (l *layout) hexRaster() *canvas {
	w, h := l.hexPixels()
	c := newCanvas(w, h, l.rotate, color.Palette{l.bg, l.fg})
	s := float64(l.scale)
	for r := 0; r < l.m.Height; r++ {
		for col := 0; col < l.m.Width; col++ {
			if !l.m.Pix[r*l.m.Width+col] {
				continue
			}
			cx, cy := l.hexCentre(col, r)
			cx, cy = cx*s, cy*s
			half, tall := s/2, hexV*s/2
			for y := int(math.Floor(cy - tall)); y <= int(math.Ceil(cy+tall)); y++ {
				dy := math.Abs(float64(y) + 0.5 - cy)
				// The half width at dy: full over the straight sides,
				// narrowing to the top and bottom corners.
				hw := half
				if dy > tall/2 {
					hw = half * (tall - dy) / (tall / 2)
				}
				if hw <= 0 {
					continue
				}
				x0, x1 := pixelSpan(cx-hw, cx+hw, w)
				if y >= 0 && y < h && x0 < x1 {
					c.fill(x0, y, x1, y+1)
				}
			}
		}
	}
	// The bull's-eye.
	cx, cy := l.hexCentre(l.m.Width/2-1, l.m.Height/2)
	cx, cy = cx*s, cy*s
	rad := bullseyeRadii
	outer := rad[5] * s
	for y := int(math.Floor(cy - outer)); y <= int(math.Ceil(cy+outer)); y++ {
		if y < 0 || y >= h {
			continue
		}
		dy := float64(y) + 0.5 - cy
		for k := 0; k < 6; k += 2 {
			ro, ri := rad[k+1]*s, rad[k]*s
			if math.Abs(dy) >= ro {
				continue
			}
			xo := math.Sqrt(ro*ro - dy*dy)
			if math.Abs(dy) >= ri {
				x0, x1 := pixelSpan(cx-xo, cx+xo, w)
				c.fill(x0, y, x1, y+1)
				continue
			}
			xi := math.Sqrt(ri*ri - dy*dy)
			x0, x1 := pixelSpan(cx-xo, cx-xi, w)
			c.fill(x0, y, x1, y+1)
			x0, x1 = pixelSpan(cx+xi, cx+xo, w)
			c.fill(x0, y, x1, y+1)
		}
	}
	return c
}

// pixelSpan returns the pixels whose centres lie in [a, b], clipped to
// [0, w).
func pixelSpan(a, b float64, w int) (x0, x1 int) {
	x0 = int(math.Ceil(a - 0.5))
	x1 = int(math.Floor(b-0.5)) + 1
	return max(x0, 0), min(x1, w)
}

// appendHexSVG appends the body of a hexagonal symbol's SVG: one path of
// all dark hexagons, and the finder's three rings as stroked circles.
func appendHexSVG(b []byte, l *layout) []byte {
	b = append(b, `<path`...)
	b = appendFill(b, l.fg)
	b = append(b, ` d="`...)
	for r := 0; r < l.m.Height; r++ {
		for c := 0; c < l.m.Width; c++ {
			if !l.m.Pix[r*l.m.Width+c] {
				continue
			}
			x, y := l.hexCentre(c, r)
			// From the top corner, clockwise.
			b = append(b, 'M')
			b = appendFloat(b, x)
			b = append(b, ' ')
			b = appendFloat(b, y-hexV/2)
			b = append(b, 'l', '.', '5', ' ')
			b = appendFloat(b, hexV/4)
			b = append(b, 'v')
			b = appendFloat(b, hexV/2)
			b = append(b, 'l', '-', '.', '5', ' ')
			b = appendFloat(b, hexV/4)
			b = append(b, 'l', '-', '.', '5', ' ', '-')
			b = appendFloat(b, hexV/4)
			b = append(b, 'v', '-')
			b = appendFloat(b, hexV/2)
			b = append(b, 'z')
		}
	}
	b = append(b, "\"/>\n"...)
	cx, cy := l.hexCentre(l.m.Width/2-1, l.m.Height/2)
	for k := 0; k < 6; k += 2 {
		b = append(b, `<circle cx="`...)
		b = appendFloat(b, cx)
		b = append(b, `" cy="`...)
		b = appendFloat(b, cy)
		b = append(b, `" r="`...)
		b = appendFloat(b, (bullseyeRadii[k]+bullseyeRadii[k+1])/2)
		b = append(b, `" fill="none" stroke-width="`...)
		b = appendFloat(b, bullseyeRadii[k+1]-bullseyeRadii[k])
		b = append(b, '"')
		b = appendStroke(b, l.fg)
		b = append(b, "/>\n"...)
	}
	return b
}

// appendStroke appends the stroke attribute for c, and stroke-opacity when
// c is not opaque.
func appendStroke(b []byte, c color.NRGBA) []byte {
	const hex = "0123456789abcdef"
	b = append(b, ` stroke="#`...)
	for _, v := range [3]uint8{c.R, c.G, c.B} {
		b = append(b, hex[v>>4], hex[v&15])
	}
	b = append(b, '"')
	if c.A != 255 {
		b = append(b, ` stroke-opacity="`...)
		b = appendFloat(b, float64(c.A)/255)
		b = append(b, '"')
	}
	return b
}

// hexSVG writes the SVG document of a hexagonal symbol: its user units
// are X, the viewBox spans the symbol and its quiet zone.
func hexSVG(l *layout) []byte {
	fw, fh := l.hexSize()
	pw, ph := l.hexPixels()
	rw, rh := fw, fh
	if l.rotate == 90 || l.rotate == 270 {
		rw, rh = fh, fw
		pw, ph = ph, pw
	}
	b := make([]byte, 0, 1024+40*len(l.m.Pix))
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="`...)
	b = strconv.AppendInt(b, int64(pw), 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, int64(ph), 10)
	b = append(b, `" viewBox="0 0 `...)
	b = appendFloat(b, rw)
	b = append(b, ' ')
	b = appendFloat(b, rh)
	b = append(b, `">`+"\n"...)
	if l.bg.A != 0 {
		b = append(b, `<rect width="`...)
		b = appendFloat(b, rw)
		b = append(b, `" height="`...)
		b = appendFloat(b, rh)
		b = append(b, '"')
		b = appendFill(b, l.bg)
		b = append(b, "/>\n"...)
	}
	if l.rotate != 0 {
		// As appendRotation, with the canvas's sides in X.
		w, h := string(appendFloat(nil, fw)), string(appendFloat(nil, fh))
		b = append(b, `<g transform="`...)
		switch l.rotate {
		case 90:
			b = append(b, "matrix(0 1 -1 0 "+h+" 0)"...)
		case 180:
			b = append(b, "matrix(-1 0 0 -1 "+w+" "+h+")"...)
		default:
			b = append(b, "matrix(0 -1 1 0 0 "+w+")"...)
		}
		b = append(b, "\">\n"...)
	}
	b = appendHexSVG(b, l)
	if l.rotate != 0 {
		b = append(b, "</g>\n"...)
	}
	return append(b, "</svg>\n"...)
}
