package maxicode

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
// also read at half size, and its last-resort view is made at half size
// only: a view of a large photo costs four times its half-size view.
const downscaleAbove = 1500

// enlargeBelow is the long side, in pixels, under which the image is also
// read enlarged 2 times when nothing else was found: a symbol of modules
// of 2 pixels or less has rings too thin to tell apart.
const enlargeBelow = 400

// plan is the MaxiCode reader's plan: the locally binarized image, and
// for large photos the image at half size too; when nothing was found,
// small images enlarged and large photos binarized globally at half size.
// One binarization serves most images: the rings are fitted along their
// middles, which a binarization that thickens or thins them leaves in
// place, and modules are sampled from the luminance when the binarized
// ones do not decode.
var plan = []symbology.Pass{
	{View: binarize.View{Method: binarize.Local}},
	{View: binarize.View{Down: 2}, MinSide: downscaleAbove + 1},
	{View: binarize.View{Up: 2}, LastResort: true, MaxSide: enlargeBelow - 1},
	{View: binarize.View{Method: binarize.Global, Down: 2}, LastResort: true, MinSide: downscaleAbove + 1},
}

// rowStep returns the step between the rows findBullseyes scans in a
// view: 2, and 1 in views whose long side is under enlargeBelow, which
// cost little. The rows that show the finder's eleven runs are those
// through its light centre, at least 1X tall (Figure 8: 2X/√3; some
// printers draw 2X), so a finder of modules of 2 pixels or more crosses
// two rows of them; but blur narrows the centre, and in small images
// symbols are small (maxicode-1's mode5-sequence2of3, modules of 3
// pixels, turned by 311°, TestCorpusMaxiCode). Every other row halves the
// scan's cost on pictures without a symbol (BenchmarkFalsePositives).
func rowStep(bin *matrix.Matrix) int {
	if max(bin.Width, bin.Height) < enlargeBelow {
		return 1
	}
	return 2
}

// find reads the symbols of one view. It reports whether every finder
// candidate found on more than one row was explained by a decoded symbol.
func find(v *symbology.View) bool {
	bin := v.Bin
	complete := true
	for _, b := range findBullseyes(v.Context(), bin, v.Lum, rowStep(bin), v.Covered) {
		module := b.ring / ringWidth
		if v.Covered(b.center, module) {
			continue
		}
		if !v.Next() {
			return false
		}
		bc, module, ok := decodeAt(v.Base, v.Lum, b)
		if !ok {
			if b.count > 1 {
				complete = false
			}
			continue
		}
		if !v.Add(bc, module) {
			return false
		}
	}
	return complete
}

// ringWidth is the width of a ring of the finder in X (Figure 8).
var ringWidth = (9 - 2/math.Sqrt(3)) / 10

// orientStep is the step, in radians, of the search for the symbol's
// rotation: 2°, which moves the orientation modules, 6 to 7X from the
// centre, by a quarter of a module; fitPose then refines the angle.
const orientStep = 2 * math.Pi / 180

// circular reports whether the ellipse p·M·p = 1, M = [a b; b c], is a
// circle seen at most 60° off its axis: its axes at most maxAspect to one.
// The rings fitted to the bars of a 1D symbol, where they have the
// finder's widths and cross most rays like rings, are 2 to 8 times longer
// one way than the other, and each cost a decoding in every rotation tried
// and its refinements (codabar-2/03: 14 ms of a 17 ms scan); the corpus's
// symbols, and the tests' in perspective, stay under 1.35.
func circular(a, b, c float64) bool {
	h := math.Hypot((a-c)/2, b)
	l1, l2 := (a+c)/2+h, (a+c)/2-h // eigenvalues, the axes' inverse squares
	return l2 > 0 && l1 <= maxAspect*maxAspect*l2
}

// maxTurns is the number of rotations and reflections tried for one
// finder, best first: the orientation modules' scores of the true one and
// of a wrong one may be close on a blurred image.
const maxTurns = 3

