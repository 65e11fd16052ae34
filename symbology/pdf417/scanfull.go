package pdf417

import (
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/symbology"
)

// maxLines caps the scan lines read across one candidate: enough for
// several lines on each of 90 rows.
const maxLines = 900

// scratch holds buffers reused from candidate to candidate.
type scratch struct {
	gray  []float32
	queue []int32 // sampleLineGray's sliding minimum and maximum
}

// indicator is a row indicator read on a scan line.
type indicator struct {
	v       float64
	at      detect.Point // outer edge of the pattern beside it
	value   int
	cluster int
	left    bool // left row indicator; else right
}

// row returns the row number the indicator gives (ISO/IEC 15438:2015 §5.2).
func (ri indicator) row() int { return 3*(ri.value/30) + ri.cluster }

// shape is what row indicators say of a symbol.
type shape struct {
	cols, rows, level int
}

// anchors are the start and stop patterns found on one scan line: the
// sample index of each outer edge and the module size there, in samples.
type anchors struct {
	start, startUnit float64
	stop, stopUnit   float64
	startRun         int // first run of the start pattern
	stopRun          int // first run of the stop pattern
	hasStart         bool
	hasStop          bool
}

// anchorsAt looks for the start pattern near image point a and the stop
// pattern near b on the line, as the candidate has them, within four
// modules (us samples each).
func (l *line) anchorsAt(a, b detect.Point, start, stop bool, us float64) anchors {
	var an anchors
	if start {
		if i, unit, ok := l.findStart(l.index(a), 4*us); ok {
			an.start, an.startUnit, an.startRun, an.hasStart = float64(l.r.pos[i]), unit, i, true
		}
	}
	if stop {
		if i, unit, ok := l.findStop(l.index(b), 4*us); ok {
			j := i + len(stopPattern) - 1
			an.stop, an.stopUnit, an.stopRun, an.hasStop = float64(l.r.pos[j]+l.r.w[j]), unit, i, true
		}
	}
	return an
}

// findStart looks for the start pattern with its outer edge near sample
// index at; it returns the index of its first run and its module size.
func (l *line) findStart(at, tol float64) (int, float64, bool) {
	i := l.darkRunNear(at, tol)
	if i < 0 || i+len(startPattern) > len(l.r.w) {
		return 0, 0, false
	}
	u, ok := matchRatio(l.r.w[i:], startPattern, startWidth)
	return i, u, ok
}

// findStop looks for the stop pattern with its outer edge near sample index
// at; it returns the index of its first run and its module size.
func (l *line) findStop(at, tol float64) (int, float64, bool) {
	j := l.darkRunEndingNear(at, tol)
	i := j - (len(stopPattern) - 1)
	if j < 0 || i < 0 {
		return 0, 0, false
	}
	u, ok := matchRatio(l.r.w[i:], stopPattern, stopWidth)
	return i, u, ok
}

// modulePos maps a position x in modules from the symbol's left edge to a
// sample index on a line. With both patterns found it is the
// one-dimensional perspective map through their outer edges whose scale
// changes from one end to the other as their module sizes do; with one, the
// frame's map moved to agree with it; with none, the frame's map.
func (an *anchors) modulePos(x, width float64, frame func(float64) float64) float64 {
	switch {
	case an.hasStart && an.hasStop:
		// s(x) = (a·x + s0)/(c·x + 1), with s'(0)/s'(W) = (1 + c·W)².
		c := (math.Sqrt(an.startUnit/an.stopUnit) - 1) / width
		a := (an.stop*(c*width+1) - an.start) / width
		return (a*x + an.start) / (c*x + 1)
	case an.hasStart:
		return frame(x) + an.start - frame(0)
	case an.hasStop:
		return frame(x) + an.stop - frame(width)
	}
	return frame(x)
}

