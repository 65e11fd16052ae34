// Package lineartest draws synthetic photographs of linear symbols for the
// tests and benchmarks of the linear readers: a row of modules placed on a
// label at any size, angle and perspective, then blurred, shaded and
// noised, as a camera would see it. The images are made from a seed, so
// every run of a test sees the same pixels. It also loads and scores the
// reference corpus (../shared/corpus) for the readers' corpus tests.
package lineartest

import (
	"image"
	"math"
	"math/rand/v2"
)

// Scene describes a photograph of one linear symbol. The zero values of
// the optional fields give a sharp, evenly lit, noiseless image.
type Scene struct {
	Width, Height int    // image size in pixels
	Modules       []bool // the symbol's modules from left to right; true is dark
	// Module is the width of a module in pixels at the symbol's centre;
	// BarHeight the height of the bars in pixels (0: a third of the
	// symbol's length).
	Module, BarHeight float64
	Quiet             float64 // light margin around the bars, in modules (the label)
	CX, CY            float64 // centre of the symbol in the image; both 0 means the image's centre
	Angle             float64 // clockwise rotation of the symbol, in degrees
	// Tilt foreshortens the symbol along its length as a camera looking
	// at it from the side would: the module width grows by this fraction
	// from the left end to the right end.
	Tilt float64
	// Blur is the standard deviation of the Gaussian blur, in pixels.
	Blur float64
	// Noise is the standard deviation of the noise, in grey levels.
	Noise float64
	// Dark and Light are the grey levels of bars and of the label (0 and
	// 0 mean 20 and 220); Background is the grey outside the label.
	Dark, Light, Background uint8
	// Shade darkens the image linearly from its left edge (no change) to
	// its right edge (by this many grey levels), as uneven light does.
	Shade float64
	// InkSpread widens every bar, and narrows every space, by this
	// fraction of a module on each side.
	InkSpread float64
	Seed      uint64
}

// supersample is the number of samples per pixel along each axis.
const supersample = 4

// Render draws the scene.
func (s Scene) Render() *image.Gray {
	w, h := s.Width, s.Height
	dark, light := float64(s.Dark), float64(s.Light)
	if s.Dark == 0 && s.Light == 0 {
		dark, light = 20, 220
	}
	bg := float64(s.Background)
	cx, cy := s.CX, s.CY
	if cx == 0 && cy == 0 {
		cx, cy = float64(w)/2, float64(h)/2
	}
	n := float64(len(s.Modules))
	barH := s.BarHeight
	if barH == 0 {
		barH = n * s.Module / 3
	}
	sin, cos := math.Sincos(s.Angle * math.Pi / 180)
	// toModule maps a distance along the symbol, in pixels from its
	// centre, to a module position from its left end. With tilt, the
	// module width runs linearly from m0 at the left to m0(1+Tilt) at
	// the right, the mean being Module.
	m0 := s.Module / (1 + s.Tilt/2)
	length := n * s.Module
	toModule := func(u float64) float64 {
		x := u + length/2 // pixels from the left end
		if s.Tilt == 0 {
			return x / s.Module
		}
		// x = m0*(t + Tilt*t²/(2n)) for module position t.
		a := m0 * s.Tilt / (2 * n)
		return (-m0 + math.Sqrt(m0*m0+4*a*x)) / (2 * a)
	}
	plane := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var sum float64
			for sy := 0; sy < supersample; sy++ {
				for sx := 0; sx < supersample; sx++ {
					px := float64(x) + (float64(sx)+0.5)/supersample - cx
					py := float64(y) + (float64(sy)+0.5)/supersample - cy
					// Rotate into the symbol's frame.
					u := px*cos + py*sin
					v := -px*sin + py*cos
					sum += s.sample(toModule(u), v, n, barH, m0, dark, light, bg)
				}
			}
			plane[y*w+x] = sum / (supersample * supersample)
		}
	}
	plane = gaussian(plane, w, h, s.Blur)
	rng := rand.New(rand.NewPCG(s.Seed, 0x6c696e6561727465))
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := plane[y*w+x]
			if s.Shade != 0 && w > 1 {
				v -= s.Shade * float64(x) / float64(w-1)
			}
			if s.Noise != 0 {
				v += rng.NormFloat64() * s.Noise
			}
			g.Pix[y*g.Stride+x] = uint8(max(0, min(255, math.Round(v))))
		}
	}
	return g
}

// sample returns the grey level at module position t along the symbol and
// v pixels across it from its centre line.
func (s Scene) sample(t, v, n, barH, m0, dark, light, bg float64) float64 {
	if math.Abs(v) > barH/2+s.Quiet*m0 || t < -s.Quiet || t >= n+s.Quiet {
		return bg
	}
	if math.Abs(v) > barH/2 {
		return light
	}
	// Ink spread moves every boundary between a bar and a space into
	// the space (or, negative, into the bar).
	i := int(math.Floor(t))
	f := t - math.Floor(t)
	isDark := func(j int) bool { return j >= 0 && j < len(s.Modules) && s.Modules[j] }
	var d bool
	if sp := s.InkSpread; sp >= 0 {
		d = isDark(i) || f < sp && isDark(i-1) || f > 1-sp && isDark(i+1)
	} else {
		d = isDark(i) && !(f < -sp && !isDark(i-1)) && !(f > 1+sp && !isDark(i+1))
	}
	if d {
		return dark
	}
	return light
}

// gaussian blurs a w×h plane with a Gaussian of standard deviation sigma,
// separably; sigma 0 returns the plane unchanged.
func gaussian(p []float64, w, h int, sigma float64) []float64 {
	if sigma <= 0 {
		return p
	}
	r := int(math.Ceil(3 * sigma))
	k := make([]float64, 2*r+1)
	var sum float64
	for i := range k {
		d := float64(i - r)
		k[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	tmp := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var v float64
			for i, kv := range k {
				xx := min(w-1, max(0, x+i-r))
				v += kv * p[y*w+xx]
			}
			tmp[y*w+x] = v
		}
	}
	out := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var v float64
			for i, kv := range k {
				yy := min(h-1, max(0, y+i-r))
				v += kv * tmp[yy*w+x]
			}
			out[y*w+x] = v
		}
	}
	return out
}
