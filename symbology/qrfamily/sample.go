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

// OffImage reports whether so many of the centres of a w×h module grid
// fall outside the image through t that neither detect.Sample from bin
// nor detect.SampleGray from lum (nil for none) reads the grid.
func OffImage(t detect.Transform, w, h int, bin *matrix.Matrix, lum *image.Gray) bool {
	if !detect.OffImage(t, w, h, bin.Width, bin.Height) {
		return false
	}
	if lum == nil || lum.Rect.Dx() == bin.Width && lum.Rect.Dy() == bin.Height {
		return true
	}
	return detect.OffImage(t, w, h, lum.Rect.Dx(), lum.Rect.Dy())
}
