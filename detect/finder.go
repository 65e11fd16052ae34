package detect

import (
	"context"
	"math"
	"slices"

	"github.com/barkit/barkit/matrix"
)

// Finder is a finder pattern located in a binarized image: concentric dark
// and light squares whose cross-section through the centre, along any line,
// is dark, light, dark, light, dark in the ratio 1:1:3:1:1 (ISO/IEC
// 18004:2015 §6.3.3 for QR Code; Micro QR Code and rMQR Code use the same
// pattern).
type Finder struct {
	Center Point   // centre in image pixel coordinates
	Module float64 // module size in pixels along the pattern's sides
	Count  int     // scan lines that crossed the pattern: a confidence
}

// finderPattern is the 1:1:3:1:1 run pattern, in modules.
var finderPattern = [5]float64{1, 1, 3, 1, 1}

// FindFinders returns the finder patterns of bin (true = dark), scanning
// every step-th row (step < 1 means every row) and confirming each hit
// along the column and both diagonals through it. Patterns found on several
// rows are merged; the result is sorted by Count, highest first.
//
// A pattern whose modules are 2 pixels or more is found with step 1; a
// larger step is faster and still finds patterns whose centre square is
// at least step pixels tall. FindFinders stops early, returning what it
// found, when ctx is done.
func FindFinders(ctx context.Context, bin *matrix.Matrix, step int) []Finder {
	if step < 1 {
		step = 1
	}
	w, h := bin.Width, bin.Height
	if w == 0 {
		// A matrix 0 pixels wide and some tall (a column downscaled
		// below one pixel) has rows, but no first pixel to read.
		return nil
	}
	var fs finderSet
	ends := make([]int32, w+1) // where each run of a row ends
	// A row hit is confirmed (along the column and the diagonals, which
	// costs most) only once the row searched before has a hit at the same
	// place and scale: a pattern's centre square is at least minModule×3
	// pixels tall and crosses two searched rows, while the chance hits of
	// noise and print seldom line up on two. Both hits are confirmed
	// then, so a pattern counts every row that crosses it.
	var prev, cur []rowHit // the hits of the last row and this one, by x
	for i, y := 0, step/2; y < h; i, y = i+1, y+step {
		if i&63 == 0 && ctx.Err() != nil {
			break
		}
		row := bin.Pix[y*w : (y+1)*w]
		nr := RunEnds(row, ends)
		cur = cur[:0]
		j := 0 // the first hit of prev that may match
		// Run k spans ends[k-1] to ends[k]; runs alternate from the
		// colour of the first pixel. A pattern's last run is run k, a
		// dark one, with four runs before it.
		k := 4
		if !row[0] {
			k = 5 // the first run is light
		}
		for ; k < nr; k += 2 {
			// The centre run first: most runs of noise and text are
			// too short for one (centreLongest).
			centre := int(ends[k-2] - ends[k-3])
			if centre < 3 {
				continue
			}
			var runs [5]int
			start := int32(0)
			if k > 4 {
				start = ends[k-5]
			}
			runs[0] = int(ends[k-4] - start)
			runs[1] = int(ends[k-3] - ends[k-4])
			runs[2] = centre
			runs[3] = int(ends[k-1] - ends[k-2])
			runs[4] = int(ends[k] - ends[k-1])
			if !centreLongest(runs) || !mayMatchFinder(runs) {
				continue
			}
			module, ok := matchRuns(runs, finderPattern, 0)
			if !ok {
				continue
			}
			hit := rowHit{cx: float64(ends[k-2]) - float64(runs[2])/2, module: module, runs: runs, y: y}
			for j < len(prev) && prev[j].cx < hit.cx-maxMergeReach*module {
				j++
			}
			for p := j; p < len(prev) && prev[p].cx <= hit.cx+maxMergeReach*module; p++ {
				if !sameHit(&prev[p], &hit) {
					continue
				}
				if !prev[p].done {
					prev[p].done = true
					prev[p].confirm(bin, &fs)
				}
				hit.done = true
				hit.confirm(bin, &fs)
				break
			}
			cur = append(cur, hit)
		}
		prev, cur = cur, prev
	}
	found := fs.found
	slices.SortStableFunc(found, func(a, b Finder) int { return b.Count - a.Count })
	return found
}

// A rowHit is a row's crossing of a pattern, before it is confirmed.
type rowHit struct {
	cx, module float64 // centre and module size along the row
	runs       [5]int
	y          int
	done       bool // confirmed already
}

