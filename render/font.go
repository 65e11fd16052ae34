package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// goMono is the font of the human-readable text, parsed on first use.
var goMono = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gomono.TTF) })

// faces holds the font and its faces at the sizes of a layout's text runs,
// in pixels at the layout's scale.
type faces struct {
	f     *opentype.Font
	scale int
	m     map[float64]font.Face
}

func newFaces(scale int) (*faces, error) {
	f, err := goMono()
	if err != nil {
		return nil, fmt.Errorf("render: font: %w", err)
	}
	return &faces{f: f, scale: scale, m: map[float64]font.Face{}}, nil
}

// size returns the size in pixels of text em modules tall.
func (fs *faces) size(em float64) float64 { return em * float64(fs.scale) }

// face returns the face of text em modules tall: Go Mono at em×scale
// pixels, its advances hinted to whole pixels.
func (fs *faces) face(em float64) (font.Face, error) {
	if face, ok := fs.m[em]; ok {
		return face, nil
	}
	face, err := opentype.NewFace(fs.f, &opentype.FaceOptions{
		Size:    fs.size(em), // points at 72 dpi: pixels
		DPI:     72,
		Hinting: font.HintingFull,
	})
	if err != nil {
		return nil, fmt.Errorf("render: font: %w", err)
	}
	fs.m[em] = face
	return face, nil
}

// ppem returns the pixels per em of the face of text em modules tall, in
// 26.6 fixed point, computed as opentype.NewFace computes it for the same
// options (Size, DPI 72), so that sfnt.Font.LoadGlyph gives the outlines
// the face rasterises.
func (fs *faces) ppem(em float64) fixed.Int26_6 {
	return fixed.Int26_6(0.5 + (fs.size(em) * 72 * 64 / 72))
}

// place returns where run r starts, drawn with face at l.scale: the
// origin of its first glyph, on the baseline, in 26.6 pixels of the
// unrotated canvas, so that the run is centred on its x; and its advance.
// The centre and the baseline are rounded to whole pixels.
func (l *layout) place(face font.Face, r textRun) (dot fixed.Point26_6, adv fixed.Int26_6) {
	s := float64(l.scale)
	adv = font.MeasureString(face, r.text)
	return fixed.Point26_6{
		X: (fixed.I(int(math.Round(2*r.x*s))) - adv) / 2,
		Y: fixed.I(int(math.Round(r.base * s))),
	}, adv
}

// runGlyphs calls f for every character of text in order with its origin,
// starting at dot, as font.Drawer places them: advancing by the face's
// hinted advances and kerning. PNG rasterises the glyphs there and SVG
// draws their outlines there, so that the two set the text alike.
func runGlyphs(face font.Face, text string, dot fixed.Point26_6, f func(c rune, dot fixed.Point26_6)) {
	prev := rune(-1)
	for _, c := range text {
		if prev >= 0 {
			dot.X += face.Kern(prev, c)
		}
		f(c, dot)
		a, _ := face.GlyphAdvance(c)
		dot.X += a
		prev = c
	}
}

// drawText draws the human-readable text of l on c: each run's glyphs
// composited on a mask of its own as font.Drawer composites them, the
// coverage cut at one half so the picture keeps two colours.
func drawText(c *canvas, l *layout) error {
	fs, err := newFaces(l.scale)
	if err != nil {
		return err
	}
	for _, r := range l.runs {
		face, err := fs.face(r.em)
		if err != nil {
			return err
		}
		dot, adv := l.place(face, r)
		// The glyphs stay within an em of the dot's line and ends.
		em := int(math.Ceil(r.em * float64(l.scale)))
		bounds := image.Rect(dot.X.Floor()-em, dot.Y.Floor()-2*em, (dot.X+adv).Ceil()+em, dot.Y.Ceil()+em).
			Intersect(image.Rect(0, 0, c.w, c.h))
		if bounds.Empty() {
			continue
		}
		mask := image.NewAlpha(bounds)
		runGlyphs(face, r.text, dot, func(ch rune, dot fixed.Point26_6) {
			dr, gm, gp, _, _ := face.Glyph(dot, ch)
			if !dr.Empty() {
				draw.DrawMask(mask, dr, image.Opaque, image.Point{}, gm, gp, draw.Over)
			}
		})
		for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
			row := mask.Pix[(y-bounds.Min.Y)*mask.Stride:]
			for x := bounds.Min.X; x < bounds.Max.X; x++ {
				if row[x-bounds.Min.X] >= 0x80 {
					c.set(x, y)
				}
			}
		}
	}
	return nil
}

// outline returns the outline of character c in text em modules tall as
// drawText rasterises it: its segments in 26.6 pixels relative to its
// origin, y down. It is valid until buf is used again.
func (fs *faces) outline(buf *sfnt.Buffer, c rune, em float64) (sfnt.Segments, error) {
	x, err := fs.f.GlyphIndex(buf, c)
	if err != nil {
		return nil, fmt.Errorf("render: font: %w", err)
	}
	segs, err := fs.f.LoadGlyph(buf, x, fs.ppem(em), nil)
	if err != nil {
		return nil, fmt.Errorf("render: font: %w", err)
	}
	return segs, nil
}
