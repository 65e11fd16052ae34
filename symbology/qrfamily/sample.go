package qrfamily

import (
	"image"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// A reading of a finder pattern often puts the symbol beyond the image:
// a QR Code's finder pattern near the image's edge, read as a Micro QR
// Code's, with its symbol on the side away from the QR Code. Sampling
// such a grid from the binarized image and then its luminance, only to
// have both give up on it, was a good part of the readers' work on QR
// Code images; OffImage tells it beforehand from the module centres
// alone.

// Bounds of detect's samplers (detect/sample.go): a sample may fall up
// to a pixel outside the image, and a grid with more than 1/32 of its
// samples beyond that is given up.
const (
	sampleSlack      = 1.0
	sampleMaxOutside = 1.0 / 32
)

// offMargin is how far beyond the samplers' bound, in pixels, a module
// centre must lie for OffImage to count it: detect.Sample steps its
// transform along each row rather than applying it to every module, and
// the rounding of the two may differ by far less than this.
const offMargin = 1e-6

// OffImage reports whether so many of the centres of a w×h module grid
// fall outside the image through t that neither detect.Sample from bin
// nor detect.SampleGray from lum (nil for none) reads the grid.
func OffImage(t detect.Transform, w, h int, bin *matrix.Matrix, lum *image.Gray) bool {
	if !offImage(t, w, h, bin.Width, bin.Height) {
		return false
	}
	if lum == nil || lum.Rect.Dx() == bin.Width && lum.Rect.Dy() == bin.Height {
		return true
	}
	return offImage(t, w, h, lum.Rect.Dx(), lum.Rect.Dy())
}

// offImage reports whether so many of the centres of a w×h module grid
// fall outside an iw×ih image through t that detect.Sample and
// detect.SampleGray give up on the grid. It counts only centres clearly
// beyond the samplers' bound, so that when it reports true both samplers
// fail; when it reports false they may still.
func offImage(t detect.Transform, w, h, iw, ih int) bool {
	lo := -sampleSlack - offMargin
	hiX, hiY := float64(iw)+sampleSlack+offMargin, float64(ih)+sampleSlack+offMargin
	if w <= 0 || h <= 0 || inside(t, w, h, lo, hiX, hiY) {
		return false
	}
	limit := sampleMaxOutside * float64(w*h)
	outside := 0
	for y := range h {
		for x := range w {
			p := t.Apply(detect.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			// NaN compares false and is not counted: the samplers may
			// see a finite point there.
			if p.X < lo || p.Y < lo || p.X >= hiX || p.Y >= hiY {
				outside++
			}
		}
		switch {
		case float64(outside) > limit:
			return true // the count only grows
		case float64(outside+(h-1-y)*w) <= limit:
			return false // even the rows left all outside would not do
		}
	}
	return false
}

// inside reports whether the centres of the four corner modules of a w×h
// grid lie within lo ≤ x < hiX, lo ≤ y < hiY through t, and t keeps the
// sign of its denominator over the grid: then t maps the grid onto the
// convex quadrilateral of those centres, and every centre lies within.
func inside(t detect.Transform, w, h int, lo, hiX, hiY float64) bool {
	x1, y1 := float64(w)-0.5, float64(h)-0.5
	var sign float64
	for _, c := range [4]detect.Point{{X: 0.5, Y: 0.5}, {X: x1, Y: 0.5}, {X: x1, Y: y1}, {X: 0.5, Y: y1}} {
		d := t[6]*c.X + t[7]*c.Y + t[8]
		if !(d != 0) || sign*d < 0 {
			return false
		}
		sign = d
		p := t.Apply(c)
		if !(p.X >= lo && p.Y >= lo && p.X < hiX && p.Y < hiY) {
			return false
		}
	}
	return true
}
