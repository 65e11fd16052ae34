package pdf417

import (
	"image"
	"math"
	"slices"
	"sort"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Reading a candidate: scan lines run across the symbol from its left edge
// to its right edge at many heights. On each, the row indicators next to the
// start and stop patterns (PDF417) or the row address patterns (MicroPDF417)
// say which row the line is in at each end; every symbol character read in
// between carries its cluster, which picks its row among the neighbours of
// where the line is expected to be. Each character read is a vote for the
// codeword in its row and column; the winners go to error correction, with
// the cells no line could read as erasures. Lines that cross rows at a
// slant, rows missing at the top or bottom, and columns that no line can
// read are all taken in stride.

// A line is one scan line across a candidate: its runs, sampled from p0 in
// steps of step pixels along dir.
type line struct {
	v    float64 // height in the candidate's frame, 0 at the top edge, 1 at the bottom
	p0   detect.Point
	dir  detect.Point // unit direction of reading
	step float64
	r    runs
}

// point returns the image point at sample index i.
func (l *line) point(i float64) detect.Point { return l.p0.Add(l.dir.Mul(i * l.step)) }

// index returns the sample index of image point q projected on the line.
func (l *line) index(q detect.Point) float64 { return q.Sub(l.p0).Dot(l.dir) / l.step }

// sampleLine fills l.r with the runs of bin along the segment from a to b,
// extended by ext pixels at each end, in steps of step pixels. Pixels
// outside the image read light.
//
// Every sample's point is computed afresh from p0, as line.point does, so
// that run positions map back to the image exactly; the runs are built as
// the samples are read.
func sampleLine(bin *matrix.Matrix, l *line, a, b detect.Point, ext, step float64) {
	l.r.w, l.r.pos = l.r.w[:0], l.r.pos[:0]
	d := b.Sub(a)
	n := math.Hypot(d.X, d.Y)
	if n < 1 || !(n < maxLineLength(bin.Width, bin.Height)) {
		return
	}
	l.dir = d.Mul(1 / n)
	l.p0 = a.Sub(l.dir.Mul(ext))
	l.step = step
	count := int((n+2*ext)/step) + 1
	w, h := bin.Width, bin.Height
	p0, dir, pix := l.p0, l.dir, bin.Pix
	// pos[k] is written at every sample and kept by counting a run only
	// where the colour changes: a conditional increment, not a branch
	// mispredicted at every edge of a symbol (as lineRuns.load does).
	pos := slices.Grow(l.r.pos[:0], count+1)[:count+1]
	pos[0] = 0
	k := 1
	var cur bool
	// Each coordinate of the points moves monotonically with j, rounding
	// included, so when both ends are inside the image every point is,
	// and the samples need no bounds tests: the common case.
	inside := func(p detect.Point) bool {
		return p.X >= 0 && p.Y >= 0 && p.X < float64(w) && p.Y < float64(h)
	}
	if inside(p0) && inside(p0.Add(dir.Mul(float64(count-1)*step))) {
		for j := range count {
			p := p0.Add(dir.Mul(float64(j) * step))
			v := pix[int(p.Y)*w+int(p.X)]
			if j == 0 {
				cur, l.r.firstDark = v, v
			}
			pos[k] = int32(j)
			if v != cur {
				k++
			}
			cur = v
		}
	} else {
		for j := range count {
			p := p0.Add(dir.Mul(float64(j) * step))
			// Floor, for the points that can be inside: int truncates
			// as Floor does at 0 and above, and a point below 0 is
			// outside.
			v := false
			if p.X >= 0 && p.Y >= 0 {
				if x, y := int(p.X), int(p.Y); x >= 0 && y >= 0 && x < w && y < h {
					v = pix[y*w+x]
				}
			}
			if j == 0 {
				cur, l.r.firstDark = v, v
			}
			pos[k] = int32(j)
			if v != cur {
				k++
			}
			cur = v
		}
	}
	pos[k] = int32(count)
	rw := slices.Grow(l.r.w[:0], k)[:k]
	for i := range rw {
		rw[i] = pos[i+1] - pos[i]
	}
	l.r.w, l.r.pos = rw, pos[:k]
}

// darkRunNear returns the dark run starting nearest sample index at,
// within tol samples, or -1.
func (l *line) darkRunNear(at, tol float64) int {
	r := &l.r
	best, bestD := -1, tol
	// Binary search for the first run starting at or after at-tol.
	lo := max(0, sort.Search(len(r.pos), func(i int) bool { return float64(r.pos[i]) >= at-tol })-1)
	for i := lo; i < len(r.pos); i++ {
		p := float64(r.pos[i])
		if p > at+tol {
			break
		}
		if !r.dark(i) {
			continue
		}
		if d := math.Abs(p - at); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// darkRunEndingNear returns the dark run ending nearest sample index at,
// within tol samples, or -1.
func (l *line) darkRunEndingNear(at, tol float64) int {
	r := &l.r
	best, bestD := -1, tol
	lo := max(0, sort.Search(len(r.pos), func(i int) bool { return float64(r.pos[i]+r.w[i]) >= at-tol })-1)
	for i := lo; i < len(r.pos); i++ {
		e := float64(r.pos[i] + r.w[i])
		if float64(r.pos[i]) > at+tol {
			break
		}
		if !r.dark(i) {
			continue
		}
		if d := math.Abs(e - at); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// span returns the total width of runs i to i+n-1, or -1 if the line ends
// first.
func (l *line) span(i, n int) float64 {
	if i < 0 || i+n > len(l.r.w) {
		return -1
	}
	s := int32(0)
	for _, x := range l.r.w[i : i+n] {
		s += x
	}
	return float64(s)
}

// maxCharSlack is how far, in modules, a character's width may be from 17
// modules as the frame measures them there: blur and ink spread move its
// outer edges by a module at most, while a reading that starts at the wrong
// bar, or runs two characters together, is off by more.
const maxCharSlack = 5.0

// maxDrift is how far, in modules, the end of the character just read may
// be from where the frame puts the next one and still be taken as its
// start: it follows print and scan distortion that the frame does not
// model, but no further than a misread could lead it astray.
const maxDrift = 3.0

// charAt reads the symbol character whose first bar is run i, expecting it
// about unit samples per module wide. It returns the value, the cluster
// index and the index of the run after it.
func (l *line) charAt(i int, unit float64) (value, cluster, next int, ok bool) {
	w := l.span(i, elementCount)
	if w < 0 || !l.r.dark(i) || math.Abs(w-moduleCount*unit) > maxCharSlack*unit {
		return 0, 0, 0, false
	}
	v, k, ok := sampleChar(l.r.w[i : i+elementCount])
	return v, k, i + elementCount, ok
}

// maxClosest is the largest squared distance, in modules², between the
// widths read and the nearest character's that closestAt accepts: each of
// the eight edges may be about half a module off.
const maxClosest = 2.0

// closestAt reads the character at run i as the nearest character of the
// cluster of row rho, when the line is well inside that row.
func (l *line) closestAt(i int, unit, rho float64) (value, next int, ok bool) {
	if math.Abs(rho-math.Round(rho)) > 0.3 {
		return 0, 0, false
	}
	w := l.span(i, elementCount)
	if w < 0 || !l.r.dark(i) || w < 0.8*moduleCount*unit || w > 1.25*moduleCount*unit {
		return 0, 0, false
	}
	k := ((int(math.Round(rho)) % 3) + 3) % 3
	v, _, ok := closestChar(l.r.w[i:i+elementCount], k, maxClosest)
	if !ok {
		return 0, 0, false
	}
	return v, i + elementCount, true
}

// vote is one reading of a cell.
type vote struct {
	value, count int
}

// ballot collects the readings of every cell of a symbol.
type ballot struct {
	cols, rows int
	cells      [][]vote
}

func newBallot(cols, rows int) *ballot {
	return &ballot{cols: cols, rows: rows, cells: make([][]vote, cols*rows)}
}

// Vote weights: a character whose sampled modules spell it outweighs one
// taken as the nearest character of the row's cluster, which a line
// running along a row boundary can pick from the wrong row.
const (
	weightExact   = 3
	weightClosest = 1
)

func (b *ballot) add(row, col, value, weight int) {
	if row < 0 || row >= b.rows || col < 0 || col >= b.cols {
		return
	}
	c := &b.cells[row*b.cols+col]
	for i := range *c {
		if (*c)[i].value == value {
			(*c)[i].count += weight
			return
		}
	}
	*c = append(*c, vote{value, weight})
}

// winners returns the most voted value of each cell, -1 where none, the
// margin of each winner over the runner-up (its support), and the number of
// cells read.
func (b *ballot) winners() (values, margins []int, read int) {
	values = make([]int, len(b.cells))
	margins = make([]int, len(b.cells))
	for i, c := range b.cells {
		values[i] = -1
		best, second := 0, 0
		for _, v := range c {
			switch {
			case v.count > best:
				second = best
				values[i], best = v.value, v.count
			case v.count > second:
				second = v.count
			}
		}
		margins[i] = best - second
		if best > 0 {
			read++
		}
	}
	return values, margins, read
}

// rowFit is a fit of row numbers against positions along one side of a
// symbol (line heights in a frame, or pixels along an edge). Seen in
// perspective the rows shrink toward the far end: row ≈ (a + b·v)/(1 + c·v),
// the one-dimensional perspective map; c is 0 for evenly spaced rows.
type rowFit struct {
	a, b, c float64
	ok      bool
}

// at returns the row the fit gives at position v.
func (f rowFit) at(v float64) float64 { return (f.a + f.b*v) / (1 + f.c*v) }

// v returns the position at which the fit gives row rho.
func (f rowFit) v(rho float64) float64 {
	d := f.b - f.c*rho
	if d == 0 {
		return 0.5
	}
	return (rho - f.a) / d
}

// fitRows fits rows to the samples, robustly: a straight line first, whose
// slope is the median of the slopes between samples half the list apart
// and offset the median of what is left (a Theil–Sen estimate, which
// misread indicators up to nearly half of the samples cannot move), then
// least squares over the samples within a row of that line, and last the
// perspective map by least squares over the same samples (row·(1 + c·v) =
// a + b·v is linear in a, b and c), kept when it fits them clearly better
// (a fifth less squared error: rounding alone makes small gains that would
// bend the extrapolation to the corners).
func fitRows(vs []float64, rows []int) rowFit {
	n := len(vs)
	if n < 2 {
		return rowFit{}
	}
	var slopes []float64
	half := n / 2
	for i := 0; i+half < n; i++ {
		if dv := vs[i+half] - vs[i]; dv > 1e-9 || dv < -1e-9 {
			slopes = append(slopes, float64(rows[i+half]-rows[i])/dv)
		}
	}
	if len(slopes) == 0 {
		return rowFit{}
	}
	b := median(slopes)
	offs := make([]float64, n)
	for i := range vs {
		offs[i] = float64(rows[i]) - b*vs[i]
	}
	f := rowFit{a: median(offs), b: b, ok: true}
	for range 2 {
		var cnt, sv, sr, svv, svr float64
		for i := range vs {
			if math.Abs(f.at(vs[i])-float64(rows[i])) > 1.0 {
				continue
			}
			v, r := vs[i], float64(rows[i])
			cnt++
			sv += v
			sr += r
			svv += v * v
			svr += v * r
		}
		den := cnt*svv - sv*sv
		if cnt < 2 || math.Abs(den) < 1e-12 {
			break
		}
		b := (cnt*svr - sv*sr) / den
		f = rowFit{a: (sr - b*sv) / cnt, b: b, ok: true}
	}
	if p, ok := fitPerspective(vs, rows, f); ok {
		return p
	}
	return f
}

// fitPerspective fits row·(1 + c·v) = a + b·v by least squares to the
// samples within a row of the straight fit f, and returns it if it has a
// clearly smaller squared error over them and keeps rows in order over
// their span.
func fitPerspective(vs []float64, rows []int, f rowFit) (rowFit, bool) {
	var m [3][4]float64 // normal equations, augmented
	n := 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range vs {
		r := float64(rows[i])
		if math.Abs(f.at(vs[i])-r) > 1.0 {
			continue
		}
		x := [3]float64{1, vs[i], -r * vs[i]}
		for j := range 3 {
			for k := range 3 {
				m[j][k] += x[j] * x[k]
			}
			m[j][3] += x[j] * r
		}
		n++
		lo, hi = min(lo, vs[i]), max(hi, vs[i])
	}
	if n < 6 {
		return rowFit{}, false
	}
	// Gaussian elimination with partial pivoting.
	for c := range 3 {
		p := c
		for r := c + 1; r < 3; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		if math.Abs(m[c][c]) < 1e-12 {
			return rowFit{}, false
		}
		for r := range 3 {
			if r == c {
				continue
			}
			k := m[r][c] / m[c][c]
			for j := c; j < 4; j++ {
				m[r][j] -= k * m[c][j]
			}
		}
	}
	p := rowFit{a: m[0][3] / m[0][0], b: m[1][3] / m[1][1], c: m[2][3] / m[2][2], ok: true}
	// 1 + c·v must keep its sign over the span, or rows would fold back.
	if 1+p.c*lo <= 0.2 || 1+p.c*hi <= 0.2 {
		return rowFit{}, false
	}
	var ef, ep float64
	for i := range vs {
		r := float64(rows[i])
		if math.Abs(f.at(vs[i])-r) > 1.0 {
			continue
		}
		ef += (f.at(vs[i]) - r) * (f.at(vs[i]) - r)
		ep += (p.at(vs[i]) - r) * (p.at(vs[i]) - r)
	}
	return p, ep < 0.8*ef
}

// An edgeFit places rows along one side of a symbol: the line through the
// outer edges of the patterns found there, and the row number against the
// position on it, row ≈ a + b·t with t = (p - p0)·dir in pixels. Fitted to
// where the patterns were actually found, it does not depend on how well
// the candidate's frame matched the symbol.
type edgeFit struct {
	p0, dir detect.Point
	rows    rowFit // of t
}

// point returns the point of the edge where row rho is.
func (e *edgeFit) point(rho float64) detect.Point {
	return e.p0.Add(e.dir.Mul(e.rows.v(rho)))
}

// fitEdge fits an edge to the pattern points pts of the given rows. It
// needs points of at least two rows.
func fitEdge(pts []detect.Point, rows []int) (edgeFit, bool) {
	if len(pts) < 3 {
		return edgeFit{}, false
	}
	l, ok := detect.FitLine(pts)
	if !ok {
		return edgeFit{}, false
	}
	e := edgeFit{p0: pts[0], dir: detect.Point{X: -l.B, Y: l.A}}
	// Start the line at the projection of the first point.
	e.p0 = e.p0.Sub(detect.Point{X: l.A, Y: l.B}.Mul(l.A*e.p0.X + l.B*e.p0.Y + l.C))
	ts := make([]float64, len(pts))
	for i, p := range pts {
		ts[i] = p.Sub(e.p0).Dot(e.dir)
	}
	e.rows = fitRows(ts, rows)
	if !e.rows.ok || math.Abs(e.rows.b) < 1e-9 {
		return edgeFit{}, false
	}
	return e, true
}

// median returns the median of xs, reordering them.
func median(xs []float64) float64 {
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 0 {
		return (xs[m-1] + xs[m]) / 2
	}
	return xs[m]
}

// nearestRow returns the row with cluster index k nearest est, if it is
// within reach of est: on row r the line is at est ≈ r, and it can cross
// into a neighbouring row only near the boundary, est ≈ r ± 0.5. A
// character of a neighbour's cluster read on a line in the middle of a row
// is a misread (an edge moved by a module changes the cluster number by
// one), not a reading of the neighbour, and is dropped.
func nearestRow(est float64, k int) (int, bool) {
	base := int(math.Round(est))
	best, bestD := 0, math.Inf(1)
	for r := base - 1; r <= base+1; r++ {
		if ((r%3)+3)%3 != k {
			continue
		}
		if d := math.Abs(float64(r) - est); d < bestD {
			best, bestD = r, d
		}
	}
	return best, bestD <= maxRowReach
}

// maxRowReach is how far, in rows, from the line's row a character may be
// placed: half a row, and a margin for the error of the row fits.
const maxRowReach = 0.8

// mostVoted returns the value with most votes in counts, and its count.
func mostVoted(counts map[int]int) (int, int) {
	best, bestN := -1, 0
	keys := make([]int, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if counts[k] > bestN {
			best, bestN = k, counts[k]
		}
	}
	return best, bestN
}

// maxLineLength bounds the scan lines sampled in a w×h image: twice its
// half-perimeter, more than any line across a symbol in it, so that a frame
// thrown far off by a bad fit costs no more than a line across the image.
func maxLineLength(w, h int) float64 { return 2 * float64(w+h) }

// A view is one binarized view of the image and, at the same scale, its
// luminance, from which lines are sampled when gray is set.
type view struct {
	bin      *matrix.Matrix
	lum      *image.Gray
	gray     bool
	inverted bool // the symbol is light on dark: lum reads inverted
}

// subSample is the resolution of edge positions on lines sampled from
// luminance: runs are measured in 1/subSample of a sample.
const subSample = 8

// sample fills l with the runs along the segment from a to b, extended by
// ext pixels at each end, from the view's luminance when it uses it, else
// from its binarized image.
func (s *scratch) sample(vw *view, l *line, a, b detect.Point, ext, step, unit float64) {
	if vw.gray && vw.lum != nil {
		s.gray, s.queue = sampleLineGray(vw.lum, vw.inverted, l, a, b, ext, step, unit, s.gray, s.queue)
		return
	}
	sampleLine(vw.bin, l, a, b, ext, step)
}

// sampleLineGray fills l.r with the runs of lum (or of its negative, when
// inverted) along the segment from a to b, extended by ext pixels at each
// end, sampled every step pixels with bilinear interpolation. A sample is dark when it is darker than the
// midpoint of the darkest and lightest samples within four modules (unit
// pixels each) of it: any stretch of nine modules of a symbol holds both a
// bar and a space, so the midpoint separates them even where blur narrows
// the contrast or light falls unevenly. Where the stretch is nearly flat
// (a quiet zone), the last midpoint carries on. Edges are placed where the
// profile crosses its threshold, to 1/subSample of a sample.
func sampleLineGray(lum *image.Gray, inverted bool, l *line, a, b detect.Point, ext, step, unit float64, buf []float32, queue []int32) ([]float32, []int32) {
	d := b.Sub(a)
	n := math.Hypot(d.X, d.Y)
	l.r.w, l.r.pos = l.r.w[:0], l.r.pos[:0]
	if n < 1 || !(n < maxLineLength(lum.Rect.Dx(), lum.Rect.Dy())) {
		return buf, queue
	}
	l.dir = d.Mul(1 / n)
	l.p0 = a.Sub(l.dir.Mul(ext))
	l.step = step / subSample
	count := int((n+2*ext)/step) + 1
	buf = slices.Grow(buf[:0], count)[:count]
	w, h := lum.Rect.Dx(), lum.Rect.Dy()
	for k := range buf {
		p := l.p0.Add(l.dir.Mul(float64(k) * step))
		v := bilinear(lum, w, h, p.X-0.5, p.Y-0.5)
		if inverted {
			v = 255 - v
		}
		buf[k] = v
	}
	half := max(2, int(4*unit/step))
	// Sliding minimum and maximum over [k-half, k+half] with monotonic
	// queues of indices, qmin[minHead:minTail] and qmax[maxHead:maxTail]:
	// each index enters each queue once, so count places suffice.
	queue = slices.Grow(queue[:0], 2*count)[:2*count]
	qmin, qmax := queue[:count], queue[count:]
	minHead, minTail, maxHead, maxTail := 0, 0, 0, 0
	push := func(i int) {
		v := buf[i]
		for minTail > minHead && buf[qmin[minTail-1]] >= v {
			minTail--
		}
		qmin[minTail] = int32(i)
		minTail++
		for maxTail > maxHead && buf[qmax[maxTail-1]] <= v {
			maxTail--
		}
		qmax[maxTail] = int32(i)
		maxTail++
	}
	for i := 0; i < min(half, count); i++ {
		push(i)
	}
	thr := float32(-1) // no threshold yet: light
	var prevDark bool
	var prevV, prevT float32
	start := 0
	for k := range count {
		if k+half < count {
			push(k + half)
		}
		for int(qmin[minHead]) < k-half {
			minHead++
		}
		for int(qmax[maxHead]) < k-half {
			maxHead++
		}
		if lo, hi := buf[qmin[minHead]], buf[qmax[maxHead]]; hi-lo >= minContrast {
			thr = (lo + hi) / 2
		}
		v := buf[k]
		isDark := v < thr
		if k == 0 {
			prevDark = isDark
			l.r.firstDark = isDark
		} else if isDark != prevDark {
			// The profile crosses the threshold between samples k-1
			// and k.
			f := 0.5
			if a, b := prevV-prevT, v-thr; a != b {
				f = min(1, max(0, float64(a/(a-b))))
			}
			edge := int(math.Round((float64(k-1) + f) * subSample))
			switch {
			case edge <= start && len(l.r.w) > 0:
				// The run just begun is empty: the one before goes on.
				last := len(l.r.w) - 1
				start = int(l.r.pos[last])
				l.r.w, l.r.pos = l.r.w[:last], l.r.pos[:last]
				if last == 0 {
					l.r.firstDark = isDark
				}
			case edge <= start:
				l.r.firstDark = isDark
			default:
				l.r.w = append(l.r.w, int32(edge-start))
				l.r.pos = append(l.r.pos, int32(start))
				start = edge
			}
			prevDark = isDark
		}
		prevV, prevT = v, thr
	}
	l.r.w = append(l.r.w, int32(max(1, count*subSample-start)))
	l.r.pos = append(l.r.pos, int32(start))
	return buf, queue
}

// minContrast is the least spread of luminance, in grey levels, within a
// window for its midpoint to be taken as the threshold.
const minContrast = 24

// bilinear returns the luminance at (x, y), pixel centres at integers,
// interpolated between the four nearest pixels; outside the image it is
// white.
func bilinear(lum *image.Gray, w, h int, x, y float64) float32 {
	if x >= 0 && y >= 0 {
		// Inside the image, the common case: int truncates as Floor
		// does, and the four pixels are read without bounds tests.
		x0, y0 := int(x), int(y)
		if x0+1 < w && y0+1 < h {
			fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
			i := y0*lum.Stride + x0
			row0 := lum.Pix[i : i+2 : i+2]
			row1 := lum.Pix[i+lum.Stride : i+lum.Stride+2 : i+lum.Stride+2]
			top := float32(row0[0])*(1-fx) + float32(row0[1])*fx
			bot := float32(row1[0])*(1-fx) + float32(row1[1])*fx
			return top*(1-fy) + bot*fy
		}
	}
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
	at := func(x, y int) float32 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return 255
		}
		return float32(lum.Pix[y*lum.Stride+x])
	}
	top := at(x0, y0)*(1-fx) + at(x0+1, y0)*fx
	bot := at(x0, y0+1)*(1-fx) + at(x0+1, y0+1)*fx
	return top*(1-fy) + bot*fy
}
