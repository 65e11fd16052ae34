package databar

import (
	"testing"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// BenchmarkReadLabel reads 640×480 photographs of a DataBar
// Omnidirectional and a DataBar Expanded symbol on a label: 2 pixels per
// module, turned 3°, tilted, blurred, noisy and unevenly lit, in thorough
// and fast mode, for the whole family (the target: under 2 ms on
// one core).
func BenchmarkReadLabel(b *testing.B) {
	for _, c := range []struct{ name, id, data string }{
		{"omni", "databar", "(01)09506000134352"},
		{"expanded", "databar-expanded", "(01)90012345678908(3103)012233(15)991231"},
	} {
		info, _ := symbology.Lookup(c.id)
		sym, err := info.Write(c.data, symbology.WriteOptions{})
		if err != nil {
			b.Fatal(err)
		}
		img := lineartest.Scene{Width: 640, Height: 480, Modules: symbolRow(sym), Module: 2, Quiet: 6, BarHeight: 70,
			Angle: 3, Tilt: 0.1, Blur: 0.8, Noise: 4, Shade: 40, Background: 100}.Render()
		for _, mode := range []struct {
			name string
			fast bool
		}{{"thorough", false}, {"fast", true}} {
			b.Run(c.name+"/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					got := readImage(b, img, mode.fast, ids[kindOmni:]...)
					if len(got) != 1 || got[0].Text != sym.Text {
						b.Fatalf("read %v", got)
					}
				}
			})
		}
	}
}

// BenchmarkEncode writes DataBar Omnidirectional, Expanded and Expanded
// Stacked symbols.
func BenchmarkEncode(b *testing.B) {
	for _, c := range []struct{ name, id, data string }{
		{"omni", "databar", "(01)09506000134352"},
		{"expanded", "databar-expanded", "(01)90012345678908(3103)012233(15)991231"},
		{"expanded-stacked", "databar-expanded-stacked", "(01)09506000134352(17)251231(10)ABC123(21)XYZ987"},
	} {
		info, _ := symbology.Lookup(c.id)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := info.Write(c.data, symbology.WriteOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
