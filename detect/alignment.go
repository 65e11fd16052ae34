package detect

import (
	"math"

	"github.com/barkit/barkit/matrix"
)

// alignPattern is the cross-section of an alignment pattern's light ring
// and dark centre: light, dark, light, one module each (ISO/IEC
// 18004:2015 §6.3.6). The dark ring outside may run into dark data
// modules, so it is only required to be there.
var alignPattern = [3]float64{1, 1, 1}

// FindAlignment looks for an alignment pattern (a dark module inside a
// light ring inside a dark ring) of modules about module pixels wide whose
// centre is within radius pixels of est, in bin (true = dark). Candidates
// must show the light-dark-light cross-section along the row, the column
// and both diagonals through their centre; the one nearest est is
// returned.
func FindAlignment(bin *matrix.Matrix, est Point, module, radius float64) (Point, bool) {
	if module <= 0 || radius <= 0 || math.IsNaN(est.X+est.Y+module+radius) {
		return Point{}, false
	}
	x0 := max(int(est.X-radius), 0)
	x1 := min(int(est.X+radius)+1, bin.Width)
	y0 := max(int(est.Y-radius), 0)
	y1 := min(int(est.Y+radius)+1, bin.Height)
	limit := int(3*module) + 2 // no run of the pattern is longer
	best, bestDist := Point{}, math.Inf(1)
	for y := y0; y < y1; y++ {
		row := bin.Pix[y*bin.Width : (y+1)*bin.Width]
		var runs [4]int // dark, light, dark, light; the last completed runs
		n := 0
		x := x0
		for x < x1 && !row[x] {
			x++
		}
		for x < x1 {
			dark := row[x]
			start := x
			for x < x1 && row[x] == dark {
				x++
			}
			copy(runs[:3], runs[1:])
			runs[3] = x - start
			n++
			// A light run just ended with a dark pixel after it: the
			// runs end light, dark, light, bounded by dark.
			if dark || x >= x1 || n < 4 {
				continue
			}
			if !matchAlign([3]int{runs[1], runs[2], runs[3]}, module) {
				continue
			}
			cx := float64(x-runs[3]) - float64(runs[2])/2
			p, ok := confirmAlignment(bin, Point{cx, float64(y) + 0.5}, module, limit)
			if !ok {
				continue
			}
			if d := p.Dist(est); d < bestDist && d <= radius {
				best, bestDist = p, d
			}
		}
	}
	return best, !math.IsInf(bestDist, 1)
}

// matchAlign reports whether light, dark, light runs fit the 1:1:1
// cross-section of modules about module pixels wide. Sums of adjacent
// runs keep their length under blur (see matchRuns); the bounds are loose
// because the caller's module size comes from patterns elsewhere in the
// symbol and perspective may have changed it by up to half.
func matchAlign(runs [3]int, module float64) bool {
	for i := 0; i < 2; i++ {
		got := float64(runs[i] + runs[i+1])
		if got < module || got > 3.2*module+1 {
			return false
		}
	}
	for _, r := range runs {
		if float64(r) > 2.5*module+1 {
			return false
		}
	}
	return true
}

// confirmAlignment checks a row hit along the column, the row again and
// both diagonals, and returns the refined centre.
func confirmAlignment(bin *matrix.Matrix, c Point, module float64, limit int) (Point, bool) {
	off, ok := alignCross(bin, c, 0, 1, module, limit)
	if !ok {
		return Point{}, false
	}
	c.Y += off
	if off, ok = alignCross(bin, c, 1, 0, module, limit); !ok {
		return Point{}, false
	}
	c.X += off
	// Diagonal steps are √2 pixels long and the pattern is √2 times wider
	// along its diagonals, so module is the same in steps.
	for _, d := range [2][2]int{{1, 1}, {1, -1}} {
		if _, ok := alignCross(bin, c, d[0], d[1], module, limit); !ok {
			return Point{}, false
		}
	}
	return c, true
}

// alignCross measures the light-dark-light cross-section through c in
// direction (dx, dy), requiring dark beyond both light runs, and returns
// how far along the line the middle of the dark centre lies from c.
func alignCross(bin *matrix.Matrix, c Point, dx, dy int, module float64, limit int) (float64, bool) {
	x, y := int(math.Floor(c.X)), int(math.Floor(c.Y))
	if !bin.Get(x, y) {
		return 0, false
	}
	back := walk(bin, x, y, -dx, -dy, true, limit)
	lb := walk(bin, x-dx*back, y-dy*back, -dx, -dy, false, limit)
	fwd := walk(bin, x, y, dx, dy, true, limit)
	lf := walk(bin, x+dx*fwd, y+dy*fwd, dx, dy, false, limit)
	// The dark ring beyond each light run.
	if !bin.Get(x-dx*(back+lb), y-dy*(back+lb)) || !bin.Get(x+dx*(fwd+lf), y+dy*(fwd+lf)) {
		return 0, false
	}
	if !matchAlign([3]int{lb, back + fwd - 1, lf}, module) {
		return 0, false
	}
	mid := float64(fwd-back) / 2
	step := math.Hypot(float64(dx), float64(dy))
	return mid*step + (float64(x)+0.5-c.X)*float64(dx)/step + (float64(y)+0.5-c.Y)*float64(dy)/step, true
}
