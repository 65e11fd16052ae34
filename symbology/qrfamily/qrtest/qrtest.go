// Package qrtest makes pictures of symbols for the tests of the QR Code
// family's readers: a module matrix drawn at a module size, put on a
// background at any angle and in perspective, then blurred, noised and
// JPEG-compressed as a camera and a file format would. It is for tests
// and the generators of their test data only.
package qrtest

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Draw draws m with modules of scale pixels and a light quiet zone of
// quiet modules on each side: dark 0, light 255.
func Draw(m *matrix.Matrix, scale, quiet int) *image.Gray {
	w, h := (m.Width+2*quiet)*scale, (m.Height+2*quiet)*scale
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for y := range m.Height {
		for x := range m.Width {
			if !m.Get(x, y) {
				continue
			}
			for dy := range scale {
				row := ((y+quiet)*scale + dy) * g.Stride
				for dx := range scale {
					g.Pix[row+(x+quiet)*scale+dx] = 0
				}
			}
		}
	}
	return g
}

// Turn turns g clockwise by 0, 90, 180 or 270 degrees, mirrored first
// (left to right) when mirror is set.
func Turn(g *image.Gray, deg int, mirror bool) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	nw, nh := w, h
	if deg == 90 || deg == 270 {
		nw, nh = h, w
	}
	r := image.NewGray(image.Rect(0, 0, nw, nh))
	for y := range h {
		for x := range w {
			sx := x
			if mirror {
				sx = w - 1 - x
			}
			var nx, ny int
			switch deg {
			case 90:
				nx, ny = h-1-y, sx
			case 180:
				nx, ny = w-1-sx, h-1-y
			case 270:
				nx, ny = y, w-1-sx
			default:
				nx, ny = sx, y
			}
			r.Pix[ny*nw+nx] = g.Pix[y*g.Stride+x]
		}
	}
	return r
}

// Place is a picture of a symbol on a background: Quad, the corners of
// the picture (its quiet zone included) in the scene, clockwise from its
// top-left.
type Place struct {
	Picture *image.Gray
	Quad    [4]detect.Point
}

// View returns the quad that shows a picture of w×h pixels scaled by
// scale, turned by deg degrees clockwise about its centre, its top edge
// shortened by persp (0: none; 0.2: 20% shorter, tilted away from the
// camera), centred at c.
func View(w, h int, scale, deg, persp float64, c detect.Point) [4]detect.Point {
	a := deg * math.Pi / 180
	hw, hh := float64(w)*scale/2, float64(h)*scale/2
	corners := [4]detect.Point{{X: -hw, Y: -hh}, {X: hw, Y: -hh}, {X: hw, Y: hh}, {X: -hw, Y: hh}}
	var q [4]detect.Point
	for i, p := range corners {
		if i < 2 {
			p.X *= 1 - persp
		}
		q[i] = detect.Point{X: c.X + p.X*math.Cos(a) - p.Y*math.Sin(a), Y: c.Y + p.X*math.Sin(a) + p.Y*math.Cos(a)}
	}
	return q
}

// Corners returns where a symbol of w×h modules, drawn by Draw with
// modules of scale pixels and a quiet zone of quiet modules and put on
// quad (Scene), has its corners: top-left, top-right, bottom-right,
// bottom-left.
func Corners(quad [4]detect.Point, w, h, scale, quiet int) [4]detect.Point {
	t, _ := detect.RectToQuad(float64((w+2*quiet)*scale), float64((h+2*quiet)*scale), quad)
	x0, y0 := float64(quiet*scale), float64(quiet*scale)
	x1, y1 := float64((quiet+w)*scale), float64((quiet+h)*scale)
	return [4]detect.Point{t.Apply(detect.Point{X: x0, Y: y0}), t.Apply(detect.Point{X: x1, Y: y0}),
		t.Apply(detect.Point{X: x1, Y: y1}), t.Apply(detect.Point{X: x0, Y: y1})}
}

// CheckRead reports on t a read that is not one symbol of id holding
// text, or whose corners lie more than tol pixels from corners.
func CheckRead(t testing.TB, name string, got []symbology.Barcode, id, text string, corners [4]detect.Point, tol float64) {
	t.Helper()
	if len(got) != 1 {
		t.Errorf("%s: %d results, want 1", name, len(got))
		return
	}
	bc := got[0]
	if bc.Text != text || bc.Symbology != id {
		t.Errorf("%s: read %s %q, want %s %q", name, bc.Symbology, bc.Text, id, text)
	}
	for i := range corners {
		if d := bc.Corners[i].Dist(corners[i]); d > tol {
			t.Errorf("%s: corner %d at %.1f,%.1f, want %.1f,%.1f", name, i, bc.Corners[i].X, bc.Corners[i].Y, corners[i].X, corners[i].Y)
		}
	}
}

