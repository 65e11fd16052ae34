package aztec

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Finding bull's-eyes (ISO/IEC 24778:2008 §7.1.2, §14.1): concentric
// squares, a dark centre module inside light and dark rings one module
// wide. Any line through the centre crosses the rings in the same order,
// so along a row through it the bull's-eye shows dark, light, dark, light,
// dark (the centre), light, dark, light, dark: seven inner runs of one
// module between the dark ring 4 modules out on either side, whatever the
// rotation, and widened equally by perspective. Each row that shows them
// is checked at a few points of the column, then for a centre that stops
// short along eight lines, then by the runs along the column and both
// diagonals through the centre it gives (findBullseyesStats counts what
// passes each test; TestFinderTextures guards them).

// bullseye is a bull's-eye candidate: its centre and module size in
// pixels, and the number of rows that found it.
type bullseye struct {
	center detect.Point
	module float64
	count  int
	// light marks a bull's-eye of light rings on a dark ground: light
	// where a symbol printed as usual is dark.
	light bool
	// xs and ys are the centres the rows found (up to maxHits), whose
	// medians make the centre: a row through a speck that a thin ring
	// touches may pass for one through the centre, off by a module.
	xs, ys []float64
}

// maxHits caps the centres a candidate keeps for its median.
const maxHits = 15

// maxConfirms caps the row hits of one view that are confirmed along the
// column and diagonals, the dearest test: twice the image's width and
// height. A real bull's-eye is confirmed on the few rows through its centre
// module, and the corpus's images need at most a few hundred in all; a
// checkerboard of 3-pixel squares passes every cheaper test on two rows
// of three.
func maxConfirms(w, h int) int { return 2 * (w + h) }

// maxClosed caps the row hits of one view that closedCentre tests: eight
// times the image's width and height. Stripes, which pass the row and
// column tests at every other run, are cut off by it.
func maxClosed(w, h int) int { return 8 * (w + h) }

// minModule is the smallest module, in pixels, that a bull's-eye is looked
// for at: symbols drawn with a pixel per module are read from the image
// enlarged (the plan enlarges small images), and a checkerboard of
// one-pixel squares, which looks like a bull's-eye at every pixel of every
// row, costs nothing more than its runs.
const minModule = 1.5

// maxBullseyes caps the candidates of one view, best first: a view rarely
// holds more than a few symbols, and busy textures hold many chance
// patterns, each of which costs a decoding attempt.
const maxBullseyes = 32

// innerRuns is the number of runs of one module each between the dark
// rings 4 modules from the centre: light, dark, light, dark (the centre),
// light, dark, light.
const innerRuns = 7

// runTolerance is the relative difference from the mean that an inner run
// may have: blur and binarization widen dark runs and narrow light ones by
// up to about half a module each, and perspective changes the module size
// across the bull's-eye by much less. A run may always be a pixel off.
const runTolerance = 0.5

// findBullseyes returns the bull's-eye candidates of bin (true = dark),
// scanning every step-th row, best first (found on the most rows), at most
// maxBullseyes. With light, it also looks for light-on-dark bull's-eyes:
// the same scan of the same view finds both, where an inverted view would
// cost a second binarization and scan. It stops early, returning what it
// has, when ctx is done. A row hit at a point that covered (when not nil)
// reports, for its module size, is skipped before it is checked further:
// the place of a symbol found already (View.Covered), whose modules hold
// chance rings.
//
// The checks go from cheap to dear, so that a texture whose rows look like
// a bull's-eye's (a checkerboard, fine stripes) costs little per row hit:
// the runs of the row, then probes of the column (which stripes and noise
// fail), then the centre run along both diagonals (which a checkerboard
// fails: its dark squares touch at their corners), and only then the full
// cross-sections along the column and the diagonals.
func findBullseyes(ctx context.Context, bin *matrix.Matrix, step int, light bool, covered func(detect.Point, float64) bool) []bullseye {
	return findBullseyesStats(ctx, bin, step, light, covered, &finderStats{})
}

// finderStats counts the row hits that reach each test of findBullseyes,
// for the tests that guard its thresholds.
type finderStats struct {
	windows int // windows of runs whose inner runs look like rings
	probed  int // that passed the column probes
	closed  int // that passed closedCentre too
	found   int // that were confirmed along four lines
}

