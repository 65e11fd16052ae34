package pdf417

import (
	"cmp"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/symbology"
)

// microLine is what one scan line across a MicroPDF417 candidate read of
// the row address patterns.
type microLine struct {
	v                   float64
	left, centre, right int          // RAP numbers, 0 where unread
	leftAt, rightAt     detect.Point // outer edges of the left and right RAPs
	clusters            [3]int
}

// microAnchorsAt looks for the left RAP near image point a and the right
// RAP with the final bar near b, within tol samples, and returns them as
// anchors (the outer edges and module sizes) with the RAP numbers.
func (l *line) microAnchorsAt(a, b detect.Point, tol float64) (an anchors, left, right int) {
	if i := l.darkRunNear(l.index(a), tol); i >= 0 && i+6 <= len(l.r.w) {
		w := l.span(i, 6)
		if n, ok := sampleRAP(l.r.w[i:i+6], 0); ok {
			an.start, an.startUnit, an.startRun, an.hasStart = float64(l.r.pos[i]), w/rapWidth, i, true
			left = n
		}
	}
	if j := l.darkRunEndingNear(l.index(b), tol); j >= 6 {
		w := l.span(j-6, 7)
		if bar := float64(l.r.w[j]) / (w / (rapWidth + 1)); bar > 0.3 && bar < 2 {
			if n, ok := sampleRAP(l.r.w[j-6:j], 0); ok {
				an.stop, an.stopUnit, an.stopRun, an.hasStop = float64(l.r.pos[j]+l.r.w[j]), w/(rapWidth+1), j-6, true
				right = n
			}
		}
	}
	return an, left, right
}

// microProbeStride is the stride of the lines across a MicroPDF417
// candidate read first: a quarter of them tell a symbol from a chance pair
// of edges before the other three quarters are read.
const microProbeStride = 4

// microLike reports whether the lines read across a MicroPDF417 candidate,
// n in all, look like a symbol: a row address pattern at one end or the
// other of at least a third of them, where a chance pair of edges shows one
// on few. (The share of characters read is no test: a symbol turned 35°
// read in fast mode, micropdf417-1/1x20-rot+35 at 180°, reads them on a
// fifth of its lines, less than chance pairs of edges in the
// falsepositives folders.)
func microLike(lines []microLine, n int) bool {
	return 3*len(lines) >= n
}

// readMicro reads a MicroPDF417 candidate: first every line's row address
// patterns, then the size whose RAP sequences and cluster cycle agree with
// the most lines, which numbers the rows at both ends; then the characters,
// along lines that follow the rows.
func readMicro(vw *view, c *candidate, s *scratch) reading {
	if c.module < 0.6 || c.left == nil || c.right == nil {
		return reading{outline: c.quad}
	}
	bc, outline, mirrored, ok, outlined := readMicroIn(vw, c, c.quad, s)
	if !ok && outlined && reaches(outline, c.quad) {
		bc, outline, mirrored, ok, _ = readMicroIn(vw, c, outline, s)
	}
	return reading{bc, outline, mirrored, ok, outlined}
}

