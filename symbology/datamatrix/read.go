package datamatrix

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// downscaleAbove is the long side, in pixels, above which the image is
// also read at half size: large photos hold symbols of large modules whose
// outlines are clearer, and cheaper to trace, at half the resolution.
const downscaleAbove = 1200

// enlargeBelow is the long side, in pixels, under which the image is also
// read enlarged 2 times when nothing else was found: symbols drawn with a
// pixel per module have clock tracks too fine to count.
const enlargeBelow = 400

// readPlan is the Data Matrix reader's plan. The locally binarized image, and
// large photos at half size; when nothing was found, the globally
// binarized image, small images enlarged, and the image opened (eroded,
// then dilated, by a pixel), which clears the speckles that noise on a
// plain background leaves joined to a symbol's outline. Thorough mode adds,
// when nothing was found, mid-sized images at half size, the inverted
// images (light-on-dark symbols), and the image dilated by one and two
// pixels, which joins the separate dots of a dot-peened symbol into solid
// finder edges (the grid is still sampled from the image itself).
//
// Large images (above downscaleAbove) are read at full size once, for
// symbols of small modules, and all their other views are made at half
// size: a view of a 2000×2000 image costs four times its half-size view,
// to binarize, open or dilate and to trace, and the symbols these views are
// for (low contrast, light on dark, dot-peened) read as well there. Dilated
// at half size, the image joins dots twice as far apart: dot-peened symbols
// of 20- to 28-pixel modules in a 1300-pixel image read, where full-size
// dilation read none (TestReadLarge).
var readPlan = []symbology.Pass{
	{View: binarize.View{}},
	{View: binarize.View{Down: 2}, MinSide: downscaleAbove + 1},
	{View: binarize.View{Method: binarize.Global}, LastResort: true, MaxSide: downscaleAbove},
	{View: binarize.View{Down: 2}, LastResort: true, Thorough: true, MinSide: 2 * enlargeBelow, MaxSide: downscaleAbove},
	{View: binarize.View{Inverted: true}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	{View: binarize.View{Method: binarize.Global, Inverted: true}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	{View: binarize.View{Up: 2}, LastResort: true, MaxSide: enlargeBelow - 1},
	{View: binarize.View{Open: true}, LastResort: true, MaxSide: downscaleAbove},
	{View: binarize.View{Dilate: 1}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	{View: binarize.View{Dilate: 2}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	// Large images: the views above at half size.
	{View: binarize.View{Method: binarize.Global, Down: 2}, LastResort: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Inverted: true, Down: 2}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Method: binarize.Global, Inverted: true, Down: 2}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Down: 2, Open: true}, LastResort: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Down: 2, Dilate: 1}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Down: 2, Dilate: 2}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
}

// scanStep returns the spacing of the scan lines in an image of the given
// size: about 120 lines across the short side, at most every 6 pixels.
func scanStep(w, h int) int {
	return max(1, min(6, min(w, h)/120))
}

// find reads the symbols of one view.
func find(v *symbology.View) bool {
	bin := v.Base // the image to sample: v.Bin may be dilated or opened
	d := float64(v.Pass.View.Dilate)
	// The candidates whose best grid looks most like a symbol first: a
	// symbol read early keeps the candidates inside it from being tried.
	// Only the borders of the grids are sampled to rank them, and only the
	// best maxRanked candidates are kept.
	var p planner
	var cands []ranked
	cut := func() {
		slices.SortStableFunc(cands, func(a, b ranked) int { return cmp.Compare(b.score, a.score) })
		cands = cands[:min(len(cands), maxRanked)]
	}
	add := func(c candidate) {
		if d > 0 {
			// The dilated outlines lie d pixels outside the symbol.
			c.q = detect.ShrinkQuad(c.q, d)
			for j := range c.alts {
				c.alts[j] = detect.ShrinkQuad(c.alts[j], d)
			}
			c.mx, c.my = c.mx-d, c.my-d
		}
		atts := p.plan(bin, c)
		// A candidate none of whose grids has the border of a symbol is
		// never decoded (decodePlan): it is not worth a place.
		if !slices.ContainsFunc(atts, func(a attempt) bool { return a.ok }) {
			return
		}
		cands = append(cands, ranked{c, atts[0].score})
		if len(cands) >= 2*maxRanked {
			cut()
		}
	}
	covered := func(y int, dst [][2]int) [][2]int {
		a := detect.Point{X: 0.5, Y: float64(y) + 0.5}
		b := detect.Point{X: float64(bin.Width) - 0.5, Y: a.Y}
		return v.CoveredPixels(a, b, bin.Width, dst)
	}
	findCandidates(v.Bin, covered, scanStep(bin.Width, bin.Height), d, v.Stopped, add)
	cut()
	for _, r := range cands {
		if v.Covered(detect.Centre(r.c.q), 0) {
			continue
		}
		if !v.Next() {
			return false
		}
		bc, ok := decodePlan(bin, v.Lum, v.Pass.View.Inverted, v.Thorough, p.plan(bin, r.c))
		if !ok {
			continue
		}
		if !v.Add(bc, 0) {
			return false
		}
	}
	return false
}