// findBullseyesStats is findBullseyes, counting its work in st.
func findBullseyesStats(ctx context.Context, bin *matrix.Matrix, step int, light bool, covered func(detect.Point, float64) bool, st *finderStats) []bullseye {
	w, h := bin.Width, bin.Height
	if w < innerRuns+2 || h < innerRuns+2 {
		return nil
	}
	if step < 1 {
		step = 1
	}
	var found []bullseye
	confirms, closed := 0, 0
	// b[j] and b[j+1] are where run j of a row begins and ends; wins
	// holds the windows of prev, the row last scanned: a row equal to it
	// has the same runs and windows (ringWindows), and only the tests
	// that depend on where the row is are run again.
	b := make([]int32, w+2)
	var wins []int32
	var prev []bool
	for i, y := 0, step/2; y < h; i, y = i+1, y+step {
		if i&63 == 0 && ctx.Err() != nil {
			break
		}
		row := bin.Pix[y*w : (y+1)*w]
		if !detect.SameRow(row, prev) {
			nr := detect.RunEnds(row, b[1:])
			wins = ringWindows(b, nr, row[0], light, wins[:0])
			prev = row
		}
		for _, k := range wins {
			inner := b[k] - b[k-7]
			m := float64(inner) / innerRuns
			st.windows++
			dark := row[0] == (k%2 == 0) // the colour of run k, and of the centre
			// The centre run is the middle one.
			c := detect.Point{X: float64(b[k-4]+b[k-3]) / 2, Y: float64(y) + 0.5}
			if covered != nil && covered(c, m) {
				continue // inside a symbol found already
			}
			if !probeColumn(bin, c, m, dark) {
				continue
			}
			st.probed++
			if closed++; closed > maxClosed(w, h) {
				return best(found, maxBullseyes)
			}
			if !closedCentre(bin, c, m, dark) {
				continue
			}
			st.closed++
			if confirms++; confirms > maxConfirms(w, h) {
				// A texture that passes every cheap test all over: stop
				// spending on it.
				return best(found, maxBullseyes)
			}
			c, m, ok := confirm(bin, c, m, dark)
			if !ok {
				continue
			}
			st.found++
			found = merge(found, bullseye{center: c, module: m, count: 1, light: !dark})
			if len(found) > 4*maxBullseyes {
				// A texture of chance patterns: keep the best.
				found = best(found, 2*maxBullseyes)
			}
		}
	}
	return best(found, maxBullseyes)
}

// ringWindows appends to ks the windows of runs of a row that look like
// the middle of a bull's-eye, and returns ks: the window ending with run
// k (b[j] to b[j+1] is run j, of nr; first is the colour of the row's
// first pixel), whose seven inner runs, k-7 to k-1, pass ringRuns and
// hold at least minModule pixels each on average, between runs k-8 and k
// at least half a module wide (the dark rings beyond). Without light,
// only the windows whose centre is dark.
//
// These tests depend on the row's runs alone, so findBullseyes runs them
// once for a row equal to the one before it: an enlarged view repeats
// every row (binarize.Enlarge), and drawn symbols repeat rows by the
// module.
func ringWindows(b []int32, nr int, first, light bool, ks []int32) []int32 {
	// Runs alternate from the colour of the first pixel. The window's
	// last run is run k, of the colour of the centre, with eight runs
	// before it; without light, k is even when the first run is dark
	// (any k passes sel, unless k's last bit is different from want).
	want, sel := uint32(0), uint32(0)
	if !first {
		want = 1
	}
	if light {
		sel = 1
	}
	// Within each colour, ringRuns allows no run more than three times
	// another (a light run is within sl/8 and 3·sl/8 of the light runs'
	// total sl, a dark one within sd/6 and sd/2, and short runs of one
	// or two pixels differ less). So a window passes only if each pair
	// of runs two apart among its inner runs is within three times: bit
	// i of pairs holds that for runs k-3-i and k-1-i, and a window needs
	// its last five bits set. Noise fails this cheap test at random, on
	// most windows: the first pass writes every k to ks and keeps those
	// that pass by counting them, without a branch the processor would
	// mispredict, and the second runs the dearer tests on those.
	if nr < innerRuns+2 {
		return ks[:0] // no window of nine runs
	}
	b = b[:nr+1]
	ks = slices.Grow(ks[:0], nr)[:nr]
	n := 0
	var pairs uint32
	ra, rb := b[2]-b[1], b[3]-b[2] // runs k-3 and k-2
	for k := 4; k < nr; k++ {
		rc := b[k] - b[k-1] // run k-1
		ok := uint32(0)
		if max(ra-3*rc, rc-3*ra) <= 0 {
			ok = 1
		}
		pairs = pairs<<1 | ok
		ra, rb = rb, rc
		// And the inner runs at least minModule a run on average, the
		// first of ringWindow's tests: a view halved (or a fine texture)
		// holds windows of one-pixel runs that pass the pairs by the
		// million.
		big := uint32(0)
		if 2*(b[k]-b[max(k-7, 0)]) >= 2*innerRuns*minModule {
			big = 1
		}
		// The first window, k = 8, is the first with five pairs.
		ks[n] = int32(k)
		n += int((pairs&0x1f + 1) >> 5 & big & (sel | ^(uint32(k)^want)&1))
	}
	m := 0
	for _, k := range ks[:n] {
		ks[m] = k
		if ringWindow(b[k-8 : k+2]) {
			m++
		}
	}
	return ks[:m]
}

