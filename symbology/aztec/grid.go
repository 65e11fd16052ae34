package aztec

import (
	"image"
	"math"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Sampling a symbol's modules (ISO/IEC 24778:2008 §14.4.1). A compact
// symbol, at most 27 modules across, is sampled through the transform of
// its core. A full-range one has a reference grid (§7.1.4): rows and
// columns every 16 modules from the centre whose modules alternate dark
// and light. Where they cross, the grid is found in the image near where
// the core's transform puts it, ring by ring outwards, each ring predicted
// by a transform fitted to the crossings found before; then each square
// of the grid is sampled through the transform of its own four corners,
// which follows perspective and a bent surface.

// symbolFit maps a symbol's module coordinates (module (x, y) spans x to
// x+1 and y to y+1, in its reading orientation) to the image.
type symbolFit struct {
	side    int
	t       detect.Transform // the whole symbol
	regions []detect.Region  // per grid square, when the grid was found; nil otherwise
}

// corners returns the image positions of the symbol's corners: top-left,
// top-right, bottom-right and bottom-left in its reading orientation.
func (f symbolFit) corners() [4]detect.Point {
	n := float64(f.side)
	return [4]detect.Point{
		f.t.Apply(detect.Point{X: 0, Y: 0}),
		f.t.Apply(detect.Point{X: n, Y: 0}),
		f.t.Apply(detect.Point{X: n, Y: n}),
		f.t.Apply(detect.Point{X: 0, Y: n}),
	}
}

// sample reads the symbol's modules from bin.
func (f symbolFit) sample(bin *matrix.Matrix) (*matrix.Matrix, bool) {
	if f.regions != nil {
		return detect.SampleRegions(bin, f.side, f.side, f.regions)
	}
	return detect.Sample(bin, f.t, f.side, f.side)
}

// sampleGray reads the symbol's modules from the luminance plane,
// interpolated, and binarizes them against their neighbourhood: it
// recovers modules that the binarization of the whole image got wrong.
func (f symbolFit) sampleGray(lum *image.Gray, inverted bool) (*matrix.Matrix, bool) {
	regions := f.regions
	if regions == nil {
		regions = []detect.Region{{X0: 0, Y0: 0, X1: f.side, Y1: f.side, T: f.t}}
	}
	g, ok := detect.SampleGray(lum, f.side, f.side, regions)
	if !ok {
		return nil, false
	}
	m := detect.ThresholdModules(g, grayRadius)
	if inverted {
		m.Invert()
	}
	return m, true
}

// grayRadius is the radius, in modules, of the window each module's
// luminance is compared with: a few modules hold dark and light ones in
// about equal numbers (the bit stream is random-looking) while light
// changes little across them.
const grayRadius = 3

// fitSymbol returns the fit of a symbol whose core the transform t maps
// from raw centred coordinates, read in orientation d, of the given side.
func fitSymbol(t detect.Transform, d dihedral, side int) symbolFit {
	c := float64(side/2) + 0.5
	shift := detect.Transform{1, 0, -c, 0, 1, -c, 0, 0, 1}
	return symbolFit{side: side, t: shift.Then(d.transform()).Then(t)}
}

// gridArm is the number of modules each side of a grid crossing, along
// the grid's row and its column, matched when looking for it: the crossing
// and 4·gridArm modules of alternating colour, within one square of the
// grid. Shifted two modules along one line, the template still matches
// that line's modules but only about half of the other's: long arms keep
// that well below the match of the right place.
const gridArm = 5

// gridSearch is how far from its predicted place a crossing is looked
// for, in modules, and the step of the search: a prediction from the
// crossings one square nearer the centre is off by much less than a
// module; from the core alone, out to the first ring of crossings 16
// modules away, by up to about two under strong perspective, which the
// core's few pixels measure poorly (aztec-2/20.webp).
//
// Beyond the first ring the prediction extrapolates the step from the ring
// before, which a lens that bends the edges of a large symbol inwards
// (aztec-2/#956.jpg) makes two modules or more too long at the edge.
const (
	gridSearch      = 2
	gridSearchOuter = 3
	gridStep        = 0.25
)

// minGridMatch is the share of a crossing's template modules that must
// match where it is found: blur and the binarization get a few of them
// wrong, while two modules off along one line only about three quarters
// match (see gridArm).
const minGridMatch = 0.85

// refineGrid finds the crossings of the reference grid of a full-range
// symbol fitted as f and returns f with a transform per grid square (and
// the whole symbol's transform refitted to the crossings found). It
// returns f as it is when no crossing is found.
//
// The crossings are matched in the luminance plane lum when there is one
// (inverted for a light-on-dark view): blur leaves a correlation with the
// alternating template that binarization loses.
//
// Only the crossings of the first maxRing rings around the centre are
// looked for; the squares beyond take the transforms of those inside.
func refineGrid(bin *matrix.Matrix, lum *image.Gray, inverted bool, f symbolFit, maxRing int) symbolFit {
	n := f.side
	c := n / 2
	lines := (c - 1) / 16 // grid lines each side of the centre, beyond it
	if lines < 1 {
		return f
	}
	// found[i][j] is the crossing of lines i and j (-lines..lines), in
	// the image; ok[i][j] whether it was found. The centre is the core's.
	k := 2*lines + 1
	found := make([]detect.Point, k*k)
	ok := make([]bool, k*k)
	idx := func(i, j int) int { return (i+lines)*k + j + lines }
	module := func(i, j int) detect.Point { // a crossing's centre in module coordinates
		return detect.Point{X: float64(c+16*i) + 0.5, Y: float64(c+16*j) + 0.5}
	}
	found[idx(0, 0)], ok[idx(0, 0)] = f.t.Apply(module(0, 0)), true
	t := f.t
	var from, to []detect.Point
	// The core's own points: the corners of ring 4's inner edge.
	for _, p := range []detect.Point{{X: -3.5, Y: -3.5}, {X: 3.5, Y: -3.5}, {X: 3.5, Y: 3.5}, {X: -3.5, Y: 3.5}} {
		m := p.Add(module(0, 0))
		from, to = append(from, m), append(to, f.t.Apply(m))
	}
	for ring := 1; ring <= min(lines, maxRing); ring++ {
		added := false
		for i := -ring; i <= ring; i++ {
			for j := -ring; j <= ring; j++ {
				if max(abs(i), abs(j)) != ring {
					continue
				}
				// Predict the crossing from the two found inwards of it
				// on the line from the centre, as the steps between
				// crossings change smoothly even on a bent surface or
				// through a lens; else from the transform so far.
				si, sj := sign(i)*b2i(abs(i) == ring), sign(j)*b2i(abs(j) == ring)
				pt := t
				if n1 := idx(i-si, j-sj); ok[n1] {
					shift := found[n1].Sub(t.Apply(module(i-si, j-sj)))
					if ring >= 2 && ok[idx(i-2*si, j-2*sj)] {
						// The step from the crossing before, repeated.
						n2 := idx(i-2*si, j-2*sj)
						pred := found[n1].Add(found[n1].Sub(found[n2]))
						shift = pred.Sub(t.Apply(module(i, j)))
					}
					pt = t.Then(detect.Transform{1, 0, shift.X, 0, 1, shift.Y, 0, 0, 1})
				}
				search := float64(gridSearch)
				if ring >= 2 {
					search = gridSearchOuter
				}
				p, good := findCrossing(bin, lum, inverted, pt, module(i, j), c+16*i, c+16*j, n, search)
				if !good {
					continue
				}
				found[idx(i, j)], ok[idx(i, j)] = p, true
				from, to = append(from, module(i, j)), append(to, p)
				added = true
			}
		}
		if !added {
			break
		}
		if nt, good := detect.FitTransform(from, to); good {
			t = nt
		}
	}
	if len(from) == 4 {
		return f
	}
	out := symbolFit{side: n, t: t}
	// A region per square of the grid; the squares at the edge take the
	// whole margin beyond the outermost lines.
	bounds := make([]int, 0, k+1) // module boundaries of the squares
	bounds = append(bounds, 0)
	for i := -lines + 1; i <= lines-1; i++ {
		bounds = append(bounds, c+16*i)
	}
	bounds = append(bounds, n)
	// The transform of each square of crossings all four of which were
	// found; a region takes that of its own square, or else of the
	// nearest square that has one.
	squares := make([]detect.Transform, 0, k*k)
	var squareAt [][2]int
	for i := -lines; i < lines; i++ {
		for j := -lines; j < lines; j++ {
			corners := [4][2]int{{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}}
			var src, dst [4]detect.Point
			all := true
			for q, ij := range corners {
				if !ok[idx(ij[0], ij[1])] {
					all = false
					break
				}
				src[q], dst[q] = module(ij[0], ij[1]), found[idx(ij[0], ij[1])]
			}
			if !all {
				continue
			}
			if qt, good := detect.QuadToQuad(src, dst); good {
				squares = append(squares, qt)
				squareAt = append(squareAt, [2]int{i, j})
			}
		}
	}
	for a := 0; a+1 < len(bounds); a++ {
		for b := 0; b+1 < len(bounds); b++ {
			r := detect.Region{X0: bounds[a], X1: bounds[a+1], Y0: bounds[b], Y1: bounds[b+1], T: t}
			i0, j0 := a-lines, b-lines // the square of crossings this region lies in
			bestD := 1 << 30
			for q, ij := range squareAt {
				if d := max(abs(ij[0]-i0), abs(ij[1]-j0)); d < bestD {
					bestD, r.T = d, squares[q]
				}
			}
			out.regions = append(out.regions, r)
		}
	}
	return out
}

// findCrossing looks for the grid crossing at module (gx, gy), its centre
// at p in module coordinates, near where t puts it: the offset, in steps
// of gridStep modules up to gridSearch, at which the crossing's row and
// column arms best match their alternating colours. In bin the score is
// the share of modules that match (ties averaged), at least minGridMatch;
// in lum it is the correlation of the luminances with the template, at
// least minGridCorrelation.
func findCrossing(bin *matrix.Matrix, lum *image.Gray, inverted bool, t detect.Transform, p detect.Point, gx, gy, side int, search float64) (detect.Point, bool) {
	type probe struct {
		d    detect.Point
		dark bool
	}
	var probes []probe
	for k := -gridArm; k <= gridArm; k++ {
		dark := k%2 == 0
		if gx+k >= 0 && gx+k < side {
			probes = append(probes, probe{detect.Point{X: float64(k)}, dark})
		}
		if k != 0 && gy+k >= 0 && gy+k < side {
			probes = append(probes, probe{detect.Point{Y: float64(k)}, dark})
		}
	}
	// The best offset within growing squares: the nearest offset that
	// matches well wins over a better one farther away, which on data may
	// be chance. A square's scores are computed when it is reached, so a
	// crossing found near its prediction, the usual case, costs a ninth of
	// the search.
	steps := int(search / gridStep)
	side2 := 2*steps + 1
	scores := make([]float64, side2*side2)
	vals := make([]float64, len(probes))
	score := func(sx, sy int) float64 {
		off := detect.Point{X: float64(sx) * gridStep, Y: float64(sy) * gridStep}
		var score float64
		if lum != nil {
			mean := 0.0
			for i, pr := range probes {
				vals[i] = bilinear(lum, t.Apply(p.Add(off).Add(pr.d)))
				mean += vals[i]
			}
			mean /= float64(len(vals))
			num, den := 0.0, 0.0
			for i, pr := range probes {
				d := vals[i] - mean
				if pr.dark != inverted {
					d = -d // dark modules are below the mean
				}
				num += d
				den += math.Abs(d)
			}
			if den > 0 {
				score = num / den
			}
		} else {
			for _, pr := range probes {
				q := t.Apply(p.Add(off).Add(pr.d))
				if bin.Get(int(math.Floor(q.X)), int(math.Floor(q.Y))) == pr.dark {
					score++
				}
			}
			score /= float64(len(probes))
		}
		return score
	}
	need0 := minGridMatch
	if lum != nil {
		need0 = minGridCorrelation
	}
	perModule := int(1 / gridStep)
	scored := -1 // the scores within this square are computed
	for r := perModule; ; r += perModule {
		r = min(r, steps)
		for sy := -r; sy <= r; sy++ {
			for sx := -r; sx <= r; sx++ {
				if max(abs(sx), abs(sy)) > scored {
					scores[(sy+steps)*side2+sx+steps] = score(sx, sy)
				}
			}
		}
		scored = r
		// Farther from the prediction, a match must be better: chance
		// matches on data grow with the area searched.
		need := need0 + gridFarther*float64(r/perModule-2)
		best := math.Inf(-1)
		var sum detect.Point
		ties := 0
		for sy := -r; sy <= r; sy++ {
			for sx := -r; sx <= r; sx++ {
				score := scores[(sy+steps)*side2+sx+steps]
				off := detect.Point{X: float64(sx) * gridStep, Y: float64(sy) * gridStep}
				switch {
				case score > best:
					best, sum, ties = score, off, 1
				case score == best:
					sum, ties = sum.Add(off), ties+1
				}
			}
		}
		if best >= need {
			return t.Apply(p.Add(sum.Mul(1 / float64(ties)))), true
		}
		if r == steps {
			return detect.Point{}, false
		}
	}
}

// minGridCorrelation is the correlation of a crossing's luminances with
// its template that the best offset within two modules of the prediction
// must reach: +1 when every dark module is darker than every light one,
// about 0.5 two modules off along one line (see gridArm), about 0 over
// data. Blur at a symbol's edge, where arms are cut short by the quiet
// zone, leaves the right place at 0.65 to 0.75 (aztec-2/#956.jpg).
const minGridCorrelation = 0.7

// gridFarther is how much better a match must be for each module farther
// from the prediction (and how much worse it may be within one module):
// at three modules, data matched by chance reached 0.84 in #956.jpg.
const gridFarther = 0.1

// bilinear returns the luminance of g at p, interpolated between the four
// nearest pixel centres; points outside read as the nearest edge pixel.
func bilinear(g *image.Gray, p detect.Point) float64 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	x, y := p.X-0.5, p.Y-0.5
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	at := func(xi, yi int) float64 {
		xi = max(0, min(w-1, xi))
		yi = max(0, min(h-1, yi))
		return float64(g.Pix[yi*g.Stride+xi])
	}
	ix, iy := int(x0), int(y0)
	top := at(ix, iy)*(1-fx) + at(ix+1, iy)*fx
	bottom := at(ix, iy+1)*(1-fx) + at(ix+1, iy+1)*fx
	return top*(1-fy) + bottom*fy
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