// sameHit reports whether two hits on neighbouring rows cross one pattern:
// their centres are as close, and their modules as alike, as merge asks of
// one pattern's hits.
func sameHit(a, b *rowHit) bool {
	ratio := a.module / b.module
	return ratio >= 1/1.5 && ratio <= 1.5 && math.Abs(a.cx-b.cx) <= 1.5*math.Max(a.module, b.module)
}

// confirm confirms the hit and adds the pattern to fs.
func (h *rowHit) confirm(bin *matrix.Matrix, fs *finderSet) {
	if f, ok := confirm(bin, h.cx, float64(h.y)+0.5, h.runs); ok {
		fs.merge(f)
	}
}

// confirm checks a row hit along the column, the row again and both
// diagonals through it, and returns the refined pattern.
func confirm(bin *matrix.Matrix, cx, cy float64, rowRuns [5]int) (Finder, bool) {
	limit := 0
	for _, r := range rowRuns {
		limit += r
	}
	limit *= 2 // a crossing may be up to twice as long as the row's: rotation, perspective

	// Column through the row's centre, then the row through the new
	// centre, then the column again: each pass centres the next.
	vert, off, ok := crossRuns(bin, cx, cy, 0, 1, limit)
	if !ok {
		return Finder{}, false
	}
	cy += off
	horiz, off, ok := crossRuns(bin, cx, cy, 1, 0, limit)
	if !ok {
		return Finder{}, false
	}
	cx += off
	vert, off, ok = crossRuns(bin, cx, cy, 0, 1, limit)
	if !ok {
		return Finder{}, false
	}
	cy += off
	d1, _, ok := crossRuns(bin, cx, cy, 1, 1, limit)
	if !ok {
		return Finder{}, false
	}
	d2, _, ok := crossRuns(bin, cx, cy, 1, -1, limit)
	if !ok {
		return Finder{}, false
	}
	// Along a line at angle θ to the nearest side, the pattern measures
	// 7 modules / cos θ; of four lines 45° apart one is within 22.5° of a
	// side, so the shortest overestimates the module by at most 8%.
	total := math.Min(float64(sum(horiz)), float64(sum(vert)))
	total = math.Min(total, math.Sqrt2*float64(min(sum(d1), sum(d2))))
	var units float64
	for _, p := range finderPattern {
		units += p
	}
	return Finder{Center: Point{cx, cy}, Module: total / units, Count: 1}, true
}

// centreLongest is a quick test that rejects most runs before matchRuns:
// in a 1:1:3:1:1 pattern the centre run is the longest (blur widens it
// with the other dark runs; a pixel of slack allows for perspective), and
// at least three pixels long (modules of minModule pixels or more).
func centreLongest(runs [5]int) bool {
	c := runs[2] + 1
	return runs[2] >= 3 && c >= runs[0] && c >= runs[1] && c >= runs[3] && c >= runs[4]
}

// mayMatchFinder is matchRuns(runs, finderPattern, 0) in integers, with a
// tenth of a pixel to spare: it is false only when matchRuns is false too
// (TestMayMatchFinder), and rejects most runs that pass centreLongest
// without the floating-point work.
//
// With s the sum of the four pairs of adjacent runs, 12 modules long, the
// module is s/12; each bound of matchRuns, multiplied out by 120 (pairs)
// or 1200 (single runs) to clear the fractions, compares integers.
func mayMatchFinder(runs [5]int) bool {
	r0, r1, r2, r3, r4 := runs[0], runs[1], runs[2], runs[3], runs[4]
	s := r0 + 2*(r1+r2+r3) + r4
	if s < 18 { // module < minModule
		return false
	}
	// Pairs: |pair - q·s/12| ≤ 0.3·q·s/12 + 1.5, for a pair of q modules.
	// The tenth of a pixel spared is 12 here.
	pairOK := func(pair, q int) bool {
		d := 120*pair - 10*q*s
		return max(d, -d) <= 3*q*s+180+12
	}
	if !pairOK(r0+r1, 2) || !pairOK(r1+r2, 4) || !pairOK(r2+r3, 4) || !pairOK(r3+r4, 2) {
		return false
	}
	// Single runs: |r - p·s/12| ≤ 0.67·s/12 + 1, for a run of p modules.
	// The tenth of a pixel spared is 120 here.
	runOK := func(r, p int) bool {
		d := 1200*r - 100*p*s
		return max(d, -d) <= 67*s+1200+120
	}
	return runOK(r0, 1) && runOK(r1, 1) && runOK(r2, 3) && runOK(r3, 1) && runOK(r4, 1)
}

