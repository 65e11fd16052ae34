package aztec

import (
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Locating the core of a symbol in an image (ISO/IEC 24778:2008 §14.2 to
// §14.4): the rings of the bull's-eye give a perspective transform from
// module coordinates to the image, the rings beyond it tell compact from
// full-range symbols, and the orientation marks and the mode message around
// them give the orientation, mirroring and size.
//
// Module coordinates here are those of the raw core, centred: the centre
// module spans (-0.5, -0.5) to (0.5, 0.5), and the boundary between ring
// k-1 and ring k (k modules from the centre) is the square of half-side
// k-0.5. Until the orientation marks are read, the raw core's axes are
// just the directions in which the rings' corners were found.

// numRays is the number of rays cast from the centre across the rings:
// enough to put several edge points on each side of a ring's square
// beyond the corners, where its lines are fitted.
const numRays = 32

// maxRings is the number of ring boundaries recorded along each ray: to
// ring 4, the outermost of a compact bull's-eye, and on to ring 6, the
// outermost of a full-range one (the ring beyond is the mode message's).
const maxRings = 6

// ray holds where a ray from the centre crosses the boundaries into rings
// 1 to maxRings, in pixels along it; n is how many it crossed in order
// before its runs stopped looking like rings.
type ray struct {
	dir  detect.Point
	dist [maxRings]float64
	n    int
}

// rayStep is the step of the rays in pixels: a quarter of a pixel finds a
// centre module of thin ink that is little more than a pixel across
// (aztec-1/az-thin.png), and places the boundaries to an eighth.
const rayStep = 0.25

// castRays walks from the centre c along numRays directions, at steps of
// rayStep, and records the colour changes: each boundary crossed
// must lie about a module (m pixels, within a factor of two either way for
// perspective and the angle of the ray) beyond the one before.
func castRays(bin *matrix.Matrix, c detect.Point, m float64) []ray {
	rays := make([]ray, numRays)
	limit := (float64(maxRings) + 1.5) * 2 * m
	for i := range rays {
		a := 2 * math.Pi * (float64(i) + 0.5) / numRays
		r := &rays[i]
		r.dir = detect.Point{X: math.Cos(a), Y: math.Sin(a)}
		dark := true
		last := 0.0 // where the previous run began
		for t := rayStep; t <= limit && r.n < maxRings; t += rayStep {
			p := c.Add(r.dir.Mul(t))
			x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
			if !bin.In(x, y) {
				break
			}
			if bin.Pix[y*bin.Width+x] == dark {
				continue
			}
			edge := t - rayStep/2
			run := edge - last
			// The centre run is half a module from the centre (less when
			// the dark modules are thin and the centre a pixel off); the
			// others a whole one.
			lo, hi := m/2.5, m*2.5
			if r.n == 0 {
				lo, hi = 0, m*1.25
			}
			if run < lo || run > hi {
				break
			}
			r.dist[r.n] = edge
			r.n++
			last = edge
			dark = !dark
		}
	}
	return rays
}

// refineRays moves the ring boundaries of the rays to where the
// luminance crosses halfway between the two rings beside each one, found
// to a fraction of a pixel along the ray: a binarization that thickens dark
// rings in blur, or thins them under bright light, shifts their edges by
// up to a pixel, which the fit of a small core multiplies over the layers
// (aztec-2/10.webp). A boundary whose crossing is not found stays.
func refineRays(lum *image.Gray, c detect.Point, rays []ray) {
	for i := range rays {
		r := &rays[i]
		// The middle of each run along the ray: the centre at 0, then
		// halfway between the boundaries.
		var mid [maxRings + 1]float64
		for k := 1; k < r.n; k++ {
			mid[k] = (r.dist[k-1] + r.dist[k]) / 2
		}
		for k := 1; k < r.n; k++ {
			a, b := mid[k-1], mid[k]
			la := bilinear(lum, c.Add(r.dir.Mul(a)))
			lb := bilinear(lum, c.Add(r.dir.Mul(b)))
			if math.Abs(la-lb) < minRingContrast {
				continue
			}
			half := (la + lb) / 2
			prev := la - half
			for t := a + rayStep; t <= b; t += rayStep {
				v := bilinear(lum, c.Add(r.dir.Mul(t))) - half
				if (v < 0) != (prev < 0) {
					// Linear between the two samples.
					r.dist[k-1] = t - rayStep*v/(v-prev)
					break
				}
				prev = v
			}
		}
	}
}

// minRingContrast is the least difference in luminance between the middles
// of two rings for refineRays to move their boundary: below it the
// crossing is noise.
const minRingContrast = 20

// ringQuad returns the corners of the square boundary into ring k (1 to
// maxRings, k-0.5 modules from the centre) in the image, going round
// clockwise in the image from the one whose ray comes first, from the rays
// that reached it. The points
// farthest apart give rough corners, which split the points into four
// sides; a line fitted to each side, without the points near its corners,
// gives the corners where the lines meet. It reports false when too few
// rays reached the boundary or a side has too few points.
func ringQuad(c detect.Point, rays []ray, k int, m float64) ([4]detect.Point, bool) {
	var quad [4]detect.Point
	var edge []detect.Point
	for _, r := range rays {
		if r.n >= k {
			edge = append(edge, c.Add(r.dir.Mul(r.dist[k-1])))
		}
	}
	if len(edge) < numRays/2 {
		return quad, false
	}
	far := func(score func(detect.Point) float64) int {
		b := 0
		for i, p := range edge {
			if score(p) > score(edge[b]) {
				b = i
			}
		}
		return b
	}
	c0 := far(func(p detect.Point) float64 { return p.Dist(c) })
	c2 := far(func(p detect.Point) float64 { return p.Dist(edge[c0]) })
	diag := detect.LineThrough(edge[c0], edge[c2])
	side := func(p detect.Point) float64 { return diag.A*p.X + diag.B*p.Y + diag.C }
	c1 := far(side)
	c3 := far(func(p detect.Point) float64 { return -side(p) })
	rough := []int{c0, c1, c2, c3}
	slices.Sort(rough)
	if rough[0] == rough[1] || rough[1] == rough[2] || rough[2] == rough[3] {
		return quad, false
	}
	var lines [4]detect.Line
	for i := range rough {
		from, to := rough[i], rough[(i+1)%4]
		a, b := edge[from], edge[to]
		keep := 0.15 * a.Dist(b)
		var ps []detect.Point
		for j := from; j != to; j = (j + 1) % len(edge) {
			if p := edge[j]; p.Dist(a) > keep && p.Dist(b) > keep {
				ps = append(ps, p)
			}
		}
		l, ok := fitRobust(ps, math.Max(0.75, m/3))
		if !ok {
			return quad, false
		}
		lines[i] = l
	}
	for i := range quad {
		p, ok := lines[(i+3)%4].Intersect(lines[i])
		if !ok || p.Dist(edge[rough[i]]) > 0.5*edge[rough[i]].Dist(c)+2 {
			return quad, false
		}
		quad[i] = p
	}
	return quad, true
}

// fitRobust fits a line to ps, drops the points farther than tol from it
// (an edge point of a ray that a speck turned early) and fits again. It
// needs two points left.
func fitRobust(ps []detect.Point, tol float64) (detect.Line, bool) {
	if len(ps) < 2 {
		return detect.Line{}, false
	}
	l, ok := detect.FitLine(ps)
	if !ok {
		return l, false
	}
	kept := ps[:0:0]
	for _, p := range ps {
		if l.Dist(p) <= tol {
			kept = append(kept, p)
		}
	}
	if len(kept) < 2 {
		return l, false
	}
	return detect.FitLine(kept)
}

// coreFit is the transform of a core found in the image: from raw module
// coordinates (centred) to image pixels.
type coreFit struct {
	t      detect.Transform
	module float64 // mean module size in pixels
}

// fitCore fits the transform of the core around c from the squares of the
// boundaries into the rings in rings (2 to 4, and 5 and 6 for full-range
// symbols): the corners of the boundary into ring k are the images of
// (±(k-0.5), ±(k-0.5)). Ink spread and blur move the boundaries into dark
// rings inwards and into light ones outwards by the same amount, which the
// fit of both kinds together cancels. The corners of the squares are
// matched by their direction from the centre.
func fitCore(c detect.Point, rays []ray, m float64, rings []int) (coreFit, bool) {
	var from, to []detect.Point
	var ref [4]detect.Point // the corners of the first square, to match the others to
	var outer float64       // the half-side of the outermost square fitted, in modules
	var outerQuad [4]detect.Point
	for i, k := range rings {
		q, ok := ringQuad(c, rays, k, m)
		if !ok {
			if i == 0 {
				return coreFit{}, false
			}
			continue
		}
		if i == 0 {
			ref = q
		} else {
			q = matchCorners(c, ref, q)
		}
		r := float64(k) - 0.5
		if r > outer {
			outer, outerQuad = r, q
		}
		for j, p := range q {
			from = append(from, rawCorner(j).Mul(r))
			to = append(to, p)
		}
	}
	if len(from) < 8 {
		return coreFit{}, false
	}
	t, ok := detect.FitTransform(from, to)
	if !ok {
		return coreFit{}, false
	}
	// The module size: the mean side of the outermost square over its
	// modules.
	q := outerQuad
	side := (q[0].Dist(q[1]) + q[1].Dist(q[2]) + q[2].Dist(q[3]) + q[3].Dist(q[0])) / 4
	return coreFit{t: t, module: side / (2 * outer)}, true
}

// rawCorner returns the raw module direction of corner j of a ring square
// found by ringQuad: the squares go round clockwise in the image, and the
// raw axes are chosen so that they go round clockwise in module
// coordinates too, from (-1, -1).
func rawCorner(j int) detect.Point {
	return [4]detect.Point{{X: -1, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 1}, {X: -1, Y: 1}}[j]
}

// matchCorners reorders q so that each of its corners lies in the
// direction from c of the corner of ref with the same index.
func matchCorners(c detect.Point, ref, q [4]detect.Point) [4]detect.Point {
	best, bestDot := 0, math.Inf(-1)
	for s := range 4 {
		sum := 0.0
		for j := range 4 {
			sum += ref[j].Sub(c).Unit().Dot(q[(j+s)%4].Sub(c).Unit())
		}
		if sum > bestDot {
			best, bestDot = s, sum
		}
	}
	var out [4]detect.Point
	for j := range 4 {
		out[j] = q[(j+best)%4]
	}
	return out
}

// sampleModule returns the colour of the raw module (x, y) (its centre at
// (x, y) in centred coordinates) under t.
func sampleModule(bin *matrix.Matrix, t detect.Transform, x, y int) bool {
	p := t.Apply(detect.Point{X: float64(x), Y: float64(y)})
	return bin.Get(int(math.Floor(p.X)), int(math.Floor(p.Y)))
}

// isFullCore reports whether the rings 5 and 6 modules from the centre are
// those of a full-range bull's-eye, light and dark all round, in most of
// their modules (a compact symbol has its mode message and data there).
func isFullCore(bin *matrix.Matrix, t detect.Transform) bool {
	good, total := 0, 0
	for _, k := range [2]int{5, 6} {
		for i := -k; i < k; i++ {
			for _, p := range [4][2]int{{i, -k}, {k, i}, {-i, k}, {-k, -i}} {
				if sampleModule(bin, t, p[0], p[1]) == (k%2 == 0) {
					good++
				}
				total++
			}
		}
	}
	return good*10 >= total*9
}

// dihedral is one of the eight ways a symbol can lie in the raw core's
// axes: turned d%4 quarter turns clockwise, after mirroring about its main
// diagonal when d ≥ 4 (as orientedView).
type dihedral int

// raw maps a centred module coordinate of the symbol in its reading
// orientation to the raw core's.
func (d dihedral) raw(p detect.Point) detect.Point {
	x, y := p.X, p.Y
	if d >= 4 {
		x, y = y, x
	}
	switch d % 4 {
	case 1:
		x, y = -y, x
	case 2:
		x, y = -x, -y
	case 3:
		x, y = y, -x
	}
	return detect.Point{X: x, Y: y}
}

// transform returns d.raw as a Transform.
func (d dihedral) transform() detect.Transform {
	o := d.raw(detect.Point{})
	ex := d.raw(detect.Point{X: 1}).Sub(o)
	ey := d.raw(detect.Point{Y: 1}).Sub(o)
	return detect.Transform{ex.X, ey.X, o.X, ex.Y, ey.Y, o.Y, 0, 0, 1}
}

// coreReading is what the core says: the orientation of the symbol in the
// raw axes, its size and mode message, or that it is a rune.
type coreReading struct {
	d       dihedral
	compact bool
	size    Size
	mm      modeMessage
	rune    bool
	value   int // of a rune
}

// readCore reads the orientation marks and the mode message of a compact
// (ring 5) or full-range (ring 7) core under t, trying the orientations
// whose marks have at most maxMarkErrors wrong modules, fewest first, and
// returns the first whose mode message passes its Reed–Solomon check and
// names a size that fits. A compact core whose message passes only with
// the rune mask is an Aztec Rune.
func readCore(bin *matrix.Matrix, t detect.Transform, compact bool) (coreReading, bool) {
	r := coreRadius(compact)
	// The ring, sampled once in raw coordinates.
	ring := make(map[[2]int]bool, 8*r)
	for i := -r; i < r; i++ {
		for _, p := range [4][2]int{{i, -r}, {r, i}, {-i, r}, {-r, -i}} {
			ring[p] = sampleModule(bin, t, p[0], p[1])
		}
	}
	at := func(d dihedral, x, y int) bool {
		p := d.raw(detect.Point{X: float64(x), Y: float64(y)})
		return ring[[2]int{int(math.Round(p.X)), int(math.Round(p.Y))}]
	}
	type cand struct {
		d      dihedral
		errors int
	}
	var cands []cand
	for d := range dihedral(8) {
		e := 0
		for _, p := range orientationMarks(compact) {
			if at(d, p[0], p[1]) != (p[2] == 1) {
				e++
			}
		}
		if e <= maxMarkErrors {
			cands = append(cands, cand{d, e})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return a.errors - b.errors })
	mods := modeMessageModules(compact)
	bits := make([]byte, len(mods))
	for _, cd := range cands {
		for i, p := range mods {
			bits[i] = 0
			if at(cd.d, p[0], p[1]) {
				bits[i] = 1
			}
		}
		if v, _, ok := decodeModeWords(compact, bits); ok {
			s, mm := parseModeMessage(compact, v)
			if mm.dataWords <= s.Codewords() && mm.dataWords <= s.maxData(mm.readerInit) {
				return coreReading{d: cd.d, compact: compact, size: s, mm: mm}, true
			}
		}
		if compact {
			runeMask(bits)
			if v, _, ok := decodeModeWords(true, bits); ok {
				return coreReading{d: cd.d, compact: true, rune: true, value: v}, true
			}
		}
	}
	return coreReading{}, false
}