// decodeAt locates and decodes the symbol around finder b in bin (and
// lum, the luminance at the same scale, nil when there is none): the
// rings' ellipse, the rotation and reflection the orientation modules
// give, the modules sampled from bin, then from lum, then through a
// transform refined for perspective. It returns the result with its
// corners in bin's pixels, and the module size.
func decodeAt(bin *matrix.Matrix, lum *image.Gray, b bullseye) (symbology.Barcode, float64, bool) {
	c := b.center
	limit := 12 * b.ring
	var rays []ray
	var ea, eb, ec float64
	var shift detect.Point
	ok := false
	for range 3 {
		c = lightNear(bin, c, b.ring/2)
		rays = castRays(bin, c, limit, b.ring, rays)
		var off detect.Point
		off, shift, ea, eb, ec, ok = fitRings(rays)
		if !ok || off.Dist(detect.Point{}) > 2*b.ring {
			return symbology.Barcode{}, 0, false
		}
		c = c.Add(off)
		if off.Dist(detect.Point{}) < 0.5 {
			break
		}
	}
	if !circular(ea, eb, ec) {
		return symbology.Barcode{}, 0, false
	}
	m00, m01, m10, m11 := shapeRoot(ea, eb, ec)
	root := [4]float64{m00, m01, m10, m11}
	module := math.Sqrt(math.Abs(m00*m11 - m01*m10))
	if module < 1 {
		return symbology.Barcode{}, 0, false
	}
	s := &sampler{bin: bin}
	if lum != nil && (lum.Rect.Dx() != bin.Width || lum.Rect.Dy() != bin.Height) {
		lum = nil
	}
	tl, offset := tilt(shift, root)
	for _, turn := range turns(s, c, root) {
		// The pose that puts the grid sharpest; with the perspective the
		// rings show, when they show some; the finder's own (under
		// strong perspective no single scale fits the grid).
		r, angle, sharp := fitPose(s, c, root, detect.Point{}, turn)
		var starts []*mesh
		if tl.Dist(detect.Point{}) > minTilt {
			rt, at, st := fitPose(s, c.Add(offset), root, tl, turn)
			if st >= sharp {
				starts = append(starts, &mesh{t: pose(c.Add(offset), rt, tl, at, turn.mirror)})
				sharp = st
			}
		}
		if float64(sharp) < minSharp*float64(len(scaleModules)) {
			continue
		}
		starts = append(starts, &mesh{t: affine(c, r, angle, turn.mirror)})
		if r != root || angle != turn.angle {
			starts = append(starts, &mesh{t: affine(c, root, turn.angle, turn.mirror)})
		}
		for _, g0 := range starts {
			if bc, ok := decodeThrough(s, lum, g0, module); ok {
				bc.Mirrored = turn.mirror
				return bc, module, true
			}
			// Refined for perspective, and refined again from there:
			// each round starts every anchor from a better guess. The
			// patches are placed by the binarized modules' sharpness,
			// then by the luminance's contrast: the first suits dark
			// modules printed apart (maxicode-2), the second blurred and
			// noisy ones (TestZintSet).
			for _, l := range [2]*image.Gray{nil, lum} {
				g := g0
				for range refineRounds {
					var ok bool
					if g, ok = refine(s, l, g, module); !ok {
						break
					}
					if bc, ok := decodeThrough(s, lum, g, module); ok {
						bc.Mirrored = turn.mirror
						return bc, module, true
					}
				}
				if lum == nil {
					break
				}
			}
		}
	}
	return symbology.Barcode{}, 0, false
}

// minTilt is the perspective (tilt's t, in 1/X) below which the pose
// without it is taken as good: at the symbol's edge, 15X out, it changes
// the scale by under 3 %.
const minTilt = 0.002

// The pose search of fitPose: scales of the finder's transform from
// poseMinScale to poseMaxScale and turns of up to poseTurn either way,
// first in coarse steps, then in fine steps about the best. Printers draw
// the finder a few percent larger or smaller than the 9X of Figure 8
// (zint's raster one is 9.2X to 9.5X across), which puts the outer modules
// a module off, and the orientation modules, which set the turn, read
// alike over a few degrees, more when the scale is off
// (TestZintSet, TestReadScenes).
const (
	poseMinScale   = 0.93
	poseMaxScale   = 1.05
	poseScaleStep  = 0.02
	poseTurn       = 4 * math.Pi / 180
	poseTurnStep   = 1 * math.Pi / 180
	poseFineFactor = 2 // fine steps are half the coarse ones
)

