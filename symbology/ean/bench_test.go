package ean

import (
	"image"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// photo640 is a 640×480 photograph of an EAN-13 symbol as a phone takes
// it: 2.5 pixels per module, tilted 4°, in slight perspective, blurred,
// noisy and unevenly lit, on a grey desk.
func photo640(tb testing.TB) *image.Gray {
	return lineartest.Scene{
		Width: 640, Height: 480, Modules: modulesOf(tb, "ean13", "978073520044"),
		Module: 2.5, Quiet: 11, Angle: 4, Tilt: 0.1, Blur: 1, Noise: 4, Shade: 40, Background: 90,
	}.Render()
}

// BenchmarkReadPhoto reads photo640 with the ean13 reader, which scans for
// every EAN/UPC symbol, in thorough and fast mode. A new Source each time:
// no scan is remembered.
func BenchmarkReadPhoto(b *testing.B) {
	img := photo640(b)
	for _, mode := range []struct {
		name string
		fast bool
	}{{"thorough", false}, {"fast", true}} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if got := readEAN13(binarize.NewSource(img), symbology.ReadOptions{Fast: mode.fast}); len(got) != 1 {
					b.Fatalf("read %v", texts(got))
				}
			}
		})
	}
}

// BenchmarkReadCorpus reads each EAN-13 folder of the reference corpus in
// thorough mode, one image after another; ns/op is per image.
func BenchmarkReadCorpus(b *testing.B) {
	for _, folder := range []string{"ean13-1", "ean13-2", "ean13-3", "ean13-4", "upca-2", "upce-2"} {
		b.Run(folder, func(b *testing.B) {
			imgs := corpustest.LoadFolder(b, folder)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				readEAN13(binarize.NewSource(imgs[i%len(imgs)].Lum), symbology.ReadOptions{})
				i++
			}
		})
	}
}

// BenchmarkWrite writes an EAN-13 symbol with an add-on.
func BenchmarkWrite(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := writeEAN13("978073520044+51299", symbology.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
