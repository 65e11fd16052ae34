package microqr

import (
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// A symbol is located from its one finder pattern (ISO/IEC 18004:2015
// §6.3.3) and the two timing patterns that run from it along the top and
// left edges (§6.3.5). The finder's outer corners give a transform of its
// 7×7 modules; which of its corners is the symbol's top-left one, and
// whether the symbol is mirrored, the format information beside it tells
// (§7.9.2), as well as the version. The timing patterns' dark modules,
// found by walking along them (qrfamily.WalkEdges), then fix the grid
// along the top and left edges, and the lines of the right and bottom
// edges, where their dark modules meet the quiet zone, its far corner.

// A candidate is one reading of a finder pattern as a symbol's: the
// finder corner taken as the symbol's top-left one, whether the symbol is
// read transposed (mirrored), and the format information that reading
// gives.
type candidate struct {
	t          detect.Transform // symbol module coordinates to image, from the finder alone (qrfamily.FinderFrame)
	transposed bool
	num, mask  int // symbol number and mask of the format information
	dist       int // its distance from the nearest format word
}

// maxFormatDist is the most bit errors a format reading may have: the
// BCH code corrects 3, but a chance pattern comes within 3 of some format
// word half the time, within 2 one time in six; the timing patterns and the
// error correction weed out the rest.
const maxFormatDist = 3

// candidates reads the format information of each of the finder's eight
// readings (four corners as the symbol's top-left one, straight and
// transposed) and returns those within maxFormatDist of a format word,
// nearest first.
func candidates(bin *matrix.Matrix, q [4]detect.Point) []candidate {
	var out []candidate
	for k := range 4 {
		t, ok := qrfamily.FinderFrame(q, k)
		if !ok {
			continue
		}
		for _, tr := range [2]bool{false, true} {
			st := t
			if tr {
				st = swapXY.Then(t)
			}
			var w uint32
			for i := range 15 {
				x, y := 8, i+1
				if i >= 8 {
					x, y = 15-i, 8
				}
				if at(bin, st, float64(x)+0.5, float64(y)+0.5) {
					w |= 1 << i
				}
			}
			if num, mask, dist := decodeFormat(w); dist <= maxFormatDist {
				out = append(out, candidate{t: st, transposed: tr, num: num, mask: mask, dist: dist})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b candidate) int { return a.dist - b.dist })
	return out
}

// swapXY exchanges the x and y module coordinates: a transposed reading.
var swapXY = detect.Transform{0, 1, 0, 1, 0, 0, 0, 0, 1}

// at reports whether bin is dark at the image point of module coordinates
// (x, y).
func at(bin *matrix.Matrix, t detect.Transform, x, y float64) bool {
	p := t.Apply(detect.Point{X: x, Y: y})
	return bin.Get(int(math.Floor(p.X)), int(math.Floor(p.Y)))
}

// maxStructureErrors is the share of the separator and timing pattern
// modules (2·7 separator modules and 2·(N-8) timing modules, after the
// corner) that a reading may find wrong through the finder's transform and
// still be worth decoding when the walk along the timing patterns fails:
// a symbol seen head-on reads them all right, and a chance reading of data
// or print gets about half wrong (TestReadNothing).
const maxStructureErrors = 0.25

// structureOK reports whether the separator (light, row 7 and column 7)
// and the timing patterns (row 0 and column 0 from module 8, dark on even
// coordinates) of an n-module symbol show through t.
func structureOK(bin *matrix.Matrix, t detect.Transform, n int) bool {
	errs, total := 0, 0
	check := func(x, y int, dark bool) {
		total++
		if at(bin, t, float64(x)+0.5, float64(y)+0.5) != dark {
			errs++
		}
	}
	for i := range 7 {
		check(7, i, false)
		check(i, 7, false)
	}
	for i := 8; i < n; i++ {
		check(i, 0, i%2 == 0)
		check(0, i, i%2 == 0)
	}
	return float64(errs) <= maxStructureErrors*float64(total)
}

// timingRuns returns the dark modules of the two timing patterns of an
// n-module symbol beyond the finder's separator, as edge runs (row 0 is
// edge 0, column 0 edge 1), nearest the finder first.
func timingRuns(n int) []qrfamily.EdgeRun {
	var runs []qrfamily.EdgeRun
	for i := 8; i < n; i += 2 {
		c := float64(i) + 0.5
		runs = append(runs,
			qrfamily.EdgeRun{Mid: detect.Point{X: c, Y: 0.5}, Along: detect.Point{X: 1}, Out: detect.Point{Y: -1}, Len: 1, Edge: 0, Reach: c},
			qrfamily.EdgeRun{Mid: detect.Point{X: 0.5, Y: c}, Along: detect.Point{Y: 1}, Out: detect.Point{X: -1}, Len: 1, Edge: 1, Reach: c})
	}
	return runs
}

// maxTimingMisses is how many of the timing patterns' dark modules the walk
// may miss for its grid to be tried: one, or a quarter of them in the
// larger symbols, as a blot, a reflection or blur may hide; more and the
// grid through the finder alone is as good.
const maxTimingMisses = 1

// grids returns the grids to try for a candidate, best first: the one
// fitted to the finder's corners, the centres of the timing patterns'
// dark modules, found by walking along them from the finder
// (qrfamily.WalkEdges), and the points where the right and bottom edges'
// dark modules meet the quiet zone, when the walk finds the timing
// patterns; then the finder's own transform. It returns none when
// neither finds the timing patterns: the reading is not a symbol's.
func grids(bin *matrix.Matrix, c candidate, n int) []detect.Transform {
	anchors := make([]qrfamily.Anchor, 0, 3*n)
	for _, m := range [4]detect.Point{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 7}, {X: 0, Y: 7}} {
		anchors = append(anchors, qrfamily.Anchor{Module: m, Image: c.t.Apply(m)})
	}
	runs := timingRuns(n)
	found, ok := qrfamily.WalkEdges(bin, c.t, runs, anchors, 1)
	t := c.t
	misses := 0
	for i := range runs {
		if ok[i] {
			anchors = append(anchors, found[i])
		} else {
			misses++
		}
	}
	if misses > max(maxTimingMisses, len(runs)/4) {
		if !structureOK(bin, c.t, n) {
			return nil // neither the walk nor the finder's grid finds the timing patterns
		}
	} else if ft, ok := qrfamily.Fit(anchors); ok {
		t = ft
	}
	// The far edges pin down the corner opposite the finder, which the
	// two timing patterns leave to extrapolation: where the lines of the
	// right and the bottom edge meet is the symbol's bottom-right corner.
	out := []detect.Transform{t}
	right, ok1 := farLine(bin, t, n, false)
	bottom, ok2 := farLine(bin, t, n, true)
	if br, ok3 := right.Intersect(bottom); ok1 && ok2 && ok3 {
		nf := float64(n)
		for range cornerWeight {
			anchors = append(anchors, qrfamily.Anchor{Module: detect.Point{X: nf, Y: nf}, Image: br})
		}
		if ft, ok := qrfamily.Fit(anchors); ok && ft.Apply(detect.Point{X: nf, Y: nf}).Dist(t.Apply(detect.Point{X: nf, Y: nf})) < 0.25*nf*cornerMove(t, n) {
			out = []detect.Transform{ft, t}
		}
	}
	return append(out, c.t)
}

// cornerWeight is how many anchors the bottom-right corner counts for in
// the fit: as many as the finder's corners, so that the one point at the
// far end holds the grid there against the many along the timing
// patterns.
const cornerWeight = 4

// cornerMove returns the module size of t at the symbol's far corner, in
// pixels: the bottom-right corner found may lie up to a quarter of the
// symbol from where the timing patterns put it.
func cornerMove(t detect.Transform, n int) float64 {
	nf := float64(n)
	return t.Apply(detect.Point{X: nf, Y: nf}).Dist(t.Apply(detect.Point{X: nf - 1, Y: nf - 1})) / math.Sqrt2
}

// minFarPoints is the fewest points of a far edge worth fitting a line
// to: the mask evaluation (§7.8.3.2) makes the right and bottom edges as
// dark as it can, and a few points along each pin down its line.
const minFarPoints = 3

// farLine returns the line of the right edge of an n-module symbol (the
// bottom edge when bottom is set): where the dark modules of column n-1
// (row n-1) meet the quiet zone, each found by walking in from the quiet
// zone across the edge, along the rows (columns) where t puts them. A walk
// that meets a light edge module runs on to a module further in, so the
// edge is the line that has the points on its inner side, and most of
// them on it (supportLine).
func farLine(bin *matrix.Matrix, t detect.Transform, n int, bottom bool) (detect.Line, bool) {
	nf := float64(n)
	module := cornerMove(t, n)
	centre := t.Apply(detect.Point{X: nf / 2, Y: nf / 2})
	var ps []detect.Point
	for i := 1; i < n; i++ {
		c := float64(i) + 0.5
		from, to := detect.Point{X: nf + 1.5, Y: c}, detect.Point{X: nf - 1.5, Y: c}
		if bottom {
			from, to = detect.Point{X: c, Y: nf + 1.5}, detect.Point{X: c, Y: nf - 1.5}
		}
		p, q := t.Apply(from), t.Apply(to)
		d := q.Sub(p)
		steps := int(math.Hypot(d.X, d.Y)*2) + 1
		if steps > 4*(bin.Width+bin.Height) {
			return detect.Line{}, false
		}
		for k := 0; k <= steps; k++ {
			r := p.Add(d.Mul(float64(k) / float64(steps)))
			if !bin.Get(int(math.Floor(r.X)), int(math.Floor(r.Y))) {
				continue
			}
			if k > 0 {
				ps = append(ps, p.Add(d.Mul((float64(k)-0.5)/float64(steps))))
			}
			break
		}
	}
	return supportLine(ps, centre, 0.3*module)
}

// supportLine returns the line along the outside of the points ps, which
// lie on an edge or inside it (on the side of centre): of the lines
// through two of them with no other point more than tol outside, the one
// with most points within tol of it, fitted again to those points. ok is
// false when fewer than minFarPoints lie on it.
func supportLine(ps []detect.Point, centre detect.Point, tol float64) (detect.Line, bool) {
	best, bestN := detect.Line{}, 0
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			l := detect.LineThrough(ps[i], ps[j])
			if l == (detect.Line{}) {
				continue
			}
			inside := l.A*centre.X + l.B*centre.Y + l.C
			n, outside := 0, 0
			for _, p := range ps {
				d := l.A*p.X + l.B*p.Y + l.C
				switch {
				case math.Abs(d) <= tol:
					n++
				case d*inside < 0:
					outside++
				}
			}
			if outside == 0 && n > bestN {
				best, bestN = l, n
			}
		}
	}
	if bestN < minFarPoints {
		return detect.Line{}, false
	}
	var on []detect.Point
	for _, p := range ps {
		if best.Dist(p) <= tol {
			on = append(on, p)
		}
	}
	return detect.FitLine(on)
}