// readMicroIn reads a MicroPDF417 candidate within frame quad. It reports
// whether it got as far as an outline, and returns the first one.
func readMicroIn(vw *view, c *candidate, quad [4]detect.Point, s *scratch) (symbology.Barcode, [4]detect.Point, bool, bool, bool) {
	u := c.module
	h, ok := detect.SquareToQuad(quad)
	if !ok {
		return symbology.Barcode{}, c.quad, false, false, false
	}
	d := (quad[0].Dist(quad[1]) + quad[3].Dist(quad[2])) / 2 / u
	cols := 1
	for k := 2; k <= 4; k++ {
		if math.Abs(d-float64(microWidth(k))) < math.Abs(d-float64(microWidth(cols))) {
			cols = k
		}
	}
	wm := float64(microWidth(cols))
	ca := centreAfter(cols)
	step := min(1, max(0.25, u/4))
	height := max(quad[0].Dist(quad[3]), quad[1].Dist(quad[2]))
	n := min(maxLines, max(9, int(height/max(0.5, u/3))))
	ext := 4 * u

	// Phase 1: the row address patterns, and the clusters of the
	// characters, on lines across the frame: every microProbeStride-th
	// line first, which must already look like a symbol, then the rest.
	var lines []microLine
	var l line
	readLine := func(k int) {
		v := (float64(k) + 0.5) / float64(n)
		a, b := h.Apply(detect.Point{X: 0, Y: v}), h.Apply(detect.Point{X: 1, Y: v})
		s.sample(vw, &l, a, b, ext, step, u)
		an, left, right := l.microAnchorsAt(a, b, 3*u/l.step)
		ml := microLine{v: v, left: left, right: right}
		if left > 0 {
			ml.leftAt = l.point(an.start)
		}
		if right > 0 {
			ml.rightAt = l.point(an.stop)
		}
		frame := func(x float64) float64 { return l.index(h.Apply(detect.Point{X: x / wm, Y: v})) }
		at := func(x float64) float64 { return an.modulePos(x, wm, frame) }
		microColumns(&l, cols, ca, at, func(col, val, cluster int, _ float64, _ detect.Point) { ml.clusters[cluster]++ },
			func(n int) { ml.centre = n })
		if ml.left > 0 || ml.right > 0 {
			lines = append(lines, ml)
		}
	}
	probes := 0
	for k := 0; k < n; k += microProbeStride {
		readLine(k)
		probes++
	}
	if !microLike(lines, probes) {
		return symbology.Barcode{}, c.quad, false, false, false
	}
	for k := range n {
		if k%microProbeStride != 0 {
			readLine(k)
		}
	}
	slices.SortFunc(lines, func(a, b microLine) int { return cmp.Compare(a.v, b.v) })
	if !microLike(lines, n) {
		return symbology.Barcode{}, c.quad, false, false, false
	}
	// The sizes whose RAP sequences explain the most lines: each side's
	// RAP numbers must fall in the size's rows. The frame's lines may
	// cross rows, so the two sides are matched separately.
	type ranked struct{ size, score int }
	var sizes []ranked
	for si, sz := range microSizes {
		if sz.cols != cols {
			continue
		}
		score := 0
		for i := range lines {
			score += microLineScore(sz, &lines[i])
		}
		if score > 0 {
			sizes = append(sizes, ranked{si, score})
		}
	}
	slices.SortStableFunc(sizes, func(a, b ranked) int { return b.score - a.score })
	var first [4]detect.Point
	refined := false
	for _, rk := range sizes {
		// A size must explain most lines' RAPs (each line has two), and
		// nearly as many as the best.
		if rk.score < 4 || 10*rk.score < 6*len(lines) || 5*rk.score < 4*sizes[0].score {
			break
		}
		sz := microSizes[rk.size]
		g, outline, ok := readMicroSize(vw, h, lines, sz, rk.size, cols, ca, wm, n, ext, step, u, s)
		if !refined && outline != ([4]detect.Point{}) {
			first, refined = outline, true
		}
		if !ok {
			continue
		}
		bc, _, err := g.decode()
		if err != nil {
			continue
		}
		return bc, outline, isMirrored(outline), true, true
	}
	return symbology.Barcode{}, first, false, false, refined
}

// microLineScore counts the row address patterns of a line that fall in
// the rows of size sz.
func microLineScore(sz microSize, ml *microLine) int {
	score := 0
	if ml.left > 0 && (ml.left-sz.left+rapCount)%rapCount < sz.rows {
		score++
	}
	if ml.right > 0 && (ml.right-sz.right+rapCount)%rapCount < sz.rows {
		score++
	}
	if ml.centre > 0 && sz.centre > 0 && (ml.centre-sz.centre+rapCount)%rapCount < sz.rows {
		score++
	}
	return score
}

// readMicroSize reads the characters of a MicroPDF417 candidate taken to
// be of size sz: rows numbered on each side from the RAPs, then lines that
// follow the rows.
func readMicroSize(vw *view, h detect.Transform, lines []microLine, sz microSize, si, cols, ca int, wm float64, n int, ext, step, u float64, s *scratch) (*grid, [4]detect.Point, bool) {
	var vl, vr []float64
	var rl, rr []int
	var pl, pr []detect.Point
	for i := range lines {
		ml := &lines[i]
		if r := (ml.left - sz.left + rapCount) % rapCount; ml.left > 0 && r < sz.rows {
			vl, rl, pl = append(vl, ml.v), append(rl, r), append(pl, ml.leftAt)
		}
		if r := (ml.right - sz.right + rapCount) % rapCount; ml.right > 0 && r < sz.rows {
			vr, rr, pr = append(vr, ml.v), append(rr, r), append(pr, ml.rightAt)
		}
	}
	outline, ok := symbolOutline(h, fitSide(vl, pl, rl), fitSide(vr, pr, rr), sz.rows)
	if !ok {
		return nil, outline, false
	}
	g, fixes, ok := readMicroGrid(vw, outline, sz, si, cols, ca, wm, n, ext, step, u, s)
	if !ok {
		return nil, outline, false
	}
	// The characters read place the rows and columns on the image better
	// than the row address patterns alone: their fit gives the corners,
	// and a second reading when the first fails.
	if len(fixes) < minFixes {
		return g, outline, true
	}
	t, ok := fitSymbol(fixes, u)
	if !ok {
		return g, outline, true
	}
	better := [4]detect.Point{
		t.Apply(detect.Point{X: 0, Y: 0}), t.Apply(detect.Point{X: wm, Y: 0}),
		t.Apply(detect.Point{X: wm, Y: float64(sz.rows)}), t.Apply(detect.Point{X: 0, Y: float64(sz.rows)}),
	}
	if _, _, err := g.decode(); err == nil {
		return g, better, true
	}
	if g2, _, ok := readMicroGrid(vw, better, sz, si, cols, ca, wm, n, ext, step, u, s); ok {
		return g2, better, true
	}
	return g, outline, true
}