// Scene draws pictures onto a w×h background of luminance bg, each
// through the perspective transform that takes it to its quad, 3×3
// samples per pixel (so edges blur as a lens would draw them), the later
// pictures over the earlier.
func Scene(w, h int, bg uint8, places ...Place) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = bg
	}
	for _, p := range places {
		pw, ph := float64(p.Picture.Rect.Dx()), float64(p.Picture.Rect.Dy())
		t, ok := detect.RectToQuad(pw, ph, p.Quad)
		if !ok {
			continue
		}
		inv, ok := t.Invert()
		if !ok {
			continue
		}
		x0, y0, x1, y1 := float64(w), float64(h), 0.0, 0.0
		for _, c := range p.Quad {
			x0, y0 = math.Min(x0, c.X), math.Min(y0, c.Y)
			x1, y1 = math.Max(x1, c.X), math.Max(y1, c.Y)
		}
		for y := max(int(y0), 0); y < min(int(y1)+1, h); y++ {
			for x := max(int(x0), 0); x < min(int(x1)+1, w); x++ {
				sum, n := 0, 0
				for sy := range 3 {
					for sx := range 3 {
						q := inv.Apply(detect.Point{X: float64(x) + (float64(sx)+0.5)/3, Y: float64(y) + (float64(sy)+0.5)/3})
						px, py := int(math.Floor(q.X)), int(math.Floor(q.Y))
						v := int(g.Pix[y*g.Stride+x])
						if px >= 0 && py >= 0 && float64(px) < pw && float64(py) < ph {
							v = int(p.Picture.Pix[py*p.Picture.Stride+px])
						}
						sum += v
						n++
					}
				}
				g.Pix[y*g.Stride+x] = uint8(sum / n)
			}
		}
	}
	return g
}

// Contrast maps the luminances of g from 0-255 to dark-light.
func Contrast(g *image.Gray, dark, light uint8) {
	for i, v := range g.Pix {
		g.Pix[i] = uint8(int(dark) + (int(light)-int(dark))*int(v)/255)
	}
}

// Blur blurs g with a box filter of radius r, twice (near enough a
// Gaussian).
func Blur(g *image.Gray, r int) {
	if r <= 0 {
		return
	}
	w, h := g.Rect.Dx(), g.Rect.Dy()
	tmp := make([]int, w*h)
	for range 2 {
		for y := range h {
			for x := range w {
				s, n := 0, 0
				for k := max(x-r, 0); k <= min(x+r, w-1); k++ {
					s += int(g.Pix[y*g.Stride+k])
					n++
				}
				tmp[y*w+x] = s / n
			}
		}
		for y := range h {
			for x := range w {
				s, n := 0, 0
				for k := max(y-r, 0); k <= min(y+r, h-1); k++ {
					s += tmp[k*w+x]
					n++
				}
				g.Pix[y*g.Stride+x] = uint8(s / n)
			}
		}
	}
}

// Noise adds uniform noise of ±amp levels to every pixel, and a light
// fall-off across the image of up to falloff (0.3: the far corner at 70%).
func Noise(g *image.Gray, amp int, falloff float64, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 11))
	w, h := g.Rect.Dx(), g.Rect.Dy()
	for y := range h {
		for x := range w {
			v := float64(g.Pix[y*g.Stride+x]) * (1 - falloff*float64(x+y)/float64(w+h))
			if amp > 0 {
				v += float64(r.IntN(2*amp+1) - amp)
			}
			g.Pix[y*g.Stride+x] = uint8(min(max(v, 0), 255))
		}
	}
}

// JPEG returns g compressed as a JPEG of the given quality and decoded
// again, and the compressed bytes.
func JPEG(g *image.Gray, quality int) (*image.Gray, []byte) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, g, &jpeg.Options{Quality: quality}); err != nil {
		panic(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		panic(err)
	}
	out, ok := img.(*image.Gray)
	if !ok {
		panic("qrtest: JPEG decoded to a colour image")
	}
	return out, b.Bytes()
}