// readFull reads a PDF417 candidate: the row indicators first, which give
// the shape, level and the row at each end of every line, then the data
// columns. It returns the result and the symbol's outline, corners in the
// symbol's own order, and whether it was read mirrored. When the first
// reading fails with an outline that reaches well beyond the candidate's
// frame (the candidate's edges were found over part of the symbol only), it
// reads again within that outline, where the lines cover every row.
func readFull(vw *view, c *candidate, s *scratch) reading {
	if c.module < 0.6 {
		return reading{outline: c.quad}
	}
	bc, outline, mirrored, ok, outlined := readFullIn(vw, c, c.quad, false, s)
	if !ok && outlined && reaches(outline, c.quad) {
		bc, outline, mirrored, ok, _ = readFullIn(vw, c, outline, true, s)
	}
	return reading{bc, outline, mirrored, ok, outlined}
}

// reading is what reading a candidate gave.
type reading struct {
	bc       symbology.Barcode
	outline  [4]detect.Point // corners in the symbol's own order
	mirrored bool
	ok       bool // it decoded
	outlined bool // its rows were numbered: the candidate is a symbol
}

// reaches reports whether outline q reaches well beyond frame f: a corner
// more than a tenth of the frame's height away.
func reaches(q, f [4]detect.Point) bool {
	h := max(f[0].Dist(f[3]), f[1].Dist(f[2]), 1)
	for i := range q {
		if q[i].Dist(f[i]) > 0.1*h && q[i].Dist(f[3-i]) > 0.1*h {
			return true
		}
	}
	return false
}