// scaleReach is the distance from the centre, in X, of the modules that
// fitPose scores: most of the symbol, where a scale 1 % off moves them
// a tenth of a module.
const scaleReach = 11

// scaleModules are the modules within scaleReach of the centre.
var scaleModules = func() []detect.Point {
	var ps []detect.Point
	for _, q := range modulePos {
		if p := modulePoint(int(q[1]), int(q[0])); p.Dist(detect.Point{}) <= scaleReach {
			ps = append(ps, p)
		}
	}
	return ps
}()

// lightNear returns c, or when c is on a dark pixel, the nearest light
// pixel's centre within reach pixels: the rays are cast from the
// finder's light centre, which blur and a binarization that thickens
// dark rings shrink to a few pixels, which a centre a pixel off misses
// (TestZintSet, blurred and noised).
func lightNear(bin *matrix.Matrix, c detect.Point, reach float64) detect.Point {
	x, y := int(c.X), int(c.Y)
	if !bin.Get(x, y) {
		return c
	}
	for d := 1; float64(d) <= reach; d++ {
		for dy := -d; dy <= d; dy++ {
			for dx := -d; dx <= d; dx++ {
				if max(dx, -dx, dy, -dy) == d && bin.In(x+dx, y+dy) && !bin.Get(x+dx, y+dy) {
					return detect.Point{X: float64(x+dx) + 0.5, Y: float64(y+dy) + 0.5}
				}
			}
		}
	}
	return c
}

// turn is a rotation and reflection of the symbol, with the orientation
// modules' score.
type turn struct {
	angle  float64
	mirror bool
	score  int
}

// turns returns the best rotations and reflections of the symbol about c
// by the orientation modules, at most maxTurns, best first, each the
// middle of a run of angles that score alike; none when no rotation
// reads most orientation modules right.
func turns(s *sampler, c detect.Point, root [4]float64) []turn {
	n := int(math.Round(2 * math.Pi / orientStep))
	var all []turn
	scores := make([]int, n)
	for _, mirror := range [2]bool{false, true} {
		for i := range n {
			scores[i] = orientScore(s, affine(c, root, float64(i)*orientStep, mirror))
		}
		for i := range n {
			// The first angle of a run of equal scores higher than
			// the angles either side of the run.
			sc := scores[i]
			if sc <= scores[(i+n-1)%n] {
				continue
			}
			j := 0
			for j < n-1 && scores[(i+j+1)%n] == sc {
				j++
			}
			if scores[(i+j+1)%n] > sc {
				continue
			}
			all = append(all, turn{(float64(i) + float64(j)/2) * orientStep, mirror, sc})
		}
	}
	slices.SortStableFunc(all, func(a, b turn) int { return b.score - a.score })
	// A rotation must read most orientation modules right: chance gets
	// about half.
	minScore := len(orientModules) - 4
	var out []turn
	for _, t := range all {
		if t.score < minScore || len(out) == maxTurns {
			break
		}
		out = append(out, t)
	}
	return out
}

// minSharp is the share of the modules near the centre (scaleModules)
// that must read sharp (patchSharpness) in the best pose for a symbol to
// be sampled and refined: in pictures of symbols, even in perspective or
// blurred, 55 % or more do; chance patterns that pass the finder and the
// orientation modules in the false-positive folders reach 45 %, and each
// would cost the refinement's many samples (BenchmarkFalsePositives).
const minSharp = 0.5

// scaleModulesHalf is every other module of scaleModules.
var scaleModulesHalf = func() []detect.Point {
	var ps []detect.Point
	for i := 0; i < len(scaleModules); i += 2 {
		ps = append(ps, scaleModules[i])
	}
	return ps
}()

