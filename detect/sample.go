package detect

import (
	"image"
	"math"

	"github.com/barkit/barkit/internal/pixpool"
	"github.com/barkit/barkit/matrix"
)

// maxOutside is the share of a grid's samples that may fall outside the
// image before sampling gives up: a symbol cut by the image edge by more
// than about one module row or column loses more codewords than error
// correction can restore, and a wrong transform usually throws most samples
// out. Samples outside read as light.
const maxOutside = 1.0 / 32

// edgeSlack is how far outside the image, in pixels, a sample may fall and
// still read the edge pixel: the outermost modules of a symbol that touches
// the image edge land there through rounding.
const edgeSlack = 1.0

// Region is a rectangle of modules, X0 ≤ x < X1 and Y0 ≤ y < Y1, sampled
// through its own transform. Several regions let one grid follow a bent or
// unevenly distorted symbol.
type Region struct {
	X0, Y0, X1, Y1 int
	T              Transform // module coordinates to image pixels
}

// Sample reads a w×h module grid from bin (true = dark): module (x, y) takes
// the pixel under t.Apply(Point{x + 0.5, y + 0.5}), its centre. ok is false
// when more than 1/32 of the samples fall outside the image.
func Sample(bin *matrix.Matrix, t Transform, w, h int) (*matrix.Matrix, bool) {
	return SampleRegions(bin, w, h, []Region{{0, 0, w, h, t}})
}

// Scratch of the samplers, from one grid to the next: a view's candidates
// sample many grids.
var (
	flags pixpool.Pool[bool] // which modules are sampled
	sums  pixpool.Pool[int]  // ThresholdModules' summed-area table
)

// SampleRegions reads a w×h module grid from bin, each module through the
// transform of the first region that holds it. Modules in no region read
// as light and count as outside the image.
func SampleRegions(bin *matrix.Matrix, w, h int, regions []Region) (*matrix.Matrix, bool) {
	if w <= 0 || h <= 0 || bin.Width == 0 || bin.Height == 0 {
		return nil, false
	}
	m := matrix.New(w, h)
	done := flags.Zeroed(w * h)
	defer flags.Put(done)
	outside := 0
	for _, r := range regions {
		x0, y0 := max(r.X0, 0), max(r.Y0, 0)
		x1, y1 := min(r.X1, w), min(r.Y1, h)
		if x0 >= x1 || y0 >= y1 {
			continue
		}
		t := r.T
		for y := y0; y < y1; y++ {
			// Along a row the numerators and the denominator of the
			// transform grow linearly: step them instead of
			// multiplying.
			fx, fy := float64(x0)+0.5, float64(y)+0.5
			nx := t[0]*fx + t[1]*fy + t[2]
			ny := t[3]*fx + t[4]*fy + t[5]
			d := t[6]*fx + t[7]*fy + t[8]
			for x := x0; x < x1; x, nx, ny, d = x+1, nx+t[0], ny+t[3], d+t[6] {
				i := y*w + x
				if done[i] {
					continue
				}
				done[i] = true
				px, py, ok := pixel(bin, nx/d, ny/d)
				if !ok {
					outside++
					continue
				}
				m.Pix[i] = bin.Pix[py*bin.Width+px]
			}
		}
	}
	for _, v := range done {
		if !v {
			outside++
		}
	}
	if float64(outside) > maxOutside*float64(w*h) {
		return nil, false
	}
	return m, true
}

// pixel returns the pixel holding image point (x, y), clamping points up to
// edgeSlack outside the image to the edge; ok is false beyond that or for a
// point at infinity.
func pixel(bin *matrix.Matrix, x, y float64) (px, py int, ok bool) {
	if !(x >= -edgeSlack && y >= -edgeSlack && x < float64(bin.Width)+edgeSlack && y < float64(bin.Height)+edgeSlack) {
		return 0, 0, false // also NaN
	}
	px = min(max(int(math.Floor(x)), 0), bin.Width-1)
	py = min(max(int(math.Floor(y)), 0), bin.Height-1)
	return px, py, true
}

// SampleGray reads the luminance of lum at the centres of a w×h module
// grid, each module through the transform of the first region that holds
// it, interpolating bilinearly between the four nearest pixels (a module
// of two or three pixels has no pixel at its centre). ok is false when
// more than 1/32 of the samples fall outside the image; those read as
// white.
func SampleGray(lum *image.Gray, w, h int, regions []Region) (*image.Gray, bool) {
	if w <= 0 || h <= 0 || lum == nil {
		return nil, false
	}
	lw, lh := lum.Rect.Dx(), lum.Rect.Dy()
	if lw == 0 || lh == 0 {
		return nil, false
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	done := flags.Zeroed(w * h)
	defer flags.Put(done)
	outside := 0
	for _, r := range regions {
		x0, y0 := max(r.X0, 0), max(r.Y0, 0)
		x1, y1 := min(r.X1, w), min(r.Y1, h)
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				i := y*w + x
				if done[i] {
					continue
				}
				done[i] = true
				p := r.T.Apply(Point{float64(x) + 0.5, float64(y) + 0.5})
				v, ok := bilinear(lum, p.X, p.Y)
				if !ok {
					outside++
					v = 255
				}
				out.Pix[i] = v
			}
		}
	}
	for i, v := range done {
		if !v {
			outside++
			out.Pix[i] = 255
		}
	}
	if float64(outside) > maxOutside*float64(w*h) {
		return nil, false
	}
	return out, true
}