// ranked is a candidate and the border score of its best grid.
type ranked struct {
	c     candidate
	score float64
}

// maxRanked caps the candidates of one view that are ranked, and so tried:
// as many as the harness lets a reader examine in a view
// (symbology.MaxCandidates), each of which may be a symbol of its own.
// Beyond it the candidates with the worst borders are dropped.
const maxRanked = symbology.MaxCandidates

// sideDistance returns how far n modules along a side are from the
// nearer of its two estimates, relative to it: est, the side's length over
// the module size, and count, the module count of its clock track (0 for
// none).
func sideDistance(n int, est, count float64) float64 {
	d := math.Abs(float64(n)-est) / est * 8
	if count > 0 {
		d = math.Min(d, math.Abs(float64(n)-count)/count*8)
	}
	return d
}

// dims returns the symbol sizes to try for a candidate with corners q,
// nearest to its estimates first, as rows × columns of the grid the
// candidate is sampled in (so possibly a size's transpose, for a mirrored
// symbol): the module counts of the clock tracks, and the edge lengths over
// the module size. They are the first n of ds, at most maxDims.
func dims(c candidate, q [4]detect.Point) (ds [maxDims][2]int, n int) {
	wEst := (q[0].Dist(q[1]) + q[3].Dist(q[2])) / 2 / c.mx
	hEst := (q[0].Dist(q[3]) + q[1].Dist(q[2])) / 2 / c.my
	// The nearest so far, in order of distance and, at equal distances,
	// of sizes.
	var dist [maxDims]float64
	for _, s := range sizes {
		for k, rc := range [2][2]int{{s.Rows, s.Cols}, {s.Cols, s.Rows}} {
			if k == 1 && s.Square() {
				continue
			}
			d := sideDistance(rc[0], hEst, c.rows) + sideDistance(rc[1], wEst, c.cols)
			if d > 6 {
				continue
			}
			// After those as near or nearer.
			i := n
			for i > 0 && dist[i-1] > d {
				i--
			}
			if i == maxDims {
				continue
			}
			n = min(n+1, maxDims)
			copy(dist[i+1:n], dist[i:n-1])
			copy(ds[i+1:n], ds[i:n-1])
			dist[i], ds[i] = d, rc
		}
	}
	return ds, n
}

// maxDims is the number of sizes dims gives at most.
const maxDims = 6

// Thresholds of borderScore for a grid to be worth decoding. A grid of the
// wrong size or in the wrong place gets about half of the border right,
// and a dark blob gets its solid edges right but only half of the clock
// tracks: both shares must be above a half, and their mean well above. A
// distorted or bent symbol sampled straight may get little more than half
// of its clock tracks (datamatrix-1/distorted.png: 0.59).
const (
	minSolid  = 0.7  // share of the finder's modules that are dark
	minClock  = 0.55 // share of the clock tracks' modules that alternate as they should
	minBorder = 0.75 // mean of the two
)