func sum(runs [5]int) int {
	return runs[0] + runs[1] + runs[2] + runs[3] + runs[4]
}

// crossRuns measures the five runs of the finder pattern along the line
// through (cx, cy) in direction (dx, dy), each run at most limit steps, and
// checks their ratios. off is how far along the line, in pixels, the
// middle of the centre run lies from (cx, cy).
func crossRuns(bin *matrix.Matrix, cx, cy float64, dx, dy, limit int) (runs [5]int, off float64, ok bool) {
	x, y := int(math.Floor(cx)), int(math.Floor(cy))
	if !bin.Get(x, y) {
		return runs, 0, false
	}
	// The centre run first, backwards then forwards from (x, y).
	back := walk(bin, x, y, -dx, -dy, true, limit)
	fwd := walk(bin, x, y, dx, dy, true, limit)
	centre := back + fwd - 1
	// Then runs 1 and 3 beside it, and runs 0 and 4 beyond them, each
	// walked no farther than matchRuns accepts: it accepts no run of one
	// module longer than 1.67/2.33 times the centre run plus one, plus a
	// pixel (a module within 0.67 of a module and a pixel of its size,
	// and the centre within the same of three), and no empty run. A walk
	// in a column of a photo costs a cache miss a pixel, and most
	// crossings tried are not patterns.
	most := 3*(centre+1)/4 + 2
	short := min(limit, most)
	r1 := walk(bin, x-dx*back, y-dy*back, -dx, -dy, false, short)
	r3 := walk(bin, x+dx*fwd, y+dy*fwd, dx, dy, false, short)
	if r1 == 0 || r1 > most || r3 == 0 || r3 > most {
		return runs, 0, false
	}
	r0 := walk(bin, x-dx*(back+r1), y-dy*(back+r1), -dx, -dy, true, short)
	r4 := walk(bin, x+dx*(fwd+r3), y+dy*(fwd+r3), dx, dy, true, short)
	if r0 > most || r4 > most {
		return runs, 0, false
	}
	runs = [5]int{r0, r1, centre, r3, r4}
	if _, ok := matchRuns(runs, finderPattern, 0); !ok {
		return runs, 0, false
	}
	// The centre run spans steps -back+1 .. fwd-1; its middle, measured
	// in pixels along the line from the pixel centre (x+0.5, y+0.5).
	mid := float64(fwd-back) / 2
	step := math.Hypot(float64(dx), float64(dy))
	off = mid*step + (float64(x)+0.5-cx)*float64(dx)/step + (float64(y)+0.5-cy)*float64(dy)/step
	if dx != 0 && dy != 0 {
		return runs, 0, true // diagonals only confirm
	}
	return runs, off, true
}

// walk counts the pixels of colour dark from (x, y) on in direction
// (dx, dy), starting with (x, y) itself, stopping at the first pixel of the
// other colour, the image edge or limit+1 pixels.
func walk(bin *matrix.Matrix, x, y, dx, dy int, dark bool, limit int) int {
	if !bin.In(x, y) {
		return 0
	}
	// The steps left before the image edge, in each direction that moves.
	steps := limit + 1
	switch {
	case dx > 0:
		steps = min(steps, (bin.Width-1-x)/dx+1)
	case dx < 0:
		steps = min(steps, x/-dx+1)
	}
	switch {
	case dy > 0:
		steps = min(steps, (bin.Height-1-y)/dy+1)
	case dy < 0:
		steps = min(steps, y/-dy+1)
	}
	pix := bin.Pix
	i, d := y*bin.Width+x, dy*bin.Width+dx
	n := 0
	for n < steps && pix[i] == dark {
		n++
		i += d
	}
	return n
}

// minModule is the smallest module, in pixels, a pattern may have: below
// it every pattern of five short runs in noise or text would pass, and a
// symbol that small cannot be sampled anyway. TestFindFindersNone guards
// it.
const minModule = 1.5

