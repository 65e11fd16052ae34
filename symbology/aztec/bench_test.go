package aztec

import (
	"github.com/barkit/barkit/internal/corpustest"
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology"
)

// photo640 returns a photo-like 640×480 image: a boarding-pass-sized
// symbol (a full-range symbol of 5 layers, 37×37 modules) of about 4
// pixels a module, turned 17° and tilted, under uneven light with noise
// and blur, among dark blobs and strokes like print around a label.
func photo640(tb testing.TB) (*image.Gray, string) {
	const data = "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100>5180OO9123BBA  2A12345678901230"
	c, err := Encode(data, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	s := scene{w: 640, h: 480, module: 4, deg: 17, persp: 0.1, gradient: 0.35, noise: 6, blur: true, seed: 1}
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
// the default thorough mode, the luminance plane converted once and
// binarized as part of the read (the target is 3 ms on one core). Run with
// -cpu 1 for the time on one core.
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

// BenchmarkEncode encodes payloads typical of labels and tickets, from a
// short text to two kilobytes of mixed text and a kilobyte of bytes.
func BenchmarkEncode(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	payloads := []struct {
		name string
		data string
		opts Options
	}{
		{"short", "Hello World", Options{}},
		{"url", "https://www.example.com/products/0123456789?ref=barcode", Options{}},
		{"boarding-pass", "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100", Options{}},
		{"gs1", "0109501101020917\x1d17190508\x1d10ABCD1234", Options{GS1: true}},
		{"digits", strings.Repeat("0123456789", 50), Options{}},
		{"mixed-2k", strings.Repeat("Lorem ipsum DOLOR sit amet, 2024-01-31 #42; ", 46), Options{}},
		{"binary-1k", pick(r, 1000, "\x00\x01\x80\xff\x7fAbc"), Options{Binary: true}},
	}
	for _, p := range payloads {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(p.data, p.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecode decodes a sampled symbol: a full-range symbol of 12
// layers (codewords, Reed–Solomon correction, bit stream).
func BenchmarkDecode(b *testing.B) {
	c, err := Encode(strings.Repeat("Decode me 0123456789 ", 20), Options{})
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

// BenchmarkAdversarial reads, for Aztec alone, the images that hold none
// but are full of what detectors look for (internal/adversarial), at
// 1000×1000 pixels, thorough: the reader's share of what a scan of them
// costs.
func BenchmarkAdversarial(b *testing.B) {
	for _, c := range adversarial.Cases() {
		b.Run(c.Name, func(b *testing.B) {
			img := c.Make(1000, 1000)
			lum := binarize.Luminance(img)
			b.ReportAllocs()
			for b.Loop() {
				if got := read(&binarize.Source{Lum: lum}, symbology.ReadOptions{}); len(got) != 0 {
					b.Fatalf("found %+v", got)
				}
			}
		})
	}
}

// BenchmarkFalsePositives reads, for Aztec alone and thorough, every image
// of the reference corpus's falsepositives-1 and -2 folders, which hold no
// symbol: the reader's cost on photos without one (per image).
func BenchmarkFalsePositives(b *testing.B) {
	var all []corpustest.CorpusImage
	for _, f := range []string{"falsepositives-1", "falsepositives-2"} {
		all = append(all, corpustest.LoadFolder(b, f)...)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, s := range all {
			if got := read(&binarize.Source{Lum: s.Lum}, symbology.ReadOptions{}); len(got) != 0 {
				b.Fatalf("%s: found %+v", s.Name, got)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(all))/1000, "ms/image")
}
