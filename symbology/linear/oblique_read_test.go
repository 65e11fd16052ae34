package linear_test

import (
	"context"
	"math"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// TestScanOblique reads a Code 128 symbol turned every 15° at 2 and 1.5
// pixels per module in thorough mode, on oblique lines where rows and
// columns cross too few of its bars, with its orientation; fast mode,
// which reads rows only, reads it only near upright.
func TestScanOblique(t *testing.T) {
	mods := modules(t, "code128", "Oblique 128")
	for _, px := range []float64{2, 1.5} {
		for a := 0.0; a < 360; a += 15 {
			g := lineartest.Scene{Width: 400, Height: 400, Modules: mods, Module: px, BarHeight: 30, Quiet: 10, Angle: a, Blur: 0.5, Noise: 2, Background: 120}.Render()
			read := func(fast bool) []symbology.Barcode {
				got, err := symbology.Read(context.Background(), binarize.NewSource(g), symbology.ReadOptions{IDs: []string{"code128"}, Fast: fast})
				if err != nil {
					t.Fatal(err)
				}
				return got
			}
			got := read(false)
			if len(got) != 1 || got[0].Text != "Oblique 128" {
				t.Errorf("%v px, %v°: %v", px, a, got)
				continue
			}
			if d := (got[0].Orientation - int(a) + 540) % 360; d < 180-4 || d > 180+4 {
				t.Errorf("%v px, %v°: orientation %d", px, a, got[0].Orientation)
			}
			if m := math.Mod(a, 180); m > 20 && m < 160 && len(read(true)) != 0 {
				t.Errorf("%v px, %v°: fast mode read it", px, a)
			}
		}
	}
}