// matchRuns reports whether five runs fit a pattern's ratios and returns
// the module size they imply. Blur and over- or under-exposure widen every
// dark run and narrow every light run by the same amount, which leaves the
// sums of adjacent runs unchanged; so the module size is taken from those
// sums and tested against them tightly, while single runs are only bounded
// loosely. slack widens the bounds (0 is the default tolerance; 1 doubles
// it).
func matchRuns(runs [5]int, pattern [5]float64, slack float64) (module float64, ok bool) {
	var pairs, units float64
	for i := 0; i < 4; i++ {
		if runs[i] == 0 || runs[i+1] == 0 {
			return 0, false
		}
		pairs += float64(runs[i] + runs[i+1])
		units += pattern[i] + pattern[i+1]
	}
	module = pairs / units
	if module < minModule {
		return 0, false
	}
	// Each pair within 30% and a pixel and a half of its expected length:
	// perspective across one pattern rarely changes the module size by
	// more than 25%, and each edge may be off by most of a pixel.
	// (1:1:1:1:1 fails this by 50%.)
	tol := 0.3 * (1 + slack)
	for i := 0; i < 4; i++ {
		want := (pattern[i] + pattern[i+1]) * module
		if math.Abs(float64(runs[i]+runs[i+1])-want) > tol*want+1.5 {
			return 0, false
		}
	}
	// Single runs: a dark run may grow, and the light runs beside it
	// shrink, by up to two thirds of a module before the pattern blurs
	// away; beyond that the pattern is something else.
	grow := 0.67 * (1 + slack) * module
	for i, r := range runs {
		want := pattern[i] * module
		if math.Abs(float64(r)-want) > grow+1 {
			return 0, false
		}
	}
	return module, true
}

// finderSet holds the patterns found so far, indexed by place so that a
// new hit finds the patterns it may belong to without a walk over all of
// them: however many patterns an image holds (a sheet of small finder-like
// squares), each hit costs the patterns near it.
type finderSet struct {
	found []Finder
	cells map[finderCell][]int32 // indices into found, by cell
}

// A finderCell is a square of the plane, of side cellSide(level) pixels,
// holding the patterns of one scale: patterns with modules up to
// cellSide(level)/maxMergeReach pixels, so that two patterns that merge
// lie in the same or neighbouring cells.
type finderCell struct {
	level, x, y int32
}

// maxMergeReach is how far, in modules of the larger, two hits of one
// pattern may lie apart (merge): a pixel and a half times the module
// ratio allowed.
const maxMergeReach = 1.5 * 1.5

// cellSide returns the side of the cells of a level: 16 pixels, doubling
// from level to level.
func cellSide(level int32) float64 { return float64(int(16) << level) }

// levelOf returns the level whose cells hold patterns of module m.
func levelOf(m float64) int32 {
	l := int32(0)
	for l < 30 && cellSide(l) < maxMergeReach*1.5*m {
		l++
	}
	return l
}

func cellOf(p Point, level int32) finderCell {
	side := cellSide(level)
	return finderCell{level, int32(math.Floor(p.X / side)), int32(math.Floor(p.Y / side))}
}

// merge adds f to the set, averaging it into a pattern already there when
// their centres are closer than one and a half modules and their module
// sizes agree within a factor of 1.5 (the same pattern seen from another
// scan line); of several such patterns, the first found takes it.
func (fs *finderSet) merge(f Finder) {
	if fs.cells == nil {
		fs.cells = make(map[finderCell][]int32)
	}
	best := int32(-1)
	// Patterns that may merge with f have modules within 1.5 times its,
	// so they lie in f's level or the ones next to it.
	l := levelOf(f.Module)
	for level := max(l-1, 0); level <= l+1; level++ {
		c := cellOf(f.Center, level)
		for dy := int32(-1); dy <= 1; dy++ {
			for dx := int32(-1); dx <= 1; dx++ {
				for _, i := range fs.cells[finderCell{level, c.x + dx, c.y + dy}] {
					g := &fs.found[i]
					ratio := g.Module / f.Module
					if ratio < 1/1.5 || ratio > 1.5 || g.Center.Dist(f.Center) > 1.5*math.Max(g.Module, f.Module) {
						continue
					}
					if best < 0 || i < best {
						best = i
					}
				}
			}
		}
	}
	if best < 0 {
		fs.found = append(fs.found, f)
		fs.add(int32(len(fs.found) - 1))
		return
	}
	g := &fs.found[best]
	fs.remove(best)
	n := float64(g.Count)
	g.Center = g.Center.Mul(n).Add(f.Center).Mul(1 / (n + 1))
	g.Module = (g.Module*n + f.Module) / (n + 1)
	g.Count++
	fs.add(best)
}

// add files pattern i under its cell.
func (fs *finderSet) add(i int32) {
	g := fs.found[i]
	c := cellOf(g.Center, levelOf(g.Module))
	fs.cells[c] = append(fs.cells[c], i)
}

