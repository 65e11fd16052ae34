package datamatrix

import (
	"math"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/internal/pixpool"
	"github.com/barkit/barkit/matrix"
)

// This file places the module boundaries of a grid where the symbol's
// modules change colour, in every row and column, not in the clock tracks
// alone. A symbol printed with uneven feed or on a curved surface has
// columns (or rows) of unequal widths that no perspective transform
// follows; the clock tracks show them, but only where ink spread has not
// merged their modules. Every change from dark to light or back between
// two modules of a row lies on a column boundary, so the changes of all
// rows, gathered along x, pile up at the boundaries; ink spread moves the
// dark-to-light and the light-to-dark changes in opposite directions, and
// their mean stays on the boundary.

// transitionSub is the number of samples per module along a row or column
// when gathering colour changes.
const transitionSub = 8

// nominalPull is what the boundary search deducts per sample of distance
// from a boundary's nominal place: far less than one change, it only
// decides between places that the changes rate the same.
const nominalPull = 1.0 / 64

// transitionGrid returns the module boundaries of a rows×cols grid
// sampled through t, along x (cols+1) and y (rows+1) in module coordinates
// of t, placed where the colour changes of all rows and all columns pile
// up (see transitionEdges).
func transitionGrid(bin *matrix.Matrix, t detect.Transform, rows, cols int) (xs, ys []float64) {
	xs = transitionEdges(bin, t, cols, rows, false)
	ys = transitionEdges(bin, t, rows, cols, true)
	return xs, ys
}

// counts holds transitionEdges' counts of changes from one grid to the
// next.
var counts pixpool.Pool[float64]

// transitionEdges finds the n+1 module boundaries across n modules, from
// the colour changes along the m lines of modules that cross them: rows
// when vertical is false (the boundaries are then those of the columns),
// columns otherwise. The boundaries 0 and n stay where t puts them; the
// others are chosen together, by dynamic programming, to lie on as many
// changes as possible while each module keeps between 3/4 and 5/4 of its
// nominal size and each boundary within two modules of its nominal place.
// Each is then put at the mean of the changes around it.
func transitionEdges(bin *matrix.Matrix, t detect.Transform, n, m int, vertical bool) []float64 {
	const sub = transitionSub
	size := sub*n + 1
	// hist[k] counts the changes between the samples at (k-1/2)/sub and
	// (k+1/2)/sub: at module coordinate k/sub.
	hist := counts.Zeroed(size)
	defer counts.Put(hist)
	for j := range m {
		c := float64(j) + 0.5
		prev := false
		for k := 0; k <= sub*n; k++ {
			s := (float64(k) + 0.5) / sub
			p := detect.Point{X: s, Y: c}
			if vertical {
				p = detect.Point{X: c, Y: s}
			}
			q := t.Apply(p)
			x, y := int(math.Floor(q.X)), int(math.Floor(q.Y))
			d := x >= 0 && y >= 0 && x < bin.Width && y < bin.Height && bin.Pix[y*bin.Width+x]
			if k > 0 && d != prev {
				hist[k]++
			}
			prev = d
		}
	}
	// The counts smoothed over a sample either way, which the search
	// maximizes.
	smooth := make([]float64, size)
	for k := range hist {
		smooth[k] = 2 * hist[k]
		if k > 0 {
			smooth[k] += hist[k-1]
		}
		if k+1 < size {
			smooth[k] += hist[k+1]
		}
	}
	// best[j*w+o] is the best total for boundaries 1..j with boundary j at
	// sample j*sub+o-reach; from holds the offset of boundary j-1 on that
	// path.
	const (
		reach   = 2 * sub
		w       = 2*reach + 1
		minStep = sub - sub/4
		maxStep = sub + sub/4
	)
	best := make([]float64, (n+1)*w)
	from := make([]int16, (n+1)*w)
	for i := range best {
		best[i] = math.Inf(-1)
	}
	best[reach] = 0 // boundary 0 at sample 0
	for j := 1; j <= n; j++ {
		for o := range w {
			p := j*sub + o - reach
			if p < 0 || p >= size || (j == n && p != sub*n) {
				continue
			}
			// Boundary j-1 minStep to maxStep samples before p: at
			// offsets o-2 to o+2 (p - ((j-1)*sub + po - reach) is
			// sub + o - po).
			for po := max(o+sub-maxStep, 0); po <= min(o+sub-minStep, w-1); po++ {
				v := best[(j-1)*w+po]
				if math.IsInf(v, -1) {
					continue
				}
				if j < n {
					// Without changes to go by, the nominal place.
					v += smooth[p] - nominalPull*math.Abs(float64(o-reach))
				}
				if v > best[j*w+o] {
					best[j*w+o], from[j*w+o] = v, int16(po)
				}
			}
		}
	}
	edges := make([]float64, n+1)
	edges[n] = float64(n)
	o := reach
	if math.IsInf(best[n*w+o], -1) {
		for j := range edges {
			edges[j] = float64(j)
		}
		return edges
	}
	for j := n; j > 0; j-- {
		if j < n {
			p := j*sub + o - reach
			sum, cnt := 0.0, 0.0
			for k := max(p-3, 0); k <= min(p+3, size-1); k++ {
				sum += hist[k] * float64(k)
				cnt += hist[k]
			}
			e := float64(p)
			if cnt > 0 {
				e = sum / cnt
			}
			edges[j] = e / sub
		}
		o = int(from[j*w+o])
	}
	return edges
}
