package datamatrix

import (
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// photo640 returns a photo-like 640×480 image: a 24×24 symbol of about 5
// pixels a module, turned 17° and tilted, under uneven light with noise
// and blur, among dark blobs and strokes like print around a label.
func photo640(tb testing.TB) (*image.Gray, string) {
	const data = "https://barkit.example/p/0123456789"
	c, err := Encode(data, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	s := scene{w: 640, h: 480, module: 5, deg: 17, persp: 0.1, gradient: 0.35, noise: 6, blur: true, seed: 1}
	img, _ := s.render(c.Modules)
	r := rand.New(rand.NewPCG(5, 6))
	for range 60 {
		// Text-like strokes away from the symbol.
		x, y := r.IntN(600), r.IntN(440)
		if x > 180 && x < 460 && y > 100 && y < 380 {
			continue
		}
		w, h := 2+r.IntN(14), 2+r.IntN(20)
		for yy := y; yy < min(480, y+h); yy++ {
			for xx := x; xx < min(640, x+w); xx++ {
				img.Pix[yy*img.Stride+xx] = uint8(40 + r.IntN(30))
			}
		}
	}
	return img, data
}

// BenchmarkReadPhoto640 reads the symbol of a 640×480 photo-like image in
// the default thorough mode, the luminance plane converted once per
// iteration and binarized as part of the read. Run with -cpu 1 for the
// time on one core.
func BenchmarkReadPhoto640(b *testing.B) {
	img, data := photo640(b)
	if got := read(binarize.NewSource(img), symbology.ReadOptions{}); len(got) != 1 || got[0].Text != data {
		b.Fatalf("read %+v", got)
	}
	b.ReportAllocs()
	for b.Loop() {
		src := &binarize.Source{Lum: img}
		if got := read(src, symbology.ReadOptions{}); len(got) != 1 {
			b.Fatal("not read")
		}
	}
}

// BenchmarkReadPhoto640Fast is BenchmarkReadPhoto640 in fast mode.
func BenchmarkReadPhoto640Fast(b *testing.B) {
	img, _ := photo640(b)
	b.ReportAllocs()
	for b.Loop() {
		src := &binarize.Source{Lum: img}
		if got := read(src, symbology.ReadOptions{Fast: true}); len(got) != 1 {
			b.Fatal("not read")
		}
	}
}

// print640 returns a photo-like 640×480 image without a symbol: dark
// strokes and blobs like print, under uneven light with noise and blur.
func print640() *image.Gray {
	s := scene{w: 640, h: 480, module: 5, gradient: 0.35, noise: 6, blur: true, seed: 2}
	img, _ := s.render(matrix.New(24, 24)) // a blank label
	r := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		x, y := r.IntN(620), r.IntN(460)
		w, h := 2+r.IntN(14), 2+r.IntN(20)
		for yy := y; yy < min(480, y+h); yy++ {
			for xx := x; xx < min(640, x+w); xx++ {
				img.Pix[yy*img.Stride+xx] = uint8(40 + r.IntN(30))
			}
		}
	}
	return img
}

// BenchmarkReadNothing reads a 640×480 photo-like image that holds no
// symbol, in the default thorough mode: every view of the plan is
// searched, the last resorts included, as in the falsepositives folders
// of the corpus.
func BenchmarkReadNothing(b *testing.B) {
	img := print640()
	b.ReportAllocs()
	for b.Loop() {
		src := &binarize.Source{Lum: img}
		if got := read(src, symbology.ReadOptions{}); len(got) != 0 {
			b.Fatalf("read %+v", got)
		}
	}
}

// BenchmarkEncode encodes payloads typical of labels, from a short text to
// a kilobyte of mixed text.
func BenchmarkEncode(b *testing.B) {
	payloads := map[string]string{
		"short":  "Hello World",
		"url":    "https://www.example.com/products/0123456789?ref=barcode",
		"gs1":    "0109501101020917\x1d17190508\x1d10ABCD1234",
		"digits": strings.Repeat("0123456789", 50),
		"mixed":  strings.Repeat("Lorem ipsum DOLOR sit amet, 2024-01-31 #42; ", 25),
	}
	for name, data := range payloads {
		b.Run(name, func(b *testing.B) {
			opts := Options{GS1: name == "gs1"}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(data, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecode decodes a sampled 64×64 symbol (codewords, error
// correction and encodations).
func BenchmarkDecode(b *testing.B) {
	c, err := Encode(strings.Repeat("Decode me 0123456789 ", 13), Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(c.Modules); err != nil {
			b.Fatal(err)
		}
	}
}
