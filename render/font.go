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

// drawText draws the human-readable text of l on c: each run centred on
// its x with its baseline at its base, its glyphs' coverage cut at one half
// so the picture keeps two colours.
func drawText(c *canvas, l *layout) error {
	f, err := goMono()
	if err != nil {
		return fmt.Errorf("render: font: %w", err)
	}
	faces := map[float64]font.Face{}
	defer func() {
		for _, face := range faces {
			face.Close()
		}
	}()
	for _, r := range l.runs {
		face, ok := faces[r.em]
		if !ok {
			face, err = opentype.NewFace(f, &opentype.FaceOptions{
				Size:    r.em * float64(l.scale), // points at 72 dpi: pixels
				DPI:     72,
				Hinting: font.HintingFull,
			})
			if err != nil {
				return fmt.Errorf("render: font: %w", err)
			}
			faces[r.em] = face
		}
		d := font.Drawer{Src: image.Opaque, Face: face}
		adv := d.MeasureString(r.text)
		d.Dot = fixed.Point26_6{
			X: (fixed.I(int(math.Round(2*r.x*float64(l.scale)))) - adv) / 2,
			Y: fixed.I(int(math.Round(r.base * float64(l.scale)))),
		}
		// The glyphs stay within an em of the dot's line and ends.
		em := int(math.Ceil(r.em * float64(l.scale)))
		bounds := image.Rect(d.Dot.X.Floor()-em, d.Dot.Y.Floor()-2*em, (d.Dot.X+adv).Ceil()+em, d.Dot.Y.Ceil()+em).
			Intersect(image.Rect(0, 0, c.w, c.h))
		if bounds.Empty() {
			continue
		}
		mask := image.NewAlpha(bounds)
		d.Dst = mask
		d.DrawString(r.text)
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
