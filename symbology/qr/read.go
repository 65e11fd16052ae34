package qr

import (
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// maxTriples caps the finder triples tried per binarized image: a busy
// photo can hold dozens of finder-like patterns, and the plausible triples
// come first.
const maxTriples = 64

// downscaleAbove is the long side, in pixels, above which thorough mode
// also reads a downscaled copy of the image: a photo of that size often
// has modules so large, or noise so fine, that finder patterns show better
// at half or a third of the size.
const downscaleAbove = 1500

// enlargeBelow is the long side, in pixels, under which both modes also
// read the image enlarged 2 times when nothing else was found: small
// images may hold symbols drawn with one pixel per module (qrcode-5,
// 177×177 pixels for version 40), too fine for finder patterns to be
// measured. It is the bound of the Data Matrix, Aztec and MaxiCode
// readers: the corpus reads the same as with 512, and an image without a
// symbol of 400 to 511 pixels saves the enlarged view, of four times its
// pixels (the QR reader on falsepositives-1 and -2: a fifth less).
const enlargeBelow = 400

// smoothAbove is the long side, in pixels, from which both modes also read
// the image halved when nothing else was found: the halved image still
// gives a symbol filling a third of it modules of two pixels or more at
// version 10 and below. Halving averages away noise finer than two pixels
// (qrcode-2/#142: the stripes of a screen's moiré).
const smoothAbove = 300

// shrinkAbove is the long side, in pixels, from which thorough mode also
// reads the image shrunk to a third (up to downscaleAbove) or a sixth
// (larger) and thresholded as a whole: a symbol that fills a photo has
// modules of tens of pixels, wider than the local binarizer's window, and
// the fine pattern of a screen's pixels or of paper seen close up inside
// them has contrast enough for the local thresholds, and at full size for
// the global one, to break each module into speckles. Shrinking averages
// the pattern away and leaves modules of 5 to 20 pixels (boofcv-qr: 9 of
// 9 photos of screens and 20 of 20 close-ups read, 2 and 15 without;
// TestReadFillingFrame), for a ninth or a 36th of the cost of a full view.
const shrinkAbove = 1000

// plan is the QR Code reader's plan: the locally and the globally
// binarized image; in thorough mode, for large photos, downscaled copies
// (also shrunk further and thresholded as a whole, see shrinkAbove);
// when nothing was found, the image halved (mid-sized images), inverted
// (thorough mode: light-on-dark symbols; large photos at half size) and,
// for small images, enlarged.
var plan = []symbology.Pass{
	{View: binarize.View{Method: binarize.Local}},
	{View: binarize.View{Method: binarize.Global}},
	{View: binarize.View{Down: 2}, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Down: 3}, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Down: 6, Method: binarize.Global}, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Down: 3, Method: binarize.Global}, Thorough: true, MinSide: shrinkAbove, MaxSide: downscaleAbove},
	{View: binarize.View{Down: 2}, LastResort: true, MinSide: smoothAbove, MaxSide: downscaleAbove},
	{View: binarize.View{Inverted: true}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	{View: binarize.View{Method: binarize.Global, Inverted: true}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	// Light-on-dark symbols in large photos are read at half size: they
	// are rare (screens, marks on metal) and their modules large there,
	// and two full-size views would add half again to the cost of a large
	// photo without a symbol (BenchmarkAdversarial).
	{View: binarize.View{Down: 2, Inverted: true}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Down: 2, Method: binarize.Global, Inverted: true}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Up: 2}, LastResort: true, MaxSide: enlargeBelow - 1},
}

// maxFinders is the most finder patterns whose triples are weighed at
// once: the candidates are every triple of them, so the work grows with the
// cube. They are taken best first (seen on the most scan lines), and when
// a round decodes a symbol, the next takes the patterns left: an image of
// many symbols is read round by round, one of noise (which holds hundreds
// of chance patterns) costs one round.
const maxFinders = 48

// finderStep returns the spacing of the rows FindFinders scans in a view:
// every other row in views larger than downscaleAbove, and every row in
// the others. A symbol of a large photo that can be read has modules of 2
// pixels or more, finder patterns whose centres cross three of those rows
// (TestReadLargeFineModules), and fewer chance patterns compete for the
// triples tried (boofcv-qr: 546 codes of 652 read, 542 scanning every
// row; lots 240 of 240, 236), at half the cost.
func finderStep(bin *matrix.Matrix) int {
	if max(bin.Width, bin.Height) > downscaleAbove {
		return 2
	}
	return 1
}

