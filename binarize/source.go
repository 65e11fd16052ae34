// Package binarize turns images into what barcode detectors work on: one
// luminance plane, computed once per image, and black-and-white views of it
// made by global and local binarizers, shared by every symbology reader.
package binarize

import (
	"context"
	"image"
	"image/color"
	"sync"

	"github.com/barkit/barkit/internal/pixpool"
	"github.com/barkit/barkit/matrix"
)

// Source is one image prepared for reading. Lum is its luminance plane with
// origin (0, 0); the binarized views of it (View) are made on demand and
// kept until released, so all readers of one image share them. A Source
// is safe for concurrent use; the matrices it returns are shared and must
// not be modified. Set Lum before the first call and do not change it
// afterwards.
type Source struct {
	Lum *image.Gray

	mu    sync.Mutex
	views map[View]made
	down  map[int]*Source // downscaled copies by factor
	// level is the global binarizer's level, once computed (hasLevel).
	level    uint8
	hasLevel bool
}

// views holds the buffers of released views, for the views of this
// Source and of later ones.
var views pixpool.Pool[bool]

// made is a view that has been made.
type made struct {
	m    *matrix.Matrix
	dark int // its dark pixels
	// shared reports that m is another view's matrix (an opening or
	// dilation of a uniform view is that view), not to be reused on
	// release.
	shared bool
}

// checkRows is how often, in pixel rows, the making of a view checks
// whether it should stop: a power of two, a few hundred microseconds of
// work on the widest images.
const checkRows = 64

// Method is a binarization method. The zero value is Local, the method
// that suits most images.
type Method int

// The binarization methods.
const (
	// Local thresholds each pixel against its neighbourhood (about 40
	// pixels across), so it copes with shadows, gradients and low contrast.
	Local Method = iota
	// Global thresholds the whole image at one level chosen from its
	// histogram; it is cheap and exact on clean, evenly lit images.
	Global

	numMethods = iota
)

// String returns the method's name.
func (m Method) String() string {
	switch m {
	case Local:
		return "local"
	case Global:
		return "global"
	}
	return "unknown"
}

// View names a black-and-white view of a Source: the image, downscaled or
// not, binarized by a method, perhaps inverted, and perhaps enlarged or
// changed by morphology. The zero value is the image binarized by Local.
type View struct {
	Method   Method
	Inverted bool // dark and light swapped, for light-on-dark symbols
	// Down shrinks the image by this factor before binarizing (see
	// Downscaled); 0 and 1 mean full size.
	Down int
	// Up enlarges the binarized image by this factor (see Enlarge); 0
	// and 1 mean none.
	Up int
	// Dilate, when positive, dilates the binarized image by that many
	// pixels (see Dilate); Open opens it (see Open) instead.
	Dilate int
	Open   bool
}

// Scale returns the factor that takes a point of the view to the Source's
// pixels: Down/Up.
func (v View) Scale() float64 {
	return float64(max(v.Down, 1)) / float64(max(v.Up, 1))
}

// Base returns v without its morphology: the view v's dilation or opening
// is made from.
func (v View) Base() View {
	v.Dilate, v.Open = 0, false
	return v
}

// Norm returns v with its factors in their canonical form (1 for no
// scaling, no opening with a dilation), so that equal views are equal as
// values.
func (v View) Norm() View {
	if v.Down <= 1 {
		v.Down = 1
	}
	if v.Up <= 1 {
		v.Up = 1
	}
	if v.Dilate < 0 {
		v.Dilate = 0
	}
	if v.Dilate > 0 {
		v.Open = false
	}
	return v
}

// Binary returns view v of the image (true = dark), making it on the
// first call and keeping it until Release. An unknown method, or an
// enlargement or dilation beyond maxFactor, gives nil.
func (s *Source) Binary(v View) *matrix.Matrix {
	m, _ := s.View(context.Background(), v)
	return m
}