// ringWindow reports whether the window of runs e[j] to e[j+1], j from 0
// to 8, has the middle of a bull's-eye's rings: seven inner runs (1 to 7)
// of minModule pixels or more on average that pass ringRuns, between
// runs 0 and 8 of at least half their mean (the dark rings beyond). The
// row scan runs it on every window that its pairs of runs pass, where
// noise passes or fails each of its tests at random: it computes how far
// each test is from failing and takes the largest, with min and max
// (conditional moves) instead of a branch per test that the processor
// would mispredict. The tests are in integers, exactly.
func ringWindow(e []int32) bool {
	e = e[:innerRuns+3]
	inner := e[8] - e[1]
	// inner ≥ innerRuns·minModule, and each outer run ≥ inner/innerRuns/2.
	over := max(int32(2*innerRuns*minModule)-2*inner,
		inner-2*innerRuns*(e[1]-e[0]), inner-2*innerRuns*(e[9]-e[8]))
	return max(over, ringRuns(e[1:innerRuns+2])) <= 0
}

// ringRuns is innerModule's test in integers, on the boundaries of the
// seven inner runs (e[j] to e[j+1]): it returns how far the runs are
// from failing it, at most 0 when they pass. The test is that the light
// runs (the even ones, four) and the dark runs (three) have means within
// three times of each other, and each run is within runTolerance of its
// colour's mean or a pixel.
func ringRuns(e []int32) int32 {
	e = e[:innerRuns+1]
	r0, r1, r2, r3 := e[1]-e[0], e[2]-e[1], e[3]-e[2], e[4]-e[3]
	r4, r5, r6 := e[5]-e[4], e[6]-e[5], e[7]-e[6]
	sl := r0 + r2 + r4 + r6
	sd := r1 + r3 + r5
	// The means within three times: 4·sd ≤ 3·3·sl and 3·sl ≤ 4·3·sd.
	over := max(4*sd-3*3*sl, 3*sl-4*3*sd)
	// Each run within max(mean·runTolerance, 1) of its colour's mean,
	// times n (4 light, 3 dark): 2·|n·r - sum| ≤ max(sum, 2·n), where
	// runTolerance is a half.
	tl, td := max(sl, 2*4), max(sd, 2*3)
	return max(over,
		2*absDiff(4*r0, sl)-tl, 2*absDiff(4*r2, sl)-tl,
		2*absDiff(4*r4, sl)-tl, 2*absDiff(4*r6, sl)-tl,
		2*absDiff(3*r1, sd)-td, 2*absDiff(3*r3, sd)-td,
		2*absDiff(3*r5, sd)-td)
}

// absDiff returns |a - b| without a branch.
func absDiff(a, b int32) int32 {
	return max(a-b, b-a)
}

