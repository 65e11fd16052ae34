//go:build ignore

// gen writes the BMP and TIFF test images, and the PNG inputs from which
// the WebP test images are made with cwebp and img2webp (see README).
//
//	go run gen.go
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"os"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// checker is the test pattern: 16x12 pixels of 4x4 squares, black where
// (x/4 + y/4) is even, white elsewhere, with the top-left pixel red so
// that a flipped or rotated decode shows.
func checker(invert bool) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, 16, 12))
	for y := 0; y < 12; y++ {
		for x := 0; x < 16; x++ {
			v := uint8(0)
			if (x/4+y/4)%2 == 1 != invert {
				v = 255
			}
			m.SetNRGBA(x, y, color.NRGBA{v, v, v, 255})
		}
	}
	m.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	return m
}

func write(name string, enc func(f *os.File) error) {
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	if err := enc(f); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

func main() {
	m := checker(false)
	write("checker.bmp", func(f *os.File) error { return bmp.Encode(f, m) })
	write("checker.tiff", func(f *os.File) error {
		return tiff.Encode(f, m, &tiff.Options{Compression: tiff.Deflate, Predictor: true})
	})
	write("checker.png", func(f *os.File) error { return png.Encode(f, m) })
	write("inverted.png", func(f *os.File) error { return png.Encode(f, checker(true)) })
	// A half-transparent copy, for a WebP with an alpha channel.
	a := checker(false)
	for i := 3; i < len(a.Pix); i += 4 {
		a.Pix[i] = 128
	}
	write("alpha.png", func(f *os.File) error { return png.Encode(f, a) })
}
