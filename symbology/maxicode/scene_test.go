package maxicode

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/barkit/barkit/detect"
)

// Photo-like scenes for the reader's tests: a symbol's image put on a
// grey page through a perspective transform, blurred, noised and
// compressed.

// scene describes how a symbol's image is placed in a test picture.
type scene struct {
	size   int     // the picture is size×size pixels
	angle  float64 // rotation in degrees, clockwise
	tilt   float64 // perspective: how much farther one side is, 0 for none (0.3 = 30 %)
	tiltAt float64 // direction of the tilt, in degrees
	blur   int     // box blur radius in pixels, 0 for none
	noise  float64 // standard deviation of Gaussian noise, in grey levels
	jpeg   int     // JPEG quality, 0 for none
	seed   uint64
}

// place draws src (a symbol's picture, quiet zone included) into the
// scene, its centre at the picture's centre, its long side spanning frac
// of the picture.
func (s scene) place(src *image.Gray, frac float64) *image.Gray {
	// A camera integrates light over each pixel: a source much larger
	// than its picture is first averaged down, so that sampling it does
	// not alias (zint's pictures have 30 pixels a module).
	if f := int(math.Max(float64(src.Rect.Dx()), float64(src.Rect.Dy())) / (frac * float64(s.size))); f >= 2 {
		src = shrink(src, f)
	}
	sw, sh := float64(src.Rect.Dx()), float64(src.Rect.Dy())
	k := frac * float64(s.size) / math.Max(sw, sh)
	// Source corners, centred, scaled, rotated; then a perspective pull.
	a := s.angle * math.Pi / 180
	ca, sa := math.Cos(a), math.Sin(a)
	ta := s.tiltAt * math.Pi / 180
	tdir := detect.Point{X: math.Cos(ta), Y: math.Sin(ta)}
	c := float64(s.size) / 2
	var dst [4]detect.Point
	srcQ := [4]detect.Point{{X: 0, Y: 0}, {X: sw, Y: 0}, {X: sw, Y: sh}, {X: 0, Y: sh}}
	for i, p := range srcQ {
		x, y := (p.X-sw/2)*k, (p.Y-sh/2)*k
		r := detect.Point{X: x*ca - y*sa, Y: x*sa + y*ca}
		// Points on the far side shrink towards the centre.
		along := r.Dot(tdir) / (math.Max(sw, sh) * k / 2)
		f := 1 / (1 + s.tilt*along/2)
		dst[i] = detect.Point{X: c + r.X*f, Y: c + r.Y*f}
	}
	t, ok := detect.QuadToQuad(dst, srcQ)
	if !ok {
		panic("degenerate scene")
	}
	out := image.NewGray(image.Rect(0, 0, s.size, s.size))
	for y := 0; y < s.size; y++ {
		for x := 0; x < s.size; x++ {
			p := t.Apply(detect.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			out.Pix[y*out.Stride+x] = sampleGray(src, p.X-0.5, p.Y-0.5, 200)
		}
	}
	if s.blur > 0 {
		out = boxBlur(out, s.blur)
	}
	if s.noise > 0 {
		rng := rand.New(rand.NewPCG(s.seed, 7))
		for i, v := range out.Pix {
			out.Pix[i] = uint8(math.Max(0, math.Min(255, float64(v)+rng.NormFloat64()*s.noise)))
		}
	}
	if s.jpeg > 0 {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, out, &jpeg.Options{Quality: s.jpeg}); err != nil {
			panic(err)
		}
		img, err := jpeg.Decode(&b)
		if err != nil {
			panic(err)
		}
		out = img.(*image.Gray)
	}
	return out
}

// sampleGray samples g bilinearly at (x, y), pixel centres at integers;
// outside it is bg.
func sampleGray(g *image.Gray, x, y float64, bg uint8) uint8 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	get := func(px, py int) float64 {
		if px < 0 || py < 0 || px >= w || py >= h {
			return float64(bg)
		}
		return float64(g.Pix[py*g.Stride+px])
	}
	v := (get(x0, y0)*(1-fx)+get(x0+1, y0)*fx)*(1-fy) + (get(x0, y0+1)*(1-fx)+get(x0+1, y0+1)*fx)*fy
	return uint8(v + 0.5)
}

// boxBlur blurs g with a (2r+1)² box.
func boxBlur(g *image.Gray, r int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	tmp := make([]int, w*h)
	out := image.NewGray(g.Rect)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s, n := 0, 0
			for dx := -r; dx <= r; dx++ {
				if xx := x + dx; xx >= 0 && xx < w {
					s += int(g.Pix[y*g.Stride+xx])
					n++
				}
			}
			tmp[y*w+x] = s / n
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s, n := 0, 0
			for dy := -r; dy <= r; dy++ {
				if yy := y + dy; yy >= 0 && yy < h {
					s += tmp[yy*w+x]
					n++
				}
			}
			out.Pix[y*out.Stride+x] = uint8(s / n)
		}
	}
	return out
}

// toGray converts an image to grey.
func toGray(img image.Image) *image.Gray {
	if g, ok := img.(*image.Gray); ok {
		return g
	}
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, gg, bb, _ := img.At(x, y).RGBA()
			g.Pix[(y-b.Min.Y)*g.Stride+x-b.Min.X] = uint8((299*r + 587*gg + 114*bb) / 1000 >> 8)
		}
	}
	return g
}

// shrink averages g down by f in each direction.
func shrink(g *image.Gray, f int) *image.Gray {
	w, h := g.Rect.Dx()/f, g.Rect.Dy()/f
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			sum := 0
			for dy := range f {
				for dx := range f {
					sum += int(g.Pix[(y*f+dy)*g.Stride+x*f+dx])
				}
			}
			out.Pix[y*out.Stride+x] = uint8(sum / (f * f))
		}
	}
	return out
}