// maxFactor bounds the factors of a View: enlarging by more, or dilating
// by more pixels, helps no reader and multiplies the memory a view takes.
const maxFactor = 8

// View returns view v of the image as Binary does, or ctx's error, with a
// nil matrix, if ctx is done before the view is made.
func (s *Source) View(ctx context.Context, v View) (*matrix.Matrix, error) {
	v = v.Norm()
	if s.Lum == nil || v.Method < 0 || v.Method >= numMethods || v.Up > maxFactor || v.Dilate > maxFactor || v.Down > maxFactor*maxFactor {
		return nil, nil
	}
	if v.Down > 1 {
		d := s.Downscaled(v.Down)
		v.Down = 1
		return d.View(ctx, v)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.view(ctx, v)
}

// view makes or finds view v (normalised, at full size) with s.mu held.
func (s *Source) view(ctx context.Context, v View) (*matrix.Matrix, error) {
	mv, err := s.make(ctx, v)
	return mv.m, err
}

// make makes or finds view v (normalised, at full size) with s.mu held.
func (s *Source) make(ctx context.Context, v View) (made, error) {
	if mv, ok := s.views[v]; ok {
		return mv, nil
	}
	if err := ctx.Err(); err != nil {
		return made{}, err
	}
	w, h := s.Lum.Rect.Dx(), s.Lum.Rect.Dy()
	var mv made
	switch {
	case v.Dilate > 0 || v.Open:
		base, err := s.make(ctx, v.Base())
		if base.m == nil {
			return made{}, err
		}
		// The base is the image's size, or enlarged (Up).
		w, h := base.m.Width, base.m.Height
		if base.dark == 0 || base.dark == w*h {
			// Opening or dilating one colour changes nothing.
			mv = made{m: base.m, dark: base.dark, shared: true}
			break
		}
		mv.m = &matrix.Matrix{Width: w, Height: h, Pix: views.Get(w * h)}
		if v.Open {
			mv.dark = openInto(base.m.Pix, mv.m.Pix, w, h)
		} else {
			// Dilating by r is dilating by d and then by r-d: a pixel
			// within r of a dark one (in both directions) has a pixel
			// within d of that one and within r-d of itself, which lies
			// in the image because the image is a rectangle. So a
			// smaller dilation made already saves its part of the work.
			from, r := base.m, v.Dilate
			for d := v.Dilate - 1; d >= 1; d-- {
				if smaller, ok := s.views[View{Method: v.Method, Inverted: v.Inverted, Down: 1, Up: v.Up, Dilate: d}]; ok {
					from, r = smaller.m, v.Dilate-d
					break
				}
			}
			mv.dark = dilateInto(from.Pix, mv.m.Pix, w, h, r, false)
		}
	case v.Up > 1:
		base, err := s.make(ctx, View{Method: v.Method, Inverted: v.Inverted, Down: 1, Up: 1})
		if base.m == nil {
			return made{}, err
		}
		up := &matrix.Matrix{Width: w * v.Up, Height: h * v.Up, Pix: views.Get(w * h * v.Up * v.Up)}
		enlargeInto(base.m, up, v.Up)
		mv = made{m: up, dark: base.dark * v.Up * v.Up}
	default:
		mv.m = &matrix.Matrix{Width: w, Height: h, Pix: views.Get(w * h)}
		if other, ok := s.views[View{Method: v.Method, Inverted: !v.Inverted, Down: 1, Up: 1}]; ok {
			// The other way round made already: its complement, pixel
			// for pixel what thresholding would give.
			complementInto(other.m.Pix, mv.m.Pix)
			mv.dark = w*h - other.dark
			break
		}
		done := false
		switch v.Method {
		case Local:
			mv.dark, done = localInto(ctx, s.Lum, mv.m.Pix, v.Inverted)
		case Global:
			if !s.hasLevel {
				s.level, s.hasLevel = globalLevelOf(s.Lum), true
			}
			mv.dark, done = globalInto(ctx, s.Lum, mv.m.Pix, v.Inverted, s.level)
		}
		if !done {
			views.Put(mv.m.Pix)
			return made{}, ctx.Err()
		}
	}
	if s.views == nil {
		s.views = make(map[View]made)
	}
	s.views[v] = mv
	return mv, nil
}

// Uniform reports whether view v, made already, is all light or all dark:
// an image without an edge holds no symbol, and readers may skip it. It
// reports false for a view not made.
func (s *Source) Uniform(v View) bool {
	v = v.Norm()
	if v.Down > 1 {
		s.mu.Lock()
		d := s.down[v.Down]
		s.mu.Unlock()
		if d == nil {
			return false
		}
		v.Down = 1
		return d.Uniform(v)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	mv, ok := s.views[v]
	return ok && (mv.dark == 0 || mv.dark == len(mv.m.Pix))
}

// Release drops view v: the next call for it makes it anew, and its memory
// goes to the views made after it, by this Source or another. The matrix
// that Binary or View returned for it must not be used any more.
func (s *Source) Release(v View) {
	v = v.Norm()
	if v.Down > 1 {
		s.mu.Lock()
		d := s.down[v.Down]
		s.mu.Unlock()
		if d != nil {
			v.Down = 1
			d.Release(v)
		}
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	mv, ok := s.views[v]
	if !ok {
		return
	}
	delete(s.views, v)
	if !mv.shared {
		views.Put(mv.m.Pix)
	}
}

// Downscaled returns the image shrunk by factor in both directions, each
// output pixel the mean of a factor×factor box of input pixels, as a Source
// of its own (with its own views). A point (x, y) of the downscaled image
// is (x·factor, y·factor) in s. It is made once per factor; a factor below
// 2 returns s itself, and a factor larger than the image gives a Source
// over an empty plane.
//
// A factor with a smaller factor in it is made from the image shrunk by
// that one, made first if need be: shrunk by 6, the image shrunk by 3
// shrunk by 2, which reads a ninth of the pixels (a large photo's views
// are shrunk by 2, 3 and 6). Its means of means are within a level of the
// direct ones.
func (s *Source) Downscaled(factor int) *Source {
	if factor < 2 {
		return s
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.downscaled(factor)
}

// downscaled is Downscaled with s.mu held.
func (s *Source) downscaled(factor int) *Source {
	if d, ok := s.down[factor]; ok {
		return d
	}
	if s.down == nil {
		s.down = make(map[int]*Source)
	}
	var d *Source
	if p := smallestFactor(factor); p < factor {
		d = &Source{Lum: Downscale(s.downscaled(factor/p).Lum, p)}
	} else {
		d = &Source{Lum: Downscale(s.Lum, factor)}
	}
	s.down[factor] = d
	return d
}

// smallestFactor returns the smallest factor of n ≥ 2 above 1.
func smallestFactor(n int) int {
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			return p
		}
	}
	return n
}

// newFor returns a light matrix of g's size (empty for a nil g).
func newFor(g *image.Gray) *matrix.Matrix {
	if g == nil {
		return &matrix.Matrix{}
	}
	return matrix.New(g.Rect.Dx(), g.Rect.Dy())
}

// NewSource converts img to a luminance plane once and returns a Source over
// it. Pixels are blended onto white by their alpha, so a transparent
// background reads as light.
func NewSource(img image.Image) *Source {
	return &Source{Lum: Luminance(img)}
}

// Luminance returns img as an 8-bit luminance plane with origin (0, 0), using
// the ITU-R BT.601 weights (as image/color's GrayModel does) and blending
// transparent pixels onto white. It has fast paths for the concrete image
// types the standard decoders return.
func Luminance(img image.Image) *image.Gray {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	// Every case below writes every pixel, so a plane of an earlier
	// image will do.
	g := &image.Gray{Pix: pixpool.Planes.Get(w * h), Stride: w, Rect: image.Rect(0, 0, w, h)}
	switch m := img.(type) {
	case *image.Gray:
		for y := 0; y < h; y++ {
			copy(g.Pix[y*w:(y+1)*w], m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.YCbCr:
		for y := 0; y < h; y++ {
			copy(g.Pix[y*w:(y+1)*w], m.Y[m.YOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.NYCbCrA:
		// WebP with an alpha channel: Y is the luma; blend it onto white
		// by the alpha, as the colour would be.
		for y := 0; y < h; y++ {
			src := m.Y[m.YOffset(b.Min.X, b.Min.Y+y):][:w]
			alpha := m.A[m.AOffset(b.Min.X, b.Min.Y+y):][:w]
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				a := uint32(alpha[x])
				dst[x] = uint8((uint32(src[x])*a + 255*(255-a) + 127) / 255)
			}
		}
	case *image.RGBA:
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				p := src[4*x : 4*x+4 : 4*x+4]
				// Premultiplied: blend onto white by adding the missing alpha.
				a := 255 - uint32(p[3])
				dst[x] = luma(uint32(p[0])+a, uint32(p[1])+a, uint32(p[2])+a)
			}
		}
	case *image.NRGBA:
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				p := src[4*x : 4*x+4 : 4*x+4]
				a := uint32(p[3])
				if a == 255 {
					dst[x] = luma(uint32(p[0]), uint32(p[1]), uint32(p[2]))
					continue
				}
				blend := func(c uint8) uint32 { return (uint32(c)*a + 255*(255-a) + 127) / 255 }
				dst[x] = luma(blend(p[0]), blend(p[1]), blend(p[2]))
			}
		}
	case *image.Paletted:
		var lut [256]uint8
		for i, c := range m.Palette {
			lut[i] = lumaOf(c)
		}
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				dst[x] = lut[src[x]]
			}
		}
	case *image.Gray16:
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				dst[x] = src[2*x] // the high byte
			}
		}
	case *image.RGBA64:
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				p := src[8*x : 8*x+8 : 8*x+8] // big-endian R, G, B, A; premultiplied
				c := func(i int) uint32 { return uint32(p[i])<<8 | uint32(p[i+1]) }
				dst[x] = lumaOf16(c(0), c(2), c(4), c(6))
			}
		}
	case *image.NRGBA64:
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				p := src[8*x : 8*x+8 : 8*x+8] // big-endian R, G, B, A; not premultiplied
				c := func(i int) uint32 { return uint32(p[i])<<8 | uint32(p[i+1]) }
				a := c(6)
				dst[x] = lumaOf16(c(0)*a/0xffff, c(2)*a/0xffff, c(4)*a/0xffff, a)
			}
		}
	case image.RGBA64Image:
		// 16-bit and other types: no colour.Color interface value, and so
		// no allocation, per pixel.
		for y := 0; y < h; y++ {
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				c := m.RGBA64At(b.Min.X+x, b.Min.Y+y)
				dst[x] = lumaOf16(uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A))
			}
		}
	default:
		for y := 0; y < h; y++ {
			dst := g.Pix[y*w : (y+1)*w]
			for x := range dst {
				dst[x] = lumaOf(img.At(b.Min.X+x, b.Min.Y+y))
			}
		}
	}
	return g
}

// luma weights 8-bit red, green and blue as BT.601 does, with the
// coefficients of image/color's GrayModel scaled to 16 bits.
func luma(r, g, b uint32) uint8 {
	return uint8((19595*r + 38470*g + 7471*b + 1<<15) >> 16)
}

// lumaOf converts any colour, blending it onto white by its alpha.
func lumaOf(c color.Color) uint8 {
	return lumaOf16(c.RGBA())
}

// lumaOf16 converts a premultiplied 16-bit colour, blending it onto white
// by its alpha.
func lumaOf16(r, g, b, a uint32) uint8 {
	white := 0xffff - a
	return luma((r+white)>>8, (g+white)>>8, (b+white)>>8)
}
