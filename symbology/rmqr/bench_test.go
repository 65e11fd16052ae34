package rmqr

import (
	"github.com/barkit/barkit/internal/corpustest"
	"testing"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/symbology/qrfamily/qrtest"
)

func BenchmarkEncode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode("https://example.com/rmqr", Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeMatrix(b *testing.B) {
	c, _ := Encode("https://example.com/rmqr", Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(c.Modules); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadPhoto reads a 640×480 photo-like picture: a symbol of
// 4-pixel modules turned and tilted on a light background, blurred,
// noised and JPEG-compressed.
func BenchmarkReadPhoto(b *testing.B) {
	pic := qrtest.Draw(mustEncode(b, "SN 0042-17 LOT 7/B", Options{Size: 13}), 8, 2)
	quad := qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), 0.5, 27, 0.1, detect.Point{X: 300, Y: 250})
	g := qrtest.Scene(640, 480, 210, qrtest.Place{Picture: pic, Quad: quad})
	qrtest.Contrast(g, 40, 220)
	qrtest.Blur(g, 1)
	qrtest.Noise(g, 6, 0.2, 1)
	g, _ = qrtest.JPEG(g, 75)
	if got := readID(g, "rmqr", false); len(got) != 1 {
		b.Fatalf("read %d symbols", len(got))
	}
	b.ReportAllocs()
	for b.Loop() {
		readID(g, "rmqr", false)
	}
}

// BenchmarkFalsePositives reads the reference corpus's false-positive
// folders for rMQR Code alone, thoroughly: the cost budget's measure
// (ns/op is per image).
func BenchmarkFalsePositives(b *testing.B) {
	var samples []corpustest.CorpusImage
	for _, f := range []string{"falsepositives-1", "falsepositives-2"} {
		samples = append(samples, corpustest.LoadFolder(b, f)...)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		readID(samples[i%len(samples)].Lum, "rmqr", false)
		i++
	}
}
