package render

import (
	"fmt"
	"image"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// goMono is the font of the human-readable text in rasters, parsed on
// first use.
var goMono = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gomono.TTF) })

// drawText draws the human-readable text of l on c: centred across the
// canvas, its baseline at l.base modules, its glyphs' coverage cut at one
// half so the picture keeps two colours.
func drawText(c *canvas, l *layout) error {
	f, err := goMono()
	if err != nil {
		return fmt.Errorf("render: font: %w", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{
		Size:    l.em * float64(l.scale), // points at 72 dpi: pixels
		DPI:     72,
		Hinting: font.HintingFull,
	})
	if err != nil {
		return fmt.Errorf("render: font: %w", err)
	}
	defer face.Close()

	// The text area: below the bars, across the whole canvas.
	top := (l.quiet + l.rowH) * l.scale
	mask := image.NewAlpha(image.Rect(0, top, c.w, c.h))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face}
	adv := d.MeasureString(l.text)
	d.Dot = fixed.Point26_6{
		X: (fixed.I(c.w) - adv) / 2,
		Y: fixed.I(int(math.Round(l.base * float64(l.scale)))),
	}
	d.DrawString(l.text)
	b := mask.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := mask.Pix[(y-b.Min.Y)*mask.Stride:]
		for x := b.Min.X; x < b.Max.X; x++ {
			if row[x-b.Min.X] >= 0x80 {
				c.set(x, y)
			}
		}
	}
	return nil
}