// remove takes pattern i out of its cell.
func (fs *finderSet) remove(i int32) {
	g := fs.found[i]
	c := cellOf(g.Center, levelOf(g.Module))
	ids := fs.cells[c]
	if k := slices.Index(ids, i); k >= 0 {
		ids = slices.Delete(ids, k, k+1)
	}
	if len(ids) == 0 {
		delete(fs.cells, c)
	} else {
		fs.cells[c] = ids
	}
}

// FinderWidth measures the finder pattern centred near c along the line
// through c in direction dir: the length in pixels of its five runs, which
// is 7 modules measured along dir. ok is false when the line through c does
// not cross a 1:1:3:1:1 pattern. Measured along the line towards another
// finder pattern, the width gives the module size in that direction, which
// perspective may make differ from the pattern's mean module size.
func FinderWidth(bin *matrix.Matrix, c, dir Point) (float64, bool) {
	runs, step, ok := runsAlong(bin, c, dir, 0)
	if !ok {
		return 0, false
	}
	if _, ok := matchRuns(runs, finderPattern, 0.5); !ok {
		return 0, false
	}
	return float64(sum(runs)) * step, true
}

// runsAlong measures the five runs dark, light, dark, light, dark centred on
// the dark pixel under c along direction dir, stepping one pixel along the
// major axis at a time; step is the length of one step in pixels. Each run
// is at most limit steps (0: up to the image size).
func runsAlong(bin *matrix.Matrix, c, dir Point, limit int) (runs [5]int, step float64, ok bool) {
	scale := math.Max(math.Abs(dir.X), math.Abs(dir.Y))
	if !(scale > 0) || math.IsInf(scale, 0) {
		return runs, 0, false
	}
	d := dir.Mul(1 / scale)
	if limit <= 0 {
		limit = max(bin.Width, bin.Height)
	}
	at := func(k int) (bool, bool) {
		x := int(math.Floor(c.X + float64(k)*d.X))
		y := int(math.Floor(c.Y + float64(k)*d.Y))
		if !bin.In(x, y) {
			return false, false
		}
		return bin.Pix[y*bin.Width+x], true
	}
	if v, in := at(0); !v || !in {
		return runs, 0, false
	}
	// Walk out from the centre both ways: the rest of the centre run,
	// then a light and a dark run.
	var back, fwd [3]int
	for i, out := range []*[3]int{&back, &fwd} {
		dk := 2*i - 1 // back: -1, forward: +1
		k := dk
		for r, dark := 0, true; r < 3; r, dark = r+1, !dark {
			for out[r] < limit {
				v, in := at(k)
				if !in || v != dark {
					break
				}
				out[r]++
				k += dk
			}
		}
	}
	runs = [5]int{back[2], back[1], back[0] + 1 + fwd[0], fwd[1], fwd[2]}
	return runs, math.Hypot(d.X, d.Y), true
}

// cornerRays is the number of rays FinderCorners casts: enough for a dozen
// points on each side after the rays near the corners are left out.
const cornerRays = 64

