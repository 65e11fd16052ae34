package maxicode

import (
	"cmp"
	"context"
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Finding the central finder (ISO/IEC 16023:2000 §4.2.1.1, Figure 8):
// three dark rings around a light centre, six circles in all. Any line
// through the centre crosses them in the same order, whatever the
// rotation: dark, light, dark, light, dark, the light centre, and the
// same again, eleven runs, the ten rings' each 0.78X wide and the centre
// 1.15X, about half as wide again. The outermost runs may run on into
// dark modules beyond the finder, so only the inner nine are measured. Perspective turns the circles into
// ellipses, which a line through the centre still crosses in that order,
// the runs scaled alike on either side. A row whose runs look so is
// checked along the column and both diagonals through its centre.

// bullseye is a finder candidate: its centre and ring width in pixels,
// and the number of rows that found it.
type bullseye struct {
	center detect.Point
	ring   float64
	count  int
}

// ringRatio is the width of the light centre to that of a ring (Figure 8:
// V = 2X/√3 against (9X-V)/10). Not every printer draws it so: the
// finders of maxicode-1 have a centre of 2X and rings of 0.7X, a ratio
// of nearly 3, so the tests allow 0.5 to 2.2 times it.
var ringRatio = (2 / math.Sqrt(3)) / ((9 - 2/math.Sqrt(3)) / 10)

// Bounds of the centre's width, in rings, relative to ringRatio.
const (
	minCentre = 0.5
	maxCentre = 2.2
)

// minRing is the narrowest ring, in pixels, looked for: rings of modules
// of about 2 pixels; smaller symbols are read from the image enlarged (the
// plan's last resort), and a texture of one-pixel runs, which looks like
// rings on many rows, then costs nothing but its runs.
const minRing = 1.5

// ringSlack is the relative difference from the mean that a ring's run
// may have: binarization and blur widen dark rings and narrow light ones
// by up to about half a ring each way (TestFindBlurred guards it); a run
// may always be a pixel off.
const ringSlack = 0.5

// maxAspect is the most that the finder's rings may be wider along one
// line through the centre than along another: a circle seen at 60° from
// straight on, beyond which the symbol's modules are too squeezed to read.
const maxAspect = 2.0

// Bounds on the work of one view, from cheap to dear tests.
const (
	// maxBullseyes caps the candidates of a view, best first: a view
	// rarely holds more than a few symbols, and busy textures hold many
	// chance patterns, each of which costs a decoding attempt.
	maxBullseyes = 16
)

// maxConfirms caps the row hits of one view that are checked along the
// column and diagonals: twice the image's width and height. A real finder
// is confirmed on the few rows through its centre; a texture that passes
// the row test everywhere is cut off by it.
func maxConfirms(w, h int) int { return 2 * (w + h) }

// findBullseyes returns the finder candidates of bin (true = dark),
// scanning every step-th row, best first (found on the most rows), at most
// maxBullseyes. It stops early, returning what it has, when ctx is done.
// A row hit at a point that covered (when not nil) reports, for its
// module size, is skipped before it is checked further: the place of a
// symbol found already (View.Covered), whose modules hold chance rings.
//
// With lum, the luminance plane at bin's scale (nil for none), a row hit
// must also show contrast: its light centre lighter than the dark rings
// beside it by minContrast. A local binarizer turns the noise of a plain
// background into patterns, some of which look like rings
// (TestFinderNoise).
func findBullseyes(ctx context.Context, bin *matrix.Matrix, lum *image.Gray, step int, covered func(detect.Point, float64) bool) []bullseye {
	return findBullseyesStats(ctx, bin, lum, step, covered, &finderStats{})
}

// minContrast is the least difference, in grey levels, between the mean
// luminance of the finder's light centre and of the dark rings beside it
// along a row: a printed finder shows a hundred or more, even blurred;
// noise of a plain page binarized locally a few (TestFinderNoise).
const minContrast = 16

// finderStats counts the row hits that reach each test of findBullseyes,
// for the tests and benchmarks that guard its thresholds.
type finderStats struct {
	confirms int // row hits checked along the column and diagonals
	found    int // that passed
}

// findBullseyesStats is findBullseyes, counting its work in st.
func findBullseyesStats(ctx context.Context, bin *matrix.Matrix, lum *image.Gray, step int, covered func(detect.Point, float64) bool, st *finderStats) []bullseye {
	w, h := bin.Width, bin.Height
	if lum != nil && (lum.Rect.Dx() != w || lum.Rect.Dy() != h) {
		lum = nil
	}
	if w < 12 || h < 12 {
		return nil
	}
	step = max(step, 1)
	var found []bullseye
	confirms := 0
	// b[j] and b[j+1] are where run j of a row begins and ends; wins
	// holds the centre runs of prev, the row last scanned: a row equal to
	// it has the same runs and the same centres (finderWindows), and only
	// the tests that depend on where the row is are run again.
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
			wins = finderWindows(b, nr, row[0], wins[:0])
			prev = row
		}
		for _, k := range wins {
			u := float64(b[k+5]-b[k-4]-(b[k+1]-b[k])) / 8
			c := detect.Point{X: float64(b[k]+b[k+1]) / 2, Y: float64(y) + 0.5}
			if covered != nil && covered(c, u/ringWidth) {
				continue // inside a symbol found already
			}
			if confirms++; confirms > maxConfirms(w, h) {
				return best(found, maxBullseyes)
			}
			if lum != nil && !contrasted(lum.Pix[y*lum.Stride:y*lum.Stride+w], b[k-1:k+3]) {
				continue
			}
			st.confirms++
			bc, ok := confirm(bin, c, u)
			if !ok {
				continue
			}
			st.found++
			found = merge(found, bc)
			if len(found) > 4*maxBullseyes {
				found = best(found, 2*maxBullseyes)
			}
		}
	}
	return best(found, maxBullseyes)
}

