package qrfamily

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// TestOffImage checks OffImage against the samplers it stands in for, on
// grids thrown across the edges of an image: when it reports a grid off
// the image, detect.Sample and detect.SampleGray must both give up on it,
// and since it applies the transform as SampleGray does, it must report
// every grid SampleGray gives up on (no centre of these random grids
// lies within offMargin of the bound).
func TestOffImage(t *testing.T) {
	const iw, ih = 60, 40
	bin := matrix.New(iw, ih)
	lum := image.NewGray(image.Rect(0, 0, iw, ih))
	small := image.NewGray(image.Rect(0, 0, iw-10, ih+5))
	rng := rand.New(rand.NewPCG(1, 2))
	off := 0
	for i := range 2000 {
		w, h := 11+rng.IntN(8), 7+rng.IntN(12)
		// A rotation and scale about the grid's centre, placed within 20
		// pixels of the image, and a slight perspective.
		a, s := rng.Float64()*2*math.Pi, 0.5+rng.Float64()*2
		c, sn := s*math.Cos(a), s*math.Sin(a)
		mx, my := float64(w)/2, float64(h)/2
		cx, cy := rng.Float64()*(iw+40)-20, rng.Float64()*(ih+40)-20
		tr := detect.Transform{c, -sn, cx - c*mx + sn*my, sn, c, cy - sn*mx - c*my, 0, 0, 1}
		tr = tr.Then(detect.Transform{1, 0, 0, 0, 1, 0, (rng.Float64() - 0.5) * 0.002, (rng.Float64() - 0.5) * 0.002, 1})
		got := OffImage(tr, w, h, bin, lum)
		_, binOK := detect.Sample(bin, tr, w, h)
		_, lumOK := detect.SampleGray(lum, w, h, []detect.Region{{X0: 0, Y0: 0, X1: w, Y1: h, T: tr}})
		if got && (binOK || lumOK) {
			t.Errorf("grid %d (%d×%d, %v): OffImage true, but Sample ok %v, SampleGray ok %v", i, w, h, tr, binOK, lumOK)
		}
		if !got && !lumOK {
			t.Errorf("grid %d (%d×%d, %v): SampleGray gives up, OffImage false", i, w, h, tr)
		}
		if got {
			off++
		}
		// A luminance plane of another size than bin's counts for itself.
		if OffImage(tr, w, h, bin, small) {
			_, smallOK := detect.SampleGray(small, w, h, []detect.Region{{X0: 0, Y0: 0, X1: w, Y1: h, T: tr}})
			if binOK || smallOK {
				t.Errorf("grid %d (%d×%d, %v): OffImage true with a %v luminance plane, but Sample ok %v, SampleGray ok %v", i, w, h, tr, small.Rect, binOK, smallOK)
			}
		}
	}
	// Both outcomes must be common for the test to show anything.
	if off < 200 || off > 1800 {
		t.Errorf("%d of 2000 grids off the image, want between 200 and 1800", off)
	}
}