// bilinear interpolates lum at image point (x, y), pixel centres being at
// half-integer coordinates; points up to edgeSlack outside take the
// nearest edge pixels.
func bilinear(lum *image.Gray, x, y float64) (uint8, bool) {
	w, h := lum.Rect.Dx(), lum.Rect.Dy()
	if !(x >= -edgeSlack && y >= -edgeSlack && x < float64(w)+edgeSlack && y < float64(h)+edgeSlack) {
		return 0, false
	}
	fx, fy := x-0.5, y-0.5
	x0, y0 := int(math.Floor(fx)), int(math.Floor(fy))
	ax, ay := fx-float64(x0), fy-float64(y0)
	get := func(px, py int) float64 {
		px = min(max(px, 0), w-1)
		py = min(max(py, 0), h-1)
		return float64(lum.Pix[lum.PixOffset(lum.Rect.Min.X+px, lum.Rect.Min.Y+py)])
	}
	top := get(x0, y0)*(1-ax) + get(x0+1, y0)*ax
	bottom := get(x0, y0+1)*(1-ax) + get(x0+1, y0+1)*ax
	return uint8(top*(1-ay) + bottom*ay + 0.5), true
}

// ThresholdModules binarizes a grid of module luminances (from SampleGray):
// a module is dark when it is darker than the mean of the modules within
// radius modules of it (a square window, clipped at the grid's edges). In
// module space a window of a few modules holds dark and light modules in
// about equal numbers, so its mean falls between them even when light
// changes across the symbol or blur has narrowed the contrast.
func ThresholdModules(g *image.Gray, radius int) *matrix.Matrix {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	m := matrix.New(w, h)
	if w == 0 || h == 0 {
		return m
	}
	sw := w + 1
	sat := sums.Zeroed(sw * (h + 1)) // summed-area table with a zero border
	defer sums.Put(sat)
	for y := 0; y < h; y++ {
		row := 0
		for x := 0; x < w; x++ {
			row += int(g.Pix[g.PixOffset(g.Rect.Min.X+x, g.Rect.Min.Y+y)])
			sat[(y+1)*sw+x+1] = sat[y*sw+x+1] + row
		}
	}
	for y := 0; y < h; y++ {
		y0, y1 := max(y-radius, 0), min(y+radius+1, h)
		for x := 0; x < w; x++ {
			x0, x1 := max(x-radius, 0), min(x+radius+1, w)
			sum := sat[y1*sw+x1] - sat[y0*sw+x1] - sat[y1*sw+x0] + sat[y0*sw+x0]
			n := (x1 - x0) * (y1 - y0)
			m.Pix[y*w+x] = int(g.Pix[g.PixOffset(g.Rect.Min.X+x, g.Rect.Min.Y+y)])*n < sum
		}
	}
	return m
}

// offMargin is how far beyond the samplers' bound, in pixels, a module
// centre must lie for OffImage to count it: SampleRegions steps its
// transform along each row rather than applying it to every module, and
// the rounding of the two may differ by far less than this.
const offMargin = 1e-6

// OffImage reports whether so many of the centres of a w×h module grid
// fall outside an iw×ih image through t that Sample and SampleGray give up
// on the grid: a reader can skip it without sampling. It counts only
// centres clearly beyond the samplers' bound, so that when it reports
// true both samplers fail; when it reports false they may still.
func OffImage(t Transform, w, h, iw, ih int) bool {
	lo := -edgeSlack - offMargin
	hiX, hiY := float64(iw)+edgeSlack+offMargin, float64(ih)+edgeSlack+offMargin
	if w <= 0 || h <= 0 || gridInside(t, w, h, lo, hiX, hiY) {
		return false
	}
	limit := maxOutside * float64(w*h)
	outside := 0
	for y := range h {
		for x := range w {
			p := t.Apply(Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			// NaN compares false and is not counted: the samplers may
			// see a finite point there.
			if p.X < lo || p.Y < lo || p.X >= hiX || p.Y >= hiY {
				outside++
			}
		}
		switch {
		case float64(outside) > limit:
			return true // the count only grows
		case float64(outside+(h-1-y)*w) <= limit:
			return false // even the rows left all outside would not do
		}
	}
	return false
}

// gridInside reports whether the centres of the four corner modules of a w×h
// grid lie within lo ≤ x < hiX, lo ≤ y < hiY through t, and t keeps the
// sign of its denominator over the grid: then t maps the grid onto the
// convex quadrilateral of those centres, and every centre lies within.
func gridInside(t Transform, w, h int, lo, hiX, hiY float64) bool {
	x1, y1 := float64(w)-0.5, float64(h)-0.5
	var sign float64
	for _, c := range [4]Point{{X: 0.5, Y: 0.5}, {X: x1, Y: 0.5}, {X: x1, Y: y1}, {X: 0.5, Y: y1}} {
		d := t[6]*c.X + t[7]*c.Y + t[8]
		if !(d != 0) || sign*d < 0 {
			return false
		}
		sign = d
		p := t.Apply(c)
		if !(p.X >= lo && p.Y >= lo && p.X < hiX && p.Y < hiY) {
			return false
		}
	}
	return true
}