// readFullIn reads a PDF417 candidate within frame quad, which is the
// candidate's own, or (whole) an outline found before. It reports whether
// it got as far as an outline.
func readFullIn(vw *view, c *candidate, quad [4]detect.Point, whole bool, s *scratch) (symbology.Barcode, [4]detect.Point, bool, bool, bool) {
	u := c.module
	step := min(1, max(0.25, u/4))
	// A candidate with one edge gets a provisional far side: far enough
	// to take in the row indicator next to the pattern it has.
	var read detect.Point // reading direction, start to stop
	switch {
	case whole:
	case c.right == nil:
		read = c.left.in
		far := read.Mul(float64(startWidth+moduleCount+4) * u)
		quad[1], quad[2] = quad[0].Add(far), quad[3].Add(far)
	case c.left == nil:
		read = c.right.in.Mul(-1)
		far := read.Mul(float64(stopWidth+moduleCount+4) * u)
		quad[0], quad[3] = quad[1].Sub(far), quad[2].Sub(far)
	}
	fail := func() (symbology.Barcode, [4]detect.Point, bool, bool, bool) {
		return symbology.Barcode{}, c.quad, false, false, false
	}
	h, ok := detect.SquareToQuad(quad)
	if !ok {
		return fail()
	}
	height := max(quad[0].Dist(quad[3]), quad[1].Dist(quad[2]))
	n := min(maxLines, max(9, int(height/max(0.5, u/3))))
	ext := 4 * u
	lineAt := func(l *line, k int) {
		v := (float64(k) + 0.5) / float64(n)
		a, b := h.Apply(detect.Point{X: 0, Y: v}), h.Apply(detect.Point{X: 1, Y: v})
		s.sample(vw, l, a, b, ext, step, u)
		l.v = v
	}

	// Phase 1: row indicators. They lie next to the start and stop
	// patterns, so a line is sampled only at its ends, over the pattern,
	// the indicator and a margin for a module size a quarter off, unless
	// the ends overlap.
	var ris []indicator
	var l line
	startLen := (1.25*(startWidth+moduleCount) + 4) * u
	stopLen := (1.25*(stopWidth+moduleCount) + 4) * u
	for k := range n {
		v := (float64(k) + 0.5) / float64(n)
		a, b := h.Apply(detect.Point{X: 0, Y: v}), h.Apply(detect.Point{X: 1, Y: v})
		length := a.Dist(b)
		whole := length <= startLen+stopLen
		if whole {
			lineAt(&l, k)
		}
		if c.left != nil {
			if !whole {
				s.sample(vw, &l, a, a.Add(b.Sub(a).Mul(startLen/length)), ext, step, u)
			}
			an := l.anchorsAt(a, b, true, false, u/l.step)
			if an.hasStart {
				if val, kc, _, ok := l.charAt(an.startRun+len(startPattern), an.startUnit); ok {
					ris = append(ris, indicator{v: v, at: l.point(an.start), value: val, cluster: kc, left: true})
				}
			}
		}
		if c.right != nil {
			if !whole {
				s.sample(vw, &l, b.Sub(b.Sub(a).Mul(stopLen/length)), b, ext, step, u)
			}
			an := l.anchorsAt(a, b, false, true, u/l.step)
			if an.hasStop {
				if val, kc, _, ok := l.charAt(an.stopRun-elementCount, an.stopUnit); ok {
					ris = append(ris, indicator{v: v, at: l.point(an.stop), value: val, cluster: kc})
				}
			}
		}
	}
	sh, left, right, ok := shapeFromIndicators(ris)
	if !ok {
		return fail()
	}
	// The candidate's width in modules must agree with the columns.
	wm := float64(symbolWidth(sh.cols, false))
	if whole {
		// An outline found before: its width is right.
	} else if c.left != nil && c.right != nil {
		d := (quad[0].Dist(quad[1]) + quad[3].Dist(quad[2])) / 2 / u
		if math.Abs(d-wm) > 0.25*wm+4 {
			return fail()
		}
	} else {
		far := read.Mul(wm * u)
		if c.right == nil {
			quad[1], quad[2] = quad[0].Add(far), quad[3].Add(far)
		} else {
			quad[0], quad[3] = quad[1].Sub(far), quad[2].Sub(far)
		}
		if h, ok = detect.SquareToQuad(quad); !ok {
			return fail()
		}
	}
	// The outline: on each edge, where the fits put the top of row 0
	// and the bottom of the last row. Its corners are the symbol's, in the
	// symbol's order (a mirrored symbol's rows count up the frame), and
	// rows are evenly spaced across it.
	outline, ok := symbolOutline(h, left, right, sh.rows)
	if !ok {
		return fail()
	}
	cr := columnReader{vw: vw, c: c, sh: sh, wm: wm, u: u, step: step, ext: ext, n: n, s: s, beat: -1}
	var quick *grid // the outline read with three lines a row, when known
	slanted := !whole && (c.left == nil || c.right == nil)
	if slanted {
		outline, quick = cr.bestSlant(outline, read)
	}
	whole4 := outline // the frame of full width, for a second reading
	// finish returns a symbol decoded from grid g read in outline.
	finish := func(g *grid, bc symbology.Barcode, outline [4]detect.Point) (symbology.Barcode, [4]detect.Point, bool, bool, bool) {
		if g.kind == kindCompact {
			// The outline ends at the final bar.
			hr, _ := detect.SquareToQuad(outline)
			wc := float64(symbolWidth(sh.cols, true)) / wm
			outline[1] = hr.Apply(detect.Point{X: wc, Y: 0})
			outline[2] = hr.Apply(detect.Point{X: wc, Y: 1})
		}
		return bc, outline, isMirrored(outline), true, true
	}
	failOutline := func() (symbology.Barcode, [4]detect.Point, bool, bool, bool) {
		return symbology.Barcode{}, whole4, false, false, true
	}
	// Three lines a row, as bestSlant reads, decode most symbols; the
	// lines a third of a module apart (n) are for those they do not. A
	// symbol the quick read decodes is read in the same outline, so its
	// result and corners are those of the full read (on every corpus
	// image, at every quarter turn), for a third of the lines or fewer;
	// a one-edge candidate has that read already, as its best slant's.
	// (With n no more than three lines a row, the two reads are one.)
	if quick == nil && n > 3*sh.rows {
		cr.n = 1
		quick, _ = cr.read(outline)
		cr.n = n
	}
	if quick != nil {
		if bc, _, err := quick.decode(); err == nil {
			return finish(quick, bc, outline)
		}
	}
	g, ok := cr.read(outline)
	if !ok {
		return failOutline()
	}
	bc, _, err := g.decode()
	// The characters read place their rows and columns on the image
	// better than the patterns at the ends alone: a photo's perspective,
	// a compact symbol's missing right side. Read again in the outline
	// they give, and again in the one that reading gives.
	for range 2 {
		if err == nil || len(cr.fixes) < minFixes {
			break
		}
		t, ok := fitSymbol(cr.fixes, u)
		if !ok {
			break
		}
		o := [4]detect.Point{
			t.Apply(detect.Point{X: 0, Y: 0}), t.Apply(detect.Point{X: wm, Y: 0}),
			t.Apply(detect.Point{X: wm, Y: float64(sh.rows)}), t.Apply(detect.Point{X: 0, Y: float64(sh.rows)}),
		}
		g2, ok := cr.read(o)
		if !ok {
			break
		}
		bc2, _, err2 := g2.decode()
		g, outline, bc, err = g2, o, bc2, err2
	}
	if err != nil {
		return failOutline()
	}
	return finish(g, bc, outline)
}