// borderScore returns the shares of the modules on the border of a sampled
// grid that match the finder (solid on the left and at the bottom) and the
// clock tracks (alternating on the top and right, dark at the finder). A
// mirrored symbol, sampled with its finder in place, has the same border.
// ok reports whether both pass their thresholds; score ranks the grids.
func borderScore(m *matrix.Matrix) (score float64, ok bool) {
	w, h := m.Width, m.Height
	solid, clock := 0, 0
	for x := range w {
		if m.Pix[(h-1)*w+x] {
			solid++
		}
		if m.Pix[x] == (x%2 == 0) {
			clock++
		}
	}
	for y := range h {
		if m.Pix[y*w] {
			solid++
		}
		if m.Pix[y*w+w-1] == (y%2 == 1) {
			clock++
		}
	}
	s, c := float64(solid)/float64(w+h), float64(clock)/float64(w+h)
	return (s + c) / 2, s >= minSolid && c >= minClock && s+c >= 2*minBorder
}

// attempt is a grid of a candidate: its corners, transform and size, how
// well its border matches (borderScore), and the grid, once sampled.
type attempt struct {
	q          [4]detect.Point
	t          detect.Transform
	rows, cols int
	grid       *matrix.Matrix // nil until sampled (attempt.sample)
	score      float64
	ok         bool
}

// sample returns the attempt's grid, sampled from bin on first use.
func (a *attempt) sample(bin *matrix.Matrix) (*matrix.Matrix, bool) {
	if a.grid == nil {
		g, ok := detect.Sample(bin, a.t, a.cols, a.rows)
		if !ok {
			return nil, false
		}
		a.grid = g
	}
	return a.grid, true
}

// maxAttempts caps the grids of one candidate that are decoded.
const maxAttempts = 12

// minVariants is the border score from which a grid that does not decode
// as sampled is worth the costlier samplings of decodeVariants and
// refineQuad: true symbols distorted or bent score 0.8 and more (the
// distorted.png and dm-2x2-a.webp of the corpus), the dark blobs and
// gradients of a photo that pass minBorder less.
const minVariants = 0.8

// planner plans the grids of candidates, reusing its buffers.
type planner struct {
	atts   []attempt
	border []bool // the border modules of a grid
}

// plan returns the grids of a candidate at its likely corners and sizes,
// best border first, each with its border sampled but not the rest; those
// that detect.Sample could not sample are left out. The slice is reused by
// the next call.
func (p *planner) plan(bin *matrix.Matrix, c candidate) []attempt {
	atts := p.atts[:0]
	for k := -1; k < len(c.alts); k++ {
		q := c.q
		if k >= 0 {
			q = c.alts[k]
		}
		ds, nd := dims(c, q)
		for _, d := range ds[:nd] {
			rows, cols := d[0], d[1]
			t, ok := detect.RectToQuad(float64(cols), float64(rows), q)
			if !ok {
				continue
			}
			a := attempt{q: q, t: t, rows: rows, cols: cols}
			if !inside(bin, t, rows, cols) {
				// Near the image's edge: whether enough of the grid
				// lies in the image takes sampling it all.
				if _, ok := a.sample(bin); !ok {
					continue
				}
			}
			a.score, a.ok = p.borderScore(bin, &a)
			atts = append(atts, a)
		}
	}
	slices.SortStableFunc(atts, func(a, b attempt) int { return cmp.Compare(b.score, a.score) })
	p.atts = atts
	return atts
}

// inside reports whether every module centre of a rows×cols grid sampled
// through t lies in bin, so that detect.Sample succeeds. The transform of a
// convex quadrilateral keeps the sign of its denominator over the grid, and
// maps the grid into the quadrilateral of its corner modules' centres.
func inside(bin *matrix.Matrix, t detect.Transform, rows, cols int) bool {
	x1, y1 := float64(cols)-0.5, float64(rows)-0.5
	pos := 0
	for _, c := range [4]detect.Point{{X: 0.5, Y: 0.5}, {X: x1, Y: 0.5}, {X: x1, Y: y1}, {X: 0.5, Y: y1}} {
		if t[6]*c.X+t[7]*c.Y+t[8] > 0 {
			pos++
		}
		p := t.Apply(c)
		if !(p.X >= 0 && p.Y >= 0 && p.X < float64(bin.Width) && p.Y < float64(bin.Height)) {
			return false
		}
	}
	return pos == 0 || pos == 4
}