// find reads the symbols of one view. It reports whether every confirmed
// finder pattern (seen on more than one scan line) was explained by a
// decoded symbol: another binarization would find the same. In thorough
// mode, in a large photo, it never does.
func find(v *symbology.View) bool {
	bin := v.Bin
	finders := detect.FindFinders(v.Context(), bin, finderStep(bin))
	used := make([]bool, len(finders))
	// Each round weighs the best maxFinders patterns not yet used.
	batch := make([]detect.Finder, 0, maxFinders)
	index := make([]int, 0, maxFinders) // of batch's patterns in finders
	for {
		batch, index = batch[:0], index[:0]
		for i, f := range finders {
			if len(batch) == maxFinders {
				break
			}
			if !used[i] && !v.Covered(f.Center, f.Module) {
				batch, index = append(batch, f), append(index, i)
			}
		}
		decoded := false
		for _, t := range findTriples(bin, batch, maxTriples) {
			ids := [3]int{index[t.ids[0]], index[t.ids[1]], index[t.ids[2]]}
			if used[ids[0]] || used[ids[1]] || used[ids[2]] {
				continue
			}
			if v.Covered(t.tl.Center, t.tl.Module) || v.Covered(t.tr.Center, t.tr.Module) || v.Covered(t.bl.Center, t.bl.Module) {
				continue
			}
			if v.Known(t.tl.Center, t.tl.Module) && v.Known(t.tr.Center, t.tr.Module) && v.Known(t.bl.Center, t.bl.Module) {
				// A symbol an earlier view read: as good as decoded.
				used[ids[0]], used[ids[1]], used[ids[2]] = true, true, true
				decoded = true
				continue
			}
			if !v.Next() {
				return false
			}
			bc, ok := decodeTriple(bin, v.Lum, v.Pass.View.Inverted, t)
			if !ok {
				continue
			}
			used[ids[0]], used[ids[1]], used[ids[2]] = true, true, true
			decoded = true
			if !v.Add(bc, (t.tl.Module+t.tr.Module+t.bl.Module)/3) {
				return false
			}
		}
		if !decoded || len(batch) < maxFinders {
			break
		}
	}
	if v.Thorough && float64(max(bin.Width, bin.Height))*v.Pass.View.Scale() > downscaleAbove {
		// A thorough scan of a large photo reads the rest of its plan
		// all the same: a symbol whose finder patterns a view shows on
		// one scan line only (under a bright spot or glare) is read in
		// another view (boofcv-qr bright_spots: 17 of 49 codes, 12 when
		// the plan stopped here), for 3 % more time on those photos.
		return false
	}
	for i, f := range finders {
		if f.Count > 1 && !used[i] && !v.Covered(f.Center, f.Module) {
			return false
		}
	}
	return true
}

// decodeTriple locates the symbol of a finder triple and decodes it,
// trying the likely versions and grids in turn. A grid whose timing
// patterns are off is skipped; the others are sampled from the binarized
// image and, when that does not decode, from the luminance plane lum (nil
// for none; inverted when the pass is). It returns the result with its
// corners set, in bin's pixels.
func decodeTriple(bin *matrix.Matrix, lum *image.Gray, inverted bool, t triple) (symbology.Barcode, bool) {
	s := measure(bin, t)
	o, hasOutline := findOutline(bin, t)
	var versions []int
	addVersion := func(v int) {
		if v >= minVersion && v <= maxVersion && !slices.Contains(versions, v) {
			versions = append(versions, v)
		}
	}
	versionRead := false
	if max(s.version, o.version) >= 7 {
		// Versions read from the symbol come first; a sure reading is
		// the only one tried.
		read, sure := imageVersion(bin, t, s, o, hasOutline)
		for _, v := range read {
			if v != 0 && v-s.version <= 3 && s.version-v <= 3 {
				addVersion(v)
				versionRead = versionRead || sure
			}
		}
	}
	if !versionRead {
		// The estimates, then their neighbours: perspective and blur
		// can put them one version off.
		estimates := []int{s.version}
		if hasOutline {
			estimates = []int{o.version, s.version}
		}
		for _, v := range estimates {
			addVersion(v)
		}
		for _, v := range estimates {
			addVersion(v - 1)
			addVersion(v + 1)
		}
	}
	// Modules of under grayModule pixels are sampled from the luminance
	// first: the binarized view merges and splits them, so its sample
	// mostly fails, and a failed decode of a large symbol costs as much
	// as a read.
	m := (t.tl.Module + t.tr.Module + t.bl.Module) / 3
	grayFirst := m < grayModule
	for _, v := range versions {
		for _, g := range grids(bin, t, o, hasOutline, v, versionRead) {
			if !g.timingOK(bin) {
				continue
			}
			var bc symbology.Barcode
			ok := false
			if grayFirst && lum != nil {
				bc, ok = decodeGrid(g.sampleGray(lum, inverted))
			}
			if !ok {
				bc, ok = decodeGrid(g.sample(bin))
			}
			if !ok && !grayFirst && lum != nil {
				bc, ok = decodeGrid(g.sampleGray(lum, inverted))
			}
			if !ok {
				continue
			}
			quad := g.corners()
			bc.Corners = quad
			if bc.Mirrored {
				// The sampled grid is the symbol's transpose: its
				// top-right corner is the grid's bottom-left.
				bc.Corners = [4]detect.Point{quad[0], quad[3], quad[2], quad[1]}
			}
			return bc, true
		}
	}
	return symbology.Barcode{}, false
}