// fitPose returns root scaled and the angle near t's that put the grid,
// in perspective tl (tilt), sharpest on the image (patchSharpness over scaleModules), and that
// sharpness: a coarse search over the scales and turns of the pose
// constants, then a fine one about the best; of equal scores, the pose
// nearest t's.
func fitPose(s *sampler, c detect.Point, root [4]float64, tl detect.Point, t turn) ([4]float64, float64, int) {
	// The coarse search scores every other module, the fine one all.
	modules := scaleModulesHalf
	score := func(k, a float64) int {
		r := [4]float64{root[0] * k, root[1] * k, root[2] * k, root[3] * k}
		return patchSharpness(s, &mesh{t: pose(c, r, tl, a, t.mirror)}, modules, detect.Point{})
	}
	best, bestK, bestA := -1, 1.0, t.angle
	bestD := math.Inf(1)
	try := func(k, a float64) {
		sc := score(k, a)
		// Distance from t's pose, for ties: a degree counts as 1 %.
		d := math.Abs(k-1)*100 + math.Abs(a-t.angle)*180/math.Pi
		if sc > best || sc == best && d < bestD {
			best, bestK, bestA, bestD = sc, k, a, d
		}
	}
	for k := poseMinScale; k <= poseMaxScale+1e-9; k += poseScaleStep {
		for a := -poseTurn; a <= poseTurn+1e-9; a += poseTurnStep {
			try(k, t.angle+a)
		}
	}
	k0, a0 := bestK, bestA
	modules = scaleModules
	best = score(k0, a0)
	for dk := -1; dk <= 1; dk++ {
		for da := -1; da <= 1; da++ {
			if dk != 0 || da != 0 {
				try(k0+float64(dk)*poseScaleStep/poseFineFactor, a0+float64(da)*poseTurnStep/poseFineFactor)
			}
		}
	}
	return [4]float64{root[0] * bestK, root[1] * bestK, root[2] * bestK, root[3] * bestK}, bestA, best
}

// decodeThrough samples and decodes the symbol through g: from the
// binarized image, then from the luminance plane against a threshold
// between the symbol's dark and light modules, at the modules' centres
// (small modules) or averaged about them.
func decodeThrough(s *sampler, lum *image.Gray, g *mesh, module float64) (symbology.Barcode, bool) {
	var cw [numCodewords]byte
	var erased [numCodewords]bool
	try := func(s *sampler) (symbology.Barcode, bool) {
		if !readCodewords(s, g, &cw, &erased) {
			return symbology.Barcode{}, false
		}
		bc, err := decodeCodewords(&cw, &erased)
		if err != nil {
			return symbology.Barcode{}, false
		}
		bc.Corners = corners(g.t)
		return bc, true
	}
	if bc, ok := try(s); ok {
		return bc, true
	}
	if lum == nil || lum.Rect.Dx() != s.bin.Width || lum.Rect.Dy() != s.bin.Height {
		return symbology.Barcode{}, false
	}
	// The luminance at the modules' centres, then averaged over a box
	// across a third of a module.
	for _, r := range [2]int{0, int(module / 6)} {
		if r == 0 && module >= 6 {
			continue // single pixels of large modules: the box is better
		}
		ls := &sampler{bin: s.bin, lum: lum, r: r}
		thr, ok := moduleThreshold(ls, g)
		if !ok {
			continue
		}
		ls.thr = thr
		if bc, ok := try(ls); ok {
			return bc, true
		}
	}
	return symbology.Barcode{}, false
}

// moduleThreshold returns the luminance between the symbol's dark and
// light modules: the mean of the means of the darker and lighter halves
// of the module centres' luminances.
func moduleThreshold(s *sampler, g *mesh) (int, bool) {
	var hist [256]int
	n := 0
	for _, p := range modulePos {
		q := g.apply(modulePoint(int(p[1]), int(p[0])))
		if !(q.X >= 0 && q.Y >= 0) {
			continue
		}
		if v, ok := s.value(int(q.X), int(q.Y)); ok {
			hist[v]++
			n++
		}
	}
	if n < len(modulePos)/2 {
		return 0, false
	}
	// Split at the median; the threshold is midway between the halves'
	// means.
	var lo, hi, nlo, nhi int
	k := 0
	for v, c := range hist {
		for range c {
			if k < n/2 {
				lo += v
				nlo++
			} else {
				hi += v
				nhi++
			}
			k++
		}
	}
	if nlo == 0 || nhi == 0 {
		return 0, false
	}
	ml, mh := lo/nlo, hi/nhi
	if mh-ml < 16 {
		return 0, false // no contrast
	}
	return (ml + mh + 1) / 2, true
}

// anchorRows and anchorCols place the anchors of refine: module centres
// spread over the symbol, about 3 modules apart, outside the finder.
var (
	anchorRows = [...]int{1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31}
	anchorCols = [...]int{1, 4, 7, 10, 13, 16, 19, 22, 25, 28}
)