// borderScore scores the border of an attempt's grid (see borderScore),
// from its sampled grid, or else sampling its border modules alone.
func (p *planner) borderScore(bin *matrix.Matrix, a *attempt) (float64, bool) {
	if a.grid != nil {
		return borderScore(a.grid)
	}
	w, h := a.cols, a.rows
	m := matrix.Matrix{Width: w, Height: h}
	if cap(p.border) < w*h {
		p.border = make([]bool, w*h)
	}
	m.Pix = p.border[:w*h]
	at := func(x, y int) {
		q := a.t.Apply(detect.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
		px := min(max(int(math.Floor(q.X)), 0), bin.Width-1)
		py := min(max(int(math.Floor(q.Y)), 0), bin.Height-1)
		m.Pix[y*w+x] = bin.Pix[py*bin.Width+px]
	}
	for x := range w {
		at(x, 0)
		at(x, h-1)
	}
	for y := range h {
		at(0, y)
		at(w-1, y)
	}
	return borderScore(&m)
}

// decodePlan decodes the grids of a candidate whose border looks right,
// best first: as sampled from the binarized image, and for the good ones
// also with the module boundaries the clock tracks show, along the solid
// lines, and from the luminance plane (nil for none; see decodeVariants).
// When none decodes, the corners of the best grid of each of the two
// likeliest sizes (three in thorough mode) are moved to where the most
// pattern modules come out right (refineQuad) and those grids are tried
// again.
func decodePlan(bin *matrix.Matrix, lum *image.Gray, inverted, thorough bool, atts []attempt) (symbology.Barcode, bool) {
	try := func(a attempt) (symbology.Barcode, bool) {
		bc, ok := decodeGrid(a.grid, true)
		if !ok {
			bc, ok = decodeVariants(bin, lum, inverted, a)
		}
		if !ok {
			return bc, false
		}
		bc.Corners = a.q
		if bc.Mirrored {
			// The grid is the symbol reflected about its diagonal through
			// the finder's corner: its top-left corner is the symbol's
			// bottom-right.
			bc.Corners = [4]detect.Point{a.q[2], a.q[1], a.q[0], a.q[3]}
		}
		return bc, true
	}
	for i := range atts {
		if i >= maxAttempts {
			break
		}
		a := &atts[i]
		if !a.ok {
			continue
		}
		if _, ok := a.sample(bin); !ok {
			continue
		}
		if bc, ok := try(*a); ok {
			return bc, true
		}
	}
	// The best grid of each of the likeliest sizes: the border scores of
	// a blurred symbol barely tell its size from its neighbours'.
	refine := 2
	if thorough {
		refine = 3
	}
	var tried [3][2]int
	n := 0
	for _, a := range atts {
		if n >= refine || a.score < minVariants {
			break
		}
		if !a.ok || slices.Contains(tried[:n], [2]int{a.rows, a.cols}) {
			continue
		}
		tried[n] = [2]int{a.rows, a.cols}
		n++
		q, _ := refineQuad(bin, a.q, a.rows, a.cols)
		if q == a.q {
			continue
		}
		t, ok := detect.RectToQuad(float64(a.cols), float64(a.rows), q)
		if !ok {
			continue
		}
		g, ok := detect.Sample(bin, t, a.cols, a.rows)
		if !ok {
			continue
		}
		if bc, ok := try(attempt{q, t, a.rows, a.cols, g, a.score, true}); ok {
			return bc, true
		}
	}
	return symbology.Barcode{}, false
}

// blockSize returns the height and width of the data regions, their
// patterns included, of a grid of rows×cols modules: those of the format of
// that size, or of its transpose for a mirrored symbol, whose regions are
// transposed too.
func blockSize(rows, cols int) (bh, bw int) {
	if i, ok := sizeIndex(rows, cols); ok {
		return sizes[i].RegionRows + 2, sizes[i].RegionCols + 2
	}
	if i, ok := sizeIndex(cols, rows); ok {
		return sizes[i].RegionCols + 2, sizes[i].RegionRows + 2
	}
	return rows, cols
}

// decodeGrid decodes a sampled grid, if sampling succeeded.
func decodeGrid(m *matrix.Matrix, sampled bool) (symbology.Barcode, bool) {
	if !sampled {
		return symbology.Barcode{}, false
	}
	bc, err := Decode(m)
	return bc, err == nil
}

// clockGrid measures where the module boundaries of a symbol sampled
// through t really lie, from the clock tracks: every module of the top
// track and of the right track differs from the next, so each boundary is
// an edge between dark and light. It returns the boundaries along x
// (cols+1) and y (rows+1) in module coordinates of t; boundaries no edge
// was found for are interpolated. Sampling at the centres between them
// follows a symbol whose modules are not all of one size (a stretched
// print, a bent label) as far as the distortion is the same for every row
// and every column.
func clockGrid(bin *matrix.Matrix, t detect.Transform, rows, cols int) (xs, ys []float64) {
	xs = trackEdges(bin, t, cols, func(s float64) detect.Point { return detect.Point{X: s, Y: 0.5} })
	ys = trackEdges(bin, t, rows, func(s float64) detect.Point { return detect.Point{X: float64(cols) - 0.5, Y: s} })
	return xs, ys
}

// trackEdges finds the n-1 module boundaries along a track of n modules,
// at module coordinate s of the track, and returns them with 0 and n.
// Every boundary is an edge; edges closer than a third of a module are
// taken for a speck and dropped in pairs. The edges are matched to the
// boundaries in order, each looked for where the module size left over
// since the last one puts it, so that the boundaries may drift from their
// nominal places by more than half a module across the symbol.
func trackEdges(bin *matrix.Matrix, t detect.Transform, n int, at func(float64) detect.Point) []float64 {
	const sub = 8 // samples per module
	var found []float64
	prev := false
	for k := 0; k <= sub*n; k++ {
		s := (float64(k) + 0.5) / sub
		p := t.Apply(at(s))
		x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
		d := x >= 0 && y >= 0 && x < bin.Width && y < bin.Height && bin.Pix[y*bin.Width+x]
		if k > 0 && d != prev {
			e := s - 0.5/sub
			if l := len(found); l > 0 && e-found[l-1] < 0.34 {
				found = found[:l-1]
			} else if e > 0.3 && e < float64(n)-0.3 {
				found = append(found, e)
			}
		}
		prev = d
	}
	edges := make([]float64, n+1)
	edges[n] = float64(n)
	if len(found) == n-1 {
		copy(edges[1:], found)
		return edges
	}
	// Otherwise walk along, expecting each boundary one module after the
	// last one matched, the module measured over the last boundaries.
	last, lastJ := 0.0, 0
	step := 1.0
	fi := 0
	for j := 1; j < n; j++ {
		want := last + step*float64(j-lastJ)
		best, bd := -1, 0.45*step
		for ; fi < len(found) && found[fi] < want+bd; fi++ {
			if d := math.Abs(found[fi] - want); d < bd {
				best, bd = fi, d
			}
		}
		if best < 0 {
			continue
		}
		e := found[best]
		for k := lastJ + 1; k < j; k++ {
			edges[k] = last + (e-last)*float64(k-lastJ)/float64(j-lastJ)
		}
		edges[j] = e
		if j > 1 {
			// Follow a gradual change of the module size.
			step = 0.7*step + 0.3*(e-last)/float64(j-lastJ)
		}
		last, lastJ = e, j
		fi = best + 1
	}
	for k := lastJ + 1; k < n; k++ {
		edges[k] = last + (float64(n)-last)*float64(k-lastJ)/float64(n-lastJ)
	}
	return edges
}

// decodeVariants decodes a grid sampled in the ways that follow a
// distorted symbol, after the plain sampling of a failed: at the module
// boundaries the clock tracks show, then, for a grid that looks enough like
// a symbol (minVariants), through the solid lines alone and together with
// the clock tracks (warpCentres), between the module boundaries that the
// colour changes of all rows and columns show (transitionGrid), and from
// the luminance plane (nil for none) at the plain and the line-corrected
// positions, with the least certain codewords taken as erasures.
func decodeVariants(bin *matrix.Matrix, lum *image.Gray, inverted bool, a attempt) (symbology.Barcode, bool) {
	t, rows, cols := a.t, a.rows, a.cols
	xs, ys := clockGrid(bin, t, rows, cols)
	clocked, ok := sampleBin(bin, gridCentres(t, xs, ys), rows, cols)
	if !ok {
		return symbology.Barcode{}, false
	}
	if bc, ok := decodeGrid(clocked, true); ok {
		return bc, true
	}
	// The rest is worth it for a grid that looks like a symbol, as
	// sampled or once the clock tracks are followed.
	if score, _ := borderScore(clocked); max(score, a.score) < minVariants {
		return symbology.Barcode{}, false
	}
	bh, bw := blockSize(rows, cols)
	lines := warpCentres(bin, t, rows, cols, bh, bw, nil, nil)
	for _, pts := range [][]detect.Point{lines, warpCentres(bin, t, rows, cols, bh, bw, xs, ys)} {
		if bc, ok := decodeGrid(sampleBin(bin, pts, rows, cols)); ok {
			return bc, true
		}
	}
	tx, ty := transitionGrid(bin, t, rows, cols)
	if bc, ok := decodeGrid(sampleBin(bin, gridCentres(t, tx, ty), rows, cols)); ok {
		return bc, true
	}
	if lum == nil {
		return symbology.Barcode{}, false
	}
	for _, pts := range [][]detect.Point{plainCentres(t, rows, cols), lines} {
		m, conf, ok := sampleLum(lum, pts, rows, cols, inverted)
		if !ok {
			continue
		}
		if bc, ok := decodeGrid(m, true); ok {
			return bc, true
		}
		if bc, ok := decodeSoft(m, conf); ok {
			return bc, true
		}
	}
	return symbology.Barcode{}, false
}

// plainCentres returns the image positions, through t, of the centres of
// the modules of a rows×cols grid.
func plainCentres(t detect.Transform, rows, cols int) []detect.Point {
	pts := make([]detect.Point, 0, rows*cols)
	for y := range rows {
		for x := range cols {
			pts = append(pts, t.Apply(detect.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5}))
		}
	}
	return pts
}

