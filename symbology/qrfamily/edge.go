package qrfamily

import (
	"math"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Micro QR Code and rMQR Code have their timing patterns on the symbol's
// edges, against the quiet zone (ISO/IEC 18004:2015 §6.3.5, ISO/IEC
// 23941:2022 §6.3.6). Their readers locate the grid beyond the finder
// pattern by walking along them: each dark run of an edge is looked for
// where the grid found so far puts it, its centre and the edge it makes
// with the quiet zone give a point of the grid, and the grid is fitted
// again to the points found, so that it follows the symbol out to its far
// side however far that is.

// An EdgeRun is a dark run of modules along a symbol's edge to look for:
// a timing pattern's module, or a longer run where the timing pattern
// meets another pattern.
type EdgeRun struct {
	// Mid is the centre of the run in module coordinates (on the edge
	// row's centre line).
	Mid detect.Point
	// Along is the unit vector along the edge and Out the one across it
	// towards the quiet zone, in module coordinates.
	Along, Out detect.Point
	// Len is the run's length in modules.
	Len float64
	// Edge numbers the edge the run lies on, for counting misses, and
	// Reach is how far from the finder pattern it lies, in modules, for
	// deciding when to fit the grid again.
	Edge  int
	Reach float64
}

// An Anchor is a point whose place is known both in the module grid and
// in the image.
type Anchor struct{ Module, Image detect.Point }

// FindRun finds the dark run r where t (module coordinates to image
// pixels) puts it in bin, allowing the prediction to be off by a module
// or so either way. The edge row is the outermost dark on that side of
// the symbol, so the edge is first looked for across the row, coming in
// from the quiet zone, at the predicted place and a third of a module
// either side of it (one of which a run of one module lies under when the
// prediction is off along the row); the row's centre line lies half a
// module inside the outermost edge found. Along that line the dark run
// through the prediction (or a dark pixel near it), of about the right
// length, is the run, and the edge across it from its middle fixes the
// centre line again. FindRun returns the point of the run's centre line
// at its middle.
func FindRun(bin *matrix.Matrix, t detect.Transform, r EdgeRun) (detect.Point, bool) {
	c := t.Apply(r.Mid)
	along := t.Apply(r.Mid.Add(r.Along.Mul(0.5))).Sub(t.Apply(r.Mid.Sub(r.Along.Mul(0.5))))
	across := t.Apply(r.Mid.Add(r.Out.Mul(0.5))).Sub(t.Apply(r.Mid.Sub(r.Out.Mul(0.5))))
	mu, mv := math.Hypot(along.X, along.Y), math.Hypot(across.X, across.Y)
	if !(mu > 0.5) || !(mv > 0.5) || mu > 1e4 || mv > 1e4 {
		return detect.Point{}, false
	}
	du, dv := along.Mul(1/mu), across.Mul(1/mv)
	dark := func(p detect.Point) bool { return bin.Get(int(math.Floor(p.X)), int(math.Floor(p.Y))) }

	// The outermost edge across the row near the prediction.
	span := int(4 * 2 * acrossReach * mv) // quarter-pixel steps
	best, found := 0.0, false
	for _, s := range [3]float64{0, -1.0 / 3, 1.0 / 3} {
		p := c.Add(du.Mul(s * mu)).Add(dv.Mul(acrossReach * mv))
		for k := 0; k <= span; k++ {
			if dark(p.Sub(dv.Mul(float64(k) * subStep))) {
				// The edge lies between this step and the one before,
				// measured outwards from the prediction.
				e := acrossReach*mv - (float64(k)-0.5)*subStep
				if k > 0 && (!found || e > best) {
					best, found = e, true
				}
				break
			}
		}
	}
	if !found {
		return detect.Point{}, false
	}
	line := c.Add(dv.Mul(best - 0.5*mv)) // on the row's centre line

	// A dark pixel on that line near the prediction, nearest first.
	start, ok := line, dark(line)
	for k := 1; !ok && float64(k) <= 0.5*mu+1; k++ {
		for _, s := range [2]float64{1, -1} {
			if q := line.Add(du.Mul(s * float64(k))); dark(q) {
				start, ok = q, true
				break
			}
		}
	}
	if !ok {
		return detect.Point{}, false
	}
	// The run along the row, then the edge across it from the run's
	// middle, in steps of a quarter pixel, so that where a step starts
	// within a pixel moves the ends found by no more than that.
	limit := int(4*(2*r.Len*mu)) + 8
	a := walkDark(bin, start, du.Mul(-subStep), limit)
	b := walkDark(bin, start, du.Mul(subStep), limit)
	length := float64(a+b+1) * subStep / mu // in modules
	if length < 0.4*r.Len || length > r.Len+1.2 {
		return detect.Point{}, false
	}
	m := start.Add(du.Mul(float64(b-a) * subStep / 2))
	if !dark(m) {
		return detect.Point{}, false
	}
	e := walkDark(bin, m, dv.Mul(subStep), int(4*2*mv)+8)
	if float64(e)*subStep > 1.6*mv {
		return detect.Point{}, false // no quiet zone beyond: not the edge
	}
	// The edge lies between the last dark step and the next; the centre
	// line half a module inside it.
	return m.Add(dv.Mul((float64(e)+0.5)*subStep - 0.5*mv)), true
}

// acrossReach is how far, in modules, either side of the predicted
// centre line FindRun looks for the edge: a prediction a module off still
// finds it, and from a module and a half outside, the walk in starts in
// the quiet zone (two modules wide in both symbologies).
const acrossReach = 1.3

// subStep is the step, in pixels, of the walks that measure a run.
const subStep = 0.25

// walkDark counts the dark points from p (excluded) by steps of d, up to
// limit.
func walkDark(bin *matrix.Matrix, p, d detect.Point, limit int) int {
	n := 0
	for n < limit {
		q := p.Add(d.Mul(float64(n + 1)))
		if !bin.Get(int(math.Floor(q.X)), int(math.Floor(q.Y))) {
			break
		}
		n++
	}
	return n
}

// Fit returns the transform that maps the anchors' module points to their
// image points best (detect.FitTransform).
func Fit(as []Anchor) (detect.Transform, bool) {
	from := make([]detect.Point, len(as))
	to := make([]detect.Point, len(as))
	for i, a := range as {
		from[i], to[i] = a.Module, a.Image
	}
	return detect.FitTransform(from, to)
}

// maxMisses is how many runs in a row a walk along one edge may fail to
// find before it gives up on that edge: a scratch or a reflection can
// hide one or two, and after more the grid has lost its way.
const maxMisses = 3

// walkWindow is how far back from the walk's frontier, in modules, the
// anchors lie that predict the next run: fitted to the points of the last
// few dozen modules, the grid follows perspective as it changes along a
// long symbol.
const walkWindow = 24

// WalkEdges looks for runs in their order, each where the grid puts it,
// starting from t and fitting the grid again, whenever the walk has
// reached refitEvery modules further from the finder pattern, to the
// anchors (base and those found) within walkWindow modules of the
// frontier. The fit is a perspective transform, which follows converging
// edges, when those anchors lie two or more on each of two lines or more
// (the finder's corners count as one); along one line it would swing wide
// ahead of them, and it is an affine transform. WalkEdges returns, for each
// run, whether it was found and where. A walk along one edge stops after
// maxMisses misses in a row.
func WalkEdges(bin *matrix.Matrix, t detect.Transform, runs []EdgeRun, base []Anchor, refitEvery float64) ([]Anchor, []bool) {
	type reached struct {
		a     Anchor
		reach float64
		edge  int // -1 for base
	}
	anchors := make([]reached, 0, len(base)+len(runs))
	for _, a := range base {
		anchors = append(anchors, reached{a, 0, -1})
	}
	found := make([]Anchor, len(runs))
	ok := make([]bool, len(runs))
	var misses, lines edgeCounts
	lastFit := 0.0
	var window []Anchor
	for i, r := range runs {
		miss := misses.at(r.Edge)
		if *miss > maxMisses {
			continue
		}
		p, hit := FindRun(bin, t, r)
		if !hit {
			*miss++
			continue
		}
		*miss = 0
		found[i], ok[i] = Anchor{r.Mid, p}, true
		anchors = append(anchors, reached{found[i], r.Reach, r.Edge})
		if r.Reach-lastFit < refitEvery {
			continue
		}
		lastFit = r.Reach
		window, lines = window[:0], lines[:0]
		for _, a := range anchors {
			if a.reach >= r.Reach-walkWindow {
				window = append(window, a.a)
				*lines.at(a.edge)++
			}
		}
		groups := 0
		for _, l := range lines {
			if l.n >= 2 {
				groups++
			}
		}
		fit := FitAffine
		if groups >= 2 && len(window) >= 6 {
			fit = Fit
		}
		if nt, fitted := fit(window); fitted {
			t = nt
		}
	}
	return found, ok
}

// edgeCounts counts something per edge number. A walk has a handful of
// edges, and a list searched in order costs less than a map, made anew
// at every walk and every fit.
type edgeCounts []struct{ edge, n int }

// at returns the count of an edge, adding it at zero if it is new.
func (c *edgeCounts) at(edge int) *int {
	for i := range *c {
		if (*c)[i].edge == edge {
			return &(*c)[i].n
		}
	}
	*c = append(*c, struct{ edge, n int }{edge, 0})
	return &(*c)[len(*c)-1].n
}

// FitAffine returns the affine transform that maps the anchors' module
// points to their image points best, in the least-squares sense. ok is
// false when the module points lie on one line.
func FitAffine(as []Anchor) (detect.Transform, bool) {
	if len(as) < 3 {
		return detect.Transform{}, false
	}
	// Centre the module points for a well-conditioned solve.
	var c detect.Point
	for _, a := range as {
		c = c.Add(a.Module)
	}
	c = c.Mul(1 / float64(len(as)))
	var sxx, sxy, syy, sx, sy, n float64
	var bx, by [3]float64 // right-hand sides for the image x and y
	for _, a := range as {
		x, y := a.Module.X-c.X, a.Module.Y-c.Y
		sxx += x * x
		sxy += x * y
		syy += y * y
		sx += x
		sy += y
		n++
		for k, v := range [2]float64{a.Image.X, a.Image.Y} {
			b := &bx
			if k == 1 {
				b = &by
			}
			b[0] += x * v
			b[1] += y * v
			b[2] += v
		}
	}
	m := [3][3]float64{{sxx, sxy, sx}, {sxy, syy, sy}, {sx, sy, n}}
	det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	if !(math.Abs(det) > 1e-9*(sxx*syy*n+1)) {
		return detect.Transform{}, false
	}
	solve := func(b [3]float64) [3]float64 {
		var r [3]float64
		for col := range 3 {
			mm := m
			for row := range 3 {
				mm[row][col] = b[row]
			}
			r[col] = (mm[0][0]*(mm[1][1]*mm[2][2]-mm[1][2]*mm[2][1]) - mm[0][1]*(mm[1][0]*mm[2][2]-mm[1][2]*mm[2][0]) +
				mm[0][2]*(mm[1][0]*mm[2][1]-mm[1][1]*mm[2][0])) / det
		}
		return r
	}
	px, py := solve(bx), solve(by)
	// x' = px0·(x-cx) + px1·(y-cy) + px2, likewise y'.
	return detect.Transform{
		px[0], px[1], px[2] - px[0]*c.X - px[1]*c.Y,
		py[0], py[1], py[2] - py[0]*c.X - py[1]*c.Y,
		0, 0, 1,
	}, true
}