// finderWindows appends to ks the light runs k of a row that look like
// the finder's centre, with five runs on either side (b[j] to b[j+1] is
// run j, of nr; first is the colour of the row's first pixel), and
// returns ks. The centre against the rings first: the nine inner runs'
// total, and the centre's share of it. The outer dark ring may run into
// dark modules beyond it, and is only checked not to be thin.
//
// These tests depend on the row's runs alone, so findBullseyes runs them
// once for a row equal to the one before it: an enlarged view repeats
// every row (binarize.Enlarge), and drawn symbols repeat rows by the
// module.
func finderWindows(b []int32, nr int, first bool, ks []int32) []int32 {
	// Run j covers [b[j], b[j+1]). The centre is light: run k with
	// five runs on either side.
	k := 6 // run 0 is light, and so are the even runs
	if first {
		k = 5
	}
	for ; k+5 < nr; k += 2 {
		inner := b[k+5] - b[k-4]
		centre := b[k+1] - b[k]
		rings := inner - centre
		if float64(rings) < 8*minRing {
			continue
		}
		u := float64(rings) / 8
		if c := float64(centre); c < minCentre*ringRatio*u || c > maxCentre*ringRatio*u+1 {
			continue
		}
		if !evenRuns(b[k-4:k+1], u) || !evenRuns(b[k+1:k+6], u) ||
			float64(b[k-4]-b[k-5]) < u*(1-ringSlack)-1 || float64(b[k+6]-b[k+5]) < u*(1-ringSlack)-1 {
			continue
		}
		// The two sides alike (perspective scales them differently,
		// but not by a third).
		if l, r := b[k]-b[k-4], b[k+5]-b[k+1]; 3*abs(l-r) > l+r+4 {
			continue
		}
		ks = append(ks, int32(k))
	}
	return ks
}

// evenRuns reports whether the four runs between boundaries e[0] … e[4]
// are each within ringSlack of u, a pixel allowed.
func evenRuns(e []int32, u float64) bool {
	lo, hi := u*(1-ringSlack)-1, u*(1+ringSlack)+1
	for j := 0; j < 4; j++ {
		r := float64(e[j+1] - e[j])
		if r < lo || r > hi {
			return false
		}
	}
	return true
}

// confirm checks a row hit at c with ring width u along the column and
// the two diagonals through it: each must show the finder's eleven runs.
// It returns the candidate with its centre moved to the middle of the
// column's centre run.
func confirm(bin *matrix.Matrix, c detect.Point, u float64) (bullseye, bool) {
	y := int(c.Y)
	limit := int(12*u) + 4
	// The longest runs a finder seen at up to maxAspect shows, in steps
	// of one pixel across or one pixel diagonally.
	maxFirst := int(maxAspect*maxCentre*ringRatio*u/2) + 2
	maxRun := int(maxAspect*u*(1+ringSlack)) + 2
	// The column through the centre, or one a little to the side: a
	// printer's hexagons may leave a line of light through the rings.
	// Where a third of a ring is under a pixel, two of the three are the
	// same column, whose runs are not walked again.
	var up, down [6]int
	x, found := 0, false
	x0 := int(c.X)
	for i, dx := range [...]float64{0, -0.3, 0.3} {
		x = int(c.X + dx*u)
		if i > 0 && x == x0 || bin.Get(x, y) {
			continue
		}
		var okU, okD bool
		up, okU = crossRuns(bin, x, y, 0, -1, limit, maxFirst, maxRun)
		if !okU {
			continue
		}
		down, okD = crossRuns(bin, x, y, 0, 1, limit, maxFirst, maxRun)
		if okU && okD && finderLine(up, down, u) {
			found = true
			break
		}
	}
	if !found {
		return bullseye{}, false
	}
	// The column's centre run puts the centre's y.
	cy := float64(y) + 0.5 + float64(down[0]-up[0])/2
	y = int(cy)
	n := 0
	for _, d := range [2][2]int{{1, 1}, {1, -1}} {
		a, okA := crossRuns(bin, x, y, d[0], d[1], limit, maxFirst, maxRun)
		if !okA {
			break
		}
		b, okB := crossRuns(bin, x, y, -d[0], -d[1], limit, maxFirst, maxRun)
		if !okB || !finderLine(a, b, u/math.Sqrt2) {
			break
		}
		n++
	}
	// Both diagonals: stripes at 45° pass the row, the column and the
	// diagonal across them (BenchmarkAdversarialReaders/stripes45).
	if n < 2 {
		return bullseye{}, false
	}
	return bullseye{center: detect.Point{X: c.X, Y: cy}, ring: u, count: 1}, true
}

