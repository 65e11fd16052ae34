package qrfamily

import (
	"image"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Micro QR Code and rMQR Code are each located from one finder pattern,
// QR Code's (ISO/IEC 18004:2015 §6.3.3). They share one reader, which
// finds the finder patterns of a view once, traces each one's corners once
// and gives it to the decoder of each symbology the scan asks for: the
// finder search is most of the work on an image without a symbol, and the
// two symbologies would otherwise each pay it.

// Finder is a finder pattern found in a view, with its outer corners.
type Finder struct {
	detect.Finder
	// Corners are the outer corners of the pattern's dark ring, clockwise
	// from the one nearest the image's top-left (detect.FinderCorners).
	// When the ring could not be traced all round, as when a symbol
	// without a quiet zone touches the image's edge, they are those of
	// the upright square of 7 modules about the centre, and Traced is
	// false.
	Corners [4]detect.Point
	Traced  bool
}

// FinderDecoder decodes the symbol of one symbology whose finder pattern
// f is, if any, in the binarized view bin (true = dark), sampling from the
// luminance plane lum when bin does not decode (lum is nil when the view
// is enlarged, and inverted when the view is). It returns the symbol with
// its corners in bin's pixels.
type FinderDecoder func(bin *matrix.Matrix, lum *image.Gray, inverted bool, f Finder) (symbology.Barcode, bool)

// finderReader is the reader of the symbologies registered with
// RegisterFinderDecoder.
var finderReader = &symbology.Reader{Plan: finderPlan, Find: findSymbols}

// decoders are the registered decoders, by registry id, in the order of
// registration.
var decoders []struct {
	id     string
	decode FinderDecoder
}

// RegisterFinderDecoder adds the decoder of symbology id, which must be
// registered already, to the reader the finder-pattern symbologies share.
// It is meant to be called from init; it panics on a second decoder for
// an id.
func RegisterFinderDecoder(id string, decode FinderDecoder) {
	for _, d := range decoders {
		if d.id == id {
			panic("qrfamily: second finder decoder for " + id)
		}
	}
	decoders = append(decoders, struct {
		id     string
		decode FinderDecoder
	}{id, decode})
	finderReader.IDs = append(finderReader.IDs, id)
	symbology.RegisterReader(finderReader)
}

// downscaleAbove is the long side, in pixels, above which thorough mode
// also reads the image at half size, and above which the last-resort
// views are made at half size: QR Code's reader's bound, so that a scan
// for both makes the views once.
const downscaleAbove = 1500

// smoothAbove is the long side, in pixels, from which the image is also
// read halved when nothing else was found, as QR Code's reader does: a
// symbol of large, blurred modules shows a cleaner finder pattern at half
// size (microqrcode-1/12.webp, 25-pixel modules, reads only there).
const smoothAbove = 300

// smallBelow is the long side, in pixels, under which the image is also
// read, when nothing else was found, binarized with one global threshold,
// and inverted at full size. A small picture of a symbol
// (microqrcode-1/MQR-needs-br-update.jpg, 120 pixels wide, JPEG) can have
// its finder pattern's rings run together under the local thresholds. A
// larger image is read inverted at half size only, which finds
// light-on-dark symbols of modules of 3 pixels and more: two full-size
// views more would double the cost of a scan for these symbols alone on
// an image without one (the cost budget, BenchmarkFalsePositives).
const smallBelow = 320

// enlargeBelow is the long side, in pixels, under which the image is also
// read enlarged 2 times when nothing else was found: drawn with a pixel
// per module, a finder pattern's centre is too thin to be found
// (microqrcode-1/NoQuietZone.png, 11×11 pixels).
const enlargeBelow = 256

// finderPlan is the shared reader's plan, views that QR Code's reader
// reads too: the locally binarized image, and large photos at half size
// in thorough mode; when nothing was found, small images binarized
// globally and enlarged, mid-sized images at half size, and in thorough
// mode the inverted image (at half size from smallBelow up). It is
// shorter than QR Code's, whose symbols are larger and more often shot in
// hard light: a scan for the small symbols alone must cost less than a
// twentieth of what the reference reader spends on all symbologies (the
// cost budget, BenchmarkFalsePositives).
var finderPlan = []symbology.Pass{
	{View: binarize.View{Method: binarize.Local}},
	{View: binarize.View{Down: 2}, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Method: binarize.Global}, LastResort: true, MaxSide: smallBelow - 1},
	{View: binarize.View{Down: 2}, LastResort: true, MinSide: smoothAbove, MaxSide: downscaleAbove},
	{View: binarize.View{Inverted: true}, LastResort: true, Thorough: true, MaxSide: smallBelow - 1},
	{View: binarize.View{Down: 2, Inverted: true}, LastResort: true, Thorough: true, MinSide: smallBelow},
	{View: binarize.View{Up: 2}, LastResort: true, MaxSide: enlargeBelow - 1},
}

// finderStep is the spacing of the rows scanned for finder patterns: every
// other row finds every pattern whose centre square is 4 pixels tall or
// more (modules of 1.4 pixels and up; smaller ones are read in the
// enlarged view) at half the cost of scanning every row, which is most of
// this reader's cost on an image without a symbol.
const finderStep = 2

// maxFinders caps the finder patterns tried in one view, best first (seen
// on the most scan lines): a photo of print or noise holds dozens of
// chance patterns, and each costs a corner search and a reading of the
// format information in eight orientations per symbology.
const maxFinders = 40

// findSymbols reads the symbols of one view. It reports whether every
// confirmed finder pattern (seen on more than one scan line) was explained
// by a decoded symbol.
func findSymbols(v *symbology.View) bool {
	bin := v.Bin
	complete := true
	tried := 0
	for _, f := range detect.FindFinders(v.Context(), bin, finderStep) {
		if v.Covered(f.Center, f.Module) {
			continue
		}
		if tried == maxFinders {
			return false
		}
		tried++
		if !v.Next() {
			return false
		}
		ff := Finder{Finder: f}
		ff.Corners, ff.Traced = detect.FinderCorners(bin, f, detect.Point{X: 1}, detect.Point{Y: 1})
		if !ff.Traced {
			r := 3.5 * f.Module
			c := f.Center
			ff.Corners = [4]detect.Point{{X: c.X - r, Y: c.Y - r}, {X: c.X + r, Y: c.Y - r}, {X: c.X + r, Y: c.Y + r}, {X: c.X - r, Y: c.Y + r}}
		}
		found := false
		for _, d := range decoders {
			if !v.Want(d.id) {
				continue
			}
			bc, ok := d.decode(bin, v.Lum, v.Pass.View.Inverted, ff)
			if !ok {
				continue
			}
			found = true
			if !v.Add(bc, f.Module) {
				return false
			}
			break
		}
		complete = complete && (found || f.Count <= 1)
	}
	return complete
}

// FinderFrame returns the affine transform that best maps a finder
// pattern's 7×7 modules onto its corners q, corner k of q taken as the
// module grid's origin and the others following clockwise. Within 7
// modules perspective is too slight to measure, and a perspective fit to
// four corners each a pixel off swings the grid wide a few modules beyond
// them, where the format information lies (rMQR Code's
// testdata/degraded/12.jpg read it two thirds of a module off).
func FinderFrame(q [4]detect.Point, k int) (detect.Transform, bool) {
	var as [4]Anchor
	for i, m := range [4]detect.Point{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 7}, {X: 0, Y: 7}} {
		as[i] = Anchor{Module: m, Image: q[(k+i)%4]}
	}
	return FitAffine(as[:])
}
