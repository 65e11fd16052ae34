// Package binarize turns images into what barcode detectors work on: one
// luminance plane, computed once per image, and black-and-white views of it
// made by global and local binarizers, shared by every symbology reader.
package binarize

import (
	"image"
	"image/color"
	"sync"

	"github.com/barkit/barkit/matrix"
)

// Source is one image prepared for reading. Lum is its luminance plane with
// origin (0, 0); binarized, inverted and downscaled views are computed on
// demand and cached, so all readers of one image share them. A Source is safe
// for concurrent use; the matrices it returns are shared and must not be
// modified. Set Lum before the first call and do not change it afterwards.
type Source struct {
	Lum *image.Gray

	binOnce [numMethods]sync.Once
	bin     [numMethods]*matrix.Matrix
	invOnce [numMethods]sync.Once
	inv     [numMethods]*matrix.Matrix

	mu   sync.Mutex      // guards down and memo
	down map[int]*Source // downscaled views by factor
	memo map[any]any     // readers' shared work, by key (see Memo)
}

// Memo returns the value remembered under key for this image, or calls f,
// remembers its value and returns it. It lets the readers of one image share
// work: symbologies registered under several ids (EAN-13, UPC-A, ...) or
// variants read from one scan (PDF417 and Compact PDF417) compute it once.
// Keys should be values of a type unexported by the package that uses
// them, so packages cannot collide. The value is shared by every caller
// and must not be modified. Two calls for one key at the same time may both
// call f; the first value stored is kept and returned to both.
func (s *Source) Memo(key any, f func() any) any {
	s.mu.Lock()
	v, ok := s.memo[key]
	s.mu.Unlock()
	if ok {
		return v
	}
	v = f()
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.memo[key]; ok {
		return old
	}
	if s.memo == nil {
		s.memo = make(map[any]any)
	}
	s.memo[key] = v
	return v
}

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

// Binary returns the image binarized by method m (true = dark), computing it
// on the first call and caching it. An unknown method gives nil.
func (s *Source) Binary(m Method) *matrix.Matrix {
	if m < 0 || m >= numMethods {
		return nil
	}
	s.binOnce[m].Do(func() {
		switch m {
		case Local:
			s.bin[m] = LocalThreshold(s.Lum)
		case Global:
			s.bin[m] = GlobalThreshold(s.Lum)
		}
	})
	return s.bin[m]
}

// Inverted returns Binary(m) with dark and light swapped, for light-on-dark
// symbols; it is cached like Binary. An unknown method gives nil.
func (s *Source) Inverted(m Method) *matrix.Matrix {
	b := s.Binary(m)
	if b == nil {
		return nil
	}
	s.invOnce[m].Do(func() {
		inv := b.Clone()
		inv.Invert()
		s.inv[m] = inv
	})
	return s.inv[m]
}

// Downscaled returns the image shrunk by factor in both directions, each
// output pixel the mean of a factor×factor box of input pixels, as a Source
// of its own (with its own caches). A point (x, y) of the downscaled image
// is (x·factor, y·factor) in s. The view is cached per factor; a factor
// below 2 returns s itself, and a factor larger than the image gives a
// Source over an empty plane.
func (s *Source) Downscaled(factor int) *Source {
	if factor < 2 {
		return s
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.down[factor]; ok {
		return d
	}
	if s.down == nil {
		s.down = make(map[int]*Source)
	}
	d := &Source{Lum: Downscale(s.Lum, factor)}
	s.down[factor] = d
	return d
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
	g := image.NewGray(image.Rect(0, 0, w, h))
	switch m := img.(type) {
	case *image.Gray:
		for y := 0; y < h; y++ {
			copy(g.Pix[y*w:(y+1)*w], m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.YCbCr:
		for y := 0; y < h; y++ {
			copy(g.Pix[y*w:(y+1)*w], m.Y[m.YOffset(b.Min.X, b.Min.Y+y):])
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
	r, g, b, a := c.RGBA() // premultiplied, 16 bits
	white := 0xffff - a
	return luma((r+white)>>8, (g+white)>>8, (b+white)>>8)
}
