package pdf417

import (
	"image"
	"math"
	"math/rand/v2"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// photo draws module matrix m as a photograph might show it: modules of
// scale pixels (rows of rowScale pixels per module row of m), turned by
// angle degrees and seen in perspective — the top edge shortened at each
// end by keystone times the symbol's height, so that the sides lean in by
// atan(keystone) as when a camera looks at the symbol from below (0 for
// none) — blurred by sampling each pixel over a spot of blur pixels, under
// light falling off across the image, with noise of the given amplitude in
// grey levels. The result is deterministic for a seed.
func photo(m *matrix.Matrix, scale, rowScale, angle, keystone, blur, noise float64, seed uint64) *image.Gray {
	const margin = 12
	w := (float64(m.Width) + 2*margin) * scale
	h := float64(m.Height)*rowScale + 2*margin*scale
	// Where the symbol's corners land: rotated about the centre, the top
	// edge shortened.
	c := detect.Point{X: w / 2, Y: h / 2}
	rot := func(p detect.Point) detect.Point {
		s, co := math.Sincos(angle * math.Pi / 180)
		d := p.Sub(c)
		return detect.Point{X: c.X + d.X*co - d.Y*s, Y: c.Y + d.X*s + d.Y*co}
	}
	x0, y0 := margin*scale, margin*scale
	x1, y1 := x0+float64(m.Width)*scale, y0+float64(m.Height)*rowScale
	k := keystone * (y1 - y0)
	quad := [4]detect.Point{rot(detect.Point{X: x0 + k, Y: y0}), rot(detect.Point{X: x1 - k, Y: y0}), rot(detect.Point{X: x1, Y: y1}), rot(detect.Point{X: x0, Y: y1})}
	// The canvas holds the turned symbol.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range quad {
		minX, minY, maxX, maxY = min(minX, p.X), min(minY, p.Y), max(maxX, p.X), max(maxY, p.Y)
	}
	pad := margin * scale / 2
	for i := range quad {
		quad[i] = quad[i].Sub(detect.Point{X: minX - pad, Y: minY - pad})
	}
	W, H := int(maxX-minX+2*pad), int(maxY-minY+2*pad)
	t, ok := detect.QuadToSquare(quad)
	if !ok {
		panic("degenerate photo")
	}
	img := image.NewGray(image.Rect(0, 0, W, H))
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	const taps = 3
	for y := range H {
		for x := range W {
			sum := 0.0
			for ty := range taps {
				for tx := range taps {
					px := float64(x) + 0.5 + blur*(float64(tx)/(taps-1)-0.5)
					py := float64(y) + 0.5 + blur*(float64(ty)/(taps-1)-0.5)
					u := t.Apply(detect.Point{X: px, Y: py})
					mx, my := int(math.Floor(u.X*float64(m.Width))), int(math.Floor(u.Y*float64(m.Height)))
					if u.X >= 0 && u.Y >= 0 && mx < m.Width && my < m.Height && m.Get(mx, my) {
						sum += 30
					} else {
						sum += 220
					}
				}
			}
			v := sum / (taps * taps)
			v *= 0.75 + 0.25*float64(x)/float64(W) // light falling off to the left
			v += noise * (rng.Float64()*2 - 1)
			img.Pix[y*img.Stride+x] = uint8(max(0, min(255, v)))
		}
	}
	return img
}