// gridCentres returns the image positions, through t, of the centres of
// the modules between the boundaries xs (columns) and ys (rows).
func gridCentres(t detect.Transform, xs, ys []float64) []detect.Point {
	cols, rows := len(xs)-1, len(ys)-1
	pts := make([]detect.Point, 0, rows*cols)
	for i := range rows {
		y := (ys[i] + ys[i+1]) / 2
		for j := range cols {
			pts = append(pts, t.Apply(detect.Point{X: (xs[j] + xs[j+1]) / 2, Y: y}))
		}
	}
	return pts
}

// sampleBin reads a rows×cols grid from bin at the positions pts, row by
// row. ok is false when more than 1/32 of them fall outside the image.
func sampleBin(bin *matrix.Matrix, pts []detect.Point, rows, cols int) (*matrix.Matrix, bool) {
	if len(pts) != rows*cols {
		return nil, false
	}
	m := matrix.New(cols, rows)
	outside := 0
	for i, p := range pts {
		x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
		if x < 0 || y < 0 || x >= bin.Width || y >= bin.Height {
			outside++
			continue
		}
		m.Pix[i] = bin.Pix[y*bin.Width+x]
	}
	return m, outside*32 <= len(pts)
}

// sampleLum reads a rows×cols grid of luminances from lum at the positions
// pts, interpolated between pixels, and thresholds each module against the
// modules around it; it returns the modules and their certainties (see
// thresholdSoft).
func sampleLum(lum *image.Gray, pts []detect.Point, rows, cols int, inverted bool) (*matrix.Matrix, []float64, bool) {
	if len(pts) != rows*cols {
		return nil, nil, false
	}
	g := image.NewGray(image.Rect(0, 0, cols, rows))
	outside := 0
	w, h := lum.Rect.Dx(), lum.Rect.Dy()
	at := func(x, y int) float64 {
		x, y = min(max(x, 0), w-1), min(max(y, 0), h-1)
		return float64(lum.Pix[y*lum.Stride+x])
	}
	for i, p := range pts {
		x, y := p.X-0.5, p.Y-0.5
		x0, y0 := int(math.Floor(x)), int(math.Floor(y))
		if x0 < -1 || y0 < -1 || x0 >= w || y0 >= h {
			outside++
			g.Pix[i] = 255
			continue
		}
		fx, fy := x-float64(x0), y-float64(y0)
		v := (1-fy)*((1-fx)*at(x0, y0)+fx*at(x0+1, y0)) + fy*((1-fx)*at(x0, y0+1)+fx*at(x0+1, y0+1))
		g.Pix[i] = uint8(v + 0.5)
	}
	if outside*32 > len(pts) {
		return nil, nil, false
	}
	m, conf := thresholdSoft(g, 2)
	if inverted {
		m.Invert()
	}
	return m, conf, true
}