// A fix is a place on the image whose position in the symbol is known:
// x in modules from the left edge, y in rows from the top (a row's middle
// at r + 1/2).
type fix struct {
	sym, img detect.Point
}

// minFixes is the number of characters that must be placed for their
// places to be fitted: well over the eight numbers of a perspective
// transform, so that the fit averages out where each was measured.
const minFixes = 24

// fitSymbol fits the perspective transform from symbol coordinates to the
// image to the fixes, twice: the second time without those more than
// three modules (or three times the median) from the first fit, which a
// character placed in the wrong row or column gives.
func fitSymbol(fixes []fix, u float64) (detect.Transform, bool) {
	from := make([]detect.Point, len(fixes))
	to := make([]detect.Point, len(fixes))
	for i, f := range fixes {
		from[i], to[i] = f.sym, f.img
	}
	t, ok := detect.FitTransform(from, to)
	if !ok {
		return t, false
	}
	res := make([]float64, len(fixes))
	for i, f := range fixes {
		res[i] = t.Apply(f.sym).Dist(f.img)
	}
	limit := max(3*u, 3*median(slices.Clone(res)))
	from, to = from[:0], to[:0]
	for i, f := range fixes {
		if res[i] <= limit {
			from, to = append(from, f.sym), append(to, f.img)
		}
	}
	if len(from) < minFixes {
		return t, false
	}
	return detect.FitTransform(from, to)
}

// columnReader reads the data columns of a PDF417 candidate whose shape is
// known.
type columnReader struct {
	vw      *view
	c       *candidate
	sh      shape
	wm      float64 // width of the full symbol in modules
	u, step float64
	ext     float64
	n       int
	s       *scratch
	fixes   []fix // where exactly decoded characters were found
	exact   int   // characters the last read decoded exactly
	// beat, when not negative, ends a read as failed as soon as it
	// cannot decode more than beat characters exactly: bestSlant wants
	// only a read that beats the best slant so far.
	beat int
}

// slants are the angles, in degrees, between a one-edge candidate's rows
// and the normal of its edge that bestSlant tries: perspective tilts the
// edge of a symbol seen from one side by up to about 12° against its rows.
var slants = []float64{0, -4, 4, -8, 8, -12, 12}

// bestSlant returns the outline, among those whose rows leave the known
// edge at the slants, in which sample lines read the most characters, and
// the grid read there (nil when no slant read a character). The
// outline given is the one at slant 0, read the direction from start to
// stop across it. A slant's reading stops once it can no longer beat the
// best before it (columnReader.beat): the slant that fits reads most
// characters, the others few, and the choice is the same as when each is
// read to the end.
func (cr *columnReader) bestSlant(outline [4]detect.Point, read detect.Point) ([4]detect.Point, *grid) {
	best, bestN := outline, -1
	var bestG *grid
	w := cr.wm * cr.u
	save := cr.n
	cr.n = 1 // the fewest lines: three per row
	for _, deg := range slants {
		sn, cs := math.Sincos(deg * math.Pi / 180)
		d := detect.Point{X: read.X*cs - read.Y*sn, Y: read.X*sn + read.Y*cs}.Mul(w)
		o := outline
		if cr.c.right == nil {
			o[1], o[2] = o[0].Add(d), o[3].Add(d)
		} else {
			o[0], o[3] = o[1].Sub(d), o[2].Sub(d)
		}
		cr.beat = bestN
		if g, ok := cr.read(o); ok && cr.exact > bestN {
			best, bestN, bestG = o, cr.exact, g
		}
	}
	cr.n, cr.beat = save, -1
	return best, bestG
}