// readMicroGrid reads the characters of a MicroPDF417 symbol of size sz
// along lines through the middle of the rows of outline, and between them.
// It returns the grid of the votes and where the characters were read.
func readMicroGrid(vw *view, outline [4]detect.Point, sz microSize, si, cols, ca int, wm float64, n int, ext, step, u float64, s *scratch) (*grid, []fix, bool) {
	hr, ok := detect.SquareToQuad(outline)
	if !ok {
		return nil, nil, false
	}
	bal := newBallot(cols, sz.rows)
	off := sz.cluster / 3
	n2 := min(maxLines, max(3*sz.rows, n))
	var l line
	var fixes []fix
	for k := range n2 {
		rho := -0.45 + (float64(sz.rows)-0.1)*(float64(k)+0.5)/float64(n2)
		v := (rho + 0.5) / float64(sz.rows)
		a, b := hr.Apply(detect.Point{X: 0, Y: v}), hr.Apply(detect.Point{X: 1, Y: v})
		s.sample(vw, &l, a, b, ext, step, u)
		an, left, right := l.microAnchorsAt(a, b, 3*u/l.step)
		// The row address patterns found place the edges.
		if r := (left - sz.left + rapCount) % rapCount; left > 0 && r < sz.rows {
			fixes = append(fixes, fix{sym: detect.Point{X: 0, Y: float64(r) + 0.5}, img: l.point(an.start)})
		}
		if r := (right - sz.right + rapCount) % rapCount; right > 0 && r < sz.rows {
			fixes = append(fixes, fix{sym: detect.Point{X: wm, Y: float64(r) + 0.5}, img: l.point(an.stop)})
		}
		frame := func(x float64) float64 { return l.index(hr.Apply(detect.Point{X: x / wm, Y: v})) }
		at := func(x float64) float64 { return an.modulePos(x, wm, frame) }
		// Row r is in cluster index (off + r) mod 3.
		microColumns(&l, cols, ca, at, func(col, val, cluster int, x float64, p detect.Point) {
			if r, ok := nearestRow(rho, (cluster-off+3)%3); ok {
				bal.add(r, col, val, weightExact)
				fixes = append(fixes, fix{sym: detect.Point{X: x, Y: float64(r) + 0.5}, img: p})
			}
		}, nil)
	}
	values, margins, read := bal.winners()
	if read == 0 {
		return nil, nil, false
	}
	return &grid{kind: kindMicro, cols: cols, rows: sz.rows, micro: si, values: values, margins: margins}, fixes, true
}

// microColumns reads the characters of a MicroPDF417 line, and the centre
// RAP of 3- and 4-column symbols, at the module positions at gives,
// calling char for each character read and centre (if not nil) with the
// centre RAP's number.
func microColumns(l *line, cols, ca int, at func(float64) float64, char func(col, value, cluster int, x float64, at detect.Point), centre func(int)) {
	prevEnd := -1.0
	x := float64(rapWidth)
	for col := range cols {
		e := at(x)
		unit := (at(x+moduleCount) - e) / moduleCount
		if unit <= 0.3 {
			return
		}
		if prevEnd >= 0 && math.Abs(prevEnd-e) < maxDrift*unit {
			e = prevEnd
		}
		prevEnd = -1
		if i := l.darkRunNear(e, 2.5*unit); i >= 0 {
			if val, kc, next, ok := l.charAt(i, unit); ok && next < len(l.r.pos) {
				prevEnd = float64(l.r.pos[next])
				char(col, val, kc, x+moduleCount/2, l.point((float64(l.r.pos[i])+prevEnd)/2))
			}
		}
		x += moduleCount
		if col+1 == ca {
			e := at(x)
			if prevEnd >= 0 && math.Abs(prevEnd-e) < maxDrift*unit {
				e = prevEnd
			}
			prevEnd = -1
			if i := l.darkRunNear(e, 2.5*unit); i >= 0 {
				if w := l.span(i, 6); w > 0.72*rapWidth*unit && w < 1.35*rapWidth*unit {
					if n, ok := sampleRAP(l.r.w[i:i+6], 1); ok {
						if centre != nil {
							centre(n)
						}
						if i+6 < len(l.r.pos) {
							prevEnd = float64(l.r.pos[i+6])
						}
					}
				}
			}
			x += rapWidth
		}
	}
}