// FinderCorners returns the outer corners of the finder pattern f (the
// outside of its dark ring), given two directions u and v that tell its
// sides apart (in a QR Code, towards the other two finder patterns). The
// corners come in the order of the quadrants -u-v, +u-v, +u+v, -u+v of the
// (u, v) frame; with u to the right and v down, that is top-left,
// top-right, bottom-right, bottom-left.
//
// Rays cast from the centre find points on the ring's outer edge. The
// points farthest apart give rough corners, which split the points into
// four sides; a line fitted to each side, without the points near the
// corners, gives the corners where the lines meet. So the corners follow
// perspective, however it skews the pattern, and stay put when a corner
// itself is damaged or rounded by blur.
func FinderCorners(bin *matrix.Matrix, f Finder, u, v Point) ([4]Point, bool) {
	var corners [4]Point
	det := u.X*v.Y - u.Y*v.X
	if det == 0 || math.IsNaN(det) || f.Module <= 0 {
		return corners, false
	}
	// Perspective can stretch a pattern's diagonal to twice its size.
	limit := int(16 * f.Module)
	edge := make([]Point, 0, cornerRays)
	for k := 0; k < cornerRays; k++ {
		angle := 2 * math.Pi * float64(k) / cornerRays
		if p, ok := ringEdge(bin, f.Center, Point{math.Cos(angle), math.Sin(angle)}, limit); ok {
			edge = append(edge, p)
		}
	}
	if len(edge) < cornerRays/2 {
		return corners, false
	}
	// Rough corners: the point farthest from the centre, the one
	// farthest from it, and the farthest from the line through those two
	// on each side. The rays go round in order, so the indices do too.
	far := func(score func(Point) float64) int {
		best := 0
		for i, p := range edge {
			if score(p) > score(edge[best]) {
				best = i
			}
		}
		return best
	}
	c0 := far(func(p Point) float64 { return p.Dist(f.Center) })
	c2 := far(func(p Point) float64 { return p.Dist(edge[c0]) })
	diag := LineThrough(edge[c0], edge[c2])
	side := func(p Point) float64 { return diag.A*p.X + diag.B*p.Y + diag.C }
	c1 := far(side)
	c3 := far(func(p Point) float64 { return -side(p) })
	rough := []int{c0, c1, c2, c3}
	slices.Sort(rough)
	if rough[0] == rough[1] || rough[1] == rough[2] || rough[2] == rough[3] {
		return corners, false
	}
	var lines [4]Line
	for i := range rough {
		from, to := rough[i], rough[(i+1)%4]
		a, b := edge[from], edge[to]
		keep := 0.15 * a.Dist(b) // leave out the points near the corners
		var ps []Point
		for j := from; j != to; j = (j + 1) % len(edge) {
			if p := edge[j]; p.Dist(a) > keep && p.Dist(b) > keep {
				ps = append(ps, p)
			}
		}
		l, ok := fitRobust(ps, math.Max(1, f.Module/2))
		if !ok {
			return corners, false
		}
		lines[i] = l
	}
	var found [4]Point
	for i := range found {
		// Corner rough[i] lies between the sides before and after it.
		p, ok := lines[(i+3)%4].Intersect(lines[i])
		// It lies beyond the edge points near it, but not far beyond.
		if !ok || p.Dist(edge[rough[i]]) > 0.5*edge[rough[i]].Dist(f.Center)+2 {
			return corners, false
		}
		found[i] = p
	}
	// Name the corners by the (u, v) frame: the top-left one is farthest
	// towards -u-v; the others follow in the frame's turning direction.
	first := 0
	for i, p := range found {
		d, e := p.Sub(f.Center), found[first].Sub(f.Center)
		if frameSum(d, u, v, det) < frameSum(e, u, v, det) {
			first = i
		}
	}
	// found goes round in the rays' direction, clockwise in the image;
	// the frame's order is clockwise too when u×v > 0.
	for i := range corners {
		k := i
		if det < 0 {
			k = -i
		}
		corners[i] = found[((first+k)%4+4)%4]
	}
	return corners, true
}

// frameSum returns a+b where d = a·u + b·v.
func frameSum(d, u, v Point, det float64) float64 {
	a := (d.X*v.Y - d.Y*v.X) / det
	b := (u.X*d.Y - u.Y*d.X) / det
	return a + b
}

// fitRobust fits a line to ps, drops the points farther than tol from it
// (an edge point from a ray that slipped through a gap in the ring, or
// ran into a dark module touching it) and fits again. It needs three
// points left.
func fitRobust(ps []Point, tol float64) (Line, bool) {
	if len(ps) < 3 {
		return Line{}, false
	}
	l, ok := FitLine(ps)
	if !ok {
		return Line{}, false
	}
	kept := make([]Point, 0, len(ps))
	for _, p := range ps {
		if l.Dist(p) <= tol {
			kept = append(kept, p)
		}
	}
	if len(kept) < 3 {
		return Line{}, false
	}
	return FitLine(kept)
}

// ringEdge walks from the centre c of a finder pattern along direction d
// (a unit vector) through the dark centre, the light ring and the dark
// ring, and returns the point where the dark ring ends: the pattern's
// outer edge. Each part must be at least one step and the whole walk at
// most limit steps.
func ringEdge(bin *matrix.Matrix, c, d Point, limit int) (Point, bool) {
	scale := math.Max(math.Abs(d.X), math.Abs(d.Y))
	step := d.Mul(1 / scale) // one pixel along the major axis
	k := 0
	for part, dark := 0, true; part < 3; part, dark = part+1, !dark {
		n := 0
		for k <= limit {
			p := c.Add(step.Mul(float64(k)))
			x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
			if !bin.In(x, y) {
				return Point{}, false
			}
			if bin.Pix[y*bin.Width+x] != dark {
				break
			}
			n++
			k++
		}
		if n == 0 || k > limit {
			return Point{}, false
		}
	}
	// Steps 0..k-1 were inside the pattern; the edge is halfway between
	// the last dark pixel and the first light one.
	return c.Add(step.Mul(float64(k) - 0.5)), true
}