// anchorRadius is the radius, in X, of the patch of modules around an
// anchor that refine fits: two modules and a half take in about twenty
// modules, enough to be sure of their place, few enough to move together
// under perspective.
const anchorRadius = 2.5

// anchorSteps is the number of steps either way, of an eighth of a
// module, by which refine moves a patch, and anchorReach how far, in
// modules, at most: the nearest places where the hexagonal lattice
// repeats are a module away in six directions, so a patch moved by less
// than half a module cannot land on a wrong one (a square search of half
// a module each way could, 0.37 modules from a diagonal neighbour).
const (
	anchorSteps = 3
	anchorReach = 0.4
)

// refineRounds is the number of rounds of refine: the second finds the
// anchors the first's guess put more than anchorReach off, the third
// those of a symbol both bent and tilted (maxicode-2).
const refineRounds = 3

// refine fits perspective and bending into g: it finds where each patch
// of modules around an anchor sits best (patchSharpness, or by
// contrast, pointsContrast, with a luminance plane lum), within anchorReach modules of where g puts
// it, the anchors nearest the centre first, and fits a transform to the
// anchors found (and the finder, until there are enough) after each, so
// that the next, farther out, starts from a better guess. The anchors' offsets from the final transform bend it. ok is
// false when too few anchors were found.
func refine(s *sampler, lum *image.Gray, g *mesh, module float64) (*mesh, bool) {
	type anchor struct {
		p    detect.Point // in symbol space
		dist float64
	}
	var anchors []anchor
	for _, r := range anchorRows {
		for _, c := range anchorCols {
			p := modulePoint(c, r)
			if d := p.Dist(detect.Point{}); d > 6 {
				anchors = append(anchors, anchor{p, d})
			}
		}
	}
	slices.SortFunc(anchors, func(a, b anchor) int { return cmp.Compare(a.dist, b.dist) })
	// The finder's ring, 5X out, where the first guess is right.
	var ringFrom, ringTo, from, to []detect.Point
	for k := range 6 {
		a := float64(k) * math.Pi / 3
		p := detect.Point{X: 5 * math.Cos(a), Y: 5 * math.Sin(a)}
		ringFrom = append(ringFrom, p)
		ringTo = append(ringTo, g.apply(p))
	}
	cur := g
	var patch, pp []detect.Point
	placed := 0 // anchors placed at the last fit
	step := module / 8
	for _, a := range anchors {
		patch = patch[:0]
		for _, q := range modulePos {
			m := modulePoint(int(q[1]), int(q[0]))
			if m.Dist(a.p) <= anchorRadius {
				patch = append(patch, m)
			}
		}
		// The patch's sample points where cur puts them, moved below.
		pp = pp[:0]
		for _, m := range patch {
			pp = append(pp, cur.apply(m))
			if lum == nil {
				for _, o := range sharpOffsets {
					pp = append(pp, cur.apply(m.Add(o)))
				}
			}
		}
		best, bestD := -1, detect.Point{}
		for dy := -anchorSteps; dy <= anchorSteps; dy++ {
			for dx := -anchorSteps; dx <= anchorSteps; dx++ {
				d := detect.Point{X: float64(dx) * step, Y: float64(dy) * step}
				if d.Dist(detect.Point{}) > anchorReach*module {
					continue
				}
				var sc int
				if lum != nil {
					sc = pointsContrast(lum, pp, d)
				} else {
					sc = pointsSharpness(s, pp, d)
				}
				if sc > best || sc == best && d.Dist(detect.Point{}) < bestD.Dist(detect.Point{}) {
					best, bestD = sc, d
				}
			}
		}
		// A patch that reads sharp in most of its modules is placed; by
		// contrast, one whose module centres are on average a tenth of
		// the grey scale from their mean.
		if lum == nil && 4*best >= 3*len(patch) || lum != nil && best >= 24*len(patch) {
			from = append(from, a.p)
			to = append(to, cur.apply(a.p).Add(bestD))
		}
		// Fit again after each anchor placed, so that the next, a
		// little farther out, starts from the best guess; once there
		// are many, after every fourth.
		if n := len(from); n == placed || n > 16 && n%4 != 0 {
			continue
		}
		placed = len(from)
		f, t := from, to
		if len(from) < minAnchors {
			f, t = append(slices.Clone(ringFrom), from...), append(slices.Clone(ringTo), to...)
		}
		if nt, ok := fitRobust(f, t, module); ok {
			cur = &mesh{t: nt}
		}
	}
	if len(from) < minAnchors {
		return g, false
	}
	// The anchors that the transform puts within a third of a module of
	// where they were found bend it; the others were placed wrong.
	out := &mesh{t: cur.t}
	for i := range from {
		d := to[i].Sub(cur.t.Apply(from[i]))
		if d.Dist(detect.Point{}) <= outlier*module {
			out.at = append(out.at, from[i])
			out.off = append(out.off, d)
		}
	}
	return out, len(out.at) >= minAnchors
}

