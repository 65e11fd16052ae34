package aztec

import (
	"image"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// downscaleAbove is the long side, in pixels, above which the image is
// also read at half size, its last-resort view is made at half size only,
// and its full-size view is scanned on every other row: a view of a large
// photo costs four times its half-size view, and a symbol in it whose
// modules are under two pixels is unreadable anyway
// (BenchmarkAdversarial's images at 4000×4000 cost what they cost for it).
const downscaleAbove = 1500

// enlargeBelow is the long side, in pixels, under which the image is also
// read enlarged 2 times when nothing else was found: a bull's-eye drawn
// with a pixel per module has a centre run too thin to be sure of and
// rings that blur together (aztec-1 holds symbols of 15×15 pixels).
const enlargeBelow = 400

// plan is the Aztec reader's plan: the locally binarized image, and for
// large photos the image at half size too; when nothing was found, small
// images enlarged and large photos binarized globally at half size.
//
// A single binarization serves most images: the rings of the bull's-eye
// are refitted to the luminance (refineRays), so a binarization that
// thickens or thins them does not spoil the fit, and modules are sampled
// from the luminance when the binarized ones do not decode. There are no
// inverted views either: in thorough mode the scan of a view finds
// light-on-dark bull's-eyes too (findBullseyes). Each view a reader adds
// costs a binarization and a scan of the image where it finds nothing,
// the cost that counts on photos without a symbol (BenchmarkFalsePositives).
var plan = []symbology.Pass{
	{View: binarize.View{Method: binarize.Local}},
	{View: binarize.View{Down: 2}, MinSide: downscaleAbove + 1},
	{View: binarize.View{Up: 2}, LastResort: true, MaxSide: enlargeBelow - 1},
	{View: binarize.View{Method: binarize.Global, Down: 2}, LastResort: true, MinSide: downscaleAbove + 1},
}

// find reads the symbols of one view, light-on-dark ones too in thorough
// mode. It reports whether every bull's-eye candidate was explained by a
// decoded symbol. A view larger than downscaleAbove is scanned on every
// other row: a bull's-eye of modules of two pixels or more crosses two
// rows, and the image at half size is read too.
func find(v *symbology.View) bool {
	bin := v.Bin
	var inv *matrix.Matrix // bin inverted, made for the first light candidate
	complete := true
	step := 1
	if max(bin.Width, bin.Height) > downscaleAbove {
		step = 2
	}
	for _, b := range findBullseyes(v.Context(), bin, step, v.Thorough, v.Covered) {
		if v.Covered(b.center, b.module) {
			continue
		}
		if !v.Next() {
			return false
		}
		m, inverted := bin, v.Pass.View.Inverted
		if b.light {
			if inv == nil {
				inv = bin.Clone()
				inv.Invert()
			}
			m, inverted = inv, !inverted
		}
		bc, module, ok := decodeAt(m, v.Lum, inverted, b)
		if !ok {
			if b.count > 1 {
				complete = false
			}
			continue
		}
		bc.Inverted = b.light
		if !v.Want(bc.Symbology) {
			continue
		}
		if !v.Add(bc, module) {
			return false
		}
	}
	return complete
}

// decodeAt locates and decodes the symbol of bull's-eye b: its core's
// transform, the family its rings say (then the other), the orientation
// and mode message, the grid of a full-range symbol, and the modules
// sampled from bin, then from the luminance plane lum (nil for none). It
// returns the result with its corners, in bin's pixels, and the module
// size.
func decodeAt(bin *matrix.Matrix, lum *image.Gray, inverted bool, b bullseye) (symbology.Barcode, float64, bool) {
	c := b.center
	cast := func() []ray {
		rays := castRays(bin, c, b.module)
		if lum != nil {
			refineRays(lum, c, rays)
		}
		return rays
	}
	rays := cast()
	inner, ok := fitCore(c, rays, b.module, []int{4, 3, 2})
	if ok {
		// The rings' squares put the centre more precisely than the rows
		// did: cast the rays again from there when it is far off.
		if cc := inner.t.Apply(detect.Point{}); cc.Dist(c) > recentre*b.module {
			c = cc
			rays = cast()
			inner, ok = fitCore(c, rays, b.module, []int{4, 3, 2})
		}
	}
	if !ok {
		return symbology.Barcode{}, 0, false
	}
	families := []bool{true, false} // compact first
	if isFullCore(bin, inner.t) {
		families = []bool{false, true}
	}
	for _, compact := range families {
		fit := inner
		if !compact {
			if f, ok := fitCore(c, rays, b.module, []int{6, 5, 4, 3, 2}); ok {
				fit = f
			}
		}
		rd, ok := readCore(bin, fit.t, compact)
		if !ok {
			continue
		}
		if rd.rune {
			sf := fitSymbol(fit.t, rd.d, 11)
			bc := runeBarcode(rd.value)
			bc.Mirrored = rd.d >= 4
			bc.Corners = sf.corners()
			return bc, fit.module, true
		}
		sf := fitSymbol(fit.t, rd.d, rd.size.Side())
		if !compact {
			// The grid, when it is found; without its outermost ring of
			// crossings, which blur and the quiet zone at the symbol's
			// edge can mislead (aztec-2/#956.jpg); then the core's
			// transform alone.
			lines := (rd.size.Side()/2 - 1) / 16
			for maxRing := lines; maxRing >= 1 && maxRing >= lines-1; maxRing-- {
				if rf := refineGrid(bin, lum, inverted, sf, maxRing); rf.regions != nil {
					if bc, ok := decodeFit(bin, lum, inverted, rf, rd); ok {
						return bc, fit.module, true
					}
				}
			}
		}
		if bc, ok := decodeFit(bin, lum, inverted, sf, rd); ok {
			return bc, fit.module, true
		}
		// The core's few pixels may put the scale a few percent off,
		// which the outer layers multiply: the transform scaled about
		// the centre by a little, each way.
		for _, k := range coreScales {
			scaled := detect.Transform{k, 0, 0, 0, k, 0, 0, 0, 1}.Then(fit.t)
			if bc, ok := decodeFit(bin, lum, inverted, fitSymbol(scaled, rd.d, rd.size.Side()), rd); ok {
				return bc, fit.module, true
			}
		}
	}
	return symbology.Barcode{}, 0, false
}

// decodeFit samples and decodes a located symbol, from the binarized
// image and then from the luminance plane.
func decodeFit(bin *matrix.Matrix, lum *image.Gray, inverted bool, sf symbolFit, rd coreReading) (symbology.Barcode, bool) {
	try := func(m *matrix.Matrix, ok bool) (symbology.Barcode, bool) {
		if !ok {
			return symbology.Barcode{}, false
		}
		bc, err := decodeData(m, rd.size, rd.mm)
		if err != nil {
			return symbology.Barcode{}, false
		}
		bc.Mirrored = rd.d >= 4
		bc.Corners = sf.corners()
		return bc, true
	}
	if bc, ok := try(sf.sample(bin)); ok {
		return bc, true
	}
	if lum != nil {
		return try(sf.sampleGray(lum, inverted))
	}
	return symbology.Barcode{}, false
}

// coreScales are the scales of the core's transform tried when it does
// not decode as fitted: light falling off across a symbol moves the edges
// of its rings in the binarized image by a fraction of a pixel, which is a
// few percent of a small core and a module at the edge of a compact
// symbol of 4 layers (TestReadScenes, C4 under a gradient).
var coreScales = []float64{0.98, 1.02, 0.96, 1.04}

// recentre is how far, in modules, the centre of the fitted rings may be
// from the centre the rays were cast from before they are cast again: a
// quarter of a module moves the first boundaries along a ray by as much.
const recentre = 0.25