// decodeFinder decodes the symbol whose finder pattern f is, if any, and
// returns it with its corners in bin's pixels. Each reading of the finder
// whose format information and timing patterns show is sampled through its
// grids from bin and, when that does not decode, from the luminance plane
// lum (nil for none; inverted when the view is).
//
// It is the qrfamily.FinderDecoder of Micro QR Code.
func decodeFinder(bin *matrix.Matrix, lum *image.Gray, inverted bool, f qrfamily.Finder) (symbology.Barcode, bool) {
	for _, c := range candidates(bin, f.Corners) {
		s := symbols[c.num]
		n := s.version.Size()
		gs := grids(bin, c, n)
		if len(gs) > 0 {
			// The best grid nudged by a fraction of a module each way:
			// small modules sampled near their edges read wrong, and M1
			// corrects no error.
			for _, d := range nudges {
				gs = append(gs, detect.Transform{1, 0, d.X, 0, 1, d.Y, 0, 0, 1}.Then(gs[0]))
			}
		}
		for _, g := range gs {
			bc, ok := decodeGrid(bin, lum, inverted, g, s.version)
			if !ok {
				continue
			}
			if s.version <= M2 && !quietOK(bin, g, n) {
				// M1 and M2 check their data with so few codewords that
				// a patterned surface passes now and then
				// (falsepositives-2/23.webp, a woven fabric, read as an
				// empty M1 symbol): they must have their quiet zone too.
				break
			}
			nf := float64(n)
			bc.Corners = [4]detect.Point{g.Apply(detect.Point{}), g.Apply(detect.Point{X: nf}),
				g.Apply(detect.Point{X: nf, Y: nf}), g.Apply(detect.Point{Y: nf})}
			bc.Mirrored = c.transposed
			return bc, true
		}
	}
	return symbology.Barcode{}, false
}

