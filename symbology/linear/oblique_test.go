package linear

import (
	"context"
	"math"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// stripes returns the modules of a symbol-like pattern of 120 modules:
// bars and spaces of one to three.
func stripes() []bool {
	var m []bool
	for i := range 120 {
		m = append(m, (i*7)%5 < 2)
	}
	return m
}

// TestObliqueRegions checks the gradient analysis: a symbol turned 15° to
// 165° at 1.5 to 3 pixels per module makes one region, read on lines
// within 2 degrees of its direction across the bars (Scharr's operator;
// simple differences of neighbouring pixels would bend it up to 10
// degrees towards the diagonals at 1.5 pixels per module); one near
// upright or flat makes none, as rows and columns read it.
func TestObliqueRegions(t *testing.T) {
	for _, px := range []float64{1.5, 2, 3} {
		for a := 0.0; a < 180; a += 7.5 {
			g := lineartest.Scene{Width: 480, Height: 480, Modules: stripes(), Module: px, Quiet: 10, BarHeight: 40 * px, Angle: a, Blur: 0.5, Noise: 2, Background: 100}.Render()
			s := newScanner(context.Background(), g, Options{}, nil)
			fams := s.obliques()
			axis := angleDiff(a, 0) <= axisAngle || angleDiff(a, 90) <= axisAngle
			if axis {
				if len(fams) != 0 {
					t.Errorf("%v px, %v°: %d regions", px, a, len(fams))
				}
				continue
			}
			if len(fams) != 1 {
				t.Errorf("%v px, %v°: %d regions", px, a, len(fams))
				continue
			}
			got := math.Atan2(fams[0].d.Y, fams[0].d.X) * 180 / math.Pi
			if d := angleDiff(got, a); d > 2 {
				t.Errorf("%v px, %v°: lines at %.1f°", px, a, got)
			}
			// The lines cover the symbol's centre.
			c := fams[0]
			centre := c.point(c.lines/2, float64(c.length)/2)
			if centre.Dist(detect.Point{X: 240, Y: 240}) > 40 {
				t.Errorf("%v px, %v°: region centred at %v", px, a, centre)
			}
		}
	}
}

// TestObliqueBounds checks that images without symbols, the adversarial
// ones, make at most maxObliques regions, and noise and blank none.
func TestObliqueBounds(t *testing.T) {
	for _, c := range adversarial.Cases() {
		g := binarize.Luminance(c.Make(600, 600))
		s := newScanner(context.Background(), g, Options{}, nil)
		fams := s.obliques()
		if len(fams) > maxObliques || (c.Name == "noise" || c.Name == "blank") && len(fams) > 0 {
			t.Errorf("%s: %d regions", c.Name, len(fams))
		}
	}
}