// grayModule is the module size, in pixels, below which decodeTriple
// samples the luminance before the binarized view.
const grayModule = 3.0

// decodeGrid decodes a sampled grid, if sampling succeeded.
func decodeGrid(m *matrix.Matrix, sampled bool) (symbology.Barcode, bool) {
	if !sampled {
		return symbology.Barcode{}, false
	}
	bc, err := Decode(m)
	return bc, err == nil
}

// grids returns the grids to try for a triple at one version, best first.
// The bottom-right alignment pattern is looked for where the fit to the
// finder corners predicts it, which follows perspective, and where the
// finder centres alone do; with it come the grids through the alignment
// lattice, fitted to the finder corners and the pattern, and through the
// finder centres and the pattern. Without it, the grid fitted to the
// finder corners and the grid through the finder centres remain.
func grids(bin *matrix.Matrix, t triple, o outline, hasOutline bool, version int, versionRead bool) []symbolGrid {
	var gs []symbolGrid
	var fit symbolGrid
	hasFit := false
	if hasOutline {
		fit, hasFit = fittedGrid(o, t, version, nil)
	}
	aff, hasAffine := affineGrid(t, version)
	if !versionRead && !(hasFit && fit.timingOK(bin)) && !(hasAffine && aff.timingOK(bin)) {
		// Neither grid finds the timing patterns, which run along the
		// top and left sides that the finders pin down: the version is
		// wrong, or the triple is not a symbol. (A version read from the
		// symbol vouches for the triple: then the timing patterns may
		// be off only because the surface is bent, which the alignment
		// patterns will follow.)
		return nil
	}
	n := float64(size(version))
	var extra []anchor
	if hasOutline {
		extra = o.anchors(t, version)
	}
	if version >= 7 {
		// The lattice walk needs no bottom-right pattern to start from.
		base, ok := fit, hasFit
		if !ok {
			base, ok = aff, hasAffine
		}
		if ok {
			module := base.t.Apply(detect.Point{X: n / 2, Y: n / 2}).Dist(base.t.Apply(detect.Point{X: n/2 + 1, Y: n/2 + 1})) / math.Sqrt2
			if lg, ok := alignmentGrid(bin, base, module, extra); ok {
				gs = append(gs, lg)
			}
		}
	}
	if version >= 2 {
		var aps []detect.Point
		for _, g := range []struct {
			g  symbolGrid
			ok bool
		}{{fit, hasFit}, {aff, hasAffine}} {
			if !g.ok {
				continue
			}
			pred := g.g.t.Apply(detect.Point{X: n - 6.5, Y: n - 6.5})
			module := pred.Dist(g.g.t.Apply(detect.Point{X: n - 5.5, Y: n - 5.5})) / math.Sqrt2
			ap, ok := findBottomRight(bin, pred, module)
			if !ok || slices.ContainsFunc(aps, func(p detect.Point) bool { return p.Dist(ap) < module }) {
				continue
			}
			aps = append(aps, ap)
			if hasOutline {
				if g, ok := fittedGrid(o, t, version, &ap); ok {
					if version >= 7 {
						if lg, ok := alignmentGrid(bin, g, module, extra); ok {
							gs = append(gs, lg)
						}
					}
					gs = append(gs, g)
				}
			}
			if g, ok := perspectiveGrid(t, version, ap); ok {
				if version >= 7 && !hasOutline {
					if lg, ok := alignmentGrid(bin, g, module, extra); ok {
						gs = append(gs, lg)
					}
				}
				gs = append(gs, g)
			}
		}
	}
	if hasFit {
		gs = append(gs, fit)
	}
	if hasAffine {
		gs = append(gs, aff)
	}
	return gs
}