// crossRuns walks from (x, y), a light pixel, in steps (dx, dy) and
// returns the length of the light run it starts in and of the five runs
// after it, in steps; ok is false when the image or limit ends first, or
// the first run is longer than maxFirst or one of the next four longer
// than maxRun steps (the walk stops there: most row hits are chance
// patterns that a long run gives away early).
func crossRuns(bin *matrix.Matrix, x, y, dx, dy, limit, maxFirst, maxRun int) (runs [6]int, ok bool) {
	if !bin.In(x, y) {
		return runs, false
	}
	// n is the number of steps the walk may take: limit, or fewer where
	// the image ends first. Each run is then walked in a loop that only
	// compares pixels, one run at a time.
	n := limit
	switch {
	case dx > 0:
		n = min(n, bin.Width-x)
	case dx < 0:
		n = min(n, x+1)
	}
	switch {
	case dy > 0:
		n = min(n, bin.Height-y)
	case dy < 0:
		n = min(n, y+1)
	}
	pix, i, d := bin.Pix, y*bin.Width+x, dy*bin.Width+dx
	want := false
	s := 0
	for j := range runs {
		// Run j may not pass its own bound: maxFirst for the first run,
		// maxRun for the next four, the walk's end for the last. A run
		// that reaches it, or the walk's end, fails.
		end := n
		switch {
		case j == 0:
			end = min(n, s+maxFirst+1)
		case j < 5:
			end = min(n, s+maxRun+1)
		}
		start := s
		for s < end && pix[i] == want {
			i += d
			s++
		}
		runs[j] = s - start
		if s >= end {
			return runs, false
		}
		want = !want
	}
	return runs, true
}

// finderLine reports whether the runs either way from the centre along a
// line look like the finder's: the centre (a and b's first runs, which
// both hold the starting pixel) about ringRatio rings wide, the ten rings
// alike, the two sides alike, and the rings within maxAspect of rowRing,
// the rings' width along the row in steps of this line: perspective
// squeezes a circle into an ellipse, but not into a line (stripes at 80°
// pass every other test along the column,
// BenchmarkAdversarialReaders/stripes80).
func finderLine(a, b [6]int, rowRing float64) bool {
	// The outer dark ring (run 5) may run into dark modules beyond it.
	rings := 0
	for j := 1; j < 5; j++ {
		rings += a[j] + b[j]
	}
	u := float64(rings) / 8
	if u < minRing*0.7 || u > maxAspect*rowRing+1 || u < rowRing/maxAspect-1 {
		return false
	}
	if c := float64(a[0] + b[0] - 1); c < minCentre*ringRatio*u-1 || c > maxCentre*ringRatio*u+2 {
		return false
	}
	lo, hi := u*(1-ringSlack)-1.5, u*(1+ringSlack)+1.5
	if float64(a[5]) < lo || float64(b[5]) < lo {
		return false
	}
	sa, sb := 0, 0
	for j := 1; j < 5; j++ {
		for _, r := range [2]int{a[j], b[j]} {
			if f := float64(r); f < lo || f > hi {
				return false
			}
		}
		sa += a[j]
		sb += b[j]
	}
	// Perspective scales the sides differently, but not by a third.
	return math.Abs(float64(sa-sb)) <= 0.3*float64(sa+sb)/2+2
}

// merge adds b to found, or counts it to a candidate within two rings of
// its centre.
func merge(found []bullseye, b bullseye) []bullseye {
	for i := range found {
		f := &found[i]
		if f.center.Dist(b.center) < 2*max(f.ring, b.ring) {
			n := float64(f.count)
			f.center = f.center.Mul(n / (n + 1)).Add(b.center.Mul(1 / (n + 1)))
			f.ring = (f.ring*n + b.ring) / (n + 1)
			f.count++
			return found
		}
	}
	return append(found, b)
}

// best returns the n candidates found on the most rows.
func best(found []bullseye, n int) []bullseye {
	slices.SortStableFunc(found, func(a, b bullseye) int { return cmp.Compare(b.count, a.count) })
	if len(found) > n {
		found = found[:n]
	}
	return found
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// contrasted reports whether the light run from e[1] to e[2] of row is
// lighter by minContrast, on average, than the dark runs e[0]-e[1] and
// e[2]-e[3] beside it.
func contrasted(row []uint8, e []int32) bool {
	mean := func(a, b int32) int {
		sum := 0
		for _, v := range row[a:b] {
			sum += int(v)
		}
		return sum / int(max(b-a, 1))
	}
	light := mean(e[1], e[2])
	return light-mean(e[0], e[1]) >= minContrast && light-mean(e[2], e[3]) >= minContrast
}
