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

// defaultMaxResults is the cap on results when ReadOptions.MaxResults is 0.
const defaultMaxResults = 255

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
// measured.
const enlargeBelow = 512

// smoothAbove is the long side, in pixels, from which thorough mode also
// reads the image halved when nothing else was found: the halved image
// still gives a symbol filling a third of it modules of two pixels or more
// at version 10 and below.
const smoothAbove = 300

// A readPass is one binarized view of the image to look for symbols in.
type readPass struct {
	method   binarize.Method
	inverted bool // light-on-dark symbols
	down     int  // downscaling factor; 1 for the image itself
	up       int  // enlarging factor of the binarized image; 1 for none
	// lastResort passes run only when no symbol was found before them.
	lastResort bool
}

// read finds and decodes the QR Code symbols in src.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	if src == nil || src.Lum == nil {
		return nil
	}
	limit := opts.MaxResults
	if limit <= 0 {
		limit = defaultMaxResults
	}
	r := symbolReader{thorough: !opts.Fast, limit: limit}
	for _, p := range r.passes(src) {
		if p.lastResort && len(r.results) > 0 {
			continue
		}
		s := src.Downscaled(p.down)
		bin := s.Binary(p.method)
		if p.inverted {
			bin = s.Inverted(p.method)
		}
		lum := s.Lum
		if p.up > 1 {
			bin = binarize.Enlarge(bin, p.up)
			lum = nil // a different scale: sample the binary image only
		}
		complete := r.scan(bin, lum, p)
		if len(r.results) >= r.limit {
			break
		}
		// Every finder pattern the pass saw belongs to a symbol it
		// decoded: another binarization would find the same.
		if complete && len(r.results) > 0 {
			break
		}
	}
	return r.results
}

// symbolReader holds the state of one read.
type symbolReader struct {
	thorough bool
	limit    int
	results  []symbology.Barcode
}

// passes lists the views to read, in order. Fast mode reads the locally
// binarized image, then the globally binarized one; thorough mode adds, for
// large photos, downscaled copies, and when nothing was found, the inverted
// images (light-on-dark symbols) and, for small images, an enlarged one.
func (r *symbolReader) passes(src *binarize.Source) []readPass {
	ps := []readPass{
		{method: binarize.Local, down: 1, up: 1},
		{method: binarize.Global, down: 1, up: 1},
	}
	b := src.Lum.Rect
	long := max(b.Dx(), b.Dy())
	if !r.thorough {
		if long <= downscaleAbove && long >= smoothAbove {
			ps = append(ps, readPass{method: binarize.Local, down: 2, up: 1, lastResort: true})
		}
		if long < enlargeBelow {
			ps = append(ps, readPass{method: binarize.Local, down: 1, up: 2, lastResort: true})
		}
		return ps
	}
	if long > downscaleAbove {
		ps = append(ps,
			readPass{method: binarize.Local, down: 2, up: 1},
			readPass{method: binarize.Local, down: 3, up: 1})
	}
	if long <= downscaleAbove && long >= smoothAbove {
		// Halving the image averages away noise finer than two pixels
		// (qrcode-2/#142: the stripes of a screen's moiré).
		ps = append(ps, readPass{method: binarize.Local, down: 2, up: 1, lastResort: true})
	}
	ps = append(ps,
		readPass{method: binarize.Local, inverted: true, down: 1, up: 1, lastResort: true},
		readPass{method: binarize.Global, inverted: true, down: 1, up: 1, lastResort: true})
	if long < enlargeBelow {
		ps = append(ps, readPass{method: binarize.Local, down: 1, up: 2, lastResort: true})
	}
	return ps
}

// scan reads the symbols of one binarized view and adds the new ones to
// r.results. It reports whether every confirmed finder pattern (seen on
// more than one scan line) was explained by a decoded symbol.
func (r *symbolReader) scan(bin *matrix.Matrix, lum *image.Gray, p readPass) bool {
	finders := detect.FindFinders(bin, 1)
	used := make([]bool, len(finders))
	var found []placed // decoded symbols, in bin's pixels
	for _, t := range findTriples(bin, finders, maxTriples) {
		if used[t.ids[0]] || used[t.ids[1]] || used[t.ids[2]] {
			continue
		}
		if covered(found, t.tl) || covered(found, t.tr) || covered(found, t.bl) {
			continue
		}
		bc, quad, ok := r.decodeTriple(bin, lum, p.inverted, t)
		if !ok {
			continue
		}
		used[t.ids[0]], used[t.ids[1]], used[t.ids[2]] = true, true, true
		found = append(found, placed{quad, (t.tl.Module + t.tr.Module + t.bl.Module) / 3})
		scale := float64(p.down) / float64(p.up)
		for i := range bc.Corners {
			bc.Corners[i] = bc.Corners[i].Mul(scale)
		}
		bc.Inverted = p.inverted
		r.results = symbology.AppendNew(r.results, bc)
		if len(r.results) >= r.limit {
			return true
		}
	}
	for i, f := range finders {
		if f.Count > 1 && !used[i] && !covered(found, f) {
			return false
		}
	}
	return true
}

// placed is a decoded symbol's outline and module size.
type placed struct {
	quad   [4]detect.Point
	module float64
}

// covered reports whether a finder pattern lies inside a decoded symbol
// and is of its scale: then it is a chance pattern in the symbol's data,
// not worth trying. A pattern of much smaller modules inside a symbol may
// be a symbol printed inside another (qrcode-2/16).
func covered(found []placed, f detect.Finder) bool {
	for _, p := range found {
		if f.Module > 0.6*p.module && detect.Inside(p.quad, f.Center) {
			return true
		}
	}
	return false
}

// decodeTriple locates the symbol of a finder triple and decodes it,
// trying the likely versions and grids in turn. A grid whose timing
// patterns are off is skipped; the others are sampled from the binarized
// image and, when that does not decode, from the luminance plane lum (nil
// for none; inverted when the pass is). It returns the result with its
// corners and orientation set, and the symbol's outline in bin's pixels.
func (r *symbolReader) decodeTriple(bin *matrix.Matrix, lum *image.Gray, inverted bool, t triple) (symbology.Barcode, [4]detect.Point, bool) {
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
	for _, v := range versions {
		for _, g := range r.grids(bin, t, o, hasOutline, v, versionRead) {
			if !g.timingOK(bin) {
				continue
			}
			bc, ok := decodeGrid(g.sample(bin))
			if !ok && lum != nil {
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
			bc.Orientation = detect.Orientation(bc.Corners)
			return bc, quad, true
		}
	}
	return symbology.Barcode{}, [4]detect.Point{}, false
}

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
func (r *symbolReader) grids(bin *matrix.Matrix, t triple, o outline, hasOutline bool, version int, versionRead bool) []symbolGrid {
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