// maxQuietDark is the share of the quiet zone's modules next to the symbol
// that may read dark: a symbol printed near other marks, or cut by the
// image's edge, keeps most of its quiet zone, a patch of texture almost
// none of it.
const maxQuietDark = 0.2

// quietOK reports whether the ring of modules just outside an n-module
// symbol that t places reads light, but for maxQuietDark of it. Points
// beyond the image read light, as a symbol without a quiet zone at the
// image's edge has it (microqrcode-1/NoQuietZone.png).
func quietOK(bin *matrix.Matrix, t detect.Transform, n int) bool {
	dark := 0
	for i := -1; i <= n; i++ {
		c := float64(i) + 0.5
		for _, p := range [4][2]float64{{c, -0.5}, {c, float64(n) + 0.5}, {-0.5, c}, {float64(n) + 0.5, c}} {
			if at(bin, t, p[0], p[1]) {
				dark++
			}
		}
	}
	return float64(dark) <= maxQuietDark*float64(4*(n+2))
}

// nudges are the shifts, in modules, of the best grid tried when no grid
// decodes: a quarter module each way and diagonally.
var nudges = []detect.Point{{X: 0.25}, {X: -0.25}, {Y: 0.25}, {Y: -0.25},
	{X: 0.25, Y: 0.25}, {X: -0.25, Y: -0.25}, {X: 0.25, Y: -0.25}, {X: -0.25, Y: 0.25}}

