package code39

import (
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// BenchmarkReadLabel reads a 640×480 photograph of a label's Code 39
// symbol: 2 pixels per module, tilted 3°, blurred, noisy and unevenly lit,
// in thorough and fast mode, for the whole family.
func BenchmarkReadLabel(b *testing.B) {
	m, err := Encode("BK-2024-0042", Options{Check: true})
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

// BenchmarkEncode writes a Code 39 symbol with its check character and a
// Full ASCII one.
func BenchmarkEncode(b *testing.B) {
	for _, c := range []struct{ name, id, data, ec string }{
		{"code39", "code39", "BK-2024-0042", "check"}, {"ext", "code39-ext", "Shipment bk/2024 #42", ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := write(c.id, c.data, c.ec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