// innerModule returns the module size the inner runs give, and whether
// they look like rings: light and dark alternating, the light runs about
// equal to each other and the dark ones too (within runTolerance of their
// mean, or a pixel). Ink spread or blur make dark rings wider than light
// ones by the same amount all round; a light run is at least a third of a
// dark one and at most three times it.
func innerModule(runs []int) (float64, bool) {
	var sum [2]int
	var n [2]int
	for i, r := range runs {
		sum[i%2] += r
		n[i%2]++
	}
	mean := [2]float64{float64(sum[0]) / float64(n[0]), float64(sum[1]) / float64(n[1])}
	if mean[0] > 3*mean[1] || mean[1] > 3*mean[0] {
		return 0, false
	}
	for i, r := range runs {
		m := mean[i%2]
		if math.Abs(float64(r)-m) > math.Max(runTolerance*m, 1) {
			return 0, false
		}
	}
	return (mean[0] + mean[1]) / 2, true
}

// probeColumn checks the column through the centre c for the rings 1 to
// 3 modules above and below it: light, dark, light. The rings are as wide
// along the column as along the row at any rotation, but perspective may
// make them up to maxStretch times wider or narrower: the probes are tried
// at the row's module m and at scales 1/maxStretch to maxStretch. Stripes
// and most noise fail the first probe at every scale.
func probeColumn(bin *matrix.Matrix, c detect.Point, m float64, centre bool) bool {
	x := int(c.X)
	for _, scale := range probeScales {
		mm := m * scale
		// Above the row first: the rows the scan has just read, in the
		// cache.
		if bin.Get(x, int(c.Y-mm)) != centre && bin.Get(x, int(c.Y-2*mm)) == centre && bin.Get(x, int(c.Y-3*mm)) != centre &&
			bin.Get(x, int(c.Y+mm)) != centre && bin.Get(x, int(c.Y+2*mm)) == centre && bin.Get(x, int(c.Y+3*mm)) != centre {
			return true
		}
	}
	return false
}

// probeScales are the scales of probeColumn, nearest to 1 first.
var probeScales = [...]float64{1, 0.75, 1.35, 0.55, 1.8, 0.4, 2.5, 1.0 / maxStretch, maxStretch}

// closedCentre checks that the centre's dark run is short along eight
// lines through c, 22.5° apart: the centre module of a bull's-eye is a
// small square, however it is turned, about m pixels across (m is its
// width along the row, between 1 and √2 modules) and stretched by
// perspective up to maxStretch times. Stripes at any angle run on along
// one of the lines, the dark squares of a checkerboard meet at their
// corners along a diagonal, and noise seldom stops short on all sixteen
// half-lines: a cheap test before the cross-sections.
func closedCentre(bin *matrix.Matrix, c detect.Point, m float64, centre bool) bool {
	limit := maxStretch*m + 2
	for _, d := range closedDirs {
		n := 1.0
		for _, s := range [2]float64{-1, 1} {
			for t := 1.0; t <= limit; t++ {
				x, y := c.X+s*t*d.X, c.Y+s*t*d.Y
				if bin.Get(int(math.Floor(x)), int(math.Floor(y))) != centre {
					break
				}
				n++
			}
		}
		if n > limit {
			return false
		}
	}
	return true
}

// closedDirs are the eight directions of closedCentre, unit vectors.
var closedDirs = func() [8]detect.Point {
	var d [8]detect.Point
	for i := range d {
		a := math.Pi * float64(i) / 8
		d[i] = detect.Point{X: math.Cos(a), Y: math.Sin(a)}
	}
	return d
}()

// maxStretch is how much wider a bull's-eye's modules may be along one
// line through its centre than along the row that found it: a symbol
// seen at 70° from its normal is three times narrower one way than the
// other.
const maxStretch = 3

// confirm checks that the lines through c along the row, the column and
// both diagonals cross the bull's-eye's rings, and returns the centre
// refined to the middle of the row and column crossings, and the module
// size as the mean of the four.
func confirm(bin *matrix.Matrix, c detect.Point, m float64, centre bool) (detect.Point, float64, bool) {
	var sum float64
	mid := c
	for i, d := range [4]detect.Point{{X: 1, Y: 0}, {X: 0, Y: 1}, {X: 1, Y: 1}, {X: 1, Y: -1}} {
		lo, hi, mod, ok := crossSection(bin, c, d, m, centre)
		if !ok {
			return c, 0, false
		}
		sum += mod
		switch i {
		case 0:
			mid.X = (lo + hi) / 2
		case 1:
			mid.Y = (lo + hi) / 2
		}
	}
	return mid, sum / 4, true
}