// decodeGrid samples a version's grid through t, from bin and then from
// lum, and decodes it.
func decodeGrid(bin *matrix.Matrix, lum *image.Gray, inverted bool, t detect.Transform, v Version) (symbology.Barcode, bool) {
	n := v.Size()
	if qrfamily.OffImage(t, n, n, bin, lum) {
		return symbology.Barcode{}, false // neither sampler would read the grid
	}
	if m, ok := detect.Sample(bin, t, n, n); ok {
		if bc, err := decodeModules(m.Pix, v); err == nil {
			return bc, true
		}
	}
	if lum == nil {
		return symbology.Barcode{}, false
	}
	g, ok := detect.SampleGray(lum, n, n, []detect.Region{{X0: 0, Y0: 0, X1: n, Y1: n, T: t}})
	if !ok {
		return symbology.Barcode{}, false
	}
	if inverted {
		for i, v := range g.Pix {
			g.Pix[i] = 255 - v
		}
	}
	m := detect.ThresholdModules(g, moduleWindow)
	bc, err := decodeModules(m.Pix, v)
	return bc, err == nil
}

// moduleWindow is the radius, in modules, of the window whose mean
// luminance a module sampled from the luminance plane is compared with:
// 7×7 modules hold enough of both colours even around the finder pattern,
// and are most of the smallest symbol.
const moduleWindow = 3