// read reads the data columns along lines through the middle of the rows
// of outline, and between them, and returns the grid of the votes.
func (cr *columnReader) read(outline [4]detect.Point) (*grid, bool) {
	hr, ok := detect.SquareToQuad(outline)
	if !ok {
		return nil, false
	}
	sh, wm, c := cr.sh, cr.wm, cr.c
	cr.fixes = cr.fixes[:0]
	cr.exact = 0
	bal := newBallot(sh.cols, sh.rows)
	compactVotes, fullVotes := 0, 0
	var l line
	n2 := min(maxLines, max(3*sh.rows, cr.n))
	for k := range n2 {
		if cr.beat >= 0 && cr.exact+(n2-k)*sh.cols <= cr.beat {
			// Each line reads at most one character a column.
			return nil, false
		}
		rho := -0.45 + (float64(sh.rows)-0.1)*(float64(k)+0.5)/float64(n2)
		v := (rho + 0.5) / float64(sh.rows)
		a, b := hr.Apply(detect.Point{X: 0, Y: v}), hr.Apply(detect.Point{X: 1, Y: v})
		cr.s.sample(cr.vw, &l, a, b, cr.ext, cr.step, cr.u)
		an := l.anchorsAt(a, b, c.left != nil, c.right != nil, cr.u/l.step)
		frame := func(x float64) float64 { return l.index(hr.Apply(detect.Point{X: x / wm, Y: v})) }
		at := func(x float64) float64 { return an.modulePos(x, wm, frame) }
		prevEnd := -1.0
		for col := 0; col <= sh.cols; col++ {
			x := float64(startWidth + moduleCount*(col+1))
			e := at(x)
			unit := (at(x+moduleCount) - e) / moduleCount
			if unit <= 0.3 {
				break
			}
			if prevEnd >= 0 && math.Abs(prevEnd-e) < maxDrift*unit {
				e = prevEnd
			}
			prevEnd = -1
			i := l.darkRunNear(e, 2.5*unit)
			if i < 0 {
				continue
			}
			if col == sh.cols {
				// After the last data column: the right row indicator
				// of PDF417, or the final bar of Compact PDF417.
				if _, _, _, ok := l.charAt(i, unit); ok {
					fullVotes++
				} else if bar := float64(l.r.w[i]) / unit; bar > 0.4 && bar < 1.8 &&
					(i+1 == len(l.r.w) || float64(l.r.w[i+1])/unit >= 2) {
					compactVotes++
				}
				break
			}
			weight := weightExact
			val, kc, next, ok := l.charAt(i, unit)
			if !ok {
				// Within a row, the row's cluster is known: take the
				// nearest character of it.
				if val, next, ok = l.closestAt(i, unit, rho); !ok {
					continue
				}
				kc = ((int(math.Round(rho)) % 3) + 3) % 3
				weight = weightClosest
			}
			if next < len(l.r.pos) {
				prevEnd = float64(l.r.pos[next])
			}
			r, ok := nearestRow(rho, kc)
			if !ok {
				continue
			}
			bal.add(r, col, val, weight)
			if weight == weightExact {
				cr.exact++
			}
			if weight == weightExact && next < len(l.r.pos) {
				// The character's cluster says which row the line
				// crossed there, whatever the outline supposed.
				mid := (float64(l.r.pos[i]) + float64(l.r.pos[next])) / 2
				cr.fixes = append(cr.fixes, fix{
					sym: detect.Point{X: x + moduleCount/2, Y: float64(r) + 0.5},
					img: l.point(mid),
				})
			}
		}
	}
	values, margins, read := bal.winners()
	if read == 0 {
		return nil, false
	}
	g := &grid{kind: kindFull, cols: sh.cols, rows: sh.rows, level: sh.level, values: values, margins: margins}
	if c.right == nil && compactVotes > fullVotes {
		g.kind = kindCompact
	}
	return g, true
}

