package binarize

import (
	"image"

	"github.com/barkit/barkit/matrix"
)

// Downscale shrinks g by factor in both directions with a box filter: output
// pixel (x, y) is the rounded mean of the factor×factor input pixels whose
// top-left one is (x·factor, y·factor). Input rows and columns beyond the
// last whole box are dropped. A factor below 2 returns a copy of g.
func Downscale(g *image.Gray, factor int) *image.Gray {
	if g == nil {
		return image.NewGray(image.Rectangle{})
	}
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if factor < 2 {
		out := image.NewGray(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			copy(out.Pix[y*w:(y+1)*w], row(g, y))
		}
		return out
	}
	dw, dh := w/factor, h/factor
	out := image.NewGray(image.Rect(0, 0, dw, dh))
	if dw == 0 || dh == 0 {
		return out
	}
	if factor == 2 {
		// The commonest factor: each output row straight from its two
		// input rows, the mean a shift.
		for dy := 0; dy < dh; dy++ {
			r0, r1 := row(g, 2*dy)[:2*dw], row(g, 2*dy+1)[:2*dw]
			dst := out.Pix[dy*dw : (dy+1)*dw]
			for dx := range dst {
				a, b := r0[2*dx:2*dx+2:2*dx+2], r1[2*dx:2*dx+2:2*dx+2]
				dst[dx] = uint8((uint(a[0]) + uint(a[1]) + uint(b[0]) + uint(b[1]) + 2) >> 2)
			}
		}
		return out
	}
	area := factor * factor
	// The mean divides by area: as a multiplication by its reciprocal in
	// 32.32 fixed point, rounded up, which gives the quotient exactly for
	// every sum a box of bytes can reach (TestDownscaleReciprocal) and
	// costs a fraction of a division per output pixel.
	recip := (uint64(1)<<32 + uint64(area) - 1) / uint64(area)
	sums := make([]int, dw)
	for dy := 0; dy < dh; dy++ {
		clear(sums)
		for y := dy * factor; y < (dy+1)*factor; y++ {
			line := row(g, y)[:dw*factor]
			// The usual factors get loops of their own, without an inner
			// loop per output pixel.
			switch factor {
			case 3:
				for dx := range sums {
					p := line[3*dx : 3*dx+3 : 3*dx+3]
					sums[dx] += int(p[0]) + int(p[1]) + int(p[2])
				}
			default:
				for dx := range sums {
					s := 0
					for _, v := range line[dx*factor : (dx+1)*factor] {
						s += int(v)
					}
					sums[dx] += s
				}
			}
		}
		dst := out.Pix[dy*dw : (dy+1)*dw]
		if factor > maxReciprocal {
			for dx, s := range sums {
				dst[dx] = uint8((s + area/2) / area)
			}
			continue
		}
		for dx, s := range sums {
			dst[dx] = uint8(uint64(s+area/2) * recip >> 32)
		}
	}
	return out
}

// maxReciprocal is the largest factor whose mean Downscale takes by
// reciprocal; larger ones divide.
const maxReciprocal = 64

// Enlarge returns m scaled up by factor in both directions, each pixel
// becoming a factor×factor square: a symbol drawn with modules of one pixel
// then has modules wide enough for detectors that measure runs. A point
// (x, y) of the result is (x/factor, y/factor) in m. A factor below 2
// returns a copy of m.
func Enlarge(m *matrix.Matrix, factor int) *matrix.Matrix {
	if factor < 2 {
		return m.Clone()
	}
	out := matrix.New(m.Width*factor, m.Height*factor)
	enlargeInto(m, out, factor)
	return out
}

// enlargeInto writes m scaled up by factor (at least 2) into out, which
// is factor times m's width and height.
func enlargeInto(m, out *matrix.Matrix, factor int) {
	for y := 0; y < m.Height; y++ {
		src := m.Pix[y*m.Width : (y+1)*m.Width]
		row := out.Pix[y*factor*out.Width : (y*factor+1)*out.Width]
		for x, v := range src {
			for k := 0; k < factor; k++ {
				row[x*factor+k] = v
			}
		}
		for k := 1; k < factor; k++ {
			copy(out.Pix[(y*factor+k)*out.Width:(y*factor+k+1)*out.Width], row)
		}
	}
}