// crossSection walks from c both ways along direction d (a unit step
// along an axis or a diagonal) across the rings: from the dark centre run,
// three more runs each way, light, dark, light, each about one module (m
// pixels along the axes, the same number of steps along a diagonal), and
// the dark ring beyond. It returns where the centre run begins and ends
// along the axis of d's x (or y, for a vertical d), in pixels, and the
// module size it measured.
func crossSection(bin *matrix.Matrix, c detect.Point, d detect.Point, m float64, centre bool) (lo, hi, module float64, ok bool) {
	x0, y0 := int(c.X), int(c.Y)
	dx, dy := int(d.X), int(d.Y)
	limit := int(maxStretch*1.5*m) + 2 // the longest run that counts as one module
	// run walks from (x0, y0) in direction (sx, sy) while the colour is
	// dark, and returns the steps taken.
	run := func(x, y, sx, sy int, dark bool) int {
		n := 0
		for bin.In(x, y) && bin.Pix[y*bin.Width+x] == (dark == centre) && n <= limit {
			x, y = x+sx, y+sy
			n++
		}
		return n
	}
	if bin.Get(x0, y0) != centre {
		return 0, 0, 0, false
	}
	// The centre run, both ways.
	back := run(x0, y0, -dx, -dy, true) - 1
	fwd := run(x0, y0, dx, dy, true) - 1
	var lens [innerRuns]int
	lens[3] = back + fwd + 1
	// Three runs each way beyond it, then the dark ring.
	for side, s := range [2]int{-1, 1} {
		k := fwd + 1
		if side == 0 {
			k = back + 1
		}
		x, y := x0+s*k*dx, y0+s*k*dy
		dark := false
		for j := 1; j <= 3; j++ {
			n := run(x, y, s*dx, s*dy, dark)
			if n == 0 || n > limit {
				return 0, 0, 0, false
			}
			if s < 0 {
				lens[3-j] = n
			} else {
				lens[3+j] = n
			}
			x, y = x+s*n*dx, y+s*n*dy
			dark = !dark
		}
		// The dark ring 4 modules out.
		if n := run(x, y, s*dx, s*dy, true); float64(n) < float64(lens[3])/3 {
			return 0, 0, 0, false
		}
	}
	mod, good := innerModule(lens[:])
	if !good || mod < m/maxStretch || mod > maxStretch*m {
		return 0, 0, 0, false
	}
	// The centre run spans pixels x0-back .. x0+fwd (along the axis).
	if dx != 0 {
		lo, hi = float64(x0-back), float64(x0+fwd+1)
	} else {
		lo, hi = float64(y0-back), float64(y0+fwd+1)
	}
	return lo, hi, mod, true
}

// merge adds b to the candidates, or counts it for one found already
// within two of its modules.
func merge(found []bullseye, b bullseye) []bullseye {
	for i := range found {
		f := &found[i]
		r := 2 * max(f.module, b.module)
		if d := f.center.Sub(b.center); f.light == b.light && d.X*d.X+d.Y*d.Y < r*r {
			n := float64(f.count)
			f.module = (f.module*n + b.module) / (n + 1)
			f.count++
			if len(f.xs) < maxHits {
				f.xs, f.ys = append(f.xs, b.center.X), append(f.ys, b.center.Y)
				f.center = detect.Point{X: median(f.xs), Y: median(f.ys)}
			}
			return found
		}
	}
	b.xs, b.ys = []float64{b.center.X}, []float64{b.center.Y}
	return append(found, b)
}

// median returns the median of v (the mean of the middle two when their
// number is even), sorting v.
func median(v []float64) float64 {
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// best returns the n candidates found on the most rows.
func best(found []bullseye, n int) []bullseye {
	slices.SortStableFunc(found, func(a, b bullseye) int { return cmp.Compare(b.count, a.count) })
	return found[:min(n, len(found))]
}
