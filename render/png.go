package render

import (
	"image"
	"image/color"
	"io"

	"github.com/barkit/barkit/symbology"
)

// Image draws s as a raster: an *image.Paletted whose palette is the
// background (index 0) and the foreground (index 1). Each module is
// opts.Scale pixels square; the human-readable text is drawn in the
// foreground colour with its anti-aliased edges cut at half coverage, so
// the image keeps its two colours. Rotation turns the finished picture.
func Image(s *symbology.Symbol, opts Options) (image.Image, error) {
	l, err := newLayout(s, opts, true)
	if err != nil {
		return nil, err
	}
	return l.raster()
}

// PNG writes s as a PNG image: the raster of Image, at 1 bit per pixel,
// with a transparency chunk when a colour is not opaque. A symbol without
// text or hexagons is packed straight from its modules, each module row
// packed once and repeated Scale times, without drawing the raster
// (pngWriter.modules); the others are drawn, then packed.
func PNG(w io.Writer, s *symbology.Symbol, opts Options) error {
	l, err := newLayout(s, opts, true)
	if err != nil {
		return err
	}
	e := pngWriters.Get().(*pngWriter)
	defer pngWriters.Put(e)
	var b []byte
	if l.hex || l.ean != nil || len(l.runs) > 0 {
		var img *image.Paletted
		if img, err = l.raster(); err == nil {
			b, err = e.paletted(img)
		}
	} else {
		b, err = e.modules(l)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// raster draws the layout.
func (l *layout) raster() (*image.Paletted, error) {
	if l.hex {
		return l.hexRaster().img, nil
	}
	c := newCanvas(l.w*l.scale, l.h*l.scale, l.rotate, color.Palette{l.bg, l.fg})
	s := l.scale
	for y := 0; y < l.m.Height; y++ {
		y0 := (l.top + y*l.rowH) * s
		y1 := y0 + l.rowH*s
		l.darkRuns(y, func(x0, x1 int) {
			if l.m.Height == 1 {
				top, bottom := l.barSpan(x0)
				y0, y1 = (l.top+top)*s, (l.top+bottom)*s
			}
			c.fill((l.left+x0)*s, y0, (l.left+x1)*s, y1)
		})
	}
	if len(l.runs) > 0 {
		if err := drawText(c, l); err != nil {
			return nil, err
		}
	}
	return c.img, nil
}

// canvas is a paletted image drawn on in the coordinates of the picture
// before rotation, w×h pixels; it stores the rotated picture.
type canvas struct {
	img    *image.Paletted
	w, h   int
	rotate int
	ones   []uint8 // a row of foreground pixels to copy from
}

func newCanvas(w, h, rotate int, p color.Palette) *canvas {
	rw, rh := w, h
	if rotate == 90 || rotate == 270 {
		rw, rh = h, w
	}
	c := &canvas{img: image.NewPaletted(image.Rect(0, 0, rw, rh), p), w: w, h: h, rotate: rotate}
	c.ones = make([]uint8, rw)
	for i := range c.ones {
		c.ones[i] = 1
	}
	return c
}

// fill paints the rectangle [x0, x1) × [y0, y1) in the foreground colour.
func (c *canvas) fill(x0, y0, x1, y1 int) {
	// Turned clockwise, (x, y) goes to (h-1-y, x) for 90, (w-1-x, h-1-y)
	// for 180 and (y, w-1-x) for 270.
	switch c.rotate {
	case 90:
		x0, y0, x1, y1 = c.h-y1, x0, c.h-y0, x1
	case 180:
		x0, y0, x1, y1 = c.w-x1, c.h-y1, c.w-x0, c.h-y0
	case 270:
		x0, y0, x1, y1 = y0, c.w-x1, y1, c.w-x0
	}
	p := c.img
	for y := y0; y < y1; y++ {
		copy(p.Pix[y*p.Stride+x0:y*p.Stride+x1], c.ones)
	}
}

// set paints the pixel (x, y) in the foreground colour.
func (c *canvas) set(x, y int) {
	if x < 0 || y < 0 || x >= c.w || y >= c.h {
		return
	}
	c.fill(x, y, x+1, y+1)
}