// A side is how the rows lie along one edge of a symbol: against the
// candidate frame's height v, and along the edge line itself when its
// patterns were found on enough lines.
type side struct {
	v       rowFit
	edge    edgeFit
	hasEdge bool
}

// fitSide fits the rows read on one side at frame heights vs and points
// pts.
func fitSide(vs []float64, pts []detect.Point, rows []int) side {
	var sd side
	sd.v = fitRows(vs, rows)
	sd.edge, sd.hasEdge = fitEdge(pts, rows)
	return sd
}

// point returns where row rho meets this side (x = 0 left, 1 right of
// frame h): on the fitted edge line when there is one, else on the frame's
// edge by the fit against v, else (a side with no rows read) where the
// other side's fit puts it on the frame.
func (sd *side) point(h detect.Transform, x, rho float64, other *side) detect.Point {
	switch {
	case sd.hasEdge:
		return sd.edge.point(rho)
	case sd.v.ok:
		return h.Apply(detect.Point{X: x, Y: sd.v.v(rho)})
	}
	return h.Apply(detect.Point{X: x, Y: other.v.v(rho)})
}

// symbolOutline returns the outline of a symbol of the given rows found in
// frame h: on each side, the points where the top of row 0 and the bottom
// of the last row are, as top-left, top-right, bottom-right, bottom-left.
func symbolOutline(h detect.Transform, left, right side, rows int) ([4]detect.Point, bool) {
	if !left.v.ok && !right.v.ok {
		return [4]detect.Point{}, false
	}
	top, bottom := -0.5, float64(rows)-0.5
	q := [4]detect.Point{
		left.point(h, 0, top, &right),
		right.point(h, 1, top, &left),
		right.point(h, 1, bottom, &left),
		left.point(h, 0, bottom, &right),
	}
	for _, p := range q {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return q, false
		}
	}
	return q, true
}

// isMirrored reports whether an outline, corners in the symbol's order,
// goes round counterclockwise on the image (y down): the symbol is seen
// from the back.
func isMirrored(q [4]detect.Point) bool {
	area := 0.0
	for i := range q {
		j := (i + 1) % 4
		area += q[i].X*q[j].Y - q[j].X*q[i].Y
	}
	return area < 0
}

// shapeFromIndicators decides the shape and level from the row indicators
// read (§5.2): each row's left and right indicators hold, between them,
// two of the rows, the columns and the level with the rows modulo 3. It
// also fits the row numbers against the line heights on each side.
func shapeFromIndicators(ris []indicator) (shape, side, side, bool) {
	colsN := map[int]int{}
	rowsHiN := map[int]int{}
	lvlN := map[int]int{}
	var vl, vr []float64
	var rl, rr []int
	var pl, pr []detect.Point
	for _, ri := range ris {
		x := ri.value % 30
		part := ri.cluster // left: 0 rows, 1 level, 2 cols
		if !ri.left {
			part = (ri.cluster + 2) % 3 // right: 0 cols, 1 rows, 2 level
		}
		switch part {
		case 0:
			rowsHiN[x]++
		case 1:
			lvlN[x]++
		case 2:
			colsN[x+1]++
		}
		if ri.left {
			vl, rl, pl = append(vl, ri.v), append(rl, ri.row()), append(pl, ri.at)
		} else {
			vr, rr, pr = append(vr, ri.v), append(rr, ri.row()), append(pr, ri.at)
		}
	}
	cols, nc := mostVoted(colsN)
	hi, nh := mostVoted(rowsHiN)
	lv, nl := mostVoted(lvlN)
	if nc == 0 || nh == 0 || nl == 0 {
		return shape{}, side{}, side{}, false
	}
	sh := shape{cols: cols, rows: 3*hi + lv%3 + 1, level: lv / 3}
	if sh.cols < 1 || sh.cols > maxColumns || sh.rows < minRows || sh.rows > maxRows || sh.level > maxLevel || sh.cols*sh.rows > maxCodewords {
		return shape{}, side{}, side{}, false
	}
	left, right := fitSide(vl, pl, rl), fitSide(vr, pr, rr)
	if !left.v.ok && !right.v.ok {
		return shape{}, side{}, side{}, false
	}
	return sh, left, right, true
}
