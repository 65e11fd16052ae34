// Package adversarial makes the images a reader must not spend much on:
// seeded noise, checkerboards, stripes at an angle, blank planes and dense
// text-like clutter. They hold no symbol, but each is full of what
// detectors look for (edges, finder-like runs, repeated widths), so they
// show whether a scan's work stays bounded by the pixels whatever the image
// holds. The tests and benchmarks of the read pipeline make them at run
// time, from a seed, so none is stored.
package adversarial

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
)

// Case is one adversarial image, made on demand.
type Case struct {
	Name string // such as "checker3" or "noise"
	Make func(w, h int) image.Image
}

// Cases returns the adversarial cases: seeded noise, checkerboards of
// squares 1 to 8 pixels wide, stripes 4 pixels wide at 0°, 30°, 45° and
// 80°, a blank grey plane, a blank 16-bit RGBA plane and text-like
// clutter.
func Cases() []Case {
	cs := []Case{{"noise", func(w, h int) image.Image { return Noise(w, h, 1) }}}
	for p := 1; p <= 8; p++ {
		cs = append(cs, Case{fmt.Sprintf("checker%d", p), func(w, h int) image.Image { return Checkerboard(w, h, p) }})
	}
	for _, a := range []float64{0, 30, 45, 80} {
		cs = append(cs, Case{fmt.Sprintf("stripes%.0f", a), func(w, h int) image.Image { return Stripes(w, h, 4, a) }})
	}
	cs = append(cs,
		Case{"blank", func(w, h int) image.Image { return Blank(w, h) }},
		Case{"blank16", func(w, h int) image.Image { return Blank16(w, h) }},
		Case{"clutter", func(w, h int) image.Image { return Clutter(w, h, 1) }},
	)
	return cs
}

// Noise returns a w×h grey image of independent uniform pixels drawn from
// seed.
func Noise(w, h int, seed uint64) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	for i := 0; i < len(g.Pix); i += 8 {
		v := r.Uint64()
		for j := 0; j < 8 && i+j < len(g.Pix); j++ {
			g.Pix[i+j] = uint8(v >> (8 * j))
		}
	}
	return g
}

// Checkerboard returns a w×h black-and-white checkerboard of squares
// period pixels wide.
func Checkerboard(w, h, period int) *image.Gray {
	period = max(period, 1)
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x := range row {
			if (x/period+y/period)%2 == 0 {
				row[x] = 255
			}
		}
	}
	return g
}

// Stripes returns a w×h image of black and white stripes, each width
// pixels wide, turned deg degrees from vertical.
func Stripes(w, h, width int, deg float64) *image.Gray {
	width = max(width, 1)
	g := image.NewGray(image.Rect(0, 0, w, h))
	s, c := math.Sincos(deg * math.Pi / 180)
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x := range row {
			d := float64(x)*c + float64(y)*s
			if int(math.Floor(d/float64(width)))%2 == 0 {
				row[x] = 255
			}
		}
	}
	return g
}

// Blank returns a w×h image of one mid grey.
func Blank(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 128
	}
	return g
}

// Blank16 returns a w×h 16-bit RGBA image of one light grey, the type a
// 16-bit PNG decodes to, which has no fast path of its own.
func Blank16(w, h int) *image.RGBA64 {
	g := image.NewRGBA64(image.Rect(0, 0, w, h))
	c := color.RGBA64{0xc000, 0xc000, 0xc000, 0xffff}
	for y := range h {
		for x := range w {
			g.SetRGBA64(x, y, c)
		}
	}
	return g
}

// Clutter returns a w×h image that looks like a page of small print: lines
// of dark glyph-like blocks of strokes and gaps of varied widths on white,
// drawn from seed.
func Clutter(w, h int, seed uint64) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 240
	}
	r := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	const lineHeight, glyphHeight = 14, 9
	for top := 4; top+glyphHeight < h; top += lineHeight {
		x := 4 + r.IntN(8)
		for x < w-8 {
			// A word of 2 to 9 glyphs, each of vertical and
			// horizontal strokes.
			for n := 2 + r.IntN(8); n > 0 && x < w-8; n-- {
				gw := 4 + r.IntN(4)
				for k := 0; k < 3; k++ {
					sx := x + r.IntN(gw)
					sw := 1 + r.IntN(2)
					sy := top + r.IntN(3)
					sh := glyphHeight - r.IntN(4)
					fill(g, sx, sy, sw, sh, 20)
				}
				if r.IntN(2) == 0 {
					fill(g, x, top+r.IntN(glyphHeight), gw, 1+r.IntN(2), 20)
				}
				x += gw + 1 + r.IntN(2)
			}
			x += 4 + r.IntN(4) // a space between words
		}
	}
	return g
}

// fill paints the w×h rectangle at (x, y) with v, clipped to g.
func fill(g *image.Gray, x, y, w, h int, v uint8) {
	b := g.Rect
	for yy := max(y, b.Min.Y); yy < min(y+h, b.Max.Y); yy++ {
		for xx := max(x, b.Min.X); xx < min(x+w, b.Max.X); xx++ {
			g.Pix[yy*g.Stride+xx] = v
		}
	}
}