// outlier is how far, in modules, an anchor may be from where a fitted
// transform puts it and still count: modules are sampled at their
// centres, so a third of a module off still reads them.
const outlier = 1.0 / 3

// fitRobust fits a transform to the pairs, then again without the pairs
// it puts more than outlier modules off (a patch placed on the wrong
// modules).
func fitRobust(from, to []detect.Point, module float64) (detect.Transform, bool) {
	t, ok := detect.FitTransform(from, to)
	if !ok {
		return t, false
	}
	var f2, t2 []detect.Point
	for i := range from {
		if to[i].Dist(t.Apply(from[i])) <= outlier*module {
			f2 = append(f2, from[i])
			t2 = append(t2, to[i])
		}
	}
	if len(f2) == len(from) || len(f2) < 4 {
		return t, true
	}
	if t2, ok := detect.FitTransform(f2, t2); ok {
		return t2, true
	}
	return t, true
}

// minAnchors is the number of anchors that refine fits a transform to
// without the finder's ring: enough to outvote a few placed wrong.
const minAnchors = 8

// sharpOffsets are the points, in X from a module's centre, that
// patchSharpness compares with the centre: a third of a module out at
// 90°, 210° and 330°, inside the hexagon.
var sharpOffsets = [3]detect.Point{{X: 0, Y: -0.3}, {X: -0.26, Y: 0.15}, {X: 0.26, Y: 0.15}}

// pointsSharpness is patchSharpness over sample points already mapped to
// the image, four per module (the centre, then sharpOffsets), moved by d.
func pointsSharpness(s *sampler, pp []detect.Point, d detect.Point) int {
	n := 0
	for i := 0; i+3 < len(pp); i += 4 {
		v := s.dark(pp[i].Add(d))
		if s.dark(pp[i+1].Add(d)) == v && s.dark(pp[i+2].Add(d)) == v && s.dark(pp[i+3].Add(d)) == v {
			n++
		}
	}
	return n
}

// patchSharpness counts the modules of patch, moved by d in the image,
// whose centre and sharpOffsets points read alike.
func patchSharpness(s *sampler, g *mesh, patch []detect.Point, d detect.Point) int {
	n := 0
	for _, m := range patch {
		v := s.dark(g.apply(m).Add(d))
		ok := true
		for _, o := range sharpOffsets {
			if s.dark(g.apply(m.Add(o)).Add(d)) != v {
				ok = false
				break
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// pointsContrast scores module centres already mapped to the image,
// moved by d, by the spread of the luminance there: the sum of each one's
// distance from their mean. On the grid's true place the centres fall on
// the middles of dark and light modules; moved off it, nearer their
// edges, greyer.
func pointsContrast(lum *image.Gray, pp []detect.Point, d detect.Point) int {
	var v [64]int
	n, sum := 0, 0
	w, h := lum.Rect.Dx(), lum.Rect.Dy()
	for _, q := range pp {
		if n == len(v) {
			break
		}
		p := q.Add(d)
		if !(p.X >= 0 && p.Y >= 0) || int(p.X) >= w || int(p.Y) >= h {
			continue
		}
		v[n] = int(lum.Pix[int(p.Y)*lum.Stride+int(p.X)])
		sum += v[n]
		n++
	}
	if n == 0 {
		return 0
	}
	mean := sum / n
	spread := 0
	for _, x := range v[:n] {
		spread += max(x-mean, mean-x)
	}
	return spread
}
