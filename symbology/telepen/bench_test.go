package telepen

import (
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// BenchmarkReadLabel reads a 640×480 photograph of a library label's
// Telepen symbol: 2 pixels per module, tilted 3°, blurred, noisy and
// unevenly lit, in thorough and fast mode.
func BenchmarkReadLabel(b *testing.B) {
	m, err := Encode("BOOK 0042-17", Options{})
	if err != nil {
		b.Fatal(err)
	}
	img := lineartest.Scene{Width: 640, Height: 480, Modules: m.Pix, Module: 2, Quiet: 10, BarHeight: 90,
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

// BenchmarkEncode writes a Telepen symbol of 12 characters.
func BenchmarkEncode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := write("BOOK 0042-17", symbology.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
