package qr

import (
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// A symbol is located from its three finder patterns (ISO/IEC 18004:2015
// §6.3.3): they mark the top-left, top-right and bottom-left corners, their
// centres 3.5 modules in from the symbol's sides. The distances between
// them and their module size give the symbol's dimension N; from version 7
// the version information (§7.10) gives it exactly. Alignment patterns
// (§6.3.6) then pin down perspective and any bending of the surface.

// A triple is three finder patterns taken as one symbol's top-left,
// top-right and bottom-left finders, ordered so that top-left → top-right
// → bottom-left turns clockwise in the image (y down). A symbol printed
// mirrored looks like its transpose in this order, and is decoded as such.
type triple struct {
	tl, tr, bl detect.Finder
	ids        [3]int  // indices of the finders in the list they came from
	score      float64 // lower is more plausible
}

// Bounds on a triple's shape. A square symbol seen at an angle keeps the
// angle at its top-left finder between about 37° and 143° and its two
// sides within a factor of two of each other even under strong
// perspective; the corpus's most oblique photos stay inside these
// (qrcode-2/30a: 139°).
const (
	maxCornerCos = 0.8 // |cos| of the angle at the top-left finder
	maxSideRatio = 2.0 // longer side over shorter
	// maxModuleRatio is the largest finder module size over the
	// smallest: a finder near the camera can look more than twice the
	// size of one far away (qrcode-2/fix-traceline: 2.2).
	maxModuleRatio = 3.0
	// minFinderGap is the least distance between finder centres in
	// modules: 14 in a version 1 symbol, less when perspective shrinks
	// the far side.
	minFinderGap = 9.0
)

// findTriples returns the plausible triples among fs, found in bin, most
// plausible first, at most limit of them.
func findTriples(bin *matrix.Matrix, fs []detect.Finder, limit int) []triple {
	axes := make([]finderAxes, len(fs))
	axis := func(i int) finderAxes {
		if !axes[i].done {
			axes[i] = measureAxes(bin, fs[i])
		}
		return axes[i]
	}
	var out []triple
	for i := 0; i < len(fs); i++ {
		for j := i + 1; j < len(fs); j++ {
			for k := j + 1; k < len(fs); k++ {
				if t, ok := makeTriple(fs, [3]int{i, j, k}, axis); ok {
					out = append(out, t)
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b triple) int {
		switch {
		case a.score < b.score:
			return -1
		case a.score > b.score:
			return 1
		}
		return 0
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// finderAxes are the directions of a finder pattern's sides.
type finderAxes struct {
	e        [2]detect.Point // unit vectors along two adjacent sides
	ok, done bool
}

// measureAxes finds the directions of f's sides from its corners.
func measureAxes(bin *matrix.Matrix, f detect.Finder) finderAxes {
	q, ok := detect.FinderCorners(bin, f, detect.Point{X: 1}, detect.Point{Y: 1})
	if !ok {
		return finderAxes{done: true}
	}
	e1 := q[1].Sub(q[0]).Add(q[2].Sub(q[3]))
	e2 := q[3].Sub(q[0]).Add(q[2].Sub(q[1]))
	return finderAxes{e: [2]detect.Point{e1.Unit(), e2.Unit()}, ok: true, done: true}
}

// alignment returns how nearly d runs along one of the sides: 1 along a
// side, 1/√2 along a diagonal.
func (a finderAxes) alignment(d detect.Point) float64 {
	d = d.Unit()
	return math.Max(math.Abs(d.X*a.e[0].X+d.Y*a.e[0].Y), math.Abs(d.X*a.e[1].X+d.Y*a.e[1].Y))
}

// makeTriple orders three finders as a symbol's corners and scores them.
// The top-left finder is the one opposite the symbol's diagonal: the side
// of the triangle that runs diagonally across the finder patterns' sides,
// where the other two run along them. When the finders' sides cannot be
// measured, or do not tell, it is the longest side, which it is unless
// perspective is strong (qrcode-2/fix-finderpattern-order).
func makeTriple(fs []detect.Finder, ids [3]int, axis func(int) finderAxes) (triple, bool) {
	a, b, c := fs[ids[0]], fs[ids[1]], fs[ids[2]]
	lo := math.Min(a.Module, math.Min(b.Module, c.Module))
	hi := math.Max(a.Module, math.Max(b.Module, c.Module))
	if hi > maxModuleRatio*lo {
		return triple{}, false
	}
	// Sides opposite a, b and c.
	sides := [3]float64{b.Center.Dist(c.Center), c.Center.Dist(a.Center), a.Center.Dist(b.Center)}
	corner := 0 // the finder opposite the diagonal
	for i := range sides {
		if sides[i] > sides[corner] {
			corner = i
		}
	}
	ax := [3]finderAxes{axis(ids[0]), axis(ids[1]), axis(ids[2])}
	var along [3]float64 // how well the side opposite finder i follows the finders' sides
	if ax[0].ok && ax[1].ok && ax[2].ok {
		ps := [3]detect.Finder{a, b, c}
		for i := range along {
			p, q := (i+1)%3, (i+2)%3
			d := ps[q].Center.Sub(ps[p].Center)
			along[i] = ax[p].alignment(d) + ax[q].alignment(d)
		}
		// The diagonal must be clearly the worst aligned: about 1.4
		// against 2 for the others, less under perspective.
		best, second := 0, 1
		if along[1] < along[0] {
			best, second = 1, 0
		}
		if along[2] < along[best] {
			best, second = 2, best
		} else if along[2] < along[second] {
			second = 2
		}
		if along[second]-along[best] > 0.15 {
			corner = best
		}
	}
	t := triple{}
	switch corner {
	case 0:
		t.tl, t.tr, t.bl, t.ids = a, b, c, ids
	case 1:
		t.tl, t.tr, t.bl, t.ids = b, c, a, [3]int{ids[1], ids[2], ids[0]}
	default:
		t.tl, t.tr, t.bl, t.ids = c, a, b, [3]int{ids[2], ids[0], ids[1]}
	}
	u, v := t.tr.Center.Sub(t.tl.Center), t.bl.Center.Sub(t.tl.Center)
	if u.Cross(v) < 0 {
		t.tr, t.bl = t.bl, t.tr
		t.ids[1], t.ids[2] = t.ids[2], t.ids[1]
		u, v = v, u
	}
	lu, lv := math.Hypot(u.X, u.Y), math.Hypot(v.X, v.Y)
	if lu < minFinderGap*lo || lv < minFinderGap*lo {
		return triple{}, false
	}
	side := math.Max(lu, lv) / math.Min(lu, lv)
	cos := (u.X*v.X + u.Y*v.Y) / (lu * lv)
	if side > maxSideRatio || math.Abs(cos) > maxCornerCos {
		return triple{}, false
	}
	// A symbol is at most 177 modules, its finder centres 170 apart.
	mean := (a.Module + b.Module + c.Module) / 3
	if math.Max(lu, lv) > 1.5*170*mean {
		return triple{}, false
	}
	// The score adds up what makes a triple less likely a symbol's: a
	// corner far from square, unequal sides and module sizes, the two
	// sides from the top-left finder running across the finders' sides
	// (both run along them in a symbol), finders whose sides could not
	// be measured (a chance pattern in text or in a symbol's data rarely
	// has a clean square ring) or that few scan lines crossed for their
	// size (a finder's centre square is 3 modules tall).
	t.score = math.Abs(cos) + math.Log(side) + math.Log(hi/lo)
	if ax[0].ok && ax[1].ok && ax[2].ok {
		legs := along[0] + along[1] + along[2] - along[corner]
		t.score += (4 - legs) / 2
	}
	for i, f := range [3]detect.Finder{a, b, c} {
		if !ax[i].ok {
			t.score += 0.5
		}
		t.score += 0.3 * math.Max(0, 1-float64(f.Count)/(2*f.Module))
	}
	return t, true
}

// finderShape is what the finders say about a symbol before its grid is
// known: the module size measured along the top edge (u) and the left edge
// (v) at each finder, and the dimension they imply.
type finderShape struct {
	mu, mv  [3]float64 // module size along u and v at tl, tr, bl
	version int        // estimated version, 1-40
}

// measure estimates a triple's module sizes and version from the widths of
// its finder patterns along the symbol's edges.
func measure(bin *matrix.Matrix, t triple) finderShape {
	u := t.tr.Center.Sub(t.tl.Center)
	v := t.bl.Center.Sub(t.tl.Center)
	var s finderShape
	for i, f := range [3]detect.Finder{t.tl, t.tr, t.bl} {
		s.mu[i], s.mv[i] = f.Module, f.Module
		if w, ok := detect.FinderWidth(bin, f.Center, u); ok {
			s.mu[i] = w / 7
		}
		if w, ok := detect.FinderWidth(bin, f.Center, v); ok {
			s.mv[i] = w / 7
		}
	}
	// Finder centres are N-7 modules apart. Under perspective the module
	// size changes along the way so that the distance is the number of
	// modules times the geometric mean of the sizes at the two ends.
	nu := math.Hypot(u.X, u.Y)/math.Sqrt(s.mu[0]*s.mu[1]) + 7
	nv := math.Hypot(v.X, v.Y)/math.Sqrt(s.mv[0]*s.mv[2]) + 7
	s.version = min(max(int(math.Round(((nu+nv)/2-17)/4)), minVersion), maxVersion)
	return s
}

// imageVersion reads the two version information blocks (ISO/IEC
// 18004:2015 §7.10, Figure 27) next to the top-right and bottom-left
// finders, each through its finder's own geometry, so that it does not
// depend on the dimension being known: the transform of the finder's
// outline corners when there is an outline, and the finder's centre and
// module sizes along the symbol's edges; of the two readings of a block the
// one nearer a version word counts. It returns the versions the blocks
// decode to within 3 bit errors (0 for a block that does not), and whether
// the reading is sure: both blocks agree, or one is within 1 bit error of
// a version word. (A block of noise comes within 3 bit errors of some
// version word one time in eight, within 1 one time in a hundred.)
func imageVersion(bin *matrix.Matrix, t triple, s finderShape, o outline, hasOutline bool) (versions [2]int, sure bool) {
	ux, vy := t.tr.Center.Sub(t.tl.Center).Unit(), t.bl.Center.Sub(t.tl.Center).Unit()
	var dists [2]int
	for b, f := range [2]detect.Finder{t.tr, t.bl} {
		ex, ey := ux.Mul(s.mu[b+1]), vy.Mul(s.mv[b+1])
		maps := []func(detect.Point) detect.Point{func(p detect.Point) detect.Point {
			return f.Center.Add(ex.Mul(p.X - 3.5)).Add(ey.Mul(p.Y - 3.5))
		}}
		if local, ok := detect.RectToQuad(7, 7, o.finders[b+1]); ok && hasOutline {
			maps = append(maps, local.Apply)
		}
		best, bestDist := 0, 4
		for _, at := range maps {
			// Bit i of the upper-right block is module (N-11+i%3, i/3):
			// in the top-right finder's own module coordinates, whose
			// origin is (N-7, 0), (i%3-4, i/3). The lower-left block is
			// the transpose.
			var word uint32
			for i := 0; i < 18; i++ {
				x, y := float64(i%3-4)+0.5, float64(i/3)+0.5
				if b == 1 {
					x, y = y, x
				}
				p := at(detect.Point{X: x, Y: y})
				if bin.Get(int(math.Floor(p.X)), int(math.Floor(p.Y))) {
					word |= 1 << i
				}
			}
			if v, d := decodeVersion(word); d < bestDist {
				best, bestDist = v, d
			}
		}
		if bestDist <= 3 {
			versions[b], dists[b] = best, bestDist
		}
	}
	sure = versions[0] != 0 && versions[0] == versions[1] ||
		versions[0] != 0 && dists[0] <= 1 || versions[1] != 0 && dists[1] <= 1
	return versions, sure
}

// A symbolGrid places a version's module grid on the image: t maps module
// coordinates (the centre of module (x, y) is (x+0.5, y+0.5)) to image
// pixels, and regions, when there are any, map parts of the grid each
// through their own transform instead.
type symbolGrid struct {
	version int
	t       detect.Transform
	regions []detect.Region
}

// corners returns the symbol's corners in image pixels, clockwise from the
// top-left one as sampled, each through the region of the module in that
// corner.
func (g symbolGrid) corners() [4]detect.Point {
	n := float64(size(g.version))
	var q [4]detect.Point
	for i, c := range [4]detect.Point{{X: 0, Y: 0}, {X: n, Y: 0}, {X: n, Y: n}, {X: 0, Y: n}} {
		inner := detect.Point{X: math.Min(c.X, n-0.5), Y: math.Min(c.Y, n-0.5)}
		q[i] = g.transformAt(inner).Apply(c)
	}
	return q
}

// sample reads the grid's modules from bin.
func (g symbolGrid) sample(bin *matrix.Matrix) (*matrix.Matrix, bool) {
	n := size(g.version)
	if g.regions != nil {
		return detect.SampleRegions(bin, n, n, g.regions)
	}
	return detect.Sample(bin, g.t, n, n)
}

// sampleGray reads the grid's modules from the luminance plane lum,
// thresholding each against the modules around it (see
// detect.ThresholdModules); inverted swaps dark and light first.
func (g symbolGrid) sampleGray(lum *image.Gray, inverted bool) (*matrix.Matrix, bool) {
	n := size(g.version)
	regions := g.regions
	if regions == nil {
		regions = []detect.Region{{X0: 0, Y0: 0, X1: n, Y1: n, T: g.t}}
	}
	samples, ok := detect.SampleGray(lum, n, n, regions)
	if !ok {
		return nil, false
	}
	if inverted {
		for i, v := range samples.Pix {
			samples.Pix[i] = 255 - v
		}
	}
	return detect.ThresholdModules(samples, moduleWindow), true
}

// moduleWindow is the radius, in modules, of the window whose mean
// luminance a module sampled from the luminance plane is compared with: 9×9
// modules hold enough of both colours even around a finder pattern, and
// light changes little over them.
const moduleWindow = 4

// transformAt returns the transform of the region holding module
// coordinates p (g.t when no region does).
func (g symbolGrid) transformAt(p detect.Point) detect.Transform {
	for _, r := range g.regions {
		if p.X >= float64(r.X0) && p.X < float64(r.X1) && p.Y >= float64(r.Y0) && p.Y < float64(r.Y1) {
			return r.T
		}
	}
	return g.t
}

// at returns the image point of module coordinates p.
func (g symbolGrid) at(p detect.Point) detect.Point {
	return g.transformAt(p).Apply(p)
}

// maxTimingErrors is the share of timing pattern modules (ISO/IEC
// 18004:2015 §6.3.5) a grid may read wrong and still be worth sampling and
// decoding: a grid that lands where it should reads them nearly all
// right, while a wrong version or a misplaced corner reads about half of
// them wrong. Checking them first costs 2(N-16) samples and saves most of
// the decoding attempts on grids that cannot decode (qrcode-2/high-res-1
// and the falsepositives images spend most of their time there otherwise).
const maxTimingErrors = 1.0 / 3

// timingOK reports whether the grid reads the timing patterns, row and
// column 6 between the finder patterns' separators, as alternating dark
// and light modules, dark on even coordinates.
func (g symbolGrid) timingOK(bin *matrix.Matrix) bool {
	n := size(g.version)
	errs := 0
	for i := 8; i < n-8; i++ {
		want := i%2 == 0
		for _, p := range [2]detect.Point{{X: float64(i) + 0.5, Y: 6.5}, {X: 6.5, Y: float64(i) + 0.5}} {
			q := g.at(p)
			if bin.Get(int(math.Floor(q.X)), int(math.Floor(q.Y))) != want {
				errs++
			}
		}
	}
	return float64(errs) <= maxTimingErrors*float64(2*(n-16))
}

// affineGrid is the grid through the three finder centres alone, the
// fourth corner completing a parallelogram: right for a symbol seen
// head-on, and the fallback when no alignment pattern is found.
func affineGrid(t triple, version int) (symbolGrid, bool) {
	n := float64(size(version))
	br := t.tr.Center.Add(t.bl.Center).Sub(t.tl.Center)
	tr, ok := detect.QuadToQuad(
		[4]detect.Point{{X: 3.5, Y: 3.5}, {X: n - 3.5, Y: 3.5}, {X: n - 3.5, Y: n - 3.5}, {X: 3.5, Y: n - 3.5}},
		[4]detect.Point{t.tl.Center, t.tr.Center, br, t.bl.Center})
	return symbolGrid{version: version, t: tr}, ok
}

// outline is a symbol's outline found from the corners of its finder
// patterns: each finder's outer corners, the symbol's four corners (the
// bottom-right one where the right side of the top-right finder meets the
// bottom side of the bottom-left one, which perspective leaves straight),
// and the dimension the finders' size within that outline implies.
type outline struct {
	finders [3][4]detect.Point // tl, tr, bl finder corners, clockwise from top-left
	corners [4]detect.Point    // top-left, top-right, bottom-right, bottom-left
	version int                // estimated version, 1-40
}

// findOutline finds a triple's outline; ok is false when a finder's
// corners cannot be found (a damaged or touching ring).
func findOutline(bin *matrix.Matrix, t triple) (outline, bool) {
	var o outline
	u := t.tr.Center.Sub(t.tl.Center)
	v := t.bl.Center.Sub(t.tl.Center)
	for i, f := range [3]detect.Finder{t.tl, t.tr, t.bl} {
		q, ok := detect.FinderCorners(bin, f, u, v)
		if !ok {
			return o, false
		}
		o.finders[i] = q
	}
	tl, tr, bl := o.finders[0], o.finders[1], o.finders[2]
	right := detect.LineThrough(tr[1], tr[2])
	bottom := detect.LineThrough(bl[3], bl[2])
	br, ok := right.Intersect(bottom)
	if !ok {
		return o, false
	}
	o.corners = [4]detect.Point{tl[0], tr[1], br, bl[3]}
	// In the unit square the outline maps to, each finder side is 7/N.
	toUnit, ok := detect.QuadToSquare(o.corners)
	if !ok {
		return o, false
	}
	var sum float64
	for _, q := range o.finders {
		for i := range q {
			sum += toUnit.Apply(q[i]).Dist(toUnit.Apply(q[(i+1)%4]))
		}
	}
	side := sum / 12
	if !(side > 7/float64(size(maxVersion))/1.5 && side < 7/float64(size(minVersion))*1.5) {
		return o, false
	}
	n := 7 / side
	o.version = min(max(int(math.Round((n-17)/4)), minVersion), maxVersion)
	return o, true
}

// An anchor is a point whose place is known both in the module grid and in
// the image.
type anchor struct {
	module, image detect.Point
}

// anchors returns the outline's finder corners and the finder centres as
// anchors for a version.
func (o outline) anchors(t triple, version int) []anchor {
	n := float64(size(version))
	origins := [3]detect.Point{{X: 0, Y: 0}, {X: n - 7, Y: 0}, {X: 0, Y: n - 7}}
	centres := [3]detect.Point{t.tl.Center, t.tr.Center, t.bl.Center}
	var as []anchor
	for i, q := range o.finders {
		for k, c := range [4]detect.Point{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 7}, {X: 0, Y: 7}} {
			as = append(as, anchor{origins[i].Add(c), q[k]})
		}
		as = append(as, anchor{origins[i].Add(detect.Point{X: 3.5, Y: 3.5}), centres[i]})
	}
	return as
}

// fittedGrid is the grid that best fits the outline's finder corners and
// the finder centres, and the bottom-right alignment pattern's centre when
// ap is not nil, for a version: a least-squares fit that uses every point
// found, so that no one corner's error decides where the far side of the
// symbol lands.
func fittedGrid(o outline, t triple, version int, ap *detect.Point) (symbolGrid, bool) {
	n := float64(size(version))
	var from, to []detect.Point
	for _, a := range o.anchors(t, version) {
		from = append(from, a.module)
		to = append(to, a.image)
	}
	if ap != nil {
		// The one point near the bottom-right corner weighs as much as
		// a finder's five.
		for range 5 {
			from = append(from, detect.Point{X: n - 6.5, Y: n - 6.5})
			to = append(to, *ap)
		}
	}
	tr, ok := detect.FitTransform(from, to)
	return symbolGrid{version: version, t: tr}, ok
}

// alignSearch is how far from its predicted place, in modules, an
// alignment pattern is looked for: close by first, then wider as the
// prediction may be off (the affine one by about a tenth of the symbol's
// side at a 45° tilt).
var alignSearch = []float64{4, 9, 16}

// findBottomRight looks for the bottom-right alignment pattern near pred,
// with modules about module pixels wide, close by first and then wider.
func findBottomRight(bin *matrix.Matrix, pred detect.Point, module float64) (detect.Point, bool) {
	for _, r := range alignSearch {
		if ap, ok := detect.FindAlignment(bin, pred, module, r*module); ok {
			return ap, true
		}
	}
	return detect.Point{}, false
}

// perspectiveGrid is the grid through the three finder centres and the
// bottom-right alignment pattern's centre ap, 6.5 modules in from the
// bottom and right sides.
func perspectiveGrid(t triple, version int, ap detect.Point) (symbolGrid, bool) {
	n := float64(size(version))
	tr, ok := detect.QuadToQuad(
		[4]detect.Point{{X: 3.5, Y: 3.5}, {X: n - 3.5, Y: 3.5}, {X: n - 6.5, Y: n - 6.5}, {X: 3.5, Y: n - 3.5}},
		[4]detect.Point{t.tl.Center, t.tr.Center, ap, t.bl.Center})
	return symbolGrid{version: version, t: tr}, ok
}

// latticeSearch is how far, in modules, a lattice alignment pattern is
// looked for around its predicted place: near first, then as far as a
// bent sheet can move it from where the finder patterns predict it
// (qrcode-2/high-res-1: 6 modules).
var latticeSearch = []float64{3, 7}

// alignmentGrid refines a grid for version 7 and up, which has a lattice of
// alignment patterns: each is looked for near where the patterns already
// found put it, and each cell of the lattice is sampled through the
// transform of its own four corner patterns, which follows a bent or
// unevenly distorted surface. The walk starts from the lattice points under
// the finder patterns, where g is right, and predicts each next point from
// its neighbours (completing the parallelogram of three of them, or
// continuing a row or column), falling back on g and the displacement of
// the neighbours; points not found keep their prediction. The cells next to
// the finder patterns also fit the extra points that fall in them (the
// finders' corners and centres), which pin down the modules between the
// lattice and the symbol's edge. ok is false when too few patterns are
// found for the local grids to be better than g.
func alignmentGrid(bin *matrix.Matrix, g symbolGrid, module float64, extra []anchor) (symbolGrid, bool) {
	pos := alignmentPositions(g.version)
	k := len(pos)
	if k < 3 {
		return symbolGrid{}, false
	}
	at := func(i, j int) detect.Point {
		return detect.Point{X: float64(pos[i]) + 0.5, Y: float64(pos[j]) + 0.5}
	}
	img := make([]detect.Point, k*k)
	known := make([]bool, k*k)
	for _, c := range [][2]int{{0, 0}, {k - 1, 0}, {0, k - 1}} {
		img[c[1]*k+c[0]] = g.t.Apply(at(c[0], c[1]))
		known[c[1]*k+c[0]] = true
	}
	has := func(i, j int) bool { return i >= 0 && j >= 0 && i < k && j < k && known[j*k+i] }
	pt := func(i, j int) detect.Point { return img[j*k+i] }
	// continued returns the point after b in the line a, b, scaled by
	// the lattice spacing (the first gap of the lattice may be shorter).
	continued := func(a, b detect.Point, gapAB, gapBC int) detect.Point {
		return b.Add(b.Sub(a).Mul(float64(gapBC) / float64(gapAB)))
	}
	found := 0
	for d := 1; d <= 2*(k-1); d++ {
		for i := max(0, d-(k-1)); i <= min(d, k-1); i++ {
			j := d - i
			if known[j*k+i] {
				continue
			}
			var preds []detect.Point
			if has(i-1, j) && has(i, j-1) && has(i-1, j-1) {
				preds = append(preds, pt(i-1, j).Add(pt(i, j-1)).Sub(pt(i-1, j-1)))
			}
			if has(i-1, j) && has(i-2, j) {
				preds = append(preds, continued(pt(i-2, j), pt(i-1, j), pos[i-1]-pos[i-2], pos[i]-pos[i-1]))
			}
			if has(i, j-1) && has(i, j-2) {
				preds = append(preds, continued(pt(i, j-2), pt(i, j-1), pos[j-1]-pos[j-2], pos[j]-pos[j-1]))
			}
			var pred detect.Point
			if len(preds) > 0 {
				for _, p := range preds {
					pred = pred.Add(p)
				}
				pred = pred.Mul(1 / float64(len(preds)))
			} else {
				pred = g.t.Apply(at(i, j))
				var shift detect.Point
				n := 0
				for _, nb := range [][2]int{{i - 1, j}, {i, j - 1}, {i - 1, j - 1}, {i + 1, j - 1}} {
					if has(nb[0], nb[1]) {
						shift = shift.Add(pt(nb[0], nb[1]).Sub(g.t.Apply(at(nb[0], nb[1]))))
						n++
					}
				}
				if n > 0 {
					pred = pred.Add(shift.Mul(1 / float64(n)))
				}
			}
			img[j*k+i] = pred
			for _, r := range latticeSearch {
				if p, ok := detect.FindAlignment(bin, pred, module, r*module); ok {
					img[j*k+i] = p
					found++
					break
				}
			}
			known[j*k+i] = true
		}
	}
	// Most patterns must be found for the lattice to be trusted.
	if found*2 < k*k-3 {
		return symbolGrid{}, false
	}
	out := symbolGrid{version: g.version, t: g.t}
	n := size(g.version)
	for j := 0; j+1 < k; j++ {
		for i := 0; i+1 < k; i++ {
			// Cells on the lattice's edge reach out to the symbol's edge.
			r := detect.Region{X0: pos[i], Y0: pos[j], X1: pos[i+1], Y1: pos[j+1]}
			if i == 0 {
				r.X0 = 0
			}
			if j == 0 {
				r.Y0 = 0
			}
			if i+2 == k {
				r.X1 = n
			}
			if j+2 == k {
				r.Y1 = n
			}
			from := []detect.Point{at(i, j), at(i+1, j), at(i+1, j+1), at(i, j+1)}
			to := []detect.Point{img[j*k+i], img[j*k+i+1], img[(j+1)*k+i+1], img[(j+1)*k+i]}
			for _, e := range extra {
				if e.module.X >= float64(r.X0) && e.module.X <= float64(r.X1) && e.module.Y >= float64(r.Y0) && e.module.Y <= float64(r.Y1) {
					from = append(from, e.module)
					to = append(to, e.image)
				}
			}
			tr, ok := detect.FitTransform(from, to)
			if !ok {
				return symbolGrid{}, false
			}
			r.T = tr
			out.regions = append(out.regions, r)
		}
	}
	return out, true
}
