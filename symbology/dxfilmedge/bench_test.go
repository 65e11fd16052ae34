package dxfilmedge

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// BenchmarkReadScan reads a 640×480 image of a film scan's edge: a DX film
// edge code at 3 pixels per module on grey, in thorough and fast mode.
func BenchmarkReadScan(b *testing.B) {
	sym, err := write("115-10/11A", symbology.WriteOptions{})
	if err != nil {
		b.Fatal(err)
	}
	code, err := render.Image(sym, render.Options{Scale: 3})
	if err != nil {
		b.Fatal(err)
	}
	img := image.NewGray(image.Rect(0, 0, 640, 480))
	draw.Draw(img, img.Rect, image.NewUniform(color.Gray{Y: 180}), image.Point{}, draw.Src)
	draw.Draw(img, code.Bounds().Add(image.Pt(200, 300)), code, image.Point{}, draw.Src)
	for _, mode := range []struct {
		name string
		fast bool
	}{{"thorough", false}, {"fast", true}} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if got := read(binarize.NewSource(img), symbology.ReadOptions{Fast: mode.fast}); len(got) != 1 {
					b.Fatalf("read %v", got)
				}
			}
		})
	}
}

// BenchmarkEncode writes a code with a frame number.
func BenchmarkEncode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := write("115-10/11A", symbology.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
