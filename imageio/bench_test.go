package imageio

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"testing"
)

// benchImage is a 1024x768 greyscale image of 8x8 modules, dark or light
// by a fixed pseudo-random sequence, like a photographed 2D code.
func benchImage() *image.Gray {
	m := image.NewGray(image.Rect(0, 0, 1024, 768))
	seed := uint32(1)
	for y := 0; y < 768; y += 8 {
		for x := 0; x < 1024; x += 8 {
			seed = seed*1664525 + 1013904223
			v := uint8(30)
			if seed>>31 == 1 {
				v = 220
			}
			for yy := range 8 {
				for xx := range 8 {
					m.SetGray(x+xx, y+yy, color.Gray{v})
				}
			}
		}
	}
	return m
}

// BenchmarkDecode compares Decode and DecodeBytes with calling the
// format's decoder directly: the difference is the cost of sniffing, the
// header pass and the recorded header bytes.
func BenchmarkDecode(b *testing.B) {
	m := benchImage()
	for _, f := range []struct {
		name string
		data []byte
		std  func(io.Reader) (image.Image, error)
	}{
		{"png", encode(b, func(w io.Writer) error { return png.Encode(w, m) }), png.Decode},
		{"jpeg", encode(b, func(w io.Writer) error { return jpeg.Encode(w, m, nil) }), jpeg.Decode},
	} {
		b.Run(f.name+"/Decode", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(f.data)))
			for b.Loop() {
				if _, _, err := Decode(bytes.NewReader(f.data), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(f.name+"/DecodeBytes", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(f.data)))
			for b.Loop() {
				if _, _, err := DecodeBytes(f.data, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(f.name+"/std", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(f.data)))
			for b.Loop() {
				if _, err := f.std(bytes.NewReader(f.data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
