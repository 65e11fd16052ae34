package code128

import (
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// BenchmarkReadLabel reads a 640×480 photograph of a shipping label's Code
// 128 symbol (a GS1-128 SSCC): 2 pixels per module, tilted 3°, blurred,
// noisy and unevenly lit, in thorough and fast mode.
func BenchmarkReadLabel(b *testing.B) {
	sym, err := write("00123456789012345675", symbology.WriteOptions{GS1: true})
	if err != nil {
		b.Fatal(err)
	}
	img := lineartest.Scene{Width: 640, Height: 480, Modules: sym.Modules.Pix, Module: 2, Quiet: 10, BarHeight: 90,
		Angle: 3, Tilt: 0.1, Blur: 0.8, Noise: 4, Shade: 40, Background: 100}.Render()
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

// BenchmarkReadCorpus reads each Code 128 folder of the reference corpus
// in thorough mode; ns/op is per image.
func BenchmarkReadCorpus(b *testing.B) {
	for _, folder := range []string{"code128-1", "code128-2", "code128-3"} {
		b.Run(folder, func(b *testing.B) {
			imgs := corpustest.LoadFolder(b, folder)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				read(binarize.NewSource(imgs[i%len(imgs)].Lum), symbology.ReadOptions{})
				i++
			}
		})
	}
}

// BenchmarkEncode writes a GS1-128 symbol of three fields and a text one.
func BenchmarkEncode(b *testing.B) {
	for _, c := range []struct {
		name, data string
		gs1        bool
	}{{"gs1", "0109506000134352\x1d17251231\x1d10ABC123", true}, {"text", "Shipment BK-2024-0042/17 ÅÄÖ", false}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(c.data, Options{GS1: c.gs1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
